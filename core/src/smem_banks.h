/* Internal: the one model of a GPU warp's shared-memory access, used where the CUDA backend
 * orders its column table for the banks (cuda/table_banks.cpp) and where the row order weighs
 * what a layer costs (code_row_order.c, packed_pays).
 *
 * The 32 threads of a warp read the APP values of their rows' edge slot s together: one access,
 * which takes as many passes (wavefronts) as the most distinct 4-byte words any one of the 32
 * banks holds among them (word w lives in bank w mod 32; two threads reading one word share it).
 * A row's result does not depend on the order of its edges (min-sum: the two smallest
 * magnitudes, the sign product and each edge's own update), so each row's edges may take any of
 * its slots. */
#ifndef LDPCGPU_SMEM_BANKS_H
#define LDPCGPU_SMEM_BANKS_H

#include "host_device.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LDPC_BANKS 32          /* banks of 4-byte words */
#define LDPC_BANK_WARP 32      /* threads of a warp: rows read together */
#define LDPC_BANK_MAX_EDGES 32 /* the longest row the model orders (the table kernels' longest) */

/* Where column j's APP value lives: identity, but for DVB codes (q > 0) parity columns k + p are
 * stored group-major, at k + (p mod q) * per + p div q (per = (n - k) / q = 360). Row g + i q of a
 * 360-row group has parity columns g + i q - 1 and g + i q, q values apart in H's order (a warp's
 * accesses four to eight to a bank for DVB-T2 3/5 and DVB-S2 1/3), adjacent in this one. */
LDPC_HD_FN int ldpc_app_slot(int k, int q, int per, int j)
{
    if (q == 0 || j < k)
        return j;
    const int p = j - k, hi = p / q;
    return k + (p - hi * q) * per + hi;
}

/* One warp's nt rows (at most LDPC_BANK_WARP): row i reads the 4-byte words word[i][0 ..
 * deg[i]) (deg[i] <= LDPC_BANK_MAX_EDGES) in that order, its e-th edge in slot e. *passes_h:
 * the passes of that order, summed over the slots. Returns the passes of the greedy order,
 * pick[i][s] the edge row i reads in slot s in it: slot by slot, each row takes the remaining
 * edge whose bank holds the fewest words of the slot so far (ties: the lower edge). Where the
 * first order takes one pass a slot already, it is the greedy one. */
int ldpc_warp_bank_order(int nt, const int *deg, const unsigned (*word)[LDPC_BANK_MAX_EDGES],
                         unsigned char (*pick)[LDPC_BANK_MAX_EDGES], int *passes_h);

/* Improves the order pick[][] (as ldpc_warp_bank_order leaves it) in place by descent, where
 * the greedy order decides slot by slot and cannot undo an early choice. Each try takes a random
 * slot, a random row reading a word in one of that slot's fullest banks and a random other slot
 * of that row, swaps the row's two edges there, and keeps the swap unless the two slots' passes
 * rise, or stay and their words spread less evenly over the banks (the sum of the squares of the
 * banks' counts: the level moves walk the plateaus where no one swap lowers a slot's passes).
 * At most `moves` tries; stops early at the fewest passes any order can take, or after moves / 3
 * tries in a row that lowered none. Deterministic for a seed (xorshift32; seed 0 is taken as
 * 1). Returns the passes of the order it leaves, never more than those of the order given.
 * DVB-T2 64800 5/6 in its GPU order at 10000 tries a warp (test_table_banks): 0.604 of H's
 * order's passes with the greedy order, 0.471 after this; about 140 ms of one core. */
int ldpc_warp_bank_descent(int nt, const int *deg, const unsigned (*word)[LDPC_BANK_MAX_EDGES],
                           unsigned char (*pick)[LDPC_BANK_MAX_EDGES], int moves, unsigned seed);

#ifdef __cplusplus
}
#endif

#endif
