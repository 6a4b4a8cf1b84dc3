/* Internal: the fixed-point decoder model, in plain C, one frame at a time.
 *
 * The GPU's integer kernels (cuda/, msg_format LDPC_MSG_I8 / LDPC_MSG_I16) must reproduce this
 * model BIT-EXACTLY: the same hard decisions, the same iteration counts, the same parity_ok, on
 * any input. The cpu-simd backend's integer kernels follow the same rules (they are its
 * vec_generic.h integer operations written out here), so the three agree frame for frame.
 * The model is slow on purpose; it exists to be read and to be tested against.
 *
 * THE RULES. Q is the message type: int8 (LDPC_MSG_I8, QMIN = -128, QMAX = 127) or int16
 * (LDPC_MSG_I16, QMIN = -32768, QMAX = 32767). sat(x) clamps an integer to [QMIN, QMAX].
 *
 *  1. Channel values, one per code bit, in units of 1/llr_scale:
 *     - int8 input x:  c = sat(llr_positive_is_one ? -x : x)   (so -(-128) becomes 127 in int8;
 *       the int8 input is taken as already scaled, whatever the message format);
 *     - float input x: v = x * (llr_positive_is_one ? -1 : 1); NaN -> 0; v clamped to
 *       +-LDPC_LLR_CLAMP (ldpc_llr_to_float's rules); f = v * llr_scale (one float multiply);
 *       f clamped to [QMIN, QMAX] (as floats); c = (int)roundf(f) (ties away from zero).
 *  2. State: APP[j] = c[j]; every check-to-variable message c2v[e] = 0.
 *  3. Check-node update of one row with edges e = 0..d-1 on columns col[e] (columns ascending,
 *     as in H's compressed rows):
 *       t[e]   = sat(A[col[e]] - c2v[e])            A: APP (layered) or the previous APP (flooding)
 *       mag[e] = |t[e]| as an unsigned number      (|-128| = 128 in int8)
 *       min1, min2 = the two smallest mag (unsigned; both start at 2^bits - 1, i.e. 255 / 65535;
 *                    min2 = min(min2, max(min1, mag)), min1 = min(min1, mag), in edge order)
 *       neg    = XOR over the row of (t[e] < 0)
 *       s(m)   = scale(min(m, QMAX)) where scale is, by algorithm:
 *                  normalized min-sum: (m * A15 + 16384) >> 15, A15 = round(nms_alpha * 32768)
 *                  offset min-sum:     m > B ? m - B : 0,     B = round(oms_beta * llr_scale)
 *                  plain min-sum:      m
 *       c2v[e] = (neg XOR (t[e] < 0)) ? -M : M  with  M = (mag[e] == min1) ? s(min2) : s(min1)
 *     ("the edge holding the minimum gets the second minimum"; on a tie min2 == min1, which is
 *     the reference decoder's first-strict-minimum rule.) Sum-product has no fixed-point form:
 *     it always runs in float (ldpc_fixed_supported() says so).
 *  4. Layered schedule: rows are visited in the decoder row order (ldpc_decoder_row_order():
 *     H's order, except DVB codes, visited by 360-row groups: rows g, g+q, g+2q, ... for
 *     g = 0..q-1, q = (n-k)/360). After each row's update, A[col[e]] = sat(t[e] + c2v[e]).
 *  5. Flooding schedule: every row is updated from the APP of the previous iteration, then
 *     APP[j] = channel c[j] plus the column's new messages added one at a time, saturating after
 *     every addition, in ascending row order.
 *  6. Hard decision bit j = APP[j] < 0. An iteration is one pass over all rows. At least one
 *     iteration runs; with early termination a frame stops after the first iteration whose hard
 *     decision satisfies every check (iterations = that count); otherwise max_iterations run.
 *     parity_ok = the returned hard decision satisfies every check.
 *
 * Why these rules: they are what saturating int8/int16 SIMD lanes compute natively (CPU) and
 * what 16-bit-pair integer instructions compute exactly (GPU), with no rounding anywhere but the
 * one-time quantisation of float input and the normalisation's fixed rounding.
 */
#ifndef LDPCGPU_DECODER_FIXED_H
#define LDPCGPU_DECODER_FIXED_H

#include <math.h>
#include <stdint.h>
#include "decoder_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Shared with the CUDA kernels: compiled for host and device there. */
#if defined(__CUDACC__)
#define LDPC_FIXED_FN static __host__ __device__ __forceinline__
#else
#define LDPC_FIXED_FN static inline
#endif

/* Arithmetic constants of one configuration. */
typedef struct ldpc_fixed_params {
    int qmin, qmax;       /* -128/127 or -32768/32767 */
    int umax;             /* 255 or 65535: the "no minimum yet" magnitude */
    int algorithm;        /* ldpc_algorithm (min-sum family only) */
    int nms_a15;          /* round(nms_alpha * 32768) */
    int oms_b;            /* round(oms_beta * llr_scale) */
    float llr_scale;
    int positive_is_one;
} ldpc_fixed_params;

/* LDPC_OK if cfg runs in fixed point (msg_format I8/I16 with a min-sum algorithm);
 * LDPC_ERR_UNSUPPORTED otherwise (float messages, or sum-product). Fills p when OK. */
int ldpc_fixed_params_init(const ldpc_decoder_config *cfg, ldpc_fixed_params *p);

LDPC_FIXED_FN int ldpc_fixed_sat(const ldpc_fixed_params *p, int x)
{
    return x > p->qmax ? p->qmax : (x < p->qmin ? p->qmin : x);
}

/* The one input rule every backend applies to a float LLR (after the sign switch): NaN carries
 * no information about its bit (0), and magnitudes are clamped to +-LDPC_LLR_CLAMP. */
LDPC_FIXED_FN float ldpc_llr_clean(float v)
{
    if (v != v)
        return 0.0f;
    return v > LDPC_LLR_CLAMP ? LDPC_LLR_CLAMP : (v < -LDPC_LLR_CLAMP ? -LDPC_LLR_CLAMP : v);
}

/* Rule 1 for one float LLR as the caller wrote it. */
LDPC_FIXED_FN int ldpc_fixed_quantize_f32(const ldpc_fixed_params *p, float x)
{
    const float v = ldpc_llr_clean(p->positive_is_one ? -x : x);
    float f = v * p->llr_scale;
    if (f > (float)p->qmax)
        f = (float)p->qmax;
    else if (f < (float)p->qmin)
        f = (float)p->qmin;
    return (int)roundf(f);
}

/* Rule 1 for one int8 LLR. */
LDPC_FIXED_FN int ldpc_fixed_quantize_i8(const ldpc_fixed_params *p, int8_t x)
{
    return ldpc_fixed_sat(p, p->positive_is_one ? -(int)x : (int)x);
}

/* s(m) of rule 3, for an unsigned magnitude m in [0, umax]. */
LDPC_FIXED_FN int ldpc_fixed_scale(const ldpc_fixed_params *p, int m)
{
    if (m > p->qmax)
        m = p->qmax;
    if (p->algorithm == LDPC_ALG_NORMALIZED_MIN_SUM)
        return (m * p->nms_a15 + 16384) >> 15;
    if (p->algorithm == LDPC_ALG_OFFSET_MIN_SUM)
        return m > p->oms_b ? m - p->oms_b : 0;
    return m;
}

/* The decoder row order of rule 4 (m entries). Used by the model and by the GPU plan. */
int ldpc_decoder_row_order(const ldpc_code *code, int *order);

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
