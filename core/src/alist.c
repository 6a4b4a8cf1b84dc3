/* MacKay alist reading and writing (https://www.inference.org.uk/mackay/codes/alist.html).
 *
 * Layout, read as one stream of whitespace-separated integers (so line breaks, trailing spaces,
 * CRLF and tabs do not matter):
 *     N M                      columns (code bits), rows (checks)
 *     max_col_deg max_row_deg
 *     N column degrees
 *     M row degrees
 *     per column: its 1-based row indices, then zeros up to max_col_deg
 *     per row:    its 1-based column indices, then zeros up to max_row_deg
 *
 * Choices for files in the wild, all checked before anything is built:
 *   - The padding zeros may be present or absent, list by list: after a list's d entries up to
 *     (max - d) zeros are skipped. A zero among the d entries themselves is an error.
 *   - A declared maximum degree may exceed the largest actual degree (it only bounds padding),
 *     but no degree may exceed its declared maximum, and a maximum may not exceed M (columns)
 *     or N (rows).
 *   - The row lists may be omitted entirely (the text ends after the column lists): H is then
 *     taken from the column lists, whose per-row counts must still equal the row degrees.
 *     When present, every row list must hold exactly the entries the column lists imply.
 *   - A row of degree 0 (a check on no bits) is an error; a column of degree 0 is allowed.
 *   - M >= N is refused (codes need fewer checks than bits), as is anything after the row lists.
 * Sizes are checked against LDPC_MAX_N / LDPC_MAX_EDGES and against the count of numbers the
 * text actually holds before anything proportional to them is allocated, so a short text that
 * declares a huge code costs nothing.
 *
 * The writer emits 1-based ascending lists padded with zeros to the maximum degree, one list per
 * line, so a written file reads back to the identical H.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "code_internal.h"
#include "error.h"

/* Numbers are saturated at this magnitude while parsing: far above any valid value. */
#define ALIST_NUMBER_CLAMP 1000000000000000LL
/* Files larger than this are refused (a maximal code's alist is well below it). */
#define ALIST_MAX_FILE_BYTES ((size_t)1 << 31)

typedef struct alist_reader {
    const char *text;
    size_t len;
    size_t pos;
    int line;          /* 1-based line of pos */
    const char *src;   /* file path or "<memory>", for messages */
} alist_reader;

static int is_space(unsigned char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f';
}

/* Skip whitespace; returns 1 when a token follows, 0 at the end of the text. */
static int skip_space(alist_reader *rd)
{
    while (rd->pos < rd->len && is_space((unsigned char)rd->text[rd->pos])) {
        if (rd->text[rd->pos] == '\n')
            rd->line++;
        rd->pos++;
    }
    return rd->pos < rd->len;
}

static size_t count_tokens(const char *text, size_t len)
{
    size_t count = 0;
    int in_token = 0;
    for (size_t i = 0; i < len; i++) {
        int space = is_space((unsigned char)text[i]);
        if (!space && !in_token)
            count++;
        in_token = !space;
    }
    return count;
}

/* Copy a token for a message: at most 24 characters, non-printable bytes shown as '?'. */
static void token_excerpt(const char *tok, size_t len, char *buf, size_t size)
{
    size_t n = 0;
    for (; n < len && n < 24 && n + 4 < size; n++) {
        unsigned char ch = (unsigned char)tok[n];
        buf[n] = (ch >= 0x20 && ch < 0x7f) ? (char)ch : '?';
    }
    if (n < len && n + 4 <= size) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n] = '\0';
}

typedef enum { TOKEN_NUMBER, TOKEN_END, TOKEN_NOT_INTEGER } token_kind;

/* Read the next token. A number is an optional sign and decimal digits; its value saturates at
 * +-ALIST_NUMBER_CLAMP. tok/tok_len receive the token's text either way. */
static token_kind next_token(alist_reader *rd, long long *value, const char **tok, size_t *tok_len)
{
    if (!skip_space(rd))
        return TOKEN_END;
    size_t start = rd->pos;
    while (rd->pos < rd->len && !is_space((unsigned char)rd->text[rd->pos]))
        rd->pos++;
    *tok = rd->text + start;
    *tok_len = rd->pos - start;
    const char *s = *tok;
    size_t i = 0, n = *tok_len;
    int negative = 0;
    if (s[0] == '-' || s[0] == '+') {
        negative = s[0] == '-';
        i = 1;
    }
    if (i == n)
        return TOKEN_NOT_INTEGER;
    long long v = 0;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return TOKEN_NOT_INTEGER;
        if (v < ALIST_NUMBER_CLAMP)
            v = v * 10 + (s[i] - '0');
    }
    if (v > ALIST_NUMBER_CLAMP)
        v = ALIST_NUMBER_CLAMP;
    *value = negative ? -v : v;
    return TOKEN_NUMBER;
}

