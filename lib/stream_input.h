/* What the stream decoder blocks (ldpc_decoder_impl, ldpc_decoder_multi_impl) ask of their
 * input stream and clock, written once for both. */
#ifndef INCLUDED_LDPCGPU_STREAM_INPUT_H
#define INCLUDED_LDPCGPU_STREAM_INPUT_H

#include <gnuradio/block.h>
#include <gnuradio/block_detail.h>
#include <gnuradio/buffer_reader.h>
#include <chrono>
#include <cstdint>

namespace gr {
namespace ldpcgpu {

/* Steady-clock nanoseconds (the blocks' latency tags). */
inline int64_t now_ns()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

/* Upstream of input 0 has finished. */
inline bool input_done(gr::block& b)
{
    buffer_reader_sptr reader = b.detail()->input(0);
    gr::thread::scoped_lock guard(*reader->mutex());
    return reader->done();
}

/* Upstream is done and every item it wrote is in the caller's snapshot of avail items (done is
 * set only after the upstream block's last items are written, so this is race-free). */
inline bool input_finished(gr::block& b, int avail)
{
    buffer_reader_sptr reader = b.detail()->input(0);
    gr::thread::scoped_lock guard(*reader->mutex());
    return reader->done() && reader->items_available() == avail;
}

} // namespace ldpcgpu
} // namespace gr

#endif
