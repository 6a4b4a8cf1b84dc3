/* Garbage-input robustness of the alist reader: thousands of deterministic mutations of valid
 * alists (truncation at every length, byte flips, huge / negative / off-by-one numbers put in
 * place of a number, deleted / repeated / swapped numbers, splices of two files, binary and
 * numeric garbage). Each must give LDPC_ERR_PARSE or LDPC_ERR_TOO_LARGE with a message and a
 * NULL code, or a valid code: one whose alist re-reads to the same H and whose generic encoder
 * gives codewords with H*c = 0. A crash or a hang fails the test (ctest timeout).
 * LDPCGPU_FUZZ_SCALE=0.05 runs a twentieth of the cases (for valgrind). */
#include <string.h>
#include "test_util.h"

typedef struct buffer {
    char *data;
    size_t len;
} buffer;

static ldpc_rng rng;
static long cases = 0, accepted = 0;
static long by_status[16];

static uint64_t rnd(uint64_t bound) { return bound ? ldpc_rng_next(&rng) % bound : 0; }

static buffer code_text(const ldpc_code *c)
{
    FILE *f = tmpfile();
    REQUIRE(f != NULL);
    REQUIRE_OK(ldpc_code_write_alist(c, f));
    buffer b;
    b.len = (size_t)ftell(f);
    rewind(f);
    b.data = malloc(b.len + 1);
    REQUIRE(b.data && fread(b.data, 1, b.len, f) == b.len);
    b.data[b.len] = '\0';
    fclose(f);
    return b;
}

static int same_h(const ldpc_code *a, const ldpc_code *b)
{
    const int *rpa, *cia, *rpb, *cib;
    if (ldpc_code_n(a) != ldpc_code_n(b) || ldpc_code_m(a) != ldpc_code_m(b))
        return 0;
    ldpc_code_rows(a, &rpa, &cia);
    ldpc_code_rows(b, &rpb, &cib);
    int m = ldpc_code_m(a);
    return memcmp(rpa, rpb, (size_t)(m + 1) * sizeof(int)) == 0 &&
           memcmp(cia, cib, (size_t)rpa[m] * sizeof(int)) == 0;
}

/* Parse one input; check the outcome is an error or a sound code. */
static void try_input(const char *data, size_t len, const char *what)
{
    /* copy into an exact-size heap block so that reading past len is caught by ASan/valgrind */
    char *copy = malloc(len ? len : 1);
    REQUIRE(copy != NULL);
    if (len)
        memcpy(copy, data, len);
    ldpc_code *c = (ldpc_code *)&c;
    int st = ldpc_code_from_alist_string(&c, copy, len);
    cases++;
    by_status[-st < 16 && st <= 0 ? -st : 15]++;
    if (st != LDPC_OK) {
        CHECK_MSG(c == NULL, "%s: error %d but a code", what, st);
        CHECK_MSG(st == LDPC_ERR_PARSE || st == LDPC_ERR_TOO_LARGE, "%s: status %d (%s)", what,
                  st, ldpc_last_error());
        CHECK_MSG(ldpc_last_error()[0] != '\0', "%s: no message", what);
        free(copy);
        return;
    }
    accepted++;
    CHECK_MSG(c != NULL, "%s: OK but no code", what);
    if (!c) {
        free(copy);
        return;
    }
    const int n = ldpc_code_n(c), m = ldpc_code_m(c), k = ldpc_code_k(c);
    CHECK(n > 0 && m > 0 && m < n && k >= n - m && k < n);
    /* the accepted text's H survives a write/read round trip */
    buffer b = code_text(c);
    ldpc_code *back = NULL;
    CHECK_MSG(ldpc_code_from_alist_string(&back, b.data, b.len) == LDPC_OK,
              "%s: re-read failed: %s", what, ldpc_last_error());
    if (back)
        CHECK_MSG(same_h(c, back), "%s: round trip changed H", what);
    ldpc_code_destroy(back);
    free(b.data);
    /* and encodes */
    ldpc_encoder *enc = NULL;
    int est = ldpc_encoder_create(&enc, c);
    CHECK_MSG(est == LDPC_OK, "%s: encoder: %s", what, ldpc_last_error());
    if (enc) {
        uint8_t *info = malloc((size_t)k), *cw = malloc((size_t)n);
        ldpc_rng_bits(&rng, info, k);
        REQUIRE_OK(ldpc_encoder_encode(enc, info, cw, 1));
        CHECK_MSG(ldpc_code_syndrome_weight(c, cw) == 0, "%s: codeword fails H*c = 0", what);
        free(info);
        free(cw);
        ldpc_encoder_destroy(enc);
    }
    ldpc_code_destroy(c);
    free(copy);
}

