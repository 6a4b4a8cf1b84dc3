/* simd_bench: decoder-only timing of the cpu-simd backend (until 'ldpcgpu bench' covers it).
 *
 *   simd_bench CODE [--isa I] [--msg i8|i16|f32] [--threads T] [--groups G] [--iters N]
 *              [--et] [--ebn0 DB] [--reps R] [--llr f32|i8] [--alg nms|oms|ms]
 *              [--llr-scale S]
 *
 * Two numbers per run:
 *  - kernel: one thread calls the chosen kernel's load + decode on G groups of lanes frames
 *    (input conversion and interleaving included, output formatting not), best of R runs; also
 *    the decoding alone (load time subtracted), as decoder-only benchmarks report it;
 *  - api:    ldpc_decoder_decode_f32/_i8 on G * lanes * T frames with T worker threads,
 *    everything included (conversion, threads, output bits), best of R runs.
 * Coded Mbps = frames * n / seconds; a rate-matched 5G NR code ("nr:K:E") is decoded on its
 * decode graph (the rows its sent bits reach, as the decoder does; the columns outside the graph
 * get LLR 0, as received frames do) and its kernel figure is also given in E bits. Frames are real BPSK/AWGN codewords at --ebn0 (default
 * 1.0 dB); with --et off (default) every iteration runs, as throughput figures usually assume. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ldpcgpu/ldpcgpu.h"
#include "simd/simd_internal.h"

/* The kernel part is timed in this thread's CPU time (less disturbed by other processes on a
 * busy machine); the api part in wall time, since it uses other threads. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double process_cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* A feed of one group of frames (simd_internal.h): given at the first take, then nothing. */
typedef struct group_feed {
    simd_feed feed;
    const simd_input *in;
    int given;
} group_feed;

static uint64_t group_take(simd_feed *f, uint64_t free, simd_input *in)
{
    group_feed *g = (group_feed *)f;
    uint64_t got = 0;
    in->type = g->in->type;
    for (int l = 0; l < SIMD_MAX_LANES; l++)
        if (free >> l & 1) {
            in->frame[l] = g->given ? NULL : g->in->frame[l];
            got |= (uint64_t)(in->frame[l] != NULL) << l;
        }
    g->given = 1;
    return got;
}

static void group_give(simd_feed *f, uint64_t lanes, const uint8_t *hard,
                       const simd_group_result *res)
{
    (void)f; (void)lanes; (void)hard; (void)res;
}

