/* Systematic encoder for the WiMAX / WiFi / 5G NR quasi-cyclic codes, in the block domain.
 *
 * The base matrix is [A | h | B | 0] over a core of g block rows, then mb - g extension rows
 * [A' | C' | I] (5G NR; WiMAX and WiFi have g = mb and no extension): A = kb information
 * block columns, h = one parity block column, B = the dual-diagonal staircase (block column
 * kb+j, 1 <= j < g, holds the identity in block rows j-1 and j of the core), and extension
 * block row g+t holds the identity in block column kb+g+t and nothing else right of the core.
 * Write u_b for information block b, q_0 for the parity block under h, q_1..q_{g-1} for the
 * staircase blocks and q_g..q_{mb-1} for the extension blocks, and P^s for the z x z identity
 * shifted right by s, so that (P^s x)[i] = x[(i + s) mod z] (the expansion convention of
 * code_qc.c).
 *
 * Block row r reads  lambda_r + P^{h_r} q_0 + q_r + q_{r+1} = 0  with lambda_r = sum_b
 * P^{a_rb} u_b, where q_r is absent for r = 0 and q_{r+1} for r = g-1. Adding the g core rows
 * cancels every staircase block (each appears twice), leaving
 *     sum_r lambda_r + (sum_r P^{h_r}) q_0 = 0.
 * In these standards h holds two equal shifts, which cancel, and one other shift y, so
 * q_0 = P^{-y} sum_r lambda_r. The staircase then follows row by row:
 *     q_1 = lambda_0 + P^{h_0} q_0,   q_{r+1} = q_r + lambda_r + P^{h_r} q_0.
 * Each extension block then is the sum of its row over the information and core parity blocks:
 *     q_r = lambda_r + sum_{j<g} P^{s_rj} q_j    (r >= g).
 * A code whose base matrix does not have this shape is refused with LDPC_ERR_UNSUPPORTED, and
 * the dispatcher falls back to the generic encoder.
 */
#include <stdlib.h>
#include <string.h>
#include "encoder_internal.h"
#include "error.h"

/* Scratch buffers live on the stack of encode_frame (the encoder may be shared by threads). */
#define QC_MAX_BLOCK_ROWS 48
#define QC_MAX_Z 512

typedef struct qc_encoder_state {
    int z, kb, mb, cols;
    int g;               /* block rows of the dual-diagonal core; rows g..mb-1 are extension */
    int y;               /* the shift of h that survives the sum over the block rows */
    const int16_t *base; /* the code's scaled base matrix (rows mb, columns cols) */
} qc_encoder_state;

/* acc[i] ^= x[i], i < z: one straight run the compiler turns into vector XORs. */
static void xor_run(uint8_t *acc, const uint8_t *x, int z)
{
    for (int i = 0; i < z; i++)
        acc[i] ^= x[i];
}

/* x2 = x twice in a row, so that P^s x is the straight run x2 + s (x2[i + s] = x[(i + s) mod z]):
 * each block is doubled once and every shift of it is then one run with no wrap (the two runs
 * around the wrap point left short scalar tails that cost most of the encoding time). */
static void doubled(uint8_t *x2, const uint8_t *x, int z)
{
    memcpy(x2, x, (size_t)z);
    memcpy(x2 + z, x, (size_t)z);
}

/* The XOR runs are most of the work and the core is built for the baseline ISA (16-byte
 * vectors): on x86-64 the function is also compiled for AVX2, chosen once when the library
 * loads (GCC/Clang function multi-versioning): 0.1 us less per WiMAX 2304 frame on AVX-512
 * hardware (an AVX-512 clone gains nothing more). -DLDPCGPU_FUNCTION_MULTIVERSIONING=OFF
 * (LDPCGPU_NO_MULTIVERSIONING) leaves the baseline version only, for sanitizer builds. */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__ELF__) && \
    !defined(LDPCGPU_NO_MULTIVERSIONING)
