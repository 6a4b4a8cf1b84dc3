/* A warp's shared-memory passes and the greedy order of its rows' edges (smem_banks.h). */
#include "smem_banks.h"

/* the distinct words of one slot's access, by bank */
typedef struct {
    unsigned words[LDPC_BANKS][LDPC_BANK_WARP];
    int count[LDPC_BANKS];
    int passes;
} slot_words;

static int slot_has(const slot_words *sw, unsigned w)
{
    const int b = (int)(w % LDPC_BANKS);
    for (int i = 0; i < sw->count[b]; i++)
        if (sw->words[b][i] == w)
            return 1;
    return 0;
}

/* the passes reading w adds to the bank it falls in (0 where the slot reads w already) */
static int slot_cost(const slot_words *sw, unsigned w)
{
    return slot_has(sw, w) ? 0 : sw->count[w % LDPC_BANKS];
}

static void slot_add(slot_words *sw, unsigned w)
{
    if (slot_has(sw, w))
        return;
    const int b = (int)(w % LDPC_BANKS);
    sw->words[b][sw->count[b]++] = w;
    sw->passes = sw->count[b] > sw->passes ? sw->count[b] : sw->passes;
}

static void slot_clear(slot_words *sw)
{
    for (int b = 0; b < LDPC_BANKS; b++)
        sw->count[b] = 0;
    sw->passes = 0;
}

int ldpc_warp_bank_order(int nt, const int *deg, const unsigned (*word)[LDPC_BANK_MAX_EDGES],
                         unsigned char (*pick)[LDPC_BANK_MAX_EDGES], int *passes_h)
{
    slot_words sw;
    int dmax = 0, before = 0;
    for (int i = 0; i < nt; i++)
        dmax = deg[i] > dmax ? deg[i] : dmax;
    for (int s = 0; s < dmax; s++) {
        slot_clear(&sw);
        for (int i = 0; i < nt; i++) {
            if (s < deg[i])
                slot_add(&sw, word[i][s]);
            pick[i][s] = (unsigned char)s;
        }
        before += sw.passes;
    }
    *passes_h = before;
    if (before <= dmax)
        return before; /* every slot in one pass already */
    unsigned char used[LDPC_BANK_WARP][LDPC_BANK_MAX_EDGES] = {{0}};
    int after = 0;
    for (int s = 0; s < dmax; s++) {
        slot_clear(&sw);
        for (int i = 0; i < nt; i++) {
            if (s >= deg[i])
                continue;
            int best = -1, cost = 1 << 30;
            for (int e = 0; e < deg[i]; e++)
                if (!used[i][e] && slot_cost(&sw, word[i][e]) < cost) {
                    cost = slot_cost(&sw, word[i][e]);
                    best = e;
                }
            used[i][best] = 1;
            slot_add(&sw, word[i][best]);
            pick[i][s] = (unsigned char)best;
        }
        after += sw.passes;
    }
    return after;
}
