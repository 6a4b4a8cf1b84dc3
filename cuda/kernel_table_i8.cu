/* Table kernel instantiations for the ArI8 arithmetic (one file per arithmetic: parallel
 * compilation). Its tables are always 16-bit (the backend takes it only for n < 65535). */
#include "kernel_table_instances.cuh"

#define LDPC_I8_CASES(X, ARITH) LDPC_TABLE_CASES_ALL(X, ARITH, true) LDPC_TABLE_CASES_20(X, ARITH)
LDPC_TABLE_INSTANCES(i8, ArI8, LDPC_I8_CASES)

/* The one-block variants: rows of at most 8 edges with the APP in shared memory, the case of
 * DVB 64800 rate 1/2 and its like, and the one-wave form. */
#define LDPC_I8_ONE_CASES(X, ARITH) X(ARITH, 8, MEM_SMEM_APP) LDPC_TABLE_ONE_WAVE(X, ARITH)
LDPC_TABLE_ONE_BLOCK(i8, ArI8, LDPC_I8_ONE_CASES)
