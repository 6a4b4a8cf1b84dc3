/* cuda backend through the public API:
 *  - output formats: info/codeword x unpacked/packed, identical to the cpu-reference's bytes
 *    (which come from ldpc_format_output), including a packed length that is not a multiple of
 *    8 (WiFi k = 972) and information bits that are not a prefix (an irregular code);
 *  - early termination: on, converged frames stop early with parity_ok and the sent bits;
 *    off, every frame runs max_iterations; set_max_iterations takes effect;
 *  - the asynchronous pipeline: many batches of different sizes in flight over several
 *    streams, collected blocking and non-blocking, come back in submission order, exactly once,
 *    each with the bits a synchronous decode gives (the asynchronous run's small batches are
 *    read from and written to host memory by the kernel, the synchronous ones copied);
 *  - devices: a bad device id is LDPC_ERR_NO_DEVICE (or a CPU fallback when allowed); the same
 *    GPU listed twice (two device slots) decodes correctly. Only one GPU was available to test:
 *    real multi-GPU spreading is exercised only in this degenerate form. */
#include "test_cuda_util.h"
#include "decoder_internal.h" /* ldpc_cuda_device_count */

static void formats(const char *name, int nframes, double ebn0)
{
    ldpc_code *code;
    if (strcmp(name, "irregular") == 0)
        code = make_irregular_code(1000, 500, 0, 3);
    else
        REQUIRE_OK(ldpc_code_create(&code, name));
    const int n = ldpc_code_n(code);
    float *llr = malloc((size_t)nframes * n * sizeof(float));
    uint8_t *cw = malloc((size_t)nframes * n);
    uint8_t *a = malloc((size_t)nframes * n), *b = malloc((size_t)nframes * n);
    ldpc_frame_status *sa = malloc((size_t)nframes * sizeof *sa), *sb = malloc((size_t)nframes * sizeof *sb);
    REQUIRE(llr && cw && a && b && sa && sb);
    make_frames(code, nframes, ebn0, 5, llr, cw);
    for (int bits = 0; bits < 2; bits++)
        for (int packed = 0; packed < 2; packed++) {
            ldpc_decoder_config cfg;
            ldpc_decoder_config_init(&cfg);
            cfg.output_bits = bits ? LDPC_OUTPUT_CODEWORD : LDPC_OUTPUT_INFO;
            cfg.output_packing = packed ? LDPC_OUTPUT_PACKED : LDPC_OUTPUT_UNPACKED;
            cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
            ldpc_decoder *dec;
            REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
            const int ob = ldpc_decoder_output_bytes(dec);
            ldpc_decoder_destroy(dec);
            memset(a, 0x55, (size_t)nframes * ob);
            memset(b, 0xAA, (size_t)nframes * ob);
            REQUIRE_OK(decode_all(code, &cfg, LDPC_LLR_F32, llr, nframes, a, sa));
            cfg.backend = LDPC_BACKEND_CUDA;
            REQUIRE_OK(decode_all(code, &cfg, LDPC_LLR_F32, llr, nframes, b, sb));
            const int same = memcmp(a, b, (size_t)nframes * ob) == 0;
            printf("formats %-16s %-8s %-8s %5d bytes/frame: %s\n", name, bits ? "codeword" : "info",
                   packed ? "packed" : "unpacked", ob, same ? "identical" : "DIFFERENT");
            CHECK_MSG(same, "%s output %d/%d differs from the reference", name, bits, packed);
        }
    free(llr);
    free(cw);
    free(a);
    free(b);
    free(sa);
    free(sb);
    ldpc_code_destroy(code);
}

