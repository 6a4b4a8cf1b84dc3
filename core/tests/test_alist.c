/* Alist reading and writing: a hand-written Hamming(7,4) checked entry by entry in several
 * layouts; every alist of ../shared/codes and of GNU Radio's fec/ldpc folder loads with the
 * sizes, degrees and entries the file states (compared with a second, deliberately simple reader
 * here) and k = n - rank; write -> read gives the identical H; malformed inputs give the right
 * error with a message naming the place. */
#include <dirent.h>
#include <string.h>
#include <unistd.h>
#include "test_util.h"

/* ---- helpers ---- */

static int same_h(const ldpc_code *a, const ldpc_code *b)
{
    if (ldpc_code_n(a) != ldpc_code_n(b) || ldpc_code_m(a) != ldpc_code_m(b))
        return 0;
    const int *rpa, *cia, *rpb, *cib;
    ldpc_code_rows(a, &rpa, &cia);
    ldpc_code_rows(b, &rpb, &cib);
    int m = ldpc_code_m(a);
    if (memcmp(rpa, rpb, (size_t)(m + 1) * sizeof(int)) != 0)
        return 0;
    return memcmp(cia, cib, (size_t)rpa[m] * sizeof(int)) == 0;
}

/* Write a code's alist into a malloc'd string. */
static char *alist_text(const ldpc_code *c, size_t *len)
{
    FILE *f = tmpfile();
    REQUIRE(f != NULL);
    REQUIRE_OK(ldpc_code_write_alist(c, f));
    long size = ftell(f);
    REQUIRE(size > 0);
    rewind(f);
    char *buf = malloc((size_t)size + 1);
    REQUIRE(buf != NULL);
    REQUIRE(fread(buf, 1, (size_t)size, f) == (size_t)size);
    buf[size] = '\0';
    fclose(f);
    *len = (size_t)size;
    return buf;
}

/* write -> read gives the same H; writing the re-read code gives the same bytes again. */
static void check_round_trip(const ldpc_code *c)
{
    size_t len, len2;
    char *text = alist_text(c, &len);
    ldpc_code *back = NULL;
    int st = ldpc_code_from_alist_string(&back, text, len);
    CHECK_MSG(st == LDPC_OK, "%s: re-reading the written alist: %s", ldpc_code_name(c),
              ldpc_last_error());
    if (back) {
        CHECK_MSG(same_h(c, back), "%s: round trip changed H", ldpc_code_name(c));
        CHECK(ldpc_code_k(back) == ldpc_code_k(c));
        char *text2 = alist_text(back, &len2);
        CHECK(len2 == len && memcmp(text, text2, len) == 0);
        free(text2);
        ldpc_code_destroy(back);
    }
    free(text);
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    char *buf = malloc((size_t)size + 1);
    if (buf && fread(buf, 1, (size_t)size, f) != (size_t)size) {
        free(buf);
        buf = NULL;
    }
    if (buf)
        buf[size] = '\0';
    fclose(f);
    *len = (size_t)size;
    return buf;
}

/* A second reader, kept simple on purpose (strtol, zeros skipped anywhere in the lists): checks
 * the library's n, m, degrees and every column list against the file. */
