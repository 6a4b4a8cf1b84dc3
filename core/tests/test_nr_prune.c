/* 5G NR decoders run only the rows that the transmitted bits reach (code_nr.c, decode graph):
 *  - which rows: the core rows and each extension row whose degree-1 column block holds a sent
 *    bit, worked out here from the public rate matcher (rv 0..3, a wrap-around);
 *  - correctness on every CPU backend: rate-matched frames at a good Eb/N0 decode to the sent
 *    codeword, the left-out bits included (codeword output, unpacked and packed, satisfies the
 *    whole H);
 *  - exactness: on the same noisy frames, float min-sum without early stop gives bit for bit
 *    the output of the mother code's decoder (all rows); with one reached row left out it does
 *    not;
 *  - frames with values in left-out columns (a combined HARQ buffer) decode on the whole H;
 *  - the TB codec (limited buffer, IR-HARQ) equals the mother code's decode of its buffers. */
#include <math.h>
#include <string.h>
#include "code_nr.h"
#include "decoder_internal.h"
#include "ldpcgpu/channel.h"
#include "test_util.h"

/* The columns the code's transmission reaches: 1 where a rate-recovered LLR is non-zero. */
static uint8_t *sent_columns(const ldpc_code *code)
{
    ldpc_nr_code_params np;
    REQUIRE_OK(ldpc_code_nr_params(code, &np));
    float *ones = malloc(sizeof(float) * (size_t)np.e),
          *buf = calloc((size_t)np.cb.n_ldpc, sizeof(float));
    uint8_t *sent = calloc((size_t)np.cb.n_ldpc, 1);
    REQUIRE(ones && buf && sent);
    for (int i = 0; i < np.e; i++)
        ones[i] = 1.0f;
    REQUIRE_OK(ldpc_nr_rate_recover_f32(&np.cb, np.rv, np.qm, np.e, ones, buf));
    for (int b = 0; b < np.cb.n_ldpc; b++)
        sent[b] = buf[b] != 0.0f && (b < np.cb.k_prime || b >= np.cb.k); /* not the fillers */
    free(ones);
    free(buf);
    return sent;
}

/* The decode graph holds exactly the core rows and the extension rows whose column (block
 * column kb + r of the base graph, kb = 22 / 10) holds a sent bit; the rest are fill rows. */
static void check_rows(const char *name, int expect_rows)
{
    ldpc_code *c;
    REQUIRE_OK(ldpc_code_create(&c, name));
    uint8_t *sent = sent_columns(c);
    const int z = c->z, mb = c->base_rows, kb = c->base_cols - mb;
    int kept = 0, rows_ok = 1;
    uint8_t keep[64] = {0};
    for (int r = 0; r < mb; r++) {
        keep[r] = r < 4;
        for (int i = 0; i < z && !keep[r]; i++)
            keep[r] = sent[(kb + r) * z + i];
        kept += keep[r];
    }
    if (kept == mb) {
        rows_ok = c->decode_graph == NULL && c->nfill == 0;
    } else {
        REQUIRE(c->decode_graph);
        rows_ok = c->decode_graph->m == kept * z && c->nfill == (mb - kept) * z &&
                  c->decode_graph->n == c->n && c->decode_graph->k == c->k;
        for (int i = 0; i < c->nfill && rows_ok; i++) {
            const int r = c->fill_row[i] / z, j = c->fill_col[i];
            rows_ok = !keep[r] && j / z == kb + r && c->col_ptr[j + 1] - c->col_ptr[j] == 1;
        }
        /* each kept row is H's row, in order */
        int g = 0;
        for (int r = 0; r < c->m && rows_ok; r++) {
            if (!keep[r / z])
                continue;
            const int d = c->row_ptr[r + 1] - c->row_ptr[r];
            rows_ok = d == c->decode_graph->row_ptr[g + 1] - c->decode_graph->row_ptr[g] &&
                      !memcmp(c->col_idx + c->row_ptr[r],
                              c->decode_graph->col_idx + c->decode_graph->row_ptr[g],
                              sizeof(int) * (size_t)d);
            g++;
        }
    }
    printf("%s: %d of %d block rows decoded\n", name, kept, mb);
    CHECK_MSG(rows_ok, "%s: the decode graph is not the reached rows", name);
    CHECK_MSG(expect_rows < 0 || kept == expect_rows, "%s: %d rows, expected %d", name, kept,
              expect_rows);
    free(sent);
    ldpc_code_destroy(c);
}

