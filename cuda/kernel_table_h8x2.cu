/* Table kernel instantiations for the ArH8x2 arithmetic (the int8 model in half2; one file per
 * arithmetic: parallel compilation): as the others, 16-bit tables for rows of up to 8 edges too
 * (large WiMAX/WiFi rate-1/2 tables, table_offsets16), and two-block kernels of rows of up to 12
 * edges (cuda_variant.cu, choose_variant). */
#include "kernel_table_instances.cuh"

#define LDPC_H8X2_CASES(X, ARITH) LDPC_TABLE_CASES_32(X, ARITH) LDPC_TABLE_CASES_D(X, ARITH, 8, true) \
    LDPC_TABLE_CASES_D(X, ARITH, 12, true)
LDPC_TABLE_INSTANCES(h8x2, ArH8x2, LDPC_H8X2_CASES)
LDPC_TABLE_ONE_BLOCK(h8x2, ArH8x2, LDPC_TABLE_ONE_WAVE)
#define LDPC_H8X2_RD(X, ARITH) LDPC_TABLE_RD_32(X, ARITH) X(ARITH, 8, MEM_SMEM_ALL, true)
LDPC_TABLE_ROW_DEGREES(h8x2, ArH8x2, LDPC_H8X2_RD)
