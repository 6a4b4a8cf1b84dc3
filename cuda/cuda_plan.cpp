/* The decode plan: layers of the decoder row order, and the column table of the table kernel.
 * See cuda_internal.h for what a layer is and why it gives exactly the sequential schedule. */
#include <algorithm>
#include "cuda_internal.h"
#include "table_encoding.h"
#include "table_layout.h"

namespace ldpccuda {

/* Greedy layers: a row joins the current layer unless it shares a column with it; with a
 * period, a layer holds whole periods (block rows), the next one joining only if none of its
 * rows shares a column with the layer and the layer's rows stay within kMaxLayerRows (the
 * threads of a codeword): WiMAX/WiFi block rows paired by the row order, 5G NR's neighbouring
 * extension rows that share no column (rows of a block row never do). */
static void cut_layers(const ldpc_code *c, HostPlan *p, bool merge)
{
    const int m = c->m;
    std::vector<int> mark((size_t)c->n, -1);
    const int period = c->z; /* a quasi-cyclic code's block rows; 0 for other codes */
    const bool join_periods = merge && c->z > 0;
    p->layer_ptr.clear();
    p->layer_ptr.push_back(0);
    int cur = 0, rows_in = 0;
    auto touches = [&](int r) {
        for (int e = c->row_ptr[r]; e < c->row_ptr[r + 1]; e++)
            if (mark[(size_t)c->col_idx[e]] == cur)
                return true;
        return false;
    };
    for (int i = 0; i < m; i++) {
        const int r = p->layer_rows[(size_t)i];
        bool conflict = rows_in >= kMaxLayerRows /* threads per codeword of the table kernel */;
        if (period > 0 && i % period == 0 && i > 0 && !conflict) {
            /* a new period: it joins the layer whole or not at all */
            const int end = std::min(m, i + period);
            conflict = !join_periods || rows_in + (end - i) > kMaxLayerRows;
            for (int k = i; k < end && !conflict; k++)
                conflict = touches(p->layer_rows[(size_t)k]);
        }
        if (!conflict)
            conflict = touches(r);
        if (conflict && rows_in > 0) {
            p->layer_ptr.push_back(i);
            cur++;
            rows_in = 0;
        }
        for (int e = c->row_ptr[r]; e < c->row_ptr[r + 1]; e++)
            mark[(size_t)c->col_idx[e]] = cur;
        rows_in++;
    }
    p->layer_ptr.push_back(m);
}

int build_plan(const ldpc_code *c, const ldpc_decoder_config *cfg, HostPlan *p, bool merge)
{
    const int m = c->m, n = c->n;
    /* DVB's order comes in layers of its own (column-disjoint sets packed across its 360-row
     * groups, code_row_order.c), taken as they are; every other code's is cut greedily */
    p->layer_rows.assign((size_t)m, 0);
    std::vector<int> fixed_ptr((size_t)m + 1);
    int fixed_layers = 0;
    int st = ldpc_decoder_row_layers(c, ldpc_row_order_of(c, cfg, LDPC_BACKEND_CUDA),
                                     p->layer_rows.data(), fixed_ptr.data(), &fixed_layers);
    if (st != LDPC_OK)
        return st;
    if (fixed_layers > 0)
        p->layer_ptr.assign(fixed_ptr.begin(), fixed_ptr.begin() + fixed_layers + 1);
    else
        cut_layers(c, p, merge);
    p->nlayers = (int)p->layer_ptr.size() - 1;
    p->max_layer_rows = 0;
    for (int L = 0; L < p->nlayers; L++)
        p->max_layer_rows = std::max(p->max_layer_rows, p->layer_ptr[L + 1] - p->layer_ptr[L]);

    /* output positions: only alist codes whose information bits are not a prefix need them */
    p->out_pos.clear();
    if (cfg->output_bits == LDPC_OUTPUT_INFO && !c->info_is_prefix)
        p->out_pos.assign(c->info_pos, c->info_pos + c->k);

    /* the table kernel: rows of at most 32 edges, a table of sane size */
    p->table_ok = false;
    p->table.clear();
    p->layers.clear();
    if (n > (1 << 28)) {
        p->table_why = "n too large for 32-bit byte offsets";
        return LDPC_OK;
    }
    if (c->max_row_degree > 32) {
        p->table_why = "a row has more than 32 edges";
        return LDPC_OK;
    }
    p->Z = p->max_layer_rows;
    /* 20: kernels with 16-bit tables only (table_layout.h); choose_variant falls back to 32
     * where 16 bits cannot hold the code */
    p->dmax = c->max_row_degree <= 8 ? 8 : c->max_row_degree <= 16 ? 16 : c->max_row_degree <= kDmaxTwoBlocks ? kDmaxTwoBlocks : 32;
    long long groups = 0;
    p->degree_split = c->z > 0 ? c->z : p->max_layer_rows;
    p->run_degrees.clear();
    for (int L = 0; L < p->nlayers; L++) {
        int dl = 0, dlo = 1 << 30, d_run[2] = {-1, -1};
        bool two_runs = true;
        for (int i = p->layer_ptr[L]; i < p->layer_ptr[L + 1]; i++) {
            const int r = p->layer_rows[(size_t)i], d = c->row_ptr[r + 1] - c->row_ptr[r];
            dl = std::max(dl, d);
            dlo = std::min(dlo, d);
            const int run = i - p->layer_ptr[L] >= p->degree_split;
            if (d_run[run] < 0)
                d_run[run] = d;
            two_runs = two_runs && d_run[run] == d;
        }
        if (d_run[1] < 0)
            d_run[1] = d_run[0];
        p->run_degrees.push_back(two_runs && dl < 256 ? d_run[0] | d_run[1] << 8 : 0);
        const int ng = (dl + 3) / 4;
        /* w: the degree of every row when all rows of the layer have the same one (every
         * block row of a QC code, DVB's groups but the first), else 0: the kernel then runs a
         * row update specialised for that degree, without per-edge "missing edge" checks.
         * (Paired WiMAX r1/2 block rows of 6 and 7 edges get 0; the small-batch plan's
         * row_degrees kernels read run_degrees instead: a degree per thread, one byte select
         * per layer, which cost DVB-T2 and WiFi 1.2% of their throughput in every kernel) */
        const int uniform = dl == dlo ? dl : 0;
        p->layers.push_back(make_int4(ng, (int)groups, p->layer_ptr[L + 1] - p->layer_ptr[L], uniform));
        groups += ng;
    }
    const long long entries = groups * p->Z;
    if (entries > (64ll << 20) / (long long)sizeof(uint4)) {
        p->table_why = "column table larger than 64 MiB (too many small layers)";
        p->layers.clear();
        return LDPC_OK;
    }
    p->total_groups = (int)groups;
    p->table.assign((size_t)entries, make_uint4(kTableNoEdge, kTableNoEdge, kTableNoEdge, kTableNoEdge));
    for (int L = 0; L < p->nlayers; L++) {
        const int gb = p->layers[(size_t)L].y;
        for (int i = p->layer_ptr[L]; i < p->layer_ptr[L + 1]; i++) {
            const int t = i - p->layer_ptr[L];
            const int r = p->layer_rows[(size_t)i];
            for (int e = c->row_ptr[r], j = 0; e < c->row_ptr[r + 1]; e++, j++)
                table_set_slot(p->table[(size_t)(gb + j / 4) * p->Z + t], j, (unsigned)c->col_idx[e]);
        }
    }
    p->table_ok = true;
    return LDPC_OK;
}

} // namespace ldpccuda
