/* The cuda backend: ldpc_backend_ops on top of the kernels.
 *
 * Pipeline. Each device gets num_streams "lanes"; a lane is a stream plus the device buffers
 * one batch needs (LLRs in, bits and statuses out, kernel scratch). Batches go to the lanes
 * round-robin over every device and stream. A batch is issued depth-first on its lane's
 * stream: copy the LLRs from the batch's pinned staging buffer, run the decode kernel (all
 * iterations, output formatting included), copy the bits and statuses back into the batch's
 * pinned buffers, record an event. Work on one stream runs in order, so a lane's buffers are
 * never used by two batches at once; different lanes overlap copies with kernels. wait()
 * blocks on, or polls, the batch's event. The front end (decoder.c) keeps batches in
 * submission order and delivers each exactly once.
 */
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <mutex>
#include <string>
#include <vector>
#include <cuda_fp16.h>
#include "kernel_table.cuh"

extern "C" {
#include "decoder_cuda.h"
}

namespace ldpccuda {

/* ---- table kernel sizes (the layout table_kernel expects) ---- */
static size_t align16(size_t x) { return (x + 15) & ~(size_t)15; }

/* bytes of one APP value (a float, an int16 or half pair, an int16) and of one table entry's
 * 4 messages */
static size_t app_value_bytes(ArithKind a)
{
    return (a == ARITH_F32 || a == ARITH_H8X2 || a == ARITH_I8X2) ? 4 : 2;
}
static size_t msg4_bytes(ArithKind a) { return a == ARITH_F32 ? 16 : (a == ARITH_I8 ? 4 : 8); }

size_t table_app_bytes(ArithKind a, int n) { return align16((size_t)n * app_value_bytes(a)); }

size_t table_msg_bytes(ArithKind a, int Z, int total_groups)
{
    return (size_t)total_groups * Z * msg4_bytes(a);
}

int table_lanes(ArithKind a) { return (a == ARITH_I8X2 || a == ARITH_H8X2) ? 2 : 1; }

/* The right shift of a 16-bit table's byte offsets: the policy's T16_SHIFT (kernel_table.cuh,
 * TabQ) for the two arithmetics that have 16-bit table variants. */
static int table16_shift(ArithKind a)
{
    return a == ARITH_I8 ? ArI8::T16_SHIFT : ArH8x2::T16_SHIFT;
}

/* 16-bit entries (APP byte offsets >> table16_shift below 65535): always for the one-codeword
 * int8 kernel (entries count its 2-byte APP values; the backend takes it only for n < 65535);
 * for int8 half2 pairs with rows of up to 8 edges where the 32-bit table is larger than 16 KB
 * (its parity check with early termination gains 11-13% on WiMAX 2304 and WiFi 1944; on WiMAX
 * 576 and WiFi 648, whose 9-10 KB tables stay in L1, the unpacking cost 2-4%). */
bool table_offsets16(const TableVariant &v, int n, int Z, int total_groups)
{
    if (v.arith == ARITH_I8)
        return true;
    const size_t table32 = (size_t)total_groups * Z * sizeof(uint4);
    return v.arith == ARITH_H8X2 && v.dmax <= 8 && table32 > (16u << 10) &&
           (((size_t)n * app_value_bytes(v.arith)) >> table16_shift(v.arith)) < 65535;
}

size_t table_smem_bytes(const TableVariant &v, int n, int Z, int total_groups, int G)
{
    size_t b = align16((size_t)G * 3 * sizeof(int));
    if (v.arith == ARITH_I8X2)
        b += kScaleLutBytes; /* the int8 scale table (kernel_table.cuh, TableSmem; A::SCALE_LUT) */
    if (v.mem != MEM_GLOBAL)
        b += (size_t)G * table_app_bytes(v.arith, n);
    if (v.mem == MEM_SMEM_ALL)
        b += (size_t)G * table_msg_bytes(v.arith, Z, total_groups);
    return b;
}

const void *table_kernel_fn(const TableVariant &v)
{
    switch (v.arith) {
    case ARITH_F32: return table_kernel_fn_f32(v.dmax, v.mem, v.t16);
    case ARITH_I8X2: return table_kernel_fn_i8x2(v.dmax, v.mem, v.t16);
    case ARITH_H8X2: return table_kernel_fn_h8x2(v.dmax, v.mem, v.t16);
    case ARITH_I8:
        return v.one_block ? table_kernel_fn_i8_one_block(v.dmax, v.mem) : table_kernel_fn_i8(v.dmax, v.mem, v.t16);
    default: return table_kernel_fn_i16(v.dmax, v.mem, v.t16);
    }
}

cudaError_t table_launch(const TableVariant &v, const TableArgs &a, int grid, int threads,
                         size_t smem, cudaStream_t s)
{
    switch (v.arith) {
    case ARITH_F32: return table_launch_f32(v.dmax, v.mem, v.t16, a, grid, threads, smem, s);
    case ARITH_I8X2: return table_launch_i8x2(v.dmax, v.mem, v.t16, a, grid, threads, smem, s);
    case ARITH_H8X2: return table_launch_h8x2(v.dmax, v.mem, v.t16, a, grid, threads, smem, s);
    case ARITH_I8:
        return v.one_block ? table_launch_i8_one_block(v.dmax, v.mem, a, grid, threads, smem, s)
                           : table_launch_i8(v.dmax, v.mem, v.t16, a, grid, threads, smem, s);
    default: return table_launch_i16(v.dmax, v.mem, v.t16, a, grid, threads, smem, s);
    }
}

/* ---- errors ---- */
static int cuda_fail(cudaError_t e, const char *what, int dev)
{
    const int st = (e == cudaErrorMemoryAllocation) ? LDPC_ERR_DEVICE_MEMORY : LDPC_ERR_DEVICE;
    cudaGetLastError(); /* clear a non-sticky error so that later calls start clean */
    return ldpc_error(st, "cuda (device %d): %s failed: %s", dev, what, cudaGetErrorString(e));
}

#define CU(call, what, dev)                                                                    \
    do {                                                                                       \
        cudaError_t e_ = (call);                                                               \
        if (e_ != cudaSuccess)                                                                 \
            return cuda_fail(e_, what, dev);                                                   \
    } while (0)

/* ---- state ---- */
struct DeviceCtx {
    int dev = 0;
    int sms = 0;
    size_t smem_optin = 0;
    int4 *layers = nullptr;
    void *table = nullptr;
    int *out_pos = nullptr;
    int *row_ptr = nullptr, *col_idx = nullptr, *col_ptr = nullptr, *col_edge = nullptr;
    int *layer_ptr = nullptr, *layer_rows = nullptr;
};

struct Lane {
    int ctx = 0;                 /* index into State::devs */
    cudaStream_t stream = nullptr;
    void *llr = nullptr;
    uint8_t *out = nullptr;
    int2 *status = nullptr;
    void *scratch_app = nullptr; /* table kernel, MEM_GLOBAL */
    void *scratch_msg = nullptr; /* table kernel, MEM_SMEM_APP / MEM_GLOBAL */
    char *scratch = nullptr;     /* generic kernel */
    int *sched = nullptr;        /* table kernel: chunk counter, blocks finished (kernel_table.cuh) */
};

struct State {
    HostPlan plan;
    bool use_table = false;
    TableVariant var{ARITH_F32, 8, MEM_SMEM_ALL};
    int lanes_per_group = 1;
    int G = 1;                   /* groups per block at full load */
    bool forced_G = false;       /* LDPCGPU_CUDA_GROUPS: keep G even for small batches */
    bool dynamic_chunks = true;  /* blocks take chunks from a counter (LDPCGPU_CUDA_CHUNKS=static: not) */
    int max_blocks = 0;          /* LDPCGPU_CUDA_MAX_BLOCKS: at most this many blocks a launch (tests) */
    int blocks_per_sm = 1;
    int slots = 0;               /* groups the table scratch holds (MEM_SMEM_APP/GLOBAL) */
    int fixed = 0, spa = 0;
    size_t direct_bytes = 0;     /* batches of at most this many LLR bytes: see submit */
    size_t generic_slot = 0;
    int generic_grid = 0;
    Arith ar;
    std::vector<DeviceCtx> devs;
    std::vector<Lane> lanes;
    unsigned next_lane = 0;
    std::mutex lane_mutex;
    std::string desc;
};

struct BatchData {
    cudaEvent_t ev[LDPC_MAX_DEVICES] = {};
    /* the pinned staging as each GPU sees it (mapped host memory: the direct path) */
    void *llr_dev[LDPC_MAX_DEVICES] = {};
    uint8_t *out_dev[LDPC_MAX_DEVICES] = {};
    int lane = -1;
};

/* ---- device count: 0 without a driver or GPU, and never a message ---- */
static int device_count_once()
{
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess)
        n = 0;
    cudaGetLastError();
    return n;
}

