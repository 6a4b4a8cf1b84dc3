/* The fixed-point decoder model (rules in decoder_fixed.h): plain C, one frame at a time,
 * written for clarity. The CUDA integer kernels are tested against it bit for bit. */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "code_nr.h" /* decode graphs */
#include "decoder_erased.h"
#include "decoder_fixed.h"
#include "error.h"

int ldpc_fixed_params_init(const ldpc_decoder_config *cfg, const ldpc_code *code,
                           ldpc_fixed_params *p)
{
    if (!cfg || !code || !p)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_fixed_params_init: NULL argument");
    if (cfg->msg_format != LDPC_MSG_I8 && cfg->msg_format != LDPC_MSG_I16)
        return LDPC_ERR_UNSUPPORTED;
    if (cfg->algorithm == LDPC_ALG_SUM_PRODUCT)
        return LDPC_ERR_UNSUPPORTED;
    memset(p, 0, sizeof *p);
    const int i8 = cfg->msg_format == LDPC_MSG_I8;
    p->cmin = i8 ? -128 : -8192;
    p->cmax = i8 ? 127 : 8191;
    p->amax = i8 ? 896 : 32767;
    const int dv = code->max_col_degree > 0 ? code->max_col_degree : 1;
    p->mcap = (p->amax + p->cmin) / dv;
    if (p->mcap > p->cmax)
        p->mcap = p->cmax;
    if (p->mcap < 1)
        return LDPC_ERR_UNSUPPORTED;
    p->umax = 65535;
    p->algorithm = (int)cfg->algorithm;
    p->nms_a15 = (int)lroundf(cfg->nms_alpha * 32768.0f);
    p->oms_b = (int)lroundf(cfg->oms_beta * cfg->llr_scale);
    p->scale_a15 = cfg->algorithm == LDPC_ALG_NORMALIZED_MIN_SUM ? p->nms_a15 : 32768;
    p->scale_b = cfg->algorithm == LDPC_ALG_OFFSET_MIN_SUM ? p->oms_b : 0;
    p->llr_scale = cfg->llr_scale;
    p->positive_is_one = cfg->llr_positive_is_one ? 1 : 0;
    return LDPC_OK;
}

struct ldpc_fixed_model {
    /* the graph decoded: the code's decode graph where it has one (as every decoder,
     * decoder.c), else the code; user: the code; whole: the model of the whole H, made for
     * frames that reach the rows the graph leaves out (as the decoders' whole-H twin) */
    const ldpc_code *code, *user;
    ldpc_fixed_model *whole;
    ldpc_decoder_config cfg;
    ldpc_fixed_params p;
    ldpc_crc_stop_rule crc_stop; /* early_stop_crc (rule 6) */
    int *order;     /* m: row order (layered) */
    int *chan;      /* n: channel values */
    int *app;       /* n */
    int *c2v;       /* num_edges, H's compressed-row order */
    int *t;         /* max_row_degree */
    uint8_t *hard;  /* n */
};

void ldpc_fixed_model_destroy(ldpc_fixed_model *m)
{
    if (!m)
        return;
    free(m->order);
    free(m->chan);
    free(m->app);
    free(m->c2v);
    free(m->t);
    free(m->hard);
    ldpc_fixed_model_destroy(m->whole);
    free(m);
}

static int model_create(ldpc_fixed_model **out, const ldpc_code *c, const ldpc_code *graph,
                        const ldpc_decoder_config *cfg);

int ldpc_fixed_model_create(ldpc_fixed_model **out, const ldpc_code *c,
                            const ldpc_decoder_config *cfg)
{
    if (!out || !c || !cfg)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_fixed_model_create: NULL argument");
    return model_create(out, c, c->decode_graph ? c->decode_graph : c, cfg);
}

static int model_create(ldpc_fixed_model **out, const ldpc_code *c, const ldpc_code *graph,
                        const ldpc_decoder_config *cfg)
{
    if (!out || !c || !cfg)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_fixed_model_create: NULL argument");
    *out = NULL;
    ldpc_fixed_model *m = calloc(1, sizeof *m);
    if (!m)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "fixed model: out of memory");
    m->user = c;
    m->code = graph;
    m->cfg = *cfg;
    c = m->code; /* the graph decoded, from here on */
    int st = ldpc_fixed_params_init(cfg, c, &m->p);
    if (st != LDPC_OK) {
        ldpc_fixed_model_destroy(m);
        return st == LDPC_ERR_UNSUPPORTED
                   ? ldpc_error(st, "fixed model: needs msg_format i8/i16 and a min-sum algorithm")
                   : st;
    }
    st = ldpc_crc_stop_rule_init(&m->crc_stop, cfg, m->user);
    if (st != LDPC_OK) {
        ldpc_fixed_model_destroy(m);
        return st;
    }
    m->order = malloc((size_t)c->m * sizeof(int));
    m->chan = malloc((size_t)c->n * sizeof(int));
    m->app = malloc((size_t)c->n * sizeof(int));
    m->c2v = malloc((size_t)c->num_edges * sizeof(int));
    m->t = malloc((size_t)c->max_row_degree * sizeof(int));
    m->hard = malloc((size_t)c->n);
    if (!m->order || !m->chan || !m->app || !m->c2v || !m->t || !m->hard) {
        ldpc_fixed_model_destroy(m);
        return ldpc_error(LDPC_ERR_NO_MEMORY, "fixed model: out of memory for code %s", c->name);
    }
    /* the CPU's order unless cfg names one (the GPU tests name the GPU's) */
    st = ldpc_decoder_row_order(c, ldpc_row_order_of(c, cfg, LDPC_BACKEND_CPU_SIMD), m->order);
    if (st != LDPC_OK) {
        ldpc_fixed_model_destroy(m);
        return st;
    }
    *out = m;
    return LDPC_OK;
}

