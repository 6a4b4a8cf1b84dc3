/* Streaming LDPC decoder block over the C core's asynchronous batch API.
 *
 * Data path: whole frames are copied from the input buffer straight into the staging buffer of
 * the batch being filled (the only copy of the LLRs); full batches are submitted and several
 * stay in flight; finished batches are collected in submission order and their bits copied to
 * the output as the output buffer has room. Frames that are contiguous both at the input and in
 * the batch (and likewise at the output) move as one run, with one copy: on the GPU these two
 * copies are most of the block's work, and on the cuda backend a small pool of helper threads
 * (copy_pool.h) shares each large one.
 *
 * Scheduling: forecast() asks for one whole frame while the block holds nothing, and for
 * nothing while it holds frames (queued, in flight or waiting for output room), so that
 * general_work() is called to deliver them even when no input comes, and at the end of the
 * stream, when GNU Radio marks the upstream buffer done, to flush the last partial batch. */
#include "ldpc_decoder_impl.h"
#include "stream_input.h"
#include "ldpc_decoder_multi_impl.h"
#include <gnuradio/block_detail.h>
#include <gnuradio/buffer_reader.h>
#include <gnuradio/io_signature.h>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace gr {
namespace ldpcgpu {

namespace {

/* input_type -> LLR type and bytes per item: the core's LLR type names
 * (ldpc_llr_type_from_string: float, f32, float32, int8, i8) and GNU Radio's item-type
 * spellings of the same two types. */
ldpc_llr_type parse_input_type(const std::string& s, int* item_size)
{
    static const char* const gr_aliases[][2] = {
        { "fc32_real", "float" }, { "s8", "int8" }, { "byte", "int8" }, { "char", "int8" }
    };
    const char* name = s.c_str();
    for (const auto& a : gr_aliases)
        if (s == a[0])
            name = a[1];
    ldpc_llr_type t;
    if (ldpc_llr_type_from_string(name, &t) != LDPC_OK)
        throw std::invalid_argument("ldpc_decoder: input_type must be \"float\" or \"int8\", "
                                    "not \"" + s + "\"");
    *item_size = static_cast<int>(t == LDPC_LLR_I8 ? sizeof(int8_t) : sizeof(float));
    return t;
}

int item_size_of(const std::string& s)
{
    int size = 0;
    parse_input_type(s, &size);
    return size;
}

/* msg_format "auto": int8 messages for int8 input (8-bit LLRs gain nothing from float
 * messages, and the fixed-point kernels are the fast ones), float for float input. Any other
 * value must be one of parse_msg_format's. */
std::string resolve_msg_format(const std::string& format, const std::string& input_type)
{
    if (format == "auto")
        return item_size_of(input_type) == 1 ? "int8" : "float";
    try {
        parse_msg_format(format, "ldpc_decoder");
    } catch (const std::invalid_argument&) {
        throw std::invalid_argument("ldpc_decoder: msg_format must be \"auto\", \"float\", "
                                    "\"int8\" or \"int16\", not \"" + format + "\"");
    }
    return format;
}

/* While the block holds in-flight batches but has no input, it polls the backend this often
 * rather than blocking, so that input arriving meanwhile is queued at once. */
constexpr std::chrono::microseconds poll_interval(50);

/* Bytes of LLRs the upstream buffer should hold (see the output multiple). */
constexpr size_t upstream_buffer_target = size_t(32) << 20;

/* Iteration counts up to this get a cached PMT value (see iterations_value). */
constexpr int max_cached_iterations = 1024;

/* Bad HARQ entries logged as warnings; the rest are counted and tagged only. */
constexpr uint64_t max_harq_warnings = 8;

} // namespace

ldpc_decoder::sptr ldpc_decoder::make(const std::string& code,
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
                                      bool fallback_to_cpu,
                                      const std::string& msg_format,
                                      const std::string& frame_tags,
                                      float nms_alpha,
                                      float oms_beta,
                                      const std::string& code_tag,
                                      const std::vector<std::string>& codes,
                                      bool rate_matched,
                                      const std::string& crc_stop,
                                      int harq_buffers)
{
    decoder_params params = block_decoder_params(output_codeword, packed_output, algorithm,
                                                 max_iterations, early_termination, backend,
                                                 llr_positive_is_one, int8_scale, fallback_to_cpu,
                                                 nms_alpha, oms_beta, rate_matched, crc_stop,
                                                 harq_buffers);
    params.batch_frames = batch_frames;
    params.batches_in_flight = batches_in_flight;
    params.num_streams = num_streams;
    params.devices = devices;
    params.msg_format = resolve_msg_format(msg_format, input_type);
    if (code_tag.empty()) {
        if (!codes.empty())
            throw std::invalid_argument("ldpc_decoder: codes needs a code_tag that names each "
                                        "frame's code");
        return gnuradio::make_block_sptr<ldpc_decoder_impl>(
            code, input_type, params, frame_start_tag, frame_tags);
    }
    /* frames of several codes, each named by a tag: code first, then codes */
    std::vector<std::string> all{ code };
    all.insert(all.end(), codes.begin(), codes.end());
    int item_size = 0;
    const ldpc_llr_type llr_type = parse_input_type(input_type, &item_size);
    return gnuradio::make_block_sptr<ldpc_decoder_multi_impl>(
        all, llr_type, item_size, params, frame_start_tag, frame_tags, code_tag);
}

ldpc_decoder_impl::ldpc_decoder_impl(const std::string& code,
                                     const std::string& input_type,
                                     const decoder_params& params,
                                     const std::string& frame_start_tag,
                                     const std::string& frame_tags)
    : gr::block("ldpc_decoder",
                gr::io_signature::make(1, 1, item_size_of(input_type)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      /* checked before the decoder is made, so a bad value costs no GPU set-up */
      d_tag_mode(parse_tag_mode(frame_tags)),
      d_core(code, params, "ldpc_decoder", d_logger)
{
    switch (ldpc_decoder_config_get(d_core.get())->msg_format) {
    case LDPC_MSG_I8: d_msg_format = "int8"; break;
    case LDPC_MSG_I16: d_msg_format = "int16"; break;
    default: d_msg_format = "float"; break;
    }
    d_llr_type = parse_input_type(input_type, &d_item_size);
    ::ldpc_decoder* dec = d_core.get();
    d_n = d_core.frame_llrs();
    d_out_items = d_core.output_bytes();
    d_batch_frames = ldpc_decoder_batch_frames(dec);

    /* Copy helpers: automatic on the GPU, where the block's copies set the pace; the CPU
     * backends' own workers want every core, so there only on request (LDPCGPU_COPY_THREADS). */
    std::string env_error;
    const int helpers = copy_pool::default_helpers(&env_error);
    if (!env_error.empty())
        d_logger->warn("{}", env_error);
    if (d_core.backend() == LDPC_BACKEND_CUDA || std::getenv("LDPCGPU_COPY_THREADS")) {
        d_copy_pool = std::make_unique<copy_pool>(helpers);
        d_logger->debug("{} copy helper threads", helpers);
    }

    /* Learn the core's batch slots once (their number, ldpc_decoder_batch_slots, is the
     * backend's choice when 0 was asked) and give each its frame bookkeeping, so nothing is
     * allocated per frame later. */
    const int nslots = ldpc_decoder_batch_slots(dec);
    for (int i = 0; i < nslots; i++) {
        ldpc_batch* b = nullptr;
        check_status(ldpc_decoder_acquire(dec, &b), "ldpc_decoder: acquire");
        slot s;
        s.batch = b;
        s.frames.resize(d_batch_frames);
        s.tags.reserve(16);
        if (d_core.harq())
            s.harq_error.assign(d_batch_frames, pmt::PMT_NIL);
        d_slots.push_back(std::move(s));
    }
    for (auto& s : d_slots)
        ldpc_decoder_release(dec, s.batch);
    if (d_slots.empty())
        throw std::runtime_error("ldpc_decoder: the decoder offers no batch slots");

    d_key_latency = pmt::intern("ldpc_latency_ns");
    d_key_frames = pmt::intern("ldpc_frames");
    d_key_frame_items = pmt::intern("ldpc_frame_items");
    d_key_frame_iterations = pmt::intern("ldpc_frame_iterations");
    d_key_frame_parity_ok = pmt::intern("ldpc_frame_parity_ok");
    d_key_frame_latency = pmt::intern("ldpc_frame_latency_ns");
    iterations_value(std::min(std::max(0, params.max_iterations), max_cached_iterations));
    d_srcid = pmt::intern(alias());
    d_frame_start_key = frame_start_tag.empty() ? pmt::PMT_NIL : pmt::intern(frame_start_tag);

    /* Frames in, frames out: exact rate, output in whole frames; tags are placed by this
     * block itself. The output multiple is as many frames as all the batch slots hold because
     * GNU Radio sizes the upstream buffer to twice our output multiple's worth of input: so the
     * source can fill every slot while batches decode, and this block, finding input whenever
     * a slot frees up, waits on the backend rather than polling for input (a smaller buffer,
     * one batch's worth, had it poll once per batch). Capped so that buffer stays moderate
     * for long codes: holding a whole batch instead (DVB-T2 with int8 messages: 792 frames,
     * 2 x 51 MB) measured slower on an H100, for this block and a copy block alike (buffers
     * that size leave the CPU caches; docs/benchmarks-flowgraph.md, run 5). */
    const size_t frame_bytes = static_cast<size_t>(d_n) * d_item_size;
    const size_t slot_frames = d_slots.size() * static_cast<size_t>(d_batch_frames);
    d_frames_per_call = static_cast<int>(std::max<size_t>(
        1, std::min<size_t>(slot_frames, upstream_buffer_target / (2 * frame_bytes))));
    set_output_multiple(d_out_items * d_frames_per_call);
    set_relative_rate(static_cast<uint64_t>(d_out_items), static_cast<uint64_t>(d_n));
    set_tag_propagation_policy(TPP_DONT);
}

bool ldpc_decoder_impl::start()
{
    /* A restarted flowgraph begins a new stream: forget anything left from the last run. */
    std::lock_guard<std::mutex> lock(d_core.mutex());
    while (d_in_flight > 0 || d_drain) {
        if (!d_drain && !collect(true))
            break;
        ldpc_decoder_release(d_core.get(), d_drain->batch);
        d_drain = nullptr;
    }
    d_fill_count = 0;
    if (d_core.harq()) /* the batch being filled starts empty again */
        d_core.harq()->new_batch();
    d_core.log_backend();
    return block::start();
}

ldpc_decoder_impl::slot* ldpc_decoder_impl::slot_of(ldpc_batch* b)
{
    for (auto& s : d_slots)
        if (s.batch == b)
            return &s;
    throw std::logic_error("ldpc_decoder: the core returned an unknown batch");
}

bool ldpc_decoder_impl::acquire_fill()
{
    if (d_fill)
        return true;
    ldpc_batch* b = nullptr;
    int st = ldpc_decoder_acquire(d_core.get(), &b);
    if (st == LDPC_ERR_BUSY)
        return false;
    check_status(st, "ldpc_decoder: acquire");
    d_fill = slot_of(b);
    d_fill_count = 0;
    d_fill->tags.clear();
    if (d_core.harq())
        d_core.harq()->new_batch();
    return true;
}

void ldpc_decoder_impl::copy_bytes(void* dst,
                                   const void* src,
                                   size_t bytes,
                                   const copy_pool::chunk_fn& after)
{
    if (d_copy_pool) {
        d_copy_pool->copy(dst, src, bytes, after);
        return;
    }
    std::memcpy(dst, src, bytes);
    if (after)
        after(dst, bytes);
}

pmt::pmt_t ldpc_decoder_impl::iterations_value(int iterations)
{
    if (iterations < 0 || iterations > max_cached_iterations)
        return pmt::from_long(iterations);
    /* allocated once per value; grows when max_iterations is raised at runtime */
    while (d_iteration_values.size() <= static_cast<size_t>(iterations))
        d_iteration_values.push_back(pmt::from_long(static_cast<long>(d_iteration_values.size())));
    return d_iteration_values[iterations];
}

void ldpc_decoder_impl::tag_frame(uint64_t out_offset,
                                  const ldpc_frame_status& status,
                                  uint64_t latency)
{
    add_item_tag(0, out_offset, d_core.key_iterations, iterations_value(status.iterations), d_srcid);
    add_item_tag(0, out_offset, d_core.key_parity_ok, pmt::from_bool(status.parity_ok != 0), d_srcid);
    add_item_tag(0, out_offset, d_key_latency, pmt::from_uint64(latency), d_srcid);
}

int ldpc_decoder_impl::frames_before_frame_start(uint64_t start, int max_frames) const
{
    /* The first frame was checked by realign(). A later frame with a frame-start tag strictly
     * inside it ends the run there, so that realign() sees it first, as it would frame by
     * frame. The call's tags are sorted by offset, so the first such tag decides. */
    const uint64_t n = static_cast<uint64_t>(d_n);
    const uint64_t end = start + static_cast<uint64_t>(max_frames) * n;
    for (size_t i = d_call_tag_pos; i < d_call_tags.size(); i++) {
        const gr::tag_t& t = d_call_tags[i];
        if (t.offset >= end)
            break;
        if (t.offset <= start + n || (t.offset - start) % n == 0 ||
            !pmt::eqv(t.key, d_frame_start_key))
            continue;
        return static_cast<int>((t.offset - start) / n);
    }
    return max_frames;
}

int ldpc_decoder_impl::take_harq_entries(uint64_t start, int max_frames)
{
    /* The HARQ entries of the next max_frames frames (from start) into the batch being
     * filled, from the HARQ tags among the call's tags, up to the first frame that names a
     * buffer the batch already holds: it goes into the next batch (returns how many fit). */
    harq_entries& harq = *d_core.harq();
    ldpc_harq_frame* entries = ldpc_batch_harq(d_fill->batch);
    const uint64_t n = static_cast<uint64_t>(d_n);
    size_t t = d_call_tag_pos;
    std::string error;
    for (int j = 0; j < max_frames; j++) {
        const uint64_t first = start + static_cast<uint64_t>(j) * n;
        harq_values v;
        for (; t < d_call_tags.size() && d_call_tags[t].offset < first + n; t++) {
            const gr::tag_t& tag = d_call_tags[t];
            if (tag.offset < first || !harq.is_key(tag.key))
                continue; /* before the frame (dropped by realign), or not HARQ */
            if (tag.offset == first)
                harq.take(v, tag.key, tag.value);
            else if (v.problem.empty()) /* misaligned: its LLRs may be of two transmissions */
                v.problem = pmt::symbol_to_string(tag.key) + " tag on LLR " +
                            std::to_string(tag.offset - first) + " of the frame, not its first";
        }
        const ldpc_harq_frame e = harq.entry(v, 0, 1, &error);
        if (e.buffer >= 0 && harq.named(e.buffer))
            return j;
        if (e.buffer >= 0)
            harq.name(e.buffer);
        const int f = d_fill_count + j;
        entries[f] = e;
        d_fill->harq_error[f] = error.empty() ? pmt::PMT_NIL : pmt::string_to_symbol(error);
        if (!error.empty()) {
            d_harq_errors++;
            if (++d_harq_warnings <= max_harq_warnings)
                d_logger->warn("frame at input item {}: bad HARQ entry, {}: decoded alone{}",
                               first,
                               error,
                               d_harq_warnings == max_harq_warnings
                                   ? " (further bad entries are counted and tagged, not logged)"
                                   : "");
        }
    }
    return max_frames;
}

void ldpc_decoder_impl::take_frames(const uint8_t* llr, uint64_t in_offset, int count, int64_t now)
{
    slot& s = *d_fill;
    const size_t frame_bytes = static_cast<size_t>(d_n) * d_item_size;
    uint8_t* staging = d_llr_type == LDPC_LLR_F32
                           ? reinterpret_cast<uint8_t*>(ldpc_batch_llr_f32(s.batch))
                           : reinterpret_cast<uint8_t*>(ldpc_batch_llr_i8(s.batch));
    /* the frames follow each other at the input and in the batch: one copy for all. The
     * saturated LLRs are counted on each chunk of the copy by the thread that copied it, in
     * its cache: counted after the whole copy by this thread alone, they were a second pass
     * over the run, serial, at 0.15 - 0.5 ns per LLR (a 2e9 - 6e9 LLR/s ceiling). */
    uint8_t* dst = staging + static_cast<size_t>(d_fill_count) * frame_bytes;
    std::atomic<uint64_t> saturated{ 0 };
    const ldpc_llr_type type = d_llr_type;
    const size_t item = static_cast<size_t>(d_item_size);
    copy_bytes(dst, llr, static_cast<size_t>(count) * frame_bytes,
               [this, type, item, &saturated](const void* chunk, size_t bytes) {
                   saturated += d_core.saturated_in(type, chunk, bytes / item);
               });
    d_core.add_saturated(saturated, static_cast<size_t>(count) * d_n);

    for (int j = 0; j < count; j++) {
        const uint64_t offset = in_offset + static_cast<uint64_t>(j) * d_n;
        frame_meta& m = s.frames[d_fill_count + j];
        m.in_offset = offset;
        m.ready_ns = now;
        /* this frame's input tags, from the call's list (frames are taken in offset order) */
        m.tag_begin = static_cast<uint32_t>(s.tags.size());
        while (d_call_tag_pos < d_call_tags.size() && d_call_tags[d_call_tag_pos].offset < offset)
            d_call_tag_pos++; /* before this frame: items dropped by realign() */
        while (d_call_tag_pos < d_call_tags.size() &&
               d_call_tags[d_call_tag_pos].offset < offset + static_cast<uint64_t>(d_n))
            s.tags.push_back(d_call_tags[d_call_tag_pos++]);
        m.tag_end = static_cast<uint32_t>(s.tags.size());
    }
    d_fill_count += count;
}

void ldpc_decoder_impl::submit_fill()
{
    check_status(ldpc_decoder_submit(d_core.get(), d_fill->batch, d_fill_count, d_llr_type),
                 "ldpc_decoder: submit");
    d_fill = nullptr;
    d_fill_count = 0;
    d_in_flight++;
    d_counts.batches++;
}

bool ldpc_decoder_impl::collect(bool wait)
{
    if (d_drain)
        return true;
    ldpc_batch* b = nullptr;
    int st = ldpc_decoder_collect(d_core.get(), &b, wait ? 1 : 0);
    if (!b)
        return false; /* not finished yet, or nothing in flight */
    d_in_flight--;
    if (st != LDPC_OK && !d_warned_failure) {
        /* the core hands failed batches back with zero bits and parity_ok = 0 */
        d_logger->error("a batch of {} frames failed to decode ({}: {}); its frames are output "
                        "as zeros and counted as failed (reported once)",
                        ldpc_batch_frames(b),
                        ldpc_strerror(st),
                        ldpc_last_error());
        d_warned_failure = true;
    }
    d_drain = slot_of(b);
    d_drain_pos = 0;
    return true;
}

int ldpc_decoder_impl::emit(uint8_t* out, int room_frames, int produced_frames)
{
    int written = 0;
    const int64_t now = now_ns(); /* every frame written by this call leaves now */
    while (produced_frames + written < room_frames) {
        if (!d_drain && !collect(false))
            break;
        slot& s = *d_drain;
        const int nframes = ldpc_batch_frames(s.batch);
        const uint8_t* bits = ldpc_batch_output(s.batch);
        const ldpc_frame_status* status = ldpc_batch_status(s.batch);
        /* as many of the batch's frames as fit, one copy: they follow each other in the
         * batch and at the output */
        const int first = d_drain_pos;
        const int count = std::min(nframes - first, room_frames - produced_frames - written);
        const size_t o = static_cast<size_t>(produced_frames + written);
        copy_bytes(out + o * d_out_items,
                   bits + static_cast<size_t>(first) * d_out_items,
                   static_cast<size_t>(count) * d_out_items);
        const uint64_t out_base = nitems_written(0) + o * d_out_items;
        /* tag_mode::batch: the run's results go into vectors of one dictionary tag */
        int32_t* its = nullptr;
        uint8_t* oks = nullptr;
        double* lats = nullptr; /* f64: pmt.to_python has no u64vector (GNU Radio 3.10) */
        pmt::pmt_t v_its, v_oks, v_lats;
        if (d_tag_mode == tag_mode::batch) {
            size_t len;
            v_its = pmt::make_s32vector(count, 0);
            v_oks = pmt::make_u8vector(count, 0);
            v_lats = pmt::make_f64vector(count, 0.0);
            its = pmt::s32vector_writable_elements(v_its, len);
            oks = pmt::u8vector_writable_elements(v_oks, len);
            lats = pmt::f64vector_writable_elements(v_lats, len);
        }
        for (int j = 0; j < count; j++) {
            const int f = first + j;
            const uint64_t out_offset = out_base + static_cast<uint64_t>(j) * d_out_items;
            const frame_meta& m = s.frames[f];
            const uint64_t latency = static_cast<uint64_t>(std::max<int64_t>(0, now - m.ready_ns));
            if (its) {
                its[j] = status[f].iterations;
                oks[j] = status[f].parity_ok ? 1 : 0;
                lats[j] = static_cast<double>(latency);
            } else if (d_tag_mode == tag_mode::all ||
                       (d_tag_mode == tag_mode::failed && !status[f].parity_ok)) {
                tag_frame(out_offset, status[f], latency);
            }
            for (uint32_t t = m.tag_begin; t < m.tag_end; t++) {
                gr::tag_t tag = s.tags[t];
                tag.offset = out_offset + (tag.offset - m.in_offset) * d_out_items / d_n;
                add_item_tag(0, tag);
            }
            if (!s.harq_error.empty() && !pmt::is_null(s.harq_error[f]))
                add_item_tag(0, out_offset, d_core.harq()->key_error, s.harq_error[f], d_srcid);
            d_core.count_frame(status[f]);
            d_counts.add_latency(latency);
        }
        if (its && count > 0) {
            pmt::pmt_t d = pmt::make_dict();
            d = pmt::dict_add(d, d_key_frames, pmt::from_long(count));
            d = pmt::dict_add(d, d_key_frame_items, pmt::from_long(d_out_items));
            d = pmt::dict_add(d, d_key_frame_iterations, v_its);
            d = pmt::dict_add(d, d_key_frame_parity_ok, v_oks);
            d = pmt::dict_add(d, d_key_frame_latency, v_lats);
            add_item_tag(0, out_base, d_key_frames, d, d_srcid);
        }
        d_drain_pos += count;
        written += count;
        if (d_drain_pos >= nframes) {
            ldpc_decoder_release(d_core.get(), s.batch);
            d_drain = nullptr;
        }
    }
    return written;
}

int ldpc_decoder_impl::realign(int consumed, int avail)
{
    /* A frame-start tag strictly inside the next frame's span: what comes before it is the
     * remainder of a frame broken by a gap. */
    const uint64_t start = nitems_read(0) + consumed;
    const int span = std::min(d_n, avail - consumed);
    if (span < 2)
        return 0;
    get_tags_in_range(d_tag_scratch, 0, start + 1, start + span, d_frame_start_key);
    if (d_tag_scratch.empty())
        return 0;
    uint64_t first = d_tag_scratch[0].offset;
    for (const auto& t : d_tag_scratch)
        first = std::min(first, t.offset);
    const int skip = static_cast<int>(first - start);
    d_counts.dropped++;
    d_logger->warn("frame start tag at item {}: dropping {} LLRs of a partial frame",
                   first,
                   skip);
    return skip;
}

void ldpc_decoder_impl::forecast(int, gr_vector_int& ninput_items_required)
{
    ninput_items_required[0] = (pending() || input_done(*this)) ? 0 : d_n;
}

int ldpc_decoder_impl::general_work(int noutput_items,
                                    gr_vector_int& ninput_items,
                                    gr_vector_const_void_star& input_items,
                                    gr_vector_void_star& output_items)
{
    std::unique_lock<std::mutex> lock(d_core.mutex());
    const uint8_t* in = static_cast<const uint8_t*>(input_items[0]);
    uint8_t* out = static_cast<uint8_t*>(output_items[0]);
    const int avail = ninput_items[0];
    const int room = noutput_items / d_out_items;
    int consumed = 0;
    int produced = 0; /* frames */

    /* 1. Deliver what the backend has finished. */
    produced += emit(out, room, produced);

    /* 2. Queue every whole input frame. GNU Radio's tag lookup and the clock are asked once
     * per call, not per frame: at millions of frames per second they were the block's cost. */
    if (avail - consumed >= d_n) {
        const uint64_t first = nitems_read(0) + static_cast<uint64_t>(consumed);
        get_tags_in_range(d_call_tags, 0, first, nitems_read(0) + static_cast<uint64_t>(avail));
        std::stable_sort(d_call_tags.begin(), d_call_tags.end(),
                         [](const gr::tag_t& a, const gr::tag_t& b) { return a.offset < b.offset; });
        d_call_tag_pos = 0;
    }
    const int64_t call_ns = now_ns();
    const bool realigning = !pmt::is_null(d_frame_start_key);
    for (;;) {
        if (realigning)
            consumed += realign(consumed, avail);
        const int whole_frames = (avail - consumed) / d_n;
        if (whole_frames < 1)
            break;
        if (!acquire_fill()) {
            /* Every slot is in flight: the oldest must finish before more input fits. Wait
             * for it only if its bits can go out now. */
            if (produced >= room || !collect(true))
                break;
            produced += emit(out, room, produced);
            continue;
        }
        /* every whole frame the batch has room for, as one run */
        const uint64_t start = nitems_read(0) + static_cast<uint64_t>(consumed);
        int count = std::min(whole_frames, d_batch_frames - d_fill_count);
        if (realigning)
            count = frames_before_frame_start(start, count);
        if (d_core.harq()) {
            count = take_harq_entries(start, count);
            if (count == 0) { /* the next frame's buffer is in this batch: send it first */
                submit_fill();
                continue;
            }
        }
        take_frames(in + static_cast<size_t>(consumed) * d_item_size, start, count, call_ns);
        consumed += count * d_n;
        if (d_fill_count == d_batch_frames)
            submit_fill();
    }

    /* 3. No whole frame left at the input: send the partial batch if the backend would
     * otherwise sit idle, or if the stream has ended. */
    bool finished = false;
    if (avail - consumed < d_n) {
        finished = input_finished(*this, avail);
        if (d_fill_count > 0 && (finished || d_in_flight == 0))
            submit_fill();
        produced += emit(out, room, produced);
        if (finished) {
            /* end of stream: wait for every batch, as far as the output has room */
            while (produced < room && (d_drain || d_in_flight > 0)) {
                if (!collect(true))
                    break;
                produced += emit(out, room, produced);
            }
            if (!pending() && avail > consumed) {
                d_counts.dropped++;
                d_logger->warn("stream ended inside a frame: dropping the last {} LLRs "
                               "(a frame is {})",
                               avail - consumed,
                               d_n);
                consumed = avail;
            }
        }
    }

    consume_each(consumed);
    if (finished && !pending() && produced == 0)
        return WORK_DONE;
    if (produced == 0 && consumed == 0 && d_in_flight > 0) {
        /* nothing ready and no input: give the backend a moment instead of spinning */
        lock.unlock();
        std::this_thread::sleep_for(poll_interval);
    }
    return produced * d_out_items;
}

void ldpc_decoder_impl::reset_counters()
{
    d_core.reset_counters();
    d_counts.reset();
    d_harq_errors = 0;
}

} // namespace ldpcgpu
} // namespace gr
