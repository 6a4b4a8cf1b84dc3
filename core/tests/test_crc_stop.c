/* CRC-aided early stop of 5G NR code blocks (ldpc_decoder_config.early_stop_crc):
 *  - the CRC register on 64 lanes against a plain bit-by-bit division written here;
 *  - who may ask for it: NR codes only; the cuda backend with its layered min-sum kernels
 *    (flooding and sum-product refused, or left for the CPU);
 *  - the remainders the cuda backend sums (ldpc_crc_stop_remainders) pass exactly the words
 *    the register passes;
 *  - decoding AWGN frames whose K' bits end with their CRC: the same frames with and without
 *    the stop give the same or better bits (a CRC false pass is 2^-24), fewer iterations, and
 *    the reference, cpu-simd, the fixed-point model and (with a GPU) the cuda backend agree
 *    frame for frame;
 *  - the TB codec (CRC24B per block, the TB's CRC on a lone block) and the simulator (its
 *    frames carry the CRC). */
#include <math.h>
#include <string.h>
#include "decoder_crc_stop.h"
#include "decoder_fixed.h"
#include "decoder_internal.h" /* ldpc_cuda_device_count */
#include "nr_crc_lanes.h"
#include "test_util.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* The remainder of the bit string a(D) (first bit = highest power) times nothing, divided by
 * g(D) = D^L + poly: textbook long division on a bit array, independent of nr_crc.c. */
static uint32_t long_division(const uint8_t *bits, int nbits, int len, uint32_t poly)
{
    uint8_t work[9000 + 24];
    memcpy(work, bits, (size_t)nbits);
    memset(work + nbits, 0, (size_t)len); /* a(D) D^L */
    uint8_t g[25];
    g[0] = 1; /* D^L */
    for (int j = 0; j < len; j++)
        g[len - j] = (poly >> j) & 1u;
    for (int i = 0; i < nbits; i++)
        if (work[i])
            for (int j = 0; j <= len; j++)
                work[i + j] ^= g[j];
    uint32_t r = 0;
    for (int j = 0; j < len; j++)
        r = (r << 1) | work[nbits + j];
    return r;
}

static void test_crc_lanes(void)
{
    static const struct { ldpc_nr_crc kind; int len; uint32_t poly; } defs[] = {
        {LDPC_NR_CRC24A, 24, 0x864CFBu}, {LDPC_NR_CRC24B, 24, 0x800063u},
        {LDPC_NR_CRC16, 16, 0x1021u}};
    static uint8_t bits[64][9000 + 24];
    static uint64_t lanes[9000 + 24];
    const int lengths[] = {0, 1, 7, 23, 24, 25, 31, 32, 33, 100, 977, 8424};
    for (size_t d = 0; d < 3; d++)
        for (size_t li = 0; li < sizeof lengths / sizeof lengths[0]; li++) {
            const int nb = lengths[li], len = defs[d].len;
            for (int l = 0; l < 64; l++)
                for (int i = 0; i < nb; i++)
                    bits[l][i] = (uint8_t)(rng() & 1u);
            /* compute (lane 0 of the register) against the long division */
            for (int l = 0; l < 4; l++) {
                uint32_t crc;
                REQUIRE_OK(ldpc_nr_crc_compute(defs[d].kind, bits[l], nb, &crc));
                CHECK_MSG(crc == long_division(bits[l], nb, len, defs[d].poly),
                          "kind %d, %d bits", (int)defs[d].kind, nb);
            }
            /* every lane gets its CRC; lanes 3k+1 then one flipped bit, lanes 3k+2 a flipped
             * CRC bit: the register is zero exactly on the others */
            uint64_t expect = 0;
            for (int l = 0; l < 64; l++) {
                REQUIRE_OK(ldpc_nr_crc_attach(defs[d].kind, bits[l], nb));
                if (l % 3 == 1 && nb > 0)
                    bits[l][rng() % (uint64_t)nb] ^= 1u;
                else if (l % 3 == 2)
                    bits[l][nb + (int)(rng() % (uint64_t)len)] ^= 1u;
                else
                    expect |= 1ull << l;
            }
            for (int i = 0; i < nb + len; i++) {
                lanes[i] = 0;
                for (int l = 0; l < 64; l++)
                    lanes[i] |= (uint64_t)(bits[l][i] & 1u) << l;
            }
            nr_crc_lanes s;
            nr_crc_lanes_init(&s, defs[d].kind);
            /* fed in two uneven pieces: the state carries over */
            const int cut = (nb + len) / 3;
            nr_crc_lanes_feed(&s, lanes, cut);
            nr_crc_lanes_feed(&s, lanes + cut, nb + len - cut);
            CHECK_MSG(nr_crc_lanes_zero(&s) == expect, "kind %d, %d bits: %016llx vs %016llx",
                      (int)defs[d].kind, nb, (unsigned long long)nr_crc_lanes_zero(&s),
                      (unsigned long long)expect);
        }
}

