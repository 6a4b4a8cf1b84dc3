/* Which kernel decodes, in which shape: the table kernel's variant (arithmetic, where the state
 * lives, table entry width, register cap), codeword groups per block, and the default batch
 * size. Chosen once per decoder on its first device; the reasons and the measurements behind
 * each rule: docs/cuda-notes.md ("The table kernel"). */
#include <algorithm>
#include "cuda_backend.h"
#include "table_encoding.h"
#include "table_layout.h"

namespace ldpccuda {

/* The int8 forms: one codeword per thread (I8) where a pair's APP does not fit in shared
 * memory as below and rows have at most 8 edges (DVB 64800 rate 1/2: more blocks per SM hide
 * each other's waits; with longer rows its 56-register cap spills, so pairs stay there); otherwise pairs,
 * in half2 (H8X2, full-rate instructions) wherever its scaling is exact, else 16x2 integers. */
static void choose_int8_form(State *s, const ldpc_code *c, const DeviceCtx &d)
{
    const int lanes = s->knobs.i8_lanes;
    TableVariant pair_all = s->var;
    pair_all.mem = MEM_SMEM_ALL;
    const bool fits = s->plan.Z <= table_max_threads(1, true, MEM_GLOBAL, s->var.dmax);
    const size_t pair_all_bytes = table_smem_bytes(pair_all, c->n, s->plan.Z, s->plan.total_groups, s->plan.nlayers, 1);
    const bool pair_off_chip = pair_all_bytes > d.smem_optin;
    const TableGeom i8 = table_geom(ARITH_I8); /* its 16-bit table entries count APP values */
    const bool offsets16 =
        table16_fits((size_t)c->n * i8.app_value_bytes, table_t16_shift(i8.t16_shift, i8.app_value_bytes, s->var.dmax));
    /* One codeword per thread where a pair's state is off chip: for rows of up to 8 edges
     * where a pair's APP does not fit as below (pair_app_fits); for rows of 9 - 32 edges where
     * a codeword's APP leaves room for one block per SM only (DVB 64800), i.e. where the
     * one-block kernel (168 registers) runs it: with the APP in shared memory instead of a pair's in global memory, H200, 10 it kernel-only: DVB-T2 64800
     * 3/5 5.11 -> 5.84 Gb/s, 2/3 7.22 -> 9.01, 3/4 6.16 -> 7.95, 4/5 6.56 -> 6.73, DVB-S2 64800
     * 2/3 7.11 -> 8.78; rows of 21 - 32 edges once their updates were specialised on the degree
     * (kernel_table.cuh, layer_update: before, DVB-S2 9/10 ran 6.98 -> 5.97): DVB-T2 5/6 5.15 ->
     * 9.23, DVB-S2 8/9 6.41 -> 12.85, 9/10 7.20 -> 12.04. Not where several blocks would share
     * an SM (the three-block kernel's 56 registers spill on such rows). */
    TableVariant one = s->var;
    one.arith = ARITH_I8;
    one.mem = MEM_SMEM_APP;
    const size_t one_bytes = table_smem_bytes(one, c->n, s->plan.Z, s->plan.total_groups, s->plan.nlayers, 1);
    const bool one_block_only = 2 * one_bytes > d.smem_optin;
    /* Rows of up to 8 edges: pairs where two blocks of their APP fit in shared memory, with the
     * messages in global memory (table_layout.h, table_two_pairs; DVB 16200 1/3: rows of 5
     * edges take 8 message slots, so a pair's whole state is 238 KB, its APP 65 KB), or one
     * block does and rows have at most 4 edges (one table entry a row: DVB-S2X 32400 1/5,
     * 11/45). H200, 20 it int8 kernel-only, one codeword per thread -> pairs: DVB-S2 16200 1/3
     * 9.54 -> 13.32 Gb/s (12.15 at one block an SM), DVB-S2X 16200 4/15 8.30 -> 11.58, 14/45
     * 8.83 -> 12.24, DVB-S2X 32400 1/5 9.04 -> 11.07, 11/45 9.75 -> 11.94; DVB-S2X 32400 1/3
     * (rows of 5 edges, one block) 7.58 -> 7.45 - 7.52, so it keeps one codeword per thread. */
    TableVariant pair_app = s->var;
    pair_app.mem = MEM_SMEM_APP;
    const size_t pair_app_bytes =
        table_smem_bytes(pair_app, c->n, s->plan.Z, s->plan.total_groups, s->plan.nlayers, 1);
    const bool pair_app_fits =
        2 * pair_app_bytes <= d.smem_optin || (pair_app_bytes <= d.smem_optin && c->max_row_degree <= 4);
    const bool one_lane = (s->var.dmax == 8 && !pair_app_fits) || one_block_only;
    /* Rows of 21 - 32 edges where a pair's state is on chip in one block an SM at most: one
     * codeword per thread in the one-block kernels (best_shape), also where two of those blocks
     * fit an SM. DVB-S2 16200 8/9 (27 edges): its pairs ran with their messages in global memory
     * in the 32-edge kernel of 128 registers, which spills 44 / 268 bytes; H200, 20 it int8
     * kernel-only: 7.45 Gb/s, one codeword per thread 9.03. Not WiFi 648 / 1296 5/6 (22
     * edges), whose pairs' state is on chip in two blocks an SM; nor where a codeword's APP
     * does not fit in shared memory (the one-block kernels keep it there). */
    const bool one_lane_long = s->var.dmax == 32 && 2 * pair_all_bytes > d.smem_optin && one_bytes <= d.smem_optin &&
                               s->knobs.i8_one_block;
    if (fits && offsets16 && (lanes == 1 || (lanes != 2 && ((one_lane && pair_off_chip) || one_lane_long))))
        s->var.arith = ARITH_I8;
    if (s->var.arith == ARITH_I8X2 && h8x2_scale_exact(s->ar.fx) && !s->knobs.i8_pair_int)
        s->var.arith = ARITH_H8X2;
    s->lanes_per_group = table_lanes(s->var.arith);
}

/* The dynamic shared memory limit of a table kernel: what the device allows a block, less the
 * kernel's static shared memory. A property of the kernel, shared by every decoder of the
 * process that uses it: never set to one decoder's need, or a decoder of a smaller code made
 * later would make this one's launches fail (test_multi_decoder: NR, WiMAX 5/6 and DVB codes
 * share the 20-edge kernels). The occupancy is computed from each decoder's actual size. */
int set_smem_limit(const void *fn, const DeviceCtx &d)
{
    cudaFuncAttributes fa;
    CU(cudaFuncGetAttributes(&fa, fn), "cudaFuncGetAttributes", d.dev);
    CU(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize,
                            (int)(d.smem_optin - fa.sharedSizeBytes)),
       "cudaFuncSetAttribute", d.dev);
    return LDPC_OK;
}

