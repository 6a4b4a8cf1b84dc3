/* The table kernel: layered min-sum for any code whose plan has a column table
 * (cuda_plan.cpp): WiMAX, WiFi, DVB and most alist codes.
 *
 * Shape. A block decodes G codeword groups at a time (a group = 1 codeword, or 2 for the int8
 * pairs I8X2 and H8X2, one per 16-bit lane); group g owns threads g*Z .. g*Z+Z-1 and thread t of a group runs row t
 * of every layer. All iterations run inside the kernel. Per codeword the state stays on chip
 * when it fits (MEM_SMEM_ALL): APP and one message per edge in shared memory. Codes too large
 * for that keep messages (MEM_SMEM_APP) or both (MEM_GLOBAL) in a per-block global scratch;
 * there a row's messages are one record instead (CM: CmH8x2 for the half2 pairs of 17 - 20-edge
 * rows, CmF32 and CmI16 in the float and int16 batch kernels).
 * A block loops over chunks of G groups (a persistent grid sized to the GPU).
 *
 * One row update (thread t, layer L, edges in table entries of 4):
 *   pass 1: t_e = APP[col_e] - c2v_e; min1/min2 of |t_e|; XOR of signs  (t_e kept in
 *           registers, DMAX of them);
 *   pass 2: c2v_e = new message; APP[col_e] = t_e + c2v_e.
 * (Integer formats: exact, as the model's rules 3-4; the APP is stored wider than messages.)
 * Rows of a layer touch different columns, so a layer needs no atomics, only a barrier after.
 *
 * After each iteration every thread recomputes its rows' parities from the APP signs; a codeword
 * whose checks all hold is written out at once (bits and status): with early termination its
 * group stops once all its lanes are done and a block moves on once all its groups are done;
 * without, decoding goes on but the first codeword found is the one returned (rule 6 of
 * decoder_fixed.h). Erased frames (decoder_erased.h: every channel value 0) report parity_ok 0.
 */
#ifndef LDPCGPU_CUDA_KERNEL_TABLE_CUH
#define LDPCGPU_CUDA_KERNEL_TABLE_CUH

#include <type_traits>
#include "arith.cuh"
#include "table_encoding.h"
#include "table_layout.h"

namespace ldpccuda {

/* Four table entries (APP byte offsets of four edges; table_encoding.h), 32-bit, or 16-bit (T16)
 * where the host finds that they fit and pay (table_offsets16): the one-codeword int8 kernels of
 * DVB codes, held to 56 registers for three blocks per SM, then hold 4 instead of 8 offset
 * registers per layer buffer (fewer spills), and the parity check of early termination, which
 * reads a large table once per iteration with nothing to overlap it, reads half the bytes.
 * SH is the policy's T16_SHIFT; get() returns bytes again, its shift merging with the address
 * add. Figures: docs/cuda-notes.md, "16-bit table offsets". */
template <bool T16, int SH> struct TabQ {
    typedef uint4 Q;
    static constexpr unsigned NONE = table_no_edge<false, SH>();
    __device__ static __forceinline__ void get(const Q &q, unsigned o[4]) { table_decode(q, o); }
    __device__ static __forceinline__ unsigned word(const Q &q) { return q.x | q.y | q.z | q.w; }
};
template <int SH> struct TabQ<true, SH> {
    typedef uint2 Q;
    static constexpr unsigned NONE = table_no_edge<true, SH>();
    __device__ static __forceinline__ void get(const Q &q, unsigned o[4]) { table_decode<SH>(q, o); }
    __device__ static __forceinline__ unsigned word(const Q &q) { return q.x | q.y; }
};
/* the bits of a message entry (Msg4: a 32-bit word, uint2 or float4), ORed into one word */
__device__ __forceinline__ unsigned msg_word(unsigned m) { return m; }
__device__ __forceinline__ unsigned msg_word(const uint2 &m) { return m.x | m.y; }
__device__ __forceinline__ unsigned msg_word(const float4 &m)
{
    return __float_as_uint(m.x) | __float_as_uint(m.y) | __float_as_uint(m.z) | __float_as_uint(m.w);
}

/* Four neighbouring APP values, moved in one access (the channel load, the unpacked output) */
template <class AppT> struct alignas(4 * sizeof(AppT)) AppQuad { AppT v[4]; };

/* the four APP values of columns 4 q .. 4 q + 3, wherever they live */
template <class AppT>
__device__ __forceinline__ AppQuad<AppT> load_quad(const AppT *app, const ParityLayout &pl, int q)
{
    if (pl.q == 0 || 4 * q + 3 < pl.k)
        return *(const AppQuad<AppT> *)(app + 4 * q);
    AppQuad<AppT> r;
#pragma unroll
    for (int u = 0; u < 4; u++)
        r.v[u] = app[app_slot(pl, 4 * q + u)];
    return r;
}

/* Write the output bits of the lanes in 'lanes' of group (frames f0, f0+1) from its APP. QUADS:
 * unpacked bits four at a time where they can be (the one-block kernels; in the others the
 * larger code made ptxas spill more in the row updates) */
template <class A, bool QUADS>
__device__ __forceinline__ void emit(const typename A::AppT *app, const ParityLayout &pl, const OutFmt &fmt,
                                     const Batch &b, int f0, unsigned lanes, int t, int Z,
                                     int iterations, unsigned parity_fail)
{
    typedef typename A::AppT AppT;
    if (fmt.packed) {
        for (int by = t; by < fmt.out_bytes; by += Z) {
            unsigned v[2] = {0u, 0u};
            for (int k = 0; k < 8; k++) {
                const int i = by * 8 + k;
                if (i < fmt.out_bits) {
                    const int pos = fmt.out_pos ? fmt.out_pos[i] : i;
                    const unsigned bits = A::lanes_of_raw(A::raw(app[app_slot(pl, pos)]));
                    v[0] |= (bits & 1u) << (7 - k);
                    v[1] |= ((bits >> 1) & 1u) << (7 - k);
                }
            }
            for (int l = 0; l < A::LANES; l++)
                if (lanes & (1u << l))
                    b.out[(size_t)(f0 + l) * fmt.out_bytes + by] = (uint8_t)v[l];
        }
    } else if (QUADS && !fmt.out_pos && (fmt.out_bits & 3) == 0) {
        /* four bits a step, from one load of four APP values, in one 4-byte store a lane (a
         * frame's row is 4-aligned: b.out starts an allocation (cuda_pipeline.cu) and
         * out_bytes = out_bits): a DVB 64800 codeword's 58320 bits are 57 steps for each of
         * 256 threads rather than 228 */
        for (int q = t; q < fmt.out_bits / 4; q += Z) {
            const AppQuad<AppT> a = load_quad(app, pl, q);
            unsigned v[2] = {0u, 0u};
#pragma unroll
            for (int k = 0; k < 4; k++) {
                const unsigned bits = A::lanes_of_raw(A::raw(a.v[k]));
                v[0] |= (bits & 1u) << (8 * k);
                v[1] |= ((bits >> 1) & 1u) << (8 * k);
            }
            for (int l = 0; l < A::LANES; l++)
                if (lanes & (1u << l))
                    *(uint32_t *)(b.out + (size_t)(f0 + l) * fmt.out_bytes + 4 * q) = v[l];
        }
    } else {
        for (int i = t; i < fmt.out_bits; i += Z) {
            const int pos = fmt.out_pos ? fmt.out_pos[i] : i;
            const unsigned bits = A::lanes_of_raw(A::raw(app[app_slot(pl, pos)]));
            for (int l = 0; l < A::LANES; l++)
                if (lanes & (1u << l))
                    b.out[(size_t)(f0 + l) * fmt.out_bytes + i] = (uint8_t)((bits >> l) & 1u);
        }
    }
    if (t == 0)
        for (int l = 0; l < A::LANES; l++)
            if (lanes & (1u << l))
                b.status[f0 + l] = make_int2(iterations, (parity_fail >> l) & 1u ? 0 : 1);
}

/* The lanes (bit l) for which one of this thread's rows is unsatisfied, ORed into the group's
 * shared word *unsat as soon as found. A thread stops once every lane still open (need) is known
 * to fail, by itself or by any thread of its group (*unsat): one failing row anywhere settles
 * a lane, and before convergence the rows that fail are few and scattered, so that most
 * threads, finding none among their own, used to walk all their rows (ncu, DVB-S2 64800 r1/2
 * early stop at 3 dB: the check was 24% of the instructions executed). With early termination this
 * runs once per iteration with nothing to overlap it, a chain of table and APP loads per layer:
 * KL layers' table entries are loaded before any of their APP signs are combined, dividing the
 * chain by KL. KL = 2 for rows of up to 8 edges in f32 and int8 pairs with 16-bit tables
 * (int8 pairs with 32-bit tables are short of registers, the one-codeword DVB kernel held to
 * 56 spilled with it, and int16 measured slower); KL = 4 in the one-block kernels (ONE_BLOCK:
 * registers for one block per SM), whose check has no other block's work to overlap
 * (measured: DVB-S2 64800 r1/2 early stop at 3 dB +25%, DVB-T2 64800 r1/2 at 1 dB +21%). */
template <class A, class TQ, int DMAX, bool ONE_BLOCK, bool NARROW>
__device__ __forceinline__ unsigned row_parities(const unsigned char *app_b, const TableCode &c,
                                                 const int4 *layers_s, const typename TQ::Q *tab_t, int t,
                                                 unsigned need, int *unsat)
{
    typedef typename A::AppT AppT;
    typedef typename TQ::Q Q;
    unsigned bad = 0;
    /* publishes new failing lanes; true once every lane of need is known to fail */
    auto settled = [&]() {
        const unsigned seen = (unsigned)*(volatile int *)unsat;
        if (bad & ~seen)
            atomicOr(unsat, (int)bad);
        return ((bad | seen) & need) == need;
    };
    auto combine = [&](const Q &q, unsigned &acc) {
        unsigned o[4];
        TQ::get(q, o);
        for (int u = 0; u < 4; u++)
            if (o[u] != TQ::NONE)
                acc ^= A::raw(*(const AppT *)(app_b + o[u]));
    };
    int L = 0;
    /* measured: int8 pairs with 16-bit tables +6% and f32 +6-7% with early stop; int16 -9% */
    constexpr bool TWO = DMAX <= 8 && ((A::LANES == 2 && sizeof(Q) == 8) || std::is_same<A, ArF32>::value);
    /* (float one-block kernels of 20-edge rows and the int8 ones of 24 - 32-edge rows: 2, their
     * messages two layers ahead or their six to eight entries a layer leave no room for four
     * layers of entries: spills; the 24-edge kernel spilled 102 / 252 bytes with four; NARROW
     * kernels have the registers) */
    constexpr int KL = ONE_BLOCK ? ((std::is_same<A, ArF32>::value && DMAX > 16) || (DMAX > 20 && !NARROW) ? 2 : 4)
                                 : TWO ? 2 : 1;
    if constexpr (KL > 1) {
        constexpr int NG = DMAX / 4;
        for (; L + KL - 1 < c.nlayers; L += KL) {
            int4 l[KL];
            bool r[KL];
            Q q[KL][NG];
#pragma unroll
            for (int k = 0; k < KL; k++) {
                l[k] = layers_s[L + k];
                r[k] = t < l[k].z;
            }
#pragma unroll
            for (int gi = 0; gi < NG; gi++)
#pragma unroll
                for (int k = 0; k < KL; k++)
                    if (r[k] && gi < l[k].x)
                        q[k][gi] = __ldg(&tab_t[(l[k].y + gi) * c.Z]);
            unsigned acc[KL];
#pragma unroll
            for (int k = 0; k < KL; k++)
                acc[k] = 0;
#pragma unroll
            for (int gi = 0; gi < NG; gi++)
#pragma unroll
                for (int k = 0; k < KL; k++)
                    if (r[k] && gi < l[k].x)
                        combine(q[k][gi], acc[k]);
#pragma unroll
            for (int k = 0; k < KL; k++)
                bad |= A::lanes_of_raw(acc[k]);
            if (settled())
                return bad; /* every lane still open already fails: the rest cannot matter */
        }
    }
    for (; L < c.nlayers; L++) {
        const int4 li = layers_s[L];
        if (t >= li.z)
            continue;
        unsigned acc = 0;
        for (int gi = 0; gi < li.x; gi++)
            combine(__ldg(&tab_t[(li.y + gi) * c.Z]), acc);
        bad |= A::lanes_of_raw(acc);
        if (settled())
            return bad;
    }
    return bad; /* every bit of bad was published by the settled() that found it */
}

/* the message entries of a row that hold its messages: all of them, or with CM (a record a row)
 * those of its record */
template <bool CM, class A>
__host__ __device__ constexpr int cm_entries(int nent)
{
    if constexpr (CM)
        return CmOf<A>::Out::entries(nent);
    else
        return nent;
}

/* One layer's table entries (byte offsets into the codeword's APP) and, when messages live in
 * global memory, its messages: loaded one layer ahead, so that their latency hides behind the
 * current layer's work. Only the APP reads must wait for the barrier between layers. */
template <class A, int DMAX, int PFK, class TQ, bool CM = false>
struct LayerIn {
    static constexpr int NG = DMAX / 4;
    int4 li;
    typedef typename TQ::Q Q;
    Q tab[NG];
    static constexpr bool PF_MSG = PFK > 0;
    typename A::Msg4 msg[PF_MSG ? PFK : 1]; /* the messages of the first PFK entries */

