/* ldpcgpu simulate's output: the table on stdout, the JSON file and what --resume reads back
 * from it (see simulate.h). The JSON's "identity" members (code, decoder arithmetic, channel,
 * seed...) are written and checked by one list, sim_identity, so the check on resume cannot
 * drift from what was written. */
#include <errno.h>
#include <stdarg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
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

static void json_rate_or_null(FILE *f, const char *key, uint64_t frames, int bits, double s)
{
    if (s > 0)
        fprintf(f, ", \"%s\": %.4f", key, mbps(frames, bits, s));
    else
        fprintf(f, ", \"%s\": null", key);
}

static void write_point(FILE *f, const sim_point *p, int n, int k)
{
    const ldpc_sim_counts *c = &p->c;
    double flo, fhi, blo, bhi;
    sim_fer_ci(c->frame_errors, c->frames, &flo, &fhi);
    sim_ber_ci(c->bit_errors, c->frame_errors, c->frames, k, &blo, &bhi);
    fprintf(f, "    {\"ebn0_db\": %.4f, \"first_frame\": %llu, \"last_frame\": ", p->ebn0,
            (unsigned long long)p->first);
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
            "     \"wall_seconds\": %.6f, \"sim_coded_mbps\": %.4f, \"sim_info_mbps\": %.4f, "
            "\"resumed_frames\": %llu, \"decode_seconds\": ",
            (unsigned long long)c->frames, p->done ? "true" : "false",
            (unsigned long long)c->bit_errors, rate(c->bit_errors, (double)c->frames * k), blo,
            bhi, (unsigned long long)c->frame_errors, rate(c->frame_errors, (double)c->frames),
            flo, fhi, (unsigned long long)c->parity_failures, (unsigned long long)c->undetected,
            (unsigned long long)c->iterations, rate(c->iterations, (double)c->frames),
            (unsigned long long)c->saturated, rate(c->saturated, (double)c->frames * n),
            p->wall_seconds, mbps(c->frames, n, p->wall_seconds),
            mbps(c->frames, k, p->wall_seconds), (unsigned long long)p->resumed_frames);
    if (p->decode_seconds >= 0)
        fprintf(f, "%.6f", p->decode_seconds);
    else
        fprintf(f, "null");
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
            "  \"frames\": %llu,\n  \"wall_seconds\": %.6f,\n  \"sim_coded_mbps\": %.4f,\n"
            "  \"points\": [\n",
            o->frames, o->max_frame_errors, o->chunk_frames, SIM_CI_LEVEL, SIM_FER_CI_METHOD,
            SIM_BER_CI_METHOD, (unsigned long long)frames, wall, mbps(frames, n, wall));
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
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = app_open_write("simulate", tmp);
    if (!f)
        return APP_FAILED;
    write_json_to(f, s, pts, npts);
    if (app_close("simulate", f, tmp))
        return APP_FAILED;
    if (rename(tmp, path)) {
        fprintf(stderr, "ldpcgpu simulate: cannot rename '%s' to '%s': %s\n", tmp, path,
                strerror(errno));
        return APP_FAILED;
    }
    return APP_OK;
}

/* ---- --resume ---- */

struct sim_resume {
    json_value *root;
    const json_value *points;
};

void sim_resume_free(sim_resume *r)
{
    if (r)
        json_free(r->root);
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

static int bad_resume(const char *path, const char *why)
{
    fprintf(stderr, "ldpcgpu simulate: --resume %s: %s\n", path, why);
    return 0;
}

/* The decoder and simulator settings named in the JSON, as the command line would set them. */
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
    if (json_get_uint(j, "max_iterations", &u))
        o->cfg.max_iterations = (int)u;
    if (json_get_bool(j, "early_termination", &b))
        o->cfg.early_termination = b;
    if (json_get_number(j, "nms_alpha", &d))
        o->cfg.nms_alpha = (float)d;
    if (json_get_number(j, "oms_beta", &d))
        o->cfg.oms_beta = (float)d;
    if (json_get_number(j, "llr_scale", &d))
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
    if (json_get_uint(j, "seed", &u))
        o->seed = u;
    if (json_get_uint(j, "frames_target", &u))
        o->frames = (long long)u;
    if (json_get_uint(j, "max_frame_errors", &u))
        o->max_frame_errors = (long long)u;
    if (json_get_uint(j, "chunk_frames", &u))
        o->chunk_frames = (long long)u;
    return 1;
}

sim_resume *sim_resume_load(const char *path, const char *text, sim_opts *o)
{
    char err[256];
    sim_resume *r = calloc(1, sizeof *r);
    if (!r || !(r->root = json_parse(text, err, sizeof err))) {
        if (r)
            bad_resume(path, err);
        sim_resume_free(r);
        return NULL;
    }
    const char *tool = NULL;
    r->points = json_get(r->root, "points");
    if (!json_get_string(r->root, "tool", &tool) || strcmp(tool, "ldpcgpu simulate") ||
        !json_get(r->root, "channel") || !r->points || r->points->type != JSON_ARRAY) {
        bad_resume(path, "not the JSON of an ldpcgpu simulate run that numbers its frames "
                         "(\"tool\": \"ldpcgpu simulate\", \"channel\", \"points\")");
        sim_resume_free(r);
        return NULL;
    }
    o->npoints = 0;
    for (size_t i = 0; i < r->points->count && o->npoints < SIM_MAX_POINTS; i++) {
        double e;
        uint64_t first, frames;
        const json_value *p = &r->points->items[i];
        if (!json_get_number(p, "ebn0_db", &e) || !json_get_uint(p, "first_frame", &first) ||
            !json_get_uint(p, "frames", &frames)) {
            bad_resume(path, "a point lacks ebn0_db, first_frame or frames");
            sim_resume_free(r);
            return NULL;
        }
        o->ebn0[o->npoints++] = e;
    }
    if (!apply_defaults(path, r->root, o)) {
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

static uint64_t uint_or_0(const json_value *p, const char *key)
{
    uint64_t u = 0;
    json_get_uint(p, key, &u);
    return u;
}

int sim_resume_point(const sim_resume *r, double ebn0, sim_point *out)
{
    for (size_t i = 0; i < r->points->count; i++) {
        const json_value *p = &r->points->items[i];
        double e = 0, t = 0;
        json_get_number(p, "ebn0_db", &e);
        if (fabs(e - ebn0) > 1e-6)
            continue;
        out->ebn0 = ebn0;
        out->first = uint_or_0(p, "first_frame");
        out->c.frames = uint_or_0(p, "frames");
        out->c.bit_errors = uint_or_0(p, "bit_errors");
        out->c.frame_errors = uint_or_0(p, "frame_errors");
        out->c.parity_failures = uint_or_0(p, "parity_failures");
        out->c.undetected = uint_or_0(p, "undetected_errors");
        out->c.iterations = uint_or_0(p, "iterations");
        out->c.saturated = uint_or_0(p, "saturated_llrs");
        out->resumed_frames = out->c.frames;
        out->wall_seconds = json_get_number(p, "wall_seconds", &t) ? t : 0.0;
        out->decode_seconds = json_get_number(p, "decode_seconds", &t) ? t : -1.0;
        return 1;
    }
    return 0;
}
