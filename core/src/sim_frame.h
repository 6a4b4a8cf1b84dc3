/* The simulator's frame rule, written once for the host (C) and the device (CUDA):
 * which random words make frame f's information bits and noise, how two words become two
 * normal deviates, and how a float LLR becomes an int8 LLR.
 *
 * Generator: Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3",
 * SC'11), the generator behind cuRAND's curandStatePhilox4_32_10_t. One call maps a 128-bit
 * counter and a 64-bit key to four 32-bit words. Frame f of seed s uses key = s and the
 * counters {q_lo, q_hi, f_lo, f_hi}: exactly what curand_init(s, f, 4 * q, &st); curand4(&st)
 * returns on the device, so the GPU channel draws with cuRAND and the host with
 * ldpc_philox4x32_10 below and both get the same words (a CUDA test checks it).
 *
 * Words of frame f:
 *  - information bit j (0 <= j < k): bit j % 32 of word (j / 32) % 4 of quad j / 128;
 *  - noise deviate i (0 <= i < n): quad LDPC_SIM_NOISE_QUAD + i / 4; words (x, y) give
 *    deviates 4q'+0 and 4q'+1, words (z, w) deviates 4q'+2 and 4q'+3 (ldpc_sim_box_muller);
 *  - coded bit i is sent as BPSK s = 1 - 2 c_i, received y = s + sigma * deviate_i, and its LLR
 *    is 2 y / sigma^2 (positive = 0).
 */
#ifndef LDPCGPU_SIM_FRAME_H
#define LDPCGPU_SIM_FRAME_H

#include <stdint.h>
#include <math.h>

#include "host_device.h"
#include "llr_rules.h" /* ldpc_llr_to_i8_one: the float -> int8 LLR rule */

#define LDPC_SIM_FN LDPC_HD_FN

/* First quad (4-word block) of the noise deviates: information bits use quads below 2^32. */
#define LDPC_SIM_NOISE_QUAD (1ull << 32)

typedef struct ldpc_u32x4 {
    uint32_t x, y, z, w;
} ldpc_u32x4;

/* Philox4x32-10: 10 rounds of the S-box below, the key bumped by the Weyl constants between
 * rounds. */
LDPC_SIM_FN ldpc_u32x4 ldpc_philox4x32_10(ldpc_u32x4 c, uint32_t k0, uint32_t k1)
{
    for (int r = 0; r < 10; r++) {
        const uint64_t p0 = (uint64_t)0xD2511F53u * c.x, p1 = (uint64_t)0xCD9E8D57u * c.z;
        const uint32_t hi0 = (uint32_t)(p0 >> 32), lo0 = (uint32_t)p0;
        const uint32_t hi1 = (uint32_t)(p1 >> 32), lo1 = (uint32_t)p1;
        ldpc_u32x4 n;
        n.x = hi1 ^ c.y ^ k0;
        n.y = lo1;
        n.z = hi0 ^ c.w ^ k1;
        n.w = lo0;
        c = n;
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    return c;
}

/* Quad q of frame f under seed. */
LDPC_SIM_FN ldpc_u32x4 ldpc_sim_quad(uint64_t seed, uint64_t frame, uint64_t q)
{
    ldpc_u32x4 c;
    c.x = (uint32_t)q;
    c.y = (uint32_t)(q >> 32);
    c.z = (uint32_t)frame;
    c.w = (uint32_t)(frame >> 32);
    return ldpc_philox4x32_10(c, (uint32_t)seed, (uint32_t)(seed >> 32));
}

/* Box-Muller: words a, b -> two N(0, 1) deviates. u1 = (a + 1/2) 2^-32 in (0, 1] keeps the
 * tails to 6.7 sigma (P(|N| > 6.7) = 2e-11 per deviate); theta = 2 pi b 2^-32.
 * Host and device use their own logf/sinf/cosf, so their deviates agree to a few ulp. */
LDPC_SIM_FN void ldpc_sim_box_muller(uint32_t a, uint32_t b, float *n0, float *n1)
{
    const float u1 = ((float)a + 0.5f) * 2.3283064365386963e-10f;
    const float r = sqrtf(-2.0f * logf(u1));
#if defined(__CUDA_ARCH__)
    float s, c;
    sincospif((float)b * 4.6566128730773926e-10f, &s, &c); /* theta / pi = b 2^-31 */
    *n0 = r * c;
    *n1 = r * s;
#else
    const float theta = (float)b * (2.3283064365386963e-10f * 6.283185307179586f);
    *n0 = r * cosf(theta);
    *n1 = r * sinf(theta);
#endif
}

#endif
