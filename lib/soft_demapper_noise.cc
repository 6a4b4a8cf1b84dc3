/* Blind noise estimation (soft_demapper_noise.h). */
#include "soft_demapper_noise.h"
#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gr {
namespace ldpcgpu {

noise_estimator::noise_estimator(const std::vector<gr_complex>& points, double window)
    : d_window(window)
{
    double p2 = 0.0, p4 = 0.0;
    for (const gr_complex& p : points) {
        const double e = std::norm(p);
        p2 += e;
        p4 += e * e;
    }
    if (points.empty() || !(p2 > 0.0))
        throw std::invalid_argument("noise_estimator: the constellation has no energy");
    p2 /= points.size();
    p4 /= points.size();
    d_kurtosis = p4 / (p2 * p2);
    if (!(d_kurtosis < 1.95))
        throw std::invalid_argument("noise_estimator: a constellation this close to Gaussian "
                                    "(kurtosis >= 1.95) cannot be told from its noise: give "
                                    "noise_var");
}

float noise_estimator::update(const gr_complex* y, int n)
{
    /* sums of this call: 8 float lanes over runs of at most 4096 symbols (an explicit order,
     * so the loop vectorises), each run's lanes added in double; non-finite symbols count 0 */
    constexpr int lanes = 8, run = 4096;
    double s2 = 0.0, s4 = 0.0;
    long used = 0;
    for (int r0 = 0; r0 < n; r0 += run) {
        const int r1 = std::min(n, r0 + run);
        float a2[lanes] = {}, a4[lanes] = {};
        int ok[lanes] = {};
        int i = r0;
        for (; i + lanes <= r1; i += lanes)
            for (int l = 0; l < lanes; l++) {
                const float re = y[i + l].real(), im = y[i + l].imag();
                const float e = re * re + im * im;
                const bool finite = e <= 1.0e18f; /* false for NaN, inf and what e * e overflows */
                a2[l] += finite ? e : 0.0f;
                a4[l] += finite ? e * e : 0.0f;
                ok[l] += finite ? 1 : 0;
            }
        for (; i < r1; i++) {
            const float e = std::norm(y[i]);
            if (e <= 1.0e18f) {
                a2[0] += e;
                a4[0] += e * e;
                ok[0]++;
            }
        }
        for (int l = 0; l < lanes; l++) {
            s2 += a2[l];
            s4 += a4[l];
            used += ok[l];
        }
    }
    if (used == 0)
        return d_estimate;
    const double keep = d_window / (d_window + used); /* forget the old in proportion */
    d_count = d_count * keep + used;
    d_m2 = d_m2 * keep + s2;
    d_m4 = d_m4 * keep + s4;
    const double m2 = d_m2 / d_count, m4 = d_m4 / d_count;
    const double s_sq = (2.0 * m2 * m2 - m4) / (2.0 - d_kurtosis);
    const double signal = std::sqrt(std::max(s_sq, 0.0));
    const double n0 = std::min(std::max(m2 - signal, m2 * 1e-5), m2);
    d_estimate = static_cast<float>(n0);
    return d_estimate;
}

} // namespace ldpcgpu
} // namespace gr
