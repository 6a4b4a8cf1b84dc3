/* Internal: the qualifier of the small inline rules shared by the host (C) and the CUDA kernels
 * (decoder_fixed.h, llr_rules.h, sim_frame.h): compiled for both sides under nvcc, plain
 * static inline in C. */
#ifndef LDPCGPU_HOST_DEVICE_H
#define LDPCGPU_HOST_DEVICE_H

#if defined(__CUDACC__)
#define LDPC_HD_FN static __host__ __device__ __forceinline__
#else
#define LDPC_HD_FN static inline
#endif

#endif
