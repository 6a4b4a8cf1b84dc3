/* Input side of the x86 kernels: caller LLRs -> messages (vectorised, bit-identical to the
 * scalar rules in kernel_impl.h's quantize_scalar) and the frame -> lane interleave as SSE2
 * block transposes. Included by vec_sse41.h, vec_avx2.h and vec_avx512.h after elem_t; the
 * 256-bit conversion is used when the file is compiled with AVX2 (or AVX-512). */
#include <immintrin.h>

/* Integer messages: the exact rule (kernel_impl.h's quantize_f32_scalar) has a cheaper form
 * when clamping the LLR to +-LDPC_LLR_CLAMP cannot matter, i.e. when clamp * scale already lies
 * beyond the message range (the default scale 4 with int8): clamping before or after scaling
 * then saturates alike. The sign convention goes into the scale, NaN becomes 0 by a mask, and
 * roundf(f) is trunc(f + copysign(0.5 - 2^-25, f)): exact for |f| < 2^23, because a fraction
 * below one half stays below the next integer after the addition's rounding while a half or
 * more reaches it. 10 operations per 8 LLRs instead of 18. */
#define QUANT_FAST_OK_(prm) (LDPC_LLR_CLAMP * (prm)->llr_scale >= (float)(prm)->cmax + 1.0f)
#define QUANT_NEAR_HALF_ 0x1.fffffep-2f /* 0.5 - 2^-25, the float just below one half */

/* Convert x[0..n) and return how many were done (a multiple of the block); the caller finishes
 * the rest with the scalar rule. */
static int quantize_vec_f32(const simd_params *prm, const float *x, int n, elem_t *out)
{
    int j = 0;
#if defined(__AVX2__)
    const __m256 flip = _mm256_set1_ps(prm->positive_is_one ? -0.0f : 0.0f);
    const __m256 clamp = _mm256_set1_ps(LDPC_LLR_CLAMP), nclamp = _mm256_set1_ps(-LDPC_LLR_CLAMP);
#if defined(SIMD_FMT_F32)
    for (; j + 8 <= n; j += 8) {
        __m256 v = _mm256_xor_ps(_mm256_loadu_ps(x + j), flip);
        v = _mm256_andnot_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q), v);
        v = _mm256_min_ps(_mm256_max_ps(v, nclamp), clamp);
        _mm256_storeu_ps(out + j, v);
    }
#else
    const __m256 qmax = _mm256_set1_ps((float)prm->cmax), qmin = _mm256_set1_ps((float)prm->cmin);
    /* QUANT8_(k) converts the 8 LLRs x[j + 8k ..] into q<k> (int32); the loop packs them */
#define QUANT_LOOP_                                                                         \
    for (; j + 16 <= n; j += 16) {                                                          \
        QUANT8_(0) QUANT8_(1)                                                               \
        __m256i w = _mm256_permute4x64_epi64(_mm256_packs_epi32(q0, q1), 0xD8);             \
        _mm256_storeu_si256((__m256i *)(out + j), w);                                       \
    }
    if (QUANT_FAST_OK_(prm)) {
        const __m256 sscale = _mm256_set1_ps(prm->positive_is_one ? -prm->llr_scale
                                                                  : prm->llr_scale);
        const __m256 signbit = _mm256_set1_ps(-0.0f), nearhalf = _mm256_set1_ps(QUANT_NEAR_HALF_);
#define QUANT8_(k)                                                                          \
    __m256i q##k;                                                                           \
    {                                                                                       \
        __m256 v = _mm256_loadu_ps(x + j + 8 * (k));                                        \
        __m256 f = _mm256_and_ps(_mm256_cmp_ps(v, v, _CMP_ORD_Q), _mm256_mul_ps(v, sscale)); \
        f = _mm256_min_ps(_mm256_max_ps(f, qmin), qmax);                                    \
        f = _mm256_add_ps(f, _mm256_or_ps(_mm256_and_ps(f, signbit), nearhalf));            \
        q##k = _mm256_cvttps_epi32(f);                                                      \
    }
        QUANT_LOOP_
#undef QUANT8_
        return j;
    }
    const __m256 scale = _mm256_set1_ps(prm->llr_scale);
    const __m256 half = _mm256_set1_ps(0.5f), nhalf = _mm256_set1_ps(-0.5f);
    const __m256 one = _mm256_set1_ps(1.0f);
