/* Modulations and the demapper's rule, the public calls (include/ldpcgpu/demap.h) over
 * demap_rule.h. */
#include <math.h>
#include "demap_rule.h"
#include "error.h"
#include "ldpcgpu/demap.h"

int ldpc_modulation_bits(ldpc_modulation m)
{
    switch (m) {
    case LDPC_MOD_BPSK: return 1;
    case LDPC_MOD_QPSK: return 2;
    case LDPC_MOD_QAM16: return 4;
    case LDPC_MOD_QAM64: return 6;
    case LDPC_MOD_QAM256: return 8;
    }
    return 0;
}

int ldpc_qam_axis_level(int label, int axis_bits)
{
    if (axis_bits < 1 || axis_bits > 6 || label < 0 || label >= (1 << axis_bits))
        return 0;
    return ldpc_qam_axis_level_rule(label, axis_bits);
}

static int demap_args(const float *metric, int bits, const float *work, const float *llr, int stride,
                      const char *fn)
{
    if (!metric || !work || !llr)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "%s: NULL argument", fn);
    if (bits < 1 || bits > 12 || stride < 1)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "%s: bits %d not in 1..12 or stride %d < 1",
                          fn, bits, stride);
    return LDPC_OK;
}

int ldpc_demap_llrs(const float *metric, int bits, ldpc_demap_method method, float *work,
                    float *llr, int stride)
{
    int st = demap_args(metric, bits, work, llr, stride, "ldpc_demap_llrs");
    if (st != LDPC_OK)
        return st;
    const int points = 1 << bits;
    if (method == LDPC_DEMAP_MAX_LOG) {
        for (int s = 0; s < points; s++)
            work[s] = metric[s];
        ldpc_demap_max_log_rule(work, bits, 1, llr, stride);
        return LDPC_OK;
    }
    if (method != LDPC_DEMAP_EXACT)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_demap_llrs: method %d is not exact (0) "
                          "or max-log (1)", (int)method);
    float m_min = metric[0];
    for (int s = 1; s < points; s++)
        m_min = metric[s] < m_min ? metric[s] : m_min;
    for (int s = 0; s < points; s++)
        work[s] = ldpc_demap_exp(m_min - metric[s]);
    ldpc_demap_exact_rule(metric, &m_min, work, bits, 1, llr, stride);
    return LDPC_OK;
}

int ldpc_demap_exact_from_exp(const float *metric, float m_min, float *w, int bits, float *llr,
                              int stride)
{
    int st = demap_args(metric, bits, w, llr, stride, "ldpc_demap_exact_from_exp");
    if (st != LDPC_OK)
        return st;
    ldpc_demap_exact_rule(metric, &m_min, w, bits, 1, llr, stride);
    return LDPC_OK;
}

/* ---- many received values at once: the rule on LDPC_DEMAP_MAX_LANES values side by side,
 * so that its loops run across the values and vectorise (as the simulator's host channel) ---- */
#define LANES LDPC_DEMAP_MAX_LANES
#define MAX_POINTS 256 /* 2-D: 8 bits; axes: 6 bits per axis */

/* The LLRs of one group of lanes from their metrics (metric[s * LANES + l]); out[t * LANES + l]. */
static void rule_on_lanes(const float *metric, float *w, int bits, ldpc_demap_method method,
                          float *out)
{
    const int points = 1 << bits;
    if (method == LDPC_DEMAP_MAX_LOG) {
        for (int t = 0; t < points * LANES; t++)
            w[t] = metric[t];
        ldpc_demap_max_log_rule(w, bits, LANES, out, LANES);
        return;
    }
    float m_min[LANES];
    for (int l = 0; l < LANES; l++)
        m_min[l] = metric[l];
    for (int s = 1; s < points; s++)
        for (int l = 0; l < LANES; l++)
            m_min[l] = metric[s * LANES + l] < m_min[l] ? metric[s * LANES + l] : m_min[l];
    for (int s = 0; s < points; s++)
        for (int l = 0; l < LANES; l++)
            w[s * LANES + l] = ldpc_demap_exp(m_min[l] - metric[s * LANES + l]);
    ldpc_demap_exact_rule(metric, m_min, w, bits, LANES, out, LANES);
}

