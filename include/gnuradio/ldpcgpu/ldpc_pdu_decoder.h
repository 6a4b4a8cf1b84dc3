/* gr-ldpcgpu: LDPC decoder for bursts carried as PDUs (messages). */
#ifndef INCLUDED_LDPCGPU_LDPC_PDU_DECODER_H
#define INCLUDED_LDPCGPU_LDPC_PDU_DECODER_H

#include <gnuradio/block.h>
#include <gnuradio/ldpcgpu/api.h>
#include <gnuradio/ldpcgpu/decoder_defaults.h>
#include <cstdint>
#include <string>
#include <vector>

namespace gr {
namespace ldpcgpu {

/*!
 * \brief LDPC decoder for PDUs, following gr-fec's async decoder conventions.
 * \ingroup ldpcgpu
 *
 * \details
 * Message port "in" takes a PDU (pair of a metadata dictionary and a vector): an f32vector of
 * LLRs, or an s8vector of int8 LLRs (round(LLR*int8_scale)). Its length must be a whole number
 * of frames (a multiple of n, or of E with rate_matched); other PDUs are dropped with an error
 * message and counted.
 * Message port "out" emits (metadata, u8vector) with the decoded bits of all frames, unpacked
 * (one bit per byte) or packed (8 per byte, MSB first, each frame starting on a byte).
 *
 * Metadata added: "ldpc_frames" (long), "ldpc_iterations" (long, the largest over the PDU's
 * frames), "ldpc_parity_ok" (bool, all frames), "ldpc_frame_iterations" (s32vector, per frame),
 * "ldpc_frame_parity_ok" (u8vector, per frame). Input metadata is kept.
 *
 * LLR sign: positive = 0 by default (this module's convention); gr-fec's decoders expect the
 * opposite, so set \p llr_positive_is_one when replacing a gr-fec async decoder fed from the
 * same soft source.
 *
 * \p msg_format ("float", "int8" or "int16") is the decoder's message arithmetic, as for
 * ldpc_decoder: float is the reference decoder's, int8 the fastest (see ldpc_decoder.h).
 *
 * Codes per PDU: with \p code_key set (default "code"), a PDU whose metadata holds that key
 * with a code name (a string, e.g. "dvbs2:64800:3/5" or "nr:1000:3000") is decoded as frames
 * of that code (its length a whole number of that code's n); without the key, as frames of
 * \p code. The decoder of another code is made on its first PDU, with this block's settings,
 * and kept (at most 64 other codes; a PDU naming a 65th is dropped, with an error, as is one
 * naming no code the core knows, or whose value is not a string: counted in pdus_dropped()).
 * 5G NR "nr:K:E" codes take the n = 68 Z / 52 Z LLRs of the mother codeword by default (their
 * E received LLRs placed back by ldpcgpu.nr_rate_recover, fillers certain, punctured bits 0);
 * with \p rate_matched, the E received LLRs themselves (a PDU: a whole number of E-LLR frames),
 * the decoder undoing the rate matching (on the GPU for the cuda backend). rate_matched applies
 * to every code's decoder: a PDU naming a code that is not "nr:K:E" is then dropped (counted).
 * The output is the k = K + fillers information bits. The output metadata says which code
 * decoded the PDU: "ldpc_code", its name as the metadata (or \p code) gave it.
 *
 * \p crc_stop ("none" (default), "crc24a", "crc24b" or "crc16"; 5G NR codes only): CRC-aided
 * early stop, as ldpc_decoder's (ldpc_decoder.h): with early termination a frame also stops
 * once its first K' bits pass that CRC; "ldpc_frame_iterations" shows the saving.
 *
 * HARQ soft combining: with \p harq_buffers N > 0 (and \p rate_matched; every code's decoder
 * keeps its own N buffers) a PDU's frames name their HARQ buffers in its metadata, with the
 * keys and values of ldpc_decoder's stream tags (ldpc_decoder.h): "harq_buffer" (0..N-1; -1 or
 * absent: the frame alone), "rv" (0..3; absent: the code's) and "harq_first" (bool or 0/1:
 * the buffer starts again). Each is a number for every frame of the PDU or a vector
 * (s32vector, s64vector, u8vector, or a PMT vector of numbers) of one per frame. Frames naming
 * one buffer combine in order, within a PDU and across PDUs. A bad value (another type, out of
 * range, a vector of another length) makes its frame decode alone (with its rv if valid, else
 * the code's) without touching a buffer; the output metadata then holds "harq_error", a
 * string naming each such frame and what was wrong, and harq_errors() counts them. With
 * \p harq_buffers 0 the keys are not read (the frames decode alone, the metadata is kept).
 *
 * The algorithm, max_iterations, int8_scale, nms_alpha and oms_beta defaults are the C core's
 * (decoder_defaults.h); nms_alpha and oms_beta default to code_default, the code's own
 * (default_oms_beta(code): 0.5 for 5G NR, WiMAX, WiFi and DVB 64800 r1/2, r3/5 codes, else
 * 0.25), for each code's decoder. Values outside their ranges throw (in Python:
 * ldpcgpu.LdpcError, a ValueError).
 */
class LDPCGPU_API ldpc_pdu_decoder : virtual public gr::block
{
public:
    typedef std::shared_ptr<ldpc_pdu_decoder> sptr;

