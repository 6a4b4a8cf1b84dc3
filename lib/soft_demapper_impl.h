/* Soft demapper block: implementation state. See soft_demapper.h. */
#ifndef INCLUDED_LDPCGPU_SOFT_DEMAPPER_IMPL_H
#define INCLUDED_LDPCGPU_SOFT_DEMAPPER_IMPL_H

#include "soft_demapper_constellations.h"
#include "soft_demapper_llr.h"
#include "soft_demapper_noise.h"
#include <gnuradio/ldpcgpu/soft_demapper.h>
#include <pmt/pmt.h>
#include <atomic>

namespace gr {
namespace ldpcgpu {

class soft_demapper_impl : public soft_demapper
{
public:
    soft_demapper_impl(const std::string& constellation,
                       float noise_var,
                       const std::string& method,
                       const std::string& output_type,
                       float int8_scale,
                       bool llr_positive_is_one,
                       bool noise_var_input,
                       const std::string& apsk_rate,
                       float gamma1,
                       float gamma2,
                       bool rotated,
                       int fec_frame_bits,
                       const std::vector<gr_complex>& points);

    int work(int noutput_items,
             gr_vector_const_void_star& input_items,
             gr_vector_void_star& output_items) override;

    void set_noise_var(float noise_var) override;
    float noise_var() const override { return d_noise_var.load(); }
    bool estimating_noise() const override { return d_estimating.load(); }
    int bits_per_symbol() const override { return d_const.bits; }
    std::vector<gr_complex> points() const override { return d_const.points; }
    std::string constellation() const override { return d_const.name; }
    std::string method() const override { return d_exact ? "exact" : "max-log"; }
    std::string output_type() const override { return d_int8 ? "int8" : "float"; }
    float int8_scale() const override { return d_int8_scale; }
    bool llr_positive_is_one() const override { return d_sign < 0.0f; }
    bool rotated() const override { return d_rotated; }

private:
    /* the d_const.bits LLRs (positive = 0) of received value y */
    void demap(gr_complex y, float inv_n0, float* llr);
    /* the LLRs of n symbols into out (float, in the block's sign); noise: one variance per
     * symbol, or nullptr for the parameter's (or the estimate's) */
    void demap_run(const gr_complex* y, const float* noise, int n, float* out);
    /* demap_run for two-level axes (BPSK, QPSK): the LLR is linear in the received value */
    void demap_linear(const gr_complex* y, const float* noise, int n, float* out);
    void handle_noise_var(const pmt::pmt_t& msg);

    demap::constellation d_const;
    bool d_exact;
    bool d_int8;
    float d_int8_scale;
    float d_sign; /* +1: positive = 0; -1: gr-fec's sign */
    bool d_rotated;
    int d_cells_per_block; /* rotated: cells per FEC block, else 0 */
    llr_formula d_formula; /* the whole constellation, or one axis of a separable one */
    std::atomic<float> d_noise_var;     /* given, or the last estimate */
    std::atomic<bool> d_estimating;     /* noise_var 0: estimate it from the symbols */
    noise_estimator d_estimator;
    /* BPSK, QPSK: axis LLR (m_1 - m_0) = (d_lin_a * v + d_lin_b) / N0 exactly, for the
     * axis levels l0 (label 0) and l1: a = 2 (l0 - l1), b = l1^2 - l0^2 */
    bool d_linear;
    float d_lin_a, d_lin_b;
    std::vector<float> d_metric;   /* one metric per point (or per axis level) */
    std::vector<float> d_llr;      /* float LLRs before int8 conversion */
    std::vector<float> d_inv;      /* 1/N0 per symbol, from the noise stream */
    std::vector<gr_complex> d_cells; /* rotated: cells with the Q delay undone */
};

} // namespace ldpcgpu
} // namespace gr

#endif /* INCLUDED_LDPCGPU_SOFT_DEMAPPER_IMPL_H */