static void early_termination(void)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "wimax:2304:1/2"));
    const int n = 2304, nframes = 200;
    float *llr = malloc((size_t)nframes * n * sizeof(float));
    uint8_t *cw = malloc((size_t)nframes * n), *out = malloc((size_t)nframes * n);
    ldpc_frame_status *st = malloc((size_t)nframes * sizeof *st);
    REQUIRE(llr && cw && out && st);
    make_frames(code, nframes, 3.0, 9, llr, cw);
    const ldpc_msg_format fmts[3] = {LDPC_MSG_F32, LDPC_MSG_I8, LDPC_MSG_I16};
    for (int fi = 0; fi < 3; fi++) {
        ldpc_decoder_config cfg;
        ldpc_decoder_config_init(&cfg);
        cfg.backend = LDPC_BACKEND_CUDA;
        cfg.fallback_to_cpu = 0;
        cfg.msg_format = fmts[fi];
        cfg.output_bits = LDPC_OUTPUT_CODEWORD;
        cfg.max_iterations = 30;
        ldpc_decoder *dec;
        REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
        for (int early = 1; early >= 0; early--) {
            REQUIRE_OK(ldpc_decoder_set_early_termination(dec, early));
            REQUIRE_OK(ldpc_decoder_set_max_iterations(dec, early ? 30 : 7));
            memset(out, 0xAA, (size_t)nframes * n);
            REQUIRE_OK(ldpc_decoder_decode_f32(dec, llr, nframes, out, st));
            long its = 0;
            int correct = 0, bad_status = 0;
            for (int f = 0; f < nframes; f++) {
                const int right = memcmp(out + (size_t)f * n, cw + (size_t)f * n, (size_t)n) == 0;
                correct += right;
                its += st[f].iterations;
                if (early)
                    bad_status += st[f].iterations < 1 || st[f].iterations > 30 ||
                                  (st[f].parity_ok && !right) ||
                                  (!st[f].parity_ok && st[f].iterations != 30);
                else
                    bad_status += st[f].iterations != 7 || st[f].parity_ok != (ldpc_code_syndrome_weight(code, out + (size_t)f * n) == 0);
            }
            printf("early termination %-3s msg %d: %d/%d correct, mean iterations %.2f\n",
                   early ? "on" : "off", fi, correct, nframes, (double)its / nframes);
            CHECK(bad_status == 0);
            CHECK(correct >= nframes - 2); /* 3 dB is well past the waterfall */
            if (early)
                CHECK((double)its / nframes < 6.0);
        }
        ldpc_decoder_destroy(dec);
    }
    free(llr);
    free(cw);
    free(out);
    free(st);
    ldpc_code_destroy(code);
}

/* Many batches in flight; results must equal a synchronous decode frame for frame. */
static void async_order(int num_devices)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "wifi:1944:1/2"));
    const int n = 1944, k = 972, total = 2000;
    float *llr = malloc((size_t)total * n * sizeof(float));
    uint8_t *cw = malloc((size_t)total * n), *sync_out = malloc((size_t)total * k);
    uint8_t *async_out = malloc((size_t)total * k);
    int *seen = calloc((size_t)total, sizeof(int));
    ldpc_frame_status *sync_st = malloc((size_t)total * sizeof *sync_st);
    ldpc_frame_status *async_st = malloc((size_t)total * sizeof *async_st);
    REQUIRE(llr && cw && sync_out && async_out && seen && sync_st && async_st);
    make_frames(code, total, 2.2, 21, llr, cw);

    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    cfg.backend = LDPC_BACKEND_CUDA;
    cfg.fallback_to_cpu = 0;
    cfg.batch_frames = 37;
    cfg.batches_in_flight = 16;
    cfg.num_streams = 3;
    cfg.num_devices = num_devices;
    /* distinct GPUs where the machine has several, else the same GPU in several slots */
    const int gpus = ldpc_cuda_device_count();
    for (int i = 0; i < num_devices; i++)
        cfg.devices[i] = i % gpus;
    /* the reference copies LLRs, bits and statuses with the DMA engines; in the asynchronous run
     * below the kernel reads and writes the batches' mapped staging itself (small batches) */
    setenv("LDPCGPU_CUDA_DIRECT_BYTES", "0", 1);
    REQUIRE_OK(decode_all(code, &cfg, LDPC_LLR_F32, llr, total, sync_out, sync_st));
    unsetenv("LDPCGPU_CUDA_DIRECT_BYTES");

    ldpc_decoder *dec;
    REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
    CHECK(strcmp(ldpc_decoder_backend_name(dec), "cuda") == 0);
    int next_in = 0, next_tag = 0, expect_tag = 0, collected = 0, again = 0, sizes = 0;
    while (collected < total) {
        ldpc_batch *b;
        /* submit while a slot is free; batch sizes cycle 1..37 */
        while (next_in < total && ldpc_decoder_acquire(dec, &b) == LDPC_OK) {
            int f = 1 + (sizes++ * 7) % 37;
            if (f > total - next_in)
                f = total - next_in;
            memcpy(ldpc_batch_llr_f32(b), llr + (size_t)next_in * n, (size_t)f * n * sizeof(float));
            ldpc_batch_set_user(b, ((uint64_t)next_tag << 32) | (uint64_t)next_in);
            REQUIRE_OK(ldpc_decoder_submit(dec, b, f, LDPC_LLR_F32));
            next_tag++;
            next_in += f;
        }
        /* collect: non-blocking first, blocking every other time */
        int st = ldpc_decoder_collect(dec, &b, (collected / 37) % 2);
        if (st == LDPC_ERR_AGAIN) {
            again++;
            continue;
        }
        REQUIRE_OK(st);
        REQUIRE(b != NULL);
        const uint64_t user = ldpc_batch_user(b);
        const int tag = (int)(user >> 32), first = (int)(user & 0xffffffffu);
        CHECK_MSG(tag == expect_tag, "batch %d collected when %d was due", tag, expect_tag);
        expect_tag++;
        const int f = ldpc_batch_frames(b);
        memcpy(async_out + (size_t)first * k, ldpc_batch_output(b), (size_t)f * k);
        memcpy(async_st + first, ldpc_batch_status(b), (size_t)f * sizeof *async_st);
        for (int i = 0; i < f; i++)
            seen[first + i]++;
        collected += f;
        REQUIRE_OK(ldpc_decoder_release(dec, b));
    }
    ldpc_batch *none;
    CHECK(ldpc_decoder_collect(dec, &none, 0) == LDPC_ERR_EMPTY);
    int once = 0;
    for (int i = 0; i < total; i++)
        once += seen[i] == 1;
    CHECK(once == total);
    CHECK(memcmp(async_out, sync_out, (size_t)total * k) == 0);
    int st_same = 1;
    for (int i = 0; i < total; i++)
        st_same &= async_st[i].iterations == sync_st[i].iterations &&
                   async_st[i].parity_ok == sync_st[i].parity_ok;
    CHECK(st_same);
    printf("async: %d batches over %d device slot(s) on %d GPU(s) x 3 streams, in order, each "
           "frame once; %d non-blocking polls found nothing ready\n", next_tag,
           num_devices ? num_devices : 1, num_devices < gpus ? (num_devices ? num_devices : 1) : gpus,
           again);
    ldpc_decoder_destroy(dec);
    free(llr);
    free(cw);
    free(sync_out);
    free(async_out);
    free(seen);
    free(sync_st);
    free(async_st);
    ldpc_code_destroy(code);
}

