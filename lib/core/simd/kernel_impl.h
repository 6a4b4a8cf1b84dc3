/* The inter-frame decoder, written once on top of the vec_*.h operations and compiled once per
 * (ISA, message format) by the kernel_*.c files. Each lane is one frame and follows
 * decoder_ref.c's definitions exactly (float) or decoder_fixed.h's rules (int8/int16):
 *  - layered: rows in the plan's order; t = APP - c2v; min1/min2 of |t| and the sign product of the other
 *    edges; a tie for the minimum gives min2 = min1, so "edge whose |t| equals min1 gets min2"
 *    is the reference's first-strict-minimum rule without tracking an index;
 *  - flooding: all rows from the previous APP, then each column sums its messages in CSC order;
 *  - hard decision APP < 0; early termination checks H*c after every iteration; a frame whose
 *    syndrome became zero at iteration i reports i and the hard decision of iteration i, while
 *    the group keeps iterating until all its frames have converged (or max_iterations).
 * Needs: KERNEL_ISA (string), KERNEL_FORMAT (ldpc_msg_format), KERNEL_SYMBOL (the name of the
 * simd_kernel object to define), and a vec_*.h included before.
 */
#include <string.h>

#if !defined(__GNUC__) /* other compilers: no prefetch hint (the x86 kernels need GCC/Clang) */
#define __builtin_prefetch(p) ((void)(p))
#endif

/* Check-node magnitude of one row; sum-product runs per lane in double, as the reference. */
static void spa_row(const vec_t *t, int d, vec_t *out, double *pre)
{
#if defined(SIMD_FMT_F32)
    for (int l = 0; l < LANES; l++) {
        const float *tl = (const float *)t + l;
        pre[0] = 1.0;
        for (int i = 0; i < d; i++)
            pre[i + 1] = pre[i] * tanh(fabs((double)tl[i * LANES]) * 0.5);
        double suf = 1.0;
        int neg = 0;
        for (int i = 0; i < d; i++)
            neg ^= tl[i * LANES] < 0.0f;
        for (int i = d - 1; i >= 0; i--) {
            double p = pre[i] * suf;
            if (p > 0.999999999999)
                p = 0.999999999999;
            double mag = 2.0 * atanh(p);
            int sign = neg ^ (tl[i * LANES] < 0.0f);
            ((float *)out)[i * LANES + l] = (float)(sign ? -mag : mag);
            suf *= tanh(fabs((double)tl[i * LANES]) * 0.5);
        }
    }
#else
    (void)t; (void)d; (void)out; (void)pre; /* integer formats never run sum-product */
#endif
}

#define APP_AT(base, offset) ((vec_t *)((char *)(base) + (offset)))

/* Full unrolling of the fixed-degree rows (SIMD kernels only: in the generic kernels each
 * "vector" operation is itself a loop, and unrolling them only multiplies compile time). */
#ifdef SIMD_X86
#define ROW_UNROLL _Pragma("GCC unroll 12")
#else
#define ROW_UNROLL
#endif

/* One row of the min-sum family, d edges: reads APP (the previous APP for flooding), writes the
 * new messages into msg and, layered, the new APP. off: byte offsets of the row's columns. */
#ifdef SIMD_X86
static inline __attribute__((always_inline))
#else
static inline
#endif
void row_min_sum_body(vec_t *app, const int32_t *off, int d, const vec_t *msg_in, vec_t *msg,
                      vec_t *t, const simd_params *prm, int layered)
{
    vec_t min1 = v_min_init(), min2 = min1, sgn = v_zero();
    ROW_UNROLL
    for (int i = 0; i < d; i++) {
        /* APP of a row some rows ahead: its columns are scattered, the messages are not */
        __builtin_prefetch(APP_AT(app, off[i + prm->prefetch]));
        vec_t x = v_sub(v_load(APP_AT(app, off[i])), v_load(msg_in + i));
        t[i] = x;
        vec_t a = v_mag(x);
        min2 = v_min(min2, v_max(min1, a));
        min1 = v_min(min1, a);
        sgn = v_xor(sgn, v_neg(x));
    }
    vec_t s1 = v_clamp_scale(min1, prm), s2 = v_clamp_scale(min2, prm);
    ROW_UNROLL
    for (int i = 0; i < d; i++) {
        vec_t x = t[i];
        vec_t c = v_sign_apply(v_sel_eq(v_mag(x), min1, s2, s1), v_xor(sgn, v_neg(x)));
        v_store(msg + i, c);
        if (layered)
            v_store(APP_AT(app, off[i]), v_add(x, c));
    }
}

