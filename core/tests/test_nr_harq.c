/* HARQ soft buffers kept by the decoder (ldpc_decoder_config.harq_buffers), on every backend
 * (cuda where there is a GPU):
 *  - the buffers: after each transmission (rv 0, 2, 3, 1 of the same code blocks, each with its
 *    own noise), every buffer equals what the public ldpc_nr_rate_recover_f32 accumulates from
 *    the same LLRs (float; int8: the integer sums, fillers the certain 0 of int8);
 *  - the decode: a frame's output and status equal the mother code's decode of that buffer
 *    (same backend and settings), and combining helps (fewer wrong frames after rv 0 + rv 2
 *    than after rv 0 alone at a low Eb/N0);
 *  - batches in flight together, the second adding to the first's buffers, combine in
 *    submission order;
 *  - frames without a buffer (-1), and ldpc_decoder_decode_f32 on such a decoder, decode alone
 *    (as a decoder without HARQ buffers does);
 *  - misuse: harq_buffers without input_rate_matched, an entry out of its domain, a buffer named
 *    twice in one call, harq_read with batches in flight or of a buffer that does not exist. */
#include <math.h>
#include <string.h>
#include "ldpcgpu/channel.h"
#include "test_util.h"

enum { FRAMES = 6, NTX = 4 };
static const int kRvOrder[NTX] = {0, 2, 3, 1};

typedef struct {
    const char *name, *mother;
    ldpc_code *code, *mother_code;
    ldpc_nr_code_params np;
    int n, e;
    uint8_t *cw;   /* FRAMES x n */
    float *rx;     /* NTX x FRAMES x e: each transmission's received LLRs */
    float *ref;    /* FRAMES x n: the host's accumulation so far */
} harq_case;

static void case_init(harq_case *t, const char *name, const char *mother, double ebn0, uint64_t seed)
{
    t->name = name;
    t->mother = mother;
    REQUIRE_OK(ldpc_code_create(&t->code, name));
    REQUIRE_OK(ldpc_code_create(&t->mother_code, mother));
    REQUIRE_OK(ldpc_code_nr_params(t->code, &t->np));
    t->n = ldpc_code_n(t->code);
    t->e = t->np.e;
    REQUIRE(ldpc_code_n(t->mother_code) == t->n);
    t->cw = malloc((size_t)FRAMES * t->n);
    t->rx = malloc(sizeof(float) * (size_t)NTX * FRAMES * t->e);
    t->ref = calloc((size_t)FRAMES * t->n, sizeof(float));
    uint8_t *info = calloc((size_t)ldpc_code_k(t->code), 1), *tx = malloc((size_t)t->e);
    REQUIRE(t->cw && t->rx && t->ref && info && tx);
    ldpc_encoder *enc;
    REQUIRE_OK(ldpc_encoder_create(&enc, t->code));
    ldpc_rng rng;
    ldpc_rng_seed(&rng, seed);
    const double sigma = ldpc_awgn_sigma(ebn0, (double)t->np.cb.k_prime / t->e);
    for (int f = 0; f < FRAMES; f++) {
        ldpc_rng_bits(&rng, info, t->np.cb.k_prime);
        REQUIRE_OK(ldpc_encoder_encode(enc, info, t->cw + (size_t)f * t->n, 1));
        for (int x = 0; x < NTX; x++) {
            REQUIRE_OK(ldpc_nr_rate_match(&t->np.cb, kRvOrder[x], t->np.qm, t->e, t->cw + (size_t)f * t->n, tx));
            ldpc_channel_bpsk_awgn(&rng, tx, t->e, sigma, t->rx + ((size_t)x * FRAMES + f) * t->e);
        }
    }
    ldpc_encoder_destroy(enc);
    free(info);
    free(tx);
}

static void case_free(harq_case *t)
{
    ldpc_code_destroy(t->code);
    ldpc_code_destroy(t->mother_code);
    free(t->cw);
    free(t->rx);
    free(t->ref);
}

static ldpc_decoder_config base_cfg(ldpc_backend be, ldpc_msg_format fmt)
{
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init_family(&cfg, LDPC_FAMILY_NR);
    cfg.backend = be;
    cfg.fallback_to_cpu = 0;
    cfg.msg_format = fmt;
    cfg.num_threads = 1;
    cfg.max_iterations = 12;
    cfg.early_termination = 0;
    cfg.output_bits = LDPC_OUTPUT_CODEWORD;
    return cfg;
}