static void bad_device(void)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "wimax:576:1/2"));
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    cfg.backend = LDPC_BACKEND_CUDA;
    cfg.fallback_to_cpu = 0;
    cfg.num_devices = 1;
    cfg.devices[0] = 99;
    ldpc_decoder *dec = NULL;
    int st = ldpc_decoder_create(&dec, code, &cfg);
    printf("device 99: status %d (%s): %s\n", st, ldpc_strerror(st), ldpc_last_error());
    CHECK(st == LDPC_ERR_NO_DEVICE);
    CHECK(dec == NULL);
    cfg.devices[0] = -1;
    CHECK(ldpc_decoder_create(&dec, code, &cfg) != LDPC_OK);
    /* with fallback allowed the decoder still works, on the CPU */
    cfg.devices[0] = 99;
    cfg.fallback_to_cpu = 1;
    REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
    CHECK(strncmp(ldpc_decoder_backend_name(dec), "cpu", 3) == 0);
    ldpc_decoder_destroy(dec);
    /* device memory exhausted (a 2^20-frame batch of 64800-bit frames needs 272 GB on the
     * GPU): a clean LDPC_ERR_DEVICE_MEMORY from create, before any host staging is pinned */
    ldpc_code *big;
    REQUIRE_OK(ldpc_code_create(&big, "dvbt2:64800:1/2"));
    cfg.devices[0] = 0;
    cfg.fallback_to_cpu = 0;
    cfg.batch_frames = 1 << 20;
    cfg.batches_in_flight = 1;
    st = ldpc_decoder_create(&dec, big, &cfg);
    printf("2^20-frame DVB batch: status %d (%s): %s\n", st, ldpc_strerror(st), ldpc_last_error());
    CHECK(st == LDPC_ERR_DEVICE_MEMORY);
    CHECK(dec == NULL);
    ldpc_code_destroy(big);
    /* and the GPU is still usable afterwards */
    cfg.batch_frames = 0;
    REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
    CHECK(strcmp(ldpc_decoder_backend_name(dec), "cuda") == 0);
    ldpc_decoder_destroy(dec);
    ldpc_code_destroy(code);
}

int main(void)
{
    require_cuda_or_skip();
    formats("wimax:2304:1/2", 64, 2.2);
    formats("wifi:1944:1/2", 33, 2.2);
    formats("irregular", 40, 3.0);
    early_termination();
    async_order(0);
    async_order(2);
    if (ldpc_cuda_device_count() > 2)
        async_order(ldpc_cuda_device_count());
    bad_device();
    return test_finish("test_cuda_api");
}
