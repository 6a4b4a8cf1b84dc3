/* The column table for shared-memory banks: DVB parity columns group-major (app_slot), and the
 * order of a row's edges among its slots.
 *
 * Thread t of a layer runs row t, and the warp's 32 threads read and write the APP of their
 * rows' edge slot s together (the model: core/src/smem_banks.h). In H's column order a DVB
 * layer's slots often take 2 - 3 passes (rows of different 360-row groups packed into one
 * layer, parity columns q apart); quasi-cyclic block rows (consecutive columns) do not. A
 * message lives in its edge's slot whatever the order, so each row's edges may go to any of its
 * slots: the greedy order of ldpc_warp_bank_order, improved by ldpc_warp_bank_descent (unless
 * LDPCGPU_CUDA_BANKS=greedy), kept where it needs fewer passes than H's order. */
#include <algorithm>
#include <system_error>
#include <thread>
#include "cuda_internal.h"
#include "smem_banks.h"
#include "table_encoding.h"

namespace ldpccuda {

/* the descent's tries a warp (ldpc_warp_bank_descent): more lower DVB-T2 64800 5/6's passes a
 * little further (its floor is 0.71 of the greedy order's; 10000 tries give 0.78) at a cost in
 * the decoder's creation */
static const int kBankDescentMoves = 10000;

ParityLayout dvb_parity_layout(const ldpc_code *c)
{
    ParityLayout pl;
    if (c->dvb_q > 0 && c->n - c->k == 360 * c->dvb_q) {
        pl.k = c->k;
        pl.q = c->dvb_q;
        pl.per = 360;
    }
    return pl;
}

int parity_bank_ways(const ParityLayout &pl, int value_bytes)
{
    if (pl.q == 0)
        return 1;
    /* a warp's 32 rows g + j q of one group (a layer's rows are by group, then t) read the
     * parity values k + g + j q: the most 4-byte words that fall into one of the 32 banks (the
     * words grow with j, so a word read twice is read by neighbouring j) */
    int last[32], count[32] = {0}, ways = 1;
    std::fill(last, last + 32, -1);
    for (int j = 0; j < 32; j++) {
        const int w = (pl.k + j * pl.q) * value_bytes / 4, b = w % 32;
        count[b] += w != last[b];
        last[b] = w;
        ways = std::max(ways, count[b]);
    }
    return ways;
}

void table_to_slots(const ParityLayout &pl, std::vector<uint4> &cols)
{
    if (pl.q == 0)
        return;
    auto slot = [&](unsigned v) { return v == kTableNoEdge ? v : (unsigned)app_slot(pl, (int)v); };
    for (uint4 &u : cols)
        u = make_uint4(slot(u.x), slot(u.y), slot(u.z), slot(u.w));
}

/* one warp's rows w0 .. w0 + nt of layer L: their edges ordered among their slots (the seed
 * makes the descent's moves depend on the warp only, not on the thread that runs it) */
static void order_warp(const HostPlan &p, std::vector<uint4> &cols, size_t value_bytes, bool descent, int L,
                       int w0, unsigned seed)
{
    const int4 li = p.layers[(size_t)L];
    const int slots = 4 * li.x, gb = li.y;
    const int nt = std::min(LDPC_BANK_WARP, li.z - w0);
    unsigned col[LDPC_BANK_WARP][LDPC_BANK_MAX_EDGES], word[LDPC_BANK_WARP][LDPC_BANK_MAX_EDGES];
    unsigned char pick[LDPC_BANK_WARP][LDPC_BANK_MAX_EDGES];
    int deg[LDPC_BANK_WARP];
    for (int i = 0; i < nt; i++) {
        deg[i] = 0;
        for (int j = 0; j < slots; j++) {
            const unsigned v = table_get_slot(cols[(size_t)(gb + j / 4) * p.Z + w0 + i], j);
            if (v == kTableNoEdge)
                break; /* a row's edges fill its first slots */
            col[i][deg[i]] = v;
            word[i][deg[i]++] = (unsigned)(v * value_bytes / 4);
        }
    }
    int before = 0;
    int after = ldpc_warp_bank_order(nt, deg, word, pick, &before);
    if (descent)
        after = ldpc_warp_bank_descent(nt, deg, word, pick, kBankDescentMoves, seed);
    if (after >= before)
        return;
    for (int i = 0; i < nt; i++)
        for (int s = 0; s < deg[i]; s++)
            table_set_slot(cols[(size_t)(gb + s / 4) * p.Z + w0 + i], s, col[i][pick[i][s]]);
}

void order_edges_for_banks(const HostPlan &p, std::vector<uint4> &cols, size_t value_bytes, bool descent,
                           unsigned threads)
{
    std::vector<int2> warps; /* (layer, first row) */
    for (int L = 0; L < p.nlayers; L++) {
        const int4 li = p.layers[(size_t)L];
        if (4 * li.x > LDPC_BANK_MAX_EDGES)
            continue;
        for (int w0 = 0; w0 < li.z; w0 += LDPC_BANK_WARP)
            warps.push_back(make_int2(L, w0));
    }
    /* the warps are independent (each writes its own rows' entries): spread over the cores, as
     * the descent takes about 140 ms of one core for DVB-T2 64800 5/6 */
    const unsigned want = threads > 0 ? threads : std::min(16u, std::thread::hardware_concurrency());
    const size_t nthreads = std::max((size_t)1, std::min((size_t)want, warps.size()));
    auto share = [&](size_t first) {
        for (size_t w = first; w < warps.size(); w += nthreads)
            order_warp(p, cols, value_bytes, descent, warps[w].x, warps[w].y, (unsigned)w + 1u);
    };
    std::vector<std::thread> helpers;
    for (size_t t = 1; t < nthreads; t++) {
        try {
            helpers.emplace_back(share, t);
        } catch (const std::system_error &) { /* no thread to be had: this one runs that share */
            share(t);
        }
    }
    share(0);
    for (std::thread &th : helpers)
        th.join();
}

} // namespace ldpccuda
