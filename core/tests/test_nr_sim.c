/* The simulator on rate-matched 5G NR codes: frames are rate-matched (fillers zero and certain,
 * the 2Z punctured bits 0), error counts are over the K information bits, Eb/N0 is per
 * information bit (rate K/E), the public frame calls and the simulator's run agree frame for
 * frame, the error rate falls from ~1 to 0 across the waterfall, and the combinations that do
 * not fit are refused. */
#include <math.h>
#include <string.h>
#include "ldpcgpu/channel.h"
#include "sim_internal.h"
#include "test_util.h"

static void test_frames(void)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "nr:1000:3000"));
    ldpc_nr_code_params np;
    REQUIRE_OK(ldpc_code_nr_params(code, &np));
    int kk = 0, ee = 0;
    REQUIRE_OK(ldpc_code_link_bits(code, &kk, &ee));
    CHECK(kk == 1000 && ee == 3000);
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    uint8_t *info = malloc((size_t)k), *cw = malloc((size_t)n);
    float *llr = malloc(sizeof(float) * (size_t)n);
    REQUIRE(info && cw && llr);
    /* noise-free: Eb/N0 100 dB */
    REQUIRE_OK(ldpc_sim_make_frame(code, NULL, 100.0, 7, info, cw, llr));
    CHECK(ldpc_code_syndrome_weight(code, cw) == 0);
    int fillers_zero = 1, fillers_certain = 1, punct_zero = 1, signs_ok = 1, sent = 0;
    for (int b = 0; b < n; b++) {
        if (b >= np.cb.k_prime && b < np.cb.k) {
            fillers_zero &= info[b] == 0;
            fillers_certain &= llr[b] == LDPC_LLR_CLAMP;
        } else if (b < 2 * np.cb.z) {
            punct_zero &= llr[b] == 0.0f;
        } else if (llr[b] != 0.0f) {
            sent++;
            signs_ok &= (llr[b] < 0) == (cw[b] == 1);
        }
    }
    CHECK(fillers_zero && fillers_certain && punct_zero && signs_ok);
    /* E = 3000 bits of rv 0 from a buffer of N - F = 5160 bits: 3000 distinct positions */
    CHECK_MSG(sent == 3000, "%d positions received", sent);
    free(info);
    free(cw);
    free(llr);
    ldpc_code_destroy(code);
}

/* The run and the public frames: the same frames, the same errors. */
static void test_run_matches_frames(void)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "nr:500:1500:rv3"));
    const int n = ldpc_code_n(code), k = ldpc_code_k(code), frames = 64;
    const double ebn0 = 1.0;
    ldpc_decoder_config dc;
    ldpc_decoder_config_init(&dc);
    dc.num_threads = 1;
    ldpc_sim_config sc;
    ldpc_sim_config_init(&sc);
    sc.num_threads = 2;
    sc.modulation = LDPC_MOD_QPSK;
    ldpc_sim *sim;
    REQUIRE_OK(ldpc_sim_create_mode(&sim, code, &dc, &sc, LDPC_SIM_MODE_HOST_THREADS));
    ldpc_sim_counts c;
    memset(&c, 0, sizeof c);
    REQUIRE_OK(ldpc_sim_run(sim, ebn0, 0, frames, 0, &c));
    ldpc_sim_destroy(sim);

    uint8_t *info = malloc((size_t)k * frames), *out = malloc((size_t)k * frames);
    float *llr = malloc(sizeof(float) * (size_t)n * frames);
    ldpc_frame_status *st = malloc(sizeof *st * frames);
    REQUIRE(info && out && llr && st);
    REQUIRE_OK(ldpc_sim_make_frames(code, &sc, ebn0, 0, frames, info, NULL, llr));
    ldpc_decoder *dec;
    REQUIRE_OK(ldpc_decoder_create(&dec, code, &dc));
    REQUIRE_OK(ldpc_decoder_decode_f32(dec, llr, frames, out, st));
    uint64_t bit_errors = 0, frame_errors = 0;
    for (int f = 0; f < frames; f++) {
        int e = 0;
        for (int i = 0; i < 500; i++) /* K = 500 information bits count */
            e += info[(size_t)f * k + i] != out[(size_t)f * k + i];
        bit_errors += (uint64_t)e;
        frame_errors += e > 0;
    }
    printf("nr:500:1500:rv3 QPSK at %.1f dB: %llu frame errors of %d (run: %llu), bit errors %llu "
           "(run: %llu)\n",
           ebn0, (unsigned long long)frame_errors, frames, (unsigned long long)c.frame_errors,
           (unsigned long long)bit_errors, (unsigned long long)c.bit_errors);
    CHECK(c.frames == (uint64_t)frames && c.bit_errors == bit_errors &&
          c.frame_errors == frame_errors);
    CHECK(frame_errors > 0 && frame_errors < (uint64_t)frames); /* inside the waterfall */
    ldpc_decoder_destroy(dec);
    free(info);
    free(out);
    free(llr);
    free(st);
    ldpc_code_destroy(code);
}

