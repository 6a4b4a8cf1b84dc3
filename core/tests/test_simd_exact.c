/* cpu-simd backend: bit-exactness, VOLK-style.
 *  - int8 and int16 messages: every ISA kernel this CPU runs (generic C, SSE4.1, AVX2,
 *    AVX-512BW) gives, frame by frame, exactly the fixed-point model's hard decision, iteration
 *    count and parity flag (decoder_fixed.h, shared with the GPU), for NMS/OMS/MS, layered and
 *    flooding, early termination on and off, float and int8 input, both LLR sign conventions;
 *  - float messages: exactly the cpu-reference decoder's output (same operations, same order);
 *  - frame counts that are not a multiple of the lanes (the last lanes of a stream drain), and
 *    1 and 2 worker threads;
 *  - input conversion: some frames carry LLRs on rounding ties (multiples of 1/8 at scale 4),
 *    NaN, +-Inf and huge values, which must be converted exactly as the model does;
 *  - lane refill (kernel_impl.h): streams of frames that end at different iterations (clean
 *    frames after 1-2, noisy ones never, erased and NaN frames), more frames than lanes, in
 *    batches smaller than a group so that refills cross batches, with the LLR type, the
 *    iteration limit and early stop changed between batches in flight: every frame as the
 *    model (or the reference) decodes it alone.
 * core/simd/CMakeLists.txt also builds this file with SIMD_TEST_AVX512_EMULATED, linked
 * with the AVX-512 kernels compiled on SIMDe's portable AVX-512 (when SIMDe is installed), to
 * check those kernels on CPUs without AVX-512. */
#include <float.h>
#include <math.h>
#include <string.h>
#include "test_util.h"
#include "decoder_erased.h"
#include "decoder_fixed.h"
#include "simd/simd_internal.h"

#ifdef SIMD_TEST_AVX512_EMULATED
extern const simd_kernel ldpc_simd_kernel_avx512emu_f32, ldpc_simd_kernel_avx512emu_i8,
    ldpc_simd_kernel_avx512emu_i16;
#define ONLY_ISA "avx512bw-emulated"
#else
#define ONLY_ISA NULL
#endif

static uint64_t all_lanes(const simd_kernel *k)
{
    return k->lanes == 64 ? ~(uint64_t)0 : ((uint64_t)1 << k->lanes) - 1;
}

typedef struct frames {
    int n, k, count;
    uint8_t *cw;    /* count * n sent codewords */
    float *llr;     /* count * n */
    int8_t *llr8;   /* count * n: round(llr * 4), saturated */
} frames;

static frames make_frames(const ldpc_code *code, int count, double ebn0, uint64_t seed)
{
    frames f;
    f.n = ldpc_code_n(code);
    f.k = ldpc_code_k(code);
    f.count = count;
    f.cw = malloc((size_t)count * f.n);
    f.llr = malloc((size_t)count * f.n * sizeof(float));
    f.llr8 = malloc((size_t)count * f.n);
    uint8_t *info = malloc((size_t)f.k);
    ldpc_encoder *enc;
    REQUIRE_OK(ldpc_encoder_create(&enc, code));
    ldpc_rng rng;
    ldpc_rng_seed(&rng, seed);
    const double sigma = ldpc_awgn_sigma(ebn0, (double)f.k / f.n);
    for (int i = 0; i < count; i++) {
        ldpc_rng_bits(&rng, info, f.k);
        REQUIRE_OK(ldpc_encoder_encode(enc, info, f.cw + (size_t)i * f.n, 1));
        ldpc_channel_bpsk_awgn(&rng, f.cw + (size_t)i * f.n, f.n, sigma,
                               f.llr + (size_t)i * f.n);
    }
    /* a rate-matched 5G NR code is decoded on its decode graph (the rows its sent bits reach)
     * when the frames hold nothing in the other columns, as received frames do: zero them */
    const ldpc_code *graph = code->decode_graph;
    for (int i = 0; graph && i < count; i++)
        for (int j = 0; j < f.n; j++)
            if (graph->col_ptr[j + 1] == graph->col_ptr[j])
                f.llr[(size_t)i * f.n + j] = 0.0f;
    /* every fifth frame: LLRs on rounding ties, and a few NaN / Inf / huge values */
    for (int i = 3; i < count; i += 5) {
        float *x = f.llr + (size_t)i * f.n;
        for (int j = 0; j < f.n; j++)
            x[j] = roundf(x[j] * 8.0f) / 8.0f;
        for (int j = 0; j < f.n; j += 97)
            if (!graph || graph->col_ptr[j + 1] > graph->col_ptr[j])
                x[j] = (j / 97) % 4 == 0 ? NAN : (j / 97) % 4 == 1 ? INFINITY
                 : (j / 97) % 4 == 2 ? -1e30f : x[j] * 300.0f;
    }
    for (size_t j = 0; j < (size_t)count * f.n; j++) {
        float v = f.llr[j] != f.llr[j] ? 0.0f : rintf(f.llr[j] * 4.0f);
        f.llr8[j] = (int8_t)(v > 127 ? 127 : v < -128 ? -128 : v);
    }
    ldpc_encoder_destroy(enc);
    free(info);
    return f;
}

static void free_frames(frames *f)
{
    free(f->cw);
    free(f->llr);
    free(f->llr8);
}

/* Decode all frames with cfg; output codeword bits, unpacked. */
/* Records, when asked (LDPCGPU_SIMD_MSG_RECORDS=1 or 0), are used exactly where the kernel has
 * them and the schedule is layered: the record rows really ran. */
