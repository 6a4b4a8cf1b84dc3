/* The shared-memory bank model (smem_banks.h): a warp's passes, the greedy order of its rows'
 * edges and its descent, and where a DVB code's APP values live. The CUDA backend orders its
 * column table with it (cuda/table_banks.cpp, test_table_banks) and AUTO weighs row orders by
 * the greedy order (code_row_order.c, test_dvb_codes). */
#include <stdlib.h>
#include <string.h>
#include "smem_banks.h"
#include "test_util.h"

enum { W = LDPC_BANK_WARP, E = LDPC_BANK_MAX_EDGES };

/* passes of the order pick[][] (or H's where pick is NULL), counted afresh: per slot, the most
 * distinct words one bank holds */
static int passes_of(int nt, const int *deg, const unsigned (*word)[E], const unsigned char (*pick)[E])
{
    int dmax = 0, total = 0;
    for (int i = 0; i < nt; i++)
        dmax = deg[i] > dmax ? deg[i] : dmax;
    for (int s = 0; s < dmax; s++) {
        unsigned seen[W];
        int n = 0, most = 0;
        for (int i = 0; i < nt; i++)
            if (s < deg[i]) {
                const unsigned w = word[i][pick ? pick[i][s] : s];
                int dup = 0;
                for (int j = 0; j < n; j++)
                    dup |= seen[j] == w;
                if (!dup)
                    seen[n++] = w;
            }
        for (int b = 0; b < LDPC_BANKS; b++) {
            int in_bank = 0;
            for (int j = 0; j < n; j++)
                in_bank += (int)(seen[j] % LDPC_BANKS) == b;
            most = in_bank > most ? in_bank : most;
        }
        total += most;
    }
    return total;
}

/* each row's picks are a permutation of its edges */
static int picks_permute(int nt, const int *deg, const unsigned char (*pick)[E])
{
    for (int i = 0; i < nt; i++) {
        int seen[E] = {0};
        for (int s = 0; s < deg[i]; s++) {
            if (pick[i][s] >= deg[i] || seen[pick[i][s]])
                return 0;
            seen[pick[i][s]] = 1;
        }
    }
    return 1;
}

