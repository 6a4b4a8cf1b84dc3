/* Modulations and the demapper's rule (include/ldpcgpu/demap.h) and the simulator's QAM
 * channel (sim.h's modulation):
 *  1. names round-trip, aliases parse, bad names are refused;
 *  2. DVB-T2's axis levels: each amplitude once, Gray neighbours, the sign bit first, 16-QAM's
 *     table of EN 302 755, unit symbol energy;
 *  3. the demapper's rule against double-precision sums and minima over every point, also where
 *     one set's sum underflows (far points), and through ldpc_demap_exact_from_exp;
 *  4. QPSK frames are BPSK's frames, LLR for LLR;
 *  5. the channel's uncoded bit error rate (signs of max-log LLRs = the nearest level's bits)
 *     against the closed form of Gray square QAM at its Eb/N0: the level mapping, the
 *     normalisation and Eb/N0 -> noise all have to be right; exact LLRs are consistent: for a
 *     true log-likelihood ratio E[s | L] = tanh(L / 2) (s = +-1 the bit sent), so
 *     E[s tanh(L / 2)] = E[tanh^2(L / 2)], which an LLR off in scale or offset misses;
 *  6. a last symbol that n does not fill: the LLRs are those of the frame padded with zeros;
 *     the all-zero codeword is refused for 16/64/256-QAM. */
#include <math.h>
#include <string.h>
#include "test_util.h"

