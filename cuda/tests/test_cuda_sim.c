/* test_cuda_sim: the simulator's GPU channel (cuda/sim_*.cu) against the host.
 *
 *  1. cuRAND's Philox quads as the kernels draw them == ldpc_philox4x32_10 (sim_frame.h), bit
 *     for bit, frames and quads past 2^32 included.
 *  2. GPU codewords == the CPU encoder's (through ldpc_sim_make_frame) on WiMAX, WiFi, DVB-S2
 *     and DVB-T2 codes of several rates; GPU float LLRs == the host's within float tolerance;
 *     int8 LLRs equal except at rounding boundaries (each such LLR off by one, a bounded share);
 *     the all-zero codeword on an irregular code with odd n (any code, scalar stores);
 *     random codewords of that code are refused (LDPC_ERR_UNSUPPORTED). The same for QPSK and
 *     16/64/256-QAM (exact and max-log LLRs: the demapper's rule on the device).
 *  3. The counts of a GPU run == counts made on the host from the same GPU LLRs decoded by the
 *     same cuda decoder through the ordinary API and the sent bits of ldpc_sim_make_frame:
 *     exact, with several batches in flight and a partial last batch, early stop on and off,
 *     f32 and int8 LLRs and messages, both LLR sign conventions, information bits not a
 *     multiple of 32 (WiFi 648), information positions not the prefix (all-zero, irregular),
 *     16-QAM and 64-QAM.
 *  4. The GPU simulator == the host simulator with the CPU decoder (ldpc_sim_run) over the same
 *     frames: int8 LLRs and int8 messages (bit-exact arithmetic on both) give equal counts
 *     wherever the frames' int8 LLRs agree; each frame whose LLRs differ (rounding boundaries)
 *     may change each count by at most one frame's worth. Float: frame errors within 3 + 2%.
 *     BPSK, 16-QAM (int8) and 64-QAM (float).
 *  5. Disjoint ranges add up to the whole range; the same call gives the same counts.
 *  6. Stop rule: the run stops after the batch that reaches the frame errors, plus the batches
 *     in flight; frames are a contiguous range; a count already at the stop runs nothing.
 *  7. A device list (--device 0,1 of the tool): with two contexts of device 0 (one GPU here)
 *     the lanes and the channel spread over both, and the counts equal one device's.
 *  8. The i8-table noise with the cuda decoder: the host makes the frames (channel "cpu"), and
 *     the counts equal the CPU decoder's on the same frames exactly (int8 arithmetic is the
 *     same on both).
 * LDPCGPU_SIM_TEST_QUICK=1 runs fewer codes and frames (compute-sanitizer). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "test_cuda_util.h"
#include "ldpcgpu/sim.h"
#include "sim_frame.h"
#include "decoder_internal.h"
#include "sim_debug.h"

static int quick;

static double sigma_of(const ldpc_code *code, double ebn0)
{
    return ldpc_awgn_sigma(ebn0, (double)ldpc_code_k(code) / ldpc_code_n(code));
}

static ldpc_decoder *cuda_decoder(const ldpc_code *code, ldpc_msg_format msg, int early, int positive_is_one)
{
    ldpc_decoder_config dc;
    ldpc_decoder_config_init(&dc);
    dc.max_iterations = 10; /* the Eb/N0 of the cases below sit in the waterfall at 10 iterations */
    dc.backend = LDPC_BACKEND_CUDA;
    dc.fallback_to_cpu = 0;
    dc.msg_format = msg;
    dc.early_termination = early;
    dc.llr_positive_is_one = positive_is_one;
    ldpc_decoder *dec;
    REQUIRE_OK(ldpc_decoder_create(&dec, code, &dc));
    return dec;
}

static ldpc_sim_config sim_cfg(uint64_t seed, ldpc_llr_type t, ldpc_sim_codeword cw)
{
    ldpc_sim_config c;
    ldpc_sim_config_init(&c);
    c.seed = seed;
    c.llr_type = t;
    c.codeword = cw;
    return c;
}

