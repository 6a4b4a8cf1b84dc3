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
 * Per edge and 64 frames, 20 vector operations, none of them crossing 128-bit lanes (messages
 * in pair order, below): pass 1 10 (subtract 2, widen 2, packs, abs, the two minima 3, sign
 * xor), pass 2 10 (sign mask, signed min1, compare, blend, sign, pair shuffle, widen 2, add 2),
 * and 2 more writing the hard-decision words; against 2 x 14 for two vectors of 32 int16 lanes
 * with byte-stored messages (vec_avx512.h). The row itself is row_i8_bytes.h's,
 * shared with the AVX2 kernel (vec_avx2_i8.h), over the byte operations defined here.
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
    /* joined in the mask registers: one move to a general register, not two and a shift */
    return _cvtmask64_u64(_mm512_kunpackd(_mm512_movepi16_mask(a.hi), _mm512_movepi16_mask(a.lo)));
}

/* Messages: 64 bytes in "pair order": byte 2j of 128-bit lane k holds frame 8k + j (of lo) and
 * byte 2j + 1 frame 32 + 8k + j (of hi). Seen as 16-bit words, the hi frame is each word's high
 * byte, so one arithmetic shift by 8 sign-extends it, and one vpmaddubsw with 1 in the even
 * bytes sign-extends the lo frame: two in-lane instructions a message. t's bytes (sat8_, below)
 * come out of packs in "packs order" (lane k: frames 8k .. 8k+7 of lo, then those of hi); a
 * new message goes from that order to pair order with one in-lane vpshufb before it is stored
 * and widened. Measured on one AMD Zen 4 core (simd_bench wimax:2304:1/2, 10 it, decoding
 * alone, 10 alternated runs): widening from packs order (an unpack and a shift for each half)
 * 342.7 Mb/s, pair order 355.5; both halves by vpmaddubsw 331.8, both by shifts 348.6. Only the
 * row (row_i8_bytes.h) and m_load / m_load_keep (kernel_impl.h) read and write messages, so no
 * other code sees the order. */
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

/* The byte operations of row_i8_bytes.h's row */
typedef __m512i b8_t;
/* The 64 frames of t as bytes, saturated, in packs order (above) */
static inline __m512i sat8_(vec_t x) { return _mm512_packs_epi16(x.lo, x.hi); }
static inline __m512i b8_ones(void) { return _mm512_set1_epi8(-1); }
static inline __m512i b8_zero(void) { return _mm512_setzero_si512(); }
static inline __m512i b8_abs(__m512i a) { return _mm512_abs_epi8(a); }
static inline __m512i b8_minu(__m512i a, __m512i b) { return _mm512_min_epu8(a, b); }
static inline __m512i b8_maxu(__m512i a, __m512i b) { return _mm512_max_epu8(a, b); }
static inline __m512i b8_xor(__m512i a, __m512i b) { return _mm512_xor_si512(a, b); }
static inline void b8_store(msg_t *p, __m512i c) { _mm512_store_si512(p, c); }

/* m where s is not negative, else -m (bytes) */
static inline __m512i sign8_(__m512i m, __m512i s)
{
    return _mm512_mask_sub_epi8(m, _mm512_movepi8_mask(s), _mm512_setzero_si512(), m);
}

/* s(min(m, CMAX)) of rule 3 on bytes m in 0..255 (unsigned): CMAX <= 127 and MCAP <= 127, so
 * every value stays a byte. With VBMI (kernel_avx512vbmi_i8.c) it is the model's own value,
 * simd_params.mag8[min(m, 127)] (ldpc_fixed_scale clamps to CMAX itself), by one byte
 * permutation over the table's two registers: a row's two magnitudes cost 4 operations instead
 * of 14 for NMS (one Zen 4 core, 10 it, decoding alone: WiMAX 2304 r1/2 +6%, DVB-S2 64800 r1/2
 * +5%, 9/10 +4%) and of 6 for OMS (measured level). Without it NMS's multiply runs on 16-bit
 * halves (unpack with zero, packus restores the order). */
