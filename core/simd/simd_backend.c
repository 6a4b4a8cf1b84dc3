/* cpu-simd backend: inter-frame SIMD kernels (simd_dispatch.c picks one for the CPU) run by a
 * small pool of worker threads created once per decoder.
 *
 * Each worker decodes a group of the kernel's lane count of frames and refills a lane with the
 * next pending frame as soon as its frame ends (kernel_impl.h, lane refill): workers take frames
 * one by one in submission order, across batches, so several batches in flight keep every lane
 * of every thread busy. A batch is complete when its last frame has ended, in whichever worker.
 * All memory (per-thread messages, staging) is allocated when the decoder is created; decoding
 * allocates nothing. submit returns at once; wait blocks on the batch's completion. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "decoder_erased.h"
#include "error.h"
#include "simd_internal.h"

typedef struct simd_job {  /* b->backend_data */
    ldpc_batch *b;
    struct simd_job *next; /* queue of batches with frames not yet handed out */
    simd_params prm;       /* snapshot at submit: runtime setting changes apply to later batches */
    int next_frame;        /* frames handed to lanes */
    int frames_done;       /* frames ended and written */
    int done;
} simd_job;

struct simd_state;

typedef struct simd_thread {
    simd_feed feed;       /* first: the kernel's callbacks get this thread back from it */
    struct simd_state *s;
    simd_params prm;      /* the parameters of the current decode call */
    simd_work w;
    uint8_t *hard_bytes;  /* n: one frame's hard decision, unpacked */
    simd_group_result res;
    simd_job *lane_job[SIMD_MAX_LANES]; /* the batch and frame each lane holds */
    int lane_frame[SIMD_MAX_LANES];
} simd_thread;

typedef struct simd_state {
    const simd_kernel *k;
    ldpc_msg_format fmt;
    simd_plan plan;
    int nthreads, started;
    simd_thread *th;
    pthread_t *tid;
    pthread_mutex_t mu;
    pthread_cond_t work_cv, done_cv;
    simd_job *head, *tail;
    int stop;
    ldpc_decoder *dec;
    ldpc_fixed_params fixed; /* integer formats: the input rule, for the erased-frame test */
    const ldpc_fixed_params *erase_p; /* &fixed, or NULL for float messages */
} simd_state;

typedef struct worker_arg {
    simd_state *s;
    int index;
} worker_arg;

/* dst[j] = bit 'shift' of h[j]: one frame's hard decision out of the group's byte planes. */
static void extract_bits(const uint8_t *h, int count, int shift, uint8_t *dst)
{
    const uint8_t mask = (uint8_t)(1u << shift);
    for (int j = 0; j < count; j++)
        dst[j] = (h[j] & mask) != 0;
}

/* The same bits packed 8 per byte, first bit in the most significant place. */
static void extract_packed(const uint8_t *h, int count, int shift, uint8_t *dst)
{
    int q = 0;
    for (; 8 * q + 8 <= count; q++) {
        uint64_t x;
        memcpy(&x, h + 8 * q, 8);
        x = (x >> shift) & 0x0101010101010101ull;
        /* byte k (bit 8k) lands on bit 63 - k: the top byte is the packed byte, MSB first */
        dst[q] = (uint8_t)((x * 0x8040201008040201ull) >> 56);
    }
    if (8 * q < count) {
        uint8_t v = 0;
        for (int k = 0; 8 * q + k < count; k++)
            v |= (uint8_t)(((h[8 * q + k] >> shift) & 1) << (7 - k));
        dst[q] = v;
    }
}

/* One frame's output in the configured format. */
static void write_frame(const ldpc_decoder *dec, const uint8_t *h, int shift, uint8_t *tmp,
                        uint8_t *out)
{
    const ldpc_code *c = dec->code;
    const int all = dec->cfg.output_bits == LDPC_OUTPUT_CODEWORD;
    if (all || c->info_is_prefix) {
        const int nbits = all ? c->n : c->k;
        if (dec->cfg.output_packing == LDPC_OUTPUT_UNPACKED)
            extract_bits(h, nbits, shift, out);
        else
            extract_packed(h, nbits, shift, out);
        return;
    }
    extract_bits(h, c->n, shift, tmp); /* alist codes: information bits anywhere */
    ldpc_format_output(dec, tmp, out);
}

static const void *frame_llr(const ldpc_batch *b, int f, int n)
{
    const size_t bytes = (size_t)n * (b->llr_type == LDPC_LLR_F32 ? sizeof(float) : 1);
    return (const uint8_t *)b->llr + (size_t)f * bytes;
}

