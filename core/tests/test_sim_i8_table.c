/* The simulator's i8-table noise rule (core/src/sim_i8_table.h, sim.h's LDPC_SIM_NOISE_I8_TABLE):
 *  1. AES: the S-box is FIPS-197's (derived again from GF(2^8) inverses and the affine map); the
 *     portable round encrypts FIPS-197's AES-128 example (Appendix C.1) with a key schedule of
 *     this test's own; on x86 with AES-NI it equals AESENC / AESENCLAST on random inputs;
 *  2. the table: per (sigma, llr_scale) the outcome masses add to 2^32, each within one unit of
 *     the quantised LLR's probability (erfc, computed here from Phi), and the alias columns give
 *     every outcome exactly its mass;
 *  3. the frame kernels: the generic kernel is the header's layout (recomputed from
 *     ldpc_ars7_block) and every variant this CPU runs gives the same bytes and count, over
 *     lengths that are and are not multiples of 64, with and without a codeword, including
 *     deviates whose top two bytes tie with the threshold's (the deepest byte comparison);
 *  4. the distribution: a histogram of many LLRs against the table (chi-square), and the same
 *     histogram from the box-muller rule (float LLRs quantised): both rules draw one law;
 *  5. the simulator: counts = the frames of ldpc_sim_channel_llrs_i8 decoded one by one; the
 *     same counts on 1 and 3 threads and in the batches mode; disjoint ranges add; FER within
 *     statistics of box-muller's at the same point; the refusals. */
#include <math.h>
#include <string.h>
#include "test_util.h"
#include "sim_i8_table.h"
#include "sim_internal.h"

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define HAVE_X86 1
#endif

static uint64_t rng_state = 0x1234567887654321ull;
static uint64_t rnd(void) /* splitmix64: the test's own inputs */
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* ---- 1. AES ---- */

static uint8_t gf_mul(uint8_t a, uint8_t b)
{
    uint8_t r = 0;
    for (int i = 0; i < 8; i++, b >>= 1) {
        if (b & 1)
            r ^= a;
        a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
    }
    return r;
}

static void test_sbox(void)
{
    int bad = 0;
    for (int x = 0; x < 256; x++) {
        uint8_t inv = 0;
        for (int y = 1; y < 256 && x; y++)
            if (gf_mul((uint8_t)x, (uint8_t)y) == 1)
                inv = (uint8_t)y;
        uint8_t s = inv;
        for (int r = 1; r <= 4; r++)
            s ^= (uint8_t)((inv << r) | (inv >> (8 - r)));
        bad += (uint8_t)(s ^ 0x63) != ldpc_aes_sbox[x];
    }
    CHECK(bad == 0);
}

static int hexbytes(const char *hex, uint8_t *out)
{
    for (int i = 0; i < 16; i++) {
        unsigned v = 0;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            return 0;
        out[i] = (uint8_t)v;
    }
    return 1;
}

static void test_aes128_fips197(void)
{
    uint8_t key[16], pt[16], want[16], w[176];
    REQUIRE(hexbytes("000102030405060708090a0b0c0d0e0f", key));
    REQUIRE(hexbytes("00112233445566778899aabbccddeeff", pt));
    REQUIRE(hexbytes("69c4e0d86a7b0430d8cdb78070b4c55a", want));
    /* AES-128's key schedule (FIPS-197 5.2) */
    memcpy(w, key, 16);
    uint8_t rcon = 1;
    for (int i = 4; i < 44; i++) {
        uint8_t t[4];
        memcpy(t, w + 4 * (i - 1), 4);
        if (i % 4 == 0) {
            const uint8_t t0 = t[0];
            t[0] = (uint8_t)(ldpc_aes_sbox[t[1]] ^ rcon);
            t[1] = ldpc_aes_sbox[t[2]];
            t[2] = ldpc_aes_sbox[t[3]];
            t[3] = ldpc_aes_sbox[t0];
            rcon = gf_mul(rcon, 2);
        }
        for (int b = 0; b < 4; b++)
            w[4 * i + b] = (uint8_t)(w[4 * (i - 4) + b] ^ t[b]);
    }
    uint8_t s[16];
    for (int i = 0; i < 16; i++)
        s[i] = (uint8_t)(pt[i] ^ w[i]);
    for (int r = 1; r <= 10; r++)
        ldpc_aes_round(s, w + 16 * r, r == 10);
    CHECK(!memcmp(s, want, 16));
}

