/* 5G NR rate matching (3GPP TS 38.212 5.4.2) and its inverse on LLRs.
 *
 * Bit selection (5.4.2.1): the circular buffer is d_k = c_{k+2Z}, k = 0..N_cb-1 (the first 2 Z
 * codeword bits are never sent); e_0..e_{E-1} are read from d_{k0} on, wrapping at N_cb, and
 * the filler positions (codeword bits K'..K-1) are skipped. Bit interleaving (5.4.2.2): with
 * R = E / Qm rows, f_{i + j Qm} = e_{i R + j} for i < Qm, j < R.
 * One walk over (i, j) and the buffer serves both directions, so the transmitter and the
 * receiver cannot disagree on a position.
 */
#include <math.h>
#include <stdlib.h>
#include "code_nr.h"
#include "error.h"
#include "ldpcgpu/nr.h"
#include "nr_recover.h"

typedef struct buffer_walk {
    int idx;    /* next circular-buffer index */
    int n_cb;
    int f0, f1; /* filler bits of the buffer: d_f0 .. d_{f1-1} */
    int two_z;  /* codeword index = buffer index + 2 Z */
} buffer_walk;

/* Codeword position of the next selected bit. */
static inline int walk_next(buffer_walk *w)
{
    for (;;) {
        if (w->idx >= w->n_cb)
            w->idx = 0;
        if (w->idx >= w->f0 && w->idx < w->f1) {
            w->idx = w->f1;
            continue;
        }
        return w->two_z + w->idx++;
    }
}

static int check_args(const ldpc_nr_cb *p, int rv, int qm, int e, const void *in,
                      const void *out, buffer_walk *w)
{
    if (!p || !in || !out)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "NR rate matching: NULL argument");
    if (p->bg != 1 && p->bg != 2)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "NR rate matching: code block parameters not set (ldpc_nr_cb_init)");
    if (rv < 0 || rv > 3)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "NR rate matching: rv must be 0..3 (got %d)", rv);
    if (qm != 1 && qm != 2 && qm != 4 && qm != 6 && qm != 8 && qm != 10)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "NR rate matching: Qm must be 1, 2, 4, 6, 8 or 10 (got %d)", qm);
    if (e < 1 || e > LDPC_NR_MAX_E || e % qm != 0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "NR rate matching: E must be 1..%d and a multiple of Qm = %d (got %d)",
                          LDPC_NR_MAX_E, qm, e);
    if (p->n_cb < p->k || p->n_cb > p->n)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "NR rate matching: N_cb %d outside K..N (%d..%d)", p->n_cb, p->k, p->n);
    w->idx = ldpc_nr_k0(p, rv);
    w->n_cb = p->n_cb;
    w->two_z = 2 * p->z;
    w->f0 = p->k_prime - w->two_z > 0 ? p->k_prime - w->two_z : 0;
    w->f1 = p->k - w->two_z;
    return LDPC_OK;
}

int ldpc_nr_rate_match(const ldpc_nr_cb *p, int rv, int qm, int e, const uint8_t *codeword,
                       uint8_t *out)
{
    buffer_walk w;
    int st = check_args(p, rv, qm, e, codeword, out, &w);
    if (st != LDPC_OK)
        return st;
    const int rows = e / qm;
    for (int i = 0; i < qm; i++)
        for (int j = 0; j < rows; j++)
            out[i + j * qm] = codeword[walk_next(&w)] & 1u;
    return LDPC_OK;
}

int ldpc_nr_rate_recover_f32(const ldpc_nr_cb *p, int rv, int qm, int e, const float *llr,
                             float *harq)
{
    buffer_walk w;
    int st = check_args(p, rv, qm, e, llr, harq, &w);
    if (st != LDPC_OK)
        return st;
    const int rows = e / qm;
    for (int i = 0; i < qm; i++)
        for (int j = 0; j < rows; j++) {
            const float v = llr[i + j * qm];
            const int pos = walk_next(&w);
            if (v == v) /* NaN: no information */
                harq[pos] += v;
        }
    for (int b = p->k_prime; b < p->k; b++) /* fillers are known zeros */
        harq[b] = LDPC_LLR_CLAMP;
    return LDPC_OK;
}

int ldpc_nr_recover_init(ldpc_nr_recover *r, const ldpc_nr_cb *p, int rv, int qm, int e)
{
    buffer_walk w;
    int dummy = 0;
    if (!r)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "NR rate recovery: NULL argument");
    r->first = NULL;
    r->runs = NULL;
    r->num_runs = 0;
    int st = check_args(p, rv, qm, e, &dummy, &dummy, &w);
    if (st != LDPC_OK)
        return st;
    r->n = p->n_ldpc;
    r->e = e;
    r->qm = qm;
    r->rows = e / qm;
    r->period = w.n_cb - (w.f1 > w.f0 ? w.f1 - w.f0 : 0);
    r->first = malloc((size_t)r->n * sizeof *r->first);
    if (!r->first)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "NR rate recovery: out of memory");
    for (int b = 0; b < r->n; b++)
        r->first[b] = b >= p->k_prime && b < p->k ? LDPC_NR_FILLER : LDPC_NR_NOT_SENT;
    /* one period of the walk visits every non-filler position of the buffer once */
    const int once = e < r->period ? e : r->period;
    for (int q = 0; q < once; q++)
        r->first[walk_next(&w)] = q;
    st = ldpc_nr_recover_runs_init(r);
    if (st != LDPC_OK)
        ldpc_nr_recover_free(r);
    return st;
}

void ldpc_nr_recover_free(ldpc_nr_recover *r)
{
    if (r) {
        free(r->first);
        free(r->runs);
        r->first = NULL;
        r->runs = NULL;
        r->num_runs = 0;
    }
}
int ldpc_nr_mark_sent(const ldpc_nr_cb *p, int rv, int e, uint8_t *sent)
{
    buffer_walk w;
    int st = check_args(p, rv, 1, e, sent, sent, &w);
    if (st != LDPC_OK)
        return st;
    /* the walk repeats after the buffer's bits without its fillers: no more to mark then */
    const int distinct = w.n_cb - (w.f1 - w.f0);
    for (int i = 0; i < e && i < distinct; i++)
        sent[walk_next(&w)] = 1;
    return LDPC_OK;
}
