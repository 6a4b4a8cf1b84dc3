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
                                              bool fallback_to_cpu,
                                              const std::string& msg_format,
                                              float nms_alpha,
                                              float oms_beta,
                                              const std::string& code_key,
                                              bool rate_matched,
                                              const std::string& crc_stop,
                                              int harq_buffers)
{
    decoder_params params = block_decoder_params(output_codeword, packed_output, algorithm,
                                                 max_iterations, early_termination, backend,
                                                 llr_positive_is_one, int8_scale, fallback_to_cpu,
                                                 nms_alpha, oms_beta, rate_matched, crc_stop,
                                                 harq_buffers);
    params.msg_format = msg_format;
    return gnuradio::make_block_sptr<ldpc_pdu_decoder_impl>(code, params, code_key);
}

ldpc_pdu_decoder_impl::ldpc_pdu_decoder_impl(const std::string& code,
                                             const decoder_params& params,
                                             const std::string& code_key)
    : gr::block("ldpc_pdu_decoder", gr::io_signature::make(0, 0, 0), gr::io_signature::make(0, 0, 0)),
      d_params(params),
      d_core(code, params, "ldpc_pdu_decoder", d_logger),
      d_code_key(code_key)
{
    d_code_key_pmt = code_key.empty() ? pmt::PMT_NIL : pmt::intern(code_key);
    d_key_code = pmt::intern("ldpc_code");
    d_key_frames = pmt::intern("ldpc_frames");
    d_key_frame_iterations = pmt::intern("ldpc_frame_iterations");
    d_key_frame_parity_ok = pmt::intern("ldpc_frame_parity_ok");
    d_port_in = pmt::mp("in");
    d_port_out = pmt::mp("out");
    message_port_register_in(d_port_in);
    message_port_register_out(d_port_out);
    set_msg_handler(d_port_in, [this](const pmt::pmt_t& msg) { handle_pdu(msg); });
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
    block_decoder* core = decoder_for(meta);
    if (!core) {
        d_pdus_dropped++;
        return;
    }
    const int n = core->frame_llrs(); /* n, or E (rate_matched) */
    const size_t len = pmt::length(vec);
    if (len == 0 || len % static_cast<size_t>(n) != 0) {
        d_pdus_dropped++;
        d_logger->error("dropping a PDU of {} LLRs: not a whole number of {}-LLR frames ({})",
                        len,
                        n,
                        core->code_name());
        return;
    }
    const int nframes = static_cast<int>(len / n);
    const size_t out_bytes = static_cast<size_t>(nframes) * core->output_bytes();
    size_t io_len = 0;

    std::lock_guard<std::mutex> lock(core->mutex());
    if (d_bits.size() < out_bytes)
        d_bits.resize(out_bytes);
    if (d_status.size() < static_cast<size_t>(nframes))
        d_status.resize(nframes);
    const void* llr = is_f32 ? static_cast<const void*>(pmt::f32vector_elements(vec, io_len))
                             : static_cast<const void*>(pmt::s8vector_elements(vec, io_len));
    core->count_saturated(is_f32 ? LDPC_LLR_F32 : LDPC_LLR_I8, llr, len);
    std::string harq_errors;
    const bool harq = core->harq() && harq_entries_of(*core->harq(), meta, nframes, &harq_errors);
    decode(*core, llr, is_f32, nframes, harq);

    long max_iterations = 0;
    bool all_ok = true;
    std::vector<int32_t> iterations(nframes);
    std::vector<uint8_t> parity(nframes);
    for (int f = 0; f < nframes; f++) {
        iterations[f] = d_status[f].iterations;
        parity[f] = d_status[f].parity_ok ? 1 : 0;
        max_iterations = std::max<long>(max_iterations, d_status[f].iterations);
        all_ok = all_ok && parity[f];
        core->count_frame(d_status[f]);
    }
    meta = pmt::dict_add(meta, d_key_code, pmt::intern(core->code_name()));
    meta = pmt::dict_add(meta, d_key_frames, pmt::from_long(nframes));
    meta = pmt::dict_add(meta, core->key_iterations, pmt::from_long(max_iterations));
    meta = pmt::dict_add(meta, core->key_parity_ok, pmt::from_bool(all_ok));
    meta = pmt::dict_add(meta, d_key_frame_iterations, pmt::init_s32vector(nframes, iterations));
    meta = pmt::dict_add(meta, d_key_frame_parity_ok, pmt::init_u8vector(nframes, parity));
    if (!harq_errors.empty())
        meta = pmt::dict_add(meta, core->harq()->key_error, pmt::string_to_symbol(harq_errors));
    pmt::pmt_t bits = pmt::init_u8vector(out_bytes, d_bits.data());
    d_pdus++;
    message_port_pub(d_port_out, pmt::cons(meta, bits));
}

