/* ldpcgpu simulate's output: the table on stdout, the JSON file and what --resume reads back
 * from it (see simulate.h). The JSON's "identity" members (code, decoder arithmetic, channel,
 * seed...) are written and checked by one list, sim_identity, so the check on resume cannot
 * drift from what was written. */
#include <errno.h>
#include <stddef.h>
#include <unistd.h>
#include <stdarg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "app_sim.h"
#include "json_read.h"
#include "sim_stats.h"
#include "simulate.h"

/* ---- the table ---- */

static double rate(uint64_t num, double den) { return den > 0 ? (double)num / den : 0.0; }

static double mbps(uint64_t frames, int bits, double seconds)
{
    return seconds > 0 ? (double)frames * bits / seconds / 1e6 : 0.0;
}

void sim_print_header(FILE *f)
{
    fprintf(f, "%6s %10s %11s %10s %12s %10s %12s %9s %10s %10s %9s\n", "Eb/N0", "frames",
            "bit errors", "BER", "frame errors", "FER", "parity fails", "avg iter", "sim Mbps",
            "dec Mbps", "sat LLRs");
}

void sim_print_point(FILE *f, const sim_point *p, int n, int k)
{
    const ldpc_sim_counts *c = &p->c;
    char dec[32] = "-"; /* the decoder's own figure, when known */
    if (p->decode_seconds > 0)
        snprintf(dec, sizeof dec, "%.2f", mbps(c->frames, n, p->decode_seconds));
    fprintf(f, "%6.2f %10llu %11llu %10.3e %12llu %10.3e %12llu %9.2f %10.2f %10s %9.3e\n",
            p->ebn0, (unsigned long long)c->frames, (unsigned long long)c->bit_errors,
            rate(c->bit_errors, (double)c->frames * k), (unsigned long long)c->frame_errors,
            rate(c->frame_errors, (double)c->frames), (unsigned long long)c->parity_failures,
            rate(c->iterations, (double)c->frames), mbps(c->frames, n, p->wall_seconds), dec,
            rate(c->saturated, (double)c->frames * n));
    fflush(f);
}

/* ---- identity: what must match for a resumed run to continue the same experiment ---- */

#define SIM_ID_MAX 24

typedef struct sim_id_item {
    const char *key;
    char text[96];  /* as written in the JSON (a string's content, a number, true/false) */
    int is_string;
    const char *if_absent; /* a key newer than some files: what a file without it ran with */
} sim_id_item;