#define QUANT8_(k)                                                                          \
    __m256i q##k;                                                                           \
    {                                                                                       \
        __m256 v = _mm256_xor_ps(_mm256_loadu_ps(x + j + 8 * (k)), flip);                   \
        v = _mm256_andnot_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q), v);                         \
        v = _mm256_min_ps(_mm256_max_ps(v, nclamp), clamp);                                \
        __m256 f = _mm256_mul_ps(v, scale);                                                 \
        f = _mm256_min_ps(_mm256_max_ps(f, qmin), qmax);                                    \
        __m256 r = _mm256_round_ps(f, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);              \
        __m256 d = _mm256_sub_ps(f, r);                                                     \
        r = _mm256_add_ps(r, _mm256_and_ps(_mm256_cmp_ps(d, half, _CMP_GE_OQ), one));       \
        r = _mm256_sub_ps(r, _mm256_and_ps(_mm256_cmp_ps(d, nhalf, _CMP_LE_OQ), one));      \
        q##k = _mm256_cvttps_epi32(r);                                                      \
    }
    QUANT_LOOP_
#undef QUANT8_
#undef QUANT_LOOP_
#endif
#else /* SSE4.1 */
    const __m128 flip = _mm_set1_ps(prm->positive_is_one ? -0.0f : 0.0f);
    const __m128 clamp = _mm_set1_ps(LDPC_LLR_CLAMP), nclamp = _mm_set1_ps(-LDPC_LLR_CLAMP);
#if defined(SIMD_FMT_F32)
    for (; j + 4 <= n; j += 4) {
        __m128 v = _mm_xor_ps(_mm_loadu_ps(x + j), flip);
        v = _mm_andnot_ps(_mm_cmpunord_ps(v, v), v);
        v = _mm_min_ps(_mm_max_ps(v, nclamp), clamp);
        _mm_storeu_ps(out + j, v);
    }
#else
    const __m128 qmax = _mm_set1_ps((float)prm->cmax), qmin = _mm_set1_ps((float)prm->cmin);
    /* QUANT4_(k) converts the 4 LLRs x[j + 4k ..] into q<k> (int32); the loop packs them */
#define QUANT_LOOP_                                                                         \
    for (; j + 8 <= n; j += 8) {                                                            \
        QUANT4_(0) QUANT4_(1)                                                               \
        _mm_storeu_si128((__m128i *)(out + j), _mm_packs_epi32(q0, q1));                    \
    }
    if (QUANT_FAST_OK_(prm)) {
        const __m128 sscale = _mm_set1_ps(prm->positive_is_one ? -prm->llr_scale
                                                               : prm->llr_scale);
        const __m128 signbit = _mm_set1_ps(-0.0f), nearhalf = _mm_set1_ps(QUANT_NEAR_HALF_);
#define QUANT4_(k)                                                                          \
    __m128i q##k;                                                                           \
    {                                                                                       \
        __m128 v = _mm_loadu_ps(x + j + 4 * (k));                                           \
        __m128 f = _mm_and_ps(_mm_cmpord_ps(v, v), _mm_mul_ps(v, sscale));                  \
        f = _mm_min_ps(_mm_max_ps(f, qmin), qmax);                                          \
        f = _mm_add_ps(f, _mm_or_ps(_mm_and_ps(f, signbit), nearhalf));                     \
        q##k = _mm_cvttps_epi32(f);                                                         \
    }
        QUANT_LOOP_
#undef QUANT4_
        return j;
    }
    const __m128 scale = _mm_set1_ps(prm->llr_scale);
    const __m128 half = _mm_set1_ps(0.5f), nhalf = _mm_set1_ps(-0.5f), one = _mm_set1_ps(1.0f);
