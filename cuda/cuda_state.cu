/* The cuda backend's state: devices, their lanes (stream, buffers, scratch), created by init
 * and freed by destroy; and the device count. */
#include <algorithm>
#include <new>
#include "cuda_backend.h"
#include "table_layout.h"

namespace ldpccuda {

int cuda_fail(cudaError_t e, const char *what, int dev)
{
    const int st = (e == cudaErrorMemoryAllocation) ? LDPC_ERR_DEVICE_MEMORY : LDPC_ERR_DEVICE;
    cudaGetLastError(); /* clear a non-sticky error so that later calls start clean */
    return ldpc_error(st, "cuda (device %d): %s failed: %s", dev, what, cudaGetErrorString(e));
}

/* 0 without a driver or GPU, and never a message */
static int device_count_once()
{
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess)
        n = 0;
    cudaGetLastError();
    return n;
}

int device_count()
{
    static const int n = device_count_once(); /* thread-safe one-time initialisation */
    return n;
}

State *state_of(const ldpc_decoder *dec)
{
    if (!dec || dec->ops != &cuda_ops)
        return nullptr;
    return (State *)dec->backend_state;
}

static void free_device(State *s)
{
    for (Lane &l : s->lanes) {
        cudaSetDevice(s->devs[(size_t)l.ctx].dev);
        if (l.stream)
            cudaStreamSynchronize(l.stream);
        cudaFree(l.llr);
        cudaFree(l.llr_rm);
        cudaFree(l.out); /* holds the statuses too */
        cudaFree(l.scratch_app);
        cudaFree(l.scratch_msg);
        cudaFree(l.sched);
        cudaFree(l.harq_meta);
        cudaFree(l.scratch);
        if (l.stream)
            cudaStreamDestroy(l.stream);
    }
    s->lanes.clear();
    for (DeviceCtx &d : s->devs) {
        cudaSetDevice(d.dev);
        cudaFree(d.layers);
        cudaFree(d.table);
        cudaFree(d.layers_small);
        cudaFree(d.table_small);
        cudaFree(d.rm_first);
        cudaFree(d.rm_first4);
        cudaFree(d.harq);
        cudaFree(d.crc_r);
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

static int read_device_props(DeviceCtx &d)
{
    CU(cudaSetDevice(d.dev), "cudaSetDevice", d.dev);
    cudaDeviceProp prop;
    CU(cudaGetDeviceProperties(&prop, d.dev), "cudaGetDeviceProperties", d.dev);
    d.sms = prop.multiProcessorCount;
    d.smem_optin = prop.sharedMemPerBlockOptin;
    return LDPC_OK;
}

/* One lane on device ctx_index: its stream, batch buffers and kernel scratch. */
static int add_lane(State *s, ldpc_decoder *dec, int ctx_index)
{
    const DeviceCtx &d = s->devs[(size_t)ctx_index];
    const ldpc_code *c = dec->code;
    const HostPlan &p = s->plan;
    Lane l;
    l.ctx = ctx_index;
    s->lanes.push_back(l);
    Lane &L = s->lanes.back();
    CU(cudaSetDevice(d.dev), "cudaSetDevice", d.dev); /* the lanes alternate between devices */
    CU(cudaStreamCreateWithFlags(&L.stream, cudaStreamNonBlocking), "cudaStreamCreate", d.dev);
    CU(cudaMalloc(&L.llr, (size_t)dec->batch_frames * c->n * sizeof(float)), "cudaMalloc (LLR buffer)", d.dev);
    if (dec->cfg.input_rate_matched)
        CU(cudaMalloc(&L.llr_rm, (size_t)dec->batch_frames * dec->frame_llrs * sizeof(float)),
           "cudaMalloc (rate-matched LLR buffer)", d.dev);
    if (dec->cfg.harq_buffers > 0)
        CU(cudaMalloc((void **)&L.harq_meta, (size_t)dec->batch_frames * sizeof(ldpc_harq_frame)),
           "cudaMalloc (HARQ entries)", d.dev);
    /* bits and statuses in one buffer, laid out as the batch's pinned host copy, so that one
     * device-to-host copy brings both back */
    const size_t sb = status_offset(dec, dec->batch_frames);
    CU(cudaMalloc((void **)&L.out, sb + (size_t)dec->batch_frames * sizeof(int2)), "cudaMalloc (output buffer)",
       d.dev);
    CU(cudaMalloc((void **)&L.sched, 2 * sizeof(int)), "cudaMalloc (chunk counters)", d.dev);
    CU(cudaMemset(L.sched, 0, 2 * sizeof(int)), "cudaMemset (chunk counters)", d.dev);
    L.status = (int2 *)(L.out + sb);
    if (s->use_table && s->var.mem != MEM_SMEM_ALL) {
        size_t msg_bytes = table_msg_bytes(s->var.arith, p.Z, p.total_groups);
        if (s->has_small()) /* its layers may have more table entries (rows of unequal degrees) */
            msg_bytes = std::max(msg_bytes, table_msg_bytes(s->var.arith, s->small.Z, s->small.total_groups));
        CU(cudaMalloc(&L.scratch_msg, (size_t)s->slots * msg_bytes), "cudaMalloc (message scratch)", d.dev);
        if (s->var.mem == MEM_GLOBAL)
            CU(cudaMalloc(&L.scratch_app, (size_t)s->slots * table_app_bytes(s->var.arith, c->n)),
               "cudaMalloc (APP scratch)", d.dev);
    }
    if (!s->use_table)
        CU(cudaMalloc((void **)&L.scratch, (size_t)s->generic_grid * s->generic_slot), "cudaMalloc (decoder scratch)",
           d.dev);
    return LDPC_OK;
}

/* Set up one device: tables, kernel attributes (its lanes come after, cuda_init_inner). */
static int init_device(State *s, ldpc_decoder *dec, int ctx_index)
{
    DeviceCtx &d = s->devs[(size_t)ctx_index];
    const ldpc_code *c = dec->code;
    int st;
    if ((st = read_device_props(d)) != LDPC_OK || (st = upload_code(s, dec, d)) != LDPC_OK)
        return st;
    if (s->use_table) {
        /* the variant and G were chosen on the first device (choose_variant) */
        if ((st = set_smem_limit(table_kernel_fn(s->var), d)) != LDPC_OK)
            return st;
        if (s->has_wave && (st = set_smem_limit(table_kernel_fn(s->wave_var), d)) != LDPC_OK)
            return st;
        /* the small plan's row_degrees kernels (choose_small) */
        TableVariant v = s->var, w = s->wave_var;
        v.row_degrees = w.row_degrees = true;
        if (s->small_row_degrees && ((s->small_var && (st = set_smem_limit(table_kernel_fn(v), d)) != LDPC_OK) ||
                                     (s->small_wave && (st = set_smem_limit(table_kernel_fn(w), d)) != LDPC_OK)))
            return st;
        if (ctx_index == 0)
            s->slots = s->blocks_per_sm * d.sms * s->G;
    } else if (ctx_index == 0) {
        s->generic_slot = generic_slot_bytes(GenericCode{c->n, c->m, c->num_edges}, s->fixed, s->spa);
        const size_t budget = (size_t)512 << 20;
        s->generic_grid = (int)std::max<size_t>(1, std::min<size_t>((size_t)d.sms * 8, budget / s->generic_slot));
    }
    return LDPC_OK;
}

static int cuda_init_inner(ldpc_decoder *dec, State *s)
{
    const ldpc_decoder_config *cfg = &dec->cfg;
    const ldpc_code *c = dec->code;
    const int count = device_count();
    if (count <= 0)
        return ldpc_error(LDPC_ERR_NO_DEVICE, "cuda: no CUDA device is usable on this machine");
    const int ndev = cfg->num_devices > 0 ? cfg->num_devices : 1;
    if (cfg->harq_buffers > 0 && ndev > 1) /* a buffer lives on one GPU: its batches too */
        return ldpc_error(LDPC_ERR_UNSUPPORTED, "cuda: HARQ buffers on one GPU only (num_devices %d)", ndev);
    for (int i = 0; i < ndev; i++) {
        const int id = cfg->num_devices > 0 ? cfg->devices[i] : 0;
        if (id < 0 || id >= count)
            return ldpc_error(LDPC_ERR_NO_DEVICE, "cuda: device %d does not exist (this machine has %d)",
                              id, count);
        DeviceCtx d;
        d.dev = id;
        s->devs.push_back(d);
    }
    s->knobs = read_knobs();
    s->spa = cfg->algorithm == LDPC_ALG_SUM_PRODUCT;
    s->fixed = !s->spa && cfg->msg_format != LDPC_MSG_F32;
    int st = make_arith(cfg, c, &s->ar);
    if (st != LDPC_OK)
        return st;
    if ((st = build_plan(c, cfg, &s->plan, false)) != LDPC_OK)
        return st;
    if (s->knobs.merge && c->z > 0 && (st = build_plan(c, cfg, &s->small, true)) != LDPC_OK)
        return st; /* (only a QC code's block rows join; choose_variant decides whether it is run) */
    /* the batch size must be known before the lanes' buffers: find the kernel shape first */
    if ((st = read_device_props(s->devs[0])) != LDPC_OK || (st = choose_variant(s, dec)) != LDPC_OK)
        return st;
    /* DVB parity columns group-major where every launch keeps the APP in global memory (the
     * float DVB 64800 kernels), or runs a kernel that applies the layout in shared memory too
     * (TableVariant::parity_gm: cuda_variant.cu): table_encoding.h, app_slot */
    if (s->knobs.parity_layout && s->use_table && (s->app_always_global() || s->parity_always_gm()))
        s->par = dvb_parity_layout(c);
    const int nstreams = cfg->num_streams > 0 ? cfg->num_streams : 4;
    for (int i = 0; i < (int)s->devs.size(); i++)
        if ((st = init_device(s, dec, i)) != LDPC_OK)
            return st;
    /* Lanes interleaved over the devices (stream 0 of every device, then stream 1, ...): the
     * batches go to the lanes round-robin in submission order, so consecutive batches land on
     * different GPUs and any few in flight keep every GPU busy. */
    for (int k = 0; k < nstreams; k++)
        for (int i = 0; i < (int)s->devs.size(); i++)
            if ((st = add_lane(s, dec, i)) != LDPC_OK)
                return st;
    describe(s, dec, nstreams);
    return LDPC_OK;
}

int cuda_init(ldpc_decoder *dec)
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

void cuda_destroy(ldpc_decoder *dec)
{
    State *s = (State *)dec->backend_state;
    if (!s)
        return;
    free_device(s);
    delete s;
    dec->backend_state = nullptr;
}

} // namespace ldpccuda

extern "C" int ldpc_cuda_device_count(void) { return ldpccuda::device_count(); }
