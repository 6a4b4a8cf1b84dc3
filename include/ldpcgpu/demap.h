/* gr-ldpcgpu core: modulations and the soft demapper's rule.
 *
 * Square QAM as DVB-T2 sends it (EN 302 755, gr-dtv's dvbt2_modulator_bc): the bits of a
 * symbol alternate between the axes -- the real axis carries symbol bits 0, 2, 4, ..., the
 * imaginary axis bits 1, 3, 5, ... -- and each axis is a Gray-coded PAM whose label's first bit
 * is the sign (ldpc_qam_axis_level). BPSK has the real axis alone (0 -> +1, 1 -> -1).
 *
 * The demapper's rule turns the metrics of one received value against every point of a
 * constellation (m_s = |y - p_s|^2 / N0) into bit LLRs (positive = 0); the soft_demapper block
 * (2-D constellations and each axis of a square QAM) and the simulator (each axis) use it. */
#ifndef LDPCGPU_DEMAP_H
#define LDPCGPU_DEMAP_H

#include <stddef.h>
#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ldpc_modulation {
    LDPC_MOD_BPSK = 0,   /* 1 bit, the real axis */
    LDPC_MOD_QPSK = 1,   /* 2 bits: one per axis */
    LDPC_MOD_QAM16 = 2,  /* 4 bits: 2 per axis, levels +-1 +-3 */
    LDPC_MOD_QAM64 = 3,  /* 6 bits: 3 per axis */
    LDPC_MOD_QAM256 = 4  /* 8 bits: 4 per axis */
} ldpc_modulation;

typedef enum ldpc_demap_method {
    LDPC_DEMAP_EXACT = 0,  /* LLR_j = ln sum_{b_j(s)=0} exp(-m_s) - ln sum_{b_j(s)=1} exp(-m_s) */
    LDPC_DEMAP_MAX_LOG = 1 /* LLR_j = min_{b_j(s)=1} m_s - min_{b_j(s)=0} m_s */
} ldpc_demap_method;

/* Bits per symbol (1, 2, 4, 6, 8), 0 for a value not in the enum. */
LDPC_API int ldpc_modulation_bits(ldpc_modulation m);
/* Names: "bpsk", "qpsk", "16qam", "64qam", "256qam" (parsed case-insensitively, also "qam16"
 * ...); "exact", "max-log" (also "maxlog"). Unknown values print "?"; a bad name is refused
 * with a message naming the valid ones. */
LDPC_API const char *ldpc_modulation_name(ldpc_modulation m);
LDPC_API int ldpc_modulation_from_string(const char *s, ldpc_modulation *out);
LDPC_API const char *ldpc_demap_method_name(ldpc_demap_method d);
LDPC_API int ldpc_demap_method_from_string(const char *s, ldpc_demap_method *out);

/* The coordinate of axis label `label` (axis_bits bits, MSB first, 0 <= label < 2^axis_bits)
 * of a square QAM, in units of half the spacing of the levels: the first bit is the sign
 * (1 = negative), the other bits a Gray code whose binary value b gives the amplitude
 * 2^axis_bits - 1 - 2b, so neighbouring levels differ in one bit. axis_bits 1..6; 0 for
 * arguments out of range. Multiply by sqrt(3 / (2 (M - 1))) for unit average symbol energy
 * (M = 2^(2 axis_bits) points). */
LDPC_API int ldpc_qam_axis_level(int label, int axis_bits);

/* The LLRs of one received value from its metrics: metric[s] for the 2^bits points s, point s
 * carrying the bits of s MSB first; writes LLR j (j = 0..bits-1) to llr[j * stride].
 * work: 2^bits floats of scratch (not metric). Exact sums are taken relative to the smallest
 * metric and, where a sum falls below 1e-30, again relative to its own set's smallest metric,
 * so no LLR is infinite and none loses precision; with one bit both methods give
 * metric[1] - metric[0]. bits 1..12, stride >= 1, metrics finite. Returns an LDPC status. */
LDPC_API int ldpc_demap_llrs(const float *metric, int bits, ldpc_demap_method method, float *work,
                             float *llr, int stride);
/* The exact form with the exponentials supplied by the caller (a vector exp, e.g. VOLK's):
 * w[s] = exp(m_min - metric[s]) with m_min the smallest metric; w is overwritten. */
LDPC_API int ldpc_demap_exact_from_exp(const float *metric, float m_min, float *w, int bits,
                                       float *llr, int stride);

/* Many received values at once, the rule above run across LDPC_DEMAP_MAX_LANES (16) values
 * side by side, so that it vectorises (the soft_demapper block's path; the same LLRs as
 * ldpc_demap_llrs on each value's metrics). 1/N0 of symbol s is inv_n0[s], or inv_n0_all
 * where inv_n0 is NULL. A value (symbol) that is not finite gives LLRs 0. Return LDPC statuses.
 *
 * ldpc_demap_axis_values: count values of square-QAM axes, values[a]; a belongs to symbol
 * a / axes, axis a % axes; levels[g] (g < 2^axis_bits) the coordinate of axis label g (MSB
 * first); metric (v - level)^2 / N0. LLR t of value a goes to
 * llr[(a / axes) * axes * axis_bits + t * axes + a % axes]: the symbol's bits alternate
 * between its axes (DVB-T2). For complex symbols: values = the re, im floats, axes = 2.
 * axes >= 1, axis_bits 1..6.
 * ldpc_demap_symbols: count 2-D symbols iq[2 s], iq[2 s + 1] against the 2^bits points
 * points_iq[2 p], points_iq[2 p + 1] (point p carries the bits of p, MSB first); LLR j of
 * symbol s to llr[s * bits + j]. bits 1..8. */
LDPC_API int ldpc_demap_axis_values(const float *values, size_t count, int axes,
                                    const float *levels, int axis_bits, const float *inv_n0,
                                    float inv_n0_all, ldpc_demap_method method, float *llr);
LDPC_API int ldpc_demap_symbols(const float *iq, size_t count, const float *points_iq, int bits,
                                const float *inv_n0, float inv_n0_all, ldpc_demap_method method,
                                float *llr);

#ifdef __cplusplus
}
#endif
#endif
