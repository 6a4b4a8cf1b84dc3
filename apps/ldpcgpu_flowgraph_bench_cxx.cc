/* ldpcgpu_flowgraph_bench_cxx: the flowgraph benchmark of apps/ldpcgpu-flowgraph-bench in C++,
 * plus a correctness check of the decoder block in a flowgraph.
 *
 * Why it exists: the Python tool needs GNU Radio's Python (3.11, numpy, the gnuradio package).
 * This program needs only GNU Radio's C++ runtime and blocks libraries, which can be copied as
 * plain shared libraries to a GPU machine without GNU Radio's Python installed (see
 * scripts/gr-gpu-check), so the block can be run with backend=cuda there.
 *
 * For each code, LLR type and early-termination setting, on the same noisy LLRs (a pool of 64
 * random codewords through BPSK/AWGN, repeated by the source):
 *   (a)  copy     pool source -> blocks::copy -> null sink     (GNU Radio's default buffers)
 *   (a2) copy     the same, with the buffers GNU Radio gave the decoder flowgraph
 *   (a3) copy     (a2) with the decoder block's per-frame GNU Radio work (a tag lookup and
 *                 three tags a frame) done by the copy block: GNU Radio's own cost of tags
 *   (b)  block    pool source -> ldpc_decoder -> null sink, once per --frame-tags mode (batch,
 *                 the default: one "ldpc_frames" tag per run of frames; all: three tags on
 *                 every frame; failed: on failed frames only; none: no result tags)
 *   (c)  decoder  ldpc_decoder_decode_f32/_i8 on the same frames, same settings
 * --message-formats runs every case with each of the decoder's message formats (the block's
 * msg_format, "auto" by default as the block's; (c) uses the format "auto" resolves to). One table row per case and frame-tags mode; the copy
 * columns repeat within a case.
 * The table has the Python tool's columns, then (a2), (a3) and "b / best copy", (b)'s items/s
 * over the faster of (a) and (a2): at about 1 the flowgraph runs as fast with the decoder as
 * with a copy block, so the decoder is not its bottleneck. (c) is the synchronous API, as the
 * Python tool's numpy Decoder.decode(); on a GPU it is slower than the pipelined batches the
 * block uses (`ldpcgpu bench --mode e2e` measures those).
 *
 * --mode verify (or both) runs pool source -> ldpc_decoder -> check sink over several batches
 * plus a partial one, with frame_tags "all" and again with "batch", and checks every frame: its
 * bits equal the decoder alone's on the same LLRs, and the sent bits when parity holds; its
 * iterations, parity and latency (three tags on its first bit, or its entries in the
 * "ldpc_frames" tag that covers it) are the decoder alone's values; the source's per-frame tag
 * arrives on its first bit.
 * Exit status 1 when a check fails (also when the block's frame, failure or iteration counts
 * differ from the decoder alone's), 2 on bad arguments or errors.
 *
 *   ldpcgpu_flowgraph_bench_cxx --backend cuda --codes wimax:2304:1/2 --json out.json
 */
#include "core_handles.h"
#include <gnuradio/blocks/copy.h>
#include <gnuradio/blocks/null_sink.h>
#include <gnuradio/block_detail.h>
#include <gnuradio/buffer.h>
#include <gnuradio/constants.h>
#include <gnuradio/io_signature.h>
#include <gnuradio/ldpcgpu/ldpc_decoder.h>
#include <gnuradio/sync_block.h>
#include <gnuradio/top_block.h>
#include <unistd.h>
#include <algorithm>
#include <cstdarg>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using gr::ldpcgpu::check_status;
using gr::ldpcgpu::code_ptr;
using gr::ldpcgpu::decoder_params;
using gr::ldpcgpu::decoder_ptr;
using gr::ldpcgpu::make_code;
using gr::ldpcgpu::make_decoder_config;
using decoder_block = gr::ldpcgpu::ldpc_decoder; /* the C core's decoder is ::ldpc_decoder */

