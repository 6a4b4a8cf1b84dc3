/* 5G NR LDPC codes (3GPP TS 38.212 5.3.2): the base graphs of nr_tables.c lifted to H with
 * P_ij = V_ij mod Z, the names ("nr:bg1:z384", "nr:K:E[:rvR][:qmQ]", see nr.h) and the list
 * of built-in mother codes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "code_nr.h"
#include "error.h"
#include "llr_rules.h" /* ldpc_llr_clean */

/* ---- the list of built-in names: both base graphs at every lifting size ---- */

static const char *const nr_names[] = {
    "nr:bg1:z2", "nr:bg1:z3", "nr:bg1:z4", "nr:bg1:z5", "nr:bg1:z6", "nr:bg1:z7",
    "nr:bg1:z8", "nr:bg1:z9", "nr:bg1:z10", "nr:bg1:z11", "nr:bg1:z12", "nr:bg1:z13",
    "nr:bg1:z14", "nr:bg1:z15", "nr:bg1:z16", "nr:bg1:z18", "nr:bg1:z20", "nr:bg1:z22",
    "nr:bg1:z24", "nr:bg1:z26", "nr:bg1:z28", "nr:bg1:z30", "nr:bg1:z32", "nr:bg1:z36",
    "nr:bg1:z40", "nr:bg1:z44", "nr:bg1:z48", "nr:bg1:z52", "nr:bg1:z56", "nr:bg1:z60",
    "nr:bg1:z64", "nr:bg1:z72", "nr:bg1:z80", "nr:bg1:z88", "nr:bg1:z96", "nr:bg1:z104",
    "nr:bg1:z112", "nr:bg1:z120", "nr:bg1:z128", "nr:bg1:z144", "nr:bg1:z160", "nr:bg1:z176",
    "nr:bg1:z192", "nr:bg1:z208", "nr:bg1:z224", "nr:bg1:z240", "nr:bg1:z256", "nr:bg1:z288",
    "nr:bg1:z320", "nr:bg1:z352", "nr:bg1:z384", "nr:bg2:z2", "nr:bg2:z3", "nr:bg2:z4",
    "nr:bg2:z5", "nr:bg2:z6", "nr:bg2:z7", "nr:bg2:z8", "nr:bg2:z9", "nr:bg2:z10",
    "nr:bg2:z11", "nr:bg2:z12", "nr:bg2:z13", "nr:bg2:z14", "nr:bg2:z15", "nr:bg2:z16",
    "nr:bg2:z18", "nr:bg2:z20", "nr:bg2:z22", "nr:bg2:z24", "nr:bg2:z26", "nr:bg2:z28",
    "nr:bg2:z30", "nr:bg2:z32", "nr:bg2:z36", "nr:bg2:z40", "nr:bg2:z44", "nr:bg2:z48",
    "nr:bg2:z52", "nr:bg2:z56", "nr:bg2:z60", "nr:bg2:z64", "nr:bg2:z72", "nr:bg2:z80",
    "nr:bg2:z88", "nr:bg2:z96", "nr:bg2:z104", "nr:bg2:z112", "nr:bg2:z120", "nr:bg2:z128",
    "nr:bg2:z144", "nr:bg2:z160", "nr:bg2:z176", "nr:bg2:z192", "nr:bg2:z208", "nr:bg2:z224",
    "nr:bg2:z240", "nr:bg2:z256", "nr:bg2:z288", "nr:bg2:z320", "nr:bg2:z352", "nr:bg2:z384",
};

int ldpc_nr_list_count(void) { return (int)(sizeof nr_names / sizeof nr_names[0]); }

const char *ldpc_nr_list_name(int i)
{
    return (i >= 0 && i < ldpc_nr_list_count()) ? nr_names[i] : NULL;
}

/* ---- lifting ---- */

