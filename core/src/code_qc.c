/* WiMAX (IEEE 802.16e) and WiFi (IEEE 802.11n) quasi-cyclic LDPC codes: name parsing,
 * lifting of the base matrices of qc_tables.c to H, and the list of built-in names.
 *
 * Names (already lower-cased by ldpc_code_create):
 *   wimax:N:R   N = 576..2304 in steps of 96 (z = N/24 = 24..96 step 4),
 *               R = 1/2 2/3a 2/3b 3/4a 3/4b 5/6 (plus the variant 5/6-50, alias 5/6-68)
 *   wifi:N:R    N = 648, 1296, 1944 (z = 27, 54, 81), R = 1/2 2/3 3/4 5/6
 * The code keeps the canonical spelling, e.g. "wimax:2304:2/3A".
 */
#include <stdlib.h>
#include <string.h>
#include "code_internal.h"
#include "error.h"

#define WIMAX_Z0 96
#define WIMAX_N_MIN 576
#define WIMAX_N_MAX 2304
#define WIMAX_N_STEP 96

static const char *const wimax_rates_text = "1/2 2/3A 2/3B 3/4A 3/4B 5/6 (variant 5/6-50)";
static const char *const wifi_rates_text = "1/2 2/3 3/4 5/6";

/* ---- the list of built-in names ---- */

#define WIMAX_NAMES(n)                                                                         \
    "wimax:" #n ":1/2", "wimax:" #n ":2/3A", "wimax:" #n ":2/3B", "wimax:" #n ":3/4A",           \
        "wimax:" #n ":3/4B", "wimax:" #n ":5/6"
#define WIFI_NAMES(n) "wifi:" #n ":1/2", "wifi:" #n ":2/3", "wifi:" #n ":3/4", "wifi:" #n ":5/6"

static const char *const qc_names[] = {
    WIMAX_NAMES(576),  WIMAX_NAMES(672),  WIMAX_NAMES(768),  WIMAX_NAMES(864),
    WIMAX_NAMES(960),  WIMAX_NAMES(1056), WIMAX_NAMES(1152), WIMAX_NAMES(1248),
    WIMAX_NAMES(1344), WIMAX_NAMES(1440), WIMAX_NAMES(1536), WIMAX_NAMES(1632),
    WIMAX_NAMES(1728), WIMAX_NAMES(1824), WIMAX_NAMES(1920), WIMAX_NAMES(2016),
    WIMAX_NAMES(2112), WIMAX_NAMES(2208), WIMAX_NAMES(2304), WIFI_NAMES(648),
    WIFI_NAMES(1296),  WIFI_NAMES(1944),
};

int ldpc_qc_list_count(void) { return (int)(sizeof qc_names / sizeof qc_names[0]); }

const char *ldpc_qc_list_name(int i)
{
    return (i >= 0 && i < ldpc_qc_list_count()) ? qc_names[i] : NULL;
}

/* ---- name parsing ---- */

static int ascii_lower(int ch) { return (ch >= 'A' && ch <= 'Z') ? ch - 'A' + 'a' : ch; }

static int same_text_nocase(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (ascii_lower((unsigned char)*a) != ascii_lower((unsigned char)*b))
            return 0;
    return *a == *b;
}

/* The table for (family, n, rate text) or NULL. WiMAX tables serve every n. */
static const ldpc_qc_table *find_table(ldpc_family family, int n, const char *rate)
{
    if (family == LDPC_FAMILY_WIMAX && same_text_nocase(rate, "5/6-68"))
        rate = "5/6"; /* explicit spelling of the canonical rate-5/6 table */
    for (int t = 0; t < ldpc_qc_table_count; t++) {
        const ldpc_qc_table *tab = &ldpc_qc_tables[t];
        if (tab->family == family && (tab->n == 0 || tab->n == n) &&
            same_text_nocase(tab->rate, rate))
            return tab;
    }
    return NULL;
}

/* Parse the decimal length between "family:" and ":rate"; -1 if it is not a plain number. */
static int parse_length(const char *s, const char **rest)
{
    long v = 0;
    const char *p = s;
    while (*p >= '0' && *p <= '9' && v <= LDPC_MAX_N)
        v = v * 10 + (*p++ - '0');
    if (p == s || *p != ':' || v > LDPC_MAX_N)
        return -1;
    *rest = p + 1;
    return (int)v;
}

/* Shift for lifting size z from the printed shift p (p >= 0). */
static int scaled_shift(const ldpc_qc_table *tab, int p, int z)
{
    if (tab->shift_mod_rule)
        return p % z;
    return (int)(((long)p * z) / tab->z_max);
}

