/* The simulator's frame kernels with AVX-512F: 16 Philox quads side by side
 * (sim_noise_impl.h). Compiled with the avx512 kernels' flags and -ffp-contract=off
 * (simd/CMakeLists.txt); called only after the CPU check (sim_noise.c). */
#include <immintrin.h>
#include <string.h>
#include "sim_frame.h"

#define SIM_W 16
#define SIM_SUFFIX avx512
#define SIM_NAME "avx512"
typedef __m512i vu;
typedef __m512 vf;

static inline vu vu_set1(uint32_t a) { return _mm512_set1_epi32((int)a); }
static inline vu vu_iota(uint32_t b)
{
    return _mm512_add_epi32(_mm512_set1_epi32((int)b),
                            _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}
static inline vu vu_add(vu a, vu b) { return _mm512_add_epi32(a, b); }
static inline vu vu_sub(vu a, vu b) { return _mm512_sub_epi32(a, b); }
static inline vu vu_xor(vu a, vu b) { return _mm512_xor_si512(a, b); }
static inline vu vu_and(vu a, vu b) { return _mm512_and_si512(a, b); }
static inline vu vu_or(vu a, vu b) { return _mm512_or_si512(a, b); }
static inline vu vu_andnot(vu a, vu b) { return _mm512_andnot_si512(a, b); }
#define vu_srl(a, n) _mm512_srli_epi32((a), (n))
#define vu_sll(a, n) _mm512_slli_epi32((a), (n))
static inline void vu_mulhilo(vu a, uint32_t m, vu *hi, vu *lo)
{
    const vu mv = _mm512_set1_epi32((int)m);
    const vu pe = _mm512_mul_epu32(a, mv);
    const vu po = _mm512_mul_epu32(_mm512_srli_epi64(a, 32), mv);
    *lo = _mm512_mask_blend_epi32(0xAAAA, pe, _mm512_slli_epi64(po, 32));
    *hi = _mm512_mask_blend_epi32(0xAAAA, _mm512_srli_epi64(pe, 32), po);
}
static inline void vu_store(uint32_t *p, vu a) { _mm512_storeu_si512((void *)p, a); }
static inline vf vf_set1(float a) { return _mm512_set1_ps(a); }
static inline vf vf_add(vf a, vf b) { return _mm512_add_ps(a, b); }
static inline vf vf_sub(vf a, vf b) { return _mm512_sub_ps(a, b); }
static inline vf vf_mul(vf a, vf b) { return _mm512_mul_ps(a, b); }
static inline vf vf_sqrt(vf a) { return _mm512_sqrt_ps(a); }
static inline vf vf_from_i32(vu a) { return _mm512_cvtepi32_ps(a); }
static inline vf vf_from_u32(vu a) { return _mm512_cvtepu32_ps(a); }
static inline vu vf_as_vu(vf a) { return _mm512_castps_si512(a); }
static inline vf vu_as_vf(vu a) { return _mm512_castsi512_ps(a); }
static inline vu vf_lt_mask(vf a, vf b)
{
    return _mm512_maskz_set1_epi32(_mm512_cmp_ps_mask(a, b, _CMP_LT_OQ), -1);
}
static inline void vf_store(float *p, vf a) { _mm512_storeu_ps(p, a); }
static inline vf vf_sign(const uint8_t *cw)
{
    const vu bits = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)cw));
    return _mm512_castsi512_ps(
        _mm512_or_si512(_mm512_slli_epi32(bits, 31), _mm512_set1_epi32(0x3f800000)));
}
static inline vf vf_max_abs(vf m, vf x) { return _mm512_max_ps(m, _mm512_abs_ps(x)); }
static inline float vf_hmax(vf m) { return _mm512_reduce_max_ps(m); }
/* 4 x 16 -> memory order: 4 x 4 transposes within each 128-bit block give blocks
 * [q0 q4 q8 q12] [q1 q5 q9 q13] [q2 ...] [q3 ...] (q = one quad's 4 words); a 4 x 4 transpose
 * of the blocks finishes */
static inline void transpose4_f(vf d[4])
{
    const vf t0 = _mm512_unpacklo_ps(d[0], d[1]), t1 = _mm512_unpackhi_ps(d[0], d[1]);
    const vf t2 = _mm512_unpacklo_ps(d[2], d[3]), t3 = _mm512_unpackhi_ps(d[2], d[3]);
    const vf u0 = _mm512_shuffle_ps(t0, t2, 0x44), u1 = _mm512_shuffle_ps(t0, t2, 0xEE);
    const vf u2 = _mm512_shuffle_ps(t1, t3, 0x44), u3 = _mm512_shuffle_ps(t1, t3, 0xEE);
    const vf a = _mm512_shuffle_f32x4(u0, u1, 0x44), b = _mm512_shuffle_f32x4(u2, u3, 0x44);
    const vf c = _mm512_shuffle_f32x4(u0, u1, 0xEE), e = _mm512_shuffle_f32x4(u2, u3, 0xEE);
    d[0] = _mm512_shuffle_f32x4(a, b, 0x88);
    d[1] = _mm512_shuffle_f32x4(a, b, 0xDD);
    d[2] = _mm512_shuffle_f32x4(c, e, 0x88);
    d[3] = _mm512_shuffle_f32x4(c, e, 0xDD);
}
static inline void transpose4_u(vu d[4])
{
    vf f[4];
    for (int i = 0; i < 4; i++)
        f[i] = _mm512_castsi512_ps(d[i]);
    transpose4_f(f);
    for (int i = 0; i < 4; i++)
        d[i] = _mm512_castps_si512(f[i]);
}