    /* with_msg 0: the table entries only; the messages come later (load_msg) */
    __device__ __forceinline__ void load(const TableCode &c, const int4 *layers_s, int L, const Q *tab_t,
                                         const typename A::Msg4 *msg_t, bool on, bool with_msg = true,
                                         unsigned dep = 0)
    {
        /* the block's copy in shared memory (table_layout.h) */
        load_at(c, layers_s[L], tab_t, msg_t, on, with_msg, dep);
    }
    /* the same, for a layer whose description d the caller has read already */
    __device__ __forceinline__ void load_at(const TableCode &c, int4 d, const Q *tab_t,
                                            const typename A::Msg4 *msg_t, bool on, bool with_msg = true,
                                            unsigned dep = 0)
    {
        li = d;
        li.y += (int)dep;
        /* entries before this layer; Z read once here, not per entry under the entry's
         * predicate (the compiler reloaded it from the constant bank there, in the chain of
         * dependent instructions ahead of the layer's first APP read) */
        const unsigned Zu = (unsigned)c.Z, row = (unsigned)li.y * Zu;
#pragma unroll
        for (int gi = 0; gi < NG; gi++)
            if (on && gi < li.x) {
                const unsigned e = row + (unsigned)gi * Zu;
                const unsigned tb = e * (unsigned)sizeof(Q);
                const unsigned mb = e * (unsigned)sizeof(typename A::Msg4);
                tab[gi] = __ldg((const Q *)((const char *)tab_t + tb));
                /* CM: a row's record is its layer's first entry, and the second for longer
                 * rows (CmOf<A>::Out::entries: CmH8x2 of more than 8 edges, CmI16 of more
                 * than 24; CmF32 never) */
                if (gi < PFK && with_msg && gi < cm_entries<CM, A>(li.x))
                    msg[gi < PFK ? gi : 0] = *(const typename A::Msg4 *)((const char *)msg_t + mb);
            }
    }
    /* 0, computed from every table entry and message this buffer holds and masked by Z >> 16
     * (0, since Z <= kMaxLayerRows, which the compiler cannot know): loads whose address adds
     * it are issued only once this buffer's loads have arrived */
    __device__ __forceinline__ unsigned after(const TableCode &c) const
    {
        const unsigned zero = (unsigned)c.Z >> 16;
        unsigned acc = 0;
#pragma unroll
        for (int gi = 0; gi < NG; gi++)
            acc |= TQ::word(tab[gi]);
        if constexpr (PF_MSG) {
#pragma unroll
            for (int gi = 0; gi < PFK; gi++)
                acc |= msg_word(msg[gi]);
        }
        return acc & zero;
    }
    /* the messages of the layer whose entries load() read */
    __device__ __forceinline__ void load_msg(const typename A::Msg4 *msg_t, int Z, bool on)
    {
#pragma unroll
        for (int gi = 0; gi < NG; gi++)
            if (gi < PFK && on && gi < li.x)
                msg[gi < PFK ? gi : 0] = msg_t[((unsigned)li.y + (unsigned)gi) * (unsigned)Z];
    }
};

/* Pass 1 of one edge, e of its row (row_update, row_update_cm): t = APP - r, the old message
 * (A::none() where the slot has no edge: CHECK), kept in tv; |t| into the tracker of e's parity
 * (a fixed row's first two edges start the trackers: m1 = |t|, m2 stays above any magnitude, the
 * next two sort against it, 2 min/max fewer per tracker); its sign into neg. */
template <class A, class TQ, bool FIXED>
__device__ __forceinline__ void edge_pass1(const unsigned char *app_b, unsigned o, typename A::W r, int e,
                                           const Arith &ar, typename A::W &tv, typename A::W &m1e,
                                           typename A::W &m2e, typename A::W &m1o, typename A::W &m2o,
                                           unsigned &neg)
{
    typedef typename A::W W;
    W tt = A::none();
    if (FIXED || o != TQ::NONE)
        tt = A::tsub(A::load(*(const typename A::AppT *)(app_b + o)), r, ar);
    tv = tt;
    const int k = e >> 1; /* the edge's place in its tracker */
    W &m1 = (e & 1) ? m1o : m1e, &m2 = (e & 1) ? m2o : m2e;
    if (FIXED && A::MAG_BELOW_INIT && k == 0)
        m1 = A::mag(tt);
    else if constexpr (FIXED && A::MAG_BELOW_INIT)
        k == 1 ? A::minpair(m1, m2, A::mag(tt)) : A::minupd(m1, m2, A::mag(tt));
    else
        A::minupd(m1, m2, A::mag(tt));
    neg ^= A::signw(tt);
}

/* One row update. D = 0: rows of any length up to DMAX (missing edges are marked (TQ::NONE) and
 * checked edge by edge). D > 0: every row of the layer has exactly D edges in its first D
 * table slots (the layer's li.w), so the missing-edge checks and the dead slots' arithmetic
 * are compiled out: e.g. WiMAX 1/2 rows of degree 6 and 7 no longer pay for 8 slots. Skipping
 * a missing edge is exact: its value (A::none()) is never a minimum and its sign is positive. */
template <class A, int DMAX, int PFK, class TQ, int D, class Mid>
__device__ __forceinline__ void row_update(unsigned char *app_b, typename A::Msg4 *msg_t, int Z,
                                           const LayerIn<A, DMAX, PFK, TQ> &in, const Arith &ar,
                                           const unsigned char *lut, const Mid &mid)
{
    typedef typename A::W W;
    typedef typename A::AppT AppT;
    constexpr bool FIXED = D > 0;
    constexpr int NG = FIXED ? (D + 3) / 4 : DMAX / 4;
    const int4 li = in.li;
    W tv[DMAX];
    /* two independent min1/min2 trackers (even and odd edges), merged at the end: half the
     * dependent chain; the two smallest of a set do not depend on the order they are found */
    W m1e = A::min_init(), m2e = A::min_init(), m1o = A::min_init(), m2o = A::min_init();
    unsigned neg = 0;
#pragma unroll
    for (int gi = 0; gi < NG; gi++) {
        if (FIXED || gi < li.x) {
            W r[4];
            A::unpack(gi < PFK ? in.msg[gi < PFK ? gi : 0] : msg_t[(unsigned)(li.y + gi) * (unsigned)Z], r);
            unsigned o[4];
            TQ::get(in.tab[gi], o);
#pragma unroll
            for (int u = 0; u < 4; u++) {
                if (FIXED && gi * 4 + u >= D)
                    continue; /* compile-time: no such edge in this layer */
                edge_pass1<A, TQ, FIXED>(app_b, o[u], r[u], gi * 4 + u, ar, tv[gi * 4 + u], m1e, m2e, m1o, m2o, neg);
            }
        }
    }
    /* the prefetch of a later layer (table_kernel), issued once this layer's entries and
     * messages have all been used */
    mid();
    W m1, m2;
    A::minmerge(m1e, m2e, m1o, m2o, m1, m2);
    const typename RowOf<A>::T row = RowOf<A>::T::make(m1, m2, neg, ar, lut);
#pragma unroll
    for (int gi = 0; gi < NG; gi++) {
        if (FIXED || gi < li.x) {
            unsigned o[4];
            TQ::get(in.tab[gi], o);
            W r[4];
#pragma unroll
            for (int u = 0; u < 4; u++) {
                if (FIXED && gi * 4 + u >= D) {
                    r[u] = W(0); /* a slot no edge of this layer reads */
                    continue;
                }
                AppT appnew;
                r[u] = row.update(tv[gi * 4 + u], appnew, ar);
                if (FIXED || o[u] != TQ::NONE)
                    *(AppT *)(app_b + o[u]) = appnew;
            }
            msg_t[(unsigned)(li.y + gi) * (unsigned)Z] = A::pack(r);
        }
    }
}

/* row_update with the messages compressed a record a row (CM; CmOf: CmH8x2 in the two-block
 * half2 kernels of 17 - 20-edge rows with messages in global memory, 5G NR base graph 1;
 * CmF32 and CmI16 in the float and int16 batch kernels with messages in global memory): the
 * same passes, the old messages decoded from the record (prefetched with the table: its
 * entries are the layer's first, PFK >= CmOf::Out::entries; or read at the row's start where
 * the kernel prefetches none) and the new ones collected into it. D as in row_update.
 * The edge rules are shared (edge_pass1, the row's message); the loops are not: row_update
 * with a CM switch gave the same results but ran the half2 kernel 1.5 - 2% slower (H100, two
 * rounds: nr:8448:25344 5 it 29.7 against 30.2 Gb/s; ptxas placed its registers differently). */
template <class A, int DMAX, int PFK, class TQ, int D, class Mid>
__device__ __forceinline__ void row_update_cm(unsigned char *app_b, typename A::Msg4 *msg_t, int Z,
                                              const LayerIn<A, DMAX, PFK, TQ, true> &in, const Arith &ar,
                                              const unsigned char *lut, const Mid &mid)
{
    typedef typename A::W W;
    typedef typename A::AppT AppT;
    typedef CmOf<A> Cm;
    static_assert(DMAX <= 32, "a record holds up to 32 edges");
    constexpr bool FIXED = D > 0;
    constexpr int NG = FIXED ? (D + 3) / 4 : DMAX / 4;
    const int4 li = in.li;
    /* the record's entries, prefetched with the table (PFK >= its entries), or read now */
    typename A::Msg4 rd[2];
    if constexpr (PFK > 0) {
        rd[0] = in.msg[0];
        rd[1] = in.msg[PFK > 1 ? 1 : 0];
    } else {
        rd[0] = msg_t[(unsigned)li.y * (unsigned)Z];
        rd[1] = cm_entries<true, A>(li.x) > 1 ? msg_t[(unsigned)(li.y + 1) * (unsigned)Z] : rd[0];
    }
    const typename Cm::In old = Cm::In::decode(rd, li.x);
    W tv[DMAX];
    W m1e = A::min_init(), m2e = A::min_init(), m1o = A::min_init(), m2o = A::min_init();
    unsigned neg = 0;
#pragma unroll
    for (int gi = 0; gi < NG; gi++) {
        if (FIXED || gi < li.x) {
            unsigned o[4];
            TQ::get(in.tab[gi], o);
#pragma unroll
            for (int u = 0; u < 4; u++) {
                if (FIXED && gi * 4 + u >= D)
                    continue; /* compile-time: no such edge in this layer */
                /* decoded outside edge_pass1's missing-edge test, which then predicates the
                 * load alone: inside it the compiler branched around each slot (BSSY / BSYNC) */
                const W x = old.x(gi * 4 + u);
                edge_pass1<A, TQ, FIXED>(app_b, o[u], x, gi * 4 + u, ar, tv[gi * 4 + u], m1e, m2e, m1o, m2o, neg);
            }
        }
    }
    mid();
    W m1, m2;
    A::minmerge(m1e, m2e, m1o, m2o, m1, m2);
    const typename RowOf<A>::T row = RowOf<A>::T::make(m1, m2, neg, ar, lut);
    typename Cm::Out rec;
#pragma unroll
    for (int gi = 0; gi < NG; gi++) {
        if (FIXED || gi < li.x) {
            unsigned o[4];
            TQ::get(in.tab[gi], o);
#pragma unroll
            for (int u = 0; u < 4; u++) {
                if (FIXED && gi * 4 + u >= D)
                    continue;
                AppT appnew;
                rec.update(row, tv[gi * 4 + u], appnew, gi * 4 + u, ar);
                if (FIXED || o[u] != TQ::NONE)
                    *(AppT *)(app_b + o[u]) = appnew;
            }
        }
    }
    rec.store(msg_t, li, (unsigned)Z, row);
}

/* the row update of degree D (0: any) for the layer's message form: per edge, or a record a
 * row (CM) */
template <class A, int DMAX, int PFK, class TQ, bool CM, int D, class Mid>
__device__ __forceinline__ void row_update_any(unsigned char *app_b, typename A::Msg4 *msg_t, int Z,
                                               const LayerIn<A, DMAX, PFK, TQ, CM> &in, const Arith &ar,
                                               const unsigned char *lut, const Mid &mid)
{
    if constexpr (CM)
        row_update_cm<A, DMAX, PFK, TQ, D>(app_b, msg_t, Z, in, ar, lut, mid);
    else
        row_update<A, DMAX, PFK, TQ, D>(app_b, msg_t, Z, in, ar, lut, mid);
}

/* row_update_any for degree d: compiled for d where d is one of Ds (tested in that order),
 * else the generic update. (Written as a C++ fold expression over Ds with a "done" flag it ran
 * DVB-T2 r1/2 20% slower; this recursion inlines to the plain if-chain.) */
template <class A, int DMAX, int PFK, class TQ, bool CM, int D, int... Ds, class Mid>
__device__ __forceinline__ void update_by_degree(int d, unsigned char *app_b, typename A::Msg4 *msg_t, int Z,
                                                 const LayerIn<A, DMAX, PFK, TQ, CM> &in, const Arith &ar,
                                                 const unsigned char *lut, const Mid &mid)
{
    if (d == D)
        return row_update_any<A, DMAX, PFK, TQ, CM, D>(app_b, msg_t, Z, in, ar, lut, mid);
    if constexpr (sizeof...(Ds) > 0)
        update_by_degree<A, DMAX, PFK, TQ, CM, Ds...>(d, app_b, msg_t, Z, in, ar, lut, mid);
    else
        row_update_any<A, DMAX, PFK, TQ, CM, 0>(app_b, msg_t, Z, in, ar, lut, mid);
}

/* The row update of one layer: specialised on the row degree for the degrees of the common
 * codes with rows of at most 8 edges (WiMAX/WiFi 1/2, DVB-T2 1/2: 6, 7, 8; DVB-S2 1/4 and 1/3:
 * 4 and 5, whose generic updates ran them 19 - 20% slower: H200, 10 it kernel-only, 13.2 ->
 * 16.2 and 9.7 -> 12.1 Gb/s); with HIGH (the one-block int8 kernels: DVB 64800 one codeword a
 * block) for those of DVB 64800 3/5 - 9/10 too (11, 10, 14, 18: 3/5 8.7 -> 11.7 Gb/s, 2/3 11.4
 * -> 15.8, 3/4 11.7 -> 15.8, 4/5 9.7 -> 15.0; 22, 27, 30 in the 24-, 28- and 32-edge
 * kernels: cuda_variant.cu, best_shape) and of DVB-S2X's rates (8, 9 and 12 in the 12-edge
 * kernel, 13, 15 and 16 in the 16-edge one, 16, 17, 19 and 20 in the 20-edge one, 29 in the
 * 32-edge one; ptxas: no spills added, and the 20-edge kernel's 4 / 8 bytes gone. H200, 20 it
 * int8 kernel-only: DVB-S2X 64800 25/36 5.41 -> 8.80 Gb/s, 20/30 4.81 -> 7.70, 132/180 6.17
 * -> 9.26, 135/180 6.39 -> 9.30, 140/180 6.52 -> 9.18, 154/180 5.41 -> 7.43, 116/180 5.81 ->
 * 7.11; DVB-T2 4/5 10.75 -> 11.22, 3/5 8.79 -> 9.11: docs/benchmarks.md), and in the half2
 * kernels of 12 and 16 edges (table_kernel, HIGH_DEG) for WiMAX, WiFi and DVB 16200 2/3 - 3/4
 * (9 - 11, 13 - 15); with NR_DEG for 5G NR BG1's commonest (5, 6: table_kernel). The generic update otherwise: it checks every slot for a missing edge and
 * starts its minima at "none". The degree is the layer's uniform one (li.w: the same for every
 * thread, no divergence; a code's first row has one edge fewer, so its layer runs the generic
 * update), or with ROW_DEG (the small-batch plan, whose layers pair block rows of 6 and 7
 * edges: HostPlan::run_degrees) the thread's own: byte 0 or 1 of li.w, picked by deg_sel
 * (0x4440 or 0x4441: one PRMT); the degree changes only at a block row's end, so one warp at
 * most runs both updates. Kernels without ROW_DEG keep the plain read: the PRMT in every
 * kernel cost DVB-T2 and WiFi 1.2% of their throughput. Records (CM) take the same dispatch
 * (row_update_any); the half2 pairs' (20-edge rows, two-block kernels) reach the generic one. */
template <bool ROW_DEG, bool HIGH, bool NR_DEG, bool SHORT6, class A, int DMAX, int PFK, class TQ, bool CM, class Mid>
__device__ __forceinline__ void layer_update(unsigned char *app_b, typename A::Msg4 *msg_t, int Z, unsigned deg_sel,
                                             const LayerIn<A, DMAX, PFK, TQ, CM> &in, const Arith &ar,
                                             const unsigned char *lut, const Mid &mid)
{
    if constexpr (SHORT6) { /* rows of at most 6 edges (AHEAD3): 7 and 8 spilled there */
        update_by_degree<A, DMAX, PFK, TQ, CM, 6, 5, 4>(in.li.w, app_b, msg_t, Z, in, ar, lut, mid);
    } else if constexpr (DMAX == 8) {
        const int d = ROW_DEG ? (int)__byte_perm((unsigned)in.li.w, 0u, deg_sel) : in.li.w;
        update_by_degree<A, DMAX, PFK, TQ, CM, 7, 6, 8, 5, 4>(d, app_b, msg_t, Z, in, ar, lut, mid);
    } else if constexpr (HIGH && DMAX == 12) { /* DVB 3/5, 2/3; WiMAX, WiFi 2/3; DVB-S2X 116/180, 96/180 */
        update_by_degree<A, DMAX, PFK, TQ, CM, 11, 10, 12, 9, 8>(in.li.w, app_b, msg_t, Z, in, ar, lut, mid);
    } else if constexpr (HIGH && DMAX == 16 && A::LANES == 2) { /* WiMAX, WiFi 3/4 */
        update_by_degree<A, DMAX, PFK, TQ, CM, 15, 14, 13>(in.li.w, app_b, msg_t, Z, in, ar, lut, mid);
    } else if constexpr (HIGH && DMAX == 16) { /* DVB-T2 3/4; DVB-S2X 25/36, 20/30, 124 - 132/180 */
        update_by_degree<A, DMAX, PFK, TQ, CM, 14, 13, 15, 16>(in.li.w, app_b, msg_t, Z, in, ar, lut, mid);
    } else if constexpr (HIGH && DMAX == 20) { /* DVB 4/5; DVB-S2X 7/9, 22/30, 135/180, 140/180 */
        update_by_degree<A, DMAX, PFK, TQ, CM, 18, 17, 19, 20, 16>(in.li.w, app_b, msg_t, Z, in, ar, lut, mid);
    } else if constexpr (NR_DEG && DMAX == 20) {
        update_by_degree<A, DMAX, PFK, TQ, CM, 5, 6>(in.li.w, app_b, msg_t, Z, in, ar, lut, mid);
    } else if constexpr (HIGH && DMAX == 24) { /* DVB 64800 5/6 */
        update_by_degree<A, DMAX, PFK, TQ, CM, 22>(in.li.w, app_b, msg_t, Z, in, ar, lut, mid);
    } else if constexpr (HIGH && DMAX == 28) { /* DVB-S2 64800 8/9 */
        update_by_degree<A, DMAX, PFK, TQ, CM, 27>(in.li.w, app_b, msg_t, Z, in, ar, lut, mid);
    } else if constexpr (HIGH && DMAX == 32) { /* DVB-S2 9/10, DVB-S2X 154/180; 8/9 and 5/6 with LDPCGPU_CUDA_D32=1 */
        update_by_degree<A, DMAX, PFK, TQ, CM, 30, 27, 29, 22>(in.li.w, app_b, msg_t, Z, in, ar, lut, mid);
    } else {
        row_update_any<A, DMAX, PFK, TQ, CM, 0>(app_b, msg_t, Z, in, ar, lut, mid);
    }
}

/* Four input values in one load: float4 for float LLRs, char4 for int8. */
template <class T> struct Quad4;
template <> struct Quad4<float> { typedef float4 V; };
template <> struct Quad4<int8_t> { typedef char4 V; };

/* One thread's copy of SIZE bytes from global (also mapped host) memory into shared memory,
 * asynchronous (cp.async: no register holds the value in flight) */
template <int SIZE>
__device__ __forceinline__ void copy_async(void *smem_dst, const void *src)
{
    const unsigned d = (unsigned)__cvta_generic_to_shared(smem_dst);
    size_t g;
    asm("cvta.to.global.u64 %0, %1;" : "=l"(g) : "l"(src));
    if constexpr (SIZE == 16)
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(d), "l"(g) : "memory");
    else
        asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" ::"r"(d), "l"(g), "n"(SIZE) : "memory");
}