/* *blocks: how many blocks of G groups of variant v (kernel fn) an SM holds (occupancy API) */
static int blocks_per_sm(const TableVariant &v, const void *fn, const State *s, int n, int G, const DeviceCtx &d,
                         int *blocks, const HostPlan *plan = nullptr)
{
    const HostPlan &p = plan ? *plan : s->plan;
    const size_t smem = table_smem_bytes(v, n, p.Z, p.total_groups, p.nlayers, G);
    int st = set_smem_limit(fn, d);
    if (st != LDPC_OK)
        return st;
    CU(cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, fn, layout_threads(G, p.Z), smem),
       "cudaOccupancyMaxActiveBlocksPerMultiprocessor", d.dev);
    return LDPC_OK;
}

/* The shape of variant v: the one-block int8 kernel where it applies (v may change), the best
 * codeword groups per block G and the blocks per SM it gives. */
struct Shape {
    int G = 1, blocks = 0;
    bool forced = false;
};
static int best_shape(const State *s, const ldpc_code *c, const DeviceCtx &d, TableVariant &v, Shape *out)
{
    const HostPlan &p = s->plan;
    const void *fn = table_kernel_fn(v);
    if (!fn)
        return ldpc_error(LDPC_ERR_UNSUPPORTED, "cuda: no table kernel for this variant");
    /* The one-codeword int8 kernel is held to 56 registers for three blocks per SM; where its
     * shared memory leaves room for one block only (DVB 64800), the variant without that cap. */
    if (v.arith == ARITH_I8 && !v.one_block) {
        TableVariant wide = v;
        wide.one_block = true;
        /* rows of up to 8 edges with 32-bit entries (byte offsets, nothing to unpack): H200, 10 it
         * kernel-only, DVB-S2 64800 1/3 6.64 -> 7.31 Gb/s; DVB-T2 64800 r1/2 level (7.18 / 7.19) */
        if (v.dmax == 8)
            wide.t16 = false;
        /* rows of at most 6 edges (DVB-S2 64800 1/4: 4, 1/3: 5, 2/5: 6) three layers ahead
         * (kernel_table.cuh, AHEAD3): their layers are short, and ncu showed DVB-S2 1/3 waiting
         * on the entries of two layers ahead (28.5% long-scoreboard stalls). H200, 20 it int8
         * kernel-only: 1/3 6.67 -> 7.41 Gb/s, 2/5 8.01 -> 8.56, 1/4 9.74 -> 10.03. Longer rows
         * spill with four buffers (DVB 64800 r1/2: 8 / 28 bytes) */
        if (v.dmax == 8 && c->max_row_degree <= 6 && p.nlayers >= 4 && s->knobs.ahead3)
            wide.ahead3 = true;
        /* rows of 9 - 12 edges (DVB 64800 3/5: 11, 2/3: 10) in a kernel sized for them, with
         * 32-bit entries: three entries a buffer instead of four, none to unpack (16-bit entries
         * cost DVB-T2 3/5 about 2.3 of its 25.2 instructions an edge: ncu). H200, 20 it int8
         * kernel-only, against the 16-edge kernel (LDPCGPU_CUDA_D12=0): DVB-T2 64800 3/5 8.45
         * -> 8.80 Gb/s, 2/3 10.99 -> 11.68; DVB-S2 3/5 8.45 -> 8.82, 2/3 11.10 -> 11.77 */
        if (v.dmax == 16 && c->max_row_degree <= 12 && s->knobs.d12) {
            wide.dmax = 12;
            wide.t16 = false;
        }
        /* rows of 21 - 28 edges in kernels sized for them: the 32-edge kernel spills 82 / 168
         * bytes, the 28-edge one nothing (DVB-S2 64800 8/9: 27), and the 24-edge one (DVB
         * 64800 5/6: 22) has the registers to prefetch two layers ahead (docs/cuda-notes.md) */
        if (v.dmax == 32 && !s->knobs.force_d32)
            wide.dmax = c->max_row_degree <= 24 ? 24 : c->max_row_degree <= 28 ? 28 : 32;
        /* layers of at most kNarrowThreads rows (DVB-S2 64800 9/10: 180) in the 32-edge kernel:
         * blocks that small may hold 255 registers a thread, with which it prefetches two layers
         * ahead without spills (table_layout.h) */
        if (wide.dmax == 32 && layout_threads(1, p.Z) <= kNarrowThreads && s->knobs.narrow)
            wide.narrow = true;
        /* DVB parity columns group-major in shared memory: a layer's rows g + j q read parity
         * values (2 bytes each) q apart, which share one bank where q is a multiple of 64
         * (DVB-S2X 13/45, q 128; 116/180, q 64: a warp's parity reads are 32-way conflicts);
         * group-major they are neighbours. Where column order conflicts 16-way or more
         * (parity_bank_ways; LDPCGPU_CUDA_PARITY_SMEM=1 / 0: always / never). H200, 20 it int8
         * kernel-only, column order -> group-major: 13/45 3.93 -> 5.80 Gb/s two layers ahead
         * (three ahead with the layout: 6.98; 4.40 in column order), 116/180 7.11 -> 9.77; at
         * 8-way (q 48, 80) 22/30 6.09 -> 6.06, 132/180 9.24 -> 9.09, 100/180 8.12 -> 8.16, at
         * 4-way (q 120) DVB-S2 1/3 7.39 -> 6.57: the layout's slot arithmetic costs more than
         * those conflicts. cuda_state.cu sets the layout only where every launch runs such a
         * kernel. */
        const ParityLayout pl = dvb_parity_layout(c);
        const int app_bytes = (int)table_geom(v.arith).app_value_bytes;
        const bool gm = s->knobs.parity_smem >= 0 ? s->knobs.parity_smem == 1 : parity_bank_ways(pl, app_bytes) >= 16;
        if (gm && pl.q != 0) {
            TableVariant pw = wide;
            pw.parity_gm = true;
            if (!table_kernel_fn(pw)) /* three layers ahead with the layout: rows of up to 6 edges */
                pw.ahead3 = false;
            if (table_kernel_fn(pw)) /* compiled for dmax 8 - 20, not narrow */
                wide = pw;
        }
        const void *wfn = table_kernel_fn(wide);
        int blocks = 0, st;
        if (wfn && s->knobs.i8_one_block && table_smem_bytes(v, c->n, p.Z, p.total_groups, p.nlayers, 1) <= d.smem_optin) {
            if ((st = blocks_per_sm(v, fn, s, c->n, 1, d, &blocks)) != LDPC_OK)
                return st;
            /* rows of 21 - 32 edges: the one-block kernel even where several blocks fit an SM
             * (choose_int8_form; the 56-register kernel spills 400 - 650 bytes on them) */
            if (blocks == 1 || v.dmax == 32 || s->knobs.i8_one_block_force) {
                v = wide;
                fn = wfn;
            }
        }
    }
    /* Occupancy of every G, scored as codeword groups per SM times the share of warp lanes
     * that run a row; the best score with at least two blocks per SM (a lone block has nothing
     * to run while it waits at its barriers), the smallest G among equals. */
    const int max_threads = table_max_threads(table_lanes(v.arith), v.arith == ARITH_I8, v.mem, v.dmax);
    int occ[1025] = {0};
    double score[1025] = {0};
    double best_score = 0, best_score2 = 0;
    int best_groups = 0;
    /* the one-block kernels address one group's state (cuda_pipeline.cu refuses them G > 1) */
    const int max_groups = v.one_block ? 1 : 1024;
    for (int G = 1; G * p.Z <= max_threads && G <= max_groups; G++) {
        if (table_smem_bytes(v, c->n, p.Z, p.total_groups, p.nlayers, G) > d.smem_optin)
            break;
        const int threads = layout_threads(G, p.Z);
        int blocks = 0;
        const int st = blocks_per_sm(v, fn, s, c->n, G, d, &blocks);
        if (st != LDPC_OK)
            return st;
        occ[G] = blocks;
        score[G] = (double)blocks * G * (double)(G * p.Z) / threads;
        best_groups = std::max(best_groups, blocks * G);
        best_score = std::max(best_score, score[G]);
        if (blocks >= 2)
            best_score2 = std::max(best_score2, score[G]);
    }
    const bool two = best_score2 > 0; /* some G leaves two blocks per SM */
    const double target = two ? best_score2 : best_score;
    Shape sh;
    sh.blocks = occ[1];
    for (int G = 1; G <= 1024 && best_groups > 0; G++)
        if (occ[G] > 0 && (!two || occ[G] >= 2) && score[G] >= target * (1 - 1e-9)) {
            sh.G = G;
            sh.blocks = occ[G];
            break;
        }
    if (best_groups == 0)
        sh.blocks = 0; /* nothing fits */
    /* LDPCGPU_CUDA_GROUPS forces G (where it fits, and not on the one-block kernels, whose
     * blocks address one group's state: cuda_pipeline.cu refuses them G > 1) */
    if (s->knobs.groups > 0 && best_groups > 0 && (!v.one_block || s->knobs.groups == 1)) {
        const int G = s->knobs.groups;
        const size_t smem = table_smem_bytes(v, c->n, p.Z, p.total_groups, p.nlayers, G);
        int blocks = 0;
        if (G * p.Z <= max_threads && smem <= d.smem_optin &&
            set_smem_limit(fn, d) == LDPC_OK &&
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, fn, layout_threads(G, p.Z), smem) == cudaSuccess &&
            blocks > 0) {
            sh.G = G;
            sh.blocks = blocks;
            sh.forced = true;
        }
        cudaGetLastError();
    }
    *out = sh;
    return LDPC_OK;
}