/* simd_feed.take: the next frames of the queue, in submission order, while they share the
 * decode call's parameters and one input type (a batch with other settings waits for the lanes
 * to drain and starts a decode call of its own). */
static uint64_t feed_take(simd_feed *f, uint64_t free, simd_input *in)
{
    simd_thread *t = (simd_thread *)f;
    simd_state *s = t->s;
    const int n = s->plan.n;
    uint64_t given = 0;
    in->type = LDPC_LLR_F32;
    for (int l = 0; l < s->k->lanes; l++)
        if (free >> l & 1)
            in->frame[l] = NULL;
    pthread_mutex_lock(&s->mu);
    for (int l = 0; l < s->k->lanes && s->head; l++) {
        if (!(free >> l & 1))
            continue;
        simd_job *job = s->head;
        if (memcmp(&job->prm, &t->prm, sizeof t->prm) != 0 ||
            (given && job->b->llr_type != in->type))
            break;
        in->type = job->b->llr_type;
        t->lane_job[l] = job;
        t->lane_frame[l] = job->next_frame;
        in->frame[l] = frame_llr(job->b, job->next_frame, n);
        given |= (uint64_t)1 << l;
        if (++job->next_frame == job->b->nframes) {
            s->head = job->next;
            if (!s->head)
                s->tail = NULL;
        }
    }
    pthread_mutex_unlock(&s->mu);
    return given;
}

/* simd_feed.give: each ended frame's output and status into its batch; a batch whose last
 * frame this was is complete. */
static void feed_give(simd_feed *f, uint64_t lanes, const uint8_t *hard,
                      const simd_group_result *res)
{
    simd_thread *t = (simd_thread *)f;
    simd_state *s = t->s;
    const ldpc_decoder *dec = s->dec;
    const int n = s->plan.n;
    for (int l = 0; l < s->k->lanes; l++) {
        if (!(lanes >> l & 1))
            continue;
        ldpc_batch *b = t->lane_job[l]->b;
        const int fi = t->lane_frame[l];
        write_frame(dec, hard + (size_t)(l / 8) * n, l % 8, t->hard_bytes,
                    b->out + (size_t)fi * dec->output_bytes);
        b->status[fi].iterations = res->iterations[l];
        /* an erased frame (decoder_erased.h) decodes to the all-zero word: never parity ok */
        b->status[fi].parity_ok =
            res->parity_ok[l] && !ldpc_frame_erased(s->erase_p, b->llr_type,
                                                    frame_llr(b, fi, n), n);
    }
    pthread_mutex_lock(&s->mu);
    for (int l = 0; l < s->k->lanes; l++) {
        if (!(lanes >> l & 1))
            continue;
        simd_job *job = t->lane_job[l];
        if (++job->frames_done == job->b->nframes) {
            job->done = 1; /* the batch may be reused from here: not touched again */
            pthread_cond_broadcast(&s->done_cv);
        }
    }
    pthread_mutex_unlock(&s->mu);
}

static void *worker_main(void *argp)
{
    worker_arg *arg = argp;
    simd_state *s = arg->s;
    simd_thread *t = &s->th[arg->index];
    free(arg);
    pthread_mutex_lock(&s->mu);
    for (;;) {
        while (!s->stop && !s->head)
            pthread_cond_wait(&s->work_cv, &s->mu);
        if (s->stop)
            break;
        /* one decode call per run of batches with the same parameters: it returns when the
         * queue has no more frames for it and its lanes have drained */
        t->prm = s->head->prm;
        pthread_mutex_unlock(&s->mu);
        s->k->decode(&s->plan, &t->prm, &t->w, &t->feed, &t->res);
        pthread_mutex_lock(&s->mu);
    }
    pthread_mutex_unlock(&s->mu);
    return NULL;
}

static void free_thread_memory(simd_thread *t)
{
    ldpc_simd_free(t->w.app);
    ldpc_simd_free(t->w.llr);
    ldpc_simd_free(t->w.c2v);
    ldpc_simd_free(t->w.tmp);
    free(t->w.pre);
    free(t->w.hard);
    free(t->w.signs);
    ldpc_simd_free(t->w.staging);
    free(t->hard_bytes);
}

