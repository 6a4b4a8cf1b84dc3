/* ldpc_multi_decoder: frames of many codes in one call (multi_decoder.h).
 *
 * One single-code ldpc_decoder per code does the decoding; this file only groups the frames of
 * a call by code, feeds each group into its decoder's batch slots (copying each frame once, from
 * the caller's row into the staging buffer), keeps every group's slots busy at once so that the
 * groups decode side by side, and writes results back at each frame's place. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "error.h"
#include "ldpcgpu/multi_decoder.h"
#include "ldpcgpu/nr.h"

struct ldpc_multi_decoder {
    int ncodes;
    const ldpc_code **codes;
    ldpc_decoder **dec;   /* one per code */
    int max_llrs, max_out; /* input and output row lengths */
};

/* A code whose frames input_rate_matched turns into its E received LLRs ("nr:K:E"). */
static int is_rate_matched(const ldpc_code *code)
{
    ldpc_nr_code_params p;
    return ldpc_code_nr_params(code, &p) == LDPC_OK && p.e > 0;
}

void ldpc_multi_decoder_destroy(ldpc_multi_decoder *m)
{
    if (!m)
        return;
    if (m->dec)
        for (int i = 0; i < m->ncodes; i++)
            ldpc_decoder_destroy(m->dec[i]);
    free(m->dec);
    free(m->codes);
    free(m);
}

int ldpc_multi_decoder_create(ldpc_multi_decoder **out, const ldpc_code *const *codes,
                              int ncodes, const ldpc_decoder_config *cfg)
{
    if (!out || !codes)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_multi_decoder_create: NULL argument");
    *out = NULL;
    if (ncodes < 1 || ncodes > LDPC_MULTI_MAX_CODES)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "ldpc_multi_decoder_create: %d codes, need 1..%d", ncodes,
                          LDPC_MULTI_MAX_CODES);
    for (int i = 0; i < ncodes; i++)
        if (!codes[i])
            return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                              "ldpc_multi_decoder_create: code %d is NULL", i);
    /* HARQ buffers are named frame by frame (ldpc_decoder_decode_harq_*), which this decoder's
     * calls have no room for (a config of an older, shorter layout has no such field) */
    if (cfg && cfg->struct_size >= offsetof(ldpc_decoder_config, harq_buffers) + sizeof(int) &&
        cfg->harq_buffers != 0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "ldpc_multi_decoder_create: harq_buffers: HARQ combining needs a decoder "
                          "per code (ldpc_decoder_decode_harq_*)");
    ldpc_multi_decoder *m = calloc(1, sizeof *m);
    if (!m)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "multi decoder: out of memory");
    m->ncodes = ncodes;
    m->codes = malloc(sizeof *m->codes * (size_t)ncodes);
    m->dec = calloc((size_t)ncodes, sizeof *m->dec);
    if (!m->codes || !m->dec) {
        ldpc_multi_decoder_destroy(m);
        return ldpc_error(LDPC_ERR_NO_MEMORY, "multi decoder: out of memory");
    }
    for (int i = 0; i < ncodes; i++) {
        m->codes[i] = codes[i];
        /* input_rate_matched applies to the rate-matched NR codes of the list; the others'
         * frames stay their n code bits (multi_decoder.h) */
        ldpc_decoder_config ci;
        const ldpc_decoder_config *cfg_i = cfg;
        if (cfg && cfg->input_rate_matched && !is_rate_matched(codes[i])) {
            ci = *cfg;
            ci.input_rate_matched = 0;
            cfg_i = &ci;
        }
        int st = ldpc_decoder_create(&m->dec[i], codes[i], cfg_i);
        if (st != LDPC_OK) {
            ldpc_multi_decoder_destroy(m);
            return st; /* ldpc_decoder_create's message names what does not fit */
        }
        if (ldpc_decoder_frame_llrs(m->dec[i]) > m->max_llrs)
            m->max_llrs = ldpc_decoder_frame_llrs(m->dec[i]);
        if (ldpc_decoder_output_bytes(m->dec[i]) > m->max_out)
            m->max_out = ldpc_decoder_output_bytes(m->dec[i]);
    }
    *out = m;
    return LDPC_OK;
}

void ldpc_multi_decoder_print(const ldpc_multi_decoder *m, FILE *f)
{
    if (!m || !f)
        return;
    fprintf(f, "multi-code decoder of %d codes:", m->ncodes);
    for (int i = 0; i < m->ncodes; i++)
        fprintf(f, " [%d] %s", i, ldpc_code_name(m->codes[i]));
    fputc('\n', f);
    ldpc_decoder_print(m->dec[0], f);
}

