/* gr-ldpcgpu core: a seeded random stream and a BPSK/AWGN channel over any bit vector (the
 * Python API's bpsk_awgn, tests). The frames of simulations and of the ldpcgpu tool (simulate,
 * quality, bench, encode --llr-out) come from the simulator's per-frame rule instead (sim.h:
 * ldpc_sim_make_frames, ldpc_sim_channel_llrs), which any frame can be reproduced from alone. */
#ifndef LDPCGPU_CHANNEL_H
#define LDPCGPU_CHANNEL_H

#include "export.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* xoshiro256** seeded through splitmix64: the same seed gives the same stream everywhere. */
typedef struct ldpc_rng {
    uint64_t s[4];
    int have_spare;
    double spare;
} ldpc_rng;

LDPC_API void ldpc_rng_seed(ldpc_rng *rng, uint64_t seed);
LDPC_API uint64_t ldpc_rng_next(ldpc_rng *rng);
LDPC_API double ldpc_rng_uniform(ldpc_rng *rng);  /* [0, 1) */
LDPC_API double ldpc_rng_normal(ldpc_rng *rng);   /* N(0, 1) */
LDPC_API void ldpc_rng_bits(ldpc_rng *rng, uint8_t *bits, int count); /* random 0/1 bytes */

/* Noise standard deviation for BPSK (+-1) at the given Eb/N0 (dB) and code rate. */
LDPC_API double ldpc_awgn_sigma(double ebn0_db, double rate);

/* BPSK (0 -> +1, 1 -> -1) over AWGN with the given sigma; writes channel LLRs 2y/sigma^2
 * (positive = 0). sigma = 0 gives noiseless LLRs of +-LDPC_NOISELESS_LLR. */
#define LDPC_NOISELESS_LLR 20.0f
LDPC_API void ldpc_channel_bpsk_awgn(ldpc_rng *rng, const uint8_t *bits, int count, double sigma,
                            float *llr);

#ifdef __cplusplus
}
#endif
#endif
