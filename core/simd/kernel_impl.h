/* The inter-frame decoder, written once on top of the vec_*.h operations and compiled once per
 * (ISA, message format) by the kernel_*.c files. Each lane is one frame and follows
 * decoder_ref.c's definitions exactly (float) or decoder_fixed.h's rules (int8/int16):
 *  - layered: rows in the plan's order; t = APP - c2v; min1/min2 of |t| and the sign product of
 *    the other edges; a tie for the minimum gives min2 = min1, so "edge whose |t| equals min1
 *    gets min2" is the reference's first-strict-minimum rule without tracking an index;
 *  - flooding: all rows from the previous APP, then each column sums its messages in CSC order;
 *  - hard decision APP < 0; early termination checks H*c (and, with early_stop_crc, the CRC of
 *    the first K' bits, all lanes at once) after every iteration; a frame whose syndrome became
 *    zero (or whose CRC passed) at iteration i reports i and the hard decision of iteration i,
 *    and its lane takes the next pending frame (lane refill, kernel_decode).
 * The c2v messages are stored as msg_t (vec_*.h: bytes for int8 messages, else vec_t) and read
 * and written only through m_load_keep (old messages, 0 in the lanes that start a frame),
 * m_load and m_store.
 * Needs: KERNEL_ISA (string), KERNEL_FORMAT (ldpc_msg_format), KERNEL_SYMBOL (the name of the
 * simd_kernel object to define), and a vec_*.h included before.
 */
#include <string.h>

#if defined(SIMD_FMT_F32)
/* Check-node magnitude of one row; sum-product runs per lane in double, as the reference
 * (float messages only: the integer formats never run sum-product). */
static void spa_row(const vec_t *t, int d, vec_t *out, double *pre)
{
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
}
#endif

#define APP_AT(base, offset) ((vec_t *)((char *)(base) + (offset)))

/* ---- The min-sum family ----
 * One row: pass 1 computes t = APP - old message for each edge (kept: in registers when the
 * degree is unrolled, else in w->tmp), the two smallest |t| and the sign product; pass 2 writes
 * the new messages and, layered, the new APP. The walk goes by runs of rows of equal degree
 * (the plan's segments; a DVB code is one run), so that inside a run the degree is a constant:
 * each row is fully unrolled, its t and state stay in registers, and there is no dispatch per
 * row. */

#ifdef SIMD_X86
#define ROW_INLINE static inline __attribute__((always_inline))
/* SIMD kernels: layered rows of degree 1..16 and the common larger degrees (DVB, WiMAX, WiFi
 * high rates: 18, 20, 22, 27, 30; 5G NR base graph 1's core rows: 19) get their own unrolled
 * copy (min_sum_rows); in the generic kernels each "vector" operation is itself a loop, and
 * unrolling them only multiplies compile time */
#define ROW_UNROLL _Pragma("GCC unroll 32")
#define ROW_MAX_UNROLLED 32
#else
#define ROW_INLINE static inline
#define ROW_UNROLL
#define ROW_MAX_UNROLLED 0
#endif

/* One row of degree d >= 1: reads APP (the previous APP for flooding) and the old messages
 * msg_in (in the lanes of keep; the others read 0), writes the new messages into msg and,
 * layered, the new APP. t: d vectors of scratch (a local array, so registers, when d is a
 * constant). alg is a constant after inlining, so the normalisation's branches fold away. signs (layered only; NULL: not asked): the hard
 * decision of each new APP into the word of its column, signs[col] (bit l: lane l), for the
 * parity check after the iteration; the last row that updates a column writes its word last. */