static int device_count()
{
    static const int n = device_count_once(); /* thread-safe one-time initialisation */
    return n;
}

template <class T>
static int upload(T **dst, const T *src, size_t count, int dev)
{
    *dst = nullptr;
    if (count == 0)
        return LDPC_OK;
    CU(cudaMalloc((void **)dst, count * sizeof(T)), "cudaMalloc (code tables)", dev);
    CU(cudaMemcpy(*dst, src, count * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy (code tables)", dev);
    return LDPC_OK;
}

static void free_device(State *s)
{
    for (Lane &l : s->lanes) {
        cudaSetDevice(s->devs[(size_t)l.ctx].dev);
        if (l.stream)
            cudaStreamSynchronize(l.stream);
        cudaFree(l.llr);
        cudaFree(l.out); /* holds the statuses too */
        cudaFree(l.scratch_app);
        cudaFree(l.scratch_msg);
        cudaFree(l.sched);
        cudaFree(l.scratch);
        if (l.stream)
            cudaStreamDestroy(l.stream);
    }
    s->lanes.clear();
    for (DeviceCtx &d : s->devs) {
        cudaSetDevice(d.dev);
        cudaFree(d.layers);
        cudaFree(d.table);
        cudaFree(d.out_pos);
        cudaFree(d.row_ptr);
        cudaFree(d.col_idx);
        cudaFree(d.col_ptr);
        cudaFree(d.col_edge);
        cudaFree(d.layer_ptr);
        cudaFree(d.layer_rows);
    }
    s->devs.clear();
    cudaGetLastError();
}

/* x (exactly representable in half) in both halves of a 32-bit word */
static unsigned half2_bits(float x)
{
    const unsigned h = __half_as_ushort(__float2half_rn(x));
    return h | (h << 16);
}

/* s(m) of the rules without the cap MCAP (ArH8x2 computes that, then caps its argument) */
static int scale_uncapped(const ldpc_fixed_params &fx, int m)
{
    ldpc_fixed_params u = fx;
    u.mcap = 1 << 30;
    return ldpc_fixed_scale(&u, m);
}

/* ArH8x2's M: the least minimum whose s() reaches MCAP, or CMAX (127) */
static int h8x2_mmax(const ldpc_fixed_params &fx)
{
    for (int m = 0; m < fx.cmax; m++)
        if (scale_uncapped(fx, m) >= fx.mcap)
            return m;
    return fx.cmax;
}

/* The arithmetic constants of a configuration; the integer ones (fx) need the code (its
 * column degrees set MCAP). Fails only for integer messages the model does not support. */
static int make_arith(const ldpc_decoder_config *cfg, const ldpc_code *code, Arith *out)
{
    Arith a;
    a.algorithm = (int)cfg->algorithm;
    a.sign = cfg->llr_positive_is_one ? -1.0f : 1.0f;
    a.i8_to_float = a.sign / cfg->llr_scale;
    a.nms_alpha = cfg->nms_alpha;
    a.oms_beta = cfg->oms_beta;
    a.f_a = cfg->algorithm == LDPC_ALG_NORMALIZED_MIN_SUM ? cfg->nms_alpha : 1.0f;
    a.f_b = cfg->algorithm == LDPC_ALG_OFFSET_MIN_SUM ? cfg->oms_beta : 0.0f;
    memset(&a.fx, 0, sizeof a.fx);
    a.h_alpha = a.h_negb = a.h_mmax = 0;
    const bool fixed = cfg->msg_format != LDPC_MSG_F32 && cfg->algorithm != LDPC_ALG_SUM_PRODUCT;
    if (fixed) {
        const int st = ldpc_fixed_params_init(cfg, code, &a.fx);
        if (st != LDPC_OK)
            return ldpc_error(st, "cuda: integer messages unsupported for code %s (column degree %d)",
                              code->name, code->max_col_degree);
        const float alpha = a.fx.algorithm == LDPC_ALG_NORMALIZED_MIN_SUM ? a.fx.nms_a15 / 32768.0f : 1.0f;
        const int beta = a.fx.algorithm == LDPC_ALG_OFFSET_MIN_SUM ? std::min(std::max(a.fx.oms_b, 0), 127) : 0;
        a.h_alpha = half2_bits(alpha / 256.0f);
        a.h_negb = half2_bits(-(1024.0f + (float)beta));
        a.h_mmax = half2_bits((float)h8x2_mmax(a.fx));
    }
    *out = a;
    return LDPC_OK;
}

/* Whether H8X2 computes this configuration's scaling exactly (ArH8x2): int8 messages; alpha in
 * eighths (the default 0.75 is 6/8), offset min-sum with beta >= 0, plain min-sum; and the
 * cap as a cap on the argument (s(m) = uncapped s(min(m, M)) for every m, which these scalings
 * always give: checked here rather than assumed). Others run as I8X2. */
static bool h8x2_scale_exact(const ldpc_fixed_params &fx)
{
    if (fx.cmax != 127)
        return false;
    if (fx.algorithm == LDPC_ALG_NORMALIZED_MIN_SUM) {
        if (!(fx.nms_a15 > 0 && fx.nms_a15 <= 32768 && fx.nms_a15 % 4096 == 0))
            return false;
    } else if (fx.algorithm == LDPC_ALG_OFFSET_MIN_SUM) {
        if (fx.oms_b < 0)
            return false;
    } else if (fx.algorithm != LDPC_ALG_MIN_SUM) {
        return false;
    }
    const int M = h8x2_mmax(fx);
    for (int m = 0; m <= fx.cmax; m++)
        if (scale_uncapped(fx, std::min(m, M)) != ldpc_fixed_scale(&fx, m))
            return false;
    return true;
}

/* Pick the table kernel variant and codewords per block on the first device. */
static int choose_table_config(State *s, const ldpc_code *c)
{
    const DeviceCtx &d = s->devs[0];
    const HostPlan &p = s->plan;
    TableVariant v = s->var;
    /* the state on chip where it fits; LDPCGPU_CUDA_MEM=app|global moves it off chip (tests) */
    const char *mem_env = getenv("LDPCGPU_CUDA_MEM");
    const int first_mem = !mem_env ? 0 : (strcmp(mem_env, "app") == 0 ? 1 : (strcmp(mem_env, "global") == 0 ? 2 : 0));
    const MemKind mems[3] = {MEM_SMEM_ALL, MEM_SMEM_APP, MEM_GLOBAL};
    for (int mi = first_mem; mi < 3; mi++) {
        v.mem = mems[mi];
        if (table_smem_bytes(v, c->n, p.Z, p.total_groups, 1) <= d.smem_optin)
            break;
    }
    const void *fn = table_kernel_fn(v);
    if (!fn)
        return ldpc_error(LDPC_ERR_UNSUPPORTED, "cuda: no table kernel for this variant");
    /* The one-codeword int8 kernel is held to 56 registers for three blocks per SM; where its
     * shared memory leaves room for one block only (the 16-bit APP of DVB 64800: 130 KB), take
     * the variant without that cap (kernel_table.cuh, table_min_blocks). LDPCGPU_CUDA_I8_ONE_BLOCK=0
     * keeps the capped one (measurements). */
    if (v.arith == ARITH_I8 && !v.one_block) {
        TableVariant wide = v;
        wide.one_block = true;
        const void *wfn = table_kernel_fn(wide);
        const char *ob_env = getenv("LDPCGPU_CUDA_I8_ONE_BLOCK");
        const size_t smem1 = table_smem_bytes(v, c->n, p.Z, p.total_groups, 1);
        int blocks = 0;
        if (wfn && !(ob_env && strcmp(ob_env, "0") == 0) && smem1 <= d.smem_optin) {
            CU(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem1),
               "cudaFuncSetAttribute", d.dev);
            CU(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, fn, (p.Z + 31) / 32 * 32, smem1),
               "cudaOccupancyMaxActiveBlocksPerMultiprocessor", d.dev);
            if (blocks == 1) {
                v = wide;
                fn = wfn;
            }
        }
    }
    /* Occupancy of every G, scored as codeword groups per SM times the share of warp lanes
     * that run a row (G * Z threads in whole warps: Z = 24, 27, 81 leave lanes idle unless
     * several groups share warps); the best score with at least two blocks per SM (one block
     * alone has no other block to run while it waits at its barriers), the smallest G among
     * equals. Measured on the H100 (kernel-only, 10 it, int8 pairs; G: Gb/s): WiMAX 576
     * (Z = 24) 1: 36.4, 4: 46.0, 8: 44.8, 16: 43.2; WiFi 648 (Z = 27) 1: 34.0, 4: 37.2;
     * WiFi 1944 r1/2 (Z = 81) 1: 34.3, 3: 40.1, 4: 36.4; r3/4 1: 26.0, 3: 30.8, 4 (one block
     * per SM): 24.1; WiMAX 2304 f32 (Z = 96) 1: 22.0, 2: 21.3, 4 (one block): 20.6. */
    int occ[1025] = {0};
    double score[1025] = {0};
    double best_score = 0, best_score2 = 0;
    int best_groups = 0;
    for (int G = 1; G * p.Z <= table_max_threads(v.arith == ARITH_I8, v.mem) && G <= 1024; G++) {
        const size_t smem = table_smem_bytes(v, c->n, p.Z, p.total_groups, G);
        if (smem > d.smem_optin)
            break;
        const int threads = (G * p.Z + 31) / 32 * 32;
        int blocks = 0;
        CU(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem),
           "cudaFuncSetAttribute", d.dev);
        CU(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, fn, threads, smem),
           "cudaOccupancyMaxActiveBlocksPerMultiprocessor", d.dev);
        occ[G] = blocks;
        score[G] = (double)blocks * G * (double)(G * p.Z) / threads;
        best_groups = std::max(best_groups, blocks * G);
        best_score = std::max(best_score, score[G]);
        if (blocks >= 2)
            best_score2 = std::max(best_score2, score[G]);
    }
    const bool two = best_score2 > 0; /* some G leaves two blocks per SM */
    const double target = two ? best_score2 : best_score;
    int best_G = 1, best_blocks = occ[1];
    for (int G = 1; G <= 1024 && best_groups > 0; G++)
        if (occ[G] > 0 && (!two || occ[G] >= 2) && score[G] >= target * (1 - 1e-9)) {
            best_G = G;
            best_blocks = occ[G];
            break;
        }
    if (best_groups == 0)
        return ldpc_error(LDPC_ERR_UNSUPPORTED, "cuda: the table kernel does not fit this GPU");
    /* tuning knob: LDPCGPU_CUDA_GROUPS=G forces G codeword groups per block (if they fit) */
    const char *force = getenv("LDPCGPU_CUDA_GROUPS");
    if (force && atoi(force) > 0) {
        const int G = atoi(force);
        const size_t smem = table_smem_bytes(v, c->n, p.Z, p.total_groups, G);
        int blocks = 0;
        if (G * p.Z <= table_max_threads(v.arith == ARITH_I8, v.mem) && smem <= d.smem_optin &&
            cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem) == cudaSuccess &&
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, fn, (G * p.Z + 31) / 32 * 32, smem) == cudaSuccess &&
            blocks > 0) {
            best_G = G;
            best_blocks = blocks;
            s->forced_G = true;
        }
        cudaGetLastError();
    }
    const char *chunks_env = getenv("LDPCGPU_CUDA_CHUNKS");
    s->dynamic_chunks = !(chunks_env && strcmp(chunks_env, "static") == 0);
    const char *max_blocks_env = getenv("LDPCGPU_CUDA_MAX_BLOCKS");
    s->max_blocks = max_blocks_env ? std::max(0, atoi(max_blocks_env)) : 0;
    s->var = v;
    s->G = best_G;
    s->blocks_per_sm = best_blocks;
    return LDPC_OK;
}