/* One quad of the channel values of a group's frames (a: lane 0's four, b: lane 1's) into the
 * APP at 4 q */
template <class A, class V>
__device__ __forceinline__ void store_quad(typename A::AppT *app, const ParityLayout &pl, int q, const V a,
                                           const V b, unsigned valid, const Arith &ar)
{
    AppQuad<typename A::AppT> r;
    r.v[0] = A::in_lanes(a.x, b.x, valid, ar);
    r.v[1] = A::in_lanes(a.y, b.y, valid, ar);
    r.v[2] = A::in_lanes(a.z, b.z, valid, ar);
    r.v[3] = A::in_lanes(a.w, b.w, valid, ar);
    if (pl.q == 0 || 4 * q + 3 < pl.k) {
        *(AppQuad<typename A::AppT> *)(app + 4 * q) = r;
        return;
    }
#pragma unroll
    for (int u = 0; u < 4; u++) /* parity columns: group-major (table_encoding.h) */
        app[app_slot(pl, 4 * q + u)] = r.v[u];
}

/* The channel values of a group's frames (lane 0: frame f0, lane 1: f0 + 1 when valid) into its
 * APP; returns the lanes (bit l) for which one of this thread's values is not 0 (erased frames,
 * decoder_erased.h: one OR per value; the kernel combines the threads once per frame). A small batch is one block per SM, so the time to the first iteration is the number of
 * dependent memory round trips: load four values at a time (16 bytes of float) with UNROLL loads
 * in flight per thread, outside any test of the input type; then one round trip brings a
 * WiMAX codeword in, also when it is read from mapped host memory (the backend's direct path). */
