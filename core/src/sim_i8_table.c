/* The "i8-table" noise rule of the host channel (sim_i8_table.h): the table, ARS-7 in portable
 * C, the generic frame kernel and the choice of variant. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "error.h"
#include "sim_i8_table.h"

/* FIPS-197's S-box (test_sim_i8_table derives it again from GF(2^8) inverses). */
const uint8_t ldpc_aes_sbox[256] = {
    0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76,
    0xca, 0x82, 0xc9, 0x7d, 0xfa, 0x59, 0x47, 0xf0, 0xad, 0xd4, 0xa2, 0xaf, 0x9c, 0xa4, 0x72, 0xc0,
    0xb7, 0xfd, 0x93, 0x26, 0x36, 0x3f, 0xf7, 0xcc, 0x34, 0xa5, 0xe5, 0xf1, 0x71, 0xd8, 0x31, 0x15,
    0x04, 0xc7, 0x23, 0xc3, 0x18, 0x96, 0x05, 0x9a, 0x07, 0x12, 0x80, 0xe2, 0xeb, 0x27, 0xb2, 0x75,
    0x09, 0x83, 0x2c, 0x1a, 0x1b, 0x6e, 0x5a, 0xa0, 0x52, 0x3b, 0xd6, 0xb3, 0x29, 0xe3, 0x2f, 0x84,
    0x53, 0xd1, 0x00, 0xed, 0x20, 0xfc, 0xb1, 0x5b, 0x6a, 0xcb, 0xbe, 0x39, 0x4a, 0x4c, 0x58, 0xcf,
    0xd0, 0xef, 0xaa, 0xfb, 0x43, 0x4d, 0x33, 0x85, 0x45, 0xf9, 0x02, 0x7f, 0x50, 0x3c, 0x9f, 0xa8,
    0x51, 0xa3, 0x40, 0x8f, 0x92, 0x9d, 0x38, 0xf5, 0xbc, 0xb6, 0xda, 0x21, 0x10, 0xff, 0xf3, 0xd2,
    0xcd, 0x0c, 0x13, 0xec, 0x5f, 0x97, 0x44, 0x17, 0xc4, 0xa7, 0x7e, 0x3d, 0x64, 0x5d, 0x19, 0x73,
    0x60, 0x81, 0x4f, 0xdc, 0x22, 0x2a, 0x90, 0x88, 0x46, 0xee, 0xb8, 0x14, 0xde, 0x5e, 0x0b, 0xdb,
    0xe0, 0x32, 0x3a, 0x0a, 0x49, 0x06, 0x24, 0x5c, 0xc2, 0xd3, 0xac, 0x62, 0x91, 0x95, 0xe4, 0x79,
    0xe7, 0xc8, 0x37, 0x6d, 0x8d, 0xd5, 0x4e, 0xa9, 0x6c, 0x56, 0xf4, 0xea, 0x65, 0x7a, 0xae, 0x08,
    0xba, 0x78, 0x25, 0x2e, 0x1c, 0xa6, 0xb4, 0xc6, 0xe8, 0xdd, 0x74, 0x1f, 0x4b, 0xbd, 0x8b, 0x8a,
    0x70, 0x3e, 0xb5, 0x66, 0x48, 0x03, 0xf6, 0x0e, 0x61, 0x35, 0x57, 0xb9, 0x86, 0xc1, 0x1d, 0x9e,
    0xe1, 0xf8, 0x98, 0x11, 0x69, 0xd9, 0x8e, 0x94, 0x9b, 0x1e, 0x87, 0xe9, 0xce, 0x55, 0x28, 0xdf,
    0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f, 0xb0, 0x54, 0xbb, 0x16,
};

static uint8_t xtime(uint8_t a) { return (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1b : 0)); }

void ldpc_aes_round(uint8_t s[16], const uint8_t key[16], int last)
{
    uint8_t t[16];
    for (int c = 0; c < 4; c++) /* SubBytes and ShiftRows: row r moves r columns left */
        for (int r = 0; r < 4; r++)
            t[r + 4 * c] = ldpc_aes_sbox[s[r + 4 * ((c + r) % 4)]];
    for (int c = 0; c < 4 && !last; c++) { /* MixColumns */
        const uint8_t a0 = t[4 * c], a1 = t[4 * c + 1], a2 = t[4 * c + 2], a3 = t[4 * c + 3];
        const uint8_t all = (uint8_t)(a0 ^ a1 ^ a2 ^ a3);
        t[4 * c] = (uint8_t)(a0 ^ all ^ xtime((uint8_t)(a0 ^ a1)));
        t[4 * c + 1] = (uint8_t)(a1 ^ all ^ xtime((uint8_t)(a1 ^ a2)));
        t[4 * c + 2] = (uint8_t)(a2 ^ all ^ xtime((uint8_t)(a2 ^ a3)));
        t[4 * c + 3] = (uint8_t)(a3 ^ all ^ xtime((uint8_t)(a3 ^ a0)));
    }
    for (int i = 0; i < 16; i++)
        s[i] = (uint8_t)(t[i] ^ key[i]);
}

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* ARS's round keys: key {seed, 0}, each next one the previous plus the Weyl constants
 * (golden ratio, sqrt(3) - 1), lane by lane. */