static void simd_destroy(ldpc_decoder *dec)
{
    simd_state *s = dec->backend_state;
    if (!s)
        return;
    if (s->started) {
        pthread_mutex_lock(&s->mu);
        s->stop = 1;
        pthread_cond_broadcast(&s->work_cv);
        pthread_mutex_unlock(&s->mu);
        for (int i = 0; i < s->started; i++)
            pthread_join(s->tid[i], NULL);
    }
    pthread_mutex_destroy(&s->mu);
    pthread_cond_destroy(&s->work_cv);
    pthread_cond_destroy(&s->done_cv);
    if (s->th)
        for (int i = 0; i < s->nthreads; i++)
            free_thread_memory(&s->th[i]);
    free(s->th);
    free(s->tid);
    ldpc_simd_plan_free(&s->plan);
    free(s);
    dec->backend_state = NULL;
}

static int alloc_thread_memory(const simd_state *s, simd_thread *t, int flooding)
{
    const simd_plan *p = &s->plan;
    const size_t vec = (size_t)s->k->lanes * s->k->elem_size;
    t->w.app = ldpc_simd_alloc((size_t)p->n * vec);
    t->w.llr = flooding ? ldpc_simd_alloc((size_t)p->n * vec) : NULL;
    t->w.c2v = ldpc_simd_alloc(SIMD_C2V_BYTES(p, s->k));
    t->w.tmp = ldpc_simd_alloc((size_t)SIMD_TMP_VECTORS(p) * vec);
    t->w.pre = malloc(((size_t)p->max_row_degree + 1) * sizeof(double));
    t->w.hard = malloc((size_t)p->n * ((s->k->lanes + 7) / 8));
    t->w.signs = malloc((size_t)p->n * sizeof(uint64_t));
    t->w.staging = ldpc_simd_alloc((size_t)s->k->lanes * SIMD_LOAD_BLOCK * s->k->elem_size);
    t->hard_bytes = malloc((size_t)p->n);
    return t->w.app && (t->w.llr || !flooding) && t->w.c2v && t->w.tmp && t->w.pre &&
           t->w.hard && t->w.signs && t->w.staging && t->hard_bytes;
}

static int default_threads(void)
{
    long c = sysconf(_SC_NPROCESSORS_ONLN);
    return c < 1 ? 1 : c > 256 ? 256 : (int)c;
}

static int simd_init(ldpc_decoder *dec)
{
    const ldpc_code *c = dec->code;
    simd_state *s = calloc(1, sizeof *s);
    if (!s)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "cpu-simd: out of memory");
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->work_cv, NULL);
    pthread_cond_init(&s->done_cv, NULL);
    dec->backend_state = s;
    s->dec = dec;
    s->fmt = ldpc_simd_effective_format(&dec->cfg);
    if (s->fmt != LDPC_MSG_F32) {
        ldpc_decoder_config fc = dec->cfg;
        fc.msg_format = s->fmt;
        if (ldpc_fixed_params_init(&fc, c, &s->fixed) == LDPC_OK)
            s->erase_p = &s->fixed;
    }
    s->k = ldpc_simd_kernel_select(s->fmt);
    int st = ldpc_simd_plan_init(&s->plan, c, s->k->lanes * s->k->elem_size,
                                  ldpc_row_order_of(c, &dec->cfg, LDPC_BACKEND_CPU_SIMD));
    if (st != LDPC_OK) {
        simd_destroy(dec);
        return st;
    }
    ldpc_simd_plan_messages(&s->plan, s->k, dec->cfg.schedule);
    s->nthreads = dec->cfg.num_threads > 0 ? dec->cfg.num_threads : default_threads();
    s->th = calloc((size_t)s->nthreads, sizeof(simd_thread));
    s->tid = calloc((size_t)s->nthreads, sizeof(pthread_t));
    if (!s->th || !s->tid) {
        simd_destroy(dec);
        return ldpc_error(LDPC_ERR_NO_MEMORY, "cpu-simd: out of memory");
    }
    const int flooding = dec->cfg.schedule == LDPC_SCHEDULE_FLOODING;
    for (int i = 0; i < s->nthreads; i++) {
        s->th[i].s = s;
        s->th[i].feed.take = feed_take;
        s->th[i].feed.give = feed_give;
        if (!alloc_thread_memory(s, &s->th[i], flooding)) {
            simd_destroy(dec);
            return ldpc_error(LDPC_ERR_NO_MEMORY,
                              "cpu-simd: out of memory for %d threads on code %s", s->nthreads,
                              c->name);
        }
    }
    for (int i = 0; i < s->nthreads; i++) {
        worker_arg *arg = malloc(sizeof *arg);
        if (!arg)
            break;
        arg->s = s;
        arg->index = i;
        if (pthread_create(&s->tid[i], NULL, worker_main, arg) != 0) {
            free(arg);
            break;
        }
        s->started++;
    }
    if (s->started == 0) {
        simd_destroy(dec);
        return ldpc_error(LDPC_ERR_NO_MEMORY, "cpu-simd: could not start a worker thread");
    }
    if (dec->batch_frames <= 0) {
        /* one group per thread, capped near 32 MB of float input per batch slot, but never so
         * small that the slots in flight together (the front end's default is 4) hold fewer
         * groups than there are threads: with many cores and a long code the cap would leave
         * threads idle */
        const int lanes = s->k->lanes;
        const int slots = dec->cfg.batches_in_flight > 0 ? dec->cfg.batches_in_flight : 4;
        long frames = (long)lanes * s->started;
        long cap = (32L << 20) / ((long)c->n * (long)sizeof(float));
        long floor_frames = (long)lanes * ((s->started + slots - 1) / slots);
        if (frames > cap)
            frames = cap / lanes * lanes;
        if (frames < floor_frames)
            frames = floor_frames;
        dec->batch_frames = frames < lanes ? lanes : (int)frames;
    }
    return LDPC_OK;
}

