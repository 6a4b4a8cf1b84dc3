/* The input range guards of decoder.h:
 *  - llr_scale: integer-message decoders are created only for LDPC_LLR_SCALE_MIN..MAX, and
 *    int8 LLRs are accepted (sync and async) only in that range; float messages fed float LLRs
 *    take any positive scale;
 *  - ldpc_decoder_count_saturated_f32 / _i8: the count of LLRs outside the int8 range, checked
 *    on the rounding edges, the sign switch, NaN and infinities, and against a direct
 *    computation on random buffers, at every length and alignment around the counters' block
 *    sizes and on buffers saturated throughout (the int8 count's byte-wide lanes). */
#include <math.h>
#include <string.h>
#include "test_util.h"

static ldpc_code *code;

static int create(ldpc_msg_format fmt, float scale, ldpc_backend backend, ldpc_decoder **dec)
{
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    cfg.backend = backend;
    cfg.msg_format = fmt;
    cfg.llr_scale = scale;
    cfg.num_threads = 1;
    *dec = NULL;
    return ldpc_decoder_create(dec, code, &cfg);
}

static void test_scale_range(void)
{
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    float *llr = calloc((size_t)n, sizeof(float));
    int8_t *q = calloc((size_t)n, 1);
    uint8_t *out = malloc((size_t)k);
    REQUIRE(llr && q && out);
    for (int j = 0; j < n; j++) {
        llr[j] = 5.0f; /* the all-zero codeword, clearly */
        q[j] = 20;
    }
    const ldpc_backend backends[] = {LDPC_BACKEND_CPU_REFERENCE, LDPC_BACKEND_CPU_SIMD};
    const ldpc_msg_format fmts[] = {LDPC_MSG_I8, LDPC_MSG_I16};
    /* just outside the range, the old range's ends (2..16), and far outside */
    const float bad[] = {LDPC_LLR_SCALE_MIN - 0.001f, LDPC_LLR_SCALE_MAX + 0.01f, 2.0f, 16.0f,
                         0.25f, 0.01f, 100.0f, 1e5f};
    const float good[] = {LDPC_LLR_SCALE_MIN, 5.0f, 7.0f, LDPC_LLR_SCALE_MAX};
    for (int b = 0; b < 2; b++) {
        ldpc_decoder *dec;
        for (int f = 0; f < 2; f++) {
            for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
                CHECK_MSG(create(fmts[f], bad[i], backends[b], &dec) == LDPC_ERR_INVALID_ARGUMENT
                              && dec == NULL,
                          "format %d scale %g accepted", (int)fmts[f], bad[i]);
                CHECK(strstr(ldpc_last_error(), "llr_scale") != NULL);
            }
            for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
                REQUIRE_OK(create(fmts[f], good[i], backends[b], &dec));
                ldpc_frame_status st;
                REQUIRE_OK(ldpc_decoder_decode_i8(dec, q, 1, out, &st));
                CHECK(st.parity_ok == 1);
                ldpc_decoder_destroy(dec);
            }
        }
        /* float messages: float LLRs at any positive scale, int8 LLRs only in the range */
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            REQUIRE_OK(create(LDPC_MSG_F32, bad[i], backends[b], &dec));
            ldpc_frame_status st = {0, 0};
            REQUIRE_OK(ldpc_decoder_decode_f32(dec, llr, 1, out, &st));
            CHECK(st.parity_ok == 1);
            CHECK_MSG(ldpc_decoder_decode_i8(dec, q, 1, out, &st) == LDPC_ERR_INVALID_ARGUMENT,
                      "int8 LLRs at scale %g accepted", bad[i]);
            ldpc_batch *batch;
            REQUIRE_OK(ldpc_decoder_acquire(dec, &batch));
            memcpy(ldpc_batch_llr_i8(batch), q, (size_t)n);
            CHECK(ldpc_decoder_submit(dec, batch, 1, LDPC_LLR_I8) == LDPC_ERR_INVALID_ARGUMENT);
            CHECK(ldpc_decoder_in_flight(dec) == 0);
            /* the refused batch can still be used for float LLRs */
            memcpy(ldpc_batch_llr_f32(batch), llr, (size_t)n * sizeof(float));
            REQUIRE_OK(ldpc_decoder_submit(dec, batch, 1, LDPC_LLR_F32));
            ldpc_batch *done;
            REQUIRE_OK(ldpc_decoder_collect(dec, &done, 1));
            CHECK(done == batch && ldpc_batch_status(done)[0].parity_ok == 1);
            REQUIRE_OK(ldpc_decoder_release(dec, done));
            ldpc_decoder_destroy(dec);
        }
    }
    free(llr);
    free(q);
    free(out);
}