static void check_against_file(const ldpc_code *c, const char *path)
{
    size_t len;
    char *text = slurp(path, &len);
    REQUIRE(text != NULL);
    char *p = text, *end;
    long v[4];
    for (int i = 0; i < 4; i++) {
        v[i] = strtol(p, &end, 10);
        p = end;
    }
    const long N = v[0], M = v[1];
    CHECK_MSG(ldpc_code_n(c) == N && ldpc_code_m(c) == M, "%s: n=%d m=%d, file says %ld %ld",
              path, ldpc_code_n(c), ldpc_code_m(c), N, M);
    if (ldpc_code_n(c) != N || ldpc_code_m(c) != M) {
        free(text);
        return;
    }
    const int *cp, *ri, *rp, *ci;
    ldpc_code_cols(c, &cp, &ri);
    ldpc_code_rows(c, &rp, &ci);
    long *cdeg = malloc((size_t)N * sizeof(long));
    int bad = 0, max_c = 0, max_r = 0;
    for (long j = 0; j < N; j++) {
        cdeg[j] = strtol(p, &end, 10);
        p = end;
        bad += cdeg[j] != cp[j + 1] - cp[j];
        if (cdeg[j] > max_c)
            max_c = (int)cdeg[j];
    }
    for (long i = 0; i < M; i++) {
        long d = strtol(p, &end, 10);
        p = end;
        bad += d != rp[i + 1] - rp[i];
        if (d > max_r)
            max_r = (int)d;
    }
    CHECK_MSG(bad == 0, "%s: %d degrees differ from the file", path, bad);
    CHECK_MSG(max_c <= v[2] && max_r <= v[3], "%s: degrees above the declared maxima", path);
    ldpc_code_info info;
    ldpc_code_get_info(c, &info);
    CHECK(info.max_col_degree == max_c && info.max_row_degree == max_r);
    /* column lists: the file's order may differ, so compare as sets via a row marker */
    int *mark = calloc((size_t)M, sizeof(int));
    bad = 0;
    for (long j = 0; j < N && !bad; j++) {
        for (int e = cp[j]; e < cp[j + 1]; e++)
            mark[ri[e]] = (int)j + 1;
        for (long t = 0; t < cdeg[j]; t++) {
            long r;
            do {
                r = strtol(p, &end, 10);
                p = end;
            } while (r == 0 && *p);
            if (r < 1 || r > M || mark[r - 1] != j + 1)
                bad = 1;
        }
    }
    CHECK_MSG(!bad, "%s: a column list differs from the file", path);
    free(mark);
    free(cdeg);
    free(text);
}

/* ---- Hamming(7,4) in several layouts ---- */

static const char *hamming_padded =
    "7 3\n3 4\n1 1 2 1 2 2 3\n4 4 4\n"
    "1 0 0\n2 0 0\n1 2 0\n3 0 0\n1 3 0\n2 3 0\n1 2 3\n"
    "1 3 5 7\n2 3 6 7\n4 5 6 7\n";
static const char *hamming_unpadded_crlf =
    "7 3 \r\n3 4 \r\n1 1 2 1 2 2 3 \r\n4 4 4 \r\n"
    "1 \r\n2 \r\n1 2 \r\n3 \r\n1 3 \r\n2 3 \r\n1 2 3 \r\n"
    "1 3 5 7 \r\n2 3 6 7 \r\n4 5 6 7 \r\n";
static const char *hamming_one_line_tabs =
    "\t7\t3 3 4 1 1 2 1 2 2 3 4 4 4 1 0 0 2 1 2 3 0 0 1 3 0 2 3 1 2 3 "
    "7 5 3 1 2 3 6 7 4 5 6 7";                /* mixed padding, row 1 descending, no newline */
static const char *hamming_no_rows =
    "7 3\n3 4\n1 1 2 1 2 2 3\n4 4 4\n1 0 0\n2 0 0\n1 2 0\n3 0 0\n1 3 0\n2 3 0\n1 2 3\n\n  \n";

