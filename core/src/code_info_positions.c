/* ldpc_code_with_info_positions: the same H with the information bits at columns the caller
 * chooses (e.g. gr-fec's placement for an alist file), checked to be an information set. The
 * generic encoder then pivots around them (encoder_generic.c), and every decoder backend reads
 * the information bits from info_pos, so encoder and decoder both follow the new placement. */
#include <stdlib.h>
#include <string.h>
#include "code_internal.h"
#include "error.h"
#include "gf2.h"

/* The columns outside the information positions must have rank n - k: eliminate H with the
 * information columns kept free and count the pivots. */
static int check_information_set(const ldpc_code *c, const uint8_t *is_info)
{
    ldpc_gf2_echelon ech;
    int st = ldpc_gf2_echelon_create(&ech, c, 0, is_info);
    if (st != LDPC_OK)
        return st;
    const int rank = ech.rank;
    ldpc_gf2_echelon_destroy(&ech);
    if (rank != c->n - c->k)
        return ldpc_error(LDPC_ERR_RANK,
                          "code %s: the %d given information positions are not an information "
                          "set of H (the other columns have rank %d, need n - k = %d)",
                          c->name, c->k, rank, c->n - c->k);
    return LDPC_OK;
}

int ldpc_code_with_info_positions(ldpc_code **out, const ldpc_code *code, const int *info_pos,
                                  int k)
{
    if (!out || !code || !info_pos)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_with_info_positions: NULL argument");
    *out = NULL;
    if (k != code->k)
        return ldpc_error(LDPC_ERR_RANK, "code %s: %d information positions given, k = n - rank(H) = %d",
                          code->name, k, code->k);
    ldpc_code *c = ldpc_code_alloc(LDPC_FAMILY_ALIST, code->name);
    uint8_t *is_info = calloc((size_t)code->n, 1);
    if (!c || !is_info) {
        free(is_info);
        ldpc_code_destroy(c);
        return ldpc_error(LDPC_ERR_NO_MEMORY, "code %s: out of memory", code->name);
    }
    int st = ldpc_code_set_rows(c, code->n, code->m, code->row_ptr, code->col_idx);
    if (st == LDPC_OK) {
        c->k = k;
        c->info_pos = malloc((size_t)k * sizeof(int));
        if (!c->info_pos)
            st = ldpc_error(LDPC_ERR_NO_MEMORY, "code %s: out of memory", c->name);
    }
    int prefix = 1;
    for (int i = 0; st == LDPC_OK && i < k; i++) {
        const int j = info_pos[i];
        if (j < 0 || j >= c->n)
            st = ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                            "code %s: information bit %d at column %d, outside 0..%d", c->name,
                            i, j, c->n - 1);
        else if (is_info[j])
            st = ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                            "code %s: column %d named twice as an information position",
                            c->name, j);
        else {
            is_info[j] = 1;
            c->info_pos[i] = j;
            prefix &= j == i;
        }
    }
    c->info_is_prefix = prefix;
    if (st == LDPC_OK)
        st = check_information_set(c, is_info);
    free(is_info);
    if (st != LDPC_OK) {
        ldpc_code_destroy(c);
        return st;
    }
    *out = c;
    return LDPC_OK;
}
