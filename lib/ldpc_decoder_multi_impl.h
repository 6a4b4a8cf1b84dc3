/* Streaming LDPC decoder block for frames of several codes, each frame's code named by a stream
 * tag (ldpc_decoder.h, "Frames of several codes"): implementation state. */
#ifndef INCLUDED_LDPCGPU_LDPC_DECODER_MULTI_IMPL_H
#define INCLUDED_LDPCGPU_LDPC_DECODER_MULTI_IMPL_H

#include "block_decoder.h"
#include "stream_counters.h"
#include "frame_tag_mode.h"
#include <gnuradio/ldpcgpu/ldpc_decoder.h>
#include <atomic>
#include <map>

namespace gr {
namespace ldpcgpu {

class ldpc_decoder_multi_impl : public ldpc_decoder
{
public:
    /* codes: the block's code first; llr_type / item_size: the input type, parsed */
    ldpc_decoder_multi_impl(const std::vector<std::string>& codes,
                            ldpc_llr_type llr_type,
                            int item_size,
                            const decoder_params& params,
                            const std::string& frame_start_tag,
                            const std::string& frame_tags,
                            const std::string& code_tag);

    void forecast(int noutput_items, gr_vector_int& ninput_items_required) override;
    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override;
    bool start() override;

    void set_max_iterations(int iterations) override { d_core.set_max_iterations(iterations); }
    int max_iterations() const override { return d_core.max_iterations(); }
    void set_early_termination(bool enabled) override { d_core.set_early_termination(enabled); }
    bool early_termination() const override { return d_core.early_termination(); }

    std::string code_name() const override { return d_core.code_name(); }
    std::string backend_name() const override { return d_core.backend_name(); }
    int n() const override { return d_core.n(); }
    int k() const override { return d_core.k(); }
    int input_items_per_frame() const override { return d_core.frame_llrs(); }
    int output_items_per_frame() const override { return d_core.output_bytes(); }
    int batch_frames() const override { return d_batch_frames; }
    std::string msg_format() const override { return d_msg_format; }
    std::string frame_tags() const override { return tag_mode_name(d_tag_mode); }
    std::string code_tag() const override { return d_code_tag; }
    std::vector<std::string> codes() const override { return d_names; }

    uint64_t frames_decoded() const override { return d_core.frames_decoded(); }
    uint64_t frames_parity_failed() const override { return d_core.frames_parity_failed(); }
    double average_iterations() const override { return d_core.average_iterations(); }
    double average_latency_ns() const override
    {
        return d_counts.average_latency_ns(d_core.frames_decoded());
    }
    uint64_t max_latency_ns() const override { return d_counts.latency_max; }
    uint64_t partial_frames_dropped() const override { return d_counts.dropped; }
    uint64_t frames_skipped() const override { return d_skipped; }
    uint64_t saturated_llrs() const override { return d_core.saturated_llrs(); }
    uint64_t batches_submitted() const override { return d_counts.batches; }
    int harq_buffers() const override { return 0; } /* refused with code_tag (one per code) */
    uint64_t harq_errors() const override { return 0; }
    void reset_counters() override;

private:
    /* a frame of the batch being gathered or written out */
    struct frame_meta {
        int code;             /* index into the code list */
        uint64_t in_offset;   /* absolute input offset of its first LLR */
        int64_t ready_ns;     /* when it was taken in */
        uint32_t tag_begin;   /* its input tags: d_tags[tag_begin .. tag_end) */
        uint32_t tag_end;
        pmt::pmt_t skipped;   /* PMT_NIL, or the "ldpc_skipped" dictionary to put on it */
    };

    /* The code index a code tag's value names, or -1. */
    int code_of(const pmt::pmt_t& value) const;
    bool is_boundary(const gr::tag_t& t) const;
    /* first frame boundary tag (code or frame start) with from < offset < to, or to */
    uint64_t next_boundary(uint64_t from, uint64_t to) const;
    /* applies the code tags at offset (d_current, skip state) */
    void apply_code_tags(uint64_t offset);
    void take_frame(const uint8_t* llr, uint64_t offset, int64_t now);
    void decode_batch();
    /* writes decoded frames to out (room items), produced items already written this call */
    int emit(uint8_t* out, int room, int produced);

    tag_mode d_tag_mode; /* before d_core: a bad frame_tags throws before any decoder is made */
    block_decoder d_core;
    std::string d_code_tag;
    pmt::pmt_t d_code_key, d_frame_start_key, d_srcid;
    pmt::pmt_t d_key_latency, d_key_frames, d_key_frame_items, d_key_frame_iterations,
        d_key_frame_parity_ok, d_key_frame_latency, d_key_skipped, d_key_llrs, d_key_code;
    std::vector<std::string> d_names;        /* canonical names, by index */
    std::vector<pmt::pmt_t> d_name_values;   /* the output code tag's value, by index */
    std::map<std::string, int> d_index_of;   /* given and canonical names -> first index */
    std::vector<int> d_n, d_out_items;       /* per code */
    int d_max_n, d_max_out;
    ldpc_llr_type d_llr_type;
    int d_item_size;
    int d_batch_frames;
    std::string d_msg_format;

    /* the batch: rows of d_max_n LLRs, the code index of each, their decoded rows */
    std::vector<uint8_t> d_llr;
    std::vector<int> d_index;
    std::vector<uint8_t> d_bits;
    std::vector<ldpc_frame_status> d_status;
    std::vector<frame_meta> d_frames;
    std::vector<gr::tag_t> d_tags;
    int d_count = 0;       /* frames gathered */
    bool d_decoded = false; /* the batch is decoded and being written out */
    int d_emit_pos = 0;

    /* parsing state */
    int d_current = 0;           /* code of the next frame; -1: dropping up to the next tag */
    uint64_t d_tags_applied = 0; /* code tags before this offset have been applied */
    pmt::pmt_t d_skip_value;     /* the unknown code tag's value while dropping */
    uint64_t d_skip_llrs = 0;    /* LLRs dropped since that tag */
    pmt::pmt_t d_pending_skip;   /* "ldpc_skipped" dictionary for the next frame taken */
    int d_need;                  /* input items the next frame needs (forecast) */
    std::vector<gr::tag_t> d_call_tags; /* the call's input tags, by offset */

    stream_counters d_counts;
    std::atomic<uint64_t> d_skipped{ 0 };
};

} // namespace ldpcgpu
} // namespace gr

#endif