#if defined(V_ROW_MIN_SUM)
#define row_min_sum V_ROW_MIN_SUM /* the vector header's own form of this row (vec_avx512_i8.h) */
#else
ROW_INLINE void row_min_sum(vec_t *app, const int32_t *off, int d, const msg_t *msg_in,
                            keep_t keep, msg_t *msg, vec_t *t, const simd_params *prm,
                            int layered, int alg, uint64_t *signs, uint64_t last)
{
    vec_t x = v_sub(v_load(APP_AT(app, off[0])), m_load_keep(msg_in, keep));
    t[0] = x;
#if defined(SIMD_FMT_F32)
    /* float: the reference's operations from the initial values (+inf), NaN order included */
    vec_t a = v_mag(x), min1 = v_min_init(), min2 = min1, sgn = v_neg(x);
    min2 = v_min(min2, v_max(min1, a));
    min1 = v_min(min1, a);
    const int first = 1;
#else
    /* integers: min(umax, a) = a and min(umax, max(a0, a1)) = max(a0, a1), so the first two
     * edges skip the comparisons with the initial values */
    vec_t min1 = v_mag(x), min2 = v_min_init(), sgn = v_neg(x);
    if (d > 1) {
        x = v_sub(v_load(APP_AT(app, off[1])), m_load_keep(msg_in + 1, keep));
        t[1] = x;
        vec_t a = v_mag(x);
        min2 = v_max(min1, a);
        min1 = v_min(min1, a);
        sgn = v_xor(sgn, v_neg(x));
    }
    const int first = 2;
#endif
    ROW_UNROLL
    for (int i = first; i < d; i++) {
        x = v_sub(v_load(APP_AT(app, off[i])), m_load_keep(msg_in + i, keep));
        t[i] = x;
        vec_t a = v_mag(x);
        min2 = v_min(min2, v_max(min1, a));
        min1 = v_min(min1, a);
        sgn = v_xor(sgn, v_neg(x));
    }
    /* the two message values, normalised, with the row's sign product applied once: each edge
     * then flips its value by the sign of its own t, the same as by (row sign XOR own sign) */
    simd_params lp = *prm;
    lp.algorithm = (ldpc_algorithm)alg;
    const vec_t s1 = v_sign_apply(v_clamp_scale(min1, &lp), sgn);
    const vec_t s2 = v_sign_apply(v_clamp_scale(min2, &lp), sgn);
    ROW_UNROLL
    for (int i = 0; i < d; i++) {
        x = t[i];
        /* the edge holding the minimum gets the second one (on a tie both are equal). |t| ==
         * min1 is tested as t == min1 carrying t's sign (t = 0 counts as positive: equal iff
         * min1 = 0), which reuses the sign the message needs anyway; with |t| the compiler
         * would keep pass 1's |t| of every edge alive across the row and spill them. */
        const vec_t neg = v_neg(x);
        vec_t c = v_sign_apply(v_sel_eq(x, v_sign_apply(min1, neg), s2, s1), neg);
        m_store(msg + i, c);
        if (layered) {
            const vec_t a = v_add(x, c);
            v_store(APP_AT(app, off[i]), a);
            if (signs && SIGNS_LAST_(last, i))
                signs[(uint32_t)off[i] / sizeof(vec_t)] = v_signs(v_neg(a));
        }
    }
}
#endif

#if !defined(V_ROW_RECORDS)
#define RECORD_VECTORS(d) 0 /* no records in this kernel (simd_plan.msg_records stays 0) */
#endif

/* Rows [r0, r1), all of degree d (a constant after inlining where unrolled), their messages
 * from msg on: d message vectors a row, or with records (a constant after inlining; layered,
 * simd_plan.msg_records, row_i8_bytes.h) RECORD_VECTORS(d). zeros: the zero row read as every
 * row's old messages (layered first iteration), or NULL. keep: the lanes whose old messages are
 * read (the others read 0). */
ROW_INLINE void rows_of_degree(const simd_plan *p, const simd_params *prm, vec_t *app,
                               msg_t *msg, vec_t *tmp, const msg_t *zeros, keep_t keep, int r0,
                               int r1, int d, int layered, int alg, uint64_t *signs, int records)
{
    const int32_t *off = p->off + p->row_ptr[r0];
#if ROW_MAX_UNROLLED
    vec_t t[ROW_MAX_UNROLLED];
    if (d <= ROW_MAX_UNROLLED)
        tmp = t;
#endif
    const uint64_t *last = p->sign_last + r0;
#if defined(V_ROW_RECORDS)
    if (records) {
        const rkeep_t rk = r_keep(keep);
        for (int r = r0; r < r1; r++) {
            V_ROW_RECORDS(app, off, d, zeros ? zeros : msg, rk, msg, tmp, prm, alg, signs,
                          signs ? *last++ : 0);
            off += d;
            msg += RECORD_VECTORS(d);
        }
        return;
    }
#endif
    const msg_t *in = zeros ? zeros : msg;
    const int in_step = zeros ? 0 : d;
    for (int r = r0; r < r1; r++) {
        row_min_sum(app, off, d, in, keep, msg, tmp, prm, layered, alg, signs, signs ? *last++ : 0);
        off += d;
        msg += d;
        in += in_step;
    }
}

#define DEGREE_CASE_(D)                                                                     \
    case D:                                                                                 \
        rows_of_degree(p, prm, app, msg, tmp, zeros, keep, r0, r1, D, layered, alg, signs,  \
                       records);                                                            \
        break;

/* One iteration of the min-sum family over all rows, by runs of equal degree (records: as in
 * rows_of_degree, each run's records after the last run's). */
ROW_INLINE void min_sum_walk(const simd_plan *p, const simd_params *prm, vec_t *app,
                             msg_t *c2v, vec_t *tmp, const msg_t *zeros, keep_t keep,
                             int layered, int alg, uint64_t *signs, int records)
{
    msg_t *rec = c2v;
    for (int s = 0; s < p->num_segments; s++) {
        const int r0 = p->segment[s], r1 = p->segment[s + 1];
        const int d = p->row_ptr[r0 + 1] - p->row_ptr[r0];
        if (d <= 0)
            continue; /* empty rows (an alist code may have some) change nothing; no record */
        msg_t *msg = records ? rec : c2v + p->row_ptr[r0];
        rec += (size_t)(r1 - r0) * RECORD_VECTORS(d);
#if ROW_MAX_UNROLLED
        if (layered) {
            switch (d) {
                DEGREE_CASE_(1) DEGREE_CASE_(2) DEGREE_CASE_(3) DEGREE_CASE_(4)
                DEGREE_CASE_(5) DEGREE_CASE_(6) DEGREE_CASE_(7) DEGREE_CASE_(8)
                DEGREE_CASE_(9) DEGREE_CASE_(10) DEGREE_CASE_(11) DEGREE_CASE_(12)
                DEGREE_CASE_(13) DEGREE_CASE_(14) DEGREE_CASE_(15) DEGREE_CASE_(16)
                DEGREE_CASE_(18) DEGREE_CASE_(19) DEGREE_CASE_(20) DEGREE_CASE_(22) DEGREE_CASE_(27)
                DEGREE_CASE_(30)
            default:
                rows_of_degree(p, prm, app, msg, tmp, zeros, keep, r0, r1, d, layered, alg, signs,
                               records);
                break;
            }
            continue;
        }
#endif
        rows_of_degree(p, prm, app, msg, tmp, zeros, keep, r0, r1, d, layered, alg, signs, records);
    }
}

