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

/* one slot's distinct words with how many rows read each, and the words each bank holds */
typedef struct {
    unsigned word[LDPC_BANK_WARP];
    unsigned char readers[LDPC_BANK_WARP];
    unsigned char in_bank[LDPC_BANKS];
    int n;
} slot_count;

static void count_add(slot_count *c, unsigned w)
{
    for (int i = 0; i < c->n; i++)
        if (c->word[i] == w) {
            c->readers[i]++;
            return;
        }
    c->word[c->n] = w;
    c->readers[c->n++] = 1;
    c->in_bank[w % LDPC_BANKS]++;
}

static void count_remove(slot_count *c, unsigned w)
{
    for (int i = 0; i < c->n; i++)
        if (c->word[i] == w) {
            if (--c->readers[i] == 0) {
                c->in_bank[w % LDPC_BANKS]--;
                c->n--;
                c->word[i] = c->word[c->n];
                c->readers[i] = c->readers[c->n];
            }
            return;
        }
}

static int count_passes(const slot_count *c)
{
    int most = 0;
    for (int b = 0; b < LDPC_BANKS; b++)
        most = c->in_bank[b] > most ? c->in_bank[b] : most;
    return most;
}

int ldpc_warp_bank_swaps(int nt, const int *deg, const unsigned (*word)[LDPC_BANK_MAX_EDGES],
                         unsigned char (*pick)[LDPC_BANK_MAX_EDGES])
{
    slot_count sc[LDPC_BANK_MAX_EDGES];
    int passes[LDPC_BANK_MAX_EDGES], dmax = 0, total = 0;
    for (int i = 0; i < nt; i++)
        dmax = deg[i] > dmax ? deg[i] : dmax;
    for (int s = 0; s < dmax; s++) {
        slot_count *c = &sc[s];
        c->n = 0;
        for (int b = 0; b < LDPC_BANKS; b++)
            c->in_bank[b] = 0;
        for (int i = 0; i < nt; i++)
            if (s < deg[i])
                count_add(c, word[i][pick[i][s]]);
        passes[s] = count_passes(c);
        total += passes[s];
    }
    for (int i = 0; i < nt; i++)
        for (int s1 = 0; s1 < deg[i]; s1++)
            for (int s2 = s1 + 1; s2 < deg[i]; s2++) {
                const unsigned w1 = word[i][pick[i][s1]], w2 = word[i][pick[i][s2]];
                if (w1 == w2 || (passes[s1] == 1 && passes[s2] == 1))
                    continue;
                count_remove(&sc[s1], w1);
                count_add(&sc[s1], w2);
                count_remove(&sc[s2], w2);
                count_add(&sc[s2], w1);
                const int p1 = count_passes(&sc[s1]), p2 = count_passes(&sc[s2]);
                if (p1 + p2 < passes[s1] + passes[s2]) {
                    total += p1 + p2 - passes[s1] - passes[s2];
                    passes[s1] = p1;
                    passes[s2] = p2;
                    const unsigned char e = pick[i][s1];
                    pick[i][s1] = pick[i][s2];
                    pick[i][s2] = e;
                } else { /* back as they were */
                    count_remove(&sc[s1], w2);
                    count_add(&sc[s1], w1);
                    count_remove(&sc[s2], w1);
                    count_add(&sc[s2], w2);
                }
            }
    return total;
}
