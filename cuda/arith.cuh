/* Arithmetic policies of the table kernel: one type per message format.
 *
 *  F32   one codeword per thread; float, the reference decoder's formulas (decoder_ref.c).
 *  I8X2  two codewords per thread, one in each 16-bit half of a 32-bit register, using
 *        Hopper's native 16x2 integer instructions (VIADD.16x2, VIMNMX.S16x2). Values are the
 *        int8 model's (decoder_fixed.h): the APP and t (|x| <= 896) and the messages fit 16-bit
 *        lanes, and no operation of the model saturates, so plain 16x2 adds compute it exactly.
 *        APP stored as int16 pairs, messages as int8 pairs.
 *  I16   one codeword per thread, int32 registers; int16 APP and messages, the int16 model.
 *  H8X2  the int8 model for two codewords per thread in half2 arithmetic (full-rate HADD2/HFMA2
 *        instead of half-rate 16x2 integer instructions); APP stored as half2 (integers with an
 *        offset), messages as bytes. Same storage per pair as I8X2.
 *  I8    one codeword per thread, int32 registers; int16 APP, int8 messages: the int8 model.
 *        Half the shared memory of a pair per codeword, for codes whose pair state does not
 *        fit: a DVB 64800 APP is 130 KB, which shared memory holds, where a pair's is 259 KB.
 *
 * Each policy provides: the register word W; the stored APP type (AppT); 4 messages in one
 * 4-, 8- or 16-byte word (Msg4); unpack/pack; the check-node steps; lane sign bits. The end of
 * a row update (scaled minima, then each edge's message and APP) is RowOf<A> at the end of
 * this file: RowMinSum for all but H8X2, which has its own (RowH8x2).
 * Sign convention: a "sign word" keeps each lane's sign in the lane's top bit (bit 31 for
 * 32-bit lanes; bits 15 and 31 for 16x2), so XOR-ing words combines signs lane by lane.
 * Minima: the integer policies start their trackers (min_init) and mark missing edges (none)
 * with values above every |t| of the model (at most AMAX); s() of such a value is s(CMAX), as
 * the model's s(65535) is, so a row that never replaces them gives the model's messages. */
#ifndef LDPCGPU_CUDA_ARITH_CUH
#define LDPCGPU_CUDA_ARITH_CUH

#include "cuda_internal.h"
#include <type_traits>

namespace ldpccuda {

__device__ __forceinline__ unsigned prmt(unsigned a, unsigned b, unsigned sel)
{
    unsigned r;
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(sel));
    return r;
}

/* rule 1's channel value of one input LLR, float or int8 */
__device__ __forceinline__ int quantize(float x, const Arith &ar) { return ldpc_fixed_quantize_f32(&ar.fx, x); }
__device__ __forceinline__ int quantize(int8_t x, const Arith &ar) { return ldpc_fixed_quantize_i8(&ar.fx, x); }

/* ---------------------------------------------------------------------------- float */
struct ArF32 {
    static constexpr int LANES = 1;
    /* NaN magnitudes (see minupd) must go through minupd, also for a tracker's first values */
    static constexpr bool MAG_BELOW_INIT = false;
    static constexpr bool SCALE_LUT = false; /* the block's int8 scale table (scale_lut) */
    /* 16-bit table entries count APP values (4 bytes), so that codes up to n = 65534 (DVB
     * 64800) fit them: the kernels with the APP in global memory (table_offsets16) */
    static constexpr int T16_SHIFT = 2;
    typedef float W;
    typedef float AppT;
    typedef float4 Msg4;

