/* libFuzzer harness for the alist reader (not part of the normal build or of ctest).
 *
 * Build and run (clang; from the repository root):
 *     clang -g -O1 -fsanitize=fuzzer,address,undefined -Iinclude -Icore \
 *         core/tests/fuzz/fuzz_alist.c core/src/alist.c core/src/code.c core/src/gf2.c \
 *         core/src/error.c core/src/encoder.c core/src/encoder_generic.c \
 *         core/tests/fuzz/fuzz_stubs.c -lm -o /tmp/fuzz_alist
 *     mkdir -p /tmp/alist_corpus
 *     /tmp/fuzz_alist -max_len=4096 -max_total_time=300 /tmp/alist_corpus \
 *         /usr/share/gnuradio/fec/ldpc
 * (the first folder receives new inputs; the others only seed it.)
 *
 * Every input must give an error status with a NULL code, or a code whose written alist reads
 * back to the same H and whose generic encoder produces codewords with H*c = 0. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "encoder_internal.h"

static int same_h(const ldpc_code *a, const ldpc_code *b)
{
    if (a->n != b->n || a->m != b->m || a->num_edges != b->num_edges)
        return 0;
    return memcmp(a->row_ptr, b->row_ptr, (size_t)(a->m + 1) * sizeof(int)) == 0 &&
           memcmp(a->col_idx, b->col_idx, (size_t)a->num_edges * sizeof(int)) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ldpc_code *c = NULL;
    int st = ldpc_code_from_alist_string(&c, (const char *)data, size);
    if (st != LDPC_OK) {
        if (c != NULL || (st != LDPC_ERR_PARSE && st != LDPC_ERR_TOO_LARGE))
            abort();
        return 0;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f || ldpc_code_write_alist(c, f) != LDPC_OK)
        abort();
    fclose(f);
    ldpc_code *back = NULL;
    if (ldpc_code_from_alist_string(&back, text, len) != LDPC_OK || !same_h(c, back))
        abort();
    ldpc_code_destroy(back);
    free(text);

    ldpc_encoder *enc = NULL;
    if (ldpc_encoder_create(&enc, c) != LDPC_OK)
        abort();
    uint8_t *info = calloc((size_t)c->k, 1), *cw = malloc((size_t)c->n);
    for (int i = 0; i < c->k; i++)
        info[i] = (uint8_t)((i * 7 + (int)size) % 3 == 0);
    ldpc_encoder_encode(enc, info, cw, 1);
    if (ldpc_code_syndrome_weight(c, cw) != 0)
        abort();
    free(info);
    free(cw);
    ldpc_encoder_destroy(enc);
    ldpc_code_destroy(c);
    return 0;
}
