/* Decoders fed the E rate-matched LLRs of a 5G NR code (ldpc_decoder_config.input_rate_matched):
 *  - the gather (nr_recover.h) equals ldpc_nr_rate_recover_f32 into a zeroed buffer, bit for bit,
 *    for every rv and Qm, with repetition (E > N_cb), a limited buffer, fillers and NaN LLRs;
 *  - the host's recovery of a frame by runs (ldpc_nr_recover_frame_*) equals the gather at every
 *    position, bit for bit (NaN, -0, fillers of both signs, int8 clamping);
 *  - decoding frames of E LLRs gives exactly what decoding the recovered frames of n LLRs gives
 *    (bits of the whole codeword, iterations, parity_ok) on the reference and cpu-simd backends,
 *    for float and int8 LLRs, both sign conventions, batches of several frames (the in-place
 *    recovery of a batch, E < n and E > n), and the information bits sent come back;
 *  - other codes are refused, and so is the multi-code decoder;
 *  - the cuda backend, where a GPU is present, gives the CPU's results (test_cuda_api does too).
 */
#include <math.h>
#include <string.h>
#include "decoder_internal.h" /* ldpc_cuda_device_count */
#include "ldpcgpu/ldpcgpu.h"
#include "nr_recover.h"
#include "test_util.h"

/* the reference: ldpc_nr_rate_recover_f32 into a zeroed buffer */
static void check_gather(const char *name, int tbs_lbrm)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, name));
    ldpc_nr_code_params p;
    REQUIRE_OK(ldpc_code_nr_params(code, &p));
    if (tbs_lbrm > 0)
        REQUIRE_OK(ldpc_nr_cb_limit_buffer(&p.cb, tbs_lbrm, 1));
    ldpc_nr_recover r;
    REQUIRE_OK(ldpc_nr_recover_init(&r, &p.cb, p.rv, p.qm, p.e));
    const int n = p.cb.n_ldpc, e = p.e;
    float *llr = malloc(sizeof(float) * (size_t)e), *ref = calloc((size_t)n, sizeof(float));
    int8_t *llr8 = malloc((size_t)e);
    REQUIRE(llr && ref && llr8);
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 11);
    for (int i = 0; i < e; i++) {
        llr[i] = (float)(4.0 * ldpc_rng_normal(&rng));
        llr8[i] = (int8_t)(ldpc_rng_next(&rng) & 0xff);
    }
    llr[e / 3] = NAN;
    llr[e / 5] = -0.0f;
    REQUIRE_OK(ldpc_nr_rate_recover_f32(&p.cb, p.rv, p.qm, e, llr, ref));
    int diff = 0, sent = 0, diff8 = 0;
    for (int b = 0; b < n; b++) {
        const float g = ldpc_nr_gather_f32(llr, r.first[b], e, r.rows, r.qm, r.period, LDPC_LLR_CLAMP);
        diff += memcmp(&g, &ref[b], sizeof g) != 0;
        sent += r.first[b] >= 0;
        /* int8: the integer sum of the same positions, clamped */
        int s = 0;
        for (int q = r.first[b]; q >= 0 && q < e; q += r.period)
            s += llr8[(q % r.rows) * r.qm + q / r.rows];
        const int want = r.first[b] == LDPC_NR_FILLER ? 127 : (s > 127 ? 127 : (s < -128 ? -128 : s));
        diff8 += ldpc_nr_gather_i8(llr8, r.first[b], e, r.rows, r.qm, r.period, 127) != want;
    }
    /* the host's recovery by runs, against the gather at every position */
    float *run = malloc(sizeof(float) * (size_t)n);
    int8_t *run8 = malloc((size_t)n);
    REQUIRE(run && run8);
    int diff_runs = 0;
    for (int flip = 0; flip < 2; flip++) {
        const float fill = flip ? -LDPC_LLR_CLAMP : LDPC_LLR_CLAMP;
        const int8_t fill8 = flip ? -127 : 127;
        ldpc_nr_recover_frame_f32(&r, llr, run, fill);
        ldpc_nr_recover_frame_i8(&r, llr8, run8, fill8);
        for (int b = 0; b < n; b++) {
            const float g = ldpc_nr_gather_f32(llr, r.first[b], e, r.rows, r.qm, r.period, fill);
            diff_runs += memcmp(&g, &run[b], sizeof g) != 0;
            diff_runs += ldpc_nr_gather_i8(llr8, r.first[b], e, r.rows, r.qm, r.period, fill8) != run8[b];
        }
    }
    printf("%-28s %d runs: %d positions differ from the gather\n", name, r.num_runs, diff_runs);
    CHECK_MSG(diff_runs == 0, "%s: the recovery by runs differs from the gather", name);
    free(run);
    free(run8);
    const int expect_sent = e < r.period ? e : r.period;
    printf("%-28s lbrm %-6d E %6d period %6d: %d positions sent, %d differ (float), %d (int8)\n", name,
           tbs_lbrm, e, r.period, sent, diff, diff8);
    CHECK_MSG(diff == 0 && diff8 == 0, "%s: the gather differs from ldpc_nr_rate_recover_f32", name);
    CHECK_MSG(sent == expect_sent, "%s: %d positions sent, expected %d", name, sent, expect_sent);
    ldpc_nr_recover_free(&r);
    free(llr);
    free(ref);
    free(llr8);
    ldpc_code_destroy(code);
}

