/* cpu-simd kernel: SSE4.1, int16 messages (the template is kernel_impl.h). */
#include "simd_internal.h"
#define SIMD_FMT_I16
#include "vec_sse41.h"
#define KERNEL_ISA "sse4.1"
#define KERNEL_FORMAT LDPC_MSG_I16
#define KERNEL_SYMBOL ldpc_simd_kernel_sse41_i16
#include "kernel_impl.h"
