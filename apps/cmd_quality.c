/* ldpcgpu quality: decoding quality of the quantised arithmetic against float, over a grid of
 * codes x algorithms x alpha/beta x iterations x early stop x formats. Every decoder of a grid
 * point decodes THE SAME frames (one frame source, decoded in turn by the float decoder and by
 * each quantised one), so a difference in errors is the arithmetic's, not the noise's. */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <stdlib.h>
#include <string.h>
#include "commands.h"
#include "quality.h"

/* The default grid: two small WiMAX codes, a low and a high rate, each over Eb/N0 points where
 * the float decoder's FER goes from about 1e-1 to below 1e-3 (10 iterations). */
#define DEFAULT_CODES "wimax:576:1/2@1.5:3.0:0.25,wimax:576:5/6@3.0:4.5:0.25"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ldpcgpu quality [--codes LIST] [--alg LIST] [--alpha LIST] [--beta LIST]\n"
            "                       [--iterations LIST] [--early-stop on,off] [--msg LIST]\n"
            "                       [--llr LIST] [--ebn0 DB] [--frames N] [options]\n\n"
            "Decoding quality of the quantised (int8/int16) arithmetic against float. For every\n"
            "point of the grid codes x algorithms x alpha/beta x iterations x early stop, the same\n"
            "AWGN frames (as in ldpcgpu simulate: same seed, same frames) are decoded with\n"
            "float messages and with each quantised format MSG:LLR (message arithmetic, LLRs\n"
            "handed to the decoder), and the FER and BER of each format are printed next to\n"
            "float's. With two or more Eb/N0 points the gap to float in dB at FER 1e-2 and 1e-3\n"
            "is printed too: log10(FER) interpolated linearly between the sweep points around\n"
            "the crossing; 'n/a' when a curve does not cross between two points with measured\n"
            "frame errors (FER 1e-3 needs thousands of frames per point).\n\n"
            "options (LIST = comma-separated values):\n"
            "  --codes LIST           codes, each CODE or CODE@DB with its own Eb/N0 (one value or\n"
            "                         FIRST:LAST:STEP); default " DEFAULT_CODES "\n"
            "  --ebn0 DB              Eb/N0 of the codes given without @: one value, a sweep\n"
            "                         FIRST:LAST:STEP or a list\n"
            "  --alg LIST             nms, oms, min-sum (default all three)\n"
            "  --alpha LIST           nms factors (default 0.75,0.875,1.0)\n"
            "  --beta LIST            oms offsets in LLR units (default 0.5,1.0)\n"
            "  --iterations LIST      maximum iterations (default 10,50,100)\n"
            "  --early-stop LIST      on, off or on,off (default on,off); --no-early-stop = off\n"
            "  --msg LIST             quantised message formats: i8, i16, f32 (default i8,i16;\n"
            "                         f32 with --llr i8 measures the LLR quantisation alone)\n"
            "  --llr LIST             LLRs handed to the quantised decoders: f32, i8 (default\n"
            "                         f32,i8); i8 = round(LLR * llr_scale) saturated at +-127\n"
            "  --frames N             frames per Eb/N0 point (default 2000)\n"
            "  --max-frame-errors E   end a point once every decoder has E frame errors\n"
            "  --backend B            backend of the quantised decoders (default auto)\n"
            "  --float-backend B      backend of the float decoder (default: --backend)\n"
            "  --schedule S           layered (default) or flooding\n"
            "  --llr-scale S          scale of int8 LLRs and messages (default 4; %g..%g,\n"
            "                         %g..%g on 5G NR BG1 rate >= 1/3 with oms)\n"
            "  --threads T, --batch-frames F, --device LIST   as for simulate\n"
            "  --seed S               seed of bits and noise (default 1)\n"
            "  --modulation M         bpsk (default), qpsk, 16qam, 64qam, 256qam (as simulate)\n"
            "  --demapper D           exact (default) or max-log LLRs of 16/64/256-QAM\n"
            "  --json FILE            write every point, curve, crossing and gap as JSON\n"
            "  --quiet                no tables, only the summary line\n",
            (double)LDPC_LLR_SCALE_MIN, (double)LDPC_LLR_SCALE_MAX,
            (double)LDPC_LLR_SCALE_NR_BG1_MIN, (double)LDPC_LLR_SCALE_MAX);
}

