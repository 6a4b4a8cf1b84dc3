/* Internal: the simulator's host channel (sim_host.c). Frames are made on the host by the
 * frame kernels (sim_noise.h) and the encoder, on a pool of threads, in one of two modes:
 *  - threads: every thread owns a decoder (a CPU backend, one thread each) and makes, decodes
 *    and counts chunks of consecutive frames;
 *  - batches: the threads make the frames straight into the batches of one decoder (the cuda
 *    backend without its GPU channel), several batches in flight, and the caller's thread
 *    counts what comes back.
 * Either way the counts are merged frame by frame in frame order, and the stop rule of
 * ldpc_sim_run is applied at the exact frame whose error reaches it, so the result does not
 * depend on the number of threads, the chunk or batch size, or thread timing. */
#ifndef LDPCGPU_SIM_HOST_H
#define LDPCGPU_SIM_HOST_H

#include "ldpcgpu/sim.h"

typedef struct sim_host sim_host;

/* dec: the decoder to use (batches) or the first thread's decoder (threads; the others are
 * created with its configuration); the caller owns it and destroys it after the host. */
int sim_host_create(sim_host **out, const ldpc_code *code, ldpc_decoder *dec,
                    const ldpc_sim_config *cfg, int batches);
int sim_host_run(sim_host *h, double sigma, uint64_t first, uint64_t max_frames,
                 uint64_t stop_frame_errors, ldpc_sim_counts *counts);
void sim_host_destroy(sim_host *h);
/* Frames in flight at most (slots x frames per slot). */
uint64_t sim_host_frames_in_flight(const sim_host *h);
int sim_host_threads(const sim_host *h);
const char *sim_host_kernels(const sim_host *h);

#endif