/* ---- 1 ---- */
static void test_philox(void)
{
    enum { N = 512 };
    static uint64_t seed[N], frame[N], q[N];
    static uint32_t out[4 * N];
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 99);
    for (int i = 0; i < N; i++) {
        seed[i] = i < 8 ? (uint64_t)i : ldpc_rng_next(&rng);
        frame[i] = i % 4 == 0 ? (uint64_t)i : ldpc_rng_next(&rng) >> (i % 40);
        q[i] = i % 3 == 0 ? ldpc_rng_next(&rng) % 4096
               : i % 3 == 1 ? LDPC_SIM_NOISE_QUAD + ldpc_rng_next(&rng) % 100000
                            : ldpc_rng_next(&rng) >> 3; /* 4 q still fits 64 bits */
    }
    frame[5] = 0xFFFFFFFFull; /* carries between the counter's words */
    q[5] = 0xFFFFFFFFull;
    frame[6] = UINT64_MAX;
    q[6] = (UINT64_MAX >> 2);
    REQUIRE_OK(ldpc_cuda_sim_debug_quads(N, seed, frame, q, out));
    int bad = 0;
    for (int i = 0; i < N; i++) {
        const ldpc_u32x4 h = ldpc_sim_quad(seed[i], frame[i], q[i]);
        bad += h.x != out[4 * i] || h.y != out[4 * i + 1] || h.z != out[4 * i + 2] || h.w != out[4 * i + 3];
    }
    CHECK_MSG(bad == 0, "%d of %d cuRAND quads differ from ldpc_philox4x32_10", bad, N);
}

/* Frames first..first+F-1 of code made on the GPU against ldpc_sim_make_frame, over a
 * modulation and demapper. */
static void compare_frames_mod(const ldpc_code *code, ldpc_sim_codeword cwmode, ldpc_modulation mod,
                               ldpc_demap_method demap, int F, uint64_t first, double ebn0)
{
    const int n = ldpc_code_n(code);
    const char *name = ldpc_code_name(code);
    const double sigma = sigma_of(code, ebn0);
    uint8_t *cw_gpu = malloc((size_t)F * n), *cw_host = malloc((size_t)n);
    float *llr_gpu = malloc((size_t)F * n * sizeof(float)), *llr_host = malloc((size_t)n * sizeof(float));
    int8_t *i8_gpu = malloc((size_t)F * n), *i8_host = malloc((size_t)n);
    REQUIRE(cw_gpu && cw_host && llr_gpu && llr_host && i8_gpu && i8_host);
    ldpc_decoder *dec = cuda_decoder(code, LDPC_MSG_I8, 1, 0);
    const float scale = 4.0f; /* the decoder's default llr_scale */
    ldpc_sim_gpu *g;
    ldpc_sim_config cf = sim_cfg(7, LDPC_LLR_F32, cwmode), ci = sim_cfg(7, LDPC_LLR_I8, cwmode);
    cf.modulation = ci.modulation = mod;
    cf.demapper = ci.demapper = demap;
    REQUIRE_OK(ldpc_cuda_sim_create(&g, dec, &cf));
    uint64_t sat_f = 0, sat_i = 0;
    REQUIRE_OK(ldpc_cuda_sim_debug_frames(g, sigma, first, F, cw_gpu, llr_gpu, &sat_f));
    ldpc_cuda_sim_destroy(g);
    REQUIRE_OK(ldpc_cuda_sim_create(&g, dec, &ci));
    REQUIRE_OK(ldpc_cuda_sim_debug_frames(g, sigma, first, F, NULL, i8_gpu, &sat_i));
    ldpc_cuda_sim_destroy(g);
    int cw_bad = 0;
    long llr_bad = 0, i8_off = 0, i8_bad = 0;
    double worst = 0;
    uint64_t sat_host = 0;
    for (int f = 0; f < F; f++) {
        REQUIRE_OK(ldpc_sim_make_frame(code, &cf, ebn0, first + (uint64_t)f, NULL, cw_host, llr_host));
        cw_bad += memcmp(cw_host, cw_gpu + (size_t)f * n, (size_t)n) != 0;
        ldpc_llr_quantize_i8(llr_host, (size_t)n, scale, i8_host);
        uint64_t s = 0;
        REQUIRE_OK(ldpc_decoder_count_saturated_f32(dec, llr_host, (size_t)n, &s));
        sat_host += s;
        for (int i = 0; i < n; i++) {
            const float a = llr_gpu[(size_t)f * n + i], b = llr_host[i];
            const double err = fabs((double)a - b) / (1.0 + fabs(b));
            worst = err > worst ? err : worst;
            llr_bad += !(err <= 1e-4);
            const int d = i8_gpu[(size_t)f * n + i] - i8_host[i];
            i8_off += d != 0;
            i8_bad += d < -1 || d > 1;
        }
    }
    const double total = (double)F * n;
    CHECK_MSG(cw_bad == 0, "%s: %d of %d GPU codewords differ from the CPU encoder's", name, cw_bad, F);
    CHECK_MSG(llr_bad == 0, "%s: %ld float LLRs beyond 1e-4 (1 + |LLR|) of the host's (worst %.3g)", name, llr_bad, worst);
    CHECK_MSG(i8_bad == 0 && i8_off <= 1e-4 * total + 2, "%s: int8 LLRs: %ld differ (%ld by more than one) of %.0f",
              name, i8_off, i8_bad, total);
    /* the saturated count: same rule, on values that agree but at rounding boundaries */
    CHECK_MSG(sat_f == sat_i && llabs((long long)sat_f - (long long)sat_host) <= 2 + i8_off,
              "%s: saturated LLRs: GPU %llu (int8 run %llu), host %llu", name, (unsigned long long)sat_f,
              (unsigned long long)sat_i, (unsigned long long)sat_host);
    if (cwmode == LDPC_SIM_ALL_ZERO)
        for (size_t i = 0; i < (size_t)F * n; i++)
            if (cw_gpu[i]) {
                CHECK_MSG(0, "%s: all-zero codeword has a one", name);
                break;
            }
    printf("  %-20s %s, %s%s, %.1f dB: %d frames, codewords equal, float LLR worst rel. error %.2g, int8 off by "
           "one %ld of %.0f, saturated %llu\n", name, cwmode == LDPC_SIM_ALL_ZERO ? "all-zero" : "random",
           ldpc_modulation_name(mod), mod > LDPC_MOD_QPSK ? (demap == LDPC_DEMAP_EXACT ? " exact" : " max-log") : "",
           ebn0, F,
           cw_bad ? -1.0 : worst, i8_off, total, (unsigned long long)sat_f);
    ldpc_decoder_destroy(dec);
    free(cw_gpu);
    free(cw_host);
    free(llr_gpu);
    free(llr_host);
    free(i8_gpu);
    free(i8_host);
}

