/* cpu-simd kernel: AVX-512BW, int8 messages (the template is kernel_impl.h): 64 frames per
 * vector, the APP in two int16 halves, the check nodes on bytes (vec_avx512_i8.h says why that
 * is the fixed-point model, decoder_fixed.h, exactly). */
#include "simd_internal.h"
#define SIMD_FMT_I16 /* the APP and t are int16 (load_x86.h converts to int16) */
#include "vec_avx512_i8.h"
#define KERNEL_FORMAT LDPC_MSG_I8
#ifdef LDPCGPU_SIMD_EMULATE_AVX512 /* test build on SIMDe, see avx512_intrin.h */
#define KERNEL_ISA "avx512bw-emulated"
#define KERNEL_SYMBOL ldpc_simd_kernel_avx512emu_i8
#else
#define KERNEL_ISA "avx512bw"
#define KERNEL_SYMBOL ldpc_simd_kernel_avx512_i8
#endif
#include "kernel_impl.h"
