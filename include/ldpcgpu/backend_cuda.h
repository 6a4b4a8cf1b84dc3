/* gr-ldpcgpu core: two entry points of the cuda backend for tools that measure and report it
 * (the ldpcgpu tool's `bench`, the CUDA benchmarks). Decoding itself needs nothing from here:
 * a decoder created with backend LDPC_BACKEND_CUDA (decoder.h) is used like any other.
 *
 * Builds without the cuda backend have both functions: ldpc_cuda_time_kernel then fails with
 * LDPC_ERR_UNSUPPORTED and ldpc_cuda_describe returns "".
 *
 * Threads: as for the decoder they are given (one thread at a time per decoder). */
#ifndef LDPCGPU_BACKEND_CUDA_H
#define LDPCGPU_BACKEND_CUDA_H

#include "export.h"
#include "decoder.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Kernel-only timing: copy nframes frames of LLRs (as a caller would write them into a batch,
 * llr: nframes * n values of type) to the first GPU of dec once, then run the decode kernel reps
 * times on them (outputs stay on the GPU), launch r on the stream r % streams of that GPU (at
 * most the decoder's streams), and store each launch's time, measured with CUDA events, in
 * seconds[0..reps-1] and the time from the first launch's start to the last one's end in *total
 * (with one stream about the sum; with several, launches overlap). dec must use the cuda
 * backend (else LDPC_ERR_INVALID_ARGUMENT); nframes >= 1 may exceed the batch size; reps >= 1;
 * streams >= 1. */
LDPC_API int ldpc_cuda_time_kernel(ldpc_decoder *dec, ldpc_llr_type type, const void *llr,
                                   int nframes, int reps, int streams, double *seconds,
                                   double *total);

/* One line describing how the cuda backend decodes this code (kernel, codewords per block,
 * blocks, devices, streams), or "" if dec does not use the cuda backend. The string lives as
 * long as dec. */
LDPC_API const char *ldpc_cuda_describe(const ldpc_decoder *dec);

#ifdef __cplusplus
}
#endif
#endif