/* SIMD kernels: degrees up to 12 get their own fully unrolled copy, whose messages stay in
 * registers (layered only; flooding is not worth the code). Larger rows, and every row of the
 * generic kernels (whose "vectors" are C arrays: unrolling only costs compile time), loop
 * through w->tmp. */
#define ROW_CASE_(D)                                                                        \
    case D: {                                                                               \
        vec_t tr[D];                                                                        \
        row_min_sum_body(app, off, D, msg_in, msg, tr, prm, 1);                             \
        return;                                                                             \
    }

static void row_min_sum_loop(vec_t *app, const int32_t *off, int d, const vec_t *msg_in,
                             vec_t *msg, vec_t *tmp, const simd_params *prm, int layered)
{
    if (layered)
        row_min_sum_body(app, off, d, msg_in, msg, tmp, prm, 1);
    else
        row_min_sum_body(app, off, d, msg_in, msg, tmp, prm, 0);
}

#ifdef SIMD_X86
static inline __attribute__((always_inline))
#else
static inline
#endif
void row_min_sum(vec_t *app, const int32_t *off, int d, const vec_t *msg_in, vec_t *msg,
            vec_t *tmp, const simd_params *prm, int layered)
{
#ifdef SIMD_X86
    if (layered) {
        switch (d) {
            ROW_CASE_(2) ROW_CASE_(3) ROW_CASE_(4) ROW_CASE_(5) ROW_CASE_(6) ROW_CASE_(7)
            ROW_CASE_(8) ROW_CASE_(9) ROW_CASE_(10) ROW_CASE_(11) ROW_CASE_(12)
        default:
            break;
        }
    }
#endif
    row_min_sum_loop(app, off, d, msg_in, msg, tmp, prm, layered);
}

static void row_spa(vec_t *app, const int32_t *off, int d, vec_t *msg, vec_t *tmp, double *pre,
                    int layered)
{
    for (int i = 0; i < d; i++)
        v_store(tmp + i, v_sub(v_load(APP_AT(app, off[i])), v_load(msg + i)));
    spa_row(tmp, d, msg, pre);
    if (layered)
        for (int i = 0; i < d; i++)
            v_store(APP_AT(app, off[i]), v_add(v_load(tmp + i), v_load(msg + i)));
}

/* zeros: NULL, or (first iteration) max_row_degree zero vectors read as the old messages, so
 * that the message store needs no clearing and is only written in that iteration. */
static void layered_iteration(const simd_plan *p, const simd_params *prm, vec_t *app,
                              vec_t *c2v, vec_t *tmp, double *pre, const vec_t *zeros)
{
    const int *rp = p->row_ptr;
    if (prm->algorithm == LDPC_ALG_SUM_PRODUCT) {
        for (int r = 0; r < p->m; r++)
            row_spa(app, p->off + rp[r], rp[r + 1] - rp[r], c2v + rp[r], tmp, pre, 1);
        return;
    }
    for (int r = 0; r < p->m; r++)
        row_min_sum(app, p->off + rp[r], rp[r + 1] - rp[r], zeros ? zeros : c2v + rp[r],
                    c2v + rp[r], tmp, prm, 1);
}