static int add_id(sim_id_item *it, int n, const char *key, int is_string, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static int add_id(sim_id_item *it, int n, const char *key, int is_string, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    it[n].key = key;
    it[n].is_string = is_string;
    it[n].if_absent = NULL;
    vsnprintf(it[n].text, sizeof it[n].text, fmt, ap);
    va_end(ap);
    return n + 1;
}

/* Floats as %.9g: enough digits to read back the same float. */
static int sim_identity(const sim_setup *s, sim_id_item *it)
{
    ldpc_decoder *dec = ldpc_sim_decoder(s->sim);
    const ldpc_code *code = ldpc_decoder_code(dec);
    const ldpc_decoder_config *c = ldpc_decoder_config_get(dec);
    const ldpc_sim_config *sc = ldpc_sim_config_get(s->sim);
    int n = 0;
    n = add_id(it, n, "code", 1, "%s", ldpc_code_name(code));
    n = add_id(it, n, "n", 0, "%d", ldpc_code_n(code));
    n = add_id(it, n, "k", 0, "%d", ldpc_code_k(code));
    n = add_id(it, n, "backend", 1, "%s", ldpc_decoder_backend_name(dec));
    n = add_id(it, n, "channel", 1, "%s", ldpc_sim_channel_name(s->sim));
    n = add_id(it, n, "algorithm", 1, "%s", ldpc_algorithm_name(c->algorithm));
    n = add_id(it, n, "schedule", 1, "%s", ldpc_schedule_name(c->schedule));
    n = add_id(it, n, "max_iterations", 0, "%d", c->max_iterations);
    n = add_id(it, n, "early_termination", 0, "%s", c->early_termination ? "true" : "false");
    n = add_id(it, n, "crc_stop", 1, "%s", ldpc_crc_stop_name(c->early_stop_crc));
    it[n - 1].if_absent = ldpc_crc_stop_name(LDPC_CRC_STOP_NONE);
    n = add_id(it, n, "nms_alpha", 0, "%.9g", (double)c->nms_alpha);
    n = add_id(it, n, "oms_beta", 0, "%.9g", (double)c->oms_beta);
    n = add_id(it, n, "msg", 1, "%s", ldpc_msg_format_name(c->msg_format));
    n = add_id(it, n, "llr", 1, "%s", ldpc_llr_type_name(sc->llr_type));
    n = add_id(it, n, "llr_scale", 0, "%.9g", (double)c->llr_scale);
    n = add_id(it, n, "codeword", 1, "%s", sc->codeword == LDPC_SIM_ALL_ZERO ? "zero" : "random");
    n = add_id(it, n, "modulation", 1, "%s", ldpc_modulation_name(sc->modulation));
    it[n - 1].if_absent = ldpc_modulation_name(LDPC_MOD_BPSK);
    n = add_id(it, n, "demapper", 1, "%s", ldpc_demap_method_name(sc->demapper));
    it[n - 1].if_absent = ldpc_demap_method_name(LDPC_DEMAP_EXACT);
    n = add_id(it, n, "noise", 1, "%s", ldpc_sim_noise_name(sc->noise));
    it[n - 1].if_absent = ldpc_sim_noise_name(LDPC_SIM_NOISE_BOX_MULLER);
    n = add_id(it, n, "seed", 0, "%llu", (unsigned long long)sc->seed);
    return n;
}

/* ---- the JSON ---- */

/* A number in the JSON: v in fmt, or null when it is not finite (JSON has no infinity or NaN,
 * and a file that holds one cannot be read back by --resume, plot or Python). */
static void json_num(FILE *f, const char *fmt, double v)
{
    if (isfinite(v))
        fprintf(f, fmt, v);
    else
        fputs("null", f);
}

static void json_rate_or_null(FILE *f, const char *key, uint64_t frames, int bits, double s)
{
    fprintf(f, ", \"%s\": ", key);
    json_num(f, "%.4f", s > 0 ? mbps(frames, bits, s) : NAN);
}

static void write_point(FILE *f, const sim_point *p, int n, int k)
{
    const ldpc_sim_counts *c = &p->c;
    double flo, fhi, blo, bhi;
    sim_fer_ci(c->frame_errors, c->frames, &flo, &fhi);
    sim_ber_ci(c->bit_errors, c->frame_errors, c->frames, k, &blo, &bhi);
    /* Eb/N0 exactly (it names the point: --resume and --ebn0 find it again by its value) */
    fputs("    {\"ebn0_db\": ", f);
    app_json_double(f, p->ebn0);
    fprintf(f, ", \"first_frame\": %llu, \"last_frame\": ", (unsigned long long)p->first);
    if (c->frames)
        fprintf(f, "%llu", (unsigned long long)(p->first + c->frames - 1));
    else
        fprintf(f, "null");
    fprintf(f,
            ", \"frames\": %llu, \"done\": %s,\n"
            "     \"bit_errors\": %llu, \"ber\": %.6e, \"ber_ci95\": [%.6e, %.6e],\n"
            "     \"frame_errors\": %llu, \"fer\": %.6e, \"fer_ci95\": [%.6e, %.6e],\n"
            "     \"parity_failures\": %llu, \"undetected_errors\": %llu, \"iterations\": %llu, "
            "\"avg_iterations\": %.4f, \"saturated_llrs\": %llu, \"saturated_share\": %.6e,\n"
            "     \"wall_seconds\": ",
            (unsigned long long)c->frames, p->done ? "true" : "false",
            (unsigned long long)c->bit_errors, rate(c->bit_errors, (double)c->frames * k), blo,
            bhi, (unsigned long long)c->frame_errors, rate(c->frame_errors, (double)c->frames),
            flo, fhi, (unsigned long long)c->parity_failures, (unsigned long long)c->undetected,
            (unsigned long long)c->iterations, rate(c->iterations, (double)c->frames),
            (unsigned long long)c->saturated, rate(c->saturated, (double)c->frames * n));
    json_num(f, "%.6f", p->wall_seconds);
    fputs(", \"sim_coded_mbps\": ", f);
    json_num(f, "%.4f", mbps(c->frames, n, p->wall_seconds));
    fputs(", \"sim_info_mbps\": ", f);
    json_num(f, "%.4f", mbps(c->frames, k, p->wall_seconds));
    fprintf(f, ", \"resumed_frames\": %llu, \"decode_seconds\": ",
            (unsigned long long)p->resumed_frames);
    json_num(f, "%.6f", p->decode_seconds >= 0 ? p->decode_seconds : NAN);
    json_rate_or_null(f, "coded_mbps", c->frames, n, p->decode_seconds);
    json_rate_or_null(f, "info_mbps", c->frames, k, p->decode_seconds);
    fprintf(f, "}");
}

static int write_json_to(FILE *f, const sim_setup *s, const sim_point *pts, int npts)
{
    const sim_opts *o = s->o;
    ldpc_decoder *dec = ldpc_sim_decoder(s->sim);
    const ldpc_code *code = ldpc_decoder_code(dec);
    int n = 0, k = 0; /* per frame on the link: k of n, or K of E for rate-matched 5G NR */
    ldpc_code_link_bits(code, &k, &n);
    sim_id_item id[SIM_ID_MAX];
    const int nid = sim_identity(s, id);
    fprintf(f, "{\n  \"tool\": \"ldpcgpu simulate\",\n  \"version\": \"%s\",\n", LDPCGPU_VERSION);
    for (int i = 0; i < nid; i++) {
        fprintf(f, "  \"%s\": ", id[i].key);
        if (id[i].is_string)
            app_json_string(f, id[i].text);
        else
            fputs(id[i].text, f);
        fputs(",\n", f);
    }
    uint64_t frames = 0;
    double wall = 0;
    for (int i = 0; i < npts; i++) {
        frames += pts[i].c.frames;
        wall += pts[i].wall_seconds;
    }
    fprintf(f,
            "  \"rate\": %.6f,\n  \"batch_frames\": %d,\n  \"ranks\": %d,\n  \"threads\": %d,\n"
            "  \"mpi\": ",
            (double)k / n, ldpc_decoder_batch_frames(dec), s->ranks, s->threads);
    app_json_string(f, s->mpi);
    fprintf(f,
            ",\n  \"frames_target\": %lld,\n  \"max_frame_errors\": %lld,\n"
            "  \"chunk_frames\": %lld,\n"
            "  \"confidence\": {\"level\": %.2f, \"fer\": \"%s\",\n                 \"ber\": \"%s\"},\n"
            "  \"frames\": %llu,\n  \"wall_seconds\": ",
            o->frames, o->max_frame_errors, o->chunk_frames, SIM_CI_LEVEL, SIM_FER_CI_METHOD,
            SIM_BER_CI_METHOD, (unsigned long long)frames);
    json_num(f, "%.6f", wall);
    fputs(",\n  \"sim_coded_mbps\": ", f);
    json_num(f, "%.4f", mbps(frames, n, wall));
    fputs(",\n  \"points\": [\n", f);
    for (int i = 0; i < npts; i++) {
        write_point(f, &pts[i], n, k);
        fputs(i + 1 < npts ? ",\n" : "\n", f);
    }
    fprintf(f, "  ]\n}\n");
    return 0;
}

int sim_write_json(const sim_setup *s, const sim_point *pts, int npts)
{
    const char *path = s->o->json_path;
    if (!strcmp(path, "-")) {
        write_json_to(stdout, s, pts, npts);
        return app_close("simulate", stdout, path) ? APP_FAILED : APP_OK;
    }
    /* the temporary file is this process's own: runs that share a --json path each replace
     * the file whole (the last one wins) instead of failing on each other's temporary file */
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid()) >= (int)sizeof tmp) {
        fprintf(stderr, "ldpcgpu simulate: --json: path too long\n");
        return APP_FAILED;
    }
    FILE *f = app_open_write("simulate", tmp);
    if (!f)
        return APP_FAILED;
    write_json_to(f, s, pts, npts);
    if (app_close("simulate", f, tmp)) {
        unlink(tmp);
        return APP_FAILED;
    }
    if (rename(tmp, path)) {
        fprintf(stderr, "ldpcgpu simulate: cannot rename '%s' to '%s': %s\n", tmp, path,
                strerror(errno));
        unlink(tmp);
        return APP_FAILED;
    }
    return APP_OK;
}