/* frames of E LLRs (BPSK over AWGN of the rate-matched bits), the recovered n-LLR frames, and
 * the information bits sent */
typedef struct frames {
    int n, e, k, nframes;
    float *e_llr, *n_llr;
    int8_t *e_i8, *n_i8;
    uint8_t *info;
} frames;

static void make(frames *F, const ldpc_code *code, int nframes, double ebn0, uint64_t seed, int flip)
{
    ldpc_nr_code_params p;
    REQUIRE_OK(ldpc_code_nr_params(code, &p));
    const int n = ldpc_code_n(code), k = ldpc_code_k(code), e = p.e, K = p.cb.k_prime;
    F->n = n;
    F->e = e;
    F->k = k;
    F->nframes = nframes;
    F->e_llr = malloc(sizeof(float) * (size_t)nframes * e);
    F->n_llr = calloc((size_t)nframes * n, sizeof(float));
    F->e_i8 = malloc((size_t)nframes * e);
    F->n_i8 = malloc((size_t)nframes * n);
    F->info = calloc((size_t)nframes * k, 1);
    uint8_t *cw = malloc((size_t)n), *tx = malloc((size_t)e);
    REQUIRE(F->e_llr && F->n_llr && F->e_i8 && F->n_i8 && F->info && cw && tx);
    ldpc_encoder *enc;
    REQUIRE_OK(ldpc_encoder_create(&enc, code));
    ldpc_nr_recover r;
    REQUIRE_OK(ldpc_nr_recover_init(&r, &p.cb, p.rv, p.qm, e));
    ldpc_rng rng;
    ldpc_rng_seed(&rng, seed);
    const double sigma = ldpc_awgn_sigma(ebn0, (double)K / e);
    for (int f = 0; f < nframes; f++) {
        uint8_t *info = F->info + (size_t)f * k;
        ldpc_rng_bits(&rng, info, K); /* then k - K filler zeros */
        REQUIRE_OK(ldpc_encoder_encode(enc, info, cw, 1));
        REQUIRE_OK(ldpc_nr_rate_match(&p.cb, p.rv, p.qm, e, cw, tx));
        float *x = F->e_llr + (size_t)f * e;
        ldpc_channel_bpsk_awgn(&rng, tx, e, sigma, x);
        for (int i = 0; i < e; i++) {
            if (flip)
                x[i] = -x[i];
            const float q = x[i] * 4.0f;
            F->e_i8[(size_t)f * e + i] = (int8_t)(q > 127.f ? 127 : (q < -128.f ? -128 : (int)lrintf(q)));
        }
        for (int b = 0; b < n; b++) {
            F->n_llr[(size_t)f * n + b] =
                ldpc_nr_gather_f32(x, r.first[b], e, r.rows, r.qm, r.period, flip ? -LDPC_LLR_CLAMP : LDPC_LLR_CLAMP);
            F->n_i8[(size_t)f * n + b] =
                ldpc_nr_gather_i8(F->e_i8 + (size_t)f * e, r.first[b], e, r.rows, r.qm, r.period, flip ? -127 : 127);
        }
    }
    ldpc_nr_recover_free(&r);
    ldpc_encoder_destroy(enc);
    free(cw);
    free(tx);
}

