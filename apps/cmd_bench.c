/* ldpcgpu bench: decoder throughput and latency, as a table and as JSON.
 *
 * Two kinds of measurement:
 *  - kernel-only (cuda backend): the LLRs of one batch are copied to the GPU once and the
 *    decode kernel runs on them repeatedly, launches queued back to back on S streams (one
 *    unless --streams is given or streams are swept); throughput = frames launched x n / time
 *    from the first launch's start to the last one's end, latency = each launch's own time
 *    (CUDA events). What the GPU itself sustains, with no PCIe transfer; with several streams
 *    a launch can use the SMs that the one before leaves idle at its end.
 *  - end-to-end (any backend): batches go through the public asynchronous API (acquire, submit,
 *    collect) with several in flight: host LLRs (float or int8) in the batches' staging buffers
 *    in, decoded bits in host memory out. Throughput = frames x n (E of a rate-matched 5G NR
 *    code: the bits sent) / wall time; latency of a
 *    batch = from its submit to its collect.
 * Sweeps vary one parameter at a time around the base configuration: streams, codewords per
 * batch, iterations.
 *
 * Quality beside speed: the frames are real codewords (random bits, encoded) sent as BPSK over
 * AWGN at --ebn0, and every point reports the FER and BER of the frames it decoded against the
 * bits sent, so that no throughput figure comes from a configuration that does not decode.
 * The errors are counted after the timing: the distinct frames a point decoded are decoded
 * once more by the same decoder object (decoding is deterministic, whatever the batch) and
 * compared with the bits sent.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "app_util.h"
#include "commands.h"
#include "ldpcgpu/backend_cuda.h"

#define MAX_POINTS 64
/* A point whose FER is above this is flagged: it does not decode at the bench's Eb/N0. */
#define FER_WARN 0.01
/* The default Eb/N0: this far above the Shannon limit of the code's rate (unconstrained AWGN,
 * (2^(2R) - 1) / (2R)), so 3 dB at rate 1/2, about 4.2 dB at 5/6: where the codes decode. */
#define EBN0_MARGIN_DB 3.0

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ldpcgpu bench [CODE] [options]\n\n"
            "Measures decoder throughput (coded and information Mbit/s) and latency per batch\n"
            "(median and 99th percentile), prints a table and optionally writes JSON. The\n"
            "frames are random codewords sent as BPSK over AWGN at --ebn0; each point also\n"
            "reports the FER and BER of the frames it decoded against the bits sent (counted\n"
            "after the timing), and warns when FER > %g: the configuration does not decode\n"
            "there, so its throughput means nothing.\n\n"
            "  kernel-only  (cuda): LLRs already on the GPU, launches of the decode kernel\n"
            "               queued back to back on one stream (or --streams S), timed with\n"
            "               CUDA events; throughput from the first start to the last end;\n"
            "  end-to-end   (any backend): host LLRs in the batches' pinned staging buffers ->\n"
            "               GPU -> decoded bits in host memory, through the asynchronous API\n"
            "               with several batches in flight; latency = submit to collect.\n\n"
            "CODE is a built-in name or alist:FILE (default wimax:2304:1/2).\n\n"
            "options:\n"
            "  --code NAME          the code (same as the positional CODE)\n"
            "  --mode M             kernel, e2e or both (default both; kernel needs cuda)\n"
            "  --frames N / --batch N   codewords per batch (default: the backend's choice)\n"
            "  --streams S          CUDA streams per device (default 4; kernel-only: 1)\n"
            "  --in-flight B        batches in flight end-to-end (default 2 x streams x GPUs, >= 2)\n"
            "  --llr f32|i8         LLRs handed to the decoder (default f32)\n"
            "  --llr-scale S        int8 LLR scale (default 4, %g..%g;\n"
            "                       %g..%g for 5G NR BG1 rate >= 1/3 with oms)\n"
            "  --ebn0 DB            Eb/N0 of the BPSK/AWGN frames decoded (default: %g dB above\n"
            "                       the Shannon limit of the code's rate, 3 dB at rate 1/2)\n"
            "  --reps R             kernel launches per kernel-only point (default 30)\n"
            "  --seconds T          wall time per end-to-end point (default 0.5)\n"
            "  --rate-matched       5G NR \"nr:K:E\" codes: end-to-end frames of the E LLRs\n"
            "                       received (BPSK of the rate-matched bits), the rate recovery\n"
            "                       in the decoder (on the GPU for cuda); kernel-only points\n"
            "                       decode the recovered frames as before\n"
            "  --packed             information bits packed 8 per byte (MSB first): 1/8 of the\n"
            "                       output to copy back (default one bit per byte)\n"
            "  --copy-in            end-to-end: copy each batch's LLRs from a host array into\n"
            "                       the staging buffer (default: the staging buffers are filled\n"
            "                       once, as a producer writing straight into them would)\n"
            "  --latency            also measure one batch at a time (in flight 1, 1 stream):\n"
            "                       the host-to-host latency of a lone batch\n"
            "  --sweep LIST         comma list of streams, batch, iterations, all\n"
            "  --json FILE          write the results as JSON\n",
            FER_WARN, (double)LDPC_LLR_SCALE_MIN, (double)LDPC_LLR_SCALE_MAX,
            (double)LDPC_LLR_SCALE_NR_BG1_MIN, (double)LDPC_LLR_SCALE_MAX, EBN0_MARGIN_DB);
    app_decoder_options_help(f);
}

