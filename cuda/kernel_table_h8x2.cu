/* Table kernel instantiations for the ArH8x2 arithmetic (the int8 model in half2; one file per
 * arithmetic: parallel compilation). */
#include "kernel_table_instances.cuh"

LDPC_TABLE_INSTANCES(h8x2, ArH8x2)
