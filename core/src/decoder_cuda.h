/* Internal: extra entry points of the cuda backend (cuda/), for benchmarks and tests.
 * Builds without CUDA get stubs (stubs/cuda_absent.c: an error, an empty description). */
#ifndef LDPCGPU_DECODER_CUDA_H
#define LDPCGPU_DECODER_CUDA_H

#include "ldpcgpu/decoder.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Kernel-only timing: copy nframes frames of LLRs (as a caller would write them into a batch)
 * to the first GPU of dec once, then run the decode kernel reps times on them (outputs stay on
 * the GPU), launch r on the stream r % streams of that GPU (at most the decoder's streams), and
 * store each launch's time, measured with CUDA events, in seconds[0..reps-1] and the time from
 * the first launch's start to the last one's end in *total (with one stream about the sum;
 * with several, launches overlap). dec must use the cuda backend; nframes may exceed the batch
 * size. */
int ldpc_cuda_time_kernel(ldpc_decoder *dec, ldpc_llr_type type, const void *llr, int nframes,
                          int reps, int streams, double *seconds, double *total);

/* One line describing how the cuda backend decodes this code (kernel, codewords per block,
 * blocks, devices, streams), or "" if dec does not use the cuda backend. */
const char *ldpc_cuda_describe(const ldpc_decoder *dec);

#ifdef __cplusplus
}
#endif
#endif