static void compare_frames(const ldpc_code *code, ldpc_sim_codeword cwmode, int F, uint64_t first, double ebn0)
{
    compare_frames_mod(code, cwmode, LDPC_MOD_BPSK, LDPC_DEMAP_EXACT, F, first, ebn0);
}

/* ---- 2 ---- */
static void test_frames(void)
{
    static const char *const codes[] = {
        "wimax:2304:1/2", "wifi:648:1/2", "dvbt2:16200:3/5", "wimax:576:1/2", "wimax:576:2/3A", "wimax:576:3/4B",
        "wimax:576:5/6", "wimax:2304:2/3B", "wimax:2304:3/4A", "wimax:2304:5/6", "wifi:1296:2/3", "wifi:1944:1/2",
        "wifi:1944:3/4", "wifi:1944:5/6", "dvbs2:16200:1/4", "dvbs2:16200:8/9", "dvbs2:64800:1/2",
        "dvbs2:64800:9/10", "dvbs2:64800:1/4", "dvbt2:64800:2/3", "dvbt2:16200:1/2",
    };
    const int ncodes = quick ? 3 : (int)(sizeof codes / sizeof codes[0]);
    for (int i = 0; i < ncodes; i++) {
        ldpc_code *code;
        REQUIRE_OK(ldpc_code_create(&code, codes[i]));
        const int n = ldpc_code_n(code);
        const int F = quick ? 3 : (n > 20000 ? 6 : 24);
        /* frames past 2^32: the counter's high words */
        compare_frames(code, LDPC_SIM_RANDOM, F, (1ull << 32) + 1000003ull * (uint64_t)i, 2.0);
        ldpc_code_destroy(code);
    }
    /* high Eb/N0: LLRs beyond the int8 range (clamped to +-127, counted as saturated) */
    ldpc_code *hi;
    REQUIRE_OK(ldpc_code_create(&hi, "wimax:576:1/2"));
    compare_frames(hi, LDPC_SIM_RANDOM, quick ? 3 : 24, 99, 10.0);
    /* square QAM: the labels gathered from the codeword, the demapper's rule on the device;
     * QPSK is BPSK's path; high Eb/N0 saturates */
    compare_frames_mod(hi, LDPC_SIM_RANDOM, LDPC_MOD_QAM256, LDPC_DEMAP_EXACT, quick ? 3 : 24, 77, 22.0);
    compare_frames_mod(hi, LDPC_SIM_ALL_ZERO, LDPC_MOD_QPSK, LDPC_DEMAP_EXACT, quick ? 3 : 8, 5, 2.0);
    ldpc_code_destroy(hi);
    static const struct {
        const char *code;
        ldpc_modulation mod;
        ldpc_demap_method demap;
        double ebn0;
    } qam[] = {
        {"wimax:2304:1/2", LDPC_MOD_QAM16, LDPC_DEMAP_EXACT, 4.0},
        {"wimax:2304:5/6", LDPC_MOD_QAM16, LDPC_DEMAP_MAX_LOG, 8.0},
        {"dvbt2:16200:3/5", LDPC_MOD_QAM64, LDPC_DEMAP_MAX_LOG, 9.0},
        {"wifi:1944:3/4", LDPC_MOD_QAM64, LDPC_DEMAP_EXACT, 10.0},
        {"dvbt2:64800:2/3", LDPC_MOD_QAM256, LDPC_DEMAP_EXACT, 13.0},
    };
    for (int i = 0; i < (quick ? 2 : (int)(sizeof qam / sizeof qam[0])); i++) {
        ldpc_code *code;
        REQUIRE_OK(ldpc_code_create(&code, qam[i].code));
        const int F = quick ? 2 : (ldpc_code_n(code) > 20000 ? 4 : 16);
        compare_frames_mod(code, LDPC_SIM_RANDOM, qam[i].mod, qam[i].demap, F, (1ull << 33) + 17u * (uint64_t)i,
                           qam[i].ebn0);
        ldpc_code_destroy(code);
    }
    /* any code with the all-zero codeword: odd n (scalar stores), information positions found
     * by elimination; random codewords of it are refused */
    ldpc_code *irr = make_irregular_code(1001, 500, 0, 5);
    compare_frames(irr, LDPC_SIM_ALL_ZERO, quick ? 3 : 16, 12345, 1.0);
    ldpc_decoder *dec = cuda_decoder(irr, LDPC_MSG_F32, 1, 0);
    ldpc_sim_config c = sim_cfg(1, LDPC_LLR_F32, LDPC_SIM_RANDOM);
    ldpc_sim_gpu *g = (ldpc_sim_gpu *)1;
    CHECK(ldpc_cuda_sim_create(&g, dec, &c) == LDPC_ERR_UNSUPPORTED && g == NULL);
    ldpc_decoder_destroy(dec);
    ldpc_code_destroy(irr);
}

