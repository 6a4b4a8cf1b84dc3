/* 5G NR (3GPP TS 38.212) parameter rules, each written once: lifting sizes (5.3.2), base graph
 * choice (7.2.2), code block sizes and segmentation (5.2.2), circular buffer size and k0
 * (5.4.2.1), rate-matched bits per code block (5.4.2.1). */
#include "error.h"
#include "ldpcgpu/nr.h"

/* Table 5.3.2-1: the set iLS holds Z = a * 2^j <= 384 for its a. */
static const int set_a[8] = {2, 3, 5, 7, 9, 11, 13, 15};

int ldpc_nr_lifting_set(int z)
{
    for (int s = 0; s < 8; s++)
        for (int v = set_a[s]; v <= LDPC_NR_MAX_Z; v *= 2)
            if (v == z)
                return s;
    return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                      "%d is not a 5G NR lifting size (a * 2^j <= 384, a = 2,3,5,7,9,11,13,15)", z);
}

/* The smallest lifting size z with kb * z >= k_prime (every set considered). */
static int smallest_z(int kb, int k_prime)
{
    int best = 0;
    for (int s = 0; s < 8; s++)
        for (int v = set_a[s]; v <= LDPC_NR_MAX_Z; v *= 2)
            if (kb * v >= k_prime && (best == 0 || v < best))
                best = v;
    return best;
}

int ldpc_nr_select_bg(int tbs, double rate)
{
    if (tbs < 1 || !(rate > 0.0 && rate <= 1.0))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "NR base graph: need TBS >= 1 and 0 < rate <= 1 (got %d, %g)", tbs, rate);
    if (tbs <= 292 || (tbs <= 3824 && rate <= 0.67) || rate <= 0.25)
        return 2;
    return 1;
}

int ldpc_nr_cb_init(ldpc_nr_cb *p, int bg, int k_prime)
{
    if (!p)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_nr_cb_init: NULL argument");
    if (bg != 1 && bg != 2)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "NR base graph must be 1 or 2 (got %d)", bg);
    const int kcb = bg == 1 ? LDPC_NR_KCB_BG1 : LDPC_NR_KCB_BG2;
    if (k_prime < 1 || k_prime > kcb)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "NR code block of base graph %d: K' must be 1..%d (got %d)", bg, kcb,
                          k_prime);
    /* 5.2.2: K_b = 22 for BG1; for BG2 by B, which equals K' whenever BG2 gives K_b < 10
     * (a segmented TB has B > 3840 and K' > 1900, both giving K_b = 10). */
    int kb = 22;
    if (bg == 2)
        kb = k_prime > 640 ? 10 : k_prime > 560 ? 9 : k_prime > 192 ? 8 : 6;
    p->bg = bg;
    p->kb = kb;
    p->z = smallest_z(kb, k_prime);
    p->ils = ldpc_nr_lifting_set(p->z);
    p->k_prime = k_prime;
    p->k = (bg == 1 ? 22 : 10) * p->z;
    p->fillers = p->k - k_prime;
    p->n_ldpc = (bg == 1 ? 68 : 52) * p->z;
    p->n = (bg == 1 ? 66 : 50) * p->z;
    p->n_cb = p->n;
    return LDPC_OK;
}

int ldpc_nr_cb_limit_buffer(ldpc_nr_cb *p, int tbs_lbrm, int c)
{
    if (!p || p->bg == 0 || tbs_lbrm < 1 || c < 1)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "limited buffer: need code block parameters, TBS_LBRM >= 1, C >= 1");
    /* N_ref = floor(TBS_LBRM / (C * R_LBRM)) with R_LBRM = 2/3 */
    long long n_ref = (3LL * tbs_lbrm) / (2LL * c);
    int n_cb = n_ref < p->n ? (int)n_ref : p->n;
    if (n_cb < p->k) /* the systematic part and at least the core parity must fit */
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "limited buffer N_cb = %d is smaller than K = %d (TBS_LBRM %d, C %d)",
                          n_cb, p->k, tbs_lbrm, c);
    p->n_cb = n_cb;
    return LDPC_OK;
}

int ldpc_nr_k0(const ldpc_nr_cb *p, int rv)
{
    if (!p || p->bg == 0 || rv < 0 || rv > 3)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "k0: need code block parameters and rv 0..3");
    /* Table 5.4.2.1-2: k0 = floor(f[rv] * N_cb / (cols * Z)) * Z */
    static const int f_bg1[4] = {0, 17, 33, 56}, f_bg2[4] = {0, 13, 25, 43};
    const int f = p->bg == 1 ? f_bg1[rv] : f_bg2[rv];
    const int cols = p->bg == 1 ? 66 : 50;
    return (int)(((long long)f * p->n_cb) / ((long long)cols * p->z)) * p->z;
}

int ldpc_nr_cb_e(int g, int qm, int layers, int c, int r)
{
    if (g < 1 || qm < 1 || layers < 1 || c < 1 || r < 0 || r >= c || g % (qm * layers) != 0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "E_r: need G >= 1 a multiple of Qm * layers, C >= 1, 0 <= r < C");
    /* 5.4.2.1: the first C - mod(G / (NL Qm), C) blocks get the floor, the others the ceiling */
    const int symbols = g / (qm * layers);
    const int floor_share = symbols / c;
    const int first_ceiling = c - symbols % c;
    return qm * layers * (r < first_ceiling ? floor_share : floor_share + (symbols % c != 0));
}

int ldpc_nr_tb_init(ldpc_nr_tb *tb, int a, int bg)
{
    if (!tb)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_nr_tb_init: NULL argument");
    if (a < 1 || a > (1 << 20))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "NR transport block: A must be 1..2^20 (got %d)", a);
    if (bg != 1 && bg != 2)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "NR base graph must be 1 or 2 (got %d)", bg);
    tb->a = a;
    tb->tb_crc = a > 3824 ? 24 : 16; /* 7.2.1 */
    tb->b = a + tb->tb_crc;
    /* 5.2.2 */
    const int kcb = bg == 1 ? LDPC_NR_KCB_BG1 : LDPC_NR_KCB_BG2;
    if (tb->b <= kcb) {
        tb->c = 1;
        tb->cb_crc = 0;
    } else {
        tb->cb_crc = 24;
        tb->c = (tb->b + (kcb - 24) - 1) / (kcb - 24);
    }
    tb->b_prime = tb->b + tb->c * tb->cb_crc;
    if (tb->b_prime % tb->c != 0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "NR transport block of %d bits: B' = %d is not a multiple of C = %d, so "
                          "38.212 5.2.2 defines no K' (the TB sizes of 38.214 5.1.3.2 always "
                          "give one)",
                          a, tb->b_prime, tb->c);
    return ldpc_nr_cb_init(&tb->cb, bg, tb->b_prime / tb->c);
}