static void test_names(void)
{
    for (int m = LDPC_MOD_BPSK; m <= LDPC_MOD_QAM256; m++) {
        ldpc_modulation got = (ldpc_modulation)-1;
        CHECK(ldpc_modulation_from_string(ldpc_modulation_name((ldpc_modulation)m), &got) == LDPC_OK &&
              got == (ldpc_modulation)m);
    }
    for (int d = LDPC_DEMAP_EXACT; d <= LDPC_DEMAP_MAX_LOG; d++) {
        ldpc_demap_method got = (ldpc_demap_method)-1;
        CHECK(ldpc_demap_method_from_string(ldpc_demap_method_name((ldpc_demap_method)d), &got) == LDPC_OK &&
              got == (ldpc_demap_method)d);
    }
    const int bits[] = {1, 2, 4, 6, 8};
    for (int m = 0; m < 5; m++)
        CHECK(ldpc_modulation_bits((ldpc_modulation)m) == bits[m]);
    CHECK(ldpc_modulation_bits((ldpc_modulation)5) == 0);
    ldpc_modulation m;
    CHECK(ldpc_modulation_from_string("QAM64", &m) == LDPC_OK && m == LDPC_MOD_QAM64);
    CHECK(strcmp(ldpc_modulation_name(LDPC_MOD_QAM16), "16qam") == 0);
    CHECK(ldpc_modulation_from_string("32qam", &m) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(strstr(ldpc_last_error(), "256qam") != NULL); /* names the valid ones */
    ldpc_demap_method d;
    CHECK(ldpc_demap_method_from_string("maxlog", &d) == LDPC_OK && d == LDPC_DEMAP_MAX_LOG);
    CHECK(ldpc_demap_method_from_string("approx", &d) == LDPC_ERR_INVALID_ARGUMENT);
}

static int popcount(unsigned v)
{
    int c = 0;
    for (; v; v &= v - 1)
        c++;
    return c;
}

static void test_axis_levels(void)
{
    for (int h = 1; h <= 6; h++) {
        const int L = 1 << h;
        int label_of[129]; /* amplitude + 64 -> label */
        for (int i = 0; i < 129; i++)
            label_of[i] = -1;
        double energy = 0.0;
        for (int g = 0; g < L; g++) {
            const int a = ldpc_qam_axis_level(g, h);
            CHECK_MSG((a & 1) && a >= -(L - 1) && a <= L - 1 && label_of[a + 64] < 0,
                      "axis_bits %d label %d: amplitude %d", h, g, a);
            if ((a & 1) && a >= -(L - 1) && a <= L - 1)
                label_of[a + 64] = g;
            /* the first bit is the sign (two named values: gcc 12.2 -O3 got the one-line
             * comparison (a < 0) == ((g >> (h - 1)) & 1) wrong for negative a) */
            const int negative = a < 0, sign_bit = (g >> (h - 1)) & 1;
            CHECK_MSG(negative == sign_bit, "axis_bits %d label %d: amplitude %d", h, g, a);
            energy += (double)a * a;
        }
        for (int a = -(L - 1); a + 2 <= L - 1; a += 2) /* Gray: neighbours differ in one bit */
            CHECK_MSG(popcount((unsigned)(label_of[a + 64] ^ label_of[a + 2 + 64])) == 1,
                      "axis_bits %d: levels %d and %d", h, a, a + 2);
        /* two axes at sqrt(3 / (2 (M - 1))): unit average symbol energy */
        const double M = (double)L * L;
        CHECK(fabs(2.0 * energy / L * 3.0 / (2.0 * (M - 1.0)) - 1.0) < 1e-12);
        CHECK(ldpc_qam_axis_level(L, h) == 0 && ldpc_qam_axis_level(-1, h) == 0);
    }
    CHECK(ldpc_qam_axis_level(0, 7) == 0 && ldpc_qam_axis_level(0, 0) == 0);
    /* 16-QAM, EN 302 755 (and gr-dtv): (y0, y2) = 00 -> +3, 01 -> +1, 11 -> -1, 10 -> -3 */
    CHECK(ldpc_qam_axis_level(0, 2) == 3 && ldpc_qam_axis_level(1, 2) == 1 &&
          ldpc_qam_axis_level(3, 2) == -1 && ldpc_qam_axis_level(2, 2) == -3);
}

/* LLRs in double over every point: exact log-sum-exp and max-log. */
static void reference_llrs(const float *metric, int bits, int exact, double *out)
{
    const int P = 1 << bits;
    for (int j = 0; j < bits; j++) {
        double m0 = INFINITY, m1 = INFINITY;
        for (int s = 0; s < P; s++) {
            const int b = (s >> (bits - 1 - j)) & 1;
            if (b)
                m1 = fmin(m1, metric[s]);
            else
                m0 = fmin(m0, metric[s]);
        }
        if (!exact) {
            out[j] = m1 - m0;
            continue;
        }
        double s0 = 0.0, s1 = 0.0;
        for (int s = 0; s < P; s++) {
            const int b = (s >> (bits - 1 - j)) & 1;
            if (b)
                s1 += exp(m1 - metric[s]);
            else
                s0 += exp(m0 - metric[s]);
        }
        out[j] = (m1 - m0) + log(s0) - log(s1);
    }
}

static void test_demap_rule(void)
{
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 11);
    float metric[256], work[256], w[256], llr[2 * 8], llr2[8];
    double ref[8], worst = 0.0;
    long bad = 0, cases = 0;
    for (int bits = 1; bits <= 8; bits++)
        for (int trial = 0; trial < 300; trial++) {
            const int P = 1 << bits;
            /* spreads up to 1e4: one set's sum underflows relative to the best point */
            const double spread = trial % 3 == 0 ? 5.0 : trial % 3 == 1 ? 80.0 : 1e4;
            for (int s = 0; s < P; s++)
                metric[s] = (float)(spread * ldpc_rng_uniform(&rng));
            for (int exact = 0; exact < 2; exact++) {
                REQUIRE_OK(ldpc_demap_llrs(metric, bits, exact ? LDPC_DEMAP_EXACT : LDPC_DEMAP_MAX_LOG,
                                           work, llr, 2));
                reference_llrs(metric, bits, exact, ref);
                for (int j = 0; j < bits; j++) {
                    const double err = fabs(llr[2 * j] - ref[j]) / (1.0 + fabs(ref[j]));
                    worst = err > worst ? err : worst;
                    bad += !(err <= 2e-5) || !isfinite(llr[2 * j]);
                    cases++;
                }
            }
            /* the caller's exponentials (libm's here): the same LLRs to float precision */
            float m_min = metric[0];
            for (int s = 1; s < P; s++)
                m_min = fminf(m_min, metric[s]);
            for (int s = 0; s < P; s++)
                w[s] = expf(m_min - metric[s]);
            REQUIRE_OK(ldpc_demap_exact_from_exp(metric, m_min, w, bits, llr2, 1));
            REQUIRE_OK(ldpc_demap_llrs(metric, bits, LDPC_DEMAP_EXACT, work, llr, 1));
            for (int j = 0; j < bits; j++)
                CHECK_MSG(fabsf(llr[j] - llr2[j]) <= 2e-6f * (1.0f + fabsf(llr[j])),
                          "%d bits, LLR %d: %.9g with the rule's exp, %.9g with libm's", bits, j,
                          (double)llr[j], (double)llr2[j]);
        }
    CHECK_MSG(bad == 0, "%ld of %ld LLRs beyond 2e-5 (1 + |LLR|) of double precision (worst %.2g)", bad,
              cases, worst);
    printf("demap rule: %ld LLRs, worst relative error %.2g\n", cases, worst);
    CHECK(ldpc_demap_llrs(metric, 13, LDPC_DEMAP_EXACT, work, llr, 1) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_demap_llrs(metric, 2, (ldpc_demap_method)2, work, llr, 1) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_demap_llrs(NULL, 2, LDPC_DEMAP_EXACT, work, llr, 1) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_demap_exact_from_exp(metric, 0.0f, w, 2, llr, 0) == LDPC_ERR_INVALID_ARGUMENT);
}

