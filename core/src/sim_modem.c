/* A frame's channel LLRs on the host for every modulation (sim_modem.h). */
#include <math.h>
#include "sim_modem.h"

void sim_modem_of(const ldpc_sim_config *cfg, double sigma, ldpc_sim_modem *m)
{
    ldpc_sim_modem_init(m, ldpc_modulation_bits(cfg->modulation),
                        cfg->demapper == LDPC_DEMAP_EXACT, sigma);
}

int sim_modem_scratch(const ldpc_sim_config *cfg, int n)
{
    const int bits = ldpc_modulation_bits(cfg->modulation);
    return bits > 2 ? ldpc_sim_axes(n, bits) : 0;
}

/* Axes a0 .. a0 + LANES - 1 of a frame (the ones past naxes are computed and dropped): their
 * labels and received values side by side, the metrics of every level, the rule on all the
 * lanes at once (demap_rule.h); returns the largest |LLR| kept. */
#define LANES LDPC_DEMAP_MAX_LANES

static float qam_lanes(const ldpc_sim_modem *m, int a0, int naxes, const uint8_t *cw, int n,
                       const float *dev, float *llr)
{
    const int h = m->axis_bits, points = 1 << h;
    float y[LANES], m_min[LANES], out[LDPC_SIM_MAX_AXIS_BITS * LANES];
    float metric[(1 << LDPC_SIM_MAX_AXIS_BITS) * LANES], w[(1 << LDPC_SIM_MAX_AXIS_BITS) * LANES];
    for (int l = 0; l < LANES; l++) {
        const int a = a0 + l;
        unsigned label = 0;
        for (int t = 0; t < h; t++) {
            const int i = ldpc_sim_axis_bit(a, m->bits, t);
            label = (label << 1) | (cw && a < naxes && i < n ? cw[i] & 1u : 0u);
        }
        y[l] = ldpc_sim_axis_value(m, label, a < naxes ? dev[a] : 0.0f);
        m_min[l] = INFINITY;
    }
    float *mt = m->exact ? metric : w; /* as ldpc_sim_axis_llrs */
    for (int g = 0; g < points; g++)
        for (int l = 0; l < LANES; l++) {
            mt[g * LANES + l] = ldpc_sim_axis_metric(m, y[l], g);
            m_min[l] = mt[g * LANES + l] < m_min[l] ? mt[g * LANES + l] : m_min[l];
        }
    if (m->exact) {
        for (int g = 0; g < points; g++)
            for (int l = 0; l < LANES; l++)
                w[g * LANES + l] = ldpc_demap_exp(m_min[l] - metric[g * LANES + l]);
        ldpc_demap_exact_rule(metric, m_min, w, h, LANES, out, LANES);
    } else {
        ldpc_demap_max_log_rule(w, h, LANES, out, LANES);
    }
    float biggest = 0.0f;
    for (int l = 0; l < LANES && a0 + l < naxes; l++)
        for (int t = 0; t < h; t++) {
            const int i = ldpc_sim_axis_bit(a0 + l, m->bits, t);
            if (i < n) {
                const float v = out[t * LANES + l];
                llr[i] = v;
                biggest = fabsf(v) > biggest ? fabsf(v) : biggest;
            }
        }
    return biggest;
}

float sim_modem_llrs(const ldpc_sim_kernels *kern, const ldpc_sim_modem *m, uint64_t seed,
                     uint64_t frame, const uint8_t *cw, int n, float *dev, float *llr)
{
    if (m->axis_bits == 1)
        return kern->llrs(seed, frame, cw, n, m->sigma, m->gain, llr);
    const int naxes = ldpc_sim_axes(n, m->bits);
    kern->normals(seed, frame, naxes, dev);
    float biggest = 0.0f;
    for (int a0 = 0; a0 < naxes; a0 += LANES) {
        const float b = qam_lanes(m, a0, naxes, cw, n, dev, llr);
        biggest = b > biggest ? b : biggest;
    }
    return biggest;
}