namespace {

constexpr int pool_frames = 64;               /* distinct noisy frames, repeated */
constexpr float int8_scale = 4.0f;            /* the block's default */
constexpr size_t chunk_bytes_max = 256 << 20; /* LLRs the decoder alone holds at once */

struct options {
    std::vector<std::string> codes{ "wimax:2304:1/2", "dvbt2:64800:1/2" };
    std::vector<std::string> types{ "float", "int8" };
    std::vector<std::string> et{ "on", "off" };
    std::vector<std::string> msg_formats{ "auto" };   /* the block's msg_format */
    std::vector<std::string> frame_tags{ "batch" };   /* the block's frame_tags, one (b) each */
    /* the decoder's defaults are the core's (decoder_defaults.h) */
    std::string backend = "auto", algorithm = gr::ldpcgpu::default_algorithm(), mode = "bench",
                json;
    int max_iterations = gr::ldpcgpu::default_max_iterations(), repeat = 3, seed = 1;
    long frames = 0;
    double ebn0 = 3.0, seconds = 1.0;
};

/* ---- the two blocks of the harness's own ---- */

/* Emits total_items LLRs cycling through a pool of frames (a memcpy per call, like a file
 * source reading from the page cache), optionally with a "frame_index" tag on every frame's
 * first LLR; then ends the stream. */
class pool_source : public gr::sync_block
{
public:
    pool_source(const std::vector<uint8_t>& pool, int frame_items, int item_size,
                uint64_t total_items, bool tag_frames)
        : gr::sync_block("pool_source", gr::io_signature::make(0, 0, 0),
                         gr::io_signature::make(1, 1, item_size)),
          d_pool(pool), d_frame_items(frame_items), d_item_size(item_size),
          d_pool_items(pool.size() / item_size), d_total(total_items), d_tag(tag_frames),
          d_key(pmt::intern("frame_index"))
    {
    }
    int work(int noutput_items, gr_vector_const_void_star&, gr_vector_void_star& out) override
    {
        const uint64_t start = nitems_written(0);
        const uint64_t n = std::min<uint64_t>(noutput_items, d_total - start);
        if (n == 0)
            return WORK_DONE;
        uint8_t* o = static_cast<uint8_t*>(out[0]);
        for (uint64_t done = 0; done < n;) {
            const uint64_t at = (start + done) % d_pool_items;
            const uint64_t len = std::min(n - done, d_pool_items - at);
            std::memcpy(o + done * d_item_size, d_pool.data() + at * d_item_size,
                        len * d_item_size);
            done += len;
        }
        if (d_tag) {
            const uint64_t first = (start + d_frame_items - 1) / d_frame_items;
            for (uint64_t f = first; f * d_frame_items < start + n; f++)
                add_item_tag(0, f * d_frame_items, d_key, pmt::from_long(long(f)));
        }
        return static_cast<int>(n);
    }

private:
    const std::vector<uint8_t>& d_pool;
    const int d_frame_items, d_item_size;
    const uint64_t d_pool_items, d_total;
    const bool d_tag;
    const pmt::pmt_t d_key;
};

/* A copy block that does the decoder block's per-frame GNU Radio work and nothing else: per
 * frame, one input tag lookup and three output tags (long, bool, uint64 values, under the
 * block's keys). (a3) runs it in place of the decoder: what GNU Radio's tag handling alone
 * costs at that frame rate. */
class tagging_copy : public gr::sync_block
{
public:
    tagging_copy(int frame_items, int item_size, bool tags)
        : gr::sync_block("tagging_copy", gr::io_signature::make(1, 1, item_size),
                         gr::io_signature::make(1, 1, item_size)),
          d_frame_items(frame_items), d_item_size(item_size), d_tags(tags),
          d_keys{ pmt::intern("ldpc_iterations"), pmt::intern("ldpc_parity_ok"),
                  pmt::intern("ldpc_latency_ns") },
          d_srcid(pmt::intern("tagging_copy"))
    {
        set_tag_propagation_policy(TPP_DONT);
    }
    int work(int n, gr_vector_const_void_star& in, gr_vector_void_star& out) override
    {
        std::memcpy(out[0], in[0], size_t(n) * d_item_size);
        if (!d_tags)
            return n;
        const uint64_t start = nitems_written(0);
        for (uint64_t f = (start + d_frame_items - 1) / d_frame_items * d_frame_items;
             f < start + n; f += d_frame_items) {
            get_tags_in_range(d_scratch, 0, f, f + d_frame_items);
            add_item_tag(0, f, d_keys[0], pmt::from_long(long(f % 11)), d_srcid);
            add_item_tag(0, f, d_keys[1], pmt::from_bool(true), d_srcid);
            add_item_tag(0, f, d_keys[2], pmt::from_uint64(f), d_srcid);
        }
        return n;
    }

private:
    const int d_frame_items, d_item_size;
    const bool d_tags;
    const pmt::pmt_t d_keys[3], d_srcid;
    std::vector<gr::tag_t> d_scratch;
};

/* What the check sink saw of one output frame. */
struct frame_seen {
    uint32_t bit_errors = 0;      /* against the sent information bits */
    uint32_t decoder_diffs = 0;   /* against the decoder alone's bits for the same LLRs */
    int iterations = -1, parity_ok = -1;
    long index = -1;              /* the source's frame_index tag */
    bool latency = false;
};

/* Compares every output bit with the sent bits and the decoder alone's, and records the tags
 * found at frame starts; tags anywhere else are counted as misplaced. */
class check_sink : public gr::sync_block
{
public:
    check_sink(const std::vector<uint8_t>& sent, const std::vector<uint8_t>& alone, int k,
               std::vector<frame_seen>& seen)
        : gr::sync_block("check_sink", gr::io_signature::make(1, 1, 1),
                         gr::io_signature::make(0, 0, 0)),
          d_sent(sent), d_alone(alone), d_k(k), d_seen(seen)
    {
    }
    int work(int n, gr_vector_const_void_star& in, gr_vector_void_star&) override
    {
        const uint8_t* bits = static_cast<const uint8_t*>(in[0]);
        const uint64_t start = nitems_read(0);
        for (int i = 0; i < n; i++) {
            const uint64_t o = start + i, f = o / d_k;
            if (f >= d_seen.size()) {
                extra_items++;
                continue;
            }
            const size_t ref = (f % pool_frames) * d_k + o % d_k;
            d_seen[f].bit_errors += bits[i] != d_sent[ref];
            d_seen[f].decoder_diffs += bits[i] != d_alone[ref];
        }
        std::vector<gr::tag_t> tags;
        get_tags_in_range(tags, 0, start, start + n);
        for (const auto& t : tags) {
            const uint64_t f = t.offset / d_k;
            if (t.offset % d_k != 0 || f >= d_seen.size()) {
                misplaced_tags++;
                continue;
            }
            const std::string key = pmt::symbol_to_string(t.key);
            if (key == "ldpc_frames") { /* frame_tags "batch": the frames from here on */
                const pmt::pmt_t d = t.value;
                const long count = pmt::to_long(pmt::dict_ref(d, pmt::intern("ldpc_frames"), pmt::PMT_NIL));
                const long items = pmt::to_long(pmt::dict_ref(d, pmt::intern("ldpc_frame_items"), pmt::PMT_NIL));
                const pmt::pmt_t its = pmt::dict_ref(d, pmt::intern("ldpc_frame_iterations"), pmt::PMT_NIL);
                const pmt::pmt_t oks = pmt::dict_ref(d, pmt::intern("ldpc_frame_parity_ok"), pmt::PMT_NIL);
                const pmt::pmt_t lat = pmt::dict_ref(d, pmt::intern("ldpc_frame_latency_ns"), pmt::PMT_NIL);
                if (items != d_k || pmt::length(its) != size_t(count) ||
                    pmt::length(oks) != size_t(count) || pmt::length(lat) != size_t(count)) {
                    misplaced_tags++;
                    continue;
                }
                for (long i = 0; i < count && f + uint64_t(i) < d_seen.size(); i++) {
                    d_seen[f + i].iterations = pmt::s32vector_ref(its, i);
                    d_seen[f + i].parity_ok = pmt::u8vector_ref(oks, i) ? 1 : 0;
                    d_seen[f + i].latency = true;
                }
            } else if (key == "ldpc_iterations")
                d_seen[f].iterations = int(pmt::to_long(t.value));
            else if (key == "ldpc_parity_ok")
                d_seen[f].parity_ok = pmt::to_bool(t.value) ? 1 : 0;
            else if (key == "ldpc_latency_ns")
                d_seen[f].latency = true;
            else if (key == "frame_index")
                d_seen[f].index = pmt::to_long(t.value);
        }
        return n;
    }
    uint64_t extra_items = 0, misplaced_tags = 0;

private:
    const std::vector<uint8_t>&d_sent, &d_alone;
    const int d_k;
    std::vector<frame_seen>& d_seen;
};

/* ---- helpers ---- */

struct times {
    double wall, cpu;
};

double cpu_seconds()
{
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

template <class F>
times timed(F fn)
{
    const auto w0 = std::chrono::steady_clock::now();
    const double c0 = cpu_seconds();
    fn();
    return { std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count(),
             cpu_seconds() - c0 };
}

std::vector<std::string> split(const std::string& s)
{
    std::vector<std::string> out;
    std::stringstream ss(s);
    for (std::string item; std::getline(ss, item, ',');)
        if (!item.empty())
            out.push_back(item);
    return out;
}

std::string cpu_model()
{
    std::ifstream f("/proc/cpuinfo");
    for (std::string line; std::getline(f, line);)
        if (line.rfind("model name", 0) == 0)
            return line.substr(line.find(':') + 2);
    return "unknown CPU";
}

std::string strf(const char* format, ...) __attribute__((format(printf, 1, 2)));
std::string strf(const char* format, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, format);
    vsnprintf(buf, sizeof buf, format, ap);
    va_end(ap);
    return buf;
}

/* ---- one case: code, LLR type, early termination ---- */

class bench_case
{
public:
    bench_case(const options& opt, const std::string& code, const std::string& type, bool et,
               const std::string& msg_format)
        : d_opt(opt), d_code_name(code), d_type(type), d_et(et), d_msg_format(msg_format),
          t_block(opt.frame_tags.size())
    {
        /* (c) uses what the block's "auto" resolves to: int8 messages for int8 LLRs */
        d_params.msg_format = msg_format != "auto" ? msg_format : type == "int8" ? "int8" : "float";
        d_params.backend = opt.backend;
        d_params.algorithm = opt.algorithm;
        d_params.max_iterations = opt.max_iterations;
        d_params.early_termination = et;
        d_params.llr_scale = int8_scale;
        d_params.fallback_to_cpu = opt.backend != "cuda"; /* asked for the GPU: no silent CPU */
        d_code = make_code(code);
        n = ldpc_code_n(d_code.get());
        k = ldpc_code_k(d_code.get());
        d_item_size = type == "float" ? 4 : 1;
        const ldpc_decoder_config cfg =
            make_decoder_config(d_params, "decoder alone", gr::ldpcgpu::code_defaults(d_code.get()));
        ::ldpc_decoder* dec = nullptr;
        check_status(ldpc_decoder_create(&dec, d_code.get(), &cfg), "decoder alone");
        d_dec.reset(dec);
        backend = ldpc_decoder_backend_name(dec);
        make_pool();
    }

