/* The soft demapper's constellations (soft_demapper_constellations.h). The point orders are
 * those of gr-dtv's dvbs2_modulator_bc and dvbt2_modulator_bc (EN 302 307 and EN 302 755);
 * qa_soft_demapper.py maps every symbol value through those blocks and compares. */
#include "soft_demapper_constellations.h"
#include <ldpcgpu/demap.h>
#include <cmath>
#include <map>
#include <stdexcept>

namespace gr {
namespace ldpcgpu {
namespace demap {

namespace {

/* DVB-S2 (EN 302 307-1 table 9 and 10): ring ratios per code rate. */
const std::map<std::string, float> gamma_16apsk = {
    { "2/3", 3.15f }, { "3/4", 2.85f }, { "4/5", 2.75f },
    { "5/6", 2.70f }, { "8/9", 2.60f }, { "9/10", 2.57f },
};
const std::map<std::string, std::pair<float, float>> gamma_32apsk = {
    { "3/4", { 2.84f, 5.27f } }, { "4/5", { 2.72f, 4.87f } }, { "5/6", { 2.64f, 4.64f } },
    { "8/9", { 2.54f, 4.33f } }, { "9/10", { 2.53f, 4.30f } },
};

/* (ring, angle in units of pi / 24) of each symbol value, gr-dtv's order. */
struct polar {
    int ring;
    int angle;
};
const polar apsk16[16] = { { 2, 6 },  { 2, -6 }, { 2, 18 }, { 2, -18 }, { 2, 2 },  { 2, -2 },
                           { 2, 22 }, { 2, -22 }, { 2, 10 }, { 2, -10 }, { 2, 14 }, { 2, -14 },
                           { 1, 6 },  { 1, -6 }, { 1, 18 }, { 1, -18 } };
const polar apsk32[32] = {
    { 2, 6 },  { 2, 10 }, { 2, -6 },  { 2, -10 }, { 2, 18 }, { 2, 14 },  { 2, -18 }, { 2, -14 },
    { 3, 3 },  { 3, 9 },  { 3, -6 },  { 3, -12 }, { 3, 18 }, { 3, 12 },  { 3, -21 }, { 3, -15 },
    { 2, 2 },  { 1, 6 },  { 2, -2 },  { 1, -6 },  { 2, 22 }, { 1, 18 },  { 2, -22 }, { 1, -18 },
    { 3, 0 },  { 3, 6 },  { 3, -3 },  { 3, -9 },  { 3, 21 }, { 3, 15 },  { 3, 24 },  { 3, -18 }
};
/* 8PSK: angle of each symbol value in units of pi / 4 */
const int psk8[8] = { 1, 0, 4, 5, 2, 7, 3, 6 };

gr_complex from_polar(double radius, int angle_24ths)
{
    const double a = angle_24ths * M_PI / 24.0;
    return gr_complex(static_cast<float>(radius * std::cos(a)),
                      static_cast<float>(radius * std::sin(a)));
}

/* The axis label of a symbol value: its bits first, first + 2, ... (MSB first). */
int axis_label(int s, int bits, int first)
{
    int label = 0;
    for (int j = first; j < bits; j += 2)
        label = (label << 1) | ((s >> (bits - 1 - j)) & 1);
    return label;
}

void normalise(std::vector<gr_complex>& points, double& scale)
{
    double energy = 0.0;
    for (const gr_complex& p : points)
        energy += std::norm(p);
    scale = 1.0 / std::sqrt(energy / points.size());
    for (gr_complex& p : points)
        p *= static_cast<float>(scale);
}

void square_qam(constellation& c, int bits)
{
    const int axes = bits == 1 ? 1 : 2;
    const int axis_bits = bits / axes;
    c.bits = bits;
    c.axes = axes;
    c.points.resize(static_cast<size_t>(1) << bits);
    for (int s = 0; s < (1 << bits); s++) {
        const float re = ldpc_qam_axis_level(axis_label(s, bits, 0), axis_bits);
        const float im = axes == 2 ? ldpc_qam_axis_level(axis_label(s, bits, 1), axis_bits) : 0.0f;
        c.points[s] = gr_complex(re, im);
    }
    double scale = 1.0;
    normalise(c.points, scale);
    c.levels.resize(static_cast<size_t>(1) << axis_bits);
    for (int g = 0; g < (1 << axis_bits); g++)
        c.levels[g] = static_cast<float>(ldpc_qam_axis_level(g, axis_bits) * scale);
}

} // namespace

std::pair<float, float> dvbs2_apsk_gammas(const std::string& constellation, const std::string& rate)
{
    if (constellation == "16apsk") {
        auto it = gamma_16apsk.find(rate);
        if (it != gamma_16apsk.end())
            return { it->second, 0.0f };
    } else if (constellation == "32apsk") {
        auto it = gamma_32apsk.find(rate);
        if (it != gamma_32apsk.end())
            return it->second;
    } else {
        throw std::invalid_argument("dvbs2_apsk_gammas: constellation '" + constellation +
                                    "' is not 16apsk or 32apsk");
    }
    throw std::invalid_argument("dvbs2_apsk_gammas: DVB-S2 defines no " + constellation +
                                " for rate '" + rate + "' (16apsk: 2/3 3/4 4/5 5/6 8/9 9/10, "
                                "32apsk: 3/4 4/5 5/6 8/9 9/10)");
}

double dvbt2_rotation_degrees(const std::string& constellation)
{
    if (constellation == "qpsk")
        return 29.0;
    if (constellation == "16qam")
        return 16.8;
    if (constellation == "64qam")
        return 8.6;
    if (constellation == "256qam")
        return std::atan(1.0 / 16.0) * 180.0 / M_PI; /* 3.576334375 in gr-dtv and the standard */
    throw std::invalid_argument("soft_demapper: DVB-T2 rotates only qpsk, 16qam, 64qam and "
                                "256qam, not '" + constellation + "'");
}

constellation make_constellation(const std::string& name,
                                 const std::string& apsk_rate,
                                 float gamma1,
                                 float gamma2,
                                 bool rotated,
                                 const std::vector<gr_complex>& custom_points)
{
    constellation c;
    c.name = name;
    double scale = 1.0;
    if (name == "bpsk") {
        square_qam(c, 1);
    } else if (name == "qpsk") {
        square_qam(c, 2);
    } else if (name == "16qam") {
        square_qam(c, 4);
    } else if (name == "64qam") {
        square_qam(c, 6);
    } else if (name == "256qam") {
        square_qam(c, 8);
    } else if (name == "8psk") {
        c.bits = 3;
        for (int s = 0; s < 8; s++)
            c.points.push_back(from_polar(1.0, 6 * psk8[s]));
    } else if (name == "16apsk" || name == "32apsk") {
        const bool is16 = name == "16apsk";
        if (gamma1 <= 0.0f && gamma2 <= 0.0f) {
            if (apsk_rate.empty())
                throw std::invalid_argument("soft_demapper: " + name +
                                            " needs gamma1" + (is16 ? "" : " and gamma2") +
                                            " or a DVB-S2 rate (apsk_rate)");
            const auto g = dvbs2_apsk_gammas(name, apsk_rate);
            gamma1 = g.first;
            gamma2 = g.second;
        }
        if (!(gamma1 > 1.0f) || (!is16 && !(gamma2 > gamma1)))
            throw std::invalid_argument("soft_demapper: " + name + " ring ratios must be " +
                                        (is16 ? "gamma1 > 1" : "gamma2 > gamma1 > 1"));
        const double radius[4] = { 0.0, 1.0, gamma1, gamma2 };
        c.bits = is16 ? 4 : 5;
        for (int s = 0; s < (1 << c.bits); s++) {
            const polar p = is16 ? apsk16[s] : apsk32[s];
            c.points.push_back(from_polar(radius[p.ring], p.angle));
        }
    } else if (name == "custom") {
        const size_t m = custom_points.size();
        if (m < 2 || m > 4096 || (m & (m - 1)))
            throw std::invalid_argument("soft_demapper: custom points: a power of two, 2..4096, "
                                        "of them (got " + std::to_string(m) + ")");
        c.points = custom_points;
        for (c.bits = 0; (size_t(1) << c.bits) < m; c.bits++) {
        }
        if (rotated)
            throw std::invalid_argument("soft_demapper: rotated applies to the DVB-T2 "
                                        "constellations, not to custom points");
        return c;
    } else {
        throw std::invalid_argument("soft_demapper: unknown constellation '" + name +
                                    "' (bpsk, qpsk, 8psk, 16apsk, 32apsk, 16qam, 64qam, "
                                    "256qam, custom)");
    }
    if (c.axes == 0)
        normalise(c.points, scale);
    if (rotated) {
        const double phi = dvbt2_rotation_degrees(name) * M_PI / 180.0;
        const gr_complex r(static_cast<float>(std::cos(phi)), static_cast<float>(std::sin(phi)));
        for (gr_complex& p : c.points)
            p *= r;
        c.axes = 0; /* a rotated square QAM is no longer separable */
        c.levels.clear();
    }
    return c;
}

} // namespace demap
} // namespace ldpcgpu
} // namespace gr
