/* Table kernel instantiations for the ArI8 arithmetic (one file per arithmetic: parallel
 * compilation). Its tables are always 16-bit (the backend takes it only for n < 65535). */
#include "kernel_table_instances.cuh"

#define LDPC_I8_CASES(X, ARITH) LDPC_TABLE_CASES_ALL(X, ARITH, true) LDPC_TABLE_CASES_20(X, ARITH)
LDPC_TABLE_INSTANCES(i8, ArI8, LDPC_I8_CASES)

/* The one-block variant (kernel_table.cuh, table_min_blocks): rows of at most 8 edges with the
 * APP in shared memory, the case of DVB 64800 rate 1/2 and its like. */
namespace ldpccuda {
const void *table_kernel_fn_i8_one_block(int dmax, MemKind mem)
{
    if (dmax == 8 && mem == MEM_SMEM_APP)
        return (const void *)table_kernel<ArI8, 8, MEM_SMEM_APP, true, true>;
    return NULL;
}
cudaError_t table_launch_i8_one_block(int dmax, MemKind mem, const TableArgs &a, int grid, int threads,
                                      size_t smem, cudaStream_t s)
{
    if (dmax == 8 && mem == MEM_SMEM_APP) {
        table_kernel<ArI8, 8, MEM_SMEM_APP, true, true><<<grid, threads, smem, s>>>(a);
        return cudaGetLastError();
    }
    return cudaErrorInvalidValue;
}
} // namespace ldpccuda
