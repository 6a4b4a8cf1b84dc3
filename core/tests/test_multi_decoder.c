/* ldpc_multi_decoder: batches mixing codes (4 DVB-S2 MODCODs of one frame size; NR codes of
 * different K and E, also fed their E received LLRs with input_rate_matched next to a code of n
 * LLRs) on cpu-reference and cpu-simd give, frame by frame and in order, what a single-code
 * decoder of the frame's code gives (bits and status), the decoded bits are the sent ones, and
 * bad input is refused. */
#include <math.h>
#include <string.h>
#include "test_util.h"

typedef struct setup {
    const char *name;
    ldpc_backend backend;
    ldpc_msg_format fmt;
    ldpc_llr_type input;
    ldpc_output_bits bits;
    ldpc_output_packing packing;
} setup;

static const setup SETUPS[] = {
    {"cpu-reference f32", LDPC_BACKEND_CPU_REFERENCE, LDPC_MSG_F32, LDPC_LLR_F32,
     LDPC_OUTPUT_INFO, LDPC_OUTPUT_UNPACKED},
    {"cpu-simd f32 codeword packed", LDPC_BACKEND_CPU_SIMD, LDPC_MSG_F32, LDPC_LLR_F32,
     LDPC_OUTPUT_CODEWORD, LDPC_OUTPUT_PACKED},
    {"cpu-simd i8 msgs, i8 input", LDPC_BACKEND_CPU_SIMD, LDPC_MSG_I8, LDPC_LLR_I8,
     LDPC_OUTPUT_INFO, LDPC_OUTPUT_UNPACKED},
    {"cpu-simd i16 msgs", LDPC_BACKEND_CPU_SIMD, LDPC_MSG_I16, LDPC_LLR_F32, LDPC_OUTPUT_INFO,
     LDPC_OUTPUT_PACKED},
    /* where a GPU is usable: one pipeline per code behind the same call */
    {"cuda f32", LDPC_BACKEND_CUDA, LDPC_MSG_F32, LDPC_LLR_F32, LDPC_OUTPUT_INFO,
     LDPC_OUTPUT_UNPACKED},
    {"cuda i8 msgs, i8 input, codeword packed", LDPC_BACKEND_CUDA, LDPC_MSG_I8, LDPC_LLR_I8,
     LDPC_OUTPUT_CODEWORD, LDPC_OUTPUT_PACKED},
};

/* A mixed batch: frame f of code index[f], its LLRs in row f (stride max_n: the longest frame),
 * the information bits sent (first k_sent[index] of row f of info, stride max_k). rate_matched:
 * the rate-matched NR codes' frames are their E received LLRs (input_rate_matched), the other
 * codes' their n. */
typedef struct batch {
    int ncodes, nframes, max_n, max_k, rate_matched;
    const ldpc_code **codes;
    int *index;
    float *llr;
    uint8_t *info;
    const int *k_sent; /* information bits to compare per code (NR: K, fillers excluded) */
} batch;

static int8_t quantise(float x, float scale)
{
    float q = roundf(x * scale);
    return (int8_t)(q > 127.0f ? 127 : q < -128.0f ? -128 : q);
}

/* A rate-matched NR code ("nr:K:E"), whose frames input_rate_matched makes its E LLRs. */
static int is_rate_matched(const ldpc_code *code)
{
    ldpc_nr_code_params p;
    return ldpc_code_nr_params(code, &p) == LDPC_OK && p.e > 0;
}

/* The single-code decoder's configuration for code: the multi decoder's, input_rate_matched
 * kept for the rate-matched codes only. */
static ldpc_decoder_config single_config(const ldpc_decoder_config *cfg, const ldpc_code *code)
{
    ldpc_decoder_config c = *cfg;
    c.input_rate_matched = cfg->input_rate_matched && is_rate_matched(code);
    return c;
}

/* Decode the batch with a multi-code decoder and with one single-code decoder per frame;
 * compare. */