    __device__ static __forceinline__ W load(AppT a) { return a; }
    __device__ static __forceinline__ AppT store(W w) { return w; }
    __device__ static __forceinline__ void unpack(const Msg4 &m, W r[4])
    {
        r[0] = m.x; r[1] = m.y; r[2] = m.z; r[3] = m.w;
    }
    __device__ static __forceinline__ Msg4 pack(const W r[4]) { return make_float4(r[0], r[1], r[2], r[3]); }
    __device__ static __forceinline__ Msg4 zero4() { return make_float4(0.f, 0.f, 0.f, 0.f); }
    /* a missing edge: positive, never the minimum */
    __device__ static __forceinline__ W none() { return __int_as_float(0x7f800000); }
    __device__ static __forceinline__ W min_init() { return __int_as_float(0x7f800000); }
    __device__ static __forceinline__ W tsub(W app, W r, const Arith &) { return app - r; }
    __device__ static __forceinline__ W tadd(W t, W r, const Arith &) { return t + r; }
    __device__ static __forceinline__ W mag(W t) { return fabsf(t); }
    /* The reference's "if (a < min1) ... else if (a < min2) ..." leaves both unchanged for a
     * NaN a (a row of degree 1 sends an infinite message; INF - INF later gives NaN): fminf
     * ignores a NaN, and the NaN-propagating max keeps min2 from taking min1. */
    __device__ static __forceinline__ void minupd(W &m1, W &m2, W a)
    {
        float mx;
        asm("max.NaN.f32 %0, %1, %2;" : "=f"(mx) : "f"(m1), "f"(a));
        m2 = fminf(m2, mx);
        m1 = fminf(m1, a);
    }
    /* the two smallest of two (min1, min2) pairs (no NaN can reach a minimum) */
    __device__ static __forceinline__ void minmerge(W a1, W a2, W b1, W b2, W &m1, W &m2)
    {
        m1 = fminf(a1, b1);
        m2 = fminf(fminf(a2, b2), fmaxf(a1, b1));
    }
    __device__ static __forceinline__ unsigned signw(W t) { return __float_as_uint(t); }
    /* s(min) of the reference (alpha * min, min > beta ? min - beta : 0, or min) in one form:
     * max(fma(a, min, -b), 0) with (a, b) = (alpha, 0), (1, beta) or (1, 0). Each case rounds
     * exactly as the reference: fma(alpha, m, -0) = alpha*m rounded once, fma(1, m, -beta) =
     * m - beta rounded once, and min >= 0 keeps the max from changing anything else. */
    __device__ static __forceinline__ W scale(W m, const Arith &ar)
    {
        return fmaxf(fmaf(ar.f_a, m, -ar.f_b), 0.0f);
    }
    __device__ static __forceinline__ W scale_lut(W m, const Arith &ar, const unsigned char *)
    {
        return scale(m, ar);
    }
    /* a message from its parts: s2 where eq (the edge held min1), else s1, with the sign bit
     * sgn (bit 31) XORed in; the one form of newmsg and of a compressed record's decode (CmF32) */
    __device__ static __forceinline__ W msg_of(bool eq, unsigned sgn, W s1, W s2)
    {
        return __uint_as_float(__float_as_uint(eq ? s2 : s1) ^ sgn);
    }
    /* new message of an edge with v2c value t (|t| = a), given the row's min1 and scaled
     * minima, and the XOR of all the row's sign words; eq and sgn are its parts (msg_of) */
    __device__ static __forceinline__ W newmsg_parts(W t, W a, W m1, W s1, W s2, unsigned neg, bool &eq,
                                                     unsigned &sgn)
    {
        eq = a == m1;
        sgn = (neg ^ __float_as_uint(t)) & 0x80000000u;
        return msg_of(eq, sgn, s1, s2);
    }
    __device__ static __forceinline__ W newmsg(W t, W a, W m1, W s1, W s2, unsigned neg)
    {
        bool eq;
        unsigned sgn;
        return newmsg_parts(t, a, m1, s1, s2, neg, eq, sgn);
    }
    /* lane bits (bit l = lane l) of the sign bits of a stored APP value or of an XOR of them */
    __device__ static __forceinline__ unsigned raw(AppT a) { return __float_as_uint(a); }
    __device__ static __forceinline__ unsigned lanes_of_raw(unsigned x) { return x >> 31; }
    /* channel value of one input LLR; +0.0 instead of -0.0 keeps sign bits equal to "< 0" */
    __device__ static __forceinline__ float in_f32(float x, const Arith &ar)
    {
        return ldpc_llr_clean(x * ar.sign) + 0.0f;
    }
    __device__ static __forceinline__ float in_i8(int8_t x, const Arith &ar)
    {
        return (float)x * ar.i8_to_float + 0.0f;
    }
    /* APP value of one column from the lanes' input values (x1: lane 1, unused here) */
    __device__ static __forceinline__ AppT in_lanes(float x0, float, unsigned, const Arith &ar)
    {
        return in_f32(x0, ar);
    }
    __device__ static __forceinline__ AppT in_lanes(int8_t x0, int8_t, unsigned, const Arith &ar)
    {
        return in_i8(x0, ar);
    }
    /* Erased frames (decoder_erased.h): the OR of nz_bits over a frame's channel values is 0
     * exactly when every value is 0 (+-0: in_lanes already turns -0 into +0 and NaN into 0);
     * nz_lanes turns such an OR into lane bits */
    __device__ static __forceinline__ unsigned nz_bits(AppT a) { return __float_as_uint(a) << 1; }
    __device__ static __forceinline__ unsigned nz_lanes(unsigned acc) { return acc != 0u; }
};

/* ---------------------------------------------------------------------------- int8 x 2 */
struct ArI8x2 {
    static constexpr int LANES = 2;
    static constexpr bool MAG_BELOW_INIT = true;
    static constexpr bool SCALE_LUT = true;
    static constexpr int T16_SHIFT = 0; /* (no 16-bit table variant) */
    typedef unsigned W;    /* lane A: bits 0-15, lane B: bits 16-31, two's complement */
    typedef unsigned AppT; /* the same: int16 APP pairs */
    typedef uint2 Msg4;    /* edge e: bytes 2e (A) and 2e+1 (B), int8 */

