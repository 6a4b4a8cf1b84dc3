/* The llr_scale range of int8 LLRs and int8/int16 messages (decoder.h, "The llr_scale range"):
 * the one rule that the decoder, the simulator, the tool, the bindings and the blocks ask. */
#include <stddef.h>
#include <stdio.h>
#include "code_internal.h" /* family, name */
#include "ldpcgpu/decoder.h"
#include "error.h"

/* 5G NR base graph 1 codes of rate K' / E >= 1/3 with offset min-sum take the lower end
 * LDPC_LLR_SCALE_NR_BG1_MIN (docs/quality.md, "llr_scale 2 on base graph 1"): with NR's offset
 * 0.5 (1 unit at 2) they stay within 0.1 dB of float there, and it is what lets int8 messages
 * hold base graph 1's degree-30 columns (25 units: 12.5 LLR at 2, 6.25 at 4). The loss at 2
 * grows as the rate falls (BG1: about 0 at 0.83 - 0.91, +0.05 at 1/2, +0.10 at 1/3, the lowest
 * rate without repetition and the lowest measured; BG2: +0.07 at 1/3, +0.13 at 1/5), so below
 * 1/3 and on base graph 2 (which takes int8 messages at 4 anyway, degree 23) the range is
 * 4..8, as for every other code and algorithm (nms rounding and the oms offset 0.25 rounding
 * to 0.5 lose up to 0.2 dB below 4). */
static int takes_bg1_range(const ldpc_code *code, ldpc_algorithm algorithm)
{
    const ldpc_nr_code_params *nr = &code->nr;
    if (code->family != LDPC_FAMILY_NR || nr->cb.bg != 1 || algorithm != LDPC_ALG_OFFSET_MIN_SUM)
        return 0;
    /* rate-matched "nr:K:E": K' of E; a mother code sends N = 66 Z for 22 Z: rate 1/3 */
    const long long info = nr->e > 0 ? nr->cb.k_prime : nr->cb.k;
    const long long sent = nr->e > 0 ? nr->e : nr->cb.n;
    return 3 * info >= sent;
}

int ldpc_llr_scale_range(const ldpc_code *code, const ldpc_decoder_config *cfg, float *lo,
                         float *hi)
{
    if (!lo || !hi)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_llr_scale_range: NULL argument");
    *hi = LDPC_LLR_SCALE_MAX;
    if (!code) {
        *lo = LDPC_LLR_SCALE_NR_BG1_MIN; /* some code takes it */
        return LDPC_OK;
    }
    ldpc_decoder_config defaults;
    if (!cfg) {
        ldpc_decoder_config_init_code(&defaults, code);
        cfg = &defaults;
    }
    *lo = takes_bg1_range(code, cfg->algorithm) ? LDPC_LLR_SCALE_NR_BG1_MIN : LDPC_LLR_SCALE_MIN;
    return LDPC_OK;
}

int ldpc_llr_scale_check(float scale, const ldpc_code *code, const ldpc_decoder_config *cfg)
{
    float lo, hi;
    int st = ldpc_llr_scale_range(code, cfg, &lo, &hi);
    if (st != LDPC_OK || (scale >= lo && scale <= hi))
        return st;
    ldpc_decoder_config defaults;
    if (code && !cfg) {
        ldpc_decoder_config_init_code(&defaults, code);
        cfg = &defaults;
    }
    /* what fits, besides the range itself */
    char on[640] = "", why[160] = "";
    if (code)
        snprintf(on, sizeof on, " on %s with %s", code->name, ldpc_algorithm_name(cfg->algorithm));
    if (lo > LDPC_LLR_SCALE_NR_BG1_MIN)
        snprintf(why, sizeof why,
                 "; only 5G NR base graph 1 codes of rate >= 1/3 with offset min-sum take %g..%g",
                 (double)LDPC_LLR_SCALE_NR_BG1_MIN, (double)hi);
    else if (!code)
        snprintf(why, sizeof why, " (%g..%g on every code, %g..%g on 5G NR base graph 1 of rate "
                 ">= 1/3 with offset min-sum)", (double)LDPC_LLR_SCALE_MIN, (double)hi,
                 (double)LDPC_LLR_SCALE_NR_BG1_MIN, (double)hi);
    return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                      "llr_scale %g is outside %g..%g, the range where int8 LLRs and int8/int16 "
                      "messages keep their quality%s%s",
                      (double)scale, (double)lo, (double)hi, on, why);
}
