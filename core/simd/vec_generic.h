/* Vector operations for the kernel template, in plain C (any compiler, any CPU).
 * A "vector" is GENERIC_LANES messages; the compiler may vectorise the loops, but nothing here
 * needs it. Include after defining SIMD_FMT_I16 (both integer formats: int16 lanes hold the
 * fixed-point model's exact APP and t, decoder_fixed.h) or SIMD_FMT_F32.
 * The operations and their exact meaning (shared by every vec_*.h):
 *   v_sub(a,b), v_add(a,b)   a-b, a+b (saturating for integers, which the model's bounds
 *                            never reach: the results are exact)
 *   v_mag(t)                 |t|
 *   v_min, v_max             of magnitudes (unsigned for integers)
 *   v_neg(t)                 a vector whose sign bit is set exactly where t < 0
 *   v_sign_apply(m, s)       -m where the sign bit of s is set, else m
 *   v_sel_eq(a, b, x, y)     a == b ? x : y, per lane
 *   v_signs(v)               lane mask of sign bits
 *   v_clamp_scale(m, prm)    check message magnitude s(m) from a minimum (decoder_fixed.h rule
 *                            3): min(m, cmax), normalise (NMS) or offset (OMS), then min(., mcap)
 */
#include <math.h>
#include <string.h>

#define LANES 16

#if defined(SIMD_FMT_I16)
typedef int16_t elem_t;
typedef uint16_t uelem_t;
#define ELEM_MAX 32767
#define ELEM_MIN (-32768)
#elif defined(SIMD_FMT_F32)
typedef float elem_t;
#else
#error "define SIMD_FMT_I16 or SIMD_FMT_F32"
#endif

typedef struct vec_t {
    elem_t v[LANES];
} vec_t;

#define V_LOOP for (int l_ = 0; l_ < LANES; l_++)

static inline vec_t v_load(const vec_t *p) { return *p; }
static inline void v_store(vec_t *p, vec_t a) { *p = a; }
static inline vec_t v_zero(void)
{
    vec_t r;
    memset(&r, 0, sizeof r);
    return r;
}

#if defined(SIMD_FMT_F32)

static inline vec_t v_sub(vec_t a, vec_t b) { V_LOOP a.v[l_] -= b.v[l_]; return a; }
static inline vec_t v_add(vec_t a, vec_t b) { V_LOOP a.v[l_] += b.v[l_]; return a; }
static inline vec_t v_mag(vec_t a) { V_LOOP a.v[l_] = fabsf(a.v[l_]); return a; }
static inline vec_t v_min(vec_t a, vec_t b) { V_LOOP a.v[l_] = b.v[l_] < a.v[l_] ? b.v[l_] : a.v[l_]; return a; }
static inline vec_t v_max(vec_t a, vec_t b) { V_LOOP a.v[l_] = b.v[l_] > a.v[l_] ? b.v[l_] : a.v[l_]; return a; }
static inline vec_t v_min_init(void) { vec_t r; V_LOOP r.v[l_] = INFINITY; return r; }
/* float: -1 where t < 0 (so -0.0 counts as positive, as in the reference), else +1; the
 * "sign bit" of the result is then its sign */
static inline vec_t v_neg(vec_t t) { V_LOOP t.v[l_] = t.v[l_] < 0.0f ? -1.0f : 1.0f; return t; }
static inline vec_t v_xor(vec_t a, vec_t b) { V_LOOP a.v[l_] = (a.v[l_] < 0.0f) != (b.v[l_] < 0.0f) ? -1.0f : 1.0f; return a; }
static inline vec_t v_sign_apply(vec_t m, vec_t s) { V_LOOP m.v[l_] = s.v[l_] < 0.0f ? -m.v[l_] : m.v[l_]; return m; }
static inline vec_t v_sel_eq(vec_t a, vec_t b, vec_t x, vec_t y) { V_LOOP x.v[l_] = a.v[l_] == b.v[l_] ? x.v[l_] : y.v[l_]; return x; }
static inline uint64_t v_signs(vec_t a)
{
    uint64_t m = 0;
    V_LOOP m |= (uint64_t)(signbit(a.v[l_]) != 0) << l_;
    return m;
}
static inline vec_t v_clamp_scale(vec_t m, const simd_params *prm)
{
    if (prm->algorithm == LDPC_ALG_NORMALIZED_MIN_SUM) {
        V_LOOP m.v[l_] *= prm->nms_alpha;
    } else if (prm->algorithm == LDPC_ALG_OFFSET_MIN_SUM) {
        V_LOOP m.v[l_] = m.v[l_] > prm->oms_beta ? m.v[l_] - prm->oms_beta : 0.0f;
    }
    return m;
}