/* Independent statement of the count: round(sign * clean(x) * scale) outside [-128, 127]. */
static int saturates(float x, float scale, int flip)
{
    float v = x != x ? 0.0f : (flip ? -x : x);
    v = fminf(fmaxf(v, -LDPC_LLR_CLAMP), LDPC_LLR_CLAMP);
    const float r = roundf(v * scale);
    return r > 127.0f || r < -128.0f;
}

static void test_count_edges(void)
{
    /* at scale 4: 31.875 * 4 = 127.5 rounds to 128 (saturated), 31.874 to 127 (not);
     * -32 gives -128 (not), -32.125 gives -128.5 -> -129 (saturated) */
    const float x[] = {0.0f, NAN, 31.75f, 31.874f, 31.875f, -32.0f, -32.125f,
                       INFINITY, -INFINITY, 1e30f, -1e30f, 5.0f, -5.0f};
    const size_t count = sizeof x / sizeof x[0];
    const struct { float scale; int flip; uint64_t want; } cases[] = {
        {4.0f, 0, 6},  /* 31.875, -32.125, +-inf, +-1e30 */
        {4.0f, 1, 6},  /* flipped: -32, -32.125, +-inf, +-1e30 */
        {16.0f, 0, 9},  /* everything but 0, NaN and +-5 */
        {2.0f, 0, 4},  /* only +-inf and +-1e30 (clamped to +-1000: 2000) */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        ldpc_decoder_config cfg;
        ldpc_decoder_config_init(&cfg);
        cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
        cfg.llr_scale = cases[c].scale;
        cfg.llr_positive_is_one = cases[c].flip;
        ldpc_decoder *dec;
        REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
        uint64_t got = 99, direct = 0;
        REQUIRE_OK(ldpc_decoder_count_saturated_f32(dec, x, count, &got));
        for (size_t i = 0; i < count; i++)
            direct += saturates(x[i], cases[c].scale, cases[c].flip);
        CHECK_MSG(got == cases[c].want && direct == cases[c].want,
                  "scale %g flip %d: counted %llu, direct %llu, expected %llu", cases[c].scale,
                  cases[c].flip, (unsigned long long)got, (unsigned long long)direct,
                  (unsigned long long)cases[c].want);
        REQUIRE_OK(ldpc_decoder_count_saturated_f32(dec, x, 0, &got));
        CHECK(got == 0);
        CHECK(ldpc_decoder_count_saturated_f32(dec, NULL, 1, &got) == LDPC_ERR_INVALID_ARGUMENT);
        CHECK(ldpc_decoder_count_saturated_f32(NULL, x, 1, &got) == LDPC_ERR_INVALID_ARGUMENT);
        ldpc_decoder_destroy(dec);
    }
}

/* The int8 count of the library's own quantiser's output: it clips at +-127, so LLRs far beyond
 * the range on either side come out as +-127 and every one of them is saturated (negative
 * saturation was missed when only -128 and 127 counted). */
