/* A warp's shared-memory passes, the greedy order of its rows' edges and its swaps
 * (smem_banks.h). */
#include "smem_banks.h"

/* One slot's access: its distinct words, how many of the warp's rows read each, and how many
 * of them each bank holds (the slot's passes are the most any bank holds). */
typedef struct {
    unsigned word[LDPC_BANK_WARP];
    unsigned char readers[LDPC_BANK_WARP];
    unsigned char in_bank[LDPC_BANKS];
    int n;
} slot_words;

static void slot_clear(slot_words *sw)
{
    sw->n = 0;
    for (int b = 0; b < LDPC_BANKS; b++)
        sw->in_bank[b] = 0;
}

static int slot_find(const slot_words *sw, unsigned w)
{
    for (int i = 0; i < sw->n; i++)
        if (sw->word[i] == w)
            return i;
    return -1;
}

/* the passes reading w adds to the bank it falls in (0 where the slot reads w already) */
static int slot_cost(const slot_words *sw, unsigned w)
{
    return slot_find(sw, w) >= 0 ? 0 : sw->in_bank[w % LDPC_BANKS];
}

static void slot_add(slot_words *sw, unsigned w)
{
    const int i = slot_find(sw, w);
    if (i >= 0) {
        sw->readers[i]++;
        return;
    }
    sw->word[sw->n] = w;
    sw->readers[sw->n++] = 1;
    sw->in_bank[w % LDPC_BANKS]++;
}

static void slot_remove(slot_words *sw, unsigned w)
{
    const int i = slot_find(sw, w);
    if (i < 0 || --sw->readers[i] > 0)
        return;
    sw->in_bank[w % LDPC_BANKS]--;
    sw->n--;
    sw->word[i] = sw->word[sw->n];
    sw->readers[i] = sw->readers[sw->n];
}

static int slot_passes(const slot_words *sw)
{
    int most = 0;
    for (int b = 0; b < LDPC_BANKS; b++)
        most = sw->in_bank[b] > most ? sw->in_bank[b] : most;
    return most;
}

/* how many banks hold the slot's most words (passes) */
static int slot_banks_at(const slot_words *sw, int passes)
{
    int n = 0;
    for (int b = 0; b < LDPC_BANKS; b++)
        n += sw->in_bank[b] == passes;
    return n;
}

/* whether taking w out of the slot could lower its passes: w read by one row only, in the one
 * bank that holds the slot's most words (passes; at_most: how many banks hold that many) */
static int slot_may_fall(const slot_words *sw, unsigned w, int passes, int at_most)
{
    const int i = slot_find(sw, w);
    return at_most == 1 && i >= 0 && sw->readers[i] == 1 && sw->in_bank[w % LDPC_BANKS] == passes;
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
        before += slot_passes(&sw);
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
        after += slot_passes(&sw);
    }
    return after;
}

int ldpc_warp_bank_swaps(int nt, const int *deg, const unsigned (*word)[LDPC_BANK_MAX_EDGES],
                         unsigned char (*pick)[LDPC_BANK_MAX_EDGES])
{
    slot_words sc[LDPC_BANK_MAX_EDGES];
    int passes[LDPC_BANK_MAX_EDGES], at_most[LDPC_BANK_MAX_EDGES], dmax = 0, total = 0;
    for (int i = 0; i < nt; i++)
        dmax = deg[i] > dmax ? deg[i] : dmax;
    for (int s = 0; s < dmax; s++) {
        slot_words *c = &sc[s];
        slot_clear(c);
        for (int i = 0; i < nt; i++)
            if (s < deg[i])
                slot_add(c, word[i][pick[i][s]]);
        passes[s] = slot_passes(c);
        at_most[s] = slot_banks_at(c, passes[s]);
        total += passes[s];
    }
    for (int i = 0; i < nt; i++)
        for (int s1 = 0; s1 < deg[i]; s1++)
            for (int s2 = s1 + 1; s2 < deg[i]; s2++) {
                const unsigned w1 = word[i][pick[i][s1]], w2 = word[i][pick[i][s2]];
                /* the two slots' passes fall only if one of them does */
                if (w1 == w2 || !(slot_may_fall(&sc[s1], w1, passes[s1], at_most[s1]) ||
                                  slot_may_fall(&sc[s2], w2, passes[s2], at_most[s2])))
                    continue;
                slot_remove(&sc[s1], w1);
                slot_add(&sc[s1], w2);
                slot_remove(&sc[s2], w2);
                slot_add(&sc[s2], w1);
                const int p1 = slot_passes(&sc[s1]), p2 = slot_passes(&sc[s2]);
                if (p1 + p2 < passes[s1] + passes[s2]) {
                    total += p1 + p2 - passes[s1] - passes[s2];
                    passes[s1] = p1;
                    passes[s2] = p2;
                    at_most[s1] = slot_banks_at(&sc[s1], p1);
                    at_most[s2] = slot_banks_at(&sc[s2], p2);
                    const unsigned char e = pick[i][s1];
                    pick[i][s1] = pick[i][s2];
                    pick[i][s2] = e;
                } else { /* back as they were */
                    slot_remove(&sc[s1], w2);
                    slot_add(&sc[s1], w1);
                    slot_remove(&sc[s2], w1);
                    slot_add(&sc[s2], w2);
                }
            }
    return total;
}
