/* The soft demapper's LLR formula: from the metrics of one received value to every
 * constellation point, the bit LLRs, by the core's rule (include/ldpcgpu/demap.h, which the
 * simulator's channel uses too), with VOLK's exp for the exact form. Used by the soft_demapper
 * block for whole 2-D constellations and for each axis of a square QAM (soft_demapper_impl.cc). */
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
 * (ldpc_demap_llrs: the exact sums relative to the smallest metric, and a set whose sum falls
 * below 1e-30 again relative to its own smallest, so no LLR becomes infinite.) With two points
 * (one bit) both forms equal m_1 - m_0.
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
    int d_bits;
    int d_points;
    bool d_exact;
    /* scratch of the one calling thread: m_min - m_s, then exp() of it (or metrics, max-log) */
    mutable std::vector<float> d_e, d_w;
};

} // namespace ldpcgpu
} // namespace gr

#endif /* INCLUDED_LDPCGPU_SOFT_DEMAPPER_LLR_H */