int ldpc_nr_code_build(ldpc_code **out, const char *name, int bg, int z)
{
    const ldpc_nr_bg *g = bg == 1 ? &ldpc_nr_bg1 : &ldpc_nr_bg2;
    const int ils = ldpc_nr_lifting_set(z);
    if (ils < 0)
        return ils;
    ldpc_code *c = ldpc_code_alloc(LDPC_FAMILY_NR, name);
    if (!c)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "code %s: out of memory", name);
    int st = LDPC_ERR_NO_MEMORY;
    c->base = malloc((size_t)g->rows * g->cols * sizeof *c->base);
    if (!c->base) {
        ldpc_error(st, "code %s: out of memory", name);
        goto fail;
    }
    for (int i = 0; i < g->rows * g->cols; i++)
        c->base[i] = -1;
    for (int e = 0; e < g->count; e++) {
        const ldpc_nr_bg_entry *en = &g->entries[e];
        c->base[en->row * g->cols + en->col] = (int16_t)(en->v[ils] % z);
    }
    st = ldpc_code_expand_qc(c, g->rows, g->cols, z);
    if (st == LDPC_OK) /* K = kb Z information columns first; H has full rank (n - m = K) */
        st = ldpc_code_set_info_prefix(c, g->kb * z);
    if (st != LDPC_OK)
        goto fail;
    *out = c;
    return LDPC_OK;
fail:
    ldpc_code_destroy(c);
    return st;
}

/* ---- the rows a decoder needs ---- */

/* Why leaving rows out is exact: a row whose degree-1 column has LLR 0 (no bit of it sent)
 * sends every other column the message 0, in min-sum of any kind (its smallest |t| is 0) and
 * in sum-product (tanh 0 = 0); and its column, which no other row reads, only takes the value
 * the row's other bits give it. So the decoder runs without such rows and the front end
 * writes their columns afterwards (code_internal.h, decode_graph). */

/* The block column of degree 1 in block row r of c's base matrix, or -1 if the row has none or
 * several (then it has to be decoded: its bit could not be filled from the row alone). */
static int single_degree1_block(const ldpc_code *c, int r)
{
    const int rows = c->base_rows, cols = c->base_cols;
    int found = -1, count = 0;
    for (int b = 0; b < cols; b++) {
        if (c->base[r * cols + b] < 0)
            continue;
        int degree = 0;
        for (int q = 0; q < rows; q++)
            degree += c->base[q * cols + b] >= 0;
        if (degree == 1) {
            found = b;
            count++;
        }
    }
    return count == 1 ? found : -1;
}

uint64_t ldpc_nr_rows_needed(const ldpc_code *c, const uint8_t *reached)
{
    const int z = c->z;
    uint64_t need = 0;
    for (int r = 0; r < c->base_rows; r++) {
        const int b = single_degree1_block(c, r);
        int needed = b < 0;
        for (int i = 0; i < z && !needed; i++)
            needed = reached[b * z + i] != 0;
        if (needed)
            need |= (uint64_t)1 << r;
    }
    return need;
}

void ldpc_nr_reached_by_llr(const float *llr, int n, int frames, uint8_t *reached)
{
    memset(reached, 0, (size_t)n);
    for (int f = 0; f < frames; f++)
        for (int b = 0; b < n; b++)
            reached[b] |= llr[(size_t)f * n + b] != 0.0f;
}

/* The column of H's row r whose degree in H is 1, or -1 if not exactly one is. */
static int degree1_column(const ldpc_code *c, int r)
{
    int found = -1, count = 0;
    for (int e = c->row_ptr[r]; e < c->row_ptr[r + 1]; e++) {
        const int j = c->col_idx[e];
        if (c->col_ptr[j + 1] - c->col_ptr[j] == 1) {
            found = j;
            count++;
        }
    }
    return count == 1 ? found : -1;
}

