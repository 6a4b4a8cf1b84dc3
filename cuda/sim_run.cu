/* The simulator's GPU channel (sim_internal.h): frames made, decoded and counted on the GPU,
 * with only the counters crossing PCIe.
 *
 * A batch is five steps on one of the decoder's lanes (its stream, so that the decoder's
 * per-lane scratch is used in order): clear the batch's counters, the channel kernel writes
 * the LLRs into the lane's buffer (sim_channel.cu), the decode kernels read them
 * (cuda_pipeline.cu, sim_decode: packed information bits out), the count kernel compares
 * (sim_count.cu), the 48 bytes of counters are copied to pinned memory and an event recorded.
 * Two batches per lane are in flight (LDPCGPU_SIM_SLOTS=N: N); batches are issued in frame
 * order and their counters collected in the same order.
 *
 * Stop rule (sim.h): after collecting batch i the host issues batch i + S (S = batches in
 * flight), unless the frame errors have reached the stop value; then the batches already
 * issued (i+1 .. i+S-1) are finished and counted. Which batches run depends only on the
 * counts, never on timing, so the frames simulated are the range first .. first + frames - 1
 * and the same call gives the same counts every time.
 */
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <new>
#include <vector>
#include "cuda_internal.h"
#include "sim_gpu.h"

extern "C" {
#include "sim_internal.h"
#include "sim_debug.h"
#include "sim_llr.h"
#include "error.h"
}

using namespace ldpccuda;