template <class A, int UNROLL, int READBACK, bool STAGE, class T>
__device__ __forceinline__ unsigned load_channel(typename A::AppT *app, const ParityLayout &pl, const T *llr, int n, int f0,
                                             unsigned valid, int t, int Z, const Arith &ar,
                                             typename A::Msg4 *stage, unsigned stage_slots)
{
    typedef typename A::AppT AppT;
    typedef typename Quad4<T>::V V;
    const T *x0 = llr + (size_t)f0 * n;
    const T *x1 = (valid & 2u) ? x0 + n : x0; /* lane 1's frame (one-lane policies ignore it) */
    const bool quads = (n & 3) == 0 && ((size_t)x0 & (sizeof(V) - 1)) == 0 && ((size_t)x1 & (sizeof(V) - 1)) == 0;
    unsigned nz = 0;
    if (quads) {
        const V *v0 = (const V *)x0, *v1 = (const V *)x1;
        /* STAGE: every quad of the thread copied at once into its own message slots (stage[q],
         * which this thread zeroes right after: no other thread touches them), then converted
         * from there. With the loads in registers, each quad's conversion branches sat between
         * its loads and the next quad's, and the loads went out one round trip after another
         * (a WiMAX codeword pair from mapped host memory: three); registers to hold them all
         * made the 64-register kernels spill (ptxas: 120 - 700 bytes). */
        constexpr int QB = 4 * (int)sizeof(T); /* bytes of one frame's quad */
        if (STAGE && A::LANES * QB <= (int)sizeof(typename A::Msg4) && (unsigned)(n / 4) <= stage_slots) {
            for (int q = t; q < n / 4; q += Z) {
                copy_async<QB>(stage + q, v0 + q);
                if (A::LANES == 2)
                    copy_async<QB>((unsigned char *)(stage + q) + QB, v1 + q);
            }
            asm volatile("cp.async.wait_all;" ::: "memory");
            for (int q = t; q < n / 4; q += Z) {
                const V a = *(const V *)(stage + q);
                const V b = A::LANES == 2 ? *(const V *)((const unsigned char *)(stage + q) + QB) : a;
                store_quad<A>(app, pl, q, a, b, valid, ar);
            }
        } else {
#pragma unroll UNROLL
            for (int q = t; q < n / 4; q += Z)
                store_quad<A>(app, pl, q, v0[q], v1[q], valid, ar);
        }
        /* the thread's own values read back (no barrier needed) in a loop of their own: an
         * OR inside the loop above, among its loads in flight, spilled registers (ptxas);
         * in the one-block kernels four reads in flight (a DVB 64800 codeword: 63 steps of
         * 256 threads), one in the others (more spills in their row updates) */
#pragma unroll READBACK
        for (int q = t; q < n / 4; q += Z) {
            const AppQuad<AppT> r = load_quad(app, pl, q);
            nz |= A::nz_bits(r.v[0]) | A::nz_bits(r.v[1]) | A::nz_bits(r.v[2]) | A::nz_bits(r.v[3]);
        }
        return A::nz_lanes(nz) & valid;
    }
#pragma unroll UNROLL
    for (int j = t; j < n; j += Z)
        app[app_slot(pl, j)] = A::in_lanes(x0[j], x1[j], valid, ar);
#pragma unroll 1
    for (int j = t; j < n; j += Z)
        nz |= A::nz_bits(app[app_slot(pl, j)]);
    return A::nz_lanes(nz) & valid;
}