static void check_records(const ldpc_decoder *dec, const ldpc_decoder_config *cfg)
{
    const char *asked = getenv("LDPCGPU_SIMD_MSG_RECORDS");
    const simd_kernel *k = ldpc_simd_decoder_kernel(dec);
    if (!k || !asked || !*asked)
        return;
    const int want = atoi(asked) && k->records && cfg->schedule == LDPC_SCHEDULE_LAYERED;
    CHECK_MSG(ldpc_simd_decoder_records(dec) == want, "kernel %s: records %d, asked %s",
              k->isa, ldpc_simd_decoder_records(dec), asked);
}

static void run_decoder(const ldpc_code *code, ldpc_decoder_config cfg, const frames *f,
                        ldpc_llr_type type, uint8_t *out, ldpc_frame_status *st,
                        const char **kernel_name)
{
    ldpc_decoder *dec;
    cfg.output_bits = LDPC_OUTPUT_CODEWORD;
    cfg.output_packing = LDPC_OUTPUT_UNPACKED;
    REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
    if (kernel_name) {
        const simd_kernel *k = ldpc_simd_decoder_kernel(dec);
        *kernel_name = k ? k->isa : "?";
        /* the decoder's description names the kernel that runs */
        FILE *tmp = tmpfile();
        REQUIRE(tmp != NULL);
        ldpc_decoder_print(dec, tmp);
        char line[512] = "", want[64];
        rewind(tmp);
        CHECK(fgets(line, sizeof line, tmp) != NULL);
        fclose(tmp);
        snprintf(want, sizeof want, "cpu-simd backend (%s kernel, %d frames a vector)",
                 *kernel_name, k ? k->lanes : 0);
        CHECK_MSG(strstr(line, want) != NULL, "print: %s", line);
    }
    check_records(dec, &cfg);
    if (type == LDPC_LLR_F32)
        REQUIRE_OK(ldpc_decoder_decode_f32(dec, f->llr, f->count, out, st));
    else
        REQUIRE_OK(ldpc_decoder_decode_i8(dec, f->llr8, f->count, out, st));
    ldpc_decoder_destroy(dec);
}

/* The fixed-point model's answer for every frame. */
static void run_model(const ldpc_code *code, const ldpc_decoder_config *cfg, const frames *f,
                      ldpc_llr_type type, uint8_t *out, ldpc_frame_status *st)
{
    const int n = f->n;
    ldpc_fixed_model *m;
    REQUIRE_OK(ldpc_fixed_model_create(&m, code, cfg));
    for (int i = 0; i < f->count; i++) {
        const void *in = type == LDPC_LLR_F32 ? (const void *)(f->llr + (size_t)i * n)
                                              : (const void *)(f->llr8 + (size_t)i * n);
        REQUIRE_OK(ldpc_fixed_model_decode(m, type, in, out + (size_t)i * n, &st[i]));
    }
    ldpc_fixed_model_destroy(m);
}

/* ISA i's name when this CPU has it, ONLY_ISA does not exclude it and its kernel of format fmt
 * is its own (avx512vbmi has AVX-512BW's float and int16 kernels: tested under that name),
 * else NULL */
static const char *usable_isa(int i, ldpc_msg_format fmt)
{
    const char *isa = ldpc_simd_isa_name(i);
    const simd_kernel *k = ldpc_simd_kernel_get(isa, fmt);
    return ldpc_simd_isa_supported(isa) && (!ONLY_ISA || !strcmp(isa, ONLY_ISA)) && k &&
                   !strcmp(k->isa, isa)
               ? isa
               : NULL;
}

/* What cpu-simd must give with cfg: the float reference's frames for float messages, the
 * fixed-point model's for integer ones. */
static void run_expected(const ldpc_code *code, ldpc_decoder_config cfg, const frames *f,
                         ldpc_llr_type type, uint8_t *out, ldpc_frame_status *st)
{
    if (cfg.msg_format == LDPC_MSG_F32) {
        cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
        run_decoder(code, cfg, f, type, out, st, NULL);
    } else {
        run_model(code, &cfg, f, type, out, st);
    }
}

static int compare(const char *what, const frames *f, const uint8_t *a,
                   const ldpc_frame_status *sa, const uint8_t *b, const ldpc_frame_status *sb)
{
    int bad = 0;
    for (int i = 0; i < f->count; i++) {
        int diff = memcmp(a + (size_t)i * f->n, b + (size_t)i * f->n, (size_t)f->n) != 0;
        if (diff || sa[i].iterations != sb[i].iterations || sa[i].parity_ok != sb[i].parity_ok) {
            if (bad < 3)
                fprintf(stderr, "%s: frame %d differs (bits %s, iterations %d vs %d, ok %d vs %d)\n",
                        what, i, diff ? "differ" : "same", sa[i].iterations, sb[i].iterations,
                        sa[i].parity_ok, sb[i].parity_ok);
            bad++;
        }
    }
    return bad;
}

typedef struct variant {
    ldpc_algorithm alg;
    ldpc_schedule sch;
    int et, flip, iters;
    ldpc_llr_type type;
    float llr_scale; /* 0: the default */
} variant;

/* llr_scale LDPC_LLR_SCALE_MAX (the largest integer decoders accept; the default is the
 * smallest) checks the other end of the scale range; the conversion's general form
 * (LDPC_LLR_CLAMP * scale inside the int8 range, e.g. scale 0.1) is checked on the kernels'
 * loaders directly, below */
