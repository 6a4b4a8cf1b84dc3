/* cpu-simd runtime dispatch: which kernels this build has, which this CPU runs, which to use.
 * One binary runs on any x86-64 (and, with the generic kernels only, on anything): the x86
 * kernels are compiled with per-file -m flags and only called after the CPU check. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "simd_internal.h"

#define DECLARE_KERNELS(isa)                                                                \
    extern const simd_kernel ldpc_simd_kernel_##isa##_i8, ldpc_simd_kernel_##isa##_i16,      \
        ldpc_simd_kernel_##isa##_f32;
DECLARE_KERNELS(generic)
#ifdef LDPCGPU_SIMD_SSE41
DECLARE_KERNELS(sse41)
#endif
#ifdef LDPCGPU_SIMD_AVX2
DECLARE_KERNELS(avx2)
#endif
#ifdef LDPCGPU_SIMD_AVX512
DECLARE_KERNELS(avx512)
#endif
#ifdef LDPCGPU_SIMD_AVX512VBMI
extern const simd_kernel ldpc_simd_kernel_avx512vbmi_i8;
#endif

typedef struct isa_entry {
    const char *name;
    const simd_kernel *k[3]; /* indexed by ldpc_msg_format: f32, i8, i16 */
} isa_entry;

#define ENTRY(name, isa)                                                                    \
    { name, { &ldpc_simd_kernel_##isa##_f32, &ldpc_simd_kernel_##isa##_i8,                  \
              &ldpc_simd_kernel_##isa##_i16 } }

/* narrowest first; one spare slot for ldpc_simd_register_isa (tests) */
static isa_entry isas[] = {
    ENTRY("generic", generic),
#ifdef LDPCGPU_SIMD_SSE41
    ENTRY("sse4.1", sse41),
#endif
#ifdef LDPCGPU_SIMD_AVX2
    ENTRY("avx2", avx2),
#endif
#ifdef LDPCGPU_SIMD_AVX512
    ENTRY("avx512bw", avx512),
#endif
#ifdef LDPCGPU_SIMD_AVX512VBMI
    /* AVX-512BW's kernels, the int8 one with its magnitudes from a table */
    { "avx512vbmi", { &ldpc_simd_kernel_avx512_f32, &ldpc_simd_kernel_avx512vbmi_i8,
                      &ldpc_simd_kernel_avx512_i16 } },
#endif
    {NULL, {NULL, NULL, NULL}},
};
static int num_isas = (int)(sizeof isas / sizeof isas[0]) - 1;
static const char *extra_isa; /* registered by a test, always "supported" */
#define NUM_ISAS num_isas

int ldpc_simd_register_isa(const char *name, const simd_kernel *f32, const simd_kernel *i8,
                           const simd_kernel *i16)
{
    if (extra_isa || !name || !f32 || !i8 || !i16)
        return -1;
    isa_entry *e = &isas[num_isas++];
    e->name = extra_isa = name;
    e->k[LDPC_MSG_F32] = f32;
    e->k[LDPC_MSG_I8] = i8;
    e->k[LDPC_MSG_I16] = i16;
    return 0;
}

int ldpc_simd_isa_count(void) { return NUM_ISAS; }
const char *ldpc_simd_isa_name(int i) { return i >= 0 && i < NUM_ISAS ? isas[i].name : NULL; }

int ldpc_simd_isa_supported(const char *isa)
{
    if (!isa)
        return 0;
    if (!strcmp(isa, "generic") || (extra_isa && !strcmp(isa, extra_isa)))
        return 1;
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    __builtin_cpu_init();
    if (!strcmp(isa, "sse4.1"))
        return __builtin_cpu_supports("sse4.1") != 0;
    if (!strcmp(isa, "avx2"))
        return __builtin_cpu_supports("avx2") != 0;
    if (!strcmp(isa, "avx512bw"))
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
    if (!strcmp(isa, "avx512vbmi"))
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vbmi");
#endif
    return 0;
}

const simd_kernel *ldpc_simd_kernel_get(const char *isa, ldpc_msg_format format)
{
    if (!isa || (unsigned)format > LDPC_MSG_I16)
        return NULL;
    for (int i = 0; i < NUM_ISAS; i++)
        if (!strcasecmp(isa, isas[i].name))
            return isas[i].k[format];
    return NULL;
}

const simd_kernel *ldpc_simd_kernel_select(ldpc_msg_format format)
{
    const char *want = getenv("LDPCGPU_SIMD_ISA");
    if (want && *want) {
        for (int i = 0; i < NUM_ISAS; i++)
            if (!strcasecmp(want, isas[i].name) && ldpc_simd_isa_supported(isas[i].name))
                return isas[i].k[format];
    }
    for (int i = NUM_ISAS - 1; i >= 0; i--)
        if (isas[i].name != extra_isa && ldpc_simd_isa_supported(isas[i].name))
            return isas[i].k[format];
    return isas[0].k[format];
}
