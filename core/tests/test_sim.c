/* The simulator object (include/ldpcgpu/sim.h) on the host channel:
 *  - ldpc_sim_make_frame: codewords with H*c = 0 carrying the frame's information bits at the
 *    code's information positions (WiMAX, WiFi, DVB-T2, an alist code), reproducible, the
 *    all-zero option; channel LLRs with mean 2/sigma^2 * s and variance 4/sigma^2;
 *  - ldpc_sim_run counts exactly what decoding make_frame's frames one by one gives;
 *  - disjoint frame ranges add: counts of [0, N) = [0, a) + [a, N);
 *  - the same counts with 1, 2 and 3 threads and in the batches mode (the cuda decoder's host
 *    path) as in the threads mode;
 *  - the stop rule: the frames counted are first .. first + frames - 1, the last of them is the
 *    error that reached the limit, the same call gives the same counts, counts held on entry
 *    count towards the limit;
 *  - FER at WiMAX 2304 r1/2 1.5 dB within a stated bound of the former simulate command's
 *    (40000 frames, cpu-simd, float, oms defaults, 10 iterations: 8546 frame errors, FER 0.2137);
 *  - all-zero codewords give the random codewords' FER (symmetric decoder) within a bound;
 *  - int8 LLRs: ldpc_llr_quantize_i8 of the channel's LLRs decoded as int8, the saturated count
 *    equal to ldpc_decoder_count_saturated_f32 over the same LLRs;
 *  - bad arguments are reported, not crashes. */
#include <math.h>
#include <string.h>
#include "test_util.h"
#include "sim_internal.h"

static ldpc_code *make_code(const char *name)
{
    ldpc_code *c = NULL;
    REQUIRE_OK(ldpc_code_create(&c, name));
    return c;
}

/* An alist copy of a WiMAX code: the generic encoder, information bits chosen by elimination. */
static ldpc_code *make_alist_code(void)
{
    ldpc_code *w = make_code("wimax:576:1/2"), *c = NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    REQUIRE(f);
    REQUIRE_OK(ldpc_code_write_alist(w, f));
    fclose(f);
    REQUIRE_OK(ldpc_code_from_alist_string(&c, text, len));
    free(text);
    ldpc_code_destroy(w);
    return c;
}

