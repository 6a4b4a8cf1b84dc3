/* CRC-aided early stop: which codes take it and the per-frame check (decoder_crc_stop.h). */
#include "decoder_crc_stop.h"
#include "error.h"

int ldpc_crc_stop_rule_init(ldpc_crc_stop_rule *r, const ldpc_decoder_config *cfg,
                            const ldpc_code *code)
{
    r->on = 0;
    r->kind = LDPC_NR_CRC24B;
    r->nbits = 0;
    if (cfg->early_stop_crc == LDPC_CRC_STOP_NONE)
        return LDPC_OK;
    ldpc_nr_crc kind;
    if (ldpc_crc_stop_kind(cfg->early_stop_crc, &kind) != LDPC_OK)
        return LDPC_ERR_INVALID_ARGUMENT;
    /* a code block of 38.212: the NR codes carry its K' (nr.h, ldpc_code_nr_params) */
    if (code->family != LDPC_FAMILY_NR || code->nr.cb.bg == 0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "early_stop_crc %s: CRC-aided early stop is for 5G NR code blocks "
                          "(nr:K:E codes), and %s is not one",
                          ldpc_crc_stop_name(cfg->early_stop_crc), code->name);
    const int len = ldpc_nr_crc_length(kind), kp = code->nr.cb.k_prime;
    if (kp <= len || kp > code->n)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "early_stop_crc %s on %s: K' = %d bits hold no data before the CRC's %d",
                          ldpc_crc_stop_name(cfg->early_stop_crc), code->name, kp, len);
    r->on = 1;
    r->kind = kind;
    r->nbits = kp;
    return LDPC_OK;
}

int ldpc_crc_stop_frame_passes(const ldpc_crc_stop_rule *r, const uint8_t *hard)
{
    nr_crc_lanes s;
    nr_crc_lanes_init(&s, r->kind);
    nr_crc_lanes_feed_unpacked(&s, hard, r->nbits);
    return (int)(nr_crc_lanes_zero(&s) & 1u);
}

void ldpc_crc_stop_remainders(const ldpc_crc_stop_rule *r, uint32_t *out)
{
    nr_crc_lanes s;
    nr_crc_lanes_init(&s, r->kind);
    uint32_t low = 0; /* the generator less D^L */
    for (int i = 0; i < s.ntaps; i++)
        low |= 1u << s.taps[i];
    uint32_t rem = 1u; /* D^0, the last bit's */
    for (int j = r->nbits - 1; j >= 0; j--) {
        out[j] = rem;
        rem <<= 1; /* times D, reduced */
        if (rem >> s.len & 1u)
            rem = (rem ^ (1u << s.len)) ^ low;
    }
}