#define QUANT4_(k)                                                                          \
    __m128i q##k;                                                                           \
    {                                                                                       \
        __m128 v = _mm_xor_ps(_mm_loadu_ps(x + j + 4 * (k)), flip);                         \
        v = _mm_andnot_ps(_mm_cmpunord_ps(v, v), v);                                        \
        v = _mm_min_ps(_mm_max_ps(v, nclamp), clamp);                                       \
        __m128 f = _mm_mul_ps(v, scale);                                                    \
        f = _mm_min_ps(_mm_max_ps(f, qmin), qmax);                                          \
        __m128 r = _mm_round_ps(f, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);                 \
        __m128 d = _mm_sub_ps(f, r);                                                        \
        r = _mm_add_ps(r, _mm_and_ps(_mm_cmpge_ps(d, half), one));                          \
        r = _mm_sub_ps(r, _mm_and_ps(_mm_cmple_ps(d, nhalf), one));                         \
        q##k = _mm_cvttps_epi32(r);                                                         \
    }
    QUANT_LOOP_
#undef QUANT4_
#undef QUANT_LOOP_
#endif
#endif
    return j;
}

/* int8 caller LLRs (already scaled) -> messages. */
static int quantize_vec_i8(const simd_params *prm, const int8_t *x, int n, elem_t *out)
{
    int j = 0;
#if defined(SIMD_FMT_I16)
    const __m128i z = _mm_setzero_si128(), cmax = _mm_set1_epi16((short)prm->cmax);
    for (; j + 8 <= n; j += 8) {
        __m128i v = _mm_cvtepi8_epi16(_mm_loadl_epi64((const __m128i *)(x + j)));
        if (prm->positive_is_one)
            v = _mm_min_epi16(_mm_sub_epi16(z, v), cmax); /* -(-128) = 128 becomes cmax */
        _mm_storeu_si128((__m128i *)(out + j), v);
    }
#else
    const __m128 s = _mm_set1_ps((prm->positive_is_one ? -1.0f : 1.0f) / prm->llr_scale);
    for (; j + 4 <= n; j += 4) {
        int32_t four;
        memcpy(&four, x + j, 4);
        __m128 v = _mm_cvtepi32_ps(_mm_cvtepi8_epi32(_mm_cvtsi32_si128(four)));
        _mm_storeu_ps(out + j, _mm_mul_ps(v, s));
    }
#endif
    return j;
}

/* Interleave: app[j * LANES + l] = rows[l][j] for l in [l0, l0 + B), j in [0, jn) with jn a
 * multiple of B = 16 bytes / sizeof(elem_t): square B x B transposes in SSE2 registers. Each
 * of the log2(B) stages pairs register i with i + B/2 (unpacklo -> 2i, unpackhi -> 2i + 1) at
 * twice the previous unit size; feeding the rows in bit-reversed order makes register k come
 * out as column k with rows in order. */
#if defined(SIMD_FMT_I16)
#define TB_ 8
static const int tb_rev_[8] = {0, 4, 2, 6, 1, 5, 3, 7};
#else
#define TB_ 4
static const int tb_rev_[4] = {0, 2, 1, 3};
#endif

static inline __attribute__((always_inline)) void tb_stage_(__m128i *in, __m128i *out,
                                                         int unit_bytes, int count)
{
    for (int i = 0; i < count / 2; i++) {
        __m128i a = in[i], b = in[i + count / 2];
        switch (unit_bytes) {
        case 1: out[2 * i] = _mm_unpacklo_epi8(a, b); out[2 * i + 1] = _mm_unpackhi_epi8(a, b); break;
        case 2: out[2 * i] = _mm_unpacklo_epi16(a, b); out[2 * i + 1] = _mm_unpackhi_epi16(a, b); break;
        case 4: out[2 * i] = _mm_unpacklo_epi32(a, b); out[2 * i + 1] = _mm_unpackhi_epi32(a, b); break;
        default: out[2 * i] = _mm_unpacklo_epi64(a, b); out[2 * i + 1] = _mm_unpackhi_epi64(a, b); break;
        }
    }
}

