/* The simulator's host channel: a pool of threads that make frames by the rule of sim_frame.h
 * (sim_noise.h's kernels, the encoder) and either decode them on decoders of their own (threads
 * mode, CPU decoders) or feed one decoder's asynchronous batches (batches mode, the cuda decoder
 * without its GPU channel). See sim_host.h for the contract.
 *
 * Threads mode: each thread owns a one-thread decoder and keeps two chunks in flight on it,
 * making the next chunk straight into a batch's staging buffer while the decoder's own thread
 * decodes the previous one. So no LLR is copied and neither thread waits for the other to be
 * woken; on T cores 2T threads share the work.
 *
 * Determinism: every frame's counts are kept apart (frame_rec) until they are merged, in frame
 * order, by whoever holds the lock when the next frame in order is ready; the stop rule is
 * checked after each merged frame. Frames made beyond the stopping frame are dropped. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "error.h"
#include "ldpcgpu/encoder.h"
#include "sim_host.h"
#include "sim_i8_table.h"
#include "sim_modem.h"
#include "sim_nr.h"

#define MAX_THREADS 1024
#define CHUNK_FRAMES 128  /* frames per chunk of the threads mode, about */
#define CHUNK_BYTES (4 << 20) /* ... but not more float LLRs than this, unless one SIMD group */
#define IN_FLIGHT 2       /* chunks a thread keeps on its decoder */
#define FILL_FRAMES 8     /* frames a thread takes at a time when filling a batch */
#define BATCH_RING 8      /* batches in flight, at most, in the batches mode */

/* One frame's counts, before merging. */
typedef struct frame_rec {
    uint32_t bit_errors;
    int32_t iterations;
    uint32_t saturated;
    int32_t parity_ok;
} frame_rec;

typedef struct worker {
    sim_host *h;
    int index;
    pthread_t tid;
    ldpc_decoder *dec; /* threads mode: its own */
    ldpc_encoder *enc; /* NULL for the all-zero codeword */
    uint8_t *cw;       /* frames x n (a chunk, or FILL_FRAMES); zeros for the all-zero codeword */
    float *llr;        /* n: the float LLRs of a frame sent as int8 */
    float *dev;        /* a frame's deviates, QAM (sim_modem_scratch) */
    uint8_t *tx;       /* NR rate-matched codes: a frame's E bits ... */
    float *nrs;        /* ... and sim_nr_llrs' scratch (its first E floats: the channel LLRs) */
    /* threads mode: the chunks on the decoder, oldest first */
    ldpc_batch *batch[IN_FLIGHT];
    struct slot *slot[IN_FLIGHT];
    int nin;
} worker;

/* A chunk (threads mode) or a batch (batches mode) between making and merging. */
typedef struct slot {
    int done;
    int nframes;
    uint64_t first;
    frame_rec *rec;
    uint8_t *info; /* the information bits sent */
} slot;

/* One ldpc_sim_run. */
typedef struct run_state {
    uint64_t first, total, stop_errors;
    ldpc_sim_counts acc;
    int stopped, status;
    ldpc_sim_modem modem;
    ldpc_sim_i8_table table; /* the i8-table noise's, at this run's sigma */
    /* threads mode: chunks of `chunk` frames */
    uint64_t nchunks, next_chunk, merged;
    int chunk;
    /* batches mode: the batch being filled */
    slot *fill;
    float *fill_f32;
    int8_t *fill_i8;
    int fill_next;
} run_state;

struct sim_host {
    const ldpc_code *code;
    int n, k;
    int kcount;      /* information bits counted: k, or K of a rate-matched NR code */
    sim_nr_link nr;  /* the NR link of a rate-matched NR code (inactive otherwise) */
    ldpc_sim_config cfg;
    const ldpc_sim_kernels *kern;
    const ldpc_sim_i8_table_kernel *i8t; /* the i8-table noise's kernel, else NULL */
    ldpc_decoder *dec; /* the caller's */
    float llr_scale;
    int batches;
    int chunk;  /* frames per chunk at most (threads mode) / per batch (batches mode) */
    int group;  /* the decoder's SIMD group: chunks hold whole groups */
    int nslots;
    slot *slots;
    int nthreads, started;
    worker *w;
    pthread_mutex_t mu;
    pthread_cond_t go, idle, progress;
    uint64_t generation;
    int active, quit;
    void (*job)(worker *, run_state *);
    run_state *rs;
};

/* ---- the pool: run a job on every worker (the caller's thread is worker 0) ---- */