/* frames rate-matched frames of code: cw (n bits each: K random bits, zero fillers, parity),
 * llr (n each: the E channel LLRs of BPSK over AWGN at ebn0, per information bit, put back). */
static void make_frames(const ldpc_code *code, double ebn0, int frames, uint64_t seed,
                        uint8_t *cw, float *llr)
{
    ldpc_nr_code_params np;
    REQUIRE_OK(ldpc_code_nr_params(code, &np));
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    ldpc_encoder *enc;
    REQUIRE_OK(ldpc_encoder_create(&enc, code));
    uint8_t *info = calloc((size_t)k, 1), *tx = malloc((size_t)np.e);
    float *ch = malloc(sizeof(float) * (size_t)np.e);
    REQUIRE(info && tx && ch);
    ldpc_rng rng;
    ldpc_rng_seed(&rng, seed);
    const double sigma = ldpc_awgn_sigma(ebn0, (double)np.cb.k_prime / np.e);
    for (int f = 0; f < frames; f++) {
        ldpc_rng_bits(&rng, info, np.cb.k_prime);
        REQUIRE_OK(ldpc_encoder_encode(enc, info, cw + (size_t)f * n, 1));
        REQUIRE_OK(ldpc_nr_rate_match(&np.cb, np.rv, np.qm, np.e, cw + (size_t)f * n, tx));
        ldpc_channel_bpsk_awgn(&rng, tx, np.e, sigma, ch);
        memset(llr + (size_t)f * n, 0, sizeof(float) * (size_t)n);
        REQUIRE_OK(ldpc_nr_rate_recover_f32(&np.cb, np.rv, np.qm, np.e, ch, llr + (size_t)f * n));
    }
    ldpc_encoder_destroy(enc);
    free(info);
    free(tx);
    free(ch);
}

static int simd_available(void) { return ldpc_backend_available(LDPC_BACKEND_CPU_SIMD); }

/* The frames at a good Eb/N0 decode to the sent codewords, every bit, on backend be; packed
 * codeword output holds the same bits. */
static void check_decodes(const char *name, ldpc_backend be, ldpc_msg_format fmt, double ebn0)
{
    ldpc_code *c;
    REQUIRE_OK(ldpc_code_create(&c, name));
    const int n = ldpc_code_n(c), frames = 8;
    uint8_t *cw = malloc((size_t)n * frames), *out = malloc((size_t)n * frames),
            *packed = malloc((size_t)(n + 7) / 8 * frames);
    float *llr = malloc(sizeof(float) * (size_t)n * frames);
    ldpc_frame_status st[8];
    REQUIRE(cw && out && packed && llr);
    make_frames(c, ebn0, frames, 11, cw, llr);
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init_code(&cfg, c);
    cfg.backend = be;
    cfg.msg_format = fmt;
    cfg.num_threads = 1;
    cfg.output_bits = LDPC_OUTPUT_CODEWORD;
    ldpc_decoder *dec;
    REQUIRE_OK(ldpc_decoder_create(&dec, c, &cfg));
    REQUIRE_OK(ldpc_decoder_decode_f32(dec, llr, frames, out, st));
    /* the code's own frames hold no value in a left-out column: the decode graph decoded them
     * (a rule that left out a reached row would send them to the whole H) */
    CHECK_MSG(dec->whole == NULL, "%s: its own frames reach a left-out row", name);
    int same = 0, valid = 0, ok = 0;
    for (int f = 0; f < frames; f++) {
        same += !memcmp(out + (size_t)f * n, cw + (size_t)f * n, (size_t)n);
        valid += ldpc_code_syndrome_weight(c, out + (size_t)f * n) == 0;
        ok += st[f].parity_ok;
    }
    ldpc_decoder_destroy(dec);
    cfg.output_packing = LDPC_OUTPUT_PACKED;
    REQUIRE_OK(ldpc_decoder_create(&dec, c, &cfg));
    REQUIRE_OK(ldpc_decoder_decode_f32(dec, llr, frames, packed, st));
    int packed_same = 1;
    const int bytes = (n + 7) / 8;
    for (int f = 0; f < frames; f++)
        for (int j = 0; j < n; j++)
            packed_same &= ((packed[(size_t)f * bytes + j / 8] >> (7 - j % 8)) & 1) ==
                           out[(size_t)f * n + j];
    ldpc_decoder_destroy(dec);
    printf("%s, %s %s, %.1f dB: %d of %d frames the sent codeword, %d satisfy H, %d parity ok\n",
           name, be == LDPC_BACKEND_CPU_SIMD ? "cpu-simd" : "reference",
           ldpc_msg_format_name(fmt), ebn0, same, frames, valid, ok);
    CHECK_MSG(same == frames && valid == frames && ok == frames && packed_same,
              "%s backend %d: %d sent, %d valid, %d ok, packed %d", name, (int)be, same, valid, ok,
              packed_same);
    free(cw);
    free(out);
    free(packed);
    free(llr);
    ldpc_code_destroy(c);
}

