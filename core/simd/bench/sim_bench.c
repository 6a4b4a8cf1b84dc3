/* sim_bench: the simulator's speed beside the decoder's, on the CPU (not installed, not a test).
 *
 *   sim_bench [CODE] [--ebn0 DB] [--msg f32|i8|i16] [--llr f32|i8] [--iters N] [--no-et]
 *             [--threads T] [--seconds S] [--rounds R] [--noise box-muller|i8-table]
 *             [--channel-only]
 *
 * Three measurements, in one process:
 *  - channel: one thread, each frame kernel variant this CPU runs (generic, avx2, avx512):
 *    deviates as LLRs per second, and whole frames made the simulator's way (information bits,
 *    encoding, LLRs, saturated count, int8 rule when --llr i8) per second; thread CPU time;
 *    with --noise i8-table also each i8-table kernel (generic, aesni, avx2, avx512-vbmi);
 *  - decoder: the decoder alone on all T threads through its asynchronous batches, its staging
 *    buffers filled once with distinct BPSK/AWGN frames at --ebn0 (as `ldpcgpu bench` e2e
 *    does), wall time;
 *  - sim: ldpc_sim_run on T threads (frames made, decoded and counted), wall time.
 * decoder and sim alternate R rounds of S seconds each and the best round of each is kept (the
 * machine may be shared); the ratio sim / decoder is the target (>= 0.8).
 * Coded Mb/s = frames x n / seconds. Default: wimax:2304:1/2, 3 dB, f32, 10 iterations with
 * early stop (the decoder defaults), T = 0 (one per core), S = 1, R = 3. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "ldpcgpu/ldpcgpu.h"
#include "sim_i8_table.h"
#include "sim_noise.h"
#include "sim_llr.h"

static double wall(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double thread_cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double process_cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* A rate measured both ways: wall clock (what a quiet machine shows) and per CPU-second of the
 * whole process (less disturbed when other processes share the cores; blind to idle waits). */
typedef struct rate {
    double wall, cpu;
} rate;

static void die(const char *what, int st)
{
    fprintf(stderr, "sim_bench: %s: %s (%s)\n", what, ldpc_strerror(st), ldpc_last_error());
    exit(1);
}

/* One thread: kernel rates of a variant. */
static void channel(const ldpc_code *code, const ldpc_sim_kernels *k, double ebn0,
                    ldpc_llr_type llr_type, const ldpc_decoder *dec, double seconds)
{
    const int n = ldpc_code_n(code), kk = ldpc_code_k(code);
    float *llr = malloc(sizeof(float) * n);
    uint8_t *cw = calloc((size_t)n, 1), *info = malloc((size_t)kk);
    int8_t *q = malloc((size_t)n);
    ldpc_encoder *enc = NULL;
    int st = ldpc_encoder_create(&enc, code);
    if (st != LDPC_OK)
        die("encoder", st);
    float sigma, gain;
    ldpc_sim_llr_params(ldpc_awgn_sigma(ebn0, (double)kk / n), &sigma, &gain);
    double best_dev = 0, best_frame = 0;
    for (int round = 0; round < 3; round++) {
        long frames = 0;
        double t0 = thread_cpu(), t;
        do {
            for (int r = 0; r < 16; r++, frames++)
                k->llrs(1, (uint64_t)frames, cw, n, sigma, gain, llr);
        } while ((t = thread_cpu() - t0) < seconds / 6);
        if (frames * (double)n / t > best_dev)
            best_dev = frames * (double)n / t;
        frames = 0;
        t0 = thread_cpu();
        do {
            for (int r = 0; r < 16; r++, frames++) {
                k->bits(1, (uint64_t)frames, kk, info);
                ldpc_encoder_encode(enc, info, cw, 1);
                const float biggest = k->llrs(1, (uint64_t)frames, cw, n, sigma, gain, llr);
                uint64_t sat; /* screened as the simulator does */
                if (biggest * ldpc_decoder_config_get(dec)->llr_scale >= 127.0f)
                    ldpc_decoder_count_saturated_f32(dec, llr, (size_t)n, &sat);
                if (llr_type == LDPC_LLR_I8)
                    k->quantize_i8(llr, (size_t)n, 4.0f, q);
            }
        } while ((t = thread_cpu() - t0) < seconds / 6);
        if (frames / t > best_frame)
            best_frame = frames / t;
    }
    printf("channel %-8s 1 thread: %7.1f Mdeviates/s as LLRs (%.2f ns each); whole frames %.0f/s "
           "= %.0f Mb/s coded (%.2f us per frame)\n",
           k->name, best_dev / 1e6, 1e9 / best_dev, best_frame, best_frame * n / 1e6,
           1e6 / best_frame);
    ldpc_encoder_destroy(enc);
    free(llr);
    free(cw);
    free(info);
    free(q);
}

