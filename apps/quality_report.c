/* ldpcgpu quality: crossings and gaps, the printed table and the JSON (see quality.h). */
#include <math.h>
#include <string.h>
#include "quality.h"

const double q_targets[Q_NTARGETS] = {1e-2, 1e-3};
static const char *const target_names[Q_NTARGETS] = {"1e-2", "1e-3"};

static double rate(long long errors, long long total) { return total ? (double)errors / total : 0; }
static double fer(const app_sim_point *p) { return rate(p->frame_errors, p->frames); }

double q_crossing(const q_opts *o, const q_result *r, int d, double target)
{
    const int np = r->code->npoints;
    for (int i = 0; i + 1 < np; i++) {
        const double a = fer(q_at(o, r, i, d)), b = fer(q_at(o, r, i + 1, d));
        const double xa = r->code->ebn0[i], xb = r->code->ebn0[i + 1];
        if (!(a >= target && b < target))
            continue;
        if (a == target)
            return xa;
        if (b <= 0.0)
            return NAN; /* straight to zero errors: no log to interpolate */
        return xa + (xb - xa) * (log10(a) - log10(target)) / (log10(a) - log10(b));
    }
    return NAN;
}

/* "nms alpha 0.75", "oms beta 0.5", "min-sum" */
static void setting_name(const q_result *r, char *buf, size_t size)
{
    if (r->alg == LDPC_ALG_NORMALIZED_MIN_SUM)
        snprintf(buf, size, "nms alpha %g", r->param);
    else if (r->alg == LDPC_ALG_OFFSET_MIN_SUM)
        snprintf(buf, size, "oms beta %g", r->param);
    else
        snprintf(buf, size, "%s", ldpc_algorithm_name(r->alg));
}

void q_print_result(const q_opts *o, const q_result *r)
{
    char setting[64];
    setting_name(r, setting, sizeof setting);
    printf("\n%s, %s, %d iterations, early stop %s, %s (float: %s, quantised: %s)\n",
           r->code->name, setting, r->iterations, r->early ? "on" : "off",
           ldpc_schedule_name(o->cfg.schedule), r->float_backend, r->backend);
    printf("%6s %7s %10s %10s  %-8s %10s %10s %9s\n", "Eb/N0", "frames", "float FER", "float BER",
           "format", "FER", "BER", "FER/float");
    for (int i = 0; i < r->code->npoints; i++) {
        const app_sim_point *fl = q_at(o, r, i, 0);
        for (int f = 0; f < o->nformats; f++) {
            const app_sim_point *q = q_at(o, r, i, 1 + f);
            char ratio[16] = "-";
            if (fl->frame_errors)
                snprintf(ratio, sizeof ratio, "%.2f", fer(q) / fer(fl));
            if (f == 0)
                printf("%6.2f %7lld %10.3e %10.3e", r->code->ebn0[i], fl->frames, fer(fl),
                       rate(fl->bit_errors, fl->frames * r->k));
            else
                printf("%6s %7s %10s %10s", "", "", "", "");
            printf("  %-8s %10.3e %10.3e %9s\n", o->formats[f].name, fer(q),
                   rate(q->bit_errors, q->frames * r->k), ratio);
        }
    }
    if (r->code->npoints < 2)
        return;
    for (int t = 0; t < Q_NTARGETS; t++) {
        const double x0 = q_crossing(o, r, 0, q_targets[t]);
        printf("gap to float at FER %s:", target_names[t]);
        if (isnan(x0)) {
            printf(" n/a (the float curve does not cross it)\n");
            continue;
        }
        for (int f = 0; f < o->nformats; f++) {
            const double x = q_crossing(o, r, 1 + f, q_targets[t]);
            if (isnan(x))
                printf("  %s n/a", o->formats[f].name);
            else
                printf("  %s %+.2f dB", o->formats[f].name, x - x0);
        }
        printf("   (float reaches it at %.2f dB)\n", x0);
    }
}

void q_print_summary(const q_opts *o, const q_result *results, int nresults)
{
    for (int t = 0; t < Q_NTARGETS; t++) {
        int measured = 0, worst_r = -1, worst_f = 0;
        double worst = -INFINITY;
        for (int i = 0; i < nresults; i++) {
            const double x0 = q_crossing(o, &results[i], 0, q_targets[t]);
            for (int f = 0; f < o->nformats; f++) {
                const double g = q_crossing(o, &results[i], 1 + f, q_targets[t]) - x0;
                if (isnan(g))
                    continue;
                measured++;
                if (g > worst) {
                    worst = g;
                    worst_r = i;
                    worst_f = f;
                }
            }
        }
        printf("gaps at FER %s: %d of %d measured", target_names[t], measured,
               nresults * o->nformats);
        if (worst_r >= 0) {
            const q_result *r = &results[worst_r];
            char setting[64];
            setting_name(r, setting, sizeof setting);
            printf(", largest %+.2f dB (%s, %s, %d iterations, early stop %s, %s)",
                   worst, r->code->name, setting, r->iterations, r->early ? "on" : "off",
                   o->formats[worst_f].name);
        }
        printf("\n");
    }
}

/* ---- JSON ---- */

static void json_number_or_null(FILE *f, double v)
{
    if (isnan(v))
        fprintf(f, "null");
    else
        fprintf(f, "%.4f", v);
}

