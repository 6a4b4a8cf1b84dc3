/* gr-ldpcgpu core: LDPC code definitions (parity-check matrices).
 *
 * An ldpc_code is an immutable parity-check matrix H (m rows = checks, n columns = code bits)
 * plus what the encoders and decoders need: row and column adjacency, which columns carry the
 * information bits, and, where the standard defines one, the compact quasi-cyclic or DVB form.
 *
 * Codes are selected by the standard's name:
 *   "dvbs2:64800:1/2"  "dvbt2:16200:3/5"  "dvbs2x:64800:13/45"  "dvbs2x:32400:1/5"
 *   "wimax:2304:2/3A"  (n = 576..2304 step 96, rates 1/2 2/3A 2/3B 3/4A 3/4B 5/6)
 *   "wifi:1944:3/4"    (802.11n, n = 648 1296 1944, rates 1/2 2/3 3/4 5/6)
 *   "nr:bg1:z384"  "nr:8448:16896"  "nr:1000:3000:rv2:qm4"  (5G NR: see nr.h)
 *   "alist:/path/to/file.alist"  (any MacKay alist file)
 * Names are case-insensitive. ldpc_code_list_* enumerates every built-in name.
 *
 * Bit order: a codeword is n bits c[0..n-1], column j of H is bit c[j]. For the standard codes
 * the information bits are c[0..k-1] and the parity bits follow, as transmitted. For alist codes
 * the information bits sit at the columns ldpc_code_info_positions() returns.
 */
#ifndef LDPCGPU_CODE_H
#define LDPCGPU_CODE_H

#include "export.h"

#include <stdint.h>
#include <stdio.h>
#include <stddef.h>
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Hard limits: larger codes are refused with LDPC_ERR_TOO_LARGE. */
#define LDPC_MAX_N (1 << 22)
#define LDPC_MAX_EDGES (1 << 26)
#define LDPC_NAME_MAX 512

typedef struct ldpc_code ldpc_code;

typedef enum ldpc_family {
    LDPC_FAMILY_DVB = 0,   /* DVB-S2 / DVB-T2 / DVB-S2X: IRA with accumulator, 360-periodic */
    LDPC_FAMILY_WIMAX = 1, /* IEEE 802.16e, quasi-cyclic, z = 24..96 */
    LDPC_FAMILY_WIFI = 2,  /* IEEE 802.11n, quasi-cyclic, z = 27, 54, 81 */
    LDPC_FAMILY_ALIST = 3, /* anything read from an alist file or built from a matrix */
    LDPC_FAMILY_NR = 4     /* 3GPP 5G NR (TS 38.212), base graphs 1 and 2, Z = 2..384 */
} ldpc_family;

typedef struct ldpc_code_info {
    ldpc_family family;
    int n;            /* code bits (columns of H) */
    int k;            /* information bits */
    int m;            /* parity checks (rows of H); rank(H) = n - k */
    int num_edges;    /* ones in H */
    int max_row_degree;
    int max_col_degree;
    int z;            /* circulant size of the quasi-cyclic form, 0 if none */
    int base_rows;    /* quasi-cyclic base matrix size (0 if none) */
    int base_cols;
    int dvb_q;        /* DVB: q = (n-k)/360, 0 otherwise */
    int info_is_prefix; /* 1 if information bits are c[0..k-1] */
} ldpc_code_info;

/* Create a code by name (see above). On error *out is NULL and a message is set. */
LDPC_API int ldpc_code_create(ldpc_code **out, const char *name);

/* Read a MacKay alist file / an alist held in memory (not NUL-terminated necessarily).
 * k = n - rank(H); information positions are chosen by Gaussian elimination. */
LDPC_API int ldpc_code_from_alist_file(ldpc_code **out, const char *path);
LDPC_API int ldpc_code_from_alist_string(ldpc_code **out, const char *text, size_t len);

/* Build a code from H given in compressed-row form (row_ptr[m+1], col_idx[row_ptr[m]]). */
LDPC_API int ldpc_code_from_rows(ldpc_code **out, const char *name, int n, int m,
                        const int *row_ptr, const int *col_idx);

/* Write H as an alist (column and row lists, 1-based, ascending). */
LDPC_API int ldpc_code_write_alist(const ldpc_code *code, FILE *f);
LDPC_API int ldpc_code_write_alist_file(const ldpc_code *code, const char *path);

LDPC_API void ldpc_code_destroy(ldpc_code *code);

/* A copy of code (the same H) whose information bit i sits at column info_pos[i], i = 0..k-1,
 * to match another implementation's systematic placement (gr-fec's for an alist file: see
 * lib/fec_info_placement.cc). k must be n - rank(H) and the columns an information set of H
 * (the other n - k columns independent); otherwise LDPC_ERR_RANK, or LDPC_ERR_INVALID_ARGUMENT
 * for a column out of range or named twice. The copy keeps the name, is of the alist family
 * (no quasi-cyclic or DVB form: it encodes with the generic encoder, whose dense elimination
 * bounds the size) and is independent of code (destroy both). */
LDPC_API int ldpc_code_with_info_positions(ldpc_code **out, const ldpc_code *code, const int *info_pos,
                                  int k);

/* Accessors. */
LDPC_API const char *ldpc_code_name(const ldpc_code *code);
LDPC_API int ldpc_code_get_info(const ldpc_code *code, ldpc_code_info *info);
LDPC_API int ldpc_code_n(const ldpc_code *code);
LDPC_API int ldpc_code_k(const ldpc_code *code);
LDPC_API int ldpc_code_m(const ldpc_code *code);
/* H in compressed-row form; pointers stay valid while the code lives. */
LDPC_API int ldpc_code_rows(const ldpc_code *code, const int **row_ptr, const int **col_idx);
/* H in compressed-column form. */
LDPC_API int ldpc_code_cols(const ldpc_code *code, const int **col_ptr, const int **row_idx);
/* Column index of information bit i, for i = 0..k-1. */
LDPC_API const int *ldpc_code_info_positions(const ldpc_code *code);
/* What a frame carries on a link: *info_bits information bits in *channel_bits sent bits. k and
 * n for every code except a rate-matched 5G NR code ("nr:K:E", nr.h): K and E. Either pointer
 * may be NULL. */
LDPC_API int ldpc_code_link_bits(const ldpc_code *code, int *info_bits, int *channel_bits);

/* Quasi-cyclic base matrix (rows*cols shifts, -1 = zero block) or NULL if the code has none. */
LDPC_API const int16_t *ldpc_code_base_matrix(const ldpc_code *code, int *rows, int *cols, int *z);

/* Number of unsatisfied parity checks of an unpacked (one bit per byte) codeword; 0 = valid. */
LDPC_API int ldpc_code_syndrome_weight(const ldpc_code *code, const uint8_t *codeword);

/* GF(2) rank of H (dense elimination; may take a while for DVB long frames). */
LDPC_API int ldpc_code_rank(const ldpc_code *code);

/* Print a one-paragraph summary (name, n, k, rate, degrees). */
LDPC_API void ldpc_code_print(const ldpc_code *code, FILE *f);

/* Built-in code names, in a stable order. */
LDPC_API int ldpc_code_list_count(void);
LDPC_API const char *ldpc_code_list_name(int index);

#ifdef __cplusplus
}
#endif
#endif