/* One thread: whole frames by the i8-table noise (sim_i8_table.h) with one of its kernels. */
static void channel_i8t(const ldpc_code *code, const ldpc_sim_i8_table_kernel *kt,
                        const ldpc_sim_kernels *k, double ebn0, float scale, double seconds)
{
    const int n = ldpc_code_n(code), kk = ldpc_code_k(code);
    uint8_t *cw = calloc((size_t)n, 1), *info = malloc((size_t)kk);
    int8_t *q = malloc((size_t)n);
    ldpc_encoder *enc = NULL;
    ldpc_sim_i8_table t;
    int st = ldpc_encoder_create(&enc, code);
    if (st == LDPC_OK)
        st = ldpc_sim_i8_table_init(&t, ldpc_awgn_sigma(ebn0, (double)kk / n), scale);
    if (st != LDPC_OK)
        die("i8-table channel", st);
    double best_dev = 0, best_frame = 0;
    for (int round = 0; round < 3; round++) {
        long frames = 0;
        double t0 = thread_cpu(), el;
        do {
            for (int r = 0; r < 16; r++, frames++)
                kt->llrs(1, (uint64_t)frames, cw, n, &t, q);
        } while ((el = thread_cpu() - t0) < seconds / 6);
        best_dev = frames * (double)n / el > best_dev ? frames * (double)n / el : best_dev;
        frames = 0;
        t0 = thread_cpu();
        do {
            for (int r = 0; r < 16; r++, frames++) {
                k->bits(1, (uint64_t)frames, kk, info);
                ldpc_encoder_encode(enc, info, cw, 1);
                kt->llrs(1, (uint64_t)frames, cw, n, &t, q);
            }
        } while ((el = thread_cpu() - t0) < seconds / 6);
        best_frame = frames / el > best_frame ? frames / el : best_frame;
    }
    printf("channel i8-table %-11s 1 thread: %7.1f M int8 LLRs/s (%.2f ns each); whole frames "
           "%.0f/s = %.0f Mb/s coded (%.2f us per frame)\n", kt->name, best_dev / 1e6,
           1e9 / best_dev, best_frame, best_frame * n / 1e6, 1e6 / best_frame);
    ldpc_encoder_destroy(enc);
    free(cw);
    free(info);
    free(q);
}

/* The decoder alone on pre-made frames, batches in flight, `seconds` of wall time. */
static rate decoder_rate(ldpc_decoder *dec, const float *pool, const int8_t *pool8,
                           int pool_frames, ldpc_llr_type type, double seconds)
{
    const int n = ldpc_code_n(ldpc_decoder_code(dec)), bf = ldpc_decoder_batch_frames(dec);
    /* fill every batch slot once (as a producer writing straight into them would) */
    ldpc_batch *b;
    int nb = 0, st;
    ldpc_batch *slots[256];
    while (nb < 256 && (st = ldpc_decoder_acquire(dec, &b)) == LDPC_OK)
        slots[nb++] = b;
    for (int i = 0; i < nb; i++) {
        for (int f = 0; f < bf; f++) {
            const int src = (i * bf + f) % pool_frames;
            if (type == LDPC_LLR_I8)
                memcpy(ldpc_batch_llr_i8(slots[i]) + (size_t)f * n, pool8 + (size_t)src * n, (size_t)n);
            else
                memcpy(ldpc_batch_llr_f32(slots[i]) + (size_t)f * n, pool + (size_t)src * n,
                       sizeof(float) * n);
        }
        ldpc_decoder_release(dec, slots[i]);
    }
    long frames = 0;
    const double t0 = wall(), c0 = process_cpu();
    double t;
    do {
        while (ldpc_decoder_acquire(dec, &b) == LDPC_OK)
            if ((st = ldpc_decoder_submit(dec, b, bf, type)) != LDPC_OK)
                die("submit", st);
        if ((st = ldpc_decoder_collect(dec, &b, 1)) != LDPC_OK)
            die("collect", st);
        frames += ldpc_batch_frames(b);
        ldpc_decoder_release(dec, b);
    } while ((t = wall() - t0) < seconds);
    while (ldpc_decoder_collect(dec, &b, 1) == LDPC_OK) {
        frames += ldpc_batch_frames(b);
        ldpc_decoder_release(dec, b);
    }
    t = wall() - t0;
    const rate r = {frames * (double)n / t / 1e6, frames * (double)n / (process_cpu() - c0) / 1e6};
    return r;
}

