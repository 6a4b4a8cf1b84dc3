/* cpu-simd kernel: AVX2, float messages (the template is kernel_impl.h). */
#include "simd_internal.h"
#define SIMD_FMT_F32
#include "vec_avx2.h"
#define KERNEL_ISA "avx2"
#define KERNEL_FORMAT LDPC_MSG_F32
#define KERNEL_SYMBOL ldpc_simd_kernel_avx2_f32
#include "kernel_impl.h"