/* Offsets and lengths of the whitespace-separated tokens of a text. */
static int tokenize(const buffer *b, size_t *start, size_t *len, int max)
{
    int count = 0;
    size_t i = 0;
    while (i < b->len && count < max) {
        while (i < b->len && strchr(" \t\r\n", b->data[i]))
            i++;
        if (i == b->len)
            break;
        start[count] = i;
        while (i < b->len && !strchr(" \t\r\n", b->data[i]))
            i++;
        len[count] = i - start[count];
        count++;
    }
    return count;
}

/* out = in with bytes [a, a+alen) replaced by rep[0..rlen) */
static buffer splice(const buffer *in, size_t a, size_t alen, const char *rep, size_t rlen)
{
    buffer out;
    out.len = in->len - alen + rlen;
    out.data = malloc(out.len + 1);
    REQUIRE(out.data != NULL);
    memcpy(out.data, in->data, a);
    memcpy(out.data + a, rep, rlen);
    memcpy(out.data + a + rlen, in->data + a + alen, in->len - a - alen);
    out.data[out.len] = '\0';
    return out;
}

static void truncations(const buffer *b, const char *name)
{
    char what[96];
    snprintf(what, sizeof what, "%s truncated", name);
    for (size_t len = 0; len <= b->len; len++)
        try_input(b->data, len, what);
}

static void byte_flips(const buffer *b, const char *name, int iterations)
{
    static const char interesting[] = "0123456789 -+\n\r\t.x";
    char what[96];
    for (int it = 0; it < iterations; it++) {
        buffer m = splice(b, 0, 0, "", 0);
        int flips = 1 + (int)rnd(4);
        for (int f = 0; f < flips; f++) {
            size_t at = rnd(m.len);
            m.data[at] = rnd(2) ? interesting[rnd(sizeof interesting - 1)] : (char)rnd(256);
        }
        snprintf(what, sizeof what, "%s byte flip #%d", name, it);
        try_input(m.data, m.len, what);
        free(m.data);
    }
}

static void token_edits(const buffer *b, const char *name, int iterations)
{
    enum { MAX_TOKENS = 200000 };
    size_t *start = malloc(MAX_TOKENS * sizeof(size_t)), *len = malloc(MAX_TOKENS * sizeof(size_t));
    REQUIRE(start && len);
    int nt = tokenize(b, start, len, MAX_TOKENS);
    REQUIRE(nt >= 4);
    long header[4];
    for (int i = 0; i < 4; i++)
        header[i] = strtol(b->data + start[i], NULL, 10);
    static const char *const fixed[] = {
        "0", "-1", "-0", "+5", "--1", "1e3", "0x10", "3.0", "", "-2147483648", "2147483647",
        "2147483648", "4294967297", "9223372036854775807", "9223372036854775808",
        "99999999999999999999999999", "4194304", "4194305", "67108864", "67108865", "\xff\xfe"};
    const int nfixed = (int)(sizeof fixed / sizeof fixed[0]);
    char what[96], rep[64];
    for (int it = 0; it < iterations; it++) {
        /* header numbers are hit as often as the rest: they steer every size */
        int t = rnd(3) == 0 ? (int)rnd(4) : (int)rnd((uint64_t)nt);
        long value = strtol(b->data + start[t], NULL, 10);
        buffer m;
        int kind = (int)rnd(6);
        switch (kind) {
        case 0: /* a special value */
            snprintf(rep, sizeof rep, "%s", fixed[rnd((uint64_t)nfixed)]);
            m = splice(b, start[t], len[t], rep, strlen(rep));
            break;
        case 1: /* off by one, or a size of the code */
        {
            long choices[6] = {value + 1, value - 1, header[0], header[1], header[0] + 1,
                               header[1] + 1};
            snprintf(rep, sizeof rep, "%ld", choices[rnd(6)]);
            m = splice(b, start[t], len[t], rep, strlen(rep));
            break;
        }
        case 2: /* delete the number */
            m = splice(b, start[t], len[t], "", 0);
            break;
        case 3: /* repeat it */
            snprintf(rep, sizeof rep, "%.*s ", (int)(len[t] < 40 ? len[t] : 40), b->data + start[t]);
            m = splice(b, start[t], 0, rep, strlen(rep));
            break;
        case 4: /* swap it with another number (the header's counts often) */
        {
            int u = rnd(2) ? (int)rnd(4) : (int)rnd((uint64_t)nt);
            if (u == t || len[t] > 40 || len[u] > 40) {
                m = splice(b, 0, 0, "", 0);
                break;
            }
            int a = t < u ? t : u, z = t < u ? u : t;
            char ta[48], tz[48];
            snprintf(ta, sizeof ta, "%.*s", (int)len[a], b->data + start[a]);
            snprintf(tz, sizeof tz, "%.*s", (int)len[z], b->data + start[z]);
            buffer tmp = splice(b, start[z], len[z], ta, strlen(ta));
            m = splice(&tmp, start[a], len[a], tz, strlen(tz));
            free(tmp.data);
            break;
        }
        default: /* a random small number, likely in range: reaches the consistency checks */
            snprintf(rep, sizeof rep, "%ld", (long)rnd((uint64_t)header[0] + 2));
            m = splice(b, start[t], len[t], rep, strlen(rep));
            break;
        }
        snprintf(what, sizeof what, "%s token edit #%d (kind %d, token %d)", name, it, kind, t);
        try_input(m.data, m.len, what);
        free(m.data);
    }
    free(start);
    free(len);
}