static int many_args(const float *v, const float *table, const float *llr, ldpc_demap_method method,
                     const char *fn)
{
    if (!v || !table || !llr)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "%s: NULL argument", fn);
    if (method != LDPC_DEMAP_EXACT && method != LDPC_DEMAP_MAX_LOG)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "%s: method %d is not exact (0) or max-log (1)",
                          fn, (int)method);
    return LDPC_OK;
}

int ldpc_demap_axis_values(const float *values, size_t count, int axes, const float *levels,
                           int axis_bits, const float *inv_n0, float inv_n0_all,
                           ldpc_demap_method method, float *llr)
{
    int st = many_args(values, levels, llr, method, "ldpc_demap_axis_values");
    if (st != LDPC_OK)
        return st;
    if (axes < 1 || axis_bits < 1 || axis_bits > 6)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "ldpc_demap_axis_values: axes %d < 1 or axis_bits %d not in 1..6", axes,
                          axis_bits);
    const int points = 1 << axis_bits;
    float metric[MAX_POINTS * LANES], w[MAX_POINTS * LANES], out[6 * LANES], v[LANES], k[LANES];
    for (size_t a0 = 0; a0 < count; a0 += LANES) {
        const int lanes = count - a0 < LANES ? (int)(count - a0) : LANES;
        for (int l = 0; l < LANES; l++) {
            const size_t a = a0 + (size_t)(l < lanes ? l : 0);
            const float x = values[a];
            v[l] = x - x == 0.0f ? x : 0.0f; /* not finite: any value, its LLRs are zeroed */
            k[l] = inv_n0 ? inv_n0[a / (size_t)axes] : inv_n0_all;
        }
        for (int g = 0; g < points; g++)
            for (int l = 0; l < LANES; l++) {
                const float e = v[l] - levels[g];
                metric[g * LANES + l] = e * e * k[l];
            }
        rule_on_lanes(metric, w, axis_bits, method, out);
        for (int l = 0; l < lanes; l++) {
            const size_t a = a0 + (size_t)l;
            const float x = values[a];
            float *dst = llr + (a / (size_t)axes) * (size_t)(axes * axis_bits) + a % (size_t)axes;
            for (int t = 0; t < axis_bits; t++)
                dst[t * axes] = x - x == 0.0f ? out[t * LANES + l] : 0.0f;
        }
    }
    return LDPC_OK;
}

int ldpc_demap_symbols(const float *iq, size_t count, const float *points_iq, int bits,
                       const float *inv_n0, float inv_n0_all, ldpc_demap_method method, float *llr)
{
    int st = many_args(iq, points_iq, llr, method, "ldpc_demap_symbols");
    if (st != LDPC_OK)
        return st;
    if (bits < 1 || bits > 8)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_demap_symbols: bits %d not in 1..8",
                          bits);
    const int points = 1 << bits;
    float metric[MAX_POINTS * LANES], w[MAX_POINTS * LANES], out[8 * LANES];
    float re[LANES], im[LANES], k[LANES];
    for (size_t s0 = 0; s0 < count; s0 += LANES) {
        const int lanes = count - s0 < LANES ? (int)(count - s0) : LANES;
        for (int l = 0; l < LANES; l++) {
            const size_t s = s0 + (size_t)(l < lanes ? l : 0);
            const float x = iq[2 * s], y = iq[2 * s + 1];
            const int finite = x - x == 0.0f && y - y == 0.0f;
            re[l] = finite ? x : 0.0f;
            im[l] = finite ? y : 0.0f;
            k[l] = inv_n0 ? inv_n0[s] : inv_n0_all;
        }
        for (int p = 0; p < points; p++)
            for (int l = 0; l < LANES; l++) {
                const float dr = re[l] - points_iq[2 * p], di = im[l] - points_iq[2 * p + 1];
                metric[p * LANES + l] = (dr * dr + di * di) * k[l];
            }
        rule_on_lanes(metric, w, bits, method, out);
        for (int l = 0; l < lanes; l++) {
            const size_t s = s0 + (size_t)l;
            const int finite = iq[2 * s] - iq[2 * s] == 0.0f && iq[2 * s + 1] - iq[2 * s + 1] == 0.0f;
            for (int t = 0; t < bits; t++)
                llr[s * (size_t)bits + (size_t)t] = finite ? out[t * LANES + l] : 0.0f;
        }
    }
    return LDPC_OK;
}