/* ---- --resume ---- */

struct sim_resume {
    json_value *root;
    sim_point *points; /* the earlier points, checked (resume_points) */
    int npoints;
};

void sim_resume_free(sim_resume *r)
{
    if (r) {
        json_free(r->root);
        free(r->points);
    }
    free(r);
}

/* A JSON value as sim_identity writes it (numbers that are integers as integers). */
static void render(const json_value *v, char *out, size_t size)
{
    if (v->type == JSON_STRING)
        snprintf(out, size, "%s", v->string);
    else if (v->type == JSON_BOOL)
        snprintf(out, size, "%s", v->number ? "true" : "false");
    else if (v->type == JSON_NUMBER && v->is_uint)
        snprintf(out, size, "%llu", (unsigned long long)v->uint);
    else if (v->type == JSON_NUMBER)
        snprintf(out, size, "%.9g", v->number);
    else
        snprintf(out, size, "%s", v->type == JSON_NULL ? "null" : "(a list or object)");
}

static int bad_resume(const char *path, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int bad_resume(const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "ldpcgpu simulate: --resume %s: ", path);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 0;
}

/* Member key of j, when present, as an integer in lo..hi (the range the command line allows
 * for the same value: a value beyond it would wrap or never end the run). Returns 1 with
 * *out set (untouched when absent), 0 after printing why. */
