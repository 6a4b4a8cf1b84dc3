/* cpu-simd kernel: AVX-512BW with AVX-512VBMI, int8 messages. The AVX-512BW int8 kernel
 * (kernel_avx512_i8.c, vec_avx512_i8.h) with one difference: a row's two message magnitudes,
 * s(m) of rule 3, are looked up in a 128-byte table of the model's own values
 * (simd_params.mag8) by one two-register byte permutation (vpermt2b) instead of computed by
 * widening, multiplying and narrowing. Chosen where the CPU has VBMI (simd_dispatch.c). */
#include "simd_internal.h"
#define SIMD_FMT_I16 /* the APP and t are int16 (load_x86.h converts to int16) */
#include "vec_avx512_i8.h"
#define KERNEL_FORMAT LDPC_MSG_I8
#define KERNEL_ISA "avx512vbmi"
#define KERNEL_SYMBOL ldpc_simd_kernel_avx512vbmi_i8
#include "kernel_impl.h"
