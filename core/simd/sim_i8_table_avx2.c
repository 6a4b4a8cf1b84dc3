/* The i8-table noise rule (core/src/sim_i8_table.h) with AVX2 and AES-NI: ARS-7 by AESENC
 * (sim_i8_table_ars_aesni.h), then eight deviates side by side: one gather of each lane's
 * column (its threshold and alias packed in 32 bits, ldpc_sim_i8_table.packed), the 24-bit
 * comparison and the sign in 32-bit lanes. Compiled with -mavx2 -maes (simd/CMakeLists.txt);
 * chosen only after the CPU check (sim_i8_table.c). */
#include <string.h>
#include "sim_i8_table_ars_aesni.h"

/* deviates d .. d+7 of a group: q (int32 lanes) of the bits cw (NULL: zeros) */
static inline __m256i eight(const ldpc_sim_i8_table *t, const uint8_t *P, const uint8_t *cw, int d)
{
#define BYTES8(p) _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(p)))
    const __m256i j = BYTES8(P + d);
    const __m256i v = _mm256_or_si256(_mm256_or_si256(_mm256_slli_epi32(BYTES8(P + 64 + d), 16),
                                                      _mm256_slli_epi32(BYTES8(P + 128 + d), 8)),
                                      BYTES8(P + 192 + d));
    const __m256i e = _mm256_i32gather_epi32((const int *)t->packed, j, 4);
    const __m256i own = _mm256_cmpgt_epi32(_mm256_srli_epi32(e, 8), v); /* both < 2^24 */
    const __m256i k = _mm256_blendv_epi8(_mm256_and_si256(e, _mm256_set1_epi32(0xff)), j, own);
    __m256i q = _mm256_sub_epi32(k, _mm256_set1_epi32(127));
    if (cw) { /* q -> -q where the bit is 1: (q ^ -c) + c */
        const __m256i c = _mm256_and_si256(BYTES8(cw + d), _mm256_set1_epi32(1));
        q = _mm256_add_epi32(_mm256_xor_si256(q, _mm256_sub_epi32(_mm256_setzero_si256(), c)), c);
    }
    return q;
#undef BYTES8
}

static uint32_t llrs_avx2(uint64_t seed, uint64_t frame, const uint8_t *cw, int n,
                          const ldpc_sim_i8_table *t, int8_t *out)
{
    __m128i rk[LDPC_I8T_ROUNDS + 1];
    ars_aesni_keys(seed, rk);
    uint8_t P[256], bits[LDPC_I8T_GROUP];
    int8_t q8[LDPC_I8T_GROUP];
    uint32_t sat = 0;
    for (int i = 0, g = 0; i < n; i += LDPC_I8T_GROUP, g++) {
        ars_aesni_group(rk, frame, (uint64_t)g, P);
        const int m = n - i < LDPC_I8T_GROUP ? n - i : LDPC_I8T_GROUP;
        const uint8_t *c = cw ? cw + i : NULL;
        if (c && m < LDPC_I8T_GROUP) { /* a last partial group: its bits padded */
            memset(bits, 0, sizeof bits);
            memcpy(bits, c, (size_t)m);
            c = bits;
        }
        int8_t *o = m == LDPC_I8T_GROUP ? out + i : q8;
        for (int d = 0; d < LDPC_I8T_GROUP; d += 8) {
            const __m256i q = eight(t, P, c, d);
            const __m256i at_limit = _mm256_cmpeq_epi32(_mm256_abs_epi32(q), _mm256_set1_epi32(127));
            unsigned lanes = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(at_limit));
            if (d + 8 > m) /* lanes past the frame do not count */
                lanes &= m > d ? (1u << (m - d)) - 1u : 0u;
            sat += (uint32_t)__builtin_popcount(lanes);
            /* int32 -> int8 (every value fits): pack, then the two 32-bit halves */
            const __m256i p = _mm256_packs_epi16(_mm256_packs_epi32(q, q), _mm256_setzero_si256());
            const int lo = _mm_cvtsi128_si32(_mm256_castsi256_si128(p));
            const int hi = _mm_cvtsi128_si32(_mm256_extracti128_si256(p, 1));
            memcpy(o + d, &lo, 4);
            memcpy(o + d + 4, &hi, 4);
        }
        if (o == q8)
            memcpy(out + i, q8, (size_t)m);
    }
    return sat;
}

const ldpc_sim_i8_table_kernel ldpc_sim_i8_table_avx2 = {"avx2", llrs_avx2};
