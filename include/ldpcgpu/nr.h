/* gr-ldpcgpu core: 5G NR LDPC (3GPP TS 38.212, release 15+) around the code itself.
 *
 * The codes: base graph 1 (46 x 68 blocks) and 2 (42 x 52) lifted by any of the 51 lifting
 * sizes Z <= 384 (sets iLS 0..7, 5.3.2). ldpc_code_create accepts
 *   "nr:bg1:z384"      the mother code: H of 68 Z (BG1) or 52 Z (BG2) columns, k = 22 Z / 10 Z,
 *                      every column a code bit (no puncturing, no fillers);
 *   "nr:K:E"           K information bits (24..8448) rate-matched to E bits, rv 0, Qm 1: the
 *                      base graph and Z chosen from K and K/E as 6.2.2 / 5.2.2 do (BG2 if
 *                      K <= 292, or K <= 3824 and K/E <= 0.67, or K/E <= 0.25), K' = K;
 *   "nr:K:E:rvR:qmQ"   the same with redundancy version R (0..3) and modulation order Q
 *                      (1, 2, 4, 6, 8, 10); either option may be left out ("nr:K:E:qm4").
 * For both, H is the lifted base graph (n = 68 Z / 52 Z, k = 22 Z / 10 Z); the decoders take
 * n LLRs per frame. "nr:K:E" codes carry their parameters (ldpc_code_nr_params): the caller
 * puts K information bits then K_fill = k - K zero filler bits into the encoder and the
 * rate matcher below turns the codeword into E transmitted bits, and back.
 *
 * Decoded rows of "nr:K:E" codes: the code (H, m, the syndrome, the encoder) is the whole lifted
 * graph, but its decoders run only the rows that the transmission reaches: the 4 core block rows
 * and each extension block row whose degree-1 parity column holds at least one bit that rv, E
 * and N_cb send (at rv 0 without wrap-around a prefix of the rows, e.g. 24 of 46 for
 * nr:8448:16896, 5 for nr:8000:8800; with a wrap or another rv any set, up to all). This is
 * exact, not an approximation: a row whose degree-1 column has LLR 0 sends exactly 0 to every
 * other column in min-sum (its smallest |LLR| is 0) and in sum-product (tanh 0 = 0), and no
 * other row reads that column. What the caller sees is the whole code's: n LLRs in; codeword
 * output has each left-out bit filled as the XOR of its row's other bits, so it satisfies the
 * whole H, and parity_ok says exactly that. A frame with a value (non-zero, not NaN) in a
 * left-out column, e.g. a HARQ buffer that combines other redundancy versions given to the
 * decoder of one of them, is not decoded without it: its batch goes, whole and synchronously,
 * to a second decoder of the whole H that the decoder makes on first need (the same results,
 * at the speed of the mother code; where the whole H does not admit the configuration, e.g.
 * int8 messages on base graph 1, whose decoded rows may, that batch fails with the reason).
 * Non-zero LLRs at such columns are thus never ignored. For combined buffers, decode with the mother code
 * ("nr:bg1:zZ") or ldpc_nr_tb_decode, which picks the rows that its HARQ buffers reach.
 *
 * Bit order everywhere: unpacked bits (one 0/1 per byte), LLR = ln(P(0)/P(1)).
 */
#ifndef LDPCGPU_NR_H
#define LDPCGPU_NR_H

#include "export.h"

#include <stdint.h>
#include "code.h"
#include "decoder.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LDPC_NR_MAX_Z 384
#define LDPC_NR_KCB_BG1 8448 /* largest code block (K') of base graph 1 */
#define LDPC_NR_KCB_BG2 3840 /* ... of base graph 2 */
#define LDPC_NR_MAX_E (1 << 24) /* rate-matched bits per code block accepted here */

