/* Internal: the fixed-point decoder model, in plain C, one frame at a time.
 *
 * The GPU's integer kernels (cuda/, msg_format LDPC_MSG_I8 / LDPC_MSG_I16) must reproduce this
 * model BIT-EXACTLY: the same hard decisions, the same iteration counts, the same parity_ok, on
 * any input. The cpu-simd backend's integer kernels follow the same rules (they are its
 * vec_generic.h integer operations written out here), so the three agree frame for frame.
 * The model is slow on purpose; it exists to be read and to be tested against.
 *
 * THE RULES. Q is the message format: int8 (LDPC_MSG_I8) or int16 (LDPC_MSG_I16). Its constants:
 *
 *                 channel range [CMIN, CMAX]   APP bound AMAX   word holding APP and t
 *   int8          [-128, 127]                  896              16 bits (int16, or half on GPUs)
 *   int16         [-8192, 8191]                32767            16 bits
 *
 * and, for a code whose largest column degree is DV, the message cap
 *       MCAP = min(CMAX, floor((AMAX + CMIN) / DV))       (int8: 768 / DV, int16: 24575 / DV)
 * sat(x) clamps an integer to [CMIN, CMAX].
 *
 *  1. Channel values, one per code bit, in units of 1/llr_scale:
 *     - int8 input x:  c = sat(llr_positive_is_one ? -x : x)   (so -(-128) becomes 127; the int8
 *       input is taken as already scaled, whatever the message format);
 *     - float input x: v = x * (llr_positive_is_one ? -1 : 1); NaN -> 0; v clamped to
 *       +-LDPC_LLR_CLAMP (ldpc_llr_clean); f = v * llr_scale (one float multiply); f clamped to
 *       [CMIN, CMAX] (as floats); c = (int)roundf(f) (ties away from zero).
 *  2. State: APP[j] = c[j]; every check-to-variable message c2v[e] = 0.
 *  3. Check-node update of one row with edges e = 0..d-1 on columns col[e] (columns ascending,
 *     as in H's compressed rows):
 *       t[e]   = A[col[e]] - c2v[e]        exact; A: APP (layered) or the previous APP (flooding)
 *       mag[e] = |t[e]|
 *       min1, min2 = the two smallest mag (both start at 65535, above any |t|;
 *                    min2 = min(min2, max(min1, mag)), min1 = min(min1, mag), in edge order)
 *       neg    = XOR over the row of (t[e] < 0)
 *       s(m)   = min(scale(min(m, CMAX)), MCAP) where scale is, by algorithm:
 *                  normalized min-sum: (m * A15 + 16384) >> 15, A15 = round(nms_alpha * 32768)
 *                  offset min-sum:     m > B ? m - B : 0,     B = round(oms_beta * llr_scale)
 *                  plain min-sum:      m
 *       c2v[e] = (neg XOR (t[e] < 0)) ? -M : M  with  M = (mag[e] == min1) ? s(min2) : s(min1)
 *     ("the edge holding the minimum gets the second minimum"; on a tie min2 == min1, which is
 *     the reference decoder's first-strict-minimum rule.) Sum-product has no fixed-point form:
 *     it always runs in float (ldpc_fixed_supported() says so).
 *  4. Layered schedule: rows are visited in the decoder row order (ldpc_decoder_row_order():
 *     H's order, except DVB codes, visited by 360-row groups of rows g, g+q, g+2q, ... for
 *     g = 0..q-1, q = (n-k)/360, each group's rows ordered in sets that share no column, the
 *     sets shorter than the longest packed with those of other groups into shared layers, and
 *     WiMAX/WiFi codes, whose block rows that share no column are visited one after another;
 *     code_row_order.c), as every layered decoder, float included, does. After each row's
 *     update, A[col[e]] = t[e] + c2v[e] (exact).
 *  5. Flooding schedule: every row is updated from the APP of the previous iteration, then
 *     APP[j] = c[j] + the sum of the column's new messages (exact).
 *  6. Hard decision bit j = APP[j] < 0. An iteration is one pass over all rows. At least one
 *     iteration runs; with early termination a frame stops after the first iteration whose hard
 *     decision satisfies every check, or, with early_stop_crc on a 5G NR code (K' = the code
 *     block's information bits, CRC included), whose bits 0..K'-1 pass that CRC (divided by its
 *     generator from a zero register they leave no remainder; decoder_crc_stop.h; the cuda
 *     table kernel sums per-bit remainders, ldpc_crc_stop_remainders, to the same test), whichever
 *     comes first (iterations = that count; the CRC is checked on the same hard decision as the
 *     checks, after them); otherwise max_iterations run and
 *     the frame returns the hard decision of the first iteration that satisfied every check, or
 *     the last iteration's if none did (a decoder never returns worse than what it found).
 *     parity_ok = the returned hard decision satisfies every check (and the frame is not erased,
 *     decoder_erased.h); a frame stopped by its CRC reports its syndrome too (often not zero).
 *     Without early termination the CRC plays no part.
 *
 * WHY THIS CANNOT DRIFT. Messages are narrow (int8: stored as bytes), the APP is wide and never
 * clipped: APP[j] is always exactly c[j] + the sum of the column's current messages, because
 * |c| <= -CMIN and DV * MCAP <= AMAX + CMIN give |APP| <= AMAX, and every t (the APP less one of
 * its own terms) obeys the same bound. No operation saturates, so nothing is lost when a message
 * grows and later shrinks: the decoder is min-sum on integers, with the only roundings the
 * one-time quantisation of the channel values and the normalisation's, and messages limited to
 * MCAP (int8: 127 for column degrees <= 6, e.g. 59 for DVB's 13). An earlier form clipped the
 * APP and t to 8 bits; a clipped APP stopped equalling channel + messages and layered decoding
 * collapsed after tens of iterations (docs/quality.md).
 *
 * Why these bounds: AMAX = 896 keeps APP + 1152 (the GPU's half2 kernel stores the APP with that
 * offset, so that the message byte's PRMT-made half 1024 + (c2v + 128) subtracts in one
 * instruction) below 2048, where halves hold every integer exactly; int16 SIMD lanes and 16x2
 * integer instructions hold the same values exactly. int16 keeps its channel at 14 bits so that
 * its APP fits an int16 word with room for large messages.
 */