static const char *mem_name(MemKind m)
{
    return m == MEM_SMEM_ALL ? "APP+messages in shared memory"
                             : (m == MEM_SMEM_APP ? "APP in shared, messages in global memory"
                                                  : "APP and messages in global memory");
}

static const char *arith_name(ArithKind a)
{
    switch (a) {
    case ARITH_F32: return "f32";
    case ARITH_I8X2: return "i8 (2 codewords per thread, 16x2 integer)";
    case ARITH_H8X2: return "i8 (2 codewords per thread, half2)";
    case ARITH_I8: return "i8";
    default: return "i16";
    }
}

/* Bytes from a batch's bits to its statuses (host and device use the same layout). */
static size_t status_offset(const ldpc_decoder *dec, int frames)
{
    return ((size_t)frames * dec->output_bytes + 255) & ~(size_t)255;
}

/* Set up one device: tables, kernel attributes, its lanes. */
static int init_device(State *s, ldpc_decoder *dec, int ctx_index, int nstreams)
{
    DeviceCtx &d = s->devs[(size_t)ctx_index];
    const ldpc_code *c = dec->code;
    const HostPlan &p = s->plan;
    CU(cudaSetDevice(d.dev), "cudaSetDevice", d.dev);
    cudaDeviceProp prop;
    CU(cudaGetDeviceProperties(&prop, d.dev), "cudaGetDeviceProperties", d.dev);
    d.sms = prop.multiProcessorCount;
    d.smem_optin = prop.sharedMemPerBlockOptin;
    int st;
    if (s->use_table) {
        /* column numbers -> byte offsets into one codeword group's APP */
        const unsigned esz = (unsigned)app_value_bytes(s->var.arith);
        const int sh16 = table16_shift(s->var.arith);
        std::vector<uint4> bytes(p.table);
        for (uint4 &u : bytes) {
            u.x = u.x == 0xFFFFFFFFu ? u.x : u.x * esz;
            u.y = u.y == 0xFFFFFFFFu ? u.y : u.y * esz;
            u.z = u.z == 0xFFFFFFFFu ? u.z : u.z * esz;
            u.w = u.w == 0xFFFFFFFFu ? u.w : u.w * esz;
        }
        if ((st = upload(&d.layers, p.layers.data(), p.layers.size(), d.dev)) != LDPC_OK)
            return st;
        if (s->var.t16) {
            /* byte offsets >> sh16 (table_offsets16 checked that they stay below 0xFFFF) */
            std::vector<uint2> half(bytes.size());
            auto h = [sh16](unsigned v) { return v == 0xFFFFFFFFu ? 0xFFFFu : v >> sh16; };
            for (size_t i = 0; i < bytes.size(); i++)
                half[i] = make_uint2(h(bytes[i].x) | (h(bytes[i].y) << 16), h(bytes[i].z) | (h(bytes[i].w) << 16));
            uint2 *t = nullptr;
            st = upload(&t, half.data(), half.size(), d.dev);
            d.table = t;
        } else {
            uint4 *t = nullptr;
            st = upload(&t, bytes.data(), bytes.size(), d.dev);
            d.table = t;
        }
        if (st != LDPC_OK)
            return st;
    } else {
        if ((st = upload(&d.row_ptr, c->row_ptr, (size_t)c->m + 1, d.dev)) != LDPC_OK ||
            (st = upload(&d.col_idx, c->col_idx, (size_t)c->num_edges, d.dev)) != LDPC_OK ||
            (st = upload(&d.col_ptr, c->col_ptr, (size_t)c->n + 1, d.dev)) != LDPC_OK ||
            (st = upload(&d.col_edge, c->col_edge, (size_t)c->num_edges, d.dev)) != LDPC_OK ||
            (st = upload(&d.layer_ptr, p.layer_ptr.data(), p.layer_ptr.size(), d.dev)) != LDPC_OK ||
            (st = upload(&d.layer_rows, p.layer_rows.data(), p.layer_rows.size(), d.dev)) != LDPC_OK)
            return st;
    }
    if ((st = upload(&d.out_pos, p.out_pos.data(), p.out_pos.size(), d.dev)) != LDPC_OK)
        return st;

    if (s->use_table) {
        /* the variant and G were chosen on the first device (cuda_init_inner) */
        const void *fn = table_kernel_fn(s->var);
        CU(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                (int)table_smem_bytes(s->var, c->n, p.Z, p.total_groups, s->G)),
           "cudaFuncSetAttribute", d.dev);
        if (ctx_index == 0)
            s->slots = s->blocks_per_sm * d.sms * s->G;
    } else if (ctx_index == 0) {
        s->generic_slot = generic_slot_bytes(GenericCode{c->n, c->m, c->num_edges}, s->fixed, s->spa);
        const size_t budget = (size_t)512 << 20;
        s->generic_grid = (int)std::max<size_t>(1, std::min<size_t>((size_t)d.sms * 8, budget / s->generic_slot));
    }

    const int lanes_per = s->lanes_per_group;
    const size_t in_bytes = (size_t)dec->batch_frames * c->n * sizeof(float);
    for (int k = 0; k < nstreams; k++) {
        Lane l;
        l.ctx = ctx_index;
        s->lanes.push_back(l);
        Lane &L = s->lanes.back();
        CU(cudaStreamCreateWithFlags(&L.stream, cudaStreamNonBlocking), "cudaStreamCreate", d.dev);
        CU(cudaMalloc(&L.llr, in_bytes), "cudaMalloc (LLR buffer)", d.dev);
        /* bits and statuses in one buffer, laid out as the batch's pinned host copy, so that
         * one device-to-host copy brings both back */
        const size_t sb = status_offset(dec, dec->batch_frames);
        CU(cudaMalloc((void **)&L.out, sb + (size_t)dec->batch_frames * sizeof(int2)),
           "cudaMalloc (output buffer)", d.dev);
        CU(cudaMalloc((void **)&L.sched, 2 * sizeof(int)), "cudaMalloc (chunk counters)", d.dev);
        CU(cudaMemset(L.sched, 0, 2 * sizeof(int)), "cudaMemset (chunk counters)", d.dev);
        L.status = (int2 *)(L.out + sb);
        if (s->use_table && s->var.mem != MEM_SMEM_ALL) {
            CU(cudaMalloc(&L.scratch_msg, (size_t)s->slots * table_msg_bytes(s->var.arith, p.Z, p.total_groups)),
               "cudaMalloc (message scratch)", d.dev);
            if (s->var.mem == MEM_GLOBAL)
                CU(cudaMalloc(&L.scratch_app, (size_t)s->slots * table_app_bytes(s->var.arith, c->n)),
                   "cudaMalloc (APP scratch)", d.dev);
        }
        if (!s->use_table)
            CU(cudaMalloc((void **)&L.scratch, (size_t)s->generic_grid * s->generic_slot),
               "cudaMalloc (decoder scratch)", d.dev);
    }
    (void)lanes_per;
    return LDPC_OK;
}

