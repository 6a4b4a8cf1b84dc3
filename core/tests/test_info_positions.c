/* ldpc_code_with_info_positions: a placement chosen by the caller is accepted exactly when it is
 * an information set; the encoder writes the information bits there and produces the unique
 * codeword with those bits (checked against a structured encoder on a column-permuted WiMAX
 * code); the decoder returns the bits from there (noise-free and noisy frames, every CPU
 * backend). */
#include <string.h>
#include "test_util.h"

static uint32_t rng_state = 12345u;
static int rand_bit(void)
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return (int)(rng_state >> 31);
}

/* H = [1 1 0 0; 0 0 1 1]: rank 2, k = 2. {0, 2} leaves columns 1, 3 (independent): valid;
 * {0, 1} leaves 2, 3 (equal columns): not an information set. */
static void test_small_rules(void)
{
    const int rp[] = {0, 2, 4};
    const int ci[] = {0, 1, 2, 3};
    ldpc_code *c, *p = NULL;
    REQUIRE_OK(ldpc_code_from_rows(&c, "small", 4, 2, rp, ci));
    const int good[] = {2, 0}, dependent[] = {0, 1}, twice[] = {2, 2}, outside[] = {0, 4};
    REQUIRE_OK(ldpc_code_with_info_positions(&p, c, good, 2));
    CHECK(ldpc_code_info_positions(p)[0] == 2 && ldpc_code_info_positions(p)[1] == 0);
    ldpc_code_info info;
    REQUIRE_OK(ldpc_code_get_info(p, &info));
    CHECK(info.family == LDPC_FAMILY_ALIST && info.k == 2 && !info.info_is_prefix);
    CHECK(strcmp(ldpc_code_name(p), "small") == 0);
    ldpc_encoder *enc;
    REQUIRE_OK(ldpc_encoder_create(&enc, p));
    const uint8_t in[2] = {1, 0}; /* c2 = 1, c0 = 0 -> c3 = 1, c1 = 0 */
    uint8_t cw[4];
    REQUIRE_OK(ldpc_encoder_encode(enc, in, cw, 1));
    CHECK(cw[0] == 0 && cw[1] == 0 && cw[2] == 1 && cw[3] == 1);
    ldpc_encoder_destroy(enc);
    ldpc_code_destroy(p);

    ldpc_code *q = (ldpc_code *)1;
    CHECK(ldpc_code_with_info_positions(&q, c, dependent, 2) == LDPC_ERR_RANK && q == NULL);
    CHECK(strstr(ldpc_last_error(), "information set") != NULL);
    CHECK(ldpc_code_with_info_positions(&q, c, twice, 2) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_code_with_info_positions(&q, c, outside, 2) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_code_with_info_positions(&q, c, good, 1) == LDPC_ERR_RANK);
    CHECK(ldpc_code_with_info_positions(&q, c, NULL, 2) == LDPC_ERR_INVALID_ARGUMENT);
    ldpc_code_destroy(c);
}

/* WiMAX 576 r1/2 with its columns permuted: the permuted code with the information bits at the
 * permuted prefix must produce the permuted codewords of the standard encoder, and its decoder
 * must return them. */