/* One word of a list option into item i of out (its array); arg: the item's limits or choices.
 * Non-zero after printing why not. */
typedef int (*item_fn)(const char *opt, const char *word, int i, void *out, const void *arg);

/* A comma-separated LIST, each word through fn; *count receives the number of words. */
static int parse_list(const char *opt, const char *text, int max, item_fn fn, void *out,
                      const void *arg, int *count)
{
    char buf[4096], *save = NULL;
    if (strlen(text) >= sizeof buf) {
        fprintf(stderr, "ldpcgpu quality: %s: list too long\n", opt);
        return 1;
    }
    memcpy(buf, text, strlen(text) + 1);
    int n = 0;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save), n++) {
        if (n == max) {
            fprintf(stderr, "ldpcgpu quality: %s: more than %d values\n", opt, max);
            return 1;
        }
        if (fn(opt, tok, n, out, arg))
            return 1;
    }
    if (!n) {
        fprintf(stderr, "ldpcgpu quality: %s: empty list\n", opt);
        return 1;
    }
    *count = n;
    return 0;
}

static int item_double(const char *opt, const char *word, int i, void *out, const void *range)
{
    const double *r = range;
    return app_parse_double("quality", opt, word, r[0], r[1], (double *)out + i);
}

static int item_iterations(const char *opt, const char *word, int i, void *out, const void *arg)
{
    long long v;
    (void)arg;
    if (app_parse_int("quality", opt, word, 1, 10000, &v))
        return 1;
    ((int *)out)[i] = (int)v;
    return 0;
}

/* The word's index in a NULL-terminated list of choices. */
static int item_choice(const char *opt, const char *word, int i, void *out, const void *list)
{
    const char *const *choices = list;
    for (int c = 0; choices[c]; c++)
        if (!strcmp(word, choices[c])) {
            ((int *)out)[i] = c;
            return 0;
        }
    fprintf(stderr, "ldpcgpu quality: %s: '%s' is not one of:", opt, word);
    for (int c = 0; choices[c]; c++)
        fprintf(stderr, " %s", choices[c]);
    fputc('\n', stderr);
    return 1;
}

static int item_alg(const char *opt, const char *word, int i, void *out, const void *arg)
{
    ldpc_algorithm *a = (ldpc_algorithm *)out + i;
    (void)arg;
    if (ldpc_algorithm_from_string(word, a) != LDPC_OK) {
        fprintf(stderr, "ldpcgpu quality: %s: %s\n", opt, ldpc_last_error());
        return 1;
    }
    if (*a == LDPC_ALG_SUM_PRODUCT) {
        fprintf(stderr, "ldpcgpu quality: %s: sum-product has no quantised form\n", opt);
        return 1;
    }
    return 0;
}

/* CODE or CODE@DB (its own Eb/N0 points). */
static int item_code(const char *opt, const char *word, int i, void *out, const void *arg)
{
    q_code *c = (q_code *)out + i;
    const char *at = strrchr(word, '@');
    const size_t len = at ? (size_t)(at - word) : strlen(word);
    (void)arg;
    if (len >= sizeof c->name) {
        fprintf(stderr, "ldpcgpu quality: %s: code name too long\n", opt);
        return 1;
    }
    memcpy(c->name, word, len);
    c->name[len] = '\0';
    c->npoints = 0;
    return at && app_parse_ebn0("quality", at + 1, c->ebn0, Q_MAX_POINTS, &c->npoints);
}