static void describe(State *s, ldpc_decoder *dec, int nstreams)
{
    char buf[512];
    const DeviceCtx &d = s->devs[0];
    if (s->use_table)
        snprintf(buf, sizeof buf,
                 "table kernel %s, rows <= %d edges, %s, %s table%s; %d layers x %d rows; %d codeword(s) per "
                 "block x %d block(s)/SM on %d SMs; batch %d; %d device(s) x %d stream(s)",
                 arith_name(s->var.arith), s->var.dmax, mem_name(s->var.mem), s->var.t16 ? "16-bit" : "32-bit",
                 s->var.one_block ? ", registers for one block/SM" : "", s->plan.nlayers,
                 s->plan.Z, s->G * s->lanes_per_group, s->blocks_per_sm, d.sms, dec->batch_frames,
                 (int)s->devs.size(), nstreams);
    else
        snprintf(buf, sizeof buf,
                 "generic kernel %s, %s, %s; %d layers; %d blocks of 256 threads; batch %d; %d "
                 "device(s) x %d stream(s)%s%s",
                 s->fixed ? (dec->cfg.msg_format == LDPC_MSG_I8 ? "i8" : "i16") : "f32",
                 ldpc_schedule_name(dec->cfg.schedule), ldpc_algorithm_name(dec->cfg.algorithm),
                 s->plan.nlayers, s->generic_grid, dec->batch_frames, (int)s->devs.size(), nstreams,
                 s->plan.table_ok ? "" : "; table kernel unusable: ",
                 s->plan.table_ok ? "" : s->plan.table_why.c_str());
    s->desc = buf;
}