/* One square: columns j..j+B-1 of rows l0..l0+B-1, column j + i into dst[i * stride + l0 ..]. */
static inline __attribute__((always_inline)) void transpose_block_(elem_t *dst, size_t stride,
                                                                const elem_t *const *rows,
                                                                int l0, int j)
{
    __m128i a[TB_], b[TB_];
    for (int i = 0; i < TB_; i++)
        a[i] = _mm_loadu_si128((const __m128i *)(rows[l0 + tb_rev_[i]] + j));
    /* stages of 2 (int16 only), 4 and 8 bytes, written out so that each is a constant */
#if defined(SIMD_FMT_I16)
    tb_stage_(a, b, 2, TB_);
    tb_stage_(b, a, 4, TB_);
    tb_stage_(a, b, 8, TB_);
    const __m128i *cols = b;
#else
    tb_stage_(a, b, 4, TB_);
    tb_stage_(b, a, 8, TB_);
    const __m128i *cols = a;
#endif
    for (int i = 0; i < TB_; i++)
        _mm_store_si128((__m128i *)(dst + (size_t)i * stride + l0), cols[i]);
}

static void interleave_blocks(elem_t *app, const elem_t *const *rows, int l0, int jn)
{
    for (int j = 0; j < jn; j += TB_)
        transpose_block_(app + (size_t)j * LANES, LANES, rows, l0, j);
}

#if defined(SIMD_FMT_I16)
/* Columns j..j+15 of frames l0..l0+15 as a 16 x 16 byte transpose (the stages of
 * interleave_blocks): a[i] holds column j + i, frame l0 + k in byte k. */