typedef struct bench_opts {
    const char *code_name, *json_path;
    int mode_kernel, mode_e2e, latency;
    int streams, in_flight, reps, llr_i8, copy_in;
    int rate_matched; /* --rate-matched: end-to-end frames of E LLRs (input_rate_matched) */
    double ebn0, seconds;
    int ebn0_given;           /* --ebn0 was given (else the default from the code's rate) */
    int sweep_streams, sweep_batch, sweep_iterations;
    ldpc_decoder_config cfg;
    unsigned decoder_set; /* APP_SET_* settings given (the rest: the code's defaults) */
} bench_opts;

typedef struct bench_point {
    char kind[16];            /* "kernel", "e2e", "latency" */
    char sweep[16];           /* which parameter this point varies, or "base" */
    int batch, streams, in_flight, iterations;
    long long frames;
    double seconds;
    double coded_mbps, info_mbps;
    double lat_median_us, lat_p99_us;
    double mean_iterations;
    /* quality of the frames decoded (counted after the timing; check_frames 0 = not counted) */
    long long check_frames, frame_errors, bit_errors;
    char describe[512];
    int status;               /* 0 ok, else the failing status */
} bench_point;

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double percentile(double *v, int n, double p)
{
    if (n <= 0)
        return 0.0;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    int i = (int)ceil(p * n) - 1;
    if (i < 0)
        i = 0;
    if (i >= n)
        i = n - 1;
    return v[i];
}

/* A pool of LLRs: `frames` codewords at Eb/N0, float and int8, and the bits sent. */
/* Bits per frame on the link (ldpc_code_link_bits): n and k, or E and K of a rate-matched 5G NR
 * code, whose decoder takes the n LLRs the rate recovery makes of E. */
static double link_n(const ldpc_code *code)
{
    int n = 0;
    ldpc_code_link_bits(code, NULL, &n);
    return n;
}
static int link_k(const ldpc_code *code)
{
    int k = 0;
    ldpc_code_link_bits(code, &k, NULL);
    return k;
}

typedef struct llr_pool {
    int frames, n, k;
    int k_link;    /* information bits that count: k, or K of a rate-matched 5G NR code */
    float *f32;
    int8_t *i8;
    uint8_t *info; /* frames * k: the information bits of each frame */
} llr_pool;

/* With a CRC stop (crc != NONE) each frame's K' information bits end with that CRC, as a 5G NR
 * code block's do: the simulator's bits with their last L replaced, encoded, and the
 * simulator's noise for those codewords. */
static int crc_frames(const ldpc_code *code, const ldpc_sim_config *sc, double ebn0,
                      ldpc_crc_stop crc, int frames, uint8_t *info, float *llr)
{
    ldpc_nr_crc kind;
    int st = ldpc_crc_stop_kind(crc, &kind);
    if (st != LDPC_OK)
        return st;
    const int n = ldpc_code_n(code), k = ldpc_code_k(code), kp = link_k(code);
    uint8_t *cw = malloc((size_t)frames * n);
    ldpc_encoder *enc = NULL;
    st = cw ? ldpc_encoder_create(&enc, code) : LDPC_ERR_NO_MEMORY;
    for (int f = 0; st == LDPC_OK && f < frames; f++)
        st = ldpc_nr_crc_attach(kind, info + (size_t)f * k, kp - ldpc_nr_crc_length(kind));
    if (st == LDPC_OK)
        st = ldpc_encoder_encode(enc, info, cw, frames);
    if (st == LDPC_OK)
        st = ldpc_sim_channel_llrs(code, sc, ebn0, 0, frames, cw, llr);
    ldpc_encoder_destroy(enc);
    free(cw);
    return st;
}

static int make_pool(const ldpc_code *code, int frames, double ebn0, float scale,
                     ldpc_crc_stop crc, llr_pool *p)
{
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    memset(p, 0, sizeof *p);
    p->frames = frames;
    p->n = n;
    p->k = k;
    p->k_link = link_k(code);
    p->f32 = malloc((size_t)frames * n * sizeof(float));
    p->i8 = malloc((size_t)frames * n);
    p->info = malloc((size_t)frames * k);
    ldpc_sim_config sc; /* the simulator's frames 0 .. frames-1 of seed 12345 */
    ldpc_sim_config_init(&sc);
    sc.seed = 12345;
    int st = (p->f32 && p->i8 && p->info)
                 ? ldpc_sim_make_frames(code, &sc, ebn0, 0, frames, p->info, NULL, p->f32)
                 : LDPC_ERR_NO_MEMORY;
    if (st == LDPC_OK && crc != LDPC_CRC_STOP_NONE)
        st = crc_frames(code, &sc, ebn0, crc, frames, p->info, p->f32);
    if (st == LDPC_OK)
        ldpc_llr_quantize_i8(p->f32, (size_t)frames * n, scale, p->i8);
    return st;
}

