/* 5G NR codes: the base graph tables against the independent copies in
 * ../shared/codes/nr5g (when present), the 51 lifting sizes, every lifted mother code
 * encoded and checked (H c = 0), the NR encoder path, the names, base graph / Z selection
 * and k0. */
#include <string.h>
#include "code_nr.h"
#include "encoder_internal.h"
#include "test_util.h"

/* ---- tables against ../shared/codes/nr5g/5G_bgX.csv (TS 38.212 Tables 5.3.2-2/-3) ---- */

/* Read "row;col;v0;...;v7" lines (row given on a row's first line only) into a dense
 * rows x cols x 8 array, -1 for no block. Returns the entry count, -1 on a read error. */
static int read_csv(const char *path, int rows, int cols, int *dense)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    for (int i = 0; i < rows * cols * 8; i++)
        dense[i] = -1;
    char line[512];
    int row = -1, count = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        if (++lineno <= 2)
            continue; /* header lines */
        int v[10], nf = 0;
        char *p = line;
        int have_row = 0;
        for (int field = 0; field < 10 && *p; field++) {
            char *end;
            long x = strtol(p, &end, 10);
            if (end != p) {
                v[field] = (int)x;
                if (field == 0)
                    have_row = 1;
                nf = field + 1;
            } else if (field > 0) {
                break;
            }
            p = strchr(end, ';');
            if (!p)
                break;
            p++;
        }
        if (nf < 10)
            continue;
        if (have_row)
            row = v[0];
        if (row < 0 || row >= rows || v[1] < 0 || v[1] >= cols) {
            fclose(f);
            return -1;
        }
        for (int s = 0; s < 8; s++)
            dense[(row * cols + v[1]) * 8 + s] = v[2 + s];
        count++;
    }
    fclose(f);
    return count;
}

static void check_table_against_csv(const ldpc_nr_bg *g, const char *path, int expect_count)
{
    int *dense = malloc(sizeof(int) * (size_t)g->rows * g->cols * 8);
    REQUIRE(dense);
    int count = read_csv(path, g->rows, g->cols, dense);
    CHECK_MSG(count == expect_count && count == g->count, "%s: %d entries, table %d", path,
              count, g->count);
    int mismatches = 0;
    for (int e = 0; e < g->count; e++) {
        const ldpc_nr_bg_entry *en = &g->entries[e];
        for (int s = 0; s < 8; s++)
            if (dense[(en->row * g->cols + en->col) * 8 + s] != en->v[s])
                mismatches++;
    }
    CHECK_MSG(mismatches == 0, "base graph %d: %d shift values differ from %s", g->bg,
              mismatches, path);
    free(dense);
}

static void test_tables(void)
{
    const char *dir = shared_codes_dir();
    char path[1024];
    snprintf(path, sizeof path, "%s/nr5g/5G_bg1.csv", dir ? dir : "");
    FILE *probe = dir ? fopen(path, "r") : NULL;
    if (!probe) {
        printf("SKIP (part): base graph tables not compared: %s absent\n",
               dir ? path : "../shared/codes");
    } else {
        fclose(probe);
        const int before1 = test_failures;
        check_table_against_csv(&ldpc_nr_bg1, path, 316);
        if (test_failures == before1)
            printf("base graph 1 table matches %s\n", path);
        snprintf(path, sizeof path, "%s/nr5g/5G_bg2.csv", dir);
        const int before = test_failures;
        check_table_against_csv(&ldpc_nr_bg2, path, 197);
        if (test_failures == before)
            printf("base graph 2 table matches %s/nr5g\n", dir);
    }
    /* structure the standard states, independent of the files: 316 / 197 non-zero blocks,
     * rows in order, the extension part an identity diagonal */
    CHECK(ldpc_nr_bg1.count == 316 && ldpc_nr_bg2.count == 197);
    const ldpc_nr_bg *gs[2] = {&ldpc_nr_bg1, &ldpc_nr_bg2};
    for (int b = 0; b < 2; b++) {
        const ldpc_nr_bg *g = gs[b];
        int diag = 0;
        for (int e = 0; e < g->count; e++) {
            const ldpc_nr_bg_entry *en = &g->entries[e];
            if (e > 0)
                CHECK(en->row > g->entries[e - 1].row ||
                      (en->row == g->entries[e - 1].row && en->col > g->entries[e - 1].col));
            if (en->col >= g->kb + 4) {
                CHECK(en->col == g->kb + en->row);
                diag += en->col == g->kb + en->row;
                for (int s = 0; s < 8; s++)
                    CHECK(en->v[s] == 0);
            }
        }
        CHECK(diag == g->rows - 4);
    }
}

