/* Helpers shared by the GPU tests (test_cuda_*.c): frames over a seeded BPSK/AWGN channel,
 * an irregular test code, one-call decoding with a given backend. */
#ifndef LDPCGPU_TEST_CUDA_UTIL_H
#define LDPCGPU_TEST_CUDA_UTIL_H
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "code_internal.h"
#include "decoder_fixed.h"
#include "test_util.h"

/* Skip (exit 77) unless a CUDA device is usable. */
static inline void require_cuda_or_skip(void)
{
    if (!ldpc_backend_available(LDPC_BACKEND_CUDA)) {
        printf("SKIP: no CUDA device\n");
        exit(77);
    }
}

/* An irregular code built from compressed rows: column degrees 2, 3 and 8 in random rows
 * (no repeats within a column), so row degrees vary too. extra_row_degree > 0 adds one more
 * check over that many random columns (e.g. 40, past the table kernel's 32-edge rows). */
static inline ldpc_code *make_irregular_code(int n, int m, int extra_row_degree, uint64_t seed)
{
    ldpc_rng rng;
    ldpc_rng_seed(&rng, seed);
    const int rows = m + (extra_row_degree > 0 ? 1 : 0);
    int *deg = calloc((size_t)rows, sizeof(int));
    int *cols_of_row = malloc((size_t)rows * 64 * sizeof(int));
    REQUIRE(deg && cols_of_row);
    for (int j = 0; j < n; j++) {
        const double u = ldpc_rng_uniform(&rng);
        const int dv = u < 0.5 ? 2 : (u < 0.8 ? 3 : 8);
        int chosen[8], nc = 0, tries = 0;
        while (nc < dv && tries++ < 1000) {
            const int r = (int)(ldpc_rng_next(&rng) % (uint64_t)m);
            int dup = deg[r] >= 60;
            for (int i = 0; i < nc; i++)
                dup |= chosen[i] == r;
            if (dup)
                continue;
            chosen[nc++] = r;
            cols_of_row[r * 64 + deg[r]++] = j;
        }
    }
    if (extra_row_degree > 0) {
        for (int i = 0; i < extra_row_degree; i++) {
            int j, dup;
            do {
                j = (int)(ldpc_rng_next(&rng) % (uint64_t)n);
                dup = 0;
                for (int q = 0; q < deg[m]; q++)
                    dup |= cols_of_row[m * 64 + q] == j;
            } while (dup);
            cols_of_row[m * 64 + deg[m]++] = j;
        }
    }
    int *row_ptr = malloc(((size_t)rows + 1) * sizeof(int));
    int *col_idx = malloc((size_t)rows * 64 * sizeof(int));
    REQUIRE(row_ptr && col_idx);
    row_ptr[0] = 0;
    for (int r = 0; r < rows; r++) {
        if (deg[r] == 0) /* every check needs a bit: give it one (rare) */
            cols_of_row[r * 64 + deg[r]++] = r % n;
        memcpy(col_idx + row_ptr[r], cols_of_row + r * 64, (size_t)deg[r] * sizeof(int));
        row_ptr[r + 1] = row_ptr[r] + deg[r];
    }
    ldpc_code *code = NULL;
    REQUIRE_OK(ldpc_code_from_rows(&code, "irregular-test", n, rows, row_ptr, col_idx));
    free(deg);
    free(cols_of_row);
    free(row_ptr);
    free(col_idx);
    return code;
}

/* nframes random codewords (cw, n bits each) and their channel LLRs at ebn0_db. */
static inline void make_frames(const ldpc_code *code, int nframes, double ebn0_db, uint64_t seed,
                               float *llr, uint8_t *cw)
{
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    ldpc_encoder *enc;
    REQUIRE_OK(ldpc_encoder_create(&enc, code));
    uint8_t *info = malloc((size_t)k);
    REQUIRE(info);
    ldpc_rng rng;
    ldpc_rng_seed(&rng, seed);
    const double sigma = ldpc_awgn_sigma(ebn0_db, (double)k / n);
    for (int f = 0; f < nframes; f++) {
        ldpc_rng_bits(&rng, info, k);
        REQUIRE_OK(ldpc_encoder_encode(enc, info, cw + (size_t)f * n, 1));
        ldpc_channel_bpsk_awgn(&rng, cw + (size_t)f * n, n, sigma, llr + (size_t)f * n);
    }
    free(info);
    ldpc_encoder_destroy(enc);
}