int ldpc_nr_code_restrict(ldpc_code *c, uint64_t rows)
{
    const int z = c->z, mb = c->base_rows;
    const uint64_t all = mb >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << mb) - 1;
    rows &= all;
    if (c->decode_graph || !c->base || mb > 64)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "code %s: not a plain NR code to restrict",
                          c->name);
    if (rows == all)
        return LDPC_OK;
    int kept = 0, edges = 0;
    for (int r = 0; r < c->m; r++)
        if (rows >> (r / z) & 1) {
            kept++;
            edges += c->row_ptr[r + 1] - c->row_ptr[r];
        }
    const int dropped = c->m - kept;
    int *row_ptr = malloc(((size_t)kept + 1) * sizeof(int));
    int *col_idx = malloc(((size_t)edges + 1) * sizeof(int));
    c->fill_row = malloc((size_t)dropped * sizeof(int));
    c->fill_col = malloc((size_t)dropped * sizeof(int));
    ldpc_code *g = ldpc_code_alloc(LDPC_FAMILY_NR, c->name);
    int st = LDPC_OK;
    if (!row_ptr || !col_idx || !c->fill_row || !c->fill_col || !g)
        st = ldpc_error(LDPC_ERR_NO_MEMORY, "code %s: out of memory", c->name);
    int i = 0, e = 0;
    c->nfill = 0;
    for (int r = 0; r < c->m && st == LDPC_OK; r++) {
        if (rows >> (r / z) & 1) {
            row_ptr[i++] = e;
            for (int q = c->row_ptr[r]; q < c->row_ptr[r + 1]; q++)
                col_idx[e++] = c->col_idx[q];
            continue;
        }
        const int j = degree1_column(c, r);
        if (j < 0)
            st = ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                            "code %s: row %d has no single degree-1 column: it must be decoded",
                            c->name, r);
        c->fill_row[c->nfill] = r;
        c->fill_col[c->nfill++] = j;
    }
    /* the left-out columns' runs (a dropped base row's Z degree-1 columns are one parity
     * block, consecutive base rows' blocks adjacent) */
    c->nfill_runs = 0;
    if (st == LDPC_OK && c->nfill > 0 && !(c->fill_runs = malloc(2 * (size_t)c->nfill * sizeof(int))))
        st = ldpc_error(LDPC_ERR_NO_MEMORY, "code %s: out of memory", c->name);
    for (int f = 0; st == LDPC_OK && f < c->nfill; f++) {
        const int r = c->nfill_runs;
        if (r > 0 && c->fill_col[f] == c->fill_runs[2 * r - 2] + c->fill_runs[2 * r - 1]) {
            c->fill_runs[2 * r - 1]++;
        } else {
            c->fill_runs[2 * r] = c->fill_col[f];
            c->fill_runs[2 * r + 1] = 1;
            c->nfill_runs++;
        }
    }
    if (st == LDPC_OK) {
        row_ptr[kept] = e;
        st = ldpc_code_set_rows(g, c->n, kept, row_ptr, col_idx);
    }
    if (st == LDPC_OK)
        st = ldpc_code_set_info_prefix(g, c->k);
    free(row_ptr);
    free(col_idx);
    if (st != LDPC_OK) {
        ldpc_code_destroy(g);
        free(c->fill_row);
        free(c->fill_col);
        free(c->fill_runs);
        c->fill_row = c->fill_col = c->fill_runs = NULL;
        c->nfill = c->nfill_runs = 0;
        return st;
    }
    g->z = z; /* the GPU plan's layers end at multiples of Z, as in H */
    g->nr = c->nr;
    c->decode_graph = g;
    return LDPC_OK;
}

void ldpc_nr_cb_mother(ldpc_nr_cb *p, int bg, int z)
{
    p->bg = bg;
    p->z = z;
    p->ils = ldpc_nr_lifting_set(z);
    p->kb = bg == 1 ? 22 : 10;
    p->k = p->k_prime = p->kb * z;
    p->fillers = 0;
    p->n_ldpc = (bg == 1 ? 68 : 52) * z;
    p->n = p->n_cb = (bg == 1 ? 66 : 50) * z;
}

/* ---- names ---- */

/* A decimal number at *s (advanced past it); -1 if none or larger than limit. */
static long parse_number(const char **s, long limit)
{
    const char *p = *s;
    long v = 0;
    while (*p >= '0' && *p <= '9' && v <= limit)
        v = v * 10 + (*p++ - '0');
    if (p == *s || v > limit)
        return -1;
    *s = p;
    return v;
}

static const char *const nr_name_help =
    "5G NR names are nr:bg1:zZ / nr:bg2:zZ (mother code, Z a lifting size 2..384) or "
    "nr:K:E[:rvR][:qmQ] (K = 24..8448 information bits rate-matched to E bits, rv 0..3, "
    "Qm 1, 2, 4, 6, 8, 10)";

