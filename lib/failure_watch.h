/* A warning when nearly every frame fails its parity checks: the usual cause is not the channel
 * but the LLRs handed in (the wrong sign convention, or a scale far off), and without a hint a
 * user sees only wrong bits. Shared by the decoder blocks and the FECAPI decoder. */
#ifndef INCLUDED_LDPCGPU_FAILURE_WATCH_H
#define INCLUDED_LDPCGPU_FAILURE_WATCH_H

#include <gnuradio/logger.h>
#include <chrono>
#include <cstdint>
#include <string>

namespace gr {
namespace ldpcgpu {

class failure_watch
{
public:
    /* A window of frames at least this long, of which at least this share failed, warns. */
    static constexpr uint64_t window_frames = 32;
    static constexpr double warn_share = 0.9;
    /* Warnings at most this often. */
    static constexpr std::chrono::seconds report_interval{ 10 };

    /* input: what the block takes ("float LLRs", "int8 LLRs at int8_scale 4", ...) and the
     * sign convention in force, for the message. */
    failure_watch(const std::string& block_name, bool llr_positive_is_one, const std::string& input);

    /* Count frames decoded and how many of them failed their parity checks; logs the warning
     * to logger when a full window nearly all failed. Returns true when it warned. Not
     * thread-safe: called where the caller counts its frames (under its mutex). */
    bool add(uint64_t frames, uint64_t failed, gr::logger& logger);

    /* A setting's value for the message: 4, 0.25, 8.5 (not 4.000000). */
    static std::string number(double v);

private:
    std::string d_block_name, d_input;
    bool d_positive_is_one;
    uint64_t d_frames = 0, d_failed = 0;
    bool d_warned = false;
    std::chrono::steady_clock::time_point d_last_warning;
};

} // namespace ldpcgpu
} // namespace gr

#endif
