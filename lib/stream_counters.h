/* The counters both stream decoder blocks keep of their own (ldpc_decoder.h: max_latency_ns,
 * average_latency_ns, partial_frames_dropped, batches_submitted); the frame counters are the
 * core decoder's (block_decoder.h). Written by the block's work thread, read from any thread. */
#ifndef INCLUDED_LDPCGPU_STREAM_COUNTERS_H
#define INCLUDED_LDPCGPU_STREAM_COUNTERS_H

#include <atomic>
#include <cstdint>

namespace gr {
namespace ldpcgpu {

struct stream_counters {
    std::atomic<uint64_t> latency_sum{ 0 }, latency_max{ 0 };
    std::atomic<uint64_t> dropped{ 0 }, batches{ 0 };

    /* one frame written out, ns after its last input item was taken in (one writer: the
     * maximum's read and store need no compare-and-swap) */
    void add_latency(uint64_t ns)
    {
        latency_sum += ns;
        if (ns > latency_max)
            latency_max = ns;
    }
    /* the mean over the frames decoded */
    double average_latency_ns(uint64_t frames) const
    {
        return frames ? static_cast<double>(latency_sum) / frames : 0.0;
    }
    void reset()
    {
        latency_sum = 0;
        latency_max = 0;
        dropped = 0;
        batches = 0;
    }
};

} // namespace ldpcgpu
} // namespace gr

#endif
