/* Vector operations for the kernel template with SSE4.1 (128-bit): 16 int8, 8 int16 or 4 float
 * lanes. Same meaning as vec_generic.h, which documents each operation. */
#include <smmintrin.h>
#include <math.h>

#if defined(SIMD_FMT_I16)
typedef __m128i vec_t;
static inline vec_t v_load(const vec_t *p) { return _mm_load_si128(p); }
static inline void v_store(vec_t *p, vec_t a) { _mm_store_si128(p, a); }
static inline vec_t v_zero(void) { return _mm_setzero_si128(); }
static inline vec_t v_min_init(void) { return _mm_set1_epi8(-1); }
static inline vec_t v_neg(vec_t t) { return t; }
static inline vec_t v_xor(vec_t a, vec_t b) { return _mm_xor_si128(a, b); }
#endif

#if defined(SIMD_FMT_I16)
#define LANES 8
typedef int16_t elem_t;
#define ELEM_MAX 32767
#define ELEM_MIN (-32768)
static inline vec_t v_sub(vec_t a, vec_t b) { return _mm_subs_epi16(a, b); }
static inline vec_t v_add(vec_t a, vec_t b) { return _mm_adds_epi16(a, b); }
static inline vec_t v_mag(vec_t a) { return _mm_abs_epi16(a); }
static inline vec_t v_min(vec_t a, vec_t b) { return _mm_min_epu16(a, b); }
static inline vec_t v_max(vec_t a, vec_t b) { return _mm_max_epu16(a, b); }
static inline vec_t v_sign_apply(vec_t m, vec_t s)
{
    return _mm_sign_epi16(m, _mm_or_si128(s, _mm_set1_epi16(1)));
}
static inline vec_t v_sel_eq(vec_t a, vec_t b, vec_t x, vec_t y)
{
    return _mm_blendv_epi8(y, x, _mm_cmpeq_epi16(a, b));
}
static inline uint64_t v_signs(vec_t a) { return (uint8_t)_mm_movemask_epi8(_mm_packs_epi16(a, a)); }
static inline vec_t v_clamp_scale(vec_t m, const simd_params *prm)
{
    m = _mm_min_epu16(m, _mm_set1_epi16((short)prm->cmax));
    if (prm->algorithm == LDPC_ALG_NORMALIZED_MIN_SUM)
        m = _mm_mulhrs_epi16(m, _mm_set1_epi16((short)prm->nms_a15));
    else if (prm->algorithm == LDPC_ALG_OFFSET_MIN_SUM)
        m = _mm_subs_epu16(m, _mm_set1_epi16((short)prm->oms_q));
    return _mm_min_epi16(m, _mm_set1_epi16((short)prm->mcap));
}

#elif defined(SIMD_FMT_F32)
#define LANES 4
typedef float elem_t;
typedef __m128 vec_t;
static inline vec_t v_load(const vec_t *p) { return _mm_load_ps((const float *)p); }
static inline void v_store(vec_t *p, vec_t a) { _mm_store_ps((float *)p, a); }
static inline vec_t v_zero(void) { return _mm_setzero_ps(); }
static inline vec_t v_min_init(void) { return _mm_set1_ps(INFINITY); }
static inline vec_t v_sub(vec_t a, vec_t b) { return _mm_sub_ps(a, b); }
static inline vec_t v_add(vec_t a, vec_t b) { return _mm_add_ps(a, b); }
static inline vec_t v_mag(vec_t a) { return _mm_andnot_ps(_mm_set1_ps(-0.0f), a); }
static inline vec_t v_min(vec_t a, vec_t b) { return _mm_min_ps(a, b); }
static inline vec_t v_max(vec_t a, vec_t b) { return _mm_max_ps(a, b); }
static inline vec_t v_neg(vec_t t) { return _mm_cmplt_ps(t, _mm_setzero_ps()); }
static inline vec_t v_xor(vec_t a, vec_t b) { return _mm_xor_ps(a, b); }
static inline vec_t v_sign_apply(vec_t m, vec_t s)
{
    return _mm_xor_ps(m, _mm_and_ps(s, _mm_set1_ps(-0.0f)));
}
static inline vec_t v_sel_eq(vec_t a, vec_t b, vec_t x, vec_t y)
{
    return _mm_blendv_ps(y, x, _mm_cmpeq_ps(a, b));
}
static inline uint64_t v_signs(vec_t a) { return (uint32_t)_mm_movemask_ps(a); }
static inline vec_t v_clamp_scale(vec_t m, const simd_params *prm)
{
    if (prm->algorithm == LDPC_ALG_NORMALIZED_MIN_SUM) {
        m = _mm_mul_ps(m, _mm_set1_ps(prm->nms_alpha));
    } else if (prm->algorithm == LDPC_ALG_OFFSET_MIN_SUM) {
        const __m128 b = _mm_set1_ps(prm->oms_beta);
        m = _mm_and_ps(_mm_cmpgt_ps(m, b), _mm_sub_ps(m, b));
    }
    return m;
}
#else
#error "define SIMD_FMT_I16 or SIMD_FMT_F32"
#endif

#include <string.h>
#define SIMD_X86 1
#include "load_x86.h"

/* Message storage (kernel_impl.h's msg_t): the vectors as they are. (Storing int8 messages as
 * bytes, as vec_avx512_i8.h does, cost more in packing here than it saved in memory traffic:
 * WiMAX 2304 r1/2 on AVX2 -17%.) */
typedef vec_t msg_t;
#define m_load v_load
#define m_store v_store

#include "vec_keep_bytes.h"
#if defined(SIMD_FMT_I16)
static inline vec_t m_load_keep(const msg_t *p, keep_t k) { return _mm_and_si128(m_load(p), k); }
#else
static inline vec_t m_load_keep(const msg_t *p, keep_t k) { return _mm_and_ps(m_load(p), k); }
#endif
