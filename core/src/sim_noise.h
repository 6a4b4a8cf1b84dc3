/* Internal: the host's frame kernels of the simulator -- the rule of sim_frame.h (Philox4x32-10
 * words, Box-Muller deviates, BPSK/AWGN LLRs, the int8 rule) computed several frames' worth of
 * lanes at a time.
 *
 * Variants: "generic" (portable C, one lane), "avx2" (8 lanes), "avx512" (16 lanes), chosen at
 * run time by the CPU's features like the decoder's kernels (simd_dispatch.c), or by
 * LDPCGPU_SIM_ISA. All variants give the SAME bits: every variant runs one template
 * (sim_noise_impl.h) with the same float operations in the same order, no fused multiply-add
 * (-ffp-contract=off) and their own polynomial log/sin/cos (cephes' single-precision ones), so a
 * frame is the same on every host whatever its ISA. Against the libm form of the rule
 * (ldpc_sim_box_muller) the deviates agree to a few ulp of the radius (test_sim_noise). */
#ifndef LDPCGPU_SIM_NOISE_H
#define LDPCGPU_SIM_NOISE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ldpc_sim_kernels {
    const char *name;
    int lanes; /* Philox quads per step */
    /* Information bits 0..k-1 of frame f (one bit per byte), by the rule. */
    void (*bits)(uint64_t seed, uint64_t frame, int k, uint8_t *info);
    /* The n unit-variance deviates of frame f (deviate i of the rule at out[i]). */
    void (*normals)(uint64_t seed, uint64_t frame, int n, float *out);
    /* The channel LLRs of frame f: llr[i] = ldpc_sim_llr(cw[i], deviate_i, sigma, gain)
     * (cw: one bit per byte, only the low bit used; NULL = the all-zero codeword). Returns the
     * largest |llr[i]| (the saturation screen costs no second pass). */
    float (*llrs)(uint64_t seed, uint64_t frame, const uint8_t *cw, int n, float sigma,
                  float gain, float *llr);
    /* ldpc_llr_quantize_i8: the int8 rule of sim_frame.h, element by element. */
    void (*quantize_i8)(const float *llr, size_t count, float scale, int8_t *out);
} ldpc_sim_kernels;

/* The variant this process uses: LDPCGPU_SIM_ISA if it names one this CPU runs, else the
 * widest the CPU runs. Thread-safe. */
const ldpc_sim_kernels *ldpc_sim_kernels_select(void);
/* A variant by name, or NULL if this build lacks it or this CPU cannot run it (tests). */
const ldpc_sim_kernels *ldpc_sim_kernels_get(const char *name);

/* The variants (dispatcher and tests). */
extern const ldpc_sim_kernels ldpc_sim_kernels_generic;
extern const ldpc_sim_kernels ldpc_sim_kernels_avx2;
extern const ldpc_sim_kernels ldpc_sim_kernels_avx512;

#ifdef __cplusplus
}
#endif
#endif
