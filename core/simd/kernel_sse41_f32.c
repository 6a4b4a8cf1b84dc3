/* cpu-simd kernel: SSE4.1, float messages (the template is kernel_impl.h). */
#include "simd_internal.h"
#define SIMD_FMT_F32
#include "vec_sse41.h"
#define KERNEL_ISA "sse4.1"
#define KERNEL_FORMAT LDPC_MSG_F32
#define KERNEL_SYMBOL ldpc_simd_kernel_sse41_f32
#include "kernel_impl.h"
