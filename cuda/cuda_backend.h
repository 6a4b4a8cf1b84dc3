/* The cuda backend's host side: its state and the functions its files share.
 *
 *   cuda_state.cu        devices, lanes and batch slots: init, destroy, the device count
 *   cuda_knobs.cu        the LDPCGPU_CUDA_* environment knobs, read in one place
 *   cuda_arith_params.cu the arithmetic constants of a configuration (Arith)
 *   cuda_variant.cu      table kernel variant, codewords per block, default batch size
 *   cuda_layout.cu       table kernel sizes, the code tables uploaded (column table re-encoded)
 *   cuda_pipeline.cu     the backend ops: batches, submit, wait; kernel launches
 *   cuda_bench_timer.cu  ldpc_cuda_time_kernel and ldpc_cuda_describe (ldpcgpu/backend_cuda.h)
 *
 * Pipeline. Each device gets num_streams "lanes"; a lane is a stream plus the device buffers
 * one batch needs (LLRs in, bits and statuses out, kernel scratch). Batches go to the lanes
 * round-robin over every device and stream. A batch is issued depth-first on its lane's
 * stream: copy the LLRs from the batch's pinned staging buffer, run the decode kernel (all
 * iterations, output formatting included), copy the bits and statuses back into the batch's
 * pinned buffers, record an event. Work on one stream runs in order, so a lane's buffers are
 * never used by two batches at once; different lanes overlap copies with kernels. wait()
 * blocks on, or polls, the batch's event. The front end (decoder.c) keeps batches in
 * submission order and delivers each exactly once. */
#ifndef LDPCGPU_CUDA_BACKEND_H
#define LDPCGPU_CUDA_BACKEND_H

#include <mutex>
#include <string>
#include <vector>
#include "cuda_internal.h"

extern "C" {
#include "ldpcgpu/backend_cuda.h"
}