    /* Decode `count` frames of the repeated pool with the decoder alone. */
    void decode_alone(long count)
    {
        for (long done = 0; done < count;) {
            const int now = int(std::min<long>(count - done, d_chunk_frames));
            const int st = d_type == "float"
                               ? ldpc_decoder_decode_f32(d_dec.get(), reinterpret_cast<const float*>(d_chunk.data()), now, d_bits.data(), d_status.data())
                               : ldpc_decoder_decode_i8(d_dec.get(), reinterpret_cast<const int8_t*>(d_chunk.data()), now, d_bits.data(), d_status.data());
            check_status(st, "decoder alone");
            for (int f = 0; f < now; f++) {
                d_alone_iterations += d_status[f].iterations;
                d_alone_failed += d_status[f].parity_ok ? 0 : 1;
            }
            done += now;
        }
    }

    void measure_once()
    {
        if (frames == 0) /* the first run calibrates (verify needs none) */
            frames = d_opt.frames > 0 ? d_opt.frames : calibrate_frames();
        const uint64_t items = uint64_t(frames) * n;
        /* (b) the block, as a user runs it, with each frame_tags mode; destroyed (its decoder
         * too) before the rest runs */
        std::vector<block_counts> counts(d_opt.frame_tags.size());
        for (size_t m = 0; m < d_opt.frame_tags.size(); m++) {
            auto block = make_block(d_opt.frame_tags[m]);
            auto src = make_source(items, false);
            gr::top_block_sptr tb = gr::make_top_block("block");
            tb->connect(src, 0, block, 0);
            tb->connect(block, 0, gr::blocks::null_sink::make(1), 0);
            t_block[m].push_back(timed([&] { tb->run(); }));
            if (m == 0)
                block_buffer_items = src->detail()->output(0)->bufsize();
            counts[m] = { block->backend_name(), block->batch_frames(), block->frames_decoded(),
                          block->frames_parity_failed(),
                          block->average_iterations() * block->frames_decoded() };
        }
        /* (a) copy, default buffers */
        t_copy.push_back(run_copy(items, 0));
        /* (a2) copy, the buffers the block's flowgraph got */
        t_copy_big.push_back(run_copy(items, block_buffer_items));
        /* (a3) the same with the block's per-frame tags */
        t_copy_tags.push_back(run_copy(items, block_buffer_items, true));
        /* (c) the decoder alone */
        d_alone_iterations = d_alone_failed = 0;
        t_alone.push_back(timed([&] { decode_alone(frames); }));
        for (const auto& c : counts)
            check(c);
    }

