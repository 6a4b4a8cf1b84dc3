/* LDPC decoder for PDUs: implementation state. See ldpc_pdu_decoder.h. */
#ifndef INCLUDED_LDPCGPU_LDPC_PDU_DECODER_IMPL_H
#define INCLUDED_LDPCGPU_LDPC_PDU_DECODER_IMPL_H

#include "block_decoder.h"
#include <gnuradio/ldpcgpu/ldpc_pdu_decoder.h>
#include <atomic>
#include <map>
#include <memory>

namespace gr {
namespace ldpcgpu {

class ldpc_pdu_decoder_impl : public ldpc_pdu_decoder
{
public:
    ldpc_pdu_decoder_impl(const std::string& code,
                          const decoder_params& params,
                          const std::string& code_key);

    /* logs the backend when the flowgraph starts */
    bool start() override
    {
        d_core.log_backend();
        return block::start();
    }

    void set_max_iterations(int iterations) override;
    int max_iterations() const override { return d_core.max_iterations(); }
    void set_early_termination(bool enabled) override;
    bool early_termination() const override { return d_core.early_termination(); }

    std::string code_name() const override { return d_core.code_name(); }
    std::string code_key() const override { return d_code_key; }
    std::string backend_name() const override { return d_core.backend_name(); }
    int n() const override { return d_core.n(); }
    int k() const override { return d_core.k(); }

    uint64_t pdus_decoded() const override { return d_pdus; }
    uint64_t pdus_dropped() const override { return d_pdus_dropped; }
    uint64_t frames_decoded() const override { return sum(&block_decoder::frames_decoded); }
    uint64_t frames_parity_failed() const override
    {
        return sum(&block_decoder::frames_parity_failed);
    }
    uint64_t saturated_llrs() const override { return sum(&block_decoder::saturated_llrs); }
    int harq_buffers() const override { return d_params.harq_buffers; }
    uint64_t harq_errors() const override { return d_harq_errors; }

    /* Decoders of other codes than the block's, made on their first PDU: at most this many. */
    static constexpr size_t max_other_codes = 64;

private:
    void handle_pdu(const pmt::pmt_t& pdu);
    /* The decoder of the PDU's code (metadata code_key, else the block's), or null after
     * logging why the PDU is dropped. */
    block_decoder* decoder_for(const pmt::pmt_t& meta);
    /* The PDU's HARQ entries (one per frame) into d_harq_entries from its metadata; false when
     * it names none. Bad ones become frames alone, their reasons in *errors. */
    bool harq_entries_of(harq_entries& harq, const pmt::pmt_t& meta, int nframes,
                         std::string* errors);
    /* Decodes nframes frames of llr (f32 or int8) into d_bits / d_status; with harq, in calls
     * that name each buffer once, in frame order. Frames of a failed call come out as zeros,
     * marked failed. Called under core's mutex. */
    void decode(block_decoder& core, const void* llr, bool f32, int nframes, bool harq);
    uint64_t sum(uint64_t (block_decoder::*counter)() const) const;

    decoder_params d_params; /* for the decoders of other codes; runtime settings kept */
    block_decoder d_core;
    std::string d_code_key;
    pmt::pmt_t d_code_key_pmt; /* PMT_NIL if unused */
    /* other codes' decoders by the name in the metadata; guarded by d_others_mutex (the
     * counters are read from other threads) */
    std::map<std::string, std::unique_ptr<block_decoder>> d_others;
    mutable std::mutex d_others_mutex;
    pmt::pmt_t d_key_code;
    /* reused between PDUs, grown to the largest PDU seen */
    std::vector<uint8_t> d_bits;
    std::vector<ldpc_frame_status> d_status;
    std::vector<ldpc_harq_frame> d_harq_entries;
    pmt::pmt_t d_port_in, d_port_out;
    pmt::pmt_t d_key_frames, d_key_frame_iterations, d_key_frame_parity_ok;
    std::atomic<uint64_t> d_pdus{ 0 }, d_pdus_dropped{ 0 }, d_harq_errors{ 0 };
};

} // namespace ldpcgpu
} // namespace gr

#endif
