/* The soft demapper's LLR formula (soft_demapper_llr.h). */
#include "soft_demapper_llr.h"
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <volk/volk.h>

namespace gr {
namespace ldpcgpu {

namespace {

/* Below this a float sum of exp() terms is recomputed relative to its own set's minimum: the
 * ratio of two sums above it stays within float range (<= 256 / 1e-30). */
constexpr float tiny_sum = 1e-30f;

} // namespace

llr_formula::llr_formula(int n_bits, bool exact)
    : d_bits(n_bits), d_points(1 << n_bits), d_exact(exact)
{
    if (n_bits < 1 || n_bits > 12)
        throw std::invalid_argument("llr_formula: 1..12 bits per point");
    d_w.resize(static_cast<size_t>(d_points));
    d_e.resize(static_cast<size_t>(d_points));
}

float llr_formula::set_log_sum(const float* metric, int j, int bit, float m_min) const
{
    const int half = d_points >> (j + 1); /* runs of equal bit j in label order */
    const int first = bit ? half : 0;
    float m_set = INFINITY;
    for (int base = first; base < d_points; base += 2 * half)
        for (int t = 0; t < half; t++)
            m_set = std::min(m_set, metric[base + t]);
    float sum = 0.0f;
    for (int base = first; base < d_points; base += 2 * half)
        for (int t = 0; t < half; t++)
            sum += std::exp(m_set - metric[base + t]);
    return (m_min - m_set) + std::log(sum);
}

/* Both forms need, for every bit j, a reduction (sum or min) over the points whose bit j is 0
 * and over those whose bit j is 1. In label order bit 0 (the MSB) splits the points into two
 * halves; reducing the two halves into each other element by element then leaves the points
 * of the remaining bits, whose MSB is bit 1, and so on: 2M operations in contiguous,
 * vectorisable loops for all the bits, instead of M per bit. */
void llr_formula::compute(const float* metric, float* llr, int stride) const
{
    if (d_points == 2) { /* exact = max-log: ln(exp(-m0) / exp(-m1)) */
        llr[0] = metric[1] - metric[0];
        return;
    }
    float* w = d_w.data();
    if (!d_exact) {
        std::copy(metric, metric + d_points, w);
        for (int j = 0, half = d_points / 2; j < d_bits; j++, half /= 2) {
            float m0 = INFINITY, m1 = INFINITY;
            for (int t = 0; t < half; t++) {
                m0 = std::min(m0, w[t]);
                m1 = std::min(m1, w[half + t]);
            }
            llr[j * stride] = m1 - m0;
            for (int t = 0; t < half; t++)
                w[t] = std::min(w[t], w[half + t]);
        }
        return;
    }
    float m_min = metric[0];
    for (int s = 1; s < d_points; s++)
        m_min = std::min(m_min, metric[s]);
    float* e = d_e.data();
    for (int s = 0; s < d_points; s++)
        e[s] = m_min - metric[s];
    /* VOLK's exp: 3-4x std::exp's speed from 16 points up (measured), within 1e-7 relative;
     * it clamps arguments below about -88 to exp(-88) instead of 0, harmless here (such sums
     * stay below tiny_sum and are recomputed exactly) */
    volk_32f_exp_32f(w, e, static_cast<unsigned>(d_points));
    for (int j = 0, half = d_points / 2; j < d_bits; j++, half /= 2) {
        float s0 = 0.0f, s1 = 0.0f;
        for (int t = 0; t < half; t++) {
            s0 += w[t];
            s1 += w[half + t];
        }
        if (s0 >= tiny_sum && s1 >= tiny_sum) {
            llr[j * stride] = std::log(s0 / s1);
        } else {
            const float l0 = s0 >= tiny_sum ? std::log(s0) : set_log_sum(metric, j, 0, m_min);
            const float l1 = s1 >= tiny_sum ? std::log(s1) : set_log_sum(metric, j, 1, m_min);
            llr[j * stride] = l0 - l1;
        }
        for (int t = 0; t < half; t++)
            w[t] += w[half + t];
    }
}

} // namespace ldpcgpu
} // namespace gr
