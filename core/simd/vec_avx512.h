/* Vector operations for the kernel template with AVX-512F + AVX-512BW (512-bit): 32 int16 or
 * 16 float lanes. Same meaning as vec_generic.h, which documents each operation.
 * Only F and BW instructions are used (no DQ), so any AVX-512BW CPU runs it. */
#include <math.h>
#ifdef LDPCGPU_SIMD_EMULATE_AVX512
/* Test build only (tests/avx512_emulated.c): the same code on SIMDe's portable AVX-512, so the
 * kernel's logic is checked on CPUs without AVX-512. Shims for what SIMDe 0.7 lacks. */
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
#define _mm512_cmpeq_epi16_mask emu_cmpeq_epi16_mask
#define _mm512_mask_sub_epi16 emu_mask_sub_epi16
#define _mm512_cmplt_epi32_mask emu_cmplt_epi32_mask
#else
#include <immintrin.h>
#endif

#if defined(SIMD_FMT_I16)
typedef __m512i vec_t;
static inline vec_t v_load(const vec_t *p) { return _mm512_load_si512(p); }
static inline void v_store(vec_t *p, vec_t a) { _mm512_store_si512(p, a); }
static inline vec_t v_zero(void) { return _mm512_setzero_si512(); }
static inline vec_t v_min_init(void) { return _mm512_set1_epi8(-1); }
static inline vec_t v_neg(vec_t t) { return t; }
static inline vec_t v_xor(vec_t a, vec_t b) { return _mm512_xor_si512(a, b); }
#endif

#if defined(SIMD_FMT_I16)
#define LANES 32
typedef int16_t elem_t;
#define ELEM_MAX 32767
#define ELEM_MIN (-32768)
static inline vec_t v_sub(vec_t a, vec_t b) { return _mm512_subs_epi16(a, b); }
static inline vec_t v_add(vec_t a, vec_t b) { return _mm512_adds_epi16(a, b); }
static inline vec_t v_mag(vec_t a) { return _mm512_abs_epi16(a); }
static inline vec_t v_min(vec_t a, vec_t b) { return _mm512_min_epu16(a, b); }
static inline vec_t v_max(vec_t a, vec_t b) { return _mm512_max_epu16(a, b); }
static inline vec_t v_sign_apply(vec_t m, vec_t s)
{
    return _mm512_mask_sub_epi16(m, _mm512_movepi16_mask(s), _mm512_setzero_si512(), m);
}
static inline vec_t v_sel_eq(vec_t a, vec_t b, vec_t x, vec_t y)
{
    return _mm512_mask_blend_epi16(_mm512_cmpeq_epi16_mask(a, b), y, x);
}
static inline uint64_t v_signs(vec_t a) { return (uint32_t)_mm512_movepi16_mask(a); }
static inline vec_t v_clamp_scale(vec_t m, const simd_params *prm)
{
    m = _mm512_min_epu16(m, _mm512_set1_epi16((short)prm->cmax));
    if (prm->algorithm == LDPC_ALG_NORMALIZED_MIN_SUM)
        m = _mm512_mulhrs_epi16(m, _mm512_set1_epi16((short)prm->nms_a15));
    else if (prm->algorithm == LDPC_ALG_OFFSET_MIN_SUM)
        m = _mm512_subs_epu16(m, _mm512_set1_epi16((short)prm->oms_q));
    return _mm512_min_epi16(m, _mm512_set1_epi16((short)prm->mcap));
}

#elif defined(SIMD_FMT_F32)
#define LANES 16
typedef float elem_t;
typedef __m512 vec_t;
#define SIGNBITS_ _mm512_set1_epi32((int)0x80000000u)
static inline vec_t v_load(const vec_t *p) { return _mm512_load_ps((const float *)p); }
static inline void v_store(vec_t *p, vec_t a) { _mm512_store_ps((float *)p, a); }
static inline vec_t v_zero(void) { return _mm512_setzero_ps(); }
static inline vec_t v_min_init(void) { return _mm512_set1_ps(INFINITY); }
static inline vec_t v_sub(vec_t a, vec_t b) { return _mm512_sub_ps(a, b); }
static inline vec_t v_add(vec_t a, vec_t b) { return _mm512_add_ps(a, b); }
static inline vec_t v_mag(vec_t a)
{
    return _mm512_castsi512_ps(_mm512_andnot_si512(SIGNBITS_, _mm512_castps_si512(a)));
}
static inline vec_t v_min(vec_t a, vec_t b) { return _mm512_min_ps(a, b); }
static inline vec_t v_max(vec_t a, vec_t b) { return _mm512_max_ps(a, b); }
static inline vec_t v_neg(vec_t t)
{
    __mmask16 k = _mm512_cmp_ps_mask(t, _mm512_setzero_ps(), _CMP_LT_OQ);
    return _mm512_castsi512_ps(_mm512_maskz_mov_epi32(k, _mm512_set1_epi32(-1)));
}
static inline vec_t v_xor(vec_t a, vec_t b)
{
    return _mm512_castsi512_ps(_mm512_xor_si512(_mm512_castps_si512(a), _mm512_castps_si512(b)));
}
static inline vec_t v_sign_apply(vec_t m, vec_t s)
{
    __m512i sb = _mm512_and_si512(_mm512_castps_si512(s), SIGNBITS_);
    return _mm512_castsi512_ps(_mm512_xor_si512(_mm512_castps_si512(m), sb));
}
static inline vec_t v_sel_eq(vec_t a, vec_t b, vec_t x, vec_t y)
{
    return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(a, b, _CMP_EQ_OQ), y, x);
}
static inline uint64_t v_signs(vec_t a)
{
    return (uint16_t)_mm512_cmplt_epi32_mask(_mm512_castps_si512(a), _mm512_setzero_si512());
}
static inline vec_t v_clamp_scale(vec_t m, const simd_params *prm)
{
    if (prm->algorithm == LDPC_ALG_NORMALIZED_MIN_SUM) {
        m = _mm512_mul_ps(m, _mm512_set1_ps(prm->nms_alpha));
    } else if (prm->algorithm == LDPC_ALG_OFFSET_MIN_SUM) {
        const __m512 b = _mm512_set1_ps(prm->oms_beta);
        m = _mm512_maskz_sub_ps(_mm512_cmp_ps_mask(m, b, _CMP_GT_OQ), m, b);
    }
    return m;
}
#else
#error "define SIMD_FMT_I16 or SIMD_FMT_F32"
#endif

#include <string.h>
#define SIMD_X86 1
#include "load_x86.h"

/* Message storage (the c2v store, kernel_impl.h's msg_t): int8 messages (SIMD_MSG_I8) are
 * stored as bytes, half the memory traffic of the int16 lanes they are computed in: every
 * message is within +-MCAP <= 127 (decoder_fixed.h), so the narrowing is exact. Other formats
 * store their vectors as they are. */
#if defined(SIMD_MSG_I8)
typedef __m256i msg_t;
static inline vec_t m_load(const msg_t *p) { return _mm512_cvtepi8_epi16(_mm256_load_si256(p)); }
static inline void m_store(msg_t *p, vec_t a) { _mm256_store_si256(p, _mm512_cvtepi16_epi8(a)); }
#else
typedef vec_t msg_t;
#define m_load v_load
#define m_store v_store
#endif
