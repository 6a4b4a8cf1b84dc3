/* Table kernel instantiations for the ArI16 arithmetic (one file per arithmetic: parallel
 * compilation). */
#include "kernel_table_instances.cuh"

LDPC_TABLE_INSTANCES(i16, ArI16, LDPC_TABLE_CASES_32)
LDPC_TABLE_ONE_BLOCK(i16, ArI16, LDPC_TABLE_ONE_WAVE)
LDPC_TABLE_ROW_DEGREES(i16, ArI16, LDPC_TABLE_RD_32)
