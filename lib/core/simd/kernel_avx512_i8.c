/* cpu-simd kernel: AVX-512BW, int8 messages (the template is kernel_impl.h). */
#include "simd_internal.h"
#define SIMD_FMT_I8
#include "vec_avx512.h"
#define KERNEL_ISA "avx512bw"
#define KERNEL_FORMAT LDPC_MSG_I8
#define KERNEL_SYMBOL ldpc_simd_kernel_avx512_i8
#include "kernel_impl.h"