bool ldpc_pdu_decoder_impl::harq_entries_of(harq_entries& harq,
                                            const pmt::pmt_t& meta,
                                            int nframes,
                                            std::string* errors)
{
    harq_values v;
    for (const pmt::pmt_t& key : { harq.key_buffer, harq.key_rv, harq.key_first })
        if (pmt::dict_has_key(meta, key))
            harq.take(v, key, pmt::dict_ref(meta, key, pmt::PMT_NIL));
    if (pmt::is_null(v.buffer) && pmt::is_null(v.rv) && pmt::is_null(v.first))
        return false;
    d_harq_entries.resize(static_cast<size_t>(nframes));
    errors->clear();
    std::string error;
    for (int f = 0; f < nframes; f++) {
        d_harq_entries[f] = harq.entry(v, f, nframes, &error);
        if (error.empty())
            continue;
        d_harq_errors++;
        *errors += (errors->empty() ? "" : "; ") + ("frame " + std::to_string(f) + ": ") + error;
    }
    if (!errors->empty())
        d_logger->warn("bad HARQ entries, decoded alone: {}", *errors);
    return true;
}

void ldpc_pdu_decoder_impl::decode(block_decoder& core, const void* llr, bool f32, int nframes,
                                   bool harq)
{
    const size_t in_frame = static_cast<size_t>(core.frame_llrs()) * (f32 ? sizeof(float) : 1);
    const size_t out_frame = static_cast<size_t>(core.output_bytes());
    harq_entries* names = harq ? core.harq() : nullptr;
    for (int a = 0; a < nframes;) {
        /* frames a..b-1 name each buffer once (the core's rule for one call) */
        int b = nframes;
        if (names) {
            names->new_batch();
            for (b = a; b < nframes; b++) {
                const int buffer = d_harq_entries[b].buffer;
                if (buffer >= 0 && names->named(buffer))
                    break;
                if (buffer >= 0)
                    names->name(buffer);
            }
        }
        const void* in = static_cast<const uint8_t*>(llr) + a * in_frame;
        uint8_t* out = d_bits.data() + a * out_frame;
        ldpc_frame_status* status = d_status.data() + a;
        const ldpc_harq_frame* h = names ? d_harq_entries.data() + a : nullptr;
        int st;
        if (h)
            st = f32 ? ldpc_decoder_decode_harq_f32(core.get(), static_cast<const float*>(in), h,
                                                    b - a, out, status)
                     : ldpc_decoder_decode_harq_i8(core.get(), static_cast<const int8_t*>(in), h,
                                                   b - a, out, status);
        else
            st = f32 ? ldpc_decoder_decode_f32(core.get(), static_cast<const float*>(in), b - a,
                                               out, status)
                     : ldpc_decoder_decode_i8(core.get(), static_cast<const int8_t*>(in), b - a,
                                              out, status);
        if (st != LDPC_OK) {
            d_logger->error("decoding failed ({}: {}); frames marked failed",
                            ldpc_strerror(st),
                            ldpc_last_error());
            /* a call refused before decoding leaves its outputs as they were */
            std::fill(out, out + (b - a) * out_frame, 0);
            std::fill(status, status + (b - a), ldpc_frame_status{ 0, 0 });
        }
        a = b;
    }
}

block_decoder* ldpc_pdu_decoder_impl::decoder_for(const pmt::pmt_t& meta)
{
    if (pmt::is_null(d_code_key_pmt) || !pmt::dict_has_key(meta, d_code_key_pmt))
        return &d_core;
    const pmt::pmt_t value = pmt::dict_ref(meta, d_code_key_pmt, pmt::PMT_NIL);
    if (!pmt::is_symbol(value)) {
        d_logger->error("dropping a PDU whose \"{}\" metadata is not a code name (a string): {}",
                        d_code_key,
                        pmt::write_string(value));
        return nullptr;
    }
    const std::string name = pmt::symbol_to_string(value);
    if (name == d_core.code_name())
        return &d_core;
    std::lock_guard<std::mutex> lock(d_others_mutex);
    auto it = d_others.find(name);
    if (it != d_others.end())
        return it->second.get();
    if (d_others.size() >= max_other_codes) {
        d_logger->error("dropping a PDU of code {}: this block already decodes {} other codes "
                        "than its own, the most it keeps",
                        name,
                        max_other_codes);
        return nullptr;
    }
    try {
        auto dec = std::make_unique<block_decoder>(name, d_params, "ldpc_pdu_decoder", d_logger);
        dec->log_backend();
        return d_others.emplace(name, std::move(dec)).first->second.get();
    } catch (const std::exception& e) {
        d_logger->error("dropping a PDU of code {}: {}", name, e.what());
        return nullptr;
    }
}

uint64_t ldpc_pdu_decoder_impl::sum(uint64_t (block_decoder::*counter)() const) const
{
    uint64_t total = (d_core.*counter)();
    std::lock_guard<std::mutex> lock(d_others_mutex);
    for (const auto& o : d_others)
        total += (o.second.get()->*counter)();
    return total;
}

void ldpc_pdu_decoder_impl::set_max_iterations(int iterations)
{
    d_core.set_max_iterations(iterations); /* throws for a bad value, before the others */
    std::lock_guard<std::mutex> lock(d_others_mutex);
    d_params.max_iterations = iterations;
    for (auto& o : d_others)
        o.second->set_max_iterations(iterations);
}

void ldpc_pdu_decoder_impl::set_early_termination(bool enabled)
{
    d_core.set_early_termination(enabled);
    std::lock_guard<std::mutex> lock(d_others_mutex);
    d_params.early_termination = enabled;
    for (auto& o : d_others)
        o.second->set_early_termination(enabled);
}

} // namespace ldpcgpu
} // namespace gr