static void test_make_frame(ldpc_code *code, double ebn0)
{
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    uint8_t *info = malloc((size_t)k), *cw = malloc((size_t)n), *cw2 = malloc((size_t)n);
    float *llr = malloc(sizeof(float) * n), *llr2 = malloc(sizeof(float) * n);
    REQUIRE(info && cw && cw2 && llr && llr2);
    const int *pos = ldpc_code_info_positions(code);
    ldpc_sim_config cfg;
    ldpc_sim_config_init(&cfg);
    cfg.seed = 99;
    const double sigma = ldpc_awgn_sigma(ebn0, (double)k / n);
    double s1 = 0, s2 = 0;
    long count = 0, ones = 0;
    for (uint64_t f = 0; f < 12; f++) {
        const uint64_t frame = f < 10 ? f : (1ull << 40) + f;
        REQUIRE_OK(ldpc_sim_make_frame(code, &cfg, ebn0, frame, info, cw, llr));
        CHECK_MSG(ldpc_code_syndrome_weight(code, cw) == 0, "%s frame %llu: H*c != 0",
                  ldpc_code_name(code), (unsigned long long)frame);
        int moved = 0;
        for (int i = 0; i < k; i++)
            moved += cw[pos[i]] != info[i];
        CHECK_MSG(!moved, "%s: %d information bits not at their positions", ldpc_code_name(code), moved);
        for (int i = 0; i < k; i++)
            ones += info[i];
        for (int i = 0; i < n; i++) {
            const double y = llr[i] * (cw[i] ? -1.0 : 1.0); /* = 2/sigma^2 (1 + sigma n) */
            s1 += y;
            s2 += y * y;
            count++;
        }
        /* reproducible, and only the requested outputs written */
        REQUIRE_OK(ldpc_sim_make_frame(code, &cfg, ebn0, frame, NULL, cw2, NULL));
        CHECK(!memcmp(cw, cw2, (size_t)n));
        REQUIRE_OK(ldpc_sim_make_frame(code, &cfg, ebn0, frame, NULL, NULL, llr2));
        CHECK(!memcmp(llr, llr2, sizeof(float) * n));
    }
    const double mean = s1 / count, var = s2 / count - mean * mean;
    const double want_mean = 2.0 / (sigma * sigma), want_var = 4.0 / (sigma * sigma);
    /* 5 standard errors: the mean's sd is sqrt(var/count), the variance's sqrt(2/count) var */
    CHECK_MSG(fabs(mean - want_mean) < 5 * sqrt(want_var / count), "%s: LLR mean %g, want %g",
              ldpc_code_name(code), mean, want_mean);
    CHECK_MSG(fabs(var / want_var - 1) < 5 * sqrt(2.0 / count), "%s: LLR variance %g, want %g",
              ldpc_code_name(code), var, want_var);
    CHECK_MSG(fabs((double)ones / (12.0 * k) - 0.5) < 5 * 0.5 / sqrt(12.0 * k),
              "%s: share of ones %g", ldpc_code_name(code), (double)ones / (12.0 * k));
    /* another frame or seed: other bits */
    REQUIRE_OK(ldpc_sim_make_frame(code, &cfg, ebn0, 1, NULL, cw2, NULL));
    REQUIRE_OK(ldpc_sim_make_frame(code, &cfg, ebn0, 2, NULL, cw, NULL));
    CHECK(memcmp(cw, cw2, (size_t)n) != 0);
    /* all-zero: zeros, LLRs positive on average */
    cfg.codeword = LDPC_SIM_ALL_ZERO;
    REQUIRE_OK(ldpc_sim_make_frame(code, &cfg, ebn0, 3, info, cw, llr));
    int nz = 0;
    double sum = 0;
    for (int i = 0; i < k; i++)
        nz += info[i] != 0;
    for (int i = 0; i < n; i++) {
        nz += cw[i] != 0;
        sum += llr[i];
    }
    CHECK(nz == 0 && sum > 0);
    free(info);
    free(cw);
    free(cw2);
    free(llr);
    free(llr2);
}

static float llr_scale = 4.0f; /* of the simulators make_sim creates */

static ldpc_sim *make_sim(const ldpc_code *code, ldpc_llr_type t, int threads, ldpc_sim_mode mode,
                          ldpc_sim_codeword cwt, ldpc_msg_format msg)
{
    ldpc_decoder_config dc;
    ldpc_decoder_config_init(&dc);
    /* the references below (the former simulate command's FER) were measured at 10 iterations,
     * the default then */
    dc.max_iterations = 10;
    dc.backend = LDPC_BACKEND_CPU_SIMD;
    dc.msg_format = msg;
    dc.llr_scale = llr_scale;
    ldpc_sim_config sc;
    ldpc_sim_config_init(&sc);
    sc.seed = 5;
    sc.llr_type = t;
    sc.num_threads = threads;
    sc.codeword = cwt;
    ldpc_sim *sim = NULL;
    REQUIRE_OK(ldpc_sim_create_mode(&sim, code, &dc, &sc, mode));
    CHECK(!strcmp(ldpc_sim_channel_name(sim), "cpu"));
    return sim;
}

static int counts_equal(const ldpc_sim_counts *a, const ldpc_sim_counts *b)
{
    return a->frames == b->frames && a->bit_errors == b->bit_errors &&
           a->frame_errors == b->frame_errors && a->parity_failures == b->parity_failures &&
           a->undetected == b->undetected && a->iterations == b->iterations &&
           a->saturated == b->saturated;
}

static void add_counts(ldpc_sim_counts *a, const ldpc_sim_counts *b)
{
    a->frames += b->frames;
    a->bit_errors += b->bit_errors;
    a->frame_errors += b->frame_errors;
    a->parity_failures += b->parity_failures;
    a->undetected += b->undetected;
    a->iterations += b->iterations;
    a->saturated += b->saturated;
}