int ldpc_multi_decoder_num_codes(const ldpc_multi_decoder *m)
{
    return m ? m->ncodes : LDPC_ERR_INVALID_ARGUMENT;
}
const ldpc_code *ldpc_multi_decoder_code(const ldpc_multi_decoder *m, int i)
{
    return m && i >= 0 && i < m->ncodes ? m->codes[i] : NULL;
}
const char *ldpc_multi_decoder_backend_name(const ldpc_multi_decoder *m)
{
    return m ? ldpc_decoder_backend_name(m->dec[0]) : "";
}
int ldpc_multi_decoder_max_n(const ldpc_multi_decoder *m)
{
    return m ? m->max_llrs : LDPC_ERR_INVALID_ARGUMENT;
}
int ldpc_multi_decoder_frame_llrs(const ldpc_multi_decoder *m, int i)
{
    if (!m || i < 0 || i >= m->ncodes)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "multi decoder: no code index %d", i);
    return ldpc_decoder_frame_llrs(m->dec[i]);
}
int ldpc_multi_decoder_max_output_bytes(const ldpc_multi_decoder *m)
{
    return m ? m->max_out : LDPC_ERR_INVALID_ARGUMENT;
}
int ldpc_multi_decoder_output_bytes(const ldpc_multi_decoder *m, int i)
{
    if (!m || i < 0 || i >= m->ncodes)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "multi decoder: no code index %d", i);
    return ldpc_decoder_output_bytes(m->dec[i]);
}

int ldpc_multi_decoder_set_max_iterations(ldpc_multi_decoder *m, int it)
{
    if (!m)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "NULL decoder");
    for (int i = 0; i < m->ncodes; i++) {
        int st = ldpc_decoder_set_max_iterations(m->dec[i], it);
        if (st != LDPC_OK)
            return st;
    }
    return LDPC_OK;
}

int ldpc_multi_decoder_set_early_termination(ldpc_multi_decoder *m, int enabled)
{
    if (!m)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "NULL decoder");
    for (int i = 0; i < m->ncodes; i++)
        ldpc_decoder_set_early_termination(m->dec[i], enabled);
    return LDPC_OK;
}

int ldpc_multi_decoder_count_saturated_f32(const ldpc_multi_decoder *m, const float *llr,
                                           size_t count, uint64_t *saturated)
{
    if (!m)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "NULL decoder");
    return ldpc_decoder_count_saturated_f32(m->dec[0], llr, count, saturated);
}

int ldpc_multi_decoder_count_saturated_i8(const ldpc_multi_decoder *m, const int8_t *llr,
                                          size_t count, uint64_t *saturated)
{
    if (!m)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "NULL decoder");
    return ldpc_decoder_count_saturated_i8(m->dec[0], llr, count, saturated);
}

/* Per-code progress of one call: the code's frames are order[first .. first + count - 1]
 * (frame numbers, ascending); next_in of them are submitted, next_out collected. */
typedef struct group {
    int first, count, next_in, next_out;
} group;

/* Frames of a batch that could not be decoded: zero output, iterations 0, parity_ok 0. */
static void mark_failed(const ldpc_multi_decoder *m, const int *frames, int count, uint8_t *out,
                        ldpc_frame_status *status)
{
    for (int i = 0; i < count; i++) {
        memset(out + (size_t)frames[i] * m->max_out, 0, (size_t)m->max_out);
        if (status)
            status[frames[i]] = (ldpc_frame_status){0, 0};
    }
}

/* Fill free slots of code c's decoder with its next frames and submit them. */
static int feed(ldpc_multi_decoder *m, int c, group *g, const int *order, const uint8_t *llr,
                size_t elem, ldpc_llr_type type, uint8_t *out, ldpc_frame_status *status)
{
    ldpc_decoder *d = m->dec[c];
    const size_t row = (size_t)m->max_llrs * elem;
    const size_t frame = (size_t)ldpc_decoder_frame_llrs(d) * elem;
    int first_error = LDPC_OK;
    ldpc_batch *b;
    while (g->next_in < g->count && ldpc_decoder_acquire(d, &b) == LDPC_OK) {
        const int left = g->count - g->next_in, cap = ldpc_decoder_batch_frames(d);
        const int nf = left < cap ? left : cap;
        const int *frames = order + g->first + g->next_in;
        uint8_t *dst = type == LDPC_LLR_F32 ? (uint8_t *)ldpc_batch_llr_f32(b)
                                            : (uint8_t *)ldpc_batch_llr_i8(b);
        for (int i = 0; i < nf; i++)
            memcpy(dst + (size_t)i * frame, llr + (size_t)frames[i] * row, frame);
        int st = ldpc_decoder_submit(d, b, nf, type);
        if (st != LDPC_OK) {
            /* refused before it entered the queue (the same for every batch of the call):
             * the group's frames not yet submitted come back failed, those in flight as
             * they finish */
            ldpc_decoder_release(d, b);
            mark_failed(m, frames, left, out, status);
            g->count = g->next_in;
            first_error = st;
            break;
        }
        g->next_in += nf;
    }
    return first_error;
}