#ifdef HAVE_X86
__attribute__((target("aes,sse2"))) static void aesni_round(uint8_t s[16], const uint8_t k[16],
                                                            int last)
{
    const __m128i v = _mm_loadu_si128((const __m128i *)s), kk = _mm_loadu_si128((const __m128i *)k);
    _mm_storeu_si128((__m128i *)s, last ? _mm_aesenclast_si128(v, kk) : _mm_aesenc_si128(v, kk));
}
#endif

static void test_round_vs_instruction(void)
{
#ifdef HAVE_X86
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("aes")) {
        printf("  (no AES-NI here: the round is checked by FIPS-197 only)\n");
        return;
    }
    int bad = 0;
    for (int t = 0; t < 20000; t++) {
        uint8_t s[16], k[16], a[16];
        for (int i = 0; i < 16; i++) {
            s[i] = (uint8_t)rnd();
            k[i] = (uint8_t)rnd();
        }
        memcpy(a, s, 16);
        ldpc_aes_round(s, k, t & 1);
        aesni_round(a, k, t & 1);
        bad += memcmp(s, a, 16) != 0;
    }
    CHECK(bad == 0);
    printf("  AES round = AESENC/AESENCLAST on 20000 random inputs\n");
#else
    printf("  (not x86: the round is checked by FIPS-197 only)\n");
#endif
}

/* ---- 2. the table ---- */

static double Phi(double z) { return 0.5 * erfc(-z / sqrt(2.0)); }

/* P(q = j - 127) for bit 0, straight from the definition (less careful in the tails than the
 * rule's own, which is why the comparison allows a unit). */
static double outcome_p(int j, double sigma, double scale)
{
    const double a = scale * 2.0 / (sigma * sigma), sd = a * sigma;
    const int q = j - 127;
    const double lo = q == -127 ? -INFINITY : (q - 0.5 - a) / sd;
    const double hi = q == 127 ? INFINITY : (q + 0.5 - a) / sd;
    return (isinf(hi) ? 1.0 : Phi(hi)) - (isinf(lo) ? 0.0 : Phi(lo));
}

static void test_table(double sigma, float scale)
{
    ldpc_sim_i8_table t;
    REQUIRE_OK(ldpc_sim_i8_table_init(&t, sigma, scale));
    uint64_t sum = 0, from_columns[256] = {0};
    double worst = 0.0;
    for (int j = 0; j < 256; j++) {
        sum += t.mass[j];
        CHECK(t.thr[j] < (1u << 24));
        CHECK(((uint32_t)t.thr_byte[0][j] << 16 | (uint32_t)t.thr_byte[1][j] << 8 | t.thr_byte[2][j]) ==
              t.thr[j]);
        CHECK(t.packed[j] == (t.thr[j] << 8 | t.alias[j]));
        from_columns[j] += t.thr[j];
        from_columns[t.alias[j]] += (1u << 24) - t.thr[j];
        if (j < LDPC_I8T_OUTCOMES) {
            const double d = fabs((double)t.mass[j] - outcome_p(j, sigma, scale) * 4294967296.0);
            worst = d > worst ? d : worst;
        }
    }
    CHECK(sum == (1ull << 32) && t.mass[255] == 0);
    int exact = 1;
    for (int j = 0; j < 256; j++)
        exact &= from_columns[j] == t.mass[j];
    CHECK(exact);
    CHECK_MSG(worst <= 1.001, "mass off by %g units", worst);
    printf("  table sigma %.3f scale %g: masses add to 2^32, columns exact, worst %.3f units\n",
           sigma, (double)scale, worst);
}

/* ---- 3. the frame kernels ---- */

/* Frame f's LLRs by the header's words, deviate by deviate; counts the deviates whose top two
 * bytes tie with their column's threshold (the vector kernel's deepest comparison). */