static void print_counts(const char *what, const ldpc_sim_counts *c)
{
    printf("%-34s frames %llu bit errors %llu frame errors %llu parity fails %llu undetected %llu "
           "iterations %llu saturated %llu\n",
           what, (unsigned long long)c->frames, (unsigned long long)c->bit_errors,
           (unsigned long long)c->frame_errors, (unsigned long long)c->parity_failures,
           (unsigned long long)c->undetected, (unsigned long long)c->iterations,
           (unsigned long long)c->saturated);
}

static ldpc_sim_counts run(ldpc_sim *sim, double ebn0, uint64_t first, uint64_t frames,
                           uint64_t stop)
{
    ldpc_sim_counts c;
    memset(&c, 0, sizeof c);
    REQUIRE_OK(ldpc_sim_run(sim, ebn0, first, frames, stop, &c));
    return c;
}

/* ldpc_sim_run's counts = make_frame + decode + compare, frame by frame. */
static void test_counts_are_the_frames(const ldpc_code *code, ldpc_llr_type t, double ebn0)
{
    enum { FRAMES = 96 };
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    ldpc_sim *sim = make_sim(code, t, 2, LDPC_SIM_MODE_AUTO, LDPC_SIM_RANDOM, LDPC_MSG_F32);
    ldpc_decoder *dec = NULL;
    REQUIRE_OK(ldpc_decoder_create(&dec, code, ldpc_decoder_config_get(ldpc_sim_decoder(sim))));
    const float scale = ldpc_decoder_config_get(dec)->llr_scale;
    CHECK(scale == llr_scale);
    ldpc_sim_counts want;
    memset(&want, 0, sizeof want);
    uint8_t *info = malloc((size_t)k), *cw = malloc((size_t)n), *out = malloc((size_t)k);
    float *llr = malloc(sizeof(float) * n);
    int8_t *q = malloc((size_t)n);
    REQUIRE(info && cw && out && llr && q);
    for (uint64_t f = 1000; f < 1000 + FRAMES; f++) {
        REQUIRE_OK(ldpc_sim_make_frame(code, ldpc_sim_config_get(sim), ebn0, f, info, cw, llr));
        uint64_t sat = 0;
        REQUIRE_OK(ldpc_decoder_count_saturated_f32(dec, llr, (size_t)n, &sat));
        ldpc_frame_status st;
        if (t == LDPC_LLR_I8) {
            ldpc_llr_quantize_i8(llr, (size_t)n, scale, q);
            REQUIRE_OK(ldpc_decoder_decode_i8(dec, q, 1, out, &st));
        } else {
            REQUIRE_OK(ldpc_decoder_decode_f32(dec, llr, 1, out, &st));
        }
        int e = 0;
        for (int i = 0; i < k; i++)
            e += info[i] != out[i];
        want.frames++;
        want.bit_errors += (uint64_t)e;
        want.frame_errors += e > 0;
        want.parity_failures += !st.parity_ok;
        want.undetected += e > 0 && st.parity_ok;
        want.iterations += (uint64_t)st.iterations;
        want.saturated += sat;
    }
    const ldpc_sim_counts got = run(sim, ebn0, 1000, FRAMES, 0);
    print_counts(t == LDPC_LLR_I8 ? "frames one by one (int8 LLRs)" : "frames one by one", &want);
    CHECK(counts_equal(&got, &want));
    CHECK(want.frame_errors > 0 && want.frame_errors < FRAMES); /* the point is informative */
    if (scale >= LDPC_LLR_SCALE_MAX)
        CHECK(want.saturated > 0); /* LLRs beyond 127 / scale exist at this scale */
    free(info);
    free(cw);
    free(out);
    free(llr);
    free(q);
    ldpc_decoder_destroy(dec);
    ldpc_sim_destroy(sim);
}

