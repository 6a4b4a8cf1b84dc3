/* Erased frames (decoder_erased.h, include/ldpcgpu/decoder.h at ldpc_frame_status): a frame
 * whose channel values are all 0 after the input rule is reported with parity_ok = 0 on every
 * CPU backend (cpu-reference, every cpu-simd kernel this CPU runs, the fixed-point model) and
 * on the cuda backend when a GPU is usable (its table kernels: f32, int16, int8 in pairs and one
 * codeword per thread; its generic kernel: flooding, sum-product), every message format, LLR type, schedule, algorithm and early-termination setting, while the good
 * frames of the same batch (and of the same SIMD group) still decode to the sent bits.
 *
 * Frame kinds in one batch of NF frames:
 *   GOOD   BPSK/AWGN at 5 dB (decodes);
 *   ZERO   every LLR +0 or -0;       NAN  every LLR NaN;        MIX  NaN, +0 and -0 mixed;
 *   ZERO8  (int8 input) every byte 0;
 *   ONE    every LLR 0 except one +8: not erased, decodes to the all-zero word, parity ok;
 *   TINY   every LLR 0.1 (float input): quantises to 0 at scale 4 (0.4 < 0.5), so erased for
 *          integer messages, while float messages see a weak all-zero word, parity ok.
 */
#include <math.h>
#include <string.h>
#include "test_util.h"
#include "decoder_fixed.h"
#include "simd/simd_internal.h"

enum { GOOD, ZERO, NANS, MIX, ONE, TINY };
#define NF 70 /* more than one group of the widest kernel (64 int8 lanes) */

static int kind_of(int f, ldpc_llr_type type)
{
    switch (f) {
    case 0: return ZERO;
    case 7: return type == LDPC_LLR_I8 ? ZERO : NANS;
    case 20: return ONE;
    case 33: return type == LDPC_LLR_I8 ? ZERO : MIX;
    case 40: return type == LDPC_LLR_I8 ? GOOD : TINY;
    case 64: return type == LDPC_LLR_I8 ? ZERO : NANS;
    case 69: return ZERO;
    default: return GOOD;
    }
}

typedef struct frames {
    int n, k;
    uint8_t *info;  /* NF * k sent bits (zero for the special frames) */
    float *llr;     /* NF * n */
    int8_t *llr8;   /* NF * n */
} frames;

/* One frame of the given kind (GOOD: a copy of good). */
static void fill(float *x, int n, int kind, const float *good)
{
    for (int j = 0; j < n; j++)
        x[j] = kind == GOOD ? good[j]
             : kind == NANS ? NAN
             : kind == MIX  ? (j % 3 == 0 ? NAN : j % 3 == 1 ? 0.0f : -0.0f)
             : kind == TINY ? 0.1f
             : j % 2        ? -0.0f : 0.0f; /* ZERO, ONE */
    if (kind == ONE)
        x[n / 2] = 8.0f;
}

static frames make_frames(const ldpc_code *code)
{
    frames f;
    f.n = ldpc_code_n(code);
    f.k = ldpc_code_k(code);
    f.info = calloc((size_t)NF * f.k, 1);
    f.llr = malloc((size_t)NF * f.n * sizeof(float));
    f.llr8 = malloc((size_t)NF * f.n);
    uint8_t *cw = malloc((size_t)f.n);
    REQUIRE(f.info && f.llr && f.llr8 && cw);
    ldpc_encoder *enc;
    REQUIRE_OK(ldpc_encoder_create(&enc, code));
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 12);
    const double sigma = ldpc_awgn_sigma(5.0, (double)f.k / f.n);
    float *good = malloc((size_t)f.n * sizeof(float)), *x8 = malloc((size_t)f.n * sizeof(float));
    REQUIRE(good && x8);
    for (int fr = 0; fr < NF; fr++) {
        const int kf = kind_of(fr, LDPC_LLR_F32), ki = kind_of(fr, LDPC_LLR_I8);
        if (kf == GOOD || ki == GOOD) {
            uint8_t *info = f.info + (size_t)fr * f.k;
            ldpc_rng_bits(&rng, info, f.k);
            REQUIRE_OK(ldpc_encoder_encode(enc, info, cw, 1));
            ldpc_channel_bpsk_awgn(&rng, cw, f.n, sigma, good);
        }
        fill(f.llr + (size_t)fr * f.n, f.n, kf, good);
        fill(x8, f.n, ki, good);
        for (int j = 0; j < f.n; j++) {
            float v = x8[j] != x8[j] ? 0.0f : rintf(x8[j] * 4.0f);
            f.llr8[(size_t)fr * f.n + j] = (int8_t)(v > 127 ? 127 : v < -128 ? -128 : v);
        }
    }
    free(good);
    free(x8);
    ldpc_encoder_destroy(enc);
    free(cw);
    return f;
}

