/* Internal: the LLR input rules, written once for every backend (reference, cpu-simd, CUDA
 * kernels) and every producer of LLRs (simulator, tool):
 *  - ldpc_llr_clean: a float LLR as the decoder reads it;
 *  - ldpc_llr_to_i8_one: a float LLR made an int8 LLR (ldpc_llr_quantize_i8 in sim.h).
 * The fixed-point model's channel quantisation (decoder_fixed.h, rule 1) builds on
 * ldpc_llr_clean. */
#ifndef LDPCGPU_LLR_RULES_H
#define LDPCGPU_LLR_RULES_H

#include <math.h>
#include <stdint.h>
#include "host_device.h"
#include "ldpcgpu/decoder.h" /* LDPC_LLR_CLAMP */

/* A float LLR (after the sign switch): NaN carries no information about its bit (0), and
 * magnitudes are clamped to +-LDPC_LLR_CLAMP. */
LDPC_HD_FN float ldpc_llr_clean(float v)
{
    if (v != v)
        return 0.0f;
    return v > LDPC_LLR_CLAMP ? LDPC_LLR_CLAMP : (v < -LDPC_LLR_CLAMP ? -LDPC_LLR_CLAMP : v);
}

/* A float LLR as int8 at the given scale: NaN -> 0, round(llr * scale) (ties away from zero)
 * clamped to -127..127 (symmetric, so a BPSK/AWGN channel stays symmetric). */
LDPC_HD_FN int8_t ldpc_llr_to_i8_one(float llr, float scale)
{
    float q = llr * scale;
    if (q != q)
        q = 0.0f;
    q = q > 127.0f ? 127.0f : (q < -127.0f ? -127.0f : q);
    return (int8_t)roundf(q);
}

#endif