/* ---- launches ---- */
/* fmt_override: the simulator's output (sim_decode below); null = the decoder's configuration */
static int launch(State *s, ldpc_decoder *dec, Lane &L, const void *llr, int llr_i8, int nframes,
                  uint8_t *out, int2 *status, const OutFmt *fmt_override = nullptr)
{
    const DeviceCtx &d = s->devs[(size_t)L.ctx];
    const ldpc_code *c = dec->code;
    Batch b;
    b.llr = llr;
    b.llr_i8 = llr_i8;
    b.nframes = nframes;
    b.out = out;
    b.status = status;
    b.max_iter = dec->cfg.max_iterations;
    b.early = dec->cfg.early_termination;
    OutFmt fmt;
    fmt.out_pos = d.out_pos;
    fmt.out_bits = dec->cfg.output_bits == LDPC_OUTPUT_CODEWORD ? c->n : c->k;
    fmt.out_bytes = dec->output_bytes;
    fmt.packed = dec->cfg.output_packing == LDPC_OUTPUT_PACKED;
    if (fmt_override)
        fmt = *fmt_override;
    cudaError_t e;
    if (s->use_table) {
        const HostPlan &p = s->plan;
        TableArgs a;
        a.code = TableCode{c->n, p.Z, p.nlayers, p.total_groups, d.layers, d.table};
        a.fmt = fmt;
        a.batch = b;
        a.ar = s->ar;
        a.app_scratch = L.scratch_app;
        a.msg_scratch = L.scratch_msg;
        a.sched = s->dynamic_chunks ? L.sched : nullptr;
        /* small batches: fewer codewords per block, so that they spread over the SMs */
        const int groups = (nframes + s->lanes_per_group - 1) / s->lanes_per_group;
        int G = s->G;
        if ((groups + G - 1) / G < d.sms && !s->forced_G)
            G = std::max(1, std::min(G, (groups + d.sms - 1) / d.sms));
        a.G = G;
        const int threads = (G * p.Z + 31) / 32 * 32;
        const size_t smem = table_smem_bytes(s->var, c->n, p.Z, p.total_groups, G);
        int grid = (groups + G - 1) / G;
        const int resident = s->blocks_per_sm * d.sms * (s->G / G);
        grid = std::min(grid, std::max(1, resident));
        if (s->var.mem != MEM_SMEM_ALL)
            grid = std::min(grid, std::max(1, s->slots / G));
        if (s->max_blocks > 0) /* tests: few blocks, each taking many chunks */
            grid = std::min(grid, s->max_blocks);
        e = table_launch(s->var, a, grid, threads, smem, L.stream);
    } else {
        GenericArgs a;
        a.code = GenericCode{c->n, c->m, c->num_edges, d.row_ptr, d.col_idx, d.col_ptr, d.col_edge,
                             d.layer_ptr, d.layer_rows, s->plan.nlayers,
                             dec->cfg.schedule == LDPC_SCHEDULE_LAYERED};
        a.fmt = fmt;
        a.batch = b;
        a.ar = s->ar;
        a.fixed = s->fixed;
        a.scratch = L.scratch;
        a.slot_bytes = s->generic_slot;
        e = generic_launch(a, std::min(nframes, s->generic_grid), 256, L.stream);
    }
    if (e != cudaSuccess)
        return cuda_fail(e, "kernel launch", d.dev);
    return LDPC_OK;
}

/* ---- backend ops ---- */
static void cuda_destroy(ldpc_decoder *dec)
{
    State *s = (State *)dec->backend_state;
    if (!s)
        return;
    free_device(s);
    delete s;
    dec->backend_state = nullptr;
}

