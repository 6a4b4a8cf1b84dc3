/* cpu-simd kernel: AVX-512BW, int8 messages (the template is kernel_impl.h), in int16
 * lanes: the fixed-point model keeps the APP and t exact beyond 8 bits (decoder_fixed.h). */
#include "simd_internal.h"
#define SIMD_FMT_I16 /* int8 messages run in int16 lanes: the APP is wider */
#define SIMD_MSG_I8  /* and are stored as bytes (vec_*.h, m_load / m_store) */
#include "vec_avx512.h"
#define KERNEL_FORMAT LDPC_MSG_I8
#ifdef LDPCGPU_SIMD_EMULATE_AVX512 /* test build on SIMDe, see vec_avx512.h */
#define KERNEL_ISA "avx512bw-emulated"
#define KERNEL_SYMBOL ldpc_simd_kernel_avx512emu_i8
#else
#define KERNEL_ISA "avx512bw"
#define KERNEL_SYMBOL ldpc_simd_kernel_avx512_i8
#endif
#include "kernel_impl.h"
