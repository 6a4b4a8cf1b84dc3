/* Helpers shared by the ldpcgpu subcommands (see app_util.h). */
#define _POSIX_C_SOURCE 200809L
#include "app_util.h"
#include <errno.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <unistd.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- option parsing ---- */

void app_args_init(app_args *a, const char *cmd, int argc, char **argv)
{
    a->cmd = cmd;
    a->argc = argc;
    a->argv = argv;
    a->i = 1; /* argv[0] is the subcommand's name */
    a->error = 0;
    a->decoder_set = 0;
}

int app_is_help(const char *word) { return !strcmp(word, "-h") || !strcmp(word, "--help"); }

int app_opt(app_args *a, const char *long_name, const char *short_name, const char **value)
{
    const char *w = a->argv[a->i];
    size_t len = strlen(long_name);
    if (!strncmp(w, long_name, len) && w[len] == '=') {
        *value = w + len + 1;
        a->i++;
        return 1;
    }
    if (strcmp(w, long_name) && !(short_name && !strcmp(w, short_name)))
        return 0;
    if (a->i + 1 >= a->argc) {
        fprintf(stderr, "ldpcgpu %s: %s needs a value\n", a->cmd, w);
        a->error = 1;
        a->i++;
        return 1;
    }
    *value = a->argv[a->i + 1];
    a->i += 2;
    return 1;
}

const char *const app_llr_formats[] = {"f32", "i8", NULL};
const char *const app_llr_signs[] = {"positive-zero", "positive-one", NULL};

int app_opt_choice(app_args *a, const char *long_name, const char *const *choices, int *index)
{
    const char *v;
    if (!app_opt(a, long_name, NULL, &v))
        return 0;
    if (a->error)
        return 1;
    for (int i = 0; choices[i]; i++)
        if (!strcmp(v, choices[i])) {
            *index = i;
            return 1;
        }
    fprintf(stderr, "ldpcgpu %s: %s: '%s' is not one of:", a->cmd, long_name, v);
    for (int i = 0; choices[i]; i++)
        fprintf(stderr, " %s", choices[i]);
    fputc('\n', stderr);
    a->error = 1;
    return 1;
}

int app_opt_llr_type(app_args *a, const char *long_name, int *llr_i8)
{
    const char *v;
    ldpc_llr_type t;
    if (!app_opt(a, long_name, NULL, &v))
        return 0;
    if (a->error)
        return 1;
    if (ldpc_llr_type_from_string(v, &t) != LDPC_OK) {
        fprintf(stderr, "ldpcgpu %s: %s: %s\n", a->cmd, long_name, ldpc_last_error());
        a->error = 1;
        return 1;
    }
    *llr_i8 = t == LDPC_LLR_I8;
    return 1;
}

int app_opt_modem(app_args *a, ldpc_modulation *mod, ldpc_demap_method *demap)
{
    const char *v;
    const int is_mod = app_opt(a, "--modulation", NULL, &v);
    if (!is_mod && !app_opt(a, "--demapper", NULL, &v))
        return 0;
    if (a->error)
        return 1;
    const int st = is_mod ? ldpc_modulation_from_string(v, mod)
                          : ldpc_demap_method_from_string(v, demap);
    if (st != LDPC_OK) {
        fprintf(stderr, "ldpcgpu %s: %s\n", a->cmd, ldpc_last_error());
        a->error = 1;
    }
    return 1;
}

int app_flag(app_args *a, const char *long_name)
{
    if (strcmp(a->argv[a->i], long_name))
        return 0;
    a->i++;
    return 1;
}

void app_unknown(app_args *a)
{
    const char *w = a->argv[a->i];
    if (w[0] == '-' && w[1])
        fprintf(stderr, "ldpcgpu %s: unknown option '%s' (see ldpcgpu %s --help)\n", a->cmd, w,
                a->cmd);
    else
        fprintf(stderr, "ldpcgpu %s: unexpected argument '%s' (see ldpcgpu %s --help)\n", a->cmd,
                w, a->cmd);
    a->error = 1;
    a->i++;
}

int app_parse_int(const char *cmd, const char *opt, const char *text, long long lo, long long hi,
                  long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 0);
    if (errno || end == text || *end) {
        fprintf(stderr, "ldpcgpu %s: %s: '%s' is not an integer\n", cmd, opt, text);
        return 1;
    }
    if (v < lo || v > hi) {
        fprintf(stderr, "ldpcgpu %s: %s: %lld is outside %lld..%lld\n", cmd, opt, v, lo, hi);
        return 1;
    }
    *out = v;
    return 0;
}

