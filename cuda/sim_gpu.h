/* The simulator's GPU channel (issue 13): how frames of sim_frame.h are made, decoded and counted
 * on the GPU. Host C++ and device code both include this.
 *
 *   sim_plan.cpp    the encoding plan of a code (host): H's information part as sparse rows,
 *                   and how the parity follows from its syndrome
 *   sim_channel.cu  one kernel per batch: information bits, encoding, AWGN noise (BPSK or a
 *                   square QAM), the LLRs
 *                   written into the decoder's input (f32 or int8), saturated LLRs counted
 *   sim_count.cu    one kernel per batch: the decoder's packed output against the sent bits
 *   sim_run.cu      ldpc_cuda_sim_create/run/destroy (sim_internal.h): buffers, batches in
 *                   flight on the decoder's lanes, the stop rule; the test hooks (sim_debug.h)
 */
#ifndef LDPCGPU_CUDA_SIM_GPU_H
#define LDPCGPU_CUDA_SIM_GPU_H

#include <stdint.h>
#include <vector>
#include <cuda_runtime.h>

extern "C" {
#include "code_internal.h"
#include "decoder_fixed.h"
#include "ldpcgpu/sim.h"
#include "sim_llr.h"
}

namespace ldpccuda {

/* How the parity bits follow from s = H_info u, the syndrome of the information part (one bit
 * per row of H):
 *  - SIM_ALL_ZERO: no encoding (LDPC_SIM_ALL_ZERO), any code;
 *  - SIM_PREFIX (DVB): row r of H holds parity bits k+r-1 and k+r, so p_r = s_0 ^ ... ^ s_r;
 *  - SIM_DUAL_DIAG (WiMAX/WiFi, encoder_qc.c): with lambda_r = s of block row r (z bits),
 *    q_0 = P^{-y} sum_r lambda_r and q_{r+1} = q_r + lambda_r + P^{h_r} q_0 (q_1 without q_r),
 *    i.e. z independent staircase chains once q_0 is known. */
enum SimSolve { SIM_ALL_ZERO = 0, SIM_PREFIX = 1, SIM_DUAL_DIAG = 2 };

static constexpr int kSimMaxBlockRows = 32; /* encoder_qc.c's QC_MAX_BLOCK_ROWS */

struct SimPlan {
    int solve = SIM_ALL_ZERO;
    int n = 0, k = 0, m = 0;
    std::vector<int> syn_ptr;        /* m+1: row r's information columns are */
    std::vector<uint16_t> syn_col;   /* syn_col[syn_ptr[r] .. syn_ptr[r+1]-1] (all < k) */
    int z = 0, mb = 0, y = 0;        /* SIM_DUAL_DIAG */
    int16_t h[kSimMaxBlockRows] = {};/* shift of block column kb in block row r, -1 = none */
    std::vector<int> info_pos;       /* information columns when they are not 0..k-1 */
};

/* The plan for a code and a codeword mode; LDPC_ERR_UNSUPPORTED (no message) when random
 * codewords of this code cannot be made on the GPU (no DVB or dual-diagonal QC encoder). */
int sim_build_plan(const ldpc_code *c, ldpc_sim_codeword cw, SimPlan *p);

/* The plan on one device. */
struct SimCodeDev {
    int solve, n, k, m;
    const int *syn_ptr;
    const uint16_t *syn_col;
    int z, mb, y;
    int16_t h[kSimMaxBlockRows];
};

/* Counters of a batch on the device (unsigned long long each), in this order. */
enum SimCount {
    SIM_BIT_ERRORS = 0, SIM_FRAME_ERRORS, SIM_PARITY_FAILURES, SIM_UNDETECTED, SIM_ITERATIONS,
    SIM_SATURATED, SIM_NCOUNTS
};

struct SimChanArgs {
    SimCodeDev code;
    uint64_t seed, first;            /* frames first .. first + nframes - 1 */
    int nframes;
    ldpc_sim_modem modem;            /* the modulation at the batch's noise (sim_llr.h);
                                      * axis_bits > 1: QAM */
    float llr_sign;                  /* -1 for a decoder with llr_positive_is_one, else 1 */
    int llr_i8;                      /* int8 LLRs: ldpc_llr_to_i8_one(LLR, llr_scale) */
    float llr_scale;
    void *llr;                       /* nframes * n, float or int8 */
    ldpc_fixed_params wide;          /* saturated LLRs: decoder_saturation.c's rule */
    unsigned long long *counts;      /* SIM_SATURATED is added to */
    uint8_t *cw_out;                 /* tests: the codewords, n bytes per frame; null = not */
};

struct SimCountArgs {
    uint64_t seed, first;
    int nframes, k;
    int random;                      /* 0: the all-zero codeword was sent */
    const uint8_t *out;              /* packed information bits, ceil(k/8) bytes per frame */
    const int2 *status;              /* {iterations, parity_ok} per frame */
    unsigned long long *counts;      /* SIM_NCOUNTS counters, added to */
};

/* Dynamic shared memory of the channel kernel for a code. */
size_t sim_channel_smem(const SimCodeDev &c);
/* Launch shape of the channel kernel on one device. */
struct SimChanShape {
    int grid, threads;
};
/* Prepare the channel kernel for int8 or float LLRs on the current device (shared-memory
 * limit) and choose its shape (the most blocks that run at once); fails if a frame's shared
 * memory does not fit. */
cudaError_t sim_channel_setup(const SimCodeDev &c, int llr_i8, SimChanShape *shape);
cudaError_t sim_channel_launch(const SimChanArgs &a, const SimChanShape &shape, cudaStream_t s);
cudaError_t sim_count_launch(const SimCountArgs &a, cudaStream_t s);
/* Tests: quad q[i] of frame frame[i] under seed[i], as the kernels draw it, into out[4i..4i+3]
 * (device arrays). */
cudaError_t sim_quads_launch(int count, const uint64_t *seed, const uint64_t *frame,
                             const uint64_t *q, uint32_t *out, cudaStream_t s);

} // namespace ldpccuda

#endif