/* launch bounds: table_layout.h (table_max_threads, table_min_blocks). ROW_DEG: each thread's
 * row degree from its layer record (layer_update; TableVariant::row_degrees). NARROW (with
 * ONE_BLOCK): a block of at most kNarrowThreads threads, so up to 255 registers
 * (TableVariant::narrow). AHEAD3 (with ONE_BLOCK, rows of at most 6 edges): three layers
 * prefetched ahead (TableVariant::ahead3). PARITY_GM (with ONE_BLOCK): the layout c.par applies to
 * the APP in shared memory too (TableVariant::parity_gm) */
template <class A, int DMAX, int MEM, bool T16, bool ONE_BLOCK = false, bool ROW_DEG = false, bool NARROW = false,
          bool AHEAD3 = false, bool PARITY_GM = false>
__global__ void __launch_bounds__(NARROW ? kNarrowThreads : table_max_threads(A::LANES, std::is_same<A, ArI8>::value, MEM, DMAX),
                                  table_min_blocks(A::LANES, std::is_same<A, ArI8>::value, DMAX, MEM, ONE_BLOCK))
table_kernel(const TableArgs a)
{
    typedef typename A::AppT AppT;
    typedef typename A::Msg4 Msg4;
    /* Messages in global memory are loaded a layer ahead, with the table entries, before the
     * layer's update (two message buffers live at once), for rows of up to 16 edges; with the
     * APP in global memory too, rows of 9 - 16 edges load them after the layer's first pass
     * instead, into the registers its own messages have just left ("late"): at 80 registers
     * the early form spilled 700 - 1000 bytes there. Rows of 17 - 20 edges prefetch the first
     * two entries' (PFK below) and load the others where they are used, except in the
     * one-block kernels (one-wave launches of 5G NR BG1, Z = 384; DVB 64800 rate 1/2), whose
     * register budget holds all of them, two layers ahead. Measured (docs/cuda-notes.md,
     * "Registers"): late loads gain 11 - 13% with the APP in global memory (DVB-S2 64800 2/3,
     * 3/5 int8 pairs), lose 7% with it in shared memory (DVB-S2 16200 4/5) and 24% on 20-edge
     * rows (spills). Records (CM) are loaded late too: loaded with the table instead, float
     * DVB-T2 64800 3/5 ran 4.65 -> 3.40 Gb/s, 3/4 5.79 -> 4.32 (H200, 10 it). */
    constexpr bool LATE = MEM == MEM_GLOBAL && (DMAX == 12 || DMAX == 16);
    /* PFK: the entries (of 4 edges) whose messages are prefetched with the table: all of them
     * for rows of up to 16 edges and in the one-block kernels; the first two (the whole of
     * most 5G NR BG1 rows: 3 - 10 edges outside the first four rows) in the two-block kernels
     * of 17 - 20-edge rows with the APP in shared memory, whose 80 registers spilled with all
     * five (ncu, nr:8448:25344 int8 pairs: the loads where they are used were the largest
     * stall, 46% of samples with the table's: int8 pairs 5 it +5.5%, 10 it +9%, int16 +10%);
     * none where the APP is in global memory too (150 - 400 bytes of spills with two). With
     * records (CM below) the record's entries alone (CM_PFK). */
    /* CM_ONE: the float and int16 batch kernels with messages in global memory keep a record a
     * row (CmF32: one 16-byte entry, whatever the row's length; CmI16: one 8-byte entry, two for
     * rows of more than 24 edges), prefetched with the table where their messages were. Their
     * blocks in flight (two an SM) held 0.3 - 0.5 GB of float messages, streamed from DRAM
     * every iteration. H200, 10 it kernel-only against per-edge messages: float DVB-T2 64800
     * r1/2 4.35 -> 5.49 Gb/s, 3/4 2.99 -> 5.61, DVB-S2 9/10 3.52 -> 4.38, nr:8448:25344 5 it
     * 10.0 -> 14.0; int16 DVB-T2 r1/2 9.20 -> 11.49, 5/6 5.18 -> 7.77, DVB-S2 9/10 6.24 ->
     * 9.13 (docs/benchmarks.md). Not the one-block kernels (one-wave launches of at most 132
     * code blocks, whose messages fit L2, and which are bound by each layer's latency: with
     * records the int16 5G slot took 313 - 319 us instead of 286 - 294). */
    constexpr bool CM_ONE = (std::is_same<A, ArF32>::value || std::is_same<A, ArI16>::value) && MEM != MEM_SMEM_ALL &&
                            !ONE_BLOCK;
    constexpr int CM_PFK = cm_entries<CM_ONE, A>(DMAX / 4); /* a record's entries at most */
    constexpr int PFK = MEM == MEM_SMEM_ALL                             ? 0
                        : (DMAX <= 16 || ONE_BLOCK)                     ? (CM_ONE ? CM_PFK : DMAX / 4)
                        : MEM == MEM_SMEM_APP && sizeof(Msg4) <= 8      ? (CM_ONE ? CM_PFK : 2)
                                                                        : 0;
    constexpr bool PF_MSG = PFK > 0;
    /* MID: the two-block integer kernels of 17 - 20-edge rows with the APP in shared memory (5G
     * NR BG1) issue the next layer's loads after the current layer's first pass rather than
     * before it. Measured (H200, kernel-only, against loads first): nr:8448:25344 int8 pairs 5 it
     * 23.0 -> 24.3 Gb/s, int16 10 it 6.52 -> 7.27, nr:8448:16896 int8 10 it 15.2 -> 16.0; float
     * 9.10 -> 8.93, so not there; in other kernels it lost (DVB-S2 64800 9/10 6.47 -> 5.57,
     * DVB-S2 16200 4/5 -2%, the one-block kernels: DVB-T2 64800 r1/2 6.38 -> 5.79) or changed
     * little (WiMAX 2304 r1/2 +2%, 5/6 -1%) */
    constexpr bool MID = !ONE_BLOCK && MEM == MEM_SMEM_APP && DMAX == 20 && !std::is_same<A, ArF32>::value;
    /* HIGH_DEG: the one-block int8 kernels specialise rows of 9 - 32 edges on their degree too
     * (layer_update; the 56-register kernels spilled 2 - 4 times more with it), and so do the
     * half2 kernels of rows of up to 12 edges but with everything in global memory (242 / 492
     * bytes of spills there, none on chip), and the half2 kernel of 13 - 16-edge rows with
     * everything on chip (with the APP alone on chip it spilled 102 / 408 bytes, 8 / 24
     * without). H200, against the generic update, kernel-only: WiMAX 2304 2/3A 38.4 -> 50.6
     * Gb/s, 2/3B 38.1 -> 49.3 - 50.2, 3/4A 38.6 - 39.1 -> 51.3 - 51.4, 3/4B 38.8 -> 50.1 -
     * 50.4, WiFi 1944 2/3 35.9 -> 46.0 - 46.3, 3/4 37.1 - 37.2 -> 48.4 - 49.1, 648 2/3 35.8 ->
     * 43.9 - 44.1, 3/4 36.8 - 37.0 -> 45.8 (10 it); DVB-S2 16200 3/5 8.25 -> 10.16, 2/3 10.14 ->
     * 13.08, DVB-T2 16200 3/5 (9 edges) 13.35 -> 17.78 (20 it) */
    constexpr bool HIGH_DEG = (ONE_BLOCK && std::is_same<A, ArI8>::value) || (DMAX == 12 && MEM != MEM_GLOBAL) ||
                              (DMAX == 16 && MEM == MEM_SMEM_ALL && std::is_same<A, ArH8x2>::value);
    /* NR_DEG: the one-wave int8-pair and int16 kernels of 20-edge rows (5G NR BG1 with Z =
     * 384, a slot's large code blocks) specialise degrees 5 and 6 (26 of BG1's 46 block rows).
     * H200, 24 code blocks of nr:8448:25344 (one wave), int8 5 it: 2.17 -> 2.50 Gb/s. int16
     * (H100, two calls, two rounds each): nr:8448:25344 batch 132 at 10 it 5.71 -> 6.31 -
     * 6.34 Gb/s; 24 blocks of nr:8448:16896 at 5 it host to host 243 - 261 -> 223 - 235 us;
     * the 5G slot within its noise (302 - 340 against 299 - 328 us). Degrees 6 and 7 instead:
     * the 46-row code 5.93 Gb/s; 5, 6 and 7 spilled (22 / 68 bytes). Not the float kernel
     * (spills: 26 / 104), nor the two-block kernels, which spilled at their 80 registers
     * (nr:8448:25344 5 it 28.0 -> 26.5), nor more degrees (3 - 10 and 19: the one-wave kernel
     * spilled 182 / 408 bytes). */
    constexpr bool NR_DEG = (A::LANES == 2 || std::is_same<A, ArI16>::value) && DMAX == 20 &&
                            MEM == MEM_SMEM_APP && ONE_BLOCK;
    /* CM: messages compressed to a record a row (CmH8x2, row_update_cm) in the two-block half2
     * kernels of 17 - 20-edge rows with messages in global memory (5G NR base graph 1, whose
     * 264 blocks in flight at Z = 384 held 82 MB of messages, past the 50 MB L2: ncu, H100,
     * nr:8448:25344 5 it, DRAM 1.8 TB/s, 66% L2 hits, long-scoreboard the largest stall; with
     * the blocks' messages made to fit L2 (a timing experiment) the launch took 0.72 of the
     * time). With records, 42 MB: H100, kernel-only, 5 it 26.5 -> 30.2 Gb/s, 10 it 14.9 ->
     * 17.2 (DRAM reads 834 -> 341 MB a launch, L2 hits 66 -> 80%), though decoding and
     * collecting the records take 22% more instructions (ptxas: 24 / 36 bytes of spills,
     * none before).
     * The one-wave kernels hold at most 132 code blocks: theirs fit L2 already. */
    constexpr bool CM_H8X2 = std::is_same<A, ArH8x2>::value && MEM == MEM_SMEM_APP && DMAX == 20 && !ONE_BLOCK;
    constexpr bool CM = CM_H8X2 || CM_ONE;
    extern __shared__ __align__(16) unsigned char smem[];
    const TableCode &c = a.code;
    const int G = a.G, Z = c.Z, n = c.n;
    const int tid = threadIdx.x;
    const int g = tid / Z, t = tid - g * Z;
    const bool in_group = g < G;
    const unsigned deg_sel = ROW_DEG && t >= a.degree_split ? 0x4441u : 0x4440u; /* layer_update */
    const unsigned ALL = (1u << A::LANES) - 1u;

    /* per group: lanes with a channel value not 0 (erased frames: the others), lanes done (a
     * codeword found, or no frame), lanes whose checks fail this iteration */
    int *gseen = (int *)smem;
    int *gdone = gseen + G;
    int *gunsat = gdone + G;
    unsigned *gcrc = (unsigned *)(gunsat + G); /* 2 per group: each lane's CRC remainder */
    unsigned char *lut = smem + layout_flags_bytes(G);
    if (A::SCALE_LUT) /* covered by the barrier after the first chunk's input */
        for (int i = tid; i < kScaleLutBytes; i += blockDim.x)
            lut[i] = (unsigned char)ldpc_fixed_scale(&a.ar.fx, i);
    int4 *layers_s = (int4 *)(smem + layout_layers_offset(G, A::SCALE_LUT));
    for (int i = tid; i < c.nlayers; i += blockDim.x) /* covered by the barrier below */
        layers_s[i] = __ldg(&c.layers[i]);
    unsigned char *p = smem + layout_state_offset(G, A::SCALE_LUT, c.nlayers);
    const size_t app_bytes = layout_app_bytes(n, sizeof(AppT));
    const unsigned msg_elems = layout_msg_elems(Z, c.total_groups);
    /* the one-block kernels run one group per block (cuda_pipeline.cu makes sure): the group's
     * APP base is then the same for every thread, and the compiler addresses the APP as
     * [entry + uniform base] with no add per edge */
    const int gl = ONE_BLOCK || !in_group ? 0 : g;
    const int gg_slot = blockIdx.x * G + gl;
    unsigned char *app_b = MEM == MEM_GLOBAL ? (unsigned char *)a.app_scratch + (size_t)gg_slot * app_bytes
                                             : p + (size_t)gl * app_bytes;
    AppT *app = (AppT *)app_b;
    /* where each column's APP value lives: only the kernels of an APP in global memory and the
     * PARITY_GM ones (DVB parity columns group-major in shared memory too) are given a layout
     * (the backend sets one only where every launch runs such a kernel); the others compile to
     * the identity (table_encoding.h) */
    const ParityLayout pl = MEM == MEM_GLOBAL || PARITY_GM ? c.par : ParityLayout{};
    Msg4 *msg = MEM == MEM_SMEM_ALL ? (Msg4 *)(p + (size_t)G * app_bytes) + (size_t)gl * msg_elems
                                    : (Msg4 *)a.msg_scratch + (size_t)gg_slot * msg_elems;
    Msg4 *msg_t = msg + t;
    typedef TabQ<T16, table_t16_shift(A::T16_SHIFT, sizeof(AppT), DMAX)> TQ;
    const typename TQ::Q *tab_t = (const typename TQ::Q *)c.table + t;

    const int ngroups_total = (a.batch.nframes + A::LANES - 1) / A::LANES;
    const int nchunks = (ngroups_total + G - 1) / G;
    /* Chunks beyond the first one per block are taken from a counter rather than striding by
     * the grid: blocks do not all run at the same speed (blocks sharing an SM compete for it),
     * and with fixed shares the SMs whose blocks finish first sit idle until the slowest is
     * done. Measured on the H100 (kernel-only, one stream, 16 chunks per block): WiMAX int8
     * 45.4 -> 50.3 Gb/s, f32 23.1 -> 24.5, DVB-T2 int8 5.66 -> 5.90 (4 chunks per block); with
     * at most 2 chunks per block it gained nothing and cost 3% beside a concurrent launch, so
     * it starts above that. The block that finishes last resets the counters for the lane's
     * next launch (stream order keeps launches of one lane apart). */
    const bool dynamic = a.sched != nullptr && nchunks > 2 * (int)gridDim.x;
    __shared__ int next_chunk;
    /* gseen starts at 0; thread 0 of a group clears it when the group's last status is written,
     * a barrier before the next chunk's input */
    if (tid < G)
        gseen[tid] = 0;
    if (tid < 2 * G)
        gcrc[tid] = 0;
    __syncthreads();
    for (int chunk = blockIdx.x; chunk < nchunks;) {
        const int group = chunk * G + g;
        const int f0 = group * A::LANES;
        unsigned valid = 0;
        if (in_group)
            for (int l = 0; l < A::LANES; l++)
                if (f0 + l < a.batch.nframes)
                    valid |= 1u << l;
        if (in_group && t == 0) {
            gdone[g] = (int)(~valid & ALL);
            gunsat[g] = 0;
        }
        if (in_group && valid) {
            /* four loads in flight for rows of up to 8 edges (the small-batch latency case)
             * and in the one-block kernels (registers for one block per SM: a DVB 64800 or 5G
             * NR BG1 codeword, 16200 - 6528 loads of four values over 384 threads, one round
             * trip each when one at a time); one for the other kernels of longer rows, which
             * are short of registers (ptxas: 300 instead of 148 bytes of spills for int8
             * pairs with 16-edge rows) */
            constexpr int UNROLL = DMAX <= 8 || ONE_BLOCK ? 4 : 1;
            constexpr int READBACK = ONE_BLOCK ? 4 : 1; /* load_channel */
            /* the channel values staged in the group's message slots (zeroed below): the
             * small-batch kernels, whose state is on chip, but not int16 messages (staged in
             * every launch, H200, full batches: DVB-T2 16200 r1/2 12.25 -> 11.88 Gb/s, WiMAX
             * 2304 25.31 -> 24.88; int8 pairs WiMAX 2304 50.9 - 51.2 -> 50.6 - 50.9) */
            constexpr bool STAGE = DMAX <= 8 && MEM == MEM_SMEM_ALL && !ONE_BLOCK && !std::is_same<A, ArI16>::value;
            /* only where a block decodes one chunk (small batches: the values often come from
             * mapped host memory); full batches load as before */
            const unsigned slots = nchunks <= (int)gridDim.x ? msg_elems : 0u;
            const unsigned nz = a.batch.llr_i8 ? load_channel<A, UNROLL, READBACK, STAGE>(app, pl, (const int8_t *)a.batch.llr, n, f0, valid, t, Z, a.ar, msg, slots)
                                         : load_channel<A, UNROLL, READBACK, STAGE>(app, pl, (const float *)a.batch.llr, n, f0, valid, t, Z, a.ar, msg, slots);
            /* erased frames: one shared OR per thread and frame (a thread whose values are
             * all 0 skips it), against 10+ iterations of row updates */
            if (nz)
                atomicOr(&gseen[g], (int)nz);
            /* all messages 0: with CM the records alone (a row's first entry of each layer) */
            if constexpr (CM) {
                for (int L = 0; L < c.nlayers; L++)
                    msg_t[(unsigned)layers_s[L].y * (unsigned)Z] = A::zero4();
            } else {
                for (unsigned i = t; i < msg_elems; i += Z)
                    msg[i] = A::zero4();
            }
        }
        __syncthreads();

        /* two layer buffers used in turn (no copying): layer L is in x, L+1 goes to y */
        LayerIn<A, DMAX, PFK, TQ, CM> x, y, z;
        x.load(c, layers_s, 0, tab_t, msg_t, in_group);
        const bool early_ok = !PF_MSG || c.nlayers > 1;
        /* The one-block kernels (registers for one block per SM) prefetch two layers ahead,
         * in three buffers used in turn (x, y, z; ph: which holds the next layer): with one
         * block per SM nothing else hides the table's and the messages' round trips, and a
         * layer of short rows (5G NR extension rows, a DVB group cut in two) is shorter than
         * one (ncu: these loads' waits were the largest stall of DVB-T2 64800 and of 5G NR BG1
         * launches). Two ahead needs three layers or more: a layer's messages must not be
         * read before its previous update. The int8 kernels of rows of 25 - 32 edges (DVB-S2
         * 64800 8/9, 9/10) keep one layer ahead: a third buffer spilled (ptxas, spill stores /
         * loads in bytes: 28-edge kernel 106 / 232 against none, 32-edge 266 / 596 against 82
         * / 168); the 24-edge one (DVB 64800 5/6) holds it without spills (H100, DVB-T2 5/6 10
         * it: 9.98 -> 12.33 Gb/s), and so does the NARROW 32-edge one (DVB-S2 9/10: layers of
         * at most 180 rows, 255 registers). */
        const bool deep = ONE_BLOCK && (DMAX <= 24 || NARROW) && c.nlayers >= 3;
        if (deep)
            y.load(c, layers_s, 1, tab_t, msg_t, in_group);
        /* AHEAD3 (rows of at most 6 edges, TableVariant::ahead3): three layers ahead, in four
         * buffers (x, y, z, w; a round of four layers), where there are four layers or more */
        static_assert(!AHEAD3 || (ONE_BLOCK && DMAX == 8), "three layers ahead: one-block kernels of up to 8 edges");
        const bool deep3 = AHEAD3 && c.nlayers >= 4;
        LayerIn<A, DMAX, PFK, TQ, CM> w;
        if (deep3)
            z.load(c, layers_s, 2, tab_t, msg_t, in_group);
        int ph = 0;
        /* whether this thread's group still decodes: gdone changes only between iterations
         * (below), so it is read once per iteration rather than per layer, where the shared
         * memory read would sit on every layer's critical path */
        bool group_open = in_group;
        auto step = [&](LayerIn<A, DMAX, PFK, TQ, CM> &cur, LayerIn<A, DMAX, PFK, TQ, CM> &nxt, int L) {
            const bool work = group_open && t < cur.li.z;
            const int Ln = L + 1 < c.nlayers ? L + 1 : 0;
            /* prefetch the next layer; a single-layer code's messages are the ones about to
             * be written, so they are read after this layer instead */
            if (MID && early_ok) {
                auto load = [&] { nxt.load(c, layers_s, Ln, tab_t, msg_t, in_group); };
                if (work)
                    layer_update<ROW_DEG, HIGH_DEG, NR_DEG, AHEAD3>(app_b, msg_t, Z, deg_sel, cur, a.ar, lut, load);
                else
                    load();
                __syncthreads();
                return;
            }
            /* the next layer's loads wait for this layer's buffer first (LayerIn::after, as in
             * step2 below): H200, 20 it int8 kernel-only, DVB-S2 16200 r1/2 (pairs) 14.06 ->
             * 15.88 Gb/s, DVB-S2 64800 8/9 (one layer ahead) 11.27 -> 11.74, WiMAX 2304 10 it
             * 49.8 -> 51.3; not for rows of 21 - 32 edges: DVB-S2 16200 8/9 7.61 -> 6.78 */
            if (early_ok)
                nxt.load(c, layers_s, Ln, tab_t, msg_t, in_group, !LATE,
                         DMAX < 32 ? cur.after(c) : 0u);
            if (work) {
                if (LATE && early_ok)
                    layer_update<ROW_DEG, HIGH_DEG, NR_DEG, AHEAD3>(app_b, msg_t, Z, deg_sel, cur, a.ar, lut, [&] { nxt.load_msg(msg_t, Z, true); });
                else
                    layer_update<ROW_DEG, HIGH_DEG, NR_DEG, AHEAD3>(app_b, msg_t, Z, deg_sel, cur, a.ar, lut, [] {});
            } else if (LATE && early_ok) {
                nxt.load_msg(msg_t, Z, in_group);
            }
            if (!early_ok)
                nxt.load(c, layers_s, Ln, tab_t, msg_t, in_group);
            __syncthreads();
        };
        /* Rule 6 of decoder_fixed.h. Every iteration ends with the parity check of the lanes
         * not done; a lane whose checks all hold is written out at once (bits and status) and
         * marked done. With early termination a done group stops and the block moves on once
         * all its groups are done. Without, every group runs every iteration (iterations =
         * max_iter), but the bits written are those of the first codeword found: later
         * iterations only update state that is never written out. Once every group of the
         * block is done, the checks and their barriers stop (at high SNR after the first few
         * iterations). Cost measured on the H100 (kernel-only, coded Gb/s, before -> with the
         * checks, same machine): WiMAX 2304 r1/2 int8 10 it no early stop, 4 streams, 3 dB
         * 60.3 -> 51.7, one stream 51.2 -> 43.8, 1 dB (nothing converges, a check every
         * iteration) 60.4 -> 40.8; with early stop 98.9 -> 95.8; DVB-T2 16200 r1/2 int8 10 it
         * 6.39 -> 4.68 (early stop 6.76 -> 6.26); DVB-T2 64800 r1/2 int8 20 it 2.61 -> 2.30. */
        /* two layers ahead: cur holds layer L, nxt2 receives L + 2. LATE (a
         * std::integral_constant<bool>): the loads are issued after the layer's first pass (the
         * third step of a round, below) rather than before it */
        /* desc2: the description of layer L + 2, read one step earlier: read after the
         * barrier, it put a shared-memory round trip and the address arithmetic behind it
         * ahead of every layer's first APP read (ncu, DVB-T2 64800 r1/2: the largest
         * short-scoreboard stalls). Not for rows of 17 - 20 edges: its four registers made
         * the float and half2 one-block kernels spill (12 - 44 bytes). */
        constexpr bool DESC_AHEAD = DMAX <= 16;
        int4 desc2 = layers_s[deep3 ? 3 : DESC_AHEAD && c.nlayers > 2 ? 2 : 0];
        /* stepk(ahead, late, cur, nxt, L): layer L's update from cur, with the loads of layer
         * L + ahead into nxt */
        auto stepk = [&](auto ahead, auto late, LayerIn<A, DMAX, PFK, TQ, CM> &cur, LayerIn<A, DMAX, PFK, TQ, CM> &nxt2, int L) {
            constexpr bool LOAD_LATE = decltype(late)::value;
            constexpr int AH = decltype(ahead)::value;
            const bool work = group_open && t < cur.li.z;
            int4 d2;
            if constexpr (DESC_AHEAD) {
                d2 = desc2;
                const int L3 = L + AH + 1 < c.nlayers ? L + AH + 1 : L + AH + 1 - c.nlayers;
                desc2 = layers_s[L3]; /* read now, used by the next step */
            } else {
                d2 = layers_s[L + AH < c.nlayers ? L + AH : L + AH - c.nlayers];
            }
            /* loads issued before the layer's first pass wait for this layer's buffer first
             * (LayerIn::after): ptxas had them share scoreboards with the buffer's
             * loads, so that the wait for this layer's entries also waited for the loads just
             * issued. H200, int8 20 it kernel-only: DVB-T2 64800 4/5 10.56 -> 11.05 Gb/s, 5/6
             * 9.11 -> 9.89, DVB-S2 9/10 11.28 -> 11.90, 2/3 10.56 -> 10.85, r1/2 11.45 ->
             * 11.66; 24 blocks of nr:8448:25344 int8 5 it 2.45 -> 2.58 */
            const unsigned dep = LOAD_LATE ? 0u : cur.after(c);
            auto load2 = [&] { nxt2.load_at(c, d2, tab_t, msg_t, in_group, true, dep); };
            if constexpr (!LOAD_LATE)
                load2();
            if (work) {
                if constexpr (LOAD_LATE)
                    layer_update<ROW_DEG, HIGH_DEG, NR_DEG, AHEAD3>(app_b, msg_t, Z, deg_sel, cur, a.ar, lut, load2);
                else
                    layer_update<ROW_DEG, HIGH_DEG, NR_DEG, AHEAD3>(app_b, msg_t, Z, deg_sel, cur, a.ar, lut, [] {});
            } else if constexpr (LOAD_LATE) {
                load2();
            }
            __syncthreads();
        };
        auto step2 = [&](auto late, LayerIn<A, DMAX, PFK, TQ, CM> &cur, LayerIn<A, DMAX, PFK, TQ, CM> &nxt2, int L) {
            stepk(std::integral_constant<int, 2>{}, late, cur, nxt2, L);
        };
        auto step3 = [&](auto late, LayerIn<A, DMAX, PFK, TQ, CM> &cur, LayerIn<A, DMAX, PFK, TQ, CM> &nxt3, int L) {
            stepk(std::integral_constant<int, 3>{}, late, cur, nxt3, L);
        };
        constexpr std::false_type FIRST{};
        constexpr std::true_type LATE_LOADS{};
        bool checking = true;
        for (int it = 1; it <= a.batch.max_iter; it++) {
            group_open = in_group && (a.batch.early ? gdone[g] != (int)ALL : valid != 0u);
            if (deep3) {
                /* four layers a round, the buffers in fixed roles: x holds layer L, y L + 1, z
                 * L + 2, and w receives L + 3; the second and fourth steps issue their loads
                 * after the layer's first pass. H200, 20 it int8 kernel-only, against two
                 * layers ahead (LDPCGPU_CUDA_AHEAD3=0), Gb/s: DVB-S2 64800 1/3 6.67 -> 7.41,
                 * 2/5 8.01 -> 8.56, 1/4 9.74 -> 10.03; every step's loads first: 7.27, 8.36,
                 * 10.41; the last three steps' after the first pass: 7.13, 8.30, 10.00 */
                int L = 0;
                for (; L + 4 <= c.nlayers; L += 4) {
                    step3(FIRST, x, w, L);
                    step3(LATE_LOADS, y, x, L + 1);
                    step3(FIRST, z, y, L + 2);
                    step3(LATE_LOADS, w, z, L + 3);
                }
                /* the layers left (the count need not be a multiple of four), one at a time
                 * with the buffers renamed after each, so that x holds layer 0 again at the
                 * end, y layer 1 and z layer 2 (written out for each count left, ptxas spilled
                 * 214 / 352 bytes) */
                for (; L < c.nlayers; L++) {
                    step3(FIRST, x, w, L);
                    x = y;
                    y = z;
                    z = w;
                }
            } else if (deep && DMAX > 16) {
                for (int L = 0; L < c.nlayers; L++) {
                    if (ph == 0)
                        step2(FIRST, x, z, L);
                    else if (ph == 1)
                        step2(FIRST, y, x, L);
                    else
                        step2(FIRST, z, y, L);
                    ph = ph == 2 ? 0 : ph + 1;
                }
            } else if (deep) {
                /* Three layers a round in straight-line code, with the buffers in fixed roles:
                 * chosen by a branch on ph in every layer, the compiler's wait for the buffer
                 * loaded two layers back in one of the three phases also waited for the loads
                 * just issued (ncu, DVB-T2 64800: 11% of all samples on that phase's first APP
                 * read). The layer count need not be a multiple of three: the round starts at
                 * layer 0 with the buffers renamed so that x holds it and y layer 1. Rows of 17
                 * - 20 edges keep the branch: three copies of their update spilled (5G NR BG1's
                 * one-wave kernels, 34 - 78 bytes). */
                if (ph == 1) {
                    x = y;
                    y = z;
                } else if (ph == 2) {
                    const LayerIn<A, DMAX, PFK, TQ, CM> t1 = x;
                    x = z;
                    y = t1;
                }
                int L = 0;
                for (; L + 3 <= c.nlayers; L += 3) {
                    step2(FIRST, x, z, L);
                    /* the second step's loads after its first pass too (rows of up to 8
                     * edges; H200, one build each: DVB-T2 64800 r1/2 20 it 9.84 -> 9.90 Gb/s,
                     * DVB-S2 r1/2 early stop e2e 32.80 -> 32.92, DVB-S2 1/3 level; all three
                     * steps' loads after the first pass: 1/3 10.0 -> 8.1) */
                    step2(std::integral_constant<bool, DMAX <= 8>{}, y, x, L + 1);
                    /* this step reads the buffer loaded in the round's first; issued before its
                     * first pass, its own loads made that wait their whole latency too (ncu,
                     * DVB-T2 64800 r1/2: 12% of all samples on its first APP read; 3/5: 9% on
                     * its first table decode). Issued after it (H200, against loads first):
                     * DVB-T2 64800 r1/2 20 it 7.79 -> 8.87 Gb/s, DVB-S2 r1/2 early stop e2e
                     * 27.5 -> 30.3, DVB-S2 1/3 7.57 -> 8.61; rows of 9 - 16 edges, this step
                     * alone: DVB-T2 64800 3/5 7.44 -> 8.33, 2/3 9.85 -> 10.57, 3/4 10.82 ->
                     * 11.53 (with the second step's too: 8.28, 10.67, 11.58). Not in the
                     * branch form of 17 - 32-edge rows above: there late loads spilled (18 -
                     * 42 bytes) and lost (DVB-T2 5/6 9.06 -> 7.92 - 8.33) */
                    step2(std::integral_constant<bool, DMAX <= 16>{}, z, y, L + 2);
                }
                ph = 0;
                if (L < c.nlayers) {
                    step2(FIRST, x, z, L++);
                    ph = 1;
                }
                if (L < c.nlayers) {
                    step2(FIRST, y, x, L);
                    ph = 2;
                }
            } else {
                for (int L = 0; L < c.nlayers; L += 2) {
                    step(x, y, L);
                    if (L + 1 < c.nlayers)
                        step(y, x, L + 1);
                }
                if (c.nlayers & 1)
                    x = y; /* an odd layer count leaves layer 0 in y */
            }
            if (!checking)
                continue;
            if (in_group && gdone[g] != (int)ALL) {
                /* the group's threads stop once every lane not yet done is known to fail (most
                 * iterations before convergence), since more failures change nothing */
                const unsigned need = ~(unsigned)gdone[g] & ALL;
                row_parities<A, TQ, DMAX, ONE_BLOCK, NARROW>(app_b, c, layers_s, tab_t, t, need, &gunsat[g]);
                /* CRC-aided stop: each lane's remainder of its first crc_bits hard bits, the
                 * XOR of crc_r over its ones (decoder_crc_stop.h's rule, computed linearly) */
                if (a.crc_r) {
                    unsigned r0 = 0, r1 = 0;
                    for (int j = t; j < a.crc_bits; j += Z) {
                        const unsigned bits = A::lanes_of_raw(A::raw(app[app_slot(pl, j)]));
                        const unsigned rj = __ldg(&a.crc_r[j]);
                        r0 ^= (bits & 1u) ? rj : 0u;
                        r1 ^= (bits & 2u) ? rj : 0u;
                    }
                    if (r0)
                        atomicXor(&gcrc[2 * g], r0);
                    if (A::LANES == 2 && r1)
                        atomicXor(&gcrc[2 * g + 1], r1);
                }
            }
            __syncthreads();
            /* lanes whose CRC passes (with the CRC-aided stop) */
            unsigned crc_ok = 0;
            if (a.crc_r && in_group)
                for (int l = 0; l < A::LANES; l++)
                    crc_ok |= (gcrc[2 * g + l] == 0u ? 1u : 0u) << l;
            if (in_group) {
                const unsigned fresh = (~(unsigned)gunsat[g] | crc_ok) & ~(unsigned)gdone[g] & ALL;
                /* erased lanes (no channel value seen not 0) report parity_ok = 0; read from
                 * shared memory here rather than kept in a register through the iterations;
                 * a lane stopped by its CRC reports its parity checks as they are */
                if (fresh)
                    emit<A, ONE_BLOCK>(app, pl, a.fmt, a.batch, f0, fresh, t, Z, a.batch.early ? it : a.batch.max_iter,
                            (valid & ~(unsigned)gseen[g]) | (unsigned)gunsat[g]);
            }
            __syncthreads();
            if (in_group && t == 0) {
                gdone[g] |= (~gunsat[g] | (int)crc_ok) & (int)ALL;
                gunsat[g] = 0;
                gcrc[2 * g] = 0;
                gcrc[2 * g + 1] = 0;
            }
            __syncthreads();
            bool all = true;
            for (int k = 0; k < G; k++)
                all = all && gdone[k] == (int)ALL;
            if (all && a.batch.early)
                break;
            checking = !all;
        }

        /* lanes that never satisfied every check: the last iteration's decision */
        if (in_group) {
            const unsigned open = ~(unsigned)gdone[g] & ALL;
            if (open)
                emit<A, ONE_BLOCK>(app, pl, a.fmt, a.batch, f0, open, t, Z, a.batch.max_iter, ALL);
            if (t == 0)
                gseen[g] = 0; /* this chunk's last read of it (the next chunk's are after a barrier) */
        }
        __syncthreads();
        if (!dynamic) {
            chunk += gridDim.x;
            continue;
        }
        if (tid == 0)
            next_chunk = (int)gridDim.x + atomicAdd(&a.sched[0], 1);
        __syncthreads(); /* the next write of next_chunk is after this chunk's barriers */
        chunk = next_chunk;
    }
    if (dynamic && tid == 0) {
        __threadfence(); /* this block's last counter fetch before its "finished" */
        if (atomicAdd(&a.sched[1], 1) == (int)gridDim.x - 1) {
            a.sched[0] = 0;
            a.sched[1] = 0;
        }
    }
}

} // namespace ldpccuda
#endif