static int frames_wrong(const uint8_t *out, const uint8_t *cw, int n, int frames)
{
    int wrong = 0;
    for (int f = 0; f < frames; f++)
        wrong += memcmp(out + (size_t)f * n, cw + (size_t)f * n, (size_t)n) != 0;
    return wrong;
}

/* The transmissions in turn through one decoder with FRAMES buffers; buffers, outputs and
 * statuses checked against the host's accumulation and the mother code's decode of it. Where
 * the front end holds the buffers (CPU backends), buffers that hold only the code's own rv (the
 * first transmission) decode on the code's decode graph (decoder.c): checked against a decoder
 * of the code without buffers given the same n values. i8: int8 LLRs (quantised at the
 * decoder's llr_scale) instead of float. */
static void check_sequence(harq_case *t, ldpc_backend be, ldpc_msg_format fmt, int i8)
{
    ldpc_decoder_config cfg = base_cfg(be, fmt);
    cfg.input_rate_matched = 1;
    cfg.harq_buffers = FRAMES + 3; /* more buffers than frames: frame f uses buffer f + 2 */
    ldpc_decoder *dec, *mother, *graph;
    REQUIRE_OK(ldpc_decoder_create(&dec, t->code, &cfg));
    ldpc_decoder_config mcfg = base_cfg(be, fmt);
    REQUIRE_OK(ldpc_decoder_create(&mother, t->mother_code, &mcfg));
    REQUIRE_OK(ldpc_decoder_create(&graph, t->code, &mcfg)); /* frames of n values, no buffers */
    const int front_end_buffers = be != LDPC_BACKEND_CUDA;
    const int n = t->n, e = t->e;
    uint8_t *out = malloc((size_t)FRAMES * n), *want = malloc((size_t)FRAMES * n);
    float *buf = malloc(sizeof(float) * (size_t)n), *one = malloc(sizeof(float) * (size_t)e);
    int8_t *q = malloc((size_t)FRAMES * e), *mq = malloc((size_t)FRAMES * n);
    ldpc_frame_status st[FRAMES], mst[FRAMES];
    REQUIRE(out && want && buf && one && q && mq);
    memset(t->ref, 0, sizeof(float) * (size_t)FRAMES * n);
    /* the buffers hold an earlier code block's transmission: "first" must start them again */
    ldpc_harq_frame earlier[FRAMES];
    for (int f = 0; f < FRAMES; f++)
        earlier[f] = (ldpc_harq_frame){f + 2, 2, 1};
    if (i8) {
        ldpc_llr_quantize_i8(t->rx + (size_t)FRAMES * e, (size_t)FRAMES * e, cfg.llr_scale, q);
        REQUIRE_OK(ldpc_decoder_decode_harq_i8(dec, q, earlier, FRAMES, out, st));
    } else {
        REQUIRE_OK(ldpc_decoder_decode_harq_f32(dec, t->rx + (size_t)FRAMES * e, earlier, FRAMES, out, st));
    }
    int buf_diff = 0, out_diff = 0, wrong[NTX];
    for (int x = 0; x < NTX; x++) {
        const float *rx = t->rx + (size_t)x * FRAMES * e;
        ldpc_harq_frame h[FRAMES];
        for (int f = 0; f < FRAMES; f++)
            h[f] = (ldpc_harq_frame){f + 2, kRvOrder[x], x == 0};
        if (i8) {
            ldpc_llr_quantize_i8(rx, (size_t)FRAMES * e, cfg.llr_scale, q);
            REQUIRE_OK(ldpc_decoder_decode_harq_i8(dec, q, h, FRAMES, out, st));
        } else {
            REQUIRE_OK(ldpc_decoder_decode_harq_f32(dec, rx, h, FRAMES, out, st));
        }
        /* the host's accumulation of the same values (int8: as integers) */
        for (int f = 0; f < FRAMES; f++) {
            for (int i = 0; i < e; i++)
                one[i] = i8 ? (float)q[(size_t)f * e + i] : rx[(size_t)f * e + i];
            REQUIRE_OK(ldpc_nr_rate_recover_f32(&t->np.cb, kRvOrder[x], t->np.qm, e, one, t->ref + (size_t)f * n));
        }
        for (int f = 0; f < FRAMES; f++) {
            REQUIRE_OK(ldpc_decoder_harq_read(dec, f + 2, buf));
            const float *r = t->ref + (size_t)f * n;
            for (int j = 0; j < n; j++) {
                const int filler = j >= t->np.cb.k_prime && j < t->np.cb.k;
                const float expect = i8 && filler ? 127.0f : r[j];
                buf_diff += buf[j] != expect;
                if (i8)
                    mq[(size_t)f * n + j] = (int8_t)(buf[j] > 127 ? 127 : (buf[j] < -128 ? -128 : buf[j]));
            }
        }
        /* the mother code's decode of the buffers (after the first transmission with front-end
         * buffers: the code's, on its decode graph) */
        ldpc_decoder *by = x == 0 && front_end_buffers ? graph : mother;
        if (i8)
            REQUIRE_OK(ldpc_decoder_decode_i8(by, mq, FRAMES, want, mst));
        else
            REQUIRE_OK(ldpc_decoder_decode_f32(by, t->ref, FRAMES, want, mst));
        out_diff += memcmp(out, want, (size_t)FRAMES * n) != 0;
        for (int f = 0; f < FRAMES; f++)
            out_diff += st[f].parity_ok != mst[f].parity_ok || st[f].iterations != mst[f].iterations;
        wrong[x] = frames_wrong(out, t->cw, n, FRAMES);
    }
    printf("%s %s %s%s: frames wrong after rv 0, +2, +3, +1: %d %d %d %d\n", t->name,
           ldpc_decoder_backend_name(dec), ldpc_msg_format_name(fmt), i8 ? " int8 LLRs" : "", wrong[0],
           wrong[1], wrong[2], wrong[3]);
    CHECK_MSG(buf_diff == 0, "%s: %d buffer values differ from ldpc_nr_rate_recover_f32's", t->name, buf_diff);
    CHECK_MSG(out_diff == 0, "%s: %d outputs/statuses differ from the mother code's decode", t->name, out_diff);
    CHECK_MSG(wrong[0] > wrong[1] && wrong[3] == 0,
              "%s: combining does not help (wrong %d after rv 0, %d after rv 0+2, %d after all 4)", t->name,
              wrong[0], wrong[1], wrong[3]);
    ldpc_decoder_destroy(dec);
    ldpc_decoder_destroy(mother);
    ldpc_decoder_destroy(graph);
    free(out);
    free(want);
    free(buf);
    free(one);
    free(q);
    free(mq);
}

