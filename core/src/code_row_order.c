/* The decoder row order (the layered schedule's order of the parity checks), a property of the
 * code used by every layered decoder: the fixed-point model (decoder_fixed.h, rule 4), the
 * cpu-simd integer plans and the GPU plan. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "code_internal.h"
#include "error.h"
#include "smem_banks.h"

/* DVB codes are visited by 360-row groups (rows g + q t, t = 0..359, of group g): the rows of a
 * group share a column only where the code's table gives one column group two addresses
 * congruent mod q (a weight-2 circulant), so a group is a few sets of pairwise column-disjoint
 * rows, each of which a layered decoder may update in parallel (one GPU layer).
 *
 * Visited in t order, a group whose shared rows lie a distance d apart falls into 360 / d runs
 * of d rows (DVB-T2 64800 r1/2 has a group of 33 runs of 11 rows; r3/4 349 runs in 45 groups),
 * and a GPU layer of 11 rows takes about as long as one of 360. So the rows of a group are
 * coloured - rows that share a column get different colours, by DSATUR (the row with the most
 * differently coloured neighbours next, ties to more neighbours, then to the lower t; each row
 * the smallest colour its neighbours leave: two colours where the shared rows form even cycles,
 * the usual case) - and visited colour by colour, t ascending within a colour. Where that gives
 * no fewer runs than t order (a group without shared columns, a few groups of 16200 codes) the
 * group keeps t order. DVB-T2 64800 r1/2: 98 runs in all instead of 162, r3/4 70 instead of 349.
 * The runs shorter than the longest are then packed into shared layers (dvb_row_order below):
 * DVB-T2 64800 r1/2 90 layers (every one of 360 rows), r3/4 50 (test_dvb_codes). */

enum { GROUP = 360, MAX_COLORS = 64 };

/* Runs of consecutive rows of rows[0..count) that touch pairwise different columns. mark: one
 * int per column, each below *stamp; *stamp advances past the values this call used. */
static int disjoint_runs(const ldpc_code *c, const int *rows, int count, int *mark, int *stamp)
{
    int runs = 1;
    ++*stamp;
    for (int i = 0; i < count; i++) {
        const int r = rows[i];
        int shared = 0;
        for (int e = c->row_ptr[r]; e < c->row_ptr[r + 1]; e++)
            shared |= mark[c->col_idx[e]] == *stamp;
        if (shared) {
            runs++;
            ++*stamp;
        }
        for (int e = c->row_ptr[r]; e < c->row_ptr[r + 1]; e++)
            mark[c->col_idx[e]] = *stamp;
    }
    return runs;
}

/* Group g coloured (DSATUR) into order[0..359]; 0 if it needs more than MAX_COLORS colours. */
static int dvb_group_colored(const ldpc_code *c, int q, int g, int *order)
{
    int color[GROUP], saturation[GROUP], neighbours[GROUP];
    uint64_t taken[GROUP]; /* colours of each row's coloured neighbours */
    for (int t = 0; t < GROUP; t++) {
        color[t] = -1;
        saturation[t] = 0;
        taken[t] = 0;
        neighbours[t] = 0;
        const int r = g + q * t;
        for (int e = c->row_ptr[r]; e < c->row_ptr[r + 1]; e++)
            for (int f = c->col_ptr[c->col_idx[e]]; f < c->col_ptr[c->col_idx[e] + 1]; f++)
                neighbours[t] += c->row_idx[f] != r && c->row_idx[f] % q == g;
    }
    int ncolors = 0;
    for (int step = 0; step < GROUP; step++) {
        int t = -1;
        for (int u = 0; u < GROUP; u++)
            if (color[u] < 0 &&
                (t < 0 || saturation[u] > saturation[t] ||
                 (saturation[u] == saturation[t] && neighbours[u] > neighbours[t])))
                t = u;
        int k = 0;
        while (k < MAX_COLORS && ((taken[t] >> k) & 1))
            k++;
        if (k == MAX_COLORS)
            return 0;
        color[t] = k;
        if (k + 1 > ncolors)
            ncolors = k + 1;
        const int r = g + q * t;
        for (int e = c->row_ptr[r]; e < c->row_ptr[r + 1]; e++)
            for (int f = c->col_ptr[c->col_idx[e]]; f < c->col_ptr[c->col_idx[e] + 1]; f++) {
                const int r2 = c->row_idx[f];
                if (r2 == r || r2 % q != g)
                    continue;
                const int t2 = r2 / q;
                if (!((taken[t2] >> k) & 1)) {
                    taken[t2] |= (uint64_t)1 << k;
                    saturation[t2]++;
                }
            }
    }
    int i = 0;
    for (int k = 0; k < ncolors; k++)
        for (int t = 0; t < GROUP; t++)
            if (color[t] == k)
                order[i++] = g + q * t;
    return 1;
}

/* The rows of each group in the order above, cut into runs of column-disjoint rows: run_ptr
 * (m+1 entries) receives where each run starts; returns the number of runs, or -1 out of memory. */
static int dvb_group_runs(const ldpc_code *c, int *grouped, int *run_ptr)
{
    const int q = c->dvb_q;
    int *mark = malloc((size_t)c->n * sizeof(int));
    if (!mark)
        return -1;
    for (int j = 0; j < c->n; j++)
        mark[j] = 0;
    int stamp = 0, colored[GROUP];
    for (int g = 0; g < q; g++) {
        int *plain = grouped + GROUP * g;
        for (int t = 0; t < GROUP; t++)
            plain[t] = g + q * t;
        if (dvb_group_colored(c, q, g, colored) &&
            disjoint_runs(c, colored, GROUP, mark, &stamp) <
                disjoint_runs(c, plain, GROUP, mark, &stamp))
            memcpy(plain, colored, sizeof colored);
    }
    int runs = 0;
    ++stamp;
    for (int i = 0; i < c->m; i++) {
        const int r = grouped[i];
        int shared = i % GROUP == 0;
        for (int e = c->row_ptr[r]; e < c->row_ptr[r + 1]; e++)
            shared |= mark[c->col_idx[e]] == stamp;
        if (shared) {
            run_ptr[runs++] = i;
            ++stamp;
        }
        for (int e = c->row_ptr[r]; e < c->row_ptr[r + 1]; e++)
            mark[c->col_idx[e]] = stamp;
    }
    run_ptr[runs] = c->m;
    free(mark);
    return runs;
}

typedef struct {
    int start, len; /* a run of grouped[] */
    int idx;        /* its number in grouped[] order */
    int bin;        /* the layer it is packed into */
    int place;      /* that layer's place in the order */
} dvb_run;

/* longest first; equal lengths in the order of the groups (a deterministic packing) */
static int dvb_run_longer(const void *a, const void *b)
{
    const dvb_run *x = a, *y = b;
    return x->len != y->len ? y->len - x->len : x->start - y->start;
}

/* layers in their place in the order, the runs of a layer in their own order */
static int dvb_run_by_layer(const void *a, const void *b)
{
    const dvb_run *x = a, *y = b;
    return x->place != y->place ? x->place - y->place : x->start - y->start;
}

/* Runs shorter than the longest (the colours of a group split by a weight-2 circulant, half a
 * group each in DVB-T2 64800 r1/2) each leave a GPU layer part empty: a parallel decoder runs
 * as many rows at once as the longest layer has. So they are packed into layers of at most the
 * longest run's rows (a group's 360 where any group is one colour; DVB-S2 64800 9/10's groups
 * are all split, and layers of 360 rows there would leave a third of the threads idle), first
 * fit in decreasing length, a run joining a layer only where it shares no column with the runs
 * already there (a layer stays a set of column-disjoint rows: any such set is one step of an
 * exact layered schedule). The runs of a layer keep their order. */
