/* multi_bench: throughput of a stream of frames cycling through several codes (DVB-S2 ACM/VCM,
 * NR slots) on ldpc_multi_decoder, against each code decoded alone by its own decoder.
 *
 *   multi_bench [--backend B] [--msg f32|i8|i16] [--threads T] [--frames F] [--iters N]
 *               [--reps R] [--early-stop] [--slot N0 [--received DB [--rate-matched]]]
 *               [--llr f32|i8] [--llr-scale S] [--beta B] [CODE ...]
 *
 * --slot N0: a 5G slot's latency instead: one call of F frames, the first N0 of the first code
 * and the others cycling through the other codes; prints the median and 99th percentile of R
 * calls (host to host), after one call of warm-up. --early-stop: stop frames once H c = 0
 * (their LLRs decode in a few iterations). --received DB (with --slot): frames as a receiver
 * holds them: random information bits encoded, a rate-matched NR code's bits rate-matched,
 * BPSK over AWGN at Eb/N0 DB (rate K/E, or k/n) and, for NR, recovered into n LLRs (0 where
 * nothing was sent), instead of noisy LLRs on every column. --rate-matched (with --received):
 * the rate-matched NR codes' frames are the E LLRs received instead, the decoder recovering
 * them (input_rate_matched; on the GPU for the cuda backend). --llr i8: the frames quantised
 * to int8 LLRs at --llr-scale (default 4; ldpc_llr_quantize_i8) and decoded as such.
 * --beta B: offset min-sum's beta (default 0.25, ldpc_decoder_config_init; 5G NR's own default
 * is 0.5, which int8 messages on BG1 need, at --llr-scale 2).
 *
 * Codes default to dvbs2:16200 1/2, 3/5, 3/4, 8/9. F frames (default 256) per measurement;
 * every iteration runs (no early stop), so the work per frame is fixed. Prints coded Mb/s
 * (frames * n / seconds, best of R) for each code alone, for all of them one after the other
 * (their total bits over their total time: the single-code reference), and for the mixed
 * stream (frame f of code f mod C) through one multi-code decoder, with the ratio of the two.
 * Frames are all-zero codewords with BPSK LLRs at a fixed noise (the work does not depend on
 * the bits without early stop). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ldpcgpu/ldpcgpu.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void die(const char *what)
{
    fprintf(stderr, "multi_bench: %s: %s\n", what, ldpc_last_error());
    exit(1);
}

/* --received: frame f of code index[f], as a receiver holds it (rows of row_len LLRs): n
 * LLRs, or with rate_matched the E received of a rate-matched NR code */
static void make_received(ldpc_code **codes, int ncodes, const int *index, int frames, int max_n, int row_len,
                          int rate_matched, double ebn0, float *llr)
{
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 7);
    const int max_e = LDPC_NR_MAX_E < 4 * max_n ? LDPC_NR_MAX_E : 4 * max_n;
    uint8_t *info = malloc((size_t)max_n), *cw = malloc((size_t)max_n), *tx = malloc((size_t)max_e);
    float *rx = malloc(sizeof(float) * (size_t)max_e);
    ldpc_encoder **enc = calloc((size_t)ncodes, sizeof *enc);
    if (!info || !cw || !tx || !rx || !enc)
        die("out of memory");
    for (int c = 0; c < ncodes; c++)
        if (ldpc_encoder_create(&enc[c], codes[c]) != LDPC_OK)
            die("ldpc_encoder_create");
    for (int f = 0; f < frames; f++) {
        const ldpc_code *c = codes[index[f]];
        const int n = ldpc_code_n(c), k = ldpc_code_k(c);
        ldpc_nr_code_params p;
        const int nr = ldpc_code_nr_params(c, &p) == LDPC_OK && p.e > 0 && p.e <= max_e;
        memset(info, 0, (size_t)k);
        ldpc_rng_bits(&rng, info, nr ? p.cb.k_prime : k); /* NR: the fillers stay 0 */
        if (ldpc_encoder_encode(enc[index[f]], info, cw, 1) != LDPC_OK)
            die("encode");
        float *row = llr + (size_t)f * row_len;
        memset(row, 0, sizeof(float) * (size_t)row_len);
        if (nr) {
            if (ldpc_nr_rate_match(&p.cb, p.rv, p.qm, p.e, cw, tx) != LDPC_OK)
                die("rate match");
            ldpc_channel_bpsk_awgn(&rng, tx, p.e, ldpc_awgn_sigma(ebn0, (double)p.cb.k_prime / p.e), rx);
            if (rate_matched)
                memcpy(row, rx, sizeof(float) * (size_t)p.e);
            else if (ldpc_nr_rate_recover_f32(&p.cb, p.rv, p.qm, p.e, rx, row) != LDPC_OK)
                die("rate recovery");
        } else {
            ldpc_channel_bpsk_awgn(&rng, cw, n, ldpc_awgn_sigma(ebn0, (double)k / n), row);
        }
    }
    for (int c = 0; c < ncodes; c++)
        ldpc_encoder_destroy(enc[c]);
    free(enc);
    free(info);
    free(cw);
    free(tx);
    free(rx);
}