static uint32_t by_layout(uint64_t seed, uint64_t f, const uint8_t *cw, int n,
                          const ldpc_sim_i8_table *t, int8_t *out, int *ties)
{
    uint32_t sat = 0;
    for (int i = 0; i < n; i++) {
        const int g = i / 64, d = i % 64;
        uint8_t plane[4][16]; /* byte d of planes 0..3: block 16g + 4p + d / 16, byte d % 16 */
        for (int p = 0; p < 4; p++)
            ldpc_ars7_block(seed, f, 16u * (uint64_t)g + 4u * (uint64_t)p + (uint64_t)(d / 16),
                            plane[p]);
        const int o = d % 16;
        const unsigned j = plane[0][o];
        const uint32_t v = (uint32_t)plane[1][o] << 16 | (uint32_t)plane[2][o] << 8 | plane[3][o];
        *ties += v >> 8 == t->thr[j] >> 8;
        int q = ldpc_i8t_outcome(t, j, v) - 127;
        q = cw && (cw[i] & 1) ? -q : q;
        out[i] = (int8_t)q;
        sat += q == 127 || q == -127;
    }
    return sat;
}

static void test_kernels(void)
{
    ldpc_sim_i8_table t;
    REQUIRE_OK(ldpc_sim_i8_table_init(&t, 0.55, 6.0f)); /* some LLRs saturate */
    const ldpc_sim_i8_table_kernel *gen = ldpc_sim_i8_table_kernel_get("generic");
    REQUIRE(gen);
    enum { NMAX = 2304 };
    uint8_t cw[NMAX];
    int8_t want[NMAX], got[NMAX];
    /* the generic kernel is the layout */
    int ties = 0, bad = 0;
    for (uint64_t f = 0; f < 6; f++) {
        for (int i = 0; i < NMAX; i++)
            cw[i] = (uint8_t)(rnd() & 1);
        const int n = f < 3 ? 77 : 1000;
        const uint32_t s1 = by_layout(9, f, cw, n, &t, want, &ties);
        const uint32_t s2 = gen->llrs(9, f, cw, n, &t, got);
        bad += s1 != s2 || memcmp(want, got, (size_t)n) != 0;
    }
    CHECK(bad == 0);
    /* every variant = generic */
    const char *names[] = {"aesni", "avx2", "avx512-vbmi"};
    for (int v = 0; v < 3; v++) {
        const ldpc_sim_i8_table_kernel *k = ldpc_sim_i8_table_kernel_get(names[v]);
        if (!k) {
            printf("  %s: not in this build or on this CPU\n", names[v]);
            continue;
        }
        const int lengths[] = {1, 63, 64, 65, 576, 1001, 2304};
        int diff = 0, frames = 0;
        uint64_t sat = 0;
        for (int li = 0; li < 7; li++)
            for (uint64_t f = 0; f < (lengths[li] == 2304 ? 400u : 20u); f++, frames++) {
                const int n = lengths[li];
                for (int i = 0; i < n; i++)
                    cw[i] = (uint8_t)(rnd() & 1);
                const uint8_t *c = f % 5 == 4 ? NULL : cw;
                memset(got, 0x55, sizeof got);
                const uint32_t s1 = gen->llrs(3, f * 7919u, c, n, &t, want);
                const uint32_t s2 = k->llrs(3, f * 7919u, c, n, &t, got);
                diff += s1 != s2 || memcmp(want, got, (size_t)n) != 0 ||
                        (n < NMAX && got[n] != 0x55); /* nothing written past n */
                sat += s1;
            }
        CHECK_MSG(diff == 0, "%s differs from generic in %d of %d frames", names[v], diff, frames);
        CHECK(sat > 0);
        printf("  %s = generic over %d frames (%llu saturated LLRs)\n", names[v], frames,
               (unsigned long long)sat);
    }
    /* ties of the top two bytes: about 2^-16 of the deviates; make sure some were met */
    for (uint64_t f = 100; f < 400; f++) {
        const ldpc_sim_i8_table_kernel *k = ldpc_sim_i8_table_kernel_select();
        const uint32_t s1 = by_layout(3, f, NULL, NMAX, &t, want, &ties);
        const uint32_t s2 = k->llrs(3, f, NULL, NMAX, &t, got);
        bad += s1 != s2 || memcmp(want, got, NMAX) != 0;
    }
    CHECK(bad == 0);
    CHECK_MSG(ties > 0, "no tie of the top two bytes met");
    printf("  the selected kernel (%s) = the layout, %d deviates with tied top bytes among them\n",
           ldpc_sim_i8_table_kernel_select()->name, ties);
}