static void *pool_main(void *arg)
{
    worker *w = arg;
    sim_host *h = w->h;
    uint64_t seen = 0;
    pthread_mutex_lock(&h->mu);
    for (;;) {
        while (!h->quit && h->generation == seen)
            pthread_cond_wait(&h->go, &h->mu);
        if (h->quit)
            break;
        seen = h->generation;
        pthread_mutex_unlock(&h->mu);
        h->job(w, h->rs);
        pthread_mutex_lock(&h->mu);
        if (--h->active == 0)
            pthread_cond_signal(&h->idle);
    }
    pthread_mutex_unlock(&h->mu);
    return NULL;
}

static void pool_run(sim_host *h, void (*job)(worker *, run_state *), run_state *rs)
{
    pthread_mutex_lock(&h->mu);
    h->job = job;
    h->rs = rs;
    h->active = h->started - 1; /* the pool's threads; the caller runs worker 0 below */
    h->generation++;
    pthread_cond_broadcast(&h->go);
    pthread_mutex_unlock(&h->mu);
    job(&h->w[0], rs);
    pthread_mutex_lock(&h->mu);
    while (h->active)
        pthread_cond_wait(&h->idle, &h->mu);
    pthread_mutex_unlock(&h->mu);
}

/* ---- one frame: made, counted, merged ---- */

/* Information bits and codewords of frames first .. first+m-1 into info (m x k) and w->cw. */
static int make_codewords(worker *w, uint64_t first, int m, uint8_t *info)
{
    const sim_host *h = w->h;
    if (!w->enc)
        return LDPC_OK; /* all zero: info and w->cw were zeroed once */
    for (int f = 0; f < m; f++) {
        h->kern->bits(h->cfg.seed, first + (uint64_t)f, h->k, info + (size_t)f * h->k);
        sim_nr_info_rule(&h->nr, info + (size_t)f * h->k);
    }
    return ldpc_encoder_encode(w->enc, info, w->cw, m);
}

/* Channel LLRs of frame `frame` (codeword w->cw + f n) into f32 (float LLRs) or, through the
 * scratch w->llr, i8; rec->saturated as ldpc_decoder_count_saturated_f32 counts them. */
static void make_llrs(worker *w, const run_state *rs, uint64_t frame, int f, float *f32,
                      int8_t *i8, frame_rec *rec)
{
    const sim_host *h = w->h;
    const uint8_t *cw = w->enc ? w->cw + (size_t)f * h->n : NULL;
    if (h->i8t) { /* int8 LLRs drawn as they are (check_config: i8 is there) */
        rec->saturated = h->i8t->llrs(h->cfg.seed, frame, cw, h->n, &rs->table, i8);
        return;
    }
    float *llr = f32 ? f32 : w->llr;
    /* the decoder's count, where its own screen (|llr| * scale >= 127) could find any; NR:
     * of the E channel LLRs (the fillers' certain LLRs are not the channel's) */
    const float *chan = llr;
    size_t nchan = (size_t)h->n;
    float biggest;
    if (h->nr.active) {
        biggest = sim_nr_llrs(h->kern, &rs->modem, h->cfg.seed, frame, &h->nr, cw, w->tx, w->nrs,
                              llr);
        chan = w->nrs;
        nchan = (size_t)h->nr.np.e;
    } else {
        biggest = sim_modem_llrs(h->kern, &rs->modem, h->cfg.seed, frame, cw, h->n, w->dev, llr);
    }
    uint64_t sat = 0;
    if (biggest * h->llr_scale >= 127.0f)
        ldpc_decoder_count_saturated_f32(h->dec, chan, nchan, &sat);
    rec->saturated = (uint32_t)sat;
    if (i8)
        h->kern->quantize_i8(llr, (size_t)h->n, h->llr_scale, i8);
}

static void count_frame(const uint8_t *sent, const uint8_t *got, int k,
                        const ldpc_frame_status *st, frame_rec *rec)
{
    uint32_t e = 0;
    for (int i = 0; i < k; i++)
        e += (sent[i] ^ got[i]) & 1u;
    rec->bit_errors = e;
    rec->iterations = st->iterations;
    rec->parity_ok = st->parity_ok != 0;
}