/* ldpc_crc_stop_remainders: the XOR of the remainders of a word's ones is 0 exactly when the
 * register passes the word (words with their CRC, and the same with one or two bits flipped) */
static void test_remainders(void)
{
    const ldpc_nr_crc kinds[3] = {LDPC_NR_CRC24A, LDPC_NR_CRC24B, LDPC_NR_CRC16};
    const int sizes[3] = {8448, 1000, 40};
    int agree = 0, passes = 0, total = 0;
    for (int ki = 0; ki < 3; ki++)
        for (int si = 0; si < 3; si++) {
            ldpc_crc_stop_rule r = {1, kinds[ki], sizes[si]};
            uint32_t *rem = malloc(sizeof *rem * (size_t)r.nbits);
            uint8_t *w = malloc((size_t)r.nbits);
            REQUIRE(rem && w);
            ldpc_crc_stop_remainders(&r, rem);
            for (int trial = 0; trial < 12; trial++) {
                for (int i = 0; i < r.nbits; i++)
                    w[i] = (uint8_t)(rng() & 1u);
                REQUIRE_OK(ldpc_nr_crc_attach(kinds[ki], w, r.nbits - ldpc_nr_crc_length(kinds[ki])));
                if (trial % 3 >= 1)
                    w[rng() % (uint64_t)r.nbits] ^= 1u;
                if (trial % 3 == 2)
                    w[rng() % (uint64_t)r.nbits] ^= 1u;
                uint32_t x = 0;
                for (int i = 0; i < r.nbits; i++)
                    x ^= w[i] ? rem[i] : 0u;
                const int pass = ldpc_crc_stop_frame_passes(&r, w);
                agree += (x == 0) == (pass != 0);
                passes += pass;
                total++;
            }
            free(rem);
            free(w);
        }
    printf("remainders: %d of %d words judged as the register does (%d pass)\n", agree, total, passes);
    CHECK(agree == total);
    CHECK(passes >= total / 3 && passes < total);
}