static ldpc_sim_config sim_cfg(ldpc_modulation m, ldpc_demap_method d)
{
    ldpc_sim_config c;
    ldpc_sim_config_init(&c);
    c.seed = 77;
    c.modulation = m;
    c.demapper = d;
    return c;
}

static void test_qpsk_is_bpsk(ldpc_code *code)
{
    const int n = ldpc_code_n(code), F = 20;
    float *a = malloc(sizeof(float) * (size_t)n * F), *b = malloc(sizeof(float) * (size_t)n * F);
    REQUIRE(a && b);
    ldpc_sim_config cb = sim_cfg(LDPC_MOD_BPSK, LDPC_DEMAP_EXACT), cq = sim_cfg(LDPC_MOD_QPSK, LDPC_DEMAP_MAX_LOG);
    REQUIRE_OK(ldpc_sim_make_frames(code, &cb, 1.5, 1000, F, NULL, NULL, a));
    REQUIRE_OK(ldpc_sim_make_frames(code, &cq, 1.5, 1000, F, NULL, NULL, b));
    CHECK(memcmp(a, b, sizeof(float) * (size_t)n * F) == 0);
    free(a);
    free(b);
}

static double qfunc(double x) { return 0.5 * erfc(x / sqrt(2.0)); }

/* Hard-decision bit error rate of Gray PAM on one axis with nearest-level decisions: level g
 * sent with noise sd (level units), averaged over levels and the axis's bits. */
static double pam_ber(int h, double sd)
{
    const int L = 1 << h;
    double errors = 0.0;
    for (int g = 0; g < L; g++) {
        const double a = ldpc_qam_axis_level(g, h);
        for (int g2 = 0; g2 < L; g2++) {
            const int wrong = popcount((unsigned)(g ^ g2));
            if (!wrong)
                continue;
            const double c = ldpc_qam_axis_level(g2, h);
            const double lo = c == -(L - 1) ? -INFINITY : c - 1.0, hi = c == L - 1 ? INFINITY : c + 1.0;
            /* P(lo < a + n < hi) */
            const double p = qfunc((lo - a) / sd) - qfunc((hi - a) / sd);
            errors += wrong * p;
        }
    }
    return errors / (L * h);
}