/* Decode frames of n LLRs with code (codeword output) on backend be: float offset min-sum,
 * layered, 12 iterations, no early stop. Returns the decoder (to look at) if keep. */
static ldpc_decoder *decode_all(const ldpc_code *c, ldpc_backend be, ldpc_msg_format fmt,
                                const float *llr, int frames, uint8_t *out,
                                ldpc_frame_status *st, int keep)
{
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init_family(&cfg, LDPC_FAMILY_NR);
    cfg.backend = be;
    cfg.msg_format = fmt;
    cfg.num_threads = 1;
    cfg.max_iterations = 12;
    cfg.early_termination = 0;
    cfg.output_bits = LDPC_OUTPUT_CODEWORD;
    ldpc_decoder *dec;
    REQUIRE_OK(ldpc_decoder_create(&dec, c, &cfg));
    REQUIRE_OK(ldpc_decoder_decode_f32(dec, llr, frames, out, st));
    if (keep)
        return dec;
    ldpc_decoder_destroy(dec);
    return NULL;
}

static int frames_wrong(const uint8_t *out, const uint8_t *cw, int n, int frames)
{
    int wrong = 0;
    for (int f = 0; f < frames; f++)
        wrong += memcmp(out + (size_t)f * n, cw + (size_t)f * n, (size_t)n) != 0;
    return wrong;
}

/* Frames whose bits differ between a and b at the columns code c decodes (every column but
 * its fill columns: the mother code's decoder leaves those at the sign of one message, which
 * may be 0; the decode graph's decoder fills them from their rows). */
static int frames_differ(const ldpc_code *c, const uint8_t *a, const uint8_t *b, int frames)
{
    const int n = c->n;
    uint8_t *skip = calloc((size_t)n, 1);
    REQUIRE(skip);
    for (int i = 0; i < c->nfill; i++)
        skip[c->fill_col[i]] = 1;
    int differ = 0;
    for (int f = 0; f < frames; f++) {
        int d = 0;
        for (int j = 0; j < n && !d; j++)
            d = !skip[j] && a[(size_t)f * n + j] != b[(size_t)f * n + j];
        differ += d;
    }
    free(skip);
    return differ;
}

/* nr:1000:3000 at a noisy Eb/N0: the pruned decode equals the mother code's bit for bit at the
 * columns it decodes, and the same frames are right; its parity_ok says whether its codeword
 * satisfies the whole H; and a decode graph one reached row
 * short differs from it. */
