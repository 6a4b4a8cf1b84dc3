/* 5G NR transport blocks (3GPP TS 38.212 5.1, 5.2.2, 5.4.2): TB CRC, code block segmentation
 * with CRC24B, fillers, LDPC encoding and rate matching, and back: de-rate-matching with HARQ
 * combining, decoding every code block of the TB in one ldpc_decoder call, CRC checks.
 *
 * With early termination the decoders also stop a code block once its CRC passes
 * (early_stop_crc: CRC24B on each block of a segmented TB, the TB's CRC24A / CRC16 on a lone
 * block), on every backend that can (the cuda backend with its layered min-sum kernels).
 */
#include <stdlib.h>
#include <string.h>
#include "code_nr.h"
#include "encoder_internal.h"
#include "error.h"
#include "ldpcgpu/decoder.h"
#include "ldpcgpu/encoder.h"

/* Decoders kept for the sets of rows that HARQ buffers have reached (the first holds every
 * row): a first transmission reaches fewer extension rows than its retransmissions, and a
 * decoder that runs only the reached rows is exact (code_nr.c) and faster. */
#define TB_DECODERS 4

typedef struct tb_decoder {
    uint64_t rows;      /* block rows it decodes (bit r = row r); 0 = slot unused */
    ldpc_code *code;    /* the mother code restricted to them; NULL = the codec's code */
    ldpc_decoder *dec;
    unsigned long used; /* when it last decoded (the least recent is replaced) */
} tb_decoder;

struct ldpc_nr_tb_codec {
    ldpc_nr_tb tb;
    ldpc_code *code;
    ldpc_encoder *enc;
    ldpc_decoder_config cfg; /* of every decoder */
    tb_decoder decs[TB_DECODERS];
    unsigned long calls;
    uint8_t *reached;  /* n_ldpc: the bits any code block's HARQ buffer holds a value for */
    uint8_t *b_bits;   /* B bits: the TB and its CRC */
    uint8_t *cb_info;  /* C * K bits: code block info with CRC24B and fillers */
    uint8_t *cw;       /* n_ldpc bits: one encoded code block */
    float *harq_own;   /* C * n_ldpc: the buffer used when the caller passes none */
    ldpc_frame_status *status; /* C */
    ldpc_nr_crc cb_crc_kind;   /* the CRC of each code block: CRC24B (C > 1) or the TB's */
    int crc_stop;              /* the decoder stops a block on its CRC */
};

/* The TB's CRC (7.2.1) */
static ldpc_nr_crc tb_crc_kind(const ldpc_nr_tb *tb)
{
    return tb->tb_crc == 24 ? LDPC_NR_CRC24A : LDPC_NR_CRC16;
}

/* Whether a decoder of cfg would run on the cuda backend with a kernel that has no CRC stop
 * (flooding, sum-product). */
static int runs_on_cuda_without_crc(const ldpc_decoder_config *cfg)
{
    const int cuda = cfg->backend == LDPC_BACKEND_CUDA ||
                     (cfg->backend == LDPC_BACKEND_AUTO && ldpc_backend_available(LDPC_BACKEND_CUDA));
    return cuda && (cfg->schedule != LDPC_SCHEDULE_LAYERED || cfg->algorithm == LDPC_ALG_SUM_PRODUCT);
}

void ldpc_nr_tb_codec_destroy(ldpc_nr_tb_codec *x)
{
    if (!x)
        return;
    for (int i = 0; i < TB_DECODERS; i++) {
        ldpc_decoder_destroy(x->decs[i].dec);
        ldpc_code_destroy(x->decs[i].code);
    }
    free(x->reached);
    ldpc_encoder_destroy(x->enc);
    ldpc_code_destroy(x->code);
    free(x->b_bits);
    free(x->cb_info);
    free(x->cw);
    free(x->harq_own);
    free(x->status);
    free(x);
}