static int create_mother(ldpc_code **out, const char *name, const char *rest)
{
    if ((rest[2] != '1' && rest[2] != '2') || rest[3] != ':' || rest[4] != 'z')
        return ldpc_error(LDPC_ERR_UNKNOWN_CODE, "code '%s': %s", name, nr_name_help);
    const int bg = rest[2] - '0';
    const char *p = rest + 5;
    long z = parse_number(&p, LDPC_NR_MAX_Z);
    if (z < 0 || *p != '\0' || ldpc_nr_lifting_set((int)z) < 0)
        return ldpc_error(LDPC_ERR_UNKNOWN_CODE,
                          "code '%s': Z must be a 5G NR lifting size (a * 2^j <= 384, a = 2, 3, 5, "
                          "7, 9, 11, 13, 15)",
                          name);
    char canonical[32];
    snprintf(canonical, sizeof canonical, "nr:bg%d:z%ld", bg, z);
    int st = ldpc_nr_code_build(out, canonical, bg, (int)z);
    if (st != LDPC_OK)
        return st;
    ldpc_nr_code_params *np = &(*out)->nr;
    ldpc_nr_cb_mother(&np->cb, bg, (int)z);
    np->e = 0;
    np->rv = 0;
    np->qm = 1;
    return LDPC_OK;
}

static int create_rate_matched(ldpc_code **out, const char *name, const char *rest)
{
    const char *p = rest;
    long k = parse_number(&p, LDPC_NR_KCB_BG1);
    long e = -1;
    if (k >= 0 && *p == ':') {
        p++;
        e = parse_number(&p, LDPC_NR_MAX_E);
    }
    if (k < 0 || e < 0)
        return ldpc_error(LDPC_ERR_UNKNOWN_CODE, "code '%s': %s", name, nr_name_help);
    long rv = 0, qm = 1;
    while (*p == ':') {
        p++;
        if (strncmp(p, "rv", 2) == 0) {
            p += 2;
            rv = parse_number(&p, 3);
        } else if (strncmp(p, "qm", 2) == 0) {
            p += 2;
            qm = parse_number(&p, 10);
        } else {
            rv = -1;
        }
        if (rv < 0 || qm < 0)
            return ldpc_error(LDPC_ERR_UNKNOWN_CODE, "code '%s': %s", name, nr_name_help);
    }
    if (*p != '\0')
        return ldpc_error(LDPC_ERR_UNKNOWN_CODE, "code '%s': %s", name, nr_name_help);
    if (k < 24 || e < 1 || (qm != 1 && qm != 2 && qm != 4 && qm != 6 && qm != 8 && qm != 10) ||
        e % qm != 0)
        return ldpc_error(LDPC_ERR_UNKNOWN_CODE,
                          "code '%s': need K 24..8448, E >= 1 a multiple of Qm, Qm 1, 2, 4, 6, 8 "
                          "or 10",
                          name);
    double rate = (double)k / (double)e;
    int bg = ldpc_nr_select_bg((int)k, rate > 1.0 ? 1.0 : rate);
    ldpc_nr_code_params np = {0};
    int st = ldpc_nr_cb_init(&np.cb, bg, (int)k);
    if (st != LDPC_OK)
        return ldpc_error(LDPC_ERR_UNKNOWN_CODE, "code '%s': %s", name, ldpc_last_error());
    np.e = (int)e;
    np.rv = (int)rv;
    np.qm = (int)qm;

    char canonical[64];
    int len = snprintf(canonical, sizeof canonical, "nr:%ld:%ld", k, e);
    if (rv)
        len += snprintf(canonical + len, sizeof canonical - (size_t)len, ":rv%ld", rv);
    if (qm != 1)
        snprintf(canonical + len, sizeof canonical - (size_t)len, ":qm%ld", qm);
    st = ldpc_nr_code_build(out, canonical, bg, np.cb.z);
    if (st != LDPC_OK)
        return st;
    (*out)->nr = np;
    /* the decoders run only the rows that the transmitted bits reach */
    uint8_t *sent = calloc((size_t)np.cb.n_ldpc, 1);
    st = sent ? ldpc_nr_mark_sent(&np.cb, np.rv, np.e, sent)
              : ldpc_error(LDPC_ERR_NO_MEMORY, "code %s: out of memory", canonical);
    if (st == LDPC_OK)
        st = ldpc_nr_code_restrict(*out, ldpc_nr_rows_needed(*out, sent));
    free(sent);
    if (st != LDPC_OK) {
        ldpc_code_destroy(*out);
        *out = NULL;
    }
    return st;
}

