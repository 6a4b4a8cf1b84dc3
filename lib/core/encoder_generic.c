/* PLACEHOLDER until this encoder lands. */
#include "encoder_internal.h"
int ldpc_encoder_init_generic(ldpc_encoder *enc) { (void)enc; return LDPC_ERR_UNSUPPORTED; }
