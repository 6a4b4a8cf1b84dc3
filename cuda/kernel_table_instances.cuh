/* The table kernel's instantiations for one arithmetic, and the two functions the backend
 * reaches them by (kernel pointer, launch). Each kernel_table_<arith>.cu expands this once, so
 * that the arithmetics compile in parallel. */
#ifndef LDPCGPU_CUDA_KERNEL_TABLE_INSTANCES_CUH
#define LDPCGPU_CUDA_KERNEL_TABLE_INSTANCES_CUH

#include "kernel_table.cuh"

/* (rows of at most DMAX edges, where the state lives, 16-bit table offsets) */
#define LDPC_TABLE_CASES_D(X, ARITH, D, T) X(ARITH, D, MEM_SMEM_ALL, T) X(ARITH, D, MEM_SMEM_APP, T) \
    X(ARITH, D, MEM_GLOBAL, T)
#define LDPC_TABLE_CASES_ALL(X, ARITH, T) LDPC_TABLE_CASES_D(X, ARITH, 8, T)                     \
    LDPC_TABLE_CASES_D(X, ARITH, 16, T) LDPC_TABLE_CASES_D(X, ARITH, 32, T)
/* rows of 9 - 16 and 17 - 20 edges (table_layout.h, table_two_blocks): 16-bit tables only */
#define LDPC_TABLE_CASES_20(X, ARITH) LDPC_TABLE_CASES_D(X, ARITH, 20, true)
#define LDPC_TABLE_CASES_TWO(X, ARITH) LDPC_TABLE_CASES_D(X, ARITH, 16, true) LDPC_TABLE_CASES_20(X, ARITH)
/* the arithmetics with 32-bit tables for rows of up to 8 and of 21 - 32 edges */
#define LDPC_TABLE_CASES_32(X, ARITH) LDPC_TABLE_CASES_D(X, ARITH, 8, false) LDPC_TABLE_CASES_TWO(X, ARITH) \
    LDPC_TABLE_CASES_D(X, ARITH, 32, false)

/* One form of the table kernel (its trailing template arguments ONE_BLOCK, ROW_DEG, NARROW, AHEAD3,
 * PARITY_GM) for the
 * (DMAX, MEM, 16-bit table) cases a CASES(X, ARITH) list names: X = FN returns the kernel's
 * pointer, X = GO launches it. */
#define LDPC_TABLE_FN_FORM(ARITH, D, M, T, ONE, RD, NW, AH3, PG)                                 \
    if (dmax == D && mem == M && t16 == T)                                                       \
        return (const void *)table_kernel<ARITH, D, M, T, ONE, RD, NW, AH3, PG>;
#define LDPC_TABLE_GO_FORM(ARITH, D, M, T, ONE, RD, NW, AH3, PG)                                 \
    if (dmax == D && mem == M && t16 == T) {                                                     \
        table_kernel<ARITH, D, M, T, ONE, RD, NW, AH3, PG><<<grid, threads, smem, s>>>(a);       \
        return cudaGetLastError();                                                               \
    }
/* table_kernel_fn_<SUFFIX><TAG> and table_launch_<SUFFIX><TAG> over CASES, with the FN / GO
 * callbacks of one form */
#define LDPC_TABLE_FORM_FUNCTIONS(SUFFIX, TAG, ARITH, CASES, FN, GO)                             \
    namespace ldpccuda {                                                                         \
    const void *table_kernel_fn_##SUFFIX##TAG(int dmax, MemKind mem, bool t16)                   \
    {                                                                                            \
        CASES(FN, ARITH)                                                                         \
        return NULL;                                                                             \
    }                                                                                            \
    cudaError_t table_launch_##SUFFIX##TAG(int dmax, MemKind mem, bool t16, const TableArgs &a, \
                                           int grid, int threads, size_t smem, cudaStream_t s)   \
    {                                                                                            \
        CASES(GO, ARITH)                                                                         \
        return cudaErrorInvalidValue;                                                            \
    }                                                                                            \
    }

/* The batch kernels. SUFFIX: f32, i8x2, h8x2, i16, i8 (the names in cuda_internal.h); ARITH:
 * the policy type; CASES(X, ARITH): the variants compiled (LDPC_TABLE_CASES_32 or a file's own
 * list) */
#define LDPC_TABLE_FN(ARITH, D, M, T) LDPC_TABLE_FN_FORM(ARITH, D, M, T, false, false, false, false, false)
#define LDPC_TABLE_GO(ARITH, D, M, T) LDPC_TABLE_GO_FORM(ARITH, D, M, T, false, false, false, false, false)
#define LDPC_TABLE_INSTANCES(SUFFIX, ARITH, CASES)                                               \
    LDPC_TABLE_FORM_FUNCTIONS(SUFFIX, , ARITH, CASES, LDPC_TABLE_FN, LDPC_TABLE_GO)

/* The one-block variants (TableVariant::one_block; table_layout.h, table_min_blocks): launch
 * bounds for one block per SM, so more registers, and messages in global memory prefetched a
 * layer ahead also for rows of 17 - 20 edges (kernel_table.cuh, PF_MSG). ONE_CASES(X, ARITH)
 * lists the (DMAX, MEM, 16-bit table) variants compiled. */