int app_parse_double(const char *cmd, const char *opt, const char *text, double lo, double hi,
                     double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || *end || v != v) {
        fprintf(stderr, "ldpcgpu %s: %s: '%s' is not a number\n", cmd, opt, text);
        return 1;
    }
    if (v < lo || v > hi) {
        fprintf(stderr, "ldpcgpu %s: %s: %g is outside %g..%g\n", cmd, opt, v, lo, hi);
        return 1;
    }
    *out = v;
    return 0;
}

int app_parse_llr_scale(const char *cmd, const char *text, float *out)
{
    double v;
    if (app_parse_double(cmd, "--llr-scale", text, -1e300, 1e300, &v))
        return 1;
    /* the widest range of any code here; app_check_llr_scale narrows it once the code is known */
    if (ldpc_llr_scale_check((float)v, NULL, NULL) != LDPC_OK) {
        fprintf(stderr, "ldpcgpu %s: --llr-scale: %s\n", cmd, ldpc_last_error());
        return 1;
    }
    *out = (float)v;
    return 0;
}

int app_check_llr_scale(const char *cmd, float scale, const ldpc_code *code,
                        const ldpc_decoder_config *cfg)
{
    if (ldpc_llr_scale_check(scale, code, cfg) == LDPC_OK)
        return APP_OK;
    fprintf(stderr, "ldpcgpu %s: --llr-scale: %s\n", cmd, ldpc_last_error());
    return APP_USAGE;
}

int app_parse_u64(const char *cmd, const char *opt, const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 0);
    if (errno || end == text || *end || text[0] == '-') {
        fprintf(stderr, "ldpcgpu %s: %s: '%s' is not a non-negative integer\n", cmd, opt, text);
        return 1;
    }
    *out = (uint64_t)v;
    return 0;
}

/* ---- decoder options ---- */

static int parse_devices(app_args *a, const char *text, ldpc_decoder_config *cfg)
{
    /* "0" or "0,1,3": the CUDA devices to spread batches over */
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    int count = 0;
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        long long id;
        if (count >= LDPC_MAX_DEVICES) {
            fprintf(stderr, "ldpcgpu %s: --device: at most %d devices\n", a->cmd,
                    LDPC_MAX_DEVICES);
            return 1;
        }
        if (app_parse_int(a->cmd, "--device", tok, 0, 1023, &id))
            return 1;
        cfg->devices[count++] = (int)id;
    }
    if (!count) {
        fprintf(stderr, "ldpcgpu %s: --device: empty list\n", a->cmd);
        return 1;
    }
    cfg->num_devices = count;
    return 0;
}

