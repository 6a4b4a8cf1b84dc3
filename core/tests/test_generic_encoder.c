/* The generic (elimination) encoder: for alist codes, rank-deficient codes built here and, when
 * they exist, standard codes: random information -> H*c = 0, the information bits sit unchanged
 * at ldpc_code_info_positions(), the map is linear and injective on a sample, and for standard
 * codes it gives the same codewords as the code's own encoder. */
#include <string.h>
#include "encoder_internal.h"
#include "test_util.h"

/* An encoder that is certainly the generic one (the dispatcher would prefer dvb / qc). */
static ldpc_encoder *generic_encoder(const ldpc_code *c, int *status)
{
    ldpc_encoder *enc = calloc(1, sizeof *enc);
    REQUIRE(enc != NULL);
    enc->code = c;
    *status = ldpc_encoder_init_generic(enc);
    if (*status != LDPC_OK) {
        ldpc_encoder_destroy(enc);
        return NULL;
    }
    return enc;
}

/* 64-bit FNV-1a of a codeword, to spot collisions in a sample. */
static uint64_t hash_bits(const uint8_t *b, int n)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

typedef struct frame_hash {
    uint64_t cw, info;
} frame_hash;

static int cmp_frame_hash(const void *a, const void *b)
{
    const frame_hash *x = a, *y = b;
    if (x->cw != y->cw)
        return (x->cw > y->cw) - (x->cw < y->cw);
    return (x->info > y->info) - (x->info < y->info);
}

/* The encoder properties on `frames` random frames of code c. Returns the generic encoder's
 * codewords (frames * n bytes) for comparisons, or NULL. */
static uint8_t *check_encoder(const ldpc_code *c, int frames, uint64_t seed)
{
    const int n = ldpc_code_n(c), k = ldpc_code_k(c);
    int st;
    ldpc_encoder *enc = generic_encoder(c, &st);
    CHECK_MSG(enc != NULL, "%s: generic encoder: %s", ldpc_code_name(c), ldpc_last_error());
    if (!enc)
        return NULL;
    CHECK(strcmp(enc->method, "generic") == 0);
    ldpc_rng rng;
    ldpc_rng_seed(&rng, seed);
    uint8_t *info = malloc((size_t)frames * k);
    uint8_t *cw = malloc((size_t)frames * n);
    frame_hash *hashes = malloc((size_t)frames * sizeof(frame_hash));
    REQUIRE(info && cw && hashes);
    ldpc_rng_bits(&rng, info, frames * k);
    /* frame 0 all zero, frame 1 a single one, frame 2 all ones */
    memset(info, 0, (size_t)k);
    if (frames > 2) {
        memset(info + k, 0, (size_t)k);
        info[k + k / 2] = 1;
        memset(info + 2 * (size_t)k, 1, (size_t)k);
    }
    REQUIRE_OK(ldpc_encoder_encode(enc, info, cw, frames));
    const int *pos = ldpc_code_info_positions(c);
    int bad_syndrome = 0, bad_info = 0, bad_bits = 0;
    for (int f = 0; f < frames; f++) {
        const uint8_t *x = cw + (size_t)f * n, *u = info + (size_t)f * k;
        bad_syndrome += ldpc_code_syndrome_weight(c, x) != 0;
        for (int i = 0; i < k; i++)
            bad_info += x[pos[i]] != u[i];
        for (int j = 0; j < n; j++)
            bad_bits += x[j] > 1;
        hashes[f].cw = hash_bits(x, n);
        hashes[f].info = hash_bits(u, k);
    }
    CHECK_MSG(bad_syndrome == 0, "%s: %d of %d codewords fail H*c = 0", ldpc_code_name(c),
              bad_syndrome, frames);
    CHECK_MSG(bad_info == 0, "%s: %d information bits moved", ldpc_code_name(c), bad_info);
    CHECK(bad_bits == 0);
    int weight0 = 0;
    for (int j = 0; j < n; j++)
        weight0 += cw[j];
    CHECK(weight0 == 0); /* the all-zero information gives the all-zero codeword */
    /* injective on the sample: distinct information words give distinct codewords (small codes
     * repeat information words, so only equal codewords of different words count) */
    qsort(hashes, (size_t)frames, sizeof(frame_hash), cmp_frame_hash);
    int collisions = 0;
    for (int f = 1; f < frames; f++)
        collisions += hashes[f].cw == hashes[f - 1].cw && hashes[f].info != hashes[f - 1].info;
    CHECK_MSG(collisions == 0, "%s: %d codeword collisions", ldpc_code_name(c), collisions);
    /* linear: enc(a) ^ enc(b) == enc(a ^ b) */
    if (frames >= 5) {
        uint8_t *sum = malloc((size_t)k), *sum_cw = malloc((size_t)n);
        for (int i = 0; i < k; i++)
            sum[i] = info[3 * (size_t)k + i] ^ info[4 * (size_t)k + i];
        REQUIRE_OK(ldpc_encoder_encode(enc, sum, sum_cw, 1));
        int diff = 0;
        for (int j = 0; j < n; j++)
            diff += sum_cw[j] != (cw[3 * (size_t)n + j] ^ cw[4 * (size_t)n + j]);
        CHECK(diff == 0);
        /* only the lowest bit of each information byte counts */
        for (int i = 0; i < k; i++)
            sum[i] = (uint8_t)(info[3 * (size_t)k + i] | 0xF0);
        REQUIRE_OK(ldpc_encoder_encode(enc, sum, sum_cw, 1));
        CHECK(memcmp(sum_cw, cw + 3 * (size_t)n, (size_t)n) == 0);
        free(sum);
        free(sum_cw);
    }
    ldpc_encoder_destroy(enc);
    free(info);
    free(hashes);
    return cw;
}

