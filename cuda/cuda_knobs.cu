/* The cuda backend's environment knobs: every LDPCGPU_CUDA_* variable is read here, once per
 * decoder (when it is created: tests set them between decoders), into State::knobs. What each
 * does: docs/cuda-notes.md, "Tuning knobs". */
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include "cuda_backend.h"

namespace ldpccuda {

static bool env_is(const char *v, const char *word) { return v && strcmp(v, word) == 0; }

Knobs read_knobs()
{
    Knobs k;
    if (const char *v = getenv("LDPCGPU_CUDA_GROUPS"))
        k.groups = atoi(v);
    if (const char *v = getenv("LDPCGPU_CUDA_DIRECT_BYTES"))
        k.direct_bytes = (size_t)strtoull(v, nullptr, 10);
    if (const char *v = getenv("LDPCGPU_CUDA_I8_LANES"))
        k.i8_lanes = atoi(v);
    k.i8_pair_int = env_is(getenv("LDPCGPU_CUDA_I8_PAIR"), "int");
    const char *mem = getenv("LDPCGPU_CUDA_MEM");
    k.first_mem = env_is(mem, "app") ? MEM_SMEM_APP : (env_is(mem, "global") ? MEM_GLOBAL : MEM_SMEM_ALL);
    k.dynamic_chunks = !env_is(getenv("LDPCGPU_CUDA_CHUNKS"), "static");
    if (const char *v = getenv("LDPCGPU_CUDA_MAX_BLOCKS"))
        k.max_blocks = std::max(0, atoi(v));
    k.i8_one_block = !env_is(getenv("LDPCGPU_CUDA_I8_ONE_BLOCK"), "0");
    k.i8_one_block_force = env_is(getenv("LDPCGPU_CUDA_I8_ONE_BLOCK"), "force");
    k.no_d20 = env_is(getenv("LDPCGPU_CUDA_D20"), "0");
    k.ahead3 = !env_is(getenv("LDPCGPU_CUDA_AHEAD3"), "0");
    k.d12 = !env_is(getenv("LDPCGPU_CUDA_D12"), "0");
    k.force_d32 = env_is(getenv("LDPCGPU_CUDA_D32"), "1");
    k.narrow = !env_is(getenv("LDPCGPU_CUDA_NARROW"), "0");
    if (const char *v = getenv("LDPCGPU_CUDA_PARITY_SMEM"))
        k.parity_smem = env_is(v, "1") ? 1 : env_is(v, "0") ? 0 : -1;
    k.wave = !env_is(getenv("LDPCGPU_CUDA_WAVE"), "0");
    k.merge = !env_is(getenv("LDPCGPU_CUDA_MERGE"), "0");
    k.row_degrees = !env_is(getenv("LDPCGPU_CUDA_ROW_DEGREES"), "0");
    k.banks = !env_is(getenv("LDPCGPU_CUDA_BANKS"), "0");
    k.bank_descent = !env_is(getenv("LDPCGPU_CUDA_BANKS"), "greedy");
    k.parity_layout = !env_is(getenv("LDPCGPU_CUDA_PARITY_LAYOUT"), "0");
    return k;
}

} // namespace ldpccuda
