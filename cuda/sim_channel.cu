/* The simulator's channel kernel: frame f's information bits, its codeword, BPSK over AWGN and
 * the LLRs the decoder reads, all in one launch (the rule is sim_frame.h's).
 *
 * One block makes one frame at a time (a grid sized to the GPU loops over the batch), in
 * shared memory: the k information bits packed 32 to a word straight from the Philox words,
 * the syndrome of H's information part (one thread per row, a warp's 32 rows packed by a
 * ballot), the parity solved from it (sim_gpu.h: DVB a prefix XOR over the packed words, a
 * block scan of their parities; WiMAX/WiFi q_0 then z staircase chains), then one thread per
 * noise quad: 4 deviates, 4 coded bits, 4 LLRs stored together (float4 / 4 bytes). Nothing but
 * the LLRs leaves the chip, and a block adds its saturated-LLR count with one atomic. The LLR
 * of a deviate is sim_llr.h's, the host's operation for operation.
 *
 * Cost (H100, WiMAX 2304 r1/2, int8 LLRs): 13.8 ns per frame alone, against 51.7 ns for the
 * 10-iteration int8 decode on one stream (cuda/bench/sim_notes.md). The noise loop is about 380
 * SASS instructions per quad, half of them Box-Muller's accurate logf/sqrtf/sincospif (the rule
 * shared with the host), a fifth Philox; its compares, selects and logic go to the integer pipe,
 * which issues at half the FP32 rate and bounds the loop (IPC ~1.8 of 4).
 */
#include <algorithm>
#include <cstdlib>
#include "sim_gpu.h"
#include "sim_rng.cuh"

extern "C" {
#include "sim_frame.h"
#include "sim_llr.h"
}

