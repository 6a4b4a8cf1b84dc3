/* cpu-simd backend internals: the pieces shared by the backend, its kernels and its tests.
 *
 * Inter-frame SIMD: one frame per SIMD lane. A "group" is the LANES frames decoded together at
 * a time; every variable and every edge holds one vector of LANES messages, so the check and
 * variable updates of all frames are the same vector instructions. A lane whose frame ends
 * takes the next pending frame (lane refill, kernel_impl.h). Frames never interact, and each
 * lane follows exactly the per-frame rules of decoder_ref.c in the chosen arithmetic, so a
 * frame's result does not depend on the kernel (ISA, lane count), on its lane, on when it was
 * loaded or on which frames share its group. Integer messages follow the fixed-point model of decoder_fixed.h
 * (shared with the GPU) bit for bit; float messages follow decoder_ref.c bit for bit.
 */
#ifndef LDPCGPU_SIMD_INTERNAL_H
#define LDPCGPU_SIMD_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "decoder_internal.h"
#include "decoder_fixed.h" /* the fixed-point rules; llr_rules.h (ldpc_llr_clean) */

#define SIMD_MAX_LANES 64
#define SIMD_ALIGN 64
/* Columns converted per block when a group is loaded: the staging area holds one block of
 * every lane (32 KB for 32 int8 lanes), so it stays in L2 while the frames are read in long
 * sequential runs. */
#define SIMD_LOAD_BLOCK 1024

/* The code as the kernels walk it: rows in layered processing order (ldpc_decoder_row_order()
 * of code_row_order.c, as every layered decoder), edges numbered in that order. */
typedef struct simd_plan {
    int n, m, num_edges, max_row_degree;
    int *row_ptr;   /* m+1: first edge of each row, in processing order */
    int *col;       /* num_edges: column of each edge */
    int32_t *off;   /* num_edges: byte offset of each edge's APP vector (col * vector bytes) */
    const int *col_ptr; /* n+1: H's CSC, rows ascending (flooding's summation order) */
    int *col_edge;  /* num_edges: edge number (in this plan) of each CSC entry */
    int rows_sign;  /* the rows may write the words of hard decisions that the parity check
                     * works on (kernel_impl.h): every column is in some row, and the APP is
                     * too large to gather cheaply (SIMD_ROW_SIGNS_MIN_APP), or
                     * LDPCGPU_SIMD_ROW_SIGNS=1 */
    /* quasi-cyclic codes (H verified circulant block by block at z = code->z): the parity
     * check on words XORs whole block rows at once (kernel_impl.h, qc_unsatisfied); qc_z 0:
     * row by row */
    int qc_z, qc_rows;
    int *qc_ptr;     /* qc_rows + 1: first circulant of each block row */
    int *qc_first;   /* per circulant: the column of its block row's first row */
    int num_segments; /* runs of consecutive rows of equal degree (the kernels unroll by degree) */
    int *segment;     /* num_segments + 1: first row of each run, then m */
    /* Messages kept as one record a row (row_i8_bytes.h: s1, s2, the index of the edge taking
     * s2, 8 sign bits of t a byte; 3 + ceil(d / 8) message vectors a row of degree d) instead
     * of one message vector an edge: set by ldpc_simd_plan_messages for a kernel that has
     * them (simd_kernel.records), layered. rec_vectors: the records' vectors, all rows. */
    int msg_records;
    size_t rec_vectors;
    /* m: bit i of row r's word is set where the row's edge i is the last of its column in the
     * plan's order (edges past the 64th: always). Rows that write the words of hard decisions
     * (rows_sign) write only there: the column's APP after its last edge is its APP after the
     * iteration. */
    uint64_t *sign_last;
} simd_plan;

/* Message vectors of a row of degree d >= 1 kept as a record (simd_plan.msg_records;
 * row_i8_bytes.h): s1, s2, the edge index, and the sign bits of 8 edges a vector. */
#define SIMD_RECORD_VECTORS(d) (3 + ((d) + 7) / 8)

/* Does row edge i write its column's word of hard decisions (simd_plan.sign_last)? */
#define SIGNS_LAST_(last, i) ((i) >= 64 || ((last) >> (i) & 1))

