/* cpu-simd kernel: plain C, float messages (the template is kernel_impl.h). */
#include "simd_internal.h"
#define SIMD_FMT_F32
#include "vec_generic.h"
#define KERNEL_ISA "generic"
#define KERNEL_FORMAT LDPC_MSG_F32
#define KERNEL_SYMBOL ldpc_simd_kernel_generic_f32
#include "kernel_impl.h"
