/* The AVX-512 intrinsics for the vec_avx512*.h operations: <immintrin.h>, or, in the test build
 * (tests/test_simd_exact.c as test_simd_avx512_emulated), the same code on SIMDe's portable
 * AVX-512, so that the AVX-512 kernels' logic is checked on CPUs without AVX-512. */
#ifndef LDPCGPU_AVX512_INTRIN_H
#define LDPCGPU_AVX512_INTRIN_H
#ifdef LDPCGPU_SIMD_EMULATE_AVX512
/* Shims for what SIMDe 0.7 lacks. */
#define SIMDE_ENABLE_NATIVE_ALIASES
#include <string.h>
#include <simde/x86/avx512.h>
static inline __mmask32 emu_cmpeq_epi16_mask(__m512i a, __m512i b)
{
    int16_t x[32], y[32];
    memcpy(x, &a, 64);
    memcpy(y, &b, 64);
    __mmask32 k = 0;
    for (int i = 0; i < 32; i++)
        k |= (__mmask32)(x[i] == y[i]) << i;
    return k;
}
static inline __m512i emu_mask_sub_epi16(__m512i src, __mmask32 k, __m512i a, __m512i b)
{
    int16_t s[32], x[32], y[32];
    memcpy(s, &src, 64);
    memcpy(x, &a, 64);
    memcpy(y, &b, 64);
    for (int i = 0; i < 32; i++)
        if (k >> i & 1)
            s[i] = (int16_t)(x[i] - y[i]);
    memcpy(&src, s, 64);
    return src;
}
static inline __mmask16 emu_cmplt_epi32_mask(__m512i a, __m512i b)
{
    int32_t x[16], y[16];
    memcpy(x, &a, 64);
    memcpy(y, &b, 64);
    __mmask16 k = 0;
    for (int i = 0; i < 16; i++)
        k |= (__mmask16)(x[i] < y[i]) << i;
    return k;
}
static inline __mmask64 emu_kunpackd(__mmask64 hi, __mmask64 lo)
{
    return (__mmask64)((uint64_t)hi << 32 | (uint32_t)lo);
}
static inline uint64_t emu_cvtmask64_u64(__mmask64 k) { return (uint64_t)k; }
#define _mm512_kunpackd emu_kunpackd
#define _cvtmask64_u64 emu_cvtmask64_u64
#define _mm512_cmpeq_epi16_mask emu_cmpeq_epi16_mask
#define _mm512_mask_sub_epi16 emu_mask_sub_epi16
#define _mm512_cmplt_epi32_mask emu_cmplt_epi32_mask
#else
#include <immintrin.h>
#endif
#endif
