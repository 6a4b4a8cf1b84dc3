/* Internal: the demapper's rule (include/ldpcgpu/demap.h), written once for the host (the
 * public ldpc_demap_* calls, the simulator's host channel) and the device (the simulator's
 * GPU channel).
 *
 * Lanes: the rule takes `lanes` received values side by side (1..LDPC_DEMAP_MAX_LANES), point s
 * of value l at [s * lanes + l] and its LLR j at llr[j * stride + l], so that the host's loops run
 * across the values and vectorise; the device and the public calls use one lane. */
#ifndef LDPCGPU_DEMAP_RULE_H
#define LDPCGPU_DEMAP_RULE_H

#include <math.h>
#include "cephes_f32.h"
#include "host_device.h"

#define LDPC_DEMAP_MAX_LANES 16

/* The rule's exp and log: on the device CUDA's expf/logf (the fastest there), on the host the
 * polynomials of cephes_f32.h, branch-free so that loops over them vectorise. About 1 ulp each;
 * the exact LLRs of host and device agree to a few ulp (as their noise does). */
LDPC_HD_FN float ldpc_demap_exp(float x)
{
#if defined(__CUDA_ARCH__)
    return expf(x);
#else
    return ldpc_expf_poly(x);
#endif
}

LDPC_HD_FN float ldpc_demap_log(float x)
{
#if defined(__CUDA_ARCH__)
    return logf(x);
#else
    return ldpc_logf_poly(x);
#endif
}

/* Below this a float sum of exp() terms is recomputed relative to its own set's smallest metric:
 * the ratio of two sums above it stays within float range (<= 4096 / 1e-30). */
#define LDPC_DEMAP_TINY_SUM 1e-30f

/* ldpc_qam_axis_level without the range checks. */
LDPC_HD_FN int ldpc_qam_axis_level_rule(int label, int axis_bits)
{
    const int sign = (label >> (axis_bits - 1)) & 1;
    int gray = label & ((1 << (axis_bits - 1)) - 1), b = 0;
    for (; gray; gray >>= 1)
        b ^= gray; /* Gray -> binary */
    const int amplitude = (1 << axis_bits) - 1 - 2 * b;
    return sign ? -amplitude : amplitude;
}

/* Both forms need, for every bit j, a reduction (min or sum) over the points whose bit j is 0
 * and over those whose bit j is 1. In label order bit 0 (the MSB) splits the points into two
 * halves; reducing the two halves into each other element by element then leaves the points
 * of the remaining bits, whose MSB is bit 1, and so on: 2M operations in contiguous loops for
 * all the bits, instead of M per bit. */

/* Max-log: w holds the metrics on entry and is destroyed. */
LDPC_HD_FN void ldpc_demap_max_log_rule(float *w, int bits, int lanes, float *llr, int stride)
{
    for (int j = 0, half = 1 << (bits - 1); j < bits; j++, half >>= 1) {
        float m0[LDPC_DEMAP_MAX_LANES], m1[LDPC_DEMAP_MAX_LANES];
        for (int l = 0; l < lanes; l++) {
            m0[l] = w[l];
            m1[l] = w[half * lanes + l];
        }
        for (int t = 1; t < half; t++)
            for (int l = 0; l < lanes; l++) {
                const float a = w[t * lanes + l], b = w[(half + t) * lanes + l];
                m0[l] = a < m0[l] ? a : m0[l];
                m1[l] = b < m1[l] ? b : m1[l];
            }
        for (int l = 0; l < lanes; l++)
            llr[j * stride + l] = m1[l] - m0[l];
        for (int t = 0; t < half * lanes; t++) /* w[t] = min(w[t], w[half + t]), every lane */
            w[t] = w[half * lanes + t] < w[t] ? w[half * lanes + t] : w[t];
    }
}

/* ln sum over the points whose bit j is `bit` of exp(-(m_s - m_min)), lane l, for a set whose
 * sum relative to m_min fell below LDPC_DEMAP_TINY_SUM: summed relative to its own smallest. */
LDPC_HD_FN float ldpc_demap_set_log_sum(const float *metric, int bits, int lanes, int l, int j,
                                        int bit, float m_min)
{
    const int points = 1 << bits, half = points >> (j + 1); /* runs of equal bit j */
    const int first = bit ? half : 0;
    float m_set = INFINITY;
    for (int base = first; base < points; base += 2 * half)
        for (int t = 0; t < half; t++)
            m_set = metric[(base + t) * lanes + l] < m_set ? metric[(base + t) * lanes + l] : m_set;
    float sum = 0.0f;
    for (int base = first; base < points; base += 2 * half)
        for (int t = 0; t < half; t++)
            sum += ldpc_demap_exp(m_set - metric[(base + t) * lanes + l]);
    return (m_min - m_set) + ldpc_demap_log(sum);
}

/* Exact: w[s * lanes + l] = exp(m_min[l] - metric[s * lanes + l]) on entry (destroyed). */
LDPC_HD_FN void ldpc_demap_exact_rule(const float *metric, const float *m_min, float *w, int bits,
                                      int lanes, float *llr, int stride)
{
    if (bits == 1) { /* ln(exp(-m0) / exp(-m1)), exactly */
        for (int l = 0; l < lanes; l++)
            llr[l] = metric[lanes + l] - metric[l];
        return;
    }
    for (int j = 0, half = 1 << (bits - 1); j < bits; j++, half >>= 1) {
        float s0[LDPC_DEMAP_MAX_LANES], s1[LDPC_DEMAP_MAX_LANES];
        for (int l = 0; l < lanes; l++)
            s0[l] = s1[l] = 0.0f;
        for (int t = 0; t < half; t++)
            for (int l = 0; l < lanes; l++) {
                s0[l] += w[t * lanes + l];
                s1[l] += w[(half + t) * lanes + l];
            }
        /* every lane as if no sum were tiny (the quotient stays positive and finite), then the
         * rare tiny ones again */
        for (int l = 0; l < lanes; l++) {
            const float a = s0[l] > LDPC_DEMAP_TINY_SUM ? s0[l] : LDPC_DEMAP_TINY_SUM;
            const float b = s1[l] > LDPC_DEMAP_TINY_SUM ? s1[l] : LDPC_DEMAP_TINY_SUM;
            llr[j * stride + l] = ldpc_demap_log(a / b);
        }
        for (int l = 0; l < lanes; l++)
            if (!(s0[l] >= LDPC_DEMAP_TINY_SUM && s1[l] >= LDPC_DEMAP_TINY_SUM)) {
                const float l0 = s0[l] >= LDPC_DEMAP_TINY_SUM
                                     ? ldpc_demap_log(s0[l])
                                     : ldpc_demap_set_log_sum(metric, bits, lanes, l, j, 0, m_min[l]);
                const float l1 = s1[l] >= LDPC_DEMAP_TINY_SUM
                                     ? ldpc_demap_log(s1[l])
                                     : ldpc_demap_set_log_sum(metric, bits, lanes, l, j, 1, m_min[l]);
                llr[j * stride + l] = l0 - l1;
            }
        for (int t = 0; t < half * lanes; t++) /* w[t] += w[half + t], every lane */
            w[t] += w[half * lanes + t];
    }
}

#endif
