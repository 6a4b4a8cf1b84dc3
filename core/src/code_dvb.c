/* DVB-S2 / DVB-T2 / DVB-S2X codes: name lookup and parity-check matrix from the address table.
 *
 * The standards define each code by an address table (dvb_tables.c): information bit
 * m = 360*g + j is added to the parity accumulators (x + j*q) mod (n-k) for every x in row g,
 * q = (n-k)/360, and the parity bits are then accumulated, p_i ^= p_(i-1). As checks:
 *     row i of H = { information bits whose address is i } + { parity bits k+i, k+i-1 },
 * i.e. the information part followed by a lower-bidiagonal staircase (full rank by structure). */
#include <stdlib.h>
#include <string.h>
#include "code_internal.h"
#include "error.h"

int ldpc_dvb_list_count(void) { return ldpc_dvb_table_count; }

const char *ldpc_dvb_list_name(int i)
{
    return (i >= 0 && i < ldpc_dvb_table_count) ? ldpc_dvb_table_names[i] : NULL;
}

static int is_dvb_standard(const char *s, size_t len)
{
    return (len == 5 && (strncmp(s, "dvbs2", 5) == 0 || strncmp(s, "dvbt2", 5) == 0)) ||
           (len == 6 && strncmp(s, "dvbs2x", 6) == 0);
}

/* Append the rates of standard std at size n to buf ("1/4 1/3 ..."). */
static void list_rates(char *buf, size_t size, const char *std, int n)
{
    size_t used = strlen(buf);
    for (int i = 0; i < ldpc_dvb_table_count && used + 1 < size; i++) {
        const ldpc_dvb_table *t = &ldpc_dvb_tables[i];
        if (strcmp(t->std, std) == 0 && t->n == n) {
            snprintf(buf + used, size - used, " %s", t->rate);
            used = strlen(buf);
        }
    }
}

/* Append the frame sizes standard std has ("64800 16200"). */
static void list_sizes(char *buf, size_t size, const char *std)
{
    int seen[8], nseen = 0;
    size_t used = strlen(buf);
    for (int i = 0; i < ldpc_dvb_table_count && used + 1 < size; i++) {
        const ldpc_dvb_table *t = &ldpc_dvb_tables[i];
        int dup = 0;
        for (int s = 0; s < nseen; s++)
            dup |= seen[s] == t->n;
        if (strcmp(t->std, std) != 0 || dup || nseen == 8)
            continue;
        seen[nseen++] = t->n;
        snprintf(buf + used, size - used, " %d", t->n);
        used = strlen(buf);
    }
}

/* The message for a name that looks like DVB but names no code: what would be valid. */
static int no_such_dvb_code(const char *name, const char *std, size_t std_len, int n,
                            const char *rate)
{
    char msg[1024] = "";
    char stdz[8] = "";
    if (!is_dvb_standard(std, std_len))
        return ldpc_error(LDPC_ERR_UNKNOWN_CODE,
                          "unknown DVB code '%s': the standard must be dvbs2, dvbt2 or dvbs2x "
                          "(names look like dvbs2:64800:1/2, dvbt2:16200:3/5, dvbs2x:32400:1/5)",
                          name);
    memcpy(stdz, std, std_len);
    const ldpc_dvb_table *example = NULL;
    for (int i = 0; i < ldpc_dvb_table_count; i++)
        if (strcmp(ldpc_dvb_tables[i].std, stdz) == 0 &&
            (!example || ldpc_dvb_tables[i].n == n))
            example = &ldpc_dvb_tables[i];
    if (!example || example->n != n) {
        list_sizes(msg, sizeof msg, stdz);
        return ldpc_error(LDPC_ERR_UNKNOWN_CODE,
                          "unknown DVB code '%s': %s frame sizes are%s (names look like %s:%d:%s)",
                          name, stdz, msg, stdz, example ? example->n : 64800,
                          example ? example->rate : "1/2");
    }
    list_rates(msg, sizeof msg, stdz, n);
    /* the same rate and size in another DVB standard? */
    const ldpc_dvb_table *other = NULL;
    for (int i = 0; i < ldpc_dvb_table_count && !other; i++)
        if (ldpc_dvb_tables[i].n == n && rate && strcmp(ldpc_dvb_tables[i].rate, rate) == 0)
            other = &ldpc_dvb_tables[i];
    if (other)
        return ldpc_error(LDPC_ERR_UNKNOWN_CODE,
                          "unknown DVB code '%s': %s %d rates are%s (did you mean %s:%d:%s?)",
                          name, stdz, n, msg, other->std, other->n, other->rate);
    return ldpc_error(LDPC_ERR_UNKNOWN_CODE, "unknown DVB code '%s': %s %d rates are%s", name,
                      stdz, n, msg);
}