static int resume_uint(const char *path, const json_value *j, const char *key, uint64_t lo,
                       uint64_t hi, uint64_t *out)
{
    const json_value *v = json_get(j, key);
    if (!v)
        return 1;
    char text[128];
    render(v, text, sizeof text);
    if (v->type != JSON_NUMBER || !v->is_uint || v->uint < lo || v->uint > hi)
        return bad_resume(path, "\"%s\": %s is not an integer in %llu..%llu", key, text,
                          (unsigned long long)lo, (unsigned long long)hi);
    *out = v->uint;
    return 1;
}

/* Member key of j, when present, as a number in lo..hi (null when null_ok: *out = -1). */
static int resume_number(const char *path, const json_value *j, const char *key, double lo,
                         double hi, int null_ok, double *out)
{
    const json_value *v = json_get(j, key);
    if (!v)
        return 1;
    if (null_ok && v->type == JSON_NULL) {
        *out = -1.0;
        return 1;
    }
    char text[128];
    render(v, text, sizeof text);
    if (v->type != JSON_NUMBER || !(v->number >= lo && v->number <= hi)) /* NaN, inf too */
        return bad_resume(path, "\"%s\": %s is not a number in %g..%g", key, text, lo, hi);
    *out = v->number;
    return 1;
}

/* The decoder and simulator settings named in the JSON, as the command line would set them,
 * with the command line's ranges. */
