/* Arithmetic policies of the table kernel: one type per message format.
 *
 *  F32   one codeword per thread; float, the reference decoder's formulas (decoder_ref.c).
 *  I8X2  two codewords per thread, one in each 16-bit half of a 32-bit register, using
 *        Hopper's native 16x2 integer instructions (VIADD.16x2, VIMNMX.S16x2). Values are the
 *        int8 model's (decoder_fixed.h): every intermediate fits 16 bits, so the 16-bit lanes
 *        compute the model exactly. APP and messages are stored as int8 pairs.
 *  I16   one codeword per thread, int32 registers, int16 storage; the int16 model.
 *  H8X2  the int8 model for two codewords per thread in half2 arithmetic (full-rate HADD2/HFMA2
 *        instead of half-rate 16x2 integer instructions); APP stored as half2, messages as bytes.
 *  I8    one codeword per thread, int32 registers, int8 storage; the int8 model. Half the
 *        shared memory of I8X2 per codeword, for codes whose pair state does not fit: a DVB
 *        64800 APP is 65 KB instead of 130, so three blocks share an SM instead of one.
 *
 * Each policy provides: the register word W; the stored APP type (AppT); 4 messages in one
 * 8- or 16-byte word (Msg4); unpack/pack; the check-node steps; lane sign bits.
 * Sign convention: a "sign word" keeps each lane's sign in the lane's top bit (bit 31 for
 * 32-bit lanes; bits 15 and 31 for 16x2), so XOR-ing words combines signs lane by lane. */
#ifndef LDPCGPU_CUDA_ARITH_CUH
#define LDPCGPU_CUDA_ARITH_CUH

#include "cuda_internal.h"

namespace ldpccuda {

__device__ __forceinline__ unsigned prmt(unsigned a, unsigned b, unsigned sel)
{
    unsigned r;
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(sel));
    return r;
}

/* ---------------------------------------------------------------------------- float */
struct ArF32 {
    static constexpr int LANES = 1;
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
    /* new message of an edge with v2c value t (|t| = a), given the row's min1 and scaled
     * minima, and the XOR of all the row's sign words */
    __device__ static __forceinline__ W newmsg(W t, W a, W m1, W s1, W s2, unsigned neg)
    {
        const W mg = (a == m1) ? s2 : s1;
        return __uint_as_float(__float_as_uint(mg) ^ ((neg ^ __float_as_uint(t)) & 0x80000000u));
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
};

/* ---------------------------------------------------------------------------- int8 x 2 */
struct ArI8x2 {
    static constexpr int LANES = 2;
    typedef unsigned W;          /* lane A: bits 0-15, lane B: bits 16-31, two's complement */
    typedef unsigned short AppT; /* lane A: byte 0, lane B: byte 1 */
    typedef uint2 Msg4;          /* edge e: bytes 2e (A) and 2e+1 (B) */

