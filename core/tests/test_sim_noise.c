/* The simulator's frame rule on the host (sim_frame.h, sim_noise.h):
 *  - ldpc_philox4x32_10 reproduces the Random123 known-answer vectors of Philox4x32-10;
 *  - every kernel variant this CPU runs (generic, avx2, avx512) gives the same bits, the same
 *    deviates, the same LLRs and the same int8 values, bit for bit, for lengths with and
 *    without partial blocks and frame numbers above 2^32, and the LLR kernel returns the
 *    largest |LLR| it wrote;
 *  - the bits are the rule's words (bit j of word (j/32)%4 of quad j/128), the deviates agree
 *    with the exact value (double) to 4 units of the radius and with the libm form of the
 *    rule (ldpc_sim_box_muller) to 16, the LLRs are ldpc_sim_llr of the deviates;
 *  - the int8 rule at its edges (ties, NaN, Inf, clamping) in every variant;
 *  - the deviates look normal: mean, variance, fourth moment, tail share, independence of
 *    neighbours, over 4 million of them.
 * Prints each variant's speed (Mdeviates/s and Mb/s of LLRs, one thread; informational). */
#include <float.h>
#include <math.h>
#include <string.h>
#include <time.h>
#include "test_util.h"
#include "sim_frame.h"
#include "sim_llr.h"
#include "sim_noise.h"

static void test_known_answers(void)
{
    /* Random123's kat_vectors for philox4x32_10 (counter, key -> result) */
    static const uint32_t kat[3][10] = {
        {0, 0, 0, 0, 0, 0, 0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8},
        {0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0x408f276d,
         0x41c83b0e, 0xa20bc7c6, 0x6d5451fd},
        {0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0, 0xd16cfe09,
         0x94fdcceb, 0x5001e420, 0x24126ea1},
    };
    for (int t = 0; t < 3; t++) {
        const uint32_t *v = kat[t];
        ldpc_u32x4 c = {v[0], v[1], v[2], v[3]};
        ldpc_u32x4 r = ldpc_philox4x32_10(c, v[4], v[5]);
        CHECK_MSG(r.x == v[6] && r.y == v[7] && r.z == v[8] && r.w == v[9],
                  "KAT %d: %08x %08x %08x %08x", t, r.x, r.y, r.z, r.w);
    }
    /* ldpc_sim_quad(seed, frame, q) is that function with counter {q, frame} and key seed */
    const ldpc_u32x4 r = ldpc_sim_quad(((uint64_t)0x299f31d0 << 32) | 0xa4093822,
                                       ((uint64_t)0x03707344 << 32) | 0x13198a2e,
                                       ((uint64_t)0x85a308d3 << 32) | 0x243f6a88);
    CHECK(r.x == 0xd16cfe09 && r.y == 0x94fdcceb && r.z == 0x5001e420 && r.w == 0x24126ea1);
}

static const ldpc_sim_kernels *variants[3];
static int num_variants;

/* |a - b| in units of the float spacing at max(|b|, 1) (deviates near 0 are judged on the
 * scale of the radius, where the angle's rounding shows) */
static double err_units(float a, float b, float scale)
{
    const float s = fmaxf(fabsf(scale), 1.0f);
    return fabs((double)a - (double)b) / (double)(nextafterf(s, INFINITY) - s);
}

