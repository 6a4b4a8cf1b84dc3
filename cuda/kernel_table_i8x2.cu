/* Table kernel instantiations for the ArI8x2 arithmetic (one file per arithmetic: parallel
 * compilation). */
#include "kernel_table_instances.cuh"

LDPC_TABLE_INSTANCES(i8x2, ArI8x2, LDPC_TABLE_CASES_32)
