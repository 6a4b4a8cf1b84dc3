/* Saturated input LLRs (decoder.h): how many LLRs fall outside the int8 range under a
 * decoder's configuration. The float count applies the one input rule of decoder_fixed.h
 * (ldpc_fixed_quantize_f32: sign switch, NaN -> 0, clamp, scale, round) with a channel range
 * wider than int8, and counts the results that int8 would have clipped. */
#include <math.h>
#include "decoder_fixed.h"
#include "error.h"

#define SCREEN_BLOCK 64 /* LLRs screened together (below) */
#define I8_MIN (-128)
#define I8_MAX 127

int ldpc_decoder_count_saturated_f32(const ldpc_decoder *dec, const float *llr, size_t count,
                                     uint64_t *saturated)
{
    if (!dec || !saturated || (!llr && count))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "ldpc_decoder_count_saturated_f32: NULL argument");
    /* rule 1 into [-32768, 32767]: a value beyond the int8 range stays beyond it */
    ldpc_fixed_params wide = {0};
    wide.cmin = -32768;
    wide.cmax = 32767;
    wide.llr_scale = dec->cfg.llr_scale;
    wide.positive_is_one = dec->cfg.llr_positive_is_one ? 1 : 0;
    /* Only an LLR with |x| * scale >= 127 can leave the range (the rule's product has the
     * same magnitude, and round() of anything smaller stays within +-127), so blocks of LLRs
     * are screened with that bound, a loop the compiler vectorises, and only the candidates of
     * blocks holding one go through the rule. A block costs a fraction of a nanosecond per LLR
     * where the rule (roundf) costs several. */
    const float scale = dec->cfg.llr_scale;
    uint64_t s = 0;
    for (size_t i0 = 0; i0 < count; i0 += SCREEN_BLOCK) {
        const size_t len = count - i0 < SCREEN_BLOCK ? count - i0 : SCREEN_BLOCK;
        const float *x = llr + i0;
        int candidate = 0;
        for (size_t i = 0; i < len; i++)
            candidate |= fabsf(x[i]) * scale >= 127.0f;
        if (!candidate)
            continue;
        for (size_t i = 0; i < len; i++)
            if (fabsf(x[i]) * scale >= 127.0f) {
                const int c = ldpc_fixed_quantize_f32(&wide, x[i]);
                s += c < I8_MIN || c > I8_MAX;
            }
    }
    *saturated = s;
    return LDPC_OK;
}

int ldpc_decoder_count_saturated_i8(const ldpc_decoder *dec, const int8_t *llr, size_t count,
                                    uint64_t *saturated)
{
    if (!dec || !saturated || (!llr && count))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "ldpc_decoder_count_saturated_i8: NULL argument");
    uint64_t s = 0;
    for (size_t i = 0; i < count; i++)
        s += llr[i] == I8_MIN || llr[i] == I8_MAX;
    *saturated = s;
    return LDPC_OK;
}