/* One iteration of the min-sum family over all rows. zeros: NULL (old messages in the store,
 * read in the lanes of keep) or, when every lane starts a frame in a layered iteration, a zero
 * row (or record) read as every row's old messages, so that the store needs no clearing. */
ROW_INLINE void min_sum_rows(const simd_plan *p, const simd_params *prm, vec_t *app,
                             msg_t *c2v, vec_t *tmp, const msg_t *zeros, keep_t keep,
                             int layered, int alg, uint64_t *signs)
{
#if defined(V_ROW_RECORDS)
    if (layered && p->msg_records) {
        min_sum_walk(p, prm, app, c2v, tmp, zeros, keep, 1, alg, signs, 1);
        return;
    }
#endif
    min_sum_walk(p, prm, app, c2v, tmp, zeros, keep, layered, alg, signs, 0);
}

ROW_INLINE void min_sum_by_algorithm(const simd_plan *p, const simd_params *prm, vec_t *app,
                                     msg_t *c2v, vec_t *tmp, const msg_t *zeros, keep_t keep,
                                     int layered, uint64_t *signs)
{
    switch (prm->algorithm) {
    case LDPC_ALG_NORMALIZED_MIN_SUM:
        if (layered)
            min_sum_rows(p, prm, app, c2v, tmp, zeros, keep, 1, LDPC_ALG_NORMALIZED_MIN_SUM, signs);
        else
            min_sum_rows(p, prm, app, c2v, tmp, NULL, keep, 0, LDPC_ALG_NORMALIZED_MIN_SUM, NULL);
        break;
    case LDPC_ALG_OFFSET_MIN_SUM:
        if (layered)
            min_sum_rows(p, prm, app, c2v, tmp, zeros, keep, 1, LDPC_ALG_OFFSET_MIN_SUM, signs);
        else
            min_sum_rows(p, prm, app, c2v, tmp, NULL, keep, 0, LDPC_ALG_OFFSET_MIN_SUM, NULL);
        break;
    default:
        if (layered)
            min_sum_rows(p, prm, app, c2v, tmp, zeros, keep, 1, LDPC_ALG_MIN_SUM, signs);
        else
            min_sum_rows(p, prm, app, c2v, tmp, NULL, keep, 0, LDPC_ALG_MIN_SUM, NULL);
        break;
    }
}

/* One iteration of the rows; the form whose rows write the hard decisions is a function of its
 * own, so that its copies of the rows do not change how the compiler keeps the others'
 * constants in registers (in one function, the plain rows reloaded a constant from the stack
 * six times per row of degree 6). */
static void min_sum_iteration(const simd_plan *p, const simd_params *prm, vec_t *app,
                              msg_t *c2v, vec_t *tmp, const msg_t *zeros, keep_t keep,
                              int layered)
{
    min_sum_by_algorithm(p, prm, app, c2v, tmp, zeros, keep, layered, NULL);
}

static void min_sum_iteration_signs(const simd_plan *p, const simd_params *prm, vec_t *app,
                                    msg_t *c2v, vec_t *tmp, const msg_t *zeros, keep_t keep,
                                    uint64_t *signs)
{
    if (!signs)
        __builtin_unreachable(); /* lets the rows drop their test of it */
    min_sum_by_algorithm(p, prm, app, c2v, tmp, zeros, keep, 1, signs);
}

/* sum-product (float messages only: msg_t is vec_t) */
static void row_spa(vec_t *app, const int32_t *off, int d, msg_t *msg, keep_t keep, vec_t *tmp,
                    double *pre, int layered)
{
#if defined(SIMD_FMT_F32)
    for (int i = 0; i < d; i++)
        v_store(tmp + i, v_sub(v_load(APP_AT(app, off[i])), m_load_keep(msg + i, keep)));
    spa_row(tmp, d, msg, pre);
    if (layered)
        for (int i = 0; i < d; i++)
            v_store(APP_AT(app, off[i]), v_add(v_load(tmp + i), v_load(msg + i)));
#else
    (void)app; (void)off; (void)d; (void)msg; (void)keep; (void)tmp; (void)pre; (void)layered;
#endif
}

