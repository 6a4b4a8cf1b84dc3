/* Internal: the erased-frame rule, shared by every backend (CPU reference, fixed-point model,
 * cpu-simd; the CUDA backend includes it for host and device).
 *
 * A frame is ERASED when it carries no information: every channel value the decoder starts
 * from is 0 after the input rule of the arithmetic it decodes in:
 *  - integer messages (a valid ldpc_fixed_params): rule 1 of decoder_fixed.h gives c = 0 for
 *    every bit (NaN, +-0, and |LLR * llr_scale| < 0.5 quantise to 0; int8 input: the byte is 0);
 *  - float messages (params NULL): the cleaned LLR (ldpc_llr_clean: NaN -> 0) is 0 for every
 *    bit (int8 input: the byte is 0, since x / llr_scale = 0 only for x = 0).
 * Such a frame is reported with parity_ok = 0, whatever its hard decision (all zero, which
 * satisfies every check, so the decoder alone would call it decoded): a dead source must not
 * look like valid data. Its bits and iteration count are whatever the decoder gives.
 *
 * The test stops at the first value that is not 0, so on real frames it reads a few values.
 */
#ifndef LDPCGPU_DECODER_ERASED_H
#define LDPCGPU_DECODER_ERASED_H

#include "decoder_fixed.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 1 if the float LLR x (as the caller wrote it) gives channel value 0. p: the fixed-point
 * parameters of an integer decoder, or NULL for float messages. */
LDPC_FIXED_FN int ldpc_llr_erased_f32(const ldpc_fixed_params *p, float x)
{
    return p ? ldpc_fixed_quantize_f32(p, x) == 0 : ldpc_llr_clean(x) == 0.0f;
}

/* The same for an int8 LLR. */
LDPC_FIXED_FN int ldpc_llr_erased_i8(const ldpc_fixed_params *p, int8_t x)
{
    return p ? ldpc_fixed_quantize_i8(p, x) == 0 : x == 0;
}

/* 1 if the frame of n LLRs (float or int8, as written into a batch) is erased. */
LDPC_FIXED_FN int ldpc_frame_erased(const ldpc_fixed_params *p, ldpc_llr_type type,
                                    const void *llr, int n)
{
    if (type == LDPC_LLR_I8) {
        const int8_t *x = (const int8_t *)llr;
        for (int j = 0; j < n; j++)
            if (!ldpc_llr_erased_i8(p, x[j]))
                return 0;
        return 1;
    }
    const float *x = (const float *)llr;
    for (int j = 0; j < n; j++)
        if (!ldpc_llr_erased_f32(p, x[j]))
            return 0;
    return 1;
}

#ifdef __cplusplus
}
#endif
#endif
