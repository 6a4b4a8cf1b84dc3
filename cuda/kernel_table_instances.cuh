/* The table kernel's instantiations for one arithmetic, and the two functions the backend
 * reaches them by (kernel pointer, launch). Each kernel_table_<arith>.cu expands this once, so
 * that the arithmetics compile in parallel. */
#ifndef LDPCGPU_CUDA_KERNEL_TABLE_INSTANCES_CUH
#define LDPCGPU_CUDA_KERNEL_TABLE_INSTANCES_CUH

#include "kernel_table.cuh"

/* (rows of at most DMAX edges, where the state lives) */
#define LDPC_TABLE_CASES(X, ARITH) X(ARITH, 8, MEM_SMEM_ALL) X(ARITH, 8, MEM_SMEM_APP) \
    X(ARITH, 8, MEM_GLOBAL) X(ARITH, 16, MEM_SMEM_ALL) X(ARITH, 16, MEM_SMEM_APP)          \
    X(ARITH, 16, MEM_GLOBAL) X(ARITH, 32, MEM_SMEM_ALL) X(ARITH, 32, MEM_SMEM_APP)         \
    X(ARITH, 32, MEM_GLOBAL)

#define LDPC_TABLE_FN(ARITH, D, M)                                                               \
    if (dmax == D && mem == M)                                                                   \
        return (const void *)table_kernel<ARITH, D, M>;
#define LDPC_TABLE_GO(ARITH, D, M)                                                               \
    if (dmax == D && mem == M) {                                                                 \
        table_kernel<ARITH, D, M><<<grid, threads, smem, s>>>(a);                                \
        return cudaGetLastError();                                                               \
    }

/* SUFFIX: f32, i8x2, h8x2, i16, i8 (the names in cuda_internal.h); ARITH: the policy type */
#define LDPC_TABLE_INSTANCES(SUFFIX, ARITH)                                                      \
    namespace ldpccuda {                                                                         \
    const void *table_kernel_fn_##SUFFIX(int dmax, MemKind mem)                                 \
    {                                                                                            \
        LDPC_TABLE_CASES(LDPC_TABLE_FN, ARITH)                                                   \
        return NULL;                                                                             \
    }                                                                                            \
    cudaError_t table_launch_##SUFFIX(int dmax, MemKind mem, const TableArgs &a, int grid,      \
                                      int threads, size_t smem, cudaStream_t s)                  \
    {                                                                                            \
        LDPC_TABLE_CASES(LDPC_TABLE_GO, ARITH)                                                   \
        return cudaErrorInvalidValue;                                                            \
    }                                                                                            \
    }

#endif
