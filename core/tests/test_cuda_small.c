/* A small, quick pass over every GPU kernel path, meant to run under compute-sanitizer
 * (memcheck, racecheck; scripts/gpu-check does): the table kernel in f32 / int8 pairs (half2
 * and 16x2 integers) / int8 one codeword per thread / int16, with shared-memory and
 * global-memory state, rows of up to 8, 16 and 20 (two blocks per SM: DVB-T2 2/3, WiMAX 5/6,
 * 5G NR BG1) and 32 edges, the generic kernel (flooding, sum-product, a
 * 40-edge row), packed and unpacked output, odd frame counts, groups of whole warps (Z = 96),
 * early termination off (rule 6: the first codeword found) and erased frames among good ones.
 * Each decode is also checked against the CPU (reference or fixed-point model), so the run
 * means something without a sanitizer too. */
#include "test_cuda_util.h"
#include "decoder_fixed.h"

/* 1: erased frames among the good ones (test_cuda_util.h, erase_frames) */
static int g_erase;

static void one(const char *label, const ldpc_code *code, ldpc_decoder_config cfg, int nframes,
                double ebn0)
{
    const int n = ldpc_code_n(code);
    float *llr = malloc((size_t)nframes * n * sizeof(float));
    uint8_t *cw = malloc((size_t)nframes * n), *a = malloc((size_t)nframes * n);
    uint8_t *b = malloc((size_t)nframes * n), *hard = malloc((size_t)n);
    ldpc_frame_status *sa = malloc((size_t)nframes * sizeof *sa), *sb = malloc((size_t)nframes * sizeof *sb);
    REQUIRE(llr && cw && a && b && hard && sa && sb);
    make_frames(code, nframes, ebn0, 3, llr, cw);
    if (g_erase) {
        int8_t *x8 = malloc((size_t)nframes * n);
        REQUIRE(x8);
        erase_frames(llr, x8, nframes, n);
        free(x8);
    }
    cfg.output_bits = LDPC_OUTPUT_CODEWORD;
    cfg.backend = LDPC_BACKEND_CUDA;
    REQUIRE_OK(decode_all(code, &cfg, LDPC_LLR_F32, llr, nframes, b, sb));
    int same = 0;
    if (cfg.msg_format == LDPC_MSG_F32 || cfg.algorithm == LDPC_ALG_SUM_PRODUCT) {
        cfg = cfg_as_gpu(code, &cfg); /* the reference in the GPU's row order */
        cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
        REQUIRE_OK(decode_all(code, &cfg, LDPC_LLR_F32, llr, nframes, a, sa));
        const int ob = cfg.output_packing == LDPC_OUTPUT_PACKED ? (n + 7) / 8 : n;
        for (int f = 0; f < nframes; f++)
            same += memcmp(a + (size_t)f * ob, b + (size_t)f * ob, (size_t)ob) == 0 &&
                    sa[f].iterations == sb[f].iterations && sa[f].parity_ok == sb[f].parity_ok;
    } else {
        ldpc_fixed_model *m;
        REQUIRE_OK(model_create_as_gpu(&m, code, &cfg));
        for (int f = 0; f < nframes; f++) {
            ldpc_frame_status ms;
            REQUIRE_OK(ldpc_fixed_model_decode(m, LDPC_LLR_F32, llr + (size_t)f * n, hard, &ms));
            same += memcmp(hard, b + (size_t)f * n, (size_t)n) == 0 && ms.iterations == sb[f].iterations &&
                    ms.parity_ok == sb[f].parity_ok;
        }
        ldpc_fixed_model_destroy(m);
    }
    printf("%-40s %d/%d frames as on the CPU\n", label, same, nframes);
    CHECK(same == nframes);
    free(llr);
    free(cw);
    free(a);
    free(b);
    free(hard);
    free(sa);
    free(sb);
}