static rate sim_rate(ldpc_sim *sim, double ebn0, uint64_t *next, double seconds,
                       ldpc_sim_counts *c)
{
    const ldpc_code *code = ldpc_decoder_code(ldpc_sim_decoder(sim));
    /* calls of 2048 frames per core: every thread gets many chunks (sim_host.c), so the ramp
     * at the start and the wait for the last chunk of a call weigh little, as in the tool's
     * later rounds (up to 64 Mbit) */
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    const uint64_t step = 2048u * (uint64_t)(cores > 2 ? cores : 2);
    const double t0 = wall(), c0 = process_cpu();
    double t;
    uint64_t frames = 0;
    do {
        int st = ldpc_sim_run(sim, ebn0, *next, step, 0, c);
        if (st != LDPC_OK)
            die("ldpc_sim_run", st);
        *next += step;
        frames += step;
    } while ((t = wall() - t0) < seconds);
    const double bits = frames * (double)ldpc_code_n(code);
    const rate r = {bits / t / 1e6, bits / (process_cpu() - c0) / 1e6};
    return r;
}

int main(int argc, char **argv)
{
    const char *name = "wimax:2304:1/2";
    double ebn0 = 3.0, seconds = 1.0;
    int threads = 0, rounds = 3, channel_only = 0;
    ldpc_decoder_config dc;
    ldpc_decoder_config_init(&dc);
    dc.backend = LDPC_BACKEND_CPU_SIMD;
    ldpc_sim_config sc;
    ldpc_sim_config_init(&sc);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--ebn0") && v)
            ebn0 = atof(argv[++i]);
        else if (!strcmp(a, "--msg") && v) {
            i++;
            dc.msg_format = !strcmp(v, "i8") ? LDPC_MSG_I8 : !strcmp(v, "i16") ? LDPC_MSG_I16 : LDPC_MSG_F32;
        } else if (!strcmp(a, "--llr") && v)
            sc.llr_type = !strcmp(argv[++i], "i8") ? LDPC_LLR_I8 : LDPC_LLR_F32;
        else if (!strcmp(a, "--iters") && v)
            dc.max_iterations = atoi(argv[++i]);
        else if (!strcmp(a, "--no-et"))
            dc.early_termination = 0;
        else if (!strcmp(a, "--threads") && v)
            threads = atoi(argv[++i]);
        else if (!strcmp(a, "--seconds") && v)
            seconds = atof(argv[++i]);
        else if (!strcmp(a, "--rounds") && v)
            rounds = atoi(argv[++i]);
        else if (!strcmp(a, "--noise") && v) {
            if (ldpc_sim_noise_from_string(argv[++i], &sc.noise) != LDPC_OK)
                die(v, LDPC_ERR_INVALID_ARGUMENT);
        } else if (!strcmp(a, "--channel-only"))
            channel_only = 1;
        else if (a[0] != '-')
            name = a;
        else {
            fprintf(stderr, "usage: sim_bench [CODE] [--ebn0 DB] [--msg f32|i8|i16] [--llr f32|i8] "
                            "[--iters N] [--no-et] [--threads T] [--seconds S] [--rounds R] "
                            "[--noise box-muller|i8-table] [--channel-only]\n");
            return 2;
        }
    }
    ldpc_code *code = NULL;
    int st = ldpc_code_create(&code, name);
    if (st != LDPC_OK)
        die(name, st);
    const int n = ldpc_code_n(code);
    sc.num_threads = threads;
    dc.num_threads = threads;
    ldpc_decoder *dec = NULL;
    if ((st = ldpc_decoder_create(&dec, code, &dc)) != LDPC_OK)
        die("decoder", st);

    const char *variants[] = {"generic", "avx2", "avx512"};
    for (int i = 0; i < 3; i++) {
        const ldpc_sim_kernels *k = ldpc_sim_kernels_get(variants[i]);
        if (k)
            channel(code, k, ebn0, sc.llr_type, dec, seconds);
    }
    const char *i8t_variants[] = {"generic", "aesni", "avx2", "avx512-vbmi"};
    for (int i = 0; sc.noise == LDPC_SIM_NOISE_I8_TABLE && i < 4; i++) {
        const ldpc_sim_i8_table_kernel *kt = ldpc_sim_i8_table_kernel_get(i8t_variants[i]);
        if (kt)
            channel_i8t(code, kt, ldpc_sim_kernels_select(), ebn0, dc.llr_scale, seconds);
    }
    if (channel_only)
        return 0;

    ldpc_sim *sim = NULL;
    if ((st = ldpc_sim_create(&sim, code, &dc, &sc)) != LDPC_OK)
        die("simulator", st);
    ldpc_sim_print(sim, stdout);
    /* distinct frames for the decoder alone: the simulator's own (box-muller's float LLRs) */
    ldpc_sim_config pc = sc;
    pc.noise = LDPC_SIM_NOISE_BOX_MULLER;
    const int pool_frames = 256;
    float *pool = malloc(sizeof(float) * n * pool_frames);
    int8_t *pool8 = malloc((size_t)n * pool_frames);
    for (int f = 0; f < pool_frames; f++)
        if ((st = ldpc_sim_make_frame(code, &pc, ebn0, (uint64_t)f, NULL, NULL,
                                      pool + (size_t)f * n)) != LDPC_OK)
            die("make_frame", st);
    ldpc_llr_quantize_i8(pool, (size_t)n * pool_frames, dc.llr_scale, pool8);

    rate best_dec = {0, 0}, best_sim = {0, 0};
    uint64_t next = 0;
    ldpc_sim_counts c;
    memset(&c, 0, sizeof c);
    for (int r = 0; r < rounds; r++) {
        const rate d = decoder_rate(dec, pool, pool8, pool_frames, sc.llr_type, seconds);
        const rate s = sim_rate(sim, ebn0, &next, seconds, &c);
        printf("round %d: decoder %.1f Mb/s (%.1f per CPU-s), sim %.1f Mb/s (%.1f per CPU-s)\n", r,
               d.wall, d.cpu, s.wall, s.cpu);
        best_dec.wall = d.wall > best_dec.wall ? d.wall : best_dec.wall;
        best_dec.cpu = d.cpu > best_dec.cpu ? d.cpu : best_dec.cpu;
        best_sim.wall = s.wall > best_sim.wall ? s.wall : best_sim.wall;
        best_sim.cpu = s.cpu > best_sim.cpu ? s.cpu : best_sim.cpu;
    }
    printf("%s %.2f dB msg %s llr %s (%s noise) %d it%s, threads %d: decoder alone %.1f Mb/s coded, "
           "simulation %.1f (best of %d): ratio %.2f wall; per CPU-second %.1f vs %.1f: ratio "
           "%.2f; sim FER %.2e over %llu frames, avg it %.2f\n",
           name, ebn0, dc.msg_format == LDPC_MSG_I8 ? "i8" : dc.msg_format == LDPC_MSG_I16 ? "i16" : "f32",
           sc.llr_type == LDPC_LLR_I8 ? "i8" : "f32", ldpc_sim_noise_name(sc.noise), dc.max_iterations,
           dc.early_termination ? " (early stop)" : "", threads, best_dec.wall, best_sim.wall,
           rounds, best_sim.wall / best_dec.wall, best_dec.cpu, best_sim.cpu,
           best_sim.cpu / best_dec.cpu, (double)c.frame_errors / (double)c.frames,
           (unsigned long long)c.frames, (double)c.iterations / (double)c.frames);
    ldpc_sim_destroy(sim);
    ldpc_decoder_destroy(dec);
    ldpc_code_destroy(code);
    free(pool);
    free(pool8);
    return 0;
}
