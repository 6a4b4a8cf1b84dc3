/* cuda backend, float messages, against the cpu-reference decoder on the same LLRs.
 *
 * What must agree, and why:
 *  - min-sum family (NMS, OMS, MS), both schedules, on WiMAX, WiFi (z = 81) and irregular
 *    codes: 100% of frames identical (bits, iterations, parity_ok). The GPU computes the
 *    reference's float operations in the same order: a GPU layer is a set of rows with disjoint
 *    columns, which is exactly the reference's row-by-row schedule, and no operation is fused.
 *  - sum-product: the GPU's tanh/atanh (double) may differ from the C library's in the last
 *    bit, so a frame on the edge of converging can differ: >= 99% identical frames.
 *  - DVB-T2 64800 layered: the GPU's layers are sets of a 360-row group's rows that share no
 *    column, visited in the decoder row order (ldpc_decoder_row_order), which the reference
 *    follows row by row: 100% identical too, as are WiMAX's paired block rows (the first
 *    compare above) and flooding.
 * Frames are sent at an Eb/N0 in each code's waterfall, so that many frames need many
 * iterations and some fail: the comparison covers hard cases, not just clean ones. */
#include "test_cuda_util.h"

typedef struct expect {
    double min_identical;  /* fraction of frames identical in bits, iterations and parity_ok */
} expect;

/* 1: erased frames among the good ones (test_cuda_util.h, erase_frames) */
static int g_erase;

static void compare(const char *label, const ldpc_code *code, ldpc_decoder_config cfg,
                    double ebn0, int nframes, ldpc_llr_type type, expect ex)
{
    const int n = ldpc_code_n(code);
    float *llr = malloc((size_t)nframes * n * sizeof(float));
    int8_t *llr8 = malloc((size_t)nframes * n);
    uint8_t *cw = malloc((size_t)nframes * n);
    uint8_t *out_ref = malloc((size_t)nframes * n), *out_gpu = malloc((size_t)nframes * n);
    ldpc_frame_status *st_ref = malloc((size_t)nframes * sizeof *st_ref);
    ldpc_frame_status *st_gpu = malloc((size_t)nframes * sizeof *st_gpu);
    REQUIRE(llr && llr8 && cw && out_ref && out_gpu && st_ref && st_gpu);
    make_frames(code, nframes, ebn0, 1000 + (uint64_t)nframes, llr, cw);
    if (cfg.llr_positive_is_one)
        for (size_t i = 0; i < (size_t)nframes * n; i++)
            llr[i] = -llr[i];
    quantize_llrs(llr, (size_t)nframes * n, cfg.llr_scale, llr8);
    if (g_erase)
        erase_frames(llr, llr8, nframes, n);
    const void *in = type == LDPC_LLR_F32 ? (const void *)llr : (const void *)llr8;
    cfg.output_bits = LDPC_OUTPUT_CODEWORD;
    cfg.output_packing = LDPC_OUTPUT_UNPACKED;
    memset(out_gpu, 0xAA, (size_t)nframes * n);
    ldpc_decoder_config ref = cfg_as_gpu(code, &cfg); /* the reference in the GPU's row order */
    ref.backend = LDPC_BACKEND_CPU_REFERENCE;
    REQUIRE_OK(decode_all(code, &ref, type, in, nframes, out_ref, st_ref));
    cfg.backend = LDPC_BACKEND_CUDA;
    REQUIRE_OK(decode_all(code, &cfg, type, in, nframes, out_gpu, st_gpu));
    int same = 0, err_ref = 0, err_gpu = 0;
    long it_ref = 0, it_gpu = 0;
    for (int f = 0; f < nframes; f++) {
        const uint8_t *a = out_ref + (size_t)f * n, *b = out_gpu + (size_t)f * n;
        int bits_same = memcmp(a, b, (size_t)n) == 0;
        int stat_same = st_ref[f].iterations == st_gpu[f].iterations &&
                        st_ref[f].parity_ok == st_gpu[f].parity_ok;
        same += bits_same && stat_same;
        err_ref += memcmp(a, cw + (size_t)f * n, (size_t)n) != 0;
        err_gpu += memcmp(b, cw + (size_t)f * n, (size_t)n) != 0;
        it_ref += st_ref[f].iterations;
        it_gpu += st_gpu[f].iterations;
        for (int j = 0; j < n; j++)
            if (b[j] > 1) {
                CHECK_MSG(0, "%s: frame %d bit %d not written (%d)", label, f, j, b[j]);
                break;
            }
        CHECK(st_gpu[f].iterations >= 1 && st_gpu[f].iterations <= cfg.max_iterations);
        /* erased (every cleaned LLR 0; kind 8 has 0.1s in float input): parity_ok 0 */
        if (g_erase && (f % 11 == 3 || f % 11 == 6 || (f % 11 == 8 && type == LDPC_LLR_I8)))
            CHECK_MSG(st_gpu[f].parity_ok == 0, "%s: erased frame %d reported parity ok", label, f);
    }
    const double p = (double)(err_ref + err_gpu) / (2.0 * nframes);
    const double noise = 3.0 * sqrt(2.0 * p * (1.0 - p) / nframes) + 2.0 / nframes;
    printf("%-44s %4d frames  identical %6.2f%%  FER ref %.4f gpu %.4f  iterations ref %.2f gpu %.2f\n",
           label, nframes, 100.0 * same / nframes, (double)err_ref / nframes,
           (double)err_gpu / nframes, (double)it_ref / nframes, (double)it_gpu / nframes);
    CHECK_MSG(same >= ex.min_identical * nframes, "%s: %d of %d frames identical, need %.1f%%",
              label, same, nframes, 100.0 * ex.min_identical);
    CHECK_MSG(fabs((double)(err_ref - err_gpu) / nframes) <= noise,
              "%s: FER differs beyond noise (%d vs %d errors)", label, err_ref, err_gpu);
    free(llr);
    free(llr8);
    free(cw);
    free(out_ref);
    free(out_gpu);
    free(st_ref);
    free(st_gpu);
}

