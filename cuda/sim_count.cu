/* The simulator's error count: the decoder's packed information bits of each frame against the
 * bits that were sent, which are not stored anywhere but drawn again from Philox (a WiMAX 2304
 * frame's 1152 bits are 9 quads, against its 576 noise quads: cheaper than keeping them), and
 * the frame's status. One warp per frame, 32 bits per lane at a time; each block adds its sums
 * to the batch's counters with one atomic per counter.
 *
 * Bit order: the decoder packs MSB first (byte b holds bits 8b..8b+7, bit 8b in 0x80); the
 * Philox word w holds information bits 32w..32w+31 with bit 32w in its LSB (sim_frame.h). The
 * four output bytes of word w, read as a little-endian word, byte-reversed and bit-reversed,
 * line up with it. */
#include <algorithm>
#include "sim_gpu.h"
#include "sim_rng.cuh"

namespace ldpccuda {

static constexpr int kCountThreads = 256;

__global__ void __launch_bounds__(kCountThreads) sim_count_kernel(SimCountArgs a)
{
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warps = blockDim.x >> 5;
    const int nw = (a.k + 31) / 32, ob = (a.k + 7) / 8;
    /* lane 0 of each warp: bit errors, frame errors, parity failures, undetected, iterations */
    unsigned long long sum[5] = {0, 0, 0, 0, 0};
    for (int fb = blockIdx.x * warps + warp; fb < a.nframes; fb += gridDim.x * warps) {
        const uint8_t *o = a.out + (size_t)fb * ob;
        unsigned e = 0;
        for (int w = lane; w < nw; w += 32) {
            uint32_t sent = 0;
            if (a.random) {
                const uint4 r = sim_quad(a.seed, a.first + (uint64_t)fb, (uint64_t)(w >> 2));
                sent = (w & 3) == 0 ? r.x : (w & 3) == 1 ? r.y : (w & 3) == 2 ? r.z : r.w;
            }
            uint32_t got = 0;
            for (int b = 0; b < 4 && 4 * w + b < ob; b++)
                got |= (uint32_t)o[4 * w + b] << (8 * b);
            uint32_t x = __brev(__byte_perm(got, 0u, 0x0123u)) ^ sent;
            if (w == nw - 1 && (a.k & 31))
                x &= (1u << (a.k & 31)) - 1u;
            e += (unsigned)__popc(x);
        }
        e = __reduce_add_sync(0xffffffffu, e);
        if (lane == 0) {
            const int2 st = a.status[fb];
            sum[0] += e;
            sum[1] += e > 0;
            sum[2] += st.y == 0;
            sum[3] += e > 0 && st.y != 0;
            sum[4] += (unsigned long long)st.x;
        }
    }
    __shared__ unsigned long long part[kCountThreads / 32][5];
    if (lane == 0)
        for (int i = 0; i < 5; i++)
            part[warp][i] = sum[i];
    __syncthreads();
    if (threadIdx.x < 5) {
        unsigned long long s = 0;
        for (int w = 0; w < warps; w++)
            s += part[w][threadIdx.x];
        static_assert(SIM_BIT_ERRORS == 0 && SIM_FRAME_ERRORS == 1 && SIM_PARITY_FAILURES == 2 &&
                          SIM_UNDETECTED == 3 && SIM_ITERATIONS == 4,
                      "counter order");
        if (s)
            atomicAdd(a.counts + threadIdx.x, s);
    }
}

cudaError_t sim_count_launch(const SimCountArgs &a, cudaStream_t s)
{
    if (a.nframes <= 0)
        return cudaSuccess;
    /* about four frames per warp */
    const int frames_per_block = 4 * (kCountThreads / 32);
    const int grid = std::min((a.nframes + frames_per_block - 1) / frames_per_block, 65535);
    sim_count_kernel<<<grid, kCountThreads, 0, s>>>(a);
    return cudaGetLastError();
}

} // namespace ldpccuda
