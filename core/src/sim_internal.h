/* Internal: the hooks between the simulator object (sim.c) and its GPU channel (cuda/).
 *
 * With the cuda decoder backend, ldpc_sim_create asks the GPU helper for a channel that makes
 * every frame on the GPU by the rule of sim_frame.h (bits, encoding, noise, LLRs written into
 * the decoder's device input, errors counted on the GPU). If it answers LDPC_ERR_UNSUPPORTED
 * (a code it cannot encode on the GPU, an alist code with random codewords, a build without
 * CUDA: stubs/cuda_absent.c), the simulator makes frames on the host threads instead and
 * feeds the same decoder through its async batch API. */
#ifndef LDPCGPU_SIM_INTERNAL_H
#define LDPCGPU_SIM_INTERNAL_H

#include "ldpcgpu/sim.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ldpc_sim_gpu ldpc_sim_gpu;

/* Make a GPU channel for dec (whose backend in use is cuda) and cfg (seed, codeword,
 * llr_type; num_threads is the host's business). LDPC_ERR_UNSUPPORTED when it cannot make this
 * code's frames on the GPU; any other error is a real failure. On error *out is NULL. */
int ldpc_cuda_sim_create(ldpc_sim_gpu **out, ldpc_decoder *dec, const ldpc_sim_config *cfg);

/* Frames first .. first + max_frames - 1 at noise standard deviation sigma (per real
 * dimension, BPSK amplitude 1), adding their counts to *counts, with ldpc_sim_run's stop rule
 * (sim.h): when stop_frame_errors > 0, stop once counts->frame_errors (including what it held
 * on entry) reaches it, after finishing the frames in flight, so the frames counted are a
 * contiguous range from first and the same call gives the same counts. */
int ldpc_cuda_sim_run(ldpc_sim_gpu *g, double sigma, uint64_t first, uint64_t max_frames,
                      uint64_t stop_frame_errors, ldpc_sim_counts *counts);

void ldpc_cuda_sim_destroy(ldpc_sim_gpu *g);

/* Frames the GPU channel keeps in flight at most (batches in flight x frames per batch). */
uint64_t ldpc_cuda_sim_frames_in_flight(const ldpc_sim_gpu *g);

/* Where ldpc_sim_create makes the frames. AUTO is what ldpc_sim_create does: the GPU channel
 * for the cuda decoder where it can, else the host. Tests force the two host modes on a CPU
 * decoder: HOST_BATCHES is what the cuda decoder gets without its GPU channel (host threads
 * make frames, one decoder takes them through its asynchronous batches). */
typedef enum ldpc_sim_mode {
    LDPC_SIM_MODE_AUTO = 0,
    LDPC_SIM_MODE_HOST_THREADS = 1, /* every thread makes and decodes its own frames */
    LDPC_SIM_MODE_HOST_BATCHES = 2
} ldpc_sim_mode;

int ldpc_sim_create_mode(ldpc_sim **out, const ldpc_code *code, const ldpc_decoder_config *dcfg,
                         const ldpc_sim_config *scfg, ldpc_sim_mode mode);

#ifdef __cplusplus
}
#endif
#endif
