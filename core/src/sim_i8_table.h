/* Internal: the simulator's "i8-table" noise rule (LDPC_SIM_NOISE_I8_TABLE, include/ldpcgpu/sim.h)
 * -- int8 channel LLRs drawn straight from their exact distribution, for the host channel.
 *
 * Why: an int8 LLR takes one of 255 values, so instead of a normal deviate (Box-Muller: a log, a
 * square root, a sine and a cosine) turned into a float LLR and then quantised, a BPSK bit's
 * int8 LLR can be drawn from its own distribution with one table lookup (Walker's alias method),
 * fed by a generator that costs a few AES instructions per 16 bytes. On a CPU whose int8 decoder
 * runs at a few microseconds a frame that halves the simulator's own cost.
 *
 * The rule, for frame f of seed s at noise level sigma and the decoder's llr_scale:
 *  - the distribution: bit 0 sent as +1 gives v = llr_scale * 2 (1 + sigma N) / sigma^2 with N a
 *    standard normal; the int8 LLR is q = v rounded to nearest (ties away from zero) and clamped
 *    to -127..127, as ldpc_llr_quantize_i8 of the exact LLR. Outcome j (0..254) is q = j - 127;
 *    its probability, from erfc in double, is rounded to an integer multiple of 2^-32 (largest
 *    remainders, the multiples add to 2^32 exactly). Bit 1 gives -q (the channel is symmetric).
 *  - the alias table: 256 columns of 2^24 each (Vose's construction in integers, exact): column j
 *    gives outcome j when a 24-bit uniform v < thr[j], else outcome alias[j]. Outcome j then has
 *    exactly the probability above.
 *  - the words: ARS-7 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11; the
 *    AES-round generator of Random123) with key {s, 0} and counter {block b, frame f}, each a
 *    64-bit lane. Deviate i of the frame is deviate t = i % 64 of group g = i / 64, whose 256
 *    bytes P are blocks 16g .. 16g+15 in order: j = P[t], v = P[64+t] 2^16 + P[128+t] 2^8 +
 *    P[192+t] (four planes of 64 bytes: a vector unit handles a group with byte lanes).
 *  - the information bits and codewords are the default rule's (sim_frame.h: Philox), so a frame
 *    sends the same codeword under either rule; only its noise differs.
 * Every variant (generic: AES in portable C; aesni; avx2; avx512-vbmi) gives the same bytes
 * (test_sim_i8_table). The GPU channel does not run this rule (the host channel makes the
 * frames then). */
#ifndef LDPCGPU_SIM_I8_TABLE_H
#define LDPCGPU_SIM_I8_TABLE_H

#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LDPC_I8T_OUTCOMES 255 /* q = -127 .. 127 */
#define LDPC_I8T_GROUP 64     /* deviates per 16 ARS blocks */
#define LDPC_I8T_ROUNDS 7     /* ARS-7: Random123's default, with margin over the 5 it needs */

typedef struct ldpc_sim_i8_table {
    uint32_t mass[256];   /* outcome j's probability x 2^32 (j = 255: none, 0) */
    uint32_t thr[256];    /* column j keeps outcome j when v < thr[j]; thr < 2^24 */
    uint8_t alias[256];   /* ... else gives outcome alias[j] */
    uint8_t thr_byte[3][256]; /* thr's bytes, most significant first (byte lanes) */
    uint32_t packed[256];     /* thr 256 + alias (one gather a lane) */
} ldpc_sim_i8_table;

/* The table at noise level sigma (> 0) for int8 LLRs at llr_scale (> 0). Returns an LDPC
 * status. */
int ldpc_sim_i8_table_init(ldpc_sim_i8_table *t, double sigma, float llr_scale);

/* Outcome of one deviate's 32 random bits (column j, 24-bit v): the rule, written once. */
static inline int ldpc_i8t_outcome(const ldpc_sim_i8_table *t, unsigned j, uint32_t v)
{
    return v < t->thr[j] ? (int)j : (int)t->alias[j];
}

/* The first m deviates of one group (P: its 256 bytes) as int8 LLRs at out[t] for the coded
 * bits cw[t] (NULL: all zero); returns how many are +-127. */
static inline uint32_t ldpc_i8t_group(const ldpc_sim_i8_table *t, const uint8_t *P,
                                      const uint8_t *cw, int m, int8_t *out)
{
    uint32_t sat = 0;
    for (int d = 0; d < m; d++) {
        const uint32_t v = (uint32_t)P[64 + d] << 16 | (uint32_t)P[128 + d] << 8 | P[192 + d];
        const int q = ldpc_i8t_outcome(t, P[d], v) - 127;
        out[d] = (int8_t)(cw && (cw[d] & 1u) ? -q : q);
        sat += q == 127 || q == -127;
    }
    return sat;
}

/* ARS-7 in portable C (FIPS-197's AES round, byte by byte): block b of frame f
 * under seed, 16 bytes in memory order (what _mm_storeu_si128 of the AES-NI form stores). */
void ldpc_ars7_block(uint64_t seed, uint64_t frame, uint64_t block, uint8_t out[16]);
/* One AES round on a 16-byte state (FIPS-197 byte order): SubBytes, ShiftRows, MixColumns
 * (not when last), then AddRoundKey: what AESENC / AESENCLAST compute. Tests. */
void ldpc_aes_round(uint8_t state[16], const uint8_t key[16], int last);
extern const uint8_t ldpc_aes_sbox[256];

/* The frame kernel: the int8 LLRs of frame f (n bits, codeword cw one bit per byte, NULL = all
 * zero) into out; returns how many are +-127. */
typedef uint32_t (*ldpc_sim_i8_table_fn)(uint64_t seed, uint64_t frame, const uint8_t *cw,
                                         int n, const ldpc_sim_i8_table *t, int8_t *out);
typedef struct ldpc_sim_i8_table_kernel {
    const char *name;
    ldpc_sim_i8_table_fn llrs;
} ldpc_sim_i8_table_kernel;

/* The fastest this CPU runs (LDPCGPU_SIM_ISA=generic forces the portable one); a variant by
 * name ("generic", "aesni", "avx2", "avx512-vbmi") or NULL if this build or CPU lacks it. */
const ldpc_sim_i8_table_kernel *ldpc_sim_i8_table_kernel_select(void);
const ldpc_sim_i8_table_kernel *ldpc_sim_i8_table_kernel_get(const char *name);

extern const ldpc_sim_i8_table_kernel ldpc_sim_i8_table_generic;
extern const ldpc_sim_i8_table_kernel ldpc_sim_i8_table_aesni;
extern const ldpc_sim_i8_table_kernel ldpc_sim_i8_table_avx2;
extern const ldpc_sim_i8_table_kernel ldpc_sim_i8_table_avx512;

#ifdef __cplusplus
}
#endif
#endif