/* zeros: NULL, or (min-sum, every lane starting a frame) max_row_degree zero vectors read as
 * the old messages. keep: the lanes whose stored old messages are read (the others start a
 * frame: 0). signs: NULL, or (min-sum, every column in a row) where the rows write every
 * column's hard decision. */
static void layered_iteration(const simd_plan *p, const simd_params *prm, vec_t *app,
                              msg_t *c2v, vec_t *tmp, double *pre, const msg_t *zeros,
                              keep_t keep, uint64_t *signs)
{
    const int *rp = p->row_ptr;
    if (prm->algorithm == LDPC_ALG_SUM_PRODUCT) {
        for (int r = 0; r < p->m; r++)
            row_spa(app, p->off + rp[r], rp[r + 1] - rp[r], c2v + rp[r], keep, tmp, pre, 1);
        return;
    }
    if (signs)
        min_sum_iteration_signs(p, prm, app, c2v, tmp, zeros, keep, signs);
    else
        min_sum_iteration(p, prm, app, c2v, tmp, zeros, keep, 1);
}

static void flooding_iteration(const simd_plan *p, const simd_params *prm, vec_t *app,
                               const vec_t *llr, msg_t *c2v, keep_t keep, vec_t *tmp,
                               double *pre)
{
    const int *rp = p->row_ptr;
    if (prm->algorithm == LDPC_ALG_SUM_PRODUCT)
        for (int r = 0; r < p->m; r++)
            row_spa(app, p->off + rp[r], rp[r + 1] - rp[r], c2v + rp[r], keep, tmp, pre, 0);
    else
        min_sum_iteration(p, prm, app, c2v, tmp, NULL, keep, 0);
    for (int j = 0; j < p->n; j++) {
        vec_t a = v_load(llr + j);
        for (int q = p->col_ptr[j]; q < p->col_ptr[j + 1]; q++)
            a = v_add(a, m_load(c2v + p->col_edge[q]));
        v_store(app + j, a);
    }
}

/* The parity check reads the APP vectors of each row's columns for the first rows only (in the
 * early iterations every open lane fails one of them and the check ends there): 1/8 of them
 * where the APP stays in a core's cache, 1/32 where it is large (p->rows_sign: more than
 * SIMD_ROW_SIGNS_MIN_APP) and those gathers come from L3 or DRAM. Past them, every column's hard
 * decision is taken once into a word (signs[j], a sequential pass over the APP) and the
 * remaining rows XOR those words, 8 bytes per edge from a table that stays in L1, where a
 * gather reads a vector of 64 - 128 bytes. Where the APP is large and the previous iteration's
 * check went past its first rows, the rows of this one write the words as they update the APP
 * (kernel_decode), and the check runs on them alone. (WiMAX 2304 r1/2, int8, AVX-512: gathers
 * for every row 385, the words after 1/32 of the rows 403, after 1/8 403, the rows writing
 * them 392 Mb/s decoding alone; WiMAX 5/6 439, 440, 448, 421.) */
#define SIMD_CHECK_DIRECT_SMALL 8
#define SIMD_CHECK_DIRECT_LARGE 32

/* The words' check of a quasi-cyclic code a block row at a time (simd_plan.qc_*): row r of a
 * block row reads, from each circulant, the word of column (first + r) mod z of its block, so
 * the block row's z syndromes are the XOR of its circulants' z words, each block column's
 * words rotated by the circulant's shift: two runs of consecutive words that the compiler
 * vectorises, where the rows one by one load a column number and a word per edge. Lanes of
 * 'need' known to fail (in bad, from the rows checked before, or here) end it as in
 * unsatisfied. */
static uint64_t qc_unsatisfied(const simd_plan *p, const uint64_t *signs, uint64_t need,
                               uint64_t bad, int *rows_done)
{
    const int z = p->qc_z;
    uint64_t acc[z];
    for (int b = 0; b < p->qc_rows; b++) {
        memset(acc, 0, sizeof acc);
        for (int e = p->qc_ptr[b]; e < p->qc_ptr[b + 1]; e++) {
            const int first = p->qc_first[e], shift = first % z, tail = z - shift;
            const uint64_t *w = signs + (first - shift);
            for (int r = 0; r < tail; r++)
                acc[r] ^= w[shift + r];
            for (int r = tail; r < z; r++)
                acc[r] ^= w[r - tail];
        }
        uint64_t any = 0;
        for (int r = 0; r < z; r++)
            any |= acc[r];
        bad |= any;
        *rows_done = (b + 1) * z;
        if (need && (bad & need) == need)
            break;
    }
    return bad;
}

/* Lanes whose hard decision violates some check. Stops early once every lane in 'need' is
 * known to fail (then the other bits may be incomplete, which the caller does not use).
 * fresh: signs[] already holds every column's hard decision of this APP (the rows wrote it).
 * words_first: start on the words, without the direct rows. *signs_done: whether signs[] holds
 * it now; *went_on: whether the check went past as many rows as the direct ones (above). */
