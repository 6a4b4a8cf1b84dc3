/* The AVX2 kernel of int8 messages: 32 frames per vector, the check nodes on bytes. The AVX-512
 * form (vec_avx512_i8.h) with 256-bit registers: a vector (one column of 32 frames) is two
 * int16 registers, frames 0-15 and 16-31, on which the APP update runs; a message is one byte
 * per frame, 32 bytes per edge, in pair order (below); the check-node part of a row runs on t
 * saturated to a byte, 32 frames per instruction (row_i8_bytes.h; why that is the fixed-point
 * model's rule 3 exactly: vec_avx512_i8.h). AVX2 has no mask registers: signs are applied with
 * vpsignb, the edge holding the minimum is chosen with a byte compare and blend, the keep mask
 * is a vector (vec_keep_bytes.h). Needs SIMD_FMT_I16 (int16 elements for load_x86.h). */
#include <immintrin.h>
#include <math.h>

#if !defined(SIMD_FMT_I16)
#error "vec_avx2_i8.h: define SIMD_FMT_I16 (the APP is int16)"
#endif

#define LANES 32
typedef int16_t elem_t;
#define ELEM_MAX 32767
#define ELEM_MIN (-32768)

typedef struct vec_t {
    __m256i lo, hi; /* frames 0-15, 16-31 (in memory: app[j * 32 + l]) */
} vec_t;

static inline vec_t v_load(const vec_t *p)
{
    vec_t r = {_mm256_load_si256(&p->lo), _mm256_load_si256(&p->hi)};
    return r;
}
static inline void v_store(vec_t *p, vec_t a)
{
    _mm256_store_si256(&p->lo, a.lo);
    _mm256_store_si256(&p->hi, a.hi);
}
static inline vec_t v_zero(void)
{
    vec_t r = {_mm256_setzero_si256(), _mm256_setzero_si256()};
    return r;
}
static inline vec_t v_neg(vec_t t) { return t; }
static inline vec_t v_xor(vec_t a, vec_t b)
{
    vec_t r = {_mm256_xor_si256(a.lo, b.lo), _mm256_xor_si256(a.hi, b.hi)};
    return r;
}
static inline vec_t v_add(vec_t a, vec_t b)
{
    vec_t r = {_mm256_adds_epi16(a.lo, b.lo), _mm256_adds_epi16(a.hi, b.hi)};
    return r;
}
static inline vec_t v_sub(vec_t a, vec_t b)
{
    vec_t r = {_mm256_subs_epi16(a.lo, b.lo), _mm256_subs_epi16(a.hi, b.hi)};
    return r;
}
/* bit l: lane l negative. packs leaves 64-bit quarters lo 0-7, hi 0-7, lo 8-15, hi 8-15; one
 * permutation puts them in frame order */
static inline uint64_t v_signs(vec_t a)
{
    const __m256i p = _mm256_permute4x64_epi64(_mm256_packs_epi16(a.lo, a.hi), 0xD8);
    return (uint32_t)_mm256_movemask_epi8(p);
}

/* Messages: 32 bytes in pair order, as vec_avx512_i8.h's: byte 2j of 128-bit lane k holds frame
 * 8k + j (of lo) and byte 2j + 1 frame 16 + 8k + j (of hi); widened by one vpmaddubsw (lo) and
 * one 16-bit arithmetic shift (hi). */
typedef __m256i msg_t;
static inline vec_t m_widen_(__m256i c)
{
    vec_t r = {_mm256_maddubs_epi16(_mm256_set1_epi16(0x0001), c), _mm256_srai_epi16(c, 8)};
    return r;
}
static inline vec_t m_load(const msg_t *p) { return m_widen_(_mm256_load_si256(p)); }
/* packs order -> pair order: in each lane, bytes 0 8 1 9 .. 7 15 */
static inline __m256i m_pair_(__m256i c)
{
    const __m256i ctl = _mm256_broadcastsi128_si256(_mm_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15));
    return _mm256_shuffle_epi8(c, ctl);
}

#include "vec_keep_bytes.h"
static inline vec_t m_load_keep(const msg_t *p, keep_t k)
{
    const vec_t m = m_load(p);
    vec_t r = {_mm256_and_si256(m.lo, k.lo), _mm256_and_si256(m.hi, k.hi)};
    return r;
}

/* The byte operations of row_i8_bytes.h's row */
typedef __m256i b8_t;
/* The 32 frames of t as bytes, saturated, in packs order (lane k: frames 8k .. 8k+7 of lo,
 * then those of hi) */
static inline __m256i sat8_(vec_t x) { return _mm256_packs_epi16(x.lo, x.hi); }
static inline __m256i b8_ones(void) { return _mm256_set1_epi8(-1); }
static inline __m256i b8_zero(void) { return _mm256_setzero_si256(); }
static inline __m256i b8_abs(__m256i a) { return _mm256_abs_epi8(a); }
static inline __m256i b8_minu(__m256i a, __m256i b) { return _mm256_min_epu8(a, b); }
static inline __m256i b8_maxu(__m256i a, __m256i b) { return _mm256_max_epu8(a, b); }
static inline __m256i b8_xor(__m256i a, __m256i b) { return _mm256_xor_si256(a, b); }
static inline void b8_store(msg_t *p, __m256i c) { _mm256_store_si256(p, c); }

/* m where s is not negative, else -m (bytes): vpsignb with a sign that is never 0 */
static inline __m256i sign8_(__m256i m, __m256i s)
{
    return _mm256_sign_epi8(m, _mm256_or_si256(s, _mm256_set1_epi8(1)));
}

/* s(min(m, CMAX)) of rule 3 on bytes m in 0..255 (unsigned), as vec_avx512_i8.h's */
static inline __m256i clamp_scale8_(__m256i m, const simd_params *prm)
{
    m = _mm256_min_epu8(m, _mm256_set1_epi8((char)prm->cmax));
    if (prm->algorithm == LDPC_ALG_NORMALIZED_MIN_SUM) {
        const __m256i z = _mm256_setzero_si256(), a = _mm256_set1_epi16((short)prm->nms_a15);
        const __m256i lo = _mm256_mulhrs_epi16(_mm256_unpacklo_epi8(m, z), a);
        const __m256i hi = _mm256_mulhrs_epi16(_mm256_unpackhi_epi8(m, z), a);
        m = _mm256_packus_epi16(lo, hi);
    } else if (prm->algorithm == LDPC_ALG_OFFSET_MIN_SUM) {
        m = _mm256_subs_epu8(m, _mm256_set1_epi8((char)(prm->oms_q > 255 ? 255 : prm->oms_q)));
    }
    return _mm256_min_epu8(m, _mm256_set1_epi8((char)prm->mcap));
}

/* an edge's new message: the edge holding the minimum (t == min1 carrying t's sign) gets s2;
 * vpsignb gives min1 t's sign (-min1 of 128 wraps to 128, as the AVX-512 form's subtraction) */
static inline __m256i b8_edge_(__m256i x8, __m256i min1, __m256i s1, __m256i s2)
{
    const __m256i s = _mm256_or_si256(x8, _mm256_set1_epi8(1));
    const __m256i m = _mm256_blendv_epi8(s1, s2, _mm256_cmpeq_epi8(x8, _mm256_sign_epi8(min1, s)));
    return _mm256_sign_epi8(m, s);
}

/* no bytes of t kept between the passes: with 16 vector registers they spilled */
#define ROW8_KEPT 0
#include "row_i8_bytes.h"

#include <string.h>
#define SIMD_X86 1
#include "load_x86.h"