static void test_config(void)
{
    ldpc_crc_stop c;
    CHECK(ldpc_crc_stop_from_string("crc24b", &c) == LDPC_OK && c == LDPC_CRC_STOP_CRC24B);
    CHECK(ldpc_crc_stop_from_string("CRC16", &c) == LDPC_OK && c == LDPC_CRC_STOP_CRC16);
    CHECK(ldpc_crc_stop_from_string("none", &c) == LDPC_OK && c == LDPC_CRC_STOP_NONE);
    CHECK(ldpc_crc_stop_from_string("crc32", &c) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(!strcmp(ldpc_crc_stop_name(LDPC_CRC_STOP_CRC24A), "crc24a"));
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    CHECK(cfg.early_stop_crc == LDPC_CRC_STOP_NONE);

    ldpc_code *dvb, *nr, *mother;
    REQUIRE_OK(ldpc_code_create(&dvb, "dvbs2:16200:1/2"));
    REQUIRE_OK(ldpc_code_create(&nr, "nr:1000:3000"));
    REQUIRE_OK(ldpc_code_create(&mother, "nr:bg2:z16"));
    ldpc_decoder *dec = NULL;
    /* other families: refused with a message that says why */
    for (int b = 0; b < 3; b++) {
        ldpc_decoder_config_init(&cfg);
        cfg.backend = (ldpc_backend[]){LDPC_BACKEND_CPU_REFERENCE, LDPC_BACKEND_CPU_SIMD,
                                       LDPC_BACKEND_AUTO}[b];
        cfg.early_stop_crc = LDPC_CRC_STOP_CRC24B;
        CHECK(ldpc_decoder_create(&dec, dvb, &cfg) == LDPC_ERR_INVALID_ARGUMENT && !dec);
        CHECK_MSG(strstr(ldpc_last_error(), "5G NR") != NULL, "%s", ldpc_last_error());
    }
    ldpc_decoder_config_init(&cfg);
    cfg.early_stop_crc = (ldpc_crc_stop)7;
    CHECK(ldpc_decoder_create(&dec, nr, &cfg) == LDPC_ERR_INVALID_ARGUMENT && !dec);
    /* a fixed-point model is refused the same way */
    ldpc_decoder_config_init(&cfg);
    cfg.msg_format = LDPC_MSG_I8;
    cfg.early_stop_crc = LDPC_CRC_STOP_CRC16;
    ldpc_fixed_model *m = NULL;
    CHECK(ldpc_fixed_model_create(&m, dvb, &cfg) == LDPC_ERR_INVALID_ARGUMENT && !m);
    /* the cuda backend with flooding: refused whether or not this machine has a GPU (no crash
     * on the way); its layered min-sum kernels take the stop (test_code, with a GPU) */
    ldpc_decoder_config_init_code(&cfg, nr);
    cfg.backend = LDPC_BACKEND_CUDA;
    cfg.fallback_to_cpu = 0;
    cfg.schedule = LDPC_SCHEDULE_FLOODING;
    cfg.early_stop_crc = LDPC_CRC_STOP_CRC24B;
    CHECK(ldpc_decoder_create(&dec, nr, &cfg) == LDPC_ERR_UNSUPPORTED && !dec);
    CHECK_MSG(strstr(ldpc_last_error(), "CRC-aided early stop on the cuda backend needs the layered min-sum") != NULL,
              "%s", ldpc_last_error());
    /* ... and with fallback, or auto, a CPU backend takes it */
    cfg.fallback_to_cpu = 1;
    REQUIRE_OK(ldpc_decoder_create(&dec, nr, &cfg));
    CHECK(ldpc_decoder_backend(dec) != LDPC_BACKEND_CUDA);
    ldpc_decoder_destroy(dec);
    cfg.backend = LDPC_BACKEND_AUTO;
    REQUIRE_OK(ldpc_decoder_create(&dec, nr, &cfg));
    CHECK(ldpc_decoder_backend(dec) != LDPC_BACKEND_CUDA);
    CHECK(ldpc_decoder_config_get(dec)->early_stop_crc == LDPC_CRC_STOP_CRC24B);
    ldpc_decoder_destroy(dec);
    cfg.schedule = LDPC_SCHEDULE_LAYERED;
    /* a mother code is a code block of K' = k bits */
    cfg.early_stop_crc = LDPC_CRC_STOP_CRC16;
    REQUIRE_OK(ldpc_decoder_create(&dec, mother, &cfg));
    ldpc_decoder_destroy(dec);
    /* a caller built before the field existed (struct_size up to num_threads): none */
    ldpc_decoder_config_init(&cfg);
    cfg.struct_size = (uint32_t)(offsetof(ldpc_decoder_config, num_threads) + sizeof(int));
    cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
    REQUIRE_OK(ldpc_decoder_create(&dec, dvb, &cfg));
    CHECK(ldpc_decoder_config_get(dec)->early_stop_crc == LDPC_CRC_STOP_NONE);
    ldpc_decoder_destroy(dec);
    ldpc_code_destroy(dvb);
    ldpc_code_destroy(nr);
    ldpc_code_destroy(mother);
}

/* ---- decoding ---- */

typedef struct frames {
    int count, n, k, kp;
    uint8_t *info; /* count x k: K' bits ending with the CRC, then fillers */
    float *llr;    /* count x n */
} frames;

/* count AWGN frames of code at ebn0 whose K' bits end with CRC kind (the simulator's bits and
 * noise; seed 7). */
static void make_frames(const ldpc_code *code, ldpc_nr_crc kind, double ebn0, int count,
                        frames *f)
{
    ldpc_nr_code_params np;
    REQUIRE_OK(ldpc_code_nr_params(code, &np));
    f->count = count;
    f->n = ldpc_code_n(code);
    f->k = ldpc_code_k(code);
    f->kp = np.cb.k_prime;
    f->info = malloc((size_t)count * f->k);
    f->llr = malloc((size_t)count * f->n * sizeof(float));
    uint8_t *cw = malloc((size_t)count * f->n);
    REQUIRE(f->info && f->llr && cw);
    ldpc_sim_config sc;
    ldpc_sim_config_init(&sc);
    sc.seed = 7;
    REQUIRE_OK(ldpc_sim_info_bits(code, &sc, 0, count, f->info));
    for (int i = 0; i < count; i++)
        REQUIRE_OK(ldpc_nr_crc_attach(kind, f->info + (size_t)i * f->k,
                                      f->kp - ldpc_nr_crc_length(kind)));
    ldpc_encoder *enc;
    REQUIRE_OK(ldpc_encoder_create(&enc, code));
    REQUIRE_OK(ldpc_encoder_encode(enc, f->info, cw, count));
    ldpc_encoder_destroy(enc);
    REQUIRE_OK(ldpc_sim_channel_llrs(code, &sc, ebn0, 0, count, cw, f->llr));
    free(cw);
}

static void free_frames(frames *f)
{
    free(f->info);
    free(f->llr);
}

typedef struct result {
    uint8_t *bits; /* count x k */
    ldpc_frame_status *st;
    int frame_errors;   /* frames whose K' bits differ from those sent */
    long iterations;
} result;

static void count(const frames *f, result *r)
{
    r->frame_errors = 0;
    r->iterations = 0;
    for (int i = 0; i < f->count; i++) {
        r->frame_errors += memcmp(r->bits + (size_t)i * f->k, f->info + (size_t)i * f->k,
                                  (size_t)f->kp) != 0;
        r->iterations += r->st[i].iterations;
    }
}

static void decode(const ldpc_code *code, const frames *f, ldpc_backend backend,
                   ldpc_msg_format fmt, ldpc_crc_stop crc, int early, result *r)
{
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init_code(&cfg, code);
    cfg.backend = backend;
    cfg.msg_format = fmt;
    cfg.early_stop_crc = crc;
    cfg.early_termination = early;
    cfg.num_threads = 2;
    cfg.fallback_to_cpu = backend != LDPC_BACKEND_CUDA; /* a GPU run is a GPU run */
    ldpc_decoder *dec;
    REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
    r->bits = malloc((size_t)f->count * f->k);
    r->st = malloc((size_t)f->count * sizeof *r->st);
    REQUIRE(r->bits && r->st);
    REQUIRE_OK(ldpc_decoder_decode_f32(dec, f->llr, f->count, r->bits, r->st));
    ldpc_decoder_destroy(dec);
    count(f, r);
}

/* The fixed-point model, frame by frame. */
static void decode_model(const ldpc_code *code, const frames *f, ldpc_msg_format fmt,
                         ldpc_crc_stop crc, result *r)
{
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init_code(&cfg, code);
    cfg.msg_format = fmt;
    cfg.early_stop_crc = crc;
    ldpc_fixed_model *m;
    REQUIRE_OK(ldpc_fixed_model_create(&m, code, &cfg));
    r->bits = malloc((size_t)f->count * f->k);
    r->st = malloc((size_t)f->count * sizeof *r->st);
    uint8_t *hard = malloc((size_t)f->n);
    REQUIRE(r->bits && r->st && hard);
    for (int i = 0; i < f->count; i++) {
        REQUIRE_OK(ldpc_fixed_model_decode(m, LDPC_LLR_F32, f->llr + (size_t)i * f->n, hard,
                                           &r->st[i]));
        memcpy(r->bits + (size_t)i * f->k, hard, (size_t)f->k); /* NR: info bits first */
    }
    free(hard);
    ldpc_fixed_model_destroy(m);
    count(f, r);
}

static void free_result(result *r)
{
    free(r->bits);
    free(r->st);
}

/* a and b: the same bits, iterations and parity_ok, frame for frame */
static int same(const frames *f, const result *a, const result *b, const char *what)
{
    int diff = 0;
    for (int i = 0; i < f->count; i++)
        if (memcmp(a->bits + (size_t)i * f->k, b->bits + (size_t)i * f->k, (size_t)f->k) ||
            a->st[i].iterations != b->st[i].iterations ||
            a->st[i].parity_ok != b->st[i].parity_ok) {
            if (!diff)
                fprintf(stderr, "%s: frame %d differs (iterations %d / %d, parity %d / %d)\n",
                        what, i, a->st[i].iterations, b->st[i].iterations, a->st[i].parity_ok,
                        b->st[i].parity_ok);
            diff++;
        }
    return diff == 0;
}

/* Whether the decoder takes int8 messages on code (decoder.h: the int8 message cap). */
static int i8_fits(const ldpc_code *code)
{
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init_code(&cfg, code);
    cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
    cfg.msg_format = LDPC_MSG_I8;
    ldpc_decoder *dec;
    if (ldpc_decoder_create(&dec, code, &cfg) != LDPC_OK)
        return 0;
    ldpc_decoder_destroy(dec);
    return 1;
}

/* One code at one Eb/N0. max_ratio: the bound on (iterations with the stop) / (without),
 * measured with margin; clean: every frame must decode with the stop. */
static void test_code(const char *name, ldpc_nr_crc kind, ldpc_crc_stop stop, double ebn0,
                      int nframes, double max_ratio, int clean)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, name));
    frames f;
    make_frames(code, kind, ebn0, nframes, &f);
    result plain, ref, simd, model8, simd8;
    decode(code, &f, LDPC_BACKEND_CPU_REFERENCE, LDPC_MSG_F32, LDPC_CRC_STOP_NONE, 1, &plain);
    decode(code, &f, LDPC_BACKEND_CPU_REFERENCE, LDPC_MSG_F32, stop, 1, &ref);
    printf("%s at %.2f dB, %s: frame errors %d -> %d, iterations %.3f -> %.3f per frame\n",
           name, ebn0, ldpc_crc_stop_name(stop), plain.frame_errors, ref.frame_errors,
           (double)plain.iterations / nframes, (double)ref.iterations / nframes);
    /* fewer iterations, by the measured margin */
    CHECK_MSG(ref.iterations <= max_ratio * (double)plain.iterations, "%s: %ld vs %ld", name,
              ref.iterations, plain.iterations);
    /* never worse: a frame the plain decoder gets right, the stop gets right too (it stops
     * no later, on a CRC that a wrong word passes with probability 2^-L) */
    CHECK(ref.frame_errors <= plain.frame_errors);
    for (int i = 0; i < nframes; i++) {
        const int plain_ok = !memcmp(plain.bits + (size_t)i * f.k, f.info + (size_t)i * f.k,
                                     (size_t)f.kp);
        const int ref_ok = !memcmp(ref.bits + (size_t)i * f.k, f.info + (size_t)i * f.k,
                                   (size_t)f.kp);
        CHECK_MSG(!plain_ok || ref_ok, "%s frame %d", name, i);
        CHECK(ref.st[i].iterations <= plain.st[i].iterations || !plain_ok);
        /* parity_ok stays the syndrome of the bits returned */
        CHECK(!ref.st[i].parity_ok || ref_ok || !plain_ok);
    }
    if (clean)
        CHECK_MSG(ref.frame_errors == 0, "%s: %d frame errors with the stop", name,
                  ref.frame_errors);
    /* the backends agree frame for frame: float cpu-simd with the reference, int8 cpu-simd with
     * the fixed-point model */
    if (ldpc_backend_available(LDPC_BACKEND_CPU_SIMD)) {
        decode(code, &f, LDPC_BACKEND_CPU_SIMD, LDPC_MSG_F32, stop, 1, &simd);
        CHECK(same(&f, &ref, &simd, "cpu-simd f32 vs cpu-reference"));
        free_result(&simd);
        /* int8 messages where the code's column degrees allow them (BG2), int16 on all */
        const ldpc_msg_format fmts[2] = {LDPC_MSG_I16, LDPC_MSG_I8};
        for (int q = 0; q < (i8_fits(code) ? 2 : 1); q++) {
            decode(code, &f, LDPC_BACKEND_CPU_SIMD, fmts[q], stop, 1, &simd8);
            decode_model(code, &f, fmts[q], stop, &model8);
            CHECK(same(&f, &model8, &simd8, "cpu-simd integer vs the fixed-point model"));
            CHECK(simd8.frame_errors <= plain.frame_errors + 1);
            CHECK(simd8.iterations < plain.iterations || max_ratio >= 1.0);
            free_result(&simd8);
            free_result(&model8);
        }
    }
    /* the cuda backend: float against the reference, int16 (and int8 where it fits) against
     * the fixed-point model, frame for frame */
    if (ldpc_cuda_device_count() > 0) {
        result gpu, model;
        decode(code, &f, LDPC_BACKEND_CUDA, LDPC_MSG_F32, stop, 1, &gpu);
        CHECK(same(&f, &ref, &gpu, "cuda f32 vs cpu-reference"));
        free_result(&gpu);
        const ldpc_msg_format fmts[2] = {LDPC_MSG_I16, LDPC_MSG_I8};
        for (int q = 0; q < (i8_fits(code) ? 2 : 1); q++) {
            decode(code, &f, LDPC_BACKEND_CUDA, fmts[q], stop, 1, &gpu);
            decode_model(code, &f, fmts[q], stop, &model);
            CHECK(same(&f, &model, &gpu, "cuda integer vs the fixed-point model"));
            printf("  cuda %s: iterations %.3f per frame, frame errors %d\n", ldpc_msg_format_name(fmts[q]),
                   (double)gpu.iterations / nframes, gpu.frame_errors);
            free_result(&gpu);
            free_result(&model);
        }
    }
    /* without early termination the CRC plays no part */
    result off_plain, off_crc;
    decode(code, &f, LDPC_BACKEND_CPU_REFERENCE, LDPC_MSG_F32, LDPC_CRC_STOP_NONE, 0, &off_plain);
    decode(code, &f, LDPC_BACKEND_CPU_REFERENCE, LDPC_MSG_F32, stop, 0, &off_crc);
    CHECK(same(&f, &off_plain, &off_crc, "no early termination"));
    free_result(&off_plain);
    free_result(&off_crc);
    free_result(&plain);
    free_result(&ref);
    free_frames(&f);
    ldpc_code_destroy(code);
}