#define LDPC_TABLE_FN1(ARITH, D, M, T) LDPC_TABLE_FN_FORM(ARITH, D, M, T, true, false, false, false, false)
#define LDPC_TABLE_GO1(ARITH, D, M, T) LDPC_TABLE_GO_FORM(ARITH, D, M, T, true, false, false, false, false)
#define LDPC_TABLE_ONE_BLOCK(SUFFIX, ARITH, ONE_CASES)                                           \
    LDPC_TABLE_FORM_FUNCTIONS(SUFFIX, _one_block, ARITH, ONE_CASES, LDPC_TABLE_FN1, LDPC_TABLE_GO1)

/* The narrow one-block variants (TableVariant::narrow: blocks of at most kNarrowThreads threads,
 * up to 255 registers; table_layout.h) for the (DMAX, MEM, 16-bit table) cases NW_CASES lists. */
#define LDPC_TABLE_FN1N(ARITH, D, M, T) LDPC_TABLE_FN_FORM(ARITH, D, M, T, true, false, true, false, false)
#define LDPC_TABLE_GO1N(ARITH, D, M, T) LDPC_TABLE_GO_FORM(ARITH, D, M, T, true, false, true, false, false)
#define LDPC_TABLE_ONE_BLOCK_NARROW(SUFFIX, ARITH, NW_CASES)                                     \
    LDPC_TABLE_FORM_FUNCTIONS(SUFFIX, _one_block_narrow, ARITH, NW_CASES, LDPC_TABLE_FN1N, LDPC_TABLE_GO1N)

/* The one-block variants that prefetch three layers ahead (TableVariant::ahead3: rows of at most
 * 6 edges) for the (DMAX, MEM, 16-bit table) cases AH_CASES lists. */
#define LDPC_TABLE_FN1A(ARITH, D, M, T) LDPC_TABLE_FN_FORM(ARITH, D, M, T, true, false, false, true, false)
#define LDPC_TABLE_GO1A(ARITH, D, M, T) LDPC_TABLE_GO_FORM(ARITH, D, M, T, true, false, false, true, false)
#define LDPC_TABLE_ONE_BLOCK_AHEAD3(SUFFIX, ARITH, AH_CASES)                                     \
    LDPC_TABLE_FORM_FUNCTIONS(SUFFIX, _one_block_ahead3, ARITH, AH_CASES, LDPC_TABLE_FN1A, LDPC_TABLE_GO1A)

/* The one-block variants whose APP in shared memory keeps DVB parity columns group-major
 * (TableVariant::parity_gm: where column order conflicts 16-way or more) for the cases PG_CASES
 * lists. */
#define LDPC_TABLE_FN1P(ARITH, D, M, T) LDPC_TABLE_FN_FORM(ARITH, D, M, T, true, false, false, false, true)
#define LDPC_TABLE_GO1P(ARITH, D, M, T) LDPC_TABLE_GO_FORM(ARITH, D, M, T, true, false, false, false, true)
#define LDPC_TABLE_ONE_BLOCK_PARITY(SUFFIX, ARITH, PG_CASES)                                     \
    LDPC_TABLE_FORM_FUNCTIONS(SUFFIX, _one_block_parity, ARITH, PG_CASES, LDPC_TABLE_FN1P, LDPC_TABLE_GO1P)

/* The same, three layers ahead (TableVariant::ahead3 and parity_gm: rows of at most 6 edges) */
#define LDPC_TABLE_FN1AP(ARITH, D, M, T) LDPC_TABLE_FN_FORM(ARITH, D, M, T, true, false, false, true, true)
#define LDPC_TABLE_GO1AP(ARITH, D, M, T) LDPC_TABLE_GO_FORM(ARITH, D, M, T, true, false, false, true, true)
#define LDPC_TABLE_ONE_BLOCK_AHEAD3_PARITY(SUFFIX, ARITH, AP_CASES)                              \
    LDPC_TABLE_FORM_FUNCTIONS(SUFFIX, _one_block_ahead3_parity, ARITH, AP_CASES, LDPC_TABLE_FN1AP, LDPC_TABLE_GO1AP)

/* The row_degrees variants (TableVariant::row_degrees: the small-batch plan of WiMAX/WiFi,
 * rows of up to 8 edges, state on chip); RD_CASES(X, ARITH) lists the (8, MEM_SMEM_ALL, T) compiled. */
#define LDPC_TABLE_FNR(ARITH, D, M, T) LDPC_TABLE_FN_FORM(ARITH, D, M, T, false, true, false, false, false)
#define LDPC_TABLE_GOR(ARITH, D, M, T) LDPC_TABLE_GO_FORM(ARITH, D, M, T, false, true, false, false, false)
#define LDPC_TABLE_ROW_DEGREES(SUFFIX, ARITH, RD_CASES)                                          \
    LDPC_TABLE_FORM_FUNCTIONS(SUFFIX, _row_degrees, ARITH, RD_CASES, LDPC_TABLE_FNR, LDPC_TABLE_GOR)
#define LDPC_TABLE_RD_32(X, ARITH) X(ARITH, 8, MEM_SMEM_ALL, false)

/* one-wave launches of codes whose state does not fit on chip (5G NR BG1 with Z = 384): the APP
 * in shared memory, rows of up to 20 edges (cuda_variant.cu, choose_table_config) */
#define LDPC_TABLE_ONE_WAVE(X, ARITH) X(ARITH, 20, MEM_SMEM_APP, true)

#endif
