/* The i8-table noise rule (core/src/sim_i8_table.h) with AVX-512BW and VAES: ARS-7 on four blocks
 * per instruction, then the 32 deviates of a group side by side in 16-bit lanes -- the column's
 * upper 16 threshold bits and its alias looked up with two-register word permutes (256 entries =
 * 4 permutes + 3 blends), the lower 8 bits consulted only where the upper ones tie (2^-16 of the
 * deviates). Compiled with -mavx512f -mavx512bw -mvaes -maes (simd/CMakeLists.txt); chosen only
 * after the CPU check (sim_i8_table.c). */
#include <immintrin.h>
#include <string.h>
#include "sim_i8_table.h"

/* entry j of a 256-entry 16-bit table held in 8 registers */
static inline __m512i lookup256(const __m512i tab[8], __m512i j, __mmask32 bit6, __mmask32 bit7)
{
    const __m512i r0 = _mm512_permutex2var_epi16(tab[0], j, tab[1]);
    const __m512i r1 = _mm512_permutex2var_epi16(tab[2], j, tab[3]);
    const __m512i r2 = _mm512_permutex2var_epi16(tab[4], j, tab[5]);
    const __m512i r3 = _mm512_permutex2var_epi16(tab[6], j, tab[7]);
    return _mm512_mask_blend_epi16(bit7, _mm512_mask_blend_epi16(bit6, r0, r1),
                                   _mm512_mask_blend_epi16(bit6, r2, r3));
}

static uint32_t llrs_avx512(uint64_t seed, uint64_t frame, const uint8_t *cw, int n,
                            const ldpc_sim_i8_table *t, int8_t *out)
{
    const __m128i weyl = _mm_set_epi64x((long long)0xBB67AE8584CAA73Bull,
                                        (long long)0x9E3779B97F4A7C15ull);
    __m128i k = _mm_set_epi64x(0, (long long)seed);
    __m512i rk[LDPC_I8T_ROUNDS + 1];
    for (int r = 0; r <= LDPC_I8T_ROUNDS; r++, k = _mm_add_epi64(k, weyl))
        rk[r] = _mm512_broadcast_i32x4(k);
    __m512i th[8], al[8];
    for (int p = 0; p < 8; p++) {
        th[p] = _mm512_loadu_si512((const void *)(t->thr_hi + 32 * p));
        al[p] = _mm512_loadu_si512((const void *)(t->alias16 + 32 * p));
    }
    const __m512i low8 = _mm512_set1_epi16(0xff), c127 = _mm512_set1_epi16(127);
    const __m512i one = _mm512_set1_epi16(1), zero = _mm512_setzero_si512();
    /* counters {block 8g + m, frame} of lanes m = 0..3; B's are 4 blocks on */
    __m512i ctr = _mm512_set_epi64((long long)frame, 3, (long long)frame, 2, (long long)frame, 1,
                                   (long long)frame, 0);
    const __m512i step4 = _mm512_set_epi64(0, 4, 0, 4, 0, 4, 0, 4);
    uint32_t sat = 0;
    for (int i = 0; i < n; i += LDPC_I8T_GROUP) {
        __m512i A = _mm512_xor_si512(ctr, rk[0]);
        ctr = _mm512_add_epi64(ctr, step4);
        __m512i B = _mm512_xor_si512(ctr, rk[0]);
        ctr = _mm512_add_epi64(ctr, step4);
        for (int r = 1; r < LDPC_I8T_ROUNDS; r++) {
            A = _mm512_aesenc_epi128(A, rk[r]);
            B = _mm512_aesenc_epi128(B, rk[r]);
        }
        A = _mm512_aesenclast_epi128(A, rk[LDPC_I8T_ROUNDS]);
        B = _mm512_aesenclast_epi128(B, rk[LDPC_I8T_ROUNDS]);
        /* 16-bit lane d: A's word d is v's upper 16 bits; B's word d holds j (low byte) and v's
         * lower 8 bits (high byte) */
        const __m512i j = _mm512_and_si512(B, low8);
        const __mmask32 bit6 = _mm512_test_epi16_mask(j, _mm512_set1_epi16(64));
        const __mmask32 bit7 = _mm512_test_epi16_mask(j, _mm512_set1_epi16(128));
        const __m512i thr = lookup256(th, j, bit6, bit7), alias = lookup256(al, j, bit6, bit7);
        __mmask32 own = _mm512_cmplt_epu16_mask(A, thr);
        const __mmask32 tie = _mm512_cmpeq_epi16_mask(A, thr);
        if (tie) { /* the upper bits tie: the lower 8 decide, as ldpc_i8t_outcome */
            uint8_t b[64];
            _mm512_storeu_si512((void *)b, B);
            for (int d = 0; d < 32; d++)
                if ((tie >> d) & 1u)
                    own |= (__mmask32)(b[2 * d + 1] < t->thr_lo[b[2 * d]]) << d;
        }
        __m512i q = _mm512_sub_epi16(_mm512_mask_blend_epi16(own, alias, j), c127);
        const int m = n - i < LDPC_I8T_GROUP ? n - i : LDPC_I8T_GROUP;
        if (cw) {
            __m256i bits;
            if (m == LDPC_I8T_GROUP) {
                bits = _mm256_loadu_si256((const __m256i *)(cw + i));
            } else {
                uint8_t tmp[LDPC_I8T_GROUP] = {0};
                memcpy(tmp, cw + i, (size_t)m);
                bits = _mm256_loadu_si256((const __m256i *)tmp);
            }
            const __mmask32 neg = _mm512_test_epi16_mask(_mm512_cvtepu8_epi16(bits), one);
            q = _mm512_mask_sub_epi16(q, neg, zero, q);
        }
        const __mmask32 keep = m == LDPC_I8T_GROUP ? 0xffffffffu : (1u << m) - 1u;
        sat += (uint32_t)__builtin_popcount(
            _mm512_mask_cmpeq_epi16_mask(keep, _mm512_abs_epi16(q), c127));
        _mm512_mask_cvtepi16_storeu_epi8(out + i, keep, q);
    }
    return sat;
}

const ldpc_sim_i8_table_kernel ldpc_sim_i8_table_avx512 = {"avx512-vaes", llrs_avx512};