static int apply_defaults(const char *path, const json_value *j, sim_opts *o)
{
    const char *s;
    double d;
    uint64_t u;
    int b;
    if (json_get_string(j, "code", &s))
        o->code_name = s;
    if (json_get_string(j, "backend", &s) && ldpc_backend_from_string(s, &o->cfg.backend))
        return bad_resume(path, "unknown backend");
    if (json_get_string(j, "algorithm", &s) && ldpc_algorithm_from_string(s, &o->cfg.algorithm))
        return bad_resume(path, "unknown algorithm");
    if (json_get_string(j, "schedule", &s) && ldpc_schedule_from_string(s, &o->cfg.schedule))
        return bad_resume(path, "unknown schedule");
    u = (uint64_t)o->cfg.max_iterations;
    if (!resume_uint(path, j, "max_iterations", 1, 10000, &u))
        return 0;
    o->cfg.max_iterations = (int)u;
    if (json_get_bool(j, "early_termination", &b))
        o->cfg.early_termination = b;
    if (json_get_string(j, "crc_stop", &s) && ldpc_crc_stop_from_string(s, &o->cfg.early_stop_crc))
        return bad_resume(path, "unknown crc_stop");
    /* the decoder checks these three against its own rules; here they must be numbers */
    d = o->cfg.nms_alpha;
    if (!resume_number(path, j, "nms_alpha", 0.0, 1.0, 0, &d))
        return 0;
    o->cfg.nms_alpha = (float)d;
    d = o->cfg.oms_beta;
    if (!resume_number(path, j, "oms_beta", 0.0, 100.0, 0, &d))
        return 0;
    o->cfg.oms_beta = (float)d;
    d = o->cfg.llr_scale;
    if (!resume_number(path, j, "llr_scale", 0.0, 1e6, 0, &d))
        return 0;
    o->cfg.llr_scale = (float)d;
    if (json_get_string(j, "msg", &s) && ldpc_msg_format_from_string(s, &o->cfg.msg_format))
        return bad_resume(path, "unknown message format");
    ldpc_llr_type llr;
    if (json_get_string(j, "llr", &s)) {
        if (ldpc_llr_type_from_string(s, &llr))
            return bad_resume(path, "unknown LLR type");
        o->llr_i8 = llr == LDPC_LLR_I8;
    }
    if (json_get_string(j, "codeword", &s))
        o->codeword_zero = !strcmp(s, "zero");
    if (json_get_string(j, "modulation", &s) && ldpc_modulation_from_string(s, &o->modulation))
        return bad_resume(path, "unknown modulation");
    if (json_get_string(j, "demapper", &s) && ldpc_demap_method_from_string(s, &o->demapper))
        return bad_resume(path, "unknown demapper");
    if (json_get_string(j, "noise", &s) && ldpc_sim_noise_from_string(s, &o->noise))
        return bad_resume(path, "unknown noise rule");
    if (!resume_uint(path, j, "seed", 0, UINT64_MAX, &o->seed))
        return 0;
    /* the targets as --frames, --max-frame-errors (0: none) and --chunk-frames (0: the rule) */
    u = (uint64_t)o->frames;
    if (!resume_uint(path, j, "frames_target", 1, SIM_MAX_FRAMES, &u))
        return 0;
    o->frames = (long long)u;
    u = (uint64_t)o->max_frame_errors;
    if (!resume_uint(path, j, "max_frame_errors", 0, SIM_MAX_FRAMES, &u))
        return 0;
    o->max_frame_errors = (long long)u;
    u = (uint64_t)o->chunk_frames;
    if (!resume_uint(path, j, "chunk_frames", 0, SIM_MAX_CHUNK_FRAMES, &u))
        return 0;
    o->chunk_frames = (long long)u;
    return 1;
}

