/* Table kernel instantiations for the ArF32 arithmetic (one file per arithmetic: parallel
 * compilation). */
#include "kernel_table_instances.cuh"

/* with 16-bit tables also for rows of up to 8 edges with the APP in global memory (DVB 64800:
 * table_offsets16) */
#define LDPC_TABLE_CASES_F32(X, ARITH) LDPC_TABLE_CASES_32(X, ARITH) X(ARITH, 8, MEM_GLOBAL, true)
LDPC_TABLE_INSTANCES(f32, ArF32, LDPC_TABLE_CASES_F32)
LDPC_TABLE_ONE_BLOCK(f32, ArF32, LDPC_TABLE_ONE_WAVE)
LDPC_TABLE_ROW_DEGREES(f32, ArF32, LDPC_TABLE_RD_32)