/* ---- the TB codec: CRC24B on the blocks of a segmented TB, the TB CRC on a lone one ---- */

static void test_tb(int a, int bg, double ebn0, int tbs)
{
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init_family(&cfg, LDPC_FAMILY_NR);
    cfg.backend = LDPC_BACKEND_CPU_SIMD;
    cfg.num_threads = 2;
    ldpc_nr_tb_codec *codec;
    REQUIRE_OK(ldpc_nr_tb_codec_create(&codec, a, bg, &cfg));
    ldpc_nr_tb tb;
    REQUIRE_OK(ldpc_nr_tb_codec_layout(codec, &tb));
    /* the plain decoder the codec would have without the stop, on its mother code */
    char name[32];
    snprintf(name, sizeof name, "nr:bg%d:z%d", tb.cb.bg, tb.cb.z);
    ldpc_code *mother;
    REQUIRE_OK(ldpc_code_create(&mother, name));
    ldpc_decoder *plain;
    REQUIRE_OK(ldpc_decoder_create(&plain, mother, &cfg));
    int e[64], total = 0;
    REQUIRE(tb.c <= 64);
    const int e_each = (tb.cb.k_prime * 2 + 7) / 8 * 8; /* about rate 1/2 */
    for (int r = 0; r < tb.c; r++)
        total += e[r] = e_each;
    uint8_t *bits = malloc((size_t)a), *got = malloc((size_t)a), *tx = malloc((size_t)total);
    float *llr = malloc((size_t)total * sizeof(float));
    float *harq = malloc((size_t)tb.c * tb.cb.n_ldpc * sizeof(float));
    uint8_t *out = malloc((size_t)tb.c * ldpc_code_k(mother));
    ldpc_frame_status *st = malloc((size_t)tb.c * sizeof *st), *pst = malloc((size_t)tb.c * sizeof *pst);
    REQUIRE(bits && got && tx && llr && harq && out && st && pst);
    const double rate = (double)a / total, sigma = sqrt(1.0 / (2.0 * rate * pow(10.0, ebn0 / 10)));
    long it_stop = 0, it_plain = 0;
    int ok_stop = 0, ok_plain = 0;
    for (int t = 0; t < tbs; t++) {
        for (int i = 0; i < a; i++)
            bits[i] = (uint8_t)(rng() & 1u);
        REQUIRE_OK(ldpc_nr_tb_encode(codec, bits, e, 0, 1, tx));
        for (int i = 0; i < total; i++) { /* BPSK and Box-Muller noise */
            const double u1 = ((rng() >> 11) + 1.0) / 9007199254740993.0,
                         u2 = (rng() >> 11) / 9007199254740992.0;
            const double y = (tx[i] ? -1.0 : 1.0) + sigma * sqrt(-2 * log(u1)) * cos(6.283185307179586 * u2);
            llr[i] = (float)(2 * y / (sigma * sigma));
        }
        memset(harq, 0, (size_t)tb.c * tb.cb.n_ldpc * sizeof(float));
        int crc_ok;
        REQUIRE_OK(ldpc_nr_tb_decode(codec, llr, e, 0, 1, harq, got, &crc_ok, st));
        const int right = !memcmp(got, bits, (size_t)a);
        CHECK(crc_ok == right); /* a TB CRC false pass: 2^-24 */
        ok_stop += right;
        /* the same HARQ buffers through the plain decoder */
        REQUIRE_OK(ldpc_decoder_decode_f32(plain, harq, tb.c, out, pst));
        int plain_right = 1;
        for (int r = 0; r < tb.c; r++) {
            it_stop += st[r].iterations;
            it_plain += pst[r].iterations;
            CHECK(st[r].iterations <= pst[r].iterations || !pst[r].parity_ok);
            plain_right = plain_right && pst[r].parity_ok;
        }
        ok_plain += plain_right;
    }
    printf("TB of %d bits (C = %d, BG%d) at %.2f dB: %d / %d decoded (plain %d), iterations "
           "%.3f -> %.3f per block\n", a, tb.c, bg, ebn0, ok_stop, tbs, ok_plain,
           (double)it_plain / (tbs * tb.c), (double)it_stop / (tbs * tb.c));
    CHECK(ok_stop >= ok_plain);
    CHECK(ok_stop > 0);
    CHECK(it_stop < it_plain);
    free(bits); free(got); free(tx); free(llr); free(harq); free(out); free(st); free(pst);
    ldpc_decoder_destroy(plain);
    ldpc_code_destroy(mother);
    ldpc_nr_tb_codec_destroy(codec);
}