/* Read one integer in lo..hi. what (printf format) says which number it is, for the message. */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static int read_int(alist_reader *rd, long long lo, long long hi, long long *out,
                    const char *what, ...)
{
    long long v = 0;
    const char *tok = NULL;
    size_t tok_len = 0;
    token_kind kind = next_token(rd, &v, &tok, &tok_len);
    if (kind == TOKEN_NUMBER && v >= lo && v <= hi) {
        *out = v;
        return LDPC_OK;
    }
    char ctx[160], text[32];
    va_list ap;
    va_start(ap, what);
    vsnprintf(ctx, sizeof ctx, what, ap);
    va_end(ap);
    if (kind == TOKEN_END)
        return ldpc_error(LDPC_ERR_PARSE, "alist %s: truncated: the text ends (line %d) before %s",
                          rd->src, rd->line, ctx);
    token_excerpt(tok, tok_len, text, sizeof text);
    if (kind == TOKEN_NOT_INTEGER)
        return ldpc_error(LDPC_ERR_PARSE, "alist %s line %d: %s: '%s' is not an integer",
                          rd->src, rd->line, ctx, text);
    return ldpc_error(LDPC_ERR_PARSE, "alist %s line %d: %s: %s is outside %lld..%lld", rd->src,
                      rd->line, ctx, text, lo, hi);
}

