/* Built where the cpu-simd backend is left out (no core/simd directory): "cpu" then means the
 * reference decoder. */
#include "decoder_internal.h"

const ldpc_backend_ops *ldpc_backend_cpu_simd_ops(void) { return NULL; }

const char *ldpc_simd_decoder_isa(const ldpc_decoder *dec, int *lanes)
{
    (void)dec;
    *lanes = 0;
    return NULL;
}
