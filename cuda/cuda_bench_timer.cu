/* The two entry points of ldpcgpu/backend_cuda.h, for tools that measure and report the backend:
 * ldpc_cuda_time_kernel (kernel-only timing, `ldpcgpu bench --mode kernel`) and
 * ldpc_cuda_describe (the kernel and its shape, set at init by describe()). */
#include <cstdio>
#include <vector>
#include "cuda_backend.h"

namespace ldpccuda {

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

void describe(State *s, ldpc_decoder *dec, int nstreams)
{
    char buf[512], one_block[96] = "";
    const DeviceCtx &d = s->devs[0];
    if (s->var.one_block)
        snprintf(one_block, sizeof one_block, ", registers for one %sblock/SM%s%s", s->var.narrow ? "narrow " : "",
                 s->var.ahead3 ? ", three layers ahead" : "",
                 s->par.q != 0 && s->var.parity_gm ? ", parity group-major" : "");
    if (s->use_table)
        snprintf(buf, sizeof buf,
                 "table kernel %s, rows <= %d edges, %s, %s table%s; %d layers x %d rows; %d codeword(s) per "
                 "block x %d block(s)/SM on %d SMs%s%s%s; batch %d; %d device(s) x %d stream(s)",
                 arith_name(s->var.arith), s->var.dmax, mem_name(s->var.mem), s->var.t16 ? "16-bit" : "32-bit",
                 one_block, s->plan.nlayers,
                 s->plan.Z, s->G * s->lanes_per_group, s->blocks_per_sm, d.sms,
                 s->has_wave ? "; one wave: " : "", s->has_wave ? mem_name(s->wave_var.mem) : "",
                 s->has_wave && s->wave_var.one_block ? ", registers for one block/SM" : "",
                 dec->batch_frames, (int)s->devs.size(), nstreams);
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

} // namespace ldpccuda

extern "C" int ldpc_cuda_time_kernel(ldpc_decoder *dec, ldpc_llr_type type, const void *llr,
                                     int nframes, int reps, int streams, double *seconds,
                                     double *total)
{
    if (!dec || !llr || nframes < 1 || reps < 1 || streams < 1 || !seconds || !total)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_cuda_time_kernel: bad argument");
    if (!ldpccuda::state_of(dec))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_cuda_time_kernel: the decoder does not use the cuda backend");
    if (type != LDPC_LLR_F32 && type != LDPC_LLR_I8)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_cuda_time_kernel: unknown LLR type");
    return ldpccuda::time_kernel(dec, type, llr, nframes, reps, streams, seconds, total);
}

extern "C" const char *ldpc_cuda_describe(const ldpc_decoder *dec)
{
    const ldpccuda::State *s = ldpccuda::state_of(dec);
    return s ? s->desc.c_str() : "";
}
