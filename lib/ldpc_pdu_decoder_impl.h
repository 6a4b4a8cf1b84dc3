/* LDPC decoder for PDUs: implementation state. See ldpc_pdu_decoder.h. */
#ifndef INCLUDED_LDPCGPU_LDPC_PDU_DECODER_IMPL_H
#define INCLUDED_LDPCGPU_LDPC_PDU_DECODER_IMPL_H

#include "block_decoder.h"
#include <gnuradio/ldpcgpu/ldpc_pdu_decoder.h>
#include <atomic>

namespace gr {
namespace ldpcgpu {

class ldpc_pdu_decoder_impl : public ldpc_pdu_decoder
{
public:
    ldpc_pdu_decoder_impl(const std::string& code, const decoder_params& params);

    /* logs the backend when the flowgraph starts */
    bool start() override
    {
        d_core.log_backend();
        return block::start();
    }

    void set_max_iterations(int iterations) override { d_core.set_max_iterations(iterations); }
    int max_iterations() const override { return d_core.max_iterations(); }
    void set_early_termination(bool enabled) override { d_core.set_early_termination(enabled); }
    bool early_termination() const override { return d_core.early_termination(); }

    std::string code_name() const override { return d_core.code_name(); }
    std::string backend_name() const override { return d_core.backend_name(); }
    int n() const override { return d_core.n(); }
    int k() const override { return d_core.k(); }

    uint64_t pdus_decoded() const override { return d_pdus; }
    uint64_t pdus_dropped() const override { return d_pdus_dropped; }
    uint64_t frames_decoded() const override { return d_core.frames_decoded(); }
    uint64_t frames_parity_failed() const override { return d_core.frames_parity_failed(); }
    uint64_t saturated_llrs() const override { return d_core.saturated_llrs(); }

private:
    void handle_pdu(const pmt::pmt_t& pdu);

    block_decoder d_core;
    /* reused between PDUs, grown to the largest PDU seen */
    std::vector<uint8_t> d_bits;
    std::vector<ldpc_frame_status> d_status;
    pmt::pmt_t d_port_in, d_port_out;
    pmt::pmt_t d_key_frames, d_key_frame_iterations, d_key_frame_parity_ok;
    std::atomic<uint64_t> d_pdus{ 0 }, d_pdus_dropped{ 0 };
};

} // namespace ldpcgpu
} // namespace gr

#endif