/* Merge the frames of a finished slot, in order, until the stop rule holds. Lock held. */
static void merge_slot(run_state *rs, const slot *s)
{
    for (int i = 0; i < s->nframes && !rs->stopped; i++) {
        const frame_rec *r = &s->rec[i];
        ldpc_sim_counts *c = &rs->acc;
        c->frames++;
        c->bit_errors += r->bit_errors;
        c->frame_errors += r->bit_errors > 0;
        c->parity_failures += !r->parity_ok;
        c->undetected += r->bit_errors > 0 && r->parity_ok;
        c->iterations += (uint64_t)(r->iterations > 0 ? r->iterations : 0);
        c->saturated += r->saturated;
        if (rs->stop_errors && c->frame_errors >= rs->stop_errors)
            rs->stopped = 1;
    }
}

/* ---- threads mode ---- */

/* Make chunk frames first .. first+m-1 into a batch of the worker's decoder and submit it. */
static int start_chunk(worker *w, const run_state *rs, slot *s)
{
    const sim_host *h = w->h;
    const size_t n = (size_t)h->n;
    const int i8 = h->cfg.llr_type == LDPC_LLR_I8;
    ldpc_batch *b = NULL;
    int st = ldpc_decoder_acquire(w->dec, &b);
    if (st != LDPC_OK)
        return st;
    st = make_codewords(w, s->first, s->nframes, s->info);
    float *f32 = i8 ? NULL : ldpc_batch_llr_f32(b);
    int8_t *q = i8 ? ldpc_batch_llr_i8(b) : NULL;
    for (int f = 0; st == LDPC_OK && f < s->nframes; f++)
        make_llrs(w, rs, s->first + (uint64_t)f, f, f32 ? f32 + f * n : NULL, q ? q + f * n : NULL,
                  &s->rec[f]);
    if (st == LDPC_OK)
        st = ldpc_decoder_submit(w->dec, b, s->nframes, h->cfg.llr_type);
    if (st != LDPC_OK) {
        ldpc_decoder_release(w->dec, b);
        return st;
    }
    w->batch[w->nin] = b;
    w->slot[w->nin] = s;
    w->nin++;
    return LDPC_OK;
}

/* Wait for the worker's oldest chunk and count its frames. */
static int finish_chunk(worker *w)
{
    const size_t k = (size_t)w->h->k;
    ldpc_batch *b = NULL;
    int st = ldpc_decoder_collect(w->dec, &b, 1);
    slot *s = w->slot[0];
    w->nin--;
    memmove(w->batch, w->batch + 1, sizeof w->batch[0] * (size_t)w->nin);
    memmove(w->slot, w->slot + 1, sizeof w->slot[0] * (size_t)w->nin);
    if (!b)
        return st != LDPC_OK ? st : LDPC_ERR_EMPTY;
    if (st == LDPC_OK) {
        const uint8_t *out = ldpc_batch_output(b);
        const ldpc_frame_status *fs = ldpc_batch_status(b);
        for (int f = 0; f < s->nframes; f++)
            count_frame(s->info + f * k, out + f * k, w->h->kcount, &fs[f], &s->rec[f]);
    }
    ldpc_decoder_release(w->dec, b);
    return st;
}

static void set_status(run_state *rs, int st)
{
    if (st != LDPC_OK && rs->status == LDPC_OK)
        rs->status = st;
}

/* Take chunks in frame order (while the ring of slots has room), keep IN_FLIGHT of them on the
 * decoder, and merge every finished chunk that is next in order. A worker waits for others only
 * when it has nothing in flight, so the chunk next in order is always being worked on. */
static void chunk_job(worker *w, run_state *rs)
{
    sim_host *h = w->h;
    pthread_mutex_lock(&h->mu);
    for (;;) {
        const int more = !rs->stopped && !rs->status && rs->next_chunk < rs->nchunks;
        if (more && w->nin < IN_FLIGHT && rs->next_chunk < rs->merged + (uint64_t)h->nslots) {
            const uint64_t c = rs->next_chunk++;
            slot *s = &h->slots[c % (uint64_t)h->nslots];
            const uint64_t off = c * (uint64_t)rs->chunk;
            s->first = rs->first + off;
            s->nframes = (int)(rs->total - off < (uint64_t)rs->chunk ? rs->total - off
                                                                     : (uint64_t)rs->chunk);
            s->done = 0;
            pthread_mutex_unlock(&h->mu);
            const int st = start_chunk(w, rs, s);
            pthread_mutex_lock(&h->mu);
            set_status(rs, st);
            continue;
        }
        if (w->nin > 0) {
            slot *s = w->slot[0];
            pthread_mutex_unlock(&h->mu);
            const int st = finish_chunk(w);
            pthread_mutex_lock(&h->mu);
            set_status(rs, st);
            s->done = 1;
            while (!rs->status && !rs->stopped && rs->merged < rs->nchunks) {
                slot *next = &h->slots[rs->merged % (uint64_t)h->nslots];
                if (!next->done)
                    break;
                merge_slot(rs, next);
                next->done = 0;
                rs->merged++;
            }
            pthread_cond_broadcast(&h->progress);
            continue;
        }
        if (!more)
            break;
        pthread_cond_wait(&h->progress, &h->mu); /* the ring is full: others must merge */
    }
    pthread_cond_broadcast(&h->progress);
    pthread_mutex_unlock(&h->mu);
}

