/* The simulator's 5G NR link (sim_nr.h). */
#include <string.h>
#include "code_internal.h"
#include "error.h"
#include "sim_nr.h"

int sim_nr_link_of(const ldpc_code *code, const ldpc_sim_config *cfg, sim_nr_link *l)
{
    memset(l, 0, sizeof *l);
    if (code->family != LDPC_FAMILY_NR || code->nr.e == 0)
        return LDPC_OK;
    l->active = 1;
    l->np = code->nr;
    if (!cfg)
        return LDPC_OK;
    const int bits = ldpc_modulation_bits(cfg->modulation);
    if (l->np.qm != 1 && l->np.qm != bits)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "simulator: %s interleaves for Qm %d but the modulation %s carries %d "
                          "bits a symbol",
                          code->name, l->np.qm, ldpc_modulation_name(cfg->modulation), bits);
    l->np.qm = bits;
    if (l->np.e % bits != 0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "simulator: %s: E = %d is not a multiple of the %d bits of a %s symbol",
                          code->name, l->np.e, bits, ldpc_modulation_name(cfg->modulation));
    if (cfg->noise == LDPC_SIM_NOISE_I8_TABLE)
        return ldpc_error(LDPC_ERR_UNSUPPORTED,
                          "simulator: the i8-table noise draws the decoder's LLRs directly; a "
                          "rate-matched NR code needs box-muller noise");
    return LDPC_OK;
}

int sim_nr_info_bits(const ldpc_code *code)
{
    int k = 0;
    ldpc_code_link_bits(code, &k, NULL);
    return k;
}

double sim_nr_rate(const ldpc_code *code)
{
    int k = 0, n = 1;
    ldpc_code_link_bits(code, &k, &n);
    return (double)k / (double)n;
}

void sim_nr_info_rule(const sim_nr_link *l, uint8_t *info)
{
    if (!l->active)
        return;
    if (l->crc.on)
        ldpc_nr_crc_attach(l->crc.kind, info, l->crc.nbits - ldpc_nr_crc_length(l->crc.kind));
    memset(info + l->np.cb.k_prime, 0, (size_t)l->np.cb.fillers);
}

void sim_nr_link_decoder(sim_nr_link *l, const ldpc_code *code, const ldpc_decoder_config *dc)
{
    if (!l->active || ldpc_crc_stop_rule_init(&l->crc, dc, code) != LDPC_OK)
        l->crc.on = 0;
}

size_t sim_nr_scratch_bytes(const sim_nr_link *l) { return l->active ? (size_t)l->np.e : 0; }

int sim_nr_scratch_floats(const sim_nr_link *l, const ldpc_sim_config *cfg)
{
    return l->active ? l->np.e + sim_modem_scratch(cfg, l->np.e) : 0;
}

float sim_nr_llrs(const ldpc_sim_kernels *kern, const ldpc_sim_modem *m, uint64_t seed,
                  uint64_t frame, const sim_nr_link *l, const uint8_t *cw, uint8_t *tx,
                  float *scratch, float *llr)
{
    const ldpc_nr_code_params *np = &l->np;
    float *llr_e = scratch, *dev = scratch + np->e;
    if (cw)
        ldpc_nr_rate_match(&np->cb, np->rv, np->qm, np->e, cw, tx);
    const float biggest = sim_modem_llrs(kern, m, seed, frame, cw ? tx : NULL, np->e, dev, llr_e);
    memset(llr, 0, sizeof(float) * (size_t)np->cb.n_ldpc);
    ldpc_nr_rate_recover_f32(&np->cb, np->rv, np->qm, np->e, llr_e, llr);
    return biggest;
}