int app_decoder_option(app_args *a, ldpc_decoder_config *cfg)
{
    const char *v;
    long long iv;
    double dv;
    int bad = 0;
    if (app_opt(a, "--backend", NULL, &v)) {
        if (!a->error && ldpc_backend_from_string(v, &cfg->backend) != LDPC_OK) {
            fprintf(stderr, "ldpcgpu %s: --backend: %s\n", a->cmd, ldpc_last_error());
            bad = 1;
        }
    } else if (app_opt(a, "--algorithm", NULL, &v)) {
        if (!a->error && ldpc_algorithm_from_string(v, &cfg->algorithm) != LDPC_OK) {
            fprintf(stderr, "ldpcgpu %s: --algorithm: %s\n", a->cmd, ldpc_last_error());
            bad = 1;
        }
        a->decoder_set |= APP_SET_ALGORITHM;
    } else if (app_opt(a, "--schedule", NULL, &v)) {
        if (!a->error && ldpc_schedule_from_string(v, &cfg->schedule) != LDPC_OK) {
            fprintf(stderr, "ldpcgpu %s: --schedule: %s\n", a->cmd, ldpc_last_error());
            bad = 1;
        }
    } else if (app_opt(a, "--row-order", NULL, &v)) {
        if (!a->error && ldpc_row_order_from_string(v, &cfg->row_order) != LDPC_OK) {
            fprintf(stderr, "ldpcgpu %s: --row-order: %s\n", a->cmd, ldpc_last_error());
            bad = 1;
        }
    } else if (app_opt(a, "--iterations", NULL, &v)) {
        if (!a->error && !(bad = app_parse_int(a->cmd, "--iterations", v, 1, 10000, &iv)))
            cfg->max_iterations = (int)iv;
        a->decoder_set |= APP_SET_ITERATIONS;
    } else if (app_flag(a, "--no-early-stop")) {
        cfg->early_termination = 0;
    } else if (app_opt(a, "--crc-stop", NULL, &v)) {
        if (!a->error && ldpc_crc_stop_from_string(v, &cfg->early_stop_crc) != LDPC_OK) {
            fprintf(stderr, "ldpcgpu %s: --crc-stop: %s\n", a->cmd, ldpc_last_error());
            bad = 1;
        }
    } else if (app_opt(a, "--alpha", NULL, &v)) {
        if (!a->error && !(bad = app_parse_double(a->cmd, "--alpha", v, 1e-6, 1.0, &dv)))
            cfg->nms_alpha = (float)dv;
        a->decoder_set |= APP_SET_ALPHA;
    } else if (app_opt(a, "--beta", NULL, &v)) {
        if (!a->error && !(bad = app_parse_double(a->cmd, "--beta", v, 0.0, 99.0, &dv)))
            cfg->oms_beta = (float)dv;
        a->decoder_set |= APP_SET_BETA;
    } else if (app_opt(a, "--threads", NULL, &v)) {
        if (!a->error && !(bad = app_parse_int(a->cmd, "--threads", v, 0, 1024, &iv)))
            cfg->num_threads = (int)iv;
    } else if (app_opt(a, "--batch-frames", NULL, &v)) {
        if (!a->error && !(bad = app_parse_int(a->cmd, "--batch-frames", v, 0, 1 << 20, &iv)))
            cfg->batch_frames = (int)iv;
    } else if (app_opt(a, "--device", NULL, &v)) {
        if (!a->error)
            bad = parse_devices(a, v, cfg);
    } else if (app_opt(a, "--msg", NULL, &v)) {
        /* the core's vocabulary: f32, i8, i16 (and their aliases) */
        if (!a->error && ldpc_msg_format_from_string(v, &cfg->msg_format) != LDPC_OK) {
            fprintf(stderr, "ldpcgpu %s: --msg: %s\n", a->cmd, ldpc_last_error());
            bad = 1;
        }
    } else {
        return 0;
    }
    if (bad)
        a->error = 1;
    return 1;
}

void app_code_defaults(unsigned set, const ldpc_code *code, ldpc_decoder_config *cfg)
{
    ldpc_decoder_config d;
    ldpc_decoder_config_init_code(&d, code);
    if (!(set & APP_SET_ALGORITHM))
        cfg->algorithm = d.algorithm;
    if (!(set & APP_SET_ALPHA))
        cfg->nms_alpha = d.nms_alpha;
    if (!(set & APP_SET_BETA))
        cfg->oms_beta = d.oms_beta;
    if (!(set & APP_SET_ITERATIONS))
        cfg->max_iterations = d.max_iterations;
}

