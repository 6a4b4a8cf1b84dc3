/* cpu-simd backend: error rate against the float reference decoder.
 * WiMAX (2304,1152) rate 1/2, normalized min-sum (alpha 0.75), layered, 10 iterations, early
 * termination on, BPSK/AWGN: the cpu-simd decoder with int8 messages (the fixed-point model of
 * decoder_fixed.h) at Eb/N0 + 0.1 dB must have a frame error rate no worse than the float
 * cpu-reference at Eb/N0, over the same frames (same seed: same bits, same noise shape).
 * int16 messages are held to the same bound, and float messages (the reference's arithmetic)
 * must give exactly the reference's frame errors. */
#include <math.h>
#include <string.h>
#include "test_util.h"

typedef struct count {
    int frames, errors;
    double avg_iterations;
} count;

static count run(const ldpc_code *code, ldpc_backend backend, ldpc_msg_format fmt, double ebn0,
                 int frames, uint64_t seed)
{
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    const int chunk = 256;
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    cfg.backend = backend;
    cfg.msg_format = fmt;
    cfg.max_iterations = 10;
    cfg.output_bits = LDPC_OUTPUT_INFO;
    ldpc_decoder *dec;
    ldpc_encoder *enc;
    REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
    REQUIRE_OK(ldpc_encoder_create(&enc, code));
    uint8_t *info = malloc((size_t)chunk * k), *cw = malloc((size_t)chunk * n);
    uint8_t *out = malloc((size_t)chunk * k);
    float *llr = malloc((size_t)chunk * n * sizeof(float));
    ldpc_frame_status *st = malloc((size_t)chunk * sizeof *st);
    ldpc_rng rng;
    ldpc_rng_seed(&rng, seed);
    const double sigma = ldpc_awgn_sigma(ebn0, (double)k / n);
    count c = {0, 0, 0.0};
    long its = 0;
    for (int done = 0; done < frames; done += chunk) {
        const int f = frames - done < chunk ? frames - done : chunk;
        ldpc_rng_bits(&rng, info, f * k);
        REQUIRE_OK(ldpc_encoder_encode(enc, info, cw, f));
        ldpc_channel_bpsk_awgn(&rng, cw, f * n, sigma, llr);
        REQUIRE_OK(ldpc_decoder_decode_f32(dec, llr, f, out, st));
        for (int i = 0; i < f; i++) {
            c.errors += memcmp(out + (size_t)i * k, info + (size_t)i * k, (size_t)k) != 0;
            its += st[i].iterations;
        }
    }
    c.frames = frames;
    c.avg_iterations = (double)its / frames;
    free(info);
    free(cw);
    free(out);
    free(llr);
    free(st);
    ldpc_encoder_destroy(enc);
    ldpc_decoder_destroy(dec);
    return c;
}

int main(void)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "wimax:2304:1/2"));
    const double ebn0 = 1.6;
    const int frames = 3000;
    const uint64_t seed = 2024;
    count ref = run(code, LDPC_BACKEND_CPU_REFERENCE, LDPC_MSG_F32, ebn0, frames, seed);
    count f32 = run(code, LDPC_BACKEND_CPU_SIMD, LDPC_MSG_F32, ebn0, frames, seed);
    count i8_same = run(code, LDPC_BACKEND_CPU_SIMD, LDPC_MSG_I8, ebn0, frames, seed);
    count i8 = run(code, LDPC_BACKEND_CPU_SIMD, LDPC_MSG_I8, ebn0 + 0.1, frames, seed);
    count i16 = run(code, LDPC_BACKEND_CPU_SIMD, LDPC_MSG_I16, ebn0 + 0.1, frames, seed);
    printf("wimax:2304:1/2 NMS 0.75 layered 10 iterations, %d frames:\n", frames);
    printf("  reference f32 @ %.1f dB: FER %.4f (%d errors, %.2f iterations)\n", ebn0,
           (double)ref.errors / frames, ref.errors, ref.avg_iterations);
    printf("  cpu-simd  f32 @ %.1f dB: FER %.4f (%d errors)\n", ebn0,
           (double)f32.errors / frames, f32.errors);
    printf("  cpu-simd  i8  @ %.1f dB: FER %.4f (%d errors, %.2f iterations)\n", ebn0,
           (double)i8_same.errors / frames, i8_same.errors, i8_same.avg_iterations);
    printf("  cpu-simd  i8  @ %.1f dB: FER %.4f (%d errors)\n", ebn0 + 0.1,
           (double)i8.errors / frames, i8.errors);
    printf("  cpu-simd  i16 @ %.1f dB: FER %.4f (%d errors)\n", ebn0 + 0.1,
           (double)i16.errors / frames, i16.errors);
    /* the point is in the waterfall: errors to count, but most frames decode */
    CHECK_MSG(ref.errors >= 30 && ref.errors < frames / 2, "reference errors %d", ref.errors);
    CHECK_MSG(f32.errors == ref.errors, "float messages: %d errors, reference %d", f32.errors,
              ref.errors);
    CHECK_MSG(i8.errors <= ref.errors, "int8 at +0.1 dB: %d errors > reference %d", i8.errors,
              ref.errors);
    CHECK_MSG(i16.errors <= ref.errors, "int16 at +0.1 dB: %d errors > reference %d",
              i16.errors, ref.errors);
    ldpc_code_destroy(code);
    return test_finish("test_simd_fer");
}