    /* The block over several batches plus a partial one, every frame checked, with each of
     * the two ways of tagging every frame's results. */
    void verify()
    {
        verify_ok = true;
        for (const char* tags : { "all", "batch" })
            verify(tags);
    }

    void verify(const std::string& frame_tags)
    {
        auto block = make_block(frame_tags);
        const long vframes = std::max<long>(pool_frames, 6L * block->batch_frames() + block->batch_frames() / 2 + 1);
        std::vector<frame_seen> seen(vframes);
        auto sink = gnuradio::get_initial_sptr(new check_sink(d_sent, d_pool_bits, k, seen));
        gr::top_block_sptr tb = gr::make_top_block("verify");
        tb->connect(make_source(uint64_t(vframes) * n, true), 0, block, 0);
        tb->connect(block, 0, sink, 0);
        tb->run();
        long bad_bits = 0, bad_tags = 0, diff = 0, ok = 0;
        for (long f = 0; f < vframes; f++) {
            const frame_seen& s = seen[f];
            const ldpc_frame_status& ref = d_pool_status[f % pool_frames];
            ok += s.parity_ok == 1;
            bad_bits += s.parity_ok == 1 && s.bit_errors != 0;
            diff += s.decoder_diffs != 0;
            bad_tags += s.iterations != ref.iterations || s.parity_ok != ref.parity_ok ||
                        !s.latency || s.index != f;
        }
        const std::string line = strf("verify %s %s ET %s messages %s tags %s on %s: %ld frames (%d per batch), %ld parity ok, "
                          "%ld ok frames with wrong bits, %ld frames differing from the decoder "
                          "alone, %ld frames with wrong or missing tags, %lu misplaced tags, "
                          "%lu extra items",
                          d_code_name.c_str(), d_type.c_str(), d_et ? "on" : "off",
                          d_msg_format.c_str(), frame_tags.c_str(), block->backend_name().c_str(), vframes, block->batch_frames(), ok,
                          bad_bits, diff, bad_tags, (unsigned long)sink->misplaced_tags,
                          (unsigned long)sink->extra_items);
        const bool good = bad_bits == 0 && diff == 0 && bad_tags == 0 && sink->misplaced_tags == 0 &&
                          sink->extra_items == 0 && ok * 10 >= vframes * 9 &&
                          block->frames_decoded() == uint64_t(vframes);
        verify_line += (verify_line.empty() ? "" : "\n# ") + std::string(good ? "" : "CHECK FAILED: ") + line;
        verify_ok = verify_ok && good;
        if (!good)
            failures.push_back(line);
    }