void app_decoder_options_help(FILE *f)
{
    /* the defaults shown are the core's, as the decoder will use them */
    ldpc_decoder_config d, nr;
    ldpc_decoder_config_init(&d);
    ldpc_code *nr_code = NULL; /* the smallest NR mother code, for its family's defaults */
    ldpc_code_create(&nr_code, "nr:bg2:z2");
    ldpc_decoder_config_init_code(&nr, nr_code);
    ldpc_code_destroy(nr_code);
    fprintf(f,
            "decoder options:\n"
            "  --backend B        auto (default: cuda if a GPU is usable, else the CPU), cpu,\n"
            "                     cpu-reference, cpu-simd or cuda (cuda without a GPU falls back\n"
            "                     to the CPU and says so)\n"
            "  --algorithm A      nms (normalized min-sum), oms (offset min-sum), min-sum,\n"
            "                     sum-product (default %s)\n"
            "  --schedule S       layered (default) or flooding\n"
            "  --row-order O      layered rows of DVB codes: auto (default: wide for cuda's\n"
            "                     i8/i16 decoders where it fills layers, narrow for its i8\n"
            "                     ones of DVB-S2 9/10 and of 16200 frames where it adds at\n"
            "                     most a quarter of the layers (2/3, 3/4), wide-64 for its i8\n"
            "                     ones of 16200 8/9, packed for those of DVB 64800 8/9 and\n"
            "                     5/6 and 16200 3/5 and 5/6, wide-by-degree for its i8 ones\n"
            "                     of DVB-S2X codes whose wide layers mix row degrees, h for\n"
            "                     the CPU's float decoders, else groups), groups, wide\n"
            "                     (layers of up to 384 rows), narrow (up to 256),\n"
            "                     wide-by-degree (wide, each layer of one row degree),\n"
            "                     wide-128 / wide-64 (wide in layers of up to 128 / 64),\n"
            "                     packed (rows coloured into fewer layers of up to 384, or\n"
            "                     256 for frames below 64800, where it finds them), h (H's\n"
            "                     own order; cuda refuses it for DVB);\n"
            "                     the same order on two backends gives the same bits\n"
            "  --iterations I     maximum iterations per frame (default %d)\n"
            "  --no-early-stop    always run every iteration (default: stop a frame once H*c = 0)\n"
            "  --crc-stop C       5G NR code blocks (layered min-sum): also stop once the first K' bits\n"
            "                     pass CRC C: crc24b (a segmented TB's blocks), crc24a or crc16\n"
            "                     (a lone block), none (default); simulate's frames carry it\n"
            "  --alpha A          nms scaling factor in (0, 1] (default %g)\n"
            "  --beta B           oms offset in LLR units (default %g; 5G NR, WiMAX and WiFi\n"
            "                     codes and DVB 64800 r1/2, r3/5: %g)\n"
            "  --msg F            message arithmetic of cpu-simd/cuda: f32 (default), i16, i8\n"
            "  --threads T        CPU worker threads (default 0 = one per core)\n"
            "  --batch-frames F   frames per batch (default: the backend's choice)\n"
            "  --device LIST      CUDA device ids, e.g. 0 or 0,1 (default: device 0)\n",
            ldpc_algorithm_name(d.algorithm), d.max_iterations, (double)d.nms_alpha,
            (double)d.oms_beta, (double)nr.oms_beta);
}

/* ---- codes, errors ---- */

int app_open_code(const char *cmd, const char *name, ldpc_code **code)
{
    int st = ldpc_code_create(code, name);
    if (st != LDPC_OK) {
        fprintf(stderr, "ldpcgpu %s: cannot open code '%s': %s\n", cmd, name,
                *ldpc_last_error() ? ldpc_last_error() : ldpc_strerror(st));
        return APP_FAILED;
    }
    return APP_OK;
}

int app_fail(const char *cmd, int status, const char *what)
{
    const char *detail = ldpc_last_error();
    if (detail && *detail)
        fprintf(stderr, "ldpcgpu %s: %s: %s (%s)\n", cmd, what, detail, ldpc_strerror(status));
    else
        fprintf(stderr, "ldpcgpu %s: %s: %s\n", cmd, what, ldpc_strerror(status));
    return APP_FAILED;
}

double app_code_rate(const ldpc_code *code)
{
    int k = 0, n = 1; /* k / n, or K / E of a rate-matched 5G NR code */
    ldpc_code_link_bits(code, &k, &n);
    return (double)k / (double)n;
}

/* ---- files ---- */

FILE *app_open_read(const char *cmd, const char *path)
{
    if (!strcmp(path, "-"))
        return stdin;
    FILE *f = fopen(path, "rb");
    if (!f)
        fprintf(stderr, "ldpcgpu %s: cannot open '%s' for reading: %s\n", cmd, path,
                strerror(errno));
    return f;
}

FILE *app_open_write(const char *cmd, const char *path)
{
    if (!strcmp(path, "-"))
        return stdout;
    FILE *f = fopen(path, "wb");
    if (!f)
        fprintf(stderr, "ldpcgpu %s: cannot open '%s' for writing: %s\n", cmd, path,
                strerror(errno));
    return f;
}

/* The stream a path names for writing: fstat of stdout for "-", else stat of the path. */
static int stat_for_write(const char *path, struct stat *st)
{
    return strcmp(path, "-") ? stat(path, st) : fstat(fileno(stdout), st);
}

