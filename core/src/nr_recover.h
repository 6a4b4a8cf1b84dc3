/* Internal: the inverse of 5G NR rate matching (TS 38.212 5.4.2) as a gather, for decoders
 * whose input frames are the E received LLRs of a rate-matched code ("nr:K:E...",
 * ldpc_decoder_config.input_rate_matched): one rule for the host (decoder.c) and the GPU
 * (cuda/nr_derate.cu).
 *
 * For every codeword position b, first[b] is the index p, in the order of e (5.4.2.1, before
 * bit interleaving), of its first transmission, LDPC_NR_NOT_SENT (the 2 Z punctured bits, and
 * bits the E selected do not reach) or LDPC_NR_FILLER. A position is sent again every `period`
 * bits of e (period = the circular buffer's non-filler bits) while p < E. e_p is f_{(p mod R)
 * Qm + p / R} of the received sequence (5.4.2.2, R = E / Qm). The LLR of position b is the sum
 * of its transmissions in the order sent (NaN counts as 0), 0 if never sent, and for a filler
 * (a known 0) the caller's "certain 0": exactly what ldpc_nr_rate_recover_f32 leaves in a
 * zeroed buffer (test_nr_recover checks it). int8 LLRs add as integers, clamped to -128..127. */
#ifndef LDPCGPU_NR_RECOVER_H
#define LDPCGPU_NR_RECOVER_H

#include <stdint.h>
#include "host_device.h"
#include "ldpcgpu/decoder.h" /* LDPC_LLR_CLAMP */
#include "ldpcgpu/nr.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LDPC_NR_NOT_SENT (-1)
#define LDPC_NR_FILLER (-2)

/* A run of codeword positions that the host recovers alike (ldpc_nr_recover_frame_*). */
typedef struct ldpc_nr_run {
    int32_t b0, len; /* positions b0 .. b0 + len - 1 */
    int32_t kind;    /* LDPC_NR_RUN_* */
    int32_t src;     /* COPY: the received index of position b0 (then + qm per position) */
} ldpc_nr_run;
enum { LDPC_NR_RUN_ZERO, LDPC_NR_RUN_FILLER, LDPC_NR_RUN_COPY, LDPC_NR_RUN_GATHER };

typedef struct ldpc_nr_recover {
    int n;          /* codeword positions (n_ldpc) */
    int e, qm, rows; /* received LLRs per frame, modulation order, R = E / Qm */
    int period;     /* bits of e between two transmissions of a position */
    int32_t *first; /* n entries */
    /* host only: the positions cut into runs, so that a frame is recovered by block copies
     * instead of a gather (and a division) per position */
    int num_runs;
    ldpc_nr_run *runs;
} ldpc_nr_recover;

/* The gather of (rv, qm, e) on code block p (domains as ldpc_nr_rate_match). */
int ldpc_nr_recover_init(ldpc_nr_recover *r, const ldpc_nr_cb *p, int rv, int qm, int e);
void ldpc_nr_recover_free(ldpc_nr_recover *r);

/* Host: one frame of e received LLRs -> its n codeword LLRs, exactly ldpc_nr_gather_* at every
 * position (nr_recover_host.c). out must not overlap in. */
void ldpc_nr_recover_frame_f32(const ldpc_nr_recover *r, const float *in, float *out,
                               float filler);
void ldpc_nr_recover_frame_i8(const ldpc_nr_recover *r, const int8_t *in, int8_t *out,
                              int8_t filler);
/* Cuts r->first into r->runs (called by ldpc_nr_recover_init). */
int ldpc_nr_recover_runs_init(ldpc_nr_recover *r);

/* A filler's LLR, a certain 0 in the caller's sign convention (llr_positive_is_one). */
LDPC_HD_FN float ldpc_nr_filler_f32(int positive_is_one)
{
    return positive_is_one ? -LDPC_LLR_CLAMP : LDPC_LLR_CLAMP;
}
LDPC_HD_FN int8_t ldpc_nr_filler_i8(int positive_is_one)
{
    return (int8_t)(positive_is_one ? -127 : 127);
}

/* The LLR of one codeword position from one received frame. */
LDPC_HD_FN float ldpc_nr_gather_f32(const float *frame, int32_t first, int e, int rows, int qm,
                                    int period, float filler)
{
    if (first == LDPC_NR_FILLER)
        return filler;
    float sum = 0.0f;
    for (int p = first; p >= 0 && p < e; p += period) {
        const float v = frame[(p % rows) * qm + p / rows];
        if (v == v)
            sum += v;
    }
    return sum;
}

LDPC_HD_FN int8_t ldpc_nr_gather_i8(const int8_t *frame, int32_t first, int e, int rows, int qm,
                                    int period, int8_t filler)
{
    if (first == LDPC_NR_FILLER)
        return filler;
    int sum = 0;
    for (int p = first; p >= 0 && p < e; p += period)
        sum += frame[(p % rows) * qm + p / rows];
    return (int8_t)(sum > 127 ? 127 : (sum < -128 ? -128 : sum));
}

/* HARQ soft combining (ldpc_decoder_config.harq_buffers): a position's buffer value after one
 * more transmission whose own recovered LLR (the gather above) is v: held + v, a filler the
 * certain 0 v itself; a position the transmission does not reach adds v = 0 and keeps what the
 * buffer held. As ldpc_nr_rate_recover_f32 combines, except that a position sent more than once
 * within one transmission (repetition) adds the sum of its copies to the buffer rather than
 * each copy in turn (equal up to float rounding). int8 LLRs: the buffer holds the integer sum,
 * which the decoder reads clamped (ldpc_nr_harq_i8). */
LDPC_HD_FN float ldpc_nr_harq_add(float held, int32_t first, float v)
{
    return first == LDPC_NR_FILLER ? v : held + v;
}
LDPC_HD_FN int8_t ldpc_nr_harq_i8(float sum)
{
    return (int8_t)(sum > 127.0f ? 127 : (sum < -128.0f ? -128 : (int)sum));
}

#ifdef __cplusplus
}
#endif
#endif
