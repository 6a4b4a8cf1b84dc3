/* The simulator's frame kernels with AVX2: 8 Philox quads side by side (sim_noise_impl.h).
 * Compiled with -mavx2 -ffp-contract=off (simd/CMakeLists.txt); called only after the CPU
 * check (sim_noise.c). */
#include <immintrin.h>
#include <string.h>
#include "sim_frame.h"

#define SIM_W 8
#define SIM_SUFFIX avx2
#define SIM_NAME "avx2"
typedef __m256i vu;
typedef __m256 vf;

static inline vu vu_set1(uint32_t a) { return _mm256_set1_epi32((int)a); }
static inline vu vu_iota(uint32_t b)
{
    return _mm256_add_epi32(_mm256_set1_epi32((int)b), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}
static inline vu vu_add(vu a, vu b) { return _mm256_add_epi32(a, b); }
static inline vu vu_sub(vu a, vu b) { return _mm256_sub_epi32(a, b); }
static inline vu vu_xor(vu a, vu b) { return _mm256_xor_si256(a, b); }
static inline vu vu_and(vu a, vu b) { return _mm256_and_si256(a, b); }
static inline vu vu_or(vu a, vu b) { return _mm256_or_si256(a, b); }
static inline vu vu_andnot(vu a, vu b) { return _mm256_andnot_si256(a, b); }
#define vu_srl(a, n) _mm256_srli_epi32((a), (n))
#define vu_sll(a, n) _mm256_slli_epi32((a), (n))
/* even lanes multiply in place, odd lanes after a 32-bit shift; the halves are blended back */
static inline void vu_mulhilo(vu a, uint32_t m, vu *hi, vu *lo)
{
    const vu mv = _mm256_set1_epi32((int)m);
    const vu pe = _mm256_mul_epu32(a, mv);
    const vu po = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), mv);
    *lo = _mm256_blend_epi32(pe, _mm256_slli_epi64(po, 32), 0xAA);
    *hi = _mm256_blend_epi32(_mm256_srli_epi64(pe, 32), po, 0xAA);
}
static inline void vu_store(uint32_t *p, vu a) { _mm256_storeu_si256((__m256i *)p, a); }
static inline vf vf_set1(float a) { return _mm256_set1_ps(a); }
static inline vf vf_add(vf a, vf b) { return _mm256_add_ps(a, b); }
static inline vf vf_sub(vf a, vf b) { return _mm256_sub_ps(a, b); }
static inline vf vf_mul(vf a, vf b) { return _mm256_mul_ps(a, b); }
static inline vf vf_sqrt(vf a) { return _mm256_sqrt_ps(a); }
static inline vf vf_from_i32(vu a) { return _mm256_cvtepi32_ps(a); }
/* no unsigned conversion before AVX-512: both 16-bit halves convert exactly, the sum rounds */
static inline vf vf_from_u32(vu a)
{
    return _mm256_add_ps(
        _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_srli_epi32(a, 16)), _mm256_set1_ps(65536.0f)),
        _mm256_cvtepi32_ps(_mm256_and_si256(a, _mm256_set1_epi32(0xffff))));
}
static inline vu vf_as_vu(vf a) { return _mm256_castps_si256(a); }
static inline vf vu_as_vf(vu a) { return _mm256_castsi256_ps(a); }
static inline vu vf_lt_mask(vf a, vf b) { return _mm256_castps_si256(_mm256_cmp_ps(a, b, _CMP_LT_OQ)); }
static inline void vf_store(float *p, vf a) { _mm256_storeu_ps(p, a); }
static inline vf vf_sign(const uint8_t *cw)
{
    int64_t b;
    memcpy(&b, cw, 8);
    const vu bits = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128(b));
    return _mm256_castsi256_ps(
        _mm256_or_si256(_mm256_slli_epi32(bits, 31), _mm256_set1_epi32(0x3f800000)));
}
static inline vf vf_max_abs(vf m, vf x)
{
    return _mm256_max_ps(m, _mm256_andnot_ps(_mm256_set1_ps(-0.0f), x));
}
static inline float vf_hmax(vf m)
{
    __m128 h = _mm_max_ps(_mm256_castps256_ps128(m), _mm256_extractf128_ps(m, 1));
    h = _mm_max_ps(h, _mm_movehl_ps(h, h));
    h = _mm_max_ss(h, _mm_shuffle_ps(h, h, 1));
    return _mm_cvtss_f32(h);
}
/* 4 x 8 -> memory order: within each 128-bit half a 4 x 4 transpose, then the halves */
static inline void transpose4_f(vf d[4])
{
    const vf t0 = _mm256_unpacklo_ps(d[0], d[1]), t1 = _mm256_unpackhi_ps(d[0], d[1]);
    const vf t2 = _mm256_unpacklo_ps(d[2], d[3]), t3 = _mm256_unpackhi_ps(d[2], d[3]);
    const vf u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE);
    const vf u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE);
    d[0] = _mm256_permute2f128_ps(u0, u1, 0x20);
    d[1] = _mm256_permute2f128_ps(u2, u3, 0x20);
    d[2] = _mm256_permute2f128_ps(u0, u1, 0x31);
    d[3] = _mm256_permute2f128_ps(u2, u3, 0x31);
}
static inline void transpose4_u(vu d[4])
{
    vf f[4];
    for (int i = 0; i < 4; i++)
        f[i] = _mm256_castsi256_ps(d[i]);
    transpose4_f(f);
    for (int i = 0; i < 4; i++)
        d[i] = _mm256_castps_si256(f[i]);
}