static void test_count_quantised(void)
{
    enum { N = 1000 };
    float x[N];
    int8_t q[N];
    for (int i = 0; i < N; i++)
        x[i] = (i % 2 ? -1.0f : 1.0f) * (100.0f + (float)i);
    ldpc_llr_quantize_i8(x, N, 8.0f, q);
    ldpc_decoder *dec;
    REQUIRE_OK(create(LDPC_MSG_F32, 8.0f, LDPC_BACKEND_CPU_REFERENCE, &dec));
    uint64_t got8 = 0, got = 0;
    REQUIRE_OK(ldpc_decoder_count_saturated_i8(dec, q, N, &got8));
    REQUIRE_OK(ldpc_decoder_count_saturated_f32(dec, x, N, &got));
    CHECK_MSG(got8 == N && got == N, "quantised +-127: int8 count %llu, float count %llu of %d",
              (unsigned long long)got8, (unsigned long long)got, N);
    /* one step inside the ends is not saturated */
    const int8_t inside[4] = {126, -126, 0, 1};
    REQUIRE_OK(ldpc_decoder_count_saturated_i8(dec, inside, 4, &got8));
    CHECK(got8 == 0);
    ldpc_decoder_destroy(dec);
}

static void test_count_random(void)
{
    enum { N = 100000 };
    float *x = malloc(N * sizeof(float));
    int8_t *q = malloc(N);
    REQUIRE(x && q);
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 5);
    uint64_t ends = 0;
    for (int i = 0; i < N; i++) {
        x[i] = (float)(ldpc_rng_normal(&rng) * 20.0);
        q[i] = (int8_t)(ldpc_rng_next(&rng) & 0xff);
        ends += q[i] <= -127 || q[i] == 127;
    }
    const float scales[] = {2.0f, 3.0f, 4.0f, 7.3f, 16.0f};
    for (size_t s = 0; s < sizeof scales / sizeof scales[0]; s++)
        for (int flip = 0; flip < 2; flip++) {
            ldpc_decoder_config cfg;
            ldpc_decoder_config_init(&cfg);
            cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
            cfg.llr_scale = scales[s];
            cfg.llr_positive_is_one = flip;
            ldpc_decoder *dec;
            REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
            uint64_t got, direct = 0;
            REQUIRE_OK(ldpc_decoder_count_saturated_f32(dec, x, N, &got));
            for (int i = 0; i < N; i++)
                direct += saturates(x[i], scales[s], flip);
            CHECK_MSG(got == direct, "scale %g flip %d: %llu vs %llu", scales[s], flip,
                      (unsigned long long)got, (unsigned long long)direct);
            /* sigma-20 LLRs at scale 4: |x| > 32 is about 11% of them; the count is not trivial */
            if (scales[s] == 4.0f)
                CHECK(got > N / 20 && got < N / 5);
            REQUIRE_OK(ldpc_decoder_count_saturated_i8(dec, q, N, &got));
            CHECK(got == ends);
            ldpc_decoder_destroy(dec);
        }
    CHECK(ends > N / 200 && ends < N / 50); /* 3 of 256 values */
    free(x);
    free(q);
}

/* The counts at every length 0..400 from several alignments, and over long buffers whose every
 * value saturates: the screens work on blocks (64 floats, 64-byte lanes of up to 255 rows), so
 * the tails, the block edges and a lane that fills up are where they could go wrong. */