static void test_hamming(void)
{
    /* H columns are the binary numbers 1..7 (row 1 = least significant bit) */
    const int rp[4] = {0, 4, 8, 12};
    const int ci[12] = {0, 2, 4, 6, 1, 2, 5, 6, 3, 4, 5, 6};
    const char *texts[] = {hamming_padded, hamming_unpadded_crlf, hamming_one_line_tabs,
                           hamming_no_rows};
    ldpc_code *ref = NULL;
    REQUIRE_OK(ldpc_code_from_rows(&ref, "hamming", 7, 3, rp, ci));
    for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
        ldpc_code *c = NULL;
        int st = ldpc_code_from_alist_string(&c, texts[t], strlen(texts[t]));
        CHECK_MSG(st == LDPC_OK, "layout %zu: %s", t, ldpc_last_error());
        if (!c)
            continue;
        CHECK(ldpc_code_n(c) == 7 && ldpc_code_m(c) == 3 && ldpc_code_k(c) == 4);
        CHECK_MSG(same_h(c, ref), "layout %zu: H differs", t);
        CHECK(strcmp(ldpc_code_name(c), "alist:<memory>") == 0);
        ldpc_code_info info;
        REQUIRE_OK(ldpc_code_get_info(c, &info));
        CHECK(info.family == LDPC_FAMILY_ALIST && info.num_edges == 12);
        CHECK(info.max_col_degree == 3 && info.max_row_degree == 4);
        /* information positions: 4 distinct ascending columns whose complement is invertible,
         * i.e. every nonzero pattern on the other 3 columns alone violates a check */
        const int *pos = ldpc_code_info_positions(c);
        int is_info[7] = {0};
        for (int i = 0; i < 4; i++) {
            CHECK(pos[i] >= 0 && pos[i] < 7 && !is_info[pos[i]]);
            if (i)
                CHECK(pos[i] > pos[i - 1]);
            is_info[pos[i]] = 1;
        }
        int pivots[3], np = 0;
        for (int j = 0; j < 7; j++)
            if (!is_info[j])
                pivots[np++] = j;
        REQUIRE(np == 3);
        for (int pattern = 1; pattern < 8; pattern++) {
            uint8_t cw[7] = {0};
            for (int b = 0; b < 3; b++)
                cw[pivots[b]] = (uint8_t)((pattern >> b) & 1);
            CHECK(ldpc_code_syndrome_weight(c, cw) > 0);
        }
        ldpc_code_destroy(c);
    }
    check_round_trip(ref);
    /* the writer's exact text for this code */
    size_t len;
    char *text = alist_text(ref, &len);
    CHECK_MSG(strcmp(text, hamming_padded) == 0, "written:\n%s", text);
    free(text);
    ldpc_code_destroy(ref);
}

/* ---- malformed input: status and a message naming the place ---- */

static void expect_error(const char *text, size_t len, int status, const char *needle)
{
    ldpc_code *c = (ldpc_code *)&c; /* must be reset to NULL */
    int st = ldpc_code_from_alist_string(&c, text, len);
    CHECK_MSG(st == status, "expected %d got %d (%s) for input '%.60s'", status, st,
              ldpc_last_error(), text);
    CHECK(c == NULL);
    if (needle)
        CHECK_MSG(strstr(ldpc_last_error(), needle) != NULL, "message '%s' lacks '%s'",
                  ldpc_last_error(), needle);
}

static void expect_error_str(const char *text, int status, const char *needle)
{
    expect_error(text, strlen(text), status, needle);
}

/* hamming_padded with the first occurrence of `from` (after offset 0) replaced by `to` */
static void expect_error_edit(const char *from, const char *to, int status, const char *needle)
{
    char buf[512];
    const char *at = strstr(hamming_padded, from);
    REQUIRE(at != NULL);
    size_t pre = (size_t)(at - hamming_padded);
    snprintf(buf, sizeof buf, "%.*s%s%s", (int)pre, hamming_padded, to, at + strlen(from));
    expect_error_str(buf, status, needle);
}

