/* The deterministic channel: same seed -> same stream; noise has the stated variance. */
#include <math.h>
#include <string.h>
#include "test_util.h"

int main(void)
{
    ldpc_rng a, b;
    ldpc_rng_seed(&a, 42);
    ldpc_rng_seed(&b, 42);
    for (int i = 0; i < 1000; i++)
        CHECK(ldpc_rng_next(&a) == ldpc_rng_next(&b));
    ldpc_rng_seed(&b, 43);
    CHECK(ldpc_rng_next(&a) != ldpc_rng_next(&b));

    /* sample mean and variance of N(0,1) over 200k draws */
    const int N = 200000;
    double s = 0, s2 = 0;
    for (int i = 0; i < N; i++) {
        double x = ldpc_rng_normal(&a);
        s += x;
        s2 += x * x;
    }
    double mean = s / N, var = s2 / N - mean * mean;
    CHECK_MSG(fabs(mean) < 0.01, "mean %f", mean);
    CHECK_MSG(fabs(var - 1.0) < 0.02, "variance %f", var);

    /* sigma at Eb/N0 = 0 dB, rate 1/2 is 1 */
    CHECK(fabs(ldpc_awgn_sigma(0.0, 0.5) - 1.0) < 1e-12);

    /* LLR sign: bit 0 -> positive mean, bit 1 -> negative; mean 2/sigma^2 */
    uint8_t bits[2000];
    float llr[2000];
    for (int i = 0; i < 2000; i++)
        bits[i] = (uint8_t)(i & 1);
    ldpc_channel_bpsk_awgn(&a, bits, 2000, 0.5, llr);
    double m0 = 0, m1 = 0;
    for (int i = 0; i < 2000; i += 2) {
        m0 += llr[i];
        m1 += llr[i + 1];
    }
    m0 /= 1000;
    m1 /= 1000;
    CHECK_MSG(fabs(m0 - 8.0) < 0.5 && fabs(m1 + 8.0) < 0.5, "means %f %f", m0, m1);
    ldpc_channel_bpsk_awgn(&a, bits, 2000, 0.0, llr);
    CHECK(llr[0] == LDPC_NOISELESS_LLR && llr[1] == -LDPC_NOISELESS_LLR);
    return test_finish("test_channel");
}