    /* The table row of frame_tags mode m. */
    std::string row(size_t m) const
    {
        const double items = double(frames) * n, info = double(frames) * k;
        const std::vector<times>& t_blk = t_block[m];
        const double a = best(t_copy).wall, a2 = best(t_copy_big).wall, b = best(t_blk).wall,
                     c = best(t_alone).wall;
        std::string r = "| " + d_code_name + " | " + d_type + " | " + (d_et ? "on" : "off") +
                        " | " + d_msg_format + " | " + d_opt.frame_tags[m] +
                        " | " + std::to_string(frames) + strf(" | %.2f | %ld", avg_iterations, failed);
        for (double t : { a, b, c })
            r += strf(" | %.3g / %.1f", items / t, info / t / 1e6);
        r += strf(" | %+.1f %%", 100 * (b - c) / c);
        double spread = 0;
        for (const auto* v : { &t_copy, &t_blk, &t_alone, &t_copy_big, &t_copy_tags })
            spread = std::max(spread, (worst(*v).wall - best(*v).wall) / best(*v).wall);
        r += strf(" | %.0f %%", 100 * spread);
        const double ca = best_cpu(t_copy), cb = best_cpu(t_blk), cc = best_cpu(t_alone);
        r += strf(" | %.1f / %.1f / %.1f", 1e6 * ca / frames, 1e6 * cb / frames, 1e6 * cc / frames);
        r += strf(" | %+.1f %%", 100 * (cb - ca - cc) / cc);
        const double a3 = best(t_copy_tags).wall;
        r += strf(" | %.3g / %.1f", items / a2, info / a2 / 1e6);
        r += strf(" | %.3g / %.1f", items / a3, info / a3 / 1e6);
        r += strf(" | %.2f |", std::min(a, a2) / b);
        return r;
    }

    std::string json() const
    {
        const double items = double(frames) * n;
        auto rate = [&](const std::vector<times>& v) { return items / best(v).wall; };
        std::string j = strf("{\"code\": \"%s\", \"llr\": \"%s\", \"early_termination\": %s, "
                            "\"msg_format\": \"%s\", "
                            "\"backend\": \"%s\", \"n\": %d, \"k\": %d, \"frames\": %ld, "
                            "\"avg_iterations\": %.4f, \"failed_frames\": %ld, ",
                            d_code_name.c_str(), d_type.c_str(), d_et ? "true" : "false",
                            d_msg_format.c_str(), backend.c_str(), n, k, frames, avg_iterations,
                            failed);
        if (!t_block[0].empty()) {
            /* block: the first frame_tags mode; block_by_frame_tags: each */
            j += strf("\"items_per_s\": {\"copy\": %.6g, \"copy_block_buffers\": %.6g, "
                      "\"copy_block_buffers_tags\": %.6g, \"block\": %.6g, \"decoder\": %.6g, "
                      "\"block_by_frame_tags\": {",
                      rate(t_copy), rate(t_copy_big), rate(t_copy_tags), rate(t_block[0]), rate(t_alone));
            for (size_t m = 0; m < t_block.size(); m++)
                j += strf("%s\"%s\": %.6g", m ? ", " : "", d_opt.frame_tags[m].c_str(), rate(t_block[m]));
            j += "}}, ";
            j += strf("\"cpu_s\": {\"copy\": %.6g, \"block\": %.6g, \"decoder\": %.6g}, ",
                      best_cpu(t_copy), best_cpu(t_block[0]), best_cpu(t_alone));
        }
        j += strf("\"block_upstream_buffer_items\": %ld, \"batch_frames\": %d, \"runs\": %zu, ",
                 block_buffer_items, batch_frames, t_block[0].size());
        j += strf("\"verified\": %s, \"checks_ok\": %s}",
                 verify_line.empty() ? "null" : (verify_ok ? "true" : "false"),
                 failures.empty() ? "true" : "false");
        return j;
    }

    int n = 0, k = 0;
    long frames = 0, failed = 0, block_buffer_items = 0;
    int batch_frames = 0;
    double avg_iterations = 0;
    std::string backend, verify_line;
    bool verify_ok = false;
    std::vector<std::string> failures;

private:
    static times best(const std::vector<times>& v)
    {
        return *std::min_element(v.begin(), v.end(), [](times x, times y) { return x.wall < y.wall; });
    }
    static times worst(const std::vector<times>& v)
    {
        return *std::max_element(v.begin(), v.end(), [](times x, times y) { return x.wall < y.wall; });
    }
    static double best_cpu(const std::vector<times>& v)
    {
        double m = v[0].cpu;
        for (const auto& t : v)
            m = std::min(m, t.cpu);
        return m;
    }

