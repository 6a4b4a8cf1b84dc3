/* Modulations and the demapper's rule, the public calls (include/ldpcgpu/demap.h) over
 * demap_rule.h. */
#include <math.h>
#include "demap_rule.h"
#include "error.h"
#include "ldpcgpu/demap.h"

int ldpc_modulation_bits(ldpc_modulation m)
{
    switch (m) {
    case LDPC_MOD_BPSK: return 1;
    case LDPC_MOD_QPSK: return 2;
    case LDPC_MOD_QAM16: return 4;
    case LDPC_MOD_QAM64: return 6;
    case LDPC_MOD_QAM256: return 8;
    }
    return 0;
}

int ldpc_qam_axis_level(int label, int axis_bits)
{
    if (axis_bits < 1 || axis_bits > 6 || label < 0 || label >= (1 << axis_bits))
        return 0;
    return ldpc_qam_axis_level_rule(label, axis_bits);
}

static int demap_args(const float *metric, int bits, const float *work, const float *llr, int stride,
                      const char *fn)
{
    if (!metric || !work || !llr)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "%s: NULL argument", fn);
    if (bits < 1 || bits > 12 || stride < 1)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "%s: bits %d not in 1..12 or stride %d < 1",
                          fn, bits, stride);
    return LDPC_OK;
}

int ldpc_demap_llrs(const float *metric, int bits, ldpc_demap_method method, float *work,
                    float *llr, int stride)
{
    int st = demap_args(metric, bits, work, llr, stride, "ldpc_demap_llrs");
    if (st != LDPC_OK)
        return st;
    const int points = 1 << bits;
    if (method == LDPC_DEMAP_MAX_LOG) {
        for (int s = 0; s < points; s++)
            work[s] = metric[s];
        ldpc_demap_max_log_rule(work, bits, 1, llr, stride);
        return LDPC_OK;
    }
    if (method != LDPC_DEMAP_EXACT)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_demap_llrs: method %d is not exact (0) "
                          "or max-log (1)", (int)method);
    float m_min = metric[0];
    for (int s = 1; s < points; s++)
        m_min = metric[s] < m_min ? metric[s] : m_min;
    for (int s = 0; s < points; s++)
        work[s] = ldpc_demap_exp(m_min - metric[s]);
    ldpc_demap_exact_rule(metric, &m_min, work, bits, 1, llr, stride);
    return LDPC_OK;
}

int ldpc_demap_exact_from_exp(const float *metric, float m_min, float *w, int bits, float *llr,
                              int stride)
{
    int st = demap_args(metric, bits, w, llr, stride, "ldpc_demap_exact_from_exp");
    if (st != LDPC_OK)
        return st;
    ldpc_demap_exact_rule(metric, &m_min, w, bits, 1, llr, stride);
    return LDPC_OK;
}
