/* The AVX-512BW kernel of int8 messages: 64 frames per vector, the check nodes on bytes.
 *
 * The APP and t = APP - message need more than 8 bits (decoder_fixed.h: |APP| <= 896), so a
 * vector (one column of 64 frames) is two int16 registers, frames 0-31 and 32-63, and the APP
 * update runs on them; a message (|c| <= MCAP <= 127) is one byte per frame, 64 bytes per edge.
 * The check-node part of a row (magnitudes, the two minima, signs, the edge test, the new
 * messages) runs on t saturated to a byte, 64 frames per instruction. For int8 messages (CMAX =
 * 127) that is decoder_fixed.h's rule 3 exactly:
 *  - the rule uses a magnitude only as s(min(m, CMAX)); |sat8(t)| (0..128) and |t| agree after
 *    min(., CMAX) = min(., 127), and the two smallest magnitudes commute with that clamp;
 *  - the edge test "|t| == min1" (t == min1 carrying t's sign, as kernel_impl.h) differs from
 *    the int16 test only for edges with |t| >= 127 when min1 >= 127, where s(min1) = s(min2);
 *  - sat8 keeps the sign, and t = 0 stays 0.
 * Per edge and 64 frames: 22 vector operations (24 writing the hard-decision words), none of
 * them crossing 128-bit lanes (messages in pair order, below), against 2 x 14 for two vectors of
 * 32 int16 lanes with byte-stored messages (vec_avx512.h).
 * The other operations (load, checks, hard decisions, flooding's column sums) are the int16 ones
 * of vec_avx512.h, on both halves. Needs SIMD_FMT_I16 (int16 elements for load_x86.h). */
#include <math.h>
#include "avx512_intrin.h"

#if !defined(SIMD_FMT_I16)
#error "vec_avx512_i8.h: define SIMD_FMT_I16 (the APP is int16)"
#endif

#define LANES 64
typedef int16_t elem_t;
#define ELEM_MAX 32767
#define ELEM_MIN (-32768)

typedef struct vec_t {
    __m512i lo, hi; /* frames 0-31, 32-63 (in memory: app[j * 64 + l]) */
} vec_t;

static inline vec_t v_load(const vec_t *p)
{
    vec_t r = {_mm512_load_si512(&p->lo), _mm512_load_si512(&p->hi)};
    return r;
}
static inline void v_store(vec_t *p, vec_t a)
{
    _mm512_store_si512(&p->lo, a.lo);
    _mm512_store_si512(&p->hi, a.hi);
}
static inline vec_t v_zero(void)
{
    vec_t r = {_mm512_setzero_si512(), _mm512_setzero_si512()};
    return r;
}
static inline vec_t v_neg(vec_t t) { return t; }
static inline vec_t v_xor(vec_t a, vec_t b)
{
    vec_t r = {_mm512_xor_si512(a.lo, b.lo), _mm512_xor_si512(a.hi, b.hi)};
    return r;
}
static inline vec_t v_add(vec_t a, vec_t b)
{
    vec_t r = {_mm512_adds_epi16(a.lo, b.lo), _mm512_adds_epi16(a.hi, b.hi)};
    return r;
}
static inline vec_t v_sub(vec_t a, vec_t b)
{
    vec_t r = {_mm512_subs_epi16(a.lo, b.lo), _mm512_subs_epi16(a.hi, b.hi)};
    return r;
}
static inline uint64_t v_signs(vec_t a)
{
    return (uint64_t)(uint32_t)_mm512_movepi16_mask(a.lo) |
           (uint64_t)(uint32_t)_mm512_movepi16_mask(a.hi) << 32;
}

/* Messages: 64 bytes in "pair order": byte 2j of 128-bit lane k holds frame 8k + j (of lo) and
 * byte 2j + 1 frame 32 + 8k + j (of hi), so that each int16 half is one in-lane vpmaddubsw
 * with a constant 1 in the even or the odd bytes: the sign-extended bytes in frame order, with
 * the keep mask folded in. t's bytes (sat8_, below) come out of packs in "packs order" (lane k:
 * frames 8k .. 8k+7 of lo, then those of hi); a new message goes from that order to pair order
 * with one in-lane vpshufb before it is stored and widened. Against widening from packs order
 * (an unpack and a shift for each half: four instructions a message, two messages an edge):
 * one shuffle and four multiplies-adds an edge instead of eight. Only the rows read and write
 * messages (m_load, m_load_keep, the row below; kernel_impl.h), so no other code sees the order. */
typedef __m512i msg_t;
/* pair-order bytes -> the int16 halves in frame order, sign-extended */
static inline vec_t m_widen_(__m512i c)
{
    vec_t r = {_mm512_maddubs_epi16(_mm512_set1_epi16(0x0001), c), _mm512_srai_epi16(c, 8)};
    return r;
}
static inline vec_t m_load(const msg_t *p) { return m_widen_(_mm512_load_si512(p)); }
/* packs order -> pair order: in each lane, bytes 0 8 1 9 .. 7 15 */
static inline __m512i m_pair_(__m512i c)
{
    const __m512i ctl = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15));
    return _mm512_shuffle_epi8(c, ctl);
}

/* Lanes whose stored messages are read (kernel_impl.h: a frame loaded into a lane since the
 * last iteration has no messages yet, so its lanes read 0): the widenings zero-masked (frame
 * order: lane l is bit l of k) */
typedef __mmask64 keep_t;
static inline keep_t k_lanes(uint64_t lanes) { return (keep_t)lanes; }
static inline vec_t m_load_keep(const msg_t *p, keep_t k)
{
    const vec_t m = m_load(p);
    vec_t r = {_mm512_maskz_mov_epi16((__mmask32)k, m.lo), _mm512_maskz_mov_epi16((__mmask32)(k >> 32), m.hi)};
    return r;
}

