/* ARS-7 by AES-NI (core/src/sim_i8_table.h's words): the round keys and a group's sixteen
 * blocks side by side. For the i8-table kernels compiled with -maes (sim_i8_table_aesni.c,
 * sim_i8_table_avx2.c). */
#ifndef LDPCGPU_SIM_I8_TABLE_ARS_AESNI_H
#define LDPCGPU_SIM_I8_TABLE_ARS_AESNI_H

#include <immintrin.h>
#include "sim_i8_table.h"

static inline void ars_aesni_keys(uint64_t seed, __m128i rk[LDPC_I8T_ROUNDS + 1])
{
    const __m128i weyl = _mm_set_epi64x((long long)0xBB67AE8584CAA73Bull,
                                        (long long)0x9E3779B97F4A7C15ull);
    rk[0] = _mm_set_epi64x(0, (long long)seed);
    for (int r = 1; r <= LDPC_I8T_ROUNDS; r++)
        rk[r] = _mm_add_epi64(rk[r - 1], weyl);
}

/* Blocks 16g .. 16g+15 of the frame into P. */
static inline void ars_aesni_group(const __m128i rk[LDPC_I8T_ROUNDS + 1], uint64_t frame,
                                   uint64_t g, uint8_t P[256])
{
    __m128i v[16];
    for (int m = 0; m < 16; m++)
        v[m] = _mm_xor_si128(_mm_set_epi64x((long long)frame, (long long)(16u * g + (uint64_t)m)),
                             rk[0]);
    for (int r = 1; r < LDPC_I8T_ROUNDS; r++)
        for (int m = 0; m < 16; m++)
            v[m] = _mm_aesenc_si128(v[m], rk[r]);
    for (int m = 0; m < 16; m++)
        _mm_storeu_si128((__m128i *)(P + 16 * m), _mm_aesenclast_si128(v[m], rk[LDPC_I8T_ROUNDS]));
}

#endif