    decoder_block::sptr make_block(const std::string& frame_tags)
    {
        return decoder_block::make(d_code_name, d_type, false, false, d_params.algorithm,
                                  d_params.max_iterations, d_et, d_params.backend, 0, 0, 0, {},
                                  false, int8_scale, "", d_params.fallback_to_cpu,
                                  d_msg_format, frame_tags);
    }

    gr::block_sptr make_source(uint64_t items, bool tag_frames)
    {
        return gnuradio::get_initial_sptr(new pool_source(d_pool, n, d_item_size, items, tag_frames));
    }

    /* (a): GNU Radio's copy block and buffers; (a2), (a3): a plain copy (a sync block), with
     * the decoder block's buffers and, for (a3), its tags. */
    times run_copy(uint64_t items, long buffer_items, bool tags = false)
    {
        auto src = make_source(items, false);
        gr::block_sptr copy =
            buffer_items > 0 ? gnuradio::get_initial_sptr(new tagging_copy(n, d_item_size, tags))
                             : gr::block_sptr(gr::blocks::copy::make(d_item_size));
        if (buffer_items > 0) {
            src->set_min_output_buffer(buffer_items);
            copy->set_min_output_buffer(buffer_items);
        }
        gr::top_block_sptr tb = gr::make_top_block("copy");
        tb->connect(src, 0, copy, 0);
        tb->connect(copy, 0, gr::blocks::null_sink::make(d_item_size), 0);
        return timed([&] { tb->run(); });
    }

    /* The pool: random information bits, their codewords through BPSK/AWGN, as LLRs of the
     * case's type; the decoder alone's results on it; and the repeated pool it decodes. */
    void make_pool()
    {
        /* the simulator's frames 0 .. pool_frames-1 of the seed (sim.h) */
        ldpc_sim_config sc;
        ldpc_sim_config_init(&sc);
        sc.seed = uint64_t(d_opt.seed);
        d_sent.resize(size_t(pool_frames) * k);
        std::vector<float> llr(size_t(pool_frames) * n);
        check_status(ldpc_sim_make_frames(d_code.get(), &sc, d_opt.ebn0, 0, pool_frames,
                                          d_sent.data(), nullptr, llr.data()),
                     "frames");
        d_pool.resize(llr.size() * d_item_size);
        if (d_item_size == 4)
            std::memcpy(d_pool.data(), llr.data(), d_pool.size());
        else
            ldpc_llr_quantize_i8(llr.data(), llr.size(), int8_scale,
                                 reinterpret_cast<int8_t*>(d_pool.data()));

        const size_t frame_bytes = size_t(n) * d_item_size;
        d_chunk_frames = int(std::max<size_t>(pool_frames, chunk_bytes_max / frame_bytes / pool_frames * pool_frames));
        if (d_opt.frames > 0)
            d_chunk_frames = int(std::min<long>(d_chunk_frames, std::max<long>(d_opt.frames, pool_frames)));
        d_chunk.resize(size_t(d_chunk_frames) * frame_bytes);
        for (int f = 0; f < d_chunk_frames; f += pool_frames)
            std::memcpy(d_chunk.data() + f * frame_bytes, d_pool.data(),
                        std::min<size_t>(d_pool.size(), d_chunk.size() - f * frame_bytes));
        d_bits.resize(size_t(d_chunk_frames) * k);
        d_status.resize(d_chunk_frames);

        /* the decoder alone on the pool: what every block output frame is compared with */
        decode_alone(pool_frames);
        d_pool_bits.assign(d_bits.begin(), d_bits.begin() + size_t(pool_frames) * k);
        d_pool_status.assign(d_status.begin(), d_status.begin() + pool_frames);
    }

    /* Frames for about --seconds per run of the slower of the decoder alone and the copy
     * flowgraph (on a GPU the decoder alone can be many times faster than any flowgraph). */
    long calibrate_frames()
    {
        const double alone = seconds_per_frame([&](long count) { decode_alone(count); });
        const double copy = seconds_per_frame([&](long count) { run_copy(uint64_t(count) * n, 0); });
        return std::max<long>(pool_frames, long(d_opt.seconds / std::max(alone, copy)));
    }

    /* Time per frame of run(count), count growing until a run takes 0.1 s. */
    template <class F>
    static double seconds_per_frame(F run)
    {
        long count = pool_frames;
        for (;;) {
            const double t = timed([&] { run(count); }).wall;
            if (t >= 0.1 || count >= (1L << 24))
                return t / count;
            count *= 4;
        }
    }

    /* What the block reported of one run. */
    struct block_counts {
        std::string backend;
        int batch_frames = 0;
        uint64_t frames = 0, failed = 0;
        double iterations = 0;
    };

