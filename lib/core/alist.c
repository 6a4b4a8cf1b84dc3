/* PLACEHOLDER until alist I/O lands. */
#include "code_internal.h"
#include "error.h"
int ldpc_code_from_alist_file(ldpc_code **out, const char *path) { *out = NULL; (void)path; return ldpc_error(LDPC_ERR_UNSUPPORTED, "alist: not yet"); }
int ldpc_code_from_alist_string(ldpc_code **out, const char *t, size_t n) { *out = NULL; (void)t; (void)n; return ldpc_error(LDPC_ERR_UNSUPPORTED, "alist: not yet"); }
int ldpc_code_write_alist(const ldpc_code *c, FILE *f) { (void)c; (void)f; return LDPC_ERR_UNSUPPORTED; }
int ldpc_code_write_alist_file(const ldpc_code *c, const char *p) { (void)c; (void)p; return LDPC_ERR_UNSUPPORTED; }
