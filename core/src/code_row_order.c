/* The decoder row order (the layered schedule's order of the parity checks), a property of the
 * code used by every layered decoder: the fixed-point model (decoder_fixed.h, rule 4), the
 * cpu-simd integer plans and the GPU plan. */
#include "code_internal.h"
#include "error.h"

/* DVB codes: rows by 360-row groups (row g + q t for t = 0..359 of group g), so that the rows
 * of one group touch pairwise different columns and can be updated in parallel; every other
 * code: H's own order. */
int ldpc_decoder_row_order(const ldpc_code *c, int *order)
{
    if (!c || !order)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_decoder_row_order: NULL argument");
    const int q = c->dvb_q;
    if (c->family == LDPC_FAMILY_DVB && q > 0 && c->m == 360 * q) {
        int i = 0;
        for (int g = 0; g < q; g++)
            for (int t = 0; t < 360; t++)
                order[i++] = g + q * t;
        return LDPC_OK;
    }
    for (int r = 0; r < c->m; r++)
        order[r] = r;
    return LDPC_OK;
}