/* Skip up to max_zeros padding zeros (a padded list) or none (an unpadded one). */
static void skip_padding(alist_reader *rd, int max_zeros)
{
    for (int i = 0; i < max_zeros; i++) {
        alist_reader save = *rd;
        long long v = 0;
        const char *tok;
        size_t tok_len;
        if (next_token(rd, &v, &tok, &tok_len) != TOKEN_NUMBER || v != 0) {
            *rd = save;
            return;
        }
    }
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Everything the parser allocates, freed in one place. */
typedef struct alist_parse {
    int *col_deg, *row_deg;
    int *col_rows;   /* column lists, concatenated: E row indices (0-based) */
    int *row_ptr;    /* M+1, from the row degrees */
    int *col_idx;    /* E: H by rows, built from the column lists */
    int *fill;       /* M: fill cursor per row */
    int *mark;       /* max(N, M): duplicate detection stamps */
    int *row_list;   /* max_row_deg: one row list as read */
} alist_parse;

static void alist_parse_free(alist_parse *p)
{
    free(p->col_deg);
    free(p->row_deg);
    free(p->col_rows);
    free(p->row_ptr);
    free(p->col_idx);
    free(p->fill);
    free(p->mark);
    free(p->row_list);
}

/* Parse the whole text into p->row_ptr / p->col_idx (H by rows, ascending within a row). */
static int parse_alist(alist_reader *rd, alist_parse *p, int *n_out, int *m_out)
{
    const size_t tokens = count_tokens(rd->text + rd->pos, rd->len - rd->pos);
    long long N, M, max_col, max_row;
    int st;

    if ((st = read_int(rd, LLONG_MIN, LLONG_MAX, &N, "N (the number of columns, line 1)")))
        return st;
    if ((st = read_int(rd, LLONG_MIN, LLONG_MAX, &M, "M (the number of rows, line 1)")))
        return st;
    if (N <= 0 || M <= 0)
        return ldpc_error(LDPC_ERR_PARSE,
                          "alist %s: line 1 declares %lld columns and %lld rows; both must be "
                          "positive",
                          rd->src, N, M);
    if (N > LDPC_MAX_N || M > LDPC_MAX_N)
        return ldpc_error(LDPC_ERR_TOO_LARGE,
                          "alist %s: %lld columns x %lld rows is beyond the limit of %d columns",
                          rd->src, N, M, LDPC_MAX_N);
    if (M >= N)
        return ldpc_error(LDPC_ERR_PARSE,
                          "alist %s: %lld rows (checks) for %lld columns (bits): a code needs "
                          "fewer checks than bits",
                          rd->src, M, N);
    if ((st = read_int(rd, 0, M, &max_col, "the maximum column degree (line 2), at most M=%lld",
                       M)))
        return st;
    if ((st = read_int(rd, 1, N, &max_row, "the maximum row degree (line 2), at most N=%lld", N)))
        return st;
    /* the four header numbers were read; N + M degrees must follow */
    if ((unsigned long long)N + (unsigned long long)M > tokens - 4)
        return ldpc_error(LDPC_ERR_PARSE,
                          "alist %s: truncated: it declares %lld columns and %lld rows but holds "
                          "only %zu numbers after the header",
                          rd->src, N, M, tokens - 4);
    const int n = (int)N, m = (int)M;
    p->col_deg = malloc((size_t)n * sizeof(int));
    p->row_deg = malloc((size_t)m * sizeof(int));
    if (!p->col_deg || !p->row_deg)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "alist %s: out of memory", rd->src);

    long long col_sum = 0, row_sum = 0, v;
    for (int j = 0; j < n; j++) {
        if ((st = read_int(rd, 0, max_col, &v,
                           "the degree of column %d (at most the declared maximum %lld)", j + 1,
                           max_col)))
            return st;
        p->col_deg[j] = (int)v;
        col_sum += v;
    }
    for (int i = 0; i < m; i++) {
        if ((st = read_int(rd, 0, max_row, &v,
                           "the degree of row %d (at most the declared maximum %lld)", i + 1,
                           max_row)))
            return st;
        if (v == 0)
            return ldpc_error(LDPC_ERR_PARSE,
                              "alist %s line %d: row %d has degree 0 (a parity check on no bits)",
                              rd->src, rd->line, i + 1);
        p->row_deg[i] = (int)v;
        row_sum += v;
    }
    if (col_sum != row_sum)
        return ldpc_error(LDPC_ERR_PARSE,
                          "alist %s: the column degrees add up to %lld ones but the row degrees "
                          "to %lld",
                          rd->src, col_sum, row_sum);
    if (col_sum > LDPC_MAX_EDGES)
        return ldpc_error(LDPC_ERR_TOO_LARGE, "alist %s: %lld ones exceed the limit of %d",
                          rd->src, col_sum, LDPC_MAX_EDGES);
    const size_t remaining = tokens - 4 - (size_t)n - (size_t)m;
    if ((size_t)col_sum > remaining)
        return ldpc_error(LDPC_ERR_PARSE,
                          "alist %s: truncated: the column lists need %lld numbers but only %zu "
                          "follow the degrees",
                          rd->src, col_sum, remaining);
    const int E = (int)col_sum;
    p->col_rows = malloc((size_t)(E ? E : 1) * sizeof(int));
    p->row_ptr = malloc((size_t)(m + 1) * sizeof(int));
    p->col_idx = malloc((size_t)(E ? E : 1) * sizeof(int));
    p->fill = malloc((size_t)m * sizeof(int));
    p->mark = calloc((size_t)n, sizeof(int)); /* n > m */
    p->row_list = malloc((size_t)max_row * sizeof(int));
    if (!p->col_rows || !p->row_ptr || !p->col_idx || !p->fill || !p->mark || !p->row_list)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "alist %s: out of memory for %d ones", rd->src, E);

    /* column lists; mark[r] == j+1 while column j is read */
    memset(p->fill, 0, (size_t)m * sizeof(int));
    int e = 0;
    for (int j = 0; j < n; j++) {
        for (int t = 0; t < p->col_deg[j]; t++) {
            if ((st = read_int(rd, 1, m, &v, "entry %d of column %d's row list (rows 1..%d)",
                               t + 1, j + 1, m)))
                return st;
            int r = (int)v - 1;
            if (p->mark[r] == j + 1)
                return ldpc_error(LDPC_ERR_PARSE, "alist %s line %d: column %d lists row %d twice",
                                  rd->src, rd->line, j + 1, r + 1);
            p->mark[r] = j + 1;
            p->col_rows[e++] = r;
            p->fill[r]++;
        }
        skip_padding(rd, (int)max_col - p->col_deg[j]);
    }
    p->row_ptr[0] = 0;
    for (int i = 0; i < m; i++) {
        if (p->fill[i] != p->row_deg[i])
            return ldpc_error(LDPC_ERR_PARSE,
                              "alist %s: row %d has degree %d in the row degrees but the column "
                              "lists put %d ones in it",
                              rd->src, i + 1, p->row_deg[i], p->fill[i]);
        p->row_ptr[i + 1] = p->row_ptr[i] + p->row_deg[i];
        p->fill[i] = p->row_ptr[i];
    }
    /* columns are visited in ascending order, so each row comes out ascending */
    e = 0;
    for (int j = 0; j < n; j++)
        for (int t = 0; t < p->col_deg[j]; t++) {
            int r = p->col_rows[e++];
            p->col_idx[p->fill[r]++] = j;
        }

    /* row lists: optional as a whole; when present each must equal the row built above */
    if (skip_space(rd)) {
        memset(p->mark, 0, (size_t)n * sizeof(int));
        for (int i = 0; i < m; i++) {
            const int d = p->row_deg[i];
            int sorted = 1;
            for (int t = 0; t < d; t++) {
                if ((st = read_int(rd, 1, n, &v, "entry %d of row %d's column list (columns 1..%d)",
                                   t + 1, i + 1, n)))
                    return st;
                int j = (int)v - 1;
                if (p->mark[j] == i + 1)
                    return ldpc_error(LDPC_ERR_PARSE,
                                      "alist %s line %d: row %d lists column %d twice", rd->src,
                                      rd->line, i + 1, j + 1);
                p->mark[j] = i + 1;
                if (t > 0 && j < p->row_list[t - 1])
                    sorted = 0;
                p->row_list[t] = j;
            }
            if (!sorted)
                qsort(p->row_list, (size_t)d, sizeof(int), cmp_int);
            const int *expect = p->col_idx + p->row_ptr[i];
            for (int t = 0; t < d; t++) {
                if (p->row_list[t] == expect[t])
                    continue;
                /* lists sorted and equal up to t: the smaller value is missing from the other */
                if (p->row_list[t] < expect[t])
                    return ldpc_error(LDPC_ERR_PARSE,
                                      "alist %s line %d: row %d lists column %d, but column %d's "
                                      "list does not contain row %d",
                                      rd->src, rd->line, i + 1, p->row_list[t] + 1,
                                      p->row_list[t] + 1, i + 1);
                return ldpc_error(LDPC_ERR_PARSE,
                                  "alist %s line %d: column %d lists row %d, but row %d's list "
                                  "does not contain column %d",
                                  rd->src, rd->line, expect[t] + 1, i + 1, i + 1, expect[t] + 1);
            }
            skip_padding(rd, (int)max_row - d);
        }
        if (skip_space(rd)) {
            long long dummy;
            const char *tok;
            size_t tok_len;
            char text[32];
            next_token(rd, &dummy, &tok, &tok_len);
            token_excerpt(tok, tok_len, text, sizeof text);
            return ldpc_error(LDPC_ERR_PARSE,
                              "alist %s line %d: unexpected '%s' after the last row list",
                              rd->src, rd->line, text);
        }
    }
    *n_out = n;
    *m_out = m;
    return LDPC_OK;
}

