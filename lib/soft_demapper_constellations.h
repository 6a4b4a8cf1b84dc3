/* The soft demapper's constellations: the DVB points with their bit labels, as gr-dtv's
 * modulators send them, normalised to unit average energy. */
#ifndef INCLUDED_LDPCGPU_SOFT_DEMAPPER_CONSTELLATIONS_H
#define INCLUDED_LDPCGPU_SOFT_DEMAPPER_CONSTELLATIONS_H

#include <gnuradio/gr_complex.h>
#include <string>
#include <utility>
#include <vector>

namespace gr {
namespace ldpcgpu {
namespace demap {

/* A constellation as the block uses it. points[s] carries the bits of s, MSB first (the first
 * bit of the symbol is the label's MSB; gr-dtv's modulators take the same symbol values).
 * Square QAM (BPSK, QPSK, 16/64/256-QAM, not rotated) also comes per axis: axes = 1 (BPSK,
 * the real axis) or 2, levels[g] = the coordinate of axis label g, where the real axis carries
 * bits 0, 2, 4, ... of the symbol and the imaginary axis bits 1, 3, 5, ... (DVB-T2's rule). */
struct constellation {
    std::string name;
    int bits = 0;
    std::vector<gr_complex> points;
    int axes = 0;               /* 0: not separable */
    std::vector<float> levels;  /* per-axis coordinates, 2^(bits / axes) of them */
};

/* DVB-S2's 16APSK (gamma1 = R2/R1) and 32APSK (gamma1 = R2/R1, gamma2 = R3/R1) ring ratios
 * for a code rate ("3/4", ...); throws std::invalid_argument for a rate without one. */
std::pair<float, float> dvbs2_apsk_gammas(const std::string& constellation, const std::string& rate);

/* The DVB-T2 rotation angle of a constellation, in degrees (QPSK 29, 16QAM 16.8, 64QAM 8.6,
 * 256QAM atan(1/16)); throws for the others. */
double dvbt2_rotation_degrees(const std::string& constellation);

/* name: bpsk, qpsk, 8psk, 16apsk, 32apsk (DVB-S2), 16qam, 64qam, 256qam (DVB-T2), or custom
 * (custom_points, used as given: no normalisation). APSK needs gamma1 (and gamma2 for 32APSK)
 * > 1, or a DVB-S2 rate. rotated: DVB-T2's rotation (QPSK and the QAMs only).
 * Throws std::invalid_argument naming what is wrong. */
constellation make_constellation(const std::string& name,
                                 const std::string& apsk_rate,
                                 float gamma1,
                                 float gamma2,
                                 bool rotated,
                                 const std::vector<gr_complex>& custom_points);

} // namespace demap
} // namespace ldpcgpu
} // namespace gr

#endif /* INCLUDED_LDPCGPU_SOFT_DEMAPPER_CONSTELLATIONS_H */
