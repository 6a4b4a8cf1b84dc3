/* The simulator's frame kernels, written once for every ISA (see sim_noise.h).
 *
 * Included by sim_noise_generic.c and simd/sim_noise_<isa>.c after they define
 *   SIM_W                 lanes: Philox quads computed side by side
 *   SIM_SUFFIX            the variant's name token (generic, avx2, avx512)
 *   vu, vf                SIM_W lanes of uint32_t / float
 *   vu_set1 vu_iota(b)=b+lane vu_add vu_sub vu_xor vu_and vu_or vu_andnot(a,b)=~a&b vu_srl vu_sll
 *   vu_mulhilo(a, m, &hi, &lo)   the 64-bit products a * m split in halves
 *   vf_set1 vf_add vf_sub vf_mul vf_sqrt vf_from_i32 (signed, round to nearest)
 *   vf_from_u32           (float)a for unsigned a, rounded once to nearest
 *   vf_as_vu vu_as_vf     bit casts
 *   vf_lt_mask(a, b)      all ones where a < b
 *   vf_load vf_store vu_store (unaligned)
 *   vf_sign(cw)           lanes of +1.0f, -1.0f where the low bit of cw[lane] is set
 *   vf_max_abs(m, x)      max(m, |x|) lane by lane; vf_hmax(m) the largest lane
 *   transpose4_f/u(d)     d[j][lane] = word j of quad lane -> d[m] = elements m*SIM_W.. of the
 *                         quads' words in memory order (x0 y0 z0 w0 x1 ...)
 *   SIM_QUANTIZE_I8       the variant's int8 quantiser (a function name)
 *   SIM_PHILOX_ISA        optional: a faster form of philox() below for this ISA
 *   SIM_PHILOX2_ISA       optional: the same for philox2() (two blocks)
 * The float operations are the same, in the same order, in every variant, and no variant may
 * fuse a multiply and an add: that is what makes every variant give the same bits. */
#include <math.h>
#include <string.h>
#include "cephes_f32.h"
#include "sim_frame.h"
#include "sim_llr.h"
#include "sim_noise.h"

#define SIM_CAT2(a, b) a##b
#define SIM_CAT(a, b) SIM_CAT2(a, b)
#define SIM_FN(name) SIM_CAT(name##_, SIM_SUFFIX)

/* Round keys of Philox4x32-10 for one seed, as lanes. */
typedef struct sim_keys {
    vu k0[10], k1[10];
} sim_keys;

static inline void SIM_FN(keys)(uint64_t seed, sim_keys *k)
{
    uint32_t a = (uint32_t)seed, b = (uint32_t)(seed >> 32);
    for (int r = 0; r < 10; r++) {
        k->k0[r] = vu_set1(a);
        k->k1[r] = vu_set1(b);
        a += 0x9E3779B9u;
        b += 0xBB67AE85u;
    }
}

/* Quads (q_lo0 + lane, q_hi) of frame f: Philox4x32-10 lane by lane (sim_frame.h's round). */
static inline void SIM_FN(philox)(const sim_keys *k, uint32_t q_lo0, uint32_t q_hi,
                                  uint64_t frame, vu d[4])
{
#ifdef SIM_PHILOX_ISA
    SIM_PHILOX_ISA(k->k0, k->k1, q_lo0, q_hi, frame, d); /* the ISA's own form of the same rounds */
    return;
#endif
    vu x = vu_iota(q_lo0), y = vu_set1(q_hi);
    vu z = vu_set1((uint32_t)frame), w = vu_set1((uint32_t)(frame >> 32));
    for (int r = 0; r < 10; r++) {
        vu hi0, lo0, hi1, lo1;
        vu_mulhilo(x, 0xD2511F53u, &hi0, &lo0);
        vu_mulhilo(z, 0xCD9E8D57u, &hi1, &lo1);
        x = vu_xor(vu_xor(hi1, y), k->k0[r]);
        y = lo1;
        z = vu_xor(vu_xor(hi0, w), k->k1[r]);
        w = lo0;
    }
    d[0] = x;
    d[1] = y;
    d[2] = z;
    d[3] = w;
}

/* Two blocks of quads (q_lo0 + lane and q_lo0 + SIM_W + lane) with their rounds interleaved:
 * a Philox round waits on a multiply, so two independent chains keep the units busy (about 12%
 * faster on AVX-512). */
