/* gr-ldpcgpu core: status codes and error messages.
 *
 * Every public function of the core returns an int status: LDPC_OK (0) or a negative
 * ldpc_status. The last error's detailed message (which file, which line of an alist,
 * which device...) is kept per thread and read with ldpc_last_error().
 */
#ifndef LDPCGPU_STATUS_H
#define LDPCGPU_STATUS_H

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ldpc_status {
    LDPC_OK = 0,
    LDPC_ERR_INVALID_ARGUMENT = -1, /* NULL pointer, out-of-range parameter */
    LDPC_ERR_UNKNOWN_CODE = -2,     /* code name not recognised */
    LDPC_ERR_PARSE = -3,            /* malformed, truncated or inconsistent alist */
    LDPC_ERR_TOO_LARGE = -4,        /* code larger than LDPC_MAX_N / LDPC_MAX_EDGES */
    LDPC_ERR_NO_MEMORY = -5,        /* host allocation failed */
    LDPC_ERR_IO = -6,               /* file could not be opened/read/written */
    LDPC_ERR_UNSUPPORTED = -7,      /* backend or feature not available in this build */
    LDPC_ERR_NO_DEVICE = -8,        /* no CUDA device, or a bad device id */
    LDPC_ERR_DEVICE_MEMORY = -9,    /* GPU out of memory */
    LDPC_ERR_DEVICE = -10,          /* a CUDA call or kernel launch failed */
    LDPC_ERR_AGAIN = -11,           /* non-blocking call: not ready yet, try again */
    LDPC_ERR_EMPTY = -12,           /* nothing submitted to collect */
    LDPC_ERR_BUSY = -13,            /* every batch slot is in flight: collect one first */
    LDPC_ERR_RANK = -14             /* H is rank deficient where full rank is required */
} ldpc_status;

/* Short constant description of a status code ("invalid argument", ...). */
LDPC_API const char *ldpc_strerror(int status);

/* Detailed message of the last error raised on this thread ("" if none). */
LDPC_API const char *ldpc_last_error(void);

#ifdef __cplusplus
}
#endif
#endif