static uint64_t unsatisfied(const simd_plan *p, const vec_t *app, uint64_t *signs, uint64_t need,
                            int fresh, int words_first, int *signs_done, int *went_on)
{
    uint64_t bad = 0;
    const int first = p->m / (p->rows_sign ? SIMD_CHECK_DIRECT_LARGE : SIMD_CHECK_DIRECT_SMALL);
    const int direct = words_first ? 0 : first;
    int r = 0;
    *signs_done = fresh;
    *went_on = 0;
    if (!fresh) {
        for (; r < direct; r++) {
            vec_t acc = v_zero();
            for (int e = p->row_ptr[r]; e < p->row_ptr[r + 1]; e++)
                acc = v_xor(acc, v_neg(v_load(APP_AT(app, p->off[e]))));
            bad |= v_signs(acc);
            if (need && (bad & need) == need)
                return bad;
        }
        /* the sign bit of an XOR is the XOR of the sign bits: the same test as above */
        for (int j = 0; j < p->n; j++)
            signs[j] = v_signs(v_neg(v_load(app + j)));
        *signs_done = 1;
    }
    if (p->qc_z) {
        int rows_done = 0;
        bad = qc_unsatisfied(p, signs, need, bad, &rows_done);
        *went_on = r + rows_done >= first;
        return bad;
    }
    for (; r < p->m; r++) {
        uint64_t acc = 0;
        for (int e = p->row_ptr[r]; e < p->row_ptr[r + 1]; e++)
            acc ^= signs[p->col[e]];
        bad |= acc;
        if (need && (bad & need) == need)
            break;
    }
    *went_on = r >= first;
    return bad;
}

/* Lanes whose first prm->crc.nbits hard decisions pass the CRC (decoder_crc_stop.h): the
 * bits of every lane go through nr_crc_lanes.h's register together, 256 columns at a time. */
static uint64_t crc_passing(const simd_params *prm, const vec_t *app)
{
    nr_crc_lanes s;
    nr_crc_lanes_init(&s, prm->crc.kind);
    uint64_t bits[256];
    for (int j0 = 0; j0 < prm->crc.nbits; j0 += 256) {
        const int m = prm->crc.nbits - j0 < 256 ? prm->crc.nbits - j0 : 256;
        for (int j = 0; j < m; j++)
            bits[j] = v_signs(v_neg(v_load(app + j0 + j)));
        nr_crc_lanes_feed(&s, bits, m);
    }
    return nr_crc_lanes_zero(&s);
}

/* The output takes lanes 'lanes' of the current hard decision and keeps the others. Layout:
 * hard[b * n + j] holds bit j of frames 8b..8b+7 (bit i = frame 8b + i), so that a frame's
 * bits come out with one shift and mask per byte (simd_backend.c). Only the columns that are
 * output (prm->out_cols: the information bits of a long code are a third of its columns or
 * less) are written. The decision is taken once per column into signs (unless *have_signs
 * says signs holds that of this APP already), then written per byte plane, only into the
 * planes that hold a lane of 'lanes': a plane per column at a time cost as much as a few
 * row updates each time a lane froze. */
static void freeze(const simd_plan *p, const simd_params *prm, const vec_t *app, uint64_t *signs,
                   int *have_signs, uint8_t *hard, uint64_t lanes)
{
    const int n = p->n, cols = prm->out_cols;
    if (!*have_signs) {
        for (int j = 0; j < cols; j++)
            signs[j] = v_signs(v_neg(v_load(app + j)));
        *have_signs = 1;
    }
    for (int b = 0; b < (LANES + 7) / 8; b++) {
        const uint8_t plane = LANES - 8 * b >= 8 ? 0xFF : (uint8_t)((1u << (LANES - 8 * b)) - 1);
        const uint8_t take = (uint8_t)(lanes >> 8 * b) & plane, keep = (uint8_t)~take;
        uint8_t *h = hard + (size_t)b * n;
        if (take == 0)
            continue;
        if (take == plane) /* every lane of the plane: nothing of it is kept */
            for (int j = 0; j < cols; j++)
                h[j] = (uint8_t)(signs[j] >> 8 * b);
        else
            for (int j = 0; j < cols; j++)
                h[j] = (uint8_t)((h[j] & keep) | ((uint8_t)(signs[j] >> 8 * b) & take));
    }
}

/* One caller LLR -> message. Float: exactly ldpc_llr_to_float. Integers: rule 1 of
 * decoder_fixed.h, roundf written as trunc plus a correction (f - trunc(f) is exact), the form
 * the vector versions in load_x86.h use. */
