/* cpu-reference backend: the portable float decoder every other backend is checked against.
 * Kept clear rather than fast: one frame at a time, messages stored per edge in H's
 * compressed-row order; layered iterations visit the rows in the decoder row order
 * (ldpc_decoder_row_order(), code_row_order.c), as every layered decoder does.
 *
 * Definitions (other backends must follow them):
 *  - v2c message on edge e of row r: t = APP[col] - c2v[e] (layered) or APP_old[col] - c2v[e]
 *    (flooding, where APP_old = channel LLR + sum of the column's c2v from the last iteration).
 *  - min-sum family: magnitude = min over the row's other edges of |t| (min1/min2 with the
 *    first strict minimum winning ties), sign = product of the other edges' signs (t < 0 is
 *    negative, t = 0 counts as positive). NMS multiplies the magnitude by alpha, OMS subtracts
 *    beta and floors at 0.
 *  - sum-product: magnitude = 2 atanh(prod over other edges of tanh(|t|/2)), in double, with
 *    the product capped below 1 so that results stay finite (about 36 at most).
 *  - hard decision: bit = 1 iff APP < 0.
 *  - iterations: at least one is run; with early termination the frame stops after the first
 *    iteration whose hard decision satisfies every check, or passes the CRC of early_stop_crc
 *    (decoder_fixed.h rule 6). parity_ok is the syndrome of the hard decision returned, and 0
 *    for an erased frame (decoder_erased.h: every cleaned LLR 0).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "decoder_erased.h"
#include "decoder_internal.h"
#include "error.h"

typedef struct ref_state {
    float *llr;     /* n: channel LLRs of the frame, decoder convention */
    float *app;     /* n: a-posteriori LLRs */
    float *c2v;     /* num_edges: check-to-variable messages, CSR order */
    float *t;       /* max_row_degree: v2c messages of the row being updated */
    double *pre;    /* max_row_degree + 1: sum-product prefix products */
    uint8_t *hard;  /* n */
    int *order;     /* m: the decoder row order (layered schedule) */
} ref_state;

static void ref_destroy(ldpc_decoder *dec)
{
    ref_state *s = dec->backend_state;
    if (!s)
        return;
    free(s->llr);
    free(s->app);
    free(s->c2v);
    free(s->t);
    free(s->pre);
    free(s->hard);
    free(s->order);
    free(s);
    dec->backend_state = NULL;
}

static int ref_init(ldpc_decoder *dec)
{
    const ldpc_code *c = dec->code;
    ref_state *s = calloc(1, sizeof *s);
    if (!s)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "cpu-reference: out of memory");
    dec->backend_state = s;
    s->llr = malloc((size_t)c->n * sizeof(float));
    s->app = malloc((size_t)c->n * sizeof(float));
    s->c2v = malloc((size_t)c->num_edges * sizeof(float));
    s->t = malloc((size_t)c->max_row_degree * sizeof(float));
    s->pre = malloc(((size_t)c->max_row_degree + 1) * sizeof(double));
    s->hard = malloc((size_t)c->n);
    s->order = malloc((size_t)c->m * sizeof(int));
    if (!s->llr || !s->app || !s->c2v || !s->t || !s->pre || !s->hard || !s->order) {
        ref_destroy(dec);
        return ldpc_error(LDPC_ERR_NO_MEMORY, "cpu-reference: out of memory for code %s",
                          c->name);
    }
    const int st = ldpc_decoder_row_order(
        c, ldpc_row_order_of(c, &dec->cfg, LDPC_BACKEND_CPU_REFERENCE), s->order);
    if (st != LDPC_OK) {
        ref_destroy(dec);
        return st;
    }
    if (dec->batch_frames <= 0)
        dec->batch_frames = 32;
    return LDPC_OK;
}

static int ref_alloc_batch(ldpc_decoder *dec, ldpc_batch *b)
{
    b->llr = malloc((size_t)b->capacity * ldpc_decoder_staging_llrs(dec) * sizeof(float));
    b->out = malloc((size_t)b->capacity * dec->output_bytes);
    b->status = malloc((size_t)b->capacity * sizeof(ldpc_frame_status));
    if (!b->llr || !b->out || !b->status)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "cpu-reference: out of memory for a batch of %d",
                          b->capacity);
    return LDPC_OK;
}

static void ref_free_batch(ldpc_decoder *dec, ldpc_batch *b)
{
    free(b->llr);
    free(b->out);
    free(b->status);
    b->llr = b->out = NULL;
    b->status = NULL;
}

