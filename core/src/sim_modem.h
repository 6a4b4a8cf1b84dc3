/* Internal: a frame's channel LLRs on the host, for every modulation of the simulator (the
 * layout of sim_llr.h): BPSK and QPSK through the frame kernels' fused LLR step, square QAM from
 * the kernels' deviates axis by axis. Used by the host channel (sim_host.c) and by the frames
 * the public calls make (sim.c). */
#ifndef LDPCGPU_SIM_MODEM_H
#define LDPCGPU_SIM_MODEM_H

#include "ldpcgpu/sim.h"
#include "sim_llr.h"
#include "sim_noise.h"

/* The modem of cfg's modulation and demapper at BPSK noise sigma (ldpc_awgn_sigma). */
void sim_modem_of(const ldpc_sim_config *cfg, double sigma, ldpc_sim_modem *m);

/* Floats of scratch sim_modem_llrs needs for a frame of n bits under cfg's modulation (0: none,
 * BPSK and QPSK). */
int sim_modem_scratch(const ldpc_sim_config *cfg, int n);

/* The LLRs of frame `frame` sent as cw (n bits, only the low bit used; NULL = all zero) into
 * llr (n floats); dev: sim_modem_scratch floats. Returns the largest |LLR|. */
float sim_modem_llrs(const ldpc_sim_kernels *kern, const ldpc_sim_modem *m, uint64_t seed,
                     uint64_t frame, const uint8_t *cw, int n, float *dev, float *llr);

#endif