/* ---- 3 ---- */
typedef struct count_case {
    const char *code;        /* NULL: the irregular code, all-zero */
    ldpc_msg_format msg;
    ldpc_llr_type llr;
    int early, positive_is_one;
    double ebn0;
    ldpc_modulation mod;
} count_case;

static int counts_equal(const ldpc_sim_counts *a, const ldpc_sim_counts *b)
{
    return a->frames == b->frames && a->bit_errors == b->bit_errors && a->frame_errors == b->frame_errors &&
           a->parity_failures == b->parity_failures && a->undetected == b->undetected &&
           a->iterations == b->iterations && a->saturated == b->saturated;
}

static void print_counts(const char *what, const ldpc_sim_counts *c)
{
    printf("    %-10s frames %llu, bit errors %llu, frame errors %llu, parity failures %llu, undetected %llu, "
           "iterations %llu, saturated %llu\n",
           what, (unsigned long long)c->frames, (unsigned long long)c->bit_errors,
           (unsigned long long)c->frame_errors, (unsigned long long)c->parity_failures,
           (unsigned long long)c->undetected, (unsigned long long)c->iterations,
           (unsigned long long)c->saturated);
}

static void test_counts_case(const count_case *cc)
{
    ldpc_code *code;
    if (cc->code)
        REQUIRE_OK(ldpc_code_create(&code, cc->code));
    else
        code = make_irregular_code(1001, 500, 0, 5);
    const ldpc_sim_codeword mode = cc->code ? LDPC_SIM_RANDOM : LDPC_SIM_ALL_ZERO;
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    ldpc_decoder *dec = cuda_decoder(code, cc->msg, cc->early, cc->positive_is_one);
    ldpc_sim_config sc = sim_cfg(3, cc->llr, mode);
    sc.modulation = cc->mod;
    ldpc_sim_gpu *g;
    REQUIRE_OK(ldpc_cuda_sim_create(&g, dec, &sc));
    int batch, inflight;
    ldpc_cuda_sim_debug_shape(g, &batch, &inflight);
    const int N = (quick ? 1 : 3) * batch + 17; /* several batches, a partial last one */
    const uint64_t first = 777;
    const double sigma = sigma_of(code, cc->ebn0);
    ldpc_sim_counts gpu;
    memset(&gpu, 0, sizeof gpu);
    REQUIRE_OK(ldpc_cuda_sim_run(g, sigma, first, (uint64_t)N, 0, &gpu));

    /* the same frames' LLRs from the GPU, decoded by the same decoder through the API */
    const int i8 = cc->llr == LDPC_LLR_I8;
    void *llr = malloc((size_t)batch * n * (i8 ? 1 : sizeof(float)));
    uint8_t *bits = malloc((size_t)batch * k), *info = malloc((size_t)k);
    ldpc_frame_status *st = malloc((size_t)batch * sizeof *st);
    REQUIRE(llr && bits && info && st);
    ldpc_decoder_config dc = dec->cfg; /* decoder_internal.h (test_cuda_util.h) */
    dc.output_bits = LDPC_OUTPUT_INFO;
    dc.output_packing = LDPC_OUTPUT_UNPACKED;
    ldpc_decoder *dec2;
    REQUIRE_OK(ldpc_decoder_create(&dec2, code, &dc));
    ldpc_sim_counts host;
    memset(&host, 0, sizeof host);
    for (int f0 = 0; f0 < N; f0 += batch) {
        const int nf = N - f0 < batch ? N - f0 : batch;
        uint64_t sat = 0;
        REQUIRE_OK(ldpc_cuda_sim_debug_frames(g, sigma, first + (uint64_t)f0, nf, NULL, llr, &sat));
        if (i8)
            REQUIRE_OK(ldpc_decoder_decode_i8(dec2, llr, nf, bits, st));
        else
            REQUIRE_OK(ldpc_decoder_decode_f32(dec2, llr, nf, bits, st));
        host.saturated += sat;
        for (int f = 0; f < nf; f++) {
            REQUIRE_OK(ldpc_sim_make_frame(code, &sc, cc->ebn0, first + (uint64_t)(f0 + f), info, NULL, NULL));
            int e = 0;
            for (int j = 0; j < k; j++)
                e += bits[(size_t)f * k + j] != info[j];
            host.frames++;
            host.bit_errors += (uint64_t)e;
            host.frame_errors += e > 0;
            host.parity_failures += st[f].parity_ok == 0;
            host.undetected += e > 0 && st[f].parity_ok;
            host.iterations += (uint64_t)st[f].iterations;
        }
    }
    const char *name = cc->code ? cc->code : "irregular(1001)";
    CHECK_MSG(counts_equal(&gpu, &host), "%s msg %d llr %d early %d sign %d: GPU counts differ from the host's count "
              "of the same decoded frames", name, cc->msg, cc->llr, cc->early, cc->positive_is_one);
    CHECK_MSG(gpu.frame_errors > 0 && gpu.frame_errors < gpu.frames, "%s: %llu frame errors of %llu: pick another Eb/N0",
              name, (unsigned long long)gpu.frame_errors, (unsigned long long)gpu.frames);
    printf("  %s %s msg %s llr %s early %d sign %d, %d frames (batch %d, %d in flight) at %.2f dB:\n", name,
           ldpc_modulation_name(cc->mod), cc->msg == LDPC_MSG_I8 ? "i8" : "f32", i8 ? "i8" : "f32", cc->early,
           cc->positive_is_one, N, batch, inflight, cc->ebn0);
    print_counts("gpu", &gpu);
    print_counts("host", &host);
    free(llr);
    free(bits);
    free(info);
    free(st);
    ldpc_decoder_destroy(dec2);
    ldpc_cuda_sim_destroy(g);
    ldpc_decoder_destroy(dec);
    ldpc_code_destroy(code);
}

