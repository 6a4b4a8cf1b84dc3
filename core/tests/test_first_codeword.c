/* Without early termination a decoder never returns worse than what it found (decoder_fixed.h
 * rule 6): every iteration runs, and a frame that satisfied every check at some iteration returns
 * that first codeword. With early termination the same frame stops at that codeword, so on every
 * backend (cpu-reference, cpu-simd, the fixed-point model; cuda when a GPU is present) and every
 * message format the two settings must return the same bits for every frame that converged,
 * with parity_ok = 1 and, without early termination, max_iterations run.
 * The frames are chosen to make it matter: plain min-sum (whose messages oscillate), 60
 * iterations, WiMAX 576 r1/2 at 1.5 dB, where many frames converge late or wander off again. */
#include <math.h>
#include <string.h>
#include "test_util.h"
#include "decoder_fixed.h"

#define NF 300
#define ITERS 60

static const char *const fmt_names[] = {"f32", "i8", "i16"};

/* k: bytes per frame out (the whole codeword: n) */
static void decode_both(const char *what, const ldpc_code *code, ldpc_decoder_config cfg,
                        const float *llr, int k)
{
    uint8_t *on = malloc((size_t)NF * k), *off = malloc((size_t)NF * k);
    ldpc_frame_status st_on[NF], st_off[NF];
    REQUIRE(on && off);
    for (int et = 0; et < 2; et++) {
        cfg.early_termination = et;
        ldpc_decoder *dec;
        REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
        REQUIRE_OK(ldpc_decoder_decode_f32(dec, llr, NF, et ? on : off, et ? st_on : st_off));
        ldpc_decoder_destroy(dec);
    }
    int converged = 0;
    for (int f = 0; f < NF; f++) {
        CHECK_MSG(st_off[f].iterations == ITERS, "%s: frame %d ran %d iterations", what, f,
                  st_off[f].iterations);
        if (!st_on[f].parity_ok)
            continue;
        converged++;
        CHECK_MSG(st_off[f].parity_ok && !memcmp(on + (size_t)f * k, off + (size_t)f * k, k),
                  "%s: frame %d converged at iteration %d but without early stop returned "
                  "another word (parity_ok %d)", what, f, st_on[f].iterations, st_off[f].parity_ok);
    }
    CHECK_MSG(converged > NF / 2, "%s: only %d of %d frames converged", what, converged, NF);
    free(on);
    free(off);
}

/* The model, frame by frame, against itself with early termination. */
static void model_both(const ldpc_code *code, ldpc_decoder_config cfg, const float *llr, int n)
{
    uint8_t on[576], off[576];
    for (int f = 0; f < NF; f++) {
        ldpc_frame_status s_on, s_off;
        for (int et = 0; et < 2; et++) {
            cfg.early_termination = et;
            ldpc_fixed_model *m;
            REQUIRE_OK(ldpc_fixed_model_create(&m, code, &cfg));
            REQUIRE_OK(ldpc_fixed_model_decode(m, LDPC_LLR_F32, llr + (size_t)f * n,
                                               et ? on : off, et ? &s_on : &s_off));
            ldpc_fixed_model_destroy(m);
        }
        if (s_on.parity_ok)
            CHECK_MSG(s_off.parity_ok && !memcmp(on, off, (size_t)n),
                      "model %s: frame %d differs without early stop",
                      fmt_names[cfg.msg_format], f);
    }
}

int main(void)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "wimax:576:1/2"));
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    float *llr = malloc((size_t)NF * n * sizeof(float));
    uint8_t *info = malloc((size_t)k), *cw = malloc((size_t)n);
    REQUIRE(llr && info && cw);
    ldpc_encoder *enc;
    REQUIRE_OK(ldpc_encoder_create(&enc, code));
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 5);
    const double sigma = ldpc_awgn_sigma(1.5, (double)k / n);
    for (int f = 0; f < NF; f++) {
        ldpc_rng_bits(&rng, info, k);
        REQUIRE_OK(ldpc_encoder_encode(enc, info, cw, 1));
        ldpc_channel_bpsk_awgn(&rng, cw, n, sigma, llr + (size_t)f * n);
    }
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    cfg.algorithm = LDPC_ALG_MIN_SUM;
    cfg.max_iterations = ITERS;
    cfg.output_bits = LDPC_OUTPUT_CODEWORD;
    const ldpc_backend backends[] = {LDPC_BACKEND_CPU_REFERENCE, LDPC_BACKEND_CPU_SIMD,
                                     LDPC_BACKEND_CUDA};
    const ldpc_msg_format fmts[] = {LDPC_MSG_F32, LDPC_MSG_I8, LDPC_MSG_I16};
    for (int b = 0; b < 3; b++)
        for (int m = 0; m < 3; m++) {
            if (backends[b] == LDPC_BACKEND_CPU_REFERENCE && m > 0)
                continue;
            cfg.backend = backends[b];
            cfg.msg_format = fmts[m];
            cfg.fallback_to_cpu = 0;
            ldpc_decoder *probe;
            if (ldpc_decoder_create(&probe, code, &cfg) != LDPC_OK) {
                printf("skip %s %s: %s\n", ldpc_backend_name(backends[b]),
                       fmt_names[fmts[m]], ldpc_last_error());
                continue;
            }
            ldpc_decoder_destroy(probe);
            char what[64];
            snprintf(what, sizeof what, "%s %s", ldpc_backend_name(backends[b]),
                     fmt_names[fmts[m]]);
            decode_both(what, code, cfg, llr, n);
        }
    cfg.backend = LDPC_BACKEND_AUTO;
    for (int m = 1; m < 3; m++) {
        cfg.msg_format = fmts[m];
        model_both(code, cfg, llr, n);
    }
    free(llr);
    free(info);
    free(cw);
    ldpc_encoder_destroy(enc);
    ldpc_code_destroy(code);
    return test_finish("test_first_codeword");
}