int main(void)
{
    static unsigned word[W][E];
    static unsigned char pick[W][E];
    int deg[W], h = 0;

    /* consecutive words: one pass a slot, H's order kept */
    for (int i = 0; i < W; i++) {
        deg[i] = 3;
        for (int e = 0; e < 3; e++)
            word[i][e] = (unsigned)(100 * e + i);
    }
    int g = ldpc_warp_bank_order(W, deg, (const unsigned(*)[E])word, pick, &h);
    CHECK_MSG(h == 3 && g == 3, "consecutive words: %d / %d passes", h, g);

    /* one bank, 32 distinct words, one edge each: 32 passes, no order helps; one word shared
     * by every thread: one pass */
    for (int i = 0; i < W; i++) {
        deg[i] = 1;
        word[i][0] = (unsigned)(LDPC_BANKS * i);
    }
    g = ldpc_warp_bank_order(W, deg, (const unsigned(*)[E])word, pick, &h);
    CHECK_MSG(h == 32 && g == 32, "one bank: %d / %d passes", h, g);
    for (int i = 0; i < W; i++)
        word[i][0] = 7;
    g = ldpc_warp_bank_order(W, deg, (const unsigned(*)[E])word, pick, &h);
    CHECK_MSG(h == 1 && g == 1, "one word: %d / %d passes", h, g);

    /* two rows whose H order collides in both slots (banks 0, 1 against 0, 1); swapping the
     * second row's edges leaves one pass each */
    deg[0] = deg[1] = 2;
    word[0][0] = 0, word[0][1] = 1, word[1][0] = 32, word[1][1] = 65;
    g = ldpc_warp_bank_order(2, deg, (const unsigned(*)[E])word, pick, &h);
    CHECK_MSG(h == 4 && g == 2 && pick[0][0] == 0 && pick[1][0] == 1 && pick[1][1] == 0,
              "two rows: %d / %d passes, picks %d %d %d", h, g, pick[0][0], pick[1][0], pick[1][1]);

    /* random warps: both returned counts recounted from their orders, the picks permutations
     * of each row's edges, and the greedy order the fewer passes in most warps */
    srand(5);
    int better = 0, descended_better = 0;
    for (int trial = 0; trial < 2000; trial++) {
        const int nt = 1 + rand() % W;
        for (int i = 0; i < nt; i++) {
            deg[i] = 1 + rand() % 12;
            for (int e = 0; e < deg[i]; e++)
                word[i][e] = (unsigned)(rand() % 600);
        }
        g = ldpc_warp_bank_order(nt, deg, (const unsigned(*)[E])word, pick, &h);
        CHECK_MSG(h == passes_of(nt, deg, (const unsigned(*)[E])word, NULL), "trial %d: H's passes %d", trial, h);
        CHECK_MSG(g == passes_of(nt, deg, (const unsigned(*)[E])word, (const unsigned char(*)[E])pick),
                  "trial %d: greedy passes %d", trial, g);
        CHECK_MSG(picks_permute(nt, deg, (const unsigned char(*)[E])pick), "trial %d: picks", trial);
        better += g < h;
        /* the descent on the greedy order: its count recounted, never more, a permutation, the
         * same order again for the same seed */
        unsigned char again[W][E];
        memcpy(again, pick, sizeof again);
        const int d = ldpc_warp_bank_descent(nt, deg, (const unsigned(*)[E])word, pick, 2000, (unsigned)trial);
        CHECK_MSG(d == passes_of(nt, deg, (const unsigned(*)[E])word, (const unsigned char(*)[E])pick),
                  "trial %d: descent's passes %d", trial, d);
        CHECK_MSG(d <= g, "trial %d: %d passes after the descent, %d before", trial, d, g);
        CHECK_MSG(picks_permute(nt, deg, (const unsigned char(*)[E])pick), "trial %d: descent's picks", trial);
        const int d2 = ldpc_warp_bank_descent(nt, deg, (const unsigned(*)[E])word, again, 2000, (unsigned)trial);
        CHECK_MSG(d2 == d && memcmp(again, pick, sizeof again) == 0, "trial %d: the descent not repeatable", trial);
        descended_better += d < g;
    }
    CHECK_MSG(better > 1000, "the greedy order took fewer passes in %d of 2000 random warps", better);
    CHECK_MSG(descended_better > 1000, "the descent took fewer passes than the greedy order in %d of 2000 random warps",
              descended_better);

    /* full warps (32 rows of 32 edges) whose words crowd a few banks: a bank then holds far
     * more than a slot's 32 words over the warp (one bank: 1024, every slot 32 passes, nothing
     * to gain); the counts still recounted, never more, the picks permutations */
    for (int trial = 0; trial < 40; trial++) {
        const int banks = trial == 0 ? 1 : 1 + trial % 6;
        for (int i = 0; i < W; i++) {
            deg[i] = E;
            for (int e = 0; e < E; e++)
                word[i][e] = trial == 0 ? (unsigned)(LDPC_BANKS * (E * i + e))
                                        : (unsigned)(LDPC_BANKS * (rand() % 300) + rand() % banks);
        }
        g = ldpc_warp_bank_order(W, deg, (const unsigned(*)[E])word, pick, &h);
        const int d = ldpc_warp_bank_descent(W, deg, (const unsigned(*)[E])word, pick, 3000, (unsigned)trial + 1);
        CHECK_MSG(d == passes_of(W, deg, (const unsigned(*)[E])word, (const unsigned char(*)[E])pick) && d <= g &&
                      picks_permute(W, deg, (const unsigned char(*)[E])pick),
                  "crowded warp %d: %d passes after the descent, %d before", trial, d, g);
        CHECK_MSG(trial != 0 || (g == 1024 && d == 1024), "one bank: %d / %d passes, 1024 expected", g, d);
    }

    /* ldpc_app_slot: info columns in place; a DVB code's parity columns (q = 5, 360 a group)
     * a permutation of [k, n) with row g + i q's two parity columns adjacent */
    const int k = 1000, q = 5, m = 360 * q;
    CHECK(ldpc_app_slot(k, q, 360, 17) == 17 && ldpc_app_slot(k, 0, 0, k + 9) == k + 9);
    char *hit = calloc((size_t)m, 1);
    int perm = 1;
    for (int j = k; j < k + m; j++) {
        const int s = ldpc_app_slot(k, q, 360, j);
        perm &= s >= k && s < k + m && !hit[s - k];
        if (s >= k && s < k + m)
            hit[s - k] = 1;
    }
    CHECK_MSG(perm, "parity slots not a permutation");
    for (int g0 = 0; g0 < q; g0++)
        for (int i = 1; i < 360; i++)
            CHECK(ldpc_app_slot(k, q, 360, k + g0 + i * q) == ldpc_app_slot(k, q, 360, k + g0 + (i - 1) * q) + 1);
    free(hit);
    return test_finish("test_smem_banks");
}