static void test_variants_agree(void)
{
    const uint64_t seeds[] = {1, 0xdeadbeefcafef00dull};
    const uint64_t frames[] = {0, 1, 12345, (1ull << 32) + 7, ~0ull};
    const int lengths[] = {1, 3, 4, 63, 64, 65, 127, 128, 129, 576, 1000, 2304, 16200};
    enum { MAXN = 16384 };
    static float dev[3][MAXN], llr[3][MAXN], ref[MAXN];
    static uint8_t bits[3][MAXN], cw[MAXN];
    static int8_t q8[3][MAXN];
    double worst = 0.0, worst_libm = 0.0;
    for (int i = 0; i < MAXN; i++)
        cw[i] = (uint8_t)((i * 7 + i / 5) & 3); /* low bit used only */
    for (size_t si = 0; si < sizeof seeds / sizeof seeds[0]; si++)
        for (size_t fi = 0; fi < sizeof frames / sizeof frames[0]; fi++)
            for (size_t li = 0; li < sizeof lengths / sizeof lengths[0]; li++) {
                const uint64_t s = seeds[si], f = frames[fi];
                const int n = lengths[li];
                float sigma, gain;
                ldpc_sim_llr_params(0.8, &sigma, &gain);
                for (int v = 0; v < num_variants; v++) {
                    memset(bits[v], 0xee, MAXN);
                    dev[v][n] = llr[v][n] = 12345.0f; /* must stay untouched */
                    variants[v]->bits(s, f, n, bits[v]);
                    variants[v]->normals(s, f, n, dev[v]);
                    const float mx = variants[v]->llrs(s, f, (li & 1) ? cw : NULL, n, sigma, gain, llr[v]);
                    float want = 0.0f;
                    for (int j = 0; j < n; j++)
                        want = fabsf(llr[v][j]) > want ? fabsf(llr[v][j]) : want;
                    CHECK_MSG(mx == want, "%s: llrs returned %g, the largest |LLR| is %g",
                              variants[v]->name, mx, want);
                    variants[v]->quantize_i8(llr[v], (size_t)n, 4.0f, q8[v]);
                    CHECK(bits[v][n] == 0xee && dev[v][n] == 12345.0f && llr[v][n] == 12345.0f);
                }
                /* the rule itself, from the scalar header functions */
                int bad_bits = 0, bad_llr = 0;
                for (int j = 0; j < n; j++) {
                    const ldpc_u32x4 w = ldpc_sim_quad(s, f, (uint64_t)(j / 128));
                    const uint32_t word[4] = {w.x, w.y, w.z, w.w};
                    bad_bits += bits[0][j] != ((word[(j / 32) % 4] >> (j % 32)) & 1u);
                    bad_llr += llr[0][j] != ldpc_sim_llr((li & 1) ? cw[j] : 0u, dev[0][j], sigma, gain);
                }
                CHECK_MSG(!bad_bits, "seed %llu frame %llu n %d: %d bits differ from the rule",
                          (unsigned long long)s, (unsigned long long)f, n, bad_bits);
                CHECK_MSG(!bad_llr, "n %d: %d LLRs are not ldpc_sim_llr of the deviates", n, bad_llr);
                for (int i = 0; i < n; i += 4) {
                    const ldpc_u32x4 w = ldpc_sim_quad(s, f, LDPC_SIM_NOISE_QUAD + (uint64_t)(i / 4));
                    float r4[4];
                    ldpc_sim_box_muller(w.x, w.y, &r4[0], &r4[1]);
                    ldpc_sim_box_muller(w.z, w.w, &r4[2], &r4[3]);
                    for (int t = 0; t < 4 && i + t < n; t++)
                        ref[i + t] = r4[t];
                }
                for (int i = 0; i < n; i++) {
                    /* exact: the rule's words in double precision, u1 as the rule rounds it */
                    const ldpc_u32x4 w = ldpc_sim_quad(s, f, LDPC_SIM_NOISE_QUAD + (uint64_t)(i / 4));
                    const uint32_t a = (i & 2) ? w.z : w.x, b = (i & 2) ? w.w : w.y;
                    const float u1 = ((float)a + 0.5f) * 2.3283064365386963e-10f;
                    const double r = sqrt(-2.0 * log((double)u1)), t = 2 * M_PI * b * 0x1p-32;
                    const double exact = r * ((i & 1) ? sin(t) : cos(t));
                    const double e = err_units(dev[0][i], (float)exact, (float)r);
                    const double el = err_units(dev[0][i], ref[i], (float)r);
                    if (e > worst)
                        worst = e;
                    if (el > worst_libm)
                        worst_libm = el;
                }
                for (int v = 1; v < num_variants; v++) {
                    CHECK_MSG(!memcmp(bits[v], bits[0], (size_t)n), "%s bits n %d", variants[v]->name, n);
                    CHECK_MSG(!memcmp(dev[v], dev[0], sizeof(float) * n), "%s deviates n %d frame %llu",
                              variants[v]->name, n, (unsigned long long)f);
                    CHECK_MSG(!memcmp(llr[v], llr[0], sizeof(float) * n), "%s llrs n %d", variants[v]->name, n);
                    CHECK_MSG(!memcmp(q8[v], q8[0], (size_t)n), "%s int8 n %d", variants[v]->name, n);
                }
            }
    /* units: the float spacing at the pair's radius r (at least 1). Against the exact value
     * the kernels' polynomials and roundings stay within a few; the libm form of the rule
     * rounds its angle 2 pi b 2^-32 to float first (up to 2 pi 2^-25 = 1.9e-7 rad, about 1.6
     * units of r at r = 1 on each side), so it gets more room. */
    printf("deviates: largest difference %.2f units of the radius from the exact value, "
           "%.2f from ldpc_sim_box_muller (libm)\n", worst, worst_libm);
    CHECK_MSG(worst <= 4.0, "deviates differ from the exact value by %.2f units", worst);
    CHECK_MSG(worst_libm <= 16.0, "deviates differ from ldpc_sim_box_muller by %.2f", worst_libm);
}