namespace ldpccuda {

static constexpr int kChanMaxThreads = 512;

/* Shared memory of one frame, in 32-bit words: info, syndrome, parity (DUAL_DIAG; DVB solves
 * in place), 32 warp totals of the scan, 2 z bytes of q_0 staging. */
struct ChanSmem {
    int info, syn, par, wtot, bytes;
    __host__ __device__ ChanSmem(const SimCodeDev &c)
    {
        const bool enc = c.solve != SIM_ALL_ZERO;
        const int nwi = enc ? (c.k + 31) / 32 : 0;
        const int nwp = enc ? (c.m + 31) / 32 : 0;
        info = 0;
        syn = info + nwi;
        par = syn + nwp;
        wtot = par + (c.solve == SIM_DUAL_DIAG ? nwp : 0);
        bytes = (wtot + 32) * 4 + (c.solve == SIM_DUAL_DIAG ? 2 * c.z : 0);
    }
};

__device__ __forceinline__ uint32_t bit_of(const uint32_t *w, int i) { return (w[i >> 5] >> (i & 31)) & 1u; }

/* Information words of frame f (bits beyond k cleared); DUAL_DIAG: parity words cleared. */
__device__ __forceinline__ void make_info(const SimChanArgs &a, uint64_t f, uint32_t *info, uint32_t *par)
{
    const SimCodeDev &c = a.code;
    const int nwi = (c.k + 31) / 32, nq = (nwi + 3) / 4;
    for (int q = threadIdx.x; q < nq; q += blockDim.x) {
        const uint4 r = sim_quad(a.seed, f, (uint64_t)q);
        const uint32_t w[4] = {r.x, r.y, r.z, r.w};
#pragma unroll
        for (int j = 0; j < 4; j++) {
            const int wi = 4 * q + j;
            if (wi < nwi)
                info[wi] = (wi == nwi - 1 && (c.k & 31)) ? w[j] & ((1u << (c.k & 31)) - 1u) : w[j];
        }
    }
    if (c.solve == SIM_DUAL_DIAG)
        for (int i = threadIdx.x; i < (c.m + 31) / 32; i += blockDim.x)
            par[i] = 0;
}

/* syn = H_info u, one bit per row; a warp's 32 consecutive rows make one word. */
__device__ __forceinline__ void make_syndrome(const SimCodeDev &c, const uint32_t *info, uint32_t *syn)
{
    const int T = blockDim.x, t = threadIdx.x;
    for (int r0 = 0; r0 < c.m; r0 += T) { /* the same trip count in every thread: full ballots */
        const int r = r0 + t;
        uint32_t b = 0;
        if (r < c.m) {
            const int e1 = __ldg(c.syn_ptr + r + 1);
            for (int e = __ldg(c.syn_ptr + r); e < e1; e++) {
                const int j = __ldg(c.syn_col + e);
                b ^= info[j >> 5] >> (j & 31);
            }
        }
        const unsigned word = __ballot_sync(0xffffffffu, b & 1u);
        if ((t & 31) == 0 && r < c.m)
            syn[r >> 5] = word;
    }
}

/* DVB: p_r = s_0 ^ ... ^ s_r in place. Each thread owns a run of words; the parities of the
 * runs before it come from a block scan (ballot within a warp, warp totals across). */
__device__ __forceinline__ void solve_prefix(const SimCodeDev &c, uint32_t *syn, uint32_t *wtot)
{
    const int T = blockDim.x, t = threadIdx.x, lane = t & 31, warp = t >> 5;
    const int nwp = (c.m + 31) / 32, per = (nwp + T - 1) / T;
    const int w0 = min(t * per, nwp), w1 = min(w0 + per, nwp);
    uint32_t p = 0;
    for (int w = w0; w < w1; w++)
        p ^= (uint32_t)__popc(syn[w]);
    const unsigned bal = __ballot_sync(0xffffffffu, p & 1u);
    uint32_t carry = (uint32_t)__popc(bal & ((1u << lane) - 1u)) & 1u;
    if (lane == 0)
        wtot[warp] = (uint32_t)__popc(bal) & 1u;
    __syncthreads();
    for (int i = 0; i < warp; i++)
        carry ^= wtot[i];
    for (int w = w0; w < w1; w++) {
        uint32_t x = syn[w];
        const uint32_t px = (uint32_t)__popc(x) & 1u;
        x ^= x << 1;
        x ^= x << 2;
        x ^= x << 4;
        x ^= x << 8;
        x ^= x << 16; /* bit i = XOR of bits 0..i */
        syn[w] = carry ? ~x : x;
        carry ^= px;
    }
}

/* WiMAX/WiFi: q_0 = P^{-y} sum_r lambda_r, then thread i runs chain i of the staircase
 * (encoder_qc.c); parity bit r z + i = q_r[i]. par was cleared by make_info. */
__device__ __forceinline__ void solve_dual_diag(const SimCodeDev &c, const uint32_t *syn, uint32_t *par,
                                                uint8_t *sumb, uint8_t *q0b)
{
    const int T = blockDim.x, z = c.z, mb = c.mb;
    for (int i = threadIdx.x; i < z; i += T) {
        uint32_t s = 0;
        for (int r = 0; r < mb; r++)
            s ^= bit_of(syn, r * z + i);
        sumb[i] = (uint8_t)s;
    }
    __syncthreads();
    for (int i = threadIdx.x; i < z; i += T) {
        int src = i - c.y; /* q_0[i] = sum[(i - y) mod z] */
        if (src < 0)
            src += z;
        q0b[i] = sumb[src];
    }
    __syncthreads();
    for (int i = threadIdx.x; i < z; i += T) {
        if (q0b[i])
            atomicOr(&par[i >> 5], 1u << (i & 31));
        uint32_t cur = 0;
        for (int r = 0; r + 1 < mb; r++) {
            cur ^= bit_of(syn, r * z + i);
            const int h = c.h[r];
            if (h >= 0) {
                int j = i + h; /* (P^h q_0)[i] = q_0[(i + h) mod z] */
                if (j >= z)
                    j -= z;
                cur ^= q0b[j];
            }
            if (cur) {
                const int p = (r + 1) * z + i;
                atomicOr(&par[p >> 5], 1u << (p & 31));
            }
        }
    }
}

/* Code bits 4q .. 4q+3 of the frame (bit j = coded bit 4q + j; 0 past n). 4q is a multiple of
 * 4, so four information bits never straddle a word, nor four parity bits when k % 4 == 0. */
__device__ __forceinline__ uint32_t quad_bits(const SimCodeDev &c, const uint32_t *info, const uint32_t *par, int q)
{
    if (c.solve == SIM_ALL_ZERO)
        return 0;
    const int i0 = 4 * q, j0 = i0 - c.k;
    if (i0 + 4 <= c.k)
        return (info[i0 >> 5] >> (i0 & 31)) & 15u;
    if (j0 >= 0 && (j0 & 3) == 0 && i0 + 4 <= c.n)
        return (par[j0 >> 5] >> (j0 & 31)) & 15u;
    uint32_t b = 0;
    for (int j = 0; j < 4; j++) {
        const int i = i0 + j;
        if (i < c.n)
            b |= (i < c.k ? bit_of(info, i) : bit_of(par, i - c.k)) << j;
    }
    return b;
}

/* Coded bit i (< n) of the frame. */
__device__ __forceinline__ uint32_t coded_bit(const SimCodeDev &c, const uint32_t *info, const uint32_t *par, int i)
{
    if (c.solve == SIM_ALL_ZERO)
        return 0;
    return i < c.k ? bit_of(info, i) : bit_of(par, i - c.k);
}

/* int8 LLRs of four deviates, packed little-endian (byte j = LLR j). */
__device__ __forceinline__ uint32_t pack_i8(const float v[4], float scale)
{
    uint32_t w = 0;
#pragma unroll
    for (int j = 0; j < 4; j++)
        w |= (uint32_t)(uint8_t)ldpc_llr_to_i8_one(v[j], scale) << (8 * j);
    return w;
}

/* Saturated LLRs among four (decoder_saturation.c's rule). Only an LLR with |LLR| * scale >= 127
 * can leave the int8 range, so the four are screened together with one compare (the rule itself
 * runs on a few LLRs in a hundred at high Eb/N0, none at the usual ones). */
__device__ __forceinline__ unsigned saturated4(const SimChanArgs &a, const float v[4], int valid)
{
    const float m = fmaxf(fmaxf(fabsf(v[0]), fabsf(v[1])), fmaxf(fabsf(v[2]), fabsf(v[3])));
    unsigned s = 0;
    if (m * a.llr_scale >= 127.0f)
        for (int j = 0; j < valid; j++) {
            const int qv = ldpc_fixed_quantize_f32(&a.wide, v[j]);
            s += qv < -128 || qv > 127;
        }
    return s;
}

/* A square QAM (sim_llr.h's layout): one thread per noise quad = four axes, each axis's label
 * gathered from the codeword, its LLRs stored one by one. */
template <bool I8, bool DEBUG>
__device__ __forceinline__ unsigned qam_frame(const SimChanArgs &a, uint64_t f, const uint32_t *info,
                                              const uint32_t *par, size_t base)
{
    const SimCodeDev &c = a.code;
    const int n = c.n, bits = a.modem.bits, h = a.modem.axis_bits;
    const int naxes = ldpc_sim_axes(n, bits), nq = (naxes + 3) / 4;
    unsigned sat = 0;
    for (int q = threadIdx.x; q < nq; q += blockDim.x) {
        const uint4 r = sim_quad(a.seed, f, LDPC_SIM_NOISE_QUAD + (uint64_t)q);
        float d[4];
        ldpc_sim_box_muller(r.x, r.y, &d[0], &d[1]);
        ldpc_sim_box_muller(r.z, r.w, &d[2], &d[3]);
        for (int j = 0; j < 4 && 4 * q + j < naxes; j++) {
            const int ax = 4 * q + j;
            unsigned label = 0;
            for (int t = 0; t < h; t++) {
                const int i = ldpc_sim_axis_bit(ax, bits, t);
                label = (label << 1) | (i < n ? coded_bit(c, info, par, i) : 0u);
            }
            float l[LDPC_SIM_MAX_AXIS_BITS];
            ldpc_sim_axis_llrs(&a.modem, label, d[j], l);
            for (int t = 0; t < h; t++) {
                const int i = ldpc_sim_axis_bit(ax, bits, t);
                if (i >= n)
                    continue;
                const float v = l[t] * a.llr_sign;
                if (fabsf(v) * a.llr_scale >= 127.0f) { /* saturated4's rule, one LLR */
                    const int qv = ldpc_fixed_quantize_f32(&a.wide, v);
                    sat += qv < -128 || qv > 127;
                }
                if (DEBUG)
                    a.cw_out[base + i] = (uint8_t)((label >> (h - 1 - t)) & 1u);
                if (I8)
                    ((int8_t *)a.llr)[base + i] = ldpc_llr_to_i8_one(v, a.llr_scale);
                else
                    ((float *)a.llr)[base + i] = v;
            }
        }
    }
    return sat;
}

/* VEC: n % 4 == 0 (every quad whole: aligned 16-byte / 4-byte stores, no bounds checks);
 * DEBUG: the codewords are written too (tests); QAM: a square QAM of more than one bit per
 * axis (qam_frame), else BPSK or QPSK. Compiled apart so that the common case carries
 * no per-LLR checks: the kernel is bound by the integer/logic pipe (half the FP32 rate), where
 * every compare and select goes. */
template <bool I8, bool VEC, bool DEBUG, bool QAM>
__global__ void __launch_bounds__(kChanMaxThreads) sim_channel_kernel(SimChanArgs a)
{
    extern __shared__ uint32_t sm[];
    const SimCodeDev &c = a.code;
    const ChanSmem L(c);
    uint32_t *info = sm + L.info, *syn = sm + L.syn, *wtot = sm + L.wtot;
    uint32_t *par = c.solve == SIM_DUAL_DIAG ? sm + L.par : syn; /* DVB solves in place */
    uint8_t *stage = (uint8_t *)(sm + L.wtot + 32);
    const int n = c.n, nq = (n + 3) / 4;
    const float gain = a.modem.gain * a.llr_sign; /* exact: a sign flip */
    unsigned sat = 0; /* this thread's saturated LLRs (at most a few million a launch) */
    for (int fb = blockIdx.x; fb < a.nframes; fb += gridDim.x) {
        const uint64_t f = a.first + (uint64_t)fb;
        if (c.solve != SIM_ALL_ZERO) {
            make_info(a, f, info, par);
            __syncthreads();
            make_syndrome(c, info, syn);
            __syncthreads();
            if (c.solve == SIM_PREFIX)
                solve_prefix(c, syn, wtot);
            else
                solve_dual_diag(c, syn, par, stage, stage + c.z);
            __syncthreads();
        }
        const size_t base = (size_t)fb * n;
        if (QAM)
            sat += qam_frame<I8, DEBUG>(a, f, info, par, base);
        for (int q = threadIdx.x; !QAM && q < nq; q += blockDim.x) {
            const uint4 r = sim_quad(a.seed, f, LDPC_SIM_NOISE_QUAD + (uint64_t)q);
            float d[4], v[4];
            ldpc_sim_box_muller(r.x, r.y, &d[0], &d[1]);
            ldpc_sim_box_muller(r.z, r.w, &d[2], &d[3]);
            const uint32_t cbits = quad_bits(c, info, par, q);
#pragma unroll
            for (int j = 0; j < 4; j++)
                v[j] = ldpc_sim_llr((cbits >> j) & 1u, d[j], a.modem.sigma, gain);
            const int valid = VEC ? 4 : min(4, n - 4 * q);
            sat += saturated4(a, v, valid);
            if (DEBUG)
                for (int j = 0; j < valid; j++)
                    a.cw_out[base + 4 * q + j] = (uint8_t)((cbits >> j) & 1u);
            if (VEC) {
                if (I8)
                    *(uint32_t *)((int8_t *)a.llr + base + 4 * q) = pack_i8(v, a.llr_scale);
                else
                    *(float4 *)((float *)a.llr + base + 4 * q) = make_float4(v[0], v[1], v[2], v[3]);
            } else {
                for (int j = 0; j < valid; j++) {
                    if (I8)
                        ((int8_t *)a.llr)[base + 4 * q + j] = ldpc_llr_to_i8_one(v[j], a.llr_scale);
                    else
                        ((float *)a.llr)[base + 4 * q + j] = v[j];
                }
            }
        }
        __syncthreads(); /* the next frame overwrites the shared words */
    }
    /* one atomic per block */
    unsigned long long s64 = sat;
    for (int o = 16; o > 0; o >>= 1)
        s64 += __shfl_down_sync(0xffffffffu, s64, o);
    __shared__ unsigned long long warp_sat[kChanMaxThreads / 32];
    if ((threadIdx.x & 31) == 0)
        warp_sat[threadIdx.x >> 5] = s64;
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned long long s = 0;
        for (int w = 0; w < (int)(blockDim.x >> 5); w++)
            s += warp_sat[w];
        if (s)
            atomicAdd(a.counts + SIM_SATURATED, s);
    }
}

