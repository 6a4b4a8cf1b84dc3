/* cpu-simd kernel: SSE4.1, int8 messages (the template is kernel_impl.h): 16 frames per
 * vector, the APP in two int16 halves, the check nodes on bytes (vec_sse41_i8.h). */
#include "simd_internal.h"
#define SIMD_FMT_I16 /* the APP and t are int16 (load_x86.h converts to int16) */
#include "vec_sse41_i8.h"
#define KERNEL_ISA "sse4.1"
#define KERNEL_FORMAT LDPC_MSG_I8
#define KERNEL_SYMBOL ldpc_simd_kernel_sse41_i8
#include "kernel_impl.h"
