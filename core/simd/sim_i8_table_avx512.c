/* The i8-table noise rule (core/src/sim_i8_table.h) with AVX-512 (BW, VBMI) and VAES: ARS-7 on four
 * blocks per instruction, then a group's 64 deviates side by side in byte lanes -- each byte
 * plane of the table (the three threshold bytes and the alias) looked up with two 128-entry byte
 * permutes and a blend, the 24-bit comparison done byte by byte in mask registers. Compiled with
 * -mavx512f -mavx512bw -mavx512vbmi -mvaes (simd/CMakeLists.txt); chosen only after the CPU
 * check (sim_i8_table.c). */
#include <immintrin.h>
#include "sim_i8_table.h"

/* entry j of a 256-entry byte table held in 4 registers */
static inline __m512i lookup256(const __m512i tab[4], __m512i j, __mmask64 bit7)
{
    return _mm512_mask_blend_epi8(bit7, _mm512_permutex2var_epi8(tab[0], j, tab[1]),
                                  _mm512_permutex2var_epi8(tab[2], j, tab[3]));
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
    __m512i thr[3][4], alias[4];
    for (int p = 0; p < 4; p++) {
        for (int b = 0; b < 3; b++)
            thr[b][p] = _mm512_loadu_si512((const void *)(t->thr_byte[b] + 64 * p));
        alias[p] = _mm512_loadu_si512((const void *)(t->alias + 64 * p));
    }
    const __m512i c127 = _mm512_set1_epi8(127), one = _mm512_set1_epi8(1);
    const __m512i zero = _mm512_setzero_si512();
    /* counters {block 16g + 4p + m, frame} of plane p's lanes m = 0..3 */
    __m512i ctr = _mm512_set_epi64((long long)frame, 3, (long long)frame, 2, (long long)frame, 1,
                                   (long long)frame, 0);
    const __m512i step4 = _mm512_set_epi64(0, 4, 0, 4, 0, 4, 0, 4);
    uint32_t sat = 0;
    for (int i = 0; i < n; i += LDPC_I8T_GROUP) {
        __m512i P[4]; /* j, then v's bytes, most significant first */
        for (int p = 0; p < 4; p++, ctr = _mm512_add_epi64(ctr, step4))
            P[p] = _mm512_xor_si512(ctr, rk[0]);
        for (int r = 1; r < LDPC_I8T_ROUNDS; r++)
            for (int p = 0; p < 4; p++)
                P[p] = _mm512_aesenc_epi128(P[p], rk[r]);
        for (int p = 0; p < 4; p++)
            P[p] = _mm512_aesenclast_epi128(P[p], rk[LDPC_I8T_ROUNDS]);
        const __m512i j = P[0];
        const __mmask64 bit7 = _mm512_movepi8_mask(j);
        const __m512i t2 = lookup256(thr[0], j, bit7), t1 = lookup256(thr[1], j, bit7);
        const __m512i t0 = lookup256(thr[2], j, bit7), a = lookup256(alias, j, bit7);
        /* v < thr, most significant byte first */
        const __mmask64 own =
            _mm512_cmplt_epu8_mask(P[1], t2) |
            (_mm512_cmpeq_epi8_mask(P[1], t2) &
             (_mm512_cmplt_epu8_mask(P[2], t1) |
              (_mm512_cmpeq_epi8_mask(P[2], t1) & _mm512_cmplt_epu8_mask(P[3], t0))));
        /* outcome - 127 wraps into int8 exactly (outcomes are 0..254) */
        __m512i q = _mm512_sub_epi8(_mm512_mask_blend_epi8(own, a, j), c127);
        const int m = n - i < LDPC_I8T_GROUP ? n - i : LDPC_I8T_GROUP;
        const __mmask64 keep = m == LDPC_I8T_GROUP ? ~(__mmask64)0 : ((__mmask64)1 << m) - 1;
        if (cw)
            q = _mm512_mask_sub_epi8(q, _mm512_test_epi8_mask(_mm512_maskz_loadu_epi8(keep, cw + i), one),
                                     zero, q);
        sat += (uint32_t)__builtin_popcountll(
            _mm512_mask_cmpeq_epi8_mask(keep, _mm512_abs_epi8(q), c127));
        _mm512_mask_storeu_epi8(out + i, keep, q);
    }
    return sat;
}

const ldpc_sim_i8_table_kernel ldpc_sim_i8_table_avx512 = {"avx512-vbmi", llrs_avx512};
