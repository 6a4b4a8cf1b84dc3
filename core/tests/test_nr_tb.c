/* 5G NR CRCs, code block segmentation, rate recovery and the transport block codec:
 * CRC check values, segmentation worked by hand from 38.212's formulas, E_r, HARQ
 * combining, limited buffer, and TB round trips (noiseless, AWGN, IR-HARQ). */
#include <math.h>
#include <string.h>
#include "test_util.h"

/* ---- CRCs ---- */

static void test_crc(void)
{
    /* "123456789" as bits, MSB first. Check values of the CRC catalogue (reveng): these
     * generator polynomials with zero start, no reflection, no final XOR are CRC-24/LTE-A
     * (0xCDE703), CRC-24/LTE-B (0x23EF52) and CRC-16/XMODEM (0x31C3). */
    uint8_t bits[72 + 24];
    const char *msg = "123456789";
    for (int i = 0; i < 72; i++)
        bits[i] = (uint8_t)((msg[i / 8] >> (7 - i % 8)) & 1);
    uint32_t crc;
    REQUIRE_OK(ldpc_nr_crc_compute(LDPC_NR_CRC24A, bits, 72, &crc));
    CHECK_MSG(crc == 0xCDE703u, "CRC24A %06x", crc);
    REQUIRE_OK(ldpc_nr_crc_compute(LDPC_NR_CRC24B, bits, 72, &crc));
    CHECK_MSG(crc == 0x23EF52u, "CRC24B %06x", crc);
    REQUIRE_OK(ldpc_nr_crc_compute(LDPC_NR_CRC16, bits, 72, &crc));
    CHECK_MSG(crc == 0x31C3u, "CRC16 %04x", crc);
    CHECK(ldpc_nr_crc_length(LDPC_NR_CRC24A) == 24 && ldpc_nr_crc_length(LDPC_NR_CRC16) == 16);
    /* a block followed by its CRC (p_0 first) divides by g: remainder 0 */
    REQUIRE_OK(ldpc_nr_crc_compute(LDPC_NR_CRC24B, bits, 72, &crc));
    for (int i = 0; i < 24; i++)
        bits[72 + i] = (uint8_t)((crc >> (23 - i)) & 1);
    REQUIRE_OK(ldpc_nr_crc_compute(LDPC_NR_CRC24B, bits, 96, &crc));
    CHECK(crc == 0);
    CHECK(ldpc_nr_crc_compute((ldpc_nr_crc)3, bits, 8, &crc) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_nr_crc_compute(LDPC_NR_CRC16, NULL, 8, &crc) == LDPC_ERR_INVALID_ARGUMENT);
}

/* ---- segmentation (5.2.2), worked by hand ---- */