/* One-wave launches with variant w, where its kernel is compiled and one group fits a block. */
static int try_wave(State *s, const ldpc_code *c, const DeviceCtx &d, const TableVariant &w)
{
    const HostPlan &p = s->plan;
    const void *wfn = table_kernel_fn(w);
    int blocks = 0, st;
    if (wfn && layout_threads(1, p.Z) <= table_max_threads(table_lanes(w.arith), w.arith == ARITH_I8, w.mem, w.dmax) &&
        table_smem_bytes(w, c->n, p.Z, p.total_groups, p.nlayers, 1) <= d.smem_optin) {
        if ((st = blocks_per_sm(w, wfn, s, c->n, 1, d, &blocks)) != LDPC_OK)
            return st;
        if (blocks > 0) {
            s->has_wave = true;
            s->wave_var = w;
            s->wave_blocks = blocks;
        }
    }
    return LDPC_OK;
}

/* Where the state lives, the one-block int8 kernel, and G. The state goes on chip where it
 * fits (LDPCGPU_CUDA_MEM starts further down the list), except where that leaves one block per
 * SM and the messages in global memory leave two or more: a lone block waits at each layer's
 * barrier with nothing else to run. Measured on an H200 (kernel-only, 10 iterations, same
 * build, on chip -> messages in global memory): nr:3840:11520 int16 (Z 176: one block of 6
 * warps) 2.93 -> 5.45 Gb/s, nr:3000:9000 int8 pairs 5.91 -> 6.56, int16 2.79 -> 3.28; where
 * both hold several blocks, on chip stays ahead (WiFi 1944 5/6 int8 44.9 vs 39.2, WiMAX 2304
 * float 20.3 vs 16.8) or level (nr:1000:3000 3.18 vs 3.29). */