static const variant variants[] = {
    {LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 1, 0, 10, LDPC_LLR_F32, 0},
    {LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 0, 1, 6, LDPC_LLR_I8, 0},
    {LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 1, 1, 8, LDPC_LLR_F32, 0},
    {LDPC_ALG_MIN_SUM, LDPC_SCHEDULE_LAYERED, 1, 0, 5, LDPC_LLR_I8, 0},
    {LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_FLOODING, 1, 0, 12, LDPC_LLR_F32, 0},
    {LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_FLOODING, 0, 0, 4, LDPC_LLR_F32, 0},
    {LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 0, 1, 7, LDPC_LLR_F32, LDPC_LLR_SCALE_MAX},
};

/* Flip the sign of the frames' LLRs (for the llr_positive_is_one variants). */
static void flip_frames(frames *f)
{
    for (size_t j = 0; j < (size_t)f->count * f->n; j++) {
        f->llr[j] = -f->llr[j];
        f->llr8[j] = (int8_t)(f->llr8[j] == -128 ? 127 : -f->llr8[j]);
    }
}

static void test_code(const char *name, int count, double ebn0)
{
    ldpc_code *code;
    if (ldpc_code_create(&code, name) != LDPC_OK) {
        printf("note: code %s not available (%s), skipped\n", name, ldpc_last_error());
        return;
    }
    frames f = make_frames(code, count, ebn0, 1234);
    const size_t bits = (size_t)count * f.n;
    uint8_t *want = malloc(bits), *got = malloc(bits);
    ldpc_frame_status *swant = malloc((size_t)count * sizeof *swant);
    ldpc_frame_status *sgot = malloc((size_t)count * sizeof *sgot);
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        const variant *va = &variants[v];
        if (va->flip)
            flip_frames(&f);
        const ldpc_msg_format fmts[] = {LDPC_MSG_I8, LDPC_MSG_I16, LDPC_MSG_F32};
        for (int fi = 0; fi < 3; fi++) {
            ldpc_decoder_config cfg;
            ldpc_decoder_config_init(&cfg);
            cfg.algorithm = va->alg;
            cfg.schedule = va->sch;
            cfg.early_termination = va->et;
            cfg.llr_positive_is_one = va->flip;
            cfg.max_iterations = va->iters;
            cfg.msg_format = fmts[fi];
            cfg.oms_beta = 0.5f;
            if (va->llr_scale > 0)
                cfg.llr_scale = va->llr_scale;
            /* the row orders in turn (they differ for DVB codes; AUTO is H for float, GROUPS
             * for integers): cpu-simd follows the one asked for, as the model and the
             * reference do */
            static const ldpc_row_order orders[] = {LDPC_ROW_ORDER_AUTO, LDPC_ROW_ORDER_WIDE,
                                                    LDPC_ROW_ORDER_H, LDPC_ROW_ORDER_GROUPS,
                                                    LDPC_ROW_ORDER_NARROW,
                                                    LDPC_ROW_ORDER_WIDE_BY_DEGREE,
                                                    LDPC_ROW_ORDER_WIDE_128,
                                                    LDPC_ROW_ORDER_WIDE_64,
                                                    LDPC_ROW_ORDER_PACKED};
            cfg.row_order = orders[(v + (size_t)fi) % (sizeof orders / sizeof orders[0])];
            /* a scale at which int8 messages are too narrow for the code is refused (decoder.c,
             * the quantised limits): nothing to compare in that variant */
            ldpc_decoder *probe;
            cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
            if (ldpc_decoder_create(&probe, code, &cfg) != LDPC_OK) {
                printf("%s variant %zu format %d: refused (%s), skipped\n", name, v,
                       (int)fmts[fi], ldpc_last_error());
                continue;
            }
            ldpc_decoder_destroy(probe);
            run_expected(code, cfg, &f, va->type, want, swant);
            cfg.backend = LDPC_BACKEND_CPU_SIMD;
            for (int i = 0; i < ldpc_simd_isa_count(); i++) {
                const char *isa = usable_isa(i, fmts[fi]);
                if (!isa)
                    continue;
                setenv("LDPCGPU_SIMD_ISA", isa, 1);
                /* the parity check's two forms (the rows write the hard decisions, or the
                 * check reads the APP) and the choice by the APP's size, in turn */
                const char *row_signs[] = {"1", "0", ""};
                const char *rs = row_signs[(v + (size_t)fi + (size_t)i) % 3];
                setenv("LDPCGPU_SIMD_ROW_SIGNS", rs, 1);
                /* the messages as records where the kernel has them (layered int8), as one
                 * vector an edge, or by the state's size (none of these codes is large enough:
                 * one vector an edge) */
                const char *records[] = {"1", "", "0"};
                const char *rec = records[(v + (size_t)fi) % 3];
                setenv("LDPCGPU_SIMD_MSG_RECORDS", rec, 1);
                cfg.num_threads = 1 + (int)((v + i) % 2);
                const char *used = NULL;
                run_decoder(code, cfg, &f, va->type, got, sgot, &used);
                char what[256];
                snprintf(what, sizeof what, "%s variant %zu format %d isa %s threads %d "
                         "rows' signs '%s' records '%s' row order %s", name, v, (int)fmts[fi],
                         isa, cfg.num_threads, rs, rec, ldpc_row_order_name(cfg.row_order));
                CHECK_MSG(!strcmp(used, isa), "%s: kernel used %s", what, used);
                int bad = compare(what, &f, want, swant, got, sgot);
                CHECK_MSG(bad == 0, "%s: %d of %d frames differ from the %s", what, bad, count,
                          fmts[fi] == LDPC_MSG_F32 ? "reference" : "model");
            }
            unsetenv("LDPCGPU_SIMD_ISA");
            unsetenv("LDPCGPU_SIMD_ROW_SIGNS");
            unsetenv("LDPCGPU_SIMD_MSG_RECORDS");
        }
        if (va->flip)
            flip_frames(&f);
    }
    /* the frames really were decoded: the model (int8, default config) fixes most of them */
    {
        ldpc_decoder_config cfg;
        ldpc_decoder_config_init(&cfg);
        cfg.msg_format = LDPC_MSG_I8;
        run_model(code, &cfg, &f, LDPC_LLR_F32, want, swant);
        int ok = 0;
        for (int i = 0; i < count; i++)
            ok += !memcmp(want + (size_t)i * f.n, f.cw + (size_t)i * f.n, (size_t)f.n);
        CHECK_MSG(ok * 2 > count, "%s: only %d of %d frames decoded", name, ok, count);
        printf("%s: %d frames, %d decoded correctly by the int8 model; all kernels agree\n", name,
               count, ok);
    }
    free(want);
    free(got);
    free(swant);
    free(sgot);
    free_frames(&f);
    ldpc_code_destroy(code);
}