static void test_quantize_edges(void)
{
    enum { N = 4096 };
    static float x[N];
    static int8_t out[3][N];
    int m = 0;
    const float specials[] = {0.0f, -0.0f, NAN, -NAN, INFINITY, -INFINITY, 1e30f, -1e30f,
                              FLT_MIN, -FLT_MIN, 1e-45f, 126.5f, -126.5f, 127.49f, 127.5f,
                              -127.5f, 128.0f, -128.0f, -129.0f};
    for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++)
        x[m++] = specials[i];
    for (int k = -130; k <= 130 && m + 5 < N; k++) { /* ties k + 1/2 and their neighbours */
        const float t = (float)k + 0.5f;
        x[m++] = t;
        x[m++] = nextafterf(t, INFINITY);
        x[m++] = nextafterf(t, -INFINITY);
        x[m++] = (float)k;
    }
    x[m++] = 0.49999997f;
    x[m++] = -0.49999997f;
    uint32_t r = 12345;
    while (m < N) {
        r = r * 1664525u + 1013904223u;
        x[m++] = ((float)(r >> 8) / 16777216.0f - 0.5f) * 300.0f;
    }
    const float scales[] = {1.0f, 4.0f, 0.25f};
    for (size_t si = 0; si < 3; si++) {
        /* llr * scale must give the listed values at scale 1 */
        for (int v = 0; v < num_variants; v++) {
            for (int len = N - 37; len <= N; len += 37) { /* tails of every length class */
                memset(out[v], 0x55, N);
                variants[v]->quantize_i8(x, (size_t)len, scales[si], out[v]);
                int bad = 0;
                for (int i = 0; i < len; i++)
                    bad += out[v][i] != ldpc_llr_to_i8_one(x[i], scales[si]);
                CHECK_MSG(!bad, "%s quantize scale %g len %d: %d differ from the rule",
                          variants[v]->name, scales[si], len, bad);
                if (len < N)
                    CHECK(out[v][len] == 0x55);
            }
        }
    }
    /* the rule itself */
    CHECK(ldpc_llr_to_i8_one(0.5f, 1) == 1 && ldpc_llr_to_i8_one(-0.5f, 1) == -1);
    CHECK(ldpc_llr_to_i8_one(0.49999997f, 1) == 0 && ldpc_llr_to_i8_one(1.5f, 1) == 2);
    CHECK(ldpc_llr_to_i8_one(2.5f, 1) == 3 && ldpc_llr_to_i8_one(-2.5f, 1) == -3);
    CHECK(ldpc_llr_to_i8_one(NAN, 1) == 0 && ldpc_llr_to_i8_one(INFINITY, 1) == 127);
    CHECK(ldpc_llr_to_i8_one(-INFINITY, 1) == -127 && ldpc_llr_to_i8_one(-1e30f, 1) == -127);
    CHECK(ldpc_llr_to_i8_one(3.0f, 4.0f) == 12 && ldpc_llr_to_i8_one(0.125f, 4.0f) == 1);
    /* the public function is the rule */
    int8_t pub[N];
    ldpc_llr_quantize_i8(x, N, 4.0f, pub);
    int bad = 0;
    for (int i = 0; i < N; i++)
        bad += pub[i] != ldpc_llr_to_i8_one(x[i], 4.0f);
    CHECK(!bad);
    ldpc_llr_quantize_i8(NULL, 5, 4.0f, pub); /* no crash */
}