/* ---- the simulator: with the stop its frames carry the CRC, so the stop saves iterations ---- */

static void test_sim(void)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "nr:1000:3000"));
    ldpc_sim_counts c[2];
    for (int s = 0; s < 2; s++) {
        ldpc_decoder_config cfg;
        ldpc_decoder_config_init_code(&cfg, code);
        cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
        cfg.early_stop_crc = s ? LDPC_CRC_STOP_CRC24B : LDPC_CRC_STOP_NONE;
        ldpc_sim_config sc;
        ldpc_sim_config_init(&sc);
        sc.num_threads = 2;
        ldpc_sim *sim;
        REQUIRE_OK(ldpc_sim_create(&sim, code, &cfg, &sc));
        memset(&c[s], 0, sizeof c[s]);
        REQUIRE_OK(ldpc_sim_run(sim, 1.5, 0, 200, 0, &c[s]));
        ldpc_sim_destroy(sim);
    }
    printf("simulator nr:1000:3000 at 1.5 dB: frame errors %llu -> %llu, iterations %.3f -> "
           "%.3f\n", (unsigned long long)c[0].frame_errors, (unsigned long long)c[1].frame_errors,
           c[0].iterations / 200.0, c[1].iterations / 200.0);
    CHECK(c[1].frame_errors == 0 && c[0].frame_errors == 0);
    CHECK(c[1].iterations < 0.985 * c[0].iterations);
    ldpc_code_destroy(code);
}

int main(void)
{
    test_crc_lanes();
    test_remainders();
    test_config();
    /* BG2 rate 1/3 with CRC24B, BG1 rate 0.8 with CRC24A, BG2 with CRC16; frame counts and
     * Eb/N0 chosen so that most frames decode after several iterations */
    test_code("nr:1000:3000", LDPC_NR_CRC24B, LDPC_CRC_STOP_CRC24B, 1.5, 96, 0.985, 1);
    test_code("nr:1000:3000", LDPC_NR_CRC24B, LDPC_CRC_STOP_CRC24B, 0.75, 96, 1.0, 0);
    test_code("nr:1000:1250", LDPC_NR_CRC24A, LDPC_CRC_STOP_CRC24A, 3.5, 96, 0.985, 0);
    test_code("nr:500:1500", LDPC_NR_CRC16, LDPC_CRC_STOP_CRC16, 1.75, 96, 0.985, 0);
    test_tb(3840, 2, 1.5, 20); /* C = 2: CRC24B */
    test_tb(1000, 2, 1.5, 20); /* C = 1: CRC16 */
    test_sim();
    return test_finish("test_crc_stop");
}
