/* Table kernel instantiations for the ArI8 arithmetic (one file per arithmetic: parallel
 * compilation). Its tables are 16-bit (the backend takes it only for n < 65535), except in the
 * one-block kernel of rows of up to 8 edges (32-bit: cuda_variant.cu, best_shape). */
#include "kernel_table_instances.cuh"

#define LDPC_I8_CASES(X, ARITH) LDPC_TABLE_CASES_ALL(X, ARITH, true) LDPC_TABLE_CASES_20(X, ARITH)
LDPC_TABLE_INSTANCES(i8, ArI8, LDPC_I8_CASES)

/* The one-block variants: rows of at most 8 (32-bit table), 12 (32-bit table), 16, 24, 28 and
 * 32 edges with the APP in shared memory (DVB 64800 rates 1/4 - 1/2, 3/5 - 2/3, 3/4, 5/6, 8/9 and
 * 9/10; cuda_variant.cu, choose_int8_form and best_shape), and the one-wave form (20 edges, also
 * DVB-T2 64800 4/5). */
#define LDPC_I8_ONE_CASES(X, ARITH)                                                               \
    X(ARITH, 8, MEM_SMEM_APP, false) X(ARITH, 12, MEM_SMEM_APP, false) X(ARITH, 16, MEM_SMEM_APP, true) \
    X(ARITH, 24, MEM_SMEM_APP, true) X(ARITH, 28, MEM_SMEM_APP, true) X(ARITH, 32, MEM_SMEM_APP, true)   \
    LDPC_TABLE_ONE_WAVE(X, ARITH)
LDPC_TABLE_ONE_BLOCK(i8, ArI8, LDPC_I8_ONE_CASES)

/* The narrow one-block variant (TableVariant::narrow, 255 registers): rows of up to 32 edges in
 * layers of at most kNarrowThreads rows (DVB-S2 64800 9/10) */
#define LDPC_I8_NARROW_CASES(X, ARITH) X(ARITH, 32, MEM_SMEM_APP, true)
LDPC_TABLE_ONE_BLOCK_NARROW(i8, ArI8, LDPC_I8_NARROW_CASES)

/* The one-block variant that prefetches three layers ahead (TableVariant::ahead3): rows of at most
 * 6 edges (DVB-S2 64800 1/4, 1/3, 2/5) */
#define LDPC_I8_AHEAD3_CASES(X, ARITH) X(ARITH, 8, MEM_SMEM_APP, false)
LDPC_TABLE_ONE_BLOCK_AHEAD3(i8, ArI8, LDPC_I8_AHEAD3_CASES)

/* DVB parity columns group-major in shared memory, for the one-block kernels of the codes whose
 * parity APP values share banks (DVB-S2X 13/45, 116/180: q = 128, 64; cuda_variant.cu); the 16-
 * and 20-edge ones for LDPCGPU_CUDA_PARITY_SMEM=1 (measurements, tests) */
#define LDPC_I8_PARITY_CASES(X, ARITH) X(ARITH, 8, MEM_SMEM_APP, false) X(ARITH, 12, MEM_SMEM_APP, false) \
    X(ARITH, 16, MEM_SMEM_APP, true) X(ARITH, 20, MEM_SMEM_APP, true)
LDPC_TABLE_ONE_BLOCK_PARITY(i8, ArI8, LDPC_I8_PARITY_CASES)

/* both: rows of at most 6 edges with their parity columns group-major (DVB-S2X 13/45) */
LDPC_TABLE_ONE_BLOCK_AHEAD3_PARITY(i8, ArI8, LDPC_I8_AHEAD3_CASES)