int ldpc_code_create_nr(ldpc_code **out, const char *name)
{
    if (!out || !name)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_create_nr: NULL argument");
    *out = NULL;
    if (strncmp(name, "nr:", 3) != 0)
        return ldpc_error(LDPC_ERR_UNKNOWN_CODE, "'%s' is not a 5G NR code name", name);
    const char *rest = name + 3;
    if (strncmp(rest, "bg", 2) == 0)
        return create_mother(out, name, rest);
    return create_rate_matched(out, name, rest);
}

int ldpc_code_nr_params(const ldpc_code *code, ldpc_nr_code_params *out)
{
    if (!code || !out)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_nr_params: NULL argument");
    if (code->family != LDPC_FAMILY_NR || code->nr.cb.bg == 0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "code %s is not a 5G NR code", code->name);
    *out = code->nr;
    return LDPC_OK;
}

int ldpc_code_link_bits(const ldpc_code *code, int *info_bits, int *channel_bits)
{
    if (!code)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_link_bits: NULL code");
    const int nr = code->family == LDPC_FAMILY_NR && code->nr.e > 0;
    if (info_bits)
        *info_bits = nr ? code->nr.cb.k_prime : code->k;
    if (channel_bits)
        *channel_bits = nr ? code->nr.e : code->n;
    return LDPC_OK;
}

/* Whether the values j0..j1-1 of a frame hold one the decoders read as not 0. Most frames
 * hold none there (a receiver's recovered frame has 0 where nothing was sent), so the run is
 * first OR-ed as raw bits, a loop the compiler vectorises (float: the sign left out, since -0
 * is 0); only a run with a bit set is read value by value (NaN reads as 0). */
static int run_holds_value(const void *frame, int j0, int j1, int i8)
{
    const size_t size = i8 ? 1 : sizeof(float);
    const unsigned char *p = (const unsigned char *)frame + (size_t)j0 * size,
                        *end = (const unsigned char *)frame + (size_t)j1 * size;
    /* float: the sign bits left out (-0 is 0); 8 bytes at a time, then the rest */
    const uint64_t mask = i8 ? ~(uint64_t)0 : 0x7fffffff7fffffffull;
    uint64_t any = 0;
    for (; p + 8 <= end; p += 8) {
        uint64_t w;
        memcpy(&w, p, sizeof w);
        any |= w & mask;
    }
    for (; p < end; p += size) {
        uint32_t w = 0;
        memcpy(&w, p, size);
        any |= w & (uint32_t)mask;
    }
    if (!any || i8)
        return any != 0;
    const float *v = (const float *)frame;
    for (int j = j0; j < j1; j++)
        if (ldpc_llr_clean(v[j]) != 0.0f)
            return 1;
    return 0;
}

int ldpc_nr_frame_reaches_left_out(const ldpc_code *c, const void *frame, int i8)
{
    for (int i = 0; i < c->nfill_runs; i++) {
        const int j0 = c->fill_runs[2 * i];
        if (run_holds_value(frame, j0, j0 + c->fill_runs[2 * i + 1], i8))
            return 1;
    }
    return 0;
}

static int bit_at(const uint8_t *bits, int packed, int j)
{
    return packed ? (bits[j >> 3] >> (7 - (j & 7))) & 1 : bits[j] & 1;
}

void ldpc_nr_fill_left_out(const ldpc_code *c, uint8_t *bits, int packed)
{
    for (int i = 0; i < c->nfill; i++) {
        const int r = c->fill_row[i], j = c->fill_col[i];
        int bit = 0;
        for (int e = c->row_ptr[r]; e < c->row_ptr[r + 1]; e++)
            if (c->col_idx[e] != j)
                bit ^= bit_at(bits, packed, c->col_idx[e]);
        if (!packed)
            bits[j] = (uint8_t)bit;
        else
            bits[j >> 3] = (uint8_t)((bits[j >> 3] & ~(1u << (7 - (j & 7)))) | ((unsigned)bit << (7 - (j & 7))));
    }
}