/* ---- lifting sizes ---- */

static void test_lifting_sizes(void)
{
    int count = 0, per_set[8] = {0};
    for (int z = 0; z <= 400; z++) {
        int s = ldpc_nr_lifting_set(z);
        if (s >= 0) {
            count++;
            per_set[s]++;
            /* z = a * 2^j with a the set's odd factor */
            int a = z;
            while (a % 2 == 0 && a > 2)
                a /= 2;
            static const int set_a[8] = {2, 3, 5, 7, 9, 11, 13, 15};
            CHECK_MSG(a == set_a[s], "Z %d in set %d", z, s);
        }
    }
    CHECK(count == 51);
    static const int expect[8] = {8, 8, 7, 6, 6, 6, 5, 5}; /* Table 5.3.2-1 */
    for (int s = 0; s < 8; s++)
        CHECK(per_set[s] == expect[s]);
    CHECK(ldpc_nr_lifting_set(17) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_nr_lifting_set(768) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_nr_lifting_set(384) == 1 && ldpc_nr_lifting_set(2) == 0);
}

/* ---- every mother code: encode random frames, H c = 0, info as prefix ---- */

static unsigned rng = 12345;
static unsigned next_rand(void) { return rng = rng * 1103515245u + 12345u; }

static void test_mother_codes(void)
{
    int names = 0;
    for (int i = 0; i < ldpc_code_list_count(); i++) {
        const char *name = ldpc_code_list_name(i);
        if (strncmp(name, "nr:", 3) != 0)
            continue;
        names++;
        ldpc_code *c;
        REQUIRE_OK(ldpc_code_create(&c, name));
        ldpc_code_info info;
        REQUIRE_OK(ldpc_code_get_info(c, &info));
        const int bg = name[5] - '0', z = info.z;
        CHECK(info.family == LDPC_FAMILY_NR);
        CHECK(info.n == (bg == 1 ? 68 : 52) * z && info.k == (bg == 1 ? 22 : 10) * z);
        CHECK(info.base_rows == (bg == 1 ? 46 : 42) && info.info_is_prefix);
        CHECK(info.num_edges == (bg == 1 ? 316 : 197) * z);
        ldpc_nr_code_params np;
        REQUIRE_OK(ldpc_code_nr_params(c, &np));
        CHECK(np.cb.bg == bg && np.cb.z == z && np.e == 0 && np.cb.k == info.k);
        ldpc_encoder *enc;
        REQUIRE_OK(ldpc_encoder_create(&enc, c));
        CHECK_MSG(strcmp(enc->method, "qc-dual-diagonal-extension") == 0, "%s encodes with %s",
                  name,
                  enc->method);
        uint8_t *u = malloc((size_t)info.k), *cw = malloc((size_t)info.n);
        REQUIRE(u && cw);
        for (int f = 0; f < 2; f++) {
            for (int b = 0; b < info.k; b++)
                u[b] = (uint8_t)((next_rand() >> 16) & 1u);
            REQUIRE_OK(ldpc_encoder_encode(enc, u, cw, 1));
            CHECK_MSG(ldpc_code_syndrome_weight(c, cw) == 0, "%s: H c != 0", name);
            CHECK(memcmp(u, cw, (size_t)info.k) == 0);
        }
        free(u);
        free(cw);
        ldpc_encoder_destroy(enc);
        ldpc_code_destroy(c);
    }
    CHECK(names == 102);
}

