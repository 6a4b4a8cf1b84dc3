/* Table kernel instantiations for the ArF32 arithmetic (one file per arithmetic: parallel
 * compilation). */
#include "kernel_table_instances.cuh"

LDPC_TABLE_INSTANCES(f32, ArF32, LDPC_TABLE_CASES_32)
LDPC_TABLE_ONE_BLOCK(f32, ArF32, LDPC_TABLE_ONE_WAVE)
LDPC_TABLE_ROW_DEGREES(f32, ArF32, LDPC_TABLE_RD_32)
