/* Streaming LDPC decoder block: implementation state. See ldpc_decoder.h for the behaviour. */
#ifndef INCLUDED_LDPCGPU_LDPC_DECODER_IMPL_H
#define INCLUDED_LDPCGPU_LDPC_DECODER_IMPL_H

#include "core_handles.h"
#include <gnuradio/ldpcgpu/ldpc_decoder.h>
#include <atomic>
#include <mutex>

namespace gr {
namespace ldpcgpu {

class ldpc_decoder_impl : public ldpc_decoder
{
public:
    ldpc_decoder_impl(const std::string& code,
                      const std::string& input_type,
                      bool output_codeword,
                      bool packed_output,
                      const std::string& algorithm,
                      int max_iterations,
                      bool early_termination,
                      const std::string& backend,
                      int batch_frames,
                      int batches_in_flight,
                      int num_streams,
                      const std::vector<int>& devices,
                      bool llr_positive_is_one,
                      float int8_scale,
                      const std::string& frame_start_tag,
                      bool fallback_to_cpu);
    ~ldpc_decoder_impl() override;

    void forecast(int noutput_items, gr_vector_int& ninput_items_required) override;
    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override;
    bool start() override;

    void set_max_iterations(int max_iterations) override;
    int max_iterations() const override;
    void set_early_termination(bool enabled) override;
    bool early_termination() const override;

    std::string code_name() const override { return d_code_name; }
    std::string backend_name() const override { return d_backend_name; }
    int n() const override { return d_n; }
    int k() const override { return d_k; }
    int input_items_per_frame() const override { return d_n; }
    int output_items_per_frame() const override { return d_out_items; }
    int batch_frames() const override { return d_batch_frames; }

    uint64_t frames_decoded() const override { return d_frames; }
    uint64_t frames_failed() const override { return d_failed; }
    double average_iterations() const override;
    double average_latency_ns() const override;
    uint64_t max_latency_ns() const override { return d_latency_max; }
    uint64_t partial_frames_dropped() const override { return d_dropped; }
    uint64_t batches_submitted() const override { return d_batches; }
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
    };

    slot* slot_of(ldpc_batch* b);
    bool acquire_fill();
    void take_frame(const uint8_t* llr, uint64_t in_offset);
    void submit_fill();
    bool collect(bool wait);
    int emit(uint8_t* out, int room_frames, int produced_frames);
    int realign(int consumed, int avail);
    bool pending() const { return d_fill_count > 0 || d_drain || d_in_flight > 0; }
    bool input_done();
    bool input_finished(int avail);

    std::string d_code_name;
    code_ptr d_code;
    decoder_ptr d_dec;
    std::string d_backend_name;
    int d_n, d_k;
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

    pmt::pmt_t d_key_iterations, d_key_parity, d_key_latency, d_srcid;
    pmt::pmt_t d_frame_start_key; /* PMT_NIL if unused */
    std::vector<gr::tag_t> d_tag_scratch;

    mutable std::mutex d_mutex; /* the core decoder: general_work vs. runtime setters */
    int d_max_iterations;
    bool d_early_termination;
    bool d_warned_failure = false;

    std::atomic<uint64_t> d_frames{ 0 }, d_failed{ 0 }, d_iterations{ 0 };
    std::atomic<uint64_t> d_latency_sum{ 0 }, d_latency_max{ 0 };
    std::atomic<uint64_t> d_dropped{ 0 }, d_batches{ 0 };
};

} // namespace ldpcgpu
} // namespace gr

#endif