static void check_batch(const batch *bt, const setup *su)
{
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    cfg.backend = su->backend;
    cfg.msg_format = su->fmt;
    cfg.output_bits = su->bits;
    cfg.output_packing = su->packing;
    cfg.max_iterations = 20;
    cfg.num_threads = 2;
    cfg.batch_frames = 8; /* several batches per code: slots refilled while others decode */
    cfg.input_rate_matched = bt->rate_matched;
    ldpc_multi_decoder *m;
    int made = ldpc_multi_decoder_create(&m, bt->codes, bt->ncodes, &cfg);
    if (made != LDPC_OK) {
        /* a setting some code cannot take (int8 messages on high column degrees): refused as
         * a single-code decoder of one of the codes refuses it */
        printf("%s: refused (%s)\n", su->name, ldpc_last_error());
        int single_refuses = 0;
        for (int c = 0; c < bt->ncodes; c++) {
            ldpc_decoder *d = NULL;
            ldpc_decoder_config one_cfg = single_config(&cfg, bt->codes[c]);
            single_refuses |= ldpc_decoder_create(&d, bt->codes[c], &one_cfg) == made;
            ldpc_decoder_destroy(d);
        }
        CHECK(made == LDPC_ERR_INVALID_ARGUMENT && single_refuses);
        return;
    }
    CHECK(ldpc_multi_decoder_max_n(m) == bt->max_n);
    CHECK(strcmp(ldpc_multi_decoder_backend_name(m), ldpc_backend_name(su->backend)) == 0);
    const int row = ldpc_multi_decoder_max_output_bytes(m), nf = bt->nframes;
    uint8_t *out = malloc((size_t)nf * row), *one = malloc((size_t)row);
    int8_t *q = malloc((size_t)nf * bt->max_n), *q1 = malloc((size_t)bt->max_n);
    ldpc_frame_status *st = malloc(sizeof *st * (size_t)nf), st1;
    REQUIRE(out && one && q && q1 && st);
    memset(out, 0xAA, (size_t)nf * row); /* the rest of each row must be cleared */
    if (su->input == LDPC_LLR_I8) {
        for (long i = 0; i < (long)nf * bt->max_n; i++)
            q[i] = quantise(bt->llr[i], cfg.llr_scale);
        REQUIRE_OK(ldpc_multi_decoder_decode_i8(m, q, bt->index, nf, out, st));
    } else {
        REQUIRE_OK(ldpc_multi_decoder_decode_f32(m, bt->llr, bt->index, nf, out, st));
    }
    ldpc_decoder **single = calloc((size_t)bt->ncodes, sizeof *single);
    REQUIRE(single);
    for (int c = 0; c < bt->ncodes; c++) {
        ldpc_decoder_config one_cfg = single_config(&cfg, bt->codes[c]);
        REQUIRE_OK(ldpc_decoder_create(&single[c], bt->codes[c], &one_cfg));
        CHECK(ldpc_multi_decoder_frame_llrs(m, c) == ldpc_decoder_frame_llrs(single[c]));
    }
    int same = 0, sent_ok = 0, parity = 0, it_min = 1 << 30, it_max = 0;
    for (int f = 0; f < nf; f++) {
        const int c = bt->index[f], ob = ldpc_decoder_output_bytes(single[c]);
        const float *x = bt->llr + (size_t)f * bt->max_n;
        if (su->input == LDPC_LLR_I8) {
            memcpy(q1, q + (size_t)f * bt->max_n, (size_t)ldpc_decoder_frame_llrs(single[c]));
            REQUIRE_OK(ldpc_decoder_decode_i8(single[c], q1, 1, one, &st1));
        } else {
            REQUIRE_OK(ldpc_decoder_decode_f32(single[c], x, 1, one, &st1));
        }
        const uint8_t *got = out + (size_t)f * row;
        int zero_tail = 1;
        for (int i = ob; i < row; i++)
            zero_tail &= got[i] == 0;
        int eq = memcmp(got, one, (size_t)ob) == 0 && zero_tail &&
                 st[f].iterations == st1.iterations && st[f].parity_ok == st1.parity_ok;
        same += eq;
        CHECK_MSG(eq, "%s: frame %d (%s) differs from its single-code decode (it %d/%d ok %d/%d)",
                  su->name, f, ldpc_code_name(bt->codes[c]), st[f].iterations, st1.iterations,
                  st[f].parity_ok, st1.parity_ok);
        /* the information bits sent come back (info output: the first bits; codeword output
         * of these systematic codes: the same first bits, packed) */
        const uint8_t *sent = bt->info + (size_t)f * bt->max_k;
        int bits_ok = 1;
        for (int i = 0; i < bt->k_sent[c]; i++) {
            int bit = su->packing == LDPC_OUTPUT_PACKED ? (got[i >> 3] >> (7 - (i & 7))) & 1
                                                        : got[i];
            bits_ok &= bit == sent[i];
        }
        sent_ok += bits_ok && st[f].parity_ok;
        if (!(bits_ok && st[f].parity_ok))
            printf("%s: frame %d (%s) not decoded to the sent bits\n", su->name, f,
                   ldpc_code_name(bt->codes[c]));
        parity += st[f].parity_ok;
        it_min = st[f].iterations < it_min ? st[f].iterations : it_min;
        it_max = st[f].iterations > it_max ? st[f].iterations : it_max;
    }
    printf("%s: %d frames of %d codes: %d equal to single-code decodes, %d parity ok, %d "
           "with the sent bits; %d..%d iterations\n",
           su->name, nf, bt->ncodes, same, parity, sent_ok, it_min, it_max);
    /* frames that differ in their iteration counts: a frame put in another's place shows */
    CHECK(it_max > it_min);
    CHECK(same == nf);
    CHECK_MSG(sent_ok == nf, "%s: %d of %d frames decode to the sent bits", su->name, sent_ok,
              nf);
    for (int c = 0; c < bt->ncodes; c++)
        ldpc_decoder_destroy(single[c]);
    free(single);
    ldpc_multi_decoder_destroy(m);
    free(out);
    free(one);
    free(q);
    free(q1);
    free(st);
}