static inline void SIM_FN(philox2)(const sim_keys *k, uint32_t q_lo0, uint32_t q_hi,
                                   uint64_t frame, vu d[8])
{
#ifdef SIM_PHILOX2_ISA
    SIM_PHILOX2_ISA(k->k0, k->k1, q_lo0, q_hi, frame, d);
#else
    vu x[2], y[2], z[2], w[2];
    for (int b = 0; b < 2; b++) {
        x[b] = vu_iota(q_lo0 + (uint32_t)(b * SIM_W));
        y[b] = vu_set1(q_hi);
        z[b] = vu_set1((uint32_t)frame);
        w[b] = vu_set1((uint32_t)(frame >> 32));
    }
    for (int r = 0; r < 10; r++)
        for (int b = 0; b < 2; b++) {
            vu hi0, lo0, hi1, lo1;
            vu_mulhilo(x[b], 0xD2511F53u, &hi0, &lo0);
            vu_mulhilo(z[b], 0xCD9E8D57u, &hi1, &lo1);
            x[b] = vu_xor(vu_xor(hi1, y[b]), k->k0[r]);
            y[b] = lo1;
            z[b] = vu_xor(vu_xor(hi0, w[b]), k->k1[r]);
            w[b] = lo0;
        }
    for (int b = 0; b < 2; b++) {
        d[4 * b] = x[b];
        d[4 * b + 1] = y[b];
        d[4 * b + 2] = z[b];
        d[4 * b + 3] = w[b];
    }
#endif
}

/* Box-Muller of NW word pairs (a[t], b[t]) -> (n0[t], n1[t]) = r (cos t, sin t),
 * r = sqrt(-2 ln u1), u1 = (a + 1/2) 2^-32, t = 2 pi b 2^-32 (sim_frame.h).
 *  - ln: u1 = m 2^e with m in [sqrt(1/2), sqrt(2)), then cephes' logf polynomial in x = m - 1
 *    (about 1 ulp);
 *  - the angle is reduced exactly in integers: quadrant j = round(b / 2^30), the residual
 *    b - j 2^30 in [-2^29, 2^29) is the angle x in [-pi/4, pi/4) where cephes' sinf/cosf
 *    polynomials hold (about 1 ulp); the quadrant then swaps and negates.
 * The NW pairs go through every step together: each step's chains are independent, and a lone
 * chain of dependent multiplies and adds would leave the units waiting (4 at once: 13% faster
 * on AVX-512). */
static const float sim_log_c[8] = {LDPC_LOGF_C1, LDPC_LOGF_C2, LDPC_LOGF_C3, LDPC_LOGF_C4,
                                   LDPC_LOGF_C5, LDPC_LOGF_C6, LDPC_LOGF_C7, LDPC_LOGF_C8};