static const ldpc_dvb_table *find_table(const char *std, size_t std_len, int n, const char *rate)
{
    for (int i = 0; i < ldpc_dvb_table_count; i++) {
        const ldpc_dvb_table *t = &ldpc_dvb_tables[i];
        if (strlen(t->std) == std_len && strncmp(t->std, std, std_len) == 0 && t->n == n &&
            strcmp(t->rate, rate) == 0)
            return t;
    }
    return NULL;
}

/* H of a DVB table, in compressed rows. */
static int build_dvb_code(ldpc_code *c, const ldpc_dvb_table *t)
{
    const int n = t->n, k = t->k, m = n - k;
    if (k != 360 * t->rows || m % 360 != 0 || k <= 0 || m <= 0)
        return ldpc_error(LDPC_ERR_PARSE, "DVB table %s: n=%d k=%d rows=%d are inconsistent",
                          c->name, n, k, t->rows);
    const int q = m / 360;
    int *row_ptr = calloc((size_t)m + 1, sizeof(int));
    if (!row_ptr)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "code %s: out of memory", c->name);

    /* Count the ones of each check: every address of row g is hit once per offset j. */
    const uint16_t *addr = t->addr;
    for (int g = 0; g < t->rows; addr += t->row_len[g], g++)
        for (int e = 0; e < t->row_len[g]; e++) {
            if (addr[e] >= m) {
                free(row_ptr);
                return ldpc_error(LDPC_ERR_PARSE, "DVB table %s row %d: address %d >= n-k=%d",
                                  c->name, g, addr[e], m);
            }
            for (int j = 0, r = addr[e]; j < 360; j++, r = (r + q >= m) ? r + q - m : r + q)
                row_ptr[r + 1]++;
        }
    for (int r = 0; r < m; r++)
        row_ptr[r + 1] += (r == 0 ? 1 : 2) + row_ptr[r];

    int *col_idx = malloc((size_t)row_ptr[m] * sizeof(int));
    int *fill = malloc((size_t)m * sizeof(int));
    if (!col_idx || !fill) {
        free(row_ptr);
        free(col_idx);
        free(fill);
        return ldpc_error(LDPC_ERR_NO_MEMORY, "code %s: out of memory", c->name);
    }
    memcpy(fill, row_ptr, (size_t)m * sizeof(int));
    addr = t->addr;
    for (int g = 0; g < t->rows; addr += t->row_len[g], g++)
        for (int e = 0; e < t->row_len[g]; e++)
            for (int j = 0, r = addr[e]; j < 360; j++, r = (r + q >= m) ? r + q - m : r + q)
                col_idx[fill[r]++] = 360 * g + j;
    for (int r = 0; r < m; r++) {
        if (r > 0)
            col_idx[fill[r]++] = k + r - 1;
        col_idx[fill[r]++] = k + r;
    }
    free(fill);
    int st = ldpc_code_set_rows(c, n, m, row_ptr, col_idx);
    free(row_ptr);
    free(col_idx);
    if (st != LDPC_OK)
        return st;
    st = ldpc_code_set_info_prefix(c, k);
    if (st != LDPC_OK)
        return st;
    c->dvb = t;
    c->dvb_q = q;
    return LDPC_OK;
}

int ldpc_code_create_dvb(ldpc_code **out, const char *name)
{
    if (!out || !name)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_create_dvb: NULL argument");
    *out = NULL;
    if (strncmp(name, "dvb", 3) != 0)
        return LDPC_ERR_UNKNOWN_CODE; /* not ours: the dispatcher tries the other families */

    /* "std:n:rate" */
    const char *colon1 = strchr(name, ':');
    size_t std_len = colon1 ? (size_t)(colon1 - name) : strlen(name);
    if (!colon1)
        return no_such_dvb_code(name, name, std_len, 0, NULL);
    char *end = NULL;
    long n = strtol(colon1 + 1, &end, 10);
    if (end == colon1 + 1 || *end != ':' || n <= 0 || n > LDPC_MAX_N)
        return no_such_dvb_code(name, name, std_len, 0, NULL);
    const char *rate = end + 1;
    const ldpc_dvb_table *t = find_table(name, std_len, (int)n, rate);
    if (!t)
        return no_such_dvb_code(name, name, std_len, (int)n, rate);

    char canonical[64];
    snprintf(canonical, sizeof canonical, "%s:%d:%s", t->std, t->n, t->rate);
    ldpc_code *c = ldpc_code_alloc(LDPC_FAMILY_DVB, canonical);
    if (!c)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "code %s: out of memory", canonical);
    int st = build_dvb_code(c, t);
    if (st != LDPC_OK) {
        ldpc_code_destroy(c);
        return st;
    }
    *out = c;
    return LDPC_OK;
}