static void ars_keys(uint64_t seed, uint8_t rk[LDPC_I8T_ROUNDS + 1][16])
{
    uint64_t lo = seed, hi = 0;
    for (int r = 0; r <= LDPC_I8T_ROUNDS; r++) {
        put64(rk[r], lo);
        put64(rk[r] + 8, hi);
        lo += 0x9E3779B97F4A7C15ull;
        hi += 0xBB67AE8584CAA73Bull;
    }
}

static void ars_block(uint8_t rk[LDPC_I8T_ROUNDS + 1][16], uint64_t frame, uint64_t block,
                      uint8_t out[16])
{
    put64(out, block);
    put64(out + 8, frame);
    for (int i = 0; i < 16; i++)
        out[i] ^= rk[0][i];
    for (int r = 1; r <= LDPC_I8T_ROUNDS; r++)
        ldpc_aes_round(out, rk[r], r == LDPC_I8T_ROUNDS);
}

void ldpc_ars7_block(uint64_t seed, uint64_t frame, uint64_t block, uint8_t out[16])
{
    uint8_t rk[LDPC_I8T_ROUNDS + 1][16];
    ars_keys(seed, rk);
    ars_block(rk, frame, block, out);
}

static uint32_t llrs_generic(uint64_t seed, uint64_t frame, const uint8_t *cw, int n,
                             const ldpc_sim_i8_table *t, int8_t *out)
{
    uint8_t rk[LDPC_I8T_ROUNDS + 1][16], P[256];
    ars_keys(seed, rk);
    uint32_t sat = 0;
    for (int i = 0; i < n; i += LDPC_I8T_GROUP) {
        const uint64_t b0 = (uint64_t)(i / LDPC_I8T_GROUP) * 16u;
        for (int m = 0; m < 16; m++)
            ars_block(rk, frame, b0 + (uint64_t)m, P + 16 * m);
        const int m = n - i < LDPC_I8T_GROUP ? n - i : LDPC_I8T_GROUP;
        sat += ldpc_i8t_group(t, P, cw ? cw + i : NULL, m, out + i);
    }
    return sat;
}

const ldpc_sim_i8_table_kernel ldpc_sim_i8_table_generic = {"generic", llrs_generic};

/* ---- the table ---- */

/* P(N >= z) and P(N < z) of a standard normal, each accurate in its own tail. */
static double upper(double z) { return 0.5 * erfc(z * M_SQRT1_2); }
static double lower(double z) { return 0.5 * erfc(-z * M_SQRT1_2); }

typedef struct mass_remainder {
    int outcome;
    double fraction; /* of its mass x 2^32, below the unit */
} mass_remainder;

static int by_fraction_desc(const void *a, const void *b)
{
    const double fa = ((const mass_remainder *)a)->fraction, fb = ((const mass_remainder *)b)->fraction;
    return fa < fb ? 1 : fa > fb ? -1 : 0;
}

