/* Internal: the encoder object. Each family fills in encode_frame (and state) in its own file:
 * encoder_dvb.c (parity accumulator), encoder_qc.c (dual-diagonal WiMAX/WiFi) and
 * encoder_generic.c (GF(2) elimination, any code). */
#ifndef LDPCGPU_ENCODER_INTERNAL_H
#define LDPCGPU_ENCODER_INTERNAL_H
#include "code_internal.h"
#include "ldpcgpu/encoder.h"

struct ldpc_encoder {
    const ldpc_code *code;
    const char *method;  /* "dvb-accumulator", "qc-dual-diagonal" (WiMAX, WiFi),
                          * "qc-dual-diagonal-extension" (5G NR), "generic" */
    void *state;         /* method's precomputed data, freed with free_state */
    /* info: k bits, cw: n bits (unpacked). Must write every bit of cw. */
    void (*encode_frame)(const struct ldpc_encoder *enc, const uint8_t *info, uint8_t *cw);
    void (*free_state)(void *state);
};

/* Each returns LDPC_ERR_UNSUPPORTED when the code is not of its kind (the dispatcher then tries
 * the next), LDPC_OK after filling enc, or another error. */
int ldpc_encoder_init_dvb(ldpc_encoder *enc);
int ldpc_encoder_init_qc(ldpc_encoder *enc);
int ldpc_encoder_init_generic(ldpc_encoder *enc);
#endif