/* ---- one code block: LDPC parameters (5.2.2, 5.3.2) and circular buffer (5.4.2.1) ---- */
typedef struct ldpc_nr_cb {
    int bg;      /* base graph, 1 or 2 */
    int z;       /* lifting size Z_c */
    int ils;     /* set index of Z (0..7): the column of V_ij used */
    int kb;      /* K_b: 22 (BG1); 10, 9, 8 or 6 (BG2, by K') */
    int k_prime; /* K': information bits of the code block, its CRC24B included if any */
    int k;       /* K = 22 Z (BG1) or 10 Z (BG2): the encoder's k; bits K'..K-1 are fillers */
    int fillers; /* K - K' */
    int n_ldpc;  /* columns of H, 68 Z or 52 Z: the encoder's n */
    int n;       /* N = 66 Z or 50 Z: the codeword without its first 2 Z (punctured) bits */
    int n_cb;    /* circular buffer length: N, or the limited-buffer size (5.4.2.1) */
} ldpc_nr_cb;

/* The set index iLS (0..7) of a lifting size Z (5.3.2, Table 5.3.2-1), or
 * LDPC_ERR_INVALID_ARGUMENT when Z is none of the 51 sizes. */
LDPC_API int ldpc_nr_lifting_set(int z);

/* Base graph for a transport block of tbs bits at code rate rate (7.2.2 / 6.2.2): 2 if
 * tbs <= 292, or tbs <= 3824 and rate <= 0.67, or rate <= 0.25; 1 otherwise. tbs >= 1,
 * 0 < rate <= 1, else LDPC_ERR_INVALID_ARGUMENT. */
LDPC_API int ldpc_nr_select_bg(int tbs, double rate);

/* Fill p for a code block of k_prime bits (with its CRC) on base graph bg (5.2.2: K_b, the
 * smallest Z with K_b Z >= K', K, fillers); n_cb = N. Domains: bg 1 or 2, 1 <= k_prime <= 8448
 * (BG1) / 3840 (BG2). */
LDPC_API int ldpc_nr_cb_init(ldpc_nr_cb *p, int bg, int k_prime);

/* Limited-buffer rate matching (5.4.2.1, I_LBRM = 1): n_cb = min(N, floor(tbs_lbrm /
 * (c * 2/3))), with tbs_lbrm the TBS_LBRM of 38.212 and c the code blocks of the TB.
 * tbs_lbrm >= 1 and c >= 1; a buffer smaller than K (which would hold no parity bit for some
 * code blocks) is refused (LDPC_ERR_INVALID_ARGUMENT). */
LDPC_API int ldpc_nr_cb_limit_buffer(ldpc_nr_cb *p, int tbs_lbrm, int c);

/* Starting position k0 of redundancy version rv (0..3) in the circular buffer (Table
 * 5.4.2.1-2), or LDPC_ERR_INVALID_ARGUMENT. */
LDPC_API int ldpc_nr_k0(const ldpc_nr_cb *p, int rv);

/* E_r, the rate-matched bits of code block r (0..c-1) when a TB of c code blocks has g coded
 * bits for layers layers at modulation order qm (5.4.2.1); or LDPC_ERR_INVALID_ARGUMENT. */
LDPC_API int ldpc_nr_cb_e(int g, int qm, int layers, int c, int r);

/* Rate matching (5.4.2.1 bit selection, 5.4.2.2 bit interleaving): codeword holds the
 * p->n_ldpc bits of one encoded code block (fillers as 0); out receives e bits: the circular
 * buffer d_k = c_{k+2Z} (k < n_cb) read from k0(rv) on, fillers skipped, then interleaved by
 * qm. Domains: rv 0..3; qm 1, 2, 4, 6, 8 or 10; 1 <= e <= LDPC_NR_MAX_E, e a multiple of qm. */
LDPC_API int ldpc_nr_rate_match(const ldpc_nr_cb *p, int rv, int qm, int e,
                                const uint8_t *codeword, uint8_t *out);

