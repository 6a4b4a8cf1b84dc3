/* Streaming LDPC encoder block: implementation state. See ldpc_encoder.h. */
#ifndef INCLUDED_LDPCGPU_LDPC_ENCODER_IMPL_H
#define INCLUDED_LDPCGPU_LDPC_ENCODER_IMPL_H

#include "core_handles.h"
#include <gnuradio/ldpcgpu/ldpc_encoder.h>
#include <atomic>

namespace gr {
namespace ldpcgpu {

class ldpc_encoder_impl : public ldpc_encoder
{
public:
    ldpc_encoder_impl(const std::string& code, bool packed_input, bool packed_output);
    ~ldpc_encoder_impl() override;

    void forecast(int noutput_items, gr_vector_int& ninput_items_required) override;
    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override;

    std::string code_name() const override { return d_code_name; }
    int n() const override { return d_n; }
    int k() const override { return d_k; }
    int input_items_per_frame() const override { return d_in_items; }
    int output_items_per_frame() const override { return d_out_items; }
    uint64_t frames_encoded() const override { return d_frames; }

private:
    std::string d_code_name;
    code_ptr d_code;
    encoder_ptr d_enc;
    int d_n, d_k;
    bool d_packed_input, d_packed_output;
    int d_in_items, d_out_items; /* bytes per frame */
    /* unpacked scratch for up to chunk_frames frames, allocated once */
    std::vector<uint8_t> d_info, d_codeword;
    std::atomic<uint64_t> d_frames{ 0 };
};

} // namespace ldpcgpu
} // namespace gr

#endif
