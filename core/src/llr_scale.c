/* The llr_scale range of int8 LLRs and int8/int16 messages (decoder.h, "The llr_scale range"):
 * the one rule that the decoder, the simulator, the tool, the bindings and the blocks ask. */
#include <stddef.h>
#include <stdio.h>
#include "code_internal.h" /* family, name */
#include "ldpcgpu/decoder.h"
#include "error.h"

/* 5G NR codes with offset min-sum take the lower end LDPC_LLR_SCALE_NR_OMS_MIN: their offset
 * (0.5 by default) is exact at scale 2 and they keep their quality there (docs/quality.md, "5G
 * NR"), and it is what lets int8 messages hold base graph 1's degree-30 columns. Every other
 * code and algorithm was measured to lose up to 0.2 dB below 4 (nms rounding, the oms offset
 * 0.25 rounding to 0.5 at 2). */
static int takes_nr_range(const ldpc_code *code, ldpc_algorithm algorithm)
{
    return code->family == LDPC_FAMILY_NR && algorithm == LDPC_ALG_OFFSET_MIN_SUM;
}

int ldpc_llr_scale_range(const ldpc_code *code, const ldpc_decoder_config *cfg, float *lo,
                         float *hi)
{
    if (!lo || !hi)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_llr_scale_range: NULL argument");
    *hi = LDPC_LLR_SCALE_MAX;
    if (!code) {
        *lo = LDPC_LLR_SCALE_NR_OMS_MIN; /* some code takes it */
        return LDPC_OK;
    }
    ldpc_decoder_config defaults;
    if (!cfg) {
        ldpc_decoder_config_init_code(&defaults, code);
        cfg = &defaults;
    }
    *lo = takes_nr_range(code, cfg->algorithm) ? LDPC_LLR_SCALE_NR_OMS_MIN : LDPC_LLR_SCALE_MIN;
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
    char on[640] = "", why[96] = "";
    if (code)
        snprintf(on, sizeof on, " on %s with %s", code->name, ldpc_algorithm_name(cfg->algorithm));
    if (lo > LDPC_LLR_SCALE_NR_OMS_MIN)
        snprintf(why, sizeof why, "; only 5G NR codes with offset min-sum take %g..%g",
                 (double)LDPC_LLR_SCALE_NR_OMS_MIN, (double)hi);
    else if (!code)
        snprintf(why, sizeof why, "; below %g only 5G NR codes with offset min-sum",
                 (double)LDPC_LLR_SCALE_MIN);
    return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                      "llr_scale %g is outside %g..%g, the range where int8 LLRs and int8/int16 "
                      "messages keep their quality%s%s",
                      (double)scale, (double)lo, (double)hi, on, why);
}
