/* 5G NR CRCs (3GPP TS 38.212 5.1): generator polynomials, shift register starting at zero,
 * bits in transmission order, no reflection and no final inversion. */
#include "error.h"
#include "ldpcgpu/nr.h"

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

int ldpc_nr_crc_compute(ldpc_nr_crc kind, const uint8_t *bits, int nbits, uint32_t *crc)
{
    if ((int)kind < 0 || (int)kind > 2 || !crc || nbits < 0 || (nbits > 0 && !bits))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_nr_crc_compute: bad argument");
    const int len = crc_defs[kind].length;
    const uint32_t poly = crc_defs[kind].poly, top = 1u << (len - 1),
                   mask = (len == 32) ? 0xFFFFFFFFu : ((1u << len) - 1u);
    /* Division of a(D) D^L by g(D): each input bit enters at the top of the register. */
    uint32_t reg = 0;
    for (int i = 0; i < nbits; i++) {
        const uint32_t feedback = ((reg & top) != 0) ^ (bits[i] & 1u);
        reg = (reg << 1) & mask;
        if (feedback)
            reg ^= poly;
    }
    *crc = reg;
    return LDPC_OK;
}
