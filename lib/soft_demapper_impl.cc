/* Soft demapper block: complex symbols in, bit LLRs out (float32 or int8). The LLR formula is
 * llr_formula's (soft_demapper_llr.h); this file measures distances, handles the noise
 * variance, the DVB-T2 cyclic Q delay, the sign and the int8 conversion. */
#include "soft_demapper_impl.h"
#include <ldpcgpu/decoder.h> /* ldpc_llr_scale_check */
#include <ldpcgpu/sim.h>     /* ldpc_llr_quantize_i8: the core's float -> int8 LLR rule */
#include <ldpcgpu/demap.h>   /* the demapper rule across many symbols */
#include <gnuradio/io_signature.h>
#include <volk/volk.h>
#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gr {
namespace ldpcgpu {

namespace {

/* symbols per inner pass: bounds the float scratch of the int8 output */
constexpr int chunk_symbols = 2048;

bool valid_noise_var(double v) { return std::isfinite(v) && v > 0.0; }
/* noise_var 0 asks for the estimate */
bool valid_noise_setting(double v) { return valid_noise_var(v) || v == 0.0; }

demap::constellation checked_constellation(const std::string& name,
                                           const std::string& apsk_rate,
                                           float gamma1,
                                           float gamma2,
                                           bool rotated,
                                           const std::vector<gr_complex>& points)
{
    if (name != "custom" && !points.empty())
        throw std::invalid_argument("soft_demapper: points are for constellation 'custom'");
    return demap::make_constellation(name, apsk_rate, gamma1, gamma2, rotated, points);
}

bool parse_method(const std::string& method)
{
    if (method == "exact")
        return true;
    if (method == "max-log")
        return false;
    throw std::invalid_argument("soft_demapper: method '" + method +
                                "' is not 'exact' or 'max-log'");
}

bool parse_output_type(const std::string& type)
{
    if (type == "int8")
        return true;
    if (type == "float")
        return false;
    throw std::invalid_argument("soft_demapper: output_type '" + type +
                                "' is not 'float' or 'int8'");
}

int bits_of(const demap::constellation& c) { return c.bits; }

} // namespace

soft_demapper::sptr soft_demapper::make(const std::string& constellation,
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
                                        const std::vector<gr_complex>& points)
{
    return gnuradio::make_block_sptr<soft_demapper_impl>(constellation,
                                                         noise_var,
                                                         method,
                                                         output_type,
                                                         int8_scale,
                                                         llr_positive_is_one,
                                                         noise_var_input,
                                                         apsk_rate,
                                                         gamma1,
                                                         gamma2,
                                                         rotated,
                                                         fec_frame_bits,
                                                         points);
}

std::vector<gr_complex> soft_demapper::constellation_points(const std::string& constellation,
                                                            const std::string& apsk_rate,
                                                            float gamma1,
                                                            float gamma2,
                                                            bool rotated)
{
    return demap::make_constellation(constellation, apsk_rate, gamma1, gamma2, rotated, {})
        .points;
}

soft_demapper_impl::soft_demapper_impl(const std::string& constellation,
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
                                       const std::vector<gr_complex>& points)
    : gr::sync_interpolator(
          "soft_demapper",
          noise_var_input
              ? gr::io_signature::makev(2, 2, { sizeof(gr_complex), sizeof(float) })
              : gr::io_signature::make(1, 1, sizeof(gr_complex)),
          gr::io_signature::make(1, 1, parse_output_type(output_type) ? 1 : sizeof(float)),
          static_cast<unsigned>(
              bits_of(checked_constellation(constellation, apsk_rate, gamma1, gamma2, rotated, points)))),
      d_const(checked_constellation(constellation, apsk_rate, gamma1, gamma2, rotated, points)),
      d_exact(parse_method(method)),
      d_int8(parse_output_type(output_type)),
      d_int8_scale(int8_scale),
      d_sign(llr_positive_is_one ? -1.0f : 1.0f),
      d_rotated(rotated),
      d_cells_per_block(0),
      d_formula(d_const.axes ? d_const.bits / d_const.axes : d_const.bits, d_exact),
      d_noise_var(noise_var > 0.0f ? noise_var : 1.0f), /* until the first estimate */
      d_estimating(noise_var == 0.0f),
      d_estimator(d_const.points),
      d_linear(d_const.axes > 0 && d_const.levels.size() == 2),
      d_lin_a(0.0f),
      d_lin_b(0.0f)
{
    if (!valid_noise_setting(noise_var))
        throw std::invalid_argument("soft_demapper: noise_var must be finite and > 0, or 0 to "
                                    "estimate it from the symbols");
    if (d_linear) {
        const float l0 = d_const.levels[0], l1 = d_const.levels[1];
        d_lin_a = 2.0f * (l0 - l1);
        d_lin_b = l1 * l1 - l0 * l0;
    }
    /* the decoders' int8 range (ldpc_llr_scale_range): the demapper does not know the code, so
     * it takes what some code takes; the decoder it feeds checks its own */
    if (d_int8 && ldpc_llr_scale_check(int8_scale, nullptr, nullptr) != LDPC_OK)
        throw std::invalid_argument(std::string("soft_demapper: int8_scale: ") +
                                    ldpc_last_error());
    if (rotated) {
        if (fec_frame_bits <= 0 || fec_frame_bits % d_const.bits)
            throw std::invalid_argument("soft_demapper: fec_frame_bits must be a positive "
                                        "multiple of the bits per symbol");
        d_cells_per_block = fec_frame_bits / d_const.bits;
        d_cells.resize(static_cast<size_t>(d_cells_per_block));
        set_output_multiple(fec_frame_bits);
    }
    d_metric.resize(d_const.axes ? d_const.levels.size() : d_const.points.size());
    if (d_int8)
        d_llr.resize(static_cast<size_t>(chunk_symbols) * d_const.bits);

    message_port_register_in(pmt::mp("noise_var"));
    set_msg_handler(pmt::mp("noise_var"), [this](const pmt::pmt_t& msg) { handle_noise_var(msg); });
}

void soft_demapper_impl::set_noise_var(float noise_var)
{
    if (!valid_noise_setting(noise_var))
        throw std::invalid_argument("soft_demapper: noise_var must be finite and > 0, or 0 to "
                                    "estimate it from the symbols");
    if (noise_var > 0.0f)
        d_noise_var.store(noise_var);
    d_estimating.store(noise_var == 0.0f);
}

void soft_demapper_impl::handle_noise_var(const pmt::pmt_t& msg)
{
    pmt::pmt_t value = msg;
    const pmt::pmt_t key = pmt::mp("noise_var");
    if (pmt::is_dict(msg) && pmt::dict_has_key(msg, key))
        value = pmt::dict_ref(msg, key, pmt::PMT_NIL);
    else if (pmt::is_pair(msg) && pmt::eqv(pmt::car(msg), key))
        value = pmt::cdr(msg);
    if (pmt::is_number(value) && !pmt::is_complex(value) && valid_noise_setting(pmt::to_double(value))) {
        const float v = static_cast<float>(pmt::to_double(value));
        if (v > 0.0f)
            d_noise_var.store(v);
        d_estimating.store(v == 0.0f);
        return;
    }
    d_logger->warn("noise_var message ignored (not a finite positive number, nor a pair or "
                   "dict with one under 'noise_var'): {}",
                   pmt::write_string(msg));
}

void soft_demapper_impl::demap(gr_complex y, float inv_n0, float* llr)
{
    const int bits = d_const.bits;
    if (!std::isfinite(y.real()) || !std::isfinite(y.imag())) {
        std::fill(llr, llr + bits, 0.0f); /* nothing received: no information */
        return;
    }
    float* m = d_metric.data();
    if (d_const.axes) {
        /* square QAM: the likelihood factorises over the axes, and so do the labels, so each
         * axis's bits have the LLRs of its one-dimensional constellation (the same numbers as
         * the 2-D sums, at sqrt(M) instead of M points) */
        const int levels = static_cast<int>(d_const.levels.size());
        const float* level = d_const.levels.data();
        for (int axis = 0; axis < d_const.axes; axis++) {
            const float v = axis ? y.imag() : y.real();
            for (int g = 0; g < levels; g++) {
                const float e = v - level[g];
                m[g] = e * e * inv_n0;
            }
            d_formula.compute(m, llr + axis, d_const.axes);
        }
        return;
    }
    volk_32fc_x2_s32f_square_dist_scalar_mult_32f(
        m, &y, d_const.points.data(), inv_n0, static_cast<unsigned>(d_const.points.size()));
    d_formula.compute(m, llr, 1);
}

void soft_demapper_impl::demap_linear(const gr_complex* y, const float* noise, int n, float* out)
{
    const bool qpsk = d_const.axes == 2;
    const float inv = d_sign / d_noise_var.load(), a = d_lin_a * inv, b = d_lin_b * inv;
    const float* v = reinterpret_cast<const float*>(y); /* re, im, re, im, ... */
    if (!noise && qpsk && b == 0.0f) {
        /* symmetric levels (every built-in): one vector multiply over the re/im floats */
        volk_32f_s32f_multiply_32f(out, v, a, static_cast<unsigned>(2 * n));
    } else if (!noise) {
        if (qpsk)
            for (int i = 0; i < 2 * n; i++)
                out[i] = a * v[i] + b;
        else
            for (int i = 0; i < n; i++)
                out[i] = a * v[2 * i] + b;
    } else {
        const float fixed = d_noise_var.load();
        for (int i = 0; i < n; i++) {
            const float nv = valid_noise_var(noise[i]) ? noise[i] : fixed;
            const float k = d_sign / nv, ai = d_lin_a * k, bi = d_lin_b * k;
            if (qpsk) {
                out[2 * i] = ai * v[2 * i] + bi;
                out[2 * i + 1] = ai * v[2 * i + 1] + bi;
            } else {
                out[i] = ai * v[2 * i] + bi;
            }
        }
    }
    /* a symbol that is not finite carries no information: LLRs 0, as the general path */
    const int bits = d_const.bits;
    for (int i = 0; i < n; i++)
        if (!(std::isfinite(v[2 * i]) && std::isfinite(v[2 * i + 1])))
            std::fill(out + static_cast<size_t>(i) * bits, out + static_cast<size_t>(i + 1) * bits, 0.0f);
}

void soft_demapper_impl::demap_run(const gr_complex* y, const float* noise, int n, float* out)
{
    if (d_linear) {
        demap_linear(y, noise, n, out);
        return;
    }
    const int bits = d_const.bits;
    const float fixed_inv_n0 = 1.0f / d_noise_var.load();
    const float* inv = nullptr;
    if (noise) { /* 1/N0 per symbol; invalid values take the parameter's (or the estimate) */
        d_inv.resize(static_cast<size_t>(n));
        for (int i = 0; i < n; i++)
            d_inv[i] = valid_noise_var(noise[i]) ? 1.0f / noise[i] : fixed_inv_n0;
        inv = d_inv.data();
    }
    /* the core's rule across 16 symbols (or axis values) at a time (ldpc_demap_axis_values,
     * ldpc_demap_symbols); its arguments are valid by construction, so it returns LDPC_OK */
    const ldpc_demap_method method = d_exact ? LDPC_DEMAP_EXACT : LDPC_DEMAP_MAX_LOG;
    const float* iq = reinterpret_cast<const float*>(y);
    bool done = true;
    if (d_const.axes == 2) {
        ldpc_demap_axis_values(iq, static_cast<size_t>(2 * n), 2, d_const.levels.data(),
                               bits / 2, inv, fixed_inv_n0, method, out);
        /* a symbol with one axis not finite has no information: all its LLRs 0 */
        for (int i = 0; i < n; i++)
            if (!(std::isfinite(iq[2 * i]) && std::isfinite(iq[2 * i + 1])))
                std::fill(out + static_cast<size_t>(i) * bits,
                          out + static_cast<size_t>(i + 1) * bits, 0.0f);
    } else if (d_const.axes == 0 && (bits <= 6 || (bits <= 8 && !d_exact))) {
        /* up to 64 points (8PSK, APSK, rotated QPSK to 64QAM), and max-log up to 256; the
         * exact form of more points is faster one symbol at a time with VOLK's exp, where 16
         * lanes of metrics and exponentials outgrow the L1 cache (measured: rotated 256QAM
         * exact 1.0 against 1.27 us a symbol; max-log 0.15 against 0.34 us in lanes) */
        ldpc_demap_symbols(iq, static_cast<size_t>(n),
                           reinterpret_cast<const float*>(d_const.points.data()), bits, inv,
                           fixed_inv_n0, method, out);
    } else {
        done = false;
    }
    if (done) {
        if (d_sign < 0.0f)
            for (int i = 0; i < n * bits; i++)
                out[i] = -out[i];
        return;
    }
    /* 2-D constellations of 7..12 bits: one symbol at a time */
    const float fixed_nv = d_noise_var.load();
    const float fixed_inv = 1.0f / fixed_nv;
    for (int i = 0; i < n; i++) {
        float inv = fixed_inv;
        if (noise && valid_noise_var(noise[i]))
            inv = 1.0f / noise[i];
        demap(y[i], inv, out + static_cast<size_t>(i) * bits);
    }
    if (d_sign < 0.0f)
        for (int i = 0; i < n * bits; i++)
            out[i] = -out[i];
}

int soft_demapper_impl::work(int noutput_items,
                             gr_vector_const_void_star& input_items,
                             gr_vector_void_star& output_items)
{
    const int bits = d_const.bits;
    const int nsym = noutput_items / bits;
    const gr_complex* y = static_cast<const gr_complex*>(input_items[0]);
    const float* noise = input_items.size() > 1 ? static_cast<const float*>(input_items[1]) : nullptr;

    /* DVB-T2 rotated: cell i's imaginary part arrived in cell i + 1 of its FEC block (the
     * first cell's in the last: the modulator's cyclic Q delay); put it back, block by block
     * (set_output_multiple keeps work to whole blocks) */
    const int block = d_rotated ? d_cells_per_block : nsym;
    for (int b0 = 0; b0 < nsym; b0 += block) {
        const gr_complex* cells = y + b0;
        if (d_rotated) {
            for (int i = 0; i < block; i++) {
                const int next = i + 1 < block ? i + 1 : 0;
                d_cells[i] = gr_complex(y[b0 + i].real(), y[b0 + next].imag());
            }
            cells = d_cells.data();
        }
        const float* nv = noise ? noise + b0 : nullptr;
        if (!noise && d_estimating.load()) {
            const float n0 = d_estimator.update(cells, block);
            if (n0 > 0.0f)
                d_noise_var.store(n0);
        }
        if (!d_int8) {
            float* out = static_cast<float*>(output_items[0]) + static_cast<size_t>(b0) * bits;
            demap_run(cells, nv, block, out);
            continue;
        }
        int8_t* out = static_cast<int8_t*>(output_items[0]) + static_cast<size_t>(b0) * bits;
        for (int c0 = 0; c0 < block; c0 += chunk_symbols) {
            const int n = std::min(chunk_symbols, block - c0);
            demap_run(cells + c0, nv ? nv + c0 : nullptr, n, d_llr.data());
            int8_t* dst = out + static_cast<size_t>(c0) * bits;
            ldpc_llr_quantize_i8(d_llr.data(), static_cast<size_t>(n) * bits, d_int8_scale, dst);
        }
    }
    return nsym * bits;
}

} // namespace ldpcgpu
} // namespace gr