static void free_batch(batch *bt)
{
    free(bt->index);
    free(bt->llr);
    free(bt->info);
}

/* Code index of frame f: a pseudo-random order in which every code occurs. */
static int pick(ldpc_rng *rng, int f, int ncodes)
{
    return f < ncodes ? ncodes - 1 - f : (int)(ldpc_rng_uniform(rng) * ncodes);
}

/* ---- 4 DVB-S2 MODCODs of the short frame, each at an Eb/N0 where it decodes ---- */
static void test_dvbs2_acm(void)
{
    static const char *names[4] = {"dvbs2:16200:1/2", "dvbs2:16200:3/5", "dvbs2:16200:3/4",
                                   "dvbs2:16200:8/9"};
    /* 1 dB above each code's FER 1e-2 point at 20 iterations (docs/quality.md's DVB-S2 short
     * frames are within 0.5 - 1 dB of these), so every frame decodes while the iteration
     * counts still differ from frame to frame */
    static const double ebn0[4] = {2.5, 3.0, 3.8, 5.0};
    ldpc_code *codes[4];
    ldpc_encoder *enc[4];
    int k_sent[4];
    batch bt = {0};
    bt.ncodes = 4;
    bt.nframes = 40;
    for (int c = 0; c < 4; c++) {
        REQUIRE_OK(ldpc_code_create(&codes[c], names[c]));
        REQUIRE_OK(ldpc_encoder_create(&enc[c], codes[c]));
        k_sent[c] = ldpc_code_k(codes[c]);
        if (ldpc_code_n(codes[c]) > bt.max_n)
            bt.max_n = ldpc_code_n(codes[c]);
        if (ldpc_code_k(codes[c]) > bt.max_k)
            bt.max_k = ldpc_code_k(codes[c]);
    }
    bt.codes = (const ldpc_code **)codes;
    bt.k_sent = k_sent;
    bt.index = malloc(sizeof(int) * (size_t)bt.nframes);
    bt.llr = calloc((size_t)bt.nframes * bt.max_n, sizeof(float));
    bt.info = calloc((size_t)bt.nframes * bt.max_k, 1);
    uint8_t *cw = malloc((size_t)bt.max_n);
    REQUIRE(bt.index && bt.llr && bt.info && cw);
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 28);
    for (int f = 0; f < bt.nframes; f++) {
        const int c = bt.index[f] = pick(&rng, f, 4);
        uint8_t *info = bt.info + (size_t)f * bt.max_k;
        ldpc_rng_bits(&rng, info, ldpc_code_k(codes[c]));
        REQUIRE_OK(ldpc_encoder_encode(enc[c], info, cw, 1));
        const double rate = (double)ldpc_code_k(codes[c]) / ldpc_code_n(codes[c]);
        ldpc_channel_bpsk_awgn(&rng, cw, ldpc_code_n(codes[c]), ldpc_awgn_sigma(ebn0[c], rate),
                               bt.llr + (size_t)f * bt.max_n);
    }
    for (size_t s = 0; s < sizeof SETUPS / sizeof SETUPS[0]; s++)
        if (ldpc_backend_available(SETUPS[s].backend))
            check_batch(&bt, &SETUPS[s]);
    free(cw);
    free_batch(&bt);
    for (int c = 0; c < 4; c++) {
        ldpc_encoder_destroy(enc[c]);
        ldpc_code_destroy(codes[c]);
    }
}