static int is_erased_kind(int kind, int integer_messages)
{
    return kind == ZERO || kind == NANS || kind == MIX || (kind == TINY && integer_messages);
}

/* Check one decoded batch against the frame kinds. */
static void check_results(const char *what, const frames *f, ldpc_llr_type type,
                          int integer_messages, const uint8_t *out, const ldpc_frame_status *st)
{
    for (int fr = 0; fr < NF; fr++) {
        const int kind = kind_of(fr, type);
        const uint8_t *bits = out + (size_t)fr * f->k;
        if (is_erased_kind(kind, integer_messages)) {
            CHECK_MSG(st[fr].parity_ok == 0, "%s: erased frame %d (kind %d) reported parity ok",
                      what, fr, kind);
        } else if (kind == GOOD) {
            CHECK_MSG(st[fr].parity_ok == 1 && !memcmp(bits, f->info + (size_t)fr * f->k, f->k),
                      "%s: good frame %d not decoded (parity_ok %d)", what, fr, st[fr].parity_ok);
        } else { /* ONE, TINY on float messages: information for the all-zero word */
            int ones = 0;
            for (int i = 0; i < f->k; i++)
                ones += bits[i];
            CHECK_MSG(st[fr].parity_ok == 1 && ones == 0,
                      "%s: frame %d (kind %d) not erased but parity_ok %d, %d ones", what, fr,
                      kind, st[fr].parity_ok, ones);
        }
    }
}

static void run_decoder(const char *what, const ldpc_code *code, const ldpc_decoder_config *cfg,
                        const frames *f, ldpc_llr_type type, int integer_messages)
{
    ldpc_decoder *dec;
    REQUIRE_OK(ldpc_decoder_create(&dec, code, cfg));
    uint8_t *out = malloc((size_t)NF * f->k);
    ldpc_frame_status st[NF];
    REQUIRE(out);
    if (type == LDPC_LLR_F32)
        REQUIRE_OK(ldpc_decoder_decode_f32(dec, f->llr, NF, out, st));
    else
        REQUIRE_OK(ldpc_decoder_decode_i8(dec, f->llr8, NF, out, st));
    check_results(what, f, type, integer_messages, out, st);
    free(out);
    ldpc_decoder_destroy(dec);
}

/* The fixed-point model, frame by frame, with info bits taken from its codeword. */
static void run_model(const char *what, const ldpc_code *code, const ldpc_decoder_config *cfg,
                      const frames *f, ldpc_llr_type type)
{
    ldpc_fixed_model *m;
    REQUIRE_OK(ldpc_fixed_model_create(&m, code, cfg));
    uint8_t *hard = malloc((size_t)f->n), *out = malloc((size_t)NF * f->k);
    ldpc_frame_status st[NF];
    REQUIRE(hard && out);
    const int *pos = ldpc_code_info_positions(code);
    for (int fr = 0; fr < NF; fr++) {
        const void *in = type == LDPC_LLR_F32 ? (const void *)(f->llr + (size_t)fr * f->n)
                                              : (const void *)(f->llr8 + (size_t)fr * f->n);
        REQUIRE_OK(ldpc_fixed_model_decode(m, type, in, hard, &st[fr]));
        for (int i = 0; i < f->k; i++)
            out[(size_t)fr * f->k + i] = hard[pos ? pos[i] : i];
    }
    check_results(what, f, type, 1, out, st);
    free(hard);
    free(out);
    ldpc_fixed_model_destroy(m);
}

