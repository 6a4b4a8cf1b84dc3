/* The SSE4.1 kernel of int8 messages: 16 frames per vector, the check nodes on bytes. The
 * AVX2 form (vec_avx2_i8.h) with 128-bit registers: a vector (one column of 16 frames) is two
 * int16 registers, frames 0-7 and 8-15, on which the APP update runs; a message is one byte per
 * frame in pair order (byte 2j: frame j, byte 2j + 1: frame 8 + j); the check-node part of a
 * row runs on t saturated to a byte, 16 frames per instruction (row_i8_bytes.h; why that is
 * the fixed-point model's rule 3 exactly: vec_avx512_i8.h). packs leaves the 16 bytes in frame
 * order here (one 128-bit lane). Needs SIMD_FMT_I16 (int16 elements for load_x86.h). */
#include <immintrin.h>
#include <math.h>

#if !defined(SIMD_FMT_I16)
#error "vec_sse41_i8.h: define SIMD_FMT_I16 (the APP is int16)"
#endif

#define LANES 16
typedef int16_t elem_t;
#define ELEM_MAX 32767
#define ELEM_MIN (-32768)

typedef struct vec_t {
    __m128i lo, hi; /* frames 0-7, 8-15 (in memory: app[j * 16 + l]) */
} vec_t;

static inline vec_t v_load(const vec_t *p)
{
    vec_t r = {_mm_load_si128(&p->lo), _mm_load_si128(&p->hi)};
    return r;
}
static inline void v_store(vec_t *p, vec_t a)
{
    _mm_store_si128(&p->lo, a.lo);
    _mm_store_si128(&p->hi, a.hi);
}
static inline vec_t v_zero(void)
{
    vec_t r = {_mm_setzero_si128(), _mm_setzero_si128()};
    return r;
}
static inline vec_t v_neg(vec_t t) { return t; }
static inline vec_t v_xor(vec_t a, vec_t b)
{
    vec_t r = {_mm_xor_si128(a.lo, b.lo), _mm_xor_si128(a.hi, b.hi)};
    return r;
}
static inline vec_t v_add(vec_t a, vec_t b)
{
    vec_t r = {_mm_adds_epi16(a.lo, b.lo), _mm_adds_epi16(a.hi, b.hi)};
    return r;
}
static inline vec_t v_sub(vec_t a, vec_t b)
{
    vec_t r = {_mm_subs_epi16(a.lo, b.lo), _mm_subs_epi16(a.hi, b.hi)};
    return r;
}
/* bit l: lane l negative (packs keeps frame order in one 128-bit lane) */
static inline uint64_t v_signs(vec_t a) { return (uint16_t)_mm_movemask_epi8(_mm_packs_epi16(a.lo, a.hi)); }

/* Messages: 16 bytes in pair order, as vec_avx512_i8.h's: byte 2j holds frame j (of lo) and
 * byte 2j + 1 frame 8 + j (of hi); widened by one pmaddubsw (lo) and one 16-bit arithmetic
 * shift (hi). */
typedef __m128i msg_t;
static inline vec_t m_widen_(__m128i c)
{
    vec_t r = {_mm_maddubs_epi16(_mm_set1_epi16(0x0001), c), _mm_srai_epi16(c, 8)};
    return r;
}
static inline vec_t m_load(const msg_t *p) { return m_widen_(_mm_load_si128(p)); }
/* packs order (frame order here) -> pair order: bytes 0 8 1 9 .. 7 15 */
static inline __m128i m_pair_(__m128i c)
{
    const __m128i ctl = _mm_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
    return _mm_shuffle_epi8(c, ctl);
}

#include "vec_keep_bytes.h"
static inline vec_t m_load_keep(const msg_t *p, keep_t k)
{
    const vec_t m = m_load(p);
    vec_t r = {_mm_and_si128(m.lo, k.lo), _mm_and_si128(m.hi, k.hi)};
    return r;
}

/* The byte operations of row_i8_bytes.h's row */
typedef __m128i b8_t;
/* The 16 frames of t as bytes, saturated, in packs order (frames 0-7 of lo, then 8-15 of hi) */
static inline __m128i sat8_(vec_t x) { return _mm_packs_epi16(x.lo, x.hi); }
static inline __m128i b8_ones(void) { return _mm_set1_epi8(-1); }
static inline __m128i b8_zero(void) { return _mm_setzero_si128(); }
static inline __m128i b8_abs(__m128i a) { return _mm_abs_epi8(a); }
static inline __m128i b8_minu(__m128i a, __m128i b) { return _mm_min_epu8(a, b); }
static inline __m128i b8_maxu(__m128i a, __m128i b) { return _mm_max_epu8(a, b); }
static inline __m128i b8_xor(__m128i a, __m128i b) { return _mm_xor_si128(a, b); }
static inline void b8_store(msg_t *p, __m128i c) { _mm_store_si128(p, c); }

/* m where s is not negative, else -m (bytes): psignb with a sign that is never 0 */
static inline __m128i sign8_(__m128i m, __m128i s)
{
    return _mm_sign_epi8(m, _mm_or_si128(s, _mm_set1_epi8(1)));
}

/* s(min(m, CMAX)) of rule 3 on bytes m in 0..255 (unsigned), as vec_avx512_i8.h's */
static inline __m128i clamp_scale8_(__m128i m, const simd_params *prm)
{
    m = _mm_min_epu8(m, _mm_set1_epi8((char)prm->cmax));
    if (prm->algorithm == LDPC_ALG_NORMALIZED_MIN_SUM) {
        const __m128i z = _mm_setzero_si128(), a = _mm_set1_epi16((short)prm->nms_a15);
        const __m128i lo = _mm_mulhrs_epi16(_mm_unpacklo_epi8(m, z), a);
        const __m128i hi = _mm_mulhrs_epi16(_mm_unpackhi_epi8(m, z), a);
        m = _mm_packus_epi16(lo, hi);
    } else if (prm->algorithm == LDPC_ALG_OFFSET_MIN_SUM) {
        m = _mm_subs_epu8(m, _mm_set1_epi8((char)(prm->oms_q > 255 ? 255 : prm->oms_q)));
    }
    return _mm_min_epu8(m, _mm_set1_epi8((char)prm->mcap));
}

/* an edge's new message: the edge holding the minimum (t == min1 carrying t's sign) gets s2;
 * psignb gives min1 t's sign (-min1 of 128 wraps to 128, as the AVX-512 form's subtraction) */
static inline __m128i b8_edge_(__m128i x8, __m128i min1, __m128i s1, __m128i s2)
{
    const __m128i s = _mm_or_si128(x8, _mm_set1_epi8(1));
    const __m128i m = _mm_blendv_epi8(s1, s2, _mm_cmpeq_epi8(x8, _mm_sign_epi8(min1, s)));
    return _mm_sign_epi8(m, s);
}

/* no bytes of t kept between the passes: with 16 vector registers they spilled */
#define ROW8_KEPT 0
#include "row_i8_bytes.h"

#include <string.h>
#define SIMD_X86 1
#include "load_x86.h"