FILE *app_open_write_apart(const char *cmd, const char *path, FILE *const *open,
                           const char *const *open_paths, int nopen)
{
    struct stat target;
    const int exists = stat_for_write(path, &target) == 0;
    FILE *const stream = strcmp(path, "-") ? NULL : stdout;
    for (int i = 0; i < nopen; i++) {
        struct stat other;
        if (!open[i])
            continue;
        int same = stream && open[i] == stream;
        if (!same && exists && S_ISREG(target.st_mode) && fstat(fileno(open[i]), &other) == 0)
            same = S_ISREG(other.st_mode) && other.st_dev == target.st_dev &&
                   other.st_ino == target.st_ino;
        if (same) {
            fprintf(stderr,
                    "ldpcgpu %s: '%s' is the same file as '%s', already open: writing it would "
                    "destroy or mix their contents; give another file\n",
                    cmd, path, open_paths[i]);
            return NULL;
        }
    }
    return app_open_write(cmd, path);
}

int app_close(const char *cmd, FILE *f, const char *path)
{
    if (!f)
        return 0;
    int bad = fflush(f) != 0 || ferror(f);
    if (f != stdin && f != stdout)
        bad |= fclose(f) != 0;
    if (bad)
        fprintf(stderr, "ldpcgpu %s: error writing '%s': %s\n", cmd, path, strerror(errno));
    return bad;
}

int app_write_all(const char *cmd, FILE *f, const void *buf, size_t len, const char *path)
{
    if (len && fwrite(buf, 1, len, f) != len) {
        fprintf(stderr, "ldpcgpu %s: error writing '%s': %s\n", cmd, path, strerror(errno));
        return 1;
    }
    return 0;
}

long long app_read_up_to(const char *cmd, FILE *f, void *buf, size_t len, const char *path)
{
    size_t got = fread(buf, 1, len, f);
    if (got < len && ferror(f)) {
        fprintf(stderr, "ldpcgpu %s: error reading '%s': %s\n", cmd, path, strerror(errno));
        return -1;
    }
    return (long long)got;
}

/* ---- time and LLRs ---- */

double app_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void app_progress_init(app_progress *p)
{
    p->enabled = isatty(STDERR_FILENO);
    p->shown = 0;
    p->last = 0.0;
}

void app_progress_update(app_progress *p, const char *fmt, ...)
{
    if (!p->enabled)
        return;
    double now = app_now();
    if (p->shown && now - p->last < 0.25)
        return;
    p->last = now;
    p->shown = 1;
    va_list ap;
    va_start(ap, fmt);
    fputs("\r\033[K", stderr); /* back to the line's start, erase it */
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fflush(stderr);
}

void app_progress_clear(app_progress *p)
{
    if (p->shown)
        fputs("\r\033[K", stderr);
    p->shown = 0;
}

void app_count_saturated(const ldpc_decoder *dec, const void *llr, int llr_i8, size_t count,
                         long long *saturated)
{
    uint64_t s = 0;
    if (llr_i8)
        ldpc_decoder_count_saturated_i8(dec, llr, count, &s);
    else
        ldpc_decoder_count_saturated_f32(dec, llr, count, &s);
    *saturated += (long long)s;
}

/* Length of the valid UTF-8 sequence at s (1..4), or 0 when the bytes there are not one
 * (overlong forms, surrogates and code points beyond U+10FFFF are not). */
static int utf8_length(const unsigned char *s)
{
    const unsigned c = s[0];
    int len;
    unsigned cp, min;
    if (c < 0x80)
        return 1;
    if ((c & 0xE0) == 0xC0)
        len = 2, cp = c & 0x1F, min = 0x80;
    else if ((c & 0xF0) == 0xE0)
        len = 3, cp = c & 0x0F, min = 0x800;
    else if ((c & 0xF8) == 0xF0)
        len = 4, cp = c & 0x07, min = 0x10000;
    else
        return 0;
    for (int i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) /* also stops at the terminating NUL */
            return 0;
        cp = cp << 6 | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000))
        return 0;
    return len;
}

void app_json_string(FILE *f, const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    fputc('"', f);
    while (*s) {
        const int len = utf8_length(s);
        if (!len) {
            fprintf(f, "\\udc%02x", *s++); /* not UTF-8: the byte, surrogate-escaped */
            continue;
        }
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if (*s < 0x20)
            fprintf(f, "\\u%04x", *s);
        else
            fwrite(s, 1, (size_t)len, f);
        s += len;
    }
    fputc('"', f);
}

void app_json_double(FILE *f, double v)
{
    if (!isfinite(v)) {
        fputs("null", f);
        return;
    }
    char text[40];
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(text, sizeof text, "%.*g", digits, v);
        if (strtod(text, NULL) == v)
            break;
    }
    fputs(text, f);
}
