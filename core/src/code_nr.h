/* Internal: the 5G NR base graphs (nr_tables.c) and the NR code constructor (code_nr.c). */
#ifndef LDPCGPU_CODE_NR_H
#define LDPCGPU_CODE_NR_H
#include <stdint.h>
#include "code_internal.h"

typedef struct ldpc_nr_bg_entry {
    uint8_t row, col;
    uint16_t v[8]; /* V_ij for iLS = 0..7 */
} ldpc_nr_bg_entry;

typedef struct ldpc_nr_bg {
    int bg;         /* 1 or 2 */
    int rows, cols; /* 46 x 68 or 42 x 52 */
    int kb;         /* information block columns of H: 22 or 10 */
    int count;      /* non-zero blocks */
    const ldpc_nr_bg_entry *entries; /* row by row, columns ascending */
} ldpc_nr_bg;

extern const ldpc_nr_bg ldpc_nr_bg1, ldpc_nr_bg2;

/* The lifted code of base graph bg at lifting size z (a valid NR Z), named name; its nr
 * parameters are left for the caller. */
int ldpc_nr_code_build(ldpc_code **out, const char *name, int bg, int z);

/* The code block parameters of a mother code: K' = K = 22 Z / 10 Z (no fillers), N_cb = N. */
void ldpc_nr_cb_mother(ldpc_nr_cb *p, int bg, int z);

/* sent[b] = 1 for every codeword bit b (0..n_ldpc-1) that a transmission of e bits of
 * redundancy version rv carries (nr_rate_match.c: the same walk as the rate matcher; the
 * interleaver's Qm moves bits, not which are sent); other entries are left as they are.
 * Domains as ldpc_nr_rate_match. */
int ldpc_nr_mark_sent(const ldpc_nr_cb *p, int rv, int e, uint8_t *sent);

/* The block rows of code c (an NR code: H the lifting of its base graph, no decode graph yet)
 * that a decoder needs when the codeword bits with reached[b] != 0 carry channel values: bit r
 * of the result for block row r. A block row is needed unless it has a column block of degree
 * 1 (the extension rows 4.. of both base graphs) none of whose bits is reached. */
uint64_t ldpc_nr_rows_needed(const ldpc_code *c, const uint8_t *reached);

/* Give c (as ldpc_nr_rows_needed) the decode graph of the block rows in rows (bit r = block
 * row r; the rows it leaves out must each have a degree-1 column, else
 * LDPC_ERR_INVALID_ARGUMENT): code_internal.h, decode_graph. Every row: no graph. */
int ldpc_nr_code_restrict(ldpc_code *c, uint64_t rows);

/* reached[b] = 1 where any of frames frames of n LLRs (frame f at llr + f n) is non-zero. */
void ldpc_nr_reached_by_llr(const float *llr, int n, int frames, uint8_t *reached);

/* Of a code with a decode graph: 1 if one frame of n LLRs (float, or int8 with i8) holds a value
 * in a column its graph leaves out (such a frame is decoded on the whole H). A value is one the
 * float decoders would not read as 0 (NaN and +-0 are 0); a few integer decoders read a tiny
 * one as 0 too, so the test errs on the safe side. */
int ldpc_nr_frame_reaches_left_out(const ldpc_code *c, const void *frame, int i8);

/* Of a code with a decode graph: one frame's codeword bits (unpacked, or packed MSB first)
 * completed with the bits of the rows its graph leaves out: each such row's degree-1 bit
 * becomes the XOR of the row's other bits (no left-out row reads another's bit: one pass). */
void ldpc_nr_fill_left_out(const ldpc_code *c, uint8_t *bits, int packed);

#endif