static void test_malformed(void)
{
    expect_error("", 0, LDPC_ERR_PARSE, "truncated");
    expect_error(NULL, 0, LDPC_ERR_PARSE, "truncated");
    expect_error_str("   \n\r\n", LDPC_ERR_PARSE, "truncated");
    expect_error_str("7", LDPC_ERR_PARSE, "number of rows");
    expect_error_str("7 3\n3 4\n", LDPC_ERR_PARSE, "truncated");
    expect_error_str("7 3\n3 4\n1 1 2 1 2 2 3\n4 4 4\n1 0 0\n2 0 0\n", LDPC_ERR_PARSE,
                     "column lists need 12 numbers");
    expect_error_str("x 3", LDPC_ERR_PARSE, "not an integer");
    expect_error_str("7 3.0", LDPC_ERR_PARSE, "not an integer");
    expect_error_str("0 3", LDPC_ERR_PARSE, "positive");
    expect_error_str("-7 3", LDPC_ERR_PARSE, "positive");
    expect_error_str("7 -3", LDPC_ERR_PARSE, "positive");
    expect_error_str("3 7 1 1", LDPC_ERR_PARSE, "fewer checks");
    expect_error_str("7 7 1 1", LDPC_ERR_PARSE, "fewer checks");
    expect_error_str("4194305 3\n", LDPC_ERR_TOO_LARGE, "limit");
    expect_error_str("99999999999999999999999999 3\n", LDPC_ERR_TOO_LARGE, "limit");
    /* a huge declared code with no body: refused by counting, nothing big allocated */
    expect_error_str("4194304 4194303\n3 6\n3 3 3\n", LDPC_ERR_PARSE, "truncated");
    expect_error_str("4194304 100\n100 4194304\n", LDPC_ERR_PARSE, "truncated");
    /* header maxima */
    expect_error_edit("3 4\n", "4 4\n", LDPC_ERR_PARSE, "maximum column degree");
    expect_error_edit("3 4\n", "3 8\n", LDPC_ERR_PARSE, "maximum row degree");
    expect_error_edit("3 4\n", "2 4\n", LDPC_ERR_PARSE, "column 7");
    expect_error_edit("3 4\n", "3 3\n", LDPC_ERR_PARSE, "row 1");
    /* degrees */
    expect_error_edit("4 4 4\n", "4 4 0\n", LDPC_ERR_PARSE, "row 3 has degree 0");
    expect_error_edit("4 4 4\n", "4 4 3\n", LDPC_ERR_PARSE, "add up");
    expect_error_edit("1 1 2 1 2 2 3\n", "1 1 2 1 2 2 -3\n", LDPC_ERR_PARSE, "column 7");
    expect_error_edit("1 1 2 1 2 2 3\n", "1 1 2 1 2 2 x\n", LDPC_ERR_PARSE, "column 7");
    expect_error_edit("1 1 2 1 2 2 3\n", "2 1 1 1 2 2 3\n", LDPC_ERR_PARSE, "row");
    /* column lists */
    expect_error_edit("\n3 0 0\n", "\n4 0 0\n", LDPC_ERR_PARSE, "column 4");
    expect_error_edit("\n1 2 0\n", "\n1 1 0\n", LDPC_ERR_PARSE, "column 3 lists row 1 twice");
    expect_error_edit("\n1 2 0\n", "\n0 1 2\n", LDPC_ERR_PARSE, "column 3");
    expect_error_edit("\n1 3 0\n", "\n1 2 0\n", LDPC_ERR_PARSE, "degree");
    /* row lists: out of range, duplicate, inconsistent with the columns, extra data */
    expect_error_edit("2 3 6 7", "2 3 6 8", LDPC_ERR_PARSE, "row 2");
    expect_error_edit("2 3 6 7", "2 3 6 6", LDPC_ERR_PARSE, "row 2 lists column 6 twice");
    expect_error_edit("2 3 6 7", "2 3 5 7", LDPC_ERR_PARSE, "does not contain");
    expect_error_edit("4 5 6 7\n", "4 5 6 7\n0\n", LDPC_ERR_PARSE, "after the last row");
    expect_error_edit("4 5 6 7\n", "4 5 6 7 1\n", LDPC_ERR_PARSE, "after the last row");
    expect_error_edit("4 5 6 7\n", "4 5 6\n", LDPC_ERR_PARSE, "truncated");
    /* too many ones: refused before allocating them */
    {
        const int N = 4194304, M = 17;
        size_t cap = (size_t)N * 3 + 64 + (size_t)M * 9;
        char *big = malloc(cap), *p = big;
        p += sprintf(p, "%d %d\n%d %d\n", N, M, M, N);
        for (int j = 0; j < N; j++) {
            memcpy(p, "17 ", 3);
            p += 3;
        }
        for (int i = 0; i < M; i++)
            p += sprintf(p, "%d ", N);
        expect_error(big, (size_t)(p - big), LDPC_ERR_TOO_LARGE, "ones exceed");
        free(big);
    }
    /* files and arguments */
    ldpc_code *c = NULL;
    CHECK(ldpc_code_from_alist_file(&c, "/nonexistent/x.alist") == LDPC_ERR_IO && c == NULL);
    CHECK(strstr(ldpc_last_error(), "/nonexistent/x.alist") != NULL);
    CHECK(ldpc_code_from_alist_file(&c, "/") == LDPC_ERR_IO && c == NULL);
    CHECK(ldpc_code_from_alist_file(NULL, "x") == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_code_from_alist_file(&c, NULL) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_code_from_alist_string(NULL, "7", 1) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_code_from_alist_string(&c, NULL, 5) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_code_write_alist(NULL, stdout) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_code_write_alist_file(NULL, "x") == LDPC_ERR_INVALID_ARGUMENT);
    /* the text need not be NUL-terminated: only len bytes are read */
    char copy[256];
    size_t hl = strlen(hamming_padded);
    memcpy(copy, hamming_padded, hl);
    memcpy(copy + hl, "999 garbage", 11);
    REQUIRE_OK(ldpc_code_from_alist_string(&c, copy, hl));
    ldpc_code_destroy(c);
}

