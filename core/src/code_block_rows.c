/* H read as block rows of z x z circulants, for a parity check that XORs a whole block row at
 * once (the cpu-simd check, kernel_impl.h). (The cuda kernels' check keeps its per-thread
 * table: a column computed from a circulant cost more instructions than the table's finished
 * offsets, docs/cuda-notes.md.) */
#include <stdlib.h>
#include "code_internal.h"
#include "error.h"

int ldpc_code_block_rows(const ldpc_code *c, int max_z, ldpc_block_rows *br)
{
    br->z = br->rows = 0;
    br->ptr = br->first = NULL;
    const int z = c->z;
    if (z <= 1 || z > max_z || c->m % z != 0 || c->n % z != 0)
        return LDPC_OK;
    const int rows = c->m / z;
    int count = 0;
    for (int b = 0; b < rows; b++)
        count += c->row_ptr[b * z + 1] - c->row_ptr[b * z];
    int *ptr = malloc(((size_t)rows + 1) * sizeof(int));
    int *first = malloc(((size_t)count + 1) * sizeof(int));
    unsigned char *mark = calloc((size_t)c->n, 1);
    if (!ptr || !first || !mark) {
        free(ptr);
        free(first);
        free(mark);
        return ldpc_error(LDPC_ERR_NO_MEMORY, "out of memory for the block rows of code %s", c->name);
    }
    /* each row r of block row b must hold exactly the columns its circulants predict from row
     * 0 of b: (first + r) mod z within each circulant's block */
    int ok = 1, e = 0;
    for (int b = 0; b < rows && ok; b++) {
        ptr[b] = e;
        const int r0 = b * z, d = c->row_ptr[r0 + 1] - c->row_ptr[r0];
        for (int q = c->row_ptr[r0]; q < c->row_ptr[r0 + 1]; q++)
            first[e++] = c->col_idx[q];
        for (int r = 1; r < z && ok; r++) {
            const int row = r0 + r;
            if (c->row_ptr[row + 1] - c->row_ptr[row] != d) {
                ok = 0;
                break;
            }
            for (int q = c->row_ptr[row]; q < c->row_ptr[row + 1]; q++)
                mark[c->col_idx[q]] = 1;
            for (int i = ptr[b]; i < e; i++) {
                const int col = first[i] - first[i] % z + (first[i] % z + r) % z;
                ok = ok && mark[col];
                mark[col] = 0;
            }
            for (int q = c->row_ptr[row]; q < c->row_ptr[row + 1]; q++) {
                ok = ok && !mark[c->col_idx[q]]; /* a column no circulant predicts */
                mark[c->col_idx[q]] = 0;
            }
        }
    }
    free(mark);
    if (!ok) {
        free(ptr);
        free(first);
        return LDPC_OK;
    }
    ptr[rows] = e;
    br->z = z;
    br->rows = rows;
    br->ptr = ptr;
    br->first = first;
    return LDPC_OK;
}

void ldpc_block_rows_free(ldpc_block_rows *br)
{
    free(br->ptr);
    free(br->first);
    br->ptr = br->first = NULL;
    br->z = br->rows = 0;
}
