/* The simulator's random words on the device: quad q of frame f under seed, by cuRAND's
 * Philox4x32-10 with the counters of sim_frame.h (key = seed, counter {q_lo, q_hi, f_lo, f_hi}:
 * subsequence f, offset 4 q). test_cuda_sim checks it against ldpc_philox4x32_10 bit for bit.
 * Only the quad's own Philox call is left after inlining: curand_init's first computation is
 * overwritten and curand4's look-ahead is never read. */
#ifndef LDPCGPU_CUDA_SIM_RNG_CUH
#define LDPCGPU_CUDA_SIM_RNG_CUH

#include <curand_kernel.h>

namespace ldpccuda {

__device__ __forceinline__ uint4 sim_quad(uint64_t seed, uint64_t frame, uint64_t q)
{
    curandStatePhilox4_32_10_t st;
    curand_init(seed, frame, 4 * q, &st);
    return curand4(&st);
}

} // namespace ldpccuda

#endif