static int code_from_alist_text(ldpc_code **out, const char *text, size_t len, const char *src)
{
    alist_reader rd = {text, len, 0, 1, src};
    /* a UTF-8 byte order mark some editors add */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        rd.pos = 3;
    alist_parse p;
    memset(&p, 0, sizeof p);
    int n = 0, m = 0;
    int st = parse_alist(&rd, &p, &n, &m);
    if (st != LDPC_OK) {
        alist_parse_free(&p);
        return st;
    }
    char name[LDPC_NAME_MAX];
    snprintf(name, sizeof name, "alist:%s", src);
    ldpc_code *c = ldpc_code_alloc(LDPC_FAMILY_ALIST, name);
    if (!c) {
        alist_parse_free(&p);
        return ldpc_error(LDPC_ERR_NO_MEMORY, "alist %s: out of memory", src);
    }
    st = ldpc_code_set_rows(c, n, m, p.row_ptr, p.col_idx);
    alist_parse_free(&p);
    if (st == LDPC_OK)
        st = ldpc_code_set_info_by_elimination(c);
    if (st != LDPC_OK) {
        ldpc_code_destroy(c);
        return st;
    }
    *out = c;
    return LDPC_OK;
}

int ldpc_code_from_alist_string(ldpc_code **out, const char *text, size_t len)
{
    if (!out)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_from_alist_string: NULL out");
    *out = NULL;
    if (!text && len > 0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_from_alist_string: NULL text");
    return code_from_alist_text(out, text ? text : "", len, "<memory>");
}

/* Read a whole file into memory (bounded by ALIST_MAX_FILE_BYTES). */
static int read_file(const char *path, char **data, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return ldpc_error(LDPC_ERR_IO, "cannot open alist file '%s': %s", path, strerror(errno));
    size_t cap = 1 << 16, used = 0;
    char *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        return ldpc_error(LDPC_ERR_NO_MEMORY, "alist %s: out of memory", path);
    }
    for (;;) {
        if (used == cap) {
            if (cap >= ALIST_MAX_FILE_BYTES) {
                free(buf);
                fclose(f);
                return ldpc_error(LDPC_ERR_TOO_LARGE, "alist file '%s' is larger than %zu bytes",
                                  path, ALIST_MAX_FILE_BYTES);
            }
            char *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                fclose(f);
                return ldpc_error(LDPC_ERR_NO_MEMORY, "alist %s: out of memory", path);
            }
            buf = bigger;
            cap *= 2;
        }
        size_t got = fread(buf + used, 1, cap - used, f);
        used += got;
        if (got == 0)
            break;
    }
    int failed = ferror(f);
    int err = errno;
    fclose(f);
    if (failed) {
        free(buf);
        return ldpc_error(LDPC_ERR_IO, "cannot read alist file '%s': %s", path, strerror(err));
    }
    *data = buf;
    *len = used;
    return LDPC_OK;
}