static void splices(const buffer *bases, int nbases, int iterations)
{
    char what[64];
    for (int it = 0; it < iterations; it++) {
        const buffer *a = &bases[rnd((uint64_t)nbases)], *b = &bases[rnd((uint64_t)nbases)];
        size_t cut_a = rnd(a->len + 1), cut_b = rnd(b->len + 1);
        buffer head = {a->data, cut_a};
        buffer m = splice(&head, cut_a, 0, b->data + cut_b, b->len - cut_b);
        snprintf(what, sizeof what, "splice #%d", it);
        try_input(m.data, m.len, what);
        free(m.data);
    }
}

static void garbage(int iterations)
{
    char buf[512], what[64];
    for (int it = 0; it < iterations; it++) {
        size_t len = rnd(sizeof buf);
        int kind = it % 3;
        if (kind == 0) { /* binary */
            for (size_t i = 0; i < len; i++)
                buf[i] = (char)rnd(256);
        } else { /* numbers: a plausible header then small numbers */
            size_t o = 0;
            int n = 2 + (int)rnd(12), m = 1 + (int)rnd((uint64_t)n - 1);
            if (kind == 1)
                o += (size_t)snprintf(buf, sizeof buf, "%d %d %d %d ", n, m, 1 + (int)rnd(3),
                                      1 + (int)rnd(4));
            while (o + 4 < len)
                o += (size_t)snprintf(buf + o, sizeof buf - o, "%d%c", (int)rnd(6),
                                      rnd(5) ? ' ' : '\n');
            len = o;
        }
        snprintf(what, sizeof what, "garbage #%d (kind %d)", it, kind);
        try_input(buf, len, what);
    }
    memset(buf, 0, sizeof buf);
    try_input(buf, sizeof buf, "NUL bytes");
    try_input("", 0, "empty");
    try_input(" \n\r\n\t ", 6, "whitespace");
    try_input("\xEF\xBB\xBF", 3, "BOM only");
}

static buffer random_code_text(int n, int m, int dc)
{
    /* column-regular random code, every row kept non-empty */
    int *rp = calloc((size_t)m + 1, sizeof(int)), *ci = malloc((size_t)n * dc * sizeof(int));
    int *cols = malloc((size_t)n * dc * sizeof(int)), *cnt = calloc((size_t)m, sizeof(int));
    REQUIRE(rp && ci && cols && cnt);
    for (int j = 0; j < n; j++)
        for (int t = 0; t < dc; t++) {
            int r, dup;
            do {
                r = j < m && t == 0 ? j : (int)rnd((uint64_t)m);
                dup = 0;
                for (int u = 0; u < t; u++)
                    dup |= cols[j * dc + u] == r;
            } while (dup);
            cols[j * dc + t] = r;
            cnt[r]++;
        }
    for (int r = 0; r < m; r++)
        rp[r + 1] = rp[r] + cnt[r];
    memcpy(cnt, rp, (size_t)m * sizeof(int));
    for (int j = 0; j < n; j++)
        for (int t = 0; t < dc; t++)
            ci[cnt[cols[j * dc + t]]++] = j;
    ldpc_code *c = NULL;
    REQUIRE_OK(ldpc_code_from_rows(&c, "random", n, m, rp, ci));
    buffer b = code_text(c);
    ldpc_code_destroy(c);
    free(rp);
    free(ci);
    free(cols);
    free(cnt);
    return b;
}