static ldpc_decoder_config base_cfg(ldpc_algorithm alg, ldpc_schedule sch, int iters)
{
    ldpc_decoder_config c;
    ldpc_decoder_config_init(&c);
    c.algorithm = alg;
    c.schedule = sch;
    c.max_iterations = iters;
    c.msg_format = LDPC_MSG_F32;
    return c;
}

int main(void)
{
    require_cuda_or_skip();
    const expect exact = {1.0}, spa = {0.99};
    ldpc_code *code;

    REQUIRE_OK(ldpc_code_create(&code, "wimax:2304:1/2"));
    compare("wimax 2304 r1/2 layered nms", code,
            base_cfg(LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10), 2.0, 600,
            LDPC_LLR_F32, exact);
    compare("wimax 2304 r1/2 layered nms, int8 LLRs", code,
            base_cfg(LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10), 2.0, 300,
            LDPC_LLR_I8, exact);
    {
        ldpc_decoder_config c = base_cfg(LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10);
        c.llr_positive_is_one = 1;
        c.early_termination = 0;
        compare("wimax 2304 r1/2 nms, positive=1, no early stop", code, c, 2.0, 200,
                LDPC_LLR_F32, exact);
    }
    /* at most one codeword per SM: the small-batch plan (paired block rows, each thread its own
     * row degree: docs/cuda-notes.md, "Small-batch layers") */
    compare("wimax 2304 r1/2 layered nms, 100 frames (small)", code,
            base_cfg(LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10), 2.0, 100,
            LDPC_LLR_F32, exact);
    compare("wimax 2304 r1/2 layered oms", code,
            base_cfg(LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10), 2.0, 300, LDPC_LLR_F32,
            exact);
    compare("wimax 2304 r1/2 flooding nms", code,
            base_cfg(LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_FLOODING, 20), 2.2, 300,
            LDPC_LLR_F32, exact);
    compare("wimax 2304 r1/2 layered sum-product", code,
            base_cfg(LDPC_ALG_SUM_PRODUCT, LDPC_SCHEDULE_LAYERED, 10), 1.6, 300, LDPC_LLR_F32,
            spa);
    /* erased frames in batches of good ones (cpu-reference: parity_ok 0); without early stop
     * the first codeword found (rule 6), as the reference */
    g_erase = 1;
    for (int et = 0; et <= 1; et++) {
        ldpc_decoder_config c = base_cfg(LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 12);
        c.early_termination = et;
        compare(et ? "wimax 2304 erased frames, early stop" : "wimax 2304 erased frames, no early stop",
                code, c, 2.0, 221, LDPC_LLR_F32, exact);
        compare(et ? "wimax 2304 erased frames, int8 in, early" : "wimax 2304 erased frames, int8 in, no early",
                code, c, 2.0, 111, LDPC_LLR_I8, exact);
        c.schedule = LDPC_SCHEDULE_FLOODING;
        compare(et ? "wimax 2304 erased frames, flooding, early" : "wimax 2304 erased frames, flooding, no early",
                code, c, 2.2, 111, LDPC_LLR_F32, exact);
    }
    g_erase = 0;
    ldpc_code_destroy(code);

    REQUIRE_OK(ldpc_code_create(&code, "wimax:2304:5/6"));
    compare("wimax 2304 r5/6 layered nms (20-edge rows)", code,
            base_cfg(LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10), 4.0, 300,
            LDPC_LLR_F32, exact);
    ldpc_code_destroy(code);

    REQUIRE_OK(ldpc_code_create(&code, "wifi:1944:1/2"));
    compare("wifi 1944 r1/2 (z=81) layered nms", code,
            base_cfg(LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10), 2.0, 600,
            LDPC_LLR_F32, exact);
    compare("wifi 1944 r1/2 (z=81) flooding min-sum", code,
            base_cfg(LDPC_ALG_MIN_SUM, LDPC_SCHEDULE_FLOODING, 15), 2.6, 300, LDPC_LLR_F32,
            exact);
    ldpc_code_destroy(code);

    code = make_irregular_code(1200, 600, 0, 7);
    compare("irregular alist-style (1200,~600) layered nms", code,
            base_cfg(LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 15), 3.0, 400,
            LDPC_LLR_F32, exact);
    compare("irregular alist-style flooding sum-product", code,
            base_cfg(LDPC_ALG_SUM_PRODUCT, LDPC_SCHEDULE_FLOODING, 15), 2.5, 300, LDPC_LLR_F32,
            spa);
    ldpc_code_destroy(code);

    code = make_irregular_code(900, 450, 40, 11);
    compare("irregular with a 40-edge row (generic) layered", code,
            base_cfg(LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 15), 3.0, 300,
            LDPC_LLR_F32, exact);
    ldpc_code_destroy(code);

    /* 5G NR base graph 1 at Z 384: the two-block kernel for rows of 17 - 20 edges, float APP
     * (104 KB) in shared memory, messages in global memory */
    REQUIRE_OK(ldpc_code_create(&code, "nr:bg1:z384"));
    {
        ldpc_decoder_config c = base_cfg(LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10);
        c.oms_beta = 0.5f;
        compare("nr bg1 z384 layered oms .5 (19-edge rows)", code, c, 0.9, 40, LDPC_LLR_F32, exact);
        /* one-wave launches off: the two-block kernel, its messages a record a row (CmF32) */
        setenv("LDPCGPU_CUDA_WAVE", "0", 1);
        compare("nr bg1 z384 layered oms .5, two-block kernel", code, c, 0.9, 40, LDPC_LLR_F32, exact);
        unsetenv("LDPCGPU_CUDA_WAVE");
    }
    ldpc_code_destroy(code);

    REQUIRE_OK(ldpc_code_create(&code, "dvbt2:64800:1/2"));
    compare("dvbt2 64800 r1/2 layered nms (coloured groups)", code,
            base_cfg(LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 20), 2.0, 120,
            LDPC_LLR_F32, exact);
    compare("dvbt2 64800 r1/2 flooding nms", code,
            base_cfg(LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_FLOODING, 20), 1.8, 60,
            LDPC_LLR_F32, exact);
    ldpc_code_destroy(code);

    /* longer DVB rows, messages in global memory kept as a record a row (CmF32): rows of 11
     * (16-edge kernel), 18 (20-edge) and 30 edges (32-edge); offset min-sum and no early stop
     * on one, int8 LLRs on another */
    static const struct {
        const char *code, *label;
        ldpc_algorithm alg;
        int early;
        double ebn0;
        ldpc_llr_type llr;
    } long_rows[] = {
        {"dvbt2:64800:3/5", "dvbt2 64800 r3/5 layered nms (11-edge rows)", LDPC_ALG_NORMALIZED_MIN_SUM, 1, 2.2,
         LDPC_LLR_F32},
        {"dvbt2:64800:4/5", "dvbt2 64800 r4/5 layered oms, no early stop (18-edge rows)", LDPC_ALG_OFFSET_MIN_SUM, 0,
         3.2, LDPC_LLR_F32},
        {"dvbs2:64800:9/10", "dvbs2 64800 r9/10 layered nms, int8 LLRs (30-edge rows)", LDPC_ALG_NORMALIZED_MIN_SUM, 1,
         4.0, LDPC_LLR_I8},
    };
    for (size_t i = 0; i < sizeof long_rows / sizeof long_rows[0]; i++) {
        REQUIRE_OK(ldpc_code_create(&code, long_rows[i].code));
        ldpc_decoder_config c = base_cfg(long_rows[i].alg, LDPC_SCHEDULE_LAYERED, 15);
        c.early_termination = long_rows[i].early;
        compare(long_rows[i].label, code, c, long_rows[i].ebn0, 40, long_rows[i].llr, exact);
        ldpc_code_destroy(code);
    }

    return test_finish("test_cuda_float");
}