/* ---- NR code blocks of different K, E, rv and Qm in one batch ---- */
static void test_nr_mixed(void)
{
    static const char *names[5] = {"nr:8448:16896", "nr:500:1000", "nr:3000:9000:qm4",
                                   "nr:100:300:rv2", "nr:1000:1500:qm2"};
    enum { NC = 5 };
    ldpc_code *codes[NC];
    ldpc_encoder *enc[NC];
    ldpc_nr_code_params p[NC];
    int k_sent[NC];
    batch bt = {0};
    bt.ncodes = NC;
    bt.nframes = 30;
    int max_e = 0;
    for (int c = 0; c < NC; c++) {
        REQUIRE_OK(ldpc_code_create(&codes[c], names[c]));
        REQUIRE_OK(ldpc_encoder_create(&enc[c], codes[c]));
        REQUIRE_OK(ldpc_code_nr_params(codes[c], &p[c]));
        k_sent[c] = p[c].cb.k_prime;
        if (ldpc_code_n(codes[c]) > bt.max_n)
            bt.max_n = ldpc_code_n(codes[c]);
        if (ldpc_code_k(codes[c]) > bt.max_k)
            bt.max_k = ldpc_code_k(codes[c]);
        if (p[c].e > max_e)
            max_e = p[c].e;
    }
    bt.codes = (const ldpc_code **)codes;
    bt.k_sent = k_sent;
    bt.index = malloc(sizeof(int) * (size_t)bt.nframes);
    bt.llr = calloc((size_t)bt.nframes * bt.max_n, sizeof(float));
    bt.info = calloc((size_t)bt.nframes * bt.max_k, 1);
    uint8_t *cw = malloc((size_t)bt.max_n), *tx = malloc((size_t)max_e);
    float *rx = malloc(sizeof(float) * (size_t)max_e);
    REQUIRE(bt.index && bt.llr && bt.info && cw && tx && rx);
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 5);
    for (int f = 0; f < bt.nframes; f++) {
        const int c = bt.index[f] = pick(&rng, f, NC);
        uint8_t *info = bt.info + (size_t)f * bt.max_k; /* K bits, then the zero fillers */
        ldpc_rng_bits(&rng, info, p[c].cb.k_prime);
        REQUIRE_OK(ldpc_encoder_encode(enc[c], info, cw, 1));
        REQUIRE_OK(ldpc_nr_rate_match(&p[c].cb, p[c].rv, p[c].qm, p[c].e, cw, tx));
        /* Es/N0 2 dB above what rate K/E needs on BPSK (rates 1/3..2/3 here) */
        const double rate = (double)p[c].cb.k_prime / p[c].e;
        ldpc_channel_bpsk_awgn(&rng, tx, p[c].e, ldpc_awgn_sigma(3.0, rate), rx);
        REQUIRE_OK(ldpc_nr_rate_recover_f32(&p[c].cb, p[c].rv, p[c].qm, p[c].e, rx,
                                            bt.llr + (size_t)f * bt.max_n));
    }
    for (size_t s = 0; s < sizeof SETUPS / sizeof SETUPS[0]; s++) {
        /* the rate-matched NR codes' LLRs reach LDPC_LLR_CLAMP (fillers): int8 input would
         * clip them to certain values too, as it must; every setup runs */
        if (ldpc_backend_available(SETUPS[s].backend))
            check_batch(&bt, &SETUPS[s]);
    }
    free(cw);
    free(tx);
    free(rx);
    free_batch(&bt);
    for (int c = 0; c < NC; c++) {
        ldpc_encoder_destroy(enc[c]);
        ldpc_code_destroy(codes[c]);
    }
}

/* ---- NR code blocks fed as received (E LLRs each, input_rate_matched), with a code of n ----
 * E < n and E > n (repetition), rv and Qm (the longest row is an E); a WiMAX code and an NR
 * mother code in the same list take frames of n LLRs. */
