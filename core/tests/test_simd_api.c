/* cpu-simd backend through the public API:
 *  - "cpu" and "auto" (without a GPU) pick cpu-simd;
 *  - every output format (information or codeword bits, unpacked or packed) equals the
 *    cpu-reference decoder's bit for bit with float messages, on a built-in code and on an
 *    alist code whose information bits are not a prefix (../shared/codes, when present);
 *  - asynchronous batches of odd sizes on 3 worker threads come back in submission order with
 *    the same bits as a synchronous decode, and ldpc_decoder_set_max_iterations applies to
 *    batches submitted afterwards. */
#include <string.h>
#include "test_util.h"

static float *noisy_frames(const ldpc_code *code, int frames, double ebn0, uint64_t seed)
{
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    ldpc_encoder *enc;
    REQUIRE_OK(ldpc_encoder_create(&enc, code));
    uint8_t *info = malloc((size_t)frames * k), *cw = malloc((size_t)frames * n);
    float *llr = malloc((size_t)frames * n * sizeof(float));
    ldpc_rng rng;
    ldpc_rng_seed(&rng, seed);
    ldpc_rng_bits(&rng, info, frames * k);
    REQUIRE_OK(ldpc_encoder_encode(enc, info, cw, frames));
    ldpc_channel_bpsk_awgn(&rng, cw, frames * n, ldpc_awgn_sigma(ebn0, (double)k / n), llr);
    free(info);
    free(cw);
    ldpc_encoder_destroy(enc);
    return llr;
}

static void test_formats(const ldpc_code *code, const char *what)
{
    const int frames = 45;
    float *llr = noisy_frames(code, frames, 2.5, 99);
    for (int bits = 0; bits < 2; bits++)
        for (int packing = 0; packing < 2; packing++) {
            ldpc_decoder_config cfg;
            ldpc_decoder_config_init(&cfg);
            cfg.output_bits = (ldpc_output_bits)bits;
            cfg.output_packing = (ldpc_output_packing)packing;
            cfg.msg_format = LDPC_MSG_F32;
            ldpc_decoder *ref, *simd;
            cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
            REQUIRE_OK(ldpc_decoder_create(&ref, code, &cfg));
            cfg.backend = LDPC_BACKEND_CPU_SIMD;
            cfg.num_threads = 2;
            REQUIRE_OK(ldpc_decoder_create(&simd, code, &cfg));
            const int ob = ldpc_decoder_output_bytes(ref);
            CHECK(ob == ldpc_decoder_output_bytes(simd));
            uint8_t *a = malloc((size_t)frames * ob), *b = malloc((size_t)frames * ob);
            ldpc_frame_status sa[64], sb[64];
            REQUIRE_OK(ldpc_decoder_decode_f32(ref, llr, frames, a, sa));
            REQUIRE_OK(ldpc_decoder_decode_f32(simd, llr, frames, b, sb));
            CHECK_MSG(!memcmp(a, b, (size_t)frames * ob), "%s: output bits %d packing %d differ",
                      what, bits, packing);
            for (int f = 0; f < frames; f++)
                CHECK(sa[f].iterations == sb[f].iterations && sa[f].parity_ok == sb[f].parity_ok);
            free(a);
            free(b);
            ldpc_decoder_destroy(ref);
            ldpc_decoder_destroy(simd);
        }
    free(llr);
}

