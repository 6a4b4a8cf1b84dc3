/* ldpcgpu simulate: random frames -> encoder -> BPSK/AWGN -> decoder, counting bit and frame
 * errors against what was sent, and timing the decoder alone (clock_gettime around each decode
 * call). One Eb/N0 point or a sweep. */
#include <stdlib.h>
#include <string.h>
#include "app_sim.h"
#include "commands.h"

#define MAX_POINTS 1000

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ldpcgpu simulate CODE --ebn0 DB [--frames N] [options]\n\n"
            "Monte-Carlo simulation over BPSK/AWGN: draw random information bits, encode them,\n"
            "send each codeword as BPSK (0 -> +1, 1 -> -1) with Gaussian noise of the given\n"
            "Eb/N0, decode the channel LLRs and compare the decoded information bits with the\n"
            "ones sent. Prints, per Eb/N0: frames, bit errors and BER, frame errors and FER\n"
            "(a frame is in error when any of its information bits is wrong), frames whose\n"
            "parity checks failed, average iterations, and decoder throughput in coded and\n"
            "information Mbit/s. Throughput counts the decode calls only (clock_gettime around\n"
            "them), not the encoding or the noise generation. \"sat LLRs\" is the share of\n"
            "channel LLRs beyond the int8 range at the decoder's --llr-scale (round(LLR * S)\n"
            "outside -128..127): what int8 LLRs or int8 messages clip.\n\n"
            "CODE is a built-in name (ldpcgpu list) or alist:FILE.\n\n"
            "options:\n"
            "  --ebn0 DB              Eb/N0 in dB: one value (1.2), a sweep FIRST:LAST:STEP\n"
            "                         (1.0:3.0:0.5) or a list (1.0,1.5,2.5)\n"
            "  --frames N             frames per Eb/N0 point (default 100)\n"
            "  --max-frame-errors E   stop a point early after E frame errors (default: never)\n"
            "  --seed S               seed of the bits and the noise (default 1); every point\n"
            "                         starts from it, so runs are reproducible\n"
            "  --llr f32|i8           LLRs handed to the decoder: float32 (default) or int8\n"
            "                         quantized as round(LLR * scale), saturated at +-127\n"
            "  --llr-scale S          scale of int8 LLRs (default 4, %g..%g)\n"
            "  --json FILE            also write the results as JSON\n",
            (double)LDPC_LLR_SCALE_MIN, (double)LDPC_LLR_SCALE_MAX);
    app_decoder_options_help(f);
}

typedef struct sim_opts {
    const char *code_name, *json_path;
    double ebn0[MAX_POINTS];
    int npoints;
    long long frames, max_frame_errors;
    uint64_t seed;
    int llr_i8;
    ldpc_decoder_config cfg;
} sim_opts;

typedef app_sim_point sim_point;

/* Returns 0 to go on, -1 after printing help, or an exit code. */
static int parse(int argc, char **argv, sim_opts *o)
{
    memset(o, 0, sizeof *o);
    o->frames = 100;
    o->seed = 1;
    ldpc_decoder_config_init(&o->cfg);
    app_args a;
    app_args_init(&a, "simulate", argc, argv);
    int have_ebn0 = 0;
    while (a.i < argc && !a.error) {
        const char *w = argv[a.i], *v;
        if (app_is_help(w)) {
            usage(stdout);
            return -1;
        }
        if (app_decoder_option(&a, &o->cfg) || app_opt(&a, "--json", NULL, &o->json_path) ||
            app_opt_choice(&a, "--llr", app_llr_formats, &o->llr_i8))
            continue;
        if (app_opt(&a, "--ebn0", NULL, &v)) {
            have_ebn0 = 1;
            if (!a.error)
                a.error = app_parse_ebn0("simulate", v, o->ebn0, MAX_POINTS, &o->npoints);
        } else if (app_opt(&a, "--frames", NULL, &v)) {
            if (!a.error)
                a.error = app_parse_int("simulate", "--frames", v, 1, 1LL << 40, &o->frames);
        } else if (app_opt(&a, "--max-frame-errors", NULL, &v)) {
            if (!a.error)
                a.error = app_parse_int("simulate", "--max-frame-errors", v, 1, 1LL << 40,
                                        &o->max_frame_errors);
        } else if (app_opt(&a, "--seed", NULL, &v)) {
            if (!a.error)
                a.error = app_parse_u64("simulate", "--seed", v, &o->seed);
        } else if (app_opt(&a, "--llr-scale", NULL, &v)) {
            if (!a.error)
                a.error = app_parse_llr_scale("simulate", v, &o->cfg.llr_scale);
        } else if (w[0] != '-' && !o->code_name) {
            o->code_name = w;
            a.i++;
        } else
            app_unknown(&a);
    }
    if (a.error)
        return APP_USAGE;
    if (!o->code_name || !have_ebn0) {
        fprintf(stderr, "ldpcgpu simulate: need a CODE and --ebn0 DB\n");
        usage(stderr);
        return APP_USAGE;
    }
    return 0;
}

