/* cpu-simd kernel: AVX-512BW, int16 messages (the template is kernel_impl.h). */
#include "simd_internal.h"
#define SIMD_FMT_I16
#include "vec_avx512.h"
#define KERNEL_FORMAT LDPC_MSG_I16
#ifdef LDPCGPU_SIMD_EMULATE_AVX512 /* test build on SIMDe, see avx512_intrin.h */
#define KERNEL_ISA "avx512bw-emulated"
#define KERNEL_SYMBOL ldpc_simd_kernel_avx512emu_i16
#else
#define KERNEL_ISA "avx512bw"
#define KERNEL_SYMBOL ldpc_simd_kernel_avx512_i16
#endif
#include "kernel_impl.h"