/* Error rates across the waterfall, BPSK and 16-QAM with int8 LLRs. */
static void test_waterfall(const char *name, ldpc_modulation mod, double lo, double hi)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, name));
    ldpc_decoder_config dc;
    ldpc_decoder_config_init(&dc);
    ldpc_sim_config sc;
    ldpc_sim_config_init(&sc);
    sc.modulation = mod;
    sc.llr_type = LDPC_LLR_I8;
    sc.num_threads = 2;
    ldpc_sim *sim;
    REQUIRE_OK(ldpc_sim_create(&sim, code, &dc, &sc));
    ldpc_sim_counts a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    REQUIRE_OK(ldpc_sim_run(sim, lo, 0, 100, 0, &a));
    REQUIRE_OK(ldpc_sim_run(sim, hi, 0, 100, 0, &b));
    printf("%s %s: FER %llu/100 at %.1f dB, %llu/100 at %.1f dB\n", name,
           ldpc_modulation_name(mod), (unsigned long long)a.frame_errors, lo,
           (unsigned long long)b.frame_errors, hi);
    CHECK(a.frame_errors >= 90 && b.frame_errors == 0);
    ldpc_sim_destroy(sim);
    ldpc_code_destroy(code);
}

static void test_refusals(void)
{
    ldpc_code *code;
    ldpc_sim *sim = NULL;
    ldpc_sim_config sc;
    REQUIRE_OK(ldpc_code_create(&code, "nr:1000:3000:qm2"));
    ldpc_sim_config_init(&sc);
    sc.modulation = LDPC_MOD_QAM16; /* the name's Qm 2 against 16-QAM's 4 bits */
    CHECK(ldpc_sim_create(&sim, code, NULL, &sc) == LDPC_ERR_INVALID_ARGUMENT && !sim);
    ldpc_code_destroy(code);
    REQUIRE_OK(ldpc_code_create(&code, "nr:1000:3004"));
    sc.modulation = LDPC_MOD_QAM256; /* 3004 is not a multiple of 8 */
    CHECK(ldpc_sim_create(&sim, code, NULL, &sc) == LDPC_ERR_INVALID_ARGUMENT && !sim);
    ldpc_sim_config_init(&sc);
    sc.llr_type = LDPC_LLR_I8;
    sc.noise = LDPC_SIM_NOISE_I8_TABLE;
    CHECK(ldpc_sim_create(&sim, code, NULL, &sc) == LDPC_ERR_UNSUPPORTED && !sim);
    ldpc_code_destroy(code);
}

int main(void)
{
    test_frames();
    test_run_matches_frames();
    test_waterfall("nr:1000:3000", LDPC_MOD_BPSK, 0.0, 3.0);
    test_waterfall("nr:8448:16896", LDPC_MOD_QAM16, 2.5, 4.5);
    test_refusals();
    return test_finish("test_nr_sim");
}
