/* A few persistent threads that help one thread do a large memcpy.
 *
 * Why: on the GPU the stream decoder block's single work thread copies every LLR into the
 * backend's pinned staging memory and every decoded bit out of it. One core's memcpy moves
 * roughly 10 GB/s, which is below what the GPU decodes for short codes with int8 LLRs, so that
 * one thread, not the GPU, set the flowgraph's pace. Several cores copying disjoint parts of the
 * same buffer move several times that.
 *
 * How: copy() splits a large copy into chunks of at least min_chunk_bytes, wakes the helpers,
 * copies chunks itself as well, and returns when every chunk is done. Chunks are claimed under
 * one mutex, so a helper only ever touches a chunk it claimed from the job in progress; idle
 * helpers sleep on a condition variable (no spinning). Small copies are a plain memcpy. The
 * threads are created in the constructor and joined in the destructor; copy() allocates
 * nothing. copy() may be called from several threads: calls are served one at a time.
 *
 * A copy may also name work to do on each chunk of the destination right after it is copied,
 * by the thread that copied it, while the chunk is in that core's cache (the block counts the
 * saturated LLRs of what it copied so): that work is then spread over the helpers too instead
 * of being a second, single-threaded pass over the whole buffer. */
#ifndef INCLUDED_LDPCGPU_COPY_POOL_H
#define INCLUDED_LDPCGPU_COPY_POOL_H

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace gr {
namespace ldpcgpu {

class copy_pool
{
public:
    /* Smallest chunk handed to a thread: below this, waking a helper costs more than it saves. */
    static constexpr size_t min_chunk_bytes = size_t(256) << 10;

    /* helpers: threads besides the caller (0 = every copy is a plain memcpy). */
    explicit copy_pool(int helpers);
    ~copy_pool();
    copy_pool(const copy_pool&) = delete;
    copy_pool& operator=(const copy_pool&) = delete;

    /* Work on a chunk of the destination just copied: (chunk, bytes). Called from the helper
     * threads as well as the caller's, concurrently: it must be thread-safe. Chunks are
     * multiples of 64 bytes but the last, so an item of 1, 2, 4 or 8 bytes never straddles
     * two chunks when dst is aligned to it. */
    using chunk_fn = std::function<void(const void* chunk, size_t bytes)>;

    /* memcpy(dst, src, bytes), spread over the helpers when bytes is large, then after(chunk)
     * on every chunk of dst, by the thread that copied it (after(dst, bytes) once for a small
     * copy). The ranges must not overlap. Returns when every chunk is copied and processed. */
    void copy(void* dst, const void* src, size_t bytes, const chunk_fn& after = chunk_fn());

    int helpers() const { return static_cast<int>(d_threads.size()); }

    /* Helper threads to use by default: the environment variable LDPCGPU_COPY_THREADS when set
     * to a number 0..max_helpers, else none on machines of fewer than 4 hardware threads (the
     * copy would take cores from the rest of the flowgraph), else hardware threads / 2 - 1, at
     * most 7. A bad value of the variable is ignored and *env_error (if given) says so. */
    static int default_helpers(std::string* env_error = nullptr);
    static constexpr int max_helpers = 16;

private:
    void helper_loop();
    /* Copies the chunks of the current job one by one until none is left unclaimed. Called
     * with lock held; returns with it held. */
    void copy_chunks(std::unique_lock<std::mutex>& lock);

    std::mutex d_call_mutex; /* one copy() at a time */
    std::mutex d_mutex;      /* guards everything below */
    std::condition_variable d_work_cv, d_done_cv;
    bool d_stop = false;
    /* the job in progress: chunks [0, d_chunks) of d_chunk bytes (the last one shorter) */
    unsigned char* d_dst = nullptr;
    const unsigned char* d_src = nullptr;
    const chunk_fn* d_after = nullptr; /* null or empty: nothing after the copy */
    size_t d_bytes = 0, d_chunk = 0;
    int d_chunks = 0, d_next = 0, d_done = 0;
    std::vector<std::thread> d_threads;
};

} // namespace ldpcgpu
} // namespace gr

#endif
