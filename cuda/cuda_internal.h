/* cuda backend internals: the decode plan (how a code is laid out for the GPU), the kernel
 * arguments, and the kernel launchers. Host C++ and device code both include this. */
#ifndef LDPCGPU_CUDA_INTERNAL_H
#define LDPCGPU_CUDA_INTERNAL_H

#include <stdint.h>
#include <cuda_runtime.h>
#include <vector>
#include <string>

extern "C" {
#include "decoder_internal.h"
#include "decoder_fixed.h"
#include "error.h"
}
#include "table_encoding.h"

namespace ldpccuda {

/* ---------------------------------------------------------------------------------------
 * The plan: layers of the decoder row order.
 *
 * A layer is a run of consecutive rows (in ldpc_decoder_row_order()) that touch pairwise
 * different columns, so updating them in parallel gives exactly what updating them one after
 * another would. Layers also end at multiples of the code's lifting size (z for WiMAX/WiFi,
 * 360 for DVB), so a quasi-cyclic code's layers are its block rows.
 *
 * The "table" kernel (kernel_table.cuh) gives each row of a layer to one thread: thread t of
 * a codeword runs row t of every layer. It reads the row's columns from a table of column
 * numbers, 4 edges per entry, encoded as table_encoding.h says (plan, upload, kernel).
 * Check-to-variable messages use the same indexing, one message per edge.
 * ------------------------------------------------------------------------------------- */
struct HostPlan {
    /* layers of the row order (shared by both kernels) */
    std::vector<int> layer_ptr;   /* nlayers+1, into layer_rows */
    std::vector<int> layer_rows;  /* m rows, in decoder order */
    int nlayers = 0;
    int max_layer_rows = 0;

    /* table kernel (valid when table_ok) */
    bool table_ok = false;
    std::string table_why;        /* why not, when !table_ok */
    int Z = 0;                    /* threads per codeword = max rows per layer */
    int dmax = 0;                 /* 8, 16, 20 or 32: max row degree rounded up */
    int total_groups = 0;         /* sum over layers of ceil(max degree in layer / 4) */
    std::vector<int4> layers;     /* {ngroups, group_base, nrows, uniform degree or 0} */
    /* for the kernels that pick each thread's row degree (TableVariant::row_degrees), per layer:
     * the degree of its rows before degree_split (byte 0) and of those from it on (byte 1), or
     * 0 where the layer's rows are not two such runs (a QC code's block rows: degree_split = z) */
    std::vector<int> run_degrees;
    int degree_split = 0;
    std::vector<uint4> table;     /* total_groups * Z entries of column numbers (table_encoding.h) */