static int choose_table_config(State *s, const ldpc_code *c, const DeviceCtx &d)
{
    const HostPlan &p = s->plan;
    TableVariant v = s->var;
    const MemKind mems[3] = {MEM_SMEM_ALL, MEM_SMEM_APP, MEM_GLOBAL};
    int mi = (int)s->knobs.first_mem;
    /* one codeword per thread on rows of 21 - 32 edges: the one-block kernels, APP in shared
     * memory, even where the whole state fits on chip (its batch kernel ran DVB-S2 16200 8/9 at
     * 5.80 Gb/s against 9.03: H200, 20 it int8 kernel-only) */
    if (v.arith == ARITH_I8 && v.dmax == 32 && s->knobs.i8_one_block && mi == 0)
        mi = 1;
    for (; mi < 3; mi++) {
        v.mem = mems[mi];
        if (table_smem_bytes(v, c->n, p.Z, p.total_groups, p.nlayers, 1) <= d.smem_optin)
            break;
    }
    /* the table's form may depend on where the state lives (table_offsets16) */
    v.t16 = table_offsets16(v, c->n, p.Z, p.total_groups);
    Shape sh;
    int st = best_shape(s, c, d, v, &sh);
    if (st != LDPC_OK)
        return st;
    /* int8 pairs of rows of 5 - 8 edges keep their messages on chip at one block an SM: two
     * blocks with the messages in global memory ran DVB-S2 16200 2/5 16.24 -> 15.89 Gb/s, 1/2
     * 15.86 -> 15.56, where rows of 4 edges (one table entry, so more layers for their edges)
     * gained: 1/4 12.99 -> 16.19, DVB-S2X 16200 11/45 15.98 -> 19.22 (H200, 20 it int8). */
    const bool messages_may_leave = table_lanes(v.arith) != 2 || v.dmax > 8 || c->max_row_degree <= 4;
    if (v.mem == MEM_SMEM_ALL && sh.blocks == 1 && !sh.forced && messages_may_leave) {
        TableVariant w = s->var;
        w.mem = MEM_SMEM_APP;
        Shape shw;
        if (table_smem_bytes(w, c->n, p.Z, p.total_groups, p.nlayers, 1) <= d.smem_optin &&
            (st = best_shape(s, c, d, w, &shw)) == LDPC_OK && shw.blocks >= 2) {
            v = w;
            sh = shw;
        }
        if (st != LDPC_OK)
            return st;
    }
    if (sh.blocks == 0)
        return ldpc_error(LDPC_ERR_UNSUPPORTED, "cuda: the table kernel does not fit this GPU");
    s->var = v;
    s->G = sh.G;
    s->blocks_per_sm = sh.blocks;
    s->forced_G = sh.forced;
    /* One-wave launches (a batch of at most one group per block and wave_blocks blocks per
     * SM: the latency case, e.g. the 24 large code blocks of a 5G slot) have nothing to gain
     * from a second block per SM, which is why the state went off chip above: they run with
     * it on chip where one group's fits. Measured in docs/cuda-notes.md ("One-wave launches"). */
    s->has_wave = false;
    if (v.mem != MEM_SMEM_ALL && s->knobs.wave && !sh.forced) {
        TableVariant w = v;
        w.mem = MEM_SMEM_ALL;
        w.one_block = false;
        w.parity_gm = false;
        if ((st = try_wave(s, c, d, w)) != LDPC_OK)
            return st;
        /* Where a group's state does not fit on chip (5G NR BG1 with Z = 384 in int16, pairs
         * or float), the variant with the batch's placement held to one block per SM: its
         * registers hold the next layer's messages too (kernel_table.cuh, PF_MSG), where the
         * two-block kernels of 17 - 20-edge rows load them where they are used. */
        w = v;
        w.one_block = true;
        if (!s->has_wave && v.mem == MEM_SMEM_APP && (st = try_wave(s, c, d, w)) != LDPC_OK)
            return st;
    }
    return LDPC_OK;
}

