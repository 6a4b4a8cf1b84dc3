/* cpu-reference decoder: decoding quality over a seeded BPSK/AWGN channel.
 *  - noiseless and mildly noisy frames decode exactly, every algorithm and schedule;
 *  - WiMAX (2304,1152), normalized min-sum, 10 iterations, Eb/N0 2.5 dB: FER < 1e-2 over
 *    2000 frames (the foundation issue's bound);
 *  - layered converges in fewer iterations than flooding on average;
 *  - NaN/Inf LLRs: NaN is an erasure, Inf is clamped; nothing propagates NaN. */
#include <math.h>
#include <string.h>
#include "test_util.h"

typedef struct sim_result {
    int frames, frame_errors, parity_fail_but_correct;
    long bit_errors;
    double avg_iterations;
} sim_result;

/* Encode random frames, send them over BPSK/AWGN at ebn0_db (sigma 0 if ebn0_db is NAN), decode
 * with cfg (output: codeword, unpacked) and compare every bit with what was sent. */
static sim_result simulate(const ldpc_code *code, ldpc_decoder_config cfg, double ebn0_db,
                           int frames, uint64_t seed)
{
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    ldpc_encoder *enc;
    ldpc_decoder *dec;
    REQUIRE_OK(ldpc_encoder_create(&enc, code));
    cfg.output_bits = LDPC_OUTPUT_CODEWORD;
    cfg.output_packing = LDPC_OUTPUT_UNPACKED;
    REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
    uint8_t *info = malloc((size_t)k), *cw = malloc((size_t)n), *out = malloc((size_t)n);
    float *llr = malloc((size_t)n * sizeof(float));
    ldpc_rng rng;
    ldpc_rng_seed(&rng, seed);
    double sigma = isnan(ebn0_db) ? 0.0 : ldpc_awgn_sigma(ebn0_db, (double)k / n);
    sim_result r = {0};
    long its = 0;
    for (int f = 0; f < frames; f++) {
        ldpc_rng_bits(&rng, info, k);
        REQUIRE_OK(ldpc_encoder_encode(enc, info, cw, 1));
        ldpc_channel_bpsk_awgn(&rng, cw, n, sigma, llr);
        ldpc_frame_status st;
        REQUIRE_OK(ldpc_decoder_decode_f32(dec, llr, 1, out, &st));
        int errs = 0;
        for (int j = 0; j < n; j++)
            errs += out[j] != cw[j];
        r.bit_errors += errs;
        r.frame_errors += errs != 0;
        if (errs == 0 && !st.parity_ok)
            r.parity_fail_but_correct++;
        CHECK(st.iterations >= 1 && st.iterations <= cfg.max_iterations);
        its += st.iterations;
    }
    r.frames = frames;
    r.avg_iterations = (double)its / frames;
    free(info);
    free(cw);
    free(out);
    free(llr);
    ldpc_decoder_destroy(dec);
    ldpc_encoder_destroy(enc);
    return r;
}

static ldpc_decoder_config ref_config(ldpc_algorithm alg, ldpc_schedule sch, int iters)
{
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
    cfg.algorithm = alg;
    cfg.schedule = sch;
    cfg.max_iterations = iters;
    return cfg;
}

static void test_exact_decoding(void)
{
    const char *names[] = {"wimax:576:1/2", "wimax:2304:5/6", "wifi:648:2/3", "wifi:1944:1/2",
                           "dvbs2:16200:8/9"};
    for (size_t c = 0; c < sizeof names / sizeof names[0]; c++) {
        ldpc_code *code;
        REQUIRE_OK(ldpc_code_create(&code, names[c]));
        for (int alg = 0; alg <= LDPC_ALG_SUM_PRODUCT; alg++)
            for (int sch = 0; sch <= LDPC_SCHEDULE_FLOODING; sch++) {
                ldpc_decoder_config cfg = ref_config(alg, sch, 20);
                sim_result clean = simulate(code, cfg, NAN, 3, 7 + c);
                CHECK_MSG(clean.frame_errors == 0, "%s %s %s: noiseless frame errors %d",
                          names[c], ldpc_algorithm_name(alg), ldpc_schedule_name(sch),
                          clean.frame_errors);
                CHECK(clean.avg_iterations == 1.0); /* valid at once: one iteration */
                /* mildly noisy: 2 dB above where these codes start to work */
                double ebn0 = ldpc_code_k(code) * 1.0 / ldpc_code_n(code) > 0.8 ? 6.0 : 4.5;
                sim_result noisy = simulate(code, cfg, ebn0, 10, 100 + c);
                CHECK_MSG(noisy.frame_errors == 0, "%s %s %s @ %.1f dB: %d frame errors",
                          names[c], ldpc_algorithm_name(alg), ldpc_schedule_name(sch), ebn0,
                          noisy.frame_errors);
            }
        ldpc_code_destroy(code);
    }
}

