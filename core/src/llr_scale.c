/* The llr_scale range of int8 LLRs and int8/int16 messages (decoder.h, "The llr_scale range"):
 * the one rule that the decoder, the simulator, the tool, the bindings and the blocks ask. */
#include <stddef.h>
#include <stdio.h>
#include "code_internal.h" /* family, name */
#include "ldpcgpu/decoder.h"
#include "error.h"

/* 5G NR base graph 1 codes with offset min-sum take the lower end LDPC_LLR_SCALE_NR_BG1_MIN
 * (docs/quality.md, "5G NR", "llr_scale 2"): with NR's offset 0.5 (1 unit at 2) they stay
 * within 0.05 dB of float there, and it is what lets int8 messages hold base graph 1's
 * degree-30 columns (25 units: 12.5 LLR at 2, 6.25 at 4). Base graph 2 loses 0.11 - 0.13 dB at
 * 2 on its low rates (nr:1000:5000) and takes int8 messages at 4 anyway (degree 23); every other
 * code and algorithm was measured to lose up to 0.2 dB below 4 (nms rounding, the oms offset
 * 0.25 rounding to 0.5 at 2). */
static int takes_bg1_range(const ldpc_code *code, ldpc_algorithm algorithm)
{
    return code->family == LDPC_FAMILY_NR && code->nr.cb.bg == 1 &&
           algorithm == LDPC_ALG_OFFSET_MIN_SUM;
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
    char on[640] = "", why[128] = "";
    if (code)
        snprintf(on, sizeof on, " on %s with %s", code->name, ldpc_algorithm_name(cfg->algorithm));
    if (lo > LDPC_LLR_SCALE_NR_BG1_MIN)
        snprintf(why, sizeof why, "; only 5G NR base graph 1 codes with offset min-sum take %g..%g",
                 (double)LDPC_LLR_SCALE_NR_BG1_MIN, (double)hi);
    else if (!code)
        snprintf(why, sizeof why, " (%g..%g on every code, %g..%g on 5G NR base graph 1 with "
                 "offset min-sum)", (double)LDPC_LLR_SCALE_MIN, (double)hi,
                 (double)LDPC_LLR_SCALE_NR_BG1_MIN, (double)hi);
    return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                      "llr_scale %g is outside %g..%g, the range where int8 LLRs and int8/int16 "
                      "messages keep their quality%s%s",
                      (double)scale, (double)lo, (double)hi, on, why);
}