static int cuda_init_inner(ldpc_decoder *dec, State *s)
{
    const ldpc_decoder_config *cfg = &dec->cfg;
    const ldpc_code *c = dec->code;
    const int count = device_count();
    if (count <= 0)
        return ldpc_error(LDPC_ERR_NO_DEVICE, "cuda: no CUDA device is usable on this machine");
    const int ndev = cfg->num_devices > 0 ? cfg->num_devices : 1;
    for (int i = 0; i < ndev; i++) {
        const int id = cfg->num_devices > 0 ? cfg->devices[i] : 0;
        if (id < 0 || id >= count)
            return ldpc_error(LDPC_ERR_NO_DEVICE, "cuda: device %d does not exist (this machine has %d)",
                              id, count);
        DeviceCtx d;
        d.dev = id;
        s->devs.push_back(d);
    }
    /* LDPCGPU_CUDA_DIRECT_BYTES overrides the batch size (LLR bytes) up to which the kernel
     * reads and writes host memory itself (0: always copy) */
    const char *direct_env = getenv("LDPCGPU_CUDA_DIRECT_BYTES");
    s->direct_bytes = direct_env ? (size_t)strtoull(direct_env, nullptr, 10) : (size_t)256 << 10;
    s->spa = cfg->algorithm == LDPC_ALG_SUM_PRODUCT;
    s->fixed = !s->spa && cfg->msg_format != LDPC_MSG_F32;
    int st = make_arith(cfg, c, &s->ar);
    if (st != LDPC_OK)
        return st;
    st = build_plan(c, cfg, &s->plan);
    if (st != LDPC_OK)
        return st;
    s->use_table = s->plan.table_ok && !s->spa && cfg->schedule == LDPC_SCHEDULE_LAYERED;
    s->var.arith = !s->fixed ? ARITH_F32 : (cfg->msg_format == LDPC_MSG_I8 ? ARITH_I8X2 : ARITH_I16);
    s->var.dmax = s->plan.dmax;
    s->lanes_per_group = table_lanes(s->var.arith);
    if (!s->use_table)
        s->lanes_per_group = 1;

    /* the batch size must be known before the lanes' buffers: find the kernel shape first */
    {
        DeviceCtx &d = s->devs[0];
        CU(cudaSetDevice(d.dev), "cudaSetDevice", d.dev);
        cudaDeviceProp prop;
        CU(cudaGetDeviceProperties(&prop, d.dev), "cudaGetDeviceProperties", d.dev);
        d.sms = prop.multiProcessorCount;
        d.smem_optin = prop.sharedMemPerBlockOptin;
        /* int8 messages: two codewords per thread, except for codes with rows of at most 8
         * edges whose pair state does not fit in shared memory (DVB-S2/T2 rate 1/2): one per
         * thread halves the shared memory a codeword needs, so more blocks share an SM and
         * hide each other's global-memory waits, and a DVB 64800 APP (130 KB of int16) stays in
         * shared memory where a pair's (259 KB) cannot. Measured with the earlier 8-bit APP
         * (three DVB 64800 blocks an SM, now one): DVB-T2 64800 r1/2 8.7 -> 9.7 Gb/s, 16200
         * r1/2 4.7 -> 5.7 at 10 it; with the 16-bit APP (H100, kernel-only) DVB-T2 64800 r1/2
         * 20 it one codeword 2.59, pairs 2.63. With longer rows the one-codeword kernel, held to
         * 56 registers for three blocks, spills: DVB-S2 64800 r3/5 3.2 -> 2.2, r9/10 1.6 -> 1.2,
         * 16200 r8/9 6.1 -> 1.6 Gb/s (8-bit APP; r3/5 with the 16-bit APP: pairs 1.77, one
         * codeword 1.24), so pairs stay there. LDPCGPU_CUDA_I8_LANES=1|2 forces one. */
        if (s->use_table && s->var.arith == ARITH_I8X2) {
            const char *lanes_env = getenv("LDPCGPU_CUDA_I8_LANES");
            const int lanes = lanes_env ? atoi(lanes_env) : 0;
            TableVariant pair_all = s->var;
            pair_all.mem = MEM_SMEM_ALL;
            const bool fits = s->plan.Z <= table_max_threads(true, MEM_GLOBAL);
            const bool pair_off_chip = table_smem_bytes(pair_all, c->n, s->plan.Z, s->plan.total_groups, 1) > d.smem_optin;
            const bool offsets16 = c->n < 65535; /* its 16-bit table entries count APP values */
            if (fits && offsets16 && (lanes == 1 || (lanes != 2 && s->var.dmax == 8 && pair_off_chip)))
                s->var.arith = ARITH_I8;
            /* Pairs compute in half2 (H8X2, full-rate HADD2/HFMA2) rather than 16x2 integers
             * wherever its scaling is exact: both store a pair's APP in 4 bytes and its
             * messages in 2, so the choice no longer depends on where the state fits (with the
             * earlier 8-bit APP, I8X2 kept DVB 64800's in shared memory). H100, kernel-only,
             * 10 it, half2 / 16x2: DVB-S2 64800 r3/5 (state off chip) 1.77 / 1.70 Gb/s, 16200
             * r8/9 (APP in shared memory) 4.36 / 4.11. LDPCGPU_CUDA_I8_PAIR=int|half forces
             * one (half only where h8x2_scale_exact). */
            if (s->var.arith == ARITH_I8X2) {
                const char *pair_env = getenv("LDPCGPU_CUDA_I8_PAIR");
                const bool want_half = h8x2_scale_exact(s->ar.fx) && (!pair_env || strcmp(pair_env, "int") != 0);
                if (want_half)
                    s->var.arith = ARITH_H8X2;
            }
            s->lanes_per_group = table_lanes(s->var.arith);
        }
        s->var.t16 = s->use_table && table_offsets16(s->var, c->n, s->plan.Z, s->plan.total_groups);
        if (s->use_table && (st = choose_table_config(s, c)) != LDPC_OK)
            return st;
        if (dec->batch_frames <= 0) {
            long long resident = s->use_table
                                     ? (long long)s->blocks_per_sm * d.sms * s->G * s->lanes_per_group
                                     : (long long)d.sms * 8;
            long long bf = 2 * resident;
            const long long cap = std::max(1ll, (256ll << 20) / ((long long)c->n * 4));
            dec->batch_frames = (int)std::max(1ll, std::min(bf, std::min(cap, 1ll << 16)));
        }
    }
    const int nstreams = cfg->num_streams > 0 ? cfg->num_streams : 4;
    for (int i = 0; i < (int)s->devs.size(); i++)
        if ((st = init_device(s, dec, i, nstreams)) != LDPC_OK)
            return st;
    describe(s, dec, nstreams);
    return LDPC_OK;
}

static int cuda_init(ldpc_decoder *dec)
{
    State *s = new (std::nothrow) State();
    if (!s)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "cuda: out of memory");
    const int st = cuda_init_inner(dec, s);
    if (st != LDPC_OK) {
        free_device(s); /* the front end does not call destroy after a failed init */
        delete s;
        return st;
    }
    dec->backend_state = s;
    return LDPC_OK;
}

static void cuda_free_batch(ldpc_decoder *dec, ldpc_batch *b)
{
    State *s = (State *)dec->backend_state;
    BatchData *bd = (BatchData *)b->backend_data;
    if (bd && s) {
        for (size_t i = 0; i < s->devs.size(); i++)
            if (bd->ev[i]) {
                cudaSetDevice(s->devs[i].dev);
                cudaEventDestroy(bd->ev[i]);
            }
    }
    delete bd;
    b->backend_data = nullptr;
    cudaFreeHost(b->llr);
    cudaFreeHost(b->out); /* holds the statuses too */
    b->llr = nullptr;
    b->out = nullptr;
    b->status = nullptr;
    cudaGetLastError();
}

