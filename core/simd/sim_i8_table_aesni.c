/* The i8-table noise rule (core/src/sim_i8_table.h) with AES-NI: ARS-7 by the AESENC instruction,
 * a group's sixteen blocks side by side, then the alias lookups one by one. Compiled with -maes -msse4.1
 * (simd/CMakeLists.txt); chosen only after the CPU check (sim_i8_table.c). */
#include <immintrin.h>
#include "sim_i8_table.h"

static inline __m128i ars_keys(uint64_t seed, __m128i rk[LDPC_I8T_ROUNDS + 1])
{
    const __m128i weyl = _mm_set_epi64x((long long)0xBB67AE8584CAA73Bull,
                                        (long long)0x9E3779B97F4A7C15ull);
    rk[0] = _mm_set_epi64x(0, (long long)seed);
    for (int r = 1; r <= LDPC_I8T_ROUNDS; r++)
        rk[r] = _mm_add_epi64(rk[r - 1], weyl);
    return rk[0];
}

/* Blocks 16g .. 16g+15 of the frame into P. */
static inline void ars_group(const __m128i rk[LDPC_I8T_ROUNDS + 1], uint64_t frame, uint64_t g,
                             uint8_t P[256])
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

static uint32_t llrs_aesni(uint64_t seed, uint64_t frame, const uint8_t *cw, int n,
                           const ldpc_sim_i8_table *t, int8_t *out)
{
    __m128i rk[LDPC_I8T_ROUNDS + 1];
    ars_keys(seed, rk);
    uint8_t P[256];
    uint32_t sat = 0;
    for (int i = 0, g = 0; i < n; i += LDPC_I8T_GROUP, g++) {
        ars_group(rk, frame, (uint64_t)g, P);
        const int m = n - i < LDPC_I8T_GROUP ? n - i : LDPC_I8T_GROUP;
        sat += ldpc_i8t_group(t, P, cw ? cw + i : NULL, m, out + i);
    }
    return sat;
}

const ldpc_sim_i8_table_kernel ldpc_sim_i8_table_aesni = {"aesni", llrs_aesni};