/* Check-node update of one row: t[0..d-1] in, out[0..d-1] new c2v messages. */
static void check_update(const ldpc_decoder_config *cfg, const float *t, int d, float *out,
                         double *pre)
{
    if (cfg->algorithm == LDPC_ALG_SUM_PRODUCT) {
        /* prefix products pre[i] = prod_{j<i}, suffix product carried in 'suf' */
        pre[0] = 1.0;
        for (int i = 0; i < d; i++)
            pre[i + 1] = pre[i] * tanh(fabs((double)t[i]) * 0.5);
        double suf = 1.0;
        int neg = 0;
        for (int i = 0; i < d; i++)
            neg ^= t[i] < 0.0f;
        for (int i = d - 1; i >= 0; i--) {
            double p = pre[i] * suf;
            if (p > 0.999999999999)
                p = 0.999999999999;
            double mag = 2.0 * atanh(p);
            int sign = neg ^ (t[i] < 0.0f);
            out[i] = (float)(sign ? -mag : mag);
            suf *= tanh(fabs((double)t[i]) * 0.5);
        }
        return;
    }
    float min1 = INFINITY, min2 = INFINITY;
    int idx = -1, neg = 0;
    for (int i = 0; i < d; i++) {
        float a = fabsf(t[i]);
        neg ^= t[i] < 0.0f;
        if (a < min1) {
            min2 = min1;
            min1 = a;
            idx = i;
        } else if (a < min2) {
            min2 = a;
        }
    }
    for (int i = 0; i < d; i++) {
        float mag = i == idx ? min2 : min1;
        if (cfg->algorithm == LDPC_ALG_NORMALIZED_MIN_SUM)
            mag *= cfg->nms_alpha;
        else if (cfg->algorithm == LDPC_ALG_OFFSET_MIN_SUM)
            mag = mag > cfg->oms_beta ? mag - cfg->oms_beta : 0.0f;
        int sign = neg ^ (t[i] < 0.0f);
        out[i] = sign ? -mag : mag;
    }
}

static int hard_decide_and_check(const ldpc_code *c, const float *app, uint8_t *hard)
{
    for (int j = 0; j < c->n; j++)
        hard[j] = app[j] < 0.0f;
    return ldpc_code_syndrome_weight(c, hard) == 0;
}

static void layered_iteration(const ldpc_code *c, const ldpc_decoder_config *cfg, ref_state *s)
{
    for (int i_row = 0; i_row < c->m; i_row++) {
        const int r = s->order[i_row];
        const int e0 = c->row_ptr[r], d = c->row_ptr[r + 1] - e0;
        for (int i = 0; i < d; i++)
            s->t[i] = s->app[c->col_idx[e0 + i]] - s->c2v[e0 + i];
        check_update(cfg, s->t, d, s->c2v + e0, s->pre);
        for (int i = 0; i < d; i++)
            s->app[c->col_idx[e0 + i]] = s->t[i] + s->c2v[e0 + i];
    }
}

static void flooding_iteration(const ldpc_code *c, const ldpc_decoder_config *cfg, ref_state *s)
{
    /* every row reads the APP of the previous iteration ... */
    for (int r = 0; r < c->m; r++) {
        const int e0 = c->row_ptr[r], d = c->row_ptr[r + 1] - e0;
        for (int i = 0; i < d; i++)
            s->t[i] = s->app[c->col_idx[e0 + i]] - s->c2v[e0 + i];
        check_update(cfg, s->t, d, s->c2v + e0, s->pre);
    }
    /* ... then every column sums its new messages */
    for (int j = 0; j < c->n; j++) {
        float a = s->llr[j];
        for (int p = c->col_ptr[j]; p < c->col_ptr[j + 1]; p++)
            a += s->c2v[c->col_edge[p]];
        s->app[j] = a;
    }
}

static void decode_frame(const ldpc_decoder *dec, ref_state *s, ldpc_frame_status *st)
{
    const ldpc_code *c = dec->code;
    const ldpc_decoder_config *cfg = &dec->cfg;
    memcpy(s->app, s->llr, (size_t)c->n * sizeof(float));
    memset(s->c2v, 0, (size_t)c->num_edges * sizeof(float));
    const int crc_stop = ldpc_crc_stop_active(&dec->crc_stop, cfg);
    int it = 0, ok = 0;
    while (it < cfg->max_iterations) {
        if (cfg->schedule == LDPC_SCHEDULE_LAYERED)
            layered_iteration(c, cfg, s);
        else
            flooding_iteration(c, cfg, s);
        it++;
        if (cfg->early_termination) {
            ok = hard_decide_and_check(c, s->app, s->hard);
            if (ok || (crc_stop && ldpc_crc_stop_frame_passes(&dec->crc_stop, s->hard)))
                break;
        } else if (!ok) {
            /* without early termination every iteration runs, but the first codeword found is
             * the one returned (decoder_fixed.h rule 6): s->hard keeps it */
            ok = hard_decide_and_check(c, s->app, s->hard);
        }
    }
    if (!ok)
        ok = hard_decide_and_check(c, s->app, s->hard);
    st->iterations = it;
    st->parity_ok = ok;
}

static int ref_submit(ldpc_decoder *dec, ldpc_batch *b)
{
    ref_state *s = dec->backend_state;
    const int n = dec->code->n;
    const size_t in_frame = (size_t)n * (b->llr_type == LDPC_LLR_F32 ? sizeof(float) : 1);
    for (int f = 0; f < b->nframes; f++) {
        const void *frame = (const uint8_t *)b->llr + f * in_frame;
        ldpc_llr_to_float(&dec->cfg, b->llr_type, frame, n, s->llr);
        decode_frame(dec, s, &b->status[f]);
        if (ldpc_frame_erased(NULL, b->llr_type, frame, n)) /* float messages: p = NULL */
            b->status[f].parity_ok = 0;
        ldpc_format_output(dec, s->hard, b->out + (size_t)f * dec->output_bytes);
    }
    return LDPC_OK;
}

static int ref_wait(ldpc_decoder *dec, ldpc_batch *b, int block)
{
    return LDPC_OK; /* submit did the work */
}

const ldpc_backend_ops ldpc_backend_cpu_reference = {
    "cpu-reference", ref_init, ref_destroy, ref_alloc_batch, ref_free_batch, ref_submit, ref_wait,
    0,    /* rate-matched frames: recovered by the front end */
    NULL, /* its HARQ buffers too */
};