/* Frames of mixed difficulty, in an order that mixes them within every group of lanes: clean
 * (6 dB: a check passes after 1 or 2 iterations), noisy (1.5 dB: a few iterations or more) and
 * hopeless (-2 dB: never), erased (every LLR 0), all NaN (erased too: NaN reads as 0) and tiny
 * (|LLR| * 4 < 0.5: erased for integer messages, not for float ones). */
static frames make_mixed_frames(const ldpc_code *code, int count)
{
    frames clean = make_frames(code, count, 6.0, 11), noisy = make_frames(code, count, 1.5, 12);
    frames hopeless = make_frames(code, count, -2.0, 13);
    const int n = clean.n;
    for (int i = 0; i < count; i++) {
        const int kind = (i * 7 + i / 13) % 11;
        float *x = clean.llr + (size_t)i * n;
        int8_t *x8 = clean.llr8 + (size_t)i * n;
        const frames *from = kind >= 3 && kind <= 5 ? &noisy : kind >= 6 && kind <= 7 ? &hopeless
                                                                                      : NULL;
        if (from) {
            memcpy(x, from->llr + (size_t)i * n, (size_t)n * sizeof(float));
            memcpy(x8, from->llr8 + (size_t)i * n, (size_t)n);
            memcpy(clean.cw + (size_t)i * n, from->cw + (size_t)i * n, (size_t)n);
        }
        for (int j = 0; kind >= 8 && j < n; j++) {
            x[j] = kind == 8 ? 0.0f : kind == 9 ? NAN : (j % 2 ? 0.1f : -0.1f);
            x8[j] = 0;
        }
    }
    free_frames(&noisy);
    free_frames(&hopeless);
    return clean;
}

typedef struct refill_variant {
    ldpc_algorithm alg;
    ldpc_schedule sch;
    int iters;
} refill_variant;

/* The lanes of every kernel refilled from a stream of mixed frames: each frame's bits,
 * iterations and parity flag equal the model's (int8, int16) or the reference's (float) for
 * that frame alone, whatever lane and time it was loaded in. */