    static sptr make(const std::string& code,
                     bool output_codeword = false,
                     bool packed_output = false,
                     const std::string& algorithm = default_algorithm(),
                     int max_iterations = default_max_iterations(),
                     bool early_termination = true,
                     const std::string& backend = "auto",
                     bool llr_positive_is_one = false,
                     float int8_scale = default_int8_scale(),
                     bool fallback_to_cpu = true,
                     const std::string& msg_format = "float",
                     float nms_alpha = code_default,
                     float oms_beta = code_default,
                     const std::string& code_key = "code",
                     bool rate_matched = false,
                     const std::string& crc_stop = "none",
                     int harq_buffers = 0);

    virtual void set_max_iterations(int max_iterations) = 0;
    virtual int max_iterations() const = 0;
    virtual void set_early_termination(bool enabled) = 0;
    virtual bool early_termination() const = 0;

    /* The block's code (PDUs without code_key metadata); code_name, n and k are its. */
    virtual std::string code_name() const = 0;
    virtual std::string code_key() const = 0;
    virtual std::string backend_name() const = 0;
    virtual int n() const = 0;
    virtual int k() const = 0;

    virtual uint64_t pdus_decoded() const = 0;
    virtual uint64_t pdus_dropped() const = 0; /* bad type, length or code */
    /* Frame counters over every code's decoder. */
    virtual uint64_t frames_decoded() const = 0;
    /* Frames still failing a parity check after the last iteration. Which frames came out
     * with wrong information bits a decoder cannot know without the bits sent; compare them
     * where you have them (ldpcgpu simulate and examples/llr_file_replay.py --reference do). A
     * frame that passes its checks can still be a wrong codeword (rare above the waterfall). */
    virtual uint64_t frames_parity_failed() const = 0;
    /* Deprecated name of frames_parity_failed(). */
    uint64_t frames_failed() const { return frames_parity_failed(); }
    /* Input LLRs beyond the int8 range, as for ldpc_decoder::saturated_llrs(). */
    virtual uint64_t saturated_llrs() const = 0;
    /* HARQ soft buffers per code's decoder (0: none), and frames whose HARQ entry was bad and
     * that were decoded alone (above). */
    virtual int harq_buffers() const = 0;
    virtual uint64_t harq_errors() const = 0;
};

} // namespace ldpcgpu
} // namespace gr

#endif /* INCLUDED_LDPCGPU_LDPC_PDU_DECODER_H */