static void test_count_lengths(void)
{
    enum { L = 400, LONG = 3 * 255 * 64 + 37 };
    float *x = malloc((L + 8) * sizeof(float));
    int8_t *q = malloc(LONG + 8);
    REQUIRE(x && q);
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 11);
    for (int i = 0; i < L + 8; i++) {
        const uint64_t r = ldpc_rng_next(&rng);
        x[i] = (r % 97 == 0) ? NAN : (float)(ldpc_rng_normal(&rng) * 12.0);
        q[i] = (int8_t)(r % 5 == 0 ? (r & 8 ? 127 : (r & 16 ? -128 : -127))
                                   : (int)(r >> 8 & 0xff) - 128);
    }
    ldpc_decoder *dec;
    REQUIRE_OK(create(LDPC_MSG_I8, 4.0f, LDPC_BACKEND_CPU_REFERENCE, &dec));
    for (int off = 0; off < 4; off++)
        for (int len = 0; len <= L; len++) {
            uint64_t got = 0, want = 0, got8 = 0, want8 = 0;
            for (int i = off; i < off + len; i++) {
                want += saturates(x[i], 4.0f, 0);
                want8 += q[i] <= -127 || q[i] == 127;
            }
            REQUIRE_OK(ldpc_decoder_count_saturated_f32(dec, x + off, (size_t)len, &got));
            REQUIRE_OK(ldpc_decoder_count_saturated_i8(dec, q + off, (size_t)len, &got8));
            CHECK_MSG(got == want && got8 == want8, "offset %d length %d: f32 %llu vs %llu, i8 %llu vs %llu",
                      off, len, (unsigned long long)got, (unsigned long long)want,
                      (unsigned long long)got8, (unsigned long long)want8);
        }
    const int8_t ends[3] = {127, -128, -127};
    for (int e = 0; e < 3; e++) {
        memset(q, (uint8_t)ends[e], LONG + 8);
        uint64_t got = 0;
        REQUIRE_OK(ldpc_decoder_count_saturated_i8(dec, q + 1, LONG, &got));
        CHECK_MSG(got == LONG, "all %d: counted %llu of %d", ends[e], (unsigned long long)got, LONG);
        q[1 + LONG / 2] = 0;
        REQUIRE_OK(ldpc_decoder_count_saturated_i8(dec, q + 1, LONG, &got));
        CHECK(got == LONG - 1);
    }
    ldpc_decoder_destroy(dec);
    free(x);
    free(q);
}

/* Inside the range, two limits that depend on the algorithm and the code are refused at
 * create: an oms offset round(beta S) / S more than 0.05 from beta (integer messages only),
 * and int8 messages whose cap MCAP / S is under 7 LLR (high column degree codes). */
static void test_quantised_limits(void)
{
    const struct { float beta, scale; int ok; } oms[] = {
        {0.25f, 4.0f, 1}, {0.25f, 5.0f, 1}, {0.25f, 6.0f, 0}, {0.25f, 7.0f, 1}, {0.25f, 8.0f, 1},
        {0.5f, 6.0f, 1},  {0.1f, 4.0f, 0},  {0.1f, 8.0f, 1},  {0.0f, 6.0f, 1}, {1.0f / 6, 6.0f, 1},
    };
    const ldpc_msg_format fmts[] = {LDPC_MSG_I8, LDPC_MSG_I16, LDPC_MSG_F32};
    for (size_t i = 0; i < sizeof oms / sizeof oms[0]; i++)
        for (int f = 0; f < 3; f++) {
            ldpc_decoder_config cfg;
            ldpc_decoder_config_init(&cfg);
            cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
            cfg.msg_format = fmts[f];
            cfg.oms_beta = oms[i].beta;
            cfg.llr_scale = oms[i].scale;
            ldpc_decoder *dec = NULL;
            const int st = ldpc_decoder_create(&dec, code, &cfg);
            const int want_ok = oms[i].ok || fmts[f] == LDPC_MSG_F32;
            CHECK_MSG(want_ok ? st == LDPC_OK : st == LDPC_ERR_INVALID_ARGUMENT && !dec &&
                                                    strstr(ldpc_last_error(), "oms_beta"),
                      "oms beta %g scale %g format %d: status %d", oms[i].beta, oms[i].scale,
                      (int)fmts[f], st);
            /* the same scale with another algorithm is fine */
            ldpc_decoder_destroy(dec);
            cfg.algorithm = LDPC_ALG_NORMALIZED_MIN_SUM;
            dec = NULL;
            CHECK(ldpc_decoder_create(&dec, code, &cfg) == LDPC_OK);
            ldpc_decoder_destroy(dec);
        }
    /* column degrees 21 / 24 (MCAP 36 / 32 units) against degree 13 (MCAP 59) */
    const struct { const char *name; float scale; ldpc_msg_format fmt; int ok; } cap[] = {
        {"dvbs2x:16200:4/15", 4.0f, LDPC_MSG_I8, 1},  {"dvbs2x:16200:4/15", 5.0f, LDPC_MSG_I8, 1},
        {"dvbs2x:16200:4/15", 7.0f, LDPC_MSG_I8, 0},  {"dvbs2x:16200:4/15", 8.0f, LDPC_MSG_I8, 0},
        {"dvbs2x:16200:7/15", 4.0f, LDPC_MSG_I8, 1},  {"dvbs2x:16200:7/15", 5.0f, LDPC_MSG_I8, 0},
        {"dvbs2x:16200:7/15", 8.0f, LDPC_MSG_I16, 1}, {"dvbs2x:16200:7/15", 8.0f, LDPC_MSG_F32, 1},
        {"dvbs2:16200:2/3", 8.0f, LDPC_MSG_I8, 1},
    };
    for (size_t i = 0; i < sizeof cap / sizeof cap[0]; i++) {
        ldpc_code *c;
        REQUIRE_OK(ldpc_code_create(&c, cap[i].name));
        ldpc_decoder_config cfg;
        ldpc_decoder_config_init(&cfg);
        cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
        cfg.algorithm = LDPC_ALG_MIN_SUM; /* the offset rule aside */
        cfg.msg_format = cap[i].fmt;
        cfg.llr_scale = cap[i].scale;
        ldpc_decoder *dec = NULL;
        const int st = ldpc_decoder_create(&dec, c, &cfg);
        CHECK_MSG(cap[i].ok ? st == LDPC_OK : st == LDPC_ERR_INVALID_ARGUMENT && !dec &&
                                                  strstr(ldpc_last_error(), "int16 messages"),
                  "%s scale %g format %d: status %d (%s)", cap[i].name, cap[i].scale,
                  (int)cap[i].fmt, st, st ? ldpc_last_error() : "");
        ldpc_decoder_destroy(dec);
        ldpc_code_destroy(c);
    }
}

