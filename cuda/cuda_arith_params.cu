/* The arithmetic constants of a decoder configuration (Arith, cuda_internal.h) for the kernels,
 * and whether the half2 int8 pairs compute its scaling exactly. */
#include <algorithm>
#include <cstring>
#include <cuda_fp16.h>
#include "cuda_backend.h"

namespace ldpccuda {

/* x (exactly representable in half) in both halves of a 32-bit word */
static unsigned half2_bits(float x)
{
    const unsigned h = __half_as_ushort(__float2half_rn(x));
    return h | (h << 16);
}

/* s(m) of the rules without the cap MCAP (ArH8x2 computes that, then caps its argument) */
static int scale_uncapped(const ldpc_fixed_params &fx, int m)
{
    ldpc_fixed_params u = fx;
    u.mcap = 1 << 30;
    return ldpc_fixed_scale(&u, m);
}

/* ArH8x2's M: the least minimum whose s() reaches MCAP, or CMAX (127) */
static int h8x2_mmax(const ldpc_fixed_params &fx)
{
    for (int m = 0; m < fx.cmax; m++)
        if (scale_uncapped(fx, m) >= fx.mcap)
            return m;
    return fx.cmax;
}

int make_arith(const ldpc_decoder_config *cfg, const ldpc_code *code, Arith *out)
{
    Arith a;
    a.algorithm = (int)cfg->algorithm;
    a.sign = cfg->llr_positive_is_one ? -1.0f : 1.0f;
    a.i8_to_float = a.sign / cfg->llr_scale;
    a.nms_alpha = cfg->nms_alpha;
    a.oms_beta = cfg->oms_beta;
    a.f_a = cfg->algorithm == LDPC_ALG_NORMALIZED_MIN_SUM ? cfg->nms_alpha : 1.0f;
    a.f_b = cfg->algorithm == LDPC_ALG_OFFSET_MIN_SUM ? cfg->oms_beta : 0.0f;
    memset(&a.fx, 0, sizeof a.fx);
    a.h_alpha = a.h_negb = a.h_mmax = 0;
    const bool fixed = cfg->msg_format != LDPC_MSG_F32 && cfg->algorithm != LDPC_ALG_SUM_PRODUCT;
    if (fixed) {
        const int st = ldpc_fixed_params_init(cfg, code, &a.fx);
        if (st != LDPC_OK)
            return ldpc_error(st, "cuda: integer messages unsupported for code %s (column degree %d)",
                              code->name, code->max_col_degree);
        const float alpha = a.fx.algorithm == LDPC_ALG_NORMALIZED_MIN_SUM ? a.fx.nms_a15 / 32768.0f : 1.0f;
        const int beta = a.fx.algorithm == LDPC_ALG_OFFSET_MIN_SUM ? std::min(std::max(a.fx.oms_b, 0), 127) : 0;
        a.h_alpha = half2_bits(alpha / 256.0f);
        a.h_negb = half2_bits(-(1024.0f + (float)beta));
        a.h_mmax = half2_bits((float)h8x2_mmax(a.fx));
    }
    *out = a;
    return LDPC_OK;
}

/* Exact for int8 messages with alpha in eighths (the default 0.875 is 7/8), offset min-sum with
 * beta >= 0, plain min-sum; and the cap as a cap on the argument (s(m) = uncapped s(min(m, M))
 * for every m, which these scalings always give: checked here rather than assumed). Others run
 * as I8X2. */
bool h8x2_scale_exact(const ldpc_fixed_params &fx)
{
    if (fx.cmax != 127)
        return false;
    if (fx.algorithm == LDPC_ALG_NORMALIZED_MIN_SUM) {
        if (!(fx.nms_a15 > 0 && fx.nms_a15 <= 32768 && fx.nms_a15 % 4096 == 0))
            return false;
    } else if (fx.algorithm == LDPC_ALG_OFFSET_MIN_SUM) {
        if (fx.oms_b < 0)
            return false;
    } else if (fx.algorithm != LDPC_ALG_MIN_SUM) {
        return false;
    }
    const int M = h8x2_mmax(fx);
    for (int m = 0; m <= fx.cmax; m++)
        if (scale_uncapped(fx, std::min(m, M)) != ldpc_fixed_scale(&fx, m))
            return false;
    return true;
}

} // namespace ldpccuda