static void test_counts(void)
{
    static const count_case cases[] = {
        {"wimax:2304:1/2", LDPC_MSG_I8, LDPC_LLR_I8, 1, 0, 1.4, LDPC_MOD_BPSK},
        {"wifi:648:1/2", LDPC_MSG_F32, LDPC_LLR_F32, 0, 0, 1.6, LDPC_MOD_BPSK},
        {NULL, LDPC_MSG_F32, LDPC_LLR_F32, 1, 0, 2.5, LDPC_MOD_BPSK},
        {"wimax:2304:1/2", LDPC_MSG_F32, LDPC_LLR_F32, 0, 1, 1.4, LDPC_MOD_BPSK},
        {"wifi:648:1/2", LDPC_MSG_I8, LDPC_LLR_I8, 1, 1, 1.6, LDPC_MOD_BPSK},
        {"dvbt2:16200:3/5", LDPC_MSG_I8, LDPC_LLR_I8, 1, 0, 1.9, LDPC_MOD_BPSK},
        {"wimax:576:5/6", LDPC_MSG_I8, LDPC_LLR_F32, 0, 0, 3.4, LDPC_MOD_BPSK},
        {NULL, LDPC_MSG_I8, LDPC_LLR_I8, 0, 0, 2.5, LDPC_MOD_BPSK},
        /* QAM, both sign conventions (the QAM path negates its LLRs itself) */
        {"wimax:2304:1/2", LDPC_MSG_F32, LDPC_LLR_F32, 1, 1, 4.1, LDPC_MOD_QAM16},
        {"wifi:648:1/2", LDPC_MSG_I8, LDPC_LLR_I8, 0, 0, 7.0, LDPC_MOD_QAM64},
    };
    const int ncases = quick ? 3 : (int)(sizeof cases / sizeof cases[0]);
    for (int i = 0; i < ncases; i++)
        test_counts_case(&cases[i]);
}