int main(void)
{
    require_cuda_or_skip();
    ldpc_decoder_config cfg;
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, "wimax:576:1/2"));
    ldpc_decoder_config_init(&cfg);
    cfg.max_iterations = 5;
    one("wimax 576 f32 layered", code, cfg, 5, 2.5);
    cfg.output_packing = LDPC_OUTPUT_PACKED;
    one("wimax 576 f32 layered packed", code, cfg, 3, 2.5);
    cfg.output_packing = LDPC_OUTPUT_UNPACKED;
    cfg.msg_format = LDPC_MSG_I8;
    one("wimax 576 i8 pairs (half2) layered, 3 frames", code, cfg, 3, 2.5);
    setenv("LDPCGPU_CUDA_I8_PAIR", "int", 1);
    one("wimax 576 i8 pairs (16x2 integers) layered, 3 frames", code, cfg, 3, 2.5);
    unsetenv("LDPCGPU_CUDA_I8_PAIR");
    cfg.msg_format = LDPC_MSG_I16;
    one("wimax 576 i16 layered", code, cfg, 2, 2.5);
    cfg.schedule = LDPC_SCHEDULE_FLOODING;
    one("wimax 576 i16 flooding (generic)", code, cfg, 2, 2.5);
    cfg.msg_format = LDPC_MSG_F32;
    cfg.algorithm = LDPC_ALG_SUM_PRODUCT;
    cfg.schedule = LDPC_SCHEDULE_LAYERED;
    one("wimax 576 sum-product layered (generic)", code, cfg, 2, 2.5);
    ldpc_code_destroy(code);

    /* Z = 96 (groups of whole warps), the benchmark's code; with several groups per block when
     * LDPCGPU_CUDA_GROUPS is set (gpu-check's sanitizer runs) */
    REQUIRE_OK(ldpc_code_create(&code, "wimax:2304:1/2"));
    ldpc_decoder_config_init(&cfg);
    cfg.max_iterations = 4;
    cfg.msg_format = LDPC_MSG_I8;
    one("wimax 2304 i8 pairs (half2), 7 frames", code, cfg, 7, 2.0);
    /* two blocks for 6 and 5 chunks: blocks take their next chunk from the lane's counter */
    setenv("LDPCGPU_CUDA_MAX_BLOCKS", "2", 1);
    one("wimax 2304 i8 pairs, 2 blocks, chunks by counter", code, cfg, 11, 2.0);
    one("wimax 2304 i8 pairs, 2 blocks, again (counter reset)", code, cfg, 9, 2.0);
    unsetenv("LDPCGPU_CUDA_MAX_BLOCKS");
    cfg.msg_format = LDPC_MSG_F32;
    one("wimax 2304 f32, 5 frames", code, cfg, 5, 2.0);
    /* erased frames (f mod 11 = 3, 6, 8; 10 has one value not 0), early stop on and off */
    g_erase = 1;
    for (int et = 0; et <= 1; et++) {
        cfg.early_termination = et;
        cfg.msg_format = LDPC_MSG_I8;
        one(et ? "wimax 2304 i8 pairs, erased, early" : "wimax 2304 i8 pairs, erased, no early stop", code, cfg, 11, 2.0);
        setenv("LDPCGPU_CUDA_I8_LANES", "1", 1);
        one(et ? "wimax 2304 i8 one/thread, erased, early" : "wimax 2304 i8 one/thread, erased, no early", code, cfg, 11, 2.0);
        unsetenv("LDPCGPU_CUDA_I8_LANES");
        cfg.msg_format = LDPC_MSG_F32;
        one(et ? "wimax 2304 f32, erased, early" : "wimax 2304 f32, erased, no early stop", code, cfg, 11, 2.0);
        cfg.msg_format = LDPC_MSG_I16;
        cfg.schedule = LDPC_SCHEDULE_FLOODING;
        one(et ? "wimax 2304 i16 flooding, erased, early" : "wimax 2304 i16 flooding, erased, no early", code, cfg, 11, 2.0);
        cfg.schedule = LDPC_SCHEDULE_LAYERED;
    }
    g_erase = 0;
    ldpc_code_destroy(code);

    /* rows of up to 32 edges: half2 pairs (APP in shared memory) and int16 */
    REQUIRE_OK(ldpc_code_create(&code, "wimax:2304:5/6"));
    ldpc_decoder_config_init(&cfg);
    cfg.max_iterations = 4;
    cfg.msg_format = LDPC_MSG_I8;
    one("wimax 2304 r5/6 i8 pairs (half2), 3 frames", code, cfg, 3, 3.5);
    cfg.msg_format = LDPC_MSG_I16;
    one("wimax 2304 r5/6 i16, 2 frames", code, cfg, 2, 3.5);
    /* the 20-edge pair kernel with messages in global memory (16-bit tables counting APP
     * values of 4 bytes) */
    cfg.msg_format = LDPC_MSG_I8;
    setenv("LDPCGPU_CUDA_MEM", "app", 1);
    one("wimax 2304 r5/6 i8 pairs, messages global", code, cfg, 3, 3.5);
    unsetenv("LDPCGPU_CUDA_MEM");
    ldpc_code_destroy(code);

    /* rows of 9 - 16 edges (two blocks per SM): DVB-T2 16200 2/3, int8 pairs with the state
     * on chip, int16 with messages in global memory */
    REQUIRE_OK(ldpc_code_create(&code, "dvbt2:16200:2/3"));
    ldpc_decoder_config_init(&cfg);
    cfg.max_iterations = 4;
    cfg.msg_format = LDPC_MSG_I8;
    one("dvbt2 16200 r2/3 i8 pairs, 3 frames", code, cfg, 3, 2.5);
    cfg.msg_format = LDPC_MSG_I16;
    setenv("LDPCGPU_CUDA_MEM", "app", 1);
    one("dvbt2 16200 r2/3 i16, messages global", code, cfg, 3, 2.5);
    setenv("LDPCGPU_CUDA_MEM", "global", 1); /* messages loaded late (kernel_table.cuh) */
    one("dvbt2 16200 r2/3 i16, state global", code, cfg, 3, 2.5);
    cfg.msg_format = LDPC_MSG_I8;
    one("dvbt2 16200 r2/3 i8 pairs, state global", code, cfg, 3, 2.5);
    unsetenv("LDPCGPU_CUDA_MEM");
    ldpc_code_destroy(code);

    /* 5G NR BG1 Z384 (19-edge rows): APP in shared and messages in global memory; float,
     * int16 and int8 pairs (llr_scale 2, which BG1 takes with int8 messages). A batch this small
     * is one wave: the one-block kernels, whose registers hold the next layer's messages too;
     * with one-wave launches off (scripts/gpu-check) the two-block kernels of full batches. */
    REQUIRE_OK(ldpc_code_create(&code, "nr:bg1:z384"));
    ldpc_decoder_config_init(&cfg);
    cfg.max_iterations = 3;
    cfg.algorithm = LDPC_ALG_OFFSET_MIN_SUM;
    cfg.oms_beta = 0.5f;
    one("nr bg1 z384 f32, 3 frames", code, cfg, 3, 1.0);
    cfg.msg_format = LDPC_MSG_I16;
    one("nr bg1 z384 i16, 3 frames", code, cfg, 3, 1.0);
    cfg.msg_format = LDPC_MSG_I8;
    cfg.llr_scale = 2.0f;
    cfg.max_iterations = 6;
    one("nr bg1 z384 i8 pairs, 5 frames", code, cfg, 5, 2.5);
    cfg.early_termination = 0;
    one("nr bg1 z384 i8 pairs, no early stop", code, cfg, 5, 1.2);
    ldpc_code_destroy(code);

    /* DVB-T2 64800 r1/2 int8: one codeword per thread in the one-block kernel (registers for
     * one block per SM: two layers ahead, the four-layer parity check), early stop on and off */
    REQUIRE_OK(ldpc_code_create(&code, "dvbt2:64800:1/2"));
    ldpc_decoder_config_init(&cfg);
    cfg.max_iterations = 6;
    cfg.msg_format = LDPC_MSG_I8;
    one("dvbt2 64800 i8 one-block kernel", code, cfg, 2, 1.6);
    cfg.early_termination = 0;
    one("dvbt2 64800 i8 one-block, no early stop", code, cfg, 2, 1.6);
    ldpc_code_destroy(code);
    /* rows of 14 edges: the one-block kernel of rows of up to 16 edges */
    REQUIRE_OK(ldpc_code_create(&code, "dvbt2:64800:3/4"));
    cfg.early_termination = 1;
    one("dvbt2 64800 3/4 i8 one-block kernel (16-edge rows)", code, cfg, 2, 3.2);
    ldpc_code_destroy(code);

    code = make_irregular_code(300, 150, 40, 5);
    ldpc_decoder_config_init(&cfg);
    cfg.max_iterations = 5;
    one("irregular, 40-edge row, f32 (generic)", code, cfg, 2, 3.0);
    ldpc_code_destroy(code);

    REQUIRE_OK(ldpc_code_create(&code, "dvbt2:16200:1/2"));
    ldpc_decoder_config_init(&cfg);
    cfg.max_iterations = 3;
    cfg.msg_format = LDPC_MSG_I8;
    one("dvbt2 16200 i8 pairs layered", code, cfg, 3, 2.0);
    setenv("LDPCGPU_CUDA_I8_LANES", "1", 1);
    one("dvbt2 16200 i8 one codeword per thread", code, cfg, 3, 2.0);
    setenv("LDPCGPU_CUDA_I8_LANES", "2", 1);
    setenv("LDPCGPU_CUDA_I8_PAIR", "int", 1);
    one("dvbt2 16200 i8 pairs in 16x2 integers", code, cfg, 3, 2.0);
    unsetenv("LDPCGPU_CUDA_I8_PAIR");
    unsetenv("LDPCGPU_CUDA_I8_LANES");
    setenv("LDPCGPU_CUDA_I8_PAIR", "half", 1);
    setenv("LDPCGPU_CUDA_MEM", "global", 1);
    one("dvbt2 16200 i8 half2 pairs, state in global memory", code, cfg, 3, 2.0);
    unsetenv("LDPCGPU_CUDA_MEM");
    unsetenv("LDPCGPU_CUDA_I8_PAIR");
    /* the row orders asked for explicitly: GROUPS (cpu-simd's bits), WIDE, NARROW,
     * WIDE_BY_DEGREE (DVB-T2 16200 r1/2's rows of 4 - 7 edges: layers of one degree, 29 instead
     * of WIDE's 26), WIDE_128, WIDE_64 and PACKED (H's own order is refused for DVB codes:
     * test_decoder_api) */
    static const ldpc_row_order orders[] = {LDPC_ROW_ORDER_GROUPS, LDPC_ROW_ORDER_WIDE, LDPC_ROW_ORDER_NARROW,
                                            LDPC_ROW_ORDER_WIDE_BY_DEGREE, LDPC_ROW_ORDER_WIDE_128,
                                            LDPC_ROW_ORDER_WIDE_64, LDPC_ROW_ORDER_PACKED};
    for (size_t o = 0; o < sizeof orders / sizeof orders[0]; o++) {
        char label[64];
        cfg.row_order = orders[o];
        cfg.msg_format = LDPC_MSG_I8;
        snprintf(label, sizeof label, "dvbt2 16200 i8, row order %s", ldpc_row_order_name(orders[o]));
        one(label, code, cfg, 3, 2.0);
        cfg.msg_format = LDPC_MSG_F32;
        snprintf(label, sizeof label, "dvbt2 16200 f32, row order %s", ldpc_row_order_name(orders[o]));
        one(label, code, cfg, 3, 2.0);
    }
    ldpc_code_destroy(code);
    return test_finish("test_cuda_small");
}