/* The kernel for an LLR type, code length, debug output and modulation (QAM: VEC unused). */
static const void *channel_fn(bool i8, bool vec, bool debug, bool qam)
{
    static const void *const fns[8] = {
        (const void *)sim_channel_kernel<false, false, false, false>,
        (const void *)sim_channel_kernel<false, false, true, false>,
        (const void *)sim_channel_kernel<false, true, false, false>,
        (const void *)sim_channel_kernel<false, true, true, false>,
        (const void *)sim_channel_kernel<true, false, false, false>,
        (const void *)sim_channel_kernel<true, false, true, false>,
        (const void *)sim_channel_kernel<true, true, false, false>,
        (const void *)sim_channel_kernel<true, true, true, false>,
    };
    static const void *const qam_fns[4] = {
        (const void *)sim_channel_kernel<false, false, false, true>,
        (const void *)sim_channel_kernel<false, false, true, true>,
        (const void *)sim_channel_kernel<true, false, false, true>,
        (const void *)sim_channel_kernel<true, false, true, true>,
    };
    return qam ? qam_fns[(i8 ? 2 : 0) + (debug ? 1 : 0)] : fns[(i8 ? 4 : 0) + (vec ? 2 : 0) + (debug ? 1 : 0)];
}

__global__ void sim_quads_kernel(int count, const uint64_t *seed, const uint64_t *frame, const uint64_t *q,
                                 uint32_t *out)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) {
        const uint4 r = sim_quad(seed[i], frame[i], q[i]);
        out[4 * i] = r.x;
        out[4 * i + 1] = r.y;
        out[4 * i + 2] = r.z;
        out[4 * i + 3] = r.w;
    }
}