static int cuda_alloc_batch(ldpc_decoder *dec, ldpc_batch *b)
{
    State *s = (State *)dec->backend_state;
    const int dev0 = s->devs[0].dev;
    CU(cudaSetDevice(dev0), "cudaSetDevice", dev0);
    const size_t in_bytes = (size_t)b->capacity * dec->code->n * sizeof(float);
    CU(cudaHostAlloc(&b->llr, in_bytes, cudaHostAllocPortable | cudaHostAllocMapped),
       "cudaHostAlloc (LLR staging)", dev0);
    const size_t sb = status_offset(dec, b->capacity);
    CU(cudaHostAlloc((void **)&b->out, sb + (size_t)b->capacity * sizeof(ldpc_frame_status),
                     cudaHostAllocPortable | cudaHostAllocMapped),
       "cudaHostAlloc (output staging)", dev0);
    b->status = (ldpc_frame_status *)(b->out + sb);
    BatchData *bd = new (std::nothrow) BatchData();
    if (!bd)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "cuda: out of memory");
    b->backend_data = bd;
    for (size_t i = 0; i < s->devs.size(); i++) {
        CU(cudaSetDevice(s->devs[i].dev), "cudaSetDevice", s->devs[i].dev);
        CU(cudaEventCreateWithFlags(&bd->ev[i], cudaEventDisableTiming), "cudaEventCreate",
           s->devs[i].dev);
        CU(cudaHostGetDevicePointer(&bd->llr_dev[i], b->llr, 0), "cudaHostGetDevicePointer",
           s->devs[i].dev);
        CU(cudaHostGetDevicePointer((void **)&bd->out_dev[i], b->out, 0), "cudaHostGetDevicePointer",
           s->devs[i].dev);
    }
    return LDPC_OK;
}

static int cuda_submit(ldpc_decoder *dec, ldpc_batch *b)
{
    State *s = (State *)dec->backend_state;
    BatchData *bd = (BatchData *)b->backend_data;
    int li;
    {
        std::lock_guard<std::mutex> lock(s->lane_mutex);
        li = (int)(s->next_lane++ % s->lanes.size());
    }
    Lane &L = s->lanes[(size_t)li];
    const DeviceCtx &d = s->devs[(size_t)L.ctx];
    bd->lane = li;
    CU(cudaSetDevice(d.dev), "cudaSetDevice", d.dev);
    const int i8 = b->llr_type == LDPC_LLR_I8;
    const size_t in_bytes = (size_t)b->nframes * dec->code->n * (i8 ? 1 : sizeof(float));
    /* Small batches (the latency case): the kernel reads the LLRs from the batch's pinned,
     * mapped staging over PCIe and writes bits and statuses back the same way, so the batch is
     * one kernel launch and no copy: each copy costs a few microseconds of start-up. Large
     * batches use the DMA engines, which overlap other batches' kernels. */
    if (in_bytes <= s->direct_bytes) {
        uint8_t *out_dev = bd->out_dev[L.ctx];
        const size_t status_at = (size_t)((uint8_t *)b->status - b->out);
        int st = launch(s, dec, L, bd->llr_dev[L.ctx], i8, b->nframes, out_dev, (int2 *)(out_dev + status_at));
        if (st != LDPC_OK)
            return st;
        CU(cudaEventRecord(bd->ev[L.ctx], L.stream), "cudaEventRecord", d.dev);
        return LDPC_OK;
    }
    CU(cudaMemcpyAsync(L.llr, b->llr, in_bytes, cudaMemcpyHostToDevice, L.stream),
       "cudaMemcpyAsync (LLRs to the GPU)", d.dev);
    int st = launch(s, dec, L, L.llr, i8, b->nframes, L.out, L.status);
    if (st != LDPC_OK)
        return st;
    /* bits and statuses: one copy when the batch is full (the usual case), else two */
    const size_t sb = status_offset(dec, dec->batch_frames);
    if (b->nframes == b->capacity) {
        CU(cudaMemcpyAsync(b->out, L.out, sb + (size_t)b->nframes * sizeof(ldpc_frame_status),
                           cudaMemcpyDeviceToHost, L.stream),
           "cudaMemcpyAsync (bits and statuses to the host)", d.dev);
    } else {
        CU(cudaMemcpyAsync(b->out, L.out, (size_t)b->nframes * dec->output_bytes,
                           cudaMemcpyDeviceToHost, L.stream),
           "cudaMemcpyAsync (bits to the host)", d.dev);
        CU(cudaMemcpyAsync(b->status, L.status, (size_t)b->nframes * sizeof(ldpc_frame_status),
                           cudaMemcpyDeviceToHost, L.stream),
           "cudaMemcpyAsync (statuses to the host)", d.dev);
    }
    CU(cudaEventRecord(bd->ev[L.ctx], L.stream), "cudaEventRecord", d.dev);
    return LDPC_OK;
}

static int cuda_wait(ldpc_decoder *dec, ldpc_batch *b, int block)
{
    State *s = (State *)dec->backend_state;
    BatchData *bd = (BatchData *)b->backend_data;
    if (!bd || bd->lane < 0)
        return LDPC_OK;
    const Lane &L = s->lanes[(size_t)bd->lane];
    const int dev = s->devs[(size_t)L.ctx].dev;
    CU(cudaSetDevice(dev), "cudaSetDevice", dev);
    cudaEvent_t ev = bd->ev[L.ctx];
    if (!block) {
        const cudaError_t e = cudaEventQuery(ev);
        if (e == cudaErrorNotReady) {
            cudaGetLastError();
            return LDPC_ERR_AGAIN;
        }
        if (e != cudaSuccess)
            return cuda_fail(e, "decoding a batch", dev);
    } else {
        CU(cudaEventSynchronize(ev), "decoding a batch", dev);
    }
    bd->lane = -1;
    return LDPC_OK;
}

static const ldpc_backend_ops cuda_ops = {
    "cuda", cuda_init, cuda_destroy, cuda_alloc_batch, cuda_free_batch, cuda_submit, cuda_wait,
};

/* ---- benchmark entry point ---- */
/* Kernel-only timing on the first device's first `streams` lanes: the LLRs copied there once
 * (shared, read-only), each lane its own outputs and scratch; launch r goes to lane r % streams,
 * each timed by its own pair of events, and the whole run from one start event (every lane
 * waits for it) to the end of the last lane. With one stream the launches run one at a time;
 * with several, a launch can start on the SMs that the one before leaves idle at its end. */
