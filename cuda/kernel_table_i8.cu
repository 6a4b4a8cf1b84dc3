/* Table kernel instantiations for the ArI8 arithmetic (one file per arithmetic: parallel
 * compilation). Its tables are always 16-bit (the backend takes it only for n < 65535). */
#include "kernel_table_instances.cuh"

#define LDPC_I8_CASES(X, ARITH) LDPC_TABLE_CASES_ALL(X, ARITH, true)
LDPC_TABLE_INSTANCES(i8, ArI8, LDPC_I8_CASES)
