/* gr-ldpcgpu: streaming LDPC decoder block (LLRs in, bits out) over the C core's batch API. */
#ifndef INCLUDED_LDPCGPU_LDPC_DECODER_H
#define INCLUDED_LDPCGPU_LDPC_DECODER_H

#include <gnuradio/block.h>
#include <gnuradio/ldpcgpu/api.h>
#include <gnuradio/ldpcgpu/decoder_defaults.h>
#include <cstdint>
#include <string>
#include <vector>

namespace gr {
namespace ldpcgpu {

/*!
 * \brief LDPC decoder: a stream of soft bits (LLRs) in, decoded bits out.
 * \ingroup ldpcgpu
 *
 * \details
 * Every n input items (n = code length) are one frame. Frames are copied once, straight into
 * the decoder's batch staging memory, and decoded in batches of \p batch_frames frames on the
 * chosen backend (CUDA GPU or CPU) with several batches in flight. Output per frame: the k
 * information bits or all n code bits, one bit per byte (unpacked) or 8 bits per byte, MSB
 * first (packed).
 *
 * LLR convention: LLR = ln(P(0)/P(1)), positive means 0 (gr-dtv, gr-dvbs2rx, this module's
 * encoder followed by a soft demapper with the standard constellation). Set
 * \p llr_positive_is_one for gr-fec's opposite sign. int8 input carries round(LLR*int8_scale).
 *
 * Batching: a batch is submitted when it is full, or early when no more input is waiting and
 * the backend is idle (so latency stays low at low input rates), or at the end of the stream.
 * At the end of the stream the last, partial batch is flushed: no complete frame is lost.
 * A stream that ends in the middle of a frame drops the incomplete frame with a warning (counted
 * in partial_frames_dropped()). Frames still pending when the flowgraph is stopped from outside
 * (top_block.stop()) are discarded.
 *
 * Per-frame results (frame_tags): by default ("batch") ONE tag per run of frames written out
 * together (at most one decoder batch), on the first output item of the run's first frame, key
 * "ldpc_frames", value a PMT dictionary:
 *   "ldpc_frames"           long: number of frames the tag describes, consecutive from here
 *   "ldpc_frame_items"      long: output items per frame (output_items_per_frame())
 *   "ldpc_frame_iterations" s32vector: iterations of each frame
 *   "ldpc_frame_parity_ok"  u8vector: 1 where every parity check of the frame holds
 *   "ldpc_frame_latency_ns" f64vector: nanoseconds from this block taking the frame in (its
 *                           last LLR having arrived) to its bits being written out (whole
 *                           numbers; f64 because GNU Radio 3.10's pmt.to_python cannot convert
 *                           a u64vector)
 * Frame i of the tag starts at tag.offset + i * ldpc_frame_items. The per-frame keys are those
 * of ldpc_pdu_decoder's metadata. Why not a tag per frame: GNU Radio's cost is per tag (insert
 * into the buffer's tag store, copy to each reader, prune), and on a GPU, at millions of frames
 * per second, three tags a frame held a WiMAX 2304 flowgraph to 0.14 - 0.6 of a copy
 * flowgraph's speed (docs/benchmarks-flowgraph.md); one tag per run of frames is cheap enough
 * to leave on.
 * frame_tags "all": instead three tags on the first output item of every frame,
 * "ldpc_iterations" (long), "ldpc_parity_ok" (bool), "ldpc_latency_ns" (uint64) -- convenient
 * for a Tag Debug sink at low frame rates, expensive at high ones; "failed": those three tags
 * on frames whose parity checks do not all hold; "none": no result tags (counters only).
 * In every mode the frame's input tags are carried to its output, at the proportional
 * position inside the frame, and the counters are kept.
 *
 * Message format: \p msg_format is the arithmetic of the decoder's internal messages:
 * "auto" (default: int8 for int8 input, float for float input), "float", "int8" or "int16"
 * (fixed point, LLR * int8_scale, the APP kept exact). int8 is the fast format of the GPU, held
 * within the bound of docs/quality.md of float's error rate in every setting measured: input
 * that is already 8-bit gains nothing from float messages, and on the GPU they cost a DVB-T2
 * flowgraph two thirds of its speed. The cpu-reference backend always computes in float.
 *
 * Frame alignment: with \p frame_start_tag set, an input tag of that key marks the first LLR of
 * a frame. If it appears inside a frame, the items before it (a partial frame after a gap) are
 * dropped with a warning (counted in partial_frames_dropped()) and decoding realigns on it. *
 * Frames of several codes (a DVB-S2 ACM/VCM stream, whose PL header names each frame's MODCOD;
 * NR code blocks): with \p code_tag set, the block decodes the codes of its list, \p code
 * (index 0) followed by \p codes (index 1, 2, ...), and an input tag of key \p code_tag on a
 * frame's first LLR sets the code of that frame and of the frames after it until the next
 * such tag (the first frames, before any tag, are of \p code). Its value names the code: a
 * string (symbol) equal to a name of the list or to that code's canonical name
 * ("dvbs2:64800:3/5"), or an integer index into the list. A frame is the n LLRs of its code
 * (E with \p rate_matched, below), so the tag also marks where a frame starts: a code tag (or a \p frame_start_tag) strictly
 * inside a frame drops the items before it as a partial frame, as above. Output per frame:
 * its code's output items, the first one tagged \p code_tag with the code's canonical name
 * (a string), whatever the input tag was; the input code tags themselves are not carried
 * over. frame_tags "batch" puts one "ldpc_frames" tag on each run of consecutive frames of one
 * code (ldpc_frame_items is that code's). A code tag naming no code of the list (an unknown
 * name, an index out of range, another type): the LLRs from it to the next code or frame
 * start tag are dropped, counted (frames_skipped(), one per such tag), logged as a warning,
 * and the next frame written out carries a tag "ldpc_skipped", a dictionary of "code" (the
 * tag's value) and "llrs" (how many were dropped). Every other frame comes out, in order.
 * Frames of a code tag are decoded in synchronous calls of ldpc_multi_decoder of up to
 * \p batch_frames frames (default 32 a code, 64..256), each as soon as no whole frame is left at
 * the input; the cuda backend decodes each code's frames of a call with that code's launches.
 *
 * 5G NR rate-matched input: with \p rate_matched, a frame of a rate-matched NR code
 * ("nr:K:E[:rvR][:qmQ]") is its E received LLRs (after the Qm bit interleaving, as a soft
 * demapper writes them) instead of the n LLRs of the mother codeword; the decoder undoes the
 * rate matching (on the GPU for the cuda backend; fillers certain zeros, punctured and unsent
 * bits 0, repeated bits added). input_items_per_frame() is then E; the output stays the k =
 * K + fillers information bits (or n code bits). For a single code other than "nr:K:E" the
 * flag is refused; with \p code_tag it applies to the rate-matched NR codes of the list, and
 * the others keep frames of n LLRs.
 *
 * CRC-aided early stop: \p crc_stop "crc24a", "crc24b" or "crc16" (5G NR codes only; every
 * code of the list with \p code_tag) also stops a frame, with early termination on, after the
 * first iteration whose first K' bits pass that CRC of 38.212 5.1 ("crc24b" for the code
 * blocks of a segmented transport block, "crc24a" / "crc16" for a lone one); "none" (default)
 * stops on the parity checks only. The per-frame iterations in the result tags show the
 * saving; ldpc_frame_parity_ok stays the syndrome's, so a frame stopped by its CRC may report
 * parity 0 with correct bits (check the CRC downstream).
 *
 * HARQ soft combining (5G NR incremental redundancy): with \p harq_buffers N > 0 (a single
 * "nr:K:E" code with \p rate_matched; refused otherwise, and with \p code_tag) the decoder
 * keeps N soft buffers of the code's n LLRs (on the GPU for the cuda backend) and each frame's
 * HARQ entry comes from input tags on its first LLR (they apply to that frame only):
 *   "harq_buffer" (long, 0..N-1): the frame is added into that buffer (its E LLRs recovered
 *                 with its own rv) and the buffer's values are decoded; -1 or no such tag: the
 *                 frame is decoded alone, as without HARQ buffers;
 *   "rv" (long, 0..3): the redundancy version the frame was sent with (also for a frame
 *                 alone); no tag: the code's (":rvR" of its name, else 0);
 *   "harq_first" (bool, or long 0/1): true starts the buffer again from zero (new data: the
 *                 code block's first transmission); no tag: false, added to what it holds.
 * Frames naming one buffer combine in stream order (the block submits a batch early rather
 * than put one buffer twice in a batch). Every frame still gives one output frame, in order,
 * whose first output item carries the frame's input tags, so the harq_buffer, rv and
 * harq_first tags come out with the frame's bits. A bad entry -- a value of another type or
 * out of range, a key tagged twice on a frame with different values, or one of these keys
 * tagged anywhere but on a frame's first LLR -- does not touch any buffer: the frame is decoded
 * alone (with its rv if valid, else the code's), its first output item gets a tag
 * "harq_error" (a string: what was wrong), harq_errors() counts it and the first 8 are
 * logged as warnings. With \p harq_buffers 0 the three keys are ordinary tags, carried over.
 */
class LDPCGPU_API ldpc_decoder : virtual public gr::block
{
public:
    typedef std::shared_ptr<ldpc_decoder> sptr;