/* Its inverse on LLRs, with HARQ soft combining: llr holds the e received LLRs of one
 * transmission (rv, qm, e as sent); each is added to harq at its codeword position, so that
 * bits sent twice (repetition, or another transmission of the same code block) add up.
 * Fillers are set to +LDPC_LLR_CLAMP (certain zeros); the 2 Z punctured bits and bits never
 * sent keep what harq held. harq (p->n_ldpc floats, owned by the caller) must be all zero
 * before a code block's first transmission; it is then the decoders' input (n = n_ldpc).
 * NaN LLRs count as 0. Domains as ldpc_nr_rate_match. */
LDPC_API int ldpc_nr_rate_recover_f32(const ldpc_nr_cb *p, int rv, int qm, int e,
                                      const float *llr, float *harq);

/* ---- CRCs (5.1) ---- */
typedef enum ldpc_nr_crc {
    LDPC_NR_CRC24A = 0, /* transport blocks of more than 3824 bits */
    LDPC_NR_CRC24B = 1, /* code blocks of a segmented transport block */
    LDPC_NR_CRC16 = 2   /* transport blocks of up to 3824 bits */
} ldpc_nr_crc;

/* Parity bits of the CRC (24 or 16), or LDPC_ERR_INVALID_ARGUMENT. */
LDPC_API int ldpc_nr_crc_length(ldpc_nr_crc kind);

/* *crc = the CRC of nbits bits (0 <= nbits), the shift register starting at zero (5.1): the
 * parity bits p_0..p_{L-1} are bits L-1..0 of *crc, appended in that order (p_0 first). */
LDPC_API int ldpc_nr_crc_compute(ldpc_nr_crc kind, const uint8_t *bits, int nbits,
                                 uint32_t *crc);

/* Append the CRC to ndata unpacked bits: bits[ndata .. ndata+L-1] = p_0 .. p_{L-1} of
 * ldpc_nr_crc_compute(bits, ndata) (bits holds ndata + L bytes). A code block of K' bits
 * carrying its CRC, as a decoder's early_stop_crc expects: ndata = K' - L. */
LDPC_API int ldpc_nr_crc_attach(ldpc_nr_crc kind, uint8_t *bits, int ndata);

/* The CRC a decoder's early_stop_crc checks (decoder.h): *kind; LDPC_ERR_INVALID_ARGUMENT for
 * LDPC_CRC_STOP_NONE or an unknown value. */
LDPC_API int ldpc_crc_stop_kind(ldpc_crc_stop stop, ldpc_nr_crc *kind);

/* ---- transport blocks: CRC attachment and code block segmentation (5.1, 5.2.2) ---- */
typedef struct ldpc_nr_tb {
    int a;       /* transport block bits A */
    int tb_crc;  /* L: 24 (CRC24A) if A > 3824, else 16 (CRC16) */
    int b;       /* B = A + L */
    int c;       /* code blocks C */
    int cb_crc;  /* 24 (CRC24B per code block) when C > 1, else 0 */
    int b_prime; /* B' = B + C * cb_crc */
    ldpc_nr_cb cb; /* the parameters every code block shares (K' = B' / C) */
} ldpc_nr_tb;

/* Segment a transport block of a bits on base graph bg (ldpc_nr_select_bg). Domains:
 * 1 <= a <= 2^20, bg 1 or 2, and B' divisible by C (every TBS of 38.214 5.1.3.2 is; others
 * are refused with LDPC_ERR_INVALID_ARGUMENT, since 38.212 defines K' = B'/C only then). */
LDPC_API int ldpc_nr_tb_init(ldpc_nr_tb *tb, int a, int bg);

/* A transport block encoder and decoder for one TB size and base graph, on the CPU or GPU
 * backends of ldpc_decoder (cfg; NULL = defaults). */
typedef struct ldpc_nr_tb_codec ldpc_nr_tb_codec;