/* layer_ptr NULL: the order only (*nlayers left as it is) */
static int dvb_row_order(const ldpc_code *c, int *order, int *layer_ptr, int *nlayers)
{
    const int m = c->m, words = (c->n + 63) / 64;
    int *grouped = malloc((size_t)m * sizeof(int));
    int *run_ptr = malloc(((size_t)m + 1) * sizeof(int));
    dvb_run *runs = malloc((size_t)m * sizeof(dvb_run));
    uint64_t *cols = NULL; /* per layer of packed runs: the columns its rows touch */
    int *fill = NULL, *place = NULL; /* per layer: its rows; its place in the order */
    int nruns = grouped && run_ptr && runs ? dvb_group_runs(c, grouped, run_ptr) : -1;
    if (nruns >= 0) {
        cols = calloc((size_t)nruns * (size_t)words, sizeof(uint64_t));
        fill = malloc((size_t)nruns * sizeof(int));
        place = malloc((size_t)nruns * sizeof(int));
    }
    if (nruns < 0 || !cols || !fill || !place) {
        free(grouped);
        free(run_ptr);
        free(runs);
        free(cols);
        free(fill);
        free(place);
        return ldpc_error(LDPC_ERR_NO_MEMORY, "decoder row order: out of memory (code %s)",
                          c->name);
    }
    for (int k = 0; k < nruns; k++) {
        runs[k].start = run_ptr[k];
        runs[k].len = run_ptr[k + 1] - run_ptr[k];
        runs[k].idx = k;
    }
    qsort(runs, (size_t)nruns, sizeof *runs, dvb_run_longer);
    const int cap = runs[0].len; /* the longest run: the width of a parallel decoder's layer */
    int bins = 0;
    for (int k = 0; k < nruns; k++) {
        dvb_run *u = &runs[k];
        uint64_t *mine = cols + (size_t)bins * (size_t)words; /* the next free layer as scratch */
        for (int i = u->start; i < u->start + u->len; i++) {
            const int r = grouped[i];
            for (int e = c->row_ptr[r]; e < c->row_ptr[r + 1]; e++)
                mine[c->col_idx[e] / 64] |= (uint64_t)1 << (c->col_idx[e] % 64);
        }
        u->bin = bins;
        for (int b = 0; b < bins && u->len < cap; b++) {
            if (fill[b] + u->len > cap)
                continue;
            const uint64_t *theirs = cols + (size_t)b * (size_t)words;
            int shared = 0;
            for (int w = 0; w < words && !shared; w++)
                shared = (theirs[w] & mine[w]) != 0;
            if (!shared) {
                u->bin = b;
                break;
            }
        }
        if (u->bin == bins) {
            fill[bins++] = u->len;
        } else {
            uint64_t *theirs = cols + (size_t)u->bin * (size_t)words;
            for (int w = 0; w < words; w++) {
                theirs[w] |= mine[w];
                mine[w] = 0;
            }
            fill[u->bin] += u->len;
        }
    }
    /* the layers' order: from each layer on to the one holding the next colour of one of its
     * groups, else to the one holding the earliest run left; a group's colours then follow
     * each other where they can, as in the group order (cpu-simd reads the APP from L3 or DRAM
     * for DVB 64800, and a group's colours touch the same column groups) */
    int *bin_of = fill; /* reused: the layer of each run in grouped[] order */
    for (int k = 0; k < nruns; k++)
        bin_of[runs[k].idx] = runs[k].bin;
    for (int b = 0; b < bins; b++)
        place[b] = -1;
    for (int placed = 0, cur = bin_of[0]; placed < bins; placed++) {
        place[cur] = placed;
        int next = -1;
        for (int k = 0; k + 1 < nruns && next < 0; k++)
            if (bin_of[k] == cur && run_ptr[k] / GROUP == run_ptr[k + 1] / GROUP &&
                place[bin_of[k + 1]] < 0)
                next = bin_of[k + 1];
        for (int k = 0; k < nruns && next < 0; k++)
            if (place[bin_of[k]] < 0)
                next = bin_of[k];
        cur = next;
    }
    for (int k = 0; k < nruns; k++)
        runs[k].place = place[runs[k].bin];
    qsort(runs, (size_t)nruns, sizeof *runs, dvb_run_by_layer);
    int i = 0, layers = 0;
    for (int k = 0; k < nruns; k++) {
        if (k == 0 || runs[k].place != runs[k - 1].place) {
            if (layer_ptr)
                layer_ptr[layers] = i;
            layers++;
        }
        memcpy(order + i, grouped + runs[k].start, (size_t)runs[k].len * sizeof(int));
        i += runs[k].len;
    }
    if (layer_ptr) {
        layer_ptr[layers] = m;
        *nlayers = layers;
    }
    free(cols);
    free(fill);
    free(place);
    free(grouped);
    free(run_ptr);
    free(runs);
    return LDPC_OK;
}

/* WiMAX and WiFi codes are visited by block rows (z rows each, pairwise column-disjoint), and
 * block rows that share no base column are visited one after the other, so that a GPU layer
 * (cuda_plan.cpp: a run of rows that touch different columns, at most QC_LAYER_ROWS of them)
 * holds two or more block rows: fewer layers, each a barrier and a dependent chain per
 * iteration on the GPU. The staircase parity part makes neighbouring block rows share a
 * column, so H's order gives none (WiMAX 2304 r1/2: 12 layers; in this order 6). The block
 * rows are partitioned into the fewest sets of pairwise disjoint block rows (exact, over the
 * subsets: at most 12 block rows); sets in the order of their lowest block row, the set of the
 * lowest remaining block row preferring the lowest other block rows (the order stays close to
 * H's), block rows ascending within a set. Any row order is a valid layered schedule; this one
 * gives the FER of H's order within noise (docs/quality.md, "Row order of the WiMAX and WiFi
 * codes"). */
enum { QC_MAX_BLOCK_ROWS = 12, QC_LAYER_ROWS = 384 /* cuda/table_layout.h kMaxLayerRows */ };

static int qc_row_order(const ldpc_code *c, int *order)
{
    const int mb = c->base_rows, nb = c->base_cols, z = c->z;
    const int per_layer = QC_LAYER_ROWS / z; /* block rows a layer may hold */
    const unsigned all = (1u << mb) - 1;
    /* independent[s]: the block rows of s share no column and fit one layer */
    _Static_assert(QC_MAX_BLOCK_ROWS <= 16, "subset tables below");
    uint8_t independent[1 << QC_MAX_BLOCK_ROWS], fewest[1 << QC_MAX_BLOCK_ROWS];
    for (unsigned s = 0; s <= all; s++) {
        int ok = __builtin_popcount(s) <= per_layer;
        for (int j = 0; j < nb && ok; j++) {
            int users = 0;
            for (int r = 0; r < mb; r++)
                users += (s >> r & 1u) && c->base[r * nb + j] >= 0;
            ok = users <= 1;
        }
        independent[s] = (uint8_t)ok;
    }
    /* fewest[s]: the fewest sets covering s; the set of s's lowest block row is one of them */
    fewest[0] = 0;
    for (unsigned s = 1; s <= all; s++) {
        const unsigned low = s & -s, rest = s & ~low;
        int best = 255;
        for (unsigned t = rest;; t = (t - 1) & rest) { /* every subset t of rest */
            if (independent[t | low] && 1 + fewest[rest & ~t] < best)
                best = 1 + fewest[rest & ~t];
            if (t == 0)
                break;
        }
        fewest[s] = (uint8_t)best;
    }
    int i = 0;
    for (unsigned s = all; s;) {
        const unsigned low = s & -s, rest = s & ~low;
        unsigned pick = low;
        /* subsets of rest in increasing value: lower block rows first */
        for (unsigned t = 0;; t = (t - rest) & rest) {
            if (independent[t | low] && 1 + fewest[rest & ~t] == fewest[s]) {
                pick = t | low;
                break;
            }
            if (t == rest)
                break;
        }
        for (int r = 0; r < mb; r++)
            if (pick >> r & 1u)
                for (int q = 0; q < z; q++)
                    order[i++] = r * z + q;
        s &= ~pick;
    }
    return LDPC_OK;
}