int ldpc_nr_tb_codec_create(ldpc_nr_tb_codec **out, int a, int bg, const ldpc_decoder_config *cfg)
{
    if (!out)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_nr_tb_codec_create: NULL argument");
    *out = NULL;
    ldpc_nr_tb tb;
    int st = ldpc_nr_tb_init(&tb, a, bg);
    if (st != LDPC_OK)
        return st;
    ldpc_nr_tb_codec *x = calloc(1, sizeof *x);
    if (!x)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "NR TB codec: out of memory");
    x->tb = tb;
    const ldpc_nr_cb *cb = &tb.cb;
    char name[32];
    snprintf(name, sizeof name, "nr:bg%d:z%d", cb->bg, cb->z);
    st = ldpc_nr_code_build(&x->code, name, cb->bg, cb->z);
    if (st == LDPC_OK) {
        /* the code block as the segmentation made it: K' (its CRC's span) and fillers */
        x->code->nr.cb = *cb;
        x->code->nr.cb.n_cb = cb->n;
        x->code->nr.qm = 1;
        st = ldpc_encoder_create(&x->enc, x->code);
    }
    if (st == LDPC_OK) {
        /* the TB decoder reads information bits, unpacked, in the standard's LLR sign */
        ldpc_decoder_config *c = &x->cfg;
        if (cfg)
            *c = *cfg;
        else
            ldpc_decoder_config_init_family(c, LDPC_FAMILY_NR);
        c->output_bits = LDPC_OUTPUT_INFO;
        c->output_packing = LDPC_OUTPUT_UNPACKED;
        c->llr_positive_is_one = 0;
        const ldpc_crc_stop cb_stop = tb.c > 1        ? LDPC_CRC_STOP_CRC24B
                                      : tb.tb_crc == 24 ? LDPC_CRC_STOP_CRC24A
                                                        : LDPC_CRC_STOP_CRC16;
        ldpc_crc_stop_kind(cb_stop, &x->cb_crc_kind);
        x->crc_stop = c->early_termination && !runs_on_cuda_without_crc(c);
        c->early_stop_crc = x->crc_stop ? cb_stop : LDPC_CRC_STOP_NONE;
        /* the decoder of every row, made now so that a configuration that does not fit is
         * refused here */
        x->decs[0].rows = ((uint64_t)1 << x->code->base_rows) - 1;
        st = ldpc_decoder_create(&x->decs[0].dec, x->code, c);
    }
    if (st == LDPC_OK) {
        x->b_bits = malloc((size_t)tb.b);
        x->cb_info = malloc((size_t)tb.c * cb->k);
        x->cw = malloc((size_t)cb->n_ldpc);
        x->harq_own = malloc((size_t)tb.c * cb->n_ldpc * sizeof(float));
        x->status = malloc((size_t)tb.c * sizeof *x->status);
        x->reached = malloc((size_t)cb->n_ldpc);
        if (!x->b_bits || !x->cb_info || !x->cw || !x->harq_own || !x->status || !x->reached)
            st = ldpc_error(LDPC_ERR_NO_MEMORY, "NR TB codec: out of memory");
    }
    if (st != LDPC_OK) {
        ldpc_nr_tb_codec_destroy(x);
        return st;
    }
    *out = x;
    return LDPC_OK;
}

int ldpc_nr_tb_codec_layout(const ldpc_nr_tb_codec *x, ldpc_nr_tb *tb)
{
    if (!x || !tb)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_nr_tb_codec_layout: NULL argument");
    *tb = x->tb;
    return LDPC_OK;
}

int ldpc_nr_tb_codec_limit_buffer(ldpc_nr_tb_codec *x, int tbs_lbrm)
{
    if (!x)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "ldpc_nr_tb_codec_limit_buffer: NULL argument");
    ldpc_nr_cb cb = x->tb.cb;
    cb.n_cb = cb.n;
    int st = ldpc_nr_cb_limit_buffer(&cb, tbs_lbrm, x->tb.c);
    if (st == LDPC_OK)
        x->tb.cb = cb;
    return st;
}