static inline void SIM_FN(box_muller)(const vu *a, const vu *b, vf *n0, vf *n1, const int NW)
{
    vf x[4], z[4], y[4], fe[4], r[4];
    vu j[4];
    for (int t = 0; t < NW; t++) {
        const vf u1 = vf_mul(vf_add(vf_from_u32(a[t]), vf_set1(0.5f)),
                             vf_set1(2.3283064365386963e-10f));
        const vu bits = vf_as_vu(u1);
        const vf m = vu_as_vf(vu_or(vu_and(bits, vu_set1(0x007fffffu)), vu_set1(0x3f000000u)));
        const vu small = vf_lt_mask(m, vf_set1(LDPC_SQRT_HALF)); /* all ones: e - 1 */
        const vu e = vu_add(vu_sub(vu_srl(bits, 23), vu_set1(126)), small);
        const vf m2 = vf_sub(vf_add(m, m), vf_set1(1.0f)), m1 = vf_sub(m, vf_set1(1.0f));
        x[t] = vu_as_vf(vu_or(vu_and(small, vf_as_vu(m2)), vu_andnot(small, vf_as_vu(m1))));
        fe[t] = vf_from_i32(e);
        z[t] = vf_mul(x[t], x[t]);
        y[t] = vf_set1(LDPC_LOGF_C0);
    }
    for (int c = 0; c < 8; c++)
        for (int t = 0; t < NW; t++)
            y[t] = vf_add(vf_mul(y[t], x[t]), vf_set1(sim_log_c[c]));
    for (int t = 0; t < NW; t++) {
        vf v = vf_mul(vf_mul(y[t], x[t]), z[t]);
        v = vf_add(v, vf_mul(fe[t], vf_set1(LDPC_LN2_C2)));
        v = vf_add(v, vf_mul(z[t], vf_set1(-0.5f)));
        v = vf_add(vf_add(x[t], v), vf_mul(fe[t], vf_set1(LDPC_LN2_C1))); /* ln u1 */
        r[t] = vf_sqrt(vf_mul(vf_set1(-2.0f), v));
    }
    vf s[4], c[4];
    for (int t = 0; t < NW; t++) {
        j[t] = vu_srl(vu_add(b[t], vu_set1(0x20000000u)), 30);
        const vu res = vu_sub(b[t], vu_sll(j[t], 30)); /* as int32: [-2^29, 2^29) */
        x[t] = vf_mul(vf_from_i32(res), vf_set1(1.4629180792671596e-9f)); /* 2 pi 2^-32 */
        z[t] = vf_mul(x[t], x[t]);
        s[t] = vf_add(vf_mul(vf_set1(-1.9515295891e-4f), z[t]), vf_set1(8.3321608736e-3f));
        c[t] = vf_add(vf_mul(vf_set1(2.443315711809948e-5f), z[t]), vf_set1(-1.388731625493765e-3f));
    }
    for (int t = 0; t < NW; t++) {
        s[t] = vf_add(vf_mul(s[t], z[t]), vf_set1(-1.6666654611e-1f));
        c[t] = vf_add(vf_mul(c[t], z[t]), vf_set1(4.166664568298827e-2f));
    }
    for (int t = 0; t < NW; t++) {
        s[t] = vf_add(vf_mul(vf_mul(s[t], z[t]), x[t]), x[t]);
        c[t] = vf_mul(vf_mul(c[t], z[t]), z[t]);
        c[t] = vf_add(vf_sub(c[t], vf_mul(z[t], vf_set1(0.5f))), vf_set1(1.0f));
        /* quadrant j: (cos, sin) = (c, s), (-s, c), (-c, -s), (s, -c) */
        const vu swap = vu_sub(vu_set1(0), vu_and(j[t], vu_set1(1))); /* all ones for odd j */
        const vu cs = vf_as_vu(c[t]), ss = vf_as_vu(s[t]);
        const vu cosv = vu_or(vu_andnot(swap, cs), vu_and(swap, ss));
        const vu sinv = vu_or(vu_andnot(swap, ss), vu_and(swap, cs));
        const vu cos_neg = vu_sll(vu_and(vu_add(j[t], vu_set1(1)), vu_set1(2)), 30);
        const vu sin_neg = vu_sll(vu_and(j[t], vu_set1(2)), 30);
        n0[t] = vf_mul(r[t], vu_as_vf(vu_xor(cosv, cos_neg)));
        n1[t] = vf_mul(r[t], vu_as_vf(vu_xor(sinv, sin_neg)));
    }
}

/* Deviates 4 q .. 4 (q + SIM_W) - 1 of the noise of a frame, q = quad_index (relative to
 * LDPC_SIM_NOISE_QUAD), in memory order in d[0..3]. */
static inline void SIM_FN(normal_block)(const sim_keys *k, uint64_t frame, uint32_t quad_index,
                                        vf d[4])
{
    vu w[4];
    SIM_FN(philox)(k, quad_index, (uint32_t)(LDPC_SIM_NOISE_QUAD >> 32), frame, w);
    const vu a[2] = {w[0], w[2]}, b[2] = {w[1], w[3]};
    vf n0[2], n1[2];
    SIM_FN(box_muller)(a, b, n0, n1, 2);
    d[0] = n0[0];
    d[1] = n1[0];
    d[2] = n0[1];
    d[3] = n1[1];
    transpose4_f(d);
}

/* Deviates of two consecutive blocks (quads quad_index .. quad_index + 2 SIM_W - 1). */
static inline void SIM_FN(normal_block2)(const sim_keys *k, uint64_t frame, uint32_t quad_index,
                                         vf d[8])
{
    vu w[8];
    SIM_FN(philox2)(k, quad_index, (uint32_t)(LDPC_SIM_NOISE_QUAD >> 32), frame, w);
    const vu a[4] = {w[0], w[2], w[4], w[6]}, b[4] = {w[1], w[3], w[5], w[7]};
    vf n0[4], n1[4];
    SIM_FN(box_muller)(a, b, n0, n1, 4);
    for (int t = 0; t < 4; t++) { /* pair t: deviates 2t, 2t+1 of each quad's four */
        d[2 * t] = n0[t];
        d[2 * t + 1] = n1[t];
    }
    transpose4_f(d);
    transpose4_f(d + 4);
}

#define SIM_BLOCK (4 * SIM_W) /* deviates per block */