static int simd_alloc_batch(ldpc_decoder *dec, ldpc_batch *b)
{
    b->llr = malloc((size_t)b->capacity * ldpc_decoder_staging_llrs(dec) * sizeof(float));
    b->out = malloc((size_t)b->capacity * dec->output_bytes);
    b->status = malloc((size_t)b->capacity * sizeof(ldpc_frame_status));
    b->backend_data = calloc(1, sizeof(simd_job));
    if (!b->llr || !b->out || !b->status || !b->backend_data)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "cpu-simd: out of memory for a batch of %d",
                          b->capacity);
    return LDPC_OK;
}

static void simd_free_batch(ldpc_decoder *dec, ldpc_batch *b)
{
    free(b->llr);
    free(b->out);
    free(b->status);
    free(b->backend_data);
    b->llr = b->out = NULL;
    b->status = NULL;
    b->backend_data = NULL;
}

static int simd_submit(ldpc_decoder *dec, ldpc_batch *b)
{
    simd_state *s = dec->backend_state;
    simd_job *job = b->backend_data;
    job->b = b;
    job->next = NULL;
    ldpc_simd_params_init(&job->prm, &dec->cfg, dec->code);
    job->next_frame = job->frames_done = 0;
    job->done = b->nframes <= 0; /* nothing to decode */
    if (job->done)
        return LDPC_OK;
    pthread_mutex_lock(&s->mu);
    if (s->tail)
        s->tail->next = job;
    else
        s->head = job;
    s->tail = job;
    pthread_cond_broadcast(&s->work_cv);
    pthread_mutex_unlock(&s->mu);
    return LDPC_OK;
}

static int simd_wait(ldpc_decoder *dec, ldpc_batch *b, int block)
{
    simd_state *s = dec->backend_state;
    simd_job *job = b->backend_data;
    pthread_mutex_lock(&s->mu);
    while (!job->done) {
        if (!block) {
            pthread_mutex_unlock(&s->mu);
            return LDPC_ERR_AGAIN;
        }
        pthread_cond_wait(&s->done_cv, &s->mu);
    }
    pthread_mutex_unlock(&s->mu);
    return LDPC_OK;
}

static const ldpc_backend_ops simd_ops = {
    "cpu-simd", simd_init, simd_destroy, simd_alloc_batch, simd_free_batch, simd_submit, simd_wait,
    0,    /* rate-matched frames: recovered by the front end */
    NULL, /* its HARQ buffers too */
};

const ldpc_backend_ops *ldpc_backend_cpu_simd_ops(void) { return &simd_ops; }

/* For tests and benchmarks: the kernel a decoder of this backend runs ("avx2/i8"). */
const simd_kernel *ldpc_simd_decoder_kernel(const ldpc_decoder *dec)
{
    if (!dec || dec->ops != &simd_ops || !dec->backend_state)
        return NULL;
    return ((const simd_state *)dec->backend_state)->k;
}

const char *ldpc_simd_decoder_isa(const ldpc_decoder *dec, int *lanes)
{
    const simd_kernel *k = ldpc_simd_decoder_kernel(dec);
    *lanes = k ? k->lanes : 0;
    return k ? k->isa : NULL;
}

int ldpc_simd_decoder_records(const ldpc_decoder *dec)
{
    if (!dec || dec->ops != &simd_ops || !dec->backend_state)
        return 0;
    return ((const simd_state *)dec->backend_state)->plan.msg_records;
}
