/* 5G NR encoder + rate matcher against NVIDIA Sionna's (../shared/codes/nr5g/
 * sionna_nr_vectors.txt: 13 cases, K 24..8448, BG1 and BG2, Qm 1..8, three information blocks
 * each, the E transmitted bits for rv 0..3). For every block and rv: the bits must match
 * exactly; the noiseless LLRs of each rv alone, and of all four combined in one HARQ buffer,
 * must decode to the information bits (each rv alone where it carries enough: see below).
 * Skips (exit 77) when ../shared/codes is absent. */
#include <string.h>
#include "test_util.h"

#define MAX_BITS 40000

static int hex_to_bits(const char *hex, uint8_t *bits, int nbits)
{
    int got = 0;
    for (const char *p = hex; *p && *p != '\n' && got < nbits; p++) {
        int v;
        if (*p >= '0' && *p <= '9')
            v = *p - '0';
        else if (*p >= 'a' && *p <= 'f')
            v = *p - 'a' + 10;
        else if (*p >= 'A' && *p <= 'F')
            v = *p - 'A' + 10;
        else
            return -1;
        for (int b = 3; b >= 0 && got < nbits; b--)
            bits[got++] = (uint8_t)((v >> b) & 1);
    }
    return got;
}

typedef struct nr_case {
    int k, e, bg, z, k_ldpc, n_ldpc, qm;
} nr_case;

static int blocks_checked, rv_bits_checked, decodes, combined_decodes;
static int rv_alone_failed[4], rv_alone_tried[4];

/* Decode harq (n_ldpc LLRs) and compare the first k info bits with u. */
static int decodes_to(ldpc_decoder *dec, const float *harq, int kk, const uint8_t *u, int k)
{
    uint8_t *out = malloc((size_t)kk);
    ldpc_frame_status fs;
    REQUIRE(out);
    REQUIRE_OK(ldpc_decoder_decode_f32(dec, harq, 1, out, &fs));
    int ok = fs.parity_ok && memcmp(out, u, (size_t)k) == 0;
    for (int i = k; i < kk; i++) /* fillers decode as zeros */
        ok = ok && out[i] == 0;
    free(out);
    return ok;
}

static void run_block(const nr_case *cs, ldpc_code *code, ldpc_encoder *enc, ldpc_decoder *dec,
                      const uint8_t *u, uint8_t want[4][MAX_BITS], const int *have_rv)
{
    ldpc_nr_code_params np;
    REQUIRE_OK(ldpc_code_nr_params(code, &np));
    const ldpc_nr_cb *cb = &np.cb;
    uint8_t *info = calloc((size_t)cb->k, 1), *cw = malloc((size_t)cb->n_ldpc),
            *tx = malloc((size_t)cs->e);
    float *llr = malloc(sizeof(float) * (size_t)cs->e),
          *harq = calloc((size_t)cb->n_ldpc, sizeof(float)),
          *comb = calloc((size_t)cb->n_ldpc, sizeof(float));
    REQUIRE(info && cw && tx && llr && harq && comb);
    memcpy(info, u, (size_t)cs->k); /* fillers stay 0 */
    REQUIRE_OK(ldpc_encoder_encode(enc, info, cw, 1));
    CHECK(ldpc_code_syndrome_weight(code, cw) == 0);
    blocks_checked++;
    for (int rv = 0; rv < 4; rv++) {
        if (!have_rv[rv])
            continue;
        REQUIRE_OK(ldpc_nr_rate_match(cb, rv, cs->qm, cs->e, cw, tx));
        int diff = 0, first = -1;
        for (int i = 0; i < cs->e; i++)
            if (tx[i] != want[rv][i]) {
                if (first < 0)
                    first = i;
                diff++;
            }
        CHECK_MSG(diff == 0, "case K %d E %d Qm %d rv %d: %d of %d bits differ (first at %d)",
                  cs->k, cs->e, cs->qm, rv, diff, cs->e, first);
        rv_bits_checked += cs->e;
        /* noiseless LLRs of Sionna's bits: +4 for 0, -4 for 1 */
        for (int i = 0; i < cs->e; i++)
            llr[i] = want[rv][i] ? -4.0f : 4.0f;
        memset(harq, 0, sizeof(float) * (size_t)cb->n_ldpc);
        REQUIRE_OK(ldpc_nr_rate_recover_f32(cb, rv, cs->qm, cs->e, llr, harq));
        REQUIRE_OK(ldpc_nr_rate_recover_f32(cb, rv, cs->qm, cs->e, llr, comb));
        /* rv 0 carries the systematic part and must decode alone. rv 1..3 start inside the
         * parity part: alone they may miss more bits than their equations can recover (rv 1
         * at rate 1/2 sends no systematic bit at all; K 8448 E 9216 rv 3 leaves 4608 unknown
         * bits against 3840 equations), which no decoder can undo. They are counted; the
         * check is that a decode that reports success is right. */
        uint8_t *out = malloc((size_t)cb->k);
        ldpc_frame_status fs;
        REQUIRE(out);
        REQUIRE_OK(ldpc_decoder_decode_f32(dec, harq, 1, out, &fs));
        int ok = fs.parity_ok && memcmp(out, u, (size_t)cs->k) == 0;
        CHECK_MSG(ok || !fs.parity_ok, "case K %d E %d rv %d: parity holds on wrong bits",
                  cs->k, cs->e, rv);
        free(out);
        decodes++;
        rv_alone_tried[rv]++;
        if (!ok)
            rv_alone_failed[rv]++;
        if (rv == 0)
            CHECK_MSG(ok, "case K %d E %d: rv 0 alone does not decode", cs->k, cs->e);
    }
    /* all rvs combined (IR-HARQ): must decode */
    CHECK_MSG(decodes_to(dec, comb, cb->k, u, cs->k), "case K %d E %d: rv 0..3 combined fail",
              cs->k, cs->e);
    combined_decodes++;
    free(info);
    free(cw);
    free(tx);
    free(llr);
    free(harq);
    free(comb);
}

