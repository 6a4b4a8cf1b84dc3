/* The core decoder as the decoder blocks hold it. See block_decoder.h. */
#include "block_decoder.h"
#include <algorithm>
#include <stdexcept>

namespace gr {
namespace ldpcgpu {

namespace {
std::string first_code(const std::vector<std::string>& codes, const std::string& block_name)
{
    if (codes.empty())
        throw std::invalid_argument(block_name + ": no code");
    return codes[0];
}
} // namespace

block_decoder::block_decoder(common_tag,
                             const std::string& code_name,
                             const decoder_params& params,
                             const std::string& block_name,
                             const gr::logger_ptr& logger)
    : key_iterations(pmt::intern("ldpc_iterations")),
      key_parity_ok(pmt::intern("ldpc_parity_ok")),
      d_block_name(block_name),
      d_code_name(code_name),
      d_llr_scale(params.llr_scale),
      d_max_iterations(params.max_iterations),
      d_early_termination(params.early_termination),
      d_logger(logger),
      d_failure_watch(block_name,
                      params.llr_positive_is_one,
                      "float input is the LLR itself; int8 input is round(LLR x int8_scale), "
                      "int8_scale " + failure_watch::number(params.llr_scale))
{
}

block_decoder::block_decoder(const std::string& code,
                             const decoder_params& params,
                             const std::string& block_name,
                             const gr::logger_ptr& logger)
    : block_decoder(common_tag{}, code, params, block_name, logger)
{
    d_code = make_code(code);
    const ldpc_decoder_config cfg = make_config(params, d_code.get());
    ::ldpc_decoder* dec = nullptr;
    check_status(ldpc_decoder_create(&dec, d_code.get(), &cfg), block_name);
    d_dec.reset(dec);
    d_backend_name = ldpc_decoder_backend_name(dec);
    d_n = ldpc_code_n(d_code.get());
    d_k = ldpc_code_k(d_code.get());
    d_output_bytes = ldpc_decoder_output_bytes(dec);
    d_frame_llrs = ldpc_decoder_frame_llrs(dec);
    if (cfg.harq_buffers > 0) {
        /* frames that name no rv keep the code's ("nr:K:E:rvR"), as the core's batches do */
        ldpc_nr_code_params nr{};
        const int code_rv = ldpc_code_nr_params(d_code.get(), &nr) == LDPC_OK ? nr.rv : 0;
        d_harq = std::make_unique<harq_entries>(cfg.harq_buffers, code_rv);
    }
    note_backend(cfg, ldpc_decoder_backend(dec));
}

block_decoder::block_decoder(const std::vector<std::string>& codes,
                             const decoder_params& params,
                             const std::string& block_name,
                             const gr::logger_ptr& logger)
    : block_decoder(common_tag{}, first_code(codes, block_name), params, block_name, logger)
{
    std::vector<const ::ldpc_code*> raw;
    for (const auto& name : codes) {
        d_codes.push_back(make_code(name));
        raw.push_back(d_codes.back().get());
    }
    /* one configuration for all: the first code's defaults */
    const ldpc_decoder_config cfg = make_config(params, raw[0]);
    ::ldpc_multi_decoder* dec = nullptr;
    check_status(ldpc_multi_decoder_create(&dec, raw.data(), static_cast<int>(raw.size()), &cfg),
                 block_name);
    d_multi.reset(dec);
    d_backend_name = ldpc_multi_decoder_backend_name(dec);
    d_n = ldpc_code_n(raw[0]);
    d_k = ldpc_code_k(raw[0]);
    d_output_bytes = ldpc_multi_decoder_output_bytes(dec, 0);
    d_frame_llrs = ldpc_multi_decoder_frame_llrs(dec, 0);
    ldpc_backend backend = LDPC_BACKEND_AUTO;
    ldpc_backend_from_string(d_backend_name.c_str(), &backend);
    note_backend(cfg, backend);
}

ldpc_decoder_config block_decoder::make_config(const decoder_params& params,
                                               const ::ldpc_code* code)
{
    ldpc_decoder_config cfg = make_decoder_config(params, d_block_name, code_defaults(code));
    /* "cuda" without a usable GPU: take the CPU here, so that the one message about it is
     * this block's, through GNU Radio's logger, when the flowgraph starts (log_backend) */
    if (cfg.backend == LDPC_BACKEND_CUDA && cfg.fallback_to_cpu &&
        !ldpc_backend_available(LDPC_BACKEND_CUDA)) {
        cfg.backend = LDPC_BACKEND_AUTO;
        d_cuda_fell_back = true;
    }
    return cfg;
}

void block_decoder::note_backend(const ldpc_decoder_config& cfg, ldpc_backend backend)
{
    d_backend = backend;
    if (cfg.backend == LDPC_BACKEND_CUDA && d_backend != LDPC_BACKEND_CUDA)
        d_cuda_fell_back = true; /* a GPU that is present but failed (the core said why) */
}

void block_decoder::log_backend() const
{
    if (d_cuda_fell_back)
        d_logger->warn("{}: CUDA backend unavailable (no usable GPU): decoding on the {} backend",
                       d_code_name, d_backend_name);
    else /* which hardware decodes is the first thing a user asks (GRC labels cannot say) */
        d_logger->info("{} on the {} backend", d_code_name, d_backend_name);
}

void block_decoder::set_max_iterations(int max_iterations)
{
    std::lock_guard<std::mutex> lock(d_mutex);
    check_status(d_multi ? ldpc_multi_decoder_set_max_iterations(d_multi.get(), max_iterations)
                         : ldpc_decoder_set_max_iterations(d_dec.get(), max_iterations),
                 d_block_name + ": set_max_iterations");
    d_max_iterations = max_iterations;
}

int block_decoder::max_iterations() const
{
    std::lock_guard<std::mutex> lock(d_mutex);
    return d_max_iterations;
}

void block_decoder::set_early_termination(bool enabled)
{
    std::lock_guard<std::mutex> lock(d_mutex);
    check_status(d_multi ? ldpc_multi_decoder_set_early_termination(d_multi.get(), enabled ? 1 : 0)
                         : ldpc_decoder_set_early_termination(d_dec.get(), enabled ? 1 : 0),
                 d_block_name + ": set_early_termination");
    d_early_termination = enabled;
}

bool block_decoder::early_termination() const
{
    std::lock_guard<std::mutex> lock(d_mutex);
    return d_early_termination;
}

void block_decoder::count_frame(const ldpc_frame_status& status)
{
    d_frames++;
    if (!status.parity_ok)
        d_failed++;
    d_failure_watch.add(1, status.parity_ok ? 0 : 1, *d_logger);
    d_iterations += static_cast<uint64_t>(std::max(0, status.iterations));
}

double block_decoder::average_iterations() const
{
    const uint64_t f = d_frames;
    return f ? static_cast<double>(d_iterations) / f : 0.0;
}

void block_decoder::reset_counters()
{
    d_frames = 0;
    d_failed = 0;
    d_iterations = 0;
    d_saturated = 0;
}

uint64_t block_decoder::saturated_in(ldpc_llr_type type, const void* llr, size_t count) const
{
    uint64_t s = 0;
    const auto* i8 = static_cast<const int8_t*>(llr);
    const auto* f32 = static_cast<const float*>(llr);
    int st;
    if (d_multi)
        st = type == LDPC_LLR_I8
                 ? ldpc_multi_decoder_count_saturated_i8(d_multi.get(), i8, count, &s)
                 : ldpc_multi_decoder_count_saturated_f32(d_multi.get(), f32, count, &s);
    else
        st = type == LDPC_LLR_I8 ? ldpc_decoder_count_saturated_i8(d_dec.get(), i8, count, &s)
                                 : ldpc_decoder_count_saturated_f32(d_dec.get(), f32, count, &s);
    return st == LDPC_OK ? s : 0; /* fails only for NULL arguments */
}

void block_decoder::add_saturated(uint64_t s, size_t count)
{
    d_saturated += s;
    d_window_llrs += count;
    d_window_saturated += s;
    const auto now = std::chrono::steady_clock::now();
    if (now - d_window_start < report_interval)
        return;
    if (d_window_saturated * 100 > d_window_llrs)
        d_logger->warn("{:.1f}% of the input LLRs in the last {:.0f} s saturate the int8 range "
                       "(llr_scale {}): lower the scale, or check the demapper's noise estimate",
                       100.0 * d_window_saturated / d_window_llrs,
                       std::chrono::duration<double>(now - d_window_start).count(),
                       d_llr_scale);
    d_window_llrs = d_window_saturated = 0;
    d_window_start = now;
}

} // namespace ldpcgpu
} // namespace gr
