/* Warn when nearly every frame fails. See failure_watch.h. */
#include "failure_watch.h"
#include <sstream>

namespace gr {
namespace ldpcgpu {

failure_watch::failure_watch(const std::string& block_name,
                             bool llr_positive_is_one,
                             const std::string& input)
    : d_block_name(block_name), d_input(input), d_positive_is_one(llr_positive_is_one)
{
}

std::string failure_watch::number(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

bool failure_watch::add(uint64_t frames, uint64_t failed, gr::logger& logger)
{
    d_frames += frames;
    d_failed += failed;
    if (d_frames < window_frames)
        return false;
    const bool nearly_all = static_cast<double>(d_failed) >= warn_share * d_frames;
    const uint64_t window = d_frames, bad = d_failed;
    d_frames = d_failed = 0;
    const auto now = std::chrono::steady_clock::now();
    if (!nearly_all || (d_warned && now - d_last_warning < report_interval))
        return false;
    d_warned = true;
    d_last_warning = now;
    logger.warn("{}: {} of the last {} frames failed their parity checks. Check the input "
                "LLRs before the channel: the sign (llr_positive_is_one={}: a positive input "
                "means bit {}; DVB and gr-dvbs2rx use positive = 0, gr-fec and gr-digital's "
                "soft decoder positive = 1) and the scale ({}: LLR = ln(P(0)/P(1)), e.g. "
                "2y/sigma^2 for BPSK, not hard +-1 symbols)",
                d_block_name, bad, window, d_positive_is_one ? "True" : "False",
                d_positive_is_one ? 1 : 0, d_input);
    return true;
}

} // namespace ldpcgpu
} // namespace gr