int main(void)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "wimax:576:1/2"));
    frames f = make_frames(code);
    const ldpc_msg_format fmts[] = {LDPC_MSG_F32, LDPC_MSG_I8, LDPC_MSG_I16};
    int runs = 0, cuda_runs = 0;
    const int cuda = ldpc_backend_available(LDPC_BACKEND_CUDA);
    if (!cuda)
        printf("SKIP (cuda part): no CUDA device\n");
    for (int alg = 0; alg <= LDPC_ALG_SUM_PRODUCT; alg++)
        for (int sched = 0; sched <= LDPC_SCHEDULE_FLOODING; sched++)
            for (int et = 0; et <= 1; et++)
                for (int fi = 0; fi < 3; fi++)
                    for (int t = 0; t < 2; t++) {
                        const ldpc_llr_type type = t ? LDPC_LLR_I8 : LDPC_LLR_F32;
                        ldpc_decoder_config cfg;
                        ldpc_decoder_config_init(&cfg);
                        cfg.algorithm = (ldpc_algorithm)alg;
                        cfg.schedule = (ldpc_schedule)sched;
                        cfg.early_termination = et;
                        cfg.msg_format = fmts[fi];
                        cfg.max_iterations = 20;
                        cfg.num_threads = 2;
                        /* sum-product always runs in float messages */
                        const int integer = fmts[fi] != LDPC_MSG_F32 &&
                                            alg != LDPC_ALG_SUM_PRODUCT;
                        char what[200];
                        snprintf(what, sizeof what, "%s %s et=%d msg=%d llr=%s",
                                 ldpc_algorithm_name(alg), ldpc_schedule_name(sched), et,
                                 (int)fmts[fi], t ? "i8" : "f32");
                        char w2[300];
                        cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
                        snprintf(w2, sizeof w2, "cpu-reference %s", what);
                        run_decoder(w2, code, &cfg, &f, type, 0);
                        if (integer) {
                            snprintf(w2, sizeof w2, "model %s", what);
                            run_model(w2, code, &cfg, &f, type);
                        }
                        cfg.backend = LDPC_BACKEND_CPU_SIMD;
                        for (int i = 0; i < ldpc_simd_isa_count(); i++) {
                            const char *isa = ldpc_simd_isa_name(i);
                            if (!ldpc_simd_isa_supported(isa))
                                continue;
                            setenv("LDPCGPU_SIMD_ISA", isa, 1);
                            snprintf(w2, sizeof w2, "cpu-simd/%s %s", isa, what);
                            run_decoder(w2, code, &cfg, &f, type, integer);
                            runs++;
                        }
                        unsetenv("LDPCGPU_SIMD_ISA");
                        if (cuda) {
                            /* int8 messages: the default pair kernel, 16x2 integer pairs and
                             * one codeword per thread */
                            static const char *const i8_env[3][2] = {
                                {NULL, NULL}, {"LDPCGPU_CUDA_I8_PAIR", "int"}, {"LDPCGPU_CUDA_I8_LANES", "1"}};
                            const int variants = fmts[fi] == LDPC_MSG_I8 && integer ? 3 : 1;
                            cfg.backend = LDPC_BACKEND_CUDA;
                            cfg.fallback_to_cpu = 0;
                            for (int v = 0; v < variants; v++) {
                                if (i8_env[v][0])
                                    setenv(i8_env[v][0], i8_env[v][1], 1);
                                snprintf(w2, sizeof w2, "cuda%s%s %s", v ? " " : "",
                                         v ? i8_env[v][0] + 12 : "", what);
                                run_decoder(w2, code, &cfg, &f, type, integer);
                                if (i8_env[v][0])
                                    unsetenv(i8_env[v][0]);
                                cuda_runs++;
                            }
                        }
                    }
    printf("%d cpu-simd runs, %d cuda runs of %d frames\n", runs, cuda_runs, NF);
    free(f.info);
    free(f.llr);
    free(f.llr8);
    ldpc_code_destroy(code);
    return test_finish("test_erased");
}