    /*!
     * \param code code name ("dvbt2:64800:1/2", "wimax:2304:1/2", "wifi:1944:3/4",
     *             "alist:/path/file.alist")
     * \param input_type "float" (float32 LLRs) or "int8" (signed 8-bit LLRs)
     * \param output_codeword false: k information bits per frame; true: all n code bits
     * \param packed_output false: one bit per byte; true: 8 bits per byte, MSB first
     * \param algorithm "nms", "oms", "min-sum" or "sum-product"
     *                  (default: the core's, default_algorithm())
     * \param max_iterations iterations per frame (1..10000; default: the core's,
     *                  default_max_iterations())
     * \param early_termination stop a frame as soon as all parity checks hold
     * \param backend "auto", "cuda", "cpu", "cpu-reference" or "cpu-simd"
     * \param batch_frames frames per batch (0: the backend's choice)
     * \param batches_in_flight batch slots (0: the backend's choice)
     * \param num_streams CUDA streams per device (0: the backend's choice)
     * \param devices CUDA device ids to use (empty: device 0)
     * \param llr_positive_is_one true for gr-fec's sign convention (positive = 1)
     * \param int8_scale int8 LLR = round(LLR * int8_scale)
     * \param frame_start_tag tag key that marks a frame's first LLR ("" = none)
     * \param fallback_to_cpu if the CUDA backend is unusable, use the CPU (else throw)
     * \param msg_format decoder message arithmetic: "auto", "float", "int8" or "int16"
     * \param frame_tags per-frame results: "batch" (one "ldpc_frames" tag per run of frames),
     *                  "all" (three tags a frame), "failed" (three tags a failed frame), "none"
     * \param nms_alpha normalized min-sum factor, in (0, 1] (default code_default: the
     *                  code's, default_nms_alpha(code))
     * \param oms_beta offset min-sum offset in LLR units, in [0, 100) (default code_default:
     *                  the code's, default_oms_beta(code): 0.5 for 5G NR, WiMAX, WiFi
     *                  and DVB 64800 r1/2, r3/5 codes, else 0.25;
     *                  with code_tag, those of \p code)
     * \param code_tag tag key that names each frame's code ("" = one code, \p code)
     * \param codes with \p code_tag: the codes after \p code that frames may have
     * \param rate_matched frames of a rate-matched NR code are its E received LLRs (above)
     * \param crc_stop CRC-aided early stop: "none", "crc24a", "crc24b" or "crc16" (above)
     * \param harq_buffers HARQ soft buffers (0: off; 1..2^20, rate_matched NR code; above)
     * Every default not written out is the C core's (decoder_defaults.h). A value outside
     * its range throws (std::invalid_argument for an unknown name, gr::ldpcgpu::core_error
     * from the core; both are ldpcgpu.LdpcError, a ValueError, in Python).
     */
    static sptr make(const std::string& code,
                     const std::string& input_type = "float",
                     bool output_codeword = false,
                     bool packed_output = false,
                     const std::string& algorithm = default_algorithm(),
                     int max_iterations = default_max_iterations(),
                     bool early_termination = true,
                     const std::string& backend = "auto",
                     int batch_frames = 0,
                     int batches_in_flight = 0,
                     int num_streams = 0,
                     const std::vector<int>& devices = std::vector<int>(),
                     bool llr_positive_is_one = false,
                     float int8_scale = default_int8_scale(),
                     const std::string& frame_start_tag = "",
                     bool fallback_to_cpu = true,
                     const std::string& msg_format = "auto",
                     const std::string& frame_tags = "batch",
                     float nms_alpha = code_default,
                     float oms_beta = code_default,
                     const std::string& code_tag = "",
                     const std::vector<std::string>& codes = std::vector<std::string>(),
                     bool rate_matched = false,
                     const std::string& crc_stop = "none",
                     int harq_buffers = 0);

