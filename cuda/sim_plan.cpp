/* The simulator's encoding plan (sim_gpu.h): which information columns each row of H holds,
 * and how the parity follows from their syndrome. The CPU encoder's choice of method decides
 * the family (ldpc_encoder_create checks the shapes: DVB's accumulator, the dual-diagonal
 * WiMAX/WiFi base matrix), so a code gets the GPU's random codewords exactly when the CPU has
 * the matching structured encoder; the GPU's codewords equal that encoder's (test_cuda_sim). */
#include <cstring>
#include "sim_gpu.h"

extern "C" {
#include "encoder_internal.h"
#include "error.h"
}

namespace ldpccuda {

/* The shift of block column kb that survives the sum over the block rows (encoder_qc.c:
 * every other shift appears an even number of times); -1 if none or several do. */
static int surviving_shift(const ldpc_code *c)
{
    const int kb = c->base_cols - c->base_rows;
    std::vector<int> odd((size_t)c->z, 0);
    for (int r = 0; r < c->base_rows; r++) {
        const int s = c->base[r * c->base_cols + kb];
        if (s >= 0)
            odd[(size_t)s] ^= 1;
    }
    int y = -1, count = 0;
    for (int s = 0; s < c->z; s++)
        if (odd[(size_t)s]) {
            y = s;
            count++;
        }
    return count == 1 ? y : -1;
}

int sim_build_plan(const ldpc_code *c, ldpc_sim_codeword cw, SimPlan *p)
{
    *p = SimPlan();
    p->n = c->n;
    p->k = c->k;
    p->m = c->m;
    if (!c->info_is_prefix)
        p->info_pos.assign(c->info_pos, c->info_pos + c->k);
    if (cw == LDPC_SIM_ALL_ZERO) {
        p->solve = SIM_ALL_ZERO;
        return LDPC_OK;
    }
    /* random codewords: the CPU encoder's method says which structure H has */
    ldpc_encoder *enc = nullptr;
    if (ldpc_encoder_create(&enc, c) != LDPC_OK)
        return LDPC_ERR_UNSUPPORTED;
    const bool dvb = strcmp(enc->method, "dvb-accumulator") == 0;
    const bool qc = strcmp(enc->method, "qc-dual-diagonal") == 0;
    ldpc_encoder_destroy(enc);
    if ((!dvb && !qc) || !c->info_is_prefix || c->k > 65535)
        return LDPC_ERR_UNSUPPORTED;
    if (qc) {
        p->z = c->z;
        p->mb = c->base_rows;
        p->y = surviving_shift(c);
        if (p->mb > kSimMaxBlockRows || p->y < 0 || c->m != p->mb * p->z)
            return LDPC_ERR_UNSUPPORTED;
        const int kb = c->base_cols - c->base_rows;
        for (int r = 0; r < p->mb; r++)
            p->h[r] = c->base[r * c->base_cols + kb];
        p->solve = SIM_DUAL_DIAG;
    } else {
        p->solve = SIM_PREFIX;
    }
    /* H's rows restricted to the information columns (columns ascending, so the information
     * part is each row's prefix) */
    p->syn_ptr.assign((size_t)c->m + 1, 0);
    for (int r = 0; r < c->m; r++) {
        for (int e = c->row_ptr[r]; e < c->row_ptr[r + 1] && c->col_idx[e] < c->k; e++)
            p->syn_col.push_back((uint16_t)c->col_idx[e]);
        p->syn_ptr[(size_t)r + 1] = (int)p->syn_col.size();
    }
    return LDPC_OK;
}

} // namespace ldpccuda