static void test_permuted_wimax(void)
{
    ldpc_code *w;
    REQUIRE_OK(ldpc_code_create(&w, "wimax:576:1/2"));
    const int n = ldpc_code_n(w), k = ldpc_code_k(w), m = ldpc_code_m(w);
    const int *rp, *ci;
    REQUIRE_OK(ldpc_code_rows(w, &rp, &ci));
    int *perm = malloc((size_t)n * sizeof(int)); /* column j of w is column perm[j] of pc */
    int *ci2 = malloc((size_t)rp[m] * sizeof(int));
    int *pos = malloc((size_t)k * sizeof(int));
    REQUIRE(perm && ci2 && pos);
    for (int j = 0; j < n; j++)
        perm[j] = (j * 7 + 3) % n; /* gcd(7, 576) = 1: a permutation */
    for (int e = 0; e < rp[m]; e++)
        ci2[e] = perm[ci[e]];
    ldpc_code *pc, *placed;
    REQUIRE_OK(ldpc_code_from_rows(&pc, "permuted", n, m, rp, ci2));
    /* the order of the information bits is the caller's too: reverse it */
    for (int i = 0; i < k; i++)
        pos[i] = perm[k - 1 - i];
    REQUIRE_OK(ldpc_code_with_info_positions(&placed, pc, pos, k));

    enum { FRAMES = 8 };
    uint8_t *info = malloc((size_t)FRAMES * k), *rinfo = malloc((size_t)FRAMES * k);
    uint8_t *cw = malloc((size_t)FRAMES * n), *pcw = malloc((size_t)FRAMES * n);
    uint8_t *out = malloc((size_t)FRAMES * k);
    float *llr = malloc((size_t)FRAMES * n * sizeof(float));
    REQUIRE(info && rinfo && cw && pcw && out && llr);
    for (int i = 0; i < FRAMES * k; i++)
        info[i] = (uint8_t)rand_bit();
    for (int f = 0; f < FRAMES; f++)
        for (int i = 0; i < k; i++)
            rinfo[f * k + i] = info[f * k + k - 1 - i];
    ldpc_encoder *we, *pe;
    REQUIRE_OK(ldpc_encoder_create(&we, w));
    REQUIRE_OK(ldpc_encoder_create(&pe, placed));
    REQUIRE_OK(ldpc_encoder_encode(we, info, cw, FRAMES));
    REQUIRE_OK(ldpc_encoder_encode(pe, rinfo, pcw, FRAMES));
    int same = 1;
    for (int f = 0; f < FRAMES; f++) {
        CHECK(ldpc_code_syndrome_weight(placed, pcw + (size_t)f * n) == 0);
        for (int j = 0; j < n; j++)
            same &= pcw[(size_t)f * n + perm[j]] == cw[(size_t)f * n + j];
    }
    CHECK_MSG(same, "permuted placement: codewords differ from the standard encoder's");

    /* decoding: noise-free, then with a few flipped weak bits the decoder must correct */
    const char *backends[] = {"cpu-reference", "cpu-simd"};
    for (int b = 0; b < 2; b++) {
        ldpc_decoder_config cfg;
        ldpc_decoder_config_init(&cfg);
        if (ldpc_backend_from_string(backends[b], &cfg.backend) != LDPC_OK ||
            !ldpc_backend_available(cfg.backend))
            continue;
        ldpc_decoder *dec;
        REQUIRE_OK(ldpc_decoder_create(&dec, placed, &cfg));
        for (size_t i = 0; i < (size_t)FRAMES * n; i++)
            llr[i] = pcw[i] ? -4.0f : 4.0f;
        for (int f = 0; f < FRAMES; f++)
            for (int e = 0; e < 6; e++) { /* 6 wrong but weak LLRs per frame */
                size_t i = (size_t)f * n + (size_t)((e * 97 + f * 13) % n);
                llr[i] = pcw[i] ? 0.5f : -0.5f;
            }
        ldpc_frame_status st[FRAMES];
        REQUIRE_OK(ldpc_decoder_decode_f32(dec, llr, FRAMES, out, st));
        CHECK_MSG(memcmp(out, rinfo, (size_t)FRAMES * k) == 0, "%s: decoded bits differ",
                  backends[b]);
        for (int f = 0; f < FRAMES; f++)
            CHECK(st[f].parity_ok == 1);
        ldpc_decoder_destroy(dec);
    }
    ldpc_encoder_destroy(we);
    ldpc_encoder_destroy(pe);
    free(info), free(rinfo), free(cw), free(pcw), free(out), free(llr);
    free(perm), free(ci2), free(pos);
    ldpc_code_destroy(placed);
    ldpc_code_destroy(pc);
    ldpc_code_destroy(w);
}

int main(void)
{
    test_small_rules();
    test_permuted_wimax();
    return test_finish("test_info_positions");
}