/* Whether plan q runs with variant v, one group a block: its kernel, threads, shared memory
 * and table entries (16-bit ones where v has them) fit. */
static int small_runs(const State *s, const ldpc_code *c, const DeviceCtx &d, const HostPlan &q,
                      const TableVariant &v, bool *ok)
{
    *ok = false;
    const void *fn = table_kernel_fn(v);
    int blocks = 0, st;
    if (fn && layout_threads(1, q.Z) <= table_max_threads(table_lanes(v.arith), v.arith == ARITH_I8, v.mem, v.dmax) &&
        table_smem_bytes(v, c->n, q.Z, q.total_groups, q.nlayers, 1) <= d.smem_optin &&
        (!v.t16 || table_offsets16(v, c->n, q.Z, q.total_groups))) {
        if ((st = blocks_per_sm(v, fn, s, c->n, 1, d, &blocks, &q)) != LDPC_OK)
            return st;
        *ok = blocks > 0;
    }
    return LDPC_OK;
}

/* The small-batch plan (State::small) where it has fewer layers than plan and runs with the
 * batch variant or the one-wave one; else it is dropped. It runs in the row_degrees form of
 * those variants where every one of them has that form (its kernels are compiled for rows of
 * up to 8 edges with the state on chip: WiMAX/WiFi), so that one copy of its layer records
 * serves every launch. */
