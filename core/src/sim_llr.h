/* The simulator's channel arithmetic in float, written once for the host kernels
 * (sim_noise_impl.h, sim_modem.c) and the GPU channel: the constants at a noise level, the LLR
 * of one coded bit from its deviate (BPSK, QPSK) and the LLRs of one QAM axis (the deviates
 * themselves: sim_frame.h). */
#ifndef LDPCGPU_SIM_LLR_H
#define LDPCGPU_SIM_LLR_H

#include "demap_rule.h"
#include "sim_frame.h"

/* The channel's float constants at noise level sigma (double, from ldpc_awgn_sigma): sigma and
 * gain = 2 / sigma^2, each computed in double and rounded to float once. */
LDPC_SIM_FN void ldpc_sim_llr_params(double sigma, float *sigma_f, float *gain)
{
    *sigma_f = (float)sigma;
    *gain = (float)(2.0 / (sigma * sigma));
}

/* LLR of coded bit c (its low bit) given its deviate: y = s + sigma * deviate with s = 1 - 2c,
 * LLR = y * gain, each operation rounded on its own (no fused multiply-add; the device uses the
 * _rn intrinsics), so that the same deviate gives the same LLR on the host and the device. */
LDPC_SIM_FN float ldpc_sim_llr(unsigned c, float deviate, float sigma, float gain)
{
    const float s = (c & 1u) ? -1.0f : 1.0f;
#if defined(__CUDA_ARCH__)
    return __fmul_rn(__fadd_rn(s, __fmul_rn(sigma, deviate)), gain);
#else
    return (s + sigma * deviate) * gain;
#endif
}

/* ---- modulations (include/ldpcgpu/demap.h: DVB-T2's square QAM) ----
 *
 * A frame's symbols are sent axis by axis: axis a is axis a % 2 (0 real, 1 imaginary) of symbol
 * a / 2 and gets deviate a of the frame. Coded bit j of symbol s (bit s bits + j of the frame)
 * rides axis j % 2 as bit j / 2 (MSB first) of that axis's label. With one bit per axis (QPSK)
 * axis a carries coded bit a with BPSK's LLR: both are ldpc_sim_llr at the same sigma. BPSK
 * has no imaginary axis: bit i gets deviate i. */

#define LDPC_SIM_MAX_AXIS_BITS 4

/* A modulation at one noise level, in float: sigma is the noise per axis in units of half the
 * level spacing (a symbol is its levels times sqrt(3 / (2 (M - 1))) at unit energy). */
typedef struct ldpc_sim_modem {
    int bits;      /* per symbol: 1, 2, 4, 6, 8 */
    int axis_bits; /* per axis: 1 (BPSK, QPSK: ldpc_sim_llr) or bits / 2 */
    int exact;     /* axis_bits > 1: exact LLRs, else max-log */
    float sigma;   /* ldpc_sim_llr's sigma and gain = 2 / sigma^2 */
    float gain;
    float metric;  /* axis_bits > 1: 1 / (2 sigma^2), the metric of a squared distance */
    float level[1 << LDPC_SIM_MAX_AXIS_BITS]; /* axis_bits > 1: each axis label's level */
} ldpc_sim_modem;


/* The modem of `bits` bits per symbol at sigma_bpsk (ldpc_awgn_sigma: BPSK's noise at this
 * Eb/N0 and rate): per axis N0 / 2 = sigma_bpsk^2 / bits, in level units
 * sigma_bpsk sqrt(2 (M - 1) / (3 bits)) -- exactly sigma_bpsk for BPSK and QPSK. */
LDPC_SIM_FN void ldpc_sim_modem_init(ldpc_sim_modem *m, int bits, int exact, double sigma_bpsk)
{
    m->bits = bits;
    m->axis_bits = bits == 1 ? 1 : bits / 2;
    m->exact = exact;
    const double points = (double)(1 << bits);
    const double s = bits <= 2 ? sigma_bpsk : sigma_bpsk * sqrt(2.0 * (points - 1.0) / (3.0 * bits));
    ldpc_sim_llr_params(s, &m->sigma, &m->gain);
    m->metric = (float)(1.0 / (2.0 * s * s));
    for (int g = 0; g < (1 << LDPC_SIM_MAX_AXIS_BITS); g++)
        m->level[g] = g < (1 << m->axis_bits) && m->axis_bits > 1
                          ? (float)ldpc_qam_axis_level_rule(g, m->axis_bits) : 0.0f;
}

/* Axes (= deviates) of a frame of n coded bits. */
LDPC_SIM_FN int ldpc_sim_axes(int n, int bits) { return bits == 1 ? n : 2 * ((n + bits - 1) / bits); }

/* Coded bit t (MSB first) of axis a's label: its index in the frame (may be >= n: padding). */
LDPC_SIM_FN int ldpc_sim_axis_bit(int a, int bits, int t) { return (a >> 1) * bits + (a & 1) + 2 * t; }

/* The metric of level g for a received axis value y: (y - level)^2 / (2 sigma^2), each
 * operation rounded on its own (as ldpc_sim_llr). */
LDPC_SIM_FN float ldpc_sim_axis_metric(const ldpc_sim_modem *m, float y, int g)
{
    const float e = y - m->level[g];
#if defined(__CUDA_ARCH__)
    return __fmul_rn(__fmul_rn(e, e), m->metric);
#else
    return e * e * m->metric;
#endif
}

/* The received value of an axis: its label's level plus the noise. */
LDPC_SIM_FN float ldpc_sim_axis_value(const ldpc_sim_modem *m, unsigned label, float deviate)
{
#if defined(__CUDA_ARCH__)
    return __fadd_rn(m->level[label], __fmul_rn(m->sigma, deviate));
#else
    return m->level[label] + m->sigma * deviate;
#endif
}

/* The LLRs of one QAM axis (m->axis_bits >= 2): label sent, its deviate; LLR t of the label's
 * bits (MSB first) to llr[t]. (The host's channel does the same `lanes` axes at a time,
 * sim_modem.c.) */
LDPC_SIM_FN void ldpc_sim_axis_llrs(const ldpc_sim_modem *m, unsigned label, float deviate, float *llr)
{
    const int h = m->axis_bits, points = 1 << h;
    float metric[1 << LDPC_SIM_MAX_AXIS_BITS], w[1 << LDPC_SIM_MAX_AXIS_BITS];
    const float y = ldpc_sim_axis_value(m, label, deviate);
    /* the metrics straight into w for max-log (the rule consumes them), into metric for exact
     * (its fallback rereads them; w then takes the exponentials) */
    float *mt = m->exact ? metric : w;
    float m_min = INFINITY;
    for (int g = 0; g < points; g++) {
        mt[g] = ldpc_sim_axis_metric(m, y, g);
        m_min = mt[g] < m_min ? mt[g] : m_min;
    }
    if (m->exact) {
        for (int g = 0; g < points; g++)
            w[g] = ldpc_demap_exp(m_min - metric[g]);
        ldpc_demap_exact_rule(metric, &m_min, w, h, 1, llr, 1);
    } else {
        ldpc_demap_max_log_rule(w, h, 1, llr, 1);
    }
}

#endif
