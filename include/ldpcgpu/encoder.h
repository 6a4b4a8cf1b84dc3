/* gr-ldpcgpu core: systematic LDPC encoder.
 *
 * DVB codes use the standard's parity accumulator, WiMAX and WiFi the dual-diagonal
 * (Richardson-Urbanke style) structure of their base matrices, alist codes a generator derived
 * once per code by Gaussian elimination over GF(2).
 * Bits are unpacked: one bit (0 or 1) per byte; only the lowest bit of each input byte is used.
 */
#ifndef LDPCGPU_ENCODER_H
#define LDPCGPU_ENCODER_H

#include "export.h"

#include <stdint.h>
#include "code.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ldpc_encoder ldpc_encoder;

/* The code must outlive the encoder. */
LDPC_API int ldpc_encoder_create(ldpc_encoder **out, const ldpc_code *code);
LDPC_API void ldpc_encoder_destroy(ldpc_encoder *enc);

/* Encode nframes frames: info holds nframes*k bits, codeword receives nframes*n bits.
 * The information bits appear unchanged at ldpc_code_info_positions(). */
LDPC_API int ldpc_encoder_encode(ldpc_encoder *enc, const uint8_t *info, uint8_t *codeword, int nframes);

#ifdef __cplusplus
}
#endif
#endif