/* --rate-matched: frames of the E LLRs received for a rate-matched 5G NR code (BPSK over AWGN
 * of the rate-matched bits at Eb/N0 with rate K / E), the decoder undoing the rate matching */
static int make_rm_pool(const ldpc_code *code, int frames, double ebn0, float scale, llr_pool *p)
{
    ldpc_nr_code_params np;
    memset(p, 0, sizeof *p);
    int st = ldpc_code_nr_params(code, &np);
    if (st != LDPC_OK || np.e <= 0)
        return st != LDPC_OK ? st : LDPC_ERR_INVALID_ARGUMENT;
    const int n = ldpc_code_n(code), k = ldpc_code_k(code), e = np.e, K = np.cb.k_prime;
    p->frames = frames;
    p->n = e;
    p->k = k;
    p->k_link = K;
    p->f32 = malloc((size_t)frames * e * sizeof(float));
    p->i8 = malloc((size_t)frames * e);
    p->info = calloc((size_t)frames * k, 1);
    uint8_t *cw = malloc((size_t)n), *tx = malloc((size_t)e);
    ldpc_encoder *enc = NULL;
    if (!p->f32 || !p->i8 || !p->info || !cw || !tx)
        st = LDPC_ERR_NO_MEMORY;
    else
        st = ldpc_encoder_create(&enc, code);
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 12345);
    const double sigma = ldpc_awgn_sigma(ebn0, (double)K / e);
    for (int f = 0; f < frames && st == LDPC_OK; f++) {
        uint8_t *info = p->info + (size_t)f * k;
        ldpc_rng_bits(&rng, info, K); /* the k - K fillers stay 0 */
        if ((st = ldpc_encoder_encode(enc, info, cw, 1)) == LDPC_OK &&
            (st = ldpc_nr_rate_match(&np.cb, np.rv, np.qm, e, cw, tx)) == LDPC_OK)
            ldpc_channel_bpsk_awgn(&rng, tx, e, sigma, p->f32 + (size_t)f * e);
    }
    if (st == LDPC_OK)
        ldpc_llr_quantize_i8(p->f32, (size_t)frames * e, scale, p->i8);
    ldpc_encoder_destroy(enc);
    free(cw);
    free(tx);
    return st;
}

static void free_pool(llr_pool *p)
{
    free(p->f32);
    free(p->i8);
    free(p->info);
}

static const void *pool_frames(const llr_pool *p, int llr_i8, int first)
{
    first %= p->frames;
    return llr_i8 ? (const void *)(p->i8 + (size_t)first * p->n)
                  : (const void *)(p->f32 + (size_t)first * p->n);
}

/* Quality of a point, after its timing: pool frames [0, count) -- the distinct frames it
 * decoded -- are decoded once more by dec (nothing in flight) and compared with the bits sent.
 * Only for information-bit output (unpacked, or packed with --packed). Returns an LDPC status. */
static int count_errors(ldpc_decoder *dec, const llr_pool *pool, int llr_i8, int count,
                        bench_point *pt)
{
    const ldpc_decoder_config *c = ldpc_decoder_config_get(dec);
    if (c->output_bits != LDPC_OUTPUT_INFO)
        return LDPC_OK;
    const int packed = c->output_packing == LDPC_OUTPUT_PACKED;
    const size_t ob = (size_t)ldpc_decoder_output_bytes(dec);
    const int n = pool->n, k = pool->k;
    if (count > pool->frames)
        count = pool->frames;
    int chunk = 4 * ldpc_decoder_batch_frames(dec);
    if (chunk > count)
        chunk = count;
    uint8_t *out = malloc((size_t)chunk * ob);
    ldpc_frame_status *status = malloc((size_t)chunk * sizeof *status);
    int st = out && status ? LDPC_OK : LDPC_ERR_NO_MEMORY;
    long long frames = 0, frame_errors = 0, bit_errors = 0;
    for (int f0 = 0; f0 < count && st == LDPC_OK; f0 += chunk) {
        const int nf = count - f0 < chunk ? count - f0 : chunk;
        st = llr_i8 ? ldpc_decoder_decode_i8(dec, pool->i8 + (size_t)f0 * n, nf, out, status)
                    : ldpc_decoder_decode_f32(dec, pool->f32 + (size_t)f0 * n, nf, out, status);
        for (int f = 0; f < nf && st == LDPC_OK; f++) {
            const uint8_t *sent = pool->info + (size_t)(f0 + f) * k, *got = out + (size_t)f * ob;
            long long e = 0;
            for (int i = 0; i < pool->k_link; i++) /* K of NR: the fillers are not data */
                e += (sent[i] ^ (packed ? got[i >> 3] >> (7 - (i & 7)) : got[i])) & 1;
            bit_errors += e;
            frame_errors += e > 0;
        }
        frames += nf;
    }
    if (st == LDPC_OK) {
        pt->check_frames = frames;
        pt->frame_errors = frame_errors;
        pt->bit_errors = bit_errors;
    }
    free(out);
    free(status);
    return st;
}

static double point_fer(const bench_point *p)
{
    return p->check_frames ? (double)p->frame_errors / p->check_frames : 0.0;
}

static double point_ber(const bench_point *p, int k)
{
    return p->check_frames ? (double)p->bit_errors / ((double)p->check_frames * k) : 0.0;
}