#define EXACT_EBN0 0.5
static void check_exact(ldpc_backend be, ldpc_msg_format fmt)
{
    const char *name = "nr:1000:3000";
    ldpc_code *c, *mother, *short_by_one;
    REQUIRE_OK(ldpc_code_create(&c, name));
    REQUIRE(c->decode_graph);
    char mname[32];
    snprintf(mname, sizeof mname, "nr:bg%d:z%d", c->nr.cb.bg, c->z);
    REQUIRE_OK(ldpc_code_create(&mother, mname));
    /* the same code with one more row left out: the last but one decoded (all Z bits of its
     * column are sent; the last holds only some) */
    REQUIRE_OK(ldpc_nr_code_build(&short_by_one, name, c->nr.cb.bg, c->z));
    short_by_one->nr = c->nr;
    const int rows = c->decode_graph->m / c->z;
    REQUIRE(rows > 4);
    REQUIRE_OK(ldpc_nr_code_restrict(short_by_one,
                                     (((uint64_t)1 << rows) - 1) & ~((uint64_t)1 << (rows - 2))));

    const int n = ldpc_code_n(c), frames = 48;
    uint8_t *cw = malloc((size_t)n * frames), *a = malloc((size_t)n * frames),
            *b = malloc((size_t)n * frames), *s = malloc((size_t)n * frames);
    float *llr = malloc(sizeof(float) * (size_t)n * frames);
    ldpc_frame_status sa[48], sb[48], ss[48];
    REQUIRE(cw && a && b && s && llr);
    (void)sb;
    make_frames(c, EXACT_EBN0, frames, 5, cw, llr);
    decode_all(c, be, fmt, llr, frames, a, sa, 0);
    decode_all(mother, be, fmt, llr, frames, b, sb, 0);
    /* the row short graph meets values in its left-out column: decoded on the whole H */
    ldpc_decoder *sdec = decode_all(short_by_one, be, fmt, llr, frames, s, ss, 1);
    CHECK_MSG(sdec->whole != NULL && !memcmp(s, b, (size_t)n * frames),
              "values in a left-out column were not decoded on the whole H");
    ldpc_decoder_destroy(sdec);
    /* what the graph alone makes of them: the values it cannot use set to 0 */
    for (int f = 0; f < frames; f++)
        for (int i = 0; i < short_by_one->nfill; i++)
            llr[(size_t)f * n + short_by_one->fill_col[i]] = 0.0f;
    sdec = decode_all(short_by_one, be, fmt, llr, frames, s, ss, 1);
    CHECK(sdec->whole == NULL);
    ldpc_decoder_destroy(sdec);
    /* parity_ok: the returned codeword satisfies the whole H */
    int status_ok = 1;
    for (int f = 0; f < frames; f++)
        status_ok &= sa[f].parity_ok == (ldpc_code_syndrome_weight(c, a + (size_t)f * n) == 0);
    const int wa = frames_wrong(a, cw, n, frames), wb = frames_wrong(b, cw, n, frames),
              ws = frames_wrong(s, cw, n, frames);
    const int dab = frames_differ(c, a, b, frames), dsb = frames_differ(c, s, b, frames);
    long eb = 0, es = 0; /* information bit errors */
    for (int f = 0; f < frames; f++)
        for (int i = 0; i < c->nr.cb.k_prime; i++) {
            eb += b[(size_t)f * n + i] != cw[(size_t)f * n + i];
            es += s[(size_t)f * n + i] != cw[(size_t)f * n + i];
        }
    printf("%s %s %s at %.1f dB: frames wrong: %d of %d decoding %d rows, %d the mother code, "
           "%d one row short; frames unlike the mother code's: %d, one row short %d; information bit "
           "errors %ld, one row short %ld\n",
           name, be == LDPC_BACKEND_CPU_SIMD ? "cpu-simd" : "reference", ldpc_msg_format_name(fmt),
           EXACT_EBN0, wa, frames, rows, wb, ws, dab, dsb, eb, es);
    CHECK_MSG(wb > 0 && wb < frames, "not in the waterfall: %d of %d wrong", wb, frames);
    CHECK_MSG(dab == 0 && wa == wb && status_ok,
              "%s: decoding the reached rows differs from decoding all", name);
    CHECK_MSG(dsb > 0 && es > eb + eb / 10,
              "%s: one reached row short decodes as well as all rows (%ld vs %ld bit errors)",
              name, es, eb);
    free(cw);
    free(a);
    free(b);
    free(s);
    free(llr);
    ldpc_code_destroy(c);
    ldpc_code_destroy(mother);
    ldpc_code_destroy(short_by_one);
}

