/* Internal: the 5G NR CRC register (38.212 5.1) run on up to 64 bit streams at once, one per
 * bit of a uint64_t ("lanes"): the one implementation of the CRC division in this library.
 * ldpc_nr_crc_compute runs it on one stream (lane 0); the decoders' CRC-aided early stop
 * (decoder_crc_stop.h) on one frame, and cpu-simd on a group of frames, one per lane.
 *
 * The register is kept in the feedback form: with g(D) = D^L + sum_j g_j D^j and the register
 * starting at zero, the bit fed back at step t is
 *     f_t = in_t XOR (XOR over j with g_j = 1 of f_{t-L+j})     (f_s = 0 for s < 0)
 * and after T steps register bit i (the coefficient of D^i of the remainder) is
 *     r_i = XOR over j <= i with g_j = 1 of f_{T-1-i+j}.
 * (The shift register of 5.1 holds exactly these sums: bit i at step t is the fed-back bits
 * that entered at the taps j <= i and moved up i - j places since.) Only the last L values of
 * f are needed, so the state is a ring of 32 words. */
#ifndef LDPCGPU_NR_CRC_LANES_H
#define LDPCGPU_NR_CRC_LANES_H

#include <stdint.h>
#include "ldpcgpu/nr.h"

typedef struct nr_crc_lanes {
    uint64_t f[32]; /* f_t at f[t & 31] */
    int taps[24];   /* the j < L with g_j = 1 */
    int ntaps, len;
    ldpc_nr_crc kind;
    long t;         /* bits fed so far */
} nr_crc_lanes;

/* Start the register of kind (a valid ldpc_nr_crc) at zero in every lane. */
void nr_crc_lanes_init(nr_crc_lanes *s, ldpc_nr_crc kind);

/* Feed count bits of every lane: bits[i] bit l is lane l's next bit. */
void nr_crc_lanes_feed(nr_crc_lanes *s, const uint64_t *bits, int count);

/* Feed count bits of lane 0 from unpacked bits (one 0/1 per byte; the other lanes get 0). */
void nr_crc_lanes_feed_unpacked(nr_crc_lanes *s, const uint8_t *bits, int count);

/* Register bit i (0..L-1) of every lane. */
uint64_t nr_crc_lanes_register_bit(const nr_crc_lanes *s, int i);

/* The lanes whose register is zero: a stream of data followed by its CRC (5.1's parity bits
 * p_0 .. p_{L-1}) leaves no remainder. */
uint64_t nr_crc_lanes_zero(const nr_crc_lanes *s);

#endif