static void flooding_iteration(const simd_plan *p, const simd_params *prm, vec_t *app,
                               const vec_t *llr, vec_t *c2v, vec_t *tmp, double *pre)
{
    const int *rp = p->row_ptr;
    for (int r = 0; r < p->m; r++) {
        if (prm->algorithm == LDPC_ALG_SUM_PRODUCT)
            row_spa(app, p->off + rp[r], rp[r + 1] - rp[r], c2v + rp[r], tmp, pre, 0);
        else
            row_min_sum(app, p->off + rp[r], rp[r + 1] - rp[r], c2v + rp[r], c2v + rp[r], tmp,
                        prm, 0);
    }
    for (int j = 0; j < p->n; j++) {
        vec_t a = v_load(llr + j);
        for (int q = p->col_ptr[j]; q < p->col_ptr[j + 1]; q++)
            a = v_add(a, v_load(c2v + p->col_edge[q]));
        v_store(app + j, a);
    }
}

/* Lanes whose hard decision violates some check. Stops early once every lane in 'need' is
 * known to fail (then the other bits may be incomplete, which the caller does not use). */
static uint64_t unsatisfied(const simd_plan *p, const vec_t *app, uint64_t need)
{
    uint64_t bad = 0;
    for (int r = 0; r < p->m; r++) {
        vec_t acc = v_zero();
        for (int e = p->row_ptr[r]; e < p->row_ptr[r + 1]; e++)
            acc = v_xor(acc, v_neg(v_load(APP_AT(app, p->off[e]))));
        bad |= v_signs(acc);
        if (need && (bad & need) == need)
            break;
    }
    return bad;
}

/* The output takes lanes 'lanes' of the current hard decision and keeps the others. Layout:
 * hard[b * n + j] holds bit j of frames 8b..8b+7 (bit i = frame 8b + i), so that a frame's
 * bits come out with one shift and mask per byte (simd_backend.c). */
static void freeze(const simd_plan *p, const vec_t *app, uint8_t *hard, uint64_t lanes)
{
    const int n = p->n;
    for (int j = 0; j < n; j++) {
        const uint64_t bits = v_signs(v_neg(v_load(app + j)));
        for (int b = 0; b < (LANES + 7) / 8; b++) {
            const uint8_t keep = (uint8_t)~(lanes >> 8 * b), take = (uint8_t)(lanes >> 8 * b);
            hard[(size_t)b * n + j] = (uint8_t)((hard[(size_t)b * n + j] & keep) |
                                                ((uint8_t)(bits >> 8 * b) & take));
        }
    }
}

/* One caller LLR -> message. Float: exactly ldpc_llr_to_float. Integers: rule 1 of
 * decoder_fixed.h, roundf written as trunc plus a correction (f - trunc(f) is exact), the form
 * the vector versions in load_x86.h use. */
static inline elem_t quantize_f32_scalar(const simd_params *prm, float x)
{
    float v = prm->positive_is_one ? -x : x;
    if (v != v)
        v = 0.0f;
    else if (v > LDPC_LLR_CLAMP)
        v = LDPC_LLR_CLAMP;
    else if (v < -LDPC_LLR_CLAMP)
        v = -LDPC_LLR_CLAMP;
#if defined(SIMD_FMT_F32)
    return v;
#else
    float f = v * prm->llr_scale;
    if (f > (float)ELEM_MAX)
        f = (float)ELEM_MAX;
    else if (f < (float)ELEM_MIN)
        f = (float)ELEM_MIN;
    float r = truncf(f), d = f - r;
    if (d >= 0.5f)
        r += 1.0f;
    else if (d <= -0.5f)
        r -= 1.0f;
    return (elem_t)(int)r;
#endif
}

static inline elem_t quantize_i8_scalar(const simd_params *prm, int8_t x)
{
#if defined(SIMD_FMT_F32)
    return (float)x * ((prm->positive_is_one ? -1.0f : 1.0f) / prm->llr_scale);
#else
    int v = prm->positive_is_one ? -(int)x : (int)x;
    return (elem_t)(v > ELEM_MAX ? ELEM_MAX : v);
#endif
}