/* Scale the printed shifts to z into c->base, expand, and set the information prefix. */
static int build_code(ldpc_code *c, const ldpc_qc_table *tab, int z)
{
    const int rows = tab->rows, cols = tab->cols;
    c->base = malloc((size_t)rows * cols * sizeof *c->base);
    if (!c->base)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "code %s: out of memory", c->name);
    for (int i = 0; i < rows * cols; i++) {
        int p = tab->shifts[i];
        c->base[i] = (int16_t)(p < 0 ? -1 : scaled_shift(tab, p, z));
    }
    int st = ldpc_code_expand_qc(c, rows, cols, z);
    if (st != LDPC_OK)
        return st;
    /* The parity part is the last `rows` block columns; the standards' tables have full
     * rank, so k = n - m and the information bits are the first k columns. */
    return ldpc_code_set_info_prefix(c, c->n - c->m);
}

int ldpc_code_expand_qc(ldpc_code *c, int rows, int cols, int z)
{
    c->z = z;
    c->base_rows = rows;
    c->base_cols = cols;
    int blocks = 0;
    for (int i = 0; i < rows * cols; i++)
        blocks += c->base[i] >= 0;
    const int m = rows * z, n = cols * z;
    int *row_ptr = malloc((size_t)(m + 1) * sizeof(int));
    int *col_idx = malloc((size_t)blocks * z * sizeof(int));
    if (!row_ptr || !col_idx) {
        free(row_ptr);
        free(col_idx);
        return ldpc_error(LDPC_ERR_NO_MEMORY, "code %s: out of memory", c->name);
    }
    /* Block (r, b) with shift s puts a one at H[r*z + i][b*z + (i + s) mod z]. */
    int e = 0;
    for (int r = 0; r < rows; r++)
        for (int i = 0; i < z; i++) {
            row_ptr[r * z + i] = e;
            for (int b = 0; b < cols; b++) {
                int s = c->base[r * cols + b];
                if (s >= 0)
                    col_idx[e++] = b * z + (i + s) % z;
            }
        }
    row_ptr[m] = e;
    int st = ldpc_code_set_rows(c, n, m, row_ptr, col_idx);
    free(row_ptr);
    free(col_idx);
    return st;
}

int ldpc_code_create_qc(ldpc_code **out, const char *name)
{
    if (!out || !name)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_create_qc: NULL argument");
    *out = NULL;

    ldpc_family family;
    const char *rest;
    if (strncmp(name, "wimax:", 6) == 0) {
        family = LDPC_FAMILY_WIMAX;
        rest = name + 6;
    } else if (strncmp(name, "wifi:", 5) == 0) {
        family = LDPC_FAMILY_WIFI;
        rest = name + 5;
    } else {
        return ldpc_error(LDPC_ERR_UNKNOWN_CODE, "'%s' is not a WiMAX or WiFi code name", name);
    }
    const char *fam_text = family == LDPC_FAMILY_WIMAX ? "WiMAX (802.16e)" : "WiFi (802.11n)";
    const char *rates_text = family == LDPC_FAMILY_WIMAX ? wimax_rates_text : wifi_rates_text;
    const char *sizes_text = family == LDPC_FAMILY_WIMAX ? "576..2304 in steps of 96"
                                                         : "648, 1296 or 1944";

    /* A wimax:/wifi: name that names none of our codes: say which sizes and rates exist. */
    const char *rate;
    int n = parse_length(rest, &rate);
    if (n < 0)
        return ldpc_error(LDPC_ERR_UNKNOWN_CODE,
                          "code '%s': expected %.*s:N:RATE with N = %s and RATE one of %s", name,
                          (int)(rest - name - 1), name, sizes_text, rates_text);

    int z;
    if (family == LDPC_FAMILY_WIMAX) {
        if (n < WIMAX_N_MIN || n > WIMAX_N_MAX || n % WIMAX_N_STEP != 0)
            return ldpc_error(LDPC_ERR_UNKNOWN_CODE,
                              "code '%s': %s has no length n=%d; n must be %s", name, fam_text, n,
                              sizes_text);
        z = n / 24;
    } else {
        if (n != 648 && n != 1296 && n != 1944)
            return ldpc_error(LDPC_ERR_UNKNOWN_CODE,
                              "code '%s': %s has no length n=%d; n must be %s", name, fam_text, n,
                              sizes_text);
        z = n / 24;
    }

    const ldpc_qc_table *tab = find_table(family, n, rate);
    if (!tab)
        return ldpc_error(LDPC_ERR_UNKNOWN_CODE,
                          "code '%s': %s has no rate '%s'; rates are %s", name, fam_text, rate,
                          rates_text);
    if (tab->cols * z != n)
        return ldpc_error(LDPC_ERR_UNKNOWN_CODE, "code '%s': table for n=%d does not fit",
                          name, n);

    char canonical[LDPC_NAME_MAX];
    snprintf(canonical, sizeof canonical, "%s:%d:%s",
             family == LDPC_FAMILY_WIMAX ? "wimax" : "wifi", n, tab->rate);
    ldpc_code *c = ldpc_code_alloc(family, canonical);
    if (!c)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "code %s: out of memory", canonical);
    int st = build_code(c, tab, z);
    if (st != LDPC_OK) {
        ldpc_code_destroy(c);
        return st;
    }
    *out = c;
    return LDPC_OK;
}