static void SIM_FN(sim_normals)(uint64_t seed, uint64_t frame, int n, float *out)
{
    sim_keys k;
    SIM_FN(keys)(seed, &k);
    int i = 0;
    uint32_t q = 0;
    for (; i + 2 * SIM_BLOCK <= n; i += 2 * SIM_BLOCK, q += 2 * SIM_W) {
        vf d[8];
        SIM_FN(normal_block2)(&k, frame, q, d);
        for (int m = 0; m < 8; m++)
            vf_store(out + i + m * SIM_W, d[m]);
    }
    for (; i + SIM_BLOCK <= n; i += SIM_BLOCK, q += SIM_W) {
        vf d[4];
        SIM_FN(normal_block)(&k, frame, q, d);
        for (int m = 0; m < 4; m++)
            vf_store(out + i + m * SIM_W, d[m]);
    }
    if (i < n) {
        float tmp[SIM_BLOCK];
        vf d[4];
        SIM_FN(normal_block)(&k, frame, q, d);
        for (int m = 0; m < 4; m++)
            vf_store(tmp + m * SIM_W, d[m]);
        for (int t = 0; i < n; i++, t++)
            out[i] = tmp[t];
    }
}

static float SIM_FN(sim_llrs)(uint64_t seed, uint64_t frame, const uint8_t *cw, int n,
                              float sigma, float gain, float *llr)
{
    sim_keys k;
    SIM_FN(keys)(seed, &k);
    const vf vs = vf_set1(sigma), vg = vf_set1(gain), one = vf_set1(1.0f);
    vf big = vf_set1(0.0f);
    int i = 0;
    uint32_t q = 0;
    for (; i + 2 * SIM_BLOCK <= n; i += 2 * SIM_BLOCK, q += 2 * SIM_W) {
        vf d[8];
        SIM_FN(normal_block2)(&k, frame, q, d);
        for (int m = 0; m < 8; m++) { /* ldpc_sim_llr, lane by lane */
            const int at = i + m * SIM_W;
            const vf s = cw ? vf_sign(cw + at) : one;
            const vf l = vf_mul(vf_add(s, vf_mul(vs, d[m])), vg);
            vf_store(llr + at, l);
            big = vf_max_abs(big, l);
        }
    }
    for (; i + SIM_BLOCK <= n; i += SIM_BLOCK, q += SIM_W) {
        vf d[4];
        SIM_FN(normal_block)(&k, frame, q, d);
        for (int m = 0; m < 4; m++) {
            const int at = i + m * SIM_W;
            const vf s = cw ? vf_sign(cw + at) : one;
            const vf l = vf_mul(vf_add(s, vf_mul(vs, d[m])), vg);
            vf_store(llr + at, l);
            big = vf_max_abs(big, l);
        }
    }
    float mx = vf_hmax(big);
    if (i < n) {
        float tmp[SIM_BLOCK];
        vf d[4];
        SIM_FN(normal_block)(&k, frame, q, d);
        for (int m = 0; m < 4; m++)
            vf_store(tmp + m * SIM_W, d[m]);
        for (int t = 0; i < n; i++, t++) {
            llr[i] = ldpc_sim_llr(cw ? cw[i] : 0u, tmp[t], sigma, gain);
            mx = fabsf(llr[i]) > mx ? fabsf(llr[i]) : mx;
        }
    }
    return mx;
}

/* Information bits: quad j / 128, word (j / 32) % 4, bit j % 32; 8 bits at a time through the
 * byte -> 8 bytes table. */
extern const uint8_t ldpc_sim_bit_bytes[256][8];

static void SIM_FN(sim_bits)(uint64_t seed, uint64_t frame, int k, uint8_t *info)
{
    sim_keys keys;
    SIM_FN(keys)(seed, &keys);
    uint32_t words[4 * SIM_W];
    for (int j0 = 0, q = 0; j0 < k; j0 += 128 * SIM_W, q += SIM_W) {
        vu d[4];
        SIM_FN(philox)(&keys, (uint32_t)q, 0, frame, d);
        transpose4_u(d);
        for (int m = 0; m < 4; m++)
            vu_store(words + m * SIM_W, d[m]);
        for (int t = 0; t < 4 * SIM_W; t++) {
            const int j = j0 + 32 * t;
            if (j + 32 <= k) {
                for (int b = 0; b < 4; b++)
                    memcpy(info + j + 8 * b, ldpc_sim_bit_bytes[(words[t] >> (8 * b)) & 0xff], 8);
            } else {
                for (int i = 0; j + i < k; i++)
                    info[j + i] = (uint8_t)((words[t] >> i) & 1u);
                break;
            }
        }
    }
}

const ldpc_sim_kernels SIM_CAT(ldpc_sim_kernels_, SIM_SUFFIX) = {
    SIM_NAME, SIM_W, SIM_FN(sim_bits), SIM_FN(sim_normals), SIM_FN(sim_llrs), SIM_QUANTIZE_I8,
};