/* ---- 4. the distribution ---- */

/* chi-square of a histogram (bit 0's outcome j = q + 127) against probabilities p, bins merged
 * from the tails until each expects >= 20; returns chi2 / the bound df + 6 sqrt(2 df). */
static double chi2_ratio(const uint64_t *hist, const double *p, uint64_t total, int *df_out)
{
    double chi2 = 0.0, e_acc = 0.0, o_acc = 0.0;
    int df = -1;
    for (int j = 0; j < LDPC_I8T_OUTCOMES; j++) {
        e_acc += p[j] * (double)total;
        o_acc += (double)hist[j];
        if (e_acc >= 20.0 || j == LDPC_I8T_OUTCOMES - 1) {
            chi2 += (o_acc - e_acc) * (o_acc - e_acc) / (e_acc > 0 ? e_acc : 1e-300);
            df++;
            e_acc = o_acc = 0.0;
        }
    }
    *df_out = df;
    return chi2 / ((double)df + 6.0 * sqrt(2.0 * (double)df));
}

static void test_distribution(const ldpc_code *code, double ebn0, float scale)
{
    enum { FRAMES = 1500 };
    const int n = ldpc_code_n(code);
    const double sigma = ldpc_awgn_sigma(ebn0, (double)ldpc_code_k(code) / n);
    ldpc_sim_config c;
    ldpc_sim_config_init(&c);
    c.llr_type = LDPC_LLR_I8;
    c.seed = 11;
    uint8_t *cw = malloc((size_t)FRAMES * n);
    int8_t *q = malloc((size_t)FRAMES * n);
    REQUIRE(cw && q);
    REQUIRE_OK(ldpc_sim_make_frames(code, &c, ebn0, 0, FRAMES, NULL, cw, NULL));
    double p[LDPC_I8T_OUTCOMES];
    for (int j = 0; j < LDPC_I8T_OUTCOMES; j++)
        p[j] = outcome_p(j, sigma, scale);
    for (int rule = 0; rule < 2; rule++) {
        c.noise = rule ? LDPC_SIM_NOISE_I8_TABLE : LDPC_SIM_NOISE_BOX_MULLER;
        REQUIRE_OK(ldpc_sim_channel_llrs_i8(code, &c, ebn0, scale, 0, FRAMES, cw, q));
        uint64_t hist[LDPC_I8T_OUTCOMES] = {0};
        const uint64_t total = (uint64_t)FRAMES * n;
        for (uint64_t i = 0; i < total; i++)
            hist[(cw[i] ? -q[i] : q[i]) + 127]++; /* as if bit 0 was sent */
        int df = 0;
        const double r = chi2_ratio(hist, p, total, &df);
        CHECK_MSG(r < 1.0, "%s at %.1f dB scale %g: chi2 / bound %.3f (df %d)",
                  ldpc_sim_noise_name(c.noise), ebn0, (double)scale, r, df);
        printf("  %-10s %.1f dB scale %-3g: %llu LLRs, chi2 %.3f of its bound (df %d)\n",
               ldpc_sim_noise_name(c.noise), ebn0, (double)scale, (unsigned long long)total, r,
               df);
    }
    free(cw);
    free(q);
}

/* ---- 5. the simulator ---- */

static ldpc_sim *make_sim(const ldpc_code *code, ldpc_sim_noise noise, int threads,
                          ldpc_sim_mode mode)
{
    ldpc_decoder_config dc;
    ldpc_decoder_config_init(&dc);
    dc.backend = LDPC_BACKEND_CPU_SIMD;
    dc.msg_format = LDPC_MSG_I8;
    ldpc_sim_config sc;
    ldpc_sim_config_init(&sc);
    sc.seed = 5;
    sc.llr_type = LDPC_LLR_I8;
    sc.num_threads = threads;
    sc.noise = noise;
    ldpc_sim *sim = NULL;
    REQUIRE_OK(ldpc_sim_create_mode(&sim, code, &dc, &sc, mode));
    return sim;
}