    __device__ static __forceinline__ W load(AppT a) { return a; }
    __device__ static __forceinline__ AppT store(W w) { return w; }
    /* bytes -> sign-extended 16-bit lanes */
    __device__ static __forceinline__ void unpack(const Msg4 &m, W r[4])
    {
        r[0] = prmt(m.x, 0u, 0x9180u);
        r[1] = prmt(m.x, 0u, 0xB3A2u);
        r[2] = prmt(m.y, 0u, 0x9180u);
        r[3] = prmt(m.y, 0u, 0xB3A2u);
    }
    /* each lane's low byte (|message| <= MCAP <= 127) */
    __device__ static __forceinline__ Msg4 pack(const W r[4])
    {
        return make_uint2(prmt(r[0], r[1], 0x6420u), prmt(r[2], r[3], 0x6420u));
    }
    __device__ static __forceinline__ Msg4 zero4() { return make_uint2(0u, 0u); }
    /* a missing edge, and "no minimum yet": 32767, above every |t| (at most 896), positive */
    __device__ static __forceinline__ W none() { return 0x7fff7fffu; }
    __device__ static __forceinline__ W min_init() { return 0x7fff7fffu; }
    /* app - r and t + r, exact: every value lies within +-896 */
    __device__ static __forceinline__ W tsub(W app, W r, const Arith &) { return __vsub2(app, r); }
    __device__ static __forceinline__ W tadd(W t, W r, const Arith &) { return __vadd2(t, r); }
    /* |t| = (t ^ m) - m with m = each lane's sign spread over the lane. (max(t, 0 - t) would
     * be shorter, but ptxas rewrites 0 - t as two 32-bit negations plus repacking.) */
    __device__ static __forceinline__ W mag(W t)
    {
        const W m = prmt(t, 0u, 0xBB99u);
        return __vsub2(t ^ m, m);
    }
    __device__ static __forceinline__ void minupd(W &m1, W &m2, W a)
    {
        m2 = __vmins2(m2, __vmaxs2(m1, a));
        m1 = __vmins2(m1, a);
    }
    __device__ static __forceinline__ void minpair(W &m1, W &m2, W a)
    {
        m2 = __vmaxs2(m1, a);
        m1 = __vmins2(m1, a);
    }
    __device__ static __forceinline__ void minmerge(W a1, W a2, W b1, W b2, W &m1, W &m2)
    {
        m1 = __vmins2(a1, b1);
        m2 = __vmins2(__vmins2(a2, b2), __vmaxs2(a1, b1));
    }
    __device__ static __forceinline__ unsigned signw(W t) { return t; }
    __device__ static __forceinline__ W scale(W m, const Arith &ar)
    {
        const int lo = ldpc_fixed_scale(&ar.fx, (int)(m & 0xffffu));
        const int hi = ldpc_fixed_scale(&ar.fx, (int)(m >> 16));
        return (unsigned)lo | ((unsigned)hi << 16);
    }
    /* the same from the block's table lut[m] = s(m), m = 0..127 (kScaleLutBytes): s clamps its
     * argument to CMAX = 127 first, so min(m, 127) indexes it; two byte loads replace two
     * clamp-multiply-shift-cap sequences behind branches on the algorithm */
    __device__ static __forceinline__ W scale_lut(W m, const Arith &, const unsigned char *lut)
    {
        const W c = __vminu2(m, 0x007f007fu);
        const unsigned lo = lut[c & 0xffu], hi = lut[c >> 16];
        return lo | (hi << 16);
    }
    /* |t| == min1 ? s2 : s1, per lane, as max(s1, s2 - (min(|t| - min1, 1) << 8)): |t| - min1
     * is 0 for the edge holding the minimum, at least 1 otherwise (up to 32767 for a missing
     * edge), and s1 <= s2 <= 127 < 256; the min keeps the shifted lane inside its 16 bits */
    __device__ static __forceinline__ W newmsg(W t, W a, W m1, W s1, W s2, unsigned neg)
    {
        const W g = __vminu2(__vsub2(a, m1), 0x00010001u) << 8;
        const W mg = __vmaxs2(s1, __vsub2(s2, g));
        const W sm = prmt(neg ^ t, 0u, 0xBB99u); /* 0xffff in lanes whose message is negative */
        return __vsub2(mg ^ sm, sm);
    }
    /* APP sign bits: bits 15 and 31 */
    __device__ static __forceinline__ unsigned raw(AppT a) { return a; }
    __device__ static __forceinline__ unsigned lanes_of_raw(unsigned x)
    {
        return ((x >> 15) & 1u) | ((x >> 30) & 2u);
    }
    /* APP pair of one column from the lanes' input values (lane 1 only when valid) */
    template <class T>
    __device__ static __forceinline__ AppT in_lanes(T x0, T x1, unsigned valid, const Arith &ar)
    {
        unsigned v = (unsigned)quantize(x0, ar) & 0xffffu;
        if (valid & 2u)
            v |= (unsigned)quantize(x1, ar) << 16;
        return v;
    }
    /* erased frames: a lane's channel value c is 0 <=> its 16 bits are 0 */
    __device__ static __forceinline__ unsigned nz_bits(AppT a) { return a; }
    __device__ static __forceinline__ unsigned nz_lanes(unsigned acc)
    {
        return (unsigned)((acc & 0xffffu) != 0u) | ((unsigned)((acc >> 16) != 0u) << 1);
    }
};

/* ---------------------------------------------------------------------------- int8 model in half2 */
/* f16x2 instructions on 32-bit registers (PTX keeps f16x2 values in .b32 registers): one PTX
 * instruction each, so the kernel's instruction counts can be read off the source. */