/* Collect code c's oldest batch and put its frames in their places. */
static int drain_one(ldpc_multi_decoder *m, int c, group *g, const int *order, uint8_t *out,
                     ldpc_frame_status *status)
{
    ldpc_decoder *d = m->dec[c];
    ldpc_batch *b;
    int st = ldpc_decoder_collect(d, &b, 1);
    if (!b)
        return st;
    const int nf = ldpc_batch_frames(b), ob = ldpc_decoder_output_bytes(d);
    const uint8_t *res = ldpc_batch_output(b);
    const ldpc_frame_status *bs = ldpc_batch_status(b);
    const int *frames = order + g->first + g->next_out;
    for (int i = 0; i < nf; i++) {
        uint8_t *row = out + (size_t)frames[i] * m->max_out;
        memcpy(row, res + (size_t)i * ob, (size_t)ob);
        memset(row + ob, 0, (size_t)(m->max_out - ob));
        if (status)
            status[frames[i]] = bs[i];
    }
    g->next_out += nf;
    ldpc_decoder_release(d, b);
    return st;
}

static int decode_multi(ldpc_multi_decoder *m, const void *llr, size_t elem, ldpc_llr_type type,
                        const int *code_index, int nframes, uint8_t *out,
                        ldpc_frame_status *status)
{
    if (!m || nframes < 0 || (nframes > 0 && (!llr || !code_index || !out)))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "multi decode: NULL argument or nframes < 0");
    for (int f = 0; f < nframes; f++)
        if (code_index[f] < 0 || code_index[f] >= m->ncodes)
            return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                              "multi decode: frame %d names code %d; the decoder has 0..%d", f,
                              code_index[f], m->ncodes - 1);
    for (int c = 0; c < m->ncodes; c++)
        if (ldpc_decoder_in_flight(m->dec[c]))
            return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "multi decode: batches in flight");
    if (nframes == 0)
        return LDPC_OK;
    group *g = calloc((size_t)m->ncodes, sizeof *g);
    int *order = malloc(sizeof *order * (size_t)nframes);
    if (!g || !order) {
        free(g);
        free(order);
        return ldpc_error(LDPC_ERR_NO_MEMORY, "multi decode: out of memory");
    }
    /* counting sort by code, frames of a code in input order */
    for (int f = 0; f < nframes; f++)
        g[code_index[f]].count++;
    for (int c = 1; c < m->ncodes; c++)
        g[c].first = g[c - 1].first + g[c - 1].count;
    for (int f = 0; f < nframes; f++) {
        group *gc = &g[code_index[f]];
        order[gc->first + gc->next_in++] = f;
    }
    for (int c = 0; c < m->ncodes; c++)
        g[c].next_in = 0;

    int first_error = LDPC_OK, busy = 1;
    while (busy) {
        /* every code's free slots get work before anyone waits: the groups run together */
        for (int c = 0; c < m->ncodes; c++) {
            int st = feed(m, c, &g[c], order, llr, elem, type, out, status);
            if (st != LDPC_OK && first_error == LDPC_OK)
                first_error = st;
        }
        busy = 0;
        for (int c = 0; c < m->ncodes; c++) {
            if (!ldpc_decoder_in_flight(m->dec[c]))
                continue;
            int st = drain_one(m, c, &g[c], order, out, status);
            if (st != LDPC_OK && first_error == LDPC_OK)
                first_error = st;
            busy = 1;
        }
        for (int c = 0; c < m->ncodes && !busy; c++)
            busy = g[c].next_in < g[c].count;
    }
    free(g);
    free(order);
    return first_error;
}

int ldpc_multi_decoder_decode_f32(ldpc_multi_decoder *m, const float *llr, const int *code_index,
                                  int nframes, uint8_t *out, ldpc_frame_status *status)
{
    return decode_multi(m, llr, sizeof(float), LDPC_LLR_F32, code_index, nframes, out, status);
}

int ldpc_multi_decoder_decode_i8(ldpc_multi_decoder *m, const int8_t *llr, const int *code_index,
                                 int nframes, uint8_t *out, ldpc_frame_status *status)
{
    return decode_multi(m, llr, 1, LDPC_LLR_I8, code_index, nframes, out, status);
}
