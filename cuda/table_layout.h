/* The table kernel's memory and thread layout, host and device: the host sizes shared memory,
 * scratch and blocks by these rules (cuda_layout.cu, cuda_variant.cu) and the kernel
 * (kernel_table.cuh) finds its state by the same ones.
 *
 * A block of G codeword groups has in dynamic shared memory, in this order:
 *   flags      5 ints per group (lanes seen not erased, lanes done, lanes failing, and each
 *              lane's CRC remainder for the CRC-aided stop), to 16 bytes;
 *   scale LUT  kScaleLutBytes, only for the policies with SCALE_LUT (int8 pairs in 16x2 integers);
 *   layers     the code's layer descriptions (TableCode::layers, one int4 each), copied once per
 *              block: every table load waits for its layer's description, and from global
 *              memory that was a round trip (the table's stream keeps them out of L1);
 *   APPs       G of layout_app_bytes (not with MEM_GLOBAL: then in the lane's APP scratch);
 *   messages   G of layout_msg_bytes (only with MEM_SMEM_ALL, else in the message scratch).
 * A group's APP holds n values of the policy's AppT; its messages one Msg4 (4 edges) per
 * column-table entry, indexed as the table. Scratch slots in global memory have the same sizes. */
#ifndef LDPCGPU_CUDA_TABLE_LAYOUT_H
#define LDPCGPU_CUDA_TABLE_LAYOUT_H

#include <stddef.h>
#include "cuda_internal.h"