static void test_uncoded_ber(ldpc_code *code)
{
    const int n = ldpc_code_n(code), k = ldpc_code_k(code), F = 300;
    const double rate = (double)k / n;
    const ldpc_modulation mods[] = {LDPC_MOD_QAM16, LDPC_MOD_QAM64, LDPC_MOD_QAM256};
    const double ebn0s[] = {4.0, 8.0, 12.0};
    uint8_t *cw = malloc((size_t)n * F);
    float *llr = malloc(sizeof(float) * (size_t)n * F);
    REQUIRE(cw && llr);
    for (int mi = 0; mi < 3; mi++)
        for (int e = 0; e < 2; e++) {
            const int bits = ldpc_modulation_bits(mods[mi]), h = bits / 2;
            const double ebn0 = ebn0s[mi] + 2.0 * e;
            /* noise per axis in level units: N0 / 2 = 1 / (2 R bits Eb/N0), levels at
             * sqrt(3 / (2 (M - 1))) */
            const double M = (double)(1 << bits);
            const double sd = sqrt(1.0 / (2.0 * rate * bits * pow(10.0, ebn0 / 10.0))) /
                              sqrt(3.0 / (2.0 * (M - 1.0)));
            const double p = pam_ber(h, sd);
            long errs[2] = {0, 0};
            double s_tanh = 0.0, tanh2 = 0.0;
            for (int exact = 0; exact < 2; exact++) {
                ldpc_sim_config c = sim_cfg(mods[mi], exact ? LDPC_DEMAP_EXACT : LDPC_DEMAP_MAX_LOG);
                REQUIRE_OK(ldpc_sim_make_frames(code, &c, ebn0, 5000, F, NULL, cw, llr));
                for (size_t i = 0; i < (size_t)n * F; i++) {
                    errs[exact] += (llr[i] < 0.0f) != (cw[i] & 1);
                    if (exact) {
                        const double t = tanh(0.5 * (double)llr[i]);
                        s_tanh += (cw[i] & 1) ? -t : t;
                        tanh2 += t * t;
                    }
                }
            }
            const double total = (double)n * F;
            const double ber = errs[0] / total, tol = 5.0 * sqrt(h * p / total);
            CHECK_MSG(fabs(ber - p) <= tol, "%s %.1f dB: max-log hard BER %.4g, Gray QAM's %.4g (+-%.2g)",
                      ldpc_modulation_name(mods[mi]), ebn0, ber, p, tol);
            /* bitwise MAP decisions: never worse than the nearest level's, barely better */
            const double ber_exact = errs[1] / total;
            CHECK_MSG(ber_exact <= ber + 1e-12 + tol / 5 && ber_exact >= 0.9 * p - tol,
                      "%s %.1f dB: exact LLRs' hard BER %.4g vs max-log's %.4g", ldpc_modulation_name(mods[mi]),
                      ebn0, ber_exact, ber);
            s_tanh /= total;
            tanh2 /= total;
            CHECK_MSG(fabs(s_tanh - tanh2) < 0.004, "%s %.1f dB: E[s tanh(L/2)] = %.4f, E[tanh^2(L/2)] = %.4f",
                      ldpc_modulation_name(mods[mi]), ebn0, s_tanh, tanh2);
            printf("%-7s %5.1f dB: hard BER max-log %.4e exact %.4e, Gray QAM %.4e; E[s tanh(L/2)] %.4f "
                   "E[tanh^2(L/2)] %.4f\n", ldpc_modulation_name(mods[mi]), ebn0, ber, ber_exact, p, s_tanh, tanh2);
        }
    free(cw);
    free(llr);
}

