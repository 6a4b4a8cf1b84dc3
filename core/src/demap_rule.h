/* Internal: the demapper's rule (include/ldpcgpu/demap.h), written once for the host (the
 * public ldpc_demap_* calls, the simulator's host channel) and the device (the simulator's
 * GPU channel). */
#ifndef LDPCGPU_DEMAP_RULE_H
#define LDPCGPU_DEMAP_RULE_H

#include <math.h>
#include "host_device.h"

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
LDPC_HD_FN void ldpc_demap_max_log_rule(float *w, int bits, float *llr, int stride)
{
    for (int j = 0, half = 1 << (bits - 1); j < bits; j++, half >>= 1) {
        float m0 = INFINITY, m1 = INFINITY;
        for (int t = 0; t < half; t++) {
            m0 = w[t] < m0 ? w[t] : m0;
            m1 = w[half + t] < m1 ? w[half + t] : m1;
        }
        llr[j * stride] = m1 - m0;
        for (int t = 0; t < half; t++)
            w[t] = w[half + t] < w[t] ? w[half + t] : w[t];
    }
}

/* ln sum over the points whose bit j is `bit` of exp(-(m_s - m_min)), for a set whose sum
 * relative to m_min fell below LDPC_DEMAP_TINY_SUM: summed relative to its own smallest. */
LDPC_HD_FN float ldpc_demap_set_log_sum(const float *metric, int bits, int j, int bit, float m_min)
{
    const int points = 1 << bits, half = points >> (j + 1); /* runs of equal bit j */
    const int first = bit ? half : 0;
    float m_set = INFINITY;
    for (int base = first; base < points; base += 2 * half)
        for (int t = 0; t < half; t++)
            m_set = metric[base + t] < m_set ? metric[base + t] : m_set;
    float sum = 0.0f;
    for (int base = first; base < points; base += 2 * half)
        for (int t = 0; t < half; t++)
            sum += expf(m_set - metric[base + t]);
    return (m_min - m_set) + logf(sum);
}

/* Exact: w[s] = exp(m_min - metric[s]) on entry (destroyed). */
LDPC_HD_FN void ldpc_demap_exact_rule(const float *metric, float m_min, float *w, int bits,
                                      float *llr, int stride)
{
    if (bits == 1) { /* ln(exp(-m0) / exp(-m1)), exactly */
        llr[0] = metric[1] - metric[0];
        return;
    }
    for (int j = 0, half = 1 << (bits - 1); j < bits; j++, half >>= 1) {
        float s0 = 0.0f, s1 = 0.0f;
        for (int t = 0; t < half; t++) {
            s0 += w[t];
            s1 += w[half + t];
        }
        if (s0 >= LDPC_DEMAP_TINY_SUM && s1 >= LDPC_DEMAP_TINY_SUM) {
            llr[j * stride] = logf(s0 / s1);
        } else {
            const float l0 = s0 >= LDPC_DEMAP_TINY_SUM ? logf(s0)
                                                       : ldpc_demap_set_log_sum(metric, bits, j, 0, m_min);
            const float l1 = s1 >= LDPC_DEMAP_TINY_SUM ? logf(s1)
                                                       : ldpc_demap_set_log_sum(metric, bits, j, 1, m_min);
            llr[j * stride] = l0 - l1;
        }
        for (int t = 0; t < half; t++)
            w[t] += w[half + t];
    }
}

#endif
