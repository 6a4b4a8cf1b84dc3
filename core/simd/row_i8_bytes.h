/* The row of the int8-message kernels that run the check nodes on bytes (vec_avx512_i8.h: 64
 * frames a vector, vec_avx2_i8.h: 32), written once over the byte operations each of those
 * headers defines before including this one:
 *   b8_t                     a vector of bytes, one per frame ("packs order" or "pair order")
 *   sat8_(vec_t)             t's int16 halves saturated to bytes (packs order)
 *   b8_ones(), b8_zero(), b8_abs, b8_minu, b8_maxu (unsigned), b8_xor
 *   sign8_(m, s)             m where s is not negative, else -m
 *   clamp_scale8_(m, prm)    s(min(m, CMAX)) of rule 3 on unsigned bytes
 *   b8_edge_(x8, min1, s1, s2)  an edge's new message: s2 for the edge holding the minimum
 *                            (t == min1 carrying t's sign), else s1, with t's sign applied
 *   m_pair_(c)               packs order -> the messages' pair order
 *   m_widen_(c)              pair-order bytes -> the int16 halves in frame order
 *   b8_store(msg_t *, c)
 * Pass 1 computes t = APP - old message on the int16 halves (kept in t), its saturated bytes,
 * the two smallest magnitudes and the sign product on bytes; pass 2 writes the new messages
 * (bytes) and, layered, the APP = t + message on the int16 halves. vec_avx512_i8.h says why
 * this is decoder_fixed.h's rule 3 exactly. It replaces kernel_impl.h's row_min_sum
 * (V_ROW_MIN_SUM). */
#ifndef LDPCGPU_ROW_I8_BYTES_H
#define LDPCGPU_ROW_I8_BYTES_H

/* rows up to this degree keep their bytes of t from pass 1 (the others saturate t again in pass
 * 2); a vector header may set it */
#ifndef ROW8_KEPT
#define ROW8_KEPT 32
#endif
#ifdef LDPCGPU_SIMD_EMULATE_AVX512
/* the test build on SIMDe: one plain copy of the row (each "instruction" there is a loop; the
 * unrolled copies per degree took the compiler tens of minutes) */
#define ROW8_ATTR_ static __attribute__((noinline))
#define ROW8_UNROLL_
#else
#define ROW8_ATTR_ static inline __attribute__((always_inline))
#define ROW8_UNROLL_ _Pragma("GCC unroll 32")
#endif

/* Pass 1 on edge i's byte of t: the two smallest magnitudes and the sign product (integers:
 * the first two edges skip the comparisons with the initial 255). */
static inline __attribute__((always_inline)) void row8_minima_(b8_t x8, int i, b8_t *min1,
                                                               b8_t *min2, b8_t *sgn)
{
    const b8_t a = b8_abs(x8);
    if (i == 0) {
        *min1 = a;
    } else if (i == 1) {
        *min2 = b8_maxu(*min1, a);
        *min1 = b8_minu(*min1, a);
    } else {
        *min2 = b8_minu(*min2, b8_maxu(*min1, a));
        *min1 = b8_minu(*min1, a);
    }
    *sgn = b8_xor(*sgn, x8);
}

/* The row's two message values, normalised (alg), with its sign product applied once: each
 * edge then flips its value by the sign of its own t. */
static inline __attribute__((always_inline)) void row8_values_(b8_t min1, b8_t min2, b8_t sgn,
                                                               const simd_params *prm, int alg,
                                                               b8_t *s1, b8_t *s2)
{
    simd_params lp = *prm;
    lp.algorithm = (ldpc_algorithm)alg;
    *s1 = sign8_(clamp_scale8_(min1, &lp), sgn);
    *s2 = sign8_(clamp_scale8_(min2, &lp), sgn);
}

#define V_ROW_MIN_SUM row_min_sum_i8
ROW8_ATTR_ void row_min_sum_i8(vec_t *app, const int32_t *off, int d, const msg_t *msg_in, keep_t keep,
                               msg_t *msg, vec_t *t, const simd_params *prm, int layered, int alg,
                               uint64_t *signs, uint64_t last)
{
    b8_t t8[ROW8_KEPT > 0 ? ROW8_KEPT : 1];
    b8_t min1 = b8_ones(), min2 = min1, sgn = b8_zero();
    ROW8_UNROLL_
    for (int i = 0; i < d; i++) {
        const vec_t x = v_sub(v_load((const vec_t *)((const char *)app + off[i])), m_load_keep(msg_in + i, keep));
        t[i] = x;
        const b8_t x8 = sat8_(x);
        if (i < ROW8_KEPT)
            t8[i] = x8;
        row8_minima_(x8, i, &min1, &min2, &sgn);
    }
    b8_t s1, s2;
    row8_values_(min1, min2, sgn, prm, alg, &s1, &s2);
    ROW8_UNROLL_
    for (int i = 0; i < d; i++) {
        const b8_t x8 = i < ROW8_KEPT ? t8[i] : sat8_(t[i]);
        const b8_t c = m_pair_(b8_edge_(x8, min1, s1, s2));
        b8_store(msg + i, c);
        if (layered) {
            const vec_t a = v_add(t[i], m_widen_(c));
            v_store((vec_t *)((char *)app + off[i]), a);
            if (signs && SIGNS_LAST_(last, i)) /* frame order: from the int16 halves */
                signs[(uint32_t)off[i] / sizeof(vec_t)] = v_signs(a);
        }
    }
}

