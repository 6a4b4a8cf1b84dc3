/* Streaming LDPC decoder block for frames of several codes (ldpc_decoder.h, "Frames of several
 * codes"), over the core's ldpc_multi_decoder.
 *
 * Data path: each whole frame is copied from the input into its row of the batch (rows of the
 * longest code's n); when the batch is full, or no whole frame is left at the input, the batch
 * is decoded in one synchronous call, and its frames are written out, each as its code's output
 * items, as the output buffer has room. The frame length depends on the code, which only the
 * tag on a frame's first LLR tells: so the block parses the input frame by frame (the single
 * code block's one-copy runs and batches in flight are for its one fixed length).
 *
 * Scheduling: forecast() asks for the next frame's length (its code's n; 1 while LLRs of an
 * unknown code are being dropped), and for nothing while decoded frames wait for output room
 * or once the input is done, so that the end of the stream flushes the last frames. The output
 * multiple is a few frames of the longest output, so that one frame of any code always fits. */
#include "ldpc_decoder_multi_impl.h"
#include "stream_input.h"
#include <gnuradio/block_detail.h>
#include <gnuradio/buffer_reader.h>
#include <gnuradio/io_signature.h>
#include <algorithm>
#include <chrono>
#include <cstring>

namespace gr {
namespace ldpcgpu {

namespace {

/* Frames per decode call unless batch_frames says otherwise: a cpu-simd lane group (up to 32
 * frames) for each code, so that a stream cycling through the codes fills its groups
 * (multi_decoder.h, "Speed"; examples/acm_stream_bench.py, 4 DVB-S2 64800 rates, int8, 2-core
 * VM: 16 frames a code ran at 0.44 - 0.47 of the single-code block's speed, 32 at 0.68 - 1.0,
 * 64 at 0.69 - 0.70), within 64..256 frames. */
constexpr int frames_per_code = 32;
constexpr int min_batch_frames = 64, max_batch_frames = 256;

/* Bytes of LLRs the upstream buffer should hold at most (as the single-code block). */
constexpr size_t upstream_buffer_target = size_t(32) << 20;

std::string join(const std::vector<std::string>& names)
{
    std::string s;
    for (size_t i = 0; i < names.size(); i++)
        s += (i ? ", " : "") + std::to_string(i) + ": " + names[i];
    return s;
}

} // namespace

ldpc_decoder_multi_impl::ldpc_decoder_multi_impl(const std::vector<std::string>& codes,
                                                 ldpc_llr_type llr_type,
                                                 int item_size,
                                                 const decoder_params& params,
                                                 const std::string& frame_start_tag,
                                                 const std::string& frame_tags,
                                                 const std::string& code_tag)
    : gr::block("ldpc_decoder",
                gr::io_signature::make(1, 1, item_size),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      d_tag_mode(parse_tag_mode(frame_tags)),
      d_core(codes, params, "ldpc_decoder", d_logger),
      d_code_tag(code_tag),
      d_llr_type(llr_type),
      d_item_size(item_size)
{
    if (params.batch_frames < 0)
        throw std::invalid_argument("ldpc_decoder: batch_frames must be >= 0");
    ::ldpc_multi_decoder* m = d_core.get_multi();
    const int ncodes = ldpc_multi_decoder_num_codes(m);
    for (int i = 0; i < ncodes; i++) {
        const ::ldpc_code* c = ldpc_multi_decoder_code(m, i);
        d_names.push_back(ldpc_code_name(c));
        d_name_values.push_back(pmt::intern(d_names.back()));
        d_index_of.emplace(codes[i], i); /* a name given twice keeps its first index */
        d_index_of.emplace(d_names.back(), i);
        d_n.push_back(ldpc_multi_decoder_frame_llrs(m, i)); /* n, or E (rate_matched) */
        d_out_items.push_back(ldpc_multi_decoder_output_bytes(m, i));
    }
    d_max_n = ldpc_multi_decoder_max_n(m);
    d_max_out = ldpc_multi_decoder_max_output_bytes(m);
    switch (parse_msg_format(params.msg_format, "ldpc_decoder")) {
    case LDPC_MSG_I8: d_msg_format = "int8"; break;
    case LDPC_MSG_I16: d_msg_format = "int16"; break;
    default: d_msg_format = "float"; break;
    }
    d_batch_frames = params.batch_frames > 0 ? params.batch_frames
                                             : std::min(max_batch_frames,
                                                        std::max(min_batch_frames,
                                                                 frames_per_code * ncodes));
    const size_t rows = static_cast<size_t>(d_batch_frames);
    d_llr.resize(rows * d_max_n * d_item_size);
    d_index.resize(rows);
    d_bits.resize(rows * d_max_out);
    d_status.resize(rows);
    d_frames.resize(rows);

    d_code_key = pmt::intern(code_tag);
    d_frame_start_key = frame_start_tag.empty() ? pmt::PMT_NIL : pmt::intern(frame_start_tag);
    d_srcid = pmt::intern(alias());
    d_key_latency = pmt::intern("ldpc_latency_ns");
    d_key_frames = pmt::intern("ldpc_frames");
    d_key_frame_items = pmt::intern("ldpc_frame_items");
    d_key_frame_iterations = pmt::intern("ldpc_frame_iterations");
    d_key_frame_parity_ok = pmt::intern("ldpc_frame_parity_ok");
    d_key_frame_latency = pmt::intern("ldpc_frame_latency_ns");
    d_key_skipped = pmt::intern("ldpc_skipped");
    d_key_llrs = pmt::intern("llrs");
    d_key_code = pmt::intern("code");
    d_skip_value = pmt::PMT_NIL;
    d_pending_skip = pmt::PMT_NIL;
    d_need = d_n[0];

    /* GNU Radio sizes the upstream buffer to twice (1 / relative rate) x output multiple
     * items: with the rate max_out / max_n, frames_per_call longest frames, at least two. */
    const size_t frame_bytes = static_cast<size_t>(d_max_n) * d_item_size;
    const int frames_per_call = static_cast<int>(std::max<size_t>(
        2, std::min<size_t>(rows, upstream_buffer_target / (2 * frame_bytes))));
    set_output_multiple(d_max_out * frames_per_call);
    set_relative_rate(static_cast<uint64_t>(d_max_out), static_cast<uint64_t>(d_max_n));
    set_tag_propagation_policy(TPP_DONT);
}

bool ldpc_decoder_multi_impl::start()
{
    /* A restarted flowgraph begins a new stream. */
    std::lock_guard<std::mutex> lock(d_core.mutex());
    d_count = 0;
    d_decoded = false;
    d_emit_pos = 0;
    d_current = 0;
    d_tags_applied = 0;
    d_skip_value = pmt::PMT_NIL;
    d_skip_llrs = 0;
    d_pending_skip = pmt::PMT_NIL;
    d_need = d_n[0];
    d_core.log_backend();
    d_logger->info("codes by index (tag \"{}\"): {}", d_code_tag, join(d_names));
    return block::start();
}

int ldpc_decoder_multi_impl::code_of(const pmt::pmt_t& value) const
{
    if (pmt::is_symbol(value)) {
        auto it = d_index_of.find(pmt::symbol_to_string(value));
        return it == d_index_of.end() ? -1 : it->second;
    }
    if (pmt::is_integer(value)) {
        const long i = pmt::to_long(value);
        return i >= 0 && i < static_cast<long>(d_names.size()) ? static_cast<int>(i) : -1;
    }
    if (pmt::is_uint64(value)) {
        const uint64_t i = pmt::to_uint64(value);
        return i < d_names.size() ? static_cast<int>(i) : -1;
    }
    return -1;
}

bool ldpc_decoder_multi_impl::is_boundary(const gr::tag_t& t) const
{
    return pmt::eqv(t.key, d_code_key) ||
           (!pmt::is_null(d_frame_start_key) && pmt::eqv(t.key, d_frame_start_key));
}

uint64_t ldpc_decoder_multi_impl::next_boundary(uint64_t from, uint64_t to) const
{
    auto it = std::upper_bound(d_call_tags.begin(), d_call_tags.end(), from,
                               [](uint64_t o, const gr::tag_t& t) { return o < t.offset; });
    for (; it != d_call_tags.end() && it->offset < to; ++it)
        if (is_boundary(*it))
            return it->offset;
    return to;
}

void ldpc_decoder_multi_impl::apply_code_tags(uint64_t offset)
{
    if (offset < d_tags_applied)
        return; /* seen in an earlier call that lacked the frame's last LLRs */
    d_tags_applied = offset + 1;
    auto it = std::lower_bound(d_call_tags.begin(), d_call_tags.end(), offset,
                               [](const gr::tag_t& t, uint64_t o) { return t.offset < o; });
    for (; it != d_call_tags.end() && it->offset == offset; ++it) {
        if (!pmt::eqv(it->key, d_code_key))
            continue;
        const int code = code_of(it->value);
        if (code >= 0) {
            if (d_current < 0) /* the LLRs of an unknown code end here */
                d_pending_skip = pmt::dict_add(
                    pmt::dict_add(pmt::make_dict(), d_key_code, d_skip_value),
                    d_key_llrs,
                    pmt::from_uint64(d_skip_llrs));
            d_current = code;
            continue;
        }
        if (d_current >= 0)
            d_skip_llrs = 0;
        d_current = -1;
        d_skip_value = it->value;
        d_skipped++;
        d_logger->warn("code tag at item {}: {} names no code of this decoder ({}); dropping "
                       "the LLRs up to the next code tag",
                       offset,
                       pmt::write_string(it->value),
                       join(d_names));
    }
}

void ldpc_decoder_multi_impl::take_frame(const uint8_t* llr, uint64_t offset, int64_t now)
{
    const int row = d_count;
    const int code = d_current;
    const size_t n = static_cast<size_t>(d_n[code]);
    std::memcpy(d_llr.data() + static_cast<size_t>(row) * d_max_n * d_item_size,
                llr,
                n * d_item_size);
    d_core.count_saturated(d_llr_type, llr, n);
    frame_meta& m = d_frames[row];
    m.code = code;
    m.in_offset = offset;
    m.ready_ns = now;
    m.skipped = d_pending_skip;
    d_pending_skip = pmt::PMT_NIL;
    /* its input tags but the code tags, which the output replaces with the canonical name */
    m.tag_begin = static_cast<uint32_t>(d_tags.size());
    auto it = std::lower_bound(d_call_tags.begin(), d_call_tags.end(), offset,
                               [](const gr::tag_t& t, uint64_t o) { return t.offset < o; });
    for (; it != d_call_tags.end() && it->offset < offset + n; ++it)
        if (!pmt::eqv(it->key, d_code_key))
            d_tags.push_back(*it);
    m.tag_end = static_cast<uint32_t>(d_tags.size());
    d_index[row] = code;
    d_count++;
}

void ldpc_decoder_multi_impl::decode_batch()
{
    ::ldpc_multi_decoder* m = d_core.get_multi();
    const int st =
        d_llr_type == LDPC_LLR_I8
            ? ldpc_multi_decoder_decode_i8(m, reinterpret_cast<const int8_t*>(d_llr.data()),
                                           d_index.data(), d_count, d_bits.data(),
                                           d_status.data())
            : ldpc_multi_decoder_decode_f32(m, reinterpret_cast<const float*>(d_llr.data()),
                                            d_index.data(), d_count, d_bits.data(),
                                            d_status.data());
    if (st != LDPC_OK) /* the failed frames come back as zeros with parity_ok 0 */
        d_logger->error("decoding {} frames failed ({}: {}); the frames it could not decode are "
                        "output as zeros and counted as failed",
                        d_count,
                        ldpc_strerror(st),
                        ldpc_last_error());
    d_decoded = true;
    d_emit_pos = 0;
    d_counts.batches++;
}

int ldpc_decoder_multi_impl::emit(uint8_t* out, int room, int produced)
{
    int written = 0;
    const int64_t now = now_ns();
    /* tag_mode::batch: the current run of frames of one code */
    int run_code = -1;
    uint64_t run_offset = 0;
    std::vector<int32_t> its;
    std::vector<uint8_t> oks;
    std::vector<double> lats; /* f64: pmt.to_python has no u64vector (GNU Radio 3.10) */
    auto flush_run = [&]() {
        if (its.empty())
            return;
        pmt::pmt_t d = pmt::make_dict();
        d = pmt::dict_add(d, d_key_frames, pmt::from_long(static_cast<long>(its.size())));
        d = pmt::dict_add(d, d_key_frame_items, pmt::from_long(d_out_items[run_code]));
        d = pmt::dict_add(d, d_key_frame_iterations, pmt::init_s32vector(its.size(), its));
        d = pmt::dict_add(d, d_key_frame_parity_ok, pmt::init_u8vector(oks.size(), oks));
        d = pmt::dict_add(d, d_key_frame_latency, pmt::init_f64vector(lats.size(), lats));
        add_item_tag(0, run_offset, d_key_frames, d, d_srcid);
        its.clear();
        oks.clear();
        lats.clear();
    };
    while (d_decoded && d_emit_pos < d_count) {
        const int f = d_emit_pos;
        const frame_meta& m = d_frames[f];
        const int items = d_out_items[m.code];
        if (written + items > room)
            break;
        std::memcpy(out + written, d_bits.data() + static_cast<size_t>(f) * d_max_out, items);
        const uint64_t out_offset = nitems_written(0) + static_cast<uint64_t>(produced + written);
        const ldpc_frame_status& status = d_status[f];
        const uint64_t latency = static_cast<uint64_t>(std::max<int64_t>(0, now - m.ready_ns));
        add_item_tag(0, out_offset, d_code_key, d_name_values[m.code], d_srcid);
        if (!pmt::is_null(m.skipped))
            add_item_tag(0, out_offset, d_key_skipped, m.skipped, d_srcid);
        for (uint32_t t = m.tag_begin; t < m.tag_end; t++) {
            gr::tag_t tag = d_tags[t];
            tag.offset = out_offset + (tag.offset - m.in_offset) * items / d_n[m.code];
            add_item_tag(0, tag);
        }
        if (d_tag_mode == tag_mode::batch) {
            if (m.code != run_code)
                flush_run();
            if (its.empty()) {
                run_code = m.code;
                run_offset = out_offset;
            }
            its.push_back(status.iterations);
            oks.push_back(status.parity_ok ? 1 : 0);
            lats.push_back(static_cast<double>(latency));
        } else if (d_tag_mode == tag_mode::all ||
                   (d_tag_mode == tag_mode::failed && !status.parity_ok)) {
            add_item_tag(0, out_offset, d_core.key_iterations, pmt::from_long(status.iterations),
                         d_srcid);
            add_item_tag(0, out_offset, d_core.key_parity_ok,
                         pmt::from_bool(status.parity_ok != 0), d_srcid);
            add_item_tag(0, out_offset, d_key_latency, pmt::from_uint64(latency), d_srcid);
        }
        d_core.count_frame(status);
        d_counts.add_latency(latency);
        written += items;
        d_emit_pos++;
    }
    flush_run();
    if (d_decoded && d_emit_pos >= d_count) {
        d_decoded = false;
        d_count = 0;
        d_emit_pos = 0;
        d_tags.clear();
    }
    return written;
}

void ldpc_decoder_multi_impl::forecast(int, gr_vector_int& ninput_items_required)
{
    ninput_items_required[0] = (d_decoded || input_done(*this)) ? 0 : d_need;
}

int ldpc_decoder_multi_impl::general_work(int noutput_items,
                                          gr_vector_int& ninput_items,
                                          gr_vector_const_void_star& input_items,
                                          gr_vector_void_star& output_items)
{
    std::lock_guard<std::mutex> lock(d_core.mutex());
    const uint8_t* in = static_cast<const uint8_t*>(input_items[0]);
    uint8_t* out = static_cast<uint8_t*>(output_items[0]);
    int produced = emit(out, noutput_items, 0);
    if (d_decoded) { /* frames still wait for output room */
        consume_each(0);
        return produced;
    }

    const int avail = ninput_items[0];
    const uint64_t base = nitems_read(0), end = base + static_cast<uint64_t>(avail);
    get_tags_in_range(d_call_tags, 0, base, end);
    std::stable_sort(d_call_tags.begin(), d_call_tags.end(),
                     [](const gr::tag_t& a, const gr::tag_t& b) { return a.offset < b.offset; });
    const int64_t now = now_ns();
    int consumed = 0;
    bool starved = true; /* the input holds no whole frame more (else the batch filled up) */
    while (consumed < avail) {
        if (d_count == d_batch_frames) {
            starved = false;
            break;
        }
        const uint64_t p = base + static_cast<uint64_t>(consumed);
        apply_code_tags(p);
        if (d_current < 0) {
            /* an unknown code: drop up to the next code tag */
            uint64_t stop = end;
            for (const auto& t : d_call_tags)
                if (t.offset > p && t.offset < end && pmt::eqv(t.key, d_code_key)) {
                    stop = t.offset;
                    break;
                }
            d_skip_llrs += stop - p;
            consumed += static_cast<int>(stop - p);
            d_need = 1;
            continue;
        }
        const int n = d_n[d_current];
        d_need = n;
        const uint64_t frame_end = std::min(p + static_cast<uint64_t>(n), end);
        const uint64_t boundary = next_boundary(p, frame_end);
        if (boundary < frame_end) {
            const int skip = static_cast<int>(boundary - p);
            d_counts.dropped++;
            d_logger->warn("frame start at item {}: dropping {} LLRs of a partial frame "
                           "(a {} frame is {})",
                           boundary,
                           skip,
                           d_names[d_current],
                           n);
            consumed += skip;
            continue;
        }
        if (avail - consumed < n)
            break;
        take_frame(in + static_cast<size_t>(consumed) * d_item_size, p, now);
        consumed += n;
    }
    if (d_count > 0) { /* full, or no whole frame left at the input: decode now */
        decode_batch();
        produced += emit(out + produced, noutput_items - produced, produced);
    }

    bool finished = false;
    if (!d_decoded && d_count == 0 && starved) {
        finished = input_finished(*this, avail);
        if (finished && consumed < avail) {
            if (d_current >= 0) {
                d_counts.dropped++;
                d_logger->warn("stream ended inside a frame: dropping the last {} LLRs "
                               "(a {} frame is {})",
                               avail - consumed,
                               d_names[d_current],
                               d_n[d_current]);
            }
            consumed = avail;
        }
    }
    consume_each(consumed);
    if (finished && produced == 0)
        return WORK_DONE;
    return produced;
}

void ldpc_decoder_multi_impl::reset_counters()
{
    d_core.reset_counters();
    d_counts.reset();
    d_skipped = 0;
}

} // namespace ldpcgpu
} // namespace gr