static void test_ranges_threads_modes(const ldpc_code *code)
{
    const double ebn0 = 1.5;
    const uint64_t N = 300;
    ldpc_sim *one = make_sim(code, LDPC_LLR_F32, 1, LDPC_SIM_MODE_AUTO, LDPC_SIM_RANDOM, LDPC_MSG_F32);
    const ldpc_sim_counts all = run(one, ebn0, 0, N, 0);
    print_counts("[0, 300) one thread", &all);
    CHECK(all.frames == N && all.frame_errors > 10 && all.frame_errors < N - 10);
    /* disjoint ranges add, wherever they are cut */
    const uint64_t cuts[] = {1, 37, 150, 299};
    for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
        ldpc_sim_counts sum = run(one, ebn0, 0, cuts[i], 0);
        const ldpc_sim_counts rest = run(one, ebn0, cuts[i], N - cuts[i], 0);
        add_counts(&sum, &rest);
        CHECK_MSG(counts_equal(&sum, &all), "[0,%llu) + [%llu,300) differ from [0,300)",
                  (unsigned long long)cuts[i], (unsigned long long)cuts[i]);
    }
    /* threads and modes */
    const int threads[] = {2, 3};
    for (int i = 0; i < 2; i++) {
        ldpc_sim *s = make_sim(code, LDPC_LLR_F32, threads[i], LDPC_SIM_MODE_AUTO,
                               LDPC_SIM_RANDOM, LDPC_MSG_F32);
        const ldpc_sim_counts c = run(s, ebn0, 0, N, 0);
        CHECK_MSG(counts_equal(&c, &all), "%d threads differ from one", threads[i]);
        ldpc_sim_destroy(s);
    }
    ldpc_sim *b = make_sim(code, LDPC_LLR_F32, 3, LDPC_SIM_MODE_HOST_BATCHES, LDPC_SIM_RANDOM,
                           LDPC_MSG_F32);
    ldpc_sim_counts cb = run(b, ebn0, 0, N, 0);
    CHECK_MSG(counts_equal(&cb, &all), "the batches mode differs from the threads mode");
    ldpc_sim_destroy(b);
    /* int8 LLRs too */
    ldpc_sim *i1 = make_sim(code, LDPC_LLR_I8, 1, LDPC_SIM_MODE_AUTO, LDPC_SIM_RANDOM, LDPC_MSG_I8);
    ldpc_sim *i2 = make_sim(code, LDPC_LLR_I8, 2, LDPC_SIM_MODE_HOST_BATCHES, LDPC_SIM_RANDOM, LDPC_MSG_I8);
    const ldpc_sim_counts c1 = run(i1, ebn0, 7, N, 0), c2 = run(i2, ebn0, 7, N, 0);
    CHECK(counts_equal(&c1, &c2) && c1.frames == N);
    ldpc_sim_destroy(i1);
    ldpc_sim_destroy(i2);
    ldpc_sim_destroy(one);
}

static void test_stop_rule(const ldpc_code *code)
{
    const double ebn0 = 1.5;
    const uint64_t stop = 25;
    for (int mode = 0; mode < 3; mode++) {
        const int threads = mode == 0 ? 1 : 2;
        ldpc_sim *s = make_sim(code, LDPC_LLR_F32, threads,
                               mode == 2 ? LDPC_SIM_MODE_HOST_BATCHES : LDPC_SIM_MODE_AUTO,
                               LDPC_SIM_RANDOM, LDPC_MSG_F32);
        const ldpc_sim_counts a = run(s, ebn0, 11, 100000, stop);
        const ldpc_sim_counts b = run(s, ebn0, 11, 100000, stop);
        CHECK_MSG(counts_equal(&a, &b), "mode %d: the same call gave other counts", mode);
        /* the host channel stops at the frame that reaches the limit: the frames before it
         * hold one error fewer, and no frame after it is counted */
        CHECK_MSG(a.frame_errors == stop && a.frames < 100000, "mode %d: %llu errors in %llu frames",
                  mode, (unsigned long long)a.frame_errors, (unsigned long long)a.frames);
        const ldpc_sim_counts before = run(s, ebn0, 11, a.frames - 1, 0);
        CHECK(before.frame_errors == stop - 1);
        const ldpc_sim_counts whole = run(s, ebn0, 11, a.frames, 0);
        CHECK(counts_equal(&whole, &a));
        /* counts held on entry count towards the limit; a limit already reached runs nothing */
        ldpc_sim_counts c;
        memset(&c, 0, sizeof c);
        c.frame_errors = stop - 5;
        REQUIRE_OK(ldpc_sim_run(s, ebn0, 11, 100000, stop, &c));
        const ldpc_sim_counts five = run(s, ebn0, 11, 100000, 5);
        CHECK(c.frame_errors == stop && c.frames == five.frames);
        const ldpc_sim_counts held = c;
        REQUIRE_OK(ldpc_sim_run(s, ebn0, 500, 1000, stop, &c));
        CHECK(counts_equal(&c, &held));
        REQUIRE_OK(ldpc_sim_run(s, ebn0, 500, 0, 0, &c));
        CHECK(counts_equal(&c, &held));
        if (mode == 1)
            print_counts("stop at 25 errors from frame 11", &a);
        ldpc_sim_destroy(s);
    }
}