static void test_segmentation(void)
{
    ldpc_nr_tb tb;
    /* A = 100000, BG1: L = 24 (A > 3824), B = 100024 > K_cb = 8448, so L_cb = 24 and
     * C = ceil(100024 / 8424) = 12 (8424 * 11 = 92664 < 100024 <= 101088), B' = 100024 +
     * 12 * 24 = 100312 = 12 * 8359.33: no K' exists. 100000 is no 38.214 TBS: refused. */
    CHECK(ldpc_nr_tb_init(&tb, 100000, 1) == LDPC_ERR_INVALID_ARGUMENT);
    /* A = 100008 (38.214's TBS for N'_info = 100000: C = 12, 8 C ceil(100024 / 96) - 24):
     * B = 100032, C = ceil(100032 / 8424) = 12, B' = 100032 + 288 = 100320, K' = 8360;
     * K_b = 22, Z = the smallest lifting size >= 8360 / 22 = 380: 384 (352 < 380), K = 22 *
     * 384 = 8448, fillers F = 8448 - 8360 = 88 per code block. */
    REQUIRE_OK(ldpc_nr_tb_init(&tb, 100008, 1));
    CHECK(tb.tb_crc == 24 && tb.b == 100032 && tb.c == 12 && tb.cb_crc == 24 &&
          tb.b_prime == 100320);
    CHECK(tb.cb.k_prime == 8360 && tb.cb.kb == 22 && tb.cb.z == 384 && tb.cb.ils == 1 &&
          tb.cb.k == 8448 && tb.cb.fillers == 88 && tb.cb.n == 25344 && tb.cb.n_ldpc == 26112);
    /* A = 3824, BG2: L = 16 (A <= 3824), B = 3840 <= K_cb = 3840: C = 1, no CB CRC,
     * K' = 3840, K_b = 10 (B > 640), Z = 384, K = 3840, F = 0. */
    REQUIRE_OK(ldpc_nr_tb_init(&tb, 3824, 2));
    CHECK(tb.tb_crc == 16 && tb.c == 1 && tb.cb_crc == 0 && tb.cb.k_prime == 3840 &&
          tb.cb.z == 384 && tb.cb.fillers == 0);
    /* A = 3840, BG2: L = 24, B = 3864 > 3840: C = ceil(3864 / 3816) = 2, B' = 3912,
     * K' = 1956, K_b = 10, Z >= 195.6: 208 (= 13 * 16; 192 is too small), K = 2080, F = 124. */
    REQUIRE_OK(ldpc_nr_tb_init(&tb, 3840, 2));
    CHECK(tb.tb_crc == 24 && tb.c == 2 && tb.cb_crc == 24 && tb.cb.k_prime == 1956 &&
          tb.cb.kb == 10 && tb.cb.z == 208 && tb.cb.ils == 6 && tb.cb.k == 2080 &&
          tb.cb.fillers == 124);
    /* A = 100, BG2: B = 116, C = 1, K' = 116, K_b = 6 (B <= 192), Z >= 116 / 6 = 19.3: 20,
     * K = 10 * 20 = 200, F = 84. */
    REQUIRE_OK(ldpc_nr_tb_init(&tb, 100, 2));
    CHECK(tb.b == 116 && tb.c == 1 && tb.cb.kb == 6 && tb.cb.z == 20 && tb.cb.k == 200 &&
          tb.cb.fillers == 84);
    /* A = 1000, BG2: B = 1016, K_b = 10, Z >= 101.6: 104, K = 1040, F = 24. */
    REQUIRE_OK(ldpc_nr_tb_init(&tb, 1000, 2));
    CHECK(tb.cb.kb == 10 && tb.cb.z == 104 && tb.cb.fillers == 24);
    /* A = 8424, BG1: B = 8448 = K_cb: one block, K' = 8448, Z = 384, F = 0. A = 8425: B = 8449,
     * C = 2, B' = 8497 (odd): refused. */
    REQUIRE_OK(ldpc_nr_tb_init(&tb, 8424, 1));
    CHECK(tb.c == 1 && tb.cb.k_prime == 8448 && tb.cb.fillers == 0);
    CHECK(ldpc_nr_tb_init(&tb, 8425, 1) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_nr_tb_init(&tb, 0, 1) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_nr_tb_init(&tb, 1000, 3) == LDPC_ERR_INVALID_ARGUMENT);
    ldpc_nr_cb cb;
    CHECK(ldpc_nr_cb_init(&cb, 2, 3841) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_nr_cb_init(&cb, 1, 8449) == LDPC_ERR_INVALID_ARGUMENT);

    /* E_r (5.4.2.1): G = 1000, Qm = 2, one layer, C = 3: G / (NL Qm) = 500 symbols, 500 mod 3
     * = 2, so the first 3 - 2 = 1 block gets 2 * floor(500 / 3) = 332, the others 2 * 167. */
    CHECK(ldpc_nr_cb_e(1000, 2, 1, 3, 0) == 332 && ldpc_nr_cb_e(1000, 2, 1, 3, 1) == 334 &&
          ldpc_nr_cb_e(1000, 2, 1, 3, 2) == 334);
    /* G = 1200, Qm 4, 2 layers, C 3: 150 symbols, 50 each */
    CHECK(ldpc_nr_cb_e(1200, 4, 2, 3, 2) == 400);
    CHECK(ldpc_nr_cb_e(1001, 2, 1, 3, 0) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_nr_cb_e(1000, 2, 1, 3, 3) == LDPC_ERR_INVALID_ARGUMENT);
}

/* ---- rate recovery: every LLR lands once per selection, fillers certain, punctured 0 ---- */

