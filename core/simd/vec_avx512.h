/* Vector operations for the kernel template with AVX-512F + AVX-512BW (512-bit): 32 int16 or
 * 16 float lanes. Same meaning as vec_generic.h, which documents each operation.
 * Only F and BW instructions are used (no DQ), so any AVX-512BW CPU runs it. */
#include <math.h>
#include "avx512_intrin.h"

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

/* Message storage (kernel_impl.h's msg_t): the vectors as they are (int8 messages take
 * vec_avx512_i8.h). */
typedef vec_t msg_t;
#define m_load v_load
#define m_store v_store

/* Lanes whose stored messages are read (kernel_impl.h: a frame loaded into a lane since the
 * last iteration has no messages yet, so its lanes read 0): a zeroing masked move, which the
 * compiler folds into the load (costing what the plain load does). */
#if defined(SIMD_FMT_I16)
typedef __mmask32 keep_t;
static inline vec_t m_load_keep(const msg_t *p, keep_t k) { return _mm512_maskz_mov_epi16(k, m_load(p)); }
#else
typedef __mmask16 keep_t;
static inline vec_t m_load_keep(const msg_t *p, keep_t k) { return _mm512_maskz_mov_ps(k, m_load(p)); }
#endif
static inline keep_t k_lanes(uint64_t lanes) { return (keep_t)lanes; }
