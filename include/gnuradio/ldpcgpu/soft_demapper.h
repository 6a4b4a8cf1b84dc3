/* gr-ldpcgpu: soft demapper block (complex symbols in, bit LLRs out). */
#ifndef INCLUDED_LDPCGPU_SOFT_DEMAPPER_H
#define INCLUDED_LDPCGPU_SOFT_DEMAPPER_H

#include <gnuradio/gr_complex.h>
#include <gnuradio/ldpcgpu/api.h>
#include <gnuradio/ldpcgpu/decoder_defaults.h>
#include <gnuradio/sync_interpolator.h>
#include <string>
#include <vector>

namespace gr {
namespace ldpcgpu {

/*!
 * \brief Soft demapper: each complex symbol in becomes its n_bits bit LLRs out.
 * \ingroup ldpcgpu
 *
 * \details
 * LLR_j = ln P(b_j = 0 | y) / P(b_j = 1 | y) for complex AWGN of variance N0 = E|n|^2
 * (noise_var; GNU Radio's complex Noise Source of amplitude a gives N0 = a^2), equiprobable
 * symbols, metric m_s = |y - p_s|^2 / N0:
 *   exact (log-sum-exp):  LLR_j = ln sum_{b_j(s)=0} exp(-m_s) - ln sum_{b_j(s)=1} exp(-m_s)
 *   max-log:              LLR_j = min_{b_j(s)=1} m_s - min_{b_j(s)=0} m_s
 * Positive means 0 (this module's convention, the decoder's default); llr_positive_is_one
 * gives gr-fec's / gr-digital's sign. Float LLRs are not clipped; int8 LLRs are the core's rule
 * round(LLR * int8_scale) clamped to +-127 (give the decoder the same int8_scale).
 * A symbol that is not finite gives LLRs 0 (no information).
 *
 * Constellations (built-in ones at unit average energy, so Es/N0 = 1 / noise_var):
 *  - "bpsk" (0 -> +1, 1 -> -1, the real axis), "qpsk" (DVB-S2/T2: (1-2b0, 1-2b1)/sqrt 2),
 *    "8psk", "16apsk", "32apsk" (DVB-S2, symbol values and points as gr-dtv's
 *    dvbs2_modulator_bc; APSK ring ratios gamma1 = R2/R1 and, for 32APSK, gamma2 = R3/R1, or
 *    the standard's for a DVB-S2 code rate apsk_rate such as "3/4"),
 *  - "16qam", "64qam", "256qam" (DVB-T2's Gray mapping as gr-dtv's dvbt2_modulator_bc: the
 *    real axis carries bits 0, 2, 4, ..., the imaginary axis bits 1, 3, 5, ...),
 *  - "custom": points[s] carries the bits of s, MSB first (gr-digital's constellation
 *    objects: points = constellation.points()), used as given.
 * Bit order: the first LLR of a symbol is the MSB of the symbol value the modulator took.
 *
 * rotated: DVB-T2 rotated constellations (QPSK 29 deg, 16QAM 16.8, 64QAM 8.6, 256QAM
 * atan(1/16)) with the cyclic Q delay of dvbt2_modulator_bc: the imaginary part of cell i of a
 * FEC block was sent in cell i + 1 (the last cell's in the first). The block then works on whole
 * FEC blocks of fec_frame_bits / n_bits cells and the stream must start on one.
 *
 * Noise variance: estimated from the received symbols when noise_var is 0 (the default): blind,
 * for every constellation, from the second and fourth moments of the symbols over a sliding
 * window of about 65536 symbols (M2M4 with the constellation's own kurtosis: no decisions, no
 * carrier phase needed; lib/soft_demapper_noise.h); noise_var() then returns the current
 * estimate. Or given: the noise_var parameter (set_noise_var() at run time, 0 to go back to
 * estimating, or a message to port "noise_var": a number, or a pair or dict whose "noise_var"
 * entry is one), or, with noise_var_input, a second input stream of float32, one noise
 * variance per symbol. Values that are not finite and positive (or 0) are ignored
 * (set_noise_var raises ValueError; the stream's symbol then uses the parameter or estimate).
 *
 * Speed: BPSK and QPSK LLRs are linear in the received value (the exact and max-log forms are
 * both (m_1 - m_0) there), computed as one vector multiply (VOLK) and, for int8, the core's
 * vectorised quantiser, per run of symbols.
 */
class LDPCGPU_API soft_demapper : virtual public gr::sync_interpolator
{
public:
    typedef std::shared_ptr<soft_demapper> sptr;

    /*!
     * \param constellation bpsk, qpsk, 8psk, 16apsk, 32apsk, 16qam, 64qam, 256qam or custom
     * \param noise_var N0 = E|n|^2 (> 0), or 0 (default): estimate it from the symbols
     * \param method "exact" (log-sum-exp) or "max-log"
     * \param output_type "float" (float32 LLRs) or "int8"
     * \param int8_scale int8 LLR = round(LLR * int8_scale), clamped to +-127
     * \param llr_positive_is_one gr-fec's sign (positive = 1) instead of positive = 0
     * \param noise_var_input take the noise variance from a second (float) input stream
     * \param apsk_rate DVB-S2 code rate whose ring ratios 16/32APSK use ("" = gamma1/gamma2)
     * \param gamma1 16/32APSK R2/R1 (0 = from apsk_rate)
     * \param gamma2 32APSK R3/R1 (0 = from apsk_rate)
     * \param rotated DVB-T2 rotated constellation with cyclic Q delay
     * \param fec_frame_bits bits per FEC block (64800 or 16200), for rotated only
     * \param points the points of a "custom" constellation
     */
    static sptr make(const std::string& constellation = "qpsk",
                     float noise_var = 0.0f,
                     const std::string& method = "exact",
                     const std::string& output_type = "float",
                     float int8_scale = default_int8_scale(),
                     bool llr_positive_is_one = false,
                     bool noise_var_input = false,
                     const std::string& apsk_rate = "",
                     float gamma1 = 0.0f,
                     float gamma2 = 0.0f,
                     bool rotated = false,
                     int fec_frame_bits = 64800,
                     const std::vector<gr_complex>& points = std::vector<gr_complex>());

    /*! The points of a built-in constellation as the block uses them (index = bit label). */
    static std::vector<gr_complex> constellation_points(const std::string& constellation,
                                                        const std::string& apsk_rate = "",
                                                        float gamma1 = 0.0f,
                                                        float gamma2 = 0.0f,
                                                        bool rotated = false);

    virtual void set_noise_var(float noise_var) = 0;
    virtual float noise_var() const = 0; /* given, or the current estimate */
    virtual bool estimating_noise() const = 0; /* noise_var 0: estimated from the symbols */
    virtual int bits_per_symbol() const = 0;
    virtual std::vector<gr_complex> points() const = 0;
    virtual std::string constellation() const = 0;
    virtual std::string method() const = 0;
    virtual std::string output_type() const = 0;
    virtual float int8_scale() const = 0;
    virtual bool llr_positive_is_one() const = 0;
    virtual bool rotated() const = 0;
};

} // namespace ldpcgpu
} // namespace gr

#endif /* INCLUDED_LDPCGPU_SOFT_DEMAPPER_H */