    __device__ static __forceinline__ W load(AppT a) { return prmt(a, 0u, 0x9180u); }
    __device__ static __forceinline__ AppT store(W w) { return (AppT)prmt(w, 0u, 0x0020u); }
    __device__ static __forceinline__ void unpack(const Msg4 &m, W r[4])
    {
        r[0] = prmt(m.x, 0u, 0x9180u);
        r[1] = prmt(m.x, 0u, 0xB3A2u);
        r[2] = prmt(m.y, 0u, 0x9180u);
        r[3] = prmt(m.y, 0u, 0xB3A2u);
    }
    __device__ static __forceinline__ Msg4 pack(const W r[4])
    {
        return make_uint2(prmt(r[0], r[1], 0x6420u), prmt(r[2], r[3], 0x6420u));
    }
    __device__ static __forceinline__ Msg4 zero4() { return make_uint2(0u, 0u); }
    __device__ static __forceinline__ W none() { return 0x7fff7fffu; }
    __device__ static __forceinline__ W min_init() { return 0x00ff00ffu; }
    /* sat(app - r), lanes in [-128, 127] */
    __device__ static __forceinline__ W tsub(W app, W r, const Arith &)
    {
        return __vmins2(__vmaxs2(__vsub2(app, r), 0xff80ff80u), 0x007f007fu);
    }
    __device__ static __forceinline__ W tadd(W t, W r, const Arith &)
    {
        return __vmins2(__vmaxs2(__vadd2(t, r), 0xff80ff80u), 0x007f007fu);
    }
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
    /* the same from the block's table lut[m] = ldpc_fixed_scale(m), m = 0..255: both lanes'
     * minima lie in 0..255 (|t| <= 128, or the 255 of "no minimum"), so two byte loads replace
     * two clamp-multiply-shift sequences behind branches on the algorithm */
    __device__ static __forceinline__ W scale_lut(W m, const Arith &, const unsigned char *lut)
    {
        const unsigned lo = lut[m & 0xffu], hi = lut[(m >> 16) & 0xffu];
        return lo | (hi << 16);
    }
    /* |t| == min1 ? s2 : s1, per lane, as max(s1, s2 - ((|t| - min1) << 7)): |t| - min1 is 0
     * for the edge holding the minimum and at least 1 otherwise, and s2 <= 127 */
    __device__ static __forceinline__ W newmsg(W t, W a, W m1, W s1, W s2, unsigned neg)
    {
        const W g = __vsub2(a, m1) << 7;
        const W mg = __vmaxs2(s1, __vsub2(s2, g));
        const W sm = prmt(neg ^ t, 0u, 0xBB99u); /* 0xffff in lanes whose message is negative */
        return __vsub2(mg ^ sm, sm);
    }
    __device__ static __forceinline__ unsigned raw(AppT a) { return a; }
    __device__ static __forceinline__ unsigned lanes_of_raw(unsigned x)
    {
        return ((x >> 7) & 1u) | ((x >> 14) & 2u);
    }
    __device__ static __forceinline__ unsigned in_one(float x, const Arith &ar)
    {
        return (unsigned)ldpc_fixed_quantize_f32(&ar.fx, x) & 0xffu;
    }
    __device__ static __forceinline__ unsigned in_one(int8_t x, const Arith &ar)
    {
        return (unsigned)ldpc_fixed_quantize_i8(&ar.fx, x) & 0xffu;
    }
    /* APP pair of one column from the lanes' input values (lane 1 only when valid) */
    template <class T>
    __device__ static __forceinline__ AppT in_lanes(T x0, T x1, unsigned valid, const Arith &ar)
    {
        unsigned v = in_one(x0, ar);
        if (valid & 2u)
            v |= in_one(x1, ar) << 8;
        return (AppT)v;
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
LDPC_H2_OP2(h2add_sat, "add.sat.f16x2")
LDPC_H2_OP2(h2sub, "sub.f16x2")
LDPC_H2_OP2(h2min, "min.f16x2")
LDPC_H2_OP2(h2max, "max.f16x2")
#undef LDPC_H2_OP2
__device__ __forceinline__ unsigned h2fma(unsigned a, unsigned b, unsigned c)
{
    unsigned r;
    asm("fma.rn.f16x2 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
}
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
 * issue at 128 (cuda/bench/cuda_pipe_bench.cu). I8X2 spends ~26 of those half-rate instructions per
 * edge pair; here the saturating adds and the message selection move to full-rate HADD2/HFMA2
 * (the saturation at 0 comes free with add.sat), leaving 6 min/max per edge pair.
 *
 * Exactness: values are integers v in [-255, 255] scaled by 1/256; every one of them, and every
 * sum, difference and product below, is exactly representable in half (11 significant bits),
 * so each f16x2 operation computes the model's integer operation with no rounding.
 *   U(v) = v / 256            APP values (stored, 4 bytes per column pair), messages in registers
 *   R(t) = (t + 128) / 256    v2c values t: sat(t) to [-128, 127] is R clamped to [0, 255/256],
 *                             i.e. add.sat (clamps at 0 and 1) and one min with 255/256
 *   B(r) = 1/2 - r / 256      a stored message as tsub wants it: R(a - r) = U(a) + B(r)
 * Messages are stored as offset-binary bytes r + 128 (same layout as I8X2): a byte b becomes
 * the half 1024 + b by placing 0x64 above it (PRMT), and one HFMA2 turns that into B(r); one
 * HFMA2 turns U(r) back into 1024 + r + 128, whose low byte is b. Sign bits of U are the
 * model's "v < 0" (+0 for v = 0: x - x rounds to +0). */
struct ArH8x2 {
    static constexpr int LANES = 2;
    typedef unsigned W;    /* R(t), U(app) or U(message), two half lanes */
    typedef unsigned AppT; /* U(app), lane A in bits 0-15, lane B in 16-31 */
    typedef uint2 Msg4;    /* edge e: bytes 2e (A) and 2e+1 (B), offset binary */

    static constexpr unsigned kHalf = 0x38003800u;     /* 0.5 */
    static constexpr unsigned kTop = 0x3BF83BF8u;      /* 255/256: R(127) */
    static constexpr unsigned kMinus128 = 0xD800D800u; /* -128 */
    static constexpr unsigned k256 = 0x5C005C00u;      /* 256 */
    static constexpr unsigned k1024 = 0x64006400u;     /* 1024, also the bits placed above a byte */
    static constexpr unsigned k1152 = 0x64806480u;     /* 1024 + 128 */
    static constexpr unsigned kInv256 = 0x1C001C00u;   /* 1/256 */
    static constexpr unsigned kMinusInv256 = 0x9C009C00u; /* -1/256 */
    static constexpr unsigned k5 = 0x45004500u;        /* 5 */
    static constexpr unsigned kMinus4 = 0xC400C400u;   /* -4 */
    static constexpr unsigned kMinus4_5 = 0xC480C480u; /* -4.5 */

    __device__ static __forceinline__ W load(AppT a) { return a; }
    /* R(app) -> U(app) */
    __device__ static __forceinline__ AppT store(W w) { return h2sub(w, kHalf); }
    /* bytes b -> halves 1024 + b -> B(r) = 5 - (1024 + b) / 256 */
    __device__ static __forceinline__ W unbyte(unsigned x) { return h2fma(x, kMinusInv256, k5); }
    __device__ static __forceinline__ void unpack(const Msg4 &m, W r[4])
    {
        r[0] = unbyte(prmt(m.x, 0x64646464u, 0x4140u));
        r[1] = unbyte(prmt(m.x, 0x64646464u, 0x4342u));
        r[2] = unbyte(prmt(m.y, 0x64646464u, 0x4140u));
        r[3] = unbyte(prmt(m.y, 0x64646464u, 0x4342u));
    }
    /* U(r) -> 1024 + r + 128: its low byte is the offset-binary message */
    __device__ static __forceinline__ Msg4 pack(const W r[4])
    {
        const unsigned y0 = h2fma(r[0], k256, k1152), y1 = h2fma(r[1], k256, k1152);
        const unsigned y2 = h2fma(r[2], k256, k1152), y3 = h2fma(r[3], k256, k1152);
        return make_uint2(prmt(y0, y1, 0x6420u), prmt(y2, y3, 0x6420u));
    }
    __device__ static __forceinline__ Msg4 zero4() { return make_uint2(0x80808080u, 0x80808080u); }
    /* a missing edge's R(t): far above any magnitude, positive */
    __device__ static __forceinline__ W none() { return 0x7BFF7BFFu; }
    /* "no minimum yet" = 255 */
    __device__ static __forceinline__ W min_init() { return kTop; }
    /* R(sat(app - r)) = min(sat01(U(app) + B(r)), 255/256) */
    __device__ static __forceinline__ W tsub(W app, W r, const Arith &) { return h2min(h2add_sat(app, r), kTop); }
    /* R(sat(t + r)) from R(t) and U(r) */
    __device__ static __forceinline__ W tadd(W t, W r, const Arith &) { return h2min(h2add_sat(t, r), kTop); }
    /* U(t) = R(t) - 1/2: t's value, whose sign bits are the model's t < 0 */
    __device__ static __forceinline__ W value(W t) { return h2sub(t, kHalf); }
    __device__ static __forceinline__ W mag(W t) { return h2abs(value(t)); }
    __device__ static __forceinline__ void minupd(W &m1, W &m2, W a)
    {
        m2 = h2min(m2, h2max(m1, a));
        m1 = h2min(m1, a);
    }
    __device__ static __forceinline__ void minmerge(W a1, W a2, W b1, W b2, W &m1, W &m2)
    {
        m1 = h2min(a1, b1);
        m2 = h2min(h2min(a2, b2), h2max(a1, b1));
    }
    __device__ static __forceinline__ unsigned signw(W t) { return value(t); }
    /* s(m) of both lanes from the block's table: m = k/256 -> 1024 + k (bits 0x6400 | k) gives
     * the index k; the table's byte s becomes U(s) = (1024 + s) / 256 - 4 */
    __device__ static __forceinline__ W scale_lut(W m, const Arith &, const unsigned char *lut)
    {
        const unsigned k = h2fma(m, k256, k1024);
        const unsigned s = lut[k & 0xffu] | ((unsigned)lut[(k >> 16) & 0xffu] << 16);
        return h2fma(s | k1024, kInv256, kMinus4);
    }
    /* |t| == min1 ? s2 : s1 as max(s1, s2 - 128 (|t| - min1)): |t| - min1 is 0 for the edge
     * holding the minimum (then exactly s2) and at least 1/256 otherwise (then below 0 <= s1);
     * the sign is the row's XOR with t's own */
    __device__ static __forceinline__ W newmsg(W t, W a, W m1, W s1, W s2, unsigned neg)
    {
        const W mg = h2max(s1, h2fma(h2sub(a, m1), kMinus128, s2));
        return mg ^ ((neg ^ value(t)) & 0x80008000u);
    }
    __device__ static __forceinline__ unsigned raw(AppT a) { return a; }
    __device__ static __forceinline__ unsigned lanes_of_raw(unsigned x)
    {
        return ((x >> 15) & 1u) | ((x >> 30) & 2u);
    }
    /* U(c) of both lanes' channel values c (rule 1): halves 1024 + c + 128, then - 4.5 */
    template <class T>
    __device__ static __forceinline__ AppT in_lanes(T x0, T x1, unsigned valid, const Arith &ar)
    {
        const unsigned c0 = (unsigned)(ArI8x2::in_one(x0, ar) ^ 0x80u);
        const unsigned c1 = (valid & 2u) ? (unsigned)(ArI8x2::in_one(x1, ar) ^ 0x80u) : 0x80u;
        return h2fma(c0 | (c1 << 16) | k1024, kInv256, kMinus4_5);
    }
};

/* ---------------------------------------------------------------------------- int16, int8 */
/* One codeword per thread in int32 registers, the fixed-point model's arithmetic with storage of
 * BITS-bit values (APP type AppT_, 4 messages in Msg4_): what int16 and one-lane int8 share. */
template <class AppT_, class Msg4_, int BITS>
struct ArIntOne {
    static constexpr int LANES = 1;
    static constexpr int QMIN = -(1 << (BITS - 1)), QMAX = (1 << (BITS - 1)) - 1;
    typedef int W;
    typedef AppT_ AppT;
    typedef Msg4_ Msg4;

    __device__ static __forceinline__ W load(AppT a) { return a; }
    __device__ static __forceinline__ AppT store(W w) { return (AppT)w; }
    __device__ static __forceinline__ W none() { return 0x7fffffff; }
    /* "no minimum yet": above every |t| (at most 2^(BITS-1)) */
    __device__ static __forceinline__ W min_init() { return (1 << BITS) - 1; }
    __device__ static __forceinline__ W tsub(W app, W r, const Arith &) { return min(max(app - r, QMIN), QMAX); }
    __device__ static __forceinline__ W tadd(W t, W r, const Arith &) { return min(max(t + r, QMIN), QMAX); }
    __device__ static __forceinline__ W mag(W t) { return abs(t); }
    __device__ static __forceinline__ void minupd(W &m1, W &m2, W a)
    {
        m2 = min(m2, max(m1, a));
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
    /* the stored value's bits (its sign is bit BITS-1), and that sign as lane bit 0 */
    __device__ static __forceinline__ unsigned raw(AppT a) { return (unsigned)a & ((1u << BITS) - 1u); }
    __device__ static __forceinline__ unsigned lanes_of_raw(unsigned x) { return (x >> (BITS - 1)) & 1u; }
    __device__ static __forceinline__ AppT in_lanes(float x0, float, unsigned, const Arith &ar)
    {
        return (AppT)ldpc_fixed_quantize_f32(&ar.fx, x0);
    }
    __device__ static __forceinline__ AppT in_lanes(int8_t x0, int8_t, unsigned, const Arith &ar)
    {
        return (AppT)ldpc_fixed_quantize_i8(&ar.fx, x0);
    }
};

/* int16: messages of edge e in 16-bit half e of a uint2 */
struct ArI16 : ArIntOne<short, uint2, 16> {
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
struct ArI8 : ArIntOne<signed char, unsigned, 8> {
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

} // namespace ldpccuda
#endif