/* H with a row repeated and a row that is the sum of two others: rank m - 2. */
static void test_rank_deficient(void)
{
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 11);
    const int n = 240, m = 120, dr = 6;
    int rp[121], ci[121 * 12];
    uint8_t row[240];
    int e = 0;
    rp[0] = 0;
    for (int r = 0; r < m; r++) {
        memset(row, 0, sizeof row);
        if (r == 7) { /* copy of row 3 */
            for (int t = rp[3]; t < rp[4]; t++)
                row[ci[t]] = 1;
        } else if (r == 9) { /* row 1 + row 2 */
            for (int t = rp[1]; t < rp[2]; t++)
                row[ci[t]] ^= 1;
            for (int t = rp[2]; t < rp[3]; t++)
                row[ci[t]] ^= 1;
        } else {
            for (int t = 0; t < dr;) {
                int j = (int)(ldpc_rng_next(&rng) % (uint64_t)n);
                if (!row[j]) {
                    row[j] = 1;
                    t++;
                }
            }
        }
        for (int j = 0; j < n; j++)
            if (row[j])
                ci[e++] = j;
        rp[r + 1] = e;
    }
    ldpc_code *c = NULL;
    REQUIRE_OK(ldpc_code_from_rows(&c, "deficient", n, m, rp, ci));
    int rank = ldpc_code_rank(c);
    CHECK_MSG(rank <= m - 2, "rank %d", rank);
    CHECK(ldpc_code_k(c) == n - rank);
    free(check_encoder(c, 300, 5));
    ldpc_code_destroy(c);

    /* every column of degree 2: the rows add up to zero, so rank <= m - 1 */
    const int n2 = 200, m2 = 100;
    int rp2[101], ci2[400], cnt[100] = {0}, colrow[200][2];
    for (int j = 0; j < n2; j++) {
        int a = (int)(ldpc_rng_next(&rng) % (uint64_t)m2), b;
        do
            b = (int)(ldpc_rng_next(&rng) % (uint64_t)m2);
        while (b == a);
        colrow[j][0] = a;
        colrow[j][1] = b;
        cnt[a]++;
        cnt[b]++;
    }
    rp2[0] = 0;
    for (int r = 0; r < m2; r++)
        rp2[r + 1] = rp2[r] + cnt[r];
    int fill[100];
    memcpy(fill, rp2, sizeof fill);
    int empty_row = 0;
    for (int r = 0; r < m2; r++)
        empty_row |= cnt[r] == 0;
    if (!empty_row) {
        for (int j = 0; j < n2; j++)
            for (int t = 0; t < 2; t++)
                ci2[fill[colrow[j][t]]++] = j;
        REQUIRE_OK(ldpc_code_from_rows(&c, "degree2", n2, m2, rp2, ci2));
        CHECK(ldpc_code_k(c) >= n2 - m2 + 1);
        free(check_encoder(c, 300, 6));
        ldpc_code_destroy(c);
    }
}