/* APP bytes of a group from which the rows themselves write the words of hard decisions that
 * the parity check works on (kernel_impl.h), and the check gathers APP vectors for only its
 * first 1/32 of the rows: a core's L2 (1-2 MB on current x86). Below, a pass over the APP
 * (in cache) writes the words after the first 1/8 of the rows, and the rows writing them would
 * cost more than that pass (WiMAX 2304, int8: 3%); above, each gather and the pass read the
 * APP from L3 or DRAM (DVB 64800 with 64 frames: 8.3 MB). */
#define SIMD_ROW_SIGNS_MIN_APP (1 << 20)

/* Bytes of message storage (one stored message vector per edge, or the rows' records; kernel
 * k) and vectors of row scratch a kernel needs. */
#define SIMD_C2V_BYTES(p, k)                                                                  \
    (((p)->msg_records ? (p)->rec_vectors : (size_t)(p)->num_edges) * (k)->lanes * (k)->msg_size)
#define SIMD_TMP_VECTORS(p) (2 * ((p)->max_row_degree + 1))

/* Build / free a plan for a code (rows in ldpc_decoder_row_order() of that kind), for a kernel
 * whose vectors are vec_bytes long. */
int ldpc_simd_plan_init(simd_plan *p, const ldpc_code *code, int vec_bytes, ldpc_row_order kind);
void ldpc_simd_plan_free(simd_plan *p);

/* Arithmetic parameters, fixed for one decoder. */
typedef struct simd_params {
    ldpc_algorithm algorithm;
    ldpc_schedule schedule;
    int max_iterations;
    int early_termination;
    ldpc_crc_stop_rule crc; /* CRC-aided early stop, on only with early termination */
    /* fixed point (decoder_fixed.h): channel range [cmin, cmax]; message magnitude
     * s(m) = min(scale(min(m, cmax)), mcap), where NMS scale = (m * nms_a15 + 2^14) >> 15 and
     * OMS scale = max(m - oms_q, 0) */
    int cmin, cmax, mcap;
    int nms_a15;      /* round(alpha * 32768); alpha = 1 runs as plain min-sum (same result) */
    int oms_q;        /* round(beta * llr_scale), in quantised units */
    /* float */
    float nms_alpha, oms_beta;
    /* columns whose hard decisions are output (a prefix of the n): n, or k when only the
     * information bits are and they come first; the kernels freeze only these */
    int out_cols;
    /* input conversion (decoder_fixed.h rule 1; ldpc_llr_to_float for float messages) */
    int positive_is_one;
    float llr_scale;
    /* int8 messages: s(m) of rule 3 for m = 0..127 (ldpc_fixed_scale, which clamps m to CMAX
     * <= 127), looked up by the AVX-512VBMI kernel (vec_avx512_i8.h) */
    uint8_t mag8[128];
} simd_params;

/* The caller's frames for the lanes of a group, as written into the batch (float or int8). */
typedef struct simd_input {
    ldpc_llr_type type;
    const void *frame[SIMD_MAX_LANES]; /* NULL: unused lane, decoded as all-zero LLRs */
} simd_input;

/* Per-thread working memory of one kernel call (sized for the kernel's lanes and format). */
typedef struct simd_work {
    void *app;        /* n vectors: a-posteriori messages; the loader writes channel values here */
    void *staging;    /* lanes * SIMD_LOAD_BLOCK messages: one block of quantised frames before
                       * interleaving */
    void *llr;        /* n vectors: channel values (flooding only, else NULL) */
    void *c2v;        /* num_edges vectors */
    void *tmp;        /* SIMD_TMP_VECTORS: row scratch, then a zero row */
    double *pre;      /* max_row_degree + 1: sum-product products */
    uint8_t *hard;    /* ceil(lanes/8) * n: the output hard decisions; hard[b*n + j] bit i is
                       * bit j of the group's frame 8b + i */
    uint64_t *signs;  /* n: scratch of the per-iteration parity check, the current hard decision
                       * of column j in word j (bit l: lane l) */
} simd_work;

/* Per-lane result of the frame a lane has just ended. */
typedef struct simd_group_result {
    int32_t iterations[SIMD_MAX_LANES];
    int32_t parity_ok[SIMD_MAX_LANES];
} simd_group_result;

/* Where a kernel's decode call takes its frames from and hands them back (simd_backend.c: the
 * queue of submitted batches). The kernel calls take when lanes are free (at the start and
 * after each iteration in which frames ended) and give when frames end (kernel_impl.h, lane
 * refill). */