#else /* integers */

static inline elem_t sat_(int x) { return (elem_t)(x > ELEM_MAX ? ELEM_MAX : x < ELEM_MIN ? ELEM_MIN : x); }
static inline vec_t v_sub(vec_t a, vec_t b) { V_LOOP a.v[l_] = sat_(a.v[l_] - b.v[l_]); return a; }
static inline vec_t v_add(vec_t a, vec_t b) { V_LOOP a.v[l_] = sat_(a.v[l_] + b.v[l_]); return a; }
/* magnitudes live in the same bits, read as unsigned */
static inline vec_t v_mag(vec_t a) { V_LOOP a.v[l_] = (elem_t)(uelem_t)(a.v[l_] < 0 ? -(int)a.v[l_] : a.v[l_]); return a; }
static inline vec_t v_min(vec_t a, vec_t b) { V_LOOP a.v[l_] = (uelem_t)b.v[l_] < (uelem_t)a.v[l_] ? b.v[l_] : a.v[l_]; return a; }
static inline vec_t v_max(vec_t a, vec_t b) { V_LOOP a.v[l_] = (uelem_t)b.v[l_] > (uelem_t)a.v[l_] ? b.v[l_] : a.v[l_]; return a; }
static inline vec_t v_min_init(void) { vec_t r; V_LOOP r.v[l_] = (elem_t)(uelem_t)~(uelem_t)0; return r; }
static inline vec_t v_neg(vec_t t) { return t; }
static inline vec_t v_xor(vec_t a, vec_t b) { V_LOOP a.v[l_] = (elem_t)(a.v[l_] ^ b.v[l_]); return a; }
static inline vec_t v_sign_apply(vec_t m, vec_t s) { V_LOOP m.v[l_] = (elem_t)(s.v[l_] < 0 ? -m.v[l_] : m.v[l_]); return m; }
static inline vec_t v_sel_eq(vec_t a, vec_t b, vec_t x, vec_t y) { V_LOOP x.v[l_] = a.v[l_] == b.v[l_] ? x.v[l_] : y.v[l_]; return x; }
static inline uint64_t v_signs(vec_t a)
{
    uint64_t m = 0;
    V_LOOP m |= (uint64_t)(a.v[l_] < 0) << l_;
    return m;
}
static inline vec_t v_clamp_scale(vec_t m, const simd_params *prm)
{
    V_LOOP {
        int x = (uelem_t)m.v[l_];
        if (x > prm->cmax)
            x = prm->cmax;
        if (prm->algorithm == LDPC_ALG_NORMALIZED_MIN_SUM)
            x = (x * prm->nms_a15 + 16384) >> 15;
        else if (prm->algorithm == LDPC_ALG_OFFSET_MIN_SUM)
            x = x > prm->oms_q ? x - prm->oms_q : 0;
        m.v[l_] = (elem_t)(x < prm->mcap ? x : prm->mcap);
    }
    return m;
}

#endif

/* Message storage (kernel_impl.h's msg_t): the vectors as they are. (Storing int8 messages as
 * bytes, as vec_avx512_i8.h does, cost more in packing here than it saved in memory traffic:
 * WiMAX 2304 r1/2 on AVX2 -17%.) */
typedef vec_t msg_t;
#define m_load v_load
#define m_store v_store

/* Lanes whose stored messages are read (kernel_impl.h: a frame loaded into a lane since the
 * last iteration has no messages yet, so its lanes read 0). */
typedef uint64_t keep_t;
static inline keep_t k_lanes(uint64_t lanes) { return lanes; }
static inline vec_t m_load_keep(const msg_t *p, keep_t k)
{
    vec_t r = m_load(p);
    V_LOOP if (!(k >> l_ & 1)) r.v[l_] = 0;
    return r;
}