/* Run one Eb/N0 point. */
static int simulate_point(const sim_opts *o, ldpc_encoder *enc, ldpc_decoder *dec,
                          app_sim_buffers *b, sim_point *p, app_progress *progress)
{
    app_sim_source src;
    app_sim_source_start(&src, enc, ldpc_decoder_code(dec), p->ebn0, o->seed);
    while (p->frames < o->frames &&
           (o->max_frame_errors == 0 || p->frame_errors < o->max_frame_errors)) {
        int nf = o->frames - p->frames < b->chunk ? (int)(o->frames - p->frames) : b->chunk;
        int st = app_sim_source_next(&src, b, nf);
        if (st != LDPC_OK)
            return app_fail("simulate", st, "encoding");
        if ((st = app_sim_decode(dec, b, nf, o->llr_i8, p)) != LDPC_OK)
            return app_fail("simulate", st, "decoding");
        app_progress_update(progress, "Eb/N0 %.2f dB: %lld/%lld frames, %lld frame errors",
                            p->ebn0, p->frames, o->frames, p->frame_errors);
    }
    return APP_OK;
}

static double mbps(long long frames, int bits, double seconds)
{
    return seconds > 0 ? (double)frames * bits / seconds / 1e6 : 0.0;
}

static void print_header(void)
{
    printf("%6s %8s %11s %10s %12s %10s %12s %9s %11s %10s %9s\n", "Eb/N0", "frames",
           "bit errors", "BER", "frame errors", "FER", "parity fails", "avg iter", "coded Mbps",
           "info Mbps", "sat LLRs");
}

static void print_point(const sim_point *p, int n, int k)
{
    printf("%6.2f %8lld %11lld %10.3e %12lld %10.3e %12lld %9.2f %11.2f %10.2f %9.3e\n",
           p->ebn0, p->frames, p->bit_errors, (double)p->bit_errors / ((double)p->frames * k),
           p->frame_errors, (double)p->frame_errors / p->frames, p->parity_failures,
           (double)p->iterations / p->frames, mbps(p->frames, n, p->decode_seconds),
           mbps(p->frames, k, p->decode_seconds), (double)p->saturated / ((double)p->frames * n));
    fflush(stdout);
}

