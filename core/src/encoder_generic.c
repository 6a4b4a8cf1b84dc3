/* Generic systematic encoder for any code: H is brought once to reduced row echelon form over
 * GF(2). Each reduced row r then reads  c[pivot_col[r]] = XOR of c[j] over the non-pivot columns
 * j where row r has a one, and the non-pivot columns are exactly the information positions.
 * The rows are kept bit-packed over the k information bits, so a frame costs about rank*k/64
 * word operations (AND, XOR, one parity per row).
 *
 * This is the fallback for codes without a structured encoder (alist codes), so it also serves
 * DVB / WiMAX / WiFi codes when their own encoder declines; there the information positions are
 * c[0..k-1], which must then be an information set of H (they are for the standard codes, whose
 * parity part is invertible). Dense elimination limits the code size (LDPC_GF2_MAX_BITS). */
#include <stdlib.h>
#include <string.h>
#include "encoder_internal.h"
#include "error.h"
#include "gf2.h"

typedef struct generic_state {
    int k, rank;
    int words;          /* 64-bit words per packed row (over the k information bits) */
    uint64_t *rows;     /* rank rows of `words` words: bit i = reduced row has a one at info i */
    int *pivot_col;     /* rank entries: the codeword bit each row computes */
} generic_state;

static void generic_free(void *p)
{
    generic_state *s = p;
    if (!s)
        return;
    free(s->rows);
    free(s->pivot_col);
    free(s);
}

static inline int parity64(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_parityll(x);
#else
    x ^= x >> 32;
    x ^= x >> 16;
    x ^= x >> 8;
    x ^= x >> 4;
    x ^= x >> 2;
    x ^= x >> 1;
    return (int)(x & 1u);
#endif
}

static inline int count_trailing_zeros64(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x & 1u)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

/* Information bits are packed BLOCK_WORDS words at a time on the stack, so encoding needs no
 * shared scratch and one encoder may serve several threads. */
#define BLOCK_WORDS 256

static void generic_encode_frame(const ldpc_encoder *enc, const uint8_t *info, uint8_t *cw)
{
    const generic_state *s = enc->state;
    const int *info_pos = enc->code->info_pos;
    uint64_t x[BLOCK_WORDS];
    for (int i = 0; i < s->k; i++)
        cw[info_pos[i]] = info[i] & 1u;
    for (int r = 0; r < s->rank; r++)
        cw[s->pivot_col[r]] = 0;
    for (int w0 = 0; w0 < s->words; w0 += BLOCK_WORDS) {
        const int nw = s->words - w0 < BLOCK_WORDS ? s->words - w0 : BLOCK_WORDS;
        const int i0 = w0 * 64, i1 = (w0 + nw) * 64 < s->k ? (w0 + nw) * 64 : s->k;
        memset(x, 0, (size_t)nw * sizeof(uint64_t));
        for (int i = i0; i < i1; i++)
            x[(i - i0) >> 6] |= (uint64_t)(info[i] & 1u) << (i & 63);
        for (int r = 0; r < s->rank; r++) {
            const uint64_t *row = s->rows + (size_t)r * s->words + w0;
            uint64_t acc = 0;
            for (int w = 0; w < nw; w++)
                acc ^= row[w] & x[w];
            cw[s->pivot_col[r]] ^= (uint8_t)parity64(acc);
        }
    }
}

int ldpc_encoder_init_generic(ldpc_encoder *enc)
{
    const ldpc_code *c = enc->code;
    if (!c->info_pos || c->k <= 0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "generic encoder: code %s has no information positions", c->name);
    /* The information columns never become pivots, so the reduced rows express every other
     * column in terms of them, wherever the code put them (its own elimination's free columns,
     * c[0..k-1], or a placement given to ldpc_code_with_info_positions). For a code whose
     * positions came from ldpc_code_set_info_by_elimination this changes nothing: those
     * columns were never pivots there. */
    uint8_t *is_info = calloc((size_t)c->n, 1);
    if (!is_info)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "generic encoder: out of memory");
    for (int i = 0; i < c->k; i++)
        if (c->info_pos[i] >= 0 && c->info_pos[i] < c->n)
            is_info[c->info_pos[i]] = 1;
    ldpc_gf2_echelon ech;
    int st = ldpc_gf2_echelon_create(&ech, c, 1, is_info);
    free(is_info);
    if (st != LDPC_OK)
        return st;
    const int k = c->k;
    if (c->n - ech.rank != k) {
        int rank = ech.rank;
        ldpc_gf2_echelon_destroy(&ech);
        return ldpc_error(LDPC_ERR_RANK,
                          "generic encoder: code %s has k=%d but the columns outside its "
                          "information positions have rank %d, not n - k = %d (the positions "
                          "are not an information set of H)",
                          c->name, k, rank, c->n - k);
    }
    /* info index of each column, -1 for pivot columns; the two sets must partition 0..n-1 */
    int *info_of_col = malloc((size_t)c->n * sizeof(int));
    generic_state *s = calloc(1, sizeof *s);
    if (!info_of_col || !s) {
        free(info_of_col);
        free(s);
        ldpc_gf2_echelon_destroy(&ech);
        return ldpc_error(LDPC_ERR_NO_MEMORY, "generic encoder: out of memory");
    }
    for (int j = 0; j < c->n; j++)
        info_of_col[j] = -1;
    for (int i = 0; i < k; i++) {
        int j = c->info_pos[i];
        if (j < 0 || j >= c->n || info_of_col[j] >= 0 || ech.pivot_row_of_col[j] >= 0) {
            free(info_of_col);
            free(s);
            ldpc_gf2_echelon_destroy(&ech);
            return ldpc_error(LDPC_ERR_RANK,
                              "generic encoder: code %s: information bit %d sits at column %d, "
                              "which is not a free column of H (the information positions are "
                              "not an information set)",
                              c->name, i, j);
        }
        info_of_col[j] = i;
    }
    s->k = k;
    s->rank = ech.rank;
    s->words = (k + 63) / 64;
    s->rows = calloc((size_t)s->rank * s->words + 1, sizeof(uint64_t));
    s->pivot_col = malloc((size_t)(s->rank ? s->rank : 1) * sizeof(int));
    if (!s->rows || !s->pivot_col) {
        free(info_of_col);
        generic_free(s);
        ldpc_gf2_echelon_destroy(&ech);
        return ldpc_error(LDPC_ERR_NO_MEMORY,
                          "generic encoder: out of memory for a %d x %d generator", ech.rank, k);
    }
    /* repack each reduced row over the information bits, visiting only its set bits */
    for (int r = 0; r < s->rank; r++) {
        const uint64_t *src = ech.rows + (size_t)r * ech.words;
        uint64_t *dst = s->rows + (size_t)r * s->words;
        s->pivot_col[r] = ech.pivot_col[r];
        for (int w = 0; w < ech.words; w++) {
            uint64_t bits = src[w];
            while (bits) {
                int j = w * 64 + count_trailing_zeros64(bits);
                bits &= bits - 1;
                int i = info_of_col[j];
                if (i >= 0)
                    dst[i >> 6] |= 1ull << (i & 63);
            }
        }
    }
    free(info_of_col);
    ldpc_gf2_echelon_destroy(&ech);
    enc->method = "generic";
    enc->state = s;
    enc->free_state = generic_free;
    enc->encode_frame = generic_encode_frame;
    return LDPC_OK;
}