/* ---- files on disk: write/read through a path and through ldpc_code_create ---- */

static void test_files(void)
{
    ldpc_code *c = NULL, *d = NULL;
    REQUIRE_OK(ldpc_code_from_alist_string(&c, hamming_padded, strlen(hamming_padded)));
    char path[] = "/tmp/test_alist_XXXXXX";
    int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    close(fd);
    REQUIRE_OK(ldpc_code_write_alist_file(c, path));
    char name[600];
    snprintf(name, sizeof name, "alist:%s", path);
    REQUIRE_OK(ldpc_code_create(&d, name));
    CHECK(strcmp(ldpc_code_name(d), name) == 0);
    CHECK(same_h(c, d));
    ldpc_code_destroy(d);
    d = NULL;
    REQUIRE_OK(ldpc_code_from_alist_file(&d, path));
    CHECK(same_h(c, d));
    ldpc_code_destroy(d);
    unlink(path);
    CHECK(ldpc_code_write_alist_file(c, "/nonexistent/dir/x.alist") == LDPC_ERR_IO);
    ldpc_code_destroy(c);
}

/* ---- irregular codes with large degrees, built here ---- */

/* Copy of an alist with every padding zero after the four header lines removed. */
static char *strip_padding(const char *text, size_t len, size_t *out_len)
{
    char *out = malloc(len + 1);
    REQUIRE(out != NULL);
    size_t i = 0, o = 0;
    for (int lines = 0; i < len && lines < 4; i++) {
        out[o++] = text[i];
        lines += text[i] == '\n';
    }
    for (; i < len; i++) {
        int token_start = text[i - 1] == ' ' || text[i - 1] == '\n';
        if (token_start && text[i] == '0' && i + 1 < len && (text[i + 1] == ' ' || text[i + 1] == '\n')) {
            i++; /* drop the zero and its separator */
            continue;
        }
        out[o++] = text[i];
    }
    *out_len = o;
    return out;
}

static void test_irregular(void)
{
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 7);
    const int n = 3000, m = 1000;
    int *rp = malloc((size_t)(m + 1) * sizeof(int));
    int *ci = malloc((size_t)n * 40 * sizeof(int));
    uint8_t *used = malloc((size_t)n);
    REQUIRE(rp && ci && used);
    int e = 0;
    rp[0] = 0;
    for (int r = 0; r < m; r++) {
        if (r <= 1) {
            /* row 0 holds every bit but the last, row 1 every other bit */
            for (int j = 0; j < n - 1; j += r + 1)
                ci[e++] = j;
        } else {
            /* column 1 sits in every other row too (column degree ~1000), plus 2..31 random */
            int d = 2 + (int)(ldpc_rng_next(&rng) % 30);
            memset(used, 0, (size_t)n);
            used[1] = 1;
            ci[e++] = 1;
            for (int t = 0; t < d; t++) {
                int j;
                do
                    j = (int)(ldpc_rng_next(&rng) % (uint64_t)n);
                while (used[j]);
                used[j] = 1;
                ci[e++] = j;
            }
        }
        rp[r + 1] = e;
    }
    ldpc_code *c = NULL;
    REQUIRE_OK(ldpc_code_from_rows(&c, "irregular", n, m, rp, ci));
    ldpc_code_info info;
    REQUIRE_OK(ldpc_code_get_info(c, &info));
    CHECK(info.max_row_degree == n - 1);
    CHECK(info.max_col_degree == m - 1); /* every row but row 1 */
    CHECK(info.k == n - ldpc_code_rank(c));
    check_round_trip(c);
    size_t len, slen;
    char *text = alist_text(c, &len);
    /* the same file without its padding zeros reads the same */
    char *stripped = strip_padding(text, len, &slen);
    CHECK(slen < len);
    ldpc_code *d = NULL;
    int st = ldpc_code_from_alist_string(&d, stripped, slen);
    CHECK_MSG(st == LDPC_OK, "unpadded: %s", ldpc_last_error());
    if (d)
        CHECK(same_h(c, d));
    ldpc_code_destroy(d);
    /* ... and without its row lists */
    size_t cut = 0;
    for (int lines = 0; cut < len && lines < 4 + n; cut++)
        lines += text[cut] == '\n';
    d = NULL;
    st = ldpc_code_from_alist_string(&d, text, cut);
    CHECK_MSG(st == LDPC_OK, "no row lists: %s", ldpc_last_error());
    if (d)
        CHECK(same_h(c, d));
    ldpc_code_destroy(d);
    free(stripped);
    free(text);
    ldpc_code_destroy(c);
    free(rp);
    free(ci);
    free(used);
}

