/* Confidence intervals of simulated error rates (ldpcgpu simulate's table and JSON).
 *
 * FER: frames are independent trials (each frame's bits and noise are their own Philox
 * stream), so the frame errors of F frames are binomial and the interval is the exact
 * (Clopper-Pearson) one: never narrower than the stated level, also with zero errors.
 *
 * BER: the bits of one frame are NOT independent (a failed frame has many wrong bits, a good
 * one none), so a binomial interval over bits would be far too narrow. The frame is the
 * independent unit: the interval is the FER interval scaled by the observed information-bit
 * errors per frame error (BER = FER x that share). It counts the uncertainty of how many frames
 * fail, and assumes the mean number of wrong bits per failed frame is known; with no frame
 * error it is [0, FER upper bound] (BER <= FER always: a frame has at most all bits wrong). */
#ifndef LDPCGPU_SIM_STATS_H
#define LDPCGPU_SIM_STATS_H

#include <stdint.h>

#define SIM_CI_LEVEL 0.95
#define SIM_FER_CI_METHOD "Clopper-Pearson (exact binomial) over frames"
#define SIM_BER_CI_METHOD                                                                  \
    "the FER interval times the observed bit errors per frame error (frames are the "     \
    "independent unit; assumes the mean bit errors per failed frame is known)"

/* Regularized incomplete beta function I_x(a, b), a, b > 0, 0 <= x <= 1. */
double sim_betainc(double a, double b, double x);

/* Two-sided Clopper-Pearson interval at confidence `level` for `errors` of `trials`. */
void sim_clopper_pearson(uint64_t errors, uint64_t trials, double level, double *lo,
                         double *hi);

/* The intervals above, at SIM_CI_LEVEL, from a point's counts (k information bits a frame). */
void sim_fer_ci(uint64_t frame_errors, uint64_t frames, double *lo, double *hi);
void sim_ber_ci(uint64_t bit_errors, uint64_t frame_errors, uint64_t frames, int k, double *lo,
                double *hi);

#endif
