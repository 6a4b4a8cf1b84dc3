/* ldpc_code: construction from compressed rows, accessors, syndrome, rank, and name dispatch. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "code_internal.h"
#include "error.h"
#include "gf2.h"

ldpc_code *ldpc_code_alloc(ldpc_family family, const char *name)
{
    ldpc_code *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->family = family;
    snprintf(c->name, sizeof c->name, "%s", name ? name : "");
    return c;
}

void ldpc_code_destroy(ldpc_code *c)
{
    if (!c)
        return;
    free(c->row_ptr);
    free(c->col_idx);
    free(c->col_ptr);
    free(c->row_idx);
    free(c->col_edge);
    free(c->info_pos);
    free(c->base);
    free(c->fill_row);
    free(c->fill_col);
    free(c->fill_runs);
    ldpc_code_destroy(c->decode_graph);
    free(c);
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int ldpc_code_set_rows(ldpc_code *c, int n, int m, const int *row_ptr, const int *col_idx)
{
    if (!c || !row_ptr || (!col_idx && row_ptr[m] > 0))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_set_rows: NULL argument");
    if (n <= 0 || m <= 0 || m >= n)
        return ldpc_error(LDPC_ERR_PARSE, "code %s: need 0 < m < n (n=%d, m=%d)", c->name, n, m);
    if (n > LDPC_MAX_N)
        return ldpc_error(LDPC_ERR_TOO_LARGE, "code %s: n=%d exceeds the limit %d", c->name, n,
                          LDPC_MAX_N);
    if (row_ptr[0] != 0)
        return ldpc_error(LDPC_ERR_PARSE, "code %s: row_ptr[0] must be 0", c->name);
    for (int r = 0; r < m; r++)
        if (row_ptr[r + 1] < row_ptr[r])
            return ldpc_error(LDPC_ERR_PARSE, "code %s: row_ptr decreases at row %d", c->name, r);
    long long e = row_ptr[m];
    if (e > LDPC_MAX_EDGES)
        return ldpc_error(LDPC_ERR_TOO_LARGE, "code %s: %lld ones exceed the limit %d", c->name,
                          e, LDPC_MAX_EDGES);
    int ne = (int)e;
    c->n = n;
    c->m = m;
    c->num_edges = ne;
    c->row_ptr = malloc((size_t)(m + 1) * sizeof(int));
    c->col_idx = malloc((size_t)(ne ? ne : 1) * sizeof(int));
    c->col_ptr = calloc((size_t)n + 1, sizeof(int));
    c->row_idx = malloc((size_t)(ne ? ne : 1) * sizeof(int));
    c->col_edge = malloc((size_t)(ne ? ne : 1) * sizeof(int));
    if (!c->row_ptr || !c->col_idx || !c->col_ptr || !c->row_idx || !c->col_edge)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "code %s: out of memory for %d edges", c->name, ne);
    memcpy(c->row_ptr, row_ptr, (size_t)(m + 1) * sizeof(int));
    if (ne)
        memcpy(c->col_idx, col_idx, (size_t)ne * sizeof(int));
    c->max_row_degree = 0;
    for (int r = 0; r < m; r++) {
        int *row = c->col_idx + c->row_ptr[r];
        int d = c->row_ptr[r + 1] - c->row_ptr[r];
        if (d == 0)
            return ldpc_error(LDPC_ERR_PARSE, "code %s: check %d has no bits", c->name, r);
        qsort(row, (size_t)d, sizeof(int), cmp_int);
        for (int i = 0; i < d; i++) {
            if (row[i] < 0 || row[i] >= n)
                return ldpc_error(LDPC_ERR_PARSE, "code %s: check %d names bit %d, outside 0..%d",
                                  c->name, r, row[i], n - 1);
            if (i > 0 && row[i] == row[i - 1])
                return ldpc_error(LDPC_ERR_PARSE, "code %s: check %d names bit %d twice", c->name,
                                  r, row[i]);
            c->col_ptr[row[i] + 1]++;
        }
        if (d > c->max_row_degree)
            c->max_row_degree = d;
    }
    c->max_col_degree = 0;
    for (int j = 0; j < n; j++) {
        int d = c->col_ptr[j + 1];
        if (d > c->max_col_degree)
            c->max_col_degree = d;
        c->col_ptr[j + 1] += c->col_ptr[j];
    }
    /* rows are visited in ascending order, so each column's row list comes out ascending */
    int *fill = malloc((size_t)n * sizeof(int));
    if (!fill)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "code %s: out of memory", c->name);
    memcpy(fill, c->col_ptr, (size_t)n * sizeof(int));
    for (int r = 0; r < m; r++)
        for (int e2 = c->row_ptr[r]; e2 < c->row_ptr[r + 1]; e2++) {
            int pos = fill[c->col_idx[e2]]++;
            c->row_idx[pos] = r;
            c->col_edge[pos] = e2;
        }
    free(fill);
    return LDPC_OK;
}

