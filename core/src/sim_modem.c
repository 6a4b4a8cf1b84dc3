/* A frame's channel LLRs on the host for every modulation (sim_modem.h). */
#include <math.h>
#include "sim_modem.h"

void sim_modem_of(const ldpc_sim_config *cfg, double sigma, ldpc_sim_modem *m)
{
    ldpc_sim_modem_init(m, ldpc_modulation_bits(cfg->modulation),
                        cfg->demapper == LDPC_DEMAP_EXACT, sigma);
}

int sim_modem_scratch(const ldpc_sim_modem *m, int n)
{
    return m->axis_bits == 1 ? 0 : ldpc_sim_axes(n, m->bits);
}

float sim_modem_llrs(const ldpc_sim_kernels *kern, const ldpc_sim_modem *m, uint64_t seed,
                     uint64_t frame, const uint8_t *cw, int n, float *dev, float *llr)
{
    if (m->axis_bits == 1)
        return kern->llrs(seed, frame, cw, n, m->sigma, m->gain, llr);
    const int naxes = ldpc_sim_axes(n, m->bits), h = m->axis_bits;
    kern->normals(seed, frame, naxes, dev);
    float biggest = 0.0f;
    for (int a = 0; a < naxes; a++) {
        unsigned label = 0;
        for (int t = 0; t < h; t++) {
            const int i = ldpc_sim_axis_bit(a, m->bits, t);
            label = (label << 1) | (cw && i < n ? cw[i] & 1u : 0u);
        }
        float l[LDPC_SIM_MAX_AXIS_BITS];
        ldpc_sim_axis_llrs(m, label, dev[a], l);
        for (int t = 0; t < h; t++) {
            const int i = ldpc_sim_axis_bit(a, m->bits, t);
            if (i < n) {
                llr[i] = l[t];
                biggest = fabsf(l[t]) > biggest ? fabsf(l[t]) : biggest;
            }
        }
    }
    return biggest;
}