/* A HARQ buffer of rv 0 and rv 2 given to the rv 0 code's decoder: decoded on the whole H (the
 * mother code's result), while rv 0 frames alone use the decode graph. */
static void check_foreign_values(ldpc_backend be)
{
    ldpc_code *c0, *c2, *mother;
    REQUIRE_OK(ldpc_code_create(&c0, "nr:1000:3000"));
    REQUIRE_OK(ldpc_code_create(&c2, "nr:1000:3000:rv2"));
    REQUIRE_OK(ldpc_code_create(&mother, "nr:bg2:z104"));
    const int n = ldpc_code_n(c0), frames = 16;
    uint8_t *cw = malloc((size_t)n * frames), *cw2 = malloc((size_t)n * frames),
            *a = malloc((size_t)n * frames), *b = malloc((size_t)n * frames);
    float *l0 = malloc(sizeof(float) * (size_t)n * frames),
          *l2 = malloc(sizeof(float) * (size_t)n * frames);
    ldpc_frame_status sa[16], sb[16];
    REQUIRE(cw && cw2 && a && b && l0 && l2);
    /* the same seed: the same information bits, so the same codewords */
    make_frames(c0, -2.5, frames, 9, cw, l0);
    make_frames(c2, -2.5, frames, 9, cw2, l2);
    REQUIRE(!memcmp(cw, cw2, (size_t)n * frames));
    ldpc_decoder *dec = decode_all(c0, be, LDPC_MSG_F32, l0, frames, a, sa, 1);
    CHECK_MSG(dec->whole == NULL, "rv 0 frames went to the whole-H decoder");
    for (size_t i = 0; i < (size_t)n * frames; i++)
        l2[i] += l0[i]; /* IR-HARQ: rv 0 + rv 2 (fillers count twice; still certain) */
    REQUIRE_OK(ldpc_decoder_decode_f32(dec, l2, frames, a, sa));
    CHECK_MSG(dec->whole != NULL, "a combined buffer was decoded on the decode graph");
    ldpc_decoder_destroy(dec);
    decode_all(mother, be, LDPC_MSG_F32, l2, frames, b, sb, 0);
    const int wa = frames_wrong(a, cw, n, frames);
    printf("rv 0 + rv 2 at -2.5 dB on the rv 0 code's decoder: %d of %d frames wrong (mother "
           "code: %d)\n",
           wa, frames, frames_wrong(b, cw, n, frames));
    CHECK(!memcmp(a, b, (size_t)n * frames));
    CHECK(wa < frames);
    free(cw);
    free(cw2);
    free(a);
    free(b);
    free(l0);
    free(l2);
    ldpc_code_destroy(c0);
    ldpc_code_destroy(c2);
    ldpc_code_destroy(mother);
}

/* The whole-H twin runs asynchronously among the decoder's own batches: batches of rv 0 frames
 * and of rv 0 + rv 2 buffers, all in flight at once, come back in order (collect without
 * waiting polled too), each equal to its own synchronous decode (the rv 0 decode graph; the
 * mother code). */
