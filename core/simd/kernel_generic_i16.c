/* cpu-simd kernel: plain C, int16 messages (the template is kernel_impl.h). */
#include "simd_internal.h"
#define SIMD_FMT_I16
#include "vec_generic.h"
#define KERNEL_ISA "generic"
#define KERNEL_FORMAT LDPC_MSG_I16
#define KERNEL_SYMBOL ldpc_simd_kernel_generic_i16
#include "kernel_impl.h"
