/* DVB encoder: the standard's parity accumulator, straight from the address table.
 *
 * Information bit m = 360*g + j flips the accumulators (x + j*q) mod (n-k) for every address x
 * of table row g; afterwards p_i ^= p_(i-1). No walk over H, no precomputed state.
 *
 * Why it is fast: write the n-k accumulators as a 360 x q matrix, position r = s + q*t
 * (s = r mod q, t = r div q). Address x = s + q*t then moves, as j runs over 0..359, along
 * column s: (x + j*q) mod (n-k) = s + q*((t + j) mod 360). Keeping that matrix transposed
 * (column s = 360 contiguous bytes), one table entry is two contiguous XORs of the group's
 * 360 information bytes into a rotated column. The accumulator pass reads it back in
 * transmission order. */
#include <string.h>
#include "encoder_internal.h"
#include "error.h"

/* The largest n-k of the DVB codes is 50400 (DVB-S2X 2/9); the scratch lives on the stack. */
#define DVB_MAX_PARITY 64800

/* dst[i] ^= src[i], i < len, eight bytes at a time. */
static void xor_bytes(uint8_t *dst, const uint8_t *src, int len)
{
    int i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t a, b;
        memcpy(&a, dst + i, 8);
        memcpy(&b, src + i, 8);
        a ^= b;
        memcpy(dst + i, &a, 8);
    }
    for (; i < len; i++)
        dst[i] ^= src[i];
}

static void dvb_encode_frame(const ldpc_encoder *enc, const uint8_t *info, uint8_t *cw)
{
    const ldpc_code *c = enc->code;
    const ldpc_dvb_table *t = c->dvb;
    const int k = c->k, m = c->n - c->k, q = c->dvb_q;
    uint8_t column[DVB_MAX_PARITY]; /* column[s*360 + t] = accumulator s + q*t, before p ^= */

    for (int i = 0; i < k; i++)
        cw[i] = info[i] & 1u;
    memset(column, 0, (size_t)m);
    const uint16_t *addr = t->addr;
    for (int g = 0; g < t->rows; addr += t->row_len[g], g++) {
        const uint8_t *bits = cw + 360 * g;
        for (int e = 0; e < t->row_len[g]; e++) {
            const int s = addr[e] % q, rot = addr[e] / q;
            uint8_t *col = column + 360 * s;
            xor_bytes(col + rot, bits, 360 - rot);      /* j = 0 .. 359-rot */
            xor_bytes(col, bits + 360 - rot, rot);      /* j wraps to rows 0 .. rot-1 */
        }
    }
    uint8_t *parity = cw + k, acc = 0;
    for (int row = 0; row < 360; row++)
        for (int s = 0; s < q; s++) {
            acc ^= column[360 * s + row];
            parity[q * row + s] = acc;
        }
}

int ldpc_encoder_init_dvb(ldpc_encoder *enc)
{
    if (!enc || !enc->code)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_encoder_init_dvb: NULL argument");
    const ldpc_code *c = enc->code;
    if (!c->dvb || c->dvb_q <= 0)
        return LDPC_ERR_UNSUPPORTED;
    const int m = c->n - c->k;
    if (m != 360 * c->dvb_q || m > DVB_MAX_PARITY || c->k != 360 * c->dvb->rows)
        return ldpc_error(LDPC_ERR_UNSUPPORTED,
                          "code %s: n-k=%d, q=%d, k=%d do not fit the DVB encoder", c->name, m,
                          c->dvb_q, c->k);
    enc->method = "dvb-accumulator";
    enc->state = NULL;
    enc->free_state = NULL;
    enc->encode_frame = dvb_encode_frame;
    return LDPC_OK;
}