/* Whether count <= frames * per_frame (without overflow). */
static int within(uint64_t count, uint64_t frames, uint64_t per_frame)
{
    return per_frame ? count / per_frame < frames ||
                           (count / per_frame == frames && count % per_frame == 0)
                     : count == 0;
}

/* Point i of the JSON into *p, checked: an Eb/N0 in the command line's range, frame numbers
 * that cannot overflow, and counts that a simulation of those frames can give (n, k: the
 * JSON's own; sim_resume_check compares them with the code's). */
static int resume_point(const char *path, const json_value *j, size_t i, uint64_t n,
                        uint64_t k, sim_point *p)
{
    static const struct {
        const char *key;
        size_t offset;
    } counts[] = {
        {"bit_errors", offsetof(ldpc_sim_counts, bit_errors)},
        {"frame_errors", offsetof(ldpc_sim_counts, frame_errors)},
        {"parity_failures", offsetof(ldpc_sim_counts, parity_failures)},
        {"undetected_errors", offsetof(ldpc_sim_counts, undetected)},
        {"iterations", offsetof(ldpc_sim_counts, iterations)},
        {"saturated_llrs", offsetof(ldpc_sim_counts, saturated)},
    };
    char where[64];
    snprintf(where, sizeof where, "point %zu", i + 1);
    memset(p, 0, sizeof *p);
    p->ebn0 = NAN;
    p->decode_seconds = -1.0;
    if (!json_get(j, "ebn0_db") || !json_get(j, "first_frame") || !json_get(j, "frames"))
        return bad_resume(path, "%s lacks ebn0_db, first_frame or frames", where);
    if (!resume_number(path, j, "ebn0_db", APP_EBN0_MIN, APP_EBN0_MAX, 0, &p->ebn0) ||
        !resume_uint(path, j, "first_frame", 0, (uint64_t)1 << 62, &p->first) ||
        !resume_uint(path, j, "frames", 0, (uint64_t)1 << 62, &p->c.frames))
        return bad_resume(path, "(%s)", where);
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        uint64_t *count = (uint64_t *)((char *)&p->c + counts[c].offset);
        if (!resume_uint(path, j, counts[c].key, 0, UINT64_MAX, count))
            return bad_resume(path, "(%s)", where);
    }
    const ldpc_sim_counts *c = &p->c;
    if (!within(c->frame_errors, c->frames, 1) || !within(c->parity_failures, c->frames, 1) ||
        c->undetected > c->frame_errors || !within(c->bit_errors, c->frame_errors, k) ||
        !within(c->iterations, c->frames, 10000) || !within(c->saturated, c->frames, n))
        return bad_resume(path,
                          "%s (Eb/N0 %g): counts no simulation of %llu frames gives (frame "
                          "errors %llu, parity failures %llu, undetected %llu, bit errors %llu "
                          "with k=%llu)",
                          where, p->ebn0, (unsigned long long)c->frames,
                          (unsigned long long)c->frame_errors,
                          (unsigned long long)c->parity_failures,
                          (unsigned long long)c->undetected, (unsigned long long)c->bit_errors,
                          (unsigned long long)k);
    /* times: 0 .. about 30,000 years; decode_seconds may be null (not known) */
    if (!resume_number(path, j, "wall_seconds", 0.0, 1e12, 0, &p->wall_seconds) ||
        !resume_number(path, j, "decode_seconds", 0.0, 1e12, 1, &p->decode_seconds))
        return bad_resume(path, "(%s)", where);
    p->resumed_frames = c->frames;
    return 1;
}

/* The points of the JSON: at most SIM_MAX_POINTS (more are refused, not dropped), each Eb/N0
 * once (two rows of one point would both be continued with the same frames). */