/* FER of WiMAX 2304 r1/2 at 1.5 dB against the former simulate command (its own RNG:
 * 8546 errors in 40000 frames, p = 0.2137, sd of that estimate 0.002), and all-zero codewords
 * and int8 LLRs at the same point. */
static void test_fer(void)
{
    ldpc_code *code = make_code("wimax:2304:1/2");
    const uint64_t N = 3000;
    const double p0 = 8546.0 / 40000.0;
    /* 4 sd of our estimate plus 3 of the reference's */
    const double bound = 4 * sqrt(p0 * (1 - p0) / N) + 3 * sqrt(p0 * (1 - p0) / 40000.0);
    ldpc_sim *s = make_sim(code, LDPC_LLR_F32, 0, LDPC_SIM_MODE_AUTO, LDPC_SIM_RANDOM, LDPC_MSG_F32);
    ldpc_sim_print(s, stdout);
    const ldpc_sim_counts r = run(s, 1.5, 0, N, 0);
    const double fer = (double)r.frame_errors / N;
    printf("WiMAX 2304 r1/2 1.5 dB: FER %.4f (former simulate 0.2137, bound +-%.4f)\n", fer, bound);
    CHECK(fabs(fer - p0) < bound);
    ldpc_sim_destroy(s);

    ldpc_sim *z = make_sim(code, LDPC_LLR_F32, 0, LDPC_SIM_MODE_AUTO, LDPC_SIM_ALL_ZERO, LDPC_MSG_F32);
    const ldpc_sim_counts rz = run(z, 1.5, 0, N, 0);
    const double ferz = (double)rz.frame_errors / N;
    printf("  all-zero codewords: FER %.4f\n", ferz);
    /* two independent estimates of the same p: 4 sd of their difference */
    CHECK(fabs(ferz - fer) < 4 * sqrt(2 * p0 * (1 - p0) / N));
    ldpc_sim_destroy(z);

    ldpc_sim *q = make_sim(code, LDPC_LLR_I8, 0, LDPC_SIM_MODE_AUTO, LDPC_SIM_RANDOM, LDPC_MSG_F32);
    const ldpc_sim_counts rq = run(q, 1.5, 0, N, 0);
    const double ferq = (double)rq.frame_errors / N;
    printf("  int8 LLRs (scale 4): FER %.4f\n", ferq);
    /* the same frames at 1/4 LLR resolution: no worse than 1.2x float's, plus 4 sd */
    CHECK(ferq < 1.2 * fer + 4 * sqrt(p0 / N) && ferq > 0.5 * fer);
    ldpc_sim_destroy(q);
    ldpc_code_destroy(code);
}

