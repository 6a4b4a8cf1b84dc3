/* ldpc_encoder: picks the fastest method that fits the code, falls back to the generic one. */
#include <stdlib.h>
#include "encoder_internal.h"
#include "error.h"

int ldpc_encoder_create(ldpc_encoder **out, const ldpc_code *code)
{
    if (!out || !code)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_encoder_create: NULL argument");
    *out = NULL;
    ldpc_encoder *enc = calloc(1, sizeof *enc);
    if (!enc)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "encoder: out of memory");
    enc->code = code;
    int (*const inits[])(ldpc_encoder *) = {ldpc_encoder_init_dvb, ldpc_encoder_init_qc,
                                            ldpc_encoder_init_generic};
    int st = LDPC_ERR_UNSUPPORTED;
    for (size_t i = 0; i < sizeof inits / sizeof inits[0] && st == LDPC_ERR_UNSUPPORTED; i++)
        st = inits[i](enc);
    if (st != LDPC_OK) {
        ldpc_encoder_destroy(enc);
        return st == LDPC_ERR_UNSUPPORTED
                   ? ldpc_error(st, "no encoder for code %s", code->name)
                   : st;
    }
    *out = enc;
    return LDPC_OK;
}

void ldpc_encoder_destroy(ldpc_encoder *enc)
{
    if (!enc)
        return;
    if (enc->free_state && enc->state)
        enc->free_state(enc->state);
    free(enc);
}

int ldpc_encoder_encode(ldpc_encoder *enc, const uint8_t *info, uint8_t *cw, int nframes)
{
    if (!enc || (nframes > 0 && (!info || !cw)) || nframes < 0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_encoder_encode: bad argument");
    const int n = enc->code->n, k = enc->code->k;
    for (int f = 0; f < nframes; f++)
        enc->encode_frame(enc, info + (size_t)f * k, cw + (size_t)f * n);
    return LDPC_OK;
}
