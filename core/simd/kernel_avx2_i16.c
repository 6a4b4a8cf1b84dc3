/* cpu-simd kernel: AVX2, int16 messages (the template is kernel_impl.h). */
#include "simd_internal.h"
#define SIMD_FMT_I16
#include "vec_avx2.h"
#define KERNEL_ISA "avx2"
#define KERNEL_FORMAT LDPC_MSG_I16
#define KERNEL_SYMBOL ldpc_simd_kernel_avx2_i16
#include "kernel_impl.h"
