/* Saturated input LLRs (decoder.h): how many LLRs fall outside the int8 range under a
 * decoder's configuration. The float count applies the one input rule of decoder_fixed.h
 * (ldpc_fixed_quantize_f32: sign switch, NaN -> 0, clamp, scale, round) with a channel range
 * wider than int8, and counts the results that int8 would have clipped. */
#include <math.h>
#include <string.h>
#include "decoder_fixed.h"
#include "error.h"

#define SCREEN_BLOCK 64 /* LLRs screened together (below) */
#define I8_MAX 127
#define I8_LANES 64 /* byte counters side by side (int8 count, below) */

/* The bits of the smallest float magnitude m with m * scale >= 127 (scale > 0). Magnitudes
 * that are not NaN order as their bits do, and m * scale is monotone in m, so |x| passes the
 * screen exactly when (bits of x) & 0x7fffffff >= this: an integer compare, which the compiler
 * vectorises better than the float product. A NaN's bits lie above infinity's, so a NaN passes
 * the screen and the rule itself decides (it counts a NaN as 0, not saturated). */
static int32_t lowest_screened_bits(float scale)
{
    uint32_t lo = 0, hi = 0x7f800000u; /* infinity * scale >= 127 */
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        float m;
        memcpy(&m, &mid, sizeof m);
        if (m * scale >= 127.0f)
            hi = mid;
        else
            lo = mid + 1;
    }
    return (int32_t)lo;
}

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
     * are screened with that bound (as bits: lowest_screened_bits), a loop the compiler
     * vectorises, and only the candidates of blocks holding one go through the rule. A block
     * costs a fraction of a nanosecond per LLR where the rule (roundf) costs several. */
    const float scale = dec->cfg.llr_scale;
    const int32_t lowest = lowest_screened_bits(scale);
    uint64_t s = 0;
    for (size_t i0 = 0; i0 < count; i0 += SCREEN_BLOCK) {
        const size_t len = count - i0 < SCREEN_BLOCK ? count - i0 : SCREEN_BLOCK;
        const float *x = llr + i0;
        int candidate = 0;
        for (size_t i = 0; i < len; i++) {
            int32_t bits;
            memcpy(&bits, &x[i], sizeof bits);
            candidate |= (bits & 0x7fffffff) >= lowest;
        }
        if (!candidate)
            continue;
        for (size_t i = 0; i < len; i++)
            if (fabsf(x[i]) * scale >= 127.0f) {
                const int c = ldpc_fixed_quantize_f32(&wide, x[i]);
                s += c < -128 || c > I8_MAX;
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
    /* |x| >= 127: the ends of the range, where a producer that clips leaves its LLRs (this
     * library's quantiser, ldpc_llr_quantize_i8, clips at +-127, so negative saturation is
     * -127; others clip at -128). x is one of -128, -127, 127 exactly when (uint8_t)(x + 126)
     * is 253 or more. Counted in byte-wide lanes over blocks of at most 255 rows (a lane
     * cannot overflow), summed once per block: the compiler vectorises that loop; a 64-bit
     * count per byte it widened value by value (0.15 ns per LLR, where the block's copy of
     * the same LLR costs about 0.1). */
    uint64_t s = 0;
    size_t i = 0;
    for (; i + I8_LANES <= count;) {
        size_t rows = (count - i) / I8_LANES;
        rows = rows < 255 ? rows : 255;
        uint8_t lane[I8_LANES] = {0};
        for (size_t r = 0; r < rows; r++, i += I8_LANES)
            for (int l = 0; l < I8_LANES; l++)
                lane[l] += (uint8_t)((uint8_t)(llr[i + l] + (I8_MAX - 1)) >= 253);
        for (int l = 0; l < I8_LANES; l++)
            s += lane[l];
    }
    for (; i < count; i++)
        s += llr[i] <= -I8_MAX || llr[i] >= I8_MAX;
    *saturated = s;
    return LDPC_OK;
}