/* ---- 4 ---- */
static void test_against_host_sim(ldpc_llr_type llr, ldpc_msg_format msg, ldpc_modulation mod, double ebn0)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "wimax:576:1/2"));
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    const uint64_t first = 5000000000ull, N = quick ? 2000 : 20000;
    ldpc_decoder_config dg, dh;
    ldpc_decoder_config_init(&dg);
    dg.max_iterations = 10; /* as measured for these Eb/N0 */
    dg.backend = LDPC_BACKEND_CUDA;
    dg.fallback_to_cpu = 0;
    dg.msg_format = msg;
    dh = dg;
    dh.backend = ldpc_backend_available(LDPC_BACKEND_CPU_SIMD) ? LDPC_BACKEND_CPU_SIMD : LDPC_BACKEND_CPU_REFERENCE;
    ldpc_sim_config sc = sim_cfg(11, llr, LDPC_SIM_RANDOM);
    sc.modulation = mod;
    ldpc_sim *sg, *sh;
    REQUIRE_OK(ldpc_sim_create(&sg, code, &dg, &sc));
    REQUIRE_OK(ldpc_sim_create(&sh, code, &dh, &sc));
    CHECK_MSG(strcmp(ldpc_sim_channel_name(sg), "gpu") == 0, "cuda simulator's channel is %s", ldpc_sim_channel_name(sg));
    CHECK_MSG(strcmp(ldpc_sim_channel_name(sh), "cpu") == 0, "cpu simulator's channel is %s", ldpc_sim_channel_name(sh));
    ldpc_sim_counts cg, ch;
    memset(&cg, 0, sizeof cg);
    memset(&ch, 0, sizeof ch);
    REQUIRE_OK(ldpc_sim_run(sg, ebn0, first, N, 0, &cg));
    REQUIRE_OK(ldpc_sim_run(sh, ebn0, first, N, 0, &ch));
    /* frames whose int8 LLRs differ between the GPU and the host (rounding boundaries) */
    ldpc_decoder *dec = ldpc_sim_decoder(sg);
    ldpc_sim_gpu *g;
    ldpc_sim_config si = sc;
    si.llr_type = LDPC_LLR_I8;
    REQUIRE_OK(ldpc_cuda_sim_create(&g, dec, &si));
    int batch;
    ldpc_cuda_sim_debug_shape(g, &batch, NULL);
    int8_t *gi = malloc((size_t)batch * n), *hi = malloc((size_t)n);
    float *hf = malloc((size_t)n * sizeof(float));
    REQUIRE(gi && hi && hf);
    uint64_t differ = 0;
    for (uint64_t f0 = 0; f0 < N; f0 += (uint64_t)batch) {
        const int nf = N - f0 < (uint64_t)batch ? (int)(N - f0) : batch;
        REQUIRE_OK(ldpc_cuda_sim_debug_frames(g, sigma_of(code, ebn0), first + f0, nf, NULL, gi, NULL));
        for (int f = 0; f < nf; f++) {
            REQUIRE_OK(ldpc_sim_make_frame(code, &sc, ebn0, first + f0 + (uint64_t)f, NULL, NULL, hf));
            ldpc_llr_quantize_i8(hf, (size_t)n, dec->cfg.llr_scale, hi);
            differ += memcmp(hi, gi + (size_t)f * n, (size_t)n) != 0;
        }
    }
    ldpc_cuda_sim_destroy(g);
    const char *what = llr == LDPC_LLR_I8 ? "int8 LLRs" : "float LLRs";
    printf("  wimax:576:1/2 %s, %s, msg %s, %llu frames at %.1f dB (%llu frames with an int8 LLR on a rounding "
           "boundary):\n", ldpc_modulation_name(mod), what, msg == LDPC_MSG_I8 ? "i8" : "f32", (unsigned long long)N,
           ebn0, (unsigned long long)differ);
    print_counts("gpu sim", &cg);
    print_counts("host sim", &ch);
    CHECK(cg.frames == N && ch.frames == N);
    if (llr == LDPC_LLR_I8 && msg == LDPC_MSG_I8) {
        /* each differing frame can move each count by at most one frame's worth */
        const uint64_t D = differ;
#define NEAR(a, b, tol) ((a) >= (b) ? (a) - (b) <= (tol) : (b) - (a) <= (tol))
        CHECK_MSG(NEAR(cg.frame_errors, ch.frame_errors, D) && NEAR(cg.bit_errors, ch.bit_errors, D * (uint64_t)k) &&
                      NEAR(cg.parity_failures, ch.parity_failures, D) && NEAR(cg.undetected, ch.undetected, D) &&
                      NEAR(cg.iterations, ch.iterations, D * 10u) && NEAR(cg.saturated, ch.saturated, D * (uint64_t)n),
                  "GPU and host simulators differ by more than the %llu frames whose int8 LLRs differ",
                  (unsigned long long)D);
    } else {
        /* float LLRs agree to a few ulp: the decoders agree on all but frames on a knife edge */
        const double fe = (double)ch.frame_errors;
        CHECK_MSG(fabs((double)cg.frame_errors - fe) <= 3 + 0.02 * fe, "frame errors: GPU %llu, host %llu",
                  (unsigned long long)cg.frame_errors, (unsigned long long)ch.frame_errors);
    }
    CHECK(ch.frame_errors > 0);
    free(gi);
    free(hi);
    free(hf);
    ldpc_sim_destroy(sg);
    ldpc_sim_destroy(sh);
    ldpc_code_destroy(code);
}