static void test_rate_recover(void)
{
    ldpc_nr_cb cb;
    REQUIRE_OK(ldpc_nr_cb_init(&cb, 2, 116)); /* Z 20, K 200, F 84, N 1000 */
    const int n_sent = cb.n_cb - cb.fillers;  /* 916 distinct bits in the buffer */
    const int e = 3 * n_sent + 8;             /* every bit three or four times */
    float *llr = malloc(sizeof(float) * (size_t)e);
    float *harq = calloc((size_t)cb.n_ldpc, sizeof(float));
    REQUIRE(llr && harq);
    for (int i = 0; i < e; i++)
        llr[i] = 1.0f;
    REQUIRE_OK(ldpc_nr_rate_recover_f32(&cb, 0, 2, e, llr, harq));
    double sum = 0;
    int threes = 0, fours = 0;
    for (int b = 0; b < cb.n_ldpc; b++) {
        if (b < 2 * cb.z)
            CHECK(harq[b] == 0.0f); /* punctured: never sent */
        else if (b >= cb.k_prime && b < cb.k)
            CHECK(harq[b] == LDPC_LLR_CLAMP); /* filler */
        else {
            sum += harq[b];
            threes += harq[b] == 3.0f;
            fours += harq[b] == 4.0f;
        }
    }
    CHECK(sum == e && threes == n_sent - 8 && fours == 8);
    /* a second transmission adds (IR-HARQ), fillers stay certain */
    REQUIRE_OK(ldpc_nr_rate_recover_f32(&cb, 2, 2, e, llr, harq));
    sum = 0;
    for (int b = 2 * cb.z; b < cb.n_ldpc; b++)
        if (b < cb.k_prime || b >= cb.k)
            sum += harq[b];
    CHECK(sum == 2.0 * e && harq[cb.k_prime] == LDPC_LLR_CLAMP);
    /* NaN carries nothing */
    memset(harq, 0, sizeof(float) * (size_t)cb.n_ldpc);
    llr[0] = NAN;
    REQUIRE_OK(ldpc_nr_rate_recover_f32(&cb, 0, 1, 1, llr, harq));
    CHECK(harq[2 * cb.z] == 0.0f);
    /* domains */
    uint8_t bits[8] = {0};
    CHECK(ldpc_nr_rate_recover_f32(&cb, 4, 2, 8, llr, harq) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_nr_rate_recover_f32(&cb, 0, 3, 9, llr, harq) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_nr_rate_recover_f32(&cb, 0, 4, 6, llr, harq) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_nr_rate_recover_f32(&cb, 0, 2, 0, llr, harq) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_nr_rate_match(&cb, 0, 2, 8, NULL, bits) == LDPC_ERR_INVALID_ARGUMENT);
    ldpc_nr_cb unset;
    memset(&unset, 0, sizeof unset);
    CHECK(ldpc_nr_rate_match(&unset, 0, 2, 8, bits, bits) == LDPC_ERR_INVALID_ARGUMENT);
    free(llr);
    free(harq);
}