static void quantize_frame(const simd_params *prm, ldpc_llr_type type, const void *in, int n,
                           elem_t *out)
{
    int j = 0;
    if (type == LDPC_LLR_I8) {
#ifdef SIMD_X86
        j = quantize_vec_i8(prm, in, n, out);
#endif
        for (; j < n; j++)
            out[j] = quantize_i8_scalar(prm, ((const int8_t *)in)[j]);
    } else {
#ifdef SIMD_X86
        j = quantize_vec_f32(prm, in, n, out);
#endif
        for (; j < n; j++)
            out[j] = quantize_f32_scalar(prm, ((const float *)in)[j]);
    }
}

static void kernel_load(const simd_plan *p, const simd_params *prm, simd_work *w,
                        const simd_input *in)
{
    elem_t *app = w->app, *staging = w->staging;
    const int n = p->n;
    const elem_t *rows[LANES];
    for (int l = 0; l < LANES; l++) {
        elem_t *row = staging + (size_t)l * n;
        if (in->frame[l])
            quantize_frame(prm, in->type, in->frame[l], n, row);
        else
            memset(row, 0, (size_t)n * sizeof(elem_t)); /* an unused lane decodes zeros */
        rows[l] = row;
    }
    int j0 = 0;
#ifdef SIMD_X86
    j0 = n / TB_ * TB_;
    for (int l0 = 0; l0 < LANES; l0 += TB_)
        interleave_blocks(app, rows, l0, j0);
#endif
    /* the rest (everything for the generic kernel) one value at a time, by blocks of 64
     * columns so that the frames' source lines stay in cache while the lanes are written */
    for (int b0 = j0; b0 < n; b0 += 64) {
        const int b1 = b0 + 64 < n ? b0 + 64 : n;
        for (int l = 0; l < LANES; l++)
            for (int j = b0; j < b1; j++)
                app[(size_t)j * LANES + l] = rows[l][j];
    }
}

static void kernel_decode(const simd_plan *p, const simd_params *prm, simd_work *w,
                          uint64_t valid, simd_group_result *res)
{
    vec_t *app = w->app, *c2v = w->c2v, *tmp = w->tmp, *llr = w->llr;
    double *pre = w->pre;
    const int flooding = prm->schedule == LDPC_SCHEDULE_FLOODING;
    /* layered min-sum reads its first iteration's old messages from zero rows instead */
    const int zero_start = !flooding && prm->algorithm != LDPC_ALG_SUM_PRODUCT;
    vec_t *zeros = tmp + p->max_row_degree + 1;
    if (zero_start)
        memset(zeros, 0, (size_t)p->max_row_degree * sizeof(vec_t));
    else
        memset(c2v, 0, (size_t)p->num_edges * sizeof(vec_t));
    if (flooding)
        memcpy(llr, app, (size_t)p->n * sizeof(vec_t));
    memset(w->hard, 0, (size_t)p->n * ((LANES + 7) / 8));
    uint64_t active = valid;
    for (int it = 1; it <= prm->max_iterations; it++) {
        if (flooding)
            flooding_iteration(p, prm, app, llr, c2v, tmp, pre);
        else
            layered_iteration(p, prm, app, c2v, tmp, pre, zero_start && it == 1 ? zeros : NULL);
        if (!prm->early_termination)
            continue;
        uint64_t done = active & ~unsatisfied(p, app, active);
        if (done) {
            freeze(p, app, w->hard, done);
            for (int l = 0; l < LANES; l++)
                if (done >> l & 1) {
                    res->iterations[l] = it;
                    res->parity_ok[l] = 1;
                }
            active &= ~done;
            if (!active)
                break;
        }
    }
    /* frames that never converged (or all frames without early termination) end here */
    uint64_t rest = prm->early_termination ? active : valid;
    if (rest) {
        freeze(p, app, w->hard, rest);
        uint64_t bad = prm->early_termination ? rest : unsatisfied(p, app, 0);
        for (int l = 0; l < LANES; l++)
            if (rest >> l & 1) {
                res->iterations[l] = prm->max_iterations;
                res->parity_ok[l] = !(bad >> l & 1);
            }
    }
}

const simd_kernel KERNEL_SYMBOL = {
    KERNEL_ISA, KERNEL_FORMAT, LANES, (int)sizeof(elem_t), kernel_load, kernel_decode,
};