/* --slot: one call of the frames (index[] set), R timed after a warm-up; median and p99 */
static void run_slot(ldpc_multi_decoder *md, const float *llr, const int8_t *llr8, const int *index, int frames, int reps,
                     uint8_t *out, int slot, const char *first_code, int ncodes)
{
    ldpc_frame_status *st = malloc(sizeof *st * (size_t)frames);
    double *t = malloc(sizeof(double) * (size_t)reps);
    if (!st || !t)
        die("out of memory");
    int bad = 0;
    for (int r = -1; r < reps; r++) { /* r = -1: warm-up */
        double t0 = now();
        const int rc = llr8 ? ldpc_multi_decoder_decode_i8(md, llr8, index, frames, out, st)
                            : ldpc_multi_decoder_decode_f32(md, llr, index, frames, out, st);
        if (rc != LDPC_OK)
            die("multi decode");
        if (r >= 0)
            t[r] = now() - t0;
    }
    double it_first = 0, it_rest = 0;
    int n_first = 0;
    for (int f = 0; f < frames; f++) {
        bad += !st[f].parity_ok;
        if (f < slot) {
            it_first += st[f].iterations;
            n_first++;
        } else {
            it_rest += st[f].iterations;
        }
    }
    for (int i = 1; i < reps; i++) /* sort */
        for (int j = i; j > 0 && t[j] < t[j - 1]; j--) {
            const double x = t[j];
            t[j] = t[j - 1];
            t[j - 1] = x;
        }
    /* p99: the nearest rank, ceil(0.99 R) (the median's index rounded down gave a p99 below
     * the median for R = 2) */
    printf("  slot: %d frames (%d of %s, the rest over %d codes): median %.1f us, p99 %.1f us, "
           "%d frames failing their checks; iterations a frame %.2f (%s), %.2f (the rest)\n",
           frames, slot < frames ? slot : frames, first_code, ncodes - 1, t[reps / 2] * 1e6,
           t[(99 * reps + 99) / 100 - 1] * 1e6, bad, n_first ? it_first / n_first : 0.0, first_code,
           frames > n_first ? it_rest / (frames - n_first) : 0.0);
    free(st);
    free(t);
}

