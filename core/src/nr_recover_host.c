/* The host's rate recovery of one frame (nr_recover.h): the gather's result, computed by runs.
 *
 * The gather of a position costs a division and a branchy loop; done per position it took a
 * third of the time of a one-core decode of nr:8448:16896 (10 iterations). But the positions
 * come in long runs: the punctured and unsent ones (0), the fillers, and positions sent once
 * whose first transmissions are consecutive in e (within one of the Qm blocks of R bits, so
 * their received indices step by Qm). Those runs become block fills and (strided) copies; only
 * positions sent more than once (E beyond the circular buffer) keep the gather. */
#include <stdlib.h>
#include <string.h>
#include "error.h"
#include "nr_recover.h"

/* Position b sent exactly once: its gather reads one received value. */
static int sent_once(const ldpc_nr_recover *r, int b)
{
    const int32_t p = r->first[b];
    return p >= 0 && p < r->e && p + r->period >= r->e;
}

static int32_t kind_of(const ldpc_nr_recover *r, int b)
{
    if (r->first[b] == LDPC_NR_NOT_SENT)
        return LDPC_NR_RUN_ZERO;
    if (r->first[b] == LDPC_NR_FILLER)
        return LDPC_NR_RUN_FILLER;
    return sent_once(r, b) ? LDPC_NR_RUN_COPY : LDPC_NR_RUN_GATHER;
}

/* Does position b continue the run that ends at b - 1? */
static int continues(const ldpc_nr_recover *r, int32_t kind, int b)
{
    if (kind_of(r, b) != kind)
        return 0;
    if (kind != LDPC_NR_RUN_COPY)
        return 1;
    /* the next bit of e, in the same block of R bits (a new block restarts at index p / R) */
    return r->first[b] == r->first[b - 1] + 1 && r->first[b] % r->rows != 0;
}

int ldpc_nr_recover_runs_init(ldpc_nr_recover *r)
{
    r->num_runs = 0;
    r->runs = NULL;
    int count = 0;
    for (int b = 0; b < r->n; b++)
        if (b == 0 || !continues(r, kind_of(r, b - 1), b))
            count++;
    r->runs = malloc((size_t)(count ? count : 1) * sizeof *r->runs);
    if (!r->runs)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "NR rate recovery: out of memory");
    for (int b = 0; b < r->n; b++) {
        if (b > 0 && continues(r, r->runs[r->num_runs - 1].kind, b)) {
            r->runs[r->num_runs - 1].len++;
            continue;
        }
        ldpc_nr_run *run = &r->runs[r->num_runs++];
        run->b0 = b;
        run->len = 1;
        run->kind = kind_of(r, b);
        /* e_p is f_{(p mod R) Qm + p / R} (nr_recover.h) */
        run->src = run->kind == LDPC_NR_RUN_COPY
                       ? (r->first[b] % r->rows) * r->qm + r->first[b] / r->rows
                       : 0;
    }
    return LDPC_OK;
}

void ldpc_nr_recover_frame_f32(const ldpc_nr_recover *r, const float *in, float *out,
                               float filler)
{
    for (int i = 0; i < r->num_runs; i++) {
        const ldpc_nr_run *run = &r->runs[i];
        float *o = out + run->b0;
        switch (run->kind) {
        case LDPC_NR_RUN_ZERO:
            memset(o, 0, (size_t)run->len * sizeof *o); /* the gather's empty sum: +0 */
            break;
        case LDPC_NR_RUN_FILLER:
            for (int j = 0; j < run->len; j++)
                o[j] = filler;
            break;
        case LDPC_NR_RUN_COPY: {
            /* the gather's sum of one value: 0 + v (so -0 becomes +0), NaN counting as 0 */
            const float *s = in + run->src;
            const int step = r->qm;
            for (int j = 0; j < run->len; j++) {
                const float v = s[(size_t)j * step];
                o[j] = v == v ? 0.0f + v : 0.0f;
            }
            break;
        }
        default:
            for (int j = 0; j < run->len; j++)
                o[j] = ldpc_nr_gather_f32(in, r->first[run->b0 + j], r->e, r->rows, r->qm,
                                          r->period, filler);
            break;
        }
    }
}

void ldpc_nr_recover_frame_i8(const ldpc_nr_recover *r, const int8_t *in, int8_t *out,
                              int8_t filler)
{
    for (int i = 0; i < r->num_runs; i++) {
        const ldpc_nr_run *run = &r->runs[i];
        int8_t *o = out + run->b0;
        switch (run->kind) {
        case LDPC_NR_RUN_ZERO:
            memset(o, 0, (size_t)run->len);
            break;
        case LDPC_NR_RUN_FILLER:
            memset(o, (unsigned char)filler, (size_t)run->len);
            break;
        case LDPC_NR_RUN_COPY:
            if (r->qm == 1) {
                memcpy(o, in + run->src, (size_t)run->len); /* one value: the clamp keeps it */
            } else {
                const int8_t *s = in + run->src;
                for (int j = 0; j < run->len; j++)
                    o[j] = s[(size_t)j * r->qm];
            }
            break;
        default:
            for (int j = 0; j < run->len; j++)
                o[j] = ldpc_nr_gather_i8(in, r->first[run->b0 + j], r->e, r->rows, r->qm,
                                         r->period, filler);
            break;
        }
    }
}