LDPC_API int ldpc_nr_tb_codec_create(ldpc_nr_tb_codec **out, int a, int bg,
                                     const ldpc_decoder_config *cfg);
LDPC_API void ldpc_nr_tb_codec_destroy(ldpc_nr_tb_codec *codec);
/* The segmentation in use (copied into *tb). */
LDPC_API int ldpc_nr_tb_codec_layout(const ldpc_nr_tb_codec *codec, ldpc_nr_tb *tb);
/* Limited-buffer rate matching for every code block (ldpc_nr_cb_limit_buffer). */
LDPC_API int ldpc_nr_tb_codec_limit_buffer(ldpc_nr_tb_codec *codec, int tbs_lbrm);

/* Encode a transport block: tb_bits (A bits) get their CRC, are segmented (CRC24B per code
 * block when C > 1, fillers), LDPC-encoded and rate-matched; code block r gives e[r] bits
 * (e: C entries, each 1..LDPC_NR_MAX_E and a multiple of qm), written one after another to
 * out (sum of e[r] bits). rv 0..3, qm 1, 2, 4, 6, 8, 10. */
LDPC_API int ldpc_nr_tb_encode(ldpc_nr_tb_codec *codec, const uint8_t *tb_bits, const int *e,
                               int rv, int qm, uint8_t *out);

/* Decode one transmission of a transport block: llr holds the sum of e[r] LLRs (code block r
 * after code block r-1, as ldpc_nr_tb_encode wrote them). Each block is de-rate-matched into
 * its HARQ buffer, decoded, and its CRC24B checked (C > 1); then the TB CRC.
 * harq: C * n_ldpc floats owned by the caller (ldpc_nr_tb.cb.n_ldpc), all zero before the
 * first transmission and kept between retransmissions of the same TB (IR-HARQ: the LLRs of
 * every rv add up); NULL = no combining (a scratch buffer, zeroed per call). tb_bits receives
 * the A decoded TB bits; *tb_crc_ok 1 if the TB CRC (and every CB CRC) holds, else 0;
 * cb_status (NULL or C entries) each code block's decoder status, parity_ok = 1 only if its
 * parity checks hold (or the decoder stopped it on its CRC, which holds: below), its CRC24B
 * holds (C > 1), and it received something (a block whose HARQ buffer holds no channel value
 * decodes to the all-zero word, whose zero-start CRCs would hold: it fails).
 * Early stop (cfg's early_termination): a code block stops when its parity checks hold or
 * when its CRC passes (the codec sets early_stop_crc itself: CRC24B for C > 1, CRC24A / CRC16
 * for C = 1), on every backend with layered min-sum; with flooding or sum-product on the cuda
 * backend it stops on the parity checks only. The decoder runs only the extension rows whose
 * parity column holds a value in some code block's HARQ buffer (every rv received so far, the
 * limited buffer included; exact, see "Decoded rows" above); it keeps decoders for up to 4
 * such row sets, the one of every row included. */
LDPC_API int ldpc_nr_tb_decode(ldpc_nr_tb_codec *codec, const float *llr, const int *e, int rv,
                               int qm, float *harq, uint8_t *tb_bits, int *tb_crc_ok,
                               ldpc_frame_status *cb_status);

/* ---- NR codes created by name ---- */
typedef struct ldpc_nr_code_params {
    ldpc_nr_cb cb; /* K' = K of "nr:K:E"; for a mother code K' = k and N_cb = N */
    int e;         /* rate-matched bits; 0 for a mother code ("nr:bg1:z384") */
    int rv;        /* redundancy version 0..3 */
    int qm;        /* modulation order of the bit interleaver */
} ldpc_nr_code_params;

/* The NR parameters of a code made by ldpc_code_create("nr:..."); LDPC_ERR_INVALID_ARGUMENT
 * for any other code. */
LDPC_API int ldpc_code_nr_params(const ldpc_code *code, ldpc_nr_code_params *out);

#ifdef __cplusplus
}
#endif
#endif