static void test_refill(const char *name, int count)
{
    ldpc_code *code;
    if (ldpc_code_create(&code, name) != LDPC_OK) {
        printf("note: code %s not available (%s), skipped\n", name, ldpc_last_error());
        return;
    }
    frames f = make_mixed_frames(code, count);
    const int n = f.n;
    const size_t bits = (size_t)count * n;
    uint8_t *want = malloc(bits), *got = malloc(bits);
    ldpc_frame_status *swant = malloc((size_t)count * sizeof *swant);
    ldpc_frame_status *sgot = malloc((size_t)count * sizeof *sgot);
    const refill_variant rv[] = {
        {LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 8},
        {LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_FLOODING, 6},
        {LDPC_ALG_SUM_PRODUCT, LDPC_SCHEDULE_LAYERED, 5}, /* float messages only */
    };
    const ldpc_msg_format fmts[] = {LDPC_MSG_I8, LDPC_MSG_I16, LDPC_MSG_F32};
    int runs = 0, quick = 0, stopped_early = 0, never = 0, erased = 0;
    for (size_t v = 0; v < sizeof rv / sizeof rv[0]; v++)
        for (int fi = 0; fi < 3; fi++)
            for (int et = 1; et >= 0; et--)
                for (int ti = 0; ti < 2; ti++) {
                    if (rv[v].alg == LDPC_ALG_SUM_PRODUCT && fmts[fi] != LDPC_MSG_F32)
                        continue;
                    const ldpc_llr_type type = ti ? LDPC_LLR_I8 : LDPC_LLR_F32;
                    ldpc_decoder_config cfg;
                    ldpc_decoder_config_init(&cfg);
                    cfg.algorithm = rv[v].alg;
                    cfg.schedule = rv[v].sch;
                    cfg.max_iterations = rv[v].iters;
                    cfg.early_termination = et;
                    cfg.msg_format = fmts[fi];
                    cfg.oms_beta = 0.5f;
                    /* batches smaller than a group: a refill takes frames of later batches */
                    cfg.batch_frames = 37;
                    run_expected(code, cfg, &f, type, want, swant);
                    for (int i = 0; i < count; i++) {
                        quick += et && swant[i].iterations <= 2 && swant[i].parity_ok;
                        stopped_early += swant[i].iterations < rv[v].iters;
                        never += !swant[i].parity_ok;
                    }
                    cfg.backend = LDPC_BACKEND_CPU_SIMD;
                    for (int i = 0; i < ldpc_simd_isa_count(); i++) {
                        const char *isa = usable_isa(i, fmts[fi]);
                        if (!isa)
                            continue;
                        setenv("LDPCGPU_SIMD_ISA", isa, 1);
                        for (int threads = 1; threads <= 2; threads++) {
                            const char *rs = (v + (size_t)fi + (size_t)threads) % 2 ? "1" : "";
                            setenv("LDPCGPU_SIMD_ROW_SIGNS", rs, 1);
                            /* a refilled lane's first row reads zero from its record */
                            const char *rec = threads == 1 ? "1" : "";
                            setenv("LDPCGPU_SIMD_MSG_RECORDS", rec, 1);
                            cfg.num_threads = threads;
                            const char *used = NULL;
                            run_decoder(code, cfg, &f, type, got, sgot, &used);
                            char what[256];
                            snprintf(what, sizeof what, "refill %s variant %zu format %d et %d "
                                     "llr %s isa %s threads %d rows' signs '%s' records '%s'",
                                     name, v, (int)fmts[fi], et, ti ? "i8" : "f32", isa, threads,
                                     rs, rec);
                            CHECK_MSG(!strcmp(used, isa), "%s: kernel used %s", what, used);
                            const int bad = compare(what, &f, want, swant, got, sgot);
                            CHECK_MSG(bad == 0, "%s: %d of %d frames differ", what, bad, count);
                            runs++;
                        }
                    }
                    unsetenv("LDPCGPU_SIMD_ISA");
                    unsetenv("LDPCGPU_SIMD_ROW_SIGNS");
                    unsetenv("LDPCGPU_SIMD_MSG_RECORDS");
                }
    /* the mixture is what it claims: frames that stop early, frames that never pass */
    for (int i = 0; i < count; i++)
        erased += ldpc_frame_erased(NULL, LDPC_LLR_F32, f.llr + (size_t)i * n, n);
    CHECK_MSG(quick > 0 && stopped_early > quick && never > 0 && erased > 0,
              "%s: the mixed frames are not mixed (%d decoded in 1-2 iterations, %d stopped "
              "early, %d never passed, %d erased)", name, quick, stopped_early, never, erased);
    printf("refill %s: %d frames, %d runs agree frame by frame (over the configurations: %d "
           "frames decoded in 1-2 iterations, %d stopped early, %d not decoded; %d erased "
           "frames)\n", name, count, runs, quick, stopped_early, never, erased);
    free(want);
    free(got);
    free(swant);
    free(sgot);
    free_frames(&f);
    ldpc_code_destroy(code);
}

/* Batches in flight that differ in their LLR type, iteration limit and early stop (runtime
 * settings between submits): frames of batches with the same settings share a group (lanes of
 * one refill take frames of one type), a batch with other settings waits for the lanes to drain.
 * Every batch's frames as the model decodes them with that batch's settings. */
static void test_refill_mixed_batches(const char *name)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, name));
    const int per = 45, nb = 8, count = per * nb;
    frames f = make_mixed_frames(code, count);
    const int n = f.n;
    uint8_t *want = malloc((size_t)per * n);
    ldpc_frame_status swant[45];
    const ldpc_msg_format fmts[] = {LDPC_MSG_I8, LDPC_MSG_I16};
    int checked = 0;
    for (int fi = 0; fi < 2; fi++)
        for (int i = 0; i < ldpc_simd_isa_count(); i++) {
            const char *isa = usable_isa(i, fmts[fi]);
            if (!isa)
                continue;
            setenv("LDPCGPU_SIMD_ISA", isa, 1);
            /* int8: the messages as records where the kernel has them (with the limits and
             * early stop changing between batches, and lanes refilled across them) */
            setenv("LDPCGPU_SIMD_MSG_RECORDS", fmts[fi] == LDPC_MSG_I8 ? "1" : "", 1);
            ldpc_decoder_config cfg;
            ldpc_decoder_config_init(&cfg);
            cfg.backend = LDPC_BACKEND_CPU_SIMD;
            cfg.msg_format = fmts[fi];
            cfg.batch_frames = per;
            cfg.batches_in_flight = nb;
            cfg.num_threads = 1 + i % 2;
            cfg.output_bits = LDPC_OUTPUT_CODEWORD;
            cfg.output_packing = LDPC_OUTPUT_UNPACKED;
            ldpc_decoder *dec;
            REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
            /* batch b: int8 LLRs when b % 3 == 1, limit 4 + b % 4 (two batches in a row share
             * it), early stop off for batch 5 */
            for (int b = 0; b < nb; b++) {
                ldpc_batch *bt;
                REQUIRE_OK(ldpc_decoder_acquire(dec, &bt));
                REQUIRE_OK(ldpc_decoder_set_max_iterations(dec, 4 + (b / 2) % 4));
                REQUIRE_OK(ldpc_decoder_set_early_termination(dec, b != 5));
                const ldpc_llr_type type = b % 3 == 1 ? LDPC_LLR_I8 : LDPC_LLR_F32;
                if (type == LDPC_LLR_I8)
                    memcpy(ldpc_batch_llr_i8(bt), f.llr8 + (size_t)b * per * n, (size_t)per * n);
                else
                    memcpy(ldpc_batch_llr_f32(bt), f.llr + (size_t)b * per * n,
                           (size_t)per * n * sizeof(float));
                ldpc_batch_set_user(bt, (uint64_t)b);
                REQUIRE_OK(ldpc_decoder_submit(dec, bt, per, type));
            }
            for (int k = 0; k < nb; k++) {
                ldpc_batch *bt = NULL;
                REQUIRE_OK(ldpc_decoder_collect(dec, &bt, 1));
                REQUIRE(bt != NULL);
                const int b = (int)ldpc_batch_user(bt);
                const ldpc_llr_type type = b % 3 == 1 ? LDPC_LLR_I8 : LDPC_LLR_F32;
                ldpc_decoder_config mc = cfg;
                mc.max_iterations = 4 + (b / 2) % 4;
                mc.early_termination = b != 5;
                frames one = f;
                one.count = per;
                one.llr = f.llr + (size_t)b * per * n;
                one.llr8 = f.llr8 + (size_t)b * per * n;
                run_model(code, &mc, &one, type, want, swant);
                char what[160];
                snprintf(what, sizeof what, "refill mixed batches %s format %d isa %s batch %d",
                         name, (int)fmts[fi], isa, b);
                const int bad = compare(what, &one, want, swant, ldpc_batch_output(bt),
                                        ldpc_batch_status(bt));
                CHECK_MSG(bad == 0, "%s: %d of %d frames differ from the model", what, bad, per);
                checked += per;
                ldpc_decoder_release(dec, bt);
            }
            ldpc_decoder_destroy(dec);
            unsetenv("LDPCGPU_SIMD_ISA");
            unsetenv("LDPCGPU_SIMD_MSG_RECORDS");
        }
    printf("refill, mixed batches in flight: %d frames as the model\n", checked);
    free(want);
    free_frames(&f);
    ldpc_code_destroy(code);
}