/* H of a small code against the rule P = V mod Z read back from the tables */
static void test_lifting_rule(void)
{
    ldpc_code *c;
    REQUIRE_OK(ldpc_code_create(&c, "NR:BG2:Z7"));
    CHECK(strcmp(ldpc_code_name(c), "nr:bg2:z7") == 0);
    const int16_t *base;
    int rows, cols, z;
    base = ldpc_code_base_matrix(c, &rows, &cols, &z);
    REQUIRE(base && rows == 42 && cols == 52 && z == 7);
    /* BG2 row 0 column 0 has V = 9, 174, 0, 72, 3, 156, 143, 145; Z = 7 is in set 3 */
    CHECK(base[0] == 72 % 7);
    /* row 0 column 10 (the first core parity column): V = 1 in sets 3 and 7 */
    CHECK(base[10] == 1);
    /* H[i][(i + s) mod z] for block (0, 0) */
    const int *row_ptr, *col_idx;
    REQUIRE_OK(ldpc_code_rows(c, &row_ptr, &col_idx));
    for (int i = 0; i < 7; i++)
        CHECK(col_idx[row_ptr[i]] == (i + 72 % 7) % 7);
    ldpc_code_destroy(c);
}

/* ---- names and the BG / Z choice from K and E ---- */

static void test_names(void)
{
    static const struct {
        const char *name, *canonical;
        int bg, z, k, e, rv, qm;
    } ok[] = {
        /* the 13 parameter sets of the Sionna vectors: BG, Z and K_LDPC as Sionna chose them */
        {"nr:8448:25344", "nr:8448:25344", 1, 384, 8448, 25344, 0, 1},
        {"nr:8448:16896:qm2", "nr:8448:16896:qm2", 1, 384, 8448, 16896, 0, 2},
        {"nr:3840:19200:rv2:qm2", "nr:3840:19200:rv2:qm2", 2, 384, 3840, 19200, 2, 2},
        {"nr:1000:3000", "nr:1000:3000", 2, 104, 1000, 3000, 0, 1},
        {"nr:640:1280", "nr:640:1280", 2, 72, 640, 1280, 0, 1},
        {"nr:500:1500", "nr:500:1500", 2, 64, 500, 1500, 0, 1},
        {"nr:292:600", "nr:292:600", 2, 40, 292, 600, 0, 1},
        {"nr:100:400", "nr:100:400", 2, 18, 100, 400, 0, 1},
        {"nr:40:132", "nr:40:132", 2, 7, 40, 132, 0, 1},
        {"nr:24:90", "nr:24:90", 2, 4, 24, 90, 0, 1},
        {"nr:7000:14000:qm4", "nr:7000:14000:qm4", 1, 320, 7000, 14000, 0, 4},
        {"nr:5000:6000:qm8:rv3", "nr:5000:6000:rv3:qm8", 1, 240, 5000, 6000, 3, 8},
        {"NR:8448:9216:rv0:qm4", "nr:8448:9216:qm4", 1, 384, 8448, 9216, 0, 4},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        ldpc_code *c;
        int st = ldpc_code_create(&c, ok[i].name);
        CHECK_MSG(st == LDPC_OK, "%s: %s", ok[i].name, ldpc_last_error());
        if (st != LDPC_OK)
            continue;
        ldpc_nr_code_params np;
        REQUIRE_OK(ldpc_code_nr_params(c, &np));
        CHECK_MSG(strcmp(ldpc_code_name(c), ok[i].canonical) == 0, "%s", ldpc_code_name(c));
        CHECK_MSG(np.cb.bg == ok[i].bg && np.cb.z == ok[i].z, "%s: bg %d z %d", ok[i].name,
                  np.cb.bg, np.cb.z);
        CHECK(np.cb.k_prime == ok[i].k && np.e == ok[i].e && np.rv == ok[i].rv &&
              np.qm == ok[i].qm);
        CHECK(np.cb.fillers == np.cb.k - ok[i].k && ldpc_code_k(c) == np.cb.k);
        ldpc_code_destroy(c);
    }
    static const char *const bad[] = {
        "nr:bg3:z384", "nr:bg1:z17", "nr:bg1:z768", "nr:bg1", "nr:8449:20000",
        "nr:23:100",   "nr:100:401:qm2", "nr:100:400:rv4", "nr:100:400:qm3", "nr:100:400:x",
        "nr:100",      "nr:100:",     "nr:3841:7000:z", "nr:bg", "nr:bg1", "nr:bg1:",
        "nr:bg1:z",    "nr:bg1:z384x", "nr:", "nr:99999999999999999999:100",
        "nr:100:99999999999999", "nr:100:400:qm", "nr:100:400:rv", "nr:-100:400"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ldpc_code *c = (ldpc_code *)1;
        int st = ldpc_code_create(&c, bad[i]);
        CHECK_MSG(st == LDPC_ERR_UNKNOWN_CODE && c == NULL, "%s: %d", bad[i], st);
        CHECK(strlen(ldpc_last_error()) > 10);
    }
    /* a non-NR code has no NR parameters */
    ldpc_code *w;
    REQUIRE_OK(ldpc_code_create(&w, "dvbs2:16200:1/2"));
    ldpc_nr_code_params np;
    CHECK(ldpc_code_nr_params(w, &np) == LDPC_ERR_INVALID_ARGUMENT);
    ldpc_code_destroy(w);
}