/* ---- transport blocks ---- */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint32_t next_u32(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 32);
}
static double gauss(void)
{
    double u1 = (next_u32() + 1.0) / 4294967297.0, u2 = next_u32() / 4294967296.0;
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

/* BPSK over AWGN of standard deviation sigma (sigma 0: noiseless): LLR = 2 y / sigma^2. */
static void channel(const uint8_t *bits, long count, double sigma, float *llr)
{
    for (long i = 0; i < count; i++) {
        double x = bits[i] ? -1.0 : 1.0;
        if (sigma == 0.0)
            llr[i] = (float)(4.0 * x);
        else
            llr[i] = (float)(2.0 * (x + sigma * gauss()) / (sigma * sigma));
    }
}

typedef struct tb_case {
    int a, bg, qm;
    double rate; /* A / G */
} tb_case;

static void test_tb_roundtrip(const tb_case *tc)
{
    ldpc_nr_tb_codec *codec;
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    cfg.max_iterations = 20;
    REQUIRE_OK(ldpc_nr_tb_codec_create(&codec, tc->a, tc->bg, &cfg));
    ldpc_nr_tb tb;
    REQUIRE_OK(ldpc_nr_tb_codec_layout(codec, &tb));
    int g = (int)(tc->a / tc->rate);
    g -= g % (tc->qm * tb.c);
    int *e = malloc(sizeof(int) * (size_t)tb.c);
    long total = 0;
    for (int r = 0; r < tb.c; r++)
        total += e[r] = ldpc_nr_cb_e(g, tc->qm, 1, tb.c, r);
    CHECK(total == g);
    uint8_t *a = malloc((size_t)tb.a), *tx = malloc((size_t)g), *dec = malloc((size_t)tb.a);
    float *llr = malloc(sizeof(float) * (size_t)g),
          *harq = calloc((size_t)tb.c * tb.cb.n_ldpc, sizeof(float));
    ldpc_frame_status *st = malloc(sizeof *st * (size_t)tb.c);
    REQUIRE(a && tx && dec && llr && harq && st);
    for (int i = 0; i < tb.a; i++)
        a[i] = (uint8_t)(next_u32() & 1u);

    /* noiseless, each rv that is self-decodable at this rate: rv 0 */
    int ok = 0;
    REQUIRE_OK(ldpc_nr_tb_encode(codec, a, e, 0, tc->qm, tx));
    channel(tx, g, 0.0, llr);
    REQUIRE_OK(ldpc_nr_tb_decode(codec, llr, e, 0, tc->qm, NULL, dec, &ok, st));
    CHECK_MSG(ok && memcmp(dec, a, (size_t)tb.a) == 0, "A %d BG%d: noiseless rv0 fails", tc->a,
              tc->bg);
    for (int r = 0; r < tb.c; r++)
        CHECK(st[r].parity_ok == 1 && st[r].iterations >= 1);

    /* AWGN, sigma 0.7 (Es/N0 0.1 dB; A 100 at rate 0.4 is Eb/N0 4.1 dB): measured TB error
     * rates there, 20 oms iterations: 1 in 2000 for A 100, 0 in 500 for A 3840; fixed seed */
    const double sigma = 0.7;
    channel(tx, g, sigma, llr);
    REQUIRE_OK(ldpc_nr_tb_decode(codec, llr, e, 0, tc->qm, NULL, dec, &ok, st));
    CHECK_MSG(ok && memcmp(dec, a, (size_t)tb.a) == 0, "A %d BG%d: AWGN sigma %.2f fails",
              tc->a, tc->bg, sigma);

    /* IR-HARQ: a channel too noisy for one transmission (sigma 1.6: 200 of 200 A 100 and 100
     * of 100 A 3840 TBs fail alone); rv 0, 2, 3, 1 combined in harq */
    const double sigma_bad = 1.6;
    static const int rvs[4] = {0, 2, 3, 1};
    int first_ok = -1, ok_after = 0;
    for (int t = 0; t < 4; t++) {
        REQUIRE_OK(ldpc_nr_tb_encode(codec, a, e, rvs[t], tc->qm, tx));
        channel(tx, g, sigma_bad, llr);
        REQUIRE_OK(ldpc_nr_tb_decode(codec, llr, e, rvs[t], tc->qm, harq, dec, &ok, st));
        if (t == 0)
            first_ok = ok;
        ok_after = ok && memcmp(dec, a, (size_t)tb.a) == 0;
    }
    CHECK_MSG(first_ok == 0, "A %d: sigma %.1f should defeat one transmission", tc->a, sigma_bad);
    CHECK_MSG(ok_after, "A %d BG%d: four transmissions combined fail", tc->a, tc->bg);

    /* erased input: nothing passes */
    memset(llr, 0, sizeof(float) * (size_t)g);
    REQUIRE_OK(ldpc_nr_tb_decode(codec, llr, e, 0, tc->qm, NULL, dec, &ok, st));
    CHECK(ok == 0 && st[0].parity_ok == 0);

    /* a valid codeword whose TB CRC is wrong: every parity check holds, the CRC does not */
    if (tb.c == 1) {
        char name[32];
        snprintf(name, sizeof name, "nr:bg%d:z%d", tb.cb.bg, tb.cb.z);
        ldpc_code *mother;
        ldpc_encoder *enc;
        REQUIRE_OK(ldpc_code_create(&mother, name));
        REQUIRE_OK(ldpc_encoder_create(&enc, mother));
        uint8_t *info = calloc((size_t)tb.cb.k, 1), *cw = malloc((size_t)tb.cb.n_ldpc);
        REQUIRE(info && cw);
        memcpy(info, a, (size_t)tb.a);
        uint32_t crc;
        REQUIRE_OK(ldpc_nr_crc_compute(tb.tb_crc == 24 ? LDPC_NR_CRC24A : LDPC_NR_CRC16, a, tb.a,
                                       &crc));
        for (int i = 0; i < tb.tb_crc; i++)
            info[tb.a + i] = (uint8_t)((crc >> (tb.tb_crc - 1 - i)) & 1u);
        /* with the right CRC the TB decodes; with one CRC bit flipped it must not pass */
        for (int flip = 0; flip < 2; flip++) {
            info[tb.a + 3] ^= (uint8_t)flip;
            REQUIRE_OK(ldpc_encoder_encode(enc, info, cw, 1));
            REQUIRE_OK(ldpc_nr_rate_match(&tb.cb, 0, tc->qm, e[0], cw, tx));
            channel(tx, g, 0.0, llr);
            REQUIRE_OK(ldpc_nr_tb_decode(codec, llr, e, 0, tc->qm, NULL, dec, &ok, st));
            CHECK_MSG(ok == !flip && st[0].parity_ok == 1, "A %d: CRC flip %d: ok %d", tc->a,
                      flip, ok);
        }
        free(info);
        free(cw);
        ldpc_encoder_destroy(enc);
        ldpc_code_destroy(mother);
    }
    /* bad E */
    int e_bad = e[0];
    e[0] = tc->qm == 1 ? 0 : e[0] + 1;
    CHECK(ldpc_nr_tb_encode(codec, a, e, 0, tc->qm, tx) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_nr_tb_decode(codec, llr, e, 0, tc->qm, NULL, dec, &ok, st) ==
          LDPC_ERR_INVALID_ARGUMENT);
    e[0] = e_bad;
    printf("TB A %d BG%d: C %d K' %d Z %d F %d, G %d Qm %d: ok\n", tb.a, tb.cb.bg, tb.c,
           tb.cb.k_prime, tb.cb.z, tb.cb.fillers, g, tc->qm);
    free(e);
    free(a);
    free(tx);
    free(dec);
    free(llr);
    free(harq);
    free(st);
    ldpc_nr_tb_codec_destroy(codec);
}

/* limited buffer: rv 0 reads the same bits while E stays under N_cb, other rvs start elsewhere,
 * and the TB still round-trips */
static void test_limited_buffer(void)
{
    ldpc_nr_tb_codec *full, *lim;
    REQUIRE_OK(ldpc_nr_tb_codec_create(&full, 3840, 2, NULL));
    REQUIRE_OK(ldpc_nr_tb_codec_create(&lim, 3840, 2, NULL));
    /* C = 2, N = 50 * 208 = 10400; TBS_LBRM 8000: N_ref = floor(8000 / (2 * 2/3)) = 6000 */
    REQUIRE_OK(ldpc_nr_tb_codec_limit_buffer(lim, 8000));
    ldpc_nr_tb tb;
    REQUIRE_OK(ldpc_nr_tb_codec_layout(lim, &tb));
    CHECK(tb.cb.n_cb == 6000 && tb.cb.n == 10400);
    CHECK(ldpc_nr_tb_codec_limit_buffer(lim, 1000) == LDPC_ERR_INVALID_ARGUMENT);
    int e[2] = {4000, 4000};
    uint8_t a[3840], t1[8000], t2[8000], dec[3840];
    for (int i = 0; i < 3840; i++)
        a[i] = (uint8_t)(next_u32() & 1u);
    REQUIRE_OK(ldpc_nr_tb_encode(full, a, e, 0, 2, t1));
    REQUIRE_OK(ldpc_nr_tb_encode(lim, a, e, 0, 2, t2));
    CHECK(memcmp(t1, t2, sizeof t1) == 0);
    REQUIRE_OK(ldpc_nr_tb_encode(full, a, e, 2, 2, t1));
    REQUIRE_OK(ldpc_nr_tb_encode(lim, a, e, 2, 2, t2));
    CHECK(memcmp(t1, t2, sizeof t1) != 0);
    /* rv 3 alone, which wraps around the limited buffer (k0 = floor(43 * 6000 / 10400) * 208 =
     * 4992, 1008 bits to the end of the buffer, then the systematic part): decodes */
    REQUIRE_OK(ldpc_nr_tb_encode(lim, a, e, 3, 2, t2));
    float llr[8000];
    channel(t2, 8000, 0.0, llr);
    int ok = 0;
    REQUIRE_OK(ldpc_nr_tb_decode(lim, llr, e, 3, 2, NULL, dec, &ok, NULL));
    CHECK(ok && memcmp(dec, a, sizeof a) == 0);
    ldpc_nr_tb_codec_destroy(full);
    ldpc_nr_tb_codec_destroy(lim);
}

int main(void)
{
    test_crc();
    test_segmentation();
    test_rate_recover();
    static const tb_case cases[] = {
        {100, 2, 2, 0.4},    /* one small BG2 block, CRC16, fillers */
        {3840, 2, 4, 0.4},   /* two BG2 blocks with CRC24B */
        {100008, 1, 2, 0.5}, /* twelve BG1 blocks of Z 384 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        test_tb_roundtrip(&cases[i]);
    test_limited_buffer();
    ldpc_nr_tb_codec *x = (ldpc_nr_tb_codec *)1;
    CHECK(ldpc_nr_tb_codec_create(&x, 100000, 1, NULL) == LDPC_ERR_INVALID_ARGUMENT && !x);
    return test_finish("test_nr_tb");
}