/* What a conversion check needs to run one kernel's load: the model's parameters for the
 * format, LLR scale (0: the default) and sign convention, and one ISA's kernel with its plan
 * and buffers. */
typedef struct {
    ldpc_fixed_params fp;
    simd_params prm;
    const simd_kernel *k;
    simd_plan plan;
    simd_work w;
} load_rig;

static void load_rig_params(load_rig *r, const ldpc_code *code, ldpc_msg_format fmt, float scale, int flip)
{
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    cfg.msg_format = fmt;
    if (scale > 0)
        cfg.llr_scale = scale;
    cfg.llr_positive_is_one = flip;
    REQUIRE_OK(ldpc_fixed_params_init(&cfg, code, &r->fp));
    ldpc_simd_params_init(&r->prm, &cfg, code);
}

static void load_rig_kernel(load_rig *r, const ldpc_code *code, const char *isa, ldpc_msg_format fmt)
{
    r->k = ldpc_simd_kernel_get(isa, fmt);
    REQUIRE(r->k != NULL);
    REQUIRE_OK(ldpc_simd_plan_init(&r->plan, code, r->k->lanes * r->k->elem_size,
                                   LDPC_ROW_ORDER_GROUPS));
    memset(&r->w, 0, sizeof r->w);
    r->w.app = ldpc_simd_alloc((size_t)ldpc_code_n(code) * r->k->lanes * r->k->elem_size);
    r->w.staging = ldpc_simd_alloc((size_t)SIMD_LOAD_BLOCK * r->k->lanes * r->k->elem_size);
    REQUIRE(r->w.app && r->w.staging);
}

static void load_rig_kernel_free(load_rig *r)
{
    ldpc_simd_free(r->w.app);
    ldpc_simd_free(r->w.staging);
    ldpc_simd_plan_free(&r->plan);
}

/* The input conversion alone: every kernel's load against the model's rule 1 for one float
 * at a time (ldpc_fixed_quantize_f32), on values chosen to break a wrong rounding or clamp:
 * ties k/2 and their float neighbours at every scale step, both sides of the message range,
 * -0, subnormals, NaN, +-Inf, +-FLT_MAX. Scales 4 and 1000 take the kernels' shortcut (clamp *
 * scale beyond the int8 range), 0.1 and (for int16) 4 the general form. */