/* ---- every alist on this machine ---- */

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* Load every *.alist in dir (every regular file if any_name); full_rank: the folder's README
 * states rank(H) = M for all. */
static int check_folder(const char *dir, int full_rank, int any_name)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int count = 0;
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, ent->d_name);
        struct stat sb;
        if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
            continue;
        if (!any_name && !ends_with(ent->d_name, ".alist"))
            continue;
        ldpc_code *c = NULL;
        int st = ldpc_code_from_alist_file(&c, path);
        CHECK_MSG(st == LDPC_OK, "%s: %s", path, ldpc_last_error());
        if (!c)
            continue;
        count++;
        char want[1100];
        snprintf(want, sizeof want, "alist:%s", path);
        CHECK(strcmp(ldpc_code_name(c), want) == 0);
        check_against_file(c, path);
        int rank = ldpc_code_rank(c);
        CHECK_MSG(ldpc_code_k(c) == ldpc_code_n(c) - rank, "%s: k=%d n=%d rank=%d", path,
                  ldpc_code_k(c), ldpc_code_n(c), rank);
        if (full_rank)
            CHECK_MSG(rank == ldpc_code_m(c), "%s: rank %d < m %d", path, rank, ldpc_code_m(c));
        /* information positions: k distinct ascending columns */
        const int *pos = ldpc_code_info_positions(c);
        for (int i = 0; i < ldpc_code_k(c); i++)
            if (pos[i] < 0 || pos[i] >= ldpc_code_n(c) || (i && pos[i] <= pos[i - 1])) {
                CHECK_MSG(0, "%s: bad information position %d at %d", path, pos[i], i);
                break;
            }
        check_round_trip(c);
        printf("  %-60s n=%5d m=%5d k=%5d\n", ent->d_name, ldpc_code_n(c), ldpc_code_m(c),
               ldpc_code_k(c));
        ldpc_code_destroy(c);
    }
    closedir(d);
    return count;
}

int main(void)
{
    test_hamming();
    test_malformed();
    test_files();
    test_irregular();

    const char *shared = shared_codes_dir();
    if (shared) {
        char variants[1024];
        snprintf(variants, sizeof variants, "%s/variants", shared);
        int a = check_folder(shared, 1, 0), b = check_folder(variants, 1, 0);
        printf("shared codes: %d + %d alists loaded\n", a, b);
        CHECK(a > 0);
    } else {
        printf("SKIP part: no ../shared/codes\n");
    }
    const char *gr = "/usr/share/gnuradio/fec/ldpc";
    DIR *d = opendir(gr);
    if (d) {
        closedir(d);
        /* all files there are alists, one without the extension (271.127.3.112) */
        int g = check_folder(gr, 0, 1);
        printf("GNU Radio codes: %d alists loaded\n", g);
        CHECK(g > 0);
    } else {
        printf("SKIP part: no %s\n", gr);
    }
    return test_finish("test_alist");
}