static void json_counts(FILE *f, const app_sim_point *p, int k)
{
    fprintf(f,
            "{\"frame_errors\": %lld, \"fer\": %.6e, \"bit_errors\": %lld, \"ber\": %.6e, "
            "\"parity_failures\": %lld, \"undetected_errors\": %lld, \"avg_iterations\": %.4f, "
            "\"decode_seconds\": %.6f}",
            p->frame_errors, fer(p), p->bit_errors, rate(p->bit_errors, p->frames * k),
            p->parity_failures, p->undetected, p->frames ? (double)p->iterations / p->frames : 0,
            p->decode_seconds);
}

static const char *decoder_name(const q_opts *o, int d)
{
    return d == 0 ? "float" : o->formats[d - 1].name;
}

static void json_result(FILE *f, const q_opts *o, const q_result *r)
{
    fprintf(f, "    {\"code\": ");
    app_json_string(f, r->code->name);
    fprintf(f, ", \"n\": %d, \"k\": %d, \"rate\": %.6f, \"algorithm\": \"%s\", ", r->n, r->k,
            (double)r->k / r->n, ldpc_algorithm_name(r->alg));
    if (r->alg == LDPC_ALG_NORMALIZED_MIN_SUM)
        fprintf(f, "\"alpha\": %g, \"beta\": null, ", r->param);
    else if (r->alg == LDPC_ALG_OFFSET_MIN_SUM)
        fprintf(f, "\"alpha\": null, \"beta\": %g, ", r->param);
    else
        fprintf(f, "\"alpha\": null, \"beta\": null, ");
    fprintf(f,
            "\"max_iterations\": %d, \"early_termination\": %s, \"float_backend\": \"%s\", "
            "\"backend\": \"%s\",\n     \"curve\": [",
            r->iterations, r->early ? "true" : "false", r->float_backend, r->backend);
    for (int i = 0; i < r->code->npoints; i++) {
        fprintf(f, "%s\n      {\"ebn0_db\": %.4f, \"frames\": %lld, \"float\": ", i ? "," : "",
                r->code->ebn0[i], q_at(o, r, i, 0)->frames);
        json_counts(f, q_at(o, r, i, 0), r->k);
        fprintf(f, ",\n       \"formats\": {");
        for (int d = 1; d <= o->nformats; d++) {
            fprintf(f, "%s\n        \"%s\": ", d > 1 ? "," : "", decoder_name(o, d));
            json_counts(f, q_at(o, r, i, d), r->k);
        }
        fprintf(f, "}}");
    }
    /* crossings of every decoder; gaps (format - float) of the formats */
    fprintf(f, "],\n     \"crossing_db\": {");
    for (int d = 0; d <= o->nformats; d++) {
        fprintf(f, "%s\"%s\": {", d ? ", " : "", decoder_name(o, d));
        for (int t = 0; t < Q_NTARGETS; t++) {
            fprintf(f, "%s\"%s\": ", t ? ", " : "", target_names[t]);
            json_number_or_null(f, q_crossing(o, r, d, q_targets[t]));
        }
        fprintf(f, "}");
    }
    fprintf(f, "},\n     \"gap_db\": {");
    for (int d = 1; d <= o->nformats; d++) {
        fprintf(f, "%s\"%s\": {", d > 1 ? ", " : "", decoder_name(o, d));
        for (int t = 0; t < Q_NTARGETS; t++) {
            fprintf(f, "%s\"%s\": ", t ? ", " : "", target_names[t]);
            json_number_or_null(f, q_crossing(o, r, d, q_targets[t]) -
                                       q_crossing(o, r, 0, q_targets[t]));
        }
        fprintf(f, "}");
    }
    fprintf(f, "}}");
}

int q_write_json(const q_opts *o, const q_result *results, int nresults)
{
    FILE *f = app_open_write("quality", o->json_path);
    if (!f)
        return APP_FAILED;
    fprintf(f,
            "{\n  \"command\": \"quality\",\n  \"version\": \"%s\",\n  \"schedule\": \"%s\",\n"
            "  \"llr_scale\": %g,\n  \"frames\": %lld,\n  \"max_frame_errors\": %lld,\n"
            "  \"seed\": %llu,\n  \"modulation\": \"%s\",\n  \"demapper\": \"%s\",\n"
            "  \"gap_targets\": [\"1e-2\", \"1e-3\"],\n  \"formats\": [",
            LDPCGPU_VERSION, ldpc_schedule_name(o->cfg.schedule), o->cfg.llr_scale, o->frames,
            o->max_frame_errors, (unsigned long long)o->seed, ldpc_modulation_name(o->modulation),
            ldpc_demap_method_name(o->demapper));
    for (int i = 0; i < o->nformats; i++)
        fprintf(f, "%s{\"name\": \"%s\", \"msg\": \"%s\", \"llr\": \"%s\"}", i ? ", " : "",
                o->formats[i].name,
                o->formats[i].msg == LDPC_MSG_I8 ? "i8" : o->formats[i].msg == LDPC_MSG_I16
                                                              ? "i16" : "f32",
                o->formats[i].llr_i8 ? "i8" : "f32");
    fprintf(f, "],\n  \"points\": [\n");
    for (int i = 0; i < nresults; i++) {
        json_result(f, o, &results[i]);
        fprintf(f, "%s\n", i + 1 < nresults ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
    return app_close("quality", f, o->json_path) ? APP_FAILED : APP_OK;
}
