#include <stdarg.h>
#include <stdio.h>
#include "error.h"

static _Thread_local char last_error[1024];

int ldpc_error(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return status;
}

void ldpc_error_clear(void) { last_error[0] = '\0'; }

const char *ldpc_last_error(void) { return last_error; }

const char *ldpc_strerror(int status)
{
    switch (status) {
    case LDPC_OK: return "ok";
    case LDPC_ERR_INVALID_ARGUMENT: return "invalid argument";
    case LDPC_ERR_UNKNOWN_CODE: return "unknown code";
    case LDPC_ERR_PARSE: return "malformed alist";
    case LDPC_ERR_TOO_LARGE: return "code too large";
    case LDPC_ERR_NO_MEMORY: return "out of host memory";
    case LDPC_ERR_IO: return "file error";
    case LDPC_ERR_UNSUPPORTED: return "not supported by this build";
    case LDPC_ERR_NO_DEVICE: return "no usable GPU";
    case LDPC_ERR_DEVICE_MEMORY: return "out of GPU memory";
    case LDPC_ERR_DEVICE: return "GPU error";
    case LDPC_ERR_AGAIN: return "not ready";
    case LDPC_ERR_EMPTY: return "nothing in flight";
    case LDPC_ERR_BUSY: return "all batches in flight";
    case LDPC_ERR_RANK: return "rank-deficient parity-check matrix";
    default: return "unknown status";
    }
}