static void check_whole_async(ldpc_backend be)
{
    ldpc_code *c0, *c2, *mother;
    REQUIRE_OK(ldpc_code_create(&c0, "nr:1000:3000"));
    REQUIRE_OK(ldpc_code_create(&c2, "nr:1000:3000:rv2"));
    REQUIRE_OK(ldpc_code_create(&mother, "nr:bg2:z104"));
    const int n = ldpc_code_n(c0), frames = 8;
    const size_t bits = (size_t)n * frames;
    uint8_t *cw = malloc(bits), *want0 = malloc(bits), *want2 = malloc(bits);
    float *l0 = malloc(sizeof(float) * bits), *l2 = malloc(sizeof(float) * bits);
    ldpc_frame_status s0[8], s2[8];
    REQUIRE(cw && want0 && want2 && l0 && l2);
    make_frames(c0, -1.0, frames, 21, cw, l0);
    make_frames(c2, -1.0, frames, 21, cw, l2);
    for (size_t i = 0; i < bits; i++)
        l2[i] += l0[i];
    decode_all(c0, be, LDPC_MSG_F32, l0, frames, want0, s0, 0);
    decode_all(mother, be, LDPC_MSG_F32, l2, frames, want2, s2, 0);

    ldpc_decoder_config cfg;
    ldpc_decoder_config_init_family(&cfg, LDPC_FAMILY_NR);
    cfg.backend = be;
    cfg.num_threads = 1;
    cfg.max_iterations = 12;
    cfg.early_termination = 0;
    cfg.output_bits = LDPC_OUTPUT_CODEWORD;
    cfg.batch_frames = frames;
    cfg.batches_in_flight = 4;
    ldpc_decoder *dec;
    REQUIRE_OK(ldpc_decoder_create(&dec, c0, &cfg));
    const float *order[4] = {l0, l2, l2, l0};
    for (int i = 0; i < 4; i++) {
        ldpc_batch *b;
        REQUIRE_OK(ldpc_decoder_acquire(dec, &b));
        memcpy(ldpc_batch_llr_f32(b), order[i], sizeof(float) * bits);
        REQUIRE_OK(ldpc_decoder_submit(dec, b, frames, LDPC_LLR_F32));
    }
    int wrong = 0;
    for (int i = 0; i < 4; i++) {
        ldpc_batch *b = NULL;
        int st;
        if (i == 1)
            while ((st = ldpc_decoder_collect(dec, &b, 0)) == LDPC_ERR_AGAIN)
                ;
        else
            st = ldpc_decoder_collect(dec, &b, 1);
        REQUIRE_OK(st);
        const uint8_t *want = order[i] == l0 ? want0 : want2;
        const ldpc_frame_status *ws = order[i] == l0 ? s0 : s2;
        wrong += memcmp(ldpc_batch_output(b), want, bits) != 0;
        for (int f = 0; f < frames; f++)
            wrong += ldpc_batch_status(b)[f].parity_ok != ws[f].parity_ok ||
                     ldpc_batch_status(b)[f].iterations != ws[f].iterations;
        REQUIRE_OK(ldpc_decoder_release(dec, b));
    }
    CHECK_MSG(wrong == 0, "%s: %d batches or statuses differ from their synchronous decodes",
              ldpc_decoder_backend_name(dec), wrong);
    CHECK_MSG(dec->whole != NULL, "no batch went to the whole-H twin");
    CHECK(memcmp(want0, want2, bits) != 0); /* the two kinds of batch are told apart */
    ldpc_decoder_destroy(dec);
    free(cw);
    free(want0);
    free(want2);
    free(l0);
    free(l2);
    ldpc_code_destroy(c0);
    ldpc_code_destroy(c2);
    ldpc_code_destroy(mother);
}

/* int8 messages: the limits are the code's, not its decode graph's (the graph's columns have
 * degree 19 on nr:8448:16896, the whole H's 30): at llr_scale 4 refused when the decoder is
 * made, since a batch that reaches a left-out row runs on the whole H; at llr_scale 2 taken,
 * and such a batch decodes on the whole H. */
static void check_int8_limits(void)
{
    ldpc_code *c;
    REQUIRE_OK(ldpc_code_create(&c, "nr:8448:16896"));
    const int n = ldpc_code_n(c);
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init_code(&cfg, c);
    cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
    cfg.msg_format = LDPC_MSG_I8;
    cfg.num_threads = 1;
    ldpc_decoder *dec = NULL;
    CHECK(ldpc_decoder_create(&dec, c, &cfg) == LDPC_ERR_INVALID_ARGUMENT && !dec);
    CHECK(strstr(ldpc_last_error(), "int8 messages") != NULL);
    cfg.llr_scale = 2.0f;
    REQUIRE_OK(ldpc_decoder_create(&dec, c, &cfg));
    float *llr = calloc((size_t)n, sizeof(float));
    uint8_t *out = malloc((size_t)n);
    REQUIRE(llr && out);
    for (int j = 0; j < n; j++)
        llr[j] = j < 2 * c->z ? 0.0f : 3.0f; /* every column but the punctured: all rows */
    ldpc_frame_status st = {0, 0};
    REQUIRE_OK(ldpc_decoder_decode_f32(dec, llr, 1, out, &st));
    int ones = 0;
    for (int i = 0; i < ldpc_code_k(c); i++)
        ones += out[i];
    CHECK(st.parity_ok == 1 && ones == 0);
    ldpc_decoder_destroy(dec);
    free(llr);
    free(out);
    ldpc_code_destroy(c);
}

