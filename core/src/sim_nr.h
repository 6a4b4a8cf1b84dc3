/* Internal: the simulator's 5G NR link for rate-matched codes ("nr:K:E", nr.h). A frame's K
 * information bits (the rule's first K bits; the fillers K..k-1 are zeros) are encoded,
 * rate-matched to E bits (rv and the bit interleaver of Qm = the modulation's bits per symbol),
 * sent through the modem, and the E LLRs placed back into the decoder's n LLRs
 * (ldpc_nr_rate_recover_f32: fillers certain, punctured bits 0). Errors count over the K
 * information bits, and Eb/N0 is per information bit: rate K / E. Used by the host channel
 * (sim_host.c) and the public frame calls (sim.c); the GPU channel does not make NR frames. */
#ifndef LDPCGPU_SIM_NR_H
#define LDPCGPU_SIM_NR_H

#include "decoder_crc_stop.h"
#include "ldpcgpu/nr.h"
#include "ldpcgpu/sim.h"
#include "sim_modem.h"

typedef struct sim_nr_link {
    int active;             /* 1 for a rate-matched NR code, 0 for any other code */
    ldpc_nr_code_params np; /* np.qm: the interleaver's Qm in use (the modulation's) */
    ldpc_crc_stop_rule crc; /* a decoder that stops on a CRC: the frames carry it */
} sim_nr_link;

/* The link of code under cfg's modulation; LDPC_ERR_INVALID_ARGUMENT if the code's Qm or E
 * does not fit the modulation, or the i8-table noise is asked for. With cfg NULL only the
 * information bits' part (the fillers), nothing checked. */
int sim_nr_link_of(const ldpc_code *code, const ldpc_sim_config *cfg, sim_nr_link *l);

/* Information bits per frame that count (K, or the code's k) and the code rate for Eb/N0. */
int sim_nr_info_bits(const ldpc_code *code);
double sim_nr_rate(const ldpc_code *code);

/* Set the CRC of the decoder's CRC stop, if any (sim_nr_link_decoder), over a frame's first K'
 * bits: its last L bits become the CRC of the K' - L before (a code block as 38.212 5.1 and
 * 5.2.2 make it), then zero the filler bits (nothing for other codes). */
void sim_nr_info_rule(const sim_nr_link *l, uint8_t *info);

/* The link's CRC from a decoder configuration (early_stop_crc; off for other codes). */
void sim_nr_link_decoder(sim_nr_link *l, const ldpc_code *code, const ldpc_decoder_config *dc);

/* Scratch of sim_nr_llrs: bytes and floats. */
size_t sim_nr_scratch_bytes(const sim_nr_link *l);
int sim_nr_scratch_floats(const sim_nr_link *l, const ldpc_sim_config *cfg);

/* Frame `frame` sent as cw (n bits; NULL = all zero): its n decoder LLRs into llr. Returns the
 * largest |LLR| the modem made. */
float sim_nr_llrs(const ldpc_sim_kernels *kern, const ldpc_sim_modem *m, uint64_t seed,
                  uint64_t frame, const sim_nr_link *l, const uint8_t *cw, uint8_t *tx,
                  float *scratch, float *llr);

#endif