/* WIDE (DVB): the rows of the group order above, one by one, each into the first layer with
 * room (at most 384 rows; NARROW: 256, narrow_pays below) whose rows share none of its columns,
 * else into a new layer; layers in the order they were opened, each layer's rows by group, then
 * t. The group order's layers are as long as a group's longest column-disjoint set, and the
 * high rates' sets are short or clash across groups (mean rows a layer: DVB-S2 64800 9/10 151
 * of 180, 8/9 218 of 360); refilled row by row they become fuller layers of up to 384 rows
 * (9/10 43 -> 23 layers, 8/9 33 -> 23, DVB-T2 5/6 50 -> 35; r1/2 90 -> 85), which a GPU runs a
 * layer at a time. It is a different layered schedule, not a regrouping of the same one: the
 * quality grid holds it to float (docs/quality.md, "Row orders"). On a CPU its layers' rows
 * read columns scattered over the whole codeword: 25 - 35% slower there (docs/benchmarks.md). */
enum { WIDE_ROWS = 384 /* cuda/table_layout.h kMaxLayerRows */ };
enum { NARROW_ROWS = 256 /* cuda/table_layout.h kNarrowThreads */ };
enum { WIDE_128_ROWS = 128, WIDE_64_ROWS = 64 }; /* (short_layers_pay) */
/* the batches for which AUTO keeps GROUPS rather than WIDE_64 (short_layers_pay): two blocks of
 * the one-block kernel on each of 132 SMs */
enum { WIDE_64_MIN_BATCH = 265 };

/* PACKED's largest layer: WIDE's 384 rows for the 64800 frames (a codeword a block, one block
 * an SM whatever its rows), NARROW's 256 for the shorter ones, whose int8 half2 kernels hold
 * three blocks an SM at up to 256 rows and two above (short_narrow_pays; DVB-S2 16200 3/4 in
 * 14 layers of up to 309 rows ran 7% slower than NARROW's 20 of 256). */
static int packed_rows(const ldpc_code *c)
{
    return c->n >= 64800 ? WIDE_ROWS : NARROW_ROWS;
}

/* PACKED's colour choice for a row (packed_colouring): the layer holding most of the rows of
 * its group up to this many t either side, so that a warp's rows read nearer APP words (fewer
 * shared-memory passes), for the 64800 frames; the least filled layer for the shorter ones.
 * H200, 20 it int8 kernel-only, PACKED window 0 / 4 / 8 (layers), Gb/s: DVB-T2 64800 5/6 10.01
 * (33) / 10.49 (31) / 10.24 (32), 4/5 10.84 / 11.29 / 11.39 (34), DVB-S2 64800 8/9 12.81 /
 * 12.84 / 12.83 (19); DVB-S2 16200 5/6 15.85 (18) / 14.79 (19) / 13.78 (18, layers of up to 169
 * rows: a sixth warp), 3/5 13.98 / 13.86 / 13.86 (26). */
static int packed_window(const ldpc_code *c)
{
    return c->n >= 64800 ? 4 : 0;
}