/* H of n columns: a staircase, every column in one or two rows (any n, to test the padding). */
static ldpc_code *staircase(int n)
{
    const int m = n / 2;
    int *ptr = malloc(sizeof(int) * (size_t)(m + 1)), *col = malloc(sizeof(int) * (size_t)(3 * m));
    REQUIRE(ptr && col);
    int e = 0;
    for (int r = 0; r < m; r++) {
        ptr[r] = e;
        col[e++] = r;              /* information part: one per row */
        col[e++] = m + r;          /* parity: staircase */
        if (r + 1 < m)
            col[e++] = m + r + 1;
    }
    for (int j = 2 * m; j < n; j++) /* odd n: the last column in the last row too */
        col[e++] = j;
    ptr[m] = e;
    ldpc_code *c = NULL;
    REQUIRE_OK(ldpc_code_from_rows(&c, "staircase", n, m, ptr, col));
    free(ptr);
    free(col);
    return c;
}

static void test_padding(void)
{
    /* 1001 bits of 16-QAM / 64-QAM: 250 / 166 whole symbols and a partial one; the LLRs are the
     * first 1001 of the same frame of 1008 bits with zeros appended */
    ldpc_code *short_code = staircase(1001), *long_code = staircase(1008);
    uint8_t cw[1008];
    float a[1008], b[1008];
    ldpc_rng rng;
    ldpc_rng_seed(&rng, 3);
    ldpc_rng_bits(&rng, cw, 1001);
    memset(cw + 1001, 0, 7);
    const ldpc_modulation mods[] = {LDPC_MOD_QAM16, LDPC_MOD_QAM64, LDPC_MOD_QAM256};
    for (int mi = 0; mi < 3; mi++) {
        ldpc_sim_config c = sim_cfg(mods[mi], LDPC_DEMAP_EXACT);
        REQUIRE_OK(ldpc_sim_channel_llrs(short_code, &c, 3.0, 42, 1, cw, a));
        /* the same noise: the longer code's rate differs, so the same Eb/N0 is another sigma;
         * take its Eb/N0 that gives the same Es/N0 */
        const double r_short = (double)ldpc_code_k(short_code) / 1001, r_long = (double)ldpc_code_k(long_code) / 1008;
        REQUIRE_OK(ldpc_sim_channel_llrs(long_code, &c, 3.0 + 10.0 * log10(r_short / r_long), 42, 1, cw, b));
        long differ = 0;
        for (int i = 0; i < 1001; i++)
            differ += fabsf(a[i] - b[i]) > 1e-4f * (1.0f + fabsf(b[i]));
        CHECK_MSG(differ == 0, "%s: %ld of 1001 LLRs differ from the zero-padded frame's",
                  ldpc_modulation_name(mods[mi]), differ);
    }
    /* the all-zero codeword: refused where it is not a symmetric channel */
    ldpc_sim_config z = sim_cfg(LDPC_MOD_QAM16, LDPC_DEMAP_EXACT);
    z.codeword = LDPC_SIM_ALL_ZERO;
    ldpc_sim *sim = NULL;
    CHECK(ldpc_sim_create(&sim, short_code, NULL, &z) == LDPC_ERR_INVALID_ARGUMENT && !sim);
    CHECK(ldpc_sim_channel_llrs(short_code, &z, 3.0, 0, 1, NULL, a) == LDPC_ERR_INVALID_ARGUMENT);
    z.modulation = LDPC_MOD_QPSK;
    CHECK(ldpc_sim_channel_llrs(short_code, &z, 3.0, 0, 1, NULL, a) == LDPC_OK);
    z.modulation = (ldpc_modulation)9;
    CHECK(ldpc_sim_channel_llrs(short_code, &z, 3.0, 0, 1, NULL, a) == LDPC_ERR_INVALID_ARGUMENT);
    ldpc_code_destroy(short_code);
    ldpc_code_destroy(long_code);
}

/* The calls for many values (16 lanes at a time) give each value's ldpc_demap_llrs LLRs, in the
 * documented layout, for counts that are not a multiple of the lanes, per-symbol 1/N0, and LLRs 0
 * for values that are not finite. */