static ldpc_sim_counts run(ldpc_sim *sim, double ebn0, uint64_t first, uint64_t frames)
{
    ldpc_sim_counts c;
    memset(&c, 0, sizeof c);
    REQUIRE_OK(ldpc_sim_run(sim, ebn0, first, frames, 0, &c));
    return c;
}

static int same(const ldpc_sim_counts *a, const ldpc_sim_counts *b)
{
    return !memcmp(a, b, sizeof *a);
}

static void test_simulator(const ldpc_code *code)
{
    const double ebn0 = 1.75;
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    enum { N = 240 };
    ldpc_sim *one = make_sim(code, LDPC_SIM_NOISE_I8_TABLE, 1, LDPC_SIM_MODE_AUTO);
    CHECK(!strcmp(ldpc_sim_channel_name(one), "cpu"));
    const ldpc_sim_counts all = run(one, ebn0, 100, N);
    /* the frames one by one */
    ldpc_decoder *dec = NULL;
    REQUIRE_OK(ldpc_decoder_create(&dec, code, ldpc_decoder_config_get(ldpc_sim_decoder(one))));
    const float scale = ldpc_decoder_config_get(dec)->llr_scale;
    uint8_t *info = malloc((size_t)k), *cw = malloc((size_t)n), *out = malloc((size_t)k);
    int8_t *q = malloc((size_t)n);
    REQUIRE(info && cw && out && q);
    ldpc_sim_counts want;
    memset(&want, 0, sizeof want);
    for (uint64_t f = 100; f < 100 + N; f++) {
        REQUIRE_OK(ldpc_sim_make_frame(code, ldpc_sim_config_get(one), ebn0, f, info, cw, NULL));
        REQUIRE_OK(ldpc_sim_channel_llrs_i8(code, ldpc_sim_config_get(one), ebn0, scale, f, 1, cw, q));
        ldpc_frame_status st;
        REQUIRE_OK(ldpc_decoder_decode_i8(dec, q, 1, out, &st));
        int e = 0;
        for (int i = 0; i < k; i++)
            e += info[i] != out[i];
        for (int i = 0; i < n; i++)
            want.saturated += q[i] == 127 || q[i] == -127;
        want.frames++;
        want.bit_errors += (uint64_t)e;
        want.frame_errors += e > 0;
        want.parity_failures += !st.parity_ok;
        want.undetected += e > 0 && st.parity_ok;
        want.iterations += (uint64_t)st.iterations;
    }
    CHECK(same(&all, &want));
    CHECK(all.frame_errors > 5 && all.frame_errors < N - 5);
    printf("  %d frames at %.2f dB: %llu frame errors, the same frame by frame\n", N, ebn0,
           (unsigned long long)all.frame_errors);
    /* threads, the batches mode, ranges */
    ldpc_sim *three = make_sim(code, LDPC_SIM_NOISE_I8_TABLE, 3, LDPC_SIM_MODE_AUTO);
    ldpc_sim *batches = make_sim(code, LDPC_SIM_NOISE_I8_TABLE, 2, LDPC_SIM_MODE_HOST_BATCHES);
    const ldpc_sim_counts c3 = run(three, ebn0, 100, N), cb = run(batches, ebn0, 100, N);
    CHECK(same(&c3, &all) && same(&cb, &all));
    ldpc_sim_counts a = run(one, ebn0, 100, 77), b = run(three, ebn0, 177, N - 77);
    a.frames += b.frames;
    a.bit_errors += b.bit_errors;
    a.frame_errors += b.frame_errors;
    a.parity_failures += b.parity_failures;
    a.undetected += b.undetected;
    a.iterations += b.iterations;
    a.saturated += b.saturated;
    CHECK(same(&a, &all));
    /* the same law as box-muller's: frame error counts within statistics (independent noise,
     * so the difference has variance about the sum) */
    ldpc_sim *bm = make_sim(code, LDPC_SIM_NOISE_BOX_MULLER, 0, LDPC_SIM_MODE_AUTO);
    ldpc_sim *tb = make_sim(code, LDPC_SIM_NOISE_I8_TABLE, 0, LDPC_SIM_MODE_AUTO);
    const ldpc_sim_counts x = run(bm, 2.0, 0, 6000), y = run(tb, 2.0, 0, 6000);
    const double fx = (double)x.frame_errors, fy = (double)y.frame_errors;
    CHECK(fx > 100 && fy > 100);
    CHECK_MSG(fabs(fx - fy) < 4.5 * sqrt(fx + fy), "frame errors box-muller %g, i8-table %g", fx, fy);
    printf("  2.0 dB, 6000 frames: frame errors box-muller %g, i8-table %g\n", fx, fy);
    ldpc_sim_destroy(bm);
    ldpc_sim_destroy(tb);
    ldpc_sim_destroy(three);
    ldpc_sim_destroy(batches);
    ldpc_sim_destroy(one);
    ldpc_decoder_destroy(dec);
    free(info);
    free(cw);
    free(out);
    free(q);
}

