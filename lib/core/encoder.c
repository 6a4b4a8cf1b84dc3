/* PLACEHOLDER until the encoders land. */
#include "ldpcgpu/encoder.h"
#include "error.h"
int ldpc_encoder_create(ldpc_encoder **out, const ldpc_code *code) { *out = NULL; (void)code; return ldpc_error(LDPC_ERR_UNSUPPORTED, "encoder: not yet"); }
void ldpc_encoder_destroy(ldpc_encoder *e) { (void)e; }
int ldpc_encoder_encode(ldpc_encoder *e, const uint8_t *i, uint8_t *c, int n) { (void)e; (void)i; (void)c; (void)n; return LDPC_ERR_UNSUPPORTED; }
