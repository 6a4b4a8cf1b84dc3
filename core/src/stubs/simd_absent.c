/* Built until the cpu-simd backend exists: "cpu" means the reference decoder. */
#include "decoder_internal.h"

const ldpc_backend_ops *ldpc_backend_cpu_simd_ops(void) { return NULL; }