/* ---- k0 (Table 5.4.2.1-2), worked by hand ---- */

static void test_k0(void)
{
    ldpc_nr_cb p;
    /* BG1, Z = 384, N_cb = N = 66 * 384 = 25344: k0 = floor(f * 25344 / 25344) * 384 */
    REQUIRE_OK(ldpc_nr_cb_init(&p, 1, 8448));
    CHECK(p.n == 25344 && p.n_cb == 25344 && p.fillers == 0);
    CHECK(ldpc_nr_k0(&p, 0) == 0 && ldpc_nr_k0(&p, 1) == 17 * 384 &&
          ldpc_nr_k0(&p, 2) == 33 * 384 && ldpc_nr_k0(&p, 3) == 56 * 384);
    /* limited buffer, TBS_LBRM 100008, C 12: N_ref = floor(100008 / (12 * 2/3)) = 12501;
     * k0(rv1) = floor(17 * 12501 / 25344) * 384 = 8 * 384, rv2: floor(16.28) = 16,
     * rv3: floor(27.62) = 27 */
    REQUIRE_OK(ldpc_nr_cb_limit_buffer(&p, 100008, 12));
    CHECK(p.n_cb == 12501);
    CHECK(ldpc_nr_k0(&p, 1) == 8 * 384 && ldpc_nr_k0(&p, 2) == 16 * 384 &&
          ldpc_nr_k0(&p, 3) == 27 * 384);
    /* a buffer under K is refused and leaves p alone */
    CHECK(ldpc_nr_cb_limit_buffer(&p, 5000, 1) == LDPC_ERR_INVALID_ARGUMENT && p.n_cb == 12501);
    /* BG2, K' = 1000: K_b 10, Z 104, N = 50 * 104 = 5200: rv1 = 13 * 104, rv3 = 43 * 104 */
    REQUIRE_OK(ldpc_nr_cb_init(&p, 2, 1000));
    CHECK(p.z == 104 && p.k == 1040 && p.fillers == 40 && p.n == 5200 && p.n_ldpc == 5408);
    CHECK(ldpc_nr_k0(&p, 1) == 13 * 104 && ldpc_nr_k0(&p, 2) == 25 * 104 &&
          ldpc_nr_k0(&p, 3) == 43 * 104);
    CHECK(ldpc_nr_k0(&p, 4) == LDPC_ERR_INVALID_ARGUMENT);
    /* base graph choice (7.2.2) */
    CHECK(ldpc_nr_select_bg(292, 0.9) == 2 && ldpc_nr_select_bg(293, 0.9) == 1);
    CHECK(ldpc_nr_select_bg(3824, 0.67) == 2 && ldpc_nr_select_bg(3824, 0.68) == 1);
    CHECK(ldpc_nr_select_bg(3825, 0.5) == 1 && ldpc_nr_select_bg(100000, 0.25) == 2);
    CHECK(ldpc_nr_select_bg(0, 0.5) == LDPC_ERR_INVALID_ARGUMENT);
}

/* The decoder defaults by family (ldpc_decoder_config_init_family / _code): NR's offset is 0.5
 * (docs/quality.md, "5G NR"), as WiMAX's and WiFi's ("Defaults"); DVB (but for the 64800 r1/2
 * and r3/5 codes, test_decoder_api), alist codes and no code keep ldpc_decoder_config_init's;
 * ldpc_decoder_create without a configuration takes the code's. */