static void test_refusals(const ldpc_code *code)
{
    ldpc_sim_config c;
    ldpc_sim_config_init(&c);
    c.noise = LDPC_SIM_NOISE_I8_TABLE;
    ldpc_sim *sim = NULL;
    CHECK(ldpc_sim_create(&sim, code, NULL, &c) == LDPC_ERR_INVALID_ARGUMENT && !sim); /* f32 */
    c.llr_type = LDPC_LLR_I8;
    c.modulation = LDPC_MOD_QAM16;
    CHECK(ldpc_sim_create(&sim, code, NULL, &c) == LDPC_ERR_INVALID_ARGUMENT && !sim);
    c.modulation = LDPC_MOD_QPSK;
    float llr[4];
    CHECK(ldpc_sim_make_frame(code, &c, 2.0, 0, NULL, NULL, llr) == LDPC_ERR_UNSUPPORTED);
    c.noise = (ldpc_sim_noise)7;
    CHECK(ldpc_sim_create(&sim, code, NULL, &c) == LDPC_ERR_INVALID_ARGUMENT && !sim);
    ldpc_sim_i8_table t;
    CHECK(ldpc_sim_i8_table_init(&t, 0.0, 4.0f) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_sim_i8_table_init(&t, 0.7, NAN) == LDPC_ERR_INVALID_ARGUMENT);
    for (int v = LDPC_SIM_NOISE_BOX_MULLER; v <= LDPC_SIM_NOISE_I8_TABLE; v++) {
        ldpc_sim_noise got = (ldpc_sim_noise)-1;
        CHECK(ldpc_sim_noise_from_string(ldpc_sim_noise_name((ldpc_sim_noise)v), &got) == LDPC_OK &&
              got == (ldpc_sim_noise)v);
    }
    ldpc_sim_noise got;
    CHECK(ldpc_sim_noise_from_string("gaussian", &got) != LDPC_OK);
}

int main(void)
{
    printf("AES:\n");
    test_sbox();
    test_aes128_fips197();
    test_round_vs_instruction();
    printf("tables:\n");
    test_table(0.7079, 4.0f);  /* 3 dB, rate 1/2 */
    test_table(1.0, 4.0f);     /* 0 dB */
    test_table(0.3, 16.0f);    /* narrow noise, a large scale: saturating */
    test_table(3.0, 1.0f);     /* wide noise, a small scale: mass near 0 */
    printf("frame kernels:\n");
    test_kernels();
    ldpc_code *code = NULL;
    REQUIRE_OK(ldpc_code_create(&code, "wimax:576:1/2"));
    printf("distribution:\n");
    test_distribution(code, 3.0, 4.0f);
    test_distribution(code, 0.0, 4.0f);
    test_distribution(code, 6.0, 8.0f); /* some saturate */
    printf("simulator:\n");
    test_simulator(code);
    test_refusals(code);
    ldpc_code_destroy(code);
    return test_finish("test_sim_i8_table");
}
