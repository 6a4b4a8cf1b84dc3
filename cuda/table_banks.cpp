/* The column table for shared-memory banks: DVB parity columns group-major (app_slot), and the
 * order of a row's edges among its slots.
 *
 * Thread t of a layer runs row t, and the warp's 32 threads read and write the APP of their
 * rows' edge slot s together: one shared-memory access per slot, which takes as many passes
 * (wavefronts) as the most distinct 4-byte words any one of the 32 banks holds among them.
 * In H's column order a DVB layer's slots are often 2 - 3 times that (rows of different
 * 360-row groups packed into one layer, parity columns q apart); quasi-cyclic block rows
 * (consecutive columns) are not. The rows' results do not depend on the order of their edges
 * (min-sum: the two smallest magnitudes, the sign product and each edge's own update; the table
 * kernel runs no sum-product), and a message lives in its edge's slot whatever the order, so
 * each row's edges may go to any of its slots: greedily, slot by slot, each thread takes the
 * remaining edge whose bank holds the fewest words of the slot so far (ties: H's order), and a
 * warp keeps the result only where it needs fewer passes than H's order. */
#include <algorithm>
#include <cstring>
#include "cuda_internal.h"
#include "table_encoding.h"

namespace ldpccuda {

namespace {

constexpr int kWarp = 32, kBanks = 32, kMaxEdges = 32;

/* one slot's words, by bank: how many passes the warp's access takes */
struct SlotWords {
    unsigned words[kBanks][kWarp]; /* bank b's distinct words: words[b][0 .. count[b]) */
    int count[kBanks] = {0}, passes = 0;
    bool has(unsigned w) const
    {
        const unsigned *b = words[w % kBanks];
        return std::find(b, b + count[w % kBanks], w) != b + count[w % kBanks];
    }
    int cost_of(unsigned w) const { return has(w) ? 0 : count[w % kBanks]; }
    void add(unsigned w)
    {
        if (has(w))
            return;
        const unsigned b = w % kBanks;
        words[b][count[b]++] = w;
        passes = std::max(passes, count[b]);
    }
};

/* passes of every slot of the warp's rows (word[i][s], deg[i]) */
int warp_passes(const unsigned word[][kMaxEdges], const int *deg, int nt, int dmax)
{
    int total = 0;
    for (int s = 0; s < dmax; s++) {
        SlotWords sw;
        for (int i = 0; i < nt; i++)
            if (s < deg[i])
                sw.add(word[i][s]);
        total += sw.passes;
    }
    return total;
}

} // namespace

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

void order_edges_for_banks(const HostPlan &p, std::vector<uint4> &cols, size_t value_bytes)
{
    for (int L = 0; L < p.nlayers; L++) {
        const int4 li = p.layers[(size_t)L];
        const int slots = 4 * li.x, gb = li.y, rows = li.z;
        if (slots > kMaxEdges)
            continue;
        for (int w0 = 0; w0 < rows; w0 += kWarp) {
            const int nt = std::min(kWarp, rows - w0);
            unsigned col[kWarp][kMaxEdges], word[kWarp][kMaxEdges], best[kWarp][kMaxEdges];
            int deg[kWarp], dmax = 0;
            for (int i = 0; i < nt; i++) {
                deg[i] = 0;
                for (int j = 0; j < slots; j++) {
                    const unsigned v = table_get_slot(cols[(size_t)(gb + j / 4) * p.Z + w0 + i], j);
                    if (v == kTableNoEdge)
                        break; /* a row's edges fill its first slots */
                    col[i][deg[i]] = v;
                    word[i][deg[i]++] = (unsigned)(v * value_bytes / 4);
                }
                dmax = std::max(dmax, deg[i]);
            }
            const int before = warp_passes(word, deg, nt, dmax);
            if (before <= dmax)
                continue; /* every slot in one pass already */
            bool used[kWarp][kMaxEdges] = {};
            int after = 0; /* the greedy order's passes, slot by slot */
            for (int s = 0; s < dmax; s++) {
                SlotWords sw;
                for (int i = 0; i < nt; i++) {
                    if (s >= deg[i])
                        continue;
                    int pick = -1, cost = 1 << 30;
                    for (int e = 0; e < deg[i]; e++)
                        if (!used[i][e] && sw.cost_of(word[i][e]) < cost) {
                            cost = sw.cost_of(word[i][e]);
                            pick = e;
                        }
                    used[i][pick] = true;
                    sw.add(word[i][pick]);
                    best[i][s] = col[i][pick];
                }
                after += sw.passes;
            }
            if (after >= before)
                continue;
            for (int i = 0; i < nt; i++)
                for (int s = 0; s < deg[i]; s++)
                    table_set_slot(cols[(size_t)(gb + s / 4) * p.Z + w0 + i], s, best[i][s]);
        }
    }
}

} // namespace ldpccuda