static void test_defaults(void)
{
    ldpc_decoder_config base, nr, other, none;
    ldpc_decoder_config_init(&base);
    ldpc_code *c = NULL, *w = NULL;
    REQUIRE_OK(ldpc_code_create(&c, "nr:1000:3000"));
    REQUIRE_OK(ldpc_code_create(&w, "dvbs2:16200:1/2"));
    ldpc_decoder_config_init_code(&nr, c);
    ldpc_decoder_config_init_code(&other, w);
    ldpc_decoder_config_init_code(&none, NULL);
    CHECK(nr.algorithm == LDPC_ALG_OFFSET_MIN_SUM && nr.oms_beta == 0.5f);
    CHECK(base.oms_beta == 0.25f && other.oms_beta == base.oms_beta && none.oms_beta == base.oms_beta);
    nr.oms_beta = base.oms_beta; /* everything else as for every code */
    CHECK(memcmp(&nr, &base, sizeof nr) == 0);
    ldpc_decoder_config fam;
    static const struct { ldpc_family family; float beta; } fams[] = {
        {LDPC_FAMILY_NR, 0.5f}, {LDPC_FAMILY_WIMAX, 0.5f}, {LDPC_FAMILY_WIFI, 0.5f},
        {LDPC_FAMILY_DVB, 0.25f}, {LDPC_FAMILY_ALIST, 0.25f}};
    for (size_t i = 0; i < sizeof fams / sizeof fams[0]; i++) {
        ldpc_decoder_config_init_family(&fam, fams[i].family);
        CHECK(fam.oms_beta == fams[i].beta && fam.algorithm == LDPC_ALG_OFFSET_MIN_SUM);
        fam.oms_beta = base.oms_beta; /* everything else as for every code */
        CHECK(memcmp(&fam, &base, sizeof fam) == 0);
    }
    ldpc_decoder *dec = NULL;
    REQUIRE_OK(ldpc_decoder_create(&dec, c, NULL));
    CHECK(ldpc_decoder_config_get(dec)->oms_beta == 0.5f);
    ldpc_decoder_destroy(dec);
    REQUIRE_OK(ldpc_decoder_create(&dec, w, NULL));
    CHECK(ldpc_decoder_config_get(dec)->oms_beta == 0.25f);
    ldpc_decoder_destroy(dec);
    /* normalized min-sum below alpha 0.8 with integer messages misses the 0.1 dB bound on NR
     * (docs/quality.md, "5G NR"): refused there, accepted at 0.8, with float messages, and on
     * other codes */
    ldpc_decoder_config q;
    ldpc_decoder_config_init(&q);
    q.algorithm = LDPC_ALG_NORMALIZED_MIN_SUM;
    q.backend = LDPC_BACKEND_CPU_SIMD;
    q.nms_alpha = 0.75f;
    const ldpc_msg_format fmts[2] = {LDPC_MSG_I8, LDPC_MSG_I16};
    for (int i = 0; i < 2; i++) {
        q.msg_format = fmts[i];
        CHECK(ldpc_decoder_create(&dec, c, &q) == LDPC_ERR_INVALID_ARGUMENT && !dec);
        CHECK(strstr(ldpc_last_error(), "offset min-sum") != NULL);
        REQUIRE_OK(ldpc_decoder_create(&dec, w, &q));
        ldpc_decoder_destroy(dec);
        dec = NULL;
    }
    q.msg_format = LDPC_MSG_F32;
    REQUIRE_OK(ldpc_decoder_create(&dec, c, &q));
    ldpc_decoder_destroy(dec);
    q.msg_format = LDPC_MSG_I8;
    q.nms_alpha = 0.8f;
    REQUIRE_OK(ldpc_decoder_create(&dec, c, &q));
    ldpc_decoder_destroy(dec);
    ldpc_code_destroy(c);
    ldpc_code_destroy(w);
}

int main(void)
{
    test_defaults();
    test_tables();
    test_lifting_sizes();
    test_lifting_rule();
    test_mother_codes();
    test_names();
    test_k0();
    return test_finish("test_nr_codes");
}