__attribute__((target_clones("avx2", "default")))
#endif
static void qc_encode_frame(const ldpc_encoder *enc, const uint8_t *info, uint8_t *cw)
{
    const qc_encoder_state *st = enc->state;
    const int z = st->z, kb = st->kb, mb = st->mb, cols = st->cols, g = st->g;
    const int k = kb * z;
    uint8_t lambda[QC_MAX_BLOCK_ROWS * QC_MAX_Z];
    uint8_t sum[QC_MAX_Z];

    for (int i = 0; i < k; i++)
        cw[i] = info[i] & 1u;

    /* lambda_r = A_r u (block column by block column, each doubled once), and their sum */
    uint8_t x2[2 * QC_MAX_Z];
    memset(lambda, 0, (size_t)mb * z);
    memset(sum, 0, (size_t)z);
    for (int b = 0; b < kb; b++) {
        doubled(x2, cw + (size_t)b * z, z);
        for (int r = 0; r < mb; r++) {
            const int s = st->base[r * cols + b];
            if (s >= 0)
                xor_run(lambda + (size_t)r * z, x2 + s, z);
        }
    }
    for (int r = 0; r < g; r++)
        xor_run(sum, lambda + (size_t)r * z, z);

    /* q_0 = P^{-y} sum: q_0[j] = sum[(j - y) mod z], i.e. P^{z-y} applied to sum */
    uint8_t *q0 = cw + k;
    doubled(x2, sum, z);
    memcpy(q0, x2 + (z - st->y) % z, (size_t)z);

    /* staircase: q_{r+1} = q_r + lambda_r + P^{h_r} q_0 */
    doubled(x2, q0, z);
    for (int r = 0; r + 1 < g; r++) {
        uint8_t *next = cw + k + (size_t)(r + 1) * z;
        const uint8_t *lr = lambda + (size_t)r * z;
        if (r == 0)
            memcpy(next, lr, (size_t)z);
        else {
            const uint8_t *cur = cw + k + (size_t)r * z;
            for (int i = 0; i < z; i++)
                next[i] = cur[i] ^ lr[i];
        }
        const int h = st->base[r * cols + kb];
        if (h >= 0)
            xor_run(next, x2 + h, z);
    }

    /* extension: q_r = lambda_r + sum_j P^{s_rj} q_j over the core parity blocks j < g */
    if (g == mb)
        return;
    for (int r = g; r < mb; r++)
        memcpy(cw + k + (size_t)r * z, lambda + (size_t)r * z, (size_t)z);
    for (int j = 0; j < g; j++) {
        doubled(x2, cw + k + (size_t)j * z, z);
        for (int r = g; r < mb; r++) {
            const int s = st->base[r * cols + kb + j];
            if (s >= 0)
                xor_run(cw + k + (size_t)r * z, x2 + s, z);
        }
    }
}

/* Does the parity part have the shape described above with a core of g block rows? */
static int parity_shape_fits(const int16_t *base, int mb, int cols, int kb, int g)
{
    for (int r = 0; r < mb; r++)
        for (int j = 1; j < mb; j++) {
            int s = base[r * cols + kb + j], want;
            if (j < g) /* staircase column: identity in core rows j-1 and j; free below */
                want = r < g ? ((r == j - 1 || r == j) ? 0 : -1) : s;
            else /* extension column: identity in its own row only */
                want = r == j ? 0 : -1;
            if (s != want)
                return 0;
        }
    return 1;
}

/* Check the shape described above; on success store the core size g and the surviving
 * shift of h. */
static int check_dual_diagonal(const ldpc_code *c, int *g_out, int *y_out)
{
    const int mb = c->base_rows, cols = c->base_cols, kb = cols - mb, z = c->z;
    const int16_t *base = c->base;
    if (mb < 2 || kb < 1 || mb > QC_MAX_BLOCK_ROWS || z > QC_MAX_Z || !c->info_is_prefix ||
        c->k != kb * z || c->n != cols * z)
        return 0;
    for (int i = 0; i < mb * cols; i++)
        if (base[i] < -1 || base[i] >= z)
            return 0;
    int g = 2;
    while (g <= mb && !parity_shape_fits(base, mb, cols, kb, g))
        g++;
    if (g > mb)
        return 0;
    /* h: every shift in the core must cancel against an equal one except exactly one */
    int count[QC_MAX_Z];
    memset(count, 0, sizeof(int) * (size_t)z);
    for (int r = 0; r < g; r++) {
        int s = base[r * cols + kb];
        if (s >= 0)
            count[s] ^= 1;
    }
    int odd = 0, y = -1;
    for (int s = 0; s < z; s++)
        if (count[s]) {
            odd++;
            y = s;
        }
    if (odd != 1)
        return 0;
    *g_out = g;
    *y_out = y;
    return 1;
}

int ldpc_encoder_init_qc(ldpc_encoder *enc)
{
    if (!enc || !enc->code)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_encoder_init_qc: NULL argument");
    const ldpc_code *c = enc->code;
    if (!c->base || c->z <= 0)
        return LDPC_ERR_UNSUPPORTED; /* DVB or alist code: not ours */
    int g, y;
    if (!check_dual_diagonal(c, &g, &y))
        return LDPC_ERR_UNSUPPORTED; /* QC, but not the dual-diagonal shape: generic encoder */
    qc_encoder_state *st = calloc(1, sizeof *st);
    if (!st)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "encoder for %s: out of memory", c->name);
    st->z = c->z;
    st->mb = c->base_rows;
    st->cols = c->base_cols;
    st->kb = c->base_cols - c->base_rows;
    st->g = g;
    st->y = y;
    st->base = c->base;
    enc->state = st;
    enc->free_state = free;
    enc->encode_frame = qc_encode_frame;
    /* a distinct name for the extended shape: the GPU simulator's encoding plan
     * (cuda/sim_plan.cpp) knows the plain dual diagonal only and makes these frames on the
     * host instead */
    enc->method = g == st->mb ? "qc-dual-diagonal" : "qc-dual-diagonal-extension";
    return LDPC_OK;
}