/* ---- batches mode ---- */

/* Fill the batch being made: the workers take FILL_FRAMES frames at a time. */
static void fill_job(worker *w, run_state *rs)
{
    sim_host *h = w->h;
    slot *s = rs->fill;
    const size_t n = (size_t)h->n, k = (size_t)h->k;
    for (;;) {
        pthread_mutex_lock(&h->mu);
        const int f0 = rs->fill_next, status = rs->status;
        rs->fill_next += FILL_FRAMES;
        pthread_mutex_unlock(&h->mu);
        if (status || f0 >= s->nframes)
            return;
        const int m = s->nframes - f0 < FILL_FRAMES ? s->nframes - f0 : FILL_FRAMES;
        const uint64_t first = s->first + (uint64_t)f0;
        int st = make_codewords(w, first, m, s->info + f0 * k);
        if (st == LDPC_OK && !w->enc)
            memset(s->info + f0 * k, 0, (size_t)m * k);
        for (int f = 0; st == LDPC_OK && f < m; f++) {
            const size_t at = (size_t)(f0 + f) * n;
            make_llrs(w, rs, first + (uint64_t)f, f, rs->fill_f32 ? rs->fill_f32 + at : NULL,
                      rs->fill_i8 ? rs->fill_i8 + at : NULL, &s->rec[f0 + f]);
        }
        if (st != LDPC_OK) {
            pthread_mutex_lock(&h->mu);
            if (!rs->status)
                rs->status = st;
            pthread_mutex_unlock(&h->mu);
            return;
        }
    }
}

static void run_batches(sim_host *h, run_state *rs)
{
    const int i8 = h->cfg.llr_type == LDPC_LLR_I8;
    uint64_t next = 0, submitted = 0, collected = 0;
    for (;;) {
        /* keep the decoder's batch slots (at most our ring) busy */
        while (!rs->stopped && !rs->status && next < rs->total &&
               submitted - collected < (uint64_t)h->nslots) {
            ldpc_batch *b = NULL;
            int st = ldpc_decoder_acquire(h->dec, &b);
            if (st == LDPC_ERR_BUSY)
                break;
            if (st != LDPC_OK) {
                rs->status = st;
                break;
            }
            slot *s = &h->slots[submitted % (uint64_t)h->nslots];
            s->first = rs->first + next;
            s->nframes = (int)(rs->total - next < (uint64_t)h->chunk ? rs->total - next
                                                                     : (uint64_t)h->chunk);
            rs->fill = s;
            rs->fill_next = 0;
            rs->fill_f32 = i8 ? NULL : ldpc_batch_llr_f32(b);
            rs->fill_i8 = i8 ? ldpc_batch_llr_i8(b) : NULL;
            pool_run(h, fill_job, rs);
            if (rs->status == LDPC_OK)
                rs->status = ldpc_decoder_submit(h->dec, b, s->nframes, h->cfg.llr_type);
            if (rs->status != LDPC_OK) {
                ldpc_decoder_release(h->dec, b);
                break;
            }
            ldpc_batch_set_user(b, submitted);
            submitted++;
            next += (uint64_t)s->nframes;
        }
        if (submitted == collected)
            break;
        /* the oldest batch: count it (unless the run already stopped or failed), free it */
        ldpc_batch *b = NULL;
        const int st = ldpc_decoder_collect(h->dec, &b, 1);
        if (!b) {
            if (!rs->status)
                rs->status = st != LDPC_OK ? st : LDPC_ERR_DEVICE;
            break; /* nothing more can come back */
        }
        collected++;
        slot *s = &h->slots[ldpc_batch_user(b) % (uint64_t)h->nslots];
        if (st != LDPC_OK && !rs->status)
            rs->status = st;
        if (!rs->status && !rs->stopped) {
            const uint8_t *out = ldpc_batch_output(b);
            const ldpc_frame_status *fs = ldpc_batch_status(b);
            const size_t k = (size_t)h->k;
            for (int f = 0; f < s->nframes; f++)
                count_frame(s->info + f * k, out + f * k, h->kcount, &fs[f], &s->rec[f]);
            merge_slot(rs, s);
        }
        ldpc_decoder_release(h->dec, b);
    }
}