int ldpc_code_from_alist_file(ldpc_code **out, const char *path)
{
    if (!out || !path)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_from_alist_file: NULL argument");
    *out = NULL;
    char *data = NULL;
    size_t len = 0;
    int st = read_file(path, &data, &len);
    if (st != LDPC_OK)
        return st;
    st = code_from_alist_text(out, data, len, path);
    free(data);
    return st;
}

/* ---- writer ---- */

/* One list of 1-based indices padded with zeros to width, on one line. */
static void write_list(FILE *f, const int *idx, int count, int width)
{
    for (int t = 0; t < width; t++) {
        if (t)
            fputc(' ', f);
        fprintf(f, "%d", t < count ? idx[t] + 1 : 0);
    }
    fputc('\n', f);
}

int ldpc_code_write_alist(const ldpc_code *c, FILE *f)
{
    if (!c || !f)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_write_alist: NULL argument");
    fprintf(f, "%d %d\n%d %d\n", c->n, c->m, c->max_col_degree, c->max_row_degree);
    for (int j = 0; j < c->n; j++)
        fprintf(f, j ? " %d" : "%d", c->col_ptr[j + 1] - c->col_ptr[j]);
    fputc('\n', f);
    for (int i = 0; i < c->m; i++)
        fprintf(f, i ? " %d" : "%d", c->row_ptr[i + 1] - c->row_ptr[i]);
    fputc('\n', f);
    /* the stored row and column lists are ascending already */
    for (int j = 0; j < c->n; j++)
        write_list(f, c->row_idx + c->col_ptr[j], c->col_ptr[j + 1] - c->col_ptr[j],
                   c->max_col_degree);
    for (int i = 0; i < c->m; i++)
        write_list(f, c->col_idx + c->row_ptr[i], c->row_ptr[i + 1] - c->row_ptr[i],
                   c->max_row_degree);
    if (ferror(f))
        return ldpc_error(LDPC_ERR_IO, "writing the alist of code %s failed", c->name);
    return LDPC_OK;
}

int ldpc_code_write_alist_file(const ldpc_code *c, const char *path)
{
    if (!c || !path)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_code_write_alist_file: NULL argument");
    FILE *f = fopen(path, "w");
    if (!f)
        return ldpc_error(LDPC_ERR_IO, "cannot create alist file '%s': %s", path,
                          strerror(errno));
    int st = ldpc_code_write_alist(c, f);
    if (fclose(f) != 0 && st == LDPC_OK)
        st = ldpc_error(LDPC_ERR_IO, "cannot write alist file '%s': %s", path, strerror(errno));
    return st;
}