static void test_conversion(void)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "wimax:576:1/2"));
    const int n = ldpc_code_n(code);
    float *vals = malloc((size_t)SIMD_MAX_LANES * n * sizeof(float));
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 99);
    const float specials[] = {0.0f, -0.0f, NAN, -NAN, INFINITY, -INFINITY, FLT_MAX, -FLT_MAX,
                              1e-40f, -1e-40f, FLT_MIN, 1000.0f, -1000.0f, 1000.5f, -1e30f};
    const int nspecial = (int)(sizeof specials / sizeof specials[0]);
    const float scales[] = {4.0f, 1000.0f, 0.1f};
    const ldpc_msg_format fmts[] = {LDPC_MSG_I8, LDPC_MSG_I16};
    int checked = 0;
    for (int si = 0; si < 3; si++) {
        const float scale = scales[si];
        /* specials first, then the ties (k + 0.5) / scale and their float neighbours for k
         * across the int8 range and across both ends of the int16 range, then random values */
        for (int i = 0; i < SIMD_MAX_LANES * n; i++) {
            const int q = i - nspecial, m = q / 3;
            float v;
            if (i < nspecial) {
                v = specials[i];
            } else if (m < 3 * 281) {
                const int k = m < 281 ? m - 140 : m < 562 ? 32628 + (m - 281) : -32909 + (m - 562);
                v = ((float)k + 0.5f) / scale;
                v = q % 3 == 0 ? v : nextafterf(v, q % 3 == 1 ? INFINITY : -INFINITY);
            } else {
                v = (float)((ldpc_rng_uniform(&rng) - 0.5) * 300.0 / scale);
            }
            vals[i] = v;
        }
        for (int fi = 0; fi < 2; fi++)
            for (int flip = 0; flip < 2; flip++) {
                load_rig r;
                load_rig_params(&r, code, fmts[fi], scale, flip);
                for (int i = 0; i < ldpc_simd_isa_count(); i++) {
                    const char *isa = usable_isa(i, fmts[fi]);
                    if (!isa)
                        continue;
                    load_rig_kernel(&r, code, isa, fmts[fi]);
                    const simd_kernel *k = r.k;
                    simd_input in;
                    in.type = LDPC_LLR_F32;
                    int bad = 0;
                    /* all values pass through some lane: groups of lanes frames in turn */
                    for (int g = 0; g * k->lanes < SIMD_MAX_LANES; g++) {
                        for (int l = 0; l < k->lanes; l++)
                            in.frame[l] = vals + ((size_t)g * k->lanes + l) * n;
                        k->load(&r.plan, &r.prm, &r.w, &in, all_lanes(k));
                        for (int l = 0; l < k->lanes; l++)
                            for (int j = 0; j < n; j++) {
                                const float x = vals[((size_t)g * k->lanes + l) * n + j];
                                const int want = ldpc_fixed_quantize_f32(&r.fp, x);
                                const size_t at = (size_t)j * k->lanes + l;
                                const int got = k->elem_size == 1 ? ((int8_t *)r.w.app)[at]
                                                                  : ((int16_t *)r.w.app)[at];
                                if (got != want && bad++ < 3)
                                    fprintf(stderr, "%s/%d scale %g flip %d: %.9g -> %d, model %d\n",
                                            isa, (int)fmts[fi], scale, flip, x, got, want);
                                checked++;
                            }
                    }
                    CHECK_MSG(bad == 0, "%s format %d scale %g flip %d: %d conversions differ",
                              isa, (int)fmts[fi], scale, flip, bad);
                    load_rig_kernel_free(&r);
                }
            }
    }
    printf("conversion: %d float LLRs converted exactly as the model by every kernel\n", checked);
    free(vals);
    ldpc_code_destroy(code);
}

/* The int8 input's conversion (rule 1: sat(flip ? -x : x)) by every integer kernel's load, both
 * sign conventions, every byte value in every lane: full groups (kernels of 16 lanes or more
 * transpose the bytes straight from the frames, load_x86.h interleave_i8) and groups with an
 * unused lane (the staging path; the unused lane loads zeros). wifi:1944 has 1944 = 121 x 16 + 8
 * columns, so the columns after the last 16 are converted one at a time. */
static void test_conversion_i8(void)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "wifi:1944:1/2"));
    const int n = ldpc_code_n(code);
    int8_t *vals = malloc((size_t)SIMD_MAX_LANES * n);
    REQUIRE(vals);
    for (int i = 0; i < SIMD_MAX_LANES * n; i++)
        vals[i] = (int8_t)(uint8_t)((i * 37 + i / 251) & 0xff); /* every byte in every lane */
    const ldpc_msg_format fmts[] = {LDPC_MSG_I8, LDPC_MSG_I16};
    int checked = 0;
    for (int fi = 0; fi < 2; fi++)
        for (int flip = 0; flip < 2; flip++) {
            load_rig r;
            load_rig_params(&r, code, fmts[fi], 0.0f, flip);
            for (int i = 0; i < ldpc_simd_isa_count(); i++) {
                const char *isa = usable_isa(i, fmts[fi]);
                if (!isa)
                    continue;
                load_rig_kernel(&r, code, isa, fmts[fi]);
                const simd_kernel *k = r.k;
                simd_input in;
                in.type = LDPC_LLR_I8;
                int bad = 0;
                for (int g = 0; g * k->lanes < SIMD_MAX_LANES; g++)
                    for (int partial = 0; partial < 2; partial++) {
                        for (int l = 0; l < k->lanes; l++)
                            in.frame[l] = partial && l == k->lanes - 1
                                              ? NULL
                                              : vals + ((size_t)g * k->lanes + l) * n;
                        k->load(&r.plan, &r.prm, &r.w, &in, all_lanes(k));
                        for (int l = 0; l < k->lanes; l++)
                            for (int j = 0; j < n; j++) {
                                const int want =
                                    in.frame[l] ? ldpc_fixed_quantize_i8(&r.fp, ((const int8_t *)in.frame[l])[j]) : 0;
                                const int got = ((int16_t *)r.w.app)[(size_t)j * k->lanes + l];
                                if (got != want && bad++ < 3)
                                    fprintf(stderr, "%s/%d flip %d partial %d lane %d column %d: %d, model %d\n",
                                            isa, (int)fmts[fi], flip, partial, l, j, got, want);
                                checked++;
                            }
                    }
                CHECK_MSG(bad == 0, "%s format %d flip %d: %d int8 conversions differ", isa,
                          (int)fmts[fi], flip, bad);
                load_rig_kernel_free(&r);
            }
        }
    printf("conversion: %d int8 LLRs converted exactly as the model by every integer kernel\n", checked);
    free(vals);
    ldpc_code_destroy(code);
}