/* ---- the object ---- */

int sim_host_run(sim_host *h, double sigma, uint64_t first, uint64_t max_frames,
                 uint64_t stop_frame_errors, ldpc_sim_counts *counts)
{
    run_state rs;
    memset(&rs, 0, sizeof rs);
    rs.first = first;
    rs.total = max_frames;
    rs.stop_errors = stop_frame_errors;
    rs.acc = *counts;
    sim_modem_of(&h->cfg, sigma, &rs.modem);
    if (h->i8t) {
        const int st = ldpc_sim_i8_table_init(&rs.table, sigma, h->llr_scale);
        if (st != LDPC_OK)
            return st;
    }
    if (stop_frame_errors && rs.acc.frame_errors >= stop_frame_errors)
        return LDPC_OK;
    for (int i = 0; i < h->nslots; i++)
        h->slots[i].done = 0;
    if (h->batches) {
        run_batches(h, &rs);
    } else {
        /* up to h->chunk frames a chunk, fewer in a short run so that every thread gets
         * IN_FLIGHT of them: whole SIMD groups still */
        const uint64_t share = max_frames / ((uint64_t)IN_FLIGHT * (uint64_t)h->started);
        const uint64_t groups = share / (uint64_t)h->group;
        rs.chunk = groups * (uint64_t)h->group >= (uint64_t)h->chunk ? h->chunk
                   : groups > 0 ? (int)groups * h->group : h->group;
        rs.nchunks = (max_frames + (uint64_t)rs.chunk - 1) / (uint64_t)rs.chunk;
        pool_run(h, chunk_job, &rs);
    }
    if (rs.status != LDPC_OK)
        return rs.status;
    *counts = rs.acc;
    return LDPC_OK;
}

static int worker_alloc(sim_host *h, worker *w)
{
    const size_t n = (size_t)h->n;
    const size_t frames = h->batches ? FILL_FRAMES : (size_t)h->chunk;
    if (h->cfg.codeword == LDPC_SIM_RANDOM) {
        int st = ldpc_encoder_create(&w->enc, h->code);
        if (st != LDPC_OK)
            return st;
    }
    w->cw = calloc(frames, n);
    w->llr = malloc(n * sizeof(float));
    w->dev = malloc(sizeof(float) * (size_t)(sim_modem_scratch(&h->cfg, h->n) + 1));
    w->tx = malloc(sim_nr_scratch_bytes(&h->nr) + 1);
    w->nrs = malloc(sizeof(float) * (size_t)(sim_nr_scratch_floats(&h->nr, &h->cfg) + 1));
    if (!w->cw || !w->llr || !w->dev || !w->tx || !w->nrs)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "simulator: out of memory for a thread's frames");
    if (h->batches)
        return LDPC_OK;
    /* the caller's decoder on the backend it ended up with (no second fallback), one thread,
     * batches of one chunk, IN_FLIGHT of them */
    ldpc_decoder_config dc = *ldpc_decoder_config_get(h->dec);
    ldpc_backend b;
    if (ldpc_backend_from_string(ldpc_decoder_backend_name(h->dec), &b) == LDPC_OK)
        dc.backend = b;
    dc.num_threads = 1;
    dc.batch_frames = h->chunk;
    dc.batches_in_flight = IN_FLIGHT;
    return ldpc_decoder_create(&w->dec, h->code, &dc);
}

static void worker_free(sim_host *h, worker *w)
{
    ldpc_decoder_destroy(w->dec);
    ldpc_encoder_destroy(w->enc);
    free(w->cw);
    free(w->llr);
    free(w->dev);
    free(w->tx);
    free(w->nrs);
}

uint64_t sim_host_frames_in_flight(const sim_host *h)
{
    return h ? (uint64_t)h->nslots * (uint64_t)h->chunk : 0;
}

void sim_host_destroy(sim_host *h)
{
    if (!h)
        return;
    pthread_mutex_lock(&h->mu);
    h->quit = 1;
    pthread_cond_broadcast(&h->go);
    pthread_mutex_unlock(&h->mu);
    for (int i = 1; i < h->started; i++)
        pthread_join(h->w[i].tid, NULL);
    for (int i = 0; h->w && i < h->nthreads; i++)
        worker_free(h, &h->w[i]);
    for (int i = 0; h->slots && i < h->nslots; i++) {
        free(h->slots[i].rec);
        free(h->slots[i].info);
    }
    free(h->slots);
    free(h->w);
    pthread_mutex_destroy(&h->mu);
    pthread_cond_destroy(&h->go);
    pthread_cond_destroy(&h->idle);
    pthread_cond_destroy(&h->progress);
    free(h);
}

