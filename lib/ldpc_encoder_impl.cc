/* Streaming LDPC encoder block: whole frames of information bits in, codewords out, through the
 * core's ldpc_encoder. Packing and unpacking happen in scratch buffers sized once. */
#include "ldpc_encoder_impl.h"
#include <gnuradio/io_signature.h>
#include <algorithm>
#include <cstring>

namespace gr {
namespace ldpcgpu {

namespace {

/* frames encoded per core call: bounds the scratch buffers */
constexpr int chunk_frames = 16;

void unpack_msb_first(const uint8_t* in, int nbits, uint8_t* out)
{
    for (int i = 0; i < nbits; i++)
        out[i] = (in[i >> 3] >> (7 - (i & 7))) & 1;
}

void pack_msb_first(const uint8_t* in, int nbits, uint8_t* out)
{
    std::memset(out, 0, static_cast<size_t>(nbits + 7) / 8);
    for (int i = 0; i < nbits; i++)
        out[i >> 3] |= static_cast<uint8_t>((in[i] & 1) << (7 - (i & 7)));
}

} // namespace

ldpc_encoder::sptr
ldpc_encoder::make(const std::string& code, bool packed_input, bool packed_output)
{
    return gnuradio::make_block_sptr<ldpc_encoder_impl>(code, packed_input, packed_output);
}

ldpc_encoder_impl::ldpc_encoder_impl(const std::string& code,
                                     bool packed_input,
                                     bool packed_output)
    : gr::block("ldpc_encoder",
                gr::io_signature::make(1, 1, sizeof(uint8_t)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      d_code_name(code),
      d_packed_input(packed_input),
      d_packed_output(packed_output)
{
    d_code = make_code(code);
    ::ldpc_encoder* enc = nullptr;
    check_status(ldpc_encoder_create(&enc, d_code.get()), "ldpc_encoder");
    d_enc.reset(enc);
    d_n = ldpc_code_n(d_code.get());
    d_k = ldpc_code_k(d_code.get());
    d_in_items = packed_input ? (d_k + 7) / 8 : d_k;
    d_out_items = packed_output ? (d_n + 7) / 8 : d_n;
    if (packed_input)
        d_info.resize(static_cast<size_t>(chunk_frames) * d_k);
    if (packed_output)
        d_codeword.resize(static_cast<size_t>(chunk_frames) * d_n);

    set_output_multiple(d_out_items);
    set_relative_rate(static_cast<uint64_t>(d_out_items), static_cast<uint64_t>(d_in_items));
}

ldpc_encoder_impl::~ldpc_encoder_impl()
{
    d_enc.reset();
    d_code.reset();
}

void ldpc_encoder_impl::forecast(int noutput_items, gr_vector_int& ninput_items_required)
{
    ninput_items_required[0] = (noutput_items / d_out_items) * d_in_items;
}

int ldpc_encoder_impl::general_work(int noutput_items,
                                    gr_vector_int& ninput_items,
                                    gr_vector_const_void_star& input_items,
                                    gr_vector_void_star& output_items)
{
    const uint8_t* in = static_cast<const uint8_t*>(input_items[0]);
    uint8_t* out = static_cast<uint8_t*>(output_items[0]);
    const int nframes = std::min(ninput_items[0] / d_in_items, noutput_items / d_out_items);

    for (int done = 0; done < nframes;) {
        const int f = std::min(chunk_frames, nframes - done);
        const uint8_t* src = in + static_cast<size_t>(done) * d_in_items;
        uint8_t* dst = out + static_cast<size_t>(done) * d_out_items;
        const uint8_t* info = src;
        if (d_packed_input) {
            for (int i = 0; i < f; i++)
                unpack_msb_first(src + static_cast<size_t>(i) * d_in_items,
                                 d_k,
                                 &d_info[static_cast<size_t>(i) * d_k]);
            info = d_info.data();
        }
        uint8_t* codeword = d_packed_output ? d_codeword.data() : dst;
        check_status(ldpc_encoder_encode(d_enc.get(), info, codeword, f), "ldpc_encoder");
        if (d_packed_output)
            for (int i = 0; i < f; i++)
                pack_msb_first(&d_codeword[static_cast<size_t>(i) * d_n],
                               d_n,
                               dst + static_cast<size_t>(i) * d_out_items);
        done += f;
    }
    d_frames += nframes;
    consume_each(nframes * d_in_items);
    return nframes * d_out_items;
}

} // namespace ldpcgpu
} // namespace gr
