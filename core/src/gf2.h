/* Internal: dense GF(2) elimination of H, for rank, information positions and the generic
 * encoder. Columns are eliminated from the last to the first, so for H = [A | B] with B
 * invertible the pivots land in B and the information bits are the first columns. */
#ifndef LDPCGPU_GF2_H
#define LDPCGPU_GF2_H
#include <stdint.h>
#include "code_internal.h"

typedef struct ldpc_gf2_echelon {
    int m, n, words;        /* rows, columns, 64-bit words per row */
    int rank;
    uint64_t *rows;         /* m * words bits; rows 0..rank-1 are the reduced rows */
    int *pivot_col;         /* rank entries: pivot column of reduced row r */
    int *pivot_row_of_col;  /* n entries: reduced row whose pivot is column j, or -1 */
} ldpc_gf2_echelon;

/* Largest m*n (bits) eliminated densely; larger codes get LDPC_ERR_TOO_LARGE. */
#define LDPC_GF2_MAX_BITS (1ull << 31)

/* reduced = 1: full reduced row echelon form (each pivot column has a single one).
 * never_pivot (n flags, or NULL): columns that must not become pivots, so that they stay free
 * (information) columns, e.g. a placement chosen elsewhere (ldpc_code_with_info_positions);
 * if the other columns are not of full rank, the rank comes out smaller than rank(H). */
int ldpc_gf2_echelon_create(ldpc_gf2_echelon *e, const ldpc_code *c, int reduced,
                            const uint8_t *never_pivot);
void ldpc_gf2_echelon_destroy(ldpc_gf2_echelon *e);

static inline int ldpc_gf2_get(const ldpc_gf2_echelon *e, int row, int col)
{
    return (int)((e->rows[(size_t)row * e->words + (col >> 6)] >> (col & 63)) & 1u);
}
#endif