static void test_alist_codes(void)
{
    static const char *hamming =
        "7 3\n3 4\n1 1 2 1 2 2 3\n4 4 4\n1\n2\n1 2\n3\n1 3\n2 3\n1 2 3\n"
        "1 3 5 7\n2 3 6 7\n4 5 6 7\n";
    ldpc_code *c = NULL;
    REQUIRE_OK(ldpc_code_from_alist_string(&c, hamming, strlen(hamming)));
    /* all 16 information words give 16 distinct codewords of H */
    int st;
    ldpc_encoder *enc = generic_encoder(c, &st);
    REQUIRE(enc != NULL);
    uint8_t cws[16][7];
    for (int v = 0; v < 16; v++) {
        uint8_t u[4] = {v & 1, (v >> 1) & 1, (v >> 2) & 1, (v >> 3) & 1};
        REQUIRE_OK(ldpc_encoder_encode(enc, u, cws[v], 1));
        CHECK(ldpc_code_syndrome_weight(c, cws[v]) == 0);
        for (int w = 0; w < v; w++)
            CHECK(memcmp(cws[v], cws[w], 7) != 0);
    }
    ldpc_encoder_destroy(enc);
    /* the public dispatcher picks the generic method for alist codes */
    REQUIRE_OK(ldpc_encoder_create(&enc, c));
    CHECK(strcmp(enc->method, "generic") == 0);
    ldpc_encoder_destroy(enc);
    free(check_encoder(c, 16, 1));
    ldpc_code_destroy(c);

    const char *files[] = {"/usr/share/gnuradio/fec/ldpc/n_0100_k_0042_gap_02.alist",
                           "/usr/share/gnuradio/fec/ldpc/n_0100_k_0058_gen_matrix.alist",
                           "/usr/share/gnuradio/fec/ldpc/n_1800_k_0902_gap_28.alist",
                           "/usr/share/gnuradio/fec/ldpc/PNB2_512_23C1.alist",
                           "/usr/share/gnuradio/fec/ldpc/simple_g_matrix.alist", NULL, NULL};
    char ar4ja[1024];
    const char *shared = shared_codes_dir();
    if (shared) {
        snprintf(ar4ja, sizeof ar4ja, "%s/ar4ja_8192_4096_r1_2.alist", shared);
        files[5] = ar4ja;
    }
    for (int i = 0; files[i]; i++) {
        if (ldpc_code_from_alist_file(&c, files[i]) != LDPC_OK) {
            printf("  (not here: %s)\n", files[i]);
            continue;
        }
        free(check_encoder(c, 200, 100 + (uint64_t)i));
        printf("  %s: n=%d k=%d ok\n", files[i], ldpc_code_n(c), ldpc_code_k(c));
        ldpc_code_destroy(c);
    }
}

/* Standard codes (when their tables exist in this build): generic == the code's own encoder. */
static void test_standard_codes(void)
{
    const char *names[] = {"wimax:576:1/2", "wimax:2304:2/3A", "wifi:648:5/6",
                           "wifi:1944:1/2",  "dvbs2:16200:8/9", "dvbt2:16200:3/4"};
    for (size_t t = 0; t < sizeof names / sizeof names[0]; t++) {
        ldpc_code *c = NULL;
        int st = ldpc_code_create(&c, names[t]);
        if (st == LDPC_ERR_UNKNOWN_CODE) {
            printf("  SKIP %s: not built yet\n", names[t]);
            continue;
        }
        CHECK_MSG(st == LDPC_OK, "%s: %s", names[t], ldpc_last_error());
        if (st != LDPC_OK)
            continue;
        const int n = ldpc_code_n(c), k = ldpc_code_k(c), frames = 50;
        uint8_t *generic_cw = check_encoder(c, frames, 77);
        ldpc_encoder *own = NULL;
        if (generic_cw && ldpc_encoder_create(&own, c) == LDPC_OK) {
            /* same information as check_encoder used */
            ldpc_rng rng;
            ldpc_rng_seed(&rng, 77);
            uint8_t *info = malloc((size_t)frames * k), *cw = malloc((size_t)frames * n);
            ldpc_rng_bits(&rng, info, frames * k);
            memset(info, 0, (size_t)k);
            memset(info + k, 0, (size_t)k);
            info[k + k / 2] = 1;
            memset(info + 2 * (size_t)k, 1, (size_t)k);
            REQUIRE_OK(ldpc_encoder_encode(own, info, cw, frames));
            CHECK_MSG(memcmp(cw, generic_cw, (size_t)frames * n) == 0,
                      "%s: generic and %s encoders differ", names[t], own->method);
            printf("  %s: generic == %s\n", names[t], own->method);
            free(info);
            free(cw);
            ldpc_encoder_destroy(own);
        }
        free(generic_cw);
        ldpc_code_destroy(c);
    }
    /* too large for dense elimination: a clear error, no crash */
    ldpc_code *c = NULL;
    if (ldpc_code_create(&c, "dvbs2:64800:1/4") == LDPC_OK) {
        int st;
        ldpc_encoder *enc = generic_encoder(c, &st);
        CHECK(enc == NULL && st == LDPC_ERR_TOO_LARGE);
        CHECK(strstr(ldpc_last_error(), "too large") != NULL);
        ldpc_encoder_destroy(enc);
        ldpc_code_destroy(c);
    }
}

int main(void)
{
    test_alist_codes();
    test_rank_deficient();
    test_standard_codes();
    return test_finish("test_generic_encoder");
}
