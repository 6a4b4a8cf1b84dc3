/* Which of the simulator's frame kernels this process runs (sim_noise.h), the bit -> byte table
 * they share, and the public int8 LLR rule. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "ldpcgpu/sim.h"
#include "sim_noise.h"

/* ldpc_sim_bit_bytes[v][t] = bit t of v */
#define SIM_BB(v)                                                                            \
    {(v) & 1, ((v) >> 1) & 1, ((v) >> 2) & 1, ((v) >> 3) & 1, ((v) >> 4) & 1, ((v) >> 5) & 1, \
     ((v) >> 6) & 1, ((v) >> 7) & 1}
#define SIM_BB4(v) SIM_BB(v), SIM_BB((v) + 1), SIM_BB((v) + 2), SIM_BB((v) + 3)
#define SIM_BB16(v) SIM_BB4(v), SIM_BB4((v) + 4), SIM_BB4((v) + 8), SIM_BB4((v) + 12)
#define SIM_BB64(v) SIM_BB16(v), SIM_BB16((v) + 16), SIM_BB16((v) + 32), SIM_BB16((v) + 48)
const uint8_t ldpc_sim_bit_bytes[256][8] = {SIM_BB64(0), SIM_BB64(64), SIM_BB64(128),
                                            SIM_BB64(192)};

static int cpu_runs(const char *name)
{
    if (!strcmp(name, "generic"))
        return 1;
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    __builtin_cpu_init();
    if (!strcmp(name, "avx2"))
        return __builtin_cpu_supports("avx2") != 0;
    if (!strcmp(name, "avx512"))
        return __builtin_cpu_supports("avx512f") != 0;
#endif
    return 0;
}

/* widest first */
static const ldpc_sim_kernels *const variants[] = {
#ifdef LDPCGPU_SIMD_AVX512
    &ldpc_sim_kernels_avx512,
#endif
#ifdef LDPCGPU_SIMD_AVX2
    &ldpc_sim_kernels_avx2,
#endif
    &ldpc_sim_kernels_generic,
};
#define NUM_VARIANTS (sizeof variants / sizeof variants[0])

const ldpc_sim_kernels *ldpc_sim_kernels_get(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < NUM_VARIANTS; i++)
        if (!strcasecmp(name, variants[i]->name))
            return cpu_runs(variants[i]->name) ? variants[i] : NULL;
    return NULL;
}

static const ldpc_sim_kernels *choose(void)
{
    const char *want = getenv("LDPCGPU_SIM_ISA");
    const ldpc_sim_kernels *k = want && *want ? ldpc_sim_kernels_get(want) : NULL;
    for (size_t i = 0; !k && i < NUM_VARIANTS; i++)
        if (cpu_runs(variants[i]->name))
            k = variants[i];
    return k;
}

const ldpc_sim_kernels *ldpc_sim_kernels_select(void)
{
    /* every thread computes the same answer, so a race only repeats the work */
    static const ldpc_sim_kernels *_Atomic chosen;
    const ldpc_sim_kernels *k = chosen;
    if (!k)
        chosen = k = choose();
    return k;
}

void ldpc_llr_quantize_i8(const float *llr, size_t count, float scale, int8_t *out)
{
    if (!llr || !out)
        return;
    ldpc_sim_kernels_select()->quantize_i8(llr, count, scale, out);
}