/* ---- 5, 6 ---- */
static void test_ranges_and_stop(void)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "wimax:576:1/2"));
    ldpc_decoder *dec = cuda_decoder(code, LDPC_MSG_I8, 1, 0);
    ldpc_sim_config sc = sim_cfg(21, LDPC_LLR_I8, LDPC_SIM_RANDOM);
    ldpc_sim_gpu *g;
    REQUIRE_OK(ldpc_cuda_sim_create(&g, dec, &sc));
    int B, S;
    ldpc_cuda_sim_debug_shape(g, &B, &S);
    const double sigma = sigma_of(code, 1.0); /* FER ~ 0.3: errors come quickly */
    const uint64_t first = 1000, N1 = (uint64_t)B + 333, N2 = 2 * (uint64_t)B + 5;
    ldpc_sim_counts a, b, whole, again;
    memset(&a, 0, sizeof a);
    memset(&whole, 0, sizeof whole);
    memset(&again, 0, sizeof again);
    REQUIRE_OK(ldpc_cuda_sim_run(g, sigma, first, N1, 0, &a));
    b = a; /* counts add to what *counts held */
    REQUIRE_OK(ldpc_cuda_sim_run(g, sigma, first + N1, N2, 0, &b));
    REQUIRE_OK(ldpc_cuda_sim_run(g, sigma, first, N1 + N2, 0, &whole));
    REQUIRE_OK(ldpc_cuda_sim_run(g, sigma, first, N1 + N2, 0, &again));
    CHECK_MSG(counts_equal(&b, &whole), "disjoint ranges do not add up to the whole");
    CHECK_MSG(counts_equal(&again, &whole), "the same run gave different counts");

    /* stop rule: X frame errors reached within batch i, then batches i+1 .. i+S-1 finish */
    const uint64_t X = (uint64_t)B / 2, maxf = 40 * (uint64_t)B;
    ldpc_sim_counts s1, s2, shorter, longer, prefix;
    memset(&s1, 0, sizeof s1);
    memset(&s2, 0, sizeof s2);
    REQUIRE_OK(ldpc_cuda_sim_run(g, sigma, first, maxf, X, &s1));
    REQUIRE_OK(ldpc_cuda_sim_run(g, sigma, first, maxf, X, &s2));
    CHECK_MSG(counts_equal(&s1, &s2), "stopped runs differ");
    CHECK_MSG(s1.frame_errors >= X && s1.frames < maxf && s1.frames % (uint64_t)B == 0,
              "stopped run: %llu frame errors, %llu frames (batch %d)", (unsigned long long)s1.frame_errors,
              (unsigned long long)s1.frames, B);
    memset(&prefix, 0, sizeof prefix);
    REQUIRE_OK(ldpc_cuda_sim_run(g, sigma, first, s1.frames, 0, &prefix));
    CHECK_MSG(counts_equal(&prefix, &s1), "a stopped run is not the range of frames it reports");
    if (s1.frames >= (uint64_t)S * B) {
        /* the batch that reached X is the S-th last: without it errors are below X */
        memset(&longer, 0, sizeof longer);
        memset(&shorter, 0, sizeof shorter);
        REQUIRE_OK(ldpc_cuda_sim_run(g, sigma, first, s1.frames - (uint64_t)(S - 1) * B, 0, &longer));
        if (s1.frames > (uint64_t)S * B)
            REQUIRE_OK(ldpc_cuda_sim_run(g, sigma, first, s1.frames - (uint64_t)S * B, 0, &shorter));
        CHECK_MSG(longer.frame_errors >= X && shorter.frame_errors < X,
                  "stop rule: errors %llu with the deciding batch, %llu without (X = %llu)",
                  (unsigned long long)longer.frame_errors, (unsigned long long)shorter.frame_errors,
                  (unsigned long long)X);
    } else {
        CHECK_MSG(0, "stopped run of %llu frames is shorter than the %d batches in flight",
                  (unsigned long long)s1.frames, S);
    }
    /* counts already at the stop: nothing runs */
    ldpc_sim_counts full = s1;
    REQUIRE_OK(ldpc_cuda_sim_run(g, sigma, first + s1.frames, maxf, X, &full));
    CHECK(counts_equal(&full, &s1));
    printf("  ranges add, runs repeat; stop at %llu errors: %llu frames, %llu errors (batch %d, %d in flight)\n",
           (unsigned long long)X, (unsigned long long)s1.frames, (unsigned long long)s1.frame_errors, B, S);
    ldpc_cuda_sim_destroy(g);
    ldpc_decoder_destroy(dec);
    ldpc_code_destroy(code);
}