/* Two batches in flight, the second (rv 2) adding to the buffers the first (rv 0) starts; and
 * frames without a buffer: with the code's rv (a batch's entries -1, or ldpc_decoder_decode_f32)
 * decoded as a decoder without buffers decodes them (on the code's decode graph: decoder.c,
 * plain_frames), with another rv recovered alone and decoded as the mother code decodes it. */
static void check_in_flight(harq_case *t, ldpc_backend be)
{
    ldpc_decoder_config cfg = base_cfg(be, LDPC_MSG_F32);
    cfg.input_rate_matched = 1;
    cfg.harq_buffers = FRAMES;
    cfg.batch_frames = FRAMES;
    cfg.batches_in_flight = 4;
    cfg.num_streams = 2;
    ldpc_decoder *dec, *mother, *plain;
    REQUIRE_OK(ldpc_decoder_create(&dec, t->code, &cfg));
    ldpc_decoder_config pcfg = cfg;
    pcfg.harq_buffers = 0;
    REQUIRE_OK(ldpc_decoder_create(&plain, t->code, &pcfg));
    ldpc_decoder_config mcfg = base_cfg(be, LDPC_MSG_F32);
    REQUIRE_OK(ldpc_decoder_create(&mother, t->mother_code, &mcfg));
    const int n = t->n, e = t->e;
    uint8_t *want = malloc((size_t)FRAMES * n), *alone = malloc((size_t)FRAMES * n);
    uint8_t *plain_out = malloc((size_t)FRAMES * n);
    ldpc_frame_status *plain_st = malloc(FRAMES * sizeof *plain_st), *got_st = malloc(FRAMES * sizeof *got_st);
    REQUIRE(plain_out && plain_st && got_st);
    float *ref = calloc((size_t)FRAMES * n, sizeof(float)), *buf = malloc(sizeof(float) * (size_t)n),
          *rv0 = calloc((size_t)FRAMES * n, sizeof(float));
    REQUIRE(want && alone && ref && buf && rv0);
    for (int x = 0; x < 2; x++)
        for (int f = 0; f < FRAMES; f++)
            REQUIRE_OK(ldpc_nr_rate_recover_f32(&t->np.cb, kRvOrder[x], t->np.qm, e,
                                                t->rx + ((size_t)x * FRAMES + f) * e, ref + (size_t)f * n));
    REQUIRE_OK(ldpc_decoder_decode_f32(mother, ref, FRAMES, want, NULL));
    /* the code's own frames (rv 0, the code's) as a decoder without buffers decodes them; the
     * rv 2 frames alone, as the mother code decodes their recovery */
    REQUIRE_OK(ldpc_decoder_decode_f32(plain, t->rx, FRAMES, plain_out, plain_st));
    for (int f = 0; f < FRAMES; f++)
        REQUIRE_OK(ldpc_nr_rate_recover_f32(&t->np.cb, kRvOrder[1], t->np.qm, e, t->rx + ((size_t)FRAMES + f) * e,
                                            rv0 + (size_t)f * n));
    REQUIRE_OK(ldpc_decoder_decode_f32(mother, rv0, FRAMES, alone, NULL));
    int diff = 0;
    /* rv 0 into the buffers, rv 2 added, rv 0 again without buffers, rv 2 without buffers */
    for (int x = 0; x < 4; x++) {
        ldpc_batch *b;
        REQUIRE_OK(ldpc_decoder_acquire(dec, &b));
        ldpc_harq_frame *h = ldpc_batch_harq(b);
        REQUIRE(h != NULL);
        CHECK(h[0].buffer == -1 && h[0].rv == 0 && h[0].first == 0);
        const int tx = x == 2 ? 0 : x == 3 ? 1 : x;
        memcpy(ldpc_batch_llr_f32(b), t->rx + (size_t)tx * FRAMES * e, sizeof(float) * (size_t)FRAMES * e);
        for (int f = 0; f < FRAMES; f++)
            h[f] = x >= 2 ? (ldpc_harq_frame){-1, kRvOrder[tx], 0}
                          : (ldpc_harq_frame){FRAMES - 1 - f, kRvOrder[x], x == 0};
        REQUIRE_OK(ldpc_decoder_submit(dec, b, FRAMES, LDPC_LLR_F32));
    }
    CHECK(ldpc_decoder_harq_read(dec, 0, buf) == LDPC_ERR_INVALID_ARGUMENT); /* in flight */
    for (int x = 0; x < 4; x++) {
        ldpc_batch *b;
        REQUIRE_OK(ldpc_decoder_collect(dec, &b, 1));
        if (x == 1)
            diff += memcmp(ldpc_batch_output(b), want, (size_t)FRAMES * n) != 0; /* buffer FRAMES-1-f */
        if (x == 2)
            diff += memcmp(ldpc_batch_output(b), plain_out, (size_t)FRAMES * n) != 0 ||
                    memcmp(ldpc_batch_status(b), plain_st, FRAMES * sizeof *plain_st) != 0;
        if (x == 3)
            diff += memcmp(ldpc_batch_output(b), alone, (size_t)FRAMES * n) != 0;
        REQUIRE_OK(ldpc_decoder_release(dec, b));
    }
    { /* a slot used with buffers starts again as "no buffer" */
        ldpc_batch *b;
        REQUIRE_OK(ldpc_decoder_acquire(dec, &b));
        const ldpc_harq_frame *h = ldpc_batch_harq(b);
        for (int f = 0; f < FRAMES; f++)
            diff += h[f].buffer != -1 || h[f].rv != 0 || h[f].first != 0;
        REQUIRE_OK(ldpc_decoder_release(dec, b));
    }
    for (int f = 0; f < FRAMES; f++) {
        REQUIRE_OK(ldpc_decoder_harq_read(dec, FRAMES - 1 - f, buf));
        for (int j = 0; j < n; j++)
            diff += buf[j] != ref[(size_t)f * n + j];
    }
    /* decode_f32 on a decoder with buffers: frames alone */
    uint8_t *out = malloc((size_t)FRAMES * n);
    REQUIRE(out);
    REQUIRE_OK(ldpc_decoder_decode_f32(dec, t->rx, FRAMES, out, got_st));
    diff += memcmp(out, plain_out, (size_t)FRAMES * n) != 0 || memcmp(got_st, plain_st, FRAMES * sizeof *got_st) != 0;
    CHECK_MSG(diff == 0, "%s %s: batches in flight: %d differences", t->name, ldpc_decoder_backend_name(dec), diff);
    ldpc_decoder_destroy(dec);
    ldpc_decoder_destroy(mother);
    ldpc_decoder_destroy(plain);
    free(plain_out);
    free(plain_st);
    free(got_st);
    free(want);
    free(alone);
    free(ref);
    free(rv0);
    free(buf);
    free(out);
}

