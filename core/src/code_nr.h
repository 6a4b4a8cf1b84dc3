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

#endif
