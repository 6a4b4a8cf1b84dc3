/* gr-ldpcgpu: the decoder as a gr-fec FECAPI object (gr::fec::generic_decoder), for
 * fec.extended_decoder, fec.decoder, fec.tagged_decoder, fec.async_decoder and the BER curve
 * generator. */
#ifndef INCLUDED_LDPCGPU_FEC_DECODER_H
#define INCLUDED_LDPCGPU_FEC_DECODER_H

#include <gnuradio/fec/generic_decoder.h>
#include <gnuradio/ldpcgpu/api.h>
#include <gnuradio/ldpcgpu/decoder_defaults.h>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace gr {
namespace ldpcgpu {

/*!
 * \brief LDPC decoder for gr-fec's FECAPI: float soft bits in, k unpacked information bits
 * out per codeword, for every code the core knows.
 * \ingroup ldpcgpu
 *
 * \details
 * What gr-fec's wrappers feed it: extended_decoder (and the BER curve generator) pass their
 * float input straight through (get_input_conversion() "none", get_shift() 0). gr-fec's
 * convention is positive = bit 1 (its test chain maps bit 0 to -1 and bit 1 to +1), so
 * \p llr_positive_is_one defaults to true here, the opposite of this module's blocks; the core
 * applies the sign. The input times the LLR gain is the LLR. Give the noise as gr-fec's own
 * LDPC decoder definition asks for it: \p sigma, the standard deviation of the Gaussian noise
 * on gr-fec's +-1 soft symbols (gain 2 / sigma^2), or \p esn0_db, Es/N0 in dB of those
 * symbols (Es = 1, N0 = 2 sigma^2: gain 4 Es/N0); or the gain itself, \p llr_gain. At most one
 * of the three. Offset min-sum (the core's default algorithm) and int8/int16 messages depend on
 * the LLR scale: with gain 1 where 2 / sigma^2 belongs, frames that would decode fail.
 *
 * Frames: one call of generic_work() decodes get_input_size() / n codewords, \p frames_per_call
 * at first and, after set_frame_size(s), s / k; more codewords per call decode as one batch (the
 * CPU SIMD backend decodes a group of frames at once, the GPU thousands), at the cost of
 * latency and of the last incomplete group at the end of a stream, which gr-fec's decoder block
 * drops.
 *
 * Information bits of alist codes: \p info_placement "grfec" takes them where gr-fec's LDPC
 * encoder and decoder (fec.ldpc_encoder_make, fec.ldpc_decoder.make) put them for the same
 * alist file, so frames of either encoder decode with either decoder; "ldpcgpu" where this
 * module's blocks and numpy API put them; "auto" (default) is "grfec" for alist codes. The
 * standard codes (DVB, WiMAX, WiFi) carry their information bits first, as the standards do
 * ("auto" and "ldpcgpu"; "grfec" is refused for them).
 *
 * 5G NR "nr:K:E[:rvR][:qmQ]" codes: K information bits out per code block (the fillers
 * removed), from the E received LLRs (\p rate_matched true, the default: what fec_encoder's E
 * bits become over a channel; the decoder undoes the rate matching, on the GPU for the cuda
 * backend) or, with \p rate_matched false, from the n LLRs of the mother codeword (rate
 * recovery done upstream, e.g. ldpcgpu.nr_rate_recover). Other codes ignore the flag.
 * \p crc_stop "crc24a", "crc24b" or "crc16" (5G NR codes only): CRC-aided early stop, as
 * ldpc_decoder's (a code block also stops once its first K bits pass that CRC; get_iterations()
 * shows the saving); "none" (default) stops on the parity checks only.
 */
class LDPCGPU_API fec_decoder : public gr::fec::generic_decoder
{
public:
    /*!
     * \param code code name ("wimax:2304:1/2", "dvbt2:16200:3/5", "alist:/path/f.alist", ...)
     * \param backend "auto", "cuda", "cpu", "cpu-simd" or "cpu-reference"
     * \param max_iterations iterations per codeword at most (default: the core's)
     * \param algorithm "nms", "oms", "min-sum" or "sum-product" (default: the core's)
     * \param msg_format decoder arithmetic: "auto" (= "float"), "float", "int8", "int16" (the
     *        blocks' name; Python also takes the deprecated keyword message_format)
     * \param info_placement "auto", "grfec" or "ldpcgpu" (see above)
     * \param llr_positive_is_one true (default): positive input means bit 1, gr-fec's sign
     * \param llr_gain LLR = input * llr_gain (default 1: the input already is LLRs, unless
     *        sigma or esn0_db is given)
     * \param frames_per_call codewords per generic_work() call until set_frame_size()
     * \param early_termination stop a codeword as soon as every parity check holds
     * \param nms_alpha normalized min-sum factor (default code_default: the code's,
     *        default_nms_alpha(code))
     * \param oms_beta offset min-sum offset, LLR units (default code_default: the code's,
     *        default_oms_beta(code): 0.5 for 5G NR, WiMAX, WiFi and DVB 64800 r1/2, r3/5
     *        codes, else 0.25)
     * \param int8_scale int8/int16 messages: LLR * int8_scale (default: the core's)
     * \param fallback_to_cpu "cuda" without a usable GPU: use the CPU instead of throwing
     * \param sigma noise standard deviation of +-1 soft symbols: llr_gain = 2 / sigma^2 (0: not
     *        given)
     * \param esn0_db Es/N0 in dB of +-1 soft symbols: llr_gain = 4 * 10^(esn0_db / 10) (NaN:
     *        not given)
     * \param rate_matched nr:K:E codes: E received LLRs in per code block (default), else n
     * \param crc_stop CRC-aided early stop: "none", "crc24a", "crc24b" or "crc16" (NR codes)
     * Bad values throw: std::invalid_argument (Python ValueError) for info_placement,
     * msg_format, frames_per_call, llr_gain, sigma, esn0_db and more than one of the last three; the core's error (core_error, Python
     * LdpcError, a RuntimeError, with the core's message) for the code, backend, algorithm
     * and out-of-range numbers.
     */
    static gr::fec::generic_decoder::sptr
    make(const std::string& code,
         const std::string& backend = "auto",
         int max_iterations = default_max_iterations(),
         const std::string& algorithm = default_algorithm(),
         const std::string& msg_format = "auto",
         const std::string& info_placement = "auto",
         bool llr_positive_is_one = true,
         float llr_gain = 1.0f,
         int frames_per_call = 1,
         bool early_termination = true,
         float nms_alpha = code_default,
         float oms_beta = code_default,
         float int8_scale = default_int8_scale(),
         bool fallback_to_cpu = true,
         float sigma = 0.0f,
         float esn0_db = std::numeric_limits<float>::quiet_NaN(),
         bool rate_matched = true,
         const std::string& crc_stop = "none");

