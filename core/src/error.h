/* Internal: set the per-thread error message and return the status, in one statement:
 *     return ldpc_error(LDPC_ERR_PARSE, "alist line %d: expected %d numbers", line, n);   */
#ifndef LDPCGPU_ERROR_H
#define LDPCGPU_ERROR_H
#include "ldpcgpu/status.h"

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
int ldpc_error(int status, const char *fmt, ...);

/* Clear the message (called on success paths that want a clean slate). */
void ldpc_error_clear(void);

#endif