/* 1 if bits[0..nbits-1] end with their CRC (nbits includes the CRC's length bits). */
static int crc_holds(ldpc_nr_crc kind, const uint8_t *bits, int nbits)
{
    const int len = ldpc_nr_crc_length(kind);
    uint32_t crc = 0, got = 0;
    ldpc_nr_crc_compute(kind, bits, nbits - len, &crc);
    for (int i = 0; i < len; i++)
        got = (got << 1) | (bits[nbits - len + i] & 1u);
    return crc == got;
}

/* 1 if the HARQ buffer holds no channel information (only the fillers). */
static int nothing_received(const ldpc_nr_cb *cb, const float *harq)
{
    for (int b = 0; b < cb->n_ldpc; b++)
        if ((b < cb->k_prime || b >= cb->k) && harq[b] != 0.0f)
            return 0;
    return 1;
}

/* The decoder of the rows that the code blocks' HARQ buffers reach (harq: C blocks): a cached
 * one, or a new one in the place of the least recently used. */
static int decoder_for(ldpc_nr_tb_codec *x, const float *harq, ldpc_decoder **dec)
{
    const ldpc_nr_cb *cb = &x->tb.cb;
    ldpc_nr_reached_by_llr(harq, cb->n_ldpc, x->tb.c, x->reached);
    const uint64_t rows = ldpc_nr_rows_needed(x->code, x->reached);
    tb_decoder *slot = NULL;
    for (int i = 0; i < TB_DECODERS && !slot; i++)
        if (x->decs[i].rows == rows)
            slot = &x->decs[i];
    if (!slot) {
        slot = &x->decs[1]; /* decs[0], every row, stays */
        for (int i = 2; i < TB_DECODERS; i++)
            if (x->decs[i].used < slot->used)
                slot = &x->decs[i];
        ldpc_decoder_destroy(slot->dec);
        ldpc_code_destroy(slot->code);
        memset(slot, 0, sizeof *slot);
        int st = ldpc_nr_code_build(&slot->code, x->code->name, cb->bg, cb->z);
        if (st == LDPC_OK) {
            slot->code->nr = x->code->nr;
            st = ldpc_nr_code_restrict(slot->code, rows);
        }
        if (st == LDPC_OK)
            st = ldpc_decoder_create(&slot->dec, slot->code, &x->cfg);
        if (st != LDPC_OK) {
            ldpc_decoder_destroy(slot->dec);
            ldpc_code_destroy(slot->code);
            memset(slot, 0, sizeof *slot);
            return st;
        }
        slot->rows = rows;
    }
    slot->used = ++x->calls;
    *dec = slot->dec;
    return LDPC_OK;
}

static int check_e(const ldpc_nr_tb_codec *x, const int *e, int qm, long *total)
{
    *total = 0;
    for (int r = 0; r < x->tb.c; r++) {
        if (e[r] < 1 || e[r] > LDPC_NR_MAX_E || qm < 1 || e[r] % qm != 0)
            return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                              "NR TB: E of code block %d is %d (need 1..%d, a multiple of Qm %d)",
                              r, e[r], LDPC_NR_MAX_E, qm);
        *total += e[r];
    }
    return LDPC_OK;
}

