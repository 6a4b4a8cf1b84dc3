/* Table kernel instantiations for the ArI8 arithmetic (one file per arithmetic: parallel
 * compilation). */
#include "kernel_table_instances.cuh"

LDPC_TABLE_INSTANCES(i8, ArI8)