/* Kernel-only: the decoder's first GPU, one batch of `batch` frames, reps launches. */
static void run_kernel_point(const ldpc_code *code, const bench_opts *o, ldpc_decoder_config cfg,
                             const llr_pool *pool, bench_point *pt)
{
    ldpc_decoder *dec = NULL;
    int st = ldpc_decoder_create(&dec, code, &cfg);
    if (st != LDPC_OK) {
        pt->status = st;
        return;
    }
    if (strcmp(ldpc_decoder_backend_name(dec), "cuda") != 0) {
        pt->status = LDPC_ERR_UNSUPPORTED;
        ldpc_decoder_destroy(dec);
        return;
    }
    const int n = ldpc_code_n(code);
    const int batch = ldpc_decoder_batch_frames(dec);
    /* the batch's frames: the pool repeated if it is smaller */
    const size_t esz = o->llr_i8 ? 1 : sizeof(float);
    unsigned char *in = malloc((size_t)batch * n * esz);
    double *t = malloc((size_t)o->reps * sizeof(double));
    if (!in || !t) {
        pt->status = LDPC_ERR_NO_MEMORY;
    } else {
        for (int f = 0; f < batch; f++)
            memcpy(in + (size_t)f * n * esz, pool_frames(pool, o->llr_i8, f), (size_t)n * esz);
        double total = 0;
        st = ldpc_cuda_time_kernel(dec, o->llr_i8 ? LDPC_LLR_I8 : LDPC_LLR_F32, in, batch, o->reps,
                                   pt->streams, t, &total);
        pt->status = st;
        if (st == LDPC_OK && total > 0) {
            const double frames = (double)batch * o->reps;
            pt->lat_median_us = percentile(t, o->reps, 0.5) * 1e6;
            pt->lat_p99_us = percentile(t, o->reps, 0.99) * 1e6;
            pt->coded_mbps = frames * link_n(code) / total / 1e6;
            pt->info_mbps = frames * link_k(code) / total / 1e6;
            pt->frames = (long long)frames;
            pt->seconds = total;
            /* the batch held pool frames 0..batch-1 (the pool repeated if smaller) */
            pt->status = count_errors(dec, pool, o->llr_i8, batch, pt);
        }
    }
    pt->batch = batch;
    snprintf(pt->describe, sizeof pt->describe, "%s", ldpc_cuda_describe(dec));
    free(in);
    free(t);
    ldpc_decoder_destroy(dec);
}