static void test_errors(const ldpc_code *code)
{
    ldpc_sim *s = NULL;
    ldpc_sim_config sc;
    ldpc_sim_counts c;
    memset(&c, 0, sizeof c);
    CHECK(ldpc_sim_create(NULL, code, NULL, NULL) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_sim_create(&s, NULL, NULL, NULL) == LDPC_ERR_INVALID_ARGUMENT && !s);
    ldpc_sim_config_init(&sc);
    sc.codeword = (ldpc_sim_codeword)5;
    CHECK(ldpc_sim_create(&s, code, NULL, &sc) == LDPC_ERR_INVALID_ARGUMENT && !s);
    CHECK(strstr(ldpc_last_error(), "codeword") != NULL);
    ldpc_sim_config_init(&sc);
    sc.llr_type = (ldpc_llr_type)7;
    CHECK(ldpc_sim_create(&s, code, NULL, &sc) == LDPC_ERR_INVALID_ARGUMENT && !s);
    ldpc_sim_config_init(&sc);
    sc.num_threads = -1;
    CHECK(ldpc_sim_create(&s, code, NULL, &sc) == LDPC_ERR_INVALID_ARGUMENT && !s);
    ldpc_sim_config_init(&sc);
    sc.llr_type = LDPC_LLR_I8;
    ldpc_decoder_config dc;
    ldpc_decoder_config_init(&dc);
    dc.llr_scale = 0.5f;
    CHECK(ldpc_sim_create(&s, code, &dc, &sc) == LDPC_ERR_INVALID_ARGUMENT && !s);
    dc.llr_scale = 4.0f;
    dc.max_iterations = -3; /* the decoder's own check comes through */
    CHECK(ldpc_sim_create(&s, code, &dc, &sc) < 0 && !s);

    REQUIRE_OK(ldpc_sim_create(&s, code, NULL, NULL));
    CHECK(ldpc_sim_run(NULL, 1.0, 0, 10, 0, &c) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_sim_run(s, 1.0, 0, 10, 0, NULL) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_sim_run(s, NAN, 0, 10, 0, &c) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_sim_run(s, INFINITY, 0, 10, 0, &c) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_sim_run(s, 1.0, UINT64_MAX - 5, 10, 0, &c) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(c.frames == 0);
    CHECK(ldpc_sim_run(s, 1.0, UINT64_MAX - 10, 10, 0, &c) == LDPC_OK && c.frames == 10);
    CHECK(ldpc_sim_make_frame(NULL, NULL, 1.0, 0, NULL, NULL, NULL) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_sim_make_frame(code, NULL, NAN, 0, NULL, NULL, NULL) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_sim_decoder(NULL) == NULL && ldpc_sim_config_get(NULL) == NULL);
    CHECK(!strcmp(ldpc_sim_channel_name(NULL), ""));
    ldpc_sim_print(NULL, stdout);
    ldpc_sim_destroy(NULL);
    ldpc_sim_config_init(NULL);
    ldpc_sim_destroy(s);
}

/* ldpc_sim_make_frames is ldpc_sim_make_frame frame by frame (any start, NULL outputs), and
 * ldpc_sim_info_bits / ldpc_sim_channel_llrs give the same bits / LLRs; argument errors are
 * reported. */
static void test_make_frames(ldpc_code *code, double ebn0)
{
    enum { F = 5 };
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    uint8_t *info = malloc((size_t)F * k), *cw = malloc((size_t)F * n), *one = malloc((size_t)n);
    float *llr = malloc(sizeof(float) * F * n), *llr2 = malloc(sizeof(float) * F * n);
    REQUIRE(info && cw && one && llr && llr2);
    ldpc_sim_config cfg;
    ldpc_sim_config_init(&cfg);
    cfg.seed = 7;
    const uint64_t first = 1000;
    REQUIRE_OK(ldpc_sim_make_frames(code, &cfg, ebn0, first, F, info, cw, llr));
    for (int f = 0; f < F; f++) {
        REQUIRE_OK(ldpc_sim_make_frame(code, &cfg, ebn0, first + (uint64_t)f, NULL, one, llr2));
        CHECK_MSG(!memcmp(one, cw + (size_t)f * n, (size_t)n) &&
                      !memcmp(llr2, llr + (size_t)f * n, sizeof(float) * n),
                  "%s: frame %d of make_frames differs from make_frame", ldpc_code_name(code), f);
    }
    REQUIRE_OK(ldpc_sim_channel_llrs(code, &cfg, ebn0, first, F, cw, llr2));
    CHECK(!memcmp(llr, llr2, sizeof(float) * F * n));
    uint8_t *bits = malloc((size_t)F * k);
    REQUIRE(bits);
    REQUIRE_OK(ldpc_sim_info_bits(code, &cfg, first, F, bits));
    CHECK(!memcmp(bits, info, (size_t)F * k));
    CHECK(ldpc_sim_info_bits(code, &cfg, first, 1, NULL) == LDPC_ERR_INVALID_ARGUMENT);
    free(bits);
    memset(llr2, 0, sizeof(float) * F * n);
    REQUIRE_OK(ldpc_sim_make_frames(code, &cfg, ebn0, first, F, NULL, NULL, llr2));
    CHECK(!memcmp(llr, llr2, sizeof(float) * F * n));
    /* all-zero codewords: NULL codewords in the channel */
    ldpc_sim_config zero = cfg;
    zero.codeword = LDPC_SIM_ALL_ZERO;
    REQUIRE_OK(ldpc_sim_make_frames(code, &zero, ebn0, first, F, info, cw, llr));
    REQUIRE_OK(ldpc_sim_channel_llrs(code, &cfg, ebn0, first, F, NULL, llr2));
    CHECK(!memcmp(llr, llr2, sizeof(float) * F * n));
    REQUIRE_OK(ldpc_sim_make_frames(code, &cfg, ebn0, first, 0, NULL, NULL, NULL));
    CHECK(ldpc_sim_make_frames(code, &cfg, ebn0, first, -1, info, cw, llr) ==
          LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_sim_make_frames(NULL, &cfg, ebn0, first, 1, info, cw, llr) ==
          LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_sim_channel_llrs(code, &cfg, ebn0, first, 1, cw, NULL) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_sim_channel_llrs(code, &cfg, NAN, first, 1, cw, llr) == LDPC_ERR_INVALID_ARGUMENT);
    free(info);
    free(cw);
    free(one);
    free(llr);
    free(llr2);
}

int main(void)
{
    if (!ldpc_backend_available(LDPC_BACKEND_CPU_SIMD))
        return test_skip("no cpu-simd backend");
    const char *names[] = {"wimax:2304:1/2", "wifi:648:5/6", "dvbt2:16200:3/5"};
    for (int i = 0; i < 3; i++) {
        ldpc_code *c = make_code(names[i]);
        test_make_frame(c, 2.0);
        test_make_frames(c, 2.0);
        ldpc_code_destroy(c);
    }
    ldpc_code *alist = make_alist_code();
    test_make_frame(alist, 2.0);
    test_make_frames(alist, 2.0);
    test_counts_are_the_frames(alist, LDPC_LLR_F32, 1.5);

    ldpc_code *small = make_code("wimax:576:1/2");
    test_counts_are_the_frames(small, LDPC_LLR_F32, 1.5);
    /* int8 holds LLRs up to 15.9 at the largest scale: a high-rate code in its waterfall
     * (Es/N0 1.9, LLR mean 7.6) has about 2% beyond it at 3.6 dB */
    llr_scale = LDPC_LLR_SCALE_MAX;
    ldpc_code *high = make_code("wimax:576:5/6");
    test_counts_are_the_frames(high, LDPC_LLR_I8, 3.6);
    test_counts_are_the_frames(high, LDPC_LLR_F32, 3.6); /* counted for float LLRs too */
    ldpc_code_destroy(high);
    llr_scale = 4.0f;
    test_ranges_threads_modes(small);
    test_ranges_threads_modes(alist);
    test_stop_rule(small);
    test_fer();
    test_errors(small);
    ldpc_code_destroy(small);
    ldpc_code_destroy(alist);
    return test_finish("test_sim");
}