static void test_async(void)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "wifi:1944:1/2"));
    const int n = ldpc_code_n(code), total = 200;
    float *llr = noisy_frames(code, total, 1.8, 5);
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    cfg.backend = LDPC_BACKEND_CPU_SIMD;
    cfg.msg_format = LDPC_MSG_I8;
    cfg.num_threads = 3;
    cfg.batch_frames = 37;
    cfg.batches_in_flight = 3;
    cfg.output_bits = LDPC_OUTPUT_CODEWORD;
    ldpc_decoder *dec;
    REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
    uint8_t *want = malloc((size_t)total * n), *got = malloc((size_t)total * n);
    ldpc_frame_status *swant = malloc(total * sizeof *swant);
    REQUIRE_OK(ldpc_decoder_decode_f32(dec, llr, total, want, swant));
    /* batches of 1..37 frames, submitted while earlier ones run */
    int next_in = 0, next_out = 0, size = 1;
    uint64_t tag_out = 0;
    while (next_out < total) {
        ldpc_batch *b;
        while (next_in < total && ldpc_decoder_acquire(dec, &b) == LDPC_OK) {
            int f = size < total - next_in ? size : total - next_in;
            size = size % 33 + 5; /* 1, 6, 11, ... 36, 8, ...: never over the 37 a batch holds */
            memcpy(ldpc_batch_llr_f32(b), llr + (size_t)next_in * n, (size_t)f * n * sizeof(float));
            ldpc_batch_set_user(b, (uint64_t)next_in);
            REQUIRE_OK(ldpc_decoder_submit(dec, b, f, LDPC_LLR_F32));
            next_in += f;
        }
        REQUIRE_OK(ldpc_decoder_collect(dec, &b, 1));
        CHECK_MSG(ldpc_batch_user(b) == tag_out, "batch tagged %llu came back, expected %llu",
                  (unsigned long long)ldpc_batch_user(b), (unsigned long long)tag_out);
        const int f = ldpc_batch_frames(b);
        memcpy(got + (size_t)next_out * n, ldpc_batch_output(b), (size_t)f * n);
        for (int i = 0; i < f; i++)
            CHECK(ldpc_batch_status(b)[i].iterations == swant[next_out + i].iterations);
        next_out += f;
        tag_out += (uint64_t)f;
        REQUIRE_OK(ldpc_decoder_release(dec, b));
    }
    CHECK_MSG(!memcmp(want, got, (size_t)total * n), "async output differs from synchronous");
    /* a lower iteration limit applies to the next batches */
    REQUIRE_OK(ldpc_decoder_set_max_iterations(dec, 2));
    REQUIRE_OK(ldpc_decoder_decode_f32(dec, llr, total, got, swant));
    for (int i = 0; i < total; i++)
        CHECK(swant[i].iterations >= 1 && swant[i].iterations <= 2);
    CHECK(ldpc_decoder_in_flight(dec) == 0);
    free(want);
    free(got);
    free(swant);
    free(llr);
    ldpc_decoder_destroy(dec);
    ldpc_code_destroy(code);
}

int main(void)
{
    ldpc_backend b;
    REQUIRE_OK(ldpc_backend_from_string("cpu", &b));
    CHECK(b == LDPC_BACKEND_CPU_SIMD);
    CHECK(ldpc_backend_available(LDPC_BACKEND_CPU_SIMD));
    if (!ldpc_backend_available(LDPC_BACKEND_CUDA)) {
        ldpc_code *c;
        ldpc_decoder *d;
        REQUIRE_OK(ldpc_code_create(&c, "wimax:576:1/2"));
        REQUIRE_OK(ldpc_decoder_create(&d, c, NULL));
        CHECK(!strcmp(ldpc_decoder_backend_name(d), "cpu-simd"));
        ldpc_decoder_destroy(d);
        ldpc_code_destroy(c);
    }

    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "wimax:1152:2/3A"));
    test_formats(code, "wimax:1152:2/3A");
    ldpc_code_destroy(code);
    const char *dir = shared_codes_dir();
    if (dir) {
        char path[1024];
        snprintf(path, sizeof path, "%s/wifi_1296_1080_r5_6.alist", dir);
        if (ldpc_code_from_alist_file(&code, path) == LDPC_OK) {
            test_formats(code, path);
            ldpc_code_destroy(code);
        } else {
            printf("note: %s not readable (%s); alist formats not tested\n", path,
                   ldpc_last_error());
        }
    } else {
        printf("note: no ../shared/codes; alist formats not tested\n");
    }
    test_async();
    return test_finish("test_simd_api");
}
