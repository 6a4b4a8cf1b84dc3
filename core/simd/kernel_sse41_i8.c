/* cpu-simd kernel: SSE4.1, int8 messages (the template is kernel_impl.h), in int16
 * lanes: the fixed-point model keeps the APP and t exact beyond 8 bits (decoder_fixed.h). */
#include "simd_internal.h"
#define SIMD_FMT_I16 /* int8 messages run in int16 lanes: the APP is wider */
#include "vec_sse41.h"
#define KERNEL_ISA "sse4.1"
#define KERNEL_FORMAT LDPC_MSG_I8
#define KERNEL_SYMBOL ldpc_simd_kernel_sse41_i8
#include "kernel_impl.h"