static int uabs(int x) { return x < 0 ? -x : x; }

/* Rule 3 on one row; layered also writes the APP back (rule 4). No value is clamped: the
 * bounds of the rules keep every APP and t within +-amax (checked in debug builds). */
static void row_update(ldpc_fixed_model *m, int r, int layered)
{
    const ldpc_code *c = m->code;
    const ldpc_fixed_params *p = &m->p;
    const int e0 = c->row_ptr[r], d = c->row_ptr[r + 1] - e0;
    const int *col = c->col_idx + e0;
    int *c2v = m->c2v + e0;
    int min1 = p->umax, min2 = p->umax, neg = 0;
    for (int e = 0; e < d; e++) {
        int t = m->app[col[e]] - c2v[e];
        int a = uabs(t);
        m->t[e] = t;
        min2 = a > min1 ? (a < min2 ? a : min2) : (min1 < min2 ? min1 : min2);
        min1 = a < min1 ? a : min1;
        neg ^= t < 0;
    }
    const int s1 = ldpc_fixed_scale(p, min1), s2 = ldpc_fixed_scale(p, min2);
    for (int e = 0; e < d; e++) {
        int t = m->t[e];
        int mag = uabs(t) == min1 ? s2 : s1;
        c2v[e] = (neg ^ (t < 0)) ? -mag : mag;
        if (layered)
            m->app[col[e]] = t + c2v[e];
        assert(uabs(t) <= p->amax && uabs(t + c2v[e]) <= p->amax);
    }
}

static int hard_and_check(ldpc_fixed_model *m)
{
    const ldpc_code *c = m->code;
    for (int j = 0; j < c->n; j++)
        m->hard[j] = m->app[j] < 0;
    return ldpc_code_syndrome_weight(c, m->hard) == 0;
}

int ldpc_fixed_model_decode(ldpc_fixed_model *m, ldpc_llr_type type, const void *llr,
                            uint8_t *hard, ldpc_frame_status *st)
{
    if (!m || !llr || !hard || !st)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_fixed_model_decode: NULL argument");
    if (m->code != m->user && ldpc_nr_frame_reaches_left_out(m->user, llr, type == LDPC_LLR_I8)) {
        if (!m->whole) {
            const int cs = model_create(&m->whole, m->user, m->user, &m->cfg);
            if (cs != LDPC_OK)
                return cs;
        }
        return ldpc_fixed_model_decode(m->whole, type, llr, hard, st);
    }
    const ldpc_code *c = m->code;
    const ldpc_fixed_params *p = &m->p;
    for (int j = 0; j < c->n; j++)
        m->chan[j] = type == LDPC_LLR_I8 ? ldpc_fixed_quantize_i8(p, ((const int8_t *)llr)[j])
                                         : ldpc_fixed_quantize_f32(p, ((const float *)llr)[j]);
    memcpy(m->app, m->chan, (size_t)c->n * sizeof(int));
    memset(m->c2v, 0, (size_t)c->num_edges * sizeof(int));
    const int layered = m->cfg.schedule == LDPC_SCHEDULE_LAYERED;
    const int crc_stop = ldpc_crc_stop_active(&m->crc_stop, &m->cfg);
    int it = 0, ok = 0;
    while (it < m->cfg.max_iterations) {
        if (layered) {
            for (int i = 0; i < c->m; i++)
                row_update(m, m->order[i], 1);
        } else {
            for (int r = 0; r < c->m; r++)
                row_update(m, r, 0);
            for (int j = 0; j < c->n; j++) {
                int a = m->chan[j];
                for (int q = c->col_ptr[j]; q < c->col_ptr[j + 1]; q++)
                    a += m->c2v[c->col_edge[q]];
                m->app[j] = a;
            }
        }
        it++;
        if (m->cfg.early_termination) {
            if ((ok = hard_and_check(m)) ||
                (crc_stop && ldpc_crc_stop_frame_passes(&m->crc_stop, m->hard)))
                break;
        } else if (!ok && hard_and_check(m)) {
            ok = 1; /* rule 6: the first codeword found is the one returned */
            memcpy(hard, m->hard, (size_t)c->n);
        }
    }
    if (m->cfg.early_termination || !ok) {
        ok = hard_and_check(m);
        memcpy(hard, m->hard, (size_t)c->n);
    }
    st->iterations = it;
    st->parity_ok = ok && !ldpc_frame_erased(p, type, llr, c->n); /* decoder_erased.h */
    if (c != m->user) /* the rows the graph leaves out, as the decoders' output has them */
        ldpc_nr_fill_left_out(m->user, hard, 0);
    return LDPC_OK;
}