#ifdef B8_RECORDS
/* Rows whose messages are kept as one record each (simd_plan.msg_records; the vector header
 * defines B8_RECORDS, the record's vectors, and):
 *   b8_load(const msg_t *), rkeep_t, r_keep(keep_t): keep in the records' byte order,
 *   r_keep_bytes(v, rk): v in the lanes of rk, else 0,
 *   r_message_(s1, s2, idx, sb, i): edge i's message from its record,
 *   b8_edge_rec_(x8, min1, s1, s2, i, &idx, &sb): b8_edge_, noting the edge's index where it
 *   takes s2 and its t's sign in bit i % 8 of sb.
 * A record is RECORD_VECTORS(d) vectors instead of the d messages: s1, s2, idx, and the sign
 * bits of 8 edges a vector (for d = 7, 4 vectors instead of 7). Each message it gives back is the
 * one the row stored before, exactly: the edge of index idx has |t| == min1 and so gets s2; any
 * other edge with |t| == min1 makes min2 = min1, so s2 = s1 for it too. Where a group's APP and
 * messages are far larger than the core's caches (DVB 64800), the smaller state is read from
 * nearer caches, at about four more vector operations an edge (docs/cpu-simd.md). */
#define RECORD_VECTORS(d) SIMD_RECORD_VECTORS(d)
ROW8_ATTR_ void row_min_sum_i8_rec(vec_t *app, const int32_t *off, int d, const msg_t *rec_in,
                                   rkeep_t keep, msg_t *rec, vec_t *t, const simd_params *prm,
                                   int alg, uint64_t *signs, uint64_t last)
{
    b8_t t8[ROW8_KEPT > 0 ? ROW8_KEPT : 1];
    /* the lanes that start a frame read s1 = s2 = 0: every message 0 */
    const b8_t o1 = r_keep_bytes(b8_load(rec_in), keep);
    const b8_t o2 = r_keep_bytes(b8_load(rec_in + 1), keep);
    const b8_t oidx = b8_load(rec_in + 2);
    b8_t osb = b8_zero();
    b8_t min1 = b8_ones(), min2 = min1, sgn = b8_zero();
    ROW8_UNROLL_
    for (int i = 0; i < d; i++) {
        if (i % 8 == 0)
            osb = b8_load(rec_in + 3 + i / 8);
        const vec_t x = v_sub(v_load((const vec_t *)((const char *)app + off[i])),
                              m_widen_(r_message_(o1, o2, oidx, osb, i)));
        t[i] = x;
        /* the row's bytes in pair order from here on (one shuffle an edge, as the other row's
         * pass 2 has), so that the record is stored as it is computed */
        const b8_t x8 = m_pair_(sat8_(x));
        if (i < ROW8_KEPT)
            t8[i] = x8;
        row8_minima_(x8, i, &min1, &min2, &sgn);
    }
    b8_t s1, s2;
    row8_values_(min1, min2, sgn, prm, alg, &s1, &s2);
    b8_t idx = b8_zero(), sb = b8_zero();
    ROW8_UNROLL_
    for (int i = 0; i < d; i++) {
        const b8_t x8 = i < ROW8_KEPT ? t8[i] : m_pair_(sat8_(t[i]));
        const b8_t c = b8_edge_rec_(x8, min1, s1, s2, i, &idx, &sb);
        const vec_t a = v_add(t[i], m_widen_(c));
        v_store((vec_t *)((char *)app + off[i]), a);
        if (signs && SIGNS_LAST_(last, i))
            signs[(uint32_t)off[i] / sizeof(vec_t)] = v_signs(a);
        if (i % 8 == 7 || i == d - 1) { /* pass 1 has read the record: it is overwritten */
            b8_store(rec + 3 + i / 8, sb);
            sb = b8_zero();
        }
    }
    b8_store(rec, s1);
    b8_store(rec + 1, s2);
    b8_store(rec + 2, idx);
}
#define V_ROW_RECORDS row_min_sum_i8_rec
#endif

#endif
