/* Deterministic RNG and BPSK/AWGN channel (simulations, tests, benchmarks). */
#include <math.h>
#include "ldpcgpu/channel.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void ldpc_rng_seed(ldpc_rng *rng, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&seed);
    rng->have_spare = 0;
    rng->spare = 0.0;
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t ldpc_rng_next(ldpc_rng *rng)
{
    uint64_t *s = rng->s;
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

double ldpc_rng_uniform(ldpc_rng *rng) { return (double)(ldpc_rng_next(rng) >> 11) * 0x1.0p-53; }

double ldpc_rng_normal(ldpc_rng *rng)
{
    /* Marsaglia polar method; keeps the second deviate for the next call */
    if (rng->have_spare) {
        rng->have_spare = 0;
        return rng->spare;
    }
    double u, v, s;
    do {
        u = 2.0 * ldpc_rng_uniform(rng) - 1.0;
        v = 2.0 * ldpc_rng_uniform(rng) - 1.0;
        s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);
    double f = sqrt(-2.0 * log(s) / s);
    rng->spare = v * f;
    rng->have_spare = 1;
    return u * f;
}

void ldpc_rng_bits(ldpc_rng *rng, uint8_t *bits, int count)
{
    uint64_t word = 0;
    for (int i = 0; i < count; i++) {
        if ((i & 63) == 0)
            word = ldpc_rng_next(rng);
        bits[i] = (uint8_t)(word & 1u);
        word >>= 1;
    }
}

double ldpc_awgn_sigma(double ebn0_db, double rate)
{
    /* Es = 1 per BPSK symbol, Eb = Es / rate, N0 = 2 sigma^2 */
    double ebn0 = pow(10.0, ebn0_db / 10.0);
    return sqrt(1.0 / (2.0 * rate * ebn0));
}

void ldpc_channel_bpsk_awgn(ldpc_rng *rng, const uint8_t *bits, int count, double sigma,
                            float *llr)
{
    if (sigma <= 0.0) {
        for (int i = 0; i < count; i++)
            llr[i] = (bits[i] & 1) ? -LDPC_NOISELESS_LLR : LDPC_NOISELESS_LLR;
        return;
    }
    const double g = 2.0 / (sigma * sigma);
    for (int i = 0; i < count; i++) {
        double x = (bits[i] & 1) ? -1.0 : 1.0;
        llr[i] = (float)(g * (x + sigma * ldpc_rng_normal(rng)));
    }
}