    /* output bit -> column, empty when output bit i is column i */
    std::vector<int> out_pos;
};

/* Build the plan for a code and configuration. merge: a layer may hold several block rows of a
 * QC code (cuda_plan.cpp: State::small); false: a block row a layer (State::plan) */
int build_plan(const ldpc_code *c, const ldpc_decoder_config *cfg, HostPlan *p, bool merge);

/* Reorders each row's edges among its slots of the column table cols (the plan's column
 * numbers; p's layers) so that a warp's accesses to an APP of value_bytes-byte values in shared
 * memory take fewer passes (table_banks.cpp); the rows' results do not depend on the order.
 * descent: the greedy order improved by ldpc_warp_bank_descent. threads: how many run the
 * warps (0: one a core, at most 16); the table does not depend on it. */
void order_edges_for_banks(const HostPlan &p, std::vector<uint4> &cols, size_t value_bytes, bool descent,
                           unsigned threads = 0);

/* The plan's column numbers in cols replaced by where their APP values live (app_slot). */
void table_to_slots(const ParityLayout &pl, std::vector<uint4> &cols);

/* The group-major layout of a DVB code's parity columns (q groups of 360); none (q = 0) for
 * other codes (table_encoding.h, app_slot) */
ParityLayout dvb_parity_layout(const ldpc_code *c);
/* the parity reads of a warp's rows in column order, APP values of value_bytes bytes: the most
 * words a bank serves at once (1: none conflict; 32: DVB-S2X 13/45, q 128, 2-byte values) */
int parity_bank_ways(const ParityLayout &pl, int value_bytes);

/* ---------------------------------------------------------------------------------------
 * Kernel arguments.
 * ------------------------------------------------------------------------------------- */

/* Arithmetic of one configuration, for both float and integer kernels. */
struct Arith {
    int algorithm;           /* ldpc_algorithm */
    float sign;              /* +1, or -1 for llr_positive_is_one */
    float i8_to_float;       /* sign / llr_scale: float value of an int8 LLR */
    float nms_alpha, oms_beta;
    float f_a, f_b;          /* table kernel, float: s(m) = max(f_a * m - f_b, 0) */
    ldpc_fixed_params fx;    /* integer kernels */
    /* H8X2 (half2 pairs; arith.cuh, ArH8x2::scale), in both halves: alpha / 256 (1/256 for
     * OMS and MS), -(1024 + beta) (-1024 for NMS and MS), and M, the least minimum whose
     * scale reaches the cap MCAP, or 127 (s(m) = scale(min(m, M))) */
    unsigned h_alpha, h_negb, h_mmax;
};

/* One launch: a batch of frames. */
struct Batch {
    const void *llr;         /* nframes * n, float or int8, as the caller wrote them */
    int llr_i8;
    int nframes;
    uint8_t *out;            /* nframes * out_bytes */
    int2 *status;            /* nframes: {iterations, parity_ok} */
    int max_iter;
    int early;
};

/* Output layout (ldpc_format_output's). */
struct OutFmt {
    const int *out_pos;      /* out_bits entries or NULL (identity) */
    int out_bits;
    int out_bytes;
    int packed;
};

/* Table kernel: the code on the device. */
struct TableCode {
    int n, Z, nlayers, total_groups;
    const int4 *layers;
    const void *table; /* uint4 entries, or uint2 of 16-bit offsets (table_offsets16) */
    ParityLayout par;  /* where each column's APP value lives (table_encoding.h) */
};

struct TableArgs {
    TableCode code;
    OutFmt fmt;
    Batch batch;
    Arith ar;
    int G;                   /* codeword groups per block (a group = 1 or 2 codewords) */
    void *app_scratch;       /* global APP / messages when they do not fit in shared memory */
    void *msg_scratch;
    int *sched;              /* {next chunk, blocks finished}, both 0 between launches; null: static */
    /* CRC-aided early stop (early_stop_crc, with early termination): crc_r[j] = the remainder
     * of D^(crc_bits-1-j) by the CRC's generator, so that a hard decision's first crc_bits bits
     * pass the CRC iff the XOR of crc_r over its ones is 0 (the CRC is linear); null: off */
    const unsigned *crc_r;
    int crc_bits;
    int degree_split;        /* HostPlan::degree_split, for the row_degrees kernels */
};

/* Generic kernel: H on the device. */
struct GenericCode {
    int n, m, num_edges;
    const int *row_ptr, *col_idx;   /* CSR */
    const int *col_ptr, *col_edge;  /* CSC */
    const int *layer_ptr, *layer_rows;
    int nlayers;
    int layered;
};

struct GenericArgs {
    GenericCode code;
    OutFmt fmt;
    Batch batch;
    Arith ar;
    int fixed;               /* 1: integer messages (ar.fx) */
    char *scratch;           /* per block: see generic_slot_bytes() */
    size_t slot_bytes;
};

/* ---------------------------------------------------------------------------------------
 * Kernel variants and launchers.
 * ------------------------------------------------------------------------------------- */
enum ArithKind { ARITH_F32 = 0, ARITH_I8X2 = 1, ARITH_I16 = 2, ARITH_I8 = 3, ARITH_H8X2 = 4 };
enum MemKind { MEM_SMEM_ALL = 0, MEM_SMEM_APP = 1, MEM_GLOBAL = 2 };

struct TableVariant {
    ArithKind arith;
    int dmax; /* rows of at most dmax edges: the plan's, or 24 / 28 for the one-block int8 kernels */
    MemKind mem;
    bool t16 = false; /* 16-bit table entries (kernel_table.cuh, TabQ; table_offsets16) */
    bool one_block = false; /* launch bounds for one block per SM (table_min_blocks; not ARITH_I8X2) */
    /* with one_block and ARITH_I8 (compiled for dmax 32 only; ignored elsewhere): blocks of at
     * most kNarrowThreads threads, up to 255 registers (table_layout.h) */
    bool narrow = false;
    /* with one_block and ARITH_I8 (compiled for dmax 8 only): rows of at most 6 edges, three
     * layers prefetched ahead (kernel_table.cuh, AHEAD3) */
    bool ahead3 = false;
    /* with one_block and ARITH_I8 (compiled for dmax 8 - 20, with ahead3 for dmax 8, never with
     * narrow): the APP's DVB parity columns group-major in shared memory (State::par;
     * kernel_table.cuh, PARITY_GM), so that a layer's rows g + j q read their parity values from
     * neighbouring banks; where column order conflicts 16-way or more (cuda_variant.cu) */
    bool parity_gm = false;
    /* each thread's row degree from its layer's run_degrees (the small-batch plan, whose layers
     * pair block rows of 6 and 7 edges: kernel_table.cuh, layer_update); rows of up to 8
     * edges, state on chip, f32 / h8x2 / i16 */
    bool row_degrees = false;
};

/* What the layout needs of an arithmetic's policy (arith.cuh), taken from the policy types
 * themselves (kernel_table_dispatch.cu): bytes of one APP value (AppT) and of one table entry's
 * 4 messages (Msg4), codewords per group (LANES), the scale table (SCALE_LUT), T16_SHIFT. */
struct TableGeom {
    size_t app_value_bytes, msg4_bytes;
    int lanes;
    bool scale_lut;
    int t16_shift;
};
TableGeom table_geom(ArithKind a);

/* Bytes of one codeword group's APP and messages, for a variant (the rules: table_layout.h). */
size_t table_app_bytes(ArithKind a, int n);
size_t table_msg_bytes(ArithKind a, int Z, int total_groups);
int table_lanes(ArithKind a);
/* whether a variant's table should hold 16-bit offsets (kernel_table.cuh, TabQ) */
bool table_offsets16(const TableVariant &v, int n, int Z, int total_groups);
/* Dynamic shared memory of a block of G groups (the code's nlayers layer descriptions included). */
size_t table_smem_bytes(const TableVariant &v, int n, int Z, int total_groups, int nlayers, int G);

/* Kernel function pointer of a variant (for attributes/occupancy), NULL if not compiled. */
const void *table_kernel_fn(const TableVariant &v);
cudaError_t table_launch(const TableVariant &v, const TableArgs &a, int grid, int threads,
                         size_t smem, cudaStream_t s);

const void *generic_kernel_fn(int fixed);
size_t generic_slot_bytes(const GenericCode &c, int fixed, int spa);
cudaError_t generic_launch(const GenericArgs &a, int grid, int threads, cudaStream_t s);

/* Each half of a table kernel, instantiated in its own file (compile time). */
const void *table_kernel_fn_f32(int dmax, MemKind mem, bool t16);
cudaError_t table_launch_f32(int dmax, MemKind mem, bool t16, const TableArgs &a, int grid, int threads,
                             size_t smem, cudaStream_t s);
const void *table_kernel_fn_i8x2(int dmax, MemKind mem, bool t16);
cudaError_t table_launch_i8x2(int dmax, MemKind mem, bool t16, const TableArgs &a, int grid, int threads,
                              size_t smem, cudaStream_t s);
const void *table_kernel_fn_h8x2(int dmax, MemKind mem, bool t16);
cudaError_t table_launch_h8x2(int dmax, MemKind mem, bool t16, const TableArgs &a, int grid, int threads,
                              size_t smem, cudaStream_t s);
const void *table_kernel_fn_i16(int dmax, MemKind mem, bool t16);
const void *table_kernel_fn_i8(int dmax, MemKind mem, bool t16);
cudaError_t table_launch_i8(int dmax, MemKind mem, bool t16, const TableArgs &a, int grid, int threads,
                            size_t smem, cudaStream_t s);
const void *table_kernel_fn_f32_one_block(int dmax, MemKind mem, bool t16);
cudaError_t table_launch_f32_one_block(int dmax, MemKind mem, bool t16, const TableArgs &a, int grid, int threads,
                                      size_t smem, cudaStream_t s);
const void *table_kernel_fn_h8x2_one_block(int dmax, MemKind mem, bool t16);
cudaError_t table_launch_h8x2_one_block(int dmax, MemKind mem, bool t16, const TableArgs &a, int grid, int threads,
                                      size_t smem, cudaStream_t s);
const void *table_kernel_fn_i16_one_block(int dmax, MemKind mem, bool t16);
cudaError_t table_launch_i16_one_block(int dmax, MemKind mem, bool t16, const TableArgs &a, int grid, int threads,
                                      size_t smem, cudaStream_t s);
const void *table_kernel_fn_i8_one_block(int dmax, MemKind mem, bool t16);
cudaError_t table_launch_i8_one_block(int dmax, MemKind mem, bool t16, const TableArgs &a, int grid, int threads,
                                      size_t smem, cudaStream_t s);
const void *table_kernel_fn_i8_one_block_ahead3(int dmax, MemKind mem, bool t16);
cudaError_t table_launch_i8_one_block_ahead3(int dmax, MemKind mem, bool t16, const TableArgs &a, int grid,
                                             int threads, size_t smem, cudaStream_t s);
const void *table_kernel_fn_i8_one_block_parity(int dmax, MemKind mem, bool t16);
const void *table_kernel_fn_i8_one_block_ahead3_parity(int dmax, MemKind mem, bool t16);
cudaError_t table_launch_i8_one_block_ahead3_parity(int dmax, MemKind mem, bool t16, const TableArgs &a, int grid,
                                                    int threads, size_t smem, cudaStream_t s);
cudaError_t table_launch_i8_one_block_parity(int dmax, MemKind mem, bool t16, const TableArgs &a, int grid,
                                             int threads, size_t smem, cudaStream_t s);
const void *table_kernel_fn_i8_one_block_narrow(int dmax, MemKind mem, bool t16);
cudaError_t table_launch_i8_one_block_narrow(int dmax, MemKind mem, bool t16, const TableArgs &a, int grid,
                                             int threads, size_t smem, cudaStream_t s);
cudaError_t table_launch_i16(int dmax, MemKind mem, bool t16, const TableArgs &a, int grid, int threads,
                             size_t smem, cudaStream_t s);
/* the row_degrees variants (NULL / cudaErrorInvalidValue where not compiled) */
const void *table_kernel_fn_f32_row_degrees(int dmax, MemKind mem, bool t16);
cudaError_t table_launch_f32_row_degrees(int dmax, MemKind mem, bool t16, const TableArgs &a, int grid,
                                         int threads, size_t smem, cudaStream_t s);
const void *table_kernel_fn_h8x2_row_degrees(int dmax, MemKind mem, bool t16);
cudaError_t table_launch_h8x2_row_degrees(int dmax, MemKind mem, bool t16, const TableArgs &a, int grid,
                                          int threads, size_t smem, cudaStream_t s);
const void *table_kernel_fn_i16_row_degrees(int dmax, MemKind mem, bool t16);
cudaError_t table_launch_i16_row_degrees(int dmax, MemKind mem, bool t16, const TableArgs &a, int grid,
                                         int threads, size_t smem, cudaStream_t s);

/* ---------------------------------------------------------------------------------------
 * The simulator's GPU channel (sim_run.cu) fills LLR buffers of its own on the GPU and runs
 * the decode kernels on them, on the decoder's lanes (cuda_pipeline.cu).
 * ------------------------------------------------------------------------------------- */
struct SimLane {
    int dev;                 /* CUDA device of the lane */
    cudaStream_t stream;     /* the lane's stream: its kernel scratch is used in stream order */
};

/* The decoder's lanes; LDPC_ERR_UNSUPPORTED when dec does not use the cuda backend. */
int sim_lanes(ldpc_decoder *dec, std::vector<SimLane> *out);

/* Decode nframes frames of device LLRs (float, or int8 when llr_i8; the decoder's sign and
 * scale rules) on lane's stream, writing packed information bits (ceil(k/8) bytes per frame,
 * MSB first; info_pos = device table of the information columns, or null when they are the
 * prefix) and statuses {iterations, parity_ok} to device memory. */
int sim_decode(ldpc_decoder *dec, int lane, const void *llr, int llr_i8, int nframes, uint8_t *out,
               int2 *status, const int *info_pos);

} // namespace ldpccuda

#endif