static int int_less(const void *a, const void *b)
{
    const int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The row degree a refill keys a layer by: DVB's row 0 has one edge fewer than its group's
 * other rows (the staircase starts there); it joins its group's layers rather than opening
 * one of its own. */
static int refill_degree(const ldpc_code *c, int r)
{
    return c->row_ptr[r + 1] - c->row_ptr[r] + (r == 0);
}

/* The rows of grouped (the group order, dvb_row_order) refilled into layers of at most cap rows
 * (WIDE: 384, NARROW: 256); by_degree: a row joins only layers of its own degree
 * (refill_degree). layer_ptr and *nlayers receive the layers. */
static int dvb_wide_order(const ldpc_code *c, const int *grouped, int cap, int by_degree, int *order,
                          int *layer_ptr, int *nlayers)
{
    const int m = c->m, words = (c->n + 63) / 64;
    int *layer_of = malloc((size_t)m * sizeof(int));
    int *start = malloc(((size_t)m + 1) * sizeof(int));
    uint64_t *cols = NULL; /* per layer: the columns its rows touch */
    int *fill = NULL, *degree = NULL, nl = 0, room = 0, first_open = 0; /* per layer */
    int st = layer_of && start ? LDPC_OK : LDPC_ERR_NO_MEMORY;
    for (int i = 0; i < m && st == LDPC_OK; i++) {
        const int r = grouped[i];
        const int d = refill_degree(c, r);
        int b = first_open;
        for (; b < nl; b++) {
            if (fill[b] == cap || (by_degree && degree[b] != d))
                continue;
            const uint64_t *theirs = cols + (size_t)b * (size_t)words;
            int shared = 0;
            for (int e = c->row_ptr[r]; e < c->row_ptr[r + 1] && !shared; e++)
                shared = (int)(theirs[c->col_idx[e] / 64] >> (c->col_idx[e] % 64)) & 1;
            if (!shared)
                break;
        }
        if (b == nl) {
            if (nl == room) {
                room = room ? 2 * room : 64;
                uint64_t *nc = realloc(cols, (size_t)room * (size_t)words * sizeof(uint64_t));
                int *nf = realloc(fill, (size_t)room * sizeof(int));
                int *nd = realloc(degree, (size_t)room * sizeof(int));
                if (nc)
                    cols = nc;
                if (nf)
                    fill = nf;
                if (nd)
                    degree = nd;
                if (!nc || !nf || !nd) {
                    st = LDPC_ERR_NO_MEMORY;
                    break;
                }
            }
            memset(cols + (size_t)nl * (size_t)words, 0, (size_t)words * sizeof(uint64_t));
            degree[nl] = d;
            fill[nl++] = 0;
        }
        uint64_t *mine = cols + (size_t)b * (size_t)words;
        for (int e = c->row_ptr[r]; e < c->row_ptr[r + 1]; e++)
            mine[c->col_idx[e] / 64] |= (uint64_t)1 << (c->col_idx[e] % 64);
        fill[b]++;
        layer_of[i] = b;
        while (first_open < nl && fill[first_open] == cap)
            first_open++;
    }
    if (st == LDPC_OK) {
        /* counting sort by layer, then each layer's rows by (group, t) */
        for (int b = 0; b <= nl; b++)
            start[b] = 0;
        for (int i = 0; i < m; i++)
            start[layer_of[i] + 1]++;
        for (int b = 0; b < nl; b++)
            start[b + 1] += start[b];
        for (int b = 0; b < nl; b++)
            fill[b] = start[b];
        for (int i = 0; i < m; i++)
            order[fill[layer_of[i]]++] = grouped[i];
        const int q = c->dvb_q; /* a layer's rows by (group, t): key (r mod q) 360 + r / q */
        for (int i = 0; i < m; i++)
            order[i] = (order[i] % q) * GROUP + order[i] / q;
        for (int b = 0; b < nl; b++)
            qsort(order + start[b], (size_t)(start[b + 1] - start[b]), sizeof(int), int_less);
        for (int i = 0; i < m; i++)
            order[i] = order[i] / GROUP + q * (order[i] % GROUP);
        memcpy(layer_ptr, start, ((size_t)nl + 1) * sizeof(int));
        *nlayers = nl;
    }
    free(layer_of);
    free(start);
    free(cols);
    free(fill);
    free(degree);
    return st;
}

/* Edges of the layers whose rows have more than one degree (order, layer_ptr: nl layers) */
static long long mixed_edges(const ldpc_code *c, const int *order, const int *layer_ptr, int nl)
{
    long long mixed = 0;
    for (int b = 0; b < nl; b++) {
        long long edges = 0;
        int lo = 1 << 30, hi = 0;
        for (int i = layer_ptr[b]; i < layer_ptr[b + 1]; i++) {
            const int d = c->row_ptr[order[i] + 1] - c->row_ptr[order[i]];
            lo = d < lo ? d : lo;
            hi = d > hi ? d : hi;
            edges += d;
        }
        mixed += lo != hi ? edges : 0;
    }
    return mixed;
}

/* WIDE / NARROW of a DVB code: the rows refilled by degree (dvb_wide_order) where that takes no
 * more layers and puts fewer edges in layers of two degrees, else refilled as they come. A layer
 * of rows of one degree runs on the GPU with a row update specialised for it, any other layer
 * with the generic update (cuda/kernel_table.cuh, layer_update); DVB-S2X 64800 22/30 (rows of
 * 16 and 17 edges) had 73% of its edges in layers of both, and by degree it has 47 layers
 * instead of 48 (H200, 20 it kernel-only: int8 6.10 -> 9.00 Gb/s, int16 4.27 -> 4.65).
 * DVB-S2 and DVB-T2 64800 codes' rows have one degree a rate (and row 0 one fewer): both
 * refills are the same. Of the shorter frames only DVB-S2 / DVB-T2 16200 1/4 and DVB-S2X 16200
 * 4/15 change, at the same layer count, and AUTO runs them in GROUPS. WIDE_BY_DEGREE
 * (by_degree_only): by degree whatever it takes (ldpc_row_order_of). layer_ptr may be NULL. */
static int dvb_refill_order(const ldpc_code *c, int cap, int by_degree_only, int *order, int *layer_ptr,
                            int *nlayers)
{
    const int m = c->m;
    int *grouped = malloc((size_t)m * sizeof(int));
    int *alt = malloc((size_t)m * sizeof(int));
    int *ptr = malloc(((size_t)m + 1) * sizeof(int));
    int *alt_ptr = malloc(((size_t)m + 1) * sizeof(int));
    int gl = 0, nl = 0, alt_nl = 0;
    int st = grouped && alt && ptr && alt_ptr ? dvb_row_order(c, grouped, NULL, &gl) : LDPC_ERR_NO_MEMORY;
    if (st == LDPC_OK)
        st = dvb_wide_order(c, grouped, cap, by_degree_only, order, ptr, &nl);
    if (st == LDPC_OK && !by_degree_only) {
        st = dvb_wide_order(c, grouped, cap, 1, alt, alt_ptr, &alt_nl);
        if (st == LDPC_OK && alt_nl <= nl &&
            mixed_edges(c, alt, alt_ptr, alt_nl) < mixed_edges(c, order, ptr, nl)) {
            memcpy(order, alt, (size_t)m * sizeof(int));
            memcpy(ptr, alt_ptr, ((size_t)alt_nl + 1) * sizeof(int));
            nl = alt_nl;
        }
    }
    if (st == LDPC_OK && layer_ptr) {
        memcpy(layer_ptr, ptr, ((size_t)nl + 1) * sizeof(int));
        *nlayers = nl;
    }
    free(grouped);
    free(alt);
    free(ptr);
    free(alt_ptr);
    return st == LDPC_ERR_NO_MEMORY
               ? ldpc_error(st, "decoder row order: out of memory (code %s)", c->name)
               : st;
}

/* One DSATUR colouring of the rows into k layers of at most cap rows (dvb_packed_order below):
 * 1 where it succeeds, color[] then holding each row's layer. nb_ptr / nb: each row's
 * neighbours (the rows it shares a column with). The uncoloured row with the most differently
 * coloured neighbours goes next, ties to the one with more neighbours (a bucket queue, so the
 * whole colouring is linear in the edges of that graph); of the layers its neighbours leave
 * it, it takes the one holding most of rows r - window q .. r + window q of its group (DVB
 * rows g + q t: packed_window), ties to the least filled. k <= 64. */
static int packed_colouring(int m, const int *nb_ptr, const int *nb, int k, int cap, int q, int window,
                            int *color)
{
    int maxdeg = 0;
    for (int r = 0; r < m; r++)
        maxdeg = nb_ptr[r + 1] - nb_ptr[r] > maxdeg ? nb_ptr[r + 1] - nb_ptr[r] : maxdeg;
    const int span = maxdeg + 1, keys = (k + 1) * span;
    int *head = malloc((size_t)keys * sizeof(int)), *next = malloc((size_t)m * sizeof(int));
    int *prev = malloc((size_t)m * sizeof(int)), *key = malloc((size_t)m * sizeof(int));
    uint64_t *taken = calloc((size_t)m, sizeof(uint64_t));
    int fill[64] = {0}, ok = head && next && prev && key && taken ? 1 : -1;
    if (ok > 0) {
        for (int i = 0; i < keys; i++)
            head[i] = -1;
        for (int r = m - 1; r >= 0; r--) { /* each bucket lists its rows lowest first */
            key[r] = nb_ptr[r + 1] - nb_ptr[r];
            color[r] = -1;
            prev[r] = -1;
            next[r] = head[key[r]];
            if (next[r] >= 0)
                prev[next[r]] = r;
            head[key[r]] = r;
        }
    }
    int top = keys - 1;
    for (int step = 0; ok > 0 && step < m; step++) {
        while (head[top] < 0)
            top--;
        const int r = head[top];
        head[top] = next[r];
        if (next[r] >= 0)
            prev[next[r]] = -1;
        int near[64] = {0}; /* this row's group neighbours t - window .. t + window, by layer */
        for (int d = 1; d <= window; d++) {
            if (r - d * q >= 0 && color[r - d * q] >= 0)
                near[color[r - d * q]]++;
            if (r + d * q < m && color[r + d * q] >= 0)
                near[color[r + d * q]]++;
        }
        int best = -1;
        for (int L = 0; L < k; L++)
            if (!((taken[r] >> L) & 1) && fill[L] < cap &&
                (best < 0 || near[L] > near[best] || (near[L] == near[best] && fill[L] < fill[best])))
                best = L;
        if (best < 0) {
            ok = 0;
            break;
        }
        color[r] = best;
        fill[best]++;
        for (int e = nb_ptr[r]; e < nb_ptr[r + 1]; e++) {
            const int s = nb[e];
            if (color[s] >= 0 || ((taken[s] >> best) & 1))
                continue;
            taken[s] |= (uint64_t)1 << best;
            /* one more colour among its neighbours: up a bucket */
            if (prev[s] >= 0)
                next[prev[s]] = next[s];
            else
                head[key[s]] = next[s];
            if (next[s] >= 0)
                prev[next[s]] = prev[s];
            key[s] += span;
            prev[s] = -1;
            next[s] = head[key[s]];
            if (next[s] >= 0)
                prev[next[s]] = s;
            head[key[s]] = s;
            top = key[s] > top ? key[s] : top;
        }
    }
    free(head);
    free(next);
    free(prev);
    free(key);
    free(taken);
    return ok;
}

/* Each row's neighbours (the rows it shares a column with) as *nb_ptr (m + 1) / *nb, listed
 * in two passes: counted, then written. LDPC_ERR_NO_MEMORY, or LDPC_OK and the caller frees
 * both. */
static int row_neighbours(const ldpc_code *c, int **nb_ptr, int **nb)
{
    const int m = c->m;
    int *ptr = malloc(((size_t)m + 1) * sizeof(int)), *list = NULL;
    int *mark = malloc((size_t)m * sizeof(int)); /* the row that last listed each row */
    int st = ptr && mark ? LDPC_OK : LDPC_ERR_NO_MEMORY;
    for (int pass = 0; pass < 2 && st == LDPC_OK; pass++) {
        size_t total = 0;
        for (int r = 0; r < m; r++)
            mark[r] = -1;
        for (int r = 0; r < m; r++) {
            ptr[r] = (int)total;
            for (int e = c->row_ptr[r]; e < c->row_ptr[r + 1]; e++) {
                const int j = c->col_idx[e];
                for (int f = c->col_ptr[j]; f < c->col_ptr[j + 1]; f++) {
                    const int s = c->row_idx[f];
                    if (s != r && mark[s] != r) {
                        mark[s] = r;
                        if (list)
                            list[total] = s;
                        total++;
                    }
                }
            }
        }
        ptr[m] = (int)total;
        if (pass == 0 && !(list = malloc((total ? total : 1) * sizeof(int))))
            st = LDPC_ERR_NO_MEMORY;
    }
    free(mark);
    if (st != LDPC_OK) {
        free(ptr);
        free(list);
        return st;
    }
    *nb_ptr = ptr;
    *nb = list;
    return LDPC_OK;
}

/* PACKED: the rows of the refill into layers of at most cap rows (packed_rows: WIDE's 384 for
 * the 64800 frames, NARROW's 256 for shorter ones) coloured again into as few column-disjoint
 * layers of at most cap rows as packed_colouring finds, trying k = ceil(m / cap), ceil(m / cap)
 * + 1, ... below the refill's count (at most 64); where none succeeds, the refill's order.
 * Layers in colour order, a layer's rows by group, then t. DVB-S2 64800 8/9 and 9/10: 19 layers
 * instead of WIDE's 23; DVB-S2/T2 64800 5/6: 31 instead of 35, 4/5: 34 instead of 36; DVB-S2
 * 16200 5/6: 18 instead of NARROW's 22, 3/5: 26 instead of 31 (test_dvb_codes). */
static int dvb_packed_order(const ldpc_code *c, int cap, int *order, int *layer_ptr, int *nlayers)
{
    const int m = c->m, q = c->dvb_q;
    int *ptr = malloc(((size_t)m + 1) * sizeof(int));
    int nl = 0;
    int st = ptr ? dvb_refill_order(c, cap, 0, order, ptr, &nl) : LDPC_ERR_NO_MEMORY;
    const int lowest = (m + cap - 1) / cap, highest = nl - 1 < 64 ? nl - 1 : 64;
    int *nb_ptr = NULL, *nb = NULL, *color = NULL;
    if (st == LDPC_OK && lowest <= highest) {
        color = malloc((size_t)m * sizeof(int));
        st = color ? row_neighbours(c, &nb_ptr, &nb) : LDPC_ERR_NO_MEMORY;
        for (int k = lowest; st == LDPC_OK && k <= highest; k++) {
            const int ok = packed_colouring(m, nb_ptr, nb, k, cap, q, packed_window(c), color);
            if (ok < 0)
                st = LDPC_ERR_NO_MEMORY;
            if (ok <= 0)
                continue;
            int n = 0;
            nl = 0;
            for (int L = 0; L < k; L++) {
                const int first = n;
                for (int g = 0; g < q; g++)
                    for (int t = 0; t < GROUP; t++)
                        if (color[g + q * t] == L)
                            order[n++] = g + q * t;
                if (n > first)
                    ptr[nl++] = first;
            }
            ptr[nl] = m;
            break;
        }
    }
    if (st == LDPC_OK && layer_ptr) {
        memcpy(layer_ptr, ptr, ((size_t)nl + 1) * sizeof(int));
        *nlayers = nl;
    }
    free(ptr);
    free(nb_ptr);
    free(nb);
    free(color);
    return st == LDPC_ERR_NO_MEMORY ? ldpc_error(st, "decoder row order: out of memory (code %s)", c->name)
                                    : st;
}

static int is_dvb(const ldpc_code *c)
{
    return c->family == LDPC_FAMILY_DVB && c->dvb_q > 0 && c->m == GROUP * c->dvb_q;
}

/* H: H's own order, every code. Otherwise: DVB codes GROUPS (by 360-row groups, each group's
 * rows coloured into sets that touch pairwise different columns, the sets shorter than the
 * longest packed into layers) or WIDE / NARROW / WIDE_BY_DEGREE / WIDE_128 / WIDE_64 (the same
 * rows refilled into layers of up to 384 / 256 / 384 rows of one degree / 128 / 64) or PACKED
 * (WIDE's rows coloured into fewer layers of up to 384 where DSATUR finds them); WiMAX and
 * WiFi codes: block rows paired (above); every other code (5G NR, whose rows' order the
 * decoder's quality on punctured columns depends on; alist codes): H's own order. */
int ldpc_decoder_row_layers(const ldpc_code *c, ldpc_row_order kind, int *order, int *layer_ptr,
                            int *nlayers)
{
    if (!c || !order || !nlayers)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_decoder_row_layers: NULL argument");
    *nlayers = 0;
    if (kind == LDPC_ROW_ORDER_H) {
        for (int r = 0; r < c->m; r++)
            order[r] = r;
        return LDPC_OK;
    }
    if (is_dvb(c))
        return kind == LDPC_ROW_ORDER_WIDE     ? dvb_refill_order(c, WIDE_ROWS, 0, order, layer_ptr, nlayers)
               : kind == LDPC_ROW_ORDER_NARROW ? dvb_refill_order(c, NARROW_ROWS, 0, order, layer_ptr, nlayers)
               : kind == LDPC_ROW_ORDER_WIDE_BY_DEGREE
                   ? dvb_refill_order(c, WIDE_ROWS, 1, order, layer_ptr, nlayers)
               : kind == LDPC_ROW_ORDER_WIDE_128
                   ? dvb_refill_order(c, WIDE_128_ROWS, 0, order, layer_ptr, nlayers)
               : kind == LDPC_ROW_ORDER_WIDE_64
                   ? dvb_refill_order(c, WIDE_64_ROWS, 0, order, layer_ptr, nlayers)
               : kind == LDPC_ROW_ORDER_PACKED
                   ? dvb_packed_order(c, packed_rows(c), order, layer_ptr, nlayers)
                   : dvb_row_order(c, order, layer_ptr, nlayers);
    if ((c->family == LDPC_FAMILY_WIMAX || c->family == LDPC_FAMILY_WIFI) && c->z > 0 &&
        c->base && c->base_rows <= QC_MAX_BLOCK_ROWS && c->m == c->base_rows * c->z &&
        c->z <= QC_LAYER_ROWS)
        return qc_row_order(c, order);
    for (int r = 0; r < c->m; r++)
        order[r] = r;
    return LDPC_OK;
}

int ldpc_decoder_row_order(const ldpc_code *c, ldpc_row_order kind, int *order)
{
    int nlayers;
    return ldpc_decoder_row_layers(c, kind, order, NULL, &nlayers);
}

/* Layers of a DVB code's order of this kind; 0 where it cannot be built. mixed (or NULL): the
 * edges in layers of two degrees; most (or NULL): the rows of its largest layer. */
static int dvb_layers_shape(const ldpc_code *c, ldpc_row_order kind, long long *mixed, int *most)
{
    int *order = malloc((size_t)c->m * sizeof(int));
    int *ptr = malloc(((size_t)c->m + 1) * sizeof(int));
    int nl = 0;
    if (!order || !ptr || ldpc_decoder_row_layers(c, kind, order, ptr, &nl) != LDPC_OK)
        nl = 0;
    if (mixed)
        *mixed = nl > 0 ? mixed_edges(c, order, ptr, nl) : 0;
    if (most) {
        *most = 0;
        for (int L = 0; L < nl; L++)
            *most = ptr[L + 1] - ptr[L] > *most ? ptr[L + 1] - ptr[L] : *most;
    }
    free(order);
    free(ptr);
    return nl;
}

static int dvb_layers(const ldpc_code *c, ldpc_row_order kind)
{
    return dvb_layers_shape(c, kind, NULL, NULL);
}

/* whether every row has the same refill degree (DVB-S2, DVB-T2; not DVB-S2X's codes of two) */
static int one_refill_degree(const ldpc_code *c)
{
    for (int r = 1; r < c->m; r++)
        if (refill_degree(c, r) != refill_degree(c, 0))
            return 0;
    return 1;
}

/* WIDE_BY_DEGREE on the GPU's int8 decoders of DVB 64800 codes where WIDE leaves edges in
 * layers of two degrees and by degree costs less, an order's cost being its layers times 1 +
 * half the share of the code's edges in its mixed layers: the one-block int8 kernels specialise
 * their row updates for every degree of DVB 64800 codes (cuda/kernel_table.cuh, layer_update)
 * and run a mixed layer's generic update about 1.5 times as long. H200, 20 it int8 kernel-only, WIDE -> WIDE_BY_DEGREE (layers, share
 * of edges in mixed layers): DVB-S2X 124/180 (54, 15% -> 55, 2%) 8.30 -> 8.71 Gb/s, 128/180
 * (50 -> 51) 9.27 -> 9.73, 132/180 (46, 13% -> 48, 2%) 9.24 -> 9.46, 116/180 (61, 7% -> 62, 2%)
 * 7.11 -> 7.20; not taken by that cost: 90/180 (85, 3% -> 86, 1%) 10.40 -> 10.22, 20/30 (58, 4%
 * -> 59, 2%) 7.71 -> 7.62. Not for int16 (its kernels of rows of more than 12 edges run the
 * generic update: 132/180 4.63 -> 4.45 Gb/s, 124/180 4.06 -> 4.00), nor for the shorter frames
 * (their half2 kernels specialise few of their degrees: DVB-T2 16200 3/4, 9 - 13 edges, by
 * degree 20 layers instead of 17, 12.8 -> 11.2 Gb/s). */
static int by_degree_pays(const ldpc_code *c)
{
    /* every row's refill degree the same (DVB-S2, DVB-T2): both refills are one */
    if (c->n < 64800 || one_refill_degree(c))
        return 0;
    long long wide_mixed = 0, deg_mixed = 0;
    const long long edges = c->row_ptr[c->m];
    const long long wide = dvb_layers_shape(c, LDPC_ROW_ORDER_WIDE, &wide_mixed, NULL);
    const long long deg = dvb_layers_shape(c, LDPC_ROW_ORDER_WIDE_BY_DEGREE, &deg_mixed, NULL);
    return wide > 0 && deg > 0 && deg * (2 * edges + deg_mixed) < wide * (2 * edges + wide_mixed);
}

/* NARROW on the GPU's int8 decoders: their rows of more than 28 edges run in the 32-edge
 * one-block kernel, which holds two layers ahead and checks four layers' parities at once only
 * in blocks of at most 256 threads (its narrow form, 255 registers a thread; cuda/table_layout.h
 * kNarrowThreads, cuda/cuda_variant.cu best_shape), and takes a layer in about the same time
 * however few rows it has. Measured on DVB-S2 64800 9/10 (30 edges; H100, one build, int8,
 * kernel-only, WIDE / NARROW: 23 / 29 layers): 10 it 15.1 / 17.8 Gb/s, 20 it 8.18 / 9.96, early
 * stop end to end at 4.1 dB 24.4 / 26.0, so a narrow layer costs about 1/1.5 of a wide one:
 * NARROW where it takes at most 1.3 times WIDE's layers and no more than GROUPS's (DVB-S2X
 * 154/180, 30 edges in full 360-row groups, would go from 26 to 40: it keeps WIDE). Not for
 * int16 (9/10 5.88 -> 4.93 Gb/s: its kernel has no narrow form), nor for shorter rows (at 256
 * rows DVB-T2 5/6 fell 15.30 -> 14.82 Gb/s, DVB-S2 8/9 18.52 -> 18.25). */
static int narrow_pays(const ldpc_code *c)
{
    if (c->max_row_degree <= 28)
        return 0;
    const int wide = dvb_layers(c, LDPC_ROW_ORDER_WIDE), narrow = dvb_layers(c, LDPC_ROW_ORDER_NARROW);
    return wide > 0 && narrow > 0 && 10 * narrow <= 13 * wide && narrow <= dvb_layers(c, LDPC_ROW_ORDER_GROUPS);
}

/* NARROW on the GPU's int8 decoders of the shorter DVB frames (16200, 32400) where WIDE has
 * layers of more than NARROW_ROWS (256) rows and NARROW takes at most 5/4 of WIDE's layers.
 * Their kernels hold several codewords an SM, and a block runs a thread per row of the largest
 * layer: layers of at most 256 rows leave three blocks an SM where WIDE's 384 leave two, and a
 * layer then takes about 1.12 times as long, so NARROW pays in throughput up to 1.5 / 1.12 =
 * 1.34 times the layers; batches of one block an SM or less take a layer in about the same
 * time in either, and pay for each layer added. H200, 20 it int8 kernel-only, WIDE -> NARROW
 * (layers): DVB-S2 16200 3/5 (28 -> 31) 10.26 -> 13.23 Gb/s, 2/3 (21 -> 23) 14.07 -> 17.51,
 * 3/4 (17 -> 20) 12.94 -> 14.76 (DVB-T2 16200 the same). Not
 * taken: 4/5 (12 -> 16) 15.92 -> 16.42, but 2 frames host to host, 10 it, 156 -> 176 us; 1/3
 * (29 -> 43) 13.29 -> 12.53, 1/4 (35 -> 51) 17.36 -> 15.29, DVB-T2 16200 3/5 (18 -> 26) 17.27
 * -> 15.26, DVB-S2X 16200 7/15 (24 -> 35) 13.07 -> 10.40, 26/45 (19 -> 27) 15.40 -> 14.46,
 * DVB-S2X 32400 1/5 (68 -> 102) 11.52 -> 8.53. Where WIDE's layers hold at most 256 rows
 * already (16200 5/6: 251, 8/9: 155) NARROW is WIDE (GROUPS and WIDE there: H200 level, 12.56
 * / 12.55 Gb/s, and 9.05 / 9.27; an H100 measured 5/6 6% slower in WIDE); AUTO gives those two
 * smaller layers still (short_layers_pay below). DVB 64800 codewords run one block an SM
 * (narrow_pays above), and the int16 decoders were not measured in it. */
static int short_narrow_pays(const ldpc_code *c)
{
    if (c->n >= 64800)
        return 0;
    int wide_rows = 0;
    const int wide = dvb_layers_shape(c, LDPC_ROW_ORDER_WIDE, NULL, &wide_rows);
    if (wide <= 0 || wide_rows <= NARROW_ROWS)
        return 0;
    const int narrow = dvb_layers(c, LDPC_ROW_ORDER_NARROW);
    return narrow > 0 && 4 * narrow <= 5 * wide;
}

/* The GPU's int8 decoders of the shorter DVB frames with the longest rows (more than 16 edges)
 * in layers of whole warps fewer than GROUPS's: WIDE_64 for rows of more than 20 edges
 * (DVB-S2 16200 8/9, 27), WIDE_128 for rows of 17 - 20 (DVB-S2/T2 16200 5/6, 15 - 19).
 * - 8/9 runs one codeword per thread in the one-block 28-edge kernel (168 registers): GROUPS's
 *   17 layers of up to 150 rows (106 on average) made blocks of 5 warps, two an SM by their
 *   registers while the shared memory (a codeword's APP, 32 KB) held six. Layers of at most 64
 *   rows (29) hold six blocks of 2 warps an SM.
 * - 5/6 runs half2 pairs, three blocks an SM by shared memory whatever the layers (a pair's APP
 *   is 65 KB), so more layers cannot add blocks; GROUPS's 24 layers of 30 - 180 rows left many
 *   of their 6 warps idle, 25 of at most 128 rows fill 4.
 * H200, 20 it int8 kernel-only, GROUPS -> this cap (layers), Gb/s: 8/9 9.04 -> 13.39 (17 ->
 * 29; caps 48 / 56 / 80 / 96 / 112: 10.38, 11.90, 10.96, 12.71, 11.24); DVB-S2 16200 5/6 12.59
 * -> 14.13 (24 -> 25; caps 64 / 96 / 112 / 144: 9.47, 12.47, 13.16, 13.10), DVB-T2 5/6 the
 * same. Not the shorter rows: 4/5, 3/4, 2/3 in layers of 128 lost 21 - 25% against their AUTO
 * orders (4/5 in 192: -2%). A batch of few frames (at most the two blocks an SM of GROUPS's
 * shape) takes each layer in about the same time however few rows it has, so its latency grows
 * with the layers: 8/9 host to host, one batch in flight, 10 it, GROUPS / WIDE_64, us: 2 frames
 * 209 / 318, 32 frames 237 / 339, 132 frames 289 / 392, 264 frames 423 / 465, 300 frames 602 /
 * 563, 350 frames 707 / 593, 396 frames 735 / 611, 528 frames 820 / 696: GROUPS's two blocks an
 * SM hold 264 codewords a wave, a 265th starts a second. So 8/9 keeps GROUPS where the
 * decoder's batch_frames is set and below WIDE_64_MIN_BATCH. 5/6 is level there (2 frames: 323
 * / 329 us; PACKED, which AUTO takes there, 280 us: packed_pays). The int16 decoders were
 * not measured in them. */
static ldpc_row_order short_layers_pay(const ldpc_code *c, const ldpc_decoder_config *cfg)
{
    if (c->n >= 64800 || c->max_row_degree <= 16)
        return LDPC_ROW_ORDER_AUTO;
    if (c->max_row_degree <= 20)
        return LDPC_ROW_ORDER_WIDE_128;
    return cfg->batch_frames > 0 && cfg->batch_frames < WIDE_64_MIN_BATCH ? LDPC_ROW_ORDER_AUTO
                                                                           : LDPC_ROW_ORDER_WIDE_64;
}

/* The shared-memory passes one iteration of the GPU's table kernels takes in an order's layers
 * (smem_banks.h): each warp of 32 consecutive rows of a layer, each slot in the fewer passes of
 * H's edge order and the greedy one, the APP values value_bytes each at their DVB places
 * (ldpc_app_slot). The column table (cuda/table_banks.cpp) improves the greedy order further
 * with ldpc_warp_bank_descent (3 - 22% fewer passes: test_table_banks); the weighing here leaves
 * it out, so that the orders AUTO chose with this measure, which fix the decoded bits, stay as
 * they are (and AUTO's choice costs no descent).
 * -1: out of memory. */
static long long dvb_bank_passes(const ldpc_code *c, ldpc_row_order kind, int value_bytes, int *nlayers)
{
    int *order = malloc((size_t)c->m * sizeof(int));
    int *ptr = malloc(((size_t)c->m + 1) * sizeof(int));
    long long total = -1;
    *nlayers = 0;
    if (order && ptr && ldpc_decoder_row_layers(c, kind, order, ptr, nlayers) == LDPC_OK) {
        total = 0;
        for (int L = 0; L < *nlayers; L++)
            for (int w0 = ptr[L]; w0 < ptr[L + 1]; w0 += LDPC_BANK_WARP) {
                const int nt = ptr[L + 1] - w0 < LDPC_BANK_WARP ? ptr[L + 1] - w0 : LDPC_BANK_WARP;
                unsigned word[LDPC_BANK_WARP][LDPC_BANK_MAX_EDGES];
                unsigned char pick[LDPC_BANK_WARP][LDPC_BANK_MAX_EDGES];
                int deg[LDPC_BANK_WARP], before = 0;
                for (int i = 0; i < nt; i++) {
                    const int r = order[w0 + i];
                    deg[i] = 0;
                    for (int e = c->row_ptr[r]; e < c->row_ptr[r + 1] && deg[i] < LDPC_BANK_MAX_EDGES; e++)
                        word[i][deg[i]++] =
                            (unsigned)ldpc_app_slot(c->k, c->dvb_q, GROUP, c->col_idx[e]) * (unsigned)value_bytes / 4;
                }
                const int after = ldpc_warp_bank_order(nt, deg, (const unsigned(*)[LDPC_BANK_MAX_EDGES])word, pick,
                                                       &before);
                total += after < before ? after : before;
            }
    }
    free(order);
    free(ptr);
    return total;
}

/* PACKED on the GPU's int8 decoders of DVB codes where it costs at least 5% less than the order
 * AUTO takes otherwise (base): WIDE for the 64800 frames of one row degree (DVB-S2, DVB-T2: the
 * one-block kernels run a layer of two degrees in a generic update, by_degree_pays); GROUPS,
 * WIDE, NARROW or WIDE_128 for the shorter frames' half2 kernels (rows of up to 20 edges),
 * an order's cost being its layers times its shared-memory passes (dvb_bank_passes; APP values
 * of 2 bytes for the 64800 frames' int16 APP, 4 for the half2 pairs). A layer's time grows
 * with both the layer's fixed steps and its passes: PACKED saves layers, but its rows, coloured
 * one by one, split the 360-row groups whose consecutive rows read consecutive words, so a warp
 * takes more passes. H200, 20 it int8 kernel-only, base -> PACKED (layers; passes), Gb/s:
 * taken: DVB-S2 64800 8/9 WIDE (23 -> 19; +6%) 11.72 -> 12.84, DVB-S2/T2 64800 5/6 WIDE (35 ->
 * 31; +2%) 9.95 -> 10.50; DVB-S2 16200 5/6 WIDE_128 (25 -> 18; +7%) 14.15 -> 15.80, 3/5 NARROW
 * (31 -> 26; +5%) 13.08 -> 13.81. Not taken: DVB-T2 64800 4/5 (36 -> 34; +7%) 11.24 -> 11.29
 * (10.83 without packed_window's choice: +23%); DVB-S2 16200 3/4 NARROW (20 -> 17; +23%) 14.66
 * -> 14.03, 2/3 (23 -> 22; +7%) 17.28 -> 17.37; at 384 rows DVB-S2 16200 1/2 GROUPS (28 -> 24;
 * +94%) 15.87 -> 12.58 and DVB-S2X 64800 140/180 WIDE (40 -> 38; +96%, and layers of both its
 * row degrees) 9.19 -> 6.56. Missed by the rule: DVB-S2 16200 4/5 at 384 rows (12 -> 11; +11%)
 * 15.88 -> 16.79, and DVB-S2 64800 9/10 against NARROW, at 256 rows (29 -> 26; +14%) 11.89 ->
 * 12.16. The int16 decoders were not measured in it. */
static int packed_pays(const ldpc_code *c, ldpc_row_order base)
{
    const int long_frame = c->n >= 64800;
    if (long_frame ? base != LDPC_ROW_ORDER_WIDE
                   : c->max_row_degree > 20 || (base != LDPC_ROW_ORDER_GROUPS && base != LDPC_ROW_ORDER_WIDE &&
                                                base != LDPC_ROW_ORDER_NARROW && base != LDPC_ROW_ORDER_WIDE_128))
        return 0;
    if (long_frame && !one_refill_degree(c))
        return 0;
    const int value_bytes = long_frame ? 2 : 4;
    int base_layers = 0, packed_layers = 0;
    const long long base_passes = dvb_bank_passes(c, base, value_bytes, &base_layers);
    const long long packed_passes = dvb_bank_passes(c, LDPC_ROW_ORDER_PACKED, value_bytes, &packed_layers);
    return base_passes > 0 && packed_passes > 0 && packed_layers < base_layers &&
           20 * (long long)packed_layers * packed_passes <= 19 * (long long)base_layers * base_passes;
}

/* AUTO on the GPU's integer decoders of DVB codes but PACKED (ldpc_row_order_of, below) */
static ldpc_row_order gpu_integer_order(const ldpc_code *c, const ldpc_decoder_config *cfg)
{
    if (cfg->msg_format == LDPC_MSG_I8 && (narrow_pays(c) || short_narrow_pays(c)))
        return LDPC_ROW_ORDER_NARROW;
    const ldpc_row_order short_layers = short_layers_pay(c, cfg);
    if (cfg->msg_format == LDPC_MSG_I8 && short_layers != LDPC_ROW_ORDER_AUTO)
        return short_layers;
    if (cfg->msg_format == LDPC_MSG_I8 && by_degree_pays(c))
        return LDPC_ROW_ORDER_WIDE_BY_DEGREE;
    if (c->n >= 64800)
        return LDPC_ROW_ORDER_WIDE; /* never more layers than GROUPS (test_dvb_codes) */
    const int groups = dvb_layers(c, LDPC_ROW_ORDER_GROUPS);
    const int wide = dvb_layers(c, LDPC_ROW_ORDER_WIDE);
    return groups > 0 && wide > 0 && 10 * wide <= 9 * groups ? LDPC_ROW_ORDER_WIDE
                                                              : LDPC_ROW_ORDER_GROUPS;
}

/* AUTO on the CPU: H's order for the float decoders of DVB codes, GROUPS for the integer ones.
 * The float decoders' APP (4 bytes a frame and column) and messages stream from L3 or DRAM for
 * DVB 64800, and in H's order a row shares a parity column with the row before it: DVB-S2 64800
 * r1/2 f32 10 it, one core, e2e, GROUPS / H alternating: 79.6 / 103.2, 84.0 / 102.9, 85.7 /
 * 106.2 Mb/s (with AVX2 kernels the two orders run alike). The integer decoders keep GROUPS:
 * with AVX2 kernels it is the faster (int8 216 against 175 Mb/s, int16 191 / 174 against 164 /
 * 155), with AVX-512 int8 runs alike in both and int16 faster in H (150 - 162 against 175 -
 * 198): no one order for every ISA, and the model must know the order without the ISA
 * (docs/benchmarks.md).
 * AUTO on the GPU: PACKED where packed_pays against the order taken otherwise
 * (gpu_integer_order): NARROW where narrow_pays or short_narrow_pays (above) for the int8
 * decoders, WIDE_128 or WIDE_64 where short_layers_pay; else WIDE for the
 * long frames, and for shorter ones where it saves at least a tenth of the layers. Measured
 * (H100, one build, int8, 10 it, kernel-only, docs/benchmarks.md):
 * a DVB 64800 codeword runs one block an SM (the one-block kernels), which takes a layer in
 * about the same time however few rows it has, so every layer saved counts: +5% (DVB-T2 r1/2,
 * 90 -> 85 layers) to +40% (DVB-S2 8/9, 33 -> 23). The 16200 codes' kernels hold several
 * codewords an SM, and layers of up to 384 rows instead of 360 (or 180) make the blocks larger:
 * there WIDE lost where it saved few layers (DVB-T2 16200 r1/2 28 -> 26: -16%; 5/6 24 -> 22:
 * -6%) and gained where it saved more (3/4 20 -> 17: +12%; 4/5 14 -> 12: +12%). */
ldpc_row_order ldpc_row_order_of(const ldpc_code *c, const ldpc_decoder_config *cfg,
                                 ldpc_backend backend)
{
    if (cfg->row_order != LDPC_ROW_ORDER_AUTO)
        return cfg->row_order;
    /* (cpu-reference decodes in float whatever msg_format says) */
    const int integer = backend != LDPC_BACKEND_CPU_REFERENCE && cfg->msg_format != LDPC_MSG_F32 &&
                        cfg->algorithm != LDPC_ALG_SUM_PRODUCT &&
                        cfg->schedule == LDPC_SCHEDULE_LAYERED;
    if (!is_dvb(c))
        return LDPC_ROW_ORDER_GROUPS;
    if (backend != LDPC_BACKEND_CUDA)
        return integer ? LDPC_ROW_ORDER_GROUPS : LDPC_ROW_ORDER_H;
    if (!integer)
        return LDPC_ROW_ORDER_GROUPS;
    const ldpc_row_order base = gpu_integer_order(c, cfg);
    return cfg->msg_format == LDPC_MSG_I8 && packed_pays(c, base) ? LDPC_ROW_ORDER_PACKED : base;
}