/* int8 LLRs as a front end would make them: round(LLR * scale), saturated. */
static inline void quantize_llrs(const float *llr, size_t count, float scale, int8_t *out)
{
    for (size_t i = 0; i < count; i++) {
        float v = roundf(llr[i] * scale);
        out[i] = (int8_t)(v > 127.0f ? 127 : (v < -128.0f ? -128 : (int)v));
    }
}

/* Erased frames (decoder_erased.h) inside a batch of good ones, written over frames already
 * made (float llr and its int8 copy llr8, nframes of n): by frame number f mod 11,
 *   3: every LLR +0 or -0 (int8: 0)        6: every LLR NaN (int8: 0)
 *   8: NaN, +0, -0 and 0.1 mixed (int8: 0): erased for integer messages (0.1 quantises to 0
 *      at scale 4), not for float messages (0.1 is not 0)
 *  10: every LLR 0 except one (8.0 / 32): NOT erased, a weak all-zero word, parity ok.
 * Odd frame counts put them in both lanes of the int8 pair kernels. */
static inline void erase_frames(float *llr, int8_t *llr8, int nframes, int n)
{
    for (int f = 0; f < nframes; f++) {
        const int kind = f % 11;
        if (kind != 3 && kind != 6 && kind != 8 && kind != 10)
            continue;
        float *x = llr + (size_t)f * n;
        int8_t *x8 = llr8 + (size_t)f * n;
        for (int j = 0; j < n; j++) {
            x[j] = kind == 6 ? NAN
                 : kind == 8 ? (j % 4 == 0 ? NAN : j % 4 == 1 ? 0.0f : j % 4 == 2 ? -0.0f : 0.1f)
                 : (j & 1) ? -0.0f : 0.0f;
            x8[j] = 0;
        }
        if (kind == 10) {
            x[(f * 37) % n] = 8.0f;
            x8[(f * 37) % n] = 32;
        }
    }
}

/* Decode with the given configuration; returns the decode's status. out must hold
 * nframes * output bytes. The backend must be the one asked for (no fallback). */
static inline int decode_all(const ldpc_code *code, const ldpc_decoder_config *cfg,
                             ldpc_llr_type type, const void *llr, int nframes, uint8_t *out,
                             ldpc_frame_status *st)
{
    ldpc_decoder *dec;
    ldpc_decoder_config c = *cfg;
    c.fallback_to_cpu = 0;
    REQUIRE_OK(ldpc_decoder_create(&dec, code, &c));
    const char *want = c.backend == LDPC_BACKEND_CUDA ? "cuda"
                       : c.backend == LDPC_BACKEND_CPU_REFERENCE ? "cpu-reference" : NULL;
    if (want && strcmp(ldpc_decoder_backend_name(dec), want) != 0) {
        fprintf(stderr, "decoder uses %s, not %s\n", ldpc_decoder_backend_name(dec), want);
        exit(1);
    }
    int r = type == LDPC_LLR_F32 ? ldpc_decoder_decode_f32(dec, llr, nframes, out, st)
                                 : ldpc_decoder_decode_i8(dec, llr, nframes, out, st);
    ldpc_decoder_destroy(dec);
    return r;
}

/* cfg with the row order the cuda backend runs for it (ldpc_row_order_of: for DVB codes AUTO is
 * WIDE on its integer decoders where that fills layers and GROUPS on its float ones, where the
 * CPU's AUTO is GROUPS for integers and H's order for floats): what a CPU decoder or the model
 * needs to give the GPU's bits. */
static inline ldpc_decoder_config cfg_as_gpu(const ldpc_code *code, const ldpc_decoder_config *cfg)
{
    ldpc_decoder_config c = *cfg;
    c.row_order = ldpc_row_order_of(code, cfg, LDPC_BACKEND_CUDA);
    return c;
}

/* The fixed-point model decoding as the cuda backend decodes with cfg (in the GPU's row order). */
static inline int model_create_as_gpu(ldpc_fixed_model **m, const ldpc_code *code,
                                      const ldpc_decoder_config *cfg)
{
    const ldpc_decoder_config c = cfg_as_gpu(code, cfg);
    return ldpc_fixed_model_create(m, code, &c);
}

#endif
