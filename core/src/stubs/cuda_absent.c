/* Built when the CUDA backend is not compiled in: the decoder sees no CUDA backend, and
 * ldpcgpu/backend_cuda.h's entry points exist (doing nothing) so that tests and apps link the
 * same way in every build. */
#include "decoder_internal.h"
#include "ldpcgpu/backend_cuda.h"
#include "sim_internal.h"
#include "error.h"

const ldpc_backend_ops *ldpc_backend_cuda_ops(void) { return NULL; }
int ldpc_cuda_device_count(void) { return 0; }

int ldpc_cuda_time_kernel(ldpc_decoder *dec, ldpc_llr_type type, const void *llr, int nframes,
                          int reps, int streams, double *seconds, double *total)
{
    (void)dec;
    (void)type;
    (void)llr;
    (void)nframes;
    (void)reps;
    (void)streams;
    (void)seconds;
    (void)total;
    return ldpc_error(LDPC_ERR_UNSUPPORTED, "this build has no cuda backend");
}

const char *ldpc_cuda_describe(const ldpc_decoder *dec)
{
    (void)dec;
    return "";
}

/* No GPU channel: the simulator makes its frames on the host. */
int ldpc_cuda_sim_create(ldpc_sim_gpu **out, ldpc_decoder *dec, const ldpc_sim_config *cfg)
{
    (void)dec;
    (void)cfg;
    if (out)
        *out = NULL;
    return ldpc_error(LDPC_ERR_UNSUPPORTED, "this build has no cuda backend");
}

int ldpc_cuda_sim_run(ldpc_sim_gpu *g, double sigma, uint64_t first, uint64_t max_frames,
                      uint64_t stop_frame_errors, ldpc_sim_counts *counts)
{
    (void)g;
    (void)sigma;
    (void)first;
    (void)max_frames;
    (void)stop_frame_errors;
    (void)counts;
    return ldpc_error(LDPC_ERR_UNSUPPORTED, "this build has no cuda backend");
}

void ldpc_cuda_sim_destroy(ldpc_sim_gpu *g) { (void)g; }

uint64_t ldpc_cuda_sim_frames_in_flight(const ldpc_sim_gpu *g)
{
    (void)g;
    return 0;
}