static inline __m512i clamp_scale8_(__m512i m, const simd_params *prm)
{
#if defined(__AVX512VBMI__) && !defined(LDPCGPU_SIMD_EMULATE_AVX512)
    return _mm512_permutex2var_epi8(_mm512_loadu_si512(prm->mag8),
                                    _mm512_min_epu8(m, _mm512_set1_epi8(127)),
                                    _mm512_loadu_si512(prm->mag8 + 64));
#else
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
#endif
}

/* Edge i's new message: the edge holding the minimum (|t| == min1) gets s2.
 * With idx and sb (a row kept as a record, below; NULL: not), that edge's index goes into idx
 * and t's sign into bit i % 8 of sb. */
static inline __m512i b8_edge_rec_(__m512i x8, __m512i min1, __m512i s1, __m512i s2, int i,
                                   __m512i *idx, __m512i *sb)
{
    const __mmask64 neg = _mm512_movepi8_mask(x8);
    /* |t| == min1, the same test; written so for the row of one vector an edge (no copy of
     * min1 to negate under a mask: WiMAX 2304 r1/2 +5%), as t == +-min1 for records (there
     * the other form spilled more: DVB-S2 64800 r1/2 -3%) */
    const __mmask64 eq =
        idx ? _mm512_cmpeq_epi8_mask(x8, _mm512_mask_sub_epi8(min1, neg, _mm512_setzero_si512(), min1))
            : _mm512_cmpeq_epi8_mask(_mm512_abs_epi8(x8), min1);
    if (idx)
        *idx = _mm512_mask_mov_epi8(*idx, eq, _mm512_set1_epi8((char)i));
    if (sb) /* the bit is clear before: adding it sets it */
        *sb = _mm512_mask_add_epi8(*sb, neg, *sb, _mm512_set1_epi8((char)(1 << (i & 7))));
    const __m512i m = _mm512_mask_blend_epi8(eq, s1, s2);
    return _mm512_mask_sub_epi8(m, neg, _mm512_setzero_si512(), m);
}
static inline __m512i b8_edge_(__m512i x8, __m512i min1, __m512i s1, __m512i s2)
{
    return b8_edge_rec_(x8, min1, s1, s2, 0, NULL, NULL);
}

/* A row's messages as one record (simd_plan.msg_records, row_i8_bytes.h): s1 and s2 (the row's
 * two message values, its sign product applied), the index of the edge that takes s2, and the
 * sign of each edge's t, a bit per edge, 8 edges a vector; every vector in pair order. */
#define B8_RECORDS 1
static inline __m512i b8_load(const msg_t *p) { return _mm512_load_si512(p); }
/* the lanes of keep (frame order) in pair order: frame f < 32 is byte 2f, frame 32 + f byte
 * 2f + 1 (m_widen_) */
typedef __mmask64 rkeep_t;
static inline uint64_t spread32_(uint64_t x)
{
    x = (x | x << 16) & 0x0000FFFF0000FFFFull;
    x = (x | x << 8) & 0x00FF00FF00FF00FFull;
    x = (x | x << 4) & 0x0F0F0F0F0F0F0F0Full;
    x = (x | x << 2) & 0x3333333333333333ull;
    return (x | x << 1) & 0x5555555555555555ull;
}
static inline rkeep_t r_keep(keep_t k)
{
    const uint64_t l = (uint64_t)k;
    return (rkeep_t)(spread32_(l & 0xFFFFFFFFu) | spread32_(l >> 32) << 1);
}
static inline __m512i r_keep_bytes(__m512i v, rkeep_t k) { return _mm512_maskz_mov_epi8(k, v); }
/* edge i's message from its record: s2 where idx is i, else s1, negated where its bit is set */
static inline __m512i r_message_(__m512i s1, __m512i s2, __m512i idx, __m512i sb, int i)
{
    const __mmask64 e = _mm512_cmpeq_epi8_mask(idx, _mm512_set1_epi8((char)i));
    const __mmask64 n = _mm512_test_epi8_mask(sb, _mm512_set1_epi8((char)(1 << (i & 7))));
    const __m512i m = _mm512_mask_blend_epi8(e, s1, s2);
    return _mm512_mask_sub_epi8(m, n, _mm512_setzero_si512(), m);
}

#include "row_i8_bytes.h"

#include <string.h>
#define SIMD_X86 1
#include "load_x86.h"
