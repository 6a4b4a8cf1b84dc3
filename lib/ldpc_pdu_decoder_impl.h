/* LDPC decoder for PDUs: implementation state. See ldpc_pdu_decoder.h. */
#ifndef INCLUDED_LDPCGPU_LDPC_PDU_DECODER_IMPL_H
#define INCLUDED_LDPCGPU_LDPC_PDU_DECODER_IMPL_H

#include "core_handles.h"
#include <gnuradio/ldpcgpu/ldpc_pdu_decoder.h>
#include <atomic>
#include <mutex>

namespace gr {
namespace ldpcgpu {

class ldpc_pdu_decoder_impl : public ldpc_pdu_decoder
{
public:
    ldpc_pdu_decoder_impl(const std::string& code,
                          bool output_codeword,
                          bool packed_output,
                          const std::string& algorithm,
                          int max_iterations,
                          bool early_termination,
                          const std::string& backend,
                          bool llr_positive_is_one,
                          float int8_scale,
                          bool fallback_to_cpu);
    ~ldpc_pdu_decoder_impl() override;

    void set_max_iterations(int max_iterations) override;
    int max_iterations() const override;
    void set_early_termination(bool enabled) override;
    bool early_termination() const override;

    std::string code_name() const override { return d_code_name; }
    std::string backend_name() const override { return d_backend_name; }
    int n() const override { return d_n; }
    int k() const override { return d_k; }

    uint64_t pdus_decoded() const override { return d_pdus; }
    uint64_t pdus_dropped() const override { return d_pdus_dropped; }
    uint64_t frames_decoded() const override { return d_frames; }
    uint64_t frames_failed() const override { return d_failed; }

private:
    void handle_pdu(const pmt::pmt_t& pdu);

    std::string d_code_name;
    code_ptr d_code;
    decoder_ptr d_dec;
    std::string d_backend_name;
    int d_n, d_k, d_out_bytes;
    mutable std::mutex d_mutex;
    int d_max_iterations;
    bool d_early_termination;
    /* reused between PDUs, grown to the largest PDU seen */
    std::vector<uint8_t> d_bits;
    std::vector<ldpc_frame_status> d_status;
    pmt::pmt_t d_port_in, d_port_out;
    std::atomic<uint64_t> d_pdus{ 0 }, d_pdus_dropped{ 0 }, d_frames{ 0 }, d_failed{ 0 };
};

} // namespace ldpcgpu
} // namespace gr

#endif