/* TB codec, one code block, limited buffer (N_cb 6000 < N 12672), rv 0 then rv 2 combined:
 * its TB bits equal the mother code's decode of the same HARQ buffer, every transmission. */
static void check_tb(void)
{
    const int a = 4000, frames = 24;
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init_family(&cfg, LDPC_FAMILY_NR);
    cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
    cfg.num_threads = 1;
    cfg.max_iterations = 12;
    cfg.early_termination = 0;
    ldpc_nr_tb_codec *codec;
    REQUIRE_OK(ldpc_nr_tb_codec_create(&codec, a, 1, &cfg));
    REQUIRE_OK(ldpc_nr_tb_codec_limit_buffer(codec, 4000));
    ldpc_nr_tb tb;
    REQUIRE_OK(ldpc_nr_tb_codec_layout(codec, &tb));
    REQUIRE(tb.c == 1 && tb.cb.n_cb == 6000);
    char mname[32];
    snprintf(mname, sizeof mname, "nr:bg1:z%d", tb.cb.z);
    ldpc_code *mother;
    REQUIRE_OK(ldpc_code_create(&mother, mname));
    ldpc_decoder *mdec;
    cfg.output_bits = LDPC_OUTPUT_INFO;
    REQUIRE_OK(ldpc_decoder_create(&mdec, mother, &cfg));
    const int n = tb.cb.n_ldpc, e = 4800;
    uint8_t *bits = malloc((size_t)a), *got = malloc((size_t)a), *tx = malloc((size_t)e),
            *info = malloc((size_t)tb.cb.k);
    float *ch = malloc(sizeof(float) * (size_t)e), *harq = malloc(sizeof(float) * (size_t)n);
    REQUIRE(bits && got && tx && info && ch && harq);
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 3);
    const double sigma = ldpc_awgn_sigma(0.6, (double)a / e);
    int same = 1, crc_ok[2] = {0, 0};
    for (int f = 0; f < frames; f++) {
        ldpc_rng_bits(&rng, bits, a);
        memset(harq, 0, sizeof(float) * (size_t)n);
        for (int t = 0; t < 2; t++) {
            const int rv = t ? 2 : 0;
            int ok = 0;
            REQUIRE_OK(ldpc_nr_tb_encode(codec, bits, &e, rv, 2, tx));
            ldpc_channel_bpsk_awgn(&rng, tx, e, sigma, ch);
            REQUIRE_OK(ldpc_nr_tb_decode(codec, ch, &e, rv, 2, harq, got, &ok, NULL));
            REQUIRE_OK(ldpc_decoder_decode_f32(mdec, harq, 1, info, NULL));
            same &= !memcmp(got, info, (size_t)a); /* C = 1: the TB bits lead the block */
            crc_ok[t] += ok;
        }
    }
    printf("TB A %d, N_cb %d, E %d, 0.6 dB: TB CRC ok %d of %d after rv 0, %d after rv 0 + 2\n",
           a, tb.cb.n_cb, e, crc_ok[0], frames, crc_ok[1]);
    CHECK_MSG(same, "the TB codec's bits differ from the mother code's decode of its buffer");
    CHECK(crc_ok[0] < frames && crc_ok[1] > crc_ok[0]);
    ldpc_decoder_destroy(mdec);
    ldpc_code_destroy(mother);
    ldpc_nr_tb_codec_destroy(codec);
    free(bits);
    free(got);
    free(tx);
    free(info);
    free(ch);
    free(harq);
}

/* The left-out column check (ldpc_nr_frame_reaches_left_out), value by value: a frame of 0
 * (float +-0, NaN, int8 0) reaches nothing; one value (float or int8) at the first, a middle or
 * the last column of each run of left-out columns, or anywhere in the run, is found; values in
 * the decoded columns are not looked at. */