namespace ldpccuda {

/* the int8-pair scale table s(m), m = 0..127 (s clamps larger minima to CMAX = 127 first) */
static constexpr int kScaleLutBytes = 128;

__host__ __device__ constexpr size_t layout_align16(size_t x) { return (x + 15) & ~(size_t)15; }

/* bytes of the per-group flags: the scale table starts there */
__host__ __device__ constexpr size_t layout_flags_bytes(int G) { return layout_align16((size_t)G * 5 * sizeof(int)); }

/* where the layer descriptions start */
__host__ __device__ constexpr size_t layout_layers_offset(int G, bool scale_lut)
{
    return layout_flags_bytes(G) + (scale_lut ? kScaleLutBytes : 0);
}

/* where the APPs start */
__host__ __device__ constexpr size_t layout_state_offset(int G, bool scale_lut, int nlayers)
{
    return layout_layers_offset(G, scale_lut) + (size_t)nlayers * 16u;
}

__host__ __device__ constexpr size_t layout_app_bytes(int n, size_t app_value_bytes)
{
    return layout_align16((size_t)n * app_value_bytes);
}

/* messages of one group: one Msg4 per table entry */
__host__ __device__ constexpr unsigned layout_msg_elems(int Z, int total_groups)
{
    return (unsigned)total_groups * (unsigned)Z;
}

__host__ __device__ constexpr size_t layout_msg_bytes(int Z, int total_groups, size_t msg4_bytes)
{
    return (size_t)layout_msg_elems(Z, total_groups) * msg4_bytes;
}

/* dynamic shared memory of a block of G groups */
__host__ __device__ constexpr size_t layout_smem_bytes(int G, bool scale_lut, int nlayers, int mem,
                                                       size_t app_bytes, size_t msg_bytes)
{
    return layout_state_offset(G, scale_lut, nlayers) + (mem != MEM_GLOBAL ? (size_t)G * app_bytes : 0) +
           (mem == MEM_SMEM_ALL ? (size_t)G * msg_bytes : 0);
}

/* threads of a block: G groups of Z threads in whole warps */
__host__ __device__ constexpr int layout_threads(int G, int Z) { return (G * Z + 31) / 32 * 32; }

/* Threads and registers (the kernels' launch bounds; the host keeps within them). At most 512
 * threads a block; a layer holds at most 384 rows (kMaxLayerRows: NR's largest Z; DVB's 360).
 * The int8-pair kernels with everything in shared memory and rows of up to 8 edges ask for 2
 * blocks per SM (at most 64 registers: 512 threads). The one-codeword int8 kernels (I8) with
 * messages in global memory exist to put several DVB blocks on an SM: they take at most 384
 * threads (a DVB layer's 360 rows) and ask for 3 blocks, i.e. at most 56 registers. The kernels
 * for rows of 9 - 16 (half2 pairs: 9 - 12 and 13 - 16) and 17 - 20 edges take at most 384
 * threads and ask for 2 blocks (at most
 * 80 registers, where they took up to 128 for one): a 5G NR BG1 codeword's APP (52 KB int16,
 * 104 KB a pair or float), a DVB 16200 pair's or a WiMAX/WiFi group's leaves room for two
 * blocks or more, whose barriers and memory waits then overlap, where one block of 12 warps
 * waited on each (ptxas: 80 registers, no spills; figures: docs/cuda-notes.md, "Registers").
 * These kernels have 16-bit tables only (with 32-bit ones, 16 more registers, the 16-edge
 * kernels spilled 400 - 1000 bytes at 80). Rows of 21 - 32 edges keep one block of up to 128
 * registers. */
static constexpr int kDmaxTwoBlocks = 20;
__host__ __device__ constexpr bool table_two_blocks(int dmax) { return dmax == 12 || dmax == 16 || dmax == kDmaxTwoBlocks; }
__host__ __device__ constexpr bool table_three_blocks(bool one_lane_i8, int mem)
{
    return one_lane_i8 && mem != MEM_SMEM_ALL;
}
/* The one-lane float and int16 kernels of rows of up to 8 edges with the APP in global memory
 * (float DVB 64800: 259 KB a codeword) run two blocks of at most 384 threads an SM, at most 85
 * registers (ptxas: 126 bytes of spill stores), where one block of up to 512 took 128: with
 * everything in global memory a lone block of 12 warps waits on loads (ncu, DVB-T2 64800 r1/2
 * float: 18.75% occupancy, 1.94 TB/s from DRAM, 11% of the SMs' issue). H200, float 10 it
 * kernel-only: DVB-T2 64800 r1/2 3.99 -> 4.35 Gb/s, DVB-S2 64800 1/3 3.16 -> 3.72; DVB-S2 r1/2
 * early stop e2e 7.15 -> 7.82 (rows of 9 - 16 edges had two blocks already: table_two_blocks) */
__host__ __device__ constexpr bool table_two_global(bool one_lane_i8, int mem, int dmax)
{
    return !one_lane_i8 && mem == MEM_GLOBAL && dmax <= 8;
}
/* int8 pairs of rows of up to 8 edges with the APP in shared memory and the messages in global
 * memory (DVB 16200 1/3: a pair's APP is 65 KB) run two blocks of at most 384 threads an SM
 * (ptxas: 80 registers, 4 bytes of spills; 108 with one block) */
__host__ __device__ constexpr bool table_two_pairs(int lanes, int mem, int dmax)
{
    return lanes == 2 && mem == MEM_SMEM_APP && dmax <= 8;
}
__host__ __device__ constexpr int table_max_threads(int lanes, bool one_lane_i8, int mem, int dmax)
{
    return table_three_blocks(one_lane_i8, mem) || table_two_blocks(dmax) || table_two_global(one_lane_i8, mem, dmax) ||
                   table_two_pairs(lanes, mem, dmax)
               ? 384
               : 512;
}
/* the most rows a layer may hold (cuda_plan.cpp): the threads of a two-block kernel, so that
 * every code's layers fit every kernel (a longer layer split in two keeps the row order: its
 * rows touch different columns) */
static constexpr int kMaxLayerRows = table_max_threads(1, false, MEM_SMEM_ALL, 16);
/* NARROW one-block kernels: blocks of at most this many threads, so that a thread may hold 255
 * registers (65536 / 256), where the one-block kernels' 384 threads leave 168: for codes whose
 * layers hold at most 256 rows (DVB-S2 64800 9/10: 180), the 32-edge int8 kernel then prefetches
 * two layers ahead and checks four layers' parities at once without spills (with 168
 * registers it spilled 82 / 168 bytes at one layer ahead and two) */
static constexpr int kNarrowThreads = 256;
/* ONE_BLOCK: the one-codeword int8 kernel for codes whose APP leaves room for one block per SM
 * in shared memory (DVB 64800: 130 KB), where the cap of 56 registers for three blocks buys
 * nothing and spills: one block of 384 threads may use up to 168 (TableVariant::one_block). */
__host__ __device__ constexpr int table_min_blocks(int lanes, bool one_lane_i8, int dmax, int mem,
                                                   bool one_block = false)
{
    return one_block ? 1
           : table_three_blocks(one_lane_i8, mem)
               ? 3
               /* pairs of rows of up to 8 edges with their state or their APP on chip (table_two_pairs) */
               : (table_two_blocks(dmax) || (lanes == 2 && dmax <= 8 && mem != MEM_GLOBAL) ||
                  (lanes == 1 && table_two_global(one_lane_i8, mem, dmax)) ? 2 : 1);
}

} // namespace ldpccuda

#endif