/* Which plans keep their messages as records (ldpc_simd_plan_messages): the layered int8
 * kernels that have them, on codes whose group state is large and whose rows are long enough
 * for a record to be smaller. */
static void test_records_choice(void)
{
    static const struct {
        const char *code;
        ldpc_schedule schedule;
        int want;
    } cases[] = {
        {"dvbs2:64800:1/2", LDPC_SCHEDULE_LAYERED, 1},  /* 22.8 MB; 4 vectors a row of 7 */
        {"dvbs2:64800:9/10", LDPC_SCHEDULE_LAYERED, 1}, /* 7 a row of 30 */
        {"dvbs2:64800:1/2", LDPC_SCHEDULE_FLOODING, 0}, /* flooding sums messages by column */
        {"dvbs2:64800:1/4", LDPC_SCHEDULE_LAYERED, 0},  /* rows of 4: a record is 4 vectors */
        {"wimax:2304:1/2", LDPC_SCHEDULE_LAYERED, 0},   /* 0.7 MB: in a core's L2 */
        {"dvbs2:16200:8/9", LDPC_SCHEDULE_LAYERED, 0},  /* 4.9 MB: in a shared L3 */
        {"nr:8448:25344", LDPC_SCHEDULE_LAYERED, 0},    /* 10.6 MB: measured slower with them */
    };
    unsetenv("LDPCGPU_SIMD_MSG_RECORDS");
    for (int i = 0; i < ldpc_simd_isa_count(); i++) {
        const simd_kernel *k = ldpc_simd_kernel_get(ldpc_simd_isa_name(i), LDPC_MSG_I8);
        if (!k)
            continue;
        for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
            ldpc_code *code;
            REQUIRE_OK(ldpc_code_create(&code, cases[c].code));
            simd_plan p;
            REQUIRE_OK(ldpc_simd_plan_init(&p, code, k->lanes * k->elem_size, LDPC_ROW_ORDER_GROUPS));
            ldpc_simd_plan_messages(&p, k, cases[c].schedule);
            const int want = cases[c].want && k->records;
            CHECK_MSG(p.msg_records == want, "%s %s %s: records %d, want %d", k->isa,
                      cases[c].code, cases[c].schedule == LDPC_SCHEDULE_LAYERED ? "layered" : "flooding",
                      p.msg_records, want);
            ldpc_simd_plan_free(&p);
            ldpc_code_destroy(code);
        }
        /* a row of 257 edges: its edge index would not fit a record's byte, even when asked */
        enum { WIDE_ROW = 257 };
        int rp[2] = {0, WIDE_ROW}, ci[WIDE_ROW];
        for (int j = 0; j < WIDE_ROW; j++)
            ci[j] = j;
        ldpc_code *wide;
        REQUIRE_OK(ldpc_code_from_rows(&wide, "one row of 257", WIDE_ROW, 1, rp, ci));
        simd_plan p;
        REQUIRE_OK(ldpc_simd_plan_init(&p, wide, k->lanes * k->elem_size, LDPC_ROW_ORDER_H));
        setenv("LDPCGPU_SIMD_MSG_RECORDS", "1", 1);
        ldpc_simd_plan_messages(&p, k, LDPC_SCHEDULE_LAYERED);
        unsetenv("LDPCGPU_SIMD_MSG_RECORDS");
        CHECK_MSG(p.msg_records == 0, "%s: records on a row of %d edges", k->isa, WIDE_ROW);
        ldpc_simd_plan_free(&p);
        ldpc_code_destroy(wide);
        printf("kernel %s: %s\n", k->isa, k->records ? "records where the state is large" : "no records");
    }
}

int main(void)
{
#ifdef SIMD_TEST_AVX512_EMULATED
    REQUIRE(ldpc_simd_register_isa(ONLY_ISA, &ldpc_simd_kernel_avx512emu_f32,
                                   &ldpc_simd_kernel_avx512emu_i8,
                                   &ldpc_simd_kernel_avx512emu_i16) == 0);
#endif
    for (int i = 0; i < ldpc_simd_isa_count(); i++)
        printf("kernel %s: %s\n", ldpc_simd_isa_name(i),
               ldpc_simd_isa_supported(ldpc_simd_isa_name(i)) ? "tested" : "not run by this CPU");
    test_conversion();
    test_conversion_i8();
    test_records_choice();
    test_code("wimax:576:1/2", 101, 2.0);
    test_code("wifi:1944:1/2", 70, 1.8);
    test_code("wimax:2304:5/6", 67, 3.5);
    test_code("dvbs2:16200:8/9", 35, 4.0);
    /* 5G NR BG2, rate-matched: the decode graph (26 of 42 block rows; int8 messages store
     * bytes) with rows of degree 3 to 10 */
    test_code("nr:1000:1500", 60, 8.0);
    /* three groups of the widest kernel and a part; a code large enough for the parity check's
     * row-written form (LDPCGPU_SIMD_ROW_SIGNS=1) and the int8 refill's tail columns (576 =
     * 36 x 16, 1944 = 121 x 16 + 8) */
    test_refill("wimax:576:1/2", 3 * 64 + 17);
    test_refill("wifi:1944:1/2", 2 * 64 + 9);
    test_refill_mixed_batches("wimax:576:1/2");
    return test_finish("test_simd_exact");
}