int main(void)
{
    const char *dir = shared_codes_dir();
    if (!dir)
        return test_skip("../shared/codes absent: Sionna NR vectors not checked");
    char path[1024];
    snprintf(path, sizeof path, "%s/nr5g/sionna_nr_vectors.txt", dir);
    FILE *f = fopen(path, "r");
    if (!f)
        return test_skip("sionna_nr_vectors.txt absent: Sionna NR vectors not checked");

    static char line[20000];
    static uint8_t u[MAX_BITS], want[4][MAX_BITS];
    int have_rv[4] = {0}, have_u = 0, cases = 0;
    nr_case cs = {0};
    ldpc_code *code = NULL;
    ldpc_encoder *enc = NULL;
    ldpc_decoder *dec = NULL;
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
    cfg.algorithm = LDPC_ALG_SUM_PRODUCT;
    cfg.max_iterations = 100;
    cfg.num_threads = 1;

#define FLUSH()                                                                                \
    do {                                                                                       \
        if (have_u)                                                                            \
            run_block(&cs, code, enc, dec, u, want, have_rv);                                  \
        have_u = 0;                                                                            \
        memset(have_rv, 0, sizeof have_rv);                                                    \
    } while (0)

    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (strncmp(line, "case ", 5) == 0) {
            FLUSH();
            ldpc_decoder_destroy(dec);
            ldpc_encoder_destroy(enc);
            ldpc_code_destroy(code);
            REQUIRE(sscanf(line + 5, "%d %d %d %d %d %d %d", &cs.k, &cs.e, &cs.bg, &cs.z,
                           &cs.k_ldpc, &cs.n_ldpc, &cs.qm) == 7);
            REQUIRE(cs.e <= MAX_BITS && cs.k <= MAX_BITS);
            char name[64];
            snprintf(name, sizeof name, "nr:%d:%d:qm%d", cs.k, cs.e, cs.qm);
            REQUIRE_OK(ldpc_code_create(&code, name));
            ldpc_nr_code_params np;
            REQUIRE_OK(ldpc_code_nr_params(code, &np));
            /* Sionna's choice of base graph, Z, K_LDPC and N_LDPC */
            CHECK_MSG(np.cb.bg == cs.bg && np.cb.z == cs.z && np.cb.k == cs.k_ldpc &&
                          np.cb.n_ldpc == cs.n_ldpc,
                      "%s: bg %d z %d K %d n %d, Sionna %d %d %d %d", name, np.cb.bg, np.cb.z,
                      np.cb.k, np.cb.n_ldpc, cs.bg, cs.z, cs.k_ldpc, cs.n_ldpc);
            REQUIRE_OK(ldpc_encoder_create(&enc, code));
            REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
            cases++;
            printf("case %s: BG%d Z %d\n", name, np.cb.bg, np.cb.z);
        } else if (line[0] == 'u' && line[1] == ' ') {
            FLUSH();
            REQUIRE(hex_to_bits(line + 2, u, cs.k) == cs.k);
            have_u = 1;
        } else if (line[0] == 'c' && line[1] == ' ') {
            int rv = line[2] - '0';
            REQUIRE(rv >= 0 && rv <= 3 && line[3] == ' ');
            REQUIRE(hex_to_bits(line + 4, want[rv], cs.e) == cs.e);
            have_rv[rv] = 1;
        }
    }
    FLUSH();
    fclose(f);
    ldpc_decoder_destroy(dec);
    ldpc_encoder_destroy(enc);
    ldpc_code_destroy(code);
    printf("%d cases, %d blocks, %d rate-matched bits compared, %d single-rv decodes, "
           "%d combined\n",
           cases, blocks_checked, rv_bits_checked, decodes, combined_decodes);
    for (int rv = 0; rv < 4; rv++)
        printf("rv %d alone: %d of %d blocks decoded\n", rv,
               rv_alone_tried[rv] - rv_alone_failed[rv],
               rv_alone_tried[rv]);
    CHECK(cases == 13 && blocks_checked == 39 && combined_decodes == 39);
    return test_finish("test_nr_sionna");
}