static int write_json(const sim_opts *o, const ldpc_decoder *dec, const sim_point *pts,
                      int npts)
{
    const ldpc_code *code = ldpc_decoder_code(dec);
    const ldpc_decoder_config *c = ldpc_decoder_config_get(dec);
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    FILE *f = app_open_write("simulate", o->json_path);
    if (!f)
        return APP_FAILED;
    fprintf(f, "{\n  \"code\": ");
    app_json_string(f, ldpc_code_name(code));
    fprintf(f,
            ",\n  \"n\": %d,\n  \"k\": %d,\n  \"rate\": %.6f,\n  \"backend\": \"%s\",\n"
            "  \"algorithm\": \"%s\",\n  \"schedule\": \"%s\",\n  \"max_iterations\": %d,\n"
            "  \"early_termination\": %s,\n  \"nms_alpha\": %g,\n  \"oms_beta\": %g,\n"
            "  \"llr\": \"%s\",\n  \"llr_scale\": %g,\n  \"batch_frames\": %d,\n"
            "  \"seed\": %llu,\n  \"points\": [",
            n, k, (double)k / n, ldpc_decoder_backend_name(dec), ldpc_algorithm_name(c->algorithm),
            ldpc_schedule_name(c->schedule), c->max_iterations,
            c->early_termination ? "true" : "false", c->nms_alpha, c->oms_beta,
            o->llr_i8 ? "i8" : "f32", c->llr_scale, ldpc_decoder_batch_frames(dec),
            (unsigned long long)o->seed);
    for (int i = 0; i < npts; i++) {
        const sim_point *p = &pts[i];
        fprintf(f,
                "%s\n    {\"ebn0_db\": %.4f, \"frames\": %lld, \"bit_errors\": %lld, "
                "\"ber\": %.6e, \"frame_errors\": %lld, \"fer\": %.6e, "
                "\"parity_failures\": %lld, \"undetected_errors\": %lld, "
                "\"avg_iterations\": %.4f, \"decode_seconds\": %.6f, \"coded_mbps\": %.4f, "
                "\"info_mbps\": %.4f, \"saturated_llrs\": %lld, \"saturated_share\": %.6e}",
                i ? "," : "", p->ebn0, p->frames, p->bit_errors,
                (double)p->bit_errors / ((double)p->frames * k), p->frame_errors,
                (double)p->frame_errors / p->frames, p->parity_failures, p->undetected,
                (double)p->iterations / p->frames, p->decode_seconds,
                mbps(p->frames, n, p->decode_seconds), mbps(p->frames, k, p->decode_seconds),
                p->saturated, (double)p->saturated / ((double)p->frames * n));
    }
    fprintf(f, "\n  ]\n}\n");
    return app_close("simulate", f, o->json_path) ? APP_FAILED : APP_OK;
}

int cmd_simulate(int argc, char **argv)
{
    static sim_opts o; /* static: the Eb/N0 list is a few kB */
    int rc = parse(argc, argv, &o);
    if (rc)
        return rc < 0 ? APP_OK : rc;

    ldpc_code *code = NULL;
    ldpc_encoder *enc = NULL;
    ldpc_decoder *dec = NULL;
    app_sim_buffers b;
    memset(&b, 0, sizeof b);
    sim_point *pts = calloc((size_t)o.npoints, sizeof *pts);
    int st;
    rc = APP_FAILED;
    if (!pts || app_open_code("simulate", o.code_name, &code) != APP_OK)
        goto done;
    if ((st = ldpc_encoder_create(&enc, code)) != LDPC_OK) {
        app_fail("simulate", st, "creating the encoder");
        goto done;
    }
    if ((st = ldpc_decoder_create(&dec, code, &o.cfg)) != LDPC_OK) {
        app_fail("simulate", st, "creating the decoder");
        goto done;
    }
    if (app_sim_buffers_alloc(&b, "simulate", code, ldpc_decoder_batch_frames(dec), o.frames,
                              o.llr_i8, o.max_frame_errors > 0) != APP_OK)
        goto done;

    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    printf("code: %s, n=%d k=%d rate=%.4f; BPSK over AWGN, %s LLRs, seed %llu\n",
           ldpc_code_name(code), n, k, app_code_rate(code), o.llr_i8 ? "int8" : "float32",
           (unsigned long long)o.seed);
    app_print_decoder(stdout, dec);
    print_header();
    app_progress progress;
    app_progress_init(&progress);
    double t0 = app_now(), decode_total = 0.0;
    for (int i = 0; i < o.npoints; i++) {
        pts[i].ebn0 = o.ebn0[i];
        int prc = simulate_point(&o, enc, dec, &b, &pts[i], &progress);
        app_progress_clear(&progress);
        if (prc != APP_OK)
            goto done;
        print_point(&pts[i], n, k);
        decode_total += pts[i].decode_seconds;
    }
    printf("time: %.2f s decoding, %.2f s in all (encoding and noise are not in the Mbps)\n",
           decode_total, app_now() - t0);
    rc = o.json_path ? write_json(&o, dec, pts, o.npoints) : APP_OK;
done:
    app_sim_buffers_free(&b);
    free(pts);
    ldpc_decoder_destroy(dec);
    ldpc_encoder_destroy(enc);
    ldpc_code_destroy(code);
    return rc;
}
