/* A warp's shared-memory passes, the greedy order of its rows' edges and its descent
 * (smem_banks.h). */
#include "smem_banks.h"
#include <stdlib.h>

/* One slot's access: its distinct words by bank, how many of the warp's rows read each, how many
 * each bank holds, and two figures kept as words come and go: the slot's passes (the most words
 * any bank holds) and the sum of the squares of the banks' counts (lower where a slot's words
 * spread more evenly over the banks, so a next move can lower its passes). */
typedef struct {
    unsigned word[LDPC_BANKS][LDPC_BANK_WARP];
    unsigned char readers[LDPC_BANKS][LDPC_BANK_WARP];
    unsigned char in_bank[LDPC_BANKS];
    unsigned char banks_holding[LDPC_BANK_WARP + 1]; /* how many banks hold n words, n = 0 .. 32 */
    int passes, squares;
} slot_words;

static void slot_clear(slot_words *sw)
{
    for (int b = 0; b < LDPC_BANKS; b++)
        sw->in_bank[b] = 0;
    for (int n = 0; n <= LDPC_BANK_WARP; n++)
        sw->banks_holding[n] = 0;
    sw->banks_holding[0] = LDPC_BANKS;
    sw->passes = sw->squares = 0;
}

static int slot_find(const slot_words *sw, unsigned w)
{
    const unsigned b = w % LDPC_BANKS;
    for (int i = 0; i < sw->in_bank[b]; i++)
        if (sw->word[b][i] == w)
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
    const unsigned b = w % LDPC_BANKS;
    const int i = slot_find(sw, w);
    if (i >= 0) {
        sw->readers[b][i]++;
        return;
    }
    const int n = sw->in_bank[b];
    sw->word[b][n] = w;
    sw->readers[b][n] = 1;
    sw->in_bank[b] = (unsigned char)(n + 1);
    sw->banks_holding[n]--;
    sw->banks_holding[n + 1]++;
    sw->squares += 2 * n + 1;
    sw->passes = n + 1 > sw->passes ? n + 1 : sw->passes;
}

static void slot_remove(slot_words *sw, unsigned w)
{
    const unsigned b = w % LDPC_BANKS;
    const int i = slot_find(sw, w);
    if (i < 0 || --sw->readers[b][i] > 0)
        return;
    const int n = sw->in_bank[b];
    sw->word[b][i] = sw->word[b][n - 1];
    sw->readers[b][i] = sw->readers[b][n - 1];
    sw->in_bank[b] = (unsigned char)(n - 1);
    sw->banks_holding[n]--;
    sw->banks_holding[n - 1]++;
    sw->squares -= 2 * n - 1;
    if (sw->passes == n && sw->banks_holding[n] == 0)
        sw->passes = n - 1;
}

/* what the descent lowers: the passes first, then the squares (at most 32 * 32 = 1024) */
static int slot_weight(const slot_words *sw)
{
    return sw->passes * 2048 + sw->squares;
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

static int unsigned_less(const void *a, const void *b)
{
    const unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return (x > y) - (x < y);
}

/* xorshift32: the descent's moves, the same on every machine */
static unsigned next_random(unsigned *state)
{
    unsigned x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

int ldpc_warp_bank_descent(int nt, const int *deg, const unsigned (*word)[LDPC_BANK_MAX_EDGES],
                           unsigned char (*pick)[LDPC_BANK_MAX_EDGES], int moves, unsigned seed)
{
    int dmax = 0, total = 0;
    for (int i = 0; i < nt; i++)
        dmax = deg[i] > dmax ? deg[i] : dmax;
    /* about 5 KB a slot: on the heap; without it the order stays as given */
    slot_words *sc = malloc((size_t)(dmax > 0 ? dmax : 1) * sizeof *sc);
    if (sc == NULL)
        moves = 0;
    for (int s = 0; s < dmax; s++) {
        slot_words one, *c = sc != NULL ? &sc[s] : &one;
        slot_clear(c);
        for (int i = 0; i < nt; i++)
            if (s < deg[i])
                slot_add(c, word[i][pick[i][s]]);
        total += c->passes;
    }
    /* the fewest passes any order can take: each slot at least one, each bank at least one a
     * distinct word it holds (a word read by several rows counted once). A bank may hold more
     * than a slot's 32 words over the whole warp, so they are counted here, not in a slot. */
    int floor_passes = dmax;
    {
        unsigned all[LDPC_BANK_WARP * LDPC_BANK_MAX_EDGES];
        int n = 0, in_bank[LDPC_BANKS] = {0};
        for (int i = 0; i < nt; i++)
            for (int e = 0; e < deg[i]; e++)
                all[n++] = word[i][e];
        qsort(all, (size_t)n, sizeof all[0], unsigned_less);
        for (int i = 0; i < n; i++)
            if (i == 0 || all[i] != all[i - 1]) {
                const int c = ++in_bank[all[i] % LDPC_BANKS];
                floor_passes = c > floor_passes ? c : floor_passes;
            }
    }
    unsigned state = seed ? seed : 1u;
    int last_fall = 0; /* the try that last lowered the passes */
    for (int m = 0; m < moves && total > floor_passes && m - last_fall < moves / 3 + 1; m++) {
        const int s1 = (int)(next_random(&state) % (unsigned)dmax);
        slot_words *a = &sc[s1];
        if (a->passes <= 1)
            continue;
        /* a row reading a word in one of slot s1's fullest banks: random rows until one does */
        int i = -1;
        for (int t = 0; t < LDPC_BANK_WARP && i < 0; t++) {
            const int k = (int)(next_random(&state) % (unsigned)nt);
            if (s1 < deg[k] && a->in_bank[word[k][pick[k][s1]] % LDPC_BANKS] == a->passes)
                i = k;
        }
        if (i < 0)
            continue;
        const int s2 = (int)(next_random(&state) % (unsigned)deg[i]);
        const unsigned w1 = word[i][pick[i][s1]], w2 = word[i][pick[i][s2]];
        if (s2 == s1 || w1 % LDPC_BANKS == w2 % LDPC_BANKS)
            continue;
        slot_words *b = &sc[s2];
        const int weight = slot_weight(a) + slot_weight(b), passes = a->passes + b->passes;
        slot_remove(a, w1);
        slot_add(a, w2);
        slot_remove(b, w2);
        slot_add(b, w1);
        if (slot_weight(a) + slot_weight(b) <= weight) { /* kept: level moves walk the plateaus */
            const int fall = passes - a->passes - b->passes;
            total -= fall;
            last_fall = fall > 0 ? m : last_fall;
            const unsigned char e = pick[i][s1];
            pick[i][s1] = pick[i][s2];
            pick[i][s2] = e;
        } else { /* back as they were */
            slot_remove(a, w2);
            slot_add(a, w1);
            slot_remove(b, w1);
            slot_add(b, w2);
        }
    }
    free(sc);
    return total;
}