static buffer unpadded(const buffer *in)
{
    /* drop zero tokens after the 4 header lines */
    buffer out;
    out.data = malloc(in->len + 1);
    REQUIRE(out.data != NULL);
    size_t i = 0, o = 0;
    for (int lines = 0; i < in->len && lines < 4; i++) {
        out.data[o++] = in->data[i];
        lines += in->data[i] == '\n';
    }
    for (; i < in->len; i++) {
        if ((in->data[i - 1] == ' ' || in->data[i - 1] == '\n') && in->data[i] == '0' &&
            i + 1 < in->len && (in->data[i + 1] == ' ' || in->data[i + 1] == '\n')) {
            i++;
            continue;
        }
        out.data[o++] = in->data[i];
    }
    out.len = o;
    out.data[o] = '\0';
    return out;
}

static buffer read_whole(const char *path)
{
    buffer b = {NULL, 0};
    FILE *f = fopen(path, "rb");
    if (!f)
        return b;
    fseek(f, 0, SEEK_END);
    b.len = (size_t)ftell(f);
    rewind(f);
    b.data = malloc(b.len + 1);
    if (!b.data || fread(b.data, 1, b.len, f) != b.len) {
        free(b.data);
        b.data = NULL;
    }
    fclose(f);
    return b;
}

int main(void)
{
    const char *scale_env = getenv("LDPCGPU_FUZZ_SCALE");
    double scale = scale_env ? atof(scale_env) : 1.0;
    const int unit = (int)(4000 * scale) > 1 ? (int)(4000 * scale) : 1;
    ldpc_rng_seed(&rng, 20240601);

    static const char hamming[] = "7 3\n3 4\n1 1 2 1 2 2 3\n4 4 4\n"
                                  "1 0 0\n2 0 0\n1 2 0\n3 0 0\n1 3 0\n2 3 0\n1 2 3\n"
                                  "1 3 5 7\n2 3 6 7\n4 5 6 7\n";
    buffer bases[6];
    const char *names[6];
    int nb = 0;
    bases[nb].data = malloc(sizeof hamming);
    memcpy(bases[nb].data, hamming, sizeof hamming);
    bases[nb].len = sizeof hamming - 1;
    names[nb++] = "hamming";
    bases[nb] = random_code_text(40, 20, 3);
    names[nb++] = "random 40x20";
    bases[nb] = unpadded(&bases[1]);
    names[nb++] = "random 40x20 unpadded";
    bases[nb] = random_code_text(24, 8, 2);
    names[nb++] = "random 24x8 (rank deficient)";
    buffer gr = read_whole("/usr/share/gnuradio/fec/ldpc/simple_g_matrix.alist");
    if (gr.data) {
        bases[nb] = gr;
        names[nb++] = "gnuradio simple_g_matrix";
    }
    const char *shared = shared_codes_dir();
    if (shared) {
        char path[1024];
        snprintf(path, sizeof path, "%s/wimax_576_288_r1_2.alist", shared);
        buffer w = read_whole(path);
        if (w.data) {
            bases[nb] = w;
            names[nb++] = "shared wimax 576";
        }
    }

    for (int i = 0; i < nb; i++) {
        /* the bases themselves are valid */
        ldpc_code *c = NULL;
        REQUIRE_OK(ldpc_code_from_alist_string(&c, bases[i].data, bases[i].len));
        ldpc_code_destroy(c);
        if (bases[i].len < 4000)
            truncations(&bases[i], names[i]);
        byte_flips(&bases[i], names[i], unit);
        token_edits(&bases[i], names[i], 2 * unit);
    }
    splices(bases, nb, unit);
    garbage(3 * unit);

    printf("%ld inputs: %ld accepted; errors: parse %ld, too large %ld\n", cases, accepted,
           by_status[-LDPC_ERR_PARSE], by_status[-LDPC_ERR_TOO_LARGE]);
    CHECK(accepted > 0 && by_status[-LDPC_ERR_PARSE] > 0 && by_status[-LDPC_ERR_TOO_LARGE] > 0);
    for (int i = 0; i < nb; i++)
        free(bases[i].data);
    return test_finish("test_alist_fuzz");
}