/* End-to-end through the asynchronous API. */
static void run_e2e_point(const ldpc_code *code, const bench_opts *o, ldpc_decoder_config cfg,
                          const llr_pool *pool, int in_flight, double seconds, bench_point *pt)
{
    cfg.batches_in_flight = in_flight;
    ldpc_decoder *dec = NULL;
    int st = ldpc_decoder_create(&dec, code, &cfg);
    if (st != LDPC_OK) {
        pt->status = st;
        return;
    }
    const int n = ldpc_decoder_frame_llrs(dec); /* E with --rate-matched */
    const int batch = ldpc_decoder_batch_frames(dec);
    const size_t esz = o->llr_i8 ? 1 : sizeof(float);
    const ldpc_llr_type type = o->llr_i8 ? LDPC_LLR_I8 : LDPC_LLR_F32;
    /* the CPU backends recover rate-matched frames in the batch's staging: refill every time */
    const int refill = o->copy_in || (o->rate_matched && strcmp(ldpc_decoder_backend_name(dec), "cuda") != 0);
    int cap = 4096;
    double *lat = malloc((size_t)cap * sizeof(double));
    double *t_submit = calloc((size_t)in_flight, sizeof(double));
    ldpc_batch **filled = calloc((size_t)in_flight, sizeof *filled);
    long long frames = 0, iters = 0;
    int nlat = 0, next_frame = 0, nfilled = 0;
    if (!lat || !t_submit || !filled) {
        pt->status = LDPC_ERR_NO_MEMORY;
        goto done;
    }
    /* warm-up: every slot filled and decoded once, so that every lane of every GPU has run
     * (a device's first launch loads its kernels: a few hundred ms outside the timing) */
    {
        ldpc_batch *b;
        int warm = 0;
        while (st == LDPC_OK && nfilled < in_flight && ldpc_decoder_acquire(dec, &b) == LDPC_OK) {
            unsigned char *dst = o->llr_i8 ? (unsigned char *)ldpc_batch_llr_i8(b) : (unsigned char *)ldpc_batch_llr_f32(b);
            for (int f = 0; f < batch; f++)
                memcpy(dst + (size_t)f * n * esz, pool_frames(pool, o->llr_i8, next_frame + f),
                       (size_t)n * esz);
            filled[nfilled++] = b;
            next_frame += batch;
            st = ldpc_decoder_submit(dec, b, batch, type);
            warm += st == LDPC_OK;
        }
        for (; warm > 0 && st == LDPC_OK; warm--) {
            st = ldpc_decoder_collect(dec, &b, 1);
            if (b)
                ldpc_decoder_release(dec, b);
        }
        if (st != LDPC_OK) {
            pt->status = st;
            goto done;
        }
    }
    const double t0 = app_now();
    double now = t0;
    int submitted = 0, collected = 0;
    while (st == LDPC_OK) {
        ldpc_batch *b;
        /* keep every slot busy until the time is up */
        while (now - t0 < seconds && ldpc_decoder_acquire(dec, &b) == LDPC_OK) {
            unsigned char *dst = o->llr_i8 ? (unsigned char *)ldpc_batch_llr_i8(b) : (unsigned char *)ldpc_batch_llr_f32(b);
            /* a staging buffer is filled once (or every time with --copy-in) */
            int seen = 0;
            for (int s = 0; s < nfilled && !seen; s++)
                seen = filled[s] == b;
            if (refill || !seen) {
                for (int f = 0; f < batch; f++)
                    memcpy(dst + (size_t)f * n * esz, pool_frames(pool, o->llr_i8, next_frame + f),
                           (size_t)n * esz);
                if (!seen && nfilled < in_flight)
                    filled[nfilled++] = b;
                next_frame += batch;
            }
            ldpc_batch_set_user(b, (uint64_t)submitted);
            t_submit[submitted % in_flight] = app_now();
            st = ldpc_decoder_submit(dec, b, batch, type);
            if (st != LDPC_OK)
                break;
            submitted++;
        }
        if (collected == submitted)
            break;
        st = ldpc_decoder_collect(dec, &b, 1);
        now = app_now();
        if (!b)
            break;
        const int idx = (int)ldpc_batch_user(b);
        if (nlat == cap) {
            cap *= 2;
            double *nl = realloc(lat, (size_t)cap * sizeof(double));
            if (!nl) {
                st = LDPC_ERR_NO_MEMORY;
                break;
            }
            lat = nl;
        }
        lat[nlat++] = now - t_submit[idx % in_flight];
        const ldpc_frame_status *fs = ldpc_batch_status(b);
        for (int f = 0; f < ldpc_batch_frames(b); f++)
            iters += fs[f].iterations;
        frames += ldpc_batch_frames(b);
        collected++;
        ldpc_decoder_release(dec, b);
    }
    const double elapsed = app_now() - t0;
    pt->status = st;
    if (st == LDPC_OK && frames > 0) {
        pt->frames = frames;
        pt->seconds = elapsed;
        pt->coded_mbps = (double)frames * link_n(code) / elapsed / 1e6;
        pt->info_mbps = (double)frames * link_k(code) / elapsed / 1e6;
        pt->lat_median_us = percentile(lat, nlat, 0.5) * 1e6;
        pt->lat_p99_us = percentile(lat, nlat, 0.99) * 1e6;
        pt->mean_iterations = (double)iters / frames;
        /* the batches held pool frames 0..next_frame-1 (filled at the warm-up, or again with
         * --copy-in) */
        pt->status = count_errors(dec, pool, o->llr_i8, next_frame, pt);
    }
done:
    pt->batch = batch;
    pt->in_flight = in_flight;
    snprintf(pt->describe, sizeof pt->describe, "%s", ldpc_cuda_describe(dec));
    if (!pt->describe[0])
        snprintf(pt->describe, sizeof pt->describe, "%s backend", ldpc_decoder_backend_name(dec));
    free(lat);
    free(t_submit);
    free(filled);
    ldpc_decoder_destroy(dec);
}

static void print_point(const bench_point *p, int k, double ebn0)
{
    if (p->status != LDPC_OK) {
        printf("%-8s %-10s %7d %4d %5d  failed: %s (%s)\n", p->kind, p->sweep, p->batch, p->streams,
               p->iterations, ldpc_strerror(p->status), ldpc_last_error());
        return;
    }
    printf("%-8s %-10s %7d %4d %5d %11.1f %11.1f %11.1f %11.1f %8.2f %9.2e %9.2e\n", p->kind,
           p->sweep, p->batch, p->streams, p->iterations, p->coded_mbps, p->info_mbps,
           p->lat_median_us, p->lat_p99_us, p->mean_iterations, point_fer(p), point_ber(p, k));
    if (point_fer(p) > FER_WARN)
        printf("  ^ FER %.3g > %g at Eb/N0 %.2f dB: this configuration does not decode here, so "
               "its throughput is not a decoder's\n", point_fer(p), FER_WARN, ebn0);
    fflush(stdout);
}

