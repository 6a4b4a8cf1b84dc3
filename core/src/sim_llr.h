/* The simulator's channel arithmetic in float, written once for the host kernels
 * (sim_noise_impl.h) and the GPU channel: the constants at a noise level and the LLR of one
 * coded bit from its deviate (the deviates themselves: sim_frame.h). */
#ifndef LDPCGPU_SIM_LLR_H
#define LDPCGPU_SIM_LLR_H

#include "sim_frame.h"

/* The channel's float constants at noise level sigma (double, from ldpc_awgn_sigma): sigma and
 * gain = 2 / sigma^2, each computed in double and rounded to float once. */
LDPC_SIM_FN void ldpc_sim_llr_params(double sigma, float *sigma_f, float *gain)
{
    *sigma_f = (float)sigma;
    *gain = (float)(2.0 / (sigma * sigma));
}

/* LLR of coded bit c (its low bit) given its deviate: y = s + sigma * deviate with s = 1 - 2c,
 * LLR = y * gain, each operation rounded on its own (no fused multiply-add; the device uses the
 * _rn intrinsics), so that the same deviate gives the same LLR on the host and the device. */
LDPC_SIM_FN float ldpc_sim_llr(unsigned c, float deviate, float sigma, float gain)
{
    const float s = (c & 1u) ? -1.0f : 1.0f;
#if defined(__CUDA_ARCH__)
    return __fmul_rn(__fadd_rn(s, __fmul_rn(sigma, deviate)), gain);
#else
    return (s + sigma * deviate) * gain;
#endif
}

#endif