typedef struct simd_feed {
    /* Give pending frames to lanes of 'free' (lowest lanes first; all given frames of one
     * input type and of batches with the decode call's parameters): sets in->frame[l] for every
     * lane of free (NULL where none was given) and in->type; returns the lanes given a frame. */
    uint64_t (*take)(struct simd_feed *f, uint64_t free, simd_input *in);
    /* The frames of 'lanes' have ended: lane l's hard decision is bit l % 8 of
     * hard[(l / 8) * n + j] for the output columns j, its iterations and parity_ok in res. */
    void (*give)(struct simd_feed *f, uint64_t lanes, const uint8_t *hard,
                 const simd_group_result *res);
} simd_feed;

/* One compiled kernel: an ISA and a message format. */
typedef struct simd_kernel {
    const char *isa;          /* "generic", "sse4.1", "avx2", "avx512bw" */
    ldpc_msg_format format;
    int lanes;
    int elem_size;            /* bytes per lane of a vector: 2 (int8 and int16 messages) or 4 */
    int msg_size;             /* bytes per lane of a stored message: 1 (int8), 2 or 4 */
    /* Convert the frames of the lanes in 'lanes' to messages (sign, scale, NaN, clamp,
     * rounding) and interleave them into w->app, one frame per lane; the other lanes keep
     * theirs. */
    void (*load)(const simd_plan *p, const simd_params *prm, simd_work *w, const simd_input *in,
                 uint64_t lanes);
    /* Decode the frames feed hands out (every one with parameters prm), refilling lanes as
     * their frames end, until feed has none left and every frame has ended. Uses w and res. */
    void (*decode)(const simd_plan *p, const simd_params *prm, simd_work *w, simd_feed *feed,
                   simd_group_result *res);
    int records; /* its layered rows can keep their messages as records (simd_plan) */
} simd_kernel;

/* Whether kernel k keeps a plan's messages as records (sets p->msg_records; before the work
 * memory is sized): where k has them, the schedule is layered, no row has more than 256 edges
 * (the index is a byte) and the group's state is larger than SIMD_RECORDS_MIN_STATE while the
 * records are fewer than 3/4 of the edges;
 * LDPCGPU_SIMD_MSG_RECORDS=0|1 forces the choice where k has them (the tests run both). */
void ldpc_simd_plan_messages(simd_plan *p, const simd_kernel *k, ldpc_schedule schedule);

/* All kernels of this build, best first within a format; the CPU check is separate. */
const simd_kernel *ldpc_simd_kernel_get(const char *isa, ldpc_msg_format format);
/* Does this CPU run the given ISA ("generic" always)? */
int ldpc_simd_isa_supported(const char *isa);
/* The kernel the backend picks: the widest supported ISA, or LDPCGPU_SIMD_ISA from the
 * environment (generic, sse4.1, avx2, avx512bw) when it names a supported one. */
const simd_kernel *ldpc_simd_kernel_select(ldpc_msg_format format);
/* ISA names in order generic..widest, for tests. */
int ldpc_simd_isa_count(void);
const char *ldpc_simd_isa_name(int i);
/* Tests: add one more ISA (e.g. the AVX-512 kernels compiled on SIMDe), always "supported",
 * chosen only through LDPCGPU_SIMD_ISA. Not thread-safe; call before creating decoders. */
int ldpc_simd_register_isa(const char *name, const simd_kernel *f32, const simd_kernel *i8,
                           const simd_kernel *i16);

/* The kernel a cpu-simd decoder runs (NULL for other backends): for tests and benchmarks. */
const simd_kernel *ldpc_simd_decoder_kernel(const ldpc_decoder *dec);
/* Whether a cpu-simd decoder keeps its messages as records (simd_plan.msg_records). */
int ldpc_simd_decoder_records(const ldpc_decoder *dec);

/* Fill params from a decoder configuration (integer constants from ldpc_fixed_params_init). */
void ldpc_simd_params_init(simd_params *prm, const ldpc_decoder_config *cfg,
                           const ldpc_code *code);
/* The message format the backend actually uses (sum-product always runs in float). */
ldpc_msg_format ldpc_simd_effective_format(const ldpc_decoder_config *cfg);

/* Aligned allocation helpers (size rounded up to SIMD_ALIGN). */
void *ldpc_simd_alloc(size_t bytes);
void ldpc_simd_free(void *p);

#endif
