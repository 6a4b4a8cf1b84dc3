/* Internal: CRC-aided early stop (ldpc_decoder_config.early_stop_crc), the rule every CPU
 * backend applies: with early termination on, a frame also stops after an iteration whose hard
 * decision's first K' bits pass the CRC (decoder_fixed.h, rule 6). The CRC itself is
 * nr_crc_lanes.h's; cpu-simd runs it on a group's lanes at once, the others per frame. */
#ifndef LDPCGPU_DECODER_CRC_STOP_H
#define LDPCGPU_DECODER_CRC_STOP_H

#include <stdint.h>
#include "code_internal.h"
#include "ldpcgpu/decoder.h"
#include "nr_crc_lanes.h"

typedef struct ldpc_crc_stop_rule {
    int on;           /* early_stop_crc is not NONE */
    ldpc_nr_crc kind; /* the CRC (when on) */
    int nbits;        /* K': the bits it covers, its own L last (when on) */
} ldpc_crc_stop_rule;

/* The rule of cfg on code; LDPC_ERR_INVALID_ARGUMENT (with a message) when cfg asks for a CRC
 * on a code that is not 5G NR, or whose K' is not above the CRC's length. */
int ldpc_crc_stop_rule_init(ldpc_crc_stop_rule *r, const ldpc_decoder_config *cfg,
                            const ldpc_code *code);

/* 1 if rule r is on and early termination is (the CRC is consulted between iterations). */
static inline int ldpc_crc_stop_active(const ldpc_crc_stop_rule *r, const ldpc_decoder_config *cfg)
{
    return r->on && cfg->early_termination;
}

/* 1 if the first r->nbits bits of one frame's hard decision (unpacked, 0/1) pass the CRC. */
int ldpc_crc_stop_frame_passes(const ldpc_crc_stop_rule *r, const uint8_t *hard);

/* The same test as a sum, for decoders that check many bits in parallel (the cuda backend):
 * out[j] (j < r->nbits) = the remainder of D^(nbits-1-j) by the CRC's generator (bit i: the
 * coefficient of D^i), so that the first nbits bits of a hard decision pass the CRC iff the XOR
 * of out[j] over the bits j that are 1 is 0 (division by the generator is linear). */
void ldpc_crc_stop_remainders(const ldpc_crc_stop_rule *r, uint32_t *out);

#endif