namespace {

struct SimDev {
    int dev = 0;
    int *syn_ptr = nullptr;
    uint16_t *syn_col = nullptr;
    int *info_pos = nullptr;      /* information columns, when not the prefix */
    SimCodeDev code{};
    SimChanShape shape{};         /* channel kernel */
};

struct SimBuf {                   /* one per lane */
    int devi = 0;                 /* index into devs */
    void *llr = nullptr;
    uint8_t *out = nullptr;
    int2 *status = nullptr;
};

struct SimSlot {                  /* one batch in flight */
    int lane = 0;
    unsigned long long *d_counts = nullptr;
    unsigned long long *h_counts = nullptr; /* pinned */
    cudaEvent_t ev = nullptr;
    int nframes = 0;
};

int sim_fail(cudaError_t e, const char *what, int dev)
{
    const int st = (e == cudaErrorMemoryAllocation) ? LDPC_ERR_DEVICE_MEMORY : LDPC_ERR_DEVICE;
    cudaGetLastError();
    return ldpc_error(st, "cuda simulator (device %d): %s failed: %s", dev, what, cudaGetErrorString(e));
}

#define SIM_CU(call, what, dev)                                                                \
    do {                                                                                       \
        const cudaError_t e_ = (call);                                                         \
        if (e_ != cudaSuccess)                                                                 \
            return sim_fail(e_, what, dev);                                                    \
    } while (0)

template <class T>
int upload(T **dst, const T *src, size_t count, int dev)
{
    *dst = nullptr;
    if (count == 0)
        return LDPC_OK;
    SIM_CU(cudaMalloc((void **)dst, count * sizeof(T)), "cudaMalloc (encoding plan)", dev);
    SIM_CU(cudaMemcpy(*dst, src, count * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy (encoding plan)", dev);
    return LDPC_OK;
}

} // namespace

struct ldpc_sim_gpu {
    ldpc_decoder *dec = nullptr;
    ldpc_sim_config cfg{};
    SimPlan plan;
    int batch = 0;                /* frames per batch */
    std::vector<SimLane> lanes;
    std::vector<SimDev> devs;
    std::vector<SimBuf> bufs;
    std::vector<SimSlot> slots;
    unsigned long long *h_counts = nullptr; /* pinned, SIM_NCOUNTS per slot */
};

static void sim_free(ldpc_sim_gpu *g)
{
    for (size_t i = 0; i < g->lanes.size(); i++) {
        cudaSetDevice(g->lanes[i].dev);
        cudaStreamSynchronize(g->lanes[i].stream);
    }
    for (SimSlot &s : g->slots) {
        cudaSetDevice(g->lanes[(size_t)s.lane].dev);
        cudaFree(s.d_counts);
        if (s.ev)
            cudaEventDestroy(s.ev);
    }
    for (SimBuf &b : g->bufs) {
        cudaSetDevice(g->devs[(size_t)b.devi].dev);
        cudaFree(b.llr);
        cudaFree(b.out);
        cudaFree(b.status);
    }
    for (SimDev &d : g->devs) {
        cudaSetDevice(d.dev);
        cudaFree(d.syn_ptr);
        cudaFree(d.syn_col);
        cudaFree(d.info_pos);
    }
    cudaFreeHost(g->h_counts);
    cudaGetLastError();
    delete g;
}

/* Frames per batch: four of the decoder's batches (its persistent grid then takes several chunks
 * per block), at most 256 MB of LLRs per lane; LDPCGPU_SIM_BATCH=N sets it. */
static int sim_batch_frames(const ldpc_decoder *dec, int llr_bytes)
{
    const long long cap = std::max(1ll, (256ll << 20) / ((long long)dec->code->n * llr_bytes));
    long long b = 4ll * dec->batch_frames;
    const char *env = getenv("LDPCGPU_SIM_BATCH");
    if (env && atoll(env) > 0)
        b = atoll(env);
    return (int)std::max(1ll, std::min(b, std::min(cap, (long long)(1 << 20))));
}

static int sim_create_inner(ldpc_sim_gpu *g)
{
    const ldpc_code *c = g->dec->code;
    int st = sim_build_plan(c, g->cfg.codeword, &g->plan);
    if (st == LDPC_ERR_UNSUPPORTED)
        return ldpc_error(st, "cuda simulator: random codewords of %s cannot be made on the GPU "
                              "(no DVB or dual-diagonal QC structure)", c->name);
    if (st != LDPC_OK)
        return st;
    const int i8 = g->cfg.llr_type == LDPC_LLR_I8;
    g->batch = sim_batch_frames(g->dec, i8 ? 1 : 4);
    /* the plan on every device of the decoder */
    for (const SimLane &L : g->lanes) {
        bool have = false;
        for (const SimDev &d : g->devs)
            have |= d.dev == L.dev;
        if (have)
            continue;
        g->devs.emplace_back();
        SimDev &d = g->devs.back();
        d.dev = L.dev;
        SIM_CU(cudaSetDevice(d.dev), "cudaSetDevice", d.dev);
        const SimPlan &p = g->plan;
        if ((st = upload(&d.syn_ptr, p.syn_ptr.data(), p.syn_ptr.size(), d.dev)) != LDPC_OK ||
            (st = upload(&d.syn_col, p.syn_col.data(), p.syn_col.size(), d.dev)) != LDPC_OK ||
            (st = upload(&d.info_pos, p.info_pos.data(), p.info_pos.size(), d.dev)) != LDPC_OK)
            return st;
        d.code.solve = p.solve;
        d.code.n = p.n;
        d.code.k = p.k;
        d.code.m = p.m;
        d.code.syn_ptr = d.syn_ptr;
        d.code.syn_col = d.syn_col;
        d.code.z = p.z;
        d.code.mb = p.mb;
        d.code.y = p.y;
        memcpy(d.code.h, p.h, sizeof d.code.h);
        SIM_CU(sim_channel_setup(d.code, i8, &d.shape), "preparing the channel kernel", d.dev);
    }
    /* each lane's buffers, two batches in flight per lane */
    const size_t n = (size_t)c->n, ob = ((size_t)c->k + 7) / 8;
    const char *slots_env = getenv("LDPCGPU_SIM_SLOTS"); /* batches in flight per lane (default 2) */
    const int per_lane = slots_env && atoi(slots_env) > 0 ? std::min(atoi(slots_env), 8) : 2;
    const int S = per_lane * (int)g->lanes.size();
    SIM_CU(cudaHostAlloc((void **)&g->h_counts, (size_t)S * SIM_NCOUNTS * sizeof(unsigned long long),
                         cudaHostAllocPortable),
           "cudaHostAlloc (counters)", g->lanes[0].dev);
    for (size_t l = 0; l < g->lanes.size(); l++) {
        g->bufs.emplace_back();
        SimBuf &b = g->bufs.back();
        const int dev = g->lanes[l].dev;
        while (g->devs[(size_t)b.devi].dev != dev)
            b.devi++;
        SIM_CU(cudaSetDevice(dev), "cudaSetDevice", dev);
        SIM_CU(cudaMalloc(&b.llr, (size_t)g->batch * n * (i8 ? 1 : sizeof(float))), "cudaMalloc (LLRs)", dev);
        SIM_CU(cudaMalloc((void **)&b.out, (size_t)g->batch * ob), "cudaMalloc (decoded bits)", dev);
        SIM_CU(cudaMalloc((void **)&b.status, (size_t)g->batch * sizeof(int2)), "cudaMalloc (statuses)", dev);
    }
    for (int s = 0; s < S; s++) {
        g->slots.emplace_back();
        SimSlot &slot = g->slots.back();
        slot.lane = s % (int)g->lanes.size();
        const int dev = g->lanes[(size_t)slot.lane].dev;
        SIM_CU(cudaSetDevice(dev), "cudaSetDevice", dev);
        SIM_CU(cudaMalloc((void **)&slot.d_counts, SIM_NCOUNTS * sizeof(unsigned long long)), "cudaMalloc (counters)", dev);
        SIM_CU(cudaEventCreateWithFlags(&slot.ev, cudaEventDisableTiming), "cudaEventCreate", dev);
        slot.h_counts = g->h_counts + (size_t)s * SIM_NCOUNTS;
    }
    return LDPC_OK;
}

extern "C" int ldpc_cuda_sim_create(ldpc_sim_gpu **out, ldpc_decoder *dec, const ldpc_sim_config *cfg)
{
    if (!out)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_cuda_sim_create: NULL argument");
    *out = nullptr;
    if (!dec || !cfg || (cfg->llr_type != LDPC_LLR_F32 && cfg->llr_type != LDPC_LLR_I8) ||
        (cfg->codeword != LDPC_SIM_RANDOM && cfg->codeword != LDPC_SIM_ALL_ZERO))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_cuda_sim_create: bad argument");
    std::vector<SimLane> lanes;
    if (sim_lanes(dec, &lanes) != LDPC_OK || lanes.empty())
        return ldpc_error(LDPC_ERR_UNSUPPORTED, "cuda simulator: the decoder does not use the cuda backend");
    ldpc_sim_gpu *g = new (std::nothrow) ldpc_sim_gpu();
    if (!g)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "cuda simulator: out of memory");
    g->dec = dec;
    g->cfg = *cfg;
    g->lanes = lanes;
    const int st = sim_create_inner(g);
    if (st != LDPC_OK) {
        sim_free(g);
        return st;
    }
    *out = g;
    return LDPC_OK;
}

extern "C" void ldpc_cuda_sim_destroy(ldpc_sim_gpu *g)
{
    if (g)
        sim_free(g);
}

/* The channel kernel's arguments for frames of device d at noise sigma (first, nframes, llr
 * and counts filled in per batch). */
static SimChanArgs chan_args(const ldpc_sim_gpu *g, const SimDev &d, double sigma)
{
    const ldpc_decoder_config &dc = g->dec->cfg;
    SimChanArgs a;
    memset(&a, 0, sizeof a);
    a.code = d.code;
    a.seed = g->cfg.seed;
    ldpc_sim_modem_init(&a.modem, ldpc_modulation_bits(g->cfg.modulation),
                        g->cfg.demapper == LDPC_DEMAP_EXACT, sigma);
    a.llr_sign = dc.llr_positive_is_one ? -1.0f : 1.0f; /* exact: the opposite convention */
    a.llr_i8 = g->cfg.llr_type == LDPC_LLR_I8;
    a.llr_scale = dc.llr_scale;
    /* decoder_saturation.c's rule: the input rule of decoder_fixed.h into a range wider than
     * int8, counting what int8 would have clipped */
    a.wide.cmin = -32768;
    a.wide.cmax = 32767;
    a.wide.llr_scale = dc.llr_scale;
    a.wide.positive_is_one = dc.llr_positive_is_one ? 1 : 0;
    return a;
}

/* Issue one batch (frames f0 .. f0 + nframes - 1) into slot s. */
static int sim_issue(ldpc_sim_gpu *g, int s, double sigma, uint64_t f0, int nframes)
{
    SimSlot &slot = g->slots[(size_t)s];
    const SimLane &L = g->lanes[(size_t)slot.lane];
    const SimBuf &b = g->bufs[(size_t)slot.lane];
    const SimDev &d = g->devs[(size_t)b.devi];
    SIM_CU(cudaSetDevice(L.dev), "cudaSetDevice", L.dev);
    SIM_CU(cudaMemsetAsync(slot.d_counts, 0, SIM_NCOUNTS * sizeof(unsigned long long), L.stream),
           "cudaMemsetAsync (counters)", L.dev);
    SimChanArgs a = chan_args(g, d, sigma);
    a.first = f0;
    a.nframes = nframes;
    a.llr = b.llr;
    a.counts = slot.d_counts;
    SIM_CU(sim_channel_launch(a, d.shape, L.stream), "channel kernel launch", L.dev);
    const int st = sim_decode(g->dec, slot.lane, b.llr, a.llr_i8, nframes, b.out, b.status, d.info_pos);
    if (st != LDPC_OK)
        return st;
    SimCountArgs ca;
    ca.seed = g->cfg.seed;
    ca.first = f0;
    ca.nframes = nframes;
    ca.k = g->plan.k;
    ca.random = g->plan.solve != SIM_ALL_ZERO;
    ca.out = b.out;
    ca.status = b.status;
    ca.counts = slot.d_counts;
    SIM_CU(sim_count_launch(ca, L.stream), "count kernel launch", L.dev);
    SIM_CU(cudaMemcpyAsync(slot.h_counts, slot.d_counts, SIM_NCOUNTS * sizeof(unsigned long long),
                           cudaMemcpyDeviceToHost, L.stream),
           "cudaMemcpyAsync (counters)", L.dev);
    SIM_CU(cudaEventRecord(slot.ev, L.stream), "cudaEventRecord", L.dev);
    slot.nframes = nframes;
    return LDPC_OK;
}

extern "C" int ldpc_cuda_sim_run(ldpc_sim_gpu *g, double sigma, uint64_t first, uint64_t max_frames,
                                 uint64_t stop_frame_errors, ldpc_sim_counts *counts)
{
    if (!g || !counts || !(sigma > 0.0) || !(sigma < 1e30))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_cuda_sim_run: bad argument");
    bool stopped = stop_frame_errors > 0 && counts->frame_errors >= stop_frame_errors;
    const int S = (int)g->slots.size();
    std::deque<int> fifo; /* slots in flight, oldest first */
    uint64_t issued = 0;
    int next = 0, st = LDPC_OK;
    auto issue = [&]() {
        const int nf = (int)std::min<uint64_t>((uint64_t)g->batch, max_frames - issued);
        st = sim_issue(g, next, sigma, first + issued, nf);
        if (st != LDPC_OK)
            return;
        fifo.push_back(next);
        next = (next + 1) % S;
        issued += (uint64_t)nf;
    };
    while (!stopped && st == LDPC_OK && (int)fifo.size() < S && issued < max_frames)
        issue();
    while (!fifo.empty()) {
        SimSlot &slot = g->slots[(size_t)fifo.front()];
        fifo.pop_front();
        const int dev = g->lanes[(size_t)slot.lane].dev;
        cudaError_t e = cudaSetDevice(dev);
        if (e == cudaSuccess)
            e = cudaEventSynchronize(slot.ev);
        if (e != cudaSuccess && st == LDPC_OK)
            st = sim_fail(e, "simulating a batch", dev);
        if (st != LDPC_OK)
            continue; /* drain what is in flight, count nothing more */
        const unsigned long long *h = slot.h_counts;
        counts->frames += (uint64_t)slot.nframes;
        counts->bit_errors += h[SIM_BIT_ERRORS];
        counts->frame_errors += h[SIM_FRAME_ERRORS];
        counts->parity_failures += h[SIM_PARITY_FAILURES];
        counts->undetected += h[SIM_UNDETECTED];
        counts->iterations += h[SIM_ITERATIONS];
        counts->saturated += h[SIM_SATURATED];
        if (stop_frame_errors > 0 && counts->frame_errors >= stop_frame_errors)
            stopped = true;
        if (!stopped && issued < max_frames)
            issue();
    }
    return st;
}

extern "C" uint64_t ldpc_cuda_sim_frames_in_flight(const ldpc_sim_gpu *g)
{
    return g ? (uint64_t)g->slots.size() * (uint64_t)g->batch : 0;
}

/* ---- test hooks (sim_debug.h) ---- */

extern "C" int ldpc_cuda_sim_debug_quads(int count, const uint64_t *seed, const uint64_t *frame, const uint64_t *q,
                                         uint32_t *out)
{
    if (count < 0 || (count > 0 && (!seed || !frame || !q || !out)))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_cuda_sim_debug_quads: bad argument");
    if (count == 0)
        return LDPC_OK;
    SIM_CU(cudaSetDevice(0), "cudaSetDevice", 0);
    uint64_t *d_in = nullptr;
    uint32_t *d_out = nullptr;
    const size_t in = (size_t)count * sizeof(uint64_t);
    cudaError_t e = cudaMalloc((void **)&d_in, 3 * in);
    if (e == cudaSuccess)
        e = cudaMalloc((void **)&d_out, (size_t)count * 4 * sizeof(uint32_t));
    if (e == cudaSuccess)
        e = cudaMemcpy(d_in, seed, in, cudaMemcpyHostToDevice);
    if (e == cudaSuccess)
        e = cudaMemcpy(d_in + count, frame, in, cudaMemcpyHostToDevice);
    if (e == cudaSuccess)
        e = cudaMemcpy(d_in + 2 * (size_t)count, q, in, cudaMemcpyHostToDevice);
    if (e == cudaSuccess)
        e = sim_quads_launch(count, d_in, d_in + count, d_in + 2 * (size_t)count, d_out, 0);
    if (e == cudaSuccess)
        e = cudaMemcpy(out, d_out, (size_t)count * 4 * sizeof(uint32_t), cudaMemcpyDeviceToHost);
    cudaFree(d_in);
    cudaFree(d_out);
    return e == cudaSuccess ? LDPC_OK : sim_fail(e, "drawing quads", 0);
}

extern "C" int ldpc_cuda_sim_debug_frames(ldpc_sim_gpu *g, double sigma, uint64_t first, int nframes,
                                          uint8_t *codewords, void *llr, uint64_t *saturated)
{
    if (!g || nframes < 1 || nframes > g->batch || !(sigma > 0.0))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_cuda_sim_debug_frames: bad argument");
    const SimSlot &slot = g->slots[0];
    const SimLane &L = g->lanes[(size_t)slot.lane];
    const SimBuf &b = g->bufs[(size_t)slot.lane];
    const SimDev &d = g->devs[(size_t)b.devi];
    const size_t n = (size_t)g->dec->code->n;
    SIM_CU(cudaSetDevice(L.dev), "cudaSetDevice", L.dev);
    SIM_CU(cudaStreamSynchronize(L.stream), "cudaStreamSynchronize", L.dev);
    uint8_t *d_cw = nullptr;
    if (codewords)
        SIM_CU(cudaMalloc((void **)&d_cw, (size_t)nframes * n), "cudaMalloc (codewords)", L.dev);
    SimChanArgs a = chan_args(g, d, sigma);
    a.first = first;
    a.nframes = nframes;
    a.llr = b.llr;
    a.counts = slot.d_counts;
    a.cw_out = d_cw;
    unsigned long long sat = 0;
    cudaError_t e = cudaMemsetAsync(slot.d_counts, 0, SIM_NCOUNTS * sizeof(unsigned long long), L.stream);
    if (e == cudaSuccess)
        e = sim_channel_launch(a, d.shape, L.stream);
    if (e == cudaSuccess)
        e = cudaStreamSynchronize(L.stream);
    if (e == cudaSuccess && llr)
        e = cudaMemcpy(llr, b.llr, (size_t)nframes * n * (a.llr_i8 ? 1 : sizeof(float)), cudaMemcpyDeviceToHost);
    if (e == cudaSuccess && codewords)
        e = cudaMemcpy(codewords, d_cw, (size_t)nframes * n, cudaMemcpyDeviceToHost);
    if (e == cudaSuccess)
        e = cudaMemcpy(&sat, slot.d_counts + SIM_SATURATED, sizeof sat, cudaMemcpyDeviceToHost);
    cudaFree(d_cw);
    if (e != cudaSuccess)
        return sim_fail(e, "making frames", L.dev);
    if (saturated)
        *saturated = sat;
    return LDPC_OK;
}

extern "C" int ldpc_cuda_sim_debug_time(ldpc_sim_gpu *g, double sigma, int reps, double *channel_s,
                                        double *decode_s, double *count_s)
{
    if (!g || reps < 1 || !(sigma > 0.0) || !channel_s || !decode_s || !count_s)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_cuda_sim_debug_time: bad argument");
    const SimSlot &slot = g->slots[0];
    const SimLane &L = g->lanes[(size_t)slot.lane];
    const SimBuf &b = g->bufs[(size_t)slot.lane];
    const SimDev &d = g->devs[(size_t)b.devi];
    SIM_CU(cudaSetDevice(L.dev), "cudaSetDevice", L.dev);
    SIM_CU(cudaStreamSynchronize(L.stream), "cudaStreamSynchronize", L.dev);
    cudaEvent_t ev[4] = {};
    for (cudaEvent_t &e : ev)
        SIM_CU(cudaEventCreate(&e), "cudaEventCreate", L.dev);
    SimChanArgs a = chan_args(g, d, sigma);
    a.nframes = g->batch;
    a.llr = b.llr;
    a.counts = slot.d_counts;
    SimCountArgs ca;
    ca.seed = g->cfg.seed;
    ca.nframes = g->batch;
    ca.k = g->plan.k;
    ca.random = g->plan.solve != SIM_ALL_ZERO;
    ca.out = b.out;
    ca.status = b.status;
    ca.counts = slot.d_counts;
    double t[3] = {0, 0, 0};
    cudaError_t e = cudaSuccess;
    int st = LDPC_OK;
    for (int r = 0; r <= reps && e == cudaSuccess && st == LDPC_OK; r++) { /* r = 0: warm-up */
        a.first = ca.first = (uint64_t)r * (uint64_t)g->batch;
        e = cudaEventRecord(ev[0], L.stream);
        if (e == cudaSuccess)
            e = sim_channel_launch(a, d.shape, L.stream);
        if (e == cudaSuccess)
            e = cudaEventRecord(ev[1], L.stream);
        if (e == cudaSuccess)
            st = sim_decode(g->dec, slot.lane, b.llr, a.llr_i8, g->batch, b.out, b.status, d.info_pos);
        if (e == cudaSuccess && st == LDPC_OK)
            e = cudaEventRecord(ev[2], L.stream);
        if (e == cudaSuccess && st == LDPC_OK)
            e = sim_count_launch(ca, L.stream);
        if (e == cudaSuccess && st == LDPC_OK)
            e = cudaEventRecord(ev[3], L.stream);
        if (e == cudaSuccess && st == LDPC_OK)
            e = cudaEventSynchronize(ev[3]);
        for (int i = 0; i < 3 && e == cudaSuccess && st == LDPC_OK && r > 0; i++) {
            float ms = 0;
            e = cudaEventElapsedTime(&ms, ev[i], ev[i + 1]);
            t[i] += ms * 1e-3;
        }
    }
    for (cudaEvent_t x : ev)
        cudaEventDestroy(x);
    if (st != LDPC_OK)
        return st;
    if (e != cudaSuccess)
        return sim_fail(e, "timing the kernels", L.dev);
    *channel_s = t[0] / reps;
    *decode_s = t[1] / reps;
    *count_s = t[2] / reps;
    return LDPC_OK;
}

extern "C" void ldpc_cuda_sim_debug_shape(const ldpc_sim_gpu *g, int *batch_frames, int *batches_in_flight)
{
    if (batch_frames)
        *batch_frames = g ? g->batch : 0;
    if (batches_in_flight)
        *batches_in_flight = g ? (int)g->slots.size() : 0;
}
