/* cpu-simd kernel: SSE4.1, int8 messages (the template is kernel_impl.h), in int8
 * lanes: decoder_fixed.h's narrow rule saturates the APP and t to 8 bits. */
#include "simd_internal.h"
#define SIMD_FMT_I8 /* the narrow rule: 8-bit lanes */
#include "vec_sse41.h"
#define KERNEL_ISA "sse4.1"
#define KERNEL_FORMAT LDPC_MSG_I8
#define KERNEL_SYMBOL ldpc_simd_kernel_sse41_i8
#include "kernel_impl.h"
