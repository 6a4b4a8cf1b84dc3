/* Table kernel instantiations for the ArI16 arithmetic (one file per arithmetic so the builds
 * run in parallel). */
#include "kernel_table.cuh"

namespace ldpccuda {

#define LDPC_TABLE_CASES(X) X(8, MEM_SMEM_ALL) X(8, MEM_SMEM_APP) X(8, MEM_GLOBAL) \
    X(16, MEM_SMEM_ALL) X(16, MEM_SMEM_APP) X(16, MEM_GLOBAL) \
    X(32, MEM_SMEM_ALL) X(32, MEM_SMEM_APP) X(32, MEM_GLOBAL)

const void *table_kernel_fn_i16(int dmax, MemKind mem)
{
#define X(D, M) if (dmax == D && mem == M) return (const void *)table_kernel<ArI16, D, M>;
    LDPC_TABLE_CASES(X)
#undef X
    return NULL;
}

cudaError_t table_launch_i16(int dmax, MemKind mem, const TableArgs &a, int grid, int threads,
                             size_t smem, cudaStream_t s)
{
#define X(D, M) if (dmax == D && mem == M) { table_kernel<ArI16, D, M><<<grid, threads, smem, s>>>(a); return cudaGetLastError(); }
    LDPC_TABLE_CASES(X)
#undef X
    return cudaErrorInvalidValue;
}

} // namespace ldpccuda