static int resume_points(const char *path, sim_resume *r, sim_opts *o)
{
    const json_value *pts = json_get(r->root, "points");
    uint64_t n = 0, k = 0;
    if (!resume_uint(path, r->root, "n", 1, LDPC_MAX_N, &n) ||
        !resume_uint(path, r->root, "k", 1, LDPC_MAX_N, &k) || !n || !k)
        return bad_resume(path, "needs the code's \"n\" and \"k\"");
    if (pts->count > SIM_MAX_POINTS)
        return bad_resume(path, "%zu points, more than the %d a run holds", pts->count,
                          SIM_MAX_POINTS);
    r->points = calloc(pts->count ? pts->count : 1, sizeof *r->points);
    if (!r->points)
        return bad_resume(path, "out of memory");
    o->npoints = 0;
    for (size_t i = 0; i < pts->count; i++) {
        sim_point *p = &r->points[i];
        if (!resume_point(path, &pts->items[i], i, n, k, p))
            return 0;
        for (int e = 0; e < r->npoints; e++)
            if (sim_same_ebn0(r->points[e].ebn0, p->ebn0))
                return bad_resume(path, "points %d and %zu are both at Eb/N0 %g dB", e + 1,
                                  i + 1, p->ebn0);
        r->npoints++;
        o->ebn0[o->npoints++] = p->ebn0;
    }
    return 1;
}

sim_resume *sim_resume_load(const char *path, const char *text, sim_opts *o)
{
    char err[256];
    sim_resume *r = calloc(1, sizeof *r);
    if (!r || !(r->root = json_parse(text, err, sizeof err))) {
        if (r)
            bad_resume(path, "%s", err);
        else
            bad_resume(path, "out of memory");
        sim_resume_free(r);
        return NULL;
    }
    const char *tool = NULL;
    const json_value *points = json_get(r->root, "points");
    if (!json_get_string(r->root, "tool", &tool) || strcmp(tool, "ldpcgpu simulate") ||
        !json_get(r->root, "channel") || !points || points->type != JSON_ARRAY) {
        bad_resume(path, "not the JSON of an ldpcgpu simulate run that numbers its frames "
                         "(\"tool\": \"ldpcgpu simulate\", \"channel\", \"points\")");
        sim_resume_free(r);
        return NULL;
    }
    if (!resume_points(path, r, o) || !apply_defaults(path, r->root, o)) {
        sim_resume_free(r);
        return NULL;
    }
    return r;
}

int sim_resume_check(const sim_resume *r, const sim_setup *s)
{
    sim_id_item id[SIM_ID_MAX];
    const int nid = sim_identity(s, id);
    int differ = 0;
    for (int i = 0; i < nid; i++) {
        const json_value *v = json_get(r->root, id[i].key);
        char was[128] = "(missing)";
        if (v)
            render(v, was, sizeof was);
        else if (id[i].if_absent)
            snprintf(was, sizeof was, "%s", id[i].if_absent);
        int same = !strcmp(was, id[i].text);
        if (!same && v && v->type == JSON_NUMBER && !id[i].is_string) { /* 0.875 vs 8.75e-1 */
            const double now = strtod(id[i].text, NULL);
            same = fabs(v->number - now) <= 1e-7 * fabs(now);
        }
        if (!same) {
            fprintf(stderr, "ldpcgpu simulate: --resume %s: %s was %s, now %s\n",
                    s->o->resume_path, id[i].key, was, id[i].text);
            differ++;
        }
    }
    if (differ)
        fprintf(stderr, "ldpcgpu simulate: --resume continues the same experiment only: the "
                        "same code, decoder, backend, channel, modulation, noise, LLRs, codeword and seed\n");
    return differ;
}

int sim_resume_point(const sim_resume *r, double ebn0, sim_point *out)
{
    for (int i = 0; i < r->npoints; i++) {
        if (!sim_same_ebn0(r->points[i].ebn0, ebn0))
            continue;
        *out = r->points[i];
        out->ebn0 = ebn0;
        out->done = 0;
        return 1;
    }
    return 0;
}
