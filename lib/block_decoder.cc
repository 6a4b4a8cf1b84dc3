/* The core decoder as the decoder blocks hold it. See block_decoder.h. */
#include "block_decoder.h"
#include <algorithm>

namespace gr {
namespace ldpcgpu {

block_decoder::block_decoder(const std::string& code,
                             const decoder_params& params,
                             const std::string& block_name,
                             const gr::logger_ptr& logger)
    : key_iterations(pmt::intern("ldpc_iterations")),
      key_parity_ok(pmt::intern("ldpc_parity_ok")),
      d_block_name(block_name),
      d_code_name(code),
      d_max_iterations(params.max_iterations),
      d_early_termination(params.early_termination)
{
    d_code = make_code(code);
    const ldpc_decoder_config cfg = make_decoder_config(params, block_name);
    ::ldpc_decoder* dec = nullptr;
    check_status(ldpc_decoder_create(&dec, d_code.get(), &cfg), block_name);
    d_dec.reset(dec);
    d_backend_name = ldpc_decoder_backend_name(dec);
    d_n = ldpc_code_n(d_code.get());
    d_k = ldpc_code_k(d_code.get());
    d_output_bytes = ldpc_decoder_output_bytes(dec);
    if (params.backend == "cuda" && d_backend_name != "cuda")
        logger->warn("CUDA backend unavailable: decoding on the {} backend", d_backend_name);
}

void block_decoder::set_max_iterations(int max_iterations)
{
    std::lock_guard<std::mutex> lock(d_mutex);
    check_status(ldpc_decoder_set_max_iterations(d_dec.get(), max_iterations),
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
    check_status(ldpc_decoder_set_early_termination(d_dec.get(), enabled ? 1 : 0),
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
}

} // namespace ldpcgpu
} // namespace gr