static void test_wimax_fer_bound(void)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "wimax:2304:1/2"));
    ldpc_decoder_config cfg = ref_config(LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10);
    sim_result r = simulate(code, cfg, 2.5, 2000, 2024);
    double fer = (double)r.frame_errors / r.frames;
    printf("wimax:2304:1/2 NMS 0.75 layered, 10 it, 2.5 dB: FER %.2e (%d/%d), BER %.2e, "
           "avg it %.2f\n",
           fer, r.frame_errors, r.frames, r.bit_errors / (2304.0 * r.frames), r.avg_iterations);
    CHECK_MSG(fer < 1e-2, "FER %.3e not below 1e-2", fer);
    /* at this SNR the decoder must be doing real work: not every frame clean at once */
    CHECK(r.avg_iterations > 1.5);
    CHECK(r.parity_fail_but_correct == 0);
    ldpc_code_destroy(code);
}

static void test_layered_faster_than_flooding(void)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "wimax:2304:1/2"));
    for (int alg = 0; alg <= LDPC_ALG_SUM_PRODUCT; alg++) {
        sim_result lay = simulate(code, ref_config(alg, LDPC_SCHEDULE_LAYERED, 50), 2.0, 200, 5);
        sim_result flo = simulate(code, ref_config(alg, LDPC_SCHEDULE_FLOODING, 50), 2.0, 200, 5);
        printf("%-11s 2.0 dB: layered avg it %.2f FER %d/200, flooding avg it %.2f FER %d/200\n",
               ldpc_algorithm_name(alg), lay.avg_iterations, lay.frame_errors,
               flo.avg_iterations, flo.frame_errors);
        CHECK_MSG(lay.avg_iterations < 0.8 * flo.avg_iterations, "%s: layered %.2f vs %.2f",
                  ldpc_algorithm_name(alg), lay.avg_iterations, flo.avg_iterations);
    }
    ldpc_code_destroy(code);
}

static void test_bad_llrs(void)
{
    ldpc_code *code;
    ldpc_encoder *enc;
    REQUIRE_OK(ldpc_code_create(&code, "wimax:1152:1/2"));
    REQUIRE_OK(ldpc_encoder_create(&enc, code));
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    uint8_t *info = malloc(k), *cw = malloc(n), *out = malloc(n);
    float *llr = malloc(n * sizeof(float));
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 99);
    ldpc_rng_bits(&rng, info, k);
    REQUIRE_OK(ldpc_encoder_encode(enc, info, cw, 1));
    ldpc_channel_bpsk_awgn(&rng, cw, n, ldpc_awgn_sigma(4.0, 0.5), llr);
    /* 5% erasures as NaN, a few correct-sign infinities */
    for (int j = 0; j < n; j += 20)
        llr[j] = NAN;
    for (int j = 7; j < n; j += 97)
        llr[j] = cw[j] ? -INFINITY : INFINITY;
    for (int alg = 0; alg <= LDPC_ALG_SUM_PRODUCT; alg++) {
        ldpc_decoder_config cfg = ref_config(alg, LDPC_SCHEDULE_LAYERED, 20);
        cfg.output_bits = LDPC_OUTPUT_CODEWORD;
        ldpc_decoder *dec;
        REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
        ldpc_frame_status st;
        REQUIRE_OK(ldpc_decoder_decode_f32(dec, llr, 1, out, &st));
        CHECK_MSG(memcmp(out, cw, n) == 0 && st.parity_ok, "%s with NaN/Inf LLRs",
                  ldpc_algorithm_name(alg));
        ldpc_decoder_destroy(dec);
    }
    /* all-NaN frame: no information at all; the decoder returns some word, never crashes, and
     * reports the frame as failed (erased, decoder_erased.h), although its word (all zero)
     * satisfies every check */
    for (int j = 0; j < n; j++)
        llr[j] = NAN;
    ldpc_decoder *dec;
    ldpc_decoder_config cfg = ref_config(LDPC_ALG_SUM_PRODUCT, LDPC_SCHEDULE_FLOODING, 5);
    cfg.output_bits = LDPC_OUTPUT_CODEWORD;
    REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
    ldpc_frame_status st;
    REQUIRE_OK(ldpc_decoder_decode_f32(dec, llr, 1, out, &st));
    CHECK(st.parity_ok == 0);
    ldpc_decoder_destroy(dec);
    free(info);
    free(cw);
    free(out);
    free(llr);
    ldpc_encoder_destroy(enc);
    ldpc_code_destroy(code);
}

int main(void)
{
    test_exact_decoding();
    test_bad_llrs();
    test_layered_faster_than_flooding();
    test_wimax_fer_bound();
    return test_finish("test_decoder_ref");
}
