/* The simulator's frame kernels in portable C, one lane (sim_noise_impl.h): the reference the
 * vector variants equal bit for bit, and what runs where no vector variant does. Compiled with
 * -ffp-contract=off (core/CMakeLists.txt), like the vector variants. */
#include <math.h>
#include <string.h>
#include "sim_frame.h"

#define SIM_W 1
#define SIM_SUFFIX generic
#define SIM_NAME "generic"
typedef uint32_t vu;
typedef float vf;

static inline vu vu_set1(uint32_t a) { return a; }
static inline vu vu_iota(uint32_t b) { return b; }
static inline vu vu_add(vu a, vu b) { return a + b; }
static inline vu vu_sub(vu a, vu b) { return a - b; }
static inline vu vu_xor(vu a, vu b) { return a ^ b; }
static inline vu vu_and(vu a, vu b) { return a & b; }
static inline vu vu_or(vu a, vu b) { return a | b; }
static inline vu vu_andnot(vu a, vu b) { return ~a & b; }
static inline vu vu_srl(vu a, int n) { return a >> n; }
static inline vu vu_sll(vu a, int n) { return a << n; }
static inline void vu_mulhilo(vu a, uint32_t m, vu *hi, vu *lo)
{
    const uint64_t p = (uint64_t)a * m;
    *hi = (uint32_t)(p >> 32);
    *lo = (uint32_t)p;
}
static inline void vu_store(uint32_t *p, vu a) { *p = a; }
static inline vf vf_set1(float a) { return a; }
static inline vf vf_add(vf a, vf b) { return a + b; }
static inline vf vf_sub(vf a, vf b) { return a - b; }
static inline vf vf_mul(vf a, vf b) { return a * b; }
static inline vf vf_sqrt(vf a) { return sqrtf(a); }
static inline vf vf_from_i32(vu a) { return (float)(int32_t)a; }
static inline vf vf_from_u32(vu a) { return (float)a; }
static inline vu vf_as_vu(vf a)
{
    vu u;
    memcpy(&u, &a, sizeof u);
    return u;
}
static inline vf vu_as_vf(vu a)
{
    vf f;
    memcpy(&f, &a, sizeof f);
    return f;
}
static inline vu vf_lt_mask(vf a, vf b) { return a < b ? 0xffffffffu : 0u; }
static inline void vf_store(float *p, vf a) { *p = a; }
static inline vf vf_sign(const uint8_t *cw) { return (cw[0] & 1) ? -1.0f : 1.0f; }
static inline vf vf_max_abs(vf m, vf x) { return fabsf(x) > m ? fabsf(x) : m; }
static inline float vf_hmax(vf m) { return m; }
/* one lane: the four words of a quad are already in memory order */
static inline void transpose4_f(vf d[4]) { (void)d; }
static inline void transpose4_u(vu d[4]) { (void)d; }

static void quantize_i8_generic(const float *llr, size_t count, float scale, int8_t *out)
{
    for (size_t i = 0; i < count; i++)
        out[i] = ldpc_llr_to_i8_one(llr[i], scale);
}
#define SIM_QUANTIZE_I8 quantize_i8_generic

#include "sim_noise_impl.h"
