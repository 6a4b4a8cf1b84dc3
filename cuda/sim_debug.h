/* Test hooks of the simulator's GPU channel (cuda/sim_run.cu), for test_cuda_sim: what the
 * kernels draw and make, copied back. Not part of any public interface. */
#ifndef LDPCGPU_CUDA_SIM_DEBUG_H
#define LDPCGPU_CUDA_SIM_DEBUG_H

#include <stdint.h>
#include "sim_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Quads of cuRAND's Philox as the kernels draw them (sim_rng.cuh), on device 0: quad q[i] of
 * frame frame[i] under seed[i] into out[4i .. 4i+3]. */
int ldpc_cuda_sim_debug_quads(int count, const uint64_t *seed, const uint64_t *frame, const uint64_t *q,
                              uint32_t *out);

/* The channel kernel alone on frames first .. first + nframes - 1 (nframes <= the batch):
 * codewords (n bytes per frame, NULL = not wanted), the LLRs as the decoder reads them (n per
 * frame, float or int8 as the channel's llr_type, in the decoder's sign convention; NULL = not
 * wanted) and the saturated-LLR count (NULL = not wanted). */
int ldpc_cuda_sim_debug_frames(ldpc_sim_gpu *g, double sigma, uint64_t first, int nframes, uint8_t *codewords,
                               void *llr, uint64_t *saturated);

/* Kernel times of one batch on the first lane, one after another on its stream (CUDA events,
 * mean over reps after one warm-up): the channel kernel, the decode kernels, the count kernel. */
int ldpc_cuda_sim_debug_time(ldpc_sim_gpu *g, double sigma, int reps, double *channel_s, double *decode_s,
                             double *count_s);

/* Frames per batch and batches in flight of a run. */
void ldpc_cuda_sim_debug_shape(const ldpc_sim_gpu *g, int *batch_frames, int *batches_in_flight);

#ifdef __cplusplus
}
#endif
#endif
