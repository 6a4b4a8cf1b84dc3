/* 5G NR CRCs (3GPP TS 38.212 5.1): generator polynomials, shift register starting at zero,
 * bits in transmission order, no reflection and no final inversion. The register runs on up
 * to 64 streams at once (nr_crc_lanes.h). */
#include <string.h>
#include "error.h"
#include "nr_crc_lanes.h"

typedef struct crc_def {
    int length;
    uint32_t poly; /* g(D) without its D^L term, D^(L-1) as the top bit */
} crc_def;

/* gCRC24A(D) = D^24+D^23+D^18+D^17+D^14+D^11+D^10+D^7+D^6+D^5+D^4+D^3+D+1
 * gCRC24B(D) = D^24+D^23+D^6+D^5+D+1
 * gCRC16(D)  = D^16+D^12+D^5+1 */
static const crc_def crc_defs[3] = {
    {24, 0x864CFBu},
    {24, 0x800063u},
    {16, 0x1021u},
};

int ldpc_nr_crc_length(ldpc_nr_crc kind)
{
    if ((int)kind < 0 || (int)kind > 2)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "unknown NR CRC %d", (int)kind);
    return crc_defs[kind].length;
}

int ldpc_crc_stop_kind(ldpc_crc_stop stop, ldpc_nr_crc *kind)
{
    switch (stop) {
    case LDPC_CRC_STOP_CRC24A: *kind = LDPC_NR_CRC24A; return LDPC_OK;
    case LDPC_CRC_STOP_CRC24B: *kind = LDPC_NR_CRC24B; return LDPC_OK;
    case LDPC_CRC_STOP_CRC16: *kind = LDPC_NR_CRC16; return LDPC_OK;
    default:
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "early_stop_crc %d names no CRC", (int)stop);
    }
}

void nr_crc_lanes_init(nr_crc_lanes *s, ldpc_nr_crc kind)
{
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->len = crc_defs[kind].length;
    for (int j = 0; j < s->len; j++)
        if (crc_defs[kind].poly >> j & 1u)
            s->taps[s->ntaps++] = j;
}

/* f[0 .. count-1] of the recurrence, with f[-32 .. -1] the 32 values before. Inlined once per
 * CRC with its polynomial a constant, so that the taps unroll into plain XORs; f[-1] stays in
 * a register, which keeps the one short dependency (tap L-1) out of memory. */
static inline __attribute__((always_inline)) void feed_linear(uint64_t *f, const uint64_t *bits,
                                                              int count, int len, uint32_t poly)
{
    uint64_t prev = f[-1];
    for (int i = 0; i < count; i++) {
        uint64_t x = bits[i];
#pragma GCC unroll 32
        for (int j = 0; j < len - 1; j++)
            if (poly >> j & 1u)
                x ^= f[i - len + j];
        if (poly >> (len - 1) & 1u)
            x ^= prev;
        f[i] = prev = x;
    }
}

void nr_crc_lanes_feed(nr_crc_lanes *s, const uint64_t *bits, int count)
{
    /* the ring's 32 > L entries still hold zeros where t - L + j < 0 */
    uint64_t buf[32 + 256];
    for (int i0 = 0; i0 < count; i0 += 256) {
        const int m = count - i0 < 256 ? count - i0 : 256;
        for (int q = 0; q < 32; q++) /* f_{t-32} .. f_{t-1} */
            buf[q] = s->f[(s->t - 32 + q) & 31];
        switch (s->kind) {
        case LDPC_NR_CRC24A: feed_linear(buf + 32, bits + i0, m, 24, crc_defs[0].poly); break;
        case LDPC_NR_CRC24B: feed_linear(buf + 32, bits + i0, m, 24, crc_defs[1].poly); break;
        default: feed_linear(buf + 32, bits + i0, m, 16, crc_defs[2].poly); break;
        }
        for (int q = 0; q < 32; q++) /* the last 32 back into the ring */
            s->f[(s->t + m - 32 + q) & 31] = buf[m + q];
        s->t += m;
    }
}

void nr_crc_lanes_feed_unpacked(nr_crc_lanes *s, const uint8_t *bits, int count)
{
    uint64_t chunk[256];
    for (int i0 = 0; i0 < count; i0 += 256) {
        const int m = count - i0 < 256 ? count - i0 : 256;
        for (int i = 0; i < m; i++)
            chunk[i] = bits[i0 + i] & 1u;
        nr_crc_lanes_feed(s, chunk, m);
    }
}

uint64_t nr_crc_lanes_register_bit(const nr_crc_lanes *s, int i)
{
    uint64_t r = 0;
    for (int q = 0; q < s->ntaps && s->taps[q] <= i; q++) {
        const long at = s->t - 1 - i + s->taps[q];
        if (at >= 0)
            r ^= s->f[at & 31];
    }
    return r;
}

uint64_t nr_crc_lanes_zero(const nr_crc_lanes *s)
{
    uint64_t any = 0;
    for (int i = 0; i < s->len; i++)
        any |= nr_crc_lanes_register_bit(s, i);
    return ~any;
}

int ldpc_nr_crc_compute(ldpc_nr_crc kind, const uint8_t *bits, int nbits, uint32_t *crc)
{
    if ((int)kind < 0 || (int)kind > 2 || !crc || nbits < 0 || (nbits > 0 && !bits))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_nr_crc_compute: bad argument");
    /* the division of a(D) D^L by g(D), on lane 0 */
    nr_crc_lanes s;
    nr_crc_lanes_init(&s, kind);
    nr_crc_lanes_feed_unpacked(&s, bits, nbits);
    uint32_t reg = 0;
    for (int i = 0; i < s.len; i++)
        reg |= (uint32_t)(nr_crc_lanes_register_bit(&s, i) & 1u) << i;
    *crc = reg;
    return LDPC_OK;
}

int ldpc_nr_crc_attach(ldpc_nr_crc kind, uint8_t *bits, int ndata)
{
    uint32_t crc = 0;
    int st = ldpc_nr_crc_compute(kind, bits, ndata, &crc);
    if (st != LDPC_OK)
        return st;
    const int len = crc_defs[kind].length;
    for (int i = 0; i < len; i++) /* p_0 = the register's top bit first */
        bits[ndata + i] = (uint8_t)((crc >> (len - 1 - i)) & 1u);
    return LDPC_OK;
}