static int time_kernel(ldpc_decoder *dec, ldpc_llr_type type, const void *llr, int nframes, int reps,
                       int streams, double *seconds, double *total)
{
    State *s = (State *)dec->backend_state;
    std::vector<Lane *> lanes;
    for (Lane &L : s->lanes)
        if (L.ctx == 0 && (int)lanes.size() < streams)
            lanes.push_back(&L);
    const int S = (int)lanes.size();
    const int dev = s->devs[0].dev;
    CU(cudaSetDevice(dev), "cudaSetDevice", dev);
    for (Lane *L : lanes)
        CU(cudaStreamSynchronize(L->stream), "cudaStreamSynchronize", dev);
    const int i8 = type == LDPC_LLR_I8;
    const size_t in_bytes = (size_t)nframes * dec->code->n * (i8 ? 1 : sizeof(float));
    void *d_llr = nullptr;
    std::vector<uint8_t *> d_out((size_t)S, nullptr);
    std::vector<int2 *> d_status((size_t)S, nullptr);
    /* per launch r: its start ev[2r] and end ev[2r+1]; the run's start and end; lane l > 0's end */
    std::vector<cudaEvent_t> ev((size_t)2 * reps, nullptr), lane_end((size_t)S, nullptr);
    cudaEvent_t start = nullptr, end = nullptr;
    int st = LDPC_OK;
    cudaError_t e = cudaMalloc(&d_llr, in_bytes);
    for (int l = 0; l < S && e == cudaSuccess; l++) {
        e = cudaMalloc((void **)&d_out[(size_t)l], (size_t)nframes * dec->output_bytes);
        if (e == cudaSuccess)
            e = cudaMalloc((void **)&d_status[(size_t)l], (size_t)nframes * sizeof(int2));
    }
    if (e == cudaSuccess)
        e = cudaMemcpy(d_llr, llr, in_bytes, cudaMemcpyHostToDevice);
    for (cudaEvent_t &x : ev)
        if (e == cudaSuccess)
            e = cudaEventCreate(&x);
    for (int l = 1; l < S && e == cudaSuccess; l++)
        e = cudaEventCreate(&lane_end[(size_t)l]);
    if (e == cudaSuccess)
        e = cudaEventCreate(&start);
    if (e == cudaSuccess)
        e = cudaEventCreate(&end);
    if (e != cudaSuccess)
        st = cuda_fail(e, "setting up the kernel timing", dev);
    /* one untimed launch per lane first: module load and caches */
    for (int l = 0; l < S && st == LDPC_OK; l++)
        st = launch(s, dec, *lanes[(size_t)l], d_llr, i8, nframes, d_out[(size_t)l], d_status[(size_t)l]);
    for (int l = 0; l < S && st == LDPC_OK && e == cudaSuccess; l++)
        e = cudaStreamSynchronize(lanes[(size_t)l]->stream);
    if (st == LDPC_OK && e == cudaSuccess)
        e = cudaEventRecord(start, lanes[0]->stream);
    for (int l = 1; l < S && st == LDPC_OK && e == cudaSuccess; l++)
        e = cudaStreamWaitEvent(lanes[(size_t)l]->stream, start, 0);
    for (int r = 0; r < reps && st == LDPC_OK && e == cudaSuccess; r++) {
        const int l = r % S;
        Lane &L = *lanes[(size_t)l];
        e = cudaEventRecord(ev[(size_t)2 * r], L.stream);
        if (e == cudaSuccess)
            st = launch(s, dec, L, d_llr, i8, nframes, d_out[(size_t)l], d_status[(size_t)l]);
        if (st == LDPC_OK && e == cudaSuccess)
            e = cudaEventRecord(ev[(size_t)2 * r + 1], L.stream);
    }
    for (int l = 1; l < S && st == LDPC_OK && e == cudaSuccess; l++) {
        e = cudaEventRecord(lane_end[(size_t)l], lanes[(size_t)l]->stream);
        if (e == cudaSuccess)
            e = cudaStreamWaitEvent(lanes[0]->stream, lane_end[(size_t)l], 0);
    }
    if (st == LDPC_OK && e == cudaSuccess)
        e = cudaEventRecord(end, lanes[0]->stream);
    if (st == LDPC_OK && e == cudaSuccess)
        e = cudaEventSynchronize(end);
    for (int r = 0; r < reps && st == LDPC_OK && e == cudaSuccess; r++) {
        float ms = 0.0f;
        e = cudaEventElapsedTime(&ms, ev[(size_t)2 * r], ev[(size_t)2 * r + 1]);
        seconds[r] = ms * 1e-3;
    }
    if (st == LDPC_OK && e == cudaSuccess) {
        float ms = 0.0f;
        e = cudaEventElapsedTime(&ms, start, end);
        *total = ms * 1e-3;
    }
    if (st == LDPC_OK && e != cudaSuccess)
        st = cuda_fail(e, "timing the kernel", dev);
    for (int l = 0; l < S; l++) {
        cudaStreamSynchronize(lanes[(size_t)l]->stream);
        cudaFree(d_out[(size_t)l]);
        cudaFree(d_status[(size_t)l]);
    }
    cudaFree(d_llr);
    ev.insert(ev.end(), lane_end.begin(), lane_end.end());
    ev.push_back(start);
    ev.push_back(end);
    for (cudaEvent_t x : ev)
        if (x)
            cudaEventDestroy(x);
    return st;
}

/* ---- the simulator's GPU channel (sim_run.cu) drives the lanes itself ---- */
int sim_lanes(ldpc_decoder *dec, std::vector<SimLane> *out)
{
    if (!dec || dec->ops != &cuda_ops || !dec->backend_state)
        return LDPC_ERR_UNSUPPORTED;
    State *s = (State *)dec->backend_state;
    out->clear();
    for (const Lane &L : s->lanes)
        out->push_back(SimLane{s->devs[(size_t)L.ctx].dev, L.stream});
    return LDPC_OK;
}

int sim_decode(ldpc_decoder *dec, int lane, const void *llr, int llr_i8, int nframes, uint8_t *out,
               int2 *status, const int *info_pos)
{
    State *s = (State *)dec->backend_state;
    Lane &L = s->lanes[(size_t)lane];
    const int k = dec->code->k;
    const OutFmt fmt{info_pos, k, (k + 7) / 8, 1};
    return launch(s, dec, L, llr, llr_i8, nframes, out, status, &fmt);
}

} // namespace ldpccuda

/* ---- the C entry points ---- */
extern "C" const ldpc_backend_ops *ldpc_backend_cuda_ops(void) { return &ldpccuda::cuda_ops; }

extern "C" int ldpc_cuda_device_count(void) { return ldpccuda::device_count(); }

extern "C" int ldpc_cuda_time_kernel(ldpc_decoder *dec, ldpc_llr_type type, const void *llr,
                                     int nframes, int reps, int streams, double *seconds,
                                     double *total)
{
    if (!dec || !llr || nframes < 1 || reps < 1 || streams < 1 || !seconds || !total)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_cuda_time_kernel: bad argument");
    if (dec->ops != &ldpccuda::cuda_ops || !dec->backend_state)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_cuda_time_kernel: the decoder does not use the cuda backend");
    if (type != LDPC_LLR_F32 && type != LDPC_LLR_I8)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_cuda_time_kernel: unknown LLR type");
    return ldpccuda::time_kernel(dec, type, llr, nframes, reps, streams, seconds, total);
}

extern "C" const char *ldpc_cuda_describe(const ldpc_decoder *dec)
{
    if (!dec || dec->ops != &ldpccuda::cuda_ops || !dec->backend_state)
        return "";
    return ((ldpccuda::State *)dec->backend_state)->desc.c_str();
}
