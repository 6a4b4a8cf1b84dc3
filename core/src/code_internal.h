/* Internal layout of ldpc_code, shared by the code families, encoders and decoder backends. */
#ifndef LDPCGPU_CODE_INTERNAL_H
#define LDPCGPU_CODE_INTERNAL_H

#include "ldpcgpu/code.h"
#include "ldpcgpu/decoder.h"
#include "ldpcgpu/nr.h"

/* DVB: the standard's address table for one code. Row g lists the parity accumulator
 * addresses of information bit 360*g; bit 360*g+j uses (x + j*q) mod (n-k). */
typedef struct ldpc_dvb_table {
    const char *std;        /* "dvbs2", "dvbt2", "dvbs2x" */
    int n;                  /* 64800, 32400 or 16200 */
    const char *rate;       /* "1/2", "13/45", ... as the standard writes it */
    int k;                  /* information bits */
    int rows;               /* k / 360 */
    const uint16_t *row_len;   /* rows entries */
    const uint16_t *addr;      /* concatenated addresses, sum(row_len) entries */
} ldpc_dvb_table;

/* WiMAX / WiFi base matrix as printed in the standard (shifts for the largest z). */
typedef struct ldpc_qc_table {
    ldpc_family family;
    const char *rate;       /* "1/2", "2/3A", ... */
    int z_max;              /* z the printed shifts belong to (96 for WiMAX; WiFi: z itself) */
    int n;                  /* WiFi: codeword length this table is for; WiMAX: 0 (any z) */
    int rows, cols;         /* base matrix size */
    int shift_mod_rule;     /* WiMAX 2/3A: s = p mod z; others: s = floor(p*z/z_max) */
    const int16_t *shifts;  /* rows*cols, -1 = zero block */
} ldpc_qc_table;

struct ldpc_code {
    char name[LDPC_NAME_MAX];
    ldpc_family family;
    int n, k, m;
    int num_edges;
    int max_row_degree, max_col_degree;
    /* H in compressed-row form, columns ascending within a row */
    int *row_ptr;   /* m+1 */
    int *col_idx;   /* num_edges */
    /* H in compressed-column form, rows ascending within a column */
    int *col_ptr;   /* n+1 */
    int *row_idx;   /* num_edges */
    int *col_edge;  /* num_edges: CSR edge index of each CSC entry */
    int *info_pos;  /* k: column of information bit i */
    int info_is_prefix;
    /* quasi-cyclic form (WiMAX, WiFi): z == 0 if none */
    int z, base_rows, base_cols;
    int16_t *base;  /* base_rows*base_cols shifts already scaled to this z, -1 = zero block */
    /* DVB form: NULL if none */
    const ldpc_dvb_table *dvb;
    int dvb_q;
    /* 5G NR: the code block and rate-matching parameters the name gave (nr.cb.bg == 0 if
     * the code is not NR) */
    ldpc_nr_code_params nr;
    /* The graph the decoders run (ldpc_decoder_create), NULL = H itself. A rate-matched NR
     * code's is H without the extension rows that no transmitted bit reaches (code_nr.c): such
     * a row's degree-1 column has LLR 0, so it sends exactly 0 to every other column. The rows
     * of H it leaves out are fill_row[0..nfill-1]; each determines its degree-1 column
     * fill_col[i] (= XOR of the row's other bits), which the decoder front end writes into
     * codeword output (decoder.c), so that the output satisfies the whole H. */
    struct ldpc_code *decode_graph;
    int nfill;
    int *fill_row;
    int *fill_col;
    /* the left-out columns as runs of consecutive columns, for the check of a frame's values
     * there (ldpc_nr_frame_reaches_left_out): run i is columns fill_runs[2i] .. +fill_runs[2i+1]-1 */
    int nfill_runs;
    int *fill_runs;
};

/* Allocate an empty code (all pointers NULL). */
ldpc_code *ldpc_code_alloc(ldpc_family family, const char *name);