namespace ldpccuda {

/* ---- errors: a CUDA error as the core's status, with CUDA's message ---- */
int cuda_fail(cudaError_t e, const char *what, int dev);

#define CU(call, what, dev)                                                                    \
    do {                                                                                       \
        cudaError_t e_ = (call);                                                               \
        if (e_ != cudaSuccess)                                                                 \
            return cuda_fail(e_, what, dev);                                                   \
    } while (0)

/* ---- the environment knobs (docs/cuda-notes.md, "Tuning knobs"), read when a decoder is
 * created, by read_knobs only ---- */
struct Knobs {
    int groups = 0;                 /* LDPCGPU_CUDA_GROUPS: > 0 forces G groups per block */
    size_t direct_bytes = 256 << 10; /* LDPCGPU_CUDA_DIRECT_BYTES: direct path up to this many LLR bytes */
    int i8_lanes = 0;               /* LDPCGPU_CUDA_I8_LANES: 1 or 2 forces int8 codewords per thread */
    bool i8_pair_int = false;       /* LDPCGPU_CUDA_I8_PAIR=int: int8 pairs in 16x2 integers, not half2 */
    MemKind first_mem = MEM_SMEM_ALL; /* LDPCGPU_CUDA_MEM=app|global: state off chip even where it fits */
    bool dynamic_chunks = true;     /* LDPCGPU_CUDA_CHUNKS=static: blocks stride by the grid */
    int max_blocks = 0;             /* LDPCGPU_CUDA_MAX_BLOCKS: > 0 caps the table kernel's grid */
    bool i8_one_block = true;       /* LDPCGPU_CUDA_I8_ONE_BLOCK=0: keep the 3-blocks register cap */
    bool i8_one_block_force = false; /* LDPCGPU_CUDA_I8_ONE_BLOCK=force: the one-block kernel where it fits */
    bool no_d20 = false;            /* LDPCGPU_CUDA_D20=0: rows of 17 - 20 edges in the 32-edge kernels */
    bool ahead3 = true;             /* LDPCGPU_CUDA_AHEAD3=0: rows of up to 6 edges in the one-block 8-edge kernel two layers ahead */
    bool d12 = true;                /* LDPCGPU_CUDA_D12=0: rows of 9 - 12 edges in the 16-edge kernels (one-block int8, half2 pairs) */
    bool force_d32 = false;         /* LDPCGPU_CUDA_D32=1: rows of 21 - 28 edges in the 32-edge one-block kernel */
    bool narrow = true;             /* LDPCGPU_CUDA_NARROW=0: no narrow one-block kernel (TableVariant::narrow) */
    int parity_smem = -1;           /* LDPCGPU_CUDA_PARITY_SMEM=1 / 0: DVB parity columns group-major in the one-block int8 kernels' shared memory (TableVariant::parity_gm) always / never; unset: where column order conflicts (parity_bank_ways) */
    bool wave = true;               /* LDPCGPU_CUDA_WAVE=0: one-wave launches keep the batch variant */
    bool merge = true;              /* LDPCGPU_CUDA_MERGE=0: no small-batch plan (State::small) */
    bool row_degrees = true;        /* LDPCGPU_CUDA_ROW_DEGREES=0: small plan without the row_degrees kernels */
    bool banks = true;              /* LDPCGPU_CUDA_BANKS=0: rows' edges in H's order (table_banks.cpp) */
    bool bank_descent = true;       /* LDPCGPU_CUDA_BANKS=greedy: the greedy order without its descent */
    bool parity_layout = true;      /* LDPCGPU_CUDA_PARITY_LAYOUT=0: DVB parity APP values in column order */
};
Knobs read_knobs();

/* ---- 5G NR rate recovery (nr_derate.cu; ldpc_decoder_config.input_rate_matched) ---- */
struct NrDerate {
    int n, e, rows, qm, period; /* nr_recover.h */
    const int32_t *first;       /* device copy of ldpc_nr_recover.first */
};
cudaError_t derate_launch(const NrDerate &r, const void *in, void *out, int nframes, bool i8, bool positive_is_one,
                          int sms, cudaStream_t s);
/* With HARQ buffers (harq_buffers): frame f is recovered with its own rv (first4 + rv * n) and
 * added into buffer meta[f].buffer (nr_recover.h, ldpc_nr_harq_add), whose values go to out. */
struct NrHarq {
    float *buffers;              /* harq_buffers x n */
    const ldpc_harq_frame *meta; /* the batch's entries, in device memory */
    const int32_t *first4;       /* the gathers of rv 0..3, n each */
};
cudaError_t derate_harq_launch(const NrDerate &r, const NrHarq &h, const void *in, void *out, int nframes, bool i8,
                               bool positive_is_one, int sms, cudaStream_t s);

/* ---- state ---- */
struct DeviceCtx {
    int dev = 0;
    int sms = 0;
    size_t smem_optin = 0;
    int4 *layers = nullptr;
    void *table = nullptr;
    int4 *layers_small = nullptr; /* State::small's, when has_small */
    void *table_small = nullptr;
    int32_t *rm_first = nullptr; /* input_rate_matched: the gather's first transmissions (n) */
    int32_t *rm_first4 = nullptr; /* harq_buffers: those of rv 0..3 (4 n) */
    float *harq = nullptr;       /* harq_buffers: the buffers (harq_buffers x n) */
    unsigned *crc_r = nullptr;   /* early_stop_crc: ldpc_crc_stop_remainders (K') */
    int *out_pos = nullptr;
    int *row_ptr = nullptr, *col_idx = nullptr, *col_ptr = nullptr, *col_edge = nullptr;
    int *layer_ptr = nullptr, *layer_rows = nullptr;
};
/* The table kernel fn's dynamic shared memory limit on device d: all it may have (cuda_variant.cu). */
int set_smem_limit(const void *fn, const DeviceCtx &d);


struct Lane {
    int ctx = 0;                 /* index into State::devs */
    cudaStream_t stream = nullptr;
    void *llr = nullptr;
    void *llr_rm = nullptr;      /* input_rate_matched: the batch's E-LLR frames (copy path) */
    uint8_t *out = nullptr;
    int2 *status = nullptr;
    void *scratch_app = nullptr; /* table kernel, MEM_GLOBAL */
    void *scratch_msg = nullptr; /* table kernel, MEM_SMEM_APP / MEM_GLOBAL */
    char *scratch = nullptr;     /* generic kernel */
    int *sched = nullptr;        /* table kernel: chunk counter, blocks finished (kernel_table.cuh) */
    ldpc_harq_frame *harq_meta = nullptr; /* harq_buffers: a batch's entries (batch_frames) */
};

struct State {
    Knobs knobs;
    HostPlan plan;
    ParityLayout par; /* where the table kernel keeps each column's APP value (table_encoding.h) */
    bool use_table = false;
    TableVariant var{ARITH_F32, 8, MEM_SMEM_ALL};
    int lanes_per_group = 1;
    int G = 1;                   /* groups per block at full load */
    bool forced_G = false;       /* LDPCGPU_CUDA_GROUPS: keep G even for small batches */
    int blocks_per_sm = 1;
    int slots = 0;               /* groups the table scratch holds (MEM_SMEM_APP/GLOBAL) */
    /* Launches of one wave (at most wave_blocks blocks of one group per SM: every group has
     * an SM to itself) run wave_var, the state on chip, where var keeps it off chip for full
     * batches (cuda_variant.cu, choose_table_config) */
    bool has_wave = false;
    TableVariant wave_var{ARITH_F32, 8, MEM_SMEM_ALL};
    int wave_blocks = 0;
    /* Launches of at most one group per SM run small, whose layers hold several block rows of
     * a QC code where they share no column (WiMAX 2304 r1/2: 6 layers of 192 rows instead of
     * 12 of 96; 5G NR's neighbouring disjoint rows for Z <= 192): half the layers, barriers
     * and dependent chains of an iteration, the same row order, so the same bits. Full
     * batches keep plan (a block row a layer): its groups of fewer threads pack the SMs
     * better (with small for every launch WiMAX 2304 int8 48 against 51 Gb/s, float 18 against
     * 22; docs/cuda-notes.md, "Small-batch layers"). small_var / small_wave: whether the batch
     * variant / the one-wave variant runs it (else small is empty). */
    HostPlan small;
    bool small_var = false, small_wave = false;
    /* small runs in the row_degrees form of its variant(s) (TableVariant::row_degrees) */
    bool small_row_degrees = false;
    bool has_small() const { return small_var || small_wave; }
    /* whether every launch (full batches: var; one wave: wave_var) keeps the APP in global
     * memory, or every launch keeps it on chip: the column table's addressing depends on it
     * (table_banks.cpp), and one table serves both */
    bool app_always_global() const { return var.mem == MEM_GLOBAL && (!has_wave || wave_var.mem == MEM_GLOBAL); }
    bool app_always_on_chip() const { return var.mem != MEM_GLOBAL && (!has_wave || wave_var.mem != MEM_GLOBAL); }
    /* every launch runs a kernel that applies the parity layout in shared memory too
     * (TableVariant::parity_gm): then State::par may be set for an APP on chip */
    bool parity_always_gm() const
    {
        return var.one_block && var.parity_gm && (!has_wave || (wave_var.one_block && wave_var.parity_gm)) &&
               !has_small();
    }
    int fixed = 0, spa = 0;
    size_t generic_slot = 0;
    int generic_grid = 0;
    Arith ar;
    std::vector<DeviceCtx> devs;
    std::vector<Lane> lanes;
    unsigned next_lane = 0;
    std::mutex lane_mutex;
    std::string desc;
    /* harq_buffers: the event after the last submitted batch's HARQ combining; the next batch's
     * waits for it, so that batches on different streams combine in submission order */
    cudaEvent_t harq_prev = nullptr;
};

struct BatchData {
    cudaEvent_t ev[LDPC_MAX_DEVICES] = {};
    /* the pinned staging as each GPU sees it (mapped host memory: the direct path) */
    void *llr_dev[LDPC_MAX_DEVICES] = {};
    uint8_t *out_dev[LDPC_MAX_DEVICES] = {};
    int lane = -1;
    ldpc_harq_frame *harq_pinned = nullptr; /* harq_buffers: the entries, pinned for their copy */
    cudaEvent_t harq_ev = nullptr;          /* recorded after this batch's HARQ combining */
};

/* ---- cuda_state.cu ---- */
int device_count();
int cuda_init(ldpc_decoder *dec);
void cuda_destroy(ldpc_decoder *dec);
/* the decoder's backend state, or null when it does not use this backend */
State *state_of(const ldpc_decoder *dec);

/* ---- cuda_arith_params.cu ---- */
/* The arithmetic constants of a configuration; the integer ones (fx) need the code (its column
 * degrees set MCAP). Fails only for integer messages the model does not support. */
int make_arith(const ldpc_decoder_config *cfg, const ldpc_code *code, Arith *out);
/* whether the half2 int8 pairs (ArH8x2) compute this configuration's scaling exactly */
bool h8x2_scale_exact(const ldpc_fixed_params &fx);

/* ---- cuda_variant.cu: on the first device (its sms and smem_optin known) ---- */
/* s->var, lanes_per_group, G, blocks_per_sm; dec->batch_frames when it is 0 */
int choose_variant(State *s, ldpc_decoder *dec);

/* ---- cuda_layout.cu ---- */
/* the code's tables on device d, as the chosen kernel reads them */
int upload_code(const State *s, const ldpc_decoder *dec, DeviceCtx &d);
/* Bytes from a batch's bits to its statuses (host and device use the same layout). */
size_t status_offset(const ldpc_decoder *dec, int frames);

/* ---- cuda_pipeline.cu ---- */
extern const ldpc_backend_ops cuda_ops;
/* Launch the decode of nframes frames on lane L. fmt_override: the simulator's output
 * (sim_decode); null = the decoder's configuration. */
int launch(State *s, ldpc_decoder *dec, Lane &L, const void *llr, int llr_i8, int nframes,
           uint8_t *out, int2 *status, const OutFmt *fmt_override = nullptr);

/* ---- cuda_bench_timer.cu ---- */
/* s->desc: the kernel and its shape, for ldpc_cuda_describe */
void describe(State *s, ldpc_decoder *dec, int nstreams);

} // namespace ldpccuda

#endif
