/* Built when the CUDA backend is not compiled in: the decoder sees no CUDA backend. */
#include "decoder_internal.h"

const ldpc_backend_ops *ldpc_backend_cuda_ops(void) { return NULL; }
int ldpc_cuda_device_count(void) { return 0; }