static int ascending(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Returns 0 to go on, -1 after printing help, or an exit code. */
static int parse(int argc, char **argv, q_opts *o)
{
    static const char *const on_off[] = {"off", "on", NULL};
    static const char *const msgs[] = {"f32", "i8", "i16", NULL}; /* ldpc_msg_format order */
    static const double alpha_range[2] = {1e-6, 1.0}, beta_range[2] = {0.0, 99.0};
    int msg[3] = {LDPC_MSG_I8, LDPC_MSG_I16}, nmsg = 2, llr[2] = {0, 1}, nllr = 2;
    int have_float_backend = 0;
    memset(o, 0, sizeof *o);
    o->frames = 2000;
    o->seed = 1;
    ldpc_decoder_config_init(&o->cfg);
    app_args a;
    app_args_init(&a, "quality", argc, argv);
    const char *v, *codes = DEFAULT_CODES;
    while (a.i < argc && !a.error) {
        if (app_is_help(argv[a.i])) {
            usage(stdout);
            return -1;
        }
        /* the list options first: app_decoder_option knows single-valued ones of these names */
        if (app_opt(&a, "--codes", NULL, &v)) {
            codes = v;
        } else if (app_opt(&a, "--alg", NULL, &v) || app_opt(&a, "--algorithm", NULL, &v)) {
            a.error = a.error || parse_list("--alg", v, Q_MAX_LIST, item_alg, o->algs, NULL,
                                            &o->nalgs);
        } else if (app_opt(&a, "--alpha", NULL, &v)) {
            a.error = a.error || parse_list("--alpha", v, Q_MAX_LIST, item_double, o->alphas,
                                            alpha_range, &o->nalphas);
        } else if (app_opt(&a, "--beta", NULL, &v)) {
            a.error = a.error || parse_list("--beta", v, Q_MAX_LIST, item_double, o->betas,
                                            beta_range, &o->nbetas);
        } else if (app_opt(&a, "--iterations", NULL, &v)) {
            a.error = a.error || parse_list("--iterations", v, Q_MAX_LIST, item_iterations,
                                            o->iterations, NULL, &o->niterations);
        } else if (app_opt(&a, "--early-stop", NULL, &v)) {
            a.error = a.error || parse_list("--early-stop", v, 2, item_choice, o->early, on_off,
                                            &o->nearly);
        } else if (app_flag(&a, "--no-early-stop")) {
            o->early[0] = 0;
            o->nearly = 1;
        } else if (app_opt(&a, "--msg", NULL, &v)) {
            a.error = a.error || parse_list("--msg", v, 3, item_choice, msg, msgs, &nmsg);
        } else if (app_opt(&a, "--llr", NULL, &v)) {
            a.error = a.error || parse_list("--llr", v, 2, item_choice, llr, app_llr_formats,
                                            &nllr);
        } else if (app_opt(&a, "--ebn0", NULL, &v)) {
            a.error = a.error || app_parse_ebn0("quality", v, o->default_ebn0, Q_MAX_POINTS,
                                                &o->default_npoints);
        } else if (app_opt(&a, "--frames", NULL, &v)) {
            a.error = a.error || app_parse_int("quality", "--frames", v, 1, 1LL << 40, &o->frames);
        } else if (app_opt(&a, "--max-frame-errors", NULL, &v)) {
            a.error = a.error || app_parse_int("quality", "--max-frame-errors", v, 1, 1LL << 40,
                                               &o->max_frame_errors);
        } else if (app_opt_modem(&a, &o->modulation, &o->demapper)) {
        } else if (app_opt(&a, "--seed", NULL, &v)) {
            a.error = a.error || app_parse_u64("quality", "--seed", v, &o->seed);
        } else if (app_opt(&a, "--llr-scale", NULL, &v)) {
            a.error = a.error || app_parse_llr_scale("quality", v, &o->cfg.llr_scale);
        } else if (app_opt(&a, "--float-backend", NULL, &v)) {
            if (!a.error && ldpc_backend_from_string(v, &o->float_backend) != LDPC_OK) {
                fprintf(stderr, "ldpcgpu quality: --float-backend: %s\n", ldpc_last_error());
                a.error = 1;
            }
            have_float_backend = 1;
        } else if (app_opt(&a, "--json", NULL, &o->json_path)) {
        } else if (app_flag(&a, "--quiet")) {
            o->quiet = 1;
        } else if (!app_decoder_option(&a, &o->cfg)) {
            app_unknown(&a);
        }
    }
    if (a.error || parse_list("--codes", codes, Q_MAX_CODES, item_code, o->codes, NULL,
                              &o->ncodes))
        return APP_USAGE;
    for (int i = 0; i < o->ncodes; i++) {
        q_code *c = &o->codes[i];
        if (!c->npoints) {
            if (!o->default_npoints) {
                fprintf(stderr, "ldpcgpu quality: code %s has no Eb/N0: give --ebn0 DB or "
                                "CODE@DB\n", c->name);
                return APP_USAGE;
            }
            memcpy(c->ebn0, o->default_ebn0, sizeof c->ebn0);
            c->npoints = o->default_npoints;
        }
        qsort(c->ebn0, (size_t)c->npoints, sizeof c->ebn0[0], ascending);
    }
    if (!o->nalgs) {
        o->algs[0] = LDPC_ALG_NORMALIZED_MIN_SUM;
        o->algs[1] = LDPC_ALG_OFFSET_MIN_SUM;
        o->algs[2] = LDPC_ALG_MIN_SUM;
        o->nalgs = 3;
    }
    /* the default lists (they parse) */
    if (!o->nalphas)
        parse_list("--alpha", "0.75,0.875,1.0", Q_MAX_LIST, item_double, o->alphas, alpha_range,
                   &o->nalphas);
    if (!o->nbetas)
        parse_list("--beta", "0.5,1.0", Q_MAX_LIST, item_double, o->betas, beta_range,
                   &o->nbetas);
    if (!o->niterations)
        parse_list("--iterations", "10,50,100", Q_MAX_LIST, item_iterations, o->iterations, NULL,
                   &o->niterations);
    if (!o->nearly) {
        o->early[0] = 1;
        o->early[1] = 0;
        o->nearly = 2;
    }
    for (int m = 0; m < nmsg; m++)
        for (int l = 0; l < nllr; l++) {
            if (msg[m] == LDPC_MSG_F32 && !llr[l])
                continue; /* that is the float decoder itself */
            if (o->nformats == Q_MAX_FORMATS)
                break;
            q_format *f = &o->formats[o->nformats++];
            f->msg = (ldpc_msg_format)msg[m];
            f->llr_i8 = llr[l];
            snprintf(f->name, sizeof f->name, "%s:%s", msgs[msg[m]], ldpc_llr_type_name((ldpc_llr_type)llr[l]));
        }
    if (!o->nformats) {
        fprintf(stderr, "ldpcgpu quality: --msg f32 --llr f32 is the float decoder: nothing to "
                        "compare\n");
        return APP_USAGE;
    }
    if (!have_float_backend)
        o->float_backend = o->cfg.backend;
    return 0;
}

/* The decoders of one grid point: [0] float, [1 + f] format f. */
typedef struct q_decoders {
    ldpc_decoder *dec[1 + Q_MAX_FORMATS];
    int count;
} q_decoders;

static void decoders_destroy(q_decoders *d)
{
    for (int i = 0; i < d->count; i++)
        ldpc_decoder_destroy(d->dec[i]);
    d->count = 0;
}

static int decoders_create(const q_opts *o, const ldpc_code *code, q_result *r, q_decoders *d)
{
    ldpc_decoder_config c = o->cfg;
    c.algorithm = r->alg;
    if (r->alg == LDPC_ALG_NORMALIZED_MIN_SUM)
        c.nms_alpha = (float)r->param;
    else if (r->alg == LDPC_ALG_OFFSET_MIN_SUM)
        c.oms_beta = (float)r->param;
    c.max_iterations = r->iterations;
    c.early_termination = r->early;
    d->count = 0;
    for (int i = 0; i <= o->nformats; i++) {
        c.backend = i ? o->cfg.backend : o->float_backend;
        c.msg_format = i ? o->formats[i - 1].msg : LDPC_MSG_F32;
        int st = ldpc_decoder_create(&d->dec[i], code, &c);
        if (st != LDPC_OK) {
            app_fail("quality", st, "creating a decoder");
            decoders_destroy(d);
            return APP_FAILED;
        }
        d->count++;
    }
    snprintf(r->float_backend, sizeof r->float_backend, "%s",
             ldpc_decoder_backend_name(d->dec[0]));
    snprintf(r->backend, sizeof r->backend, "%s", ldpc_decoder_backend_name(d->dec[1]));
    return APP_OK;
}

/* Every decoder has at least max_frame_errors frame errors at point i. */
static int enough_errors(const q_opts *o, const q_result *r, int i)
{
    if (!o->max_frame_errors)
        return 0;
    for (int d = 0; d <= o->nformats; d++)
        if (q_at(o, r, i, d)->frame_errors < o->max_frame_errors)
            return 0;
    return 1;
}

/* The curve of one grid point: each Eb/N0, each chunk of frames through every decoder. */
static int run_point(const q_opts *o, const ldpc_code *code, ldpc_encoder *enc, q_result *r,
                     app_progress *progress)
{
    q_decoders d;
    app_sim_buffers b;
    memset(&b, 0, sizeof b);
    if (decoders_create(o, code, r, &d) != APP_OK)
        return APP_FAILED;
    int batch = 1, llr_i8 = 0, rc = APP_FAILED;
    for (int i = 0; i < d.count; i++)
        if (ldpc_decoder_batch_frames(d.dec[i]) > batch)
            batch = ldpc_decoder_batch_frames(d.dec[i]);
    for (int f = 0; f < o->nformats; f++)
        llr_i8 |= o->formats[f].llr_i8;
    if (app_sim_buffers_alloc(&b, "quality", code, batch, o->frames, llr_i8,
                              o->max_frame_errors > 0) != APP_OK)
        goto done;
    for (int i = 0; i < r->code->npoints; i++) {
        app_sim_source src;
        app_sim_source_start(&src, enc, code, o->modulation, o->demapper, r->code->ebn0[i], o->seed);
        long long sent = 0;
        for (int dd = 0; dd <= o->nformats; dd++)
            q_at(o, r, i, dd)->ebn0 = r->code->ebn0[i];
        while (sent < o->frames && !enough_errors(o, r, i)) {
            const int nf = o->frames - sent < b.chunk ? (int)(o->frames - sent) : b.chunk;
            int st = app_sim_source_next(&src, &b, nf);
            if (st != LDPC_OK) {
                app_fail("quality", st, "encoding");
                goto done;
            }
            for (int dd = 0; dd <= o->nformats; dd++) {
                const int in_i8 = dd ? o->formats[dd - 1].llr_i8 : 0;
                if ((st = app_sim_decode(d.dec[dd], &b, nf, in_i8, q_at(o, r, i, dd))) != LDPC_OK) {
                    app_fail("quality", st, "decoding");
                    goto done;
                }
            }
            sent += nf;
            app_progress_update(progress, "%s %s it %d: Eb/N0 %.2f dB, %lld/%lld frames",
                                r->code->name, ldpc_algorithm_name(r->alg), r->iterations,
                                r->code->ebn0[i], sent, o->frames);
        }
    }
    rc = APP_OK;
done:
    app_sim_buffers_free(&b);
    decoders_destroy(&d);
    return rc;
}

/* Grid points of one code: algorithms with their parameters x iterations x early stop. */
static int settings_per_code(const q_opts *o)
{
    int params = 0;
    for (int a = 0; a < o->nalgs; a++)
        params += o->algs[a] == LDPC_ALG_NORMALIZED_MIN_SUM ? o->nalphas
                  : o->algs[a] == LDPC_ALG_OFFSET_MIN_SUM   ? o->nbetas
                                                            : 1;
    return params * o->niterations * o->nearly;
}

/* Fill the settings of one code's grid points, in print order. */
static int fill_settings(const q_opts *o, const q_code *c, const ldpc_code *code, q_result *r)
{
    int n = 0;
    for (int a = 0; a < o->nalgs; a++) {
        const ldpc_algorithm alg = o->algs[a];
        const double *params = alg == LDPC_ALG_NORMALIZED_MIN_SUM ? o->alphas
                               : alg == LDPC_ALG_OFFSET_MIN_SUM   ? o->betas
                                                                  : NULL;
        const int np = params ? (alg == LDPC_ALG_NORMALIZED_MIN_SUM ? o->nalphas : o->nbetas) : 1;
        for (int p = 0; p < np; p++)
            for (int it = 0; it < o->niterations; it++)
                for (int e = 0; e < o->nearly; e++, n++) {
                    r[n].code = c;
                    /* per frame: n and k, or E and K of a rate-matched 5G NR code */
                    ldpc_code_link_bits(code, &r[n].k, &r[n].n);
                    r[n].alg = alg;
                    r[n].param = params ? params[p] : 0.0;
                    r[n].iterations = o->iterations[it];
                    r[n].early = o->early[e];
                }
    }
    return n;
}

int cmd_quality(int argc, char **argv)
{
    static q_opts o; /* static: the Eb/N0 lists are a few kB */
    int rc = parse(argc, argv, &o);
    if (rc)
        return rc < 0 ? APP_OK : rc;
    const int per_code = settings_per_code(&o), total = per_code * o.ncodes;
    q_result *results = calloc((size_t)total, sizeof *results);
    if (!results) {
        fprintf(stderr, "ldpcgpu quality: out of memory\n");
        return APP_FAILED;
    }
    printf("quality: %d codes x %d decoder settings, formats", o.ncodes, per_code);
    for (int f = 0; f < o.nformats; f++)
        printf(" %s", o.formats[f].name);
    printf(" against float; %lld frames per point, seed %llu, %s", o.frames,
           (unsigned long long)o.seed, ldpc_modulation_name(o.modulation));
    if (ldpc_modulation_bits(o.modulation) > 2)
        printf(" (%s LLRs)", ldpc_demap_method_name(o.demapper));
    printf("\n");
    if (o.cfg.backend == LDPC_BACKEND_CPU_REFERENCE)
        printf("note: the cpu-reference backend decodes in float whatever --msg says\n");
    app_progress progress;
    app_progress_init(&progress);
    const double t0 = app_now();
    int done = 0;
    rc = APP_OK;
    for (int c = 0; c < o.ncodes && rc == APP_OK; c++) {
        ldpc_code *code = NULL;
        ldpc_encoder *enc = NULL;
        int st;
        if (app_open_code("quality", o.codes[c].name, &code) != APP_OK) {
            rc = APP_FAILED;
            break;
        }
        if ((st = ldpc_encoder_create(&enc, code)) != LDPC_OK) {
            rc = app_fail("quality", st, "creating the encoder");
        } else {
            q_result *r = results + done;
            const int n = fill_settings(&o, &o.codes[c], code, r);
            for (int i = 0; i < n && rc == APP_OK; i++) {
                const size_t rows = (size_t)o.codes[c].npoints * (1 + o.nformats);
                if (!(r[i].curve = calloc(rows, sizeof *r[i].curve))) {
                    fprintf(stderr, "ldpcgpu quality: out of memory\n");
                    rc = APP_FAILED;
                    break;
                }
                rc = run_point(&o, code, enc, &r[i], &progress);
                app_progress_clear(&progress);
                if (rc == APP_OK) {
                    done++;
                    if (!o.quiet)
                        q_print_result(&o, &r[i]);
                }
                fflush(stdout);
            }
        }
        ldpc_encoder_destroy(enc);
        ldpc_code_destroy(code);
    }
    printf("\nquality: %d of %d grid points in %.1f s\n", done, total, app_now() - t0);
    int sweeps = 0; /* gaps need a code with two or more Eb/N0 points */
    for (int c = 0; c < o.ncodes; c++)
        sweeps |= o.codes[c].npoints > 1;
    if (done && sweeps)
        q_print_summary(&o, results, done);
    if (rc == APP_OK && o.json_path)
        rc = q_write_json(&o, results, done);
    for (int i = 0; i < total; i++)
        free(results[i].curve);
    free(results);
    return rc;
}