/* The int8 rule (sim_frame.h) on 8 lanes: NaN -> 0, clamp to +-127, round half away from zero
 * as truncation plus the sign where the dropped fraction is at least 1/2 (q - trunc(q) is
 * exact; adding 1/2 before truncating would round 0.49999997 up). */
static inline __m256i quantize8(__m256 q)
{
    q = _mm256_and_ps(q, _mm256_cmp_ps(q, q, _CMP_ORD_Q));
    q = _mm256_min_ps(_mm256_max_ps(q, _mm256_set1_ps(-127.0f)), _mm256_set1_ps(127.0f));
    const __m256 t = _mm256_round_ps(q, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    const __m256 frac = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), _mm256_sub_ps(q, t));
    const __m256 one = _mm256_or_ps(_mm256_and_ps(q, _mm256_set1_ps(-0.0f)), _mm256_set1_ps(1.0f));
    const __m256 adj = _mm256_and_ps(one, _mm256_cmp_ps(frac, _mm256_set1_ps(0.5f), _CMP_GE_OQ));
    return _mm256_cvttps_epi32(_mm256_add_ps(t, adj));
}

static void quantize_i8_avx2(const float *llr, size_t count, float scale, int8_t *out)
{
    const __m256 s = _mm256_set1_ps(scale);
    size_t i = 0;
    for (; i + 32 <= count; i += 32) {
        const __m256i a = quantize8(_mm256_mul_ps(_mm256_loadu_ps(llr + i), s));
        const __m256i b = quantize8(_mm256_mul_ps(_mm256_loadu_ps(llr + i + 8), s));
        const __m256i c = quantize8(_mm256_mul_ps(_mm256_loadu_ps(llr + i + 16), s));
        const __m256i d = quantize8(_mm256_mul_ps(_mm256_loadu_ps(llr + i + 24), s));
        /* the packs work per 128-bit half: groups of 4 bytes a0-3 b0-3 c0-3 d0-3 a4-7 ... d4-7 */
        const __m256i p = _mm256_packs_epi16(_mm256_packs_epi32(a, b), _mm256_packs_epi32(c, d));
        _mm256_storeu_si256((__m256i *)(out + i),
                            _mm256_permutevar8x32_epi32(p, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7)));
    }
    for (; i < count; i++)
        out[i] = ldpc_llr_to_i8_one(llr[i], scale);
}
#define SIM_QUANTIZE_I8 quantize_i8_avx2

#include "sim_noise_impl.h"
