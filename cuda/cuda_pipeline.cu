/* The backend operations on batches (alloc, free, submit, wait) and the kernel launch of one
 * batch on one lane; also the lanes as the simulator's GPU channel drives them (sim_run.cu).
 * The pipeline itself is described in cuda_backend.h. */
#include <algorithm>
#include <new>
#include "cuda_backend.h"
#include "table_layout.h"

namespace ldpccuda {

int launch(State *s, ldpc_decoder *dec, Lane &L, const void *llr, int llr_i8, int nframes, uint8_t *out,
           int2 *status, const OutFmt *fmt_override)
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
        /* small batches: fewer codewords per block, so that they spread over the SMs */
        const int groups = (nframes + s->lanes_per_group - 1) / s->lanes_per_group;
        int G = s->G;
        if ((groups + G - 1) / G < d.sms && !s->forced_G)
            G = std::max(1, std::min(G, (groups + d.sms - 1) / d.sms));
        /* one wave: a group per block, every block resident at once, the state on chip */
        const bool wave = s->has_wave && groups <= s->wave_blocks * d.sms;
        TableVariant var = wave ? s->wave_var : s->var;
        if (wave)
            G = 1;
        /* at most a group per SM: the plan of fewer, longer layers (State::small) */
        const bool small = groups <= d.sms && G == 1 && (wave ? s->small_wave : s->small_var);
        const HostPlan &p = small ? s->small : s->plan;
        var.row_degrees = small && s->small_row_degrees;
        TableArgs a;
        a.code = TableCode{c->n, p.Z, p.nlayers, p.total_groups, small ? d.layers_small : d.layers,
                           small ? d.table_small : d.table, s->par};
        a.fmt = fmt;
        a.batch = b;
        a.ar = s->ar;
        a.app_scratch = L.scratch_app;
        a.msg_scratch = L.scratch_msg;
        a.sched = s->knobs.dynamic_chunks ? L.sched : nullptr;
        /* the CRC-aided stop: decoder batches with early termination on (not the simulator's
         * GPU channel, whose frames carry no CRC: core/src/sim.c does not use it then) */
        const bool crc = !fmt_override && ldpc_crc_stop_active(&dec->crc_stop, &dec->cfg);
        a.crc_r = crc ? d.crc_r : nullptr;
        a.crc_bits = crc ? dec->crc_stop.nbits : 0;
        a.degree_split = p.degree_split;
        if (var.one_block && G != 1) /* its kernels address one group's state (kernel_table.cuh) */
            return ldpc_error(LDPC_ERR_UNSUPPORTED, "cuda: a one-block kernel with %d groups per block", G);
        a.G = G;
        const int threads = layout_threads(G, p.Z);
        const size_t smem = table_smem_bytes(var, c->n, p.Z, p.total_groups, p.nlayers, G);
        int grid = (groups + G - 1) / G;
        const int resident = wave ? s->wave_blocks * d.sms : s->blocks_per_sm * d.sms * (s->G / G);
        grid = std::min(grid, std::max(1, resident));
        if (var.mem != MEM_SMEM_ALL) /* as many blocks as the scratch has slots */
            grid = std::min(grid, std::max(1, s->slots / G));
        if (s->knobs.max_blocks > 0) /* tests: few blocks, each taking many chunks */
            grid = std::min(grid, s->knobs.max_blocks);
        e = table_launch(var, a, grid, threads, smem, L.stream);
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
        if (bd->harq_ev) {
            cudaSetDevice(s->devs[0].dev);
            if (s->harq_prev == bd->harq_ev)
                s->harq_prev = nullptr;
            cudaEventDestroy(bd->harq_ev);
        }
        cudaFreeHost(bd->harq_pinned);
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

/* A batch slot: pinned, portable, mapped host staging (mapped: the direct path) and one event
 * per device. */
static int cuda_alloc_batch(ldpc_decoder *dec, ldpc_batch *b)
{
    State *s = (State *)dec->backend_state;
    const int dev0 = s->devs[0].dev;
    CU(cudaSetDevice(dev0), "cudaSetDevice", dev0);
    const size_t in_bytes = (size_t)b->capacity * ldpc_decoder_staging_llrs(dec) * sizeof(float);
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
    if (dec->cfg.harq_buffers > 0) { /* one device (cuda_init_inner) */
        CU(cudaHostAlloc((void **)&bd->harq_pinned, (size_t)b->capacity * sizeof(ldpc_harq_frame),
                         cudaHostAllocPortable),
           "cudaHostAlloc (HARQ entries)", dev0);
        CU(cudaEventCreateWithFlags(&bd->harq_ev, cudaEventDisableTiming), "cudaEventCreate", dev0);
    }
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
    const bool rm = dec->cfg.input_rate_matched != 0;
    const size_t in_bytes = (size_t)b->nframes * dec->frame_llrs * (i8 ? 1 : sizeof(float));
    const bool direct = in_bytes <= s->knobs.direct_bytes;
    /* Frames of E rate-matched LLRs: recovered into the lane's LLR buffer (n a frame) on the
     * GPU, from the mapped staging (small batches) or from their copy in device memory. */
    const void *llr_in = direct ? bd->llr_dev[L.ctx] : L.llr;
    if (rm) {
        const void *src = bd->llr_dev[L.ctx];
        if (!direct) {
            CU(cudaMemcpyAsync(L.llr_rm, b->llr, in_bytes, cudaMemcpyHostToDevice, L.stream),
               "cudaMemcpyAsync (rate-matched LLRs to the GPU)", d.dev);
            src = L.llr_rm;
        }
        const NrDerate r{dec->rm.n, dec->rm.e, dec->rm.rows, dec->rm.qm, dec->rm.period, d.rm_first};
        cudaError_t e;
        if (b->harq) {
            /* the entries go with the batch; its combining waits for the previous batch's */
            std::copy(b->harq, b->harq + b->nframes, bd->harq_pinned);
            CU(cudaMemcpyAsync(L.harq_meta, bd->harq_pinned, (size_t)b->nframes * sizeof(ldpc_harq_frame),
                               cudaMemcpyHostToDevice, L.stream),
               "cudaMemcpyAsync (HARQ entries to the GPU)", d.dev);
            if (s->harq_prev)
                CU(cudaStreamWaitEvent(L.stream, s->harq_prev, 0), "cudaStreamWaitEvent", d.dev);
            const NrHarq h{d.harq, L.harq_meta, d.rm_first4};
            e = derate_harq_launch(r, h, src, L.llr, b->nframes, i8, dec->cfg.llr_positive_is_one != 0, d.sms,
                                   L.stream);
            if (e == cudaSuccess)
                e = cudaEventRecord(bd->harq_ev, L.stream);
            if (e == cudaSuccess)
                s->harq_prev = bd->harq_ev;
        } else {
            e = derate_launch(r, src, L.llr, b->nframes, i8, dec->cfg.llr_positive_is_one != 0, d.sms, L.stream);
        }
        if (e != cudaSuccess)
            return cuda_fail(e, "rate recovery launch", d.dev);
        llr_in = L.llr;
    }
    /* Small batches (the latency case): the kernel reads the LLRs from the batch's pinned,
     * mapped staging over PCIe and writes bits and statuses back the same way, so the batch is
     * one kernel launch and no copy: each copy costs a few microseconds of start-up. Large
     * batches use the DMA engines, which overlap other batches' kernels. */
    if (direct) {
        uint8_t *out_dev = bd->out_dev[L.ctx];
        const size_t status_at = (size_t)((uint8_t *)b->status - b->out);
        int st = launch(s, dec, L, llr_in, i8, b->nframes, out_dev, (int2 *)(out_dev + status_at));
        if (st != LDPC_OK)
            return st;
        CU(cudaEventRecord(bd->ev[L.ctx], L.stream), "cudaEventRecord", d.dev);
        return LDPC_OK;
    }
    if (!rm)
        CU(cudaMemcpyAsync(L.llr, b->llr, in_bytes, cudaMemcpyHostToDevice, L.stream),
           "cudaMemcpyAsync (LLRs to the GPU)", d.dev);
    int st = launch(s, dec, L, llr_in, i8, b->nframes, L.out, L.status);
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

/* A HARQ buffer back to the host, after every lane's work (no batch is in flight: decoder.c) */
static int cuda_harq_read(ldpc_decoder *dec, int buffer, float *out)
{
    State *s = (State *)dec->backend_state;
    const DeviceCtx &d = s->devs[0];
    CU(cudaSetDevice(d.dev), "cudaSetDevice", d.dev);
    for (const Lane &L : s->lanes)
        CU(cudaStreamSynchronize(L.stream), "cudaStreamSynchronize", d.dev);
    const size_t n = (size_t)dec->rm.n;
    CU(cudaMemcpy(out, d.harq + (size_t)buffer * n, n * sizeof(float), cudaMemcpyDeviceToHost),
       "cudaMemcpy (HARQ buffer to the host)", d.dev);
    return LDPC_OK;
}

const ldpc_backend_ops cuda_ops = {
    "cuda", cuda_init, cuda_destroy, cuda_alloc_batch, cuda_free_batch, cuda_submit, cuda_wait,
    1,              /* rate-matched frames: recovered on the GPU (nr_derate.cu) */
    cuda_harq_read, /* and the HARQ buffers kept there */
};

/* ---- the simulator's GPU channel (sim_run.cu) drives the lanes itself ---- */
int sim_lanes(ldpc_decoder *dec, std::vector<SimLane> *out)
{
    State *s = state_of(dec);
    if (!s)
        return LDPC_ERR_UNSUPPORTED;
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

extern "C" const ldpc_backend_ops *ldpc_backend_cuda_ops(void) { return &ldpccuda::cuda_ops; }