static void check_misuse(harq_case *t)
{
    ldpc_decoder_config cfg = base_cfg(LDPC_BACKEND_CPU_REFERENCE, LDPC_MSG_F32);
    ldpc_decoder *dec = NULL;
    cfg.harq_buffers = 4; /* without input_rate_matched */
    CHECK(ldpc_decoder_create(&dec, t->code, &cfg) == LDPC_ERR_INVALID_ARGUMENT && !dec);
    cfg.input_rate_matched = 1;
    cfg.harq_buffers = -1;
    CHECK(ldpc_decoder_create(&dec, t->code, &cfg) == LDPC_ERR_INVALID_ARGUMENT && !dec);
    cfg.harq_buffers = 4;
    REQUIRE_OK(ldpc_decoder_create(&dec, t->code, &cfg));
    uint8_t *out = malloc((size_t)2 * t->n);
    float *buf = malloc(sizeof(float) * (size_t)t->n);
    REQUIRE(out && buf);
    const ldpc_harq_frame bad[][2] = {
        {{4, 0, 1}, {0, 0, 1}},  /* buffer out of range */
        {{0, 4, 1}, {1, 0, 1}},  /* rv 4 */
        {{0, 0, 2}, {1, 0, 1}},  /* first 2 */
        {{1, 0, 1}, {1, 2, 0}},  /* buffer 1 twice */
        {{-2, 0, 0}, {1, 0, 1}}, /* buffer -2 */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK_MSG(ldpc_decoder_decode_harq_f32(dec, t->rx, bad[i], 2, out, NULL) == LDPC_ERR_INVALID_ARGUMENT,
                  "bad HARQ entry set %zu taken", i);
    CHECK(ldpc_decoder_decode_harq_f32(dec, t->rx, NULL, 2, out, NULL) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_decoder_harq_read(dec, 4, buf) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_decoder_harq_read(dec, -1, buf) == LDPC_ERR_INVALID_ARGUMENT);
    /* nothing was combined by the refused calls */
    REQUIRE_OK(ldpc_decoder_harq_read(dec, 1, buf));
    int nonzero = 0;
    for (int j = 0; j < t->n; j++)
        nonzero += buf[j] != 0.0f;
    CHECK(nonzero == 0);
    ldpc_decoder_destroy(dec);
    /* a decoder without buffers takes no HARQ entries */
    cfg.harq_buffers = 0;
    REQUIRE_OK(ldpc_decoder_create(&dec, t->code, &cfg));
    const ldpc_harq_frame ok[2] = {{0, 0, 1}, {1, 0, 1}};
    CHECK(ldpc_decoder_decode_harq_f32(dec, t->rx, ok, 2, out, NULL) == LDPC_ERR_INVALID_ARGUMENT);
    ldpc_decoder_destroy(dec);
    free(out);
    free(buf);
}

int main(void)
{
    /* E below N_cb (no repetition within a transmission: the buffers equal the host's bit for
     * bit); Eb/N0 where rv 0 alone fails often and the four rvs never */
    harq_case bg2, bg1;
    case_init(&bg2, "nr:1000:3000", "nr:bg2:z104", -1.5, 11);
    case_init(&bg1, "nr:4000:6000:qm2", "nr:bg1:z192", 0.5, 12);
    check_misuse(&bg2);
    ldpc_backend be[3] = {LDPC_BACKEND_CPU_REFERENCE, LDPC_BACKEND_CPU_SIMD, LDPC_BACKEND_CUDA};
    for (int i = 0; i < 3; i++) {
        if (!ldpc_backend_available(be[i])) {
            printf("%s: not available here, skipped\n", ldpc_backend_name(be[i]));
            continue;
        }
        check_sequence(&bg2, be[i], LDPC_MSG_F32, 0);
        check_sequence(&bg1, be[i], LDPC_MSG_F32, 0);
        if (be[i] != LDPC_BACKEND_CPU_REFERENCE) {
            check_sequence(&bg2, be[i], LDPC_MSG_I16, 1);
            check_sequence(&bg1, be[i], LDPC_MSG_I16, 1);
        }
        check_in_flight(&bg2, be[i]);
        check_in_flight(&bg1, be[i]);
    }
    case_free(&bg2);
    case_free(&bg1);
    return test_finish("test_nr_harq");
}