int main(int argc, char **argv)
{
    const char *names[LDPC_MULTI_MAX_CODES];
    int ncodes = 0, frames = 256, reps = 3, slot = -1;
    double received = -100.0; /* --received Eb/N0; below -50: not asked */
    int llr_i8 = 0;
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    cfg.backend = LDPC_BACKEND_CPU_SIMD;
    cfg.early_termination = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--backend") && v) {
            if (ldpc_backend_from_string(v, &cfg.backend) != LDPC_OK)
                die("--backend");
            i++;
        } else if (!strcmp(a, "--msg") && v) {
            if (ldpc_msg_format_from_string(v, &cfg.msg_format) != LDPC_OK)
                die("--msg");
            i++;
        } else if (!strcmp(a, "--threads") && v) {
            cfg.num_threads = atoi(v);
            i++;
        } else if (!strcmp(a, "--frames") && v) {
            frames = atoi(v);
            i++;
        } else if (!strcmp(a, "--iters") && v) {
            cfg.max_iterations = atoi(v);
            i++;
        } else if (!strcmp(a, "--reps") && v) {
            reps = atoi(v);
            i++;
        } else if (!strcmp(a, "--slot") && v) {
            slot = atoi(v);
            i++;
        } else if (!strcmp(a, "--received") && v) {
            received = atof(v);
            i++;
        } else if (!strcmp(a, "--rate-matched")) {
            cfg.input_rate_matched = 1;
        } else if (!strcmp(a, "--llr") && v) {
            ldpc_llr_type t;
            if (ldpc_llr_type_from_string(v, &t) != LDPC_OK)
                die("--llr");
            llr_i8 = t == LDPC_LLR_I8;
            i++;
        } else if (!strcmp(a, "--llr-scale") && v) {
            cfg.llr_scale = (float)atof(v);
            i++;
        } else if (!strcmp(a, "--beta") && v) { /* offset min-sum's beta (5G NR's default: 0.5) */
            cfg.oms_beta = (float)atof(v);
            i++;
        } else if (!strcmp(a, "--early-stop")) {
            cfg.early_termination = 1;
        } else if (a[0] == '-') {
            fprintf(stderr, "multi_bench: unknown option %s\n", a);
            return 2;
        } else if (ncodes < LDPC_MULTI_MAX_CODES) {
            names[ncodes++] = a;
        }
    }
    if (!ncodes) {
        static const char *def[4] = {"dvbs2:16200:1/2", "dvbs2:16200:3/5", "dvbs2:16200:3/4",
                                     "dvbs2:16200:8/9"};
        memcpy(names, def, sizeof def);
        ncodes = 4;
    }
    if (frames < 1 || reps < 1) {
        fprintf(stderr, "multi_bench: --frames and --reps must be >= 1\n");
        return 2;
    }
    if ((cfg.input_rate_matched || llr_i8) && (slot < 0 || received < -50.0)) {
        fprintf(stderr, "multi_bench: --rate-matched and --llr i8 go with --slot and --received\n");
        return 2;
    }
    ldpc_code **codes = calloc((size_t)ncodes, sizeof *codes);
    int max_n = 0;
    for (int c = 0; c < ncodes; c++) {
        if (ldpc_code_create(&codes[c], names[c]) != LDPC_OK)
            die(names[c]);
        if (ldpc_code_n(codes[c]) > max_n)
            max_n = ldpc_code_n(codes[c]);
    }
    ldpc_multi_decoder *md;
    if (ldpc_multi_decoder_create(&md, (const ldpc_code *const *)codes, ncodes, &cfg) != LDPC_OK)
        die("ldpc_multi_decoder_create");
    const int row_out = ldpc_multi_decoder_max_output_bytes(md);
    const int row_len = ldpc_multi_decoder_max_n(md); /* the longest frame: n, or an E */
    if (row_len > max_n)
        max_n = row_len;
    float *llr = malloc(sizeof(float) * (size_t)frames * max_n);
    int8_t *llr8 = llr_i8 ? malloc((size_t)frames * max_n) : NULL;
    uint8_t *out = malloc((size_t)frames * row_out);
    int *index = malloc(sizeof(int) * (size_t)frames);
    if (!llr || !out || !index)
        die("out of memory");
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 1);
    for (long i = 0; i < (long)frames * max_n; i++)
        llr[i] = (float)(2.0 * (1.0 + 0.8 * ldpc_rng_normal(&rng)) / 0.64);

    printf("%s backend, %s messages, %d iterations%s, %d frames, threads %d\n",
           ldpc_multi_decoder_backend_name(md), ldpc_msg_format_name(cfg.msg_format),
           cfg.max_iterations, cfg.early_termination ? " (early stop)" : "", frames, cfg.num_threads);
    if (slot >= 0) {
        for (int f = 0; f < frames; f++)
            index[f] = f < slot || ncodes == 1 ? 0 : 1 + (f - slot) % (ncodes - 1);
        if (received > -50.0)
            make_received(codes, ncodes, index, frames, max_n, row_len, cfg.input_rate_matched, received, llr);
        if (llr8)
            ldpc_llr_quantize_i8(llr, (size_t)frames * row_len, cfg.llr_scale, llr8);
        run_slot(md, llr, llr8, index, frames, reps, out, slot, names[0], ncodes);
    } else {
        double alone_bits = 0, alone_time = 0;
        for (int c = 0; c < ncodes; c++) {
            ldpc_decoder *d;
            if (ldpc_decoder_create(&d, codes[c], &cfg) != LDPC_OK)
                die("ldpc_decoder_create");
            const int n = ldpc_code_n(codes[c]);
            double best = 1e30;
            for (int r = 0; r < reps; r++) {
                double t = now();
                if (ldpc_decoder_decode_f32(d, llr, frames, out, NULL) != LDPC_OK)
                    die("decode");
                t = now() - t;
                best = t < best ? t : best;
            }
            printf("  %-24s alone: %8.1f Mb/s\n", names[c], (double)frames * n / best / 1e6);
            alone_bits += (double)frames * n;
            alone_time += best;
            ldpc_decoder_destroy(d);
        }
        for (int f = 0; f < frames; f++)
            index[f] = f % ncodes;
        double mixed_bits = 0;
        for (int f = 0; f < frames; f++)
            mixed_bits += ldpc_code_n(codes[index[f]]);
        double best = 1e30;
        for (int r = 0; r < reps; r++) {
            double t = now();
            if (ldpc_multi_decoder_decode_f32(md, llr, index, frames, out, NULL) != LDPC_OK)
                die("multi decode");
            t = now() - t;
            best = t < best ? t : best;
        }
        const double ref = alone_bits / alone_time / 1e6, mixed = mixed_bits / best / 1e6;
        printf("  each code alone, in turn:    %8.1f Mb/s\n", ref);
        printf("  mixed stream (f mod %d):      %8.1f Mb/s = %.2f of alone\n", ncodes, mixed,
               mixed / ref);
    }
    ldpc_multi_decoder_destroy(md);
    for (int c = 0; c < ncodes; c++)
        ldpc_code_destroy(codes[c]);
    free(codes);
    free(llr);
    free(llr8);
    free(out);
    free(index);
    return 0;
}