static void test_nr_rate_matched(void)
{
    /* base graph 2 codes only: int8 messages take them at the default llr_scale */
    static const char *names[6] = {"nr:3000:6000:rv3", "nr:1000:3000:rv2:qm4", "nr:100:5000:qm2",
                                   "nr:500:1000:qm8", "wimax:576:1/2", "nr:bg2:z8"};
    enum { NC = 6 };
    ldpc_code *codes[NC];
    ldpc_encoder *enc[NC];
    ldpc_nr_code_params p[NC];
    int k_sent[NC], len[NC], max_e = 0, max_code_n = 0;
    batch bt = {0};
    bt.ncodes = NC;
    bt.nframes = 36;
    bt.rate_matched = 1;
    for (int c = 0; c < NC; c++) {
        REQUIRE_OK(ldpc_code_create(&codes[c], names[c]));
        REQUIRE_OK(ldpc_encoder_create(&enc[c], codes[c]));
        const int rm = is_rate_matched(codes[c]);
        if (rm)
            REQUIRE_OK(ldpc_code_nr_params(codes[c], &p[c]));
        k_sent[c] = rm ? p[c].cb.k_prime : ldpc_code_k(codes[c]);
        len[c] = rm ? p[c].e : ldpc_code_n(codes[c]);
        if (len[c] > bt.max_n)
            bt.max_n = len[c];
        if (rm && p[c].e > max_e)
            max_e = p[c].e;
        if (ldpc_code_n(codes[c]) > max_code_n)
            max_code_n = ldpc_code_n(codes[c]);
        if (ldpc_code_k(codes[c]) > bt.max_k)
            bt.max_k = ldpc_code_k(codes[c]);
    }
    /* the longest frame: nr:3000:6000's E, not its n (16640) nor nr:1000:3000's (5408) */
    CHECK(bt.max_n == 6000 && max_code_n > 6000);
    bt.codes = (const ldpc_code **)codes;
    bt.k_sent = k_sent;
    bt.index = malloc(sizeof(int) * (size_t)bt.nframes);
    bt.llr = calloc((size_t)bt.nframes * bt.max_n, sizeof(float));
    bt.info = calloc((size_t)bt.nframes * bt.max_k, 1);
    uint8_t *cw = malloc((size_t)max_code_n), *tx = malloc((size_t)max_e);
    REQUIRE(bt.index && bt.llr && bt.info && cw && tx);
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 50);
    for (int f = 0; f < bt.nframes; f++) {
        const int c = bt.index[f] = pick(&rng, f, NC);
        uint8_t *info = bt.info + (size_t)f * bt.max_k;
        float *row = bt.llr + (size_t)f * bt.max_n;
        if (is_rate_matched(codes[c])) {
            ldpc_rng_bits(&rng, info, p[c].cb.k_prime); /* then the zero fillers */
            REQUIRE_OK(ldpc_encoder_encode(enc[c], info, cw, 1));
            REQUIRE_OK(ldpc_nr_rate_match(&p[c].cb, p[c].rv, p[c].qm, p[c].e, cw, tx));
            /* Es/N0 3 dB above what rate K/E needs on BPSK (as test_nr_mixed) */
            const double rate = (double)p[c].cb.k_prime / p[c].e;
            ldpc_channel_bpsk_awgn(&rng, tx, p[c].e, ldpc_awgn_sigma(3.0, rate), row);
        } else {
            ldpc_rng_bits(&rng, info, ldpc_code_k(codes[c]));
            REQUIRE_OK(ldpc_encoder_encode(enc[c], info, cw, 1));
            const double rate = (double)ldpc_code_k(codes[c]) / ldpc_code_n(codes[c]);
            ldpc_channel_bpsk_awgn(&rng, cw, ldpc_code_n(codes[c]), ldpc_awgn_sigma(4.0, rate),
                                   row);
        }
        /* the rest of the row is not the frame's: certain ones there would break the frame if
         * the decoder read them */
        for (int i = len[c]; i < bt.max_n; i++)
            row[i] = -LDPC_LLR_CLAMP;
    }
    for (size_t s = 0; s < sizeof SETUPS / sizeof SETUPS[0]; s++)
        if (ldpc_backend_available(SETUPS[s].backend))
            check_batch(&bt, &SETUPS[s]);
    free(cw);
    free(tx);
    free_batch(&bt);
    for (int c = 0; c < NC; c++) {
        ldpc_encoder_destroy(enc[c]);
        ldpc_code_destroy(codes[c]);
    }
}

