/* Internal: single-precision exp and log as polynomials (Cephes' expf and logf, S. L. Moshier),
 * branch-free so that loops over them vectorise (a libm call would not): the host's exp and log
 * of the demapper's rule (demap_rule.h; host and device qualified only because that rule is,
 * the device uses CUDA's expf/logf). About 1-2 ulp.
 *
 * The logf coefficients are also those of the simulator's Box-Muller (sim_noise_impl.h, in
 * vector form); ldpc_logf_poly is the same sequence of operations on one value. */
#ifndef LDPCGPU_CEPHES_F32_H
#define LDPCGPU_CEPHES_F32_H

#include <stdint.h>
#include <string.h>
#include "host_device.h"

/* ln 2 split for Cody-Waite reduction: C1 + C2 = ln 2, C1 exact in a few bits */
#define LDPC_LN2_C1 0.693359375f
#define LDPC_LN2_C2 -2.12194440e-4f
#define LDPC_SQRT_HALF 0.707106781186547524f

/* logf: ln(1 + x) = x - x^2 / 2 + x^3 P(x) on sqrt(1/2) - 1 <= x < sqrt(2) - 1 */
#define LDPC_LOGF_C0 7.0376836292e-2f
#define LDPC_LOGF_C1 -1.1514610310e-1f
#define LDPC_LOGF_C2 1.1676998740e-1f
#define LDPC_LOGF_C3 -1.2420140846e-1f
#define LDPC_LOGF_C4 1.4249322787e-1f
#define LDPC_LOGF_C5 -1.6668057665e-1f
#define LDPC_LOGF_C6 2.0000714765e-1f
#define LDPC_LOGF_C7 -2.4999993993e-1f
#define LDPC_LOGF_C8 3.3333331174e-1f

LDPC_HD_FN uint32_t ldpc_f32_to_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

LDPC_HD_FN float ldpc_bits_to_f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* e^x for x in [-87, 88] (clamped to it: e^-87 = 1.6e-38, the smallest result kept normal). */
LDPC_HD_FN float ldpc_expf_poly(float x)
{
    /* selects between values, not between computations: the compiler may then turn them into
     * min/max/blend instructions and vectorise a loop over this function */
    x = x < -87.0f ? -87.0f : x;
    x = x > 88.0f ? 88.0f : x;
    const float fx = x * 1.44269504088896341f; /* x / ln 2 */
    const int n = (int)(fx + (fx < 0.0f ? -0.5f : 0.5f)); /* rounded to nearest */
    const float fn = (float)n;
    float r = x - fn * LDPC_LN2_C1;
    r = r - fn * LDPC_LN2_C2; /* x - n ln 2, |r| <= ln 2 / 2 */
    const float z = r * r;
    float p = 1.9875691500e-4f;
    p = p * r + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    p = p * z + r + 1.0f;
    return p * ldpc_bits_to_f32((uint32_t)(n + 127) << 23); /* times 2^n */
}

/* ln x for a positive normal x. */
LDPC_HD_FN float ldpc_logf_poly(float x)
{
    const uint32_t bits = ldpc_f32_to_bits(x);
    const float m = ldpc_bits_to_f32((bits & 0x007fffffu) | 0x3f000000u); /* [1/2, 1) */
    const int small = m < LDPC_SQRT_HALF;
    const float fe = (float)((int)(bits >> 23) - 126 - small);
    const float t = m * (small ? 2.0f : 1.0f) - 1.0f; /* [sqrt(1/2) - 1, sqrt(2) - 1) */
    const float z = t * t;
    float y = LDPC_LOGF_C0;
    y = y * t + LDPC_LOGF_C1;
    y = y * t + LDPC_LOGF_C2;
    y = y * t + LDPC_LOGF_C3;
    y = y * t + LDPC_LOGF_C4;
    y = y * t + LDPC_LOGF_C5;
    y = y * t + LDPC_LOGF_C6;
    y = y * t + LDPC_LOGF_C7;
    y = y * t + LDPC_LOGF_C8;
    float v = (y * t) * z;
    v = v + fe * LDPC_LN2_C2;
    v = v + z * -0.5f;
    return (t + v) + fe * LDPC_LN2_C1;
}

#endif
