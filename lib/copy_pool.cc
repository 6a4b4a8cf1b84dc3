/* A few persistent threads that help one thread do a large memcpy. See copy_pool.h. */
#include "copy_pool.h"
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace gr {
namespace ldpcgpu {

copy_pool::copy_pool(int helpers)
{
    helpers = std::max(0, std::min(helpers, max_helpers));
    d_threads.reserve(helpers);
    try {
        for (int i = 0; i < helpers; i++)
            d_threads.emplace_back(&copy_pool::helper_loop, this);
    } catch (...) {
        /* a thread could not be started: stop the ones that were, then report */
        {
            std::lock_guard<std::mutex> lock(d_mutex);
            d_stop = true;
        }
        d_work_cv.notify_all();
        for (auto& t : d_threads)
            t.join();
        throw;
    }
}

copy_pool::~copy_pool()
{
    {
        std::lock_guard<std::mutex> lock(d_mutex);
        d_stop = true;
    }
    d_work_cv.notify_all();
    for (auto& t : d_threads)
        t.join();
}

int copy_pool::default_helpers(std::string* env_error)
{
    if (const char* env = std::getenv("LDPCGPU_COPY_THREADS")) {
        char* end = nullptr;
        errno = 0;
        const long v = std::strtol(env, &end, 10);
        if (end != env && *end == '\0' && errno == 0 && v >= 0 && v <= max_helpers)
            return static_cast<int>(v);
        if (env_error)
            *env_error = "LDPCGPU_COPY_THREADS=\"" + std::string(env) +
                         "\" ignored: it must be a number from 0 to " +
                         std::to_string(max_helpers);
    }
    /* Leave half the hardware threads to the rest of the flowgraph: 4 -> 1, 8 -> 3, 16+ -> 7
     * (int8 LLRs on a 16-thread H100 host: 7 helpers 1.3-1.5x the block's rate with 3;
     * docs/benchmarks-flowgraph.md). */
    const int hw = static_cast<int>(std::thread::hardware_concurrency());
    if (hw < 4)
        return 0;
    return std::min(7, hw / 2 - 1);
}

void copy_pool::copy_chunks(std::unique_lock<std::mutex>& lock)
{
    while (d_next < d_chunks) {
        /* claim a chunk of the current job; its pointers are read under the same lock */
        const size_t offset = static_cast<size_t>(d_next++) * d_chunk;
        const size_t len = std::min(d_chunk, d_bytes - offset);
        unsigned char* dst = d_dst + offset;
        const unsigned char* src = d_src + offset;
        const chunk_fn* after = d_after;
        lock.unlock();
        std::memcpy(dst, src, len);
        if (after && *after)
            (*after)(dst, len); /* while the chunk is in this core's cache */
        lock.lock();
        if (++d_done == d_chunks)
            d_done_cv.notify_one();
    }
}

void copy_pool::helper_loop()
{
    std::unique_lock<std::mutex> lock(d_mutex);
    for (;;) {
        d_work_cv.wait(lock, [this] { return d_stop || d_next < d_chunks; });
        if (d_stop)
            return;
        copy_chunks(lock);
    }
}

void copy_pool::copy(void* dst, const void* src, size_t bytes, const chunk_fn& after)
{
    if (d_threads.empty() || bytes < 2 * min_chunk_bytes) {
        std::memcpy(dst, src, bytes);
        if (after)
            after(dst, bytes);
        return;
    }
    std::lock_guard<std::mutex> serial(d_call_mutex);
    /* A few chunks per thread, so that a helper that wakes late leaves its share to the
     * others instead of holding up the end; each chunk a multiple of a cache line. */
    const size_t participants = d_threads.size() + 1;
    const size_t chunks = std::min(bytes / min_chunk_bytes, 4 * participants);
    size_t chunk = (bytes + chunks - 1) / chunks;
    chunk = (chunk + 63) & ~size_t(63);

    std::unique_lock<std::mutex> lock(d_mutex);
    d_dst = static_cast<unsigned char*>(dst);
    d_src = static_cast<const unsigned char*>(src);
    d_after = &after;
    d_bytes = bytes;
    d_chunk = chunk;
    d_chunks = static_cast<int>((bytes + chunk - 1) / chunk);
    d_next = 0;
    d_done = 0;
    lock.unlock();
    d_work_cv.notify_all();
    lock.lock();
    copy_chunks(lock);
    /* every chunk claimed; wait for those the helpers are still copying */
    d_done_cv.wait(lock, [this] { return d_done == d_chunks; });
    /* no chunk left to claim (d_next == d_chunks): helpers that wake now go back to sleep */
}

} // namespace ldpcgpu
} // namespace gr