    /* Runtime settings: take effect for batches submitted afterwards. */
    virtual void set_max_iterations(int max_iterations) = 0;
    virtual int max_iterations() const = 0;
    virtual void set_early_termination(bool enabled) = 0;
    virtual bool early_termination() const = 0;

    /* What the block was built with (with code_tag: code_name, n, k and the items per frame
     * are those of its first code, \p code). */
    virtual std::string code_name() const = 0;
    virtual std::string backend_name() const = 0; /* after any fallback */
    virtual int n() const = 0;
    virtual int k() const = 0;
    virtual int input_items_per_frame() const = 0; /* n, or E with rate_matched */
    virtual int output_items_per_frame() const = 0;
    virtual int batch_frames() const = 0;
    virtual std::string msg_format() const = 0; /* "float", "int8" or "int16" */
    virtual std::string frame_tags() const = 0; /* "batch", "all", "failed" or "none" */
    virtual std::string code_tag() const = 0;   /* "" for a decoder of one code */
    /* The codes frames may have, by index: code, then codes (canonical names) */
    virtual std::vector<std::string> codes() const = 0;

    /* Counters since construction or reset_counters(). */
    virtual uint64_t frames_decoded() const = 0;
    /* Frames still failing a parity check after the last iteration. Which frames came out
     * with wrong information bits a decoder cannot know without the bits sent; compare them
     * where you have them (ldpcgpu simulate and examples/llr_file_replay.py --reference do). A
     * frame that passes its checks can still be a wrong codeword (rare above the waterfall). */
    virtual uint64_t frames_parity_failed() const = 0;
    /* Deprecated name of frames_parity_failed(). */
    uint64_t frames_failed() const { return frames_parity_failed(); }
    virtual double average_iterations() const = 0;
    virtual double average_latency_ns() const = 0;
    virtual uint64_t max_latency_ns() const = 0;
    virtual uint64_t partial_frames_dropped() const = 0;
    /* Code tags naming no code of the list: their frames were dropped (see code_tag above). */
    virtual uint64_t frames_skipped() const = 0;
    /* Input LLRs beyond the int8 range under this block's int8_scale (float input:
     * round(LLR * int8_scale) outside -128..127; int8 input: values -128, -127 or 127), counted on
     * every frame taken in. More than 1% of them over 10 s is also logged as a warning. */
    virtual uint64_t saturated_llrs() const = 0;
    virtual uint64_t batches_submitted() const = 0;
    /* HARQ soft buffers (0: none), and frames whose HARQ entry was bad and that were decoded
     * alone (see harq_buffers above). */
    virtual int harq_buffers() const = 0;
    virtual uint64_t harq_errors() const = 0;
    virtual void reset_counters() = 0;
};

} // namespace ldpcgpu
} // namespace gr

#endif /* INCLUDED_LDPCGPU_LDPC_DECODER_H */