/* 5G NR base graph 1 of rate >= 1/3 with offset min-sum takes llr_scale from
 * LDPC_LLR_SCALE_NR_BG1_MIN (2):
 * int8 messages there hold its degree-30 columns (refused at 4); every other setting keeps
 * LDPC_LLR_SCALE_MIN..MAX, with the offset and int8-cap rules inside. Each accepted decoder
 * decodes a clear all-zero frame (int8 LLRs) to zero bits with its parity checks holding. */
static void test_nr_scale_range(void)
{
    const ldpc_algorithm OMS = LDPC_ALG_OFFSET_MIN_SUM, NMS = LDPC_ALG_NORMALIZED_MIN_SUM,
                         MS = LDPC_ALG_MIN_SUM;
    const struct {
        const char *name;
        ldpc_algorithm alg;
        float beta, scale;
        ldpc_msg_format fmt;
        const char *refusal; /* NULL: accepted; else a part of the message */
    } cases[] = {
        {"nr:1000:1200", OMS, 0.5f, 2.0f, LDPC_MSG_I8, NULL},
        {"nr:1000:1200", OMS, 0.5f, 2.0f, LDPC_MSG_I16, NULL},
        {"nr:1000:1200", OMS, 0.5f, 2.2f, LDPC_MSG_I8, NULL}, /* 1 unit = 0.4545: 0.045 off */
        {"nr:8448:16896", OMS, 0.5f, 2.0f, LDPC_MSG_I8, NULL},
        {"nr:8000:8800", OMS, 0.5f, 2.0f, LDPC_MSG_I8, NULL},
        {"nr:8448:25344", OMS, 0.5f, 2.0f, LDPC_MSG_I8, NULL}, /* rate 1/3 exactly */
        {"nr:bg1:z16", OMS, 0.5f, 2.0f, LDPC_MSG_I8, NULL},    /* mother code: 22 Z of 66 Z */
        {"nr:8448:25400", OMS, 0.5f, 2.0f, LDPC_MSG_I8, "outside 4..8"}, /* below 1/3 */
        {"nr:8448:25400", OMS, 0.5f, 4.0f, LDPC_MSG_I16, NULL},
        {"nr:1000:1200", OMS, 0.5f, 1.99f, LDPC_MSG_I8, "outside 2..8"},
        {"nr:1000:1200", OMS, 0.5f, 1.0f, LDPC_MSG_I16, "outside 2..8"},
        {"nr:1000:1200", OMS, 0.5f, 2.3f, LDPC_MSG_I8, "oms_beta 0.5 at llr_scale 2.3"},
        {"nr:1000:1200", OMS, 0.5f, 3.0f, LDPC_MSG_I16, "oms_beta 0.5 at llr_scale 3"},
        {"nr:1000:1200", OMS, 0.25f, 2.0f, LDPC_MSG_I8, "oms_beta 0.25 at llr_scale 2"},
        {"nr:1000:1200", OMS, 0.5f, 4.0f, LDPC_MSG_I8, "use llr_scale 2..3.57"},
        {"nr:1000:1200", OMS, 0.5f, 4.0f, LDPC_MSG_I16, NULL},
        {"nr:1000:1200", NMS, 0.5f, 2.0f, LDPC_MSG_I16, "outside 4..8"},
        {"nr:1000:1200", MS, 0.5f, 2.0f, LDPC_MSG_I16, "outside 4..8"},
        {"nr:1000:1200", NMS, 0.5f, 4.0f, LDPC_MSG_I8, "no llr_scale in 4..8 fits"},
        /* base graph 2 keeps 4..8 (low rates lose 0.1 dB at 2) and takes int8 messages at 4 */
        {"nr:1000:5000", OMS, 0.5f, 2.0f, LDPC_MSG_I8, "outside 4..8"},
        {"nr:3000:9000", OMS, 0.5f, 2.0f, LDPC_MSG_I16, "outside 4..8"},
        {"nr:1000:5000", OMS, 0.5f, 4.0f, LDPC_MSG_I8, NULL},
        /* other families: 4..8 whatever the offset */
        {"wimax:576:1/2", OMS, 0.5f, 2.0f, LDPC_MSG_I8, "outside 4..8"},
        {"dvbs2:64800:1/2", OMS, 0.5f, 2.0f, LDPC_MSG_I16, "outside 4..8"},
    };
    const ldpc_backend backends[] = {LDPC_BACKEND_CPU_REFERENCE, LDPC_BACKEND_CPU_SIMD};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ldpc_code *c;
        REQUIRE_OK(ldpc_code_create(&c, cases[i].name));
        const int n = ldpc_code_n(c), k = ldpc_code_k(c);
        int8_t *q = malloc((size_t)n);
        uint8_t *out = malloc((size_t)k);
        REQUIRE(q && out);
        memset(q, 12, (size_t)n); /* 6 LLR at scale 2: the all-zero codeword */
        for (int b = 0; b < 2; b++) {
            ldpc_decoder_config cfg;
            ldpc_decoder_config_init_code(&cfg, c);
            cfg.backend = backends[b];
            cfg.algorithm = cases[i].alg;
            cfg.oms_beta = cases[i].beta;
            cfg.msg_format = cases[i].fmt;
            cfg.llr_scale = cases[i].scale;
            cfg.num_threads = 1;
            ldpc_decoder *dec = NULL;
            const int st = ldpc_decoder_create(&dec, c, &cfg);
            if (cases[i].refusal) {
                CHECK_MSG(st == LDPC_ERR_INVALID_ARGUMENT && !dec &&
                              strstr(ldpc_last_error(), cases[i].refusal),
                          "%s alg %d beta %g scale %g format %d: status %d (%s), expected '%s'",
                          cases[i].name, (int)cases[i].alg, cases[i].beta, cases[i].scale,
                          (int)cases[i].fmt, st, st ? ldpc_last_error() : "", cases[i].refusal);
                continue;
            }
            CHECK_MSG(st == LDPC_OK, "%s alg %d scale %g format %d refused: %s", cases[i].name,
                      (int)cases[i].alg, cases[i].scale, (int)cases[i].fmt, ldpc_last_error());
            if (st != LDPC_OK)
                continue;
            ldpc_frame_status fs = {0, 0};
            memset(out, 1, (size_t)k);
            REQUIRE_OK(ldpc_decoder_decode_i8(dec, q, 1, out, &fs));
            int ones = 0;
            for (int j = 0; j < k; j++)
                ones += out[j] != 0;
            CHECK_MSG(fs.parity_ok == 1 && ones == 0, "%s scale %g: parity %d, %d one bits",
                      cases[i].name, cases[i].scale, fs.parity_ok, ones);
            ldpc_decoder_destroy(dec);
        }
        free(q);
        free(out);
        ldpc_code_destroy(c);
    }

    /* int8 LLRs into float messages follow the same range: NR BG1 oms at 2, not nms */
    ldpc_code *c;
    REQUIRE_OK(ldpc_code_create(&c, "nr:1000:1200"));
    const int n = ldpc_code_n(c), k = ldpc_code_k(c);
    int8_t *q = malloc((size_t)n);
    uint8_t *out = malloc((size_t)k);
    REQUIRE(q && out);
    memset(q, 12, (size_t)n);
    for (int a = 0; a < 2; a++) {
        ldpc_decoder_config cfg;
        ldpc_decoder_config_init_code(&cfg, c);
        cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
        cfg.algorithm = a ? NMS : OMS;
        cfg.llr_scale = 2.0f;
        ldpc_decoder *dec;
        REQUIRE_OK(ldpc_decoder_create(&dec, c, &cfg));
        ldpc_frame_status fs = {0, 0};
        const int st = ldpc_decoder_decode_i8(dec, q, 1, out, &fs);
        if (a)
            CHECK_MSG(st == LDPC_ERR_INVALID_ARGUMENT && strstr(ldpc_last_error(), "4..8"),
                      "int8 LLRs at 2 into nms: status %d", st);
        else
            CHECK_MSG(st == LDPC_OK && fs.parity_ok == 1, "int8 LLRs at 2 into oms: %d", st);
        ldpc_decoder_destroy(dec);
    }
    free(q);
    free(out);

    /* the range as reported */
    float lo = 0, hi = 0;
    REQUIRE_OK(ldpc_llr_scale_range(c, NULL, &lo, &hi));
    CHECK(lo == LDPC_LLR_SCALE_NR_BG1_MIN && hi == LDPC_LLR_SCALE_MAX);
    ldpc_decoder_config nms;
    ldpc_decoder_config_init_code(&nms, c);
    nms.algorithm = NMS;
    REQUIRE_OK(ldpc_llr_scale_range(c, &nms, &lo, &hi));
    CHECK(lo == LDPC_LLR_SCALE_MIN && hi == LDPC_LLR_SCALE_MAX);
    REQUIRE_OK(ldpc_llr_scale_range(code, NULL, &lo, &hi)); /* wimax */
    CHECK(lo == LDPC_LLR_SCALE_MIN && hi == LDPC_LLR_SCALE_MAX);
    REQUIRE_OK(ldpc_llr_scale_range(NULL, NULL, &lo, &hi)); /* any code */
    CHECK(lo == LDPC_LLR_SCALE_NR_BG1_MIN && hi == LDPC_LLR_SCALE_MAX);
    CHECK(ldpc_llr_scale_range(c, NULL, NULL, &hi) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_llr_scale_check(2.0f, c, NULL) == LDPC_OK);
    CHECK(ldpc_llr_scale_check(2.0f, code, NULL) == LDPC_ERR_INVALID_ARGUMENT &&
          strstr(ldpc_last_error(), "wimax:576:1/2") && strstr(ldpc_last_error(), "4..8"));
    CHECK(ldpc_llr_scale_check(1.5f, NULL, NULL) == LDPC_ERR_INVALID_ARGUMENT &&
          strstr(ldpc_last_error(), "2..8") && strstr(ldpc_last_error(), "4..8"));
    CHECK(ldpc_llr_scale_check(8.5f, NULL, NULL) == LDPC_ERR_INVALID_ARGUMENT);
    ldpc_code_destroy(c);
}

int main(void)
{
    REQUIRE_OK(ldpc_code_create(&code, "wimax:576:1/2"));
    test_scale_range();
    test_count_edges();
    test_count_quantised();
    test_count_random();
    test_count_lengths();
    test_quantised_limits();
    test_nr_scale_range();
    ldpc_code_destroy(code);
    return test_finish("test_llr_range");
}