int ldpc_sim_i8_table_init(ldpc_sim_i8_table *t, double sigma, float llr_scale)
{
    if (!t || !(sigma > 0.0) || !isfinite(sigma) || !(llr_scale > 0.0f) || !isfinite(llr_scale))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "i8-table noise: sigma %g and llr_scale %g must be positive", sigma,
                          (double)llr_scale);
    memset(t, 0, sizeof *t);
    /* v = a (1 + sigma N) ~ N(a, (a sigma)^2) */
    const double a = (double)llr_scale * 2.0 / (sigma * sigma), sd = a * sigma;
    const double total = 4294967296.0; /* 2^32 */
    mass_remainder rem[LDPC_I8T_OUTCOMES];
    uint64_t sum = 0;
    for (int j = 0; j < LDPC_I8T_OUTCOMES; j++) {
        const int q = j - 127;
        const double zlo = ((double)q - 0.5 - a) / sd, zhi = ((double)q + 0.5 - a) / sd;
        double p;
        if (q == -127)
            p = lower(zhi);
        else if (q == 127)
            p = upper(zlo);
        else if (zlo >= 0.0)
            p = upper(zlo) - upper(zhi);
        else if (zhi <= 0.0)
            p = lower(zhi) - lower(zlo);
        else
            p = 1.0 - upper(zhi) - lower(zlo);
        const double scaled = p * total;
        const double whole = floor(scaled);
        t->mass[j] = (uint32_t)whole;
        sum += t->mass[j];
        rem[j].outcome = j;
        rem[j].fraction = scaled - whole;
    }
    /* the largest remainders get the units that make the masses add to 2^32 */
    qsort(rem, LDPC_I8T_OUTCOMES, sizeof rem[0], by_fraction_desc);
    int64_t short_by = (int64_t)(1ull << 32) - (int64_t)sum;
    if (short_by < 0 || short_by > LDPC_I8T_OUTCOMES)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "i8-table noise: the LLR distribution at sigma %g, llr_scale %g does "
                          "not add up (%lld units off)", sigma, (double)llr_scale,
                          (long long)short_by);
    for (int r = 0; r < short_by; r++)
        t->mass[rem[r].outcome]++;

    /* Vose's alias construction, in integers: columns of 2^24 */
    const uint32_t cap = 1u << 24;
    uint64_t work[256];
    int small[256], large[256], ns = 0, nl = 0;
    for (int j = 0; j < 256; j++) {
        work[j] = t->mass[j];
        if (work[j] < cap)
            small[ns++] = j;
        else
            large[nl++] = j;
    }
    while (ns > 0 && nl > 0) {
        const int s = small[--ns], l = large[nl - 1];
        t->thr[s] = (uint32_t)work[s];
        t->alias[s] = (uint8_t)l;
        work[l] -= cap - work[s];
        if (work[l] < cap) {
            nl--;
            small[ns++] = l;
        }
    }
    /* what is left is full: exactly 2^24 each, since the masses add to 256 columns */
    while (nl > 0 || ns > 0) {
        const int j = nl > 0 ? large[--nl] : small[--ns];
        if (work[j] != cap)
            return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "i8-table noise: alias table of "
                              "sigma %g does not close (column %d holds %llu)", sigma, j,
                              (unsigned long long)work[j]);
        t->thr[j] = 0; /* a full column: always its "alias", itself */
        t->alias[j] = (uint8_t)j;
    }
    for (int j = 0; j < 256; j++) {
        for (int b = 0; b < 3; b++)
            t->thr_byte[b][j] = (uint8_t)(t->thr[j] >> (16 - 8 * b));
        t->packed[j] = t->thr[j] << 8 | t->alias[j];
    }
    return LDPC_OK;
}

/* ---- variants ---- */

static int cpu_runs(const ldpc_sim_i8_table_kernel *k)
{
    if (k == &ldpc_sim_i8_table_generic)
        return 1;
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    __builtin_cpu_init();
#ifdef LDPCGPU_SIM_I8T_AESNI
    if (k == &ldpc_sim_i8_table_aesni)
        return __builtin_cpu_supports("aes") && __builtin_cpu_supports("sse4.1");
#endif
#ifdef LDPCGPU_SIM_I8T_AVX2
    if (k == &ldpc_sim_i8_table_avx2)
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("aes");
#endif
#ifdef LDPCGPU_SIM_I8T_AVX512
    if (k == &ldpc_sim_i8_table_avx512)
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("vaes");
#endif
#endif
    return 0;
}

static const ldpc_sim_i8_table_kernel *const variants[] = { /* fastest first */
#ifdef LDPCGPU_SIM_I8T_AVX512
    &ldpc_sim_i8_table_avx512,
#endif
#ifdef LDPCGPU_SIM_I8T_AVX2
    &ldpc_sim_i8_table_avx2,
#endif
#ifdef LDPCGPU_SIM_I8T_AESNI
    &ldpc_sim_i8_table_aesni,
#endif
    &ldpc_sim_i8_table_generic,
};
#define NUM_VARIANTS (sizeof variants / sizeof variants[0])

const ldpc_sim_i8_table_kernel *ldpc_sim_i8_table_kernel_get(const char *name)
{
    for (size_t i = 0; name && i < NUM_VARIANTS; i++)
        if (!strcasecmp(name, variants[i]->name))
            return cpu_runs(variants[i]) ? variants[i] : NULL;
    return NULL;
}

const ldpc_sim_i8_table_kernel *ldpc_sim_i8_table_kernel_select(void)
{
    const char *want = getenv("LDPCGPU_SIM_ISA"); /* "generic": the portable kernels only */
    if (want && !strcasecmp(want, "generic"))
        return &ldpc_sim_i8_table_generic;
    for (size_t i = 0; i < NUM_VARIANTS; i++)
        if (cpu_runs(variants[i]))
            return variants[i];
    return &ldpc_sim_i8_table_generic;
}