/* ---- bad input ---- */
static void test_refusals(void)
{
    ldpc_code *a, *b;
    REQUIRE_OK(ldpc_code_create(&a, "wimax:576:1/2"));
    REQUIRE_OK(ldpc_code_create(&b, "nr:100:300"));
    const ldpc_code *codes[3] = {a, b, NULL};
    ldpc_multi_decoder *m = NULL;
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
    CHECK(ldpc_multi_decoder_create(&m, codes, 0, &cfg) == LDPC_ERR_INVALID_ARGUMENT && !m);
    CHECK(ldpc_multi_decoder_create(&m, codes, 3, &cfg) == LDPC_ERR_INVALID_ARGUMENT && !m);
    CHECK(ldpc_multi_decoder_create(NULL, codes, 2, &cfg) == LDPC_ERR_INVALID_ARGUMENT);
    cfg.max_iterations = 0; /* the single-code rules apply */
    CHECK(ldpc_multi_decoder_create(&m, codes, 2, &cfg) == LDPC_ERR_INVALID_ARGUMENT && !m);
    cfg.max_iterations = 10;
    cfg.input_rate_matched = 1; /* HARQ buffers: a decoder per code */
    cfg.harq_buffers = 2;
    CHECK(ldpc_multi_decoder_create(&m, codes + 1, 1, &cfg) == LDPC_ERR_INVALID_ARGUMENT && !m);
    cfg.input_rate_matched = 0;
    cfg.harq_buffers = 0;
    REQUIRE_OK(ldpc_multi_decoder_create(&m, codes, 2, &cfg));
    CHECK(ldpc_multi_decoder_num_codes(m) == 2 && ldpc_multi_decoder_code(m, 1) == b &&
          ldpc_multi_decoder_code(m, 2) == NULL);
    CHECK(ldpc_multi_decoder_max_n(m) == ldpc_code_n(b) && ldpc_code_n(b) > ldpc_code_n(a));
    CHECK(ldpc_multi_decoder_output_bytes(m, 0) == ldpc_code_k(a) &&
          ldpc_multi_decoder_output_bytes(m, 1) == ldpc_code_k(b) &&
          ldpc_multi_decoder_max_output_bytes(m) == ldpc_code_k(a) &&
          ldpc_code_k(a) > ldpc_code_k(b));
    CHECK(ldpc_multi_decoder_output_bytes(m, 2) == LDPC_ERR_INVALID_ARGUMENT);
    const int nf = 3, row_in = ldpc_multi_decoder_max_n(m),
              row_out = ldpc_multi_decoder_max_output_bytes(m);
    float *llr = calloc((size_t)nf * row_in, sizeof(float));
    uint8_t *out = malloc((size_t)nf * row_out);
    ldpc_frame_status st[3];
    REQUIRE(llr && out);
    for (int i = 0; i < nf * row_in; i++)
        llr[i] = 3.0f; /* all-zero codewords */
    /* a bad index anywhere: refused, nothing written */
    int bad[3] = {0, 2, 1}, neg[3] = {0, 1, -1}, good[3] = {1, 0, 1};
    memset(out, 0x55, (size_t)nf * row_out);
    CHECK(ldpc_multi_decoder_decode_f32(m, llr, bad, nf, out, st) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_multi_decoder_decode_f32(m, llr, neg, nf, out, st) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(out[0] == 0x55 && out[(size_t)nf * row_out - 1] == 0x55);
    CHECK(ldpc_multi_decoder_decode_f32(m, llr, NULL, nf, out, st) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_multi_decoder_decode_f32(m, llr, good, 0, out, st) == LDPC_OK);
    REQUIRE_OK(ldpc_multi_decoder_decode_f32(m, llr, good, nf, out, NULL));
    int zeros = 1;
    for (int i = 0; i < nf * row_out; i++)
        zeros &= out[i] == 0;
    CHECK(zeros);
    /* int8 LLRs outside the llr_scale range: refused by every code's decoder; each frame comes
     * back failed, in its place */
    ldpc_multi_decoder_destroy(m);
    cfg.llr_scale = 2.0f;
    REQUIRE_OK(ldpc_multi_decoder_create(&m, codes, 2, &cfg));
    int8_t *q = malloc((size_t)nf * row_in);
    REQUIRE(q);
    memset(q, 8, (size_t)nf * row_in);
    for (int f = 0; f < nf; f++)
        st[f] = (ldpc_frame_status){7, 1};
    CHECK(ldpc_multi_decoder_decode_i8(m, q, good, nf, out, st) == LDPC_ERR_INVALID_ARGUMENT);
    for (int f = 0; f < nf; f++)
        CHECK(st[f].iterations == 0 && st[f].parity_ok == 0);
    ldpc_multi_decoder_destroy(m);
    ldpc_multi_decoder_destroy(NULL);
    free(q);
    free(llr);
    free(out);
    ldpc_code_destroy(a);
    ldpc_code_destroy(b);
}

int main(void)
{
    test_refusals();
    test_dvbs2_acm();
    test_nr_mixed();
    test_nr_rate_matched();
    return test_finish("test_multi_decoder");
}