int sim_host_create(sim_host **out, const ldpc_code *code, ldpc_decoder *dec,
                    const ldpc_sim_config *cfg, int batches)
{
    *out = NULL;
    sim_host *h = calloc(1, sizeof *h);
    if (!h)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "simulator: out of memory");
    pthread_mutex_init(&h->mu, NULL);
    pthread_cond_init(&h->go, NULL);
    pthread_cond_init(&h->idle, NULL);
    pthread_cond_init(&h->progress, NULL);
    h->code = code;
    h->n = ldpc_code_n(code);
    h->k = ldpc_code_k(code);
    h->kcount = sim_nr_info_bits(code);
    h->cfg = *cfg;
    int st = sim_nr_link_of(code, cfg, &h->nr);
    if (st != LDPC_OK) {
        sim_host_destroy(h);
        return st;
    }
    sim_nr_link_decoder(&h->nr, code, ldpc_decoder_config_get(dec));
    h->kern = ldpc_sim_kernels_select();
    h->i8t = cfg->noise == LDPC_SIM_NOISE_I8_TABLE ? ldpc_sim_i8_table_kernel_select() : NULL;
    h->dec = dec;
    h->llr_scale = ldpc_decoder_config_get(dec)->llr_scale;
    h->batches = batches;
    long nt = cfg->num_threads > 0 ? cfg->num_threads : sysconf(_SC_NPROCESSORS_ONLN);
    h->nthreads = (int)(nt < 1 ? 1 : nt > MAX_THREADS ? MAX_THREADS : nt);
    /* threads mode: chunks of whole SIMD groups (the one-thread decoder's own batch size),
     * about CHUNK_FRAMES frames so that the per-batch costs stay small, fewer for long codes;
     * batches mode: the decoder's batch */
    const int bf = ldpc_decoder_batch_frames(dec) > 0 ? ldpc_decoder_batch_frames(dec) : 1;
    h->group = bf;
    if (batches)
        h->chunk = bf;
    else {
        const long groups_fit = CHUNK_BYTES / ((long)h->n * (long)sizeof(float) * bf);
        const long groups = (CHUNK_FRAMES + bf - 1) / bf;
        h->chunk = bf * (int)(groups < groups_fit ? groups : groups_fit > 1 ? groups_fit : 1);
    }
    /* threads mode: chunks are merged in order, so a slot is freed only when every older chunk
     * is done; with room for just the chunks in flight, one late chunk (its thread descheduled)
     * would stop every thread: three times that leaves them room to run ahead */
    h->nslots = batches ? BATCH_RING : 3 * IN_FLIGHT * h->nthreads + 2;
    h->slots = calloc((size_t)h->nslots, sizeof(slot));
    h->w = calloc((size_t)h->nthreads, sizeof(worker));
    st = h->slots && h->w ? LDPC_OK : LDPC_ERR_NO_MEMORY;
    for (int i = 0; st == LDPC_OK && i < h->nslots; i++) {
        h->slots[i].rec = calloc((size_t)h->chunk, sizeof(frame_rec));
        h->slots[i].info = calloc((size_t)h->chunk, (size_t)h->k);
        if (!h->slots[i].rec || !h->slots[i].info)
            st = LDPC_ERR_NO_MEMORY;
    }
    if (st != LDPC_OK) {
        sim_host_destroy(h);
        return ldpc_error(st, "simulator: out of memory");
    }
    for (int i = 0; i < h->nthreads; i++) {
        h->w[i].h = h;
        h->w[i].index = i;
        st = worker_alloc(h, &h->w[i]);
        if (st != LDPC_OK) {
            sim_host_destroy(h);
            return st;
        }
    }
    h->started = 1; /* the caller's thread is worker 0 */
    for (int i = 1; i < h->nthreads; i++) {
        if (pthread_create(&h->w[i].tid, NULL, pool_main, &h->w[i]) != 0)
            break;
        h->started++;
    }
    *out = h;
    return LDPC_OK;
}

int sim_host_threads(const sim_host *h) { return h->started; }
const char *sim_host_kernels(const sim_host *h) { return h->i8t ? h->i8t->name : h->kern->name; }
