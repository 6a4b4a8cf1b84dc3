/* cpu-simd kernel: AVX2, int8 messages (the template is kernel_impl.h): 32 frames per vector,
 * the APP in two int16 halves, the check nodes on bytes (vec_avx2_i8.h). */
#include "simd_internal.h"
#define SIMD_FMT_I16 /* the APP and t are int16 (load_x86.h converts to int16) */
#include "vec_avx2_i8.h"
#define KERNEL_ISA "avx2"
#define KERNEL_FORMAT LDPC_MSG_I8
#define KERNEL_SYMBOL ldpc_simd_kernel_avx2_i8
#include "kernel_impl.h"