int ldpc_code_set_info_prefix(ldpc_code *c, int k)
{
    if (k <= 0 || k >= c->n)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "code %s: bad k=%d", c->name, k);
    c->k = k;
    c->info_is_prefix = 1;
    free(c->info_pos);
    c->info_pos = malloc((size_t)k * sizeof(int));
    if (!c->info_pos)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "code %s: out of memory", c->name);
    for (int i = 0; i < k; i++)
        c->info_pos[i] = i;
    return LDPC_OK;
}

int ldpc_code_set_info_by_elimination(ldpc_code *c)
{
    ldpc_gf2_echelon ech;
    int st = ldpc_gf2_echelon_create(&ech, c, 0, NULL);
    if (st != LDPC_OK)
        return st;
    int k = c->n - ech.rank;
    free(c->info_pos);
    c->info_pos = malloc((size_t)(k ? k : 1) * sizeof(int));
    if (!c->info_pos) {
        ldpc_gf2_echelon_destroy(&ech);
        return ldpc_error(LDPC_ERR_NO_MEMORY, "code %s: out of memory", c->name);
    }
    int i = 0, prefix = 1;
    for (int j = 0; j < c->n; j++)
        if (ech.pivot_row_of_col[j] < 0) {
            if (j != i)
                prefix = 0;
            c->info_pos[i++] = j;
        }
    c->k = k;
    c->info_is_prefix = prefix;
    ldpc_gf2_echelon_destroy(&ech);
    if (k <= 0)
        return ldpc_error(LDPC_ERR_RANK, "code %s: H has full column rank, no information bits",
                          c->name);
    return LDPC_OK;
}

int ldpc_code_from_rows(ldpc_code **out, const char *name, int n, int m, const int *row_ptr,
                        const int *col_idx)
{
    if (!out || !row_ptr)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_from_rows: NULL argument");
    *out = NULL;
    if (n <= 0 || m <= 0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_from_rows: n=%d m=%d", n, m);
    ldpc_code *c = ldpc_code_alloc(LDPC_FAMILY_ALIST, name ? name : "matrix");
    if (!c)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "code: out of memory");
    int st = ldpc_code_set_rows(c, n, m, row_ptr, col_idx);
    if (st == LDPC_OK)
        st = ldpc_code_set_info_by_elimination(c);
    if (st != LDPC_OK) {
        ldpc_code_destroy(c);
        return st;
    }
    *out = c;
    return LDPC_OK;
}

/* ---- name dispatch ---- */

int ldpc_code_create(ldpc_code **out, const char *name)
{
    if (!out || !name)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_create: NULL argument");
    *out = NULL;
    if (strncmp(name, "alist:", 6) == 0 || strncmp(name, "ALIST:", 6) == 0)
        return ldpc_code_from_alist_file(out, name + 6);
    char lower[LDPC_NAME_MAX];
    size_t len = strlen(name);
    if (len >= sizeof lower)
        return ldpc_error(LDPC_ERR_UNKNOWN_CODE, "code name too long");
    for (size_t i = 0; i <= len; i++)
        lower[i] = (char)tolower((unsigned char)name[i]);
    /* the family named by the prefix answers, with its own message for a bad size or rate */
    if (strncmp(lower, "dvb", 3) == 0)
        return ldpc_code_create_dvb(out, lower);
    if (strncmp(lower, "wimax:", 6) == 0 || strncmp(lower, "wifi:", 5) == 0)
        return ldpc_code_create_qc(out, lower);
    if (strncmp(lower, "nr:", 3) == 0)
        return ldpc_code_create_nr(out, lower);
    return ldpc_error(LDPC_ERR_UNKNOWN_CODE,
                      "unknown code '%s' (try 'ldpcgpu list'; names look like dvbt2:64800:1/2, "
                      "wimax:2304:1/2, wifi:1944:3/4, nr:bg1:z384, nr:8448:16896 or alist:FILE)",
                      name);
}

int ldpc_code_list_count(void)
{
    return ldpc_dvb_list_count() + ldpc_qc_list_count() + ldpc_nr_list_count();
}