    /* The LLR gain of make()'s llr_gain, sigma and esn0_db (the one rule, also for Python and
     * GRC); throws std::invalid_argument for a bad value or more than one given. */
    static float llr_gain_for(float llr_gain, float sigma, float esn0_db);

    ~fec_decoder() override;

    /* gr::fec::generic_decoder */
    void generic_work(void* inbuffer, void* outbuffer) override;
    /* k / n, rounded up by one unit in the last place: gr-fec's async and tagged decoders
     * compute the output size as input size * rate() and truncate it. */
    double rate() override;
    int get_input_size() override;  /* codewords per call * n, or E (nr:K:E, rate_matched) */
    int get_output_size() override; /* codewords per call * k (bytes, one bit each) */
    int get_input_item_size() override;
    int get_output_item_size() override;
    const char* get_input_conversion() override;
    const char* get_output_conversion() override;
    float get_shift() override;
    int get_history() override;
    /* frame_size: decoded bits per call, a positive multiple of k (then true). A larger value
     * that is not a multiple (gr-fec's tagged decoder passes its MTU first) is rounded down to
     * one, with a warning, and false returned; below k throws std::invalid_argument. */
    bool set_frame_size(unsigned int frame_size) override;
    float get_iterations() override; /* average per codeword of the last call */

    /* What it was built with. */
    std::string code_name() const;
    int n() const;
    int k() const;
    std::string backend_name() const; /* after any fallback */
    std::string info_placement() const; /* "grfec" or "ldpcgpu" (never "auto") */
    std::vector<int> info_positions() const; /* codeword column of information bit i */
    std::string msg_format() const;
    std::string message_format() const { return msg_format(); } /* deprecated name */
    bool llr_positive_is_one() const;
    float llr_gain() const;
    int frames_per_call() const;

    void set_max_iterations(int max_iterations);
    int max_iterations() const;

    /* Counters since construction. */
    uint64_t frames_decoded() const;
    /* Frames still failing a parity check after the last iteration (which frames have wrong
     * information bits takes the bits sent: gr-fec's BER blocks count those). */
    uint64_t frames_parity_failed() const;
    uint64_t frames_failed() const { return frames_parity_failed(); } /* deprecated name */
    double average_iterations() const;

private:
    struct state;
    explicit fec_decoder(std::unique_ptr<state> s);
    std::unique_ptr<state> d;
};

} // namespace ldpcgpu
} // namespace gr

#endif /* INCLUDED_LDPCGPU_FEC_DECODER_H */
