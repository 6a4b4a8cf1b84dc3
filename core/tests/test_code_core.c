/* ldpc_code basics: building H from rows, validation errors, rank, information positions,
 * syndrome, name dispatch errors and the built-in list. */
#include <string.h>
#include "test_util.h"

static void test_hamming(void)
{
    /* Hamming (7,4): H = [1 1 0 1 1 0 0; 1 0 1 1 0 1 0; 0 1 1 1 0 0 1] */
    const int rp[] = {0, 4, 8, 12};
    const int ci[] = {0, 1, 3, 4, 0, 2, 3, 5, 1, 2, 3, 6};
    ldpc_code *c;
    REQUIRE_OK(ldpc_code_from_rows(&c, "hamming", 7, 3, rp, ci));
    CHECK(ldpc_code_n(c) == 7 && ldpc_code_m(c) == 3 && ldpc_code_k(c) == 4);
    CHECK(ldpc_code_rank(c) == 3);
    /* eliminating from the last column, pivots land on columns 4..6: info = 0..3 */
    const int *pos = ldpc_code_info_positions(c);
    for (int i = 0; i < 4; i++)
        CHECK(pos[i] == i);
    ldpc_code_info info;
    REQUIRE_OK(ldpc_code_get_info(c, &info));
    CHECK(info.num_edges == 12 && info.max_row_degree == 4 && info.max_col_degree == 3);
    CHECK(info.info_is_prefix == 1);
    uint8_t good[7] = {1, 0, 1, 1, 0, 1, 0}; /* p = (1+0+1, 1+1+1, 0+1+1) = (0,1,0) */
    CHECK(ldpc_code_syndrome_weight(c, good) == 0);
    good[2] ^= 1;
    CHECK(ldpc_code_syndrome_weight(c, good) == 2);
    const int *col_ptr, *row_idx;
    REQUIRE_OK(ldpc_code_cols(c, &col_ptr, &row_idx));
    CHECK(col_ptr[7] == 12 && col_ptr[3 + 1] - col_ptr[3] == 3);
    ldpc_code_destroy(c);
}

static void test_rank_deficient(void)
{
    /* row 2 = row 0 + row 1: rank 2, k = 6 - 2 = 4 */
    const int rp[] = {0, 3, 6, 10};
    const int ci[] = {0, 1, 2, 2, 3, 4, 0, 1, 3, 4};
    ldpc_code *c;
    REQUIRE_OK(ldpc_code_from_rows(&c, "deficient", 6, 3, rp, ci));
    CHECK(ldpc_code_rank(c) == 2 && ldpc_code_k(c) == 4);
    ldpc_code_destroy(c);
}

static void test_invalid(void)
{
    ldpc_code *c = (ldpc_code *)1;
    const int rp_dup[] = {0, 3};
    const int ci_dup[] = {0, 1, 1};
    CHECK(ldpc_code_from_rows(&c, "dup", 4, 1, rp_dup, ci_dup) == LDPC_ERR_PARSE && c == NULL);
    CHECK(strstr(ldpc_last_error(), "twice") != NULL);
    const int ci_range[] = {0, 1, 9};
    CHECK(ldpc_code_from_rows(&c, "range", 4, 1, rp_dup, ci_range) == LDPC_ERR_PARSE);
    const int rp_empty[] = {0, 2, 2};
    const int ci_empty[] = {0, 1};
    CHECK(ldpc_code_from_rows(&c, "empty", 4, 2, rp_empty, ci_empty) == LDPC_ERR_PARSE);
    const int rp_dec[] = {0, 2, 1};
    CHECK(ldpc_code_from_rows(&c, "dec", 4, 2, rp_dec, ci_empty) == LDPC_ERR_PARSE);
    CHECK(ldpc_code_from_rows(&c, "big", LDPC_MAX_N + 1, 1, rp_dup, ci_dup) == LDPC_ERR_TOO_LARGE);
    CHECK(ldpc_code_from_rows(NULL, "x", 4, 1, rp_dup, ci_dup) == LDPC_ERR_INVALID_ARGUMENT);

    CHECK(ldpc_code_create(&c, "dvbt9:64800:1/2") == LDPC_ERR_UNKNOWN_CODE && c == NULL);
    CHECK(strlen(ldpc_last_error()) > 0);
    CHECK(ldpc_code_create(&c, "") == LDPC_ERR_UNKNOWN_CODE);
    CHECK(ldpc_code_create(&c, NULL) == LDPC_ERR_INVALID_ARGUMENT);
    char longname[2000];
    memset(longname, 'x', sizeof longname - 1);
    longname[sizeof longname - 1] = 0;
    CHECK(ldpc_code_create(&c, longname) == LDPC_ERR_UNKNOWN_CODE);
    CHECK(ldpc_code_create(&c, "alist:/nonexistent/file.alist") != LDPC_OK);
    CHECK(strcmp(ldpc_strerror(LDPC_ERR_PARSE), "malformed alist") == 0);
}

static void test_list(void)
{
    int count = ldpc_code_list_count();
    int dvb = 0, wimax = 0, wifi = 0;
    for (int i = 0; i < count; i++) {
        const char *name = ldpc_code_list_name(i);
        REQUIRE(name != NULL);
        dvb += strncmp(name, "dvb", 3) == 0;
        wimax += strncmp(name, "wimax:", 6) == 0;
        wifi += strncmp(name, "wifi:", 5) == 0;
    }
    CHECK(ldpc_code_list_name(count) == NULL && ldpc_code_list_name(-1) == NULL);
    printf("built-in codes: %d (DVB %d, WiMAX %d, WiFi %d)\n", count, dvb, wimax, wifi);
    CHECK(wimax == 19 * 6);
    CHECK(wifi == 12);
    CHECK(dvb >= 21 + 15); /* at least S2 normal+short and T2 */
    /* names are case-insensitive */
    ldpc_code *c;
    REQUIRE_OK(ldpc_code_create(&c, "WIMAX:2304:2/3A"));
    CHECK(ldpc_code_n(c) == 2304 && ldpc_code_k(c) == 1536);
    ldpc_code_destroy(c);
}

int main(void)
{
    test_hamming();
    test_rank_deficient();
    test_invalid();
    test_list();
    return test_finish("test_code_core");
}
