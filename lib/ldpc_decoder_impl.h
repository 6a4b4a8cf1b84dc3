/* Streaming LDPC decoder block: implementation state. See ldpc_decoder.h for the behaviour. */
#ifndef INCLUDED_LDPCGPU_LDPC_DECODER_IMPL_H
#define INCLUDED_LDPCGPU_LDPC_DECODER_IMPL_H

#include "block_decoder.h"
#include "stream_counters.h"
#include "copy_pool.h"
#include "frame_tag_mode.h"
#include <gnuradio/ldpcgpu/ldpc_decoder.h>
#include <atomic>
#include <memory>

namespace gr {
namespace ldpcgpu {

class ldpc_decoder_impl : public ldpc_decoder
{
public:
    ldpc_decoder_impl(const std::string& code,
                      const std::string& input_type,
                      const decoder_params& params,
                      const std::string& frame_start_tag,
                      const std::string& frame_tags);

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
    int input_items_per_frame() const override { return d_n; }
    int output_items_per_frame() const override { return d_out_items; }
    int batch_frames() const override { return d_batch_frames; }
    std::string msg_format() const override { return d_msg_format; }
    std::string frame_tags() const override { return tag_mode_name(d_tag_mode); }
    std::string code_tag() const override { return ""; }
    std::vector<std::string> codes() const override { return { d_core.code_name() }; }
    uint64_t frames_skipped() const override { return 0; }

    uint64_t frames_decoded() const override { return d_core.frames_decoded(); }
    uint64_t frames_parity_failed() const override { return d_core.frames_parity_failed(); }
    double average_iterations() const override { return d_core.average_iterations(); }
    double average_latency_ns() const override
    {
        return d_counts.average_latency_ns(d_core.frames_decoded());
    }
    uint64_t max_latency_ns() const override { return d_counts.latency_max; }
    uint64_t partial_frames_dropped() const override { return d_counts.dropped; }
    uint64_t saturated_llrs() const override { return d_core.saturated_llrs(); }
    uint64_t batches_submitted() const override { return d_counts.batches; }
    int harq_buffers() const override
    {
        return d_core.harq() ? d_core.harq()->harq_buffers() : 0;
    }
    uint64_t harq_errors() const override { return d_harq_errors; }
    void reset_counters() override;

private:
    /* What the block remembers about each frame of a batch until its bits go out. */
    struct frame_meta {
        uint64_t in_offset;   /* absolute input offset of the frame's first LLR */
        int64_t ready_ns;     /* steady clock when the frame was complete at the input */
        uint32_t tag_begin;   /* its input tags: slot.tags[tag_begin .. tag_end) */
        uint32_t tag_end;
    };
    struct slot {
        ldpc_batch* batch;
        std::vector<frame_meta> frames; /* batch_frames entries, allocated once */
        std::vector<gr::tag_t> tags;    /* input tags of the batch's frames, in order */
        /* with HARQ buffers: per frame, why its HARQ entry was bad ("harq_error"), or NIL */
        std::vector<pmt::pmt_t> harq_error;
    };

    slot* slot_of(ldpc_batch* b);
    bool acquire_fill();
    int frames_before_frame_start(uint64_t start, int max_frames) const;
    int take_harq_entries(uint64_t start, int max_frames);
    void take_frames(const uint8_t* llr, uint64_t in_offset, int count, int64_t now);
    void copy_bytes(void* dst, const void* src, size_t bytes,
                    const copy_pool::chunk_fn& after = copy_pool::chunk_fn());
    pmt::pmt_t iterations_value(int iterations);
    void tag_frame(uint64_t out_offset, const ldpc_frame_status& status, uint64_t latency);
    void submit_fill();
    bool collect(bool wait);
    int emit(uint8_t* out, int room_frames, int produced_frames);
    int realign(int consumed, int avail);
    bool pending() const { return d_fill_count > 0 || d_drain || d_in_flight > 0; }

    tag_mode d_tag_mode; /* before d_core: a bad frame_tags throws before any decoder is made */
    block_decoder d_core;
    int d_n;               /* input items (LLRs) per frame: the code's n, or E (rate_matched) */
    int d_item_size;       /* bytes per input LLR */
    ldpc_llr_type d_llr_type;
    int d_out_items;       /* output items (bytes) per frame */
    int d_batch_frames;
    int d_frames_per_call; /* output multiple, in frames */

    std::vector<slot> d_slots;
    slot* d_fill = nullptr;  /* batch being filled from the input */
    int d_fill_count = 0;
    int d_in_flight = 0;     /* submitted, not collected */
    slot* d_drain = nullptr; /* collected batch whose frames are being written out */
    int d_drain_pos = 0;

    pmt::pmt_t d_key_latency, d_srcid;
    /* the "ldpc_frames" tag's key and its dictionary's keys (tag_mode::batch) */
    pmt::pmt_t d_key_frames, d_key_frame_items, d_key_frame_iterations, d_key_frame_parity_ok,
        d_key_frame_latency;
    /* pmt::from_long(i) for every iteration count seen so far (index i), so that the
     * ldpc_iterations tag allocates no PMT per frame; grows when max_iterations is raised */
    std::vector<pmt::pmt_t> d_iteration_values;
    pmt::pmt_t d_frame_start_key; /* PMT_NIL if unused */
    std::string d_msg_format;
    std::vector<gr::tag_t> d_tag_scratch;
    /* the input tags of one general_work call's items, fetched once per call (by offset), and
     * the first one no frame has taken yet */
    std::vector<gr::tag_t> d_call_tags;
    size_t d_call_tag_pos = 0;
    bool d_warned_failure = false;
    /* helpers for the big staging copies on the cuda backend; none on the CPU backends, whose
     * own workers want the cores */
    std::unique_ptr<copy_pool> d_copy_pool;

    /* counters of this block's own; the frame counters are d_core's */
    stream_counters d_counts;
    std::atomic<uint64_t> d_harq_errors{ 0 };
    uint64_t d_harq_warnings = 0; /* bad HARQ entries logged (the first few) */
};

} // namespace ldpcgpu
} // namespace gr

#endif