static inline elem_t quantize_f32_scalar(const simd_params *prm, float x)
{
    const float v = ldpc_llr_clean(prm->positive_is_one ? -x : x);
#if defined(SIMD_FMT_F32)
    return v;
#else
    float f = v * prm->llr_scale;
    if (f > (float)prm->cmax)
        f = (float)prm->cmax;
    else if (f < (float)prm->cmin)
        f = (float)prm->cmin;
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
    return (elem_t)(v > prm->cmax ? prm->cmax : v);
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

#if defined(SIMD_X86) && defined(SIMD_FMT_I16)
/* int8 input of a full group (else 0: nothing done): transposed straight from the frames into
 * the lanes (load_x86.h, interleave_i8), by blocks of columns so that the block's APP stays in
 * cache while 16 frames at a time are read in runs. Not inlined: inlined, it made the
 * compiler's code for the other inputs in kernel_load slower (AVX2 float load +70%). */
static __attribute__((noinline)) int load_i8_direct(const simd_params *prm, elem_t *app,
                                                    const simd_input *in, int n)
{
    const int8_t *frames[LANES];
    for (int l = 0; l < LANES; l++)
        if (!(frames[l] = in->frame[l]))
            return 0;
    const int n16 = n / 16 * 16;
    for (int b0 = 0; b0 < n16; b0 += SIMD_LOAD_BLOCK) {
        const int bn = n16 - b0 < SIMD_LOAD_BLOCK ? n16 - b0 : SIMD_LOAD_BLOCK;
        for (int l0 = 0; l0 < LANES; l0 += 16)
            interleave_i8(app, frames, l0, b0, bn, prm->positive_is_one, prm->cmax);
    }
    for (int l = 0; l < LANES; l++)
        for (int j = n16; j < n; j++)
            app[(size_t)j * LANES + l] = quantize_i8_scalar(prm, frames[l][j]);
    return 1;
}
#endif

#define ALL_LANES (LANES == 64 ? ~(uint64_t)0 : ((uint64_t)1 << (LANES % 64)) - 1)

#if defined(SIMD_HAS_EXPAND_LANES) || defined(SIMD_HAS_BLEND_LANES)
/* int8 input of some lanes (a refill; else 0: nothing done): straight from the frames into
 * their lanes (load_x86.h: expand_lanes_i8, or blend_lanes_i8 with AVX2), the columns after the
 * last 16 one at a time. */
static __attribute__((noinline)) int load_i8_some(const simd_params *prm, elem_t *app,
                                                  const simd_input *in, const int *list,
                                                  int count, int n)
{
    const int8_t *frames[LANES] = {NULL};
    for (int i = 0; i < count; i++)
        if (!(frames[i] = in->frame[list[i]]))
            return 0;
#if defined(SIMD_HAS_EXPAND_LANES)
    const int n16 = expand_lanes_i8(app, frames, list, count, n, prm->positive_is_one, prm->cmax);
#else
    const int8_t *by_lane[LANES];
    uint64_t mask = 0;
    for (int l = 0; l < LANES; l++)
        by_lane[l] = frames[0];
    for (int i = 0; i < count; i++) {
        by_lane[list[i]] = frames[i];
        mask |= (uint64_t)1 << list[i];
    }
    const int n16 = blend_lanes_i8(app, by_lane, mask, n, prm->positive_is_one, prm->cmax);
#endif
    for (int i = 0; i < count; i++)
        for (int j = n16; j < n; j++)
            app[(size_t)j * LANES + list[i]] = quantize_i8_scalar(prm, frames[i][j]);
    return 1;
}
#endif

/* Converts and interleaves the frames of the lanes in 'lanes' (in->frame[l]; NULL: all-zero
 * LLRs) into w->app by blocks of SIMD_LOAD_BLOCK columns; the other lanes keep their values.
 * Each frame's block is converted into the staging area (LANES * SIMD_LOAD_BLOCK messages,
 * which stays in cache), so each frame is read in long sequential runs. Every lane: the blocks
 * are transposed into the lanes (x86: SSE2 block transposes), the APP written once, in whole
 * lines. Some lanes (a refill, kernel_decode): each of their values is written into its place,
 * one at a time. Either way the conversion is quantize_frame's (or interleave_i8's, checked
 * against it by test_simd_exact). */
static void kernel_load(const simd_plan *p, const simd_params *prm, simd_work *w,
                        const simd_input *in, uint64_t lanes)
{
    elem_t *app = w->app, *staging = w->staging;
    const int n = p->n;
    const int every = (lanes & ALL_LANES) == ALL_LANES;
#if defined(SIMD_X86) && defined(SIMD_FMT_I16)
    if (every && in->type == LDPC_LLR_I8 && LANES % 16 == 0 && load_i8_direct(prm, app, in, n))
        return;
#endif
    int list[LANES], count = 0; /* the lanes loaded */
    for (int l = 0; l < LANES; l++)
        if (lanes >> l & 1)
            list[count++] = l;
#if defined(SIMD_HAS_EXPAND_LANES) || defined(SIMD_HAS_BLEND_LANES)
    if (!every && in->type == LDPC_LLR_I8 && load_i8_some(prm, app, in, list, count, n))
        return;
#endif
    const size_t in_size = in->type == LDPC_LLR_I8 ? 1 : sizeof(float);
    const elem_t *rows[LANES];
    for (int l = 0; l < LANES; l++)
        rows[l] = staging + (size_t)l * SIMD_LOAD_BLOCK;
    for (int b0 = 0; b0 < n; b0 += SIMD_LOAD_BLOCK) {
        const int bn = n - b0 < SIMD_LOAD_BLOCK ? n - b0 : SIMD_LOAD_BLOCK;
        for (int i = 0; i < count; i++) {
            const int l = list[i];
            elem_t *row = staging + (size_t)l * SIMD_LOAD_BLOCK;
            if (in->frame[l])
                quantize_frame(prm, in->type,
                               (const char *)in->frame[l] + (size_t)b0 * in_size, bn, row);
            else
                memset(row, 0, (size_t)bn * sizeof(elem_t)); /* an unused lane decodes zeros */
        }
        elem_t *dst = app + (size_t)b0 * LANES;
        if (!every) {
            int j0 = 0;
#ifdef SIMD_HAS_EXPAND_LANES
            j0 = expand_lanes(dst, rows, list, count, bn);
#endif
            /* the rest column by column: the values of one column share its lines */
            for (int j = j0; j < bn; j++)
                for (int i = 0; i < count; i++)
                    dst[(size_t)j * LANES + list[i]] = rows[list[i]][j];
            continue;
        }
        int j0 = 0;
#ifdef SIMD_X86
        j0 = bn / TB_ * TB_;
        for (int l0 = 0; l0 < LANES; l0 += TB_)
            interleave_blocks(dst, rows, l0, j0);
#endif
        /* the rest (everything for the generic kernel) one value at a time */
        for (int l = 0; l < LANES; l++)
            for (int j = j0; j < bn; j++)
                dst[(size_t)j * LANES + l] = rows[l][j];
    }
}

/* dst = src in the lanes of 'lanes', for n vectors (flooding's channel values of the frames
 * just loaded). */
static void copy_lanes(vec_t *dst, const vec_t *src, int n, uint64_t lanes)
{
    if ((lanes & ALL_LANES) == ALL_LANES) {
        memcpy(dst, src, (size_t)n * sizeof(vec_t));
        return;
    }
    elem_t *d = (elem_t *)dst;
    const elem_t *s = (const elem_t *)src;
    for (size_t j = 0; j < (size_t)n; j++)
        for (int l = 0; l < LANES; l++)
            if (lanes >> l & 1)
                d[j * LANES + l] = s[j * LANES + l];
}

/* Whether a refill of the free lanes (busy: the lanes holding a frame) waits one iteration: when
 * at least as many busy lanes run their last iteration now (max_iterations, certain to end after
 * it) as there are free lanes, the refill after it loads at least twice as many frames, and all
 * of them (a full load, kernel_load's direct path) where every busy lane ends then. A refill
 * rewrites every column's APP vector whatever the number of lanes it loads (DVB 64800: 8.3 MB
 * for int8), so where most frames run the whole max_iterations (the waterfall: DVB-S2 64800 r1/2
 * at 1.6 dB, 9.9 of 10 iterations a frame) refilling each iteration's few converged lanes cost
 * 9% of the time and left the lanes out of step, where waiting keeps them together at a cost of
 * the free lanes' idle iteration (AMD Zen 4, one core, int8, 10 it, early stop, e2e, six rounds
 * alternated, medians: DVB-S2 64800 r1/2 at 1.6 dB 188.5 -> 206.5 Mb/s; at 3 dB, 5.2 iterations
 * a frame, and WiMAX 2304 r1/2 at 2 dB, level). */
static int refill_waits(uint64_t busy, const int *count, int max_iterations)
{
    /* (no busy lane: none is in its last iteration, and the free ones load at once) */
    int last = 0, free_lanes = 0;
    for (int l = 0; l < LANES; l++) {
        if (busy >> l & 1)
            last += count[l] == max_iterations - 1;
        else
            free_lanes++;
    }
    return last >= free_lanes;
}

/* Decodes the frames that feed hands out, each in a lane from its loading to its end, until
 * feed has none left and every lane's frame has ended (simd_internal.h, simd_feed).
 *
 * LANE REFILL. The lanes iterate together, but each counts its own frame's iterations. After
 * every iteration the lanes whose frame ended (early termination: its checks, or its CRC,
 * passed; or max_iterations ran) hand it back, and the free lanes are given the next pending
 * frames, all in one load: their channel values replace their APP lanes (kernel_load, the same
 * conversion as a full load), and their stored messages, which are the old frame's, are read
 * as 0 in the lane's first iteration (the keep mask of the rows: a zeroing masked load, or an
 * AND); the iteration overwrites them. So each frame starts from exactly the state rule 2 of
 * decoder_fixed.h gives (APP = channel values, every message 0), and since lanes never
 * interact, runs exactly the iterations it would alone: its bits, iteration count and
 * parity_ok do not depend on its lane, on when it was loaded or on its neighbours. The vector
 * stays full while frames are pending (but for an iteration where refill_waits says so); a
 * group no longer costs the iterations of its slowest frame. A lane with no frame keeps
 * iterating what it holds (zeros, or its last frame's state, which the model's bounds keep
 * exact), unread. */
static void kernel_decode(const simd_plan *p, const simd_params *prm, simd_work *w,
                          simd_feed *feed, simd_group_result *res)
{
    vec_t *app = w->app, *tmp = w->tmp, *llr = w->llr;
    msg_t *c2v = w->c2v;
    double *pre = w->pre;
    const int flooding = prm->schedule == LDPC_SCHEDULE_FLOODING;
    /* layered min-sum reads the old messages of an iteration where every lane starts a frame
     * from zero rows instead */
    const int zero_start = !flooding && prm->algorithm != LDPC_ALG_SUM_PRODUCT;
    msg_t *zeros = (msg_t *)(tmp + p->max_row_degree + 1);
    if (zero_start)
        memset(zeros, 0, (size_t)(p->max_row_degree + 1) * sizeof(vec_t)); /* a row or a record */
    else
        memset(c2v, 0, (size_t)p->num_edges * sizeof(msg_t));
    memset(w->hard, 0, (size_t)p->n * ((LANES + 7) / 8));
    simd_input in;
    uint64_t busy = feed->take(feed, ALL_LANES, &in); /* lanes holding a frame */
    if (!busy)
        return;
    kernel_load(p, prm, w, &in, ALL_LANES); /* the lanes given nothing decode zeros */
    if (flooding)
        memcpy(llr, app, (size_t)p->n * sizeof(vec_t));
    uint64_t fresh = ALL_LANES; /* lanes loaded since the last iteration: no messages yet */
    uint64_t found = 0;         /* lanes whose frame's output is frozen at its first codeword */
    int count[LANES] = {0};     /* iterations of each lane's frame */
    /* the rows write every column's hard decision for the parity check (see unsatisfied) */
    const int rows_can_sign = zero_start && p->rows_sign;
    int rows_sign = 0;
    /* the last check went past its direct rows: this one starts on the words (near
     * convergence the direct rows rarely settle it; WiMAX 2304 int8 +2%) */
    int words_first = 0;
    int waited = 0; /* the free lanes waited an iteration for more to join their refill */
    for (;;) {
        const uint64_t open = busy & ~found; /* frames still looking for a codeword */
        rows_sign = rows_sign && open;
        const keep_t keep = k_lanes(~fresh);
        if (flooding)
            flooding_iteration(p, prm, app, llr, c2v, keep, tmp, pre);
        else
            layered_iteration(p, prm, app, c2v, tmp, pre,
                              zero_start && fresh == ALL_LANES ? zeros : NULL, keep,
                              rows_sign ? w->signs : NULL);
        fresh = 0;
        int signs_done = 0; /* w->signs holds this APP's hard decision (at least out_cols) */
        uint64_t ended = 0, last = 0;
        for (int l = 0; l < LANES; l++)
            if (busy >> l & 1 && ++count[l] == prm->max_iterations)
                last |= (uint64_t)1 << l;
        if (open) {
            /* rule 6 of decoder_fixed.h: the checks, or the CRC; a lane stopped by its CRC
             * needs its whole syndrome (parity_ok), so then no lane's is cut short */
            const uint64_t crc_ok = prm->crc.on ? open & crc_passing(prm, app) : 0;
            int went_on;
            const uint64_t bad = unsatisfied(p, app, w->signs, crc_ok ? 0 : open, rows_sign, words_first,
                                             &signs_done, &went_on);
            rows_sign = rows_can_sign && went_on;
            words_first = went_on;
            const uint64_t done = open & (~bad | crc_ok);
            if (done) {
                /* a frame's first codeword is the one it returns (decoder_fixed.h rule 6);
                 * with early termination it also ends there */
                freeze(p, prm, app, w->signs, &signs_done, w->hard, done);
                for (int l = 0; l < LANES; l++)
                    if (done >> l & 1) {
                        res->iterations[l] = count[l];
                        res->parity_ok[l] = !(bad >> l & 1);
                    }
                found |= done;
                if (prm->early_termination)
                    ended = done;
            }
        }
        if (last) {
            /* max_iterations ran: frames that never satisfied every check end with the last
             * iteration's decision */
            const uint64_t unfound = last & ~found;
            if (unfound)
                freeze(p, prm, app, w->signs, &signs_done, w->hard, unfound);
            for (int l = 0; l < LANES; l++)
                if (last >> l & 1) {
                    res->iterations[l] = prm->max_iterations;
                    if (unfound >> l & 1)
                        res->parity_ok[l] = 0;
                }
            ended |= last;
        }
        if (ended) {
            feed->give(feed, ended, w->hard, res);
            busy &= ~ended;
            found &= ~ended;
        }
        if (busy != ALL_LANES && !waited && refill_waits(busy, count, prm->max_iterations)) {
            waited = 1;
        } else if (busy != ALL_LANES) {
            waited = 0;
            const uint64_t got = feed->take(feed, ALL_LANES & ~busy, &in);
            if (got) {
                kernel_load(p, prm, w, &in, got);
                if (flooding)
                    copy_lanes(llr, app, p->n, got);
                for (int l = 0; l < LANES; l++)
                    if (got >> l & 1)
                        count[l] = 0;
                busy |= got;
                fresh = got;
            }
        }
        if (!busy)
            break;
    }
}

const simd_kernel KERNEL_SYMBOL = {
    KERNEL_ISA, KERNEL_FORMAT, LANES, (int)sizeof(elem_t), (int)(sizeof(msg_t) / LANES),
    kernel_load, kernel_decode,
#if defined(V_ROW_RECORDS)
    1,
#else
    0,
#endif
};