static int write_json(const char *path, const bench_opts *o, const ldpc_code *code, int argc,
                      char **argv, const bench_point *pts, int npts)
{
    FILE *f = app_open_write("bench", path);
    if (!f)
        return APP_FAILED;
    char date[64];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    char cmd[2048] = "ldpcgpu";
    for (int i = 0; i < argc; i++) {
        strncat(cmd, " ", sizeof cmd - strlen(cmd) - 1);
        strncat(cmd, argv[i], sizeof cmd - strlen(cmd) - 1);
    }
    fprintf(f, "{\n  \"tool\": \"ldpcgpu bench\",\n  \"date\": ");
    app_json_string(f, date);
    fprintf(f, ",\n  \"command\": ");
    app_json_string(f, cmd);
    fprintf(f, ",\n  \"code\": ");
    app_json_string(f, ldpc_code_name(code));
    fprintf(f, ",\n  \"n\": %d,\n  \"k\": %d,\n  \"backend\": ", ldpc_code_n(code), ldpc_code_k(code));
    app_json_string(f, ldpc_backend_name(o->cfg.backend));
    fprintf(f, ",\n  \"algorithm\": ");
    app_json_string(f, ldpc_algorithm_name(o->cfg.algorithm));
    fprintf(f, ",\n  \"schedule\": ");
    app_json_string(f, ldpc_schedule_name(o->cfg.schedule));
    fprintf(f, ",\n  \"msg\": \"%s\",\n  \"llr\": \"%s\",\n  \"early_termination\": %s,\n"
               "  \"crc_stop\": \"%s\",\n  \"ebn0_db\": %.3f,\n  \"ebn0_default\": %s,\n"
               "  \"points\": [\n",
            ldpc_msg_format_name(o->cfg.msg_format),
            ldpc_llr_type_name(o->llr_i8 ? LDPC_LLR_I8 : LDPC_LLR_F32),
            o->cfg.early_termination ? "true" : "false", ldpc_crc_stop_name(o->cfg.early_stop_crc),
            o->ebn0,
            o->ebn0_given ? "false" : "true");
    for (int i = 0; i < npts; i++) {
        const bench_point *p = &pts[i];
        fprintf(f, "    {\"kind\": \"%s\", \"sweep\": \"%s\", \"batch\": %d, \"streams\": %d, "
                   "\"in_flight\": %d, \"iterations\": %d, \"status\": %d",
                p->kind, p->sweep, p->batch, p->streams, p->in_flight, p->iterations, p->status);
        if (p->status == LDPC_OK)
            fprintf(f, ", \"frames\": %lld, \"seconds\": %.6f, \"coded_mbps\": %.3f, "
                       "\"info_mbps\": %.3f, \"latency_median_us\": %.3f, \"latency_p99_us\": %.3f, "
                       "\"mean_iterations\": %.3f",
                    p->frames, p->seconds, p->coded_mbps, p->info_mbps, p->lat_median_us,
                    p->lat_p99_us, p->mean_iterations);
        if (p->status == LDPC_OK && p->check_frames)
            fprintf(f, ", \"frames_checked\": %lld, \"frame_errors\": %lld, \"bit_errors\": %lld, "
                       "\"fer\": %.6e, \"ber\": %.6e, \"decodes\": %s",
                    p->check_frames, p->frame_errors, p->bit_errors, point_fer(p),
                    point_ber(p, link_k(code)), point_fer(p) > FER_WARN ? "false" : "true");
        fprintf(f, ", \"decoder\": ");
        app_json_string(f, p->describe);
        fprintf(f, "}%s\n", i + 1 < npts ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
    return app_close("bench", f, path) ? APP_FAILED : APP_OK;
}

static int parse(bench_opts *o, int argc, char **argv)
{
    app_args a;
    app_args_init(&a, "bench", argc, argv);
    memset(o, 0, sizeof *o);
    ldpc_decoder_config_init(&o->cfg);
    o->code_name = "wimax:2304:1/2";
    o->mode_kernel = o->mode_e2e = 1;
    o->reps = 30;
    o->seconds = 0.5;
    static const char *const modes[] = {"kernel", "e2e", "both", NULL};
    const char *v;
    long long iv;
    double dv;
    int choice;
    while (a.i < argc && !a.error) {
        const char *w = argv[a.i];
        if (app_is_help(w)) {
            usage(stdout);
            exit(0);
        } else if (app_opt(&a, "--code", NULL, &v)) {
            o->code_name = v;
        } else if (app_opt_choice(&a, "--mode", modes, &choice)) {
            o->mode_kernel = choice != 1;
            o->mode_e2e = choice != 0;
        } else if (app_opt(&a, "--frames", NULL, &v) || app_opt(&a, "--batch", NULL, &v)) {
            if (!a.error && !app_parse_int("bench", "--batch", v, 1, 1 << 20, &iv))
                o->cfg.batch_frames = (int)iv;
            else
                a.error = 1;
        } else if (app_opt(&a, "--streams", NULL, &v)) {
            if (!a.error && !app_parse_int("bench", "--streams", v, 1, 64, &iv))
                o->streams = (int)iv;
            else
                a.error = 1;
        } else if (app_opt(&a, "--in-flight", NULL, &v)) {
            if (!a.error && !app_parse_int("bench", "--in-flight", v, 1, 1024, &iv))
                o->in_flight = (int)iv;
            else
                a.error = 1;
        } else if (app_opt_llr_type(&a, "--llr", &o->llr_i8)) {
        } else if (app_opt(&a, "--llr-scale", NULL, &v)) {
            if (a.error || app_parse_llr_scale("bench", v, &o->cfg.llr_scale))
                a.error = 1;
        } else if (app_opt(&a, "--ebn0", NULL, &v)) {
            if (!a.error && !app_parse_double("bench", "--ebn0", v, -10, 30, &dv)) {
                o->ebn0 = dv;
                o->ebn0_given = 1;
            } else
                a.error = 1;
        } else if (app_opt(&a, "--reps", NULL, &v)) {
            if (!a.error && !app_parse_int("bench", "--reps", v, 1, 100000, &iv))
                o->reps = (int)iv;
            else
                a.error = 1;
        } else if (app_opt(&a, "--seconds", NULL, &v)) {
            if (!a.error && !app_parse_double("bench", "--seconds", v, 0.001, 3600, &dv))
                o->seconds = dv;
            else
                a.error = 1;
        } else if (app_flag(&a, "--packed")) {
            o->cfg.output_packing = LDPC_OUTPUT_PACKED;
        } else if (app_flag(&a, "--rate-matched")) {
            o->rate_matched = 1;
            o->cfg.input_rate_matched = 1;
        } else if (app_flag(&a, "--copy-in")) {
            o->copy_in = 1;
        } else if (app_flag(&a, "--latency")) {
            o->latency = 1;
        } else if (app_opt(&a, "--sweep", NULL, &v)) {
            if (a.error)
                break;
            char buf[256];
            snprintf(buf, sizeof buf, "%s", v);
            for (char *s = strtok(buf, ","); s; s = strtok(NULL, ",")) {
                if (!strcmp(s, "streams"))
                    o->sweep_streams = 1;
                else if (!strcmp(s, "batch"))
                    o->sweep_batch = 1;
                else if (!strcmp(s, "iterations"))
                    o->sweep_iterations = 1;
                else if (!strcmp(s, "all"))
                    o->sweep_streams = o->sweep_batch = o->sweep_iterations = 1;
                else {
                    fprintf(stderr, "ldpcgpu bench: --sweep: unknown '%s' (streams, batch, iterations, all)\n", s);
                    a.error = 1;
                }
            }
        } else if (app_opt(&a, "--json", NULL, &v)) {
            o->json_path = v;
        } else if (app_decoder_option(&a, &o->cfg)) {
            /* consumed */
        } else if (w[0] != '-') {
            o->code_name = w;
            a.i++;
        } else {
            app_unknown(&a);
        }
    }
    if (a.error) {
        fprintf(stderr, "(ldpcgpu bench --help for the options)\n");
        return APP_USAGE;
    }
    o->decoder_set = a.decoder_set;
    return APP_OK;
}

int cmd_bench(int argc, char **argv)
{
    bench_opts o;
    int r = parse(&o, argc, argv);
    if (r != APP_OK)
        return r;
    ldpc_code *code;
    if (app_open_code("bench", o.code_name, &code))
        return APP_FAILED;
    app_code_defaults(o.decoder_set, code, &o.cfg);
    if (app_check_llr_scale("bench", o.cfg.llr_scale, code, &o.cfg) != APP_OK) {
        ldpc_code_destroy(code);
        return APP_USAGE;
    }
    if (!o.ebn0_given) {
        const double r = app_code_rate(code);
        o.ebn0 = 10.0 * log10((pow(2.0, 2.0 * r) - 1.0) / (2.0 * r)) + EBN0_MARGIN_DB;
    }
    /* probe the backend once: kernel-only needs cuda */
    ldpc_decoder_config probe = o.cfg;
    if (o.streams)
        probe.num_streams = o.streams;
    ldpc_decoder *dec;
    int st = ldpc_decoder_create(&dec, code, &probe);
    if (st != LDPC_OK) {
        ldpc_code_destroy(code);
        return app_fail("bench", st, "creating the decoder");
    }
    const int is_cuda = strcmp(ldpc_decoder_backend_name(dec), "cuda") == 0;
    const int base_batch = ldpc_decoder_batch_frames(dec);
    const int base_streams = o.streams ? o.streams : (is_cuda ? 4 : 1);
    printf("code %s (n=%d k=%d), ", ldpc_code_name(code), ldpc_code_n(code), ldpc_code_k(code));
    ldpc_decoder_print(dec, stdout);
    if (is_cuda)
        printf("cuda: %s\n", ldpc_cuda_describe(dec));
    ldpc_decoder_destroy(dec);
    if (o.mode_kernel && !is_cuda) {
        if (!o.mode_e2e) {
            fprintf(stderr, "ldpcgpu bench: kernel-only timing needs the cuda backend\n");
            ldpc_code_destroy(code);
            return APP_FAILED;
        }
        o.mode_kernel = 0;
    }

    /* LLR pool: enough distinct frames for the batches in flight, at most ~256 MB */
    const int n = ldpc_code_n(code);
    int max_batch = base_batch;
    if (o.sweep_batch)
        max_batch = max_batch > 16384 ? max_batch : 16384;
    long long want = (long long)max_batch * 4;
    const long long cap = (256ll << 20) / ((long long)n * 5 + ldpc_code_k(code));
    if (want > cap)
        want = cap;
    if (want < 1)
        want = 1;
    llr_pool pool;
    printf("encoding %lld frames at Eb/N0 %.2f dB%s for the LLR pool...\n", want, o.ebn0,
           o.ebn0_given ? "" : " (default: 3 dB above the rate's Shannon limit)");
    fflush(stdout);
    if ((st = make_pool(code, (int)want, o.ebn0, o.cfg.llr_scale, o.cfg.early_stop_crc, &pool)) != LDPC_OK) {
        free_pool(&pool);
        ldpc_code_destroy(code);
        return app_fail("bench", st, "making the LLRs");
    }
    /* --rate-matched: the end-to-end points take frames of E LLRs */
    llr_pool rm_pool;
    memset(&rm_pool, 0, sizeof rm_pool);
    if (o.rate_matched && (st = make_rm_pool(code, (int)want, o.ebn0, o.cfg.llr_scale, &rm_pool)) != LDPC_OK) {
        free_pool(&pool);
        free_pool(&rm_pool);
        ldpc_code_destroy(code);
        return app_fail("bench", st, "making the rate-matched LLRs (--rate-matched needs an \"nr:K:E\" code)");
    }
    const llr_pool *e2e_pool = o.rate_matched ? &rm_pool : &pool;

    bench_point pts[MAX_POINTS];
    int npts = 0;
    printf("\n%-8s %-10s %7s %4s %5s %11s %11s %11s %11s %8s %9s %9s\n", "kind", "sweep", "batch",
           "strm", "iters", "coded Mb/s", "info Mb/s", "median us", "p99 us", "avg it", "FER",
           "BER");
    /* the points: base, then each sweep (one parameter varied, the others at base) */
    typedef struct { const char *sweep; int batch, streams, iters; } spec;
    spec specs[MAX_POINTS];
    int nspec = 0;
    specs[nspec++] = (spec){"base", o.cfg.batch_frames, base_streams, o.cfg.max_iterations};
    if (o.sweep_batch) {
        const int b[] = {6, 64, 256, 1024, 4096, 16384};
        for (size_t i = 0; i < sizeof b / sizeof b[0]; i++)
            specs[nspec++] = (spec){"batch", b[i], base_streams, o.cfg.max_iterations};
    }
    if (o.sweep_iterations) {
        const int it[] = {1, 5, 10, 20, 50};
        for (size_t i = 0; i < sizeof it / sizeof it[0]; i++)
            specs[nspec++] = (spec){"iterations", o.cfg.batch_frames, base_streams, it[i]};
    }
    int sweep_streams_from = nspec;
    if (o.sweep_streams && is_cuda) {
        const int s[] = {1, 2, 4, 8};
        for (size_t i = 0; i < sizeof s / sizeof s[0]; i++)
            specs[nspec++] = (spec){"streams", o.cfg.batch_frames, s[i], o.cfg.max_iterations};
    }
    for (int i = 0; i < nspec && npts + 3 <= MAX_POINTS; i++) {
        ldpc_decoder_config cfg = o.cfg;
        cfg.batch_frames = specs[i].batch;
        cfg.num_streams = specs[i].streams;
        cfg.max_iterations = specs[i].iters;
        /* 2 per stream of every GPU (the lanes take batches round-robin) */
        const int gpus = cfg.num_devices > 1 ? cfg.num_devices : 1;
        const int in_flight = o.in_flight ? o.in_flight : gpus * (2 * specs[i].streams < 2 ? 2 : 2 * specs[i].streams);
        /* kernel-only: one stream (launches one after another) unless streams are asked for */
        if (o.mode_kernel) {
            bench_point *p = &pts[npts++];
            memset(p, 0, sizeof *p);
            snprintf(p->kind, sizeof p->kind, "kernel");
            snprintf(p->sweep, sizeof p->sweep, "%s", specs[i].sweep);
            p->streams = (o.streams || i >= sweep_streams_from) ? specs[i].streams : 1;
            p->iterations = specs[i].iters;
            ldpc_decoder_config kcfg = cfg;
            kcfg.input_rate_matched = 0; /* the decode kernel on the recovered frames */
            run_kernel_point(code, &o, kcfg, &pool, p);
            print_point(p, link_k(code), o.ebn0);
        }
        if (o.mode_e2e) {
            bench_point *p = &pts[npts++];
            memset(p, 0, sizeof *p);
            snprintf(p->kind, sizeof p->kind, "e2e");
            snprintf(p->sweep, sizeof p->sweep, "%s", specs[i].sweep);
            p->streams = specs[i].streams;
            p->iterations = specs[i].iters;
            run_e2e_point(code, &o, cfg, e2e_pool, in_flight, o.seconds, p);
            print_point(p, link_k(code), o.ebn0);
        }
        if (o.latency && i == 0) {
            bench_point *p = &pts[npts++];
            memset(p, 0, sizeof *p);
            snprintf(p->kind, sizeof p->kind, "latency");
            snprintf(p->sweep, sizeof p->sweep, "%s", specs[i].sweep);
            p->streams = 1;
            p->iterations = specs[i].iters;
            cfg.num_streams = 1;
            run_e2e_point(code, &o, cfg, e2e_pool, 1, o.seconds, p);
            print_point(p, link_k(code), o.ebn0);
        }
    }
    int ret = APP_OK;
    for (int i = 0; i < npts; i++)
        if (pts[i].status != LDPC_OK)
            ret = APP_FAILED;
    if (o.json_path && write_json(o.json_path, &o, code, argc, argv, pts, npts) != APP_OK)
        ret = APP_FAILED;
    free_pool(&pool);
    free_pool(&rm_pool);
    ldpc_code_destroy(code);
    return ret;
}