/* Fill H from compressed rows: validates ranges, sorts, rejects duplicate entries, builds the
 * column form and degrees. Sets n, m; leaves k and info_pos to the caller. */
int ldpc_code_set_rows(ldpc_code *c, int n, int m, const int *row_ptr, const int *col_idx);

/* Standard codes: information bits are c[0..k-1]. */
int ldpc_code_set_info_prefix(ldpc_code *c, int k);

/* Alist/generic codes: k = n - rank(H), information positions = the non-pivot columns of a
 * GF(2) elimination (the same the generic encoder uses). */
int ldpc_code_set_info_by_elimination(ldpc_code *c);

/* Quasi-cyclic codes (code_qc.c): expand c->base (rows x cols shifts already reduced mod z,
 * -1 = zero block, allocated by the caller) into H; sets z, base_rows/cols, n and m. */
int ldpc_code_expand_qc(ldpc_code *c, int rows, int cols, int z);

/* H as block rows of circulants (code_block_rows.c): where c->z is set (2 .. max_z) and every
 * z x z block of H is zero or circulant (verified on H: row r of a block row takes column
 * (first + r) mod z of each of its blocks), br->z = z, br->rows = m / z, br->ptr (rows + 1) the
 * first circulant of each block row and br->first (per circulant) the column of the block
 * row's row 0; else br->z = 0 and nothing allocated. Errors: out of memory. */
typedef struct ldpc_block_rows {
    int z, rows;
    int *ptr, *first;
} ldpc_block_rows;
int ldpc_code_block_rows(const ldpc_code *c, int max_z, ldpc_block_rows *br);
void ldpc_block_rows_free(ldpc_block_rows *br);

/* Family constructors (name already lower-cased; return LDPC_ERR_UNKNOWN_CODE if not theirs). */
int ldpc_code_create_dvb(ldpc_code **out, const char *name);
int ldpc_code_create_qc(ldpc_code **out, const char *name);
int ldpc_code_create_nr(ldpc_code **out, const char *name); /* code_nr.c */

/* Family name lists for ldpc_code_list_*. */
int ldpc_dvb_list_count(void);
const char *ldpc_dvb_list_name(int i);
int ldpc_qc_list_count(void);
const char *ldpc_qc_list_name(int i);
int ldpc_nr_list_count(void);
const char *ldpc_nr_list_name(int i);

/* Generated / transcribed tables. */
extern const ldpc_dvb_table ldpc_dvb_tables[];
extern const int ldpc_dvb_table_count;
extern const char *const ldpc_dvb_table_names[]; /* canonical name of each table entry */
extern const ldpc_qc_table ldpc_qc_tables[];
extern const int ldpc_qc_table_count;

/* The decoder row order (code_row_order.c): m row numbers, the order in which layered decoders
 * visit the parity checks; kind GROUPS, WIDE, NARROW or H (AUTO: GROUPS). */
int ldpc_decoder_row_order(const ldpc_code *code, ldpc_row_order kind, int *order);

/* The same order, and where the code's order comes in fixed layers (DVB: sets of pairwise
 * column-disjoint rows, at most 360 (GROUPS), 384 (WIDE) or 256 (NARROW)), the layers: layer_ptr (m+1
 * entries) receives where each starts and layer_ptr[*nlayers] = m. *nlayers = 0 where the order
 * has no fixed layers (a parallel decoder then cuts them itself) or layer_ptr is NULL. */
int ldpc_decoder_row_layers(const ldpc_code *code, ldpc_row_order kind, int *order,
                            int *layer_ptr, int *nlayers);

/* The order a backend runs for cfg->row_order (never AUTO): AUTO is, for DVB codes, NARROW or
 * WIDE on the cuda backend's layered integer decoders where they save enough layers, H on the
 * CPU's float decoders, GROUPS otherwise (code_row_order.c). Every backend's plan, the
 * fixed-point model and the tests that hold the GPU to the model ask here. */
ldpc_row_order ldpc_row_order_of(const ldpc_code *code, const ldpc_decoder_config *cfg,
                                 ldpc_backend backend);

#endif
