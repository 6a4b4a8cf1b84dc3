/* The narrow int8 rule of decoder_fixed.h: which configurations take it, and its soundness
 * bound. Everything is 8 bits, so the APP saturates; the rule's claim is that the stored APP
 * never strays from channel + messages by more than DV_j * MCAP + 1, however many iterations
 * run. The model tracks that distance after every row update (ldpc_fixed_model_track_drift);
 * this test decodes frames chosen to saturate (high-rate and high-degree codes above their
 * waterfall, 100 iterations, no early stop, plain min-sum: the largest messages) and checks the
 * bound, and that saturation did happen (a bound never approached would prove nothing). */
#include <math.h>
#include <string.h>
#include "test_util.h"
#include "decoder_fixed.h"

static void check_params(void)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "dvbs2:16200:2/3")); /* column degree 13 */
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    cfg.msg_format = LDPC_MSG_I8;
    ldpc_fixed_params p;
    const float scales[] = {4.0f, 4.5f, 4.6f, 8.0f};
    const int narrow[] = {1, 1, 0, 0}, mcap[] = {28, 32, 59, 59};
    for (int i = 0; i < 4; i++) {
        cfg.llr_scale = scales[i];
        REQUIRE_OK(ldpc_fixed_params_init(&cfg, code, &p));
        CHECK_MSG(p.narrow == narrow[i] && p.mcap == mcap[i],
                  "int8 at scale %g: narrow %d mcap %d, expected %d %d", scales[i], p.narrow,
                  p.mcap, narrow[i], mcap[i]);
        CHECK(p.cmin == -128 && p.cmax == 127);
    }
    cfg.msg_format = LDPC_MSG_I16;
    cfg.llr_scale = 4.0f;
    REQUIRE_OK(ldpc_fixed_params_init(&cfg, code, &p));
    CHECK_MSG(!p.narrow && p.cmax == 8191 && p.amax == 32767, "int16 takes the wide rule");
    /* the cap keeps a saturated APP's t above every message at every scale the rule takes */
    for (float s = 1.0f; s <= LDPC_FIXED_NARROW_SCALE_MAX; s += 0.25f)
        CHECK(ldpc_fixed_narrow_mcap(s) <= LDPC_FIXED_NARROW_MCAP_MAX && 127 - LDPC_FIXED_NARROW_MCAP_MAX > LDPC_FIXED_NARROW_MCAP_MAX);
    ldpc_code_destroy(code);
}

/* frames of one code at one Eb/N0 through the model; returns the largest drift / bound seen */
static double drift_of(const char *name, double ebn0, int frames, ldpc_algorithm alg)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, name));
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    float *llr = malloc((size_t)n * sizeof(float));
    uint8_t *info = malloc((size_t)k), *cw = malloc((size_t)n), *hard = malloc((size_t)n);
    REQUIRE(llr && info && cw && hard);
    ldpc_encoder *enc;
    REQUIRE_OK(ldpc_encoder_create(&enc, code));
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 17);
    const double sigma = ldpc_awgn_sigma(ebn0, (double)k / n);
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    cfg.msg_format = LDPC_MSG_I8;
    cfg.algorithm = alg;
    cfg.max_iterations = 100;
    cfg.early_termination = 0;
    cfg.output_bits = LDPC_OUTPUT_CODEWORD;
    ldpc_fixed_model *m;
    REQUIRE_OK(ldpc_fixed_model_create(&m, code, &cfg));
    ldpc_fixed_model_track_drift(m, 1);
    double worst = 0.0;
    int worst_d = 0, worst_b = 1, ok = 0;
    for (int f = 0; f < frames; f++) {
        ldpc_rng_bits(&rng, info, k);
        REQUIRE_OK(ldpc_encoder_encode(enc, info, cw, 1));
        ldpc_channel_bpsk_awgn(&rng, cw, n, sigma, llr);
        ldpc_frame_status st;
        REQUIRE_OK(ldpc_fixed_model_decode(m, LDPC_LLR_F32, llr, hard, &st));
        ok += st.parity_ok && !memcmp(hard, cw, (size_t)n);
        int d, b;
        ldpc_fixed_model_drift(m, &d, &b);
        CHECK_MSG(b > 0 && d <= b, "%s at %.1f dB, frame %d: |APP - (channel + messages)| = %d "
                  "over its bound %d", name, ebn0, f, d, b);
        if (b > 0 && (double)d / b > worst) {
            worst = (double)d / b;
            worst_d = d;
            worst_b = b;
        }
    }
    printf("%s %.1f dB, %d frames, 100 iterations, %s: %d decoded; largest |APP - T| %d "
           "(bound %d there)\n", name, ebn0, frames, ldpc_algorithm_name(alg), ok, worst_d,
           worst_b);
    CHECK_MSG(ok >= frames * 9 / 10, "%s at %.1f dB: only %d of %d frames decoded", name, ebn0,
              ok, frames);
    ldpc_fixed_model_destroy(m);
    ldpc_encoder_destroy(enc);
    ldpc_code_destroy(code);
    free(llr);
    free(info);
    free(cw);
    free(hard);
    return worst;
}

int main(void)
{
    check_params();
    double w = 0.0, x;
    x = drift_of("wimax:576:5/6", 5.0, 40, LDPC_ALG_MIN_SUM);
    w = x > w ? x : w;
    x = drift_of("wimax:576:1/2", 3.0, 40, LDPC_ALG_NORMALIZED_MIN_SUM);
    w = x > w ? x : w;
    x = drift_of("dvbs2:16200:2/3", 3.0, 6, LDPC_ALG_OFFSET_MIN_SUM);
    w = x > w ? x : w;
    /* the frames saturate: the bound is exercised, not vacuous */
    CHECK_MSG(w > 0.0, "no APP ever saturated: the frames do not test the bound");
    return test_finish("test_narrow_rule");
}