static int choose_small(State *s, const ldpc_code *c, const DeviceCtx &d)
{
    const HostPlan &q = s->small;
    s->small_var = s->small_wave = false;
    s->small_row_degrees = false;
    int st;
    if (!s->forced_G && q.table_ok && q.nlayers < s->plan.nlayers && q.dmax == s->plan.dmax &&
        ((st = small_runs(s, c, d, q, s->var, &s->small_var)) != LDPC_OK ||
         (s->has_wave && (st = small_runs(s, c, d, q, s->wave_var, &s->small_wave)) != LDPC_OK)))
        return st;
    if (!s->has_small()) {
        s->small = HostPlan();
        return LDPC_OK;
    }
    if (s->knobs.row_degrees) {
        bool var_ok = !s->small_var, wave_ok = !s->small_wave;
        TableVariant v = s->var, w = s->wave_var;
        v.row_degrees = w.row_degrees = true;
        if ((s->small_var && (st = small_runs(s, c, d, q, v, &var_ok)) != LDPC_OK) ||
            (s->small_wave && (st = small_runs(s, c, d, q, w, &wave_ok)) != LDPC_OK))
            return st;
        s->small_row_degrees = var_ok && wave_ok;
    }
    return LDPC_OK;
}

int choose_variant(State *s, ldpc_decoder *dec)
{
    const ldpc_decoder_config *cfg = &dec->cfg;
    const ldpc_code *c = dec->code;
    const DeviceCtx &d = s->devs[0];
    s->use_table = s->plan.table_ok && !s->spa && cfg->schedule == LDPC_SCHEDULE_LAYERED;
    if (dec->crc_stop.on && !s->use_table) /* only the table kernel checks a CRC */
        return ldpc_error(LDPC_ERR_UNSUPPORTED, "cuda: CRC-aided early stop needs the layered min-sum kernel");
    s->var.arith = !s->fixed ? ARITH_F32 : (cfg->msg_format == LDPC_MSG_I8 ? ARITH_I8X2 : ARITH_I16);
    s->var.dmax = s->plan.dmax;
    s->lanes_per_group = s->use_table ? table_lanes(s->var.arith) : 1;
    if (s->use_table && s->var.arith == ARITH_I8X2)
        choose_int8_form(s, c, d);
    /* half2 pairs on rows of 9 - 12 edges (WiMAX and WiFi 2/3, DVB 16200 3/5 and 2/3): kernels
     * sized for them, three table entries a row instead of four */
    if (s->use_table && s->var.arith == ARITH_H8X2 && s->var.dmax == 16 && c->max_row_degree <= 12 && s->knobs.d12)
        s->var.dmax = 12;
    s->var.t16 = s->use_table && table_offsets16(s->var, c->n, s->plan.Z, s->plan.total_groups);
    /* the kernels for rows of 9 - 16 and 17 - 20 edges have 16-bit tables only (table_layout.h);
     * where those cannot hold the code, such rows run in the 32-edge kernels */
    if (s->use_table && table_two_blocks(s->var.dmax) &&
        (!s->var.t16 || (s->var.dmax == kDmaxTwoBlocks && s->knobs.no_d20))) {
        s->var.dmax = 32;
        s->var.t16 = table_offsets16(s->var, c->n, s->plan.Z, s->plan.total_groups);
    }
    int st;
    if (s->use_table && ((st = choose_table_config(s, c, d)) != LDPC_OK || (st = choose_small(s, c, d)) != LDPC_OK))
        return st;
    /* default batch: twice what the GPU holds at once, at most 256 MB of float LLRs, 65536 frames */
    if (dec->batch_frames <= 0) {
        const long long resident = s->use_table
                                       ? (long long)s->blocks_per_sm * d.sms * s->G * s->lanes_per_group
                                       : (long long)d.sms * 8;
        const long long bf = 2 * resident;
        const long long cap = std::max(1ll, (256ll << 20) / ((long long)c->n * 4));
        dec->batch_frames = (int)std::max(1ll, std::min(bf, std::min(cap, 1ll << 16)));
    }
    return LDPC_OK;
}

} // namespace ldpccuda
