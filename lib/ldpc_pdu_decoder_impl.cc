/* LDPC decoder for bursts: each PDU holds whole frames of LLRs and is decoded synchronously in
 * the message handler (the core batches its frames and keeps its backend busy). */
#include "ldpc_pdu_decoder_impl.h"
#include <gnuradio/io_signature.h>
#include <algorithm>

namespace gr {
namespace ldpcgpu {

ldpc_pdu_decoder::sptr ldpc_pdu_decoder::make(const std::string& code,
                                              bool output_codeword,
                                              bool packed_output,
                                              const std::string& algorithm,
                                              int max_iterations,
                                              bool early_termination,
                                              const std::string& backend,
                                              bool llr_positive_is_one,
                                              float int8_scale,
                                              bool fallback_to_cpu)
{
    return gnuradio::make_block_sptr<ldpc_pdu_decoder_impl>(code,
                                                            output_codeword,
                                                            packed_output,
                                                            algorithm,
                                                            max_iterations,
                                                            early_termination,
                                                            backend,
                                                            llr_positive_is_one,
                                                            int8_scale,
                                                            fallback_to_cpu);
}

ldpc_pdu_decoder_impl::ldpc_pdu_decoder_impl(const std::string& code,
                                             bool output_codeword,
                                             bool packed_output,
                                             const std::string& algorithm,
                                             int max_iterations,
                                             bool early_termination,
                                             const std::string& backend,
                                             bool llr_positive_is_one,
                                             float int8_scale,
                                             bool fallback_to_cpu)
    : gr::block("ldpc_pdu_decoder", gr::io_signature::make(0, 0, 0), gr::io_signature::make(0, 0, 0)),
      d_code_name(code),
      d_max_iterations(max_iterations),
      d_early_termination(early_termination)
{
    d_code = make_code(code);
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    parse_decoder_strings(cfg, algorithm, backend);
    cfg.max_iterations = max_iterations;
    cfg.early_termination = early_termination ? 1 : 0;
    cfg.llr_positive_is_one = llr_positive_is_one ? 1 : 0;
    cfg.llr_scale = int8_scale;
    cfg.output_bits = output_codeword ? LDPC_OUTPUT_CODEWORD : LDPC_OUTPUT_INFO;
    cfg.output_packing = packed_output ? LDPC_OUTPUT_PACKED : LDPC_OUTPUT_UNPACKED;
    cfg.fallback_to_cpu = fallback_to_cpu ? 1 : 0;
    ::ldpc_decoder* dec = nullptr;
    check_status(ldpc_decoder_create(&dec, d_code.get(), &cfg), "ldpc_pdu_decoder");
    d_dec.reset(dec);
    d_backend_name = ldpc_decoder_backend_name(dec);
    d_n = ldpc_code_n(d_code.get());
    d_k = ldpc_code_k(d_code.get());
    d_out_bytes = ldpc_decoder_output_bytes(dec);
    if (backend == "cuda" && d_backend_name != "cuda")
        d_logger->warn("CUDA backend unavailable: decoding on the {} backend", d_backend_name);

    d_port_in = pmt::mp("in");
    d_port_out = pmt::mp("out");
    message_port_register_in(d_port_in);
    message_port_register_out(d_port_out);
    set_msg_handler(d_port_in, [this](const pmt::pmt_t& msg) { handle_pdu(msg); });
}

ldpc_pdu_decoder_impl::~ldpc_pdu_decoder_impl()
{
    d_dec.reset();
    d_code.reset();
}

void ldpc_pdu_decoder_impl::handle_pdu(const pmt::pmt_t& pdu)
{
    if (!pmt::is_pair(pdu)) {
        d_pdus_dropped++;
        d_logger->error("dropping a message that is not a PDU (pair of metadata and vector)");
        return;
    }
    pmt::pmt_t meta = pmt::car(pdu);
    pmt::pmt_t vec = pmt::cdr(pdu);
    if (pmt::is_null(meta))
        meta = pmt::make_dict();
    if (!pmt::is_dict(meta)) {
        d_pdus_dropped++;
        d_logger->error("dropping a PDU whose metadata is not a dictionary");
        return;
    }
    const bool is_f32 = pmt::is_f32vector(vec);
    if (!is_f32 && !pmt::is_s8vector(vec)) {
        d_pdus_dropped++;
        d_logger->error("dropping a PDU that holds neither an f32vector nor an s8vector of LLRs");
        return;
    }
    const size_t len = pmt::length(vec);
    if (len == 0 || len % static_cast<size_t>(d_n) != 0) {
        d_pdus_dropped++;
        d_logger->error("dropping a PDU of {} LLRs: not a whole number of {}-LLR frames",
                        len,
                        d_n);
        return;
    }
    const int nframes = static_cast<int>(len / d_n);
    size_t io_len = 0;

    std::lock_guard<std::mutex> lock(d_mutex);
    if (d_bits.size() < static_cast<size_t>(nframes) * d_out_bytes)
        d_bits.resize(static_cast<size_t>(nframes) * d_out_bytes);
    if (d_status.size() < static_cast<size_t>(nframes))
        d_status.resize(nframes);
    int st;
    if (is_f32)
        st = ldpc_decoder_decode_f32(d_dec.get(),
                                     pmt::f32vector_elements(vec, io_len),
                                     nframes,
                                     d_bits.data(),
                                     d_status.data());
    else
        st = ldpc_decoder_decode_i8(d_dec.get(),
                                    pmt::s8vector_elements(vec, io_len),
                                    nframes,
                                    d_bits.data(),
                                    d_status.data());
    if (st != LDPC_OK)
        d_logger->error("decoding failed ({}: {}); frames marked failed",
                        ldpc_strerror(st),
                        ldpc_last_error());

    long max_iterations = 0;
    bool all_ok = true;
    std::vector<int32_t> iterations(nframes);
    std::vector<uint8_t> parity(nframes);
    for (int f = 0; f < nframes; f++) {
        iterations[f] = d_status[f].iterations;
        parity[f] = d_status[f].parity_ok ? 1 : 0;
        max_iterations = std::max<long>(max_iterations, d_status[f].iterations);
        all_ok = all_ok && parity[f];
        if (!parity[f])
            d_failed++;
    }
    meta = pmt::dict_add(meta, pmt::mp("ldpc_frames"), pmt::from_long(nframes));
    meta = pmt::dict_add(meta, pmt::mp("ldpc_iterations"), pmt::from_long(max_iterations));
    meta = pmt::dict_add(meta, pmt::mp("ldpc_parity_ok"), pmt::from_bool(all_ok));
    meta = pmt::dict_add(meta, pmt::mp("ldpc_frame_iterations"), pmt::init_s32vector(nframes, iterations));
    meta = pmt::dict_add(meta, pmt::mp("ldpc_frame_parity_ok"), pmt::init_u8vector(nframes, parity));
    pmt::pmt_t bits = pmt::init_u8vector(static_cast<size_t>(nframes) * d_out_bytes, d_bits.data());
    d_frames += nframes;
    d_pdus++;
    message_port_pub(d_port_out, pmt::cons(meta, bits));
}

void ldpc_pdu_decoder_impl::set_max_iterations(int max_iterations)
{
    std::lock_guard<std::mutex> lock(d_mutex);
    check_status(ldpc_decoder_set_max_iterations(d_dec.get(), max_iterations),
                 "ldpc_pdu_decoder: set_max_iterations");
    d_max_iterations = max_iterations;
}

int ldpc_pdu_decoder_impl::max_iterations() const
{
    std::lock_guard<std::mutex> lock(d_mutex);
    return d_max_iterations;
}

void ldpc_pdu_decoder_impl::set_early_termination(bool enabled)
{
    std::lock_guard<std::mutex> lock(d_mutex);
    check_status(ldpc_decoder_set_early_termination(d_dec.get(), enabled ? 1 : 0),
                 "ldpc_pdu_decoder: set_early_termination");
    d_early_termination = enabled;
}

bool ldpc_pdu_decoder_impl::early_termination() const
{
    std::lock_guard<std::mutex> lock(d_mutex);
    return d_early_termination;
}

} // namespace ldpcgpu
} // namespace gr
