/* cpu-simd kernel: AVX2, int8 messages (the template is kernel_impl.h), in int16
 * lanes: the fixed-point model keeps the APP and t exact beyond 8 bits (decoder_fixed.h). */
#include "simd_internal.h"
#define SIMD_FMT_I16 /* int8 messages run in int16 lanes: the APP is wider */
#include "vec_avx2.h"
#define KERNEL_ISA "avx2"
#define KERNEL_FORMAT LDPC_MSG_I8
#define KERNEL_SYMBOL ldpc_simd_kernel_avx2_i8
#include "kernel_impl.h"