/* ---- 7, 8 ---- */
static ldpc_sim_counts sim_counts(const ldpc_code *code, const ldpc_decoder_config *dc,
                                  const ldpc_sim_config *sc, const char *channel, uint64_t N)
{
    ldpc_sim *sim;
    REQUIRE_OK(ldpc_sim_create(&sim, code, dc, sc));
    CHECK_MSG(!strcmp(ldpc_sim_channel_name(sim), channel), "channel %s, not %s",
              ldpc_sim_channel_name(sim), channel);
    ldpc_sim_counts c;
    memset(&c, 0, sizeof c);
    REQUIRE_OK(ldpc_sim_run(sim, 1.5, 4242, N, 0, &c));
    ldpc_sim_destroy(sim);
    return c;
}

static void test_devices_and_i8_table(void)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "wimax:576:1/2"));
    const uint64_t N = quick ? 3000 : 20000;
    ldpc_decoder_config one, two;
    ldpc_decoder_config_init(&one);
    one.backend = LDPC_BACKEND_CUDA;
    one.fallback_to_cpu = 0;
    one.msg_format = LDPC_MSG_I8;
    one.num_devices = 1;
    one.devices[0] = 0;
    two = one; /* a device list: here two contexts of device 0, lanes spread over both */
    two.num_devices = 2;
    two.devices[1] = 0;
    ldpc_sim_config sc = sim_cfg(13, LDPC_LLR_I8, LDPC_SIM_RANDOM);
    const ldpc_sim_counts c1 = sim_counts(code, &one, &sc, "gpu", N);
    const ldpc_sim_counts c2 = sim_counts(code, &two, &sc, "gpu", N);
    print_counts("devices 0", &c1);
    print_counts("devices 0,0", &c2);
    CHECK_MSG(counts_equal(&c1, &c2) && c1.frames == N && c1.frame_errors > 0,
              "a device list changes the counts");
    /* i8-table noise: the host makes the frames for the cuda decoder, whose int8 arithmetic is
     * the CPU decoders' (test_cuda_fixed): the same counts, exactly */
    sc.noise = LDPC_SIM_NOISE_I8_TABLE;
    ldpc_decoder_config cpu = one;
    cpu.backend = ldpc_backend_available(LDPC_BACKEND_CPU_SIMD) ? LDPC_BACKEND_CPU_SIMD
                                                                : LDPC_BACKEND_CPU_REFERENCE;
    const ldpc_sim_counts t1 = sim_counts(code, &one, &sc, "cpu", N);
    const ldpc_sim_counts t2 = sim_counts(code, &cpu, &sc, "cpu", N);
    print_counts("i8-table, cuda decoder", &t1);
    print_counts("i8-table, cpu decoder", &t2);
    CHECK_MSG(counts_equal(&t1, &t2) && t1.frames == N && t1.frame_errors > 0,
              "i8-table frames decoded on the GPU and the CPU differ");
    ldpc_code_destroy(code);
}

int main(void)
{
    require_cuda_or_skip();
    quick = getenv("LDPCGPU_SIM_TEST_QUICK") && atoi(getenv("LDPCGPU_SIM_TEST_QUICK")) > 0;
    /* small batches: several in flight, partial last batches, a stop decided early */
    setenv("LDPCGPU_SIM_BATCH", quick ? "300" : "1000", 1);
    printf("philox\n");
    test_philox();
    printf("frames\n");
    test_frames();
    printf("counts against the same frames decoded through the API\n");
    test_counts();
    printf("against the host simulator\n");
    test_against_host_sim(LDPC_LLR_I8, LDPC_MSG_I8, LDPC_MOD_BPSK, 1.5);
    test_against_host_sim(LDPC_LLR_F32, LDPC_MSG_F32, LDPC_MOD_BPSK, 1.5);
    test_against_host_sim(LDPC_LLR_I8, LDPC_MSG_I8, LDPC_MOD_QAM16, 4.5);
    test_against_host_sim(LDPC_LLR_F32, LDPC_MSG_F32, LDPC_MOD_QAM64, 8.0);
    printf("a device list; the i8-table noise on the cuda decoder\n");
    test_devices_and_i8_table();
    printf("ranges and stop rule\n");
    test_ranges_and_stop();
    return test_finish("test_cuda_sim");
}