    /* The block must decode every frame, as the decoder alone does. */
    void check(const block_counts& b)
    {
        batch_frames = b.batch_frames;
        failed = d_alone_failed;
        avg_iterations = double(d_alone_iterations) / frames;
        if (b.backend != backend)
            failures.push_back("block on " + b.backend + ", decoder alone on " + backend);
        if (b.frames != uint64_t(frames))
            failures.push_back(strf("block decoded %lu of %ld frames", (unsigned long)b.frames, frames));
        else if (b.failed != uint64_t(d_alone_failed))
            failures.push_back(strf("block: %lu frames failed parity, decoder alone: %ld",
                                    (unsigned long)b.failed, d_alone_failed));
        else if (std::fabs(b.iterations - double(d_alone_iterations)) > 0.5)
            failures.push_back(strf("block ran %.0f iterations in all, decoder alone %ld",
                                    b.iterations, d_alone_iterations));
    }

    const options& d_opt;
    std::string d_code_name, d_type;
    bool d_et;
    std::string d_msg_format;
    std::vector<std::vector<times>> t_block; /* one list of runs per frame_tags mode */
    decoder_params d_params;
    code_ptr d_code;
    decoder_ptr d_dec;
    int d_item_size = 4, d_chunk_frames = 0;
    std::vector<uint8_t> d_sent, d_pool, d_pool_bits, d_chunk, d_bits;
    std::vector<ldpc_frame_status> d_status, d_pool_status;
    long d_alone_iterations = 0, d_alone_failed = 0;
    std::vector<times> t_copy, t_copy_big, t_copy_tags, t_alone;
};

/* ---- command line ---- */

void usage()
{
    std::printf(
        "usage: ldpcgpu_flowgraph_bench_cxx [options]\n"
        "  --codes A,B          code names (default wimax:2304:1/2,dvbt2:64800:1/2)\n"
        "  --types float,int8   LLR input types\n"
        "  --early-termination on,off\n"
        "  --message-formats auto,float,int8,int16   the block's msg_format values (default auto, the\n"
        "                       block's: int8 for int8 LLRs, float for float LLRs; (c) uses the same)\n"
        "  --frame-tags batch,all,failed,none   the block's frame_tags modes, one (b) each (default\n"
        "                       batch, the block's)\n"
        "  --backend NAME       auto, cuda, cpu, cpu-simd, cpu-reference (cuda: no CPU fallback)\n"
        "  --algorithm NAME     nms, oms, min-sum, sum-product (default %s)\n"
        "  --max-iterations N   default %d\n"
        "  --ebn0 DB            Eb/N0 of the LLRs (default 3)\n"
        "  --frames N           frames per run (0: about --seconds of decoding alone)\n"
        "  --seconds S          default 1: per run, of the slower of (a) and (c)\n"
        "  --repeat N           runs per measurement, the fastest counts (default 3)\n"
        "  --seed N             default 1\n"
        "  --mode M             bench, verify or both (default bench)\n"
        "  --json PATH          write every case's numbers as JSON\n",
        gr::ldpcgpu::default_algorithm().c_str(), gr::ldpcgpu::default_max_iterations());
}

bool parse(int argc, char** argv, options& o)
{
    for (int i = 1; i < argc; i++) {
        const std::string a = argv[i];
        if (a == "-h" || a == "--help") {
            usage();
            std::exit(0);
        }
        if (i + 1 >= argc) {
            std::fprintf(stderr, "missing value after %s\n", a.c_str());
            return false;
        }
        const std::string v = argv[++i];
        if (a == "--codes") o.codes = split(v);
        else if (a == "--types") o.types = split(v);
        else if (a == "--early-termination") o.et = split(v);
        else if (a == "--message-formats" || a == "--msg-formats") o.msg_formats = split(v);
        else if (a == "--frame-tags") o.frame_tags = split(v);
        else if (a == "--backend") o.backend = v;
        else if (a == "--algorithm") o.algorithm = v;
        else if (a == "--max-iterations") o.max_iterations = std::atoi(v.c_str());
        else if (a == "--ebn0") o.ebn0 = std::atof(v.c_str());
        else if (a == "--frames") o.frames = std::atol(v.c_str());
        else if (a == "--seconds") o.seconds = std::atof(v.c_str());
        else if (a == "--repeat") o.repeat = std::atoi(v.c_str());
        else if (a == "--seed") o.seed = std::atoi(v.c_str());
        else if (a == "--mode") o.mode = v;
        else if (a == "--json") o.json = v;
        else {
            std::fprintf(stderr, "unknown option %s (--help lists them)\n", a.c_str());
            return false;
        }
    }
    for (const auto& t : o.types)
        if (t != "float" && t != "int8") {
            std::fprintf(stderr, "--types: float or int8, not %s\n", t.c_str());
            return false;
        }
    for (const auto& e : o.et)
        if (e != "on" && e != "off") {
            std::fprintf(stderr, "--early-termination: on or off, not %s\n", e.c_str());
            return false;
        }
    for (const auto& m : o.msg_formats)
        if (m != "auto" && m != "float" && m != "int8" && m != "int16") {
            std::fprintf(stderr, "--message-formats: auto, float, int8 or int16, not %s\n", m.c_str());
            return false;
        }
    for (const auto& t : o.frame_tags)
        if (t != "batch" && t != "all" && t != "failed" && t != "none") {
            std::fprintf(stderr, "--frame-tags: batch, all, failed or none, not %s\n", t.c_str());
            return false;
        }
    if (o.msg_formats.empty() || o.frame_tags.empty()) {
        std::fprintf(stderr, "--message-formats and --frame-tags need at least one value\n");
        return false;
    }
    if (o.mode != "bench" && o.mode != "verify" && o.mode != "both") {
        std::fprintf(stderr, "--mode: bench, verify or both\n");
        return false;
    }
    if (o.repeat < 1 || o.frames < 0 || o.seconds <= 0 || o.codes.empty()) {
        std::fprintf(stderr, "--repeat >= 1, --frames >= 0, --seconds > 0, some --codes\n");
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    options opt;
    if (!parse(argc, argv, opt))
        return 2;
    const bool bench = opt.mode != "verify", verify = opt.mode != "bench";
    double load[3] = { 0, 0, 0 };
    getloadavg(load, 3);
    std::string args;
    for (int i = 1; i < argc; i++)
        args += std::string(i > 1 ? " " : "") + argv[i];
    char date[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%d", std::localtime(&now));

    std::printf("# ldpcgpu_flowgraph_bench_cxx %s\n", args.c_str());
    std::printf("# %s, %s, %ld CPUs, GNU Radio %s, backend requested: %s, Eb/N0 %.1f dB, "
                "best of %d runs\n",
                date, cpu_model().c_str(), sysconf(_SC_NPROCESSORS_ONLN), gr::version().c_str(),
                opt.backend.c_str(), opt.ebn0, opt.repeat);
    std::printf("# load average before: %.2f %.2f %.2f\n", load[0], load[1], load[2]);
    if (bench) {
        std::printf("| code | LLRs | ET | messages | frame tags | frames | avg it | failed | (a) copy: items/s / Mbps "
                    "| (b) block: items/s / Mbps | (c) decoder: items/s / Mbps | overhead (b-c)/c "
                    "| spread | CPU us/frame a / b / c | CPU overhead (b-a-c)/c "
                    "| (a2) copy, block's buffers: items/s / Mbps | (a3) a2 + block's tags: items/s / Mbps "
                    "| b / best copy |\n");
        std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    }
    std::fflush(stdout);

    bool ok = true;
    std::vector<std::string> jsons;
    std::string backend = "?";
    try {
        for (const auto& code : opt.codes)
            for (const auto& type : opt.types)
                for (const auto& et : opt.et)
                for (const auto& fmt : opt.msg_formats) {
                    bench_case c(opt, code, type, et == "on", fmt);
                    backend = c.backend;
                    if (verify) {
                        c.verify();
                        std::printf("# %s\n", c.verify_line.c_str());
                    }
                    if (bench) {
                        for (int r = 0; r < opt.repeat; r++)
                            c.measure_once();
                        for (size_t m = 0; m < opt.frame_tags.size(); m++)
                            std::printf("%s\n", c.row(m).c_str());
                    }
                    for (const auto& f : c.failures)
                        if (c.verify_line.find(f) == std::string::npos)
                            std::printf("# CHECK FAILED (%s %s ET %s messages %s): %s\n", code.c_str(),
                                        type.c_str(), et.c_str(), fmt.c_str(), f.c_str());
                    ok = ok && c.failures.empty();
                    jsons.push_back(c.json());
                    std::fflush(stdout);
                }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "ldpcgpu_flowgraph_bench_cxx: %s\n", e.what());
        return 2;
    }
    getloadavg(load, 3);
    std::printf("# backend in use: %s\n", backend.c_str());
    std::printf("# load average after: %.2f %.2f %.2f\n", load[0], load[1], load[2]);

    if (!opt.json.empty()) {
        std::ofstream f(opt.json);
        f << "{\"tool\": \"ldpcgpu_flowgraph_bench_cxx\", \"args\": \"" << args
          << "\", \"date\": \"" << date << "\", \"cpu\": \"" << cpu_model()
          << "\", \"cpus\": " << sysconf(_SC_NPROCESSORS_ONLN) << ", \"gnuradio\": \""
          << gr::version() << "\", \"backend\": \"" << backend << "\", \"ebn0_db\": " << opt.ebn0
          << ", \"max_iterations\": " << opt.max_iterations << ", \"repeat\": " << opt.repeat
          << ", \"all_checks_ok\": " << (ok ? "true" : "false") << ", \"cases\": [\n  ";
        for (size_t i = 0; i < jsons.size(); i++)
            f << (i ? ",\n  " : "") << jsons[i];
        f << "\n]}\n";
        if (!f) {
            std::fprintf(stderr, "ldpcgpu_flowgraph_bench_cxx: could not write %s\n", opt.json.c_str());
            return 2;
        }
    }
    return ok ? 0 : 1;
}
