/* copy_pool: every copy, whatever its size, alignment and number of helper threads, leaves the
 * destination exactly as memcpy does and touches nothing outside it; the work after each chunk
 * sees every destination byte exactly once, already copied, in 4-byte-aligned chunks, on
 * several threads; concurrent callers and repeated start/stop work; LDPCGPU_COPY_THREADS is
 * read as documented. */
#include "copy_pool.h"
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

using gr::ldpcgpu::copy_pool;

static int failures = 0;
#define CHECK(cond, ...)                                                  \
    do {                                                                  \
        if (!(cond)) {                                                    \
            std::fprintf(stderr, "CHECK failed at line %d: %s: ", __LINE__, #cond); \
            std::fprintf(stderr, __VA_ARGS__);                            \
            std::fprintf(stderr, "\n");                                   \
            failures++;                                                   \
        }                                                                 \
    } while (0)

/* Random bytes to copy from, made once (filling per copy would take most of the test's time). */
static std::vector<unsigned char> random_source(size_t bytes)
{
    std::mt19937 rng(12345);
    std::vector<unsigned char> v(bytes);
    for (auto& c : v)
        c = static_cast<unsigned char>(rng());
    return v;
}
static const std::vector<unsigned char> source = random_source((size_t(18) << 20) + 4096);

/* Copies bytes from source + src_off into dst_off of a destination filled with a guard
 * pattern, with the pool and with memcpy, and compares the whole destinations. */
static void check_copy(copy_pool& pool, size_t bytes, size_t src_off, size_t dst_off)
{
    const size_t guard = 256;
    std::vector<unsigned char> got(dst_off + bytes + guard, 0xA5), want(got);
    pool.copy(got.data() + dst_off, source.data() + src_off, bytes);
    std::memcpy(want.data() + dst_off, source.data() + src_off, bytes);
    CHECK(got == want, "helpers %d, %zu bytes, src offset %zu, dst offset %zu", pool.helpers(),
          bytes, src_off, dst_off);
}

int main()
{
    std::mt19937 rng(12345);
    const size_t chunk = copy_pool::min_chunk_bytes;
    const size_t sizes[] = { 0, 1, 63, 64, 4095, chunk - 1, chunk, 2 * chunk - 1, 2 * chunk,
                             2 * chunk + 1, 3 * chunk + 17, (size_t(1) << 20) + 37,
                             (size_t(3) << 20) + 5, size_t(40) * chunk + 3, (size_t(17) << 20) + 3 };

    for (int helpers = 0; helpers <= 4; helpers++) {
        copy_pool pool(helpers);
        CHECK(pool.helpers() == helpers, "asked %d, got %d", helpers, pool.helpers());
        for (size_t bytes : sizes)
            for (size_t src_off : { 0, 1, 3 })
                for (size_t dst_off : { 0, 5, 64 })
                    check_copy(pool, bytes, src_off, dst_off);
        /* random sizes around the split threshold and above */
        for (int i = 0; i < 20; i++) {
            const size_t bytes = std::uniform_int_distribution<size_t>(chunk, 24 * chunk)(rng);
            check_copy(pool, bytes, rng() % 7, rng() % 9);
        }
    }

    /* Work after each chunk (the block counts saturated LLRs so): the chunks tile the
     * destination exactly, each is seen after its bytes were copied, float-aligned chunks
     * stay whole floats, and large copies spread the work over several threads. */
    for (int helpers = 0; helpers <= 3; helpers++) {
        copy_pool pool(helpers);
        for (size_t bytes : { size_t(0), size_t(400), 2 * chunk, 7 * chunk + 12, size_t(40) * chunk + 4 }) {
            std::vector<unsigned char> dst(bytes + 64, 0);
            unsigned char* base = dst.data() + (64 - reinterpret_cast<uintptr_t>(dst.data()) % 64) % 64;
            std::mutex m;
            std::vector<std::pair<size_t, size_t>> seen; /* (offset, bytes) */
            std::set<std::thread::id> threads;
            std::atomic<uint64_t> checksum_seen{ 0 };
            pool.copy(base, source.data(), bytes, [&](const void* c, size_t len) {
                const unsigned char* p = static_cast<const unsigned char*>(c);
                uint64_t sum = 0;
                for (size_t i = 0; i < len; i++)
                    sum += p[i];
                checksum_seen += sum;
                std::lock_guard<std::mutex> lock(m);
                seen.emplace_back(static_cast<size_t>(p - base), len);
                threads.insert(std::this_thread::get_id());
            });
            uint64_t checksum = 0;
            for (size_t i = 0; i < bytes; i++)
                checksum += source[i];
            std::sort(seen.begin(), seen.end());
            size_t next = 0;
            bool tiled = true, aligned = true;
            for (const auto& c : seen) {
                tiled = tiled && c.first == next;
                aligned = aligned && c.first % 4 == 0;
                next = c.first + c.second;
            }
            CHECK(tiled && next == bytes && (bytes > 0 || seen.size() <= 1),
                  "helpers %d, %zu bytes: chunks do not tile the copy", helpers, bytes);
            CHECK(aligned, "helpers %d, %zu bytes: a chunk not on a 4-byte boundary", helpers, bytes);
            CHECK(checksum_seen == checksum, "helpers %d, %zu bytes: work saw bytes not yet copied",
                  helpers, bytes);
            CHECK(std::memcmp(base, source.data(), bytes) == 0, "helpers %d, %zu bytes: copy", helpers, bytes);
            if (helpers > 0 && bytes >= size_t(40) * chunk)
                CHECK(seen.size() > 1, "helpers %d: a %zu-byte copy in one chunk", helpers, bytes);
        }
    }

    /* Two callers at once on one pool: each gets its own copy done right. */
    {
        copy_pool pool(3);
        int bad[2] = { 0, 0 };
        auto caller = [&pool, &bad](int id) {
            std::mt19937 r(100 + id);
            for (int i = 0; i < 30; i++) {
                const size_t bytes = std::uniform_int_distribution<size_t>(1, 12 * copy_pool::min_chunk_bytes)(r);
                std::vector<unsigned char> src(bytes), dst(bytes + 1, 0x5A);
                for (auto& c : src)
                    c = static_cast<unsigned char>(r());
                pool.copy(dst.data(), src.data(), bytes);
                if (std::memcmp(dst.data(), src.data(), bytes) != 0 || dst[bytes] != 0x5A)
                    bad[id]++;
            }
        };
        std::thread a(caller, 0), b(caller, 1);
        a.join();
        b.join();
        CHECK(bad[0] == 0 && bad[1] == 0, "concurrent callers: %d and %d bad copies", bad[0], bad[1]);
    }

    /* Made and destroyed repeatedly, with and without work: no hang, nothing left running. */
    for (int i = 0; i < 50; i++) {
        copy_pool pool(1 + i % 4);
        if (i % 2)
            check_copy(pool, 5 * chunk + i, 0, 0);
    }

    /* More helpers than allowed are capped; a negative count means none. */
    {
        copy_pool big(copy_pool::max_helpers + 5), none(-3);
        CHECK(big.helpers() == copy_pool::max_helpers, "got %d", big.helpers());
        CHECK(none.helpers() == 0, "got %d", none.helpers());
    }

    /* LDPCGPU_COPY_THREADS: a number 0..max_helpers is taken as is, anything else ignored with
     * a message, and without it the count follows the hardware. */
    {
        std::string err;
        setenv("LDPCGPU_COPY_THREADS", "3", 1);
        CHECK(copy_pool::default_helpers(&err) == 3 && err.empty(), "\"3\": %s", err.c_str());
        setenv("LDPCGPU_COPY_THREADS", "0", 1);
        CHECK(copy_pool::default_helpers(&err) == 0 && err.empty(), "\"0\": %s", err.c_str());
        unsetenv("LDPCGPU_COPY_THREADS");
        const int automatic = copy_pool::default_helpers(&err);
        const unsigned hw = std::thread::hardware_concurrency();
        CHECK(err.empty() && automatic >= 0 && automatic <= 3 && (hw >= 4 || automatic == 0),
              "automatic %d helpers on %u hardware threads", automatic, hw);
        for (const char* bad : { "abc", "-1", "17", "2x", "" }) {
            err.clear();
            setenv("LDPCGPU_COPY_THREADS", bad, 1);
            CHECK(copy_pool::default_helpers(&err) == automatic && !err.empty(),
                  "\"%s\" should be ignored with a message", bad);
        }
        unsetenv("LDPCGPU_COPY_THREADS");
    }

    if (failures) {
        std::fprintf(stderr, "%d checks failed\n", failures);
        return 1;
    }
    std::printf("copy_pool: all checks passed\n");
    return 0;
}
