/* ldpcgpu info: sizes, rate, degree distributions and structure of one code. */
#include <stdlib.h>
#include "app_util.h"
#include "commands.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ldpcgpu info CODE [--base] [--rank]\n\n"
            "Describe a code: n (code bits), k (information bits), m (parity checks), rate,\n"
            "ones in H, row and column degree distributions, where the information bits sit,\n"
            "and the structure the standard gives it: circulant size z and base matrix size for\n"
            "WiMAX/WiFi, q = (n-k)/360 for DVB.\n\n"
            "CODE is a built-in name (ldpcgpu list), e.g. dvbt2:64800:1/2, wimax:2304:1/2,\n"
            "wifi:1944:3/4, nr:bg1:z384, nr:8448:16896, or alist:FILE.\n\n"
            "options:\n"
            "  --base   also print the quasi-cyclic base matrix (shifts, '-' = zero block)\n"
            "  --rank   also compute rank(H) over GF(2) (slow for 64800-bit codes)\n");
}

static const char *family_text(ldpc_family f)
{
    switch (f) {
    case LDPC_FAMILY_DVB: return "DVB-S2/T2/S2X (IRA, 360-periodic)";
    case LDPC_FAMILY_WIMAX: return "IEEE 802.16e WiMAX (quasi-cyclic)";
    case LDPC_FAMILY_WIFI: return "IEEE 802.11n WiFi (quasi-cyclic)";
    case LDPC_FAMILY_NR: return "3GPP 5G NR, TS 38.212 (quasi-cyclic)";
    default: return "alist / matrix";
    }
}

/* Print "degree:count" pairs of a CSR/CSC pointer array with `count` lines. */
static void print_degrees(const char *what, const int *ptr, int count, int max_degree)
{
    int *hist = calloc((size_t)max_degree + 1, sizeof(int));
    if (!hist)
        return;
    int lo = max_degree;
    for (int i = 0; i < count; i++) {
        int d = ptr[i + 1] - ptr[i];
        hist[d]++;
        if (d < lo)
            lo = d;
    }
    printf("%-16s min %d, max %d, mean %.3f;", what, lo, max_degree,
           (double)ptr[count] / count);
    for (int d = 0; d <= max_degree; d++)
        if (hist[d])
            printf(" %d:%d", d, hist[d]);
    printf("  (degree:count)\n");
    free(hist);
}

static void print_base(const ldpc_code *code)
{
    int rows, cols, z;
    const int16_t *base = ldpc_code_base_matrix(code, &rows, &cols, &z);
    if (!base) {
        printf("base matrix:     none (not a quasi-cyclic code)\n");
        return;
    }
    printf("base matrix (%dx%d, shifts for z=%d):\n", rows, cols, z);
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            int s = base[r * cols + c];
            if (s < 0)
                printf("   -");
            else
                printf(" %3d", s);
        }
        printf("\n");
    }
}

int cmd_info(int argc, char **argv)
{
    const char *name = NULL;
    int show_base = 0, show_rank = 0;
    app_args a;
    app_args_init(&a, "info", argc, argv);
    while (a.i < argc && !a.error) {
        const char *w = argv[a.i];
        if (app_is_help(w)) {
            usage(stdout);
            return APP_OK;
        }
        if (app_flag(&a, "--base"))
            show_base = 1;
        else if (app_flag(&a, "--rank"))
            show_rank = 1;
        else if (w[0] != '-' && !name) {
            name = w;
            a.i++;
        } else
            app_unknown(&a);
    }
    if (a.error)
        return APP_USAGE;
    if (!name) {
        usage(stderr);
        return APP_USAGE;
    }

    ldpc_code *code;
    if (app_open_code("info", name, &code) != APP_OK)
        return APP_FAILED;
    ldpc_code_info in;
    ldpc_code_get_info(code, &in);
    const int *row_ptr, *col_idx, *col_ptr, *row_idx;
    ldpc_code_rows(code, &row_ptr, &col_idx);
    ldpc_code_cols(code, &col_ptr, &row_idx);

    printf("code:            %s\n", ldpc_code_name(code));
    printf("family:          %s\n", family_text(in.family));
    printf("n (code bits):   %d\n", in.n);
    printf("k (info bits):   %d\n", in.k);
    printf("m (checks):      %d\n", in.m);
    printf("rate k/n:        %.6f\n", (double)in.k / in.n);
    printf("ones in H:       %d\n", in.num_edges);
    print_degrees("row degree:", row_ptr, in.m, in.max_row_degree);
    print_degrees("column degree:", col_ptr, in.n, in.max_col_degree);
    if (in.info_is_prefix)
        printf("info bits:       c[0..%d], parity bits after them\n", in.k - 1);
    else
        printf("info bits:       at the %d non-pivot columns of H (first %d, last %d)\n", in.k,
               ldpc_code_info_positions(code)[0], ldpc_code_info_positions(code)[in.k - 1]);
    if (in.z)
        printf("quasi-cyclic:    z=%d, base matrix %dx%d\n", in.z, in.base_rows, in.base_cols);
    if (in.dvb_q)
        printf("dvb:             q=%d ((n-k)/360)\n", in.dvb_q);
    ldpc_nr_code_params np;
    if (in.family == LDPC_FAMILY_NR && ldpc_code_nr_params(code, &np) == LDPC_OK) {
        const ldpc_nr_cb *cb = &np.cb;
        printf("5G NR:           base graph %d, Z %d (set iLS %d), K_b %d\n", cb->bg, cb->z,
               cb->ils, cb->kb);
        if (np.e > 0) {
            printf("rate matching:   K' %d information bits + %d fillers (c[%d..%d]) = K %d; "
                   "c[0..%d] punctured\n",
                   cb->k_prime, cb->fillers, cb->k_prime, cb->k - 1, cb->k, 2 * cb->z - 1);
            printf("                 circular buffer N_cb %d of N %d, rv %d from k0 %d, E %d "
                   "bits, Qm %d; rate K'/E %.6f\n",
                   cb->n_cb, cb->n, np.rv, ldpc_nr_k0(cb, np.rv), np.e, np.qm,
                   (double)cb->k_prime / np.e);
        } else {
            printf("                 mother code: every column a code bit (no rate matching; "
                   "nr:K:E names rate-match)\n");
        }
    }
    if (show_rank) {
        int rank = ldpc_code_rank(code);
        if (rank < 0) {
            int st = app_fail("info", rank, "rank");
            ldpc_code_destroy(code);
            return st;
        }
        printf("rank(H):         %d%s\n", rank,
               rank == in.m ? " (full)" : " (rank deficient: some checks are redundant)");
    }
    if (show_base)
        print_base(code);
    ldpc_code_destroy(code);
    return APP_OK;
}