#ifndef LDPCGPU_DECODER_FIXED_H
#define LDPCGPU_DECODER_FIXED_H

#include <math.h>
#include <stdint.h>
#include "decoder_internal.h"
#include "host_device.h"
#include "llr_rules.h" /* ldpc_llr_clean */

#ifdef __cplusplus
extern "C" {
#endif

/* Shared with the CUDA kernels: compiled for host and device there. */
#define LDPC_FIXED_FN LDPC_HD_FN

/* Arithmetic constants of one configuration. */
typedef struct ldpc_fixed_params {
    int cmin, cmax;       /* channel range: -128/127 (int8) or -8192/8191 (int16) */
    int amax;             /* APP bound, never reached: 896 (int8) or 32767 (int16) */
    int mcap;             /* message cap MCAP = min(cmax, (amax + cmin) / max column degree) */
    int umax;             /* 65535: the "no minimum yet" magnitude */
    int algorithm;        /* ldpc_algorithm (min-sum family only) */
    int nms_a15;          /* round(nms_alpha * 32768) */
    int oms_b;            /* round(oms_beta * llr_scale) */
    int scale_a15;        /* ldpc_fixed_scale's factor: nms_a15 (normalized min-sum), else 32768 */
    int scale_b;          /* ldpc_fixed_scale's offset: oms_b (offset min-sum), else 0 */
    float llr_scale;
    int positive_is_one;
} ldpc_fixed_params;

/* LDPC_OK if cfg runs in fixed point (msg_format I8/I16 with a min-sum algorithm) on code;
 * LDPC_ERR_UNSUPPORTED otherwise (float messages, sum-product, or a column degree so large that
 * MCAP would be 0). Fills p when OK. */
int ldpc_fixed_params_init(const ldpc_decoder_config *cfg, const ldpc_code *code,
                           ldpc_fixed_params *p);

/* sat(x) of the rules: clamp to the channel range */
LDPC_FIXED_FN int ldpc_fixed_sat(const ldpc_fixed_params *p, int x)
{
    return x > p->cmax ? p->cmax : (x < p->cmin ? p->cmin : x);
}

/* Rule 1 for one float LLR as the caller wrote it. */
LDPC_FIXED_FN int ldpc_fixed_quantize_f32(const ldpc_fixed_params *p, float x)
{
    const float v = ldpc_llr_clean(p->positive_is_one ? -x : x);
    float f = v * p->llr_scale;
    if (f > (float)p->cmax)
        f = (float)p->cmax;
    else if (f < (float)p->cmin)
        f = (float)p->cmin;
    return (int)roundf(f);
}

/* Rule 1 for one int8 LLR. */
LDPC_FIXED_FN int ldpc_fixed_quantize_i8(const ldpc_fixed_params *p, int8_t x)
{
    return ldpc_fixed_sat(p, p->positive_is_one ? -(int)x : (int)x);
}

/* s(m) of rule 3, for a magnitude m in [0, umax]: the three algorithms in one form with no
 * branch on the algorithm, max(((m * F + 16384) >> 15) - O, 0), F = A15 and O = 0 for
 * normalized min-sum, F = 32768 (then (m * 32768 + 16384) >> 15 = m) and O = B for offset
 * min-sum, F = 32768 and O = 0 for plain min-sum: exactly rule 3's values (test_cuda_model checks
 * every m), and in the GPU's row update two branches fewer on each row's dependent chain. */
LDPC_FIXED_FN int ldpc_fixed_scale(const ldpc_fixed_params *p, int m)
{
    if (m > p->cmax)
        m = p->cmax;
    int s = ((m * p->scale_a15 + 16384) >> 15) - p->scale_b;
    s = s > 0 ? s : 0;
    return s < p->mcap ? s : p->mcap;
}

/* The model as an object: one frame at a time. */
typedef struct ldpc_fixed_model ldpc_fixed_model;

int ldpc_fixed_model_create(ldpc_fixed_model **out, const ldpc_code *code,
                            const ldpc_decoder_config *cfg);
void ldpc_fixed_model_destroy(ldpc_fixed_model *m);

/* Decode one frame given as the caller writes it into a batch (n float or int8 LLRs).
 * hard receives n bits (unpacked); st the frame's status. */
int ldpc_fixed_model_decode(ldpc_fixed_model *m, ldpc_llr_type type, const void *llr,
                            uint8_t *hard, ldpc_frame_status *st);

#ifdef __cplusplus
}
#endif
#endif