static inline __attribute__((always_inline)) void transpose16_i8_(__m128i *a,
                                                               const int8_t *const *frames,
                                                               int l0, int j)
{
    static const int rev16[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
    __m128i b[16];
    for (int i = 0; i < 16; i++)
        a[i] = _mm_loadu_si128((const __m128i *)(frames[l0 + rev16[i]] + j));
    tb_stage_(a, b, 1, 16);
    tb_stage_(b, a, 2, 16);
    tb_stage_(a, b, 4, 16);
    tb_stage_(b, a, 8, 16);
}

#if defined(__AVX2__)
/* Rule 1 on 16 int8 LLRs widened to int16 lanes: c = sat(flip ? -x : x), which is x, or
 * min(-x, CMAX) (-(-128) is 128 for int16 messages, 127 for int8). */
static inline __m256i widen_i8_(__m128i a, int flip, int cmax)
{
    __m256i v = _mm256_cvtepi8_epi16(a);
    if (flip)
        v = _mm256_min_epi16(_mm256_sub_epi16(_mm256_setzero_si256(), v),
                             _mm256_set1_epi16((short)cmax));
    return v;
}
#endif

/* int8 input straight into the lanes, without the staging block: frames l0..l0+15, columns
 * j0..j0+jn (jn a multiple of 16) as 16 x 16 byte transposes, each column's 16 bytes widened to
 * int16 lanes with rule 1 applied after widening (widen_i8_). */
static void interleave_i8(elem_t *app, const int8_t *const *frames, int l0, int j0, int jn,
                          int flip, int cmax)
{
    for (int j = j0; j < j0 + jn; j += 16) {
        __m128i a[16];
        transpose16_i8_(a, frames, l0, j);
        for (int i = 0; i < 16; i++) {
            elem_t *dst = app + (size_t)(j + i) * LANES + l0;
#if defined(__AVX2__)
            _mm256_store_si256((__m256i *)dst, widen_i8_(a[i], flip, cmax));
#else
            __m128i v0 = _mm_cvtepi8_epi16(a[i]), v1 = _mm_cvtepi8_epi16(_mm_srli_si128(a[i], 8));
            if (flip) {
                const __m128i z = _mm_setzero_si128(), c = _mm_set1_epi16((short)cmax);
                v0 = _mm_min_epi16(_mm_sub_epi16(z, v0), c);
                v1 = _mm_min_epi16(_mm_sub_epi16(z, v1), c);
            }
            _mm_store_si128((__m128i *)dst, v0);
            _mm_store_si128((__m128i *)dst + 1, v1);
#endif
        }
    }
}
#endif

#if defined(__AVX2__) && !defined(__AVX512BW__) && defined(SIMD_FMT_I16) && LANES % 16 == 0
#define SIMD_HAS_BLEND_LANES 1
/* A refill's interleave with AVX2 (kernel_load, some lanes loaded, the others untouched): the
 * transposes of interleave_i8 over all lanes, 16 at a time (a lane not loaded reads a loaded
 * lane's frame), each column blended into the APP under the mask of the loaded lanes. Costs what
 * a full load does, a few instructions per column; one store per value cost twice that.
 * frames[l]: the frame of lane l for the lanes of mask, any of them for the others. Columns
 * 0..n rounded down to 16; returns them. */
static int blend_lanes_i8(elem_t *app, const int8_t *const *frames, uint64_t mask, int n,
                          int flip, int cmax)
{
    const int n16 = n / 16 * 16;
    for (int l0 = 0; l0 < LANES; l0 += 16) {
        if (!(mask >> l0 & 0xffff))
            continue;
        int16_t m16[16];
        for (int l = 0; l < 16; l++)
            m16[l] = (int16_t)(mask >> (l0 + l) & 1 ? -1 : 0);
        const __m256i m = _mm256_loadu_si256((const __m256i *)m16);
        for (int j = 0; j < n16; j += 16) {
            __m128i a[16];
            transpose16_i8_(a, frames, l0, j);
            for (int i = 0; i < 16; i++) {
                __m256i *dst = (__m256i *)(app + (size_t)(j + i) * LANES + l0);
                _mm256_store_si256(dst, _mm256_blendv_epi8(_mm256_load_si256(dst),
                                                           widen_i8_(a[i], flip, cmax), m));
            }
        }
    }
    return n16;
}
#endif

#if defined(__AVX512BW__) && defined(SIMD_FMT_I16) && (LANES == 32 || LANES == 64)
#define SIMD_HAS_EXPAND_LANES 1
/* A refill's interleave (kernel_load, some lanes loaded, the others untouched): the loaded
 * frames are transposed side by side ("packed") into a tile of EXPAND_COLS_ columns, then each
 * column's packed values go to their lanes by one word permutation and one masked store per 32
 * lanes: a few instructions per column instead of one store per value. The tile is filled whole
 * before it is read (read right after its narrower stores, each 64-byte load waited for them to
 * reach the cache: 40% of the refill). */
#define EXPAND_COLS_ 64

typedef struct expand_map_ {
    __m512i ix0, ix1; /* lane l (l < 32, l >= 32) takes packed value ix[l] */
    uint64_t mask;    /* the lanes loaded */
} expand_map_;

static expand_map_ expand_map_init_(const int *lane, int count)
{
    int16_t idx[64] = {0};
    expand_map_ m;
    m.mask = 0;
    for (int i = 0; i < count; i++) {
        idx[lane[i]] = (int16_t)i;
        m.mask |= (uint64_t)1 << lane[i];
    }
    m.ix0 = _mm512_loadu_si512(idx);
    m.ix1 = _mm512_loadu_si512(idx + 32);
    return m;
}

/* Columns 0..cols-1 of the tile (packed values, 64 per column) into their lanes of app. */
static inline void expand_tile_(elem_t *app, const elem_t *tile, int cols, const expand_map_ *m)
{
    for (int i = 0; i < cols; i++) {
        const __m512i c0 = _mm512_load_si512(tile + i * 64);
        const __m512i c1 = _mm512_load_si512(tile + i * 64 + 32);
        elem_t *d = app + (size_t)i * LANES;
        _mm512_mask_storeu_epi16(d, (__mmask32)m->mask, _mm512_permutex2var_epi16(c0, m->ix0, c1));
        if (LANES == 64)
            _mm512_mask_storeu_epi16(d + 32, (__mmask32)(m->mask >> 32),
                                     _mm512_permutex2var_epi16(c0, m->ix1, c1));
    }
}

/* Converted rows (the staging block, float input): app[j * LANES + lane[i]] = rows[lane[i]][j]
 * for i < count and j < jn rounded down to B; returns the columns done. */
static int expand_lanes(elem_t *app, const elem_t *const *rows, const int *lane, int count,
                        int jn)
{
    const elem_t *packed[LANES];
    const int width = (count + TB_ - 1) / TB_ * TB_;
    for (int i = 0; i < width; i++)
        packed[i] = rows[lane[i < count ? i : 0]]; /* the padding repeats a row, unused */
    const expand_map_ m = expand_map_init_(lane, count);
    elem_t tile[EXPAND_COLS_ * 64] __attribute__((aligned(64)));
    memset(tile, 0, sizeof tile);
    jn = jn / TB_ * TB_;
    for (int j = 0; j < jn; j += EXPAND_COLS_) {
        const int cols = jn - j < EXPAND_COLS_ ? jn - j : EXPAND_COLS_;
        for (int l0 = 0; l0 < width; l0 += TB_)
            for (int jj = 0; jj < cols; jj += TB_)
                transpose_block_(tile + jj * 64, 64, packed, l0, j + jj);
        expand_tile_(app + (size_t)j * LANES, tile, cols, &m);
    }
    return jn;
}

/* int8 frames (frames[i] for lane lane[i]), straight from the frames as interleave_i8 (16 x
 * 16 byte transposes, rule 1 by widen_i8_): columns 0..n rounded down to 16; returns them. */
static int expand_lanes_i8(elem_t *app, const int8_t *const *frames, const int *lane, int count,
                           int n, int flip, int cmax)
{
    const int8_t *packed[LANES];
    const int width = (count + 15) / 16 * 16;
    for (int i = 0; i < width; i++)
        packed[i] = frames[i < count ? i : 0]; /* the padding repeats a frame, unused */
    const expand_map_ m = expand_map_init_(lane, count);
    const int n16 = n / 16 * 16;
    if (width == 16) {
        /* at most 16 frames (a refill after an iteration in which a few ended, the usual case):
         * each transposed column of 16 values goes to its lanes from the register, by one word
         * permutation of one source per 32 lanes, without the tile's store and reload (every
         * index is below count <= 16: the permutation reads the widened 256 bits only) */
        for (int j = 0; j < n16; j += 16) {
            __m128i a[16];
            transpose16_i8_(a, packed, 0, j);
            for (int i = 0; i < 16; i++) {
                const __m512i c = _mm512_castsi256_si512(widen_i8_(a[i], flip, cmax));
                elem_t *d = app + (size_t)(j + i) * LANES;
                _mm512_mask_storeu_epi16(d, (__mmask32)m.mask, _mm512_permutexvar_epi16(m.ix0, c));
                if (LANES == 64)
                    _mm512_mask_storeu_epi16(d + 32, (__mmask32)(m.mask >> 32),
                                             _mm512_permutexvar_epi16(m.ix1, c));
            }
        }
        return n16;
    }
    elem_t tile[EXPAND_COLS_ * 64] __attribute__((aligned(64)));
    memset(tile, 0, sizeof tile);
    for (int j = 0; j < n16; j += EXPAND_COLS_) {
        const int cols = n16 - j < EXPAND_COLS_ ? n16 - j : EXPAND_COLS_;
        for (int l0 = 0; l0 < width; l0 += 16)
            for (int jj = 0; jj < cols; jj += 16) {
                __m128i a[16];
                transpose16_i8_(a, packed, l0, j + jj);
                for (int i = 0; i < 16; i++)
                    _mm256_store_si256((__m256i *)(tile + (jj + i) * 64 + l0),
                                       widen_i8_(a[i], flip, cmax));
            }
        expand_tile_(app + (size_t)j * LANES, tile, cols, &m);
    }
    return n16;
}
#endif