static void test_demap_many(void)
{
    enum { N = 37 };
    float iq[2 * N], inv[N];
    uint32_t x = 12345;
    for (int i = 0; i < 2 * N; i++) {
        x = x * 1664525u + 1013904223u;
        iq[i] = ((float)(x >> 8) / 16777216.0f - 0.5f) * 4.0f;
    }
    for (int s = 0; s < N; s++)
        inv[s] = 0.5f + 0.1f * (float)(s % 7);
    iq[2 * 5] = NAN;
    iq[2 * 9 + 1] = INFINITY;
    for (int method = 0; method < 2; method++) {
        /* 16QAM axes (2 bits per axis, levels 3, 1, -1, -3 by label) */
        float levels[4], llr[4 * N], metric[256], work[256], ref[8];
        for (int g = 0; g < 4; g++)
            levels[g] = (float)ldpc_qam_axis_level(g, 2);
        CHECK(ldpc_demap_axis_values(iq, 2 * N, 2, levels, 2, inv, 0.0f, (ldpc_demap_method)method,
                                     llr) == LDPC_OK);
        int bad = 0;
        for (int a = 0; a < 2 * N; a++) {
            const int s = a / 2, axis = a % 2;
            for (int g = 0; g < 4; g++) {
                const float e = iq[a] - levels[g];
                metric[g] = e * e * inv[s];
            }
            ldpc_demap_llrs(metric, 2, (ldpc_demap_method)method, work, ref, 1);
            for (int t = 0; t < 2; t++) {
                const float got = llr[s * 4 + t * 2 + axis];
                const float want = isfinite(iq[a]) ? ref[t] : 0.0f;
                bad += fabsf(got - want) > 1e-5f * (1.0f + fabsf(want));
            }
        }
        CHECK(bad == 0);
        /* 2-D: 8 points on a circle, one 1/N0 for all */
        float pts[16], llr2[3 * N];
        for (int p = 0; p < 8; p++) {
            pts[2 * p] = cosf(0.785398f * (float)p);
            pts[2 * p + 1] = sinf(0.785398f * (float)p);
        }
        CHECK(ldpc_demap_symbols(iq, N, pts, 3, NULL, 0.8f, (ldpc_demap_method)method, llr2) ==
              LDPC_OK);
        bad = 0;
        for (int s = 0; s < N; s++) {
            const int finite = isfinite(iq[2 * s]) && isfinite(iq[2 * s + 1]);
            for (int p = 0; p < 8; p++) {
                const float dr = iq[2 * s] - pts[2 * p], di = iq[2 * s + 1] - pts[2 * p + 1];
                metric[p] = (dr * dr + di * di) * 0.8f;
            }
            if (finite)
                ldpc_demap_llrs(metric, 3, (ldpc_demap_method)method, work, ref, 1);
            for (int j = 0; j < 3; j++) {
                const float want = finite ? ref[j] : 0.0f;
                bad += fabsf(llr2[s * 3 + j] - want) > 1e-5f * (1.0f + fabsf(want));
            }
        }
        CHECK(bad == 0);
    }
    float v = 0.0f, l = 0.0f;
    CHECK(ldpc_demap_axis_values(&v, 1, 1, &l, 7, NULL, 1.0f, LDPC_DEMAP_EXACT, &l) ==
          LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_demap_symbols(&v, 1, &l, 9, NULL, 1.0f, LDPC_DEMAP_EXACT, &l) ==
          LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_demap_symbols(NULL, 1, &l, 1, NULL, 1.0f, LDPC_DEMAP_EXACT, &l) ==
          LDPC_ERR_INVALID_ARGUMENT);
}

int main(void)
{
    test_names();
    test_axis_levels();
    test_demap_rule();
    test_demap_many();
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "wimax:2304:1/2"));
    test_qpsk_is_bpsk(code);
    test_uncoded_ber(code);
    ldpc_code_destroy(code);
    test_padding();
    return test_finish("test_modulation");
}
