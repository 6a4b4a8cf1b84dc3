/* cuda_sim_bench: throughput of the simulator's GPU channel (cuda/sim_run.cu) against the decoder's
 * own kernel-only throughput on the same GPU, same code and settings, and long error-rate
 * points. Drives the GPU channel through its hooks (sim_internal.h), so it measures exactly
 * what ldpc_sim_run does with a cuda decoder.
 *
 *   cuda_sim_bench CODE [--msg f32|i8] [--llr f32|i8] [--ebn0 DB] [--iters N] [--early 0|1]
 *             [--seconds S] [--stop ERRORS] [--max-frames N] [--streams N] [--seed S]
 *             [--all-zero] [--no-kernel]
 *
 * Prints one line: simulated coded Gb/s (n * frames / wall-clock seconds of one ldpc_cuda_sim_run
 * call, after a warm-up call), frames, FER, BER, mean iterations, saturated share, and the
 * decoder's kernel-only Gb/s on the channel's own LLRs (ldpc_cuda_time_kernel over the
 * decoder's streams) with the ratio, and one batch's channel / decode / count kernel times per
 * frame when run one after another on one stream. With --stop, the run goes until that many frame errors or
 * --max-frames frames, printing a progress line every 10 s. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ldpcgpu/ldpcgpu.h"
#include "ldpcgpu/sim.h"
#include "ldpcgpu/backend_cuda.h"
#include "sim_internal.h"
#include "sim_debug.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static void die(const char *what, int st)
{
    fprintf(stderr, "cuda_sim_bench: %s: %s (%s)\n", what, ldpc_strerror(st), ldpc_last_error());
    exit(1);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: cuda_sim_bench CODE [--msg f32|i8] [--llr f32|i8] [--ebn0 DB] [--iters N] "
                        "[--early 0|1] [--seconds S] [--stop ERRORS] [--max-frames N] [--streams N] "
                        "[--seed S] [--all-zero] [--no-kernel]\n");
        return 2;
    }
    const char *code_name = argv[1];
    int msg_i8 = 1, llr_i8 = 1, iters = 10, early = 0, streams = 0, kernel = 1, all_zero = 0;
    double ebn0 = 2.0, seconds = 3.0;
    unsigned long long stop = 0, max_frames = 0, seed = 1;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(a, "--msg")) msg_i8 = !strcmp(v, "i8"), i++;
        else if (!strcmp(a, "--llr")) llr_i8 = !strcmp(v, "i8"), i++;
        else if (!strcmp(a, "--ebn0")) ebn0 = atof(v), i++;
        else if (!strcmp(a, "--iters")) iters = atoi(v), i++;
        else if (!strcmp(a, "--early")) early = atoi(v), i++;
        else if (!strcmp(a, "--seconds")) seconds = atof(v), i++;
        else if (!strcmp(a, "--stop")) stop = strtoull(v, NULL, 10), i++;
        else if (!strcmp(a, "--max-frames")) max_frames = strtoull(v, NULL, 10), i++;
        else if (!strcmp(a, "--streams")) streams = atoi(v), i++;
        else if (!strcmp(a, "--seed")) seed = strtoull(v, NULL, 10), i++;
        else if (!strcmp(a, "--all-zero")) all_zero = 1;
        else if (!strcmp(a, "--no-kernel")) kernel = 0;
        else {
            fprintf(stderr, "cuda_sim_bench: unknown option %s\n", a);
            return 2;
        }
    }
    if (!ldpc_backend_available(LDPC_BACKEND_CUDA)) {
        printf("SKIP: no CUDA device\n");
        return 77;
    }
    ldpc_code *code;
    int st = ldpc_code_create(&code, code_name);
    if (st != LDPC_OK)
        die("code", st);
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    ldpc_decoder_config dc;
    ldpc_decoder_config_init(&dc);
    dc.backend = LDPC_BACKEND_CUDA;
    dc.fallback_to_cpu = 0;
    dc.msg_format = msg_i8 ? LDPC_MSG_I8 : LDPC_MSG_F32;
    dc.max_iterations = iters;
    dc.early_termination = early;
    dc.num_streams = streams;
    ldpc_decoder *dec;
    if ((st = ldpc_decoder_create(&dec, code, &dc)) != LDPC_OK)
        die("decoder", st);
    ldpc_sim_config sc;
    memset(&sc, 0, sizeof sc);
    sc.seed = seed;
    sc.llr_type = llr_i8 ? LDPC_LLR_I8 : LDPC_LLR_F32;
    sc.codeword = all_zero ? LDPC_SIM_ALL_ZERO : LDPC_SIM_RANDOM;
    ldpc_sim_gpu *g;
    if ((st = ldpc_cuda_sim_create(&g, dec, &sc)) != LDPC_OK)
        die("GPU channel", st);
    int batch = 0, inflight = 0;
    ldpc_cuda_sim_debug_shape(g, &batch, &inflight);
    const double sigma = ldpc_awgn_sigma(ebn0, (double)k / n);
    printf("# %s n=%d k=%d msg=%s llr=%s iters=%d early=%d ebn0=%.3f sigma=%.5f batch=%d in_flight=%d\n# %s\n",
           code_name, n, k, msg_i8 ? "i8" : "f32", llr_i8 ? "i8" : "f32", iters, early, ebn0, sigma, batch,
           inflight, ldpc_cuda_describe(dec));

    /* warm-up (module load, first launches), then a short call to size the timed one */
    ldpc_sim_counts c;
    memset(&c, 0, sizeof c);
    if ((st = ldpc_cuda_sim_run(g, sigma, 0, (uint64_t)batch * inflight, 0, &c)) != LDPC_OK)
        die("warm-up", st);
    uint64_t first = c.frames;
    memset(&c, 0, sizeof c);
    double t0 = now();
    if ((st = ldpc_cuda_sim_run(g, sigma, first, (uint64_t)batch * inflight * 4, 0, &c)) != LDPC_OK)
        die("sizing run", st);
    double rate = c.frames / (now() - t0);
    first += c.frames;

    memset(&c, 0, sizeof c);
    double elapsed;
    if (stop == 0) {
        uint64_t frames = max_frames ? max_frames : (uint64_t)(rate * seconds) + 1;
        t0 = now();
        if ((st = ldpc_cuda_sim_run(g, sigma, first, frames, 0, &c)) != LDPC_OK)
            die("timed run", st);
        elapsed = now() - t0;
    } else {
        /* long point: chunks of ~10 s, each a ldpc_cuda_sim_run over the next frames */
        const uint64_t cap = max_frames ? max_frames : UINT64_MAX;
        t0 = now();
        while (c.frame_errors < stop && c.frames < cap) {
            uint64_t chunk = (uint64_t)(rate * 10.0) + 1;
            if (chunk > cap - c.frames)
                chunk = cap - c.frames;
            if ((st = ldpc_cuda_sim_run(g, sigma, first + c.frames, chunk, stop, &c)) != LDPC_OK)
                die("long run", st);
            const double e = now() - t0;
            printf("progress: %.1f s, %llu frames, %llu frame errors, FER %.3e, %.2f Gb/s\n", e,
                   (unsigned long long)c.frames, (unsigned long long)c.frame_errors,
                   c.frames ? (double)c.frame_errors / c.frames : 0.0, (double)c.frames * n / e * 1e-9);
            fflush(stdout);
        }
        elapsed = now() - t0;
    }
    const double gbps = (double)c.frames * n / elapsed * 1e-9;

    double kgbps = 0.0;
    if (kernel) {
        /* the decoder alone, on this channel's LLRs: kernel-only over the decoder's streams */
        const int kf = batch < 4 * ldpc_decoder_batch_frames(dec) ? batch : 4 * ldpc_decoder_batch_frames(dec);
        void *llr = malloc((size_t)kf * n * (llr_i8 ? 1 : 4));
        if (!llr)
            die("memory", LDPC_ERR_NO_MEMORY);
        if ((st = ldpc_cuda_sim_debug_frames(g, sigma, 0, kf, NULL, llr, NULL)) != LDPC_OK)
            die("frames for the kernel timing", st);
        enum { REPS = 40 };
        double secs[REPS], total = 0;
        const int nstreams = dc.num_streams > 0 ? dc.num_streams : 4;
        if ((st = ldpc_cuda_time_kernel(dec, llr_i8 ? LDPC_LLR_I8 : LDPC_LLR_F32, llr, kf, REPS, nstreams, secs,
                                        &total)) != LDPC_OK)
            die("kernel timing", st);
        kgbps = (double)kf * REPS * n / total * 1e-9;
        free(llr);
    }
    /* one batch's kernels one after another on one stream: where a simulated frame's time goes */
    double tc = 0, td = 0, tn = 0;
    if (kernel && (st = ldpc_cuda_sim_debug_time(g, sigma, 5, &tc, &td, &tn)) != LDPC_OK)
        die("kernel split", st);
    printf("RESULT code=%s msg=%s llr=%s iters=%d early=%d ebn0=%.3f frames=%llu seconds=%.3f sim_gbps=%.2f "
           "fer=%.4e ber=%.4e frame_errors=%llu bit_errors=%llu parity_fail=%llu undetected=%llu "
           "mean_iter=%.3f saturated_share=%.3e kernel_gbps=%.2f ratio=%.3f channel_ns=%.2f decode1_ns=%.2f "
           "count_ns=%.2f\n",
           code_name, msg_i8 ? "i8" : "f32", llr_i8 ? "i8" : "f32", iters, early, ebn0,
           (unsigned long long)c.frames, elapsed, gbps, c.frames ? (double)c.frame_errors / c.frames : 0.0,
           c.frames ? (double)c.bit_errors / ((double)c.frames * k) : 0.0, (unsigned long long)c.frame_errors,
           (unsigned long long)c.bit_errors, (unsigned long long)c.parity_failures,
           (unsigned long long)c.undetected, c.frames ? (double)c.iterations / c.frames : 0.0,
           c.frames ? (double)c.saturated / ((double)c.frames * n) : 0.0, kgbps, kgbps > 0 ? gbps / kgbps : 0.0,
           tc / batch * 1e9, td / batch * 1e9, tn / batch * 1e9);
    ldpc_cuda_sim_destroy(g);
    ldpc_decoder_destroy(dec);
    ldpc_code_destroy(code);
    return 0;
}