int ldpc_nr_tb_encode(ldpc_nr_tb_codec *x, const uint8_t *tb_bits, const int *e, int rv, int qm,
                      uint8_t *out)
{
    if (!x || !tb_bits || !e || !out)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_nr_tb_encode: NULL argument");
    long total;
    int st = check_e(x, e, qm, &total);
    if (st != LDPC_OK)
        return st;
    const ldpc_nr_tb *tb = &x->tb;
    const ldpc_nr_cb *cb = &tb->cb;
    /* 7.2.1: TB CRC */
    for (int i = 0; i < tb->a; i++)
        x->b_bits[i] = tb_bits[i] & 1u;
    ldpc_nr_crc_attach(tb_crc_kind(tb), x->b_bits, tb->a);
    /* 5.2.2: K' - L bits of B per code block, its CRC24B, fillers (0 for the encoder) */
    const int data = cb->k_prime - tb->cb_crc;
    long offset = 0;
    for (int r = 0; r < tb->c; r++) {
        uint8_t *info = x->cb_info + (size_t)r * cb->k;
        memcpy(info, x->b_bits + (size_t)r * data, (size_t)data);
        if (tb->cb_crc)
            ldpc_nr_crc_attach(LDPC_NR_CRC24B, info, data);
        memset(info + cb->k_prime, 0, (size_t)cb->fillers);
        st = ldpc_encoder_encode(x->enc, info, x->cw, 1);
        if (st == LDPC_OK)
            st = ldpc_nr_rate_match(cb, rv, qm, e[r], x->cw, out + offset);
        if (st != LDPC_OK)
            return st;
        offset += e[r];
    }
    return LDPC_OK;
}

int ldpc_nr_tb_decode(ldpc_nr_tb_codec *x, const float *llr, const int *e, int rv, int qm,
                      float *harq, uint8_t *tb_bits, int *tb_crc_ok,
                      ldpc_frame_status *cb_status)
{
    if (!x || !llr || !e || !tb_bits || !tb_crc_ok)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_nr_tb_decode: NULL argument");
    *tb_crc_ok = 0;
    long total;
    int st = check_e(x, e, qm, &total);
    if (st != LDPC_OK)
        return st;
    const ldpc_nr_tb *tb = &x->tb;
    const ldpc_nr_cb *cb = &tb->cb;
    if (!harq) {
        harq = x->harq_own;
        memset(harq, 0, (size_t)tb->c * cb->n_ldpc * sizeof(float));
    }
    long offset = 0;
    for (int r = 0; r < tb->c; r++) {
        st = ldpc_nr_rate_recover_f32(cb, rv, qm, e[r], llr + offset,
                                      harq + (size_t)r * cb->n_ldpc);
        if (st != LDPC_OK)
            return st;
        offset += e[r];
    }
    /* every code block of the TB in one call: the backends decode them side by side */
    ldpc_decoder *dec;
    st = decoder_for(x, harq, &dec);
    if (st == LDPC_OK)
        st = ldpc_decoder_decode_f32(dec, harq, tb->c, x->cb_info, x->status);
    if (st != LDPC_OK)
        return st;
    const int data = cb->k_prime - tb->cb_crc;
    int all_ok = 1;
    for (int r = 0; r < tb->c; r++) {
        const uint8_t *info = x->cb_info + (size_t)r * cb->k;
        /* a block that received nothing decodes to the all-zero codeword, whose CRCs hold
         * (zero register start): it must not pass for data. A block the decoder stopped on
         * its CRC may not satisfy every check yet: its CRC is what vouches for it. */
        int ok = (x->status[r].parity_ok ||
                  (x->crc_stop && crc_holds(x->cb_crc_kind, info, cb->k_prime))) &&
                 !nothing_received(cb, harq + (size_t)r * cb->n_ldpc);
        if (tb->cb_crc)
            ok = ok && crc_holds(LDPC_NR_CRC24B, info, cb->k_prime);
        x->status[r].parity_ok = ok;
        all_ok &= ok;
        memcpy(x->b_bits + (size_t)r * data, info, (size_t)data);
    }
    if (cb_status)
        memcpy(cb_status, x->status, (size_t)tb->c * sizeof *cb_status);
    all_ok = all_ok && crc_holds(tb_crc_kind(tb), x->b_bits, tb->b);
    memcpy(tb_bits, x->b_bits, (size_t)tb->a);
    *tb_crc_ok = all_ok;
    return LDPC_OK;
}
