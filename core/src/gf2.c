#include <stdlib.h>
#include <string.h>
#include "error.h"
#include "gf2.h"

void ldpc_gf2_echelon_destroy(ldpc_gf2_echelon *e)
{
    if (!e)
        return;
    free(e->rows);
    free(e->pivot_col);
    free(e->pivot_row_of_col);
    memset(e, 0, sizeof *e);
}

int ldpc_gf2_echelon_create(ldpc_gf2_echelon *e, const ldpc_code *c, int reduced,
                            const uint8_t *never_pivot)
{
    memset(e, 0, sizeof *e);
    if ((unsigned long long)c->m * (unsigned long long)c->n > LDPC_GF2_MAX_BITS)
        return ldpc_error(LDPC_ERR_TOO_LARGE,
                          "code %s: %d x %d is too large for dense GF(2) elimination", c->name,
                          c->m, c->n);
    e->m = c->m;
    e->n = c->n;
    e->words = (c->n + 63) / 64;
    e->rows = calloc((size_t)e->m * e->words, sizeof(uint64_t));
    e->pivot_col = malloc((size_t)e->m * sizeof(int));
    e->pivot_row_of_col = malloc((size_t)e->n * sizeof(int));
    if (!e->rows || !e->pivot_col || !e->pivot_row_of_col) {
        ldpc_gf2_echelon_destroy(e);
        return ldpc_error(LDPC_ERR_NO_MEMORY, "code %s: out of memory for elimination", c->name);
    }
    for (int r = 0; r < c->m; r++)
        for (int i = c->row_ptr[r]; i < c->row_ptr[r + 1]; i++) {
            int j = c->col_idx[i];
            e->rows[(size_t)r * e->words + (j >> 6)] |= 1ull << (j & 63);
        }
    for (int j = 0; j < e->n; j++)
        e->pivot_row_of_col[j] = -1;
    const int W = e->words;
    int rank = 0;
    for (int j = e->n - 1; j >= 0 && rank < e->m; j--) {
        if (never_pivot && never_pivot[j])
            continue;
        const int w = j >> 6;
        const uint64_t bit = 1ull << (j & 63);
        int p = -1;
        for (int r = rank; r < e->m; r++)
            if (e->rows[(size_t)r * W + w] & bit) {
                p = r;
                break;
            }
        if (p < 0)
            continue;
        uint64_t *prow = e->rows + (size_t)rank * W;
        if (p != rank) {
            uint64_t *q = e->rows + (size_t)p * W;
            for (int x = 0; x < W; x++) {
                uint64_t t = prow[x];
                prow[x] = q[x];
                q[x] = t;
            }
        }
        /* non-pivot columns may hold ones anywhere in a row, so whole rows are XORed */
        for (int r = reduced ? 0 : rank + 1; r < e->m; r++) {
            if (r == rank)
                continue;
            uint64_t *q = e->rows + (size_t)r * W;
            if (q[w] & bit)
                for (int x = 0; x < W; x++)
                    q[x] ^= prow[x];
        }
        e->pivot_col[rank] = j;
        e->pivot_row_of_col[j] = rank;
        rank++;
    }
    e->rank = rank;
    return LDPC_OK;
}
