/* Blind noise estimation for the soft demapper: N0 = E|n|^2 from the received symbols alone,
 * for any constellation, by their second and fourth moments (M2M4). With the signal power S,
 * the noise power N (complex Gaussian: E|n|^4 = 2 N^2) and the constellation's kurtosis
 * k = E|p|^4 / (E|p|^2)^2 over its equiprobable points, independent signal and noise give
 *   M2 = E|y|^2 = S + N,   M4 = E|y|^4 = k S^2 + 4 S N + 2 N^2 = (k - 2) S^2 + 2 M2^2,
 * so S = sqrt((2 M2^2 - M4) / (2 - k)) and N = M2 - S. k < 2 for every constellation the
 * block maps (PSK 1, 16QAM 1.32, 256QAM 1.39, APSK a little above 1), so the root exists; it
 * needs no decisions (no bias at low SNR, unlike the distance to the nearest point) and no
 * carrier phase. The moments are averaged over a sliding window of about `window` symbols
 * (exponential forgetting), so the estimate follows a changing channel. */
#ifndef INCLUDED_LDPCGPU_SOFT_DEMAPPER_NOISE_H
#define INCLUDED_LDPCGPU_SOFT_DEMAPPER_NOISE_H

#include <gnuradio/gr_complex.h>
#include <vector>

namespace gr {
namespace ldpcgpu {

class noise_estimator
{
public:
    /* points: the constellation (any scale: only its kurtosis is used) */
    noise_estimator(const std::vector<gr_complex>& points, double window = 65536.0);

    /* Adds n received symbols (non-finite ones are skipped) and returns the estimate of N0
     * over the window, at least M2 * 1e-5 (Es/N0 50 dB) so that LLRs stay finite. Before any
     * finite symbol was seen: 0. */
    float update(const gr_complex* y, int n);
    float estimate() const { return d_estimate; }
    double kurtosis() const { return d_kurtosis; }

private:
    double d_kurtosis;
    double d_window;
    double d_count = 0.0, d_m2 = 0.0, d_m4 = 0.0; /* windowed sums */
    float d_estimate = 0.0f;
};

} // namespace ldpcgpu
} // namespace gr

#endif
