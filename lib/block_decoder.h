/* The core decoder as the decoder blocks (stream and PDU) hold it: the code and the decoder made
 * from the block's parameters (or, for a stream of frames of several codes, the codes and one
 * ldpc_multi_decoder for them), the runtime settings behind the one mutex that serialises every
 * use of the decoder, the per-frame counters, and the keys under which per-frame results are
 * published (stream tags, PDU metadata). Each block keeps only what is its own. */
#ifndef INCLUDED_LDPCGPU_BLOCK_DECODER_H
#define INCLUDED_LDPCGPU_BLOCK_DECODER_H

#include "core_handles.h"
#include "failure_watch.h"
#include "harq_entry.h"
#include <gnuradio/logger.h>
#include <pmt/pmt.h>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>

namespace gr {
namespace ldpcgpu {

/* The parameters both decoder blocks' make() take, in their order, as decoder_params (the
 * stream decoder adds its batching parameters). */
inline decoder_params block_decoder_params(bool output_codeword,
                                           bool packed_output,
                                           const std::string& algorithm,
                                           int max_iterations,
                                           bool early_termination,
                                           const std::string& backend,
                                           bool llr_positive_is_one,
                                           float int8_scale,
                                           bool fallback_to_cpu,
                                           float nms_alpha,
                                           float oms_beta,
                                           bool rate_matched,
                                           const std::string& crc_stop,
                                           int harq_buffers)
{
    decoder_params p;
    p.output_codeword = output_codeword;
    p.packed_output = packed_output;
    p.algorithm = algorithm;
    p.max_iterations = max_iterations;
    p.early_termination = early_termination;
    p.nms_alpha = nms_alpha;
    p.oms_beta = oms_beta;
    p.backend = backend;
    p.llr_positive_is_one = llr_positive_is_one;
    p.llr_scale = int8_scale;
    p.fallback_to_cpu = fallback_to_cpu;
    p.rate_matched = rate_matched;
    p.crc_stop = crc_stop;
    p.harq_buffers = harq_buffers;
    return p;
}

class block_decoder
{
public:
    /* block_name starts error messages; logger hears about a CUDA request that fell back. */
    block_decoder(const std::string& code,
                  const decoder_params& params,
                  const std::string& block_name,
                  const gr::logger_ptr& logger);
    /* A multi-code decoder (multi_decoder.h) of codes (at least one), one configuration for
     * all: get() is then null and get_multi() decodes. code_name(), n(), k() and
     * output_bytes() describe codes[0]. */
    block_decoder(const std::vector<std::string>& codes,
                  const decoder_params& params,
                  const std::string& block_name,
                  const gr::logger_ptr& logger);

private:
    /* what both constructors set before making their decoder (code_name: the code named) */
    struct common_tag {};
    block_decoder(common_tag,
                  const std::string& code_name,
                  const decoder_params& params,
                  const std::string& block_name,
                  const gr::logger_ptr& logger);

public:
    ::ldpc_decoder* get() const { return d_dec.get(); }
    ::ldpc_multi_decoder* get_multi() const { return d_multi.get(); }
    /* Held by whoever uses get(): the block's work or message handler, and the setters. */
    std::mutex& mutex() const { return d_mutex; }

    const std::string& code_name() const { return d_code_name; }
    const std::string& backend_name() const { return d_backend_name; } /* after any fallback */
    ldpc_backend backend() const { return d_backend; }                  /* after any fallback */
    int n() const { return d_n; }
    int k() const { return d_k; }
    int output_bytes() const { return d_output_bytes; } /* per frame */
    /* input LLRs per frame: n, or E of a rate-matched NR code with rate_matched (multi-code:
     * of codes[0]) */
    int frame_llrs() const { return d_frame_llrs; }

    /* With harq_buffers (single code): the rule that reads each frame's HARQ entry and the
     * names of the batch being filled; null without. Used under mutex(). */
    harq_entries* harq() const { return d_harq.get(); }

    /* Runtime settings: take effect for batches submitted afterwards. */
    void set_max_iterations(int max_iterations);
    int max_iterations() const;
    void set_early_termination(bool enabled);
    bool early_termination() const;

    /* Logs which backend decodes (and why, after a CUDA request fell back): called when the
     * flowgraph starts, the moment a user looks at the log. */
    void log_backend() const;

    /* Counters of decoded frames, since construction or reset_counters(). A decoder cannot
     * know which frames came out with wrong information bits (that takes the bits sent):
     * what it knows is which frames still fail a parity check after the last iteration. Also
     * warns (failure_watch) when nearly all frames fail. Called under mutex(). */
    void count_frame(const ldpc_frame_status& status);
    uint64_t frames_decoded() const { return d_frames; }
    uint64_t frames_parity_failed() const { return d_failed; }
    double average_iterations() const;
    void reset_counters();

    /* Saturated input LLRs (ldpc_decoder_count_saturated_f32 / _i8) among count LLRs: the
     * count alone, thread-safe (the stream decoder has its copy helpers count each chunk they
     * copy, in cache and in parallel). */
    uint64_t saturated_in(ldpc_llr_type type, const void* llr, size_t count) const;
    /* Adds saturated of count LLRs taken in to saturated_llrs(), and logs a warning, at most
     * every report_interval, when more than 1% of the LLRs since the last report saturated.
     * Called under mutex(). */
    void add_saturated(uint64_t saturated, size_t count);
    /* Both, on the LLRs the block took in (its copy: no allocation, a pass over data in
     * cache). Called under mutex(). */
    void count_saturated(ldpc_llr_type type, const void* llr, size_t count)
    {
        add_saturated(saturated_in(type, llr, count), count);
    }
    uint64_t saturated_llrs() const { return d_saturated; }

    /* Keys of a frame's results: "ldpc_iterations" (long), "ldpc_parity_ok" (bool). */
    const pmt::pmt_t key_iterations;
    const pmt::pmt_t key_parity_ok;

private:
    /* the configuration for params, with "cuda" turned into "auto" (and noted) when no GPU is
     * usable and fallback_to_cpu allows it */
    ldpc_decoder_config make_config(const decoder_params& params, const ::ldpc_code* code);
    /* what every decoder tells once made: backend, whether a cuda request fell back */
    void note_backend(const ldpc_decoder_config& cfg, ldpc_backend backend);

    std::string d_block_name;
    std::string d_code_name;
    code_ptr d_code;    /* declared before the decoder: destroyed after it */
    decoder_ptr d_dec;
    std::vector<code_ptr> d_codes; /* multi-code: its codes, before the decoder */
    multi_decoder_ptr d_multi;
    std::unique_ptr<harq_entries> d_harq;
    float d_llr_scale;
    std::string d_backend_name;
    ldpc_backend d_backend = LDPC_BACKEND_AUTO;
    bool d_cuda_fell_back = false; /* "cuda" was asked for, no usable GPU */
    int d_n, d_k, d_output_bytes, d_frame_llrs;

    mutable std::mutex d_mutex;
    int d_max_iterations;
    bool d_early_termination;

    std::atomic<uint64_t> d_frames{ 0 }, d_failed{ 0 }, d_iterations{ 0 };
    std::atomic<uint64_t> d_saturated{ 0 };

    /* the saturation report's window (count_saturated) */
    static constexpr std::chrono::seconds report_interval{ 10 };
    gr::logger_ptr d_logger;
    failure_watch d_failure_watch;
    uint64_t d_window_llrs = 0, d_window_saturated = 0;
    std::chrono::steady_clock::time_point d_window_start = std::chrono::steady_clock::now();
};

} // namespace ldpcgpu
} // namespace gr

#endif