#define LDPC_H2_OP2(NAME, PTX)                                                                   \
    __device__ __forceinline__ unsigned NAME(unsigned a, unsigned b)                             \
    {                                                                                            \
        unsigned r;                                                                              \
        asm(PTX " %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));                                      \
        return r;                                                                                \
    }
LDPC_H2_OP2(h2add, "add.f16x2")
LDPC_H2_OP2(h2sub, "sub.f16x2")
LDPC_H2_OP2(h2min, "min.f16x2")
LDPC_H2_OP2(h2max, "max.f16x2")
LDPC_H2_OP2(h2set_eq, "set.eq.f16x2.f16x2") /* 1.0 in each half where equal, else 0.0 */
#undef LDPC_H2_OP2
#define LDPC_H2_OP3(NAME, PTX)                                                                   \
    __device__ __forceinline__ unsigned NAME(unsigned a, unsigned b, unsigned c)                 \
    {                                                                                            \
        unsigned r;                                                                              \
        asm(PTX " %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));                          \
        return r;                                                                                \
    }
LDPC_H2_OP3(h2fma, "fma.rn.f16x2")
LDPC_H2_OP3(h2fma_relu, "fma.rn.relu.f16x2")
#undef LDPC_H2_OP3
__device__ __forceinline__ unsigned h2abs(unsigned a)
{
    unsigned r;
    asm("abs.f16x2 %0, %1;" : "=r"(r) : "r"(a));
    return r;
}

/* H8X2: the int8 model (exactly) for two codewords per thread, computed with half2 arithmetic.
 *
 * Why: on the H100 every min/max instruction (IMNMX, VIMNMX.S16x2, HMNMX2, FMNMX) issues at 64
 * lanes per clock per SM, and so do the 16x2 integer adds I8X2 is made of, while HADD2/HFMA2
 * issue at 128 (cuda/bench/cuda_pipe_bench.cu). Here the adds, the scaling and the message
 * selection are full-rate HADD2/HFMA2/HSET2, leaving only the two minima's min/max.
 *
 * Exactness: every value is an integer of magnitude below 2048, which halves hold exactly (11
 * significant bits), and every sum, difference and product below is one too, so each f16x2
 * operation computes the model's integer operation with no rounding (the one rounding on
 * purpose is the scaling's, below). Offsets keep the values where one instruction does a step:
 *   t         v2c values in registers (pass 1 to pass 2) and their magnitudes: plain integers
 *             (|t| <= 896 by the model's bounds)
 *   x = r + 1152   a message r (|r| <= MCAP <= 127) as unpacked: messages are stored as
 *             offset-binary bytes b = r + 128, and PRMT places 0x64 above a byte, which is
 *             the half 1024 + b; conversely the new message's half r + 1152 in [1025, 1279]
 *             has b as its low byte
 *   S = a + 1152   APP values a as stored: |a| <= AMAX = 896 keeps S in [256, 2048]
 * so that t = S - x and S' = t + x' are one HADD2 each. Sign of the APP: a < 0 <=> S < 1152;
 * raw() gives S - 1152 = a (+0 for a = 0), whose sign bits XOR.
 *
 * Scaling s(m) = min(scale(min(m, 127)), MCAP) (rule 3: NMS round-half-up(alpha m) for alpha =
 * j/8, OMS max(m - beta, 0), MS m; other alphas use I8X2). The cap is applied to the argument:
 * these scale() step by at most 1 as m grows by 1, so min(scale(m), MCAP) = scale(min(m, M)) for
 * M = the least m with scale(m) >= MCAP, or 127 (the host computes M, ar.h_mmax, and checks the
 * identity for every m: make_arith, h8x2_scale_exact). With m' = min(m, M) <= 127:
 *   y = m' * (alpha / 256) + 2^-12   exact: (2 j m' + 1) / 4096, an odd numerator below 2048
 *   z = y + 4                        rounds to a multiple of 1/256 (the ulp in [4, 8)): 4 +
 *                                    round(alpha m') / 256, and the 2^-12 turns the model's
 *                                    round-half-up into a round to nearest with no ties
 *   s = relu(256 z - (1024 + beta))  exact integers below 2048 (beta clamped to [0, 127]) */
struct ArH8x2 {
    static constexpr int LANES = 2;
    static constexpr bool MAG_BELOW_INIT = true;
    static constexpr bool SCALE_LUT = false; /* scales in half2 (RowH8x2) */
    static constexpr int T16_SHIFT = 0;      /* 16-bit table entries are APP byte offsets */
    typedef unsigned W;    /* t, or (unpacked messages) the halves r + 1152 */
    typedef unsigned AppT; /* S(app), lane A in bits 0-15, lane B in 16-31 */
    typedef uint2 Msg4;    /* edge e: bytes 2e (A) and 2e+1 (B), offset binary */

    static constexpr unsigned kEps = 0x0C000C00u;   /* 2^-12 */
    static constexpr unsigned kOne = 0x3C003C00u;   /* 1 */
    static constexpr unsigned k4 = 0x44004400u;     /* 4 */
    static constexpr unsigned k256 = 0x5C005C00u;   /* 256 */
    static constexpr unsigned k1024 = 0x64006400u;  /* 1024, also the bits placed above a byte */
    static constexpr unsigned k1152 = 0x64806480u;  /* 1152: the offset of x and S */
    static constexpr unsigned kSigns = 0x80008000u;

    __device__ static __forceinline__ W load(AppT a) { return a; }
    /* bytes b -> halves 1024 + b = r + 1152 */
    __device__ static __forceinline__ void unpack(const Msg4 &m, W r[4])
    {
        r[0] = prmt(m.x, 0x64646464u, 0x4140u);
        r[1] = prmt(m.x, 0x64646464u, 0x4342u);
        r[2] = prmt(m.y, 0x64646464u, 0x4140u);
        r[3] = prmt(m.y, 0x64646464u, 0x4342u);
    }
    /* halves r + 1152 -> their low bytes b = r + 128 */
    __device__ static __forceinline__ Msg4 pack(const W r[4])
    {
        return make_uint2(prmt(r[0], r[1], 0x6420u), prmt(r[2], r[3], 0x6420u));
    }
    __device__ static __forceinline__ Msg4 zero4() { return make_uint2(0x80808080u, 0x80808080u); }
    /* a missing edge's t, and "no minimum yet": 65504, above every |t|, positive */
    __device__ static __forceinline__ W none() { return 0x7BFF7BFFu; }
    __device__ static __forceinline__ W min_init() { return 0x7BFF7BFFu; }
    /* t = app - r from S(app) and the message's r + 1152 */
    __device__ static __forceinline__ W tsub(W app, W x, const Arith &) { return h2sub(app, x); }
    __device__ static __forceinline__ W mag(W t) { return h2abs(t); }
    __device__ static __forceinline__ void minupd(W &m1, W &m2, W a)
    {
        m2 = h2min(m2, h2max(m1, a));
        m1 = h2min(m1, a);
    }
    /* minupd on a tracker holding one value (m2 still min_init, above any magnitude) */
    __device__ static __forceinline__ void minpair(W &m1, W &m2, W a)
    {
        m2 = h2max(m1, a);
        m1 = h2min(m1, a);
    }
    __device__ static __forceinline__ void minmerge(W a1, W a2, W b1, W b2, W &m1, W &m2)
    {
        m1 = h2min(a1, b1);
        m2 = h2min(h2min(a2, b2), h2max(a1, b1));
    }
    __device__ static __forceinline__ unsigned signw(W t) { return t; }
    /* s(m) (see above): ar.h_mmax = M, ar.h_alpha = alpha / 256 (or 1/256), ar.h_negb =
     * -(1024 + beta) */
    __device__ static __forceinline__ W scale(W m, const Arith &ar)
    {
        return h2fma_relu(h2add(h2fma(h2min(m, ar.h_mmax), ar.h_alpha, kEps), k4), k256, ar.h_negb);
    }
    /* the APP a = S - 1152, sign bits 15 and 31 (+0 for a = 0), so that XOR-ing raws combines
     * signs */
    __device__ static __forceinline__ unsigned raw(AppT a) { return h2sub(a, k1152); }
    __device__ static __forceinline__ unsigned lanes_of_raw(unsigned x)
    {
        return ((x >> 15) & 1u) | ((x >> 30) & 2u);
    }
    /* S(c) = c + 1152 of both lanes' channel values c (rule 1): the halves 1024 + (c + 128) */
    template <class T>
    __device__ static __forceinline__ AppT in_lanes(T x0, T x1, unsigned valid, const Arith &ar)
    {
        const unsigned c0 = (unsigned)(quantize(x0, ar) + 128);
        const unsigned c1 = (valid & 2u) ? (unsigned)(quantize(x1, ar) + 128) : 0x80u;
        return c0 | (c1 << 16) | k1024;
    }
    /* erased frames: c = 0 <=> the lane's half is S(0) = 1152, bits 0x6480 */
    __device__ static __forceinline__ unsigned nz_bits(AppT a) { return a ^ k1152; }
    __device__ static __forceinline__ unsigned nz_lanes(unsigned acc)
    {
        return (unsigned)((acc & 0xffffu) != 0u) | ((unsigned)((acc >> 16) != 0u) << 1);
    }
};

/* ---------------------------------------------------------------------------- int16, int8 */
/* One codeword per thread in int32 registers, the fixed-point model's arithmetic with an int16
 * APP and 4 messages in Msg4_: what int16 and one-lane int8 share. */
template <class Msg4_>
struct ArIntOne {
    static constexpr int LANES = 1;
    static constexpr bool MAG_BELOW_INIT = true;
    static constexpr bool SCALE_LUT = false;
    /* 16-bit table entries count APP values (2 bytes), so that codes up to n = 65534 (DVB
     * 64800) fit them */
    static constexpr int T16_SHIFT = 1;
    typedef int W;
    typedef short AppT;
    typedef Msg4_ Msg4;

    __device__ static __forceinline__ W load(AppT a) { return a; }
    __device__ static __forceinline__ AppT store(W w) { return (AppT)w; }
    __device__ static __forceinline__ W none() { return 0x7fffffff; }
    /* "no minimum yet": the model's 65535, above every |t| (at most AMAX <= 32767) */
    __device__ static __forceinline__ W min_init() { return 65535; }
    /* exact: every value lies within +-AMAX */
    __device__ static __forceinline__ W tsub(W app, W r, const Arith &) { return app - r; }
    __device__ static __forceinline__ W tadd(W t, W r, const Arith &) { return t + r; }
    __device__ static __forceinline__ W mag(W t) { return abs(t); }
    __device__ static __forceinline__ void minupd(W &m1, W &m2, W a)
    {
        m2 = min(m2, max(m1, a));
        m1 = min(m1, a);
    }
    __device__ static __forceinline__ void minpair(W &m1, W &m2, W a)
    {
        m2 = max(m1, a);
        m1 = min(m1, a);
    }
    __device__ static __forceinline__ void minmerge(W a1, W a2, W b1, W b2, W &m1, W &m2)
    {
        m1 = min(a1, b1);
        m2 = min(min(a2, b2), max(a1, b1));
    }
    __device__ static __forceinline__ unsigned signw(W t) { return (unsigned)t; }
    __device__ static __forceinline__ W scale(W m, const Arith &ar) { return ldpc_fixed_scale(&ar.fx, m); }
    __device__ static __forceinline__ W scale_lut(W m, const Arith &ar, const unsigned char *)
    {
        return scale(m, ar);
    }
    __device__ static __forceinline__ W newmsg(W t, W a, W m1, W s1, W s2, unsigned neg)
    {
        const W mg = (a == m1) ? s2 : s1;
        return ((neg ^ (unsigned)t) & 0x80000000u) ? -mg : mg;
    }
    /* The same with the row's sign folded into its scaled minima once a row (RowMinSum,
     * SIGN_FOLD): s1 and s2 come negated when neg's sign bit is set, and an edge's message is
     * then t's own sign on them, (neg XOR t < 0) ? -mg : mg exactly (|s| <= MCAP). One
     * instruction an edge fewer (the XOR with neg) on the path from the minima to the stores. */
    static constexpr bool SIGN_FOLD = true;
    __device__ static __forceinline__ W fold_sign(W s, unsigned neg) { return (int)neg < 0 ? -s : s; }
    /* a folded message from its parts: s2 where eq (the edge held min1), else s1, negated where
     * sg (t itself) is negative; newmsg_folded's form, and a compressed record's collect
     * (CmI16Out) */
    __device__ static __forceinline__ W msg_of_folded(bool eq, W sg, W s1, W s2)
    {
        const W mg = eq ? s2 : s1;
        return sg < 0 ? -mg : mg;
    }
    __device__ static __forceinline__ W newmsg_folded(W t, W a, W m1, W s1, W s2)
    {
        return msg_of_folded(a == m1, t, s1, s2);
    }
    /* the stored value's bits (its sign is bit 15), and that sign as lane bit 0 */
    __device__ static __forceinline__ unsigned raw(AppT a) { return (unsigned short)a; }
    __device__ static __forceinline__ unsigned lanes_of_raw(unsigned x) { return (x >> 15) & 1u; }
    template <class T>
    __device__ static __forceinline__ AppT in_lanes(T x0, T, unsigned, const Arith &ar)
    {
        return (AppT)quantize(x0, ar);
    }
    /* erased frames: c = 0 <=> its 16 bits are 0 */
    __device__ static __forceinline__ unsigned nz_bits(AppT a) { return (unsigned short)a; }
    __device__ static __forceinline__ unsigned nz_lanes(unsigned acc) { return acc != 0u; }
};

/* int16: messages of edge e in 16-bit half e of a uint2 */
struct ArI16 : ArIntOne<uint2> {
    __device__ static __forceinline__ void unpack(const Msg4 &m, W r[4])
    {
        r[0] = (int)prmt(m.x, 0u, 0x9910u);
        r[1] = (int)prmt(m.x, 0u, 0xBB32u);
        r[2] = (int)prmt(m.y, 0u, 0x9910u);
        r[3] = (int)prmt(m.y, 0u, 0xBB32u);
    }
    __device__ static __forceinline__ Msg4 pack(const W r[4])
    {
        return make_uint2(prmt((unsigned)r[0], (unsigned)r[1], 0x5410u),
                          prmt((unsigned)r[2], (unsigned)r[3], 0x5410u));
    }
    __device__ static __forceinline__ Msg4 zero4() { return make_uint2(0u, 0u); }
};

/* int8, one codeword per thread: messages of edge e in byte e of a 32-bit word */
struct ArI8 : ArIntOne<unsigned> {
    __device__ static __forceinline__ void unpack(const Msg4 &m, W r[4])
    {
        r[0] = (int)prmt(m, 0u, 0x8880u);
        r[1] = (int)prmt(m, 0u, 0x9991u);
        r[2] = (int)prmt(m, 0u, 0xAAA2u);
        r[3] = (int)prmt(m, 0u, 0xBBB3u);
    }
    __device__ static __forceinline__ Msg4 pack(const W r[4])
    {
        return prmt(prmt((unsigned)r[0], (unsigned)r[1], 0x0040u), prmt((unsigned)r[2], (unsigned)r[3], 0x0040u),
                    0x5410u);
    }
    __device__ static __forceinline__ Msg4 zero4() { return 0u; }
};

/* ---------------------------------------------------------------------------- row update */
/* whether policy A folds the row's sign into its scaled minima (A::SIGN_FOLD, ArIntOne) */
template <class A, class = void> struct SignFold { static constexpr bool value = false; };
template <class A> struct SignFold<A, std::void_t<decltype(A::SIGN_FOLD)>> { static constexpr bool value = A::SIGN_FOLD; };
template <class A> __device__ constexpr bool sign_fold() { return SignFold<A>::value; }

/* What pass 2 of a row update needs from pass 1 (the row's two minima and signs), and the
 * update of one edge from its v2c value t: the new message (as pack() takes it) and the APP
 * value to store. RowMinSum is the policies' common form; H8X2 has its own. */

template <class A>
struct RowMinSum {
    typedef typename A::W W;
    W m1, s1, s2;
    unsigned neg;
    __device__ static __forceinline__ RowMinSum make(W m1, W m2, unsigned neg, const Arith &ar,
                                                     const unsigned char *lut)
    {
        RowMinSum r;
        r.m1 = m1;
        r.s1 = A::scale_lut(m1, ar, lut);
        r.s2 = A::scale_lut(m2, ar, lut);
        r.neg = neg;
        if constexpr (sign_fold<A>()) {
            r.s1 = A::fold_sign(r.s1, neg);
            r.s2 = A::fold_sign(r.s2, neg);
        }
        return r;
    }
    __device__ __forceinline__ W update(W t, typename A::AppT &app, const Arith &ar) const
    {
        W r;
        if constexpr (sign_fold<A>())
            r = A::newmsg_folded(t, A::mag(t), m1, s1, s2);
        else
            r = A::newmsg(t, A::mag(t), m1, s1, s2, neg);
        app = A::store(A::tadd(t, r, ar));
        return r;
    }
};

/* H8X2: the edge holding the minimum (|t| == min1, HSET2 gives 1.0 there) gets s2 = s1 + d,
 * the others s1; the sign is the row's XOR with t's own, as +-1.0 (nc: the row's sign above
 * 1.0). x = +-magnitude + 1152 is the new message as pack() takes it (its low byte), and the
 * new APP's S = t + x. Six instructions an edge: HSET2 (with |t|), HFMA2, LOP3, HFMA2, HADD2
 * and the abs, where ptxas does not fold it into the HSET2. */
struct RowH8x2 {
    typedef ArH8x2 A;
    unsigned m1, s1, d, nc;
    __device__ static __forceinline__ RowH8x2 make(unsigned m1, unsigned m2, unsigned neg,
                                                   const Arith &ar, const unsigned char *)
    {
        RowH8x2 r;
        r.m1 = m1;
        r.s1 = A::scale(m1, ar);
        r.d = h2sub(A::scale(m2, ar), r.s1);
        r.nc = (neg & A::kSigns) | A::kOne;
        return r;
    }
    /* the edge's new message (halves r + 1152) from its t, with what a compressed record keeps
     * (CmH8x2Out): eq, 1.0 where the edge takes s2, and the message's sign (bits 15 and 31) */
    __device__ __forceinline__ unsigned message(unsigned t, unsigned &eq, unsigned &sgn) const
    {
        eq = h2set_eq(h2abs(t), m1);
        const unsigned mg = h2fma(eq, d, s1);
        sgn = (t & A::kSigns) ^ nc;
        return h2fma(sgn, mg, A::k1152);
    }
    __device__ __forceinline__ unsigned update(unsigned t, unsigned &app, const Arith &) const
    {
        unsigned eq, sgn;
        const unsigned x = message(t, eq, sgn);
        app = h2add(t, x);
        return x;
    }
    /* the same for compressed messages: eq and the sign instead of the message */
    __device__ __forceinline__ void update_cm(unsigned t, unsigned &app, unsigned &eq, unsigned &sgn) const
    {
        app = h2add(t, message(t, eq, sgn));
    }
};

/* H8X2 check-node messages stored compressed, one record a row (CmH8x2), where they live in
 * global memory and rows are long (5G NR base graph 1: rows of 3 - 19 edges, two-block kernels):
 * a row's messages are +-s1 or +-s2 (RowH8x2), so a record holds, for each lane, s1 and s2, the
 * edge that took s2 and every edge's sign, instead of one byte per edge and lane. A row of up to
 * 8 edges then takes 8 bytes, a longer one (up to 24) 16, against 2 per edge (entries of 4 slots)
 * before: BG1 at Z = 384, 163 KB a codeword pair instead of 310, so that the messages of the
 * blocks in flight (264 pairs) fit the H100's 50 MB L2 instead of streaming from DRAM.
 * Layout (the record's words in the layer's first two message entries, uint2 each):
 *   entry 0 .x  the offset-binary bytes 128 + s: s1 (lane A), s1 (B), s2 (A), s2 (B)
 *   entry 0 .y  signs of edges 0 - 7 (lane A bits 0 - 7, lane B bits 16 - 23), and the index of
 *               the edge that took s2 in bytes 1 (A) and 3 (B)
 *   entry 1     (rows of 9 - 24 edges) .x signs of edges 8 - 15, .y of 16 - 23, as above
 * Exact: the model's message of edge e is sign_e * (|t_e| == min1 ? s2 : s1); where several
 * edges tie at min1, min2 = min1 and s2 = s1, so which of them the index names does not matter
 * (the sum of their 1024 + E is stored, whose low byte then names any edge or none). All
 * messages 0 (a record of s1 = s2 = 0, whatever its signs and index: zero4()'s bytes) is every
 * decode's start. Costs: 5 instructions an edge to decode (HSET2, HFMA2, shift, LOP3, HADD2,
 * where unpack() takes one PRMT) and 3 to collect; figures: docs/cuda-notes.md, "Compressed
 * messages". */
struct CmH8x2 {
    typedef ArH8x2 A;
    unsigned s1, d, idx, sw[3]; /* decoded: s1 and s2 - s1 as halves, 1024 + index, sign words */
    __device__ static __forceinline__ CmH8x2 decode(const uint2 *m, int)
    {
        const uint2 e0 = m[0], e1 = m[1];
        CmH8x2 r;
        const unsigned s1x = prmt(e0.x, 0x64646464u, 0x4140u); /* 1152 + s1 */
        r.d = h2sub(prmt(e0.x, 0x64646464u, 0x4342u), s1x);
        r.s1 = h2sub(s1x, A::k1152);
        r.idx = prmt(e0.y, 0x64646464u, 0x4341u);
        r.sw[0] = e0.y;
        r.sw[1] = e1.x;
        r.sw[2] = e1.y;
        return r;
    }
    /* edge e's old message as unpack() gives it (the halves r + 1152) */
    __device__ __forceinline__ unsigned x(int E) const
    {
        const unsigned KE = (0x6400u + (unsigned)E) * 0x10001u; /* the halves 1024 + E */
        const unsigned mg = h2fma(h2set_eq(idx, KE), d, s1); /* s2 where eq, else s1; >= +0 */
        return h2add(mg ^ ((sw[E / 8] << (15 - E % 8)) & A::kSigns), A::k1152); /* +-mg + 1152 */
    }
};

/* Collects a row's record while pass 2 runs (RowH8x2::update_cm gives each edge's eq and sign) */
struct CmH8x2Out {
    typedef ArH8x2 A;
    unsigned idx = 0u, sw[3] = {0u, 0u, 0u}; /* idx: the halves 1024 + E of the edge taking s2 */
    __device__ __forceinline__ void edge(int E, unsigned eq, unsigned sgn)
    {
        idx = h2fma(eq, (0x6400u + E) * 0x10001u, idx); /* + (1024 + E) where eq = 1.0 */
        sw[E / 8] |= (sgn >> (15 - E % 8)) & (0x10001u << (E % 8));
    }
    /* entry 0 of the record from the row's s1 and d */
    __device__ __forceinline__ uint2 entry0(unsigned s1, unsigned d) const
    {
        const unsigned s1x = h2add(s1, A::k1152), s2x = h2add(s1x, d);
        return make_uint2(prmt(s1x, s2x, 0x6420u), prmt(sw[0], idx, 0x6240u));
    }
    __device__ __forceinline__ uint2 entry1() const { return make_uint2(sw[1], sw[2]); }
    /* pass 2 of edge E: its new APP value into app, its parts into the record */
    __device__ __forceinline__ void update(const RowH8x2 &row, unsigned t, unsigned &app, int E, const Arith &)
    {
        unsigned eq, sgn;
        row.update_cm(t, app, eq, sgn);
        edge(E, eq, sgn);
    }
    /* the record into the layer's first entry (li.y), and its second for rows of 9 - 24 edges */
    __device__ __forceinline__ void store(uint2 *msg_t, int4 li, unsigned Z, const RowH8x2 &row) const
    {
        msg_t[(unsigned)li.y * Z] = entry0(row.s1, row.d);
        if (li.x > 2)
            msg_t[(unsigned)(li.y + 1) * Z] = entry1();
    }
    /* the entries a record takes in a layer of nent entries a row */
    __host__ __device__ static constexpr int entries(int nent) { return nent > 2 ? 2 : 1; }
};

/* Float check-node messages stored compressed, one record a row (CmF32), where they live in
 * global memory (the float kernels of the codes whose state does not fit on chip: DVB 64800,
 * 5G NR BG1 at large Z): a row's messages are +-s1 or +-s2 (ArF32::newmsg_parts), so one
 * 16-byte record (the layer's first message entry, a float4) holds them all for rows of up to
 * 32 edges, where one entry of four messages was 16 bytes before (a DVB-T2 64800 r1/2 row of 7
 * edges: 16 bytes instead of 32; a DVB-S2 9/10 row of 30: 16 instead of 128).
 * Layout: .x s1, .y s2 (as the row computed them, >= +0), .z the messages' sign bits (bit e:
 * edge e), .w the index of an edge that took s2. Exact: the message of edge e is msg_of(e ==
 * index, its sign bit, s1, s2), bit for bit the one newmsg gave; edges tied at min1 have s2 =
 * s1 (the trackers' min2 is then min1), so any of them may be the index. All-zero messages (the
 * decode's start) are the all-zero record (zero4). */
struct CmF32 {
    float s1, s2;
    unsigned sg, idx;
    __device__ static __forceinline__ CmF32 decode(const float4 *m, int)
    {
        CmF32 r;
        r.s1 = m[0].x;
        r.s2 = m[0].y;
        r.sg = __float_as_uint(m[0].z);
        r.idx = __float_as_uint(m[0].w);
        return r;
    }
    /* edge E's old message */
    __device__ __forceinline__ float x(int E) const
    {
        return ArF32::msg_of(idx == (unsigned)E, (sg << (31 - E)) & 0x80000000u, s1, s2);
    }
};

/* Collects a float row's record while pass 2 runs */
struct CmF32Out {
    unsigned sg = 0u, idx = 0u;
    __device__ __forceinline__ void update(const RowMinSum<ArF32> &row, float t, float &app, int E, const Arith &ar)
    {
        bool eq;
        unsigned sgn;
        const float r = ArF32::newmsg_parts(t, ArF32::mag(t), row.m1, row.s1, row.s2, row.neg, eq, sgn);
        app = ArF32::store(ArF32::tadd(t, r, ar));
        if (eq)
            idx = (unsigned)E;
        sg |= sgn >> (31 - E);
    }
    __device__ __forceinline__ void store(float4 *msg_t, int4 li, unsigned Z, const RowMinSum<ArF32> &row) const
    {
        msg_t[(unsigned)li.y * Z] = make_float4(row.s1, row.s2, __uint_as_float(sg), __uint_as_float(idx));
    }
    __host__ __device__ static constexpr int entries(int) { return 1; }
};

/* int16 check-node messages stored compressed, one record a row (CmI16), where they live in
 * global memory (DVB 64800, 5G NR BG1 at large Z): with the row's sign folded into its scaled
 * minima (RowMinSum, SIGN_FOLD) a message is t's sign on s1 or s2 (newmsg_folded), so a record
 * holds the folded s1 and s2, each edge's t < 0, and the index of an edge that took s2: 8 bytes
 * (the layer's first message entry, a uint2) for rows of up to 24 edges, two entries for
 * longer ones, where one entry of four messages was 8 bytes before (a BG1 row of 19 edges: 8
 * bytes instead of 40; a DVB-S2 9/10 row of 30: 16 instead of 64).
 * Layout: entry 0 .x s1 (bits 0 - 15) and s2 (16 - 31), two's complement; .y bit e: edge e's
 * t < 0, for rows of up to 24 edges with the index in bits 24 - 31; for longer rows entry 1 .x
 * holds the index. Exact as CmF32 (ties at min1 have s2 = s1); all messages 0 is the all-zero
 * record. */
struct CmI16 {
    int s1, s2;
    unsigned neg, idx;
    __device__ static __forceinline__ CmI16 decode(const uint2 *m, int nent)
    {
        CmI16 r;
        r.s1 = (int)prmt(m[0].x, 0u, 0x9910u);
        r.s2 = (int)m[0].x >> 16;
        r.neg = m[0].y;
        r.idx = nent > 6 ? m[1].x : m[0].y >> 24;
        return r;
    }
    /* (ArIntOne::msg_of_folded with the sign from bit E: written as a bit test, the form the
     * measured kernels compiled; through msg_of_folded the PTX differs) */
    __device__ __forceinline__ int x(int E) const
    {
        const int mg = idx == (unsigned)E ? s2 : s1;
        return (neg >> E) & 1u ? -mg : mg;
    }
};

struct CmI16Out {
    unsigned neg = 0u, idx = 0u;
    __device__ __forceinline__ void update(const RowMinSum<ArI16> &row, int t, short &app, int E, const Arith &ar)
    {
        const bool eq = ArI16::mag(t) == row.m1;
        const int r = ArI16::msg_of_folded(eq, t, row.s1, row.s2);
        app = ArI16::store(ArI16::tadd(t, r, ar));
        if (eq)
            idx = (unsigned)E;
        neg |= ((unsigned)t >> 31) << E;
    }
    __device__ __forceinline__ void store(uint2 *msg_t, int4 li, unsigned Z, const RowMinSum<ArI16> &row) const
    {
        const unsigned sx = prmt((unsigned)row.s1, (unsigned)row.s2, 0x5410u);
        if (li.x > 6) {
            msg_t[(unsigned)li.y * Z] = make_uint2(sx, neg);
            msg_t[(unsigned)(li.y + 1) * Z] = make_uint2(idx, 0u);
        } else {
            msg_t[(unsigned)li.y * Z] = make_uint2(sx, (neg & 0xffffffu) | (idx << 24));
        }
    }
    __host__ __device__ static constexpr int entries(int nent) { return nent > 6 ? 2 : 1; }
};

template <class A> struct RowOf { typedef RowMinSum<A> T; };
template <> struct RowOf<ArH8x2> { typedef RowH8x2 T; };

/* The compressed-message record of a policy that has one (CM in kernel_table.cuh): In decodes
 * a row's old messages, Out collects its new ones */
template <class A> struct CmOf;
template <> struct CmOf<ArH8x2> { typedef CmH8x2 In; typedef CmH8x2Out Out; };
template <> struct CmOf<ArF32> { typedef CmF32 In; typedef CmF32Out Out; };
template <> struct CmOf<ArI16> { typedef CmI16 In; typedef CmI16Out Out; };

} // namespace ldpccuda
#endif