static void unmake(frames *F)
{
    free(F->e_llr);
    free(F->n_llr);
    free(F->e_i8);
    free(F->n_i8);
    free(F->info);
}

/* decode F both ways on one backend and compare; returns frames with wrong information bits */
static int compare(const char *name, const ldpc_code *code, const frames *F, ldpc_backend be,
                   ldpc_msg_format fmt, int i8, int flip, int batch)
{
    ldpc_decoder_config c;
    ldpc_decoder_config_init_code(&c, code);
    c.backend = be;
    c.fallback_to_cpu = 0;
    c.msg_format = fmt;
    c.max_iterations = 15;
    c.llr_positive_is_one = flip;
    c.output_bits = LDPC_OUTPUT_CODEWORD;
    c.batch_frames = batch;
    ldpc_decoder *plain, *rm;
    if (ldpc_decoder_create(&plain, code, &c) != LDPC_OK)
        return -1; /* backend absent */
    c.input_rate_matched = 1;
    REQUIRE_OK(ldpc_decoder_create(&rm, code, &c));
    CHECK(ldpc_decoder_frame_llrs(rm) == F->e && ldpc_decoder_frame_llrs(plain) == F->n);
    const int n = F->n, nf = F->nframes;
    uint8_t *a = malloc((size_t)nf * n), *b = malloc((size_t)nf * n);
    ldpc_frame_status *sa = malloc(sizeof *sa * (size_t)nf), *sb = malloc(sizeof *sb * (size_t)nf);
    REQUIRE(a && b && sa && sb);
    if (i8) {
        REQUIRE_OK(ldpc_decoder_decode_i8(plain, F->n_i8, nf, a, sa));
        REQUIRE_OK(ldpc_decoder_decode_i8(rm, F->e_i8, nf, b, sb));
    } else {
        REQUIRE_OK(ldpc_decoder_decode_f32(plain, F->n_llr, nf, a, sa));
        REQUIRE_OK(ldpc_decoder_decode_f32(rm, F->e_llr, nf, b, sb));
    }
    int same = 0, wrong = 0;
    for (int f = 0; f < nf; f++) {
        same += memcmp(a + (size_t)f * n, b + (size_t)f * n, (size_t)n) == 0 &&
                sa[f].iterations == sb[f].iterations && sa[f].parity_ok == sb[f].parity_ok;
        wrong += memcmp(b + (size_t)f * n, F->info + (size_t)f * F->k, (size_t)F->k) != 0;
    }
    printf("%-24s %-13s %s %s LLRs%s, batch %3d: %d/%d frames as from n LLRs, %d with wrong info bits\n", name,
           ldpc_decoder_backend_name(rm), ldpc_msg_format_name(fmt), i8 ? "int8" : "float", flip ? " (sign +1)" : "",
           batch, same, nf, wrong);
    CHECK_MSG(same == nf, "%s: %d frames differ from decoding the recovered LLRs", name, nf - same);
    ldpc_decoder_destroy(plain);
    ldpc_decoder_destroy(rm);
    free(a);
    free(b);
    free(sa);
    free(sb);
    return wrong;
}