/* Philox4x32-10 on nb blocks of 16 quads (quads q_lo0 + 16 b + lane), each word in the low half
 * of a 64-bit lane (even quads in one vector, odd in another): _mm512_mul_epu32 then yields lo
 * in place and hi one shift away, with no blends; the high halves carry garbage that the
 * multiplies ignore and the final blend drops. 12 instructions a round instead of 16. */
static inline void philox_p64(const vu *k0, const vu *k1, uint32_t q_lo0, uint32_t q_hi,
                              uint64_t frame, vu *d, int nb)
{
    const __m512i even = _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14);
    __m512i x[4], y[4], z[4], w[4]; /* [2 b] even quads of block b, [2 b + 1] odd */
    for (int h = 0; h < 2 * nb; h++) {
        x[h] = _mm512_add_epi64(_mm512_set1_epi64(q_lo0 + 16u * (unsigned)(h >> 1) + (unsigned)(h & 1)), even);
        y[h] = _mm512_set1_epi64(q_hi);
        z[h] = _mm512_set1_epi64((uint32_t)frame);
        w[h] = _mm512_set1_epi64((uint32_t)(frame >> 32));
    }
    const __m512i m0 = _mm512_set1_epi64(0xD2511F53u), m1 = _mm512_set1_epi64(0xCD9E8D57u);
    for (int r = 0; r < 10; r++)
        for (int h = 0; h < 2 * nb; h++) {
            const __m512i p0 = _mm512_mul_epu32(x[h], m0), p1 = _mm512_mul_epu32(z[h], m1);
            /* 0x96: a ^ b ^ c */
            x[h] = _mm512_ternarylogic_epi32(_mm512_srli_epi64(p1, 32), y[h], k0[r], 0x96);
            z[h] = _mm512_ternarylogic_epi32(_mm512_srli_epi64(p0, 32), w[h], k1[r], 0x96);
            y[h] = p1;
            w[h] = p0;
        }
    for (int b = 0; b < nb; b++) {
        d[4 * b + 0] = _mm512_mask_blend_epi32(0xAAAA, x[2 * b], _mm512_slli_epi64(x[2 * b + 1], 32));
        d[4 * b + 1] = _mm512_mask_blend_epi32(0xAAAA, y[2 * b], _mm512_slli_epi64(y[2 * b + 1], 32));
        d[4 * b + 2] = _mm512_mask_blend_epi32(0xAAAA, z[2 * b], _mm512_slli_epi64(z[2 * b + 1], 32));
        d[4 * b + 3] = _mm512_mask_blend_epi32(0xAAAA, w[2 * b], _mm512_slli_epi64(w[2 * b + 1], 32));
    }
}
static inline void philox_p64_1(const vu *k0, const vu *k1, uint32_t q_lo0, uint32_t q_hi,
                                uint64_t frame, vu d[4])
{
    philox_p64(k0, k1, q_lo0, q_hi, frame, d, 1);
}
static inline void philox_p64_2(const vu *k0, const vu *k1, uint32_t q_lo0, uint32_t q_hi,
                                uint64_t frame, vu d[8])
{
    philox_p64(k0, k1, q_lo0, q_hi, frame, d, 2);
}
#define SIM_PHILOX_ISA philox_p64_1
#define SIM_PHILOX2_ISA philox_p64_2

/* The int8 rule on 16 lanes, as quantize8 of the AVX2 variant. */
static void quantize_i8_avx512(const float *llr, size_t count, float scale, int8_t *out)
{
    const __m512 s = _mm512_set1_ps(scale), half = _mm512_set1_ps(0.5f);
    const __m512i signbit = _mm512_set1_epi32((int)0x80000000u), onebits = _mm512_set1_epi32(0x3f800000);
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        __m512 q = _mm512_mul_ps(_mm512_loadu_ps(llr + i), s);
        q = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(q, q, _CMP_ORD_Q), q);
        q = _mm512_min_ps(_mm512_max_ps(q, _mm512_set1_ps(-127.0f)), _mm512_set1_ps(127.0f));
        const __m512 t = _mm512_roundscale_ps(q, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
        const __m512 frac = _mm512_abs_ps(_mm512_sub_ps(q, t));
        const __m512 one = _mm512_castsi512_ps(
            _mm512_or_si512(_mm512_and_si512(_mm512_castps_si512(q), signbit), onebits));
        const __m512 r = _mm512_mask_add_ps(t, _mm512_cmp_ps_mask(frac, half, _CMP_GE_OQ), t, one);
        _mm_storeu_si128((__m128i *)(out + i), _mm512_cvtepi32_epi8(_mm512_cvttps_epi32(r)));
    }
    for (; i < count; i++)
        out[i] = ldpc_llr_to_i8_one(llr[i], scale);
}
#define SIM_QUANTIZE_I8 quantize_i8_avx512

#include "sim_noise_impl.h"