static void test_statistics(void)
{
    enum { N = 2304, FRAMES = 2000 };
    static float d[N];
    double s1 = 0, s2 = 0, s4 = 0, cross = 0;
    long tail3 = 0, tail5 = 0, total = 0;
    for (int f = 0; f < FRAMES; f++) {
        variants[0]->normals(7, (uint64_t)f, N, d);
        for (int i = 0; i < N; i++) {
            const double x = d[i];
            s1 += x;
            s2 += x * x;
            s4 += x * x * x * x;
            tail3 += fabs(x) > 3.0;
            tail5 += fabs(x) > 5.0;
            if (i)
                cross += x * d[i - 1];
        }
        total += N;
    }
    const double mean = s1 / total, var = s2 / total - mean * mean, kurt = s4 / total;
    const double p3 = (double)tail3 / total, corr = cross / (total - FRAMES);
    printf("%ld deviates: mean %.5f var %.5f E[x^4] %.4f P(|x|>3) %.6f (2.7e-3) "
           "P(|x|>5) %.2e (5.7e-7) corr(neighbours) %.5f\n",
           total, mean, var, kurt, p3, (double)tail5 / total, corr);
    /* bounds: 5 standard errors of each estimate */
    const double se = 1.0 / sqrt((double)total);
    CHECK(fabs(mean) < 5 * se);
    CHECK(fabs(var - 1.0) < 5 * sqrt(2.0) * se);
    CHECK(fabs(kurt - 3.0) < 5 * sqrt(96.0) * se);
    CHECK(fabs(p3 - 2.6998e-3) < 5 * sqrt(2.6998e-3 / total));
    CHECK(tail5 < 20); /* expected 5.3 */
    CHECK(fabs(corr) < 5 * se);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void report_speed(void)
{
    enum { N = 2304 };
    static float llr[N];
    static uint8_t cw[N], info[N];
    static int8_t q[N];
    for (int v = 0; v < num_variants; v++) {
        const ldpc_sim_kernels *k = variants[v];
        long frames = 0;
        double t0 = now(), t;
        do {
            for (int r = 0; r < 64; r++, frames++)
                k->llrs(1, (uint64_t)frames, cw, N, 0.8f, 3.125f, llr);
        } while ((t = now() - t0) < 0.3);
        const double dev_rate = frames * (double)N / t;
        frames = 0;
        t0 = now();
        do {
            for (int r = 0; r < 64; r++, frames++)
                k->bits(1, (uint64_t)frames, 1152, info);
        } while ((t = now() - t0) < 0.1);
        const double bit_rate = frames * 1152.0 / t;
        frames = 0;
        t0 = now();
        do {
            for (int r = 0; r < 64; r++, frames++)
                k->quantize_i8(llr, N, 4.0f, q);
        } while ((t = now() - t0) < 0.1);
        printf("%-8s one thread: %.0f Mdeviates/s as LLRs (%.2f ns each), info bits %.0f Mb/s, "
               "int8 rule %.0f M/s\n",
               k->name, dev_rate / 1e6, 1e9 / dev_rate, bit_rate / 1e6, frames * (double)N / t / 1e6);
    }
}

int main(void)
{
    const char *names[] = {"generic", "avx2", "avx512"};
    for (int i = 0; i < 3; i++) {
        const ldpc_sim_kernels *k = ldpc_sim_kernels_get(names[i]);
        if (k)
            variants[num_variants++] = k;
        else
            printf("variant %s: not in this build or not run by this CPU\n", names[i]);
    }
    REQUIRE(num_variants >= 1 && !strcmp(variants[0]->name, "generic"));
    printf("selected: %s\n", ldpc_sim_kernels_select()->name);
    test_known_answers();
    test_variants_agree();
    test_quantize_edges();
    test_statistics();
    report_speed();
    return test_finish("test_sim_noise");
}