static void check_decoding(const char *name, double ebn0, int nframes)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, name));
    const ldpc_backend backends[3] = {LDPC_BACKEND_CPU_REFERENCE, LDPC_BACKEND_CPU_SIMD, LDPC_BACKEND_CUDA};
    for (int flip = 0; flip < 2; flip++) {
        frames F;
        make(&F, code, nframes, ebn0, 5 + (uint64_t)flip, flip);
        for (int bi = 0; bi < 3; bi++) {
            if (backends[bi] == LDPC_BACKEND_CUDA && ldpc_cuda_device_count() == 0)
                continue;
            /* cuda: the small batches' direct path (the rate recovery reads mapped host
             * memory) and the copy path (LDPCGPU_CUDA_DIRECT_BYTES=0) */
            for (int copy = 0; copy < (backends[bi] == LDPC_BACKEND_CUDA ? 2 : 1); copy++) {
                if (copy)
                    setenv("LDPCGPU_CUDA_DIRECT_BYTES", "0", 1);
                const int w = compare(name, code, &F, backends[bi], LDPC_MSG_F32, 0, flip, 3);
                if (w >= 0) {
                    CHECK_MSG(w == 0, "%s: %d frames with wrong information bits at %.1f dB", name, w, ebn0);
                    const int w8 = compare(name, code, &F, backends[bi], LDPC_MSG_I16, 1, flip, nframes);
                    CHECK_MSG(w8 == 0, "%s: %d int8 frames with wrong information bits", name, w8);
                }
                unsetenv("LDPCGPU_CUDA_DIRECT_BYTES");
            }
        }
        unmake(&F);
    }
    ldpc_code_destroy(code);
}

static void check_refusals(void)
{
    const char *names[3] = {"nr:bg1:z384", "wimax:2304:1/2", "dvbs2:16200:1/2"};
    for (int i = 0; i < 3; i++) {
        ldpc_code *code;
        REQUIRE_OK(ldpc_code_create(&code, names[i]));
        ldpc_decoder_config c;
        ldpc_decoder_config_init(&c);
        c.input_rate_matched = 1;
        ldpc_decoder *dec = NULL;
        CHECK_MSG(ldpc_decoder_create(&dec, code, &c) == LDPC_ERR_INVALID_ARGUMENT && !dec,
                  "input_rate_matched accepted on %s", names[i]);
        c.input_rate_matched = 2;
        ldpc_code_destroy(code);
    }
    ldpc_code *a, *b;
    REQUIRE_OK(ldpc_code_create(&a, "nr:1000:3000"));
    REQUIRE_OK(ldpc_code_create(&b, "nr:500:1000"));
    const ldpc_code *codes[2] = {a, b};
    ldpc_decoder_config c;
    ldpc_decoder_config_init(&c);
    c.input_rate_matched = 1;
    c.input_rate_matched = 2;
    ldpc_multi_decoder *m = NULL;
    CHECK(ldpc_multi_decoder_create(&m, codes, 2, &c) == LDPC_ERR_INVALID_ARGUMENT && !m);
    ldpc_decoder *dec = NULL;
    CHECK(ldpc_decoder_create(&dec, a, &c) == LDPC_ERR_INVALID_ARGUMENT && !dec);
    CHECK(ldpc_decoder_frame_llrs(NULL) == 0);
    ldpc_code_destroy(a);
    ldpc_code_destroy(b);
}

int main(void)
{
    /* rv 0..3, Qm 1..8, fillers (K not a multiple of the lifting), E < N and E > N (repetition) */
    check_gather("nr:8448:16896", 0);
    check_gather("nr:1000:3000:rv2:qm4", 0);
    check_gather("nr:3000:9000:rv3:qm6", 0);
    check_gather("nr:500:1000:rv1:qm8", 0);
    check_gather("nr:100:5000:rv0:qm2", 0);   /* about 3 transmissions of every bit */
    check_gather("nr:3840:11520:rv2:qm2", 0);
    check_gather("nr:8448:25344:rv3", 25344);  /* limited buffer: N_cb < N */
    check_refusals();
    check_decoding("nr:1000:3000:rv2:qm4", 2.0, 7);   /* E < n */
    check_decoding("nr:100:5000:qm2", 2.0, 5);         /* E > n: repetition */
    check_decoding("nr:8448:16896:rv3", 2.5, 3);
    return test_finish("test_nr_recover");
}
