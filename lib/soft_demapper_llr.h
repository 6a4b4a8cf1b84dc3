/* The soft demapper's LLR formula, written once: from the metrics of one received value to
 * every constellation point, the bit LLRs. Used by the soft_demapper block for whole 2-D
 * constellations and for each axis of a square QAM (see soft_demapper_impl.cc). */
#ifndef INCLUDED_LDPCGPU_SOFT_DEMAPPER_LLR_H
#define INCLUDED_LDPCGPU_SOFT_DEMAPPER_LLR_H

#include <vector>

namespace gr {
namespace ldpcgpu {

/*
 * Points are numbered by their bit labels: point s carries the n_bits bits of s, MSB first
 * (bit j of the label is (s >> (n_bits - 1 - j)) & 1). The metric of point s is
 * m_s = |y - p_s|^2 / N0 (the negative log-likelihood of s up to a constant, for complex AWGN
 * of variance N0 = E|n|^2). Then, with positive = 0:
 *
 *   exact:    LLR_j = ln sum_{s: b_j(s)=0} exp(-m_s) - ln sum_{s: b_j(s)=1} exp(-m_s)
 *   max-log:  LLR_j = min_{s: b_j(s)=1} m_s - min_{s: b_j(s)=0} m_s
 *
 * The exact sums are taken relative to the smallest metric (each term in (0, 1], no overflow);
 * a set whose sum falls below 1e-30 (every point of it more than ~69 metric units behind the
 * best one) is summed again relative to its own smallest metric, so no LLR becomes infinite
 * and none loses precision. With two points (one bit) both forms equal m_1 - m_0.
 */
class llr_formula
{
public:
    llr_formula(int n_bits, bool exact);

    int bits() const { return d_bits; }
    int points() const { return d_points; }

    /* metric: d_points metrics; writes the d_bits LLRs to llr[0], llr[stride], ... */
    void compute(const float* metric, float* llr, int stride) const;

private:
    /* ln sum over the points whose bit j is `bit` of exp(-(m_s - m_min)), for tiny sums */
    float set_log_sum(const float* metric, int j, int bit, float m_min) const;

    int d_bits;
    int d_points;
    bool d_exact;
    /* scratch of the one calling thread: m_min - m_s, then exp() of it (or metrics, max-log) */
    mutable std::vector<float> d_e, d_w;
};

} // namespace ldpcgpu
} // namespace gr

#endif /* INCLUDED_LDPCGPU_SOFT_DEMAPPER_LLR_H */