const char *ldpc_code_list_name(int i)
{
    int nd = ldpc_dvb_list_count(), nq = ldpc_qc_list_count();
    if (i < 0 || i >= ldpc_code_list_count())
        return NULL;
    if (i < nd)
        return ldpc_dvb_list_name(i);
    return i < nd + nq ? ldpc_qc_list_name(i - nd) : ldpc_nr_list_name(i - nd - nq);
}

/* ---- accessors ---- */

const char *ldpc_code_name(const ldpc_code *c) { return c ? c->name : ""; }
int ldpc_code_n(const ldpc_code *c) { return c ? c->n : LDPC_ERR_INVALID_ARGUMENT; }
int ldpc_code_k(const ldpc_code *c) { return c ? c->k : LDPC_ERR_INVALID_ARGUMENT; }
int ldpc_code_m(const ldpc_code *c) { return c ? c->m : LDPC_ERR_INVALID_ARGUMENT; }
const int *ldpc_code_info_positions(const ldpc_code *c) { return c ? c->info_pos : NULL; }

int ldpc_code_get_info(const ldpc_code *c, ldpc_code_info *info)
{
    if (!c || !info)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_get_info: NULL argument");
    info->family = c->family;
    info->n = c->n;
    info->k = c->k;
    info->m = c->m;
    info->num_edges = c->num_edges;
    info->max_row_degree = c->max_row_degree;
    info->max_col_degree = c->max_col_degree;
    info->z = c->z;
    info->base_rows = c->base_rows;
    info->base_cols = c->base_cols;
    info->dvb_q = c->dvb_q;
    info->info_is_prefix = c->info_is_prefix;
    return LDPC_OK;
}

int ldpc_code_rows(const ldpc_code *c, const int **row_ptr, const int **col_idx)
{
    if (!c || !row_ptr || !col_idx)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_rows: NULL argument");
    *row_ptr = c->row_ptr;
    *col_idx = c->col_idx;
    return LDPC_OK;
}

int ldpc_code_cols(const ldpc_code *c, const int **col_ptr, const int **row_idx)
{
    if (!c || !col_ptr || !row_idx)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_cols: NULL argument");
    *col_ptr = c->col_ptr;
    *row_idx = c->row_idx;
    return LDPC_OK;
}

const int16_t *ldpc_code_base_matrix(const ldpc_code *c, int *rows, int *cols, int *z)
{
    if (!c || !c->base)
        return NULL;
    if (rows)
        *rows = c->base_rows;
    if (cols)
        *cols = c->base_cols;
    if (z)
        *z = c->z;
    return c->base;
}

int ldpc_code_syndrome_weight(const ldpc_code *c, const uint8_t *cw)
{
    if (!c || !cw)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_syndrome_weight: NULL argument");
    int w = 0;
    for (int r = 0; r < c->m; r++) {
        unsigned s = 0;
        for (int e = c->row_ptr[r]; e < c->row_ptr[r + 1]; e++)
            s ^= cw[c->col_idx[e]] & 1u;
        w += (int)s;
    }
    return w;
}

int ldpc_code_rank(const ldpc_code *c)
{
    if (!c)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_rank: NULL code");
    ldpc_gf2_echelon ech;
    int st = ldpc_gf2_echelon_create(&ech, c, 0, NULL);
    if (st != LDPC_OK)
        return st;
    int rank = ech.rank;
    ldpc_gf2_echelon_destroy(&ech);
    return rank;
}

static const char *family_name(ldpc_family f)
{
    switch (f) {
    case LDPC_FAMILY_DVB: return "DVB";
    case LDPC_FAMILY_WIMAX: return "IEEE 802.16e";
    case LDPC_FAMILY_WIFI: return "IEEE 802.11n";
    case LDPC_FAMILY_NR: return "3GPP 5G NR";
    default: return "alist";
    }
}

void ldpc_code_print(const ldpc_code *c, FILE *f)
{
    if (!c || !f)
        return;
    fprintf(f, "%s (%s): n=%d k=%d m=%d rate=%.4f edges=%d max degrees row %d col %d", c->name,
            family_name(c->family), c->n, c->k, c->m, (double)c->k / c->n, c->num_edges,
            c->max_row_degree, c->max_col_degree);
    if (c->z)
        fprintf(f, " z=%d base %dx%d", c->z, c->base_rows, c->base_cols);
    if (c->dvb_q)
        fprintf(f, " q=%d", c->dvb_q);
    fputc('\n', f);
}
