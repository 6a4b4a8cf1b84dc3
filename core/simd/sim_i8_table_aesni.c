/* The i8-table noise rule (core/src/sim_i8_table.h) with AES-NI: ARS-7 by the AESENC instruction
 * (sim_i8_table_ars_aesni.h), then the alias lookups one by one. For CPUs with AES-NI but
 * neither AVX2 nor AVX-512 VBMI. Compiled with -maes -msse4.1 (simd/CMakeLists.txt); chosen
 * only after the CPU check (sim_i8_table.c). */
#include "sim_i8_table_ars_aesni.h"

static uint32_t llrs_aesni(uint64_t seed, uint64_t frame, const uint8_t *cw, int n,
                           const ldpc_sim_i8_table *t, int8_t *out)
{
    __m128i rk[LDPC_I8T_ROUNDS + 1];
    ars_aesni_keys(seed, rk);
    uint8_t P[256];
    uint32_t sat = 0;
    for (int i = 0, g = 0; i < n; i += LDPC_I8T_GROUP, g++) {
        ars_aesni_group(rk, frame, (uint64_t)g, P);
        const int m = n - i < LDPC_I8T_GROUP ? n - i : LDPC_I8T_GROUP;
        sat += ldpc_i8t_group(t, P, cw ? cw + i : NULL, m, out + i);
    }
    return sat;
}

const ldpc_sim_i8_table_kernel ldpc_sim_i8_table_aesni = {"aesni", llrs_aesni};