/* The 64 frames of t as bytes, saturated, in packs order (above) */
static inline __m512i sat8_(vec_t x) { return _mm512_packs_epi16(x.lo, x.hi); }

/* m where s is not negative, else -m (bytes) */
static inline __m512i sign8_(__m512i m, __m512i s)
{
    return _mm512_mask_sub_epi8(m, _mm512_movepi8_mask(s), _mm512_setzero_si512(), m);
}

/* s(min(m, CMAX)) of rule 3 on bytes m in 0..255 (unsigned): CMAX <= 127 and MCAP <= 127, so
 * every value stays a byte; NMS's multiply runs on 16-bit halves (unpack with zero, packus
 * restores the order). */
static inline __m512i clamp_scale8_(__m512i m, const simd_params *prm)
{
    m = _mm512_min_epu8(m, _mm512_set1_epi8((char)prm->cmax));
    if (prm->algorithm == LDPC_ALG_NORMALIZED_MIN_SUM) {
        const __m512i z = _mm512_setzero_si512(), a = _mm512_set1_epi16((short)prm->nms_a15);
        const __m512i lo = _mm512_mulhrs_epi16(_mm512_unpacklo_epi8(m, z), a);
        const __m512i hi = _mm512_mulhrs_epi16(_mm512_unpackhi_epi8(m, z), a);
        m = _mm512_packus_epi16(lo, hi);
    } else if (prm->algorithm == LDPC_ALG_OFFSET_MIN_SUM) {
        /* an offset beyond 255 leaves 0 like one of 255: every m here is at most 127 */
        m = _mm512_subs_epu8(m, _mm512_set1_epi8((char)(prm->oms_q > 255 ? 255 : prm->oms_q)));
    }
    return _mm512_min_epu8(m, _mm512_set1_epi8((char)prm->mcap));
}

#define ROW8_KEPT 32 /* rows up to this degree keep their bytes of t from pass 1 */
#ifdef LDPCGPU_SIMD_EMULATE_AVX512
/* the test build on SIMDe: one plain copy of the row (each "instruction" there is a loop; the
 * unrolled copies per degree took the compiler tens of minutes) */
#define ROW8_ATTR_ static __attribute__((noinline))
#define ROW8_UNROLL_
#else
#define ROW8_ATTR_ static inline __attribute__((always_inline))
#define ROW8_UNROLL_ _Pragma("GCC unroll 32")
#endif

/* One row (kernel_impl.h's row_min_sum, which this replaces: V_ROW_MIN_SUM): pass 1 computes
 * t = APP - old message on int16 halves (kept in t), its saturated bytes, the two smallest
 * magnitudes and the sign product on bytes; pass 2 writes the new messages (bytes) and,
 * layered, the APP = t + message on int16 halves. */
#define V_ROW_MIN_SUM row_min_sum_i8x64
ROW8_ATTR_ void row_min_sum_i8x64(vec_t *app, const int32_t *off, int d, const msg_t *msg_in,
                                  keep_t keep, msg_t *msg, vec_t *t, const simd_params *prm,
                                  int layered, int alg, uint64_t *signs)
{
    __m512i t8[ROW8_KEPT];
    __m512i min1 = _mm512_set1_epi8(-1), min2 = min1, sgn = _mm512_setzero_si512();
    ROW8_UNROLL_
    for (int i = 0; i < d; i++) {
        const vec_t x = v_sub(v_load((const vec_t *)((const char *)app + off[i])),
                              m_load_keep(msg_in + i, keep));
        t[i] = x;
        const __m512i x8 = sat8_(x);
        if (i < ROW8_KEPT)
            t8[i] = x8;
        const __m512i a = _mm512_abs_epi8(x8);
        /* integers: the first two edges skip the comparisons with the initial 255 */
        if (i == 0) {
            min1 = a;
        } else if (i == 1) {
            min2 = _mm512_max_epu8(min1, a);
            min1 = _mm512_min_epu8(min1, a);
        } else {
            min2 = _mm512_min_epu8(min2, _mm512_max_epu8(min1, a));
            min1 = _mm512_min_epu8(min1, a);
        }
        sgn = _mm512_xor_si512(sgn, x8);
    }
    simd_params lp = *prm;
    lp.algorithm = (ldpc_algorithm)alg;
    const __m512i s1 = sign8_(clamp_scale8_(min1, &lp), sgn);
    const __m512i s2 = sign8_(clamp_scale8_(min2, &lp), sgn);
    ROW8_UNROLL_
    for (int i = 0; i < d; i++) {
        const __m512i x8 = i < ROW8_KEPT ? t8[i] : sat8_(t[i]);
        const __mmask64 neg = _mm512_movepi8_mask(x8);
        /* the edge holding the minimum (t == min1 carrying t's sign) gets the second one */
        const __m512i m1 = _mm512_mask_sub_epi8(min1, neg, _mm512_setzero_si512(), min1);
        const __m512i m = _mm512_mask_blend_epi8(_mm512_cmpeq_epi8_mask(x8, m1), s1, s2);
        const __m512i c = m_pair_(_mm512_mask_sub_epi8(m, neg, _mm512_setzero_si512(), m));
        _mm512_store_si512(msg + i, c);
        if (layered) {
            const vec_t a = v_add(t[i], m_widen_(c));
            v_store((vec_t *)((char *)app + off[i]), a);
            if (signs) /* frame order: from the int16 halves, not the bytes */
                signs[(uint32_t)off[i] / sizeof(vec_t)] = v_signs(a);
        }
    }
}

#include <string.h>
#define SIMD_X86 1
#include "load_x86.h"