static void check_left_out_scan(const char *name)
{
    ldpc_code *c;
    REQUIRE_OK(ldpc_code_create(&c, name));
    const int n = ldpc_code_n(c);
    REQUIRE(c->nfill > 0);
    float *f = calloc((size_t)n, sizeof(float));
    int8_t *b = calloc((size_t)n, 1);
    uint8_t *left = calloc((size_t)n, 1);
    REQUIRE(f && b && left);
    for (int i = 0; i < c->nfill; i++)
        left[c->fill_col[i]] = 1;
    const float nan = nanf("");
    for (int j = 0; j < n; j++) /* values everywhere a decoded column is, NaN and -0 elsewhere */
        if (!left[j]) {
            f[j] = 1.5f;
            b[j] = 7;
        } else {
            f[j] = (j & 1) ? nan : -0.0f;
        }
    CHECK(!ldpc_nr_frame_reaches_left_out(c, f, 0));
    CHECK(!ldpc_nr_frame_reaches_left_out(c, b, 1));
    int wrong = 0;
    for (int i = 0; i < c->nfill; i++) {
        const int j = c->fill_col[i];
        const float keep = f[j];
        f[j] = (i & 1) ? -1e-30f : 0.25f;
        b[j] = (i & 1) ? -1 : 1;
        wrong += !ldpc_nr_frame_reaches_left_out(c, f, 0) + !ldpc_nr_frame_reaches_left_out(c, b, 1);
        f[j] = keep;
        b[j] = 0;
    }
    CHECK_MSG(wrong == 0, "%s: %d left-out values not found", name, wrong);
    free(f);
    free(b);
    free(left);
    ldpc_code_destroy(c);
}

int main(void)
{
    /* rv 0 without wrap: a prefix (E + 2Z = 46 Z: columns up to 45, rows 4..23) */
    check_rows("nr:8448:16896", 24);
    check_rows("nr:8000:8800", -1);
    check_rows("nr:8448:25344", 46); /* every column sent */
    check_rows("nr:3840:11520", -1);
    check_rows("nr:1000:3000", -1);
    check_rows("nr:1000:3000:rv1", -1);
    check_rows("nr:1000:3000:rv2", -1);
    check_rows("nr:1000:3000:rv3", -1); /* wraps from the end of the buffer to its start */
    check_rows("nr:8448:9216:rv3:qm4", -1);

    const char *codes[] = {"nr:1000:4400",     "nr:1000:4400:rv1", "nr:1000:4400:rv2",
                           "nr:1000:4400:rv3", "nr:1000:3000:rv3", "nr:8000:8800"};
    const double ebn0[] = {3.0, 3.0, 3.0, 3.0, 3.0, 5.0};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        check_decodes(codes[i], LDPC_BACKEND_CPU_REFERENCE, LDPC_MSG_F32, ebn0[i]);
        if (simd_available()) {
            check_decodes(codes[i], LDPC_BACKEND_CPU_SIMD, LDPC_MSG_F32, ebn0[i]);
            check_decodes(codes[i], LDPC_BACKEND_CPU_SIMD, LDPC_MSG_I16, ebn0[i]);
        }
    }
    check_exact(LDPC_BACKEND_CPU_REFERENCE, LDPC_MSG_F32);
    check_foreign_values(LDPC_BACKEND_CPU_REFERENCE);
    check_whole_async(LDPC_BACKEND_CPU_REFERENCE);
    if (simd_available()) {
        check_exact(LDPC_BACKEND_CPU_SIMD, LDPC_MSG_F32);
        check_exact(LDPC_BACKEND_CPU_SIMD, LDPC_MSG_I16);
        check_foreign_values(LDPC_BACKEND_CPU_SIMD);
        check_whole_async(LDPC_BACKEND_CPU_SIMD);
    }
    check_left_out_scan("nr:8448:16896");
    check_left_out_scan("nr:1000:3000:rv3");
    check_left_out_scan("nr:8000:8800");
    if (ldpc_backend_available(LDPC_BACKEND_CUDA)) {
        check_foreign_values(LDPC_BACKEND_CUDA);
        check_whole_async(LDPC_BACKEND_CUDA);
    } else {
        printf("cuda: no GPU here, its whole-H twin checks skipped\n");
    }
    check_int8_limits();
    check_tb();
    return test_finish("test_nr_prune");
}