/* About four noise quads per thread in whole warps (a WiMAX 2304 frame: 128 threads, 16 blocks
 * per SM; measured on the H100 against two quads per thread, 288 threads: channel 16.3 -> 15.0
 * ns per frame, the many small blocks hiding each other's serial encoding steps). */
static int default_threads(const SimCodeDev &c)
{
    const int nq = (c.n + 3) / 4;
    const int t = nq / 4 / 32 * 32;
    return t < 64 ? 64 : (t > kChanMaxThreads ? kChanMaxThreads : t);
}

size_t sim_channel_smem(const SimCodeDev &c) { return (size_t)ChanSmem(c).bytes; }

/* The grid: as many blocks as fit at once, each looping over frames. Tuning knobs (read here):
 * LDPCGPU_SIM_CHAN_THREADS=T threads per block (a multiple of 32, 64..512), LDPCGPU_SIM_CHAN_BLOCKS=B
 * at most B blocks per SM (fewer leave room on every SM for the decode kernels of other lanes). */
cudaError_t sim_channel_setup(const SimCodeDev &c, int llr_i8, SimChanShape *shape)
{
    const int smem = (int)sim_channel_smem(c);
    int threads = default_threads(c);
    const char *t_env = getenv("LDPCGPU_SIM_CHAN_THREADS");
    if (t_env && atoi(t_env) >= 64 && atoi(t_env) <= kChanMaxThreads && atoi(t_env) % 32 == 0)
        threads = atoi(t_env);
    int dev = 0, sms = 0, per_sm = 0;
    cudaError_t e = cudaSuccess;
    for (int v = 0; v < 4 && e == cudaSuccess; v++) /* debug or not, BPSK/QPSK or QAM */
        e = cudaFuncSetAttribute(channel_fn(llr_i8, (c.n & 3) == 0, v & 1, v >> 1),
                                 cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
    const void *fn = channel_fn(llr_i8, (c.n & 3) == 0, false, false);
    if (e == cudaSuccess)
        e = cudaGetDevice(&dev);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    if (e == cudaSuccess)
        e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fn, threads, (size_t)smem);
    if (e == cudaSuccess && per_sm < 1)
        e = cudaErrorInvalidConfiguration; /* a frame's shared memory does not fit */
    const char *b_env = getenv("LDPCGPU_SIM_CHAN_BLOCKS");
    if (b_env && atoi(b_env) > 0)
        per_sm = std::min(per_sm, atoi(b_env));
    shape->threads = threads;
    shape->grid = per_sm * sms;
    return e;
}

cudaError_t sim_channel_launch(const SimChanArgs &a, const SimChanShape &shape, cudaStream_t s)
{
    const size_t smem = sim_channel_smem(a.code);
    const int grid = std::max(1, std::min(a.nframes, shape.grid));
    void *args[] = {(void *)&a};
    return cudaLaunchKernel(channel_fn(a.llr_i8, (a.code.n & 3) == 0, a.cw_out != nullptr, a.modem.axis_bits > 1),
                            dim3((unsigned)grid),
                            dim3((unsigned)shape.threads), args, smem, s);
}

cudaError_t sim_quads_launch(int count, const uint64_t *seed, const uint64_t *frame, const uint64_t *q,
                             uint32_t *out, cudaStream_t s)
{
    if (count <= 0)
        return cudaSuccess;
    sim_quads_kernel<<<(count + 127) / 128, 128, 0, s>>>(count, seed, frame, q, out);
    return cudaGetLastError();
}

} // namespace ldpccuda