/* The median of n values (sorts them). */
static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static int fail(const char *what, int st)
{
    fprintf(stderr, "simd_bench: %s: %s (%s)\n", what, ldpc_strerror(st), ldpc_last_error());
    return 1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: simd_bench CODE [--isa I] [--msg i8|i16|f32] [--threads T] "
                        "[--groups G] [--iters N] [--et] [--ebn0 DB] [--reps R] [--llr f32|i8] "
                        "[--alg nms|oms|ms] [--llr-scale S]\n");
        return 2;
    }
    const char *code_name = argv[1], *isa = NULL, *msg = "i8", *llr_type = "f32", *alg = "nms";
    int threads = 1, groups = 2, iters = 10, et = 0, reps = 3;
    double ebn0 = 1.0, llr_scale = 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--et")) { et = 1; continue; }
        if (!v) { fprintf(stderr, "simd_bench: %s needs a value\n", a); return 2; }
        if (!strcmp(a, "--isa")) isa = v;
        else if (!strcmp(a, "--msg")) msg = v;
        else if (!strcmp(a, "--threads")) threads = atoi(v);
        else if (!strcmp(a, "--groups")) groups = atoi(v);
        else if (!strcmp(a, "--iters")) iters = atoi(v);
        else if (!strcmp(a, "--ebn0")) ebn0 = atof(v);
        else if (!strcmp(a, "--reps")) reps = atoi(v);
        else if (!strcmp(a, "--llr")) llr_type = v;
        else if (!strcmp(a, "--alg")) alg = v;
        else if (!strcmp(a, "--llr-scale")) llr_scale = atof(v);
        else { fprintf(stderr, "simd_bench: unknown option %s\n", a); return 2; }
        i++;
    }
    if (isa)
        setenv("LDPCGPU_SIMD_ISA", isa, 1);
    ldpc_code *code;
    int st = ldpc_code_create(&code, code_name);
    if (st != LDPC_OK)
        return fail(code_name, st);
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init_code(&cfg, code); /* the code's defaults (NR: oms_beta 0.5) */
    cfg.backend = LDPC_BACKEND_CPU_SIMD;
    cfg.msg_format = !strcmp(msg, "f32") ? LDPC_MSG_F32 : !strcmp(msg, "i16") ? LDPC_MSG_I16
                                                                             : LDPC_MSG_I8;
    cfg.algorithm = !strcmp(alg, "oms") ? LDPC_ALG_OFFSET_MIN_SUM
                    : !strcmp(alg, "ms") ? LDPC_ALG_MIN_SUM : LDPC_ALG_NORMALIZED_MIN_SUM;
    cfg.max_iterations = iters;
    cfg.early_termination = et;
    cfg.num_threads = threads;
    if (llr_scale > 0)
        cfg.llr_scale = (float)llr_scale;
    ldpc_decoder *dec;
    if ((st = ldpc_decoder_create(&dec, code, &cfg)) != LDPC_OK)
        return fail("decoder", st);
    const simd_kernel *k = ldpc_simd_decoder_kernel(dec);
    const int n = ldpc_code_n(code), kk = ldpc_code_k(code), lanes = k->lanes;
    const ldpc_code *graph = code->decode_graph ? code->decode_graph : code; /* what it decodes */
    int link_k = kk, link_n = n;
    ldpc_code_link_bits(code, &link_k, &link_n);
    const int frames = groups * lanes * threads;
    const ldpc_llr_type type = !strcmp(llr_type, "i8") ? LDPC_LLR_I8 : LDPC_LLR_F32;

    /* frames */
    float *llr = malloc((size_t)frames * n * sizeof(float));
    int8_t *llr8 = malloc((size_t)frames * n);
    uint8_t *info = malloc((size_t)kk), *cw = malloc((size_t)n);
    uint8_t *out = malloc((size_t)frames * ldpc_decoder_output_bytes(dec));
    ldpc_frame_status *fst = malloc((size_t)frames * sizeof *fst);
    ldpc_encoder *enc;
    if ((st = ldpc_encoder_create(&enc, code)) != LDPC_OK)
        return fail("encoder", st);
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 7);
    const double sigma = ldpc_awgn_sigma(ebn0, (double)kk / n);
    for (int f = 0; f < frames; f++) {
        ldpc_rng_bits(&rng, info, kk);
        ldpc_encoder_encode(enc, info, cw, 1);
        ldpc_channel_bpsk_awgn(&rng, cw, n, sigma, llr + (size_t)f * n);
        for (int j = 0; j < n; j++)
            if (graph->col_ptr[j + 1] == graph->col_ptr[j])
                llr[(size_t)f * n + j] = 0.0f; /* a column no decoded row reads: not sent */
    }
    for (size_t j = 0; j < (size_t)frames * n; j++) {
        float v = rintf(llr[j] * cfg.llr_scale);
        llr8[j] = (int8_t)(v > 127 ? 127 : v < -128 ? -128 : v);
    }

    /* kernel only, one thread */
    simd_plan plan;
    ldpc_simd_plan_init(&plan, graph, lanes * k->elem_size, LDPC_ROW_ORDER_GROUPS);
    ldpc_simd_plan_messages(&plan, k, cfg.schedule);
    simd_params prm;
    ldpc_simd_params_init(&prm, &cfg, graph);
    const size_t vec = (size_t)lanes * k->elem_size;
    simd_work w = {0};
    w.app = ldpc_simd_alloc((size_t)n * vec);
    w.staging = ldpc_simd_alloc((size_t)SIMD_LOAD_BLOCK * vec);
    w.c2v = ldpc_simd_alloc(SIMD_C2V_BYTES(&plan, k));
    w.tmp = ldpc_simd_alloc((size_t)SIMD_TMP_VECTORS(&plan) * vec);
    w.pre = malloc(((size_t)plan.max_row_degree + 1) * sizeof(double));
    w.hard = malloc((size_t)n * ((lanes + 7) / 8));
    w.signs = malloc((size_t)n * sizeof(uint64_t));
    simd_group_result res;
    if (reps < 1)
        reps = 1;
    double best_kernel = 1e30, best_load = 1e30;
    double *rep_time = malloc((size_t)reps * sizeof(double));
    double *rep_api = malloc((size_t)reps * sizeof(double));
    for (int r = 0; r < reps; r++) {
        double t_load = 0, t0 = cpu_now();
        for (int g = 0; g < groups; g++) {
            simd_input in;
            in.type = type;
            for (int l = 0; l < lanes; l++)
                in.frame[l] = type == LDPC_LLR_F32 ? (const void *)(llr + (size_t)(g * lanes + l) * n)
                                                   : (const void *)(llr8 + (size_t)(g * lanes + l) * n);
            /* the load alone, timed apart (decode loads the group again) */
            double tl = cpu_now();
            const uint64_t all = lanes == 64 ? ~(uint64_t)0 : (((uint64_t)1 << lanes) - 1);
            k->load(&plan, &prm, &w, &in, all);
            t_load += cpu_now() - tl;
            group_feed gf = {{group_take, group_give}, &in, 0};
            k->decode(&plan, &prm, &w, &gf.feed, &res);
        }
        double t = cpu_now() - t0 - t_load;
        rep_time[r] = t;
        if (t < best_kernel) {
            best_kernel = t;
            best_load = t_load;
        }
    }
    const double kbits = (double)groups * lanes * n;
    printf("%s %s/%s/%s lanes %d%s iters %d et %d llr %s: kernel 1 thread (cpu time): %.1f Mbps "
           "coded, median %.1f (best: %.2f ms per group, load %.1f%%; decoding alone %.1f Mbps)\n",
           code_name, k->isa, msg, alg, lanes, plan.msg_records ? " (messages as records)" : "",
           iters, et, llr_type, kbits / best_kernel * 1e-6,
           kbits / median(rep_time, reps) * 1e-6, best_kernel / groups * 1e3,
           100.0 * best_load / best_kernel, kbits / (best_kernel - best_load) * 1e-6);
    if (graph != code || link_n != n)
        printf("  in E = %d bits per frame: kernel %.1f Mbps, median %.1f (decoding alone "
               "%.1f); decoded graph: %d rows, %d edges\n",
               link_n, kbits / n * link_n / best_kernel * 1e-6,
               kbits / n * link_n / median(rep_time, reps) * 1e-6,
               kbits / n * link_n / (best_kernel - best_load) * 1e-6, ldpc_code_m(graph),
               graph->num_edges);

    /* whole API, T threads */
    double best_api = 1e30, best_api_cpu = 1e30;
    for (int r = 0; r < reps; r++) {
        double t0 = now(), c0 = process_cpu_now();
        st = type == LDPC_LLR_F32 ? ldpc_decoder_decode_f32(dec, llr, frames, out, fst)
                                  : ldpc_decoder_decode_i8(dec, llr8, frames, out, fst);
        double t = now() - t0, c = process_cpu_now() - c0;
        if (st != LDPC_OK)
            return fail("decode", st);
        rep_api[r] = t;
        if (t < best_api)
            best_api = t;
        if (c < best_api_cpu)
            best_api_cpu = c;
    }
    long its = 0;
    int ok = 0;
    for (int f = 0; f < frames; f++) {
        its += fst[f].iterations;
        ok += fst[f].parity_ok;
    }
    printf("%s %s/%s/%s: api %d threads, %d frames: %.1f Mbps coded wall, median %.1f, "
           "%.1f Mbps per CPU-second (avg iterations %.2f, parity ok %d/%d)\n",
           code_name, k->isa, msg, alg, threads, frames, (double)frames * n / best_api * 1e-6,
           (double)frames * n / median(rep_api, reps) * 1e-6,
           (double)frames * n / best_api_cpu * 1e-6, (double)its / frames, ok, frames);
    free(rep_time);
    free(rep_api);
    ldpc_decoder_destroy(dec);
    ldpc_encoder_destroy(enc);
    ldpc_code_destroy(code);
    return 0;
}
