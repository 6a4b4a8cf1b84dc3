/* cuda backend, integer messages (int8, int16), against the fixed-point model
 * (core/src/decoder_fixed.c): every frame must agree BIT-EXACTLY, hard bits of the whole
 * codeword, iteration count and parity_ok, for every code family and kernel path:
 *   - the table kernel: WiMAX (int8 runs two codewords per thread, in half2 or 16x2 integers:
 *     odd frame counts leave one lane empty; also forced to one per thread), WiFi z = 81,
 *     DVB-T2 (64800: int8 one codeword per thread, APP in shared, messages in global memory,
 *     16-bit table entries counting APP values; rates 1/2, 3/4 and 4/5: rows of up to 8, 16
 *     and 20 edges in the one-block kernels), DVB-S2 16200 1/3 (int8 pairs, messages in global
 *     memory, two blocks an SM) and 3/4 (int8 pairs, three blocks an SM in the NARROW order), 5G NR base graph 1 (19-edge rows: the two-block
 *     kernels for rows of 17 - 20 edges), an irregular code; state on chip and forced into
 *     global memory;
 *   - the generic kernel: flooding, and a code with a 40-edge row;
 * with float and int8 input, both LLR sign conventions, NaN/Inf/huge inputs, each min-sum
 * variant, early termination on and off. Frames come from the waterfall region, where
 * messages grow large and many iterations happen: long runs without early termination (50-100
 * iterations, alpha 0.875 and 1.0) drive minima and APPs to their bounds, high-rate codes
 * (WiMAX 5/6, DVB-S2 16200 8/9: long rows) and a column degree 13 code (DVB-T2 16200 2/3:
 * int8 messages capped at MCAP = 59) exercise the message cap.
 * Without early termination the model returns the first codeword found (rule 6 of
 * decoder_fixed.h): the runs without early stop compare that too, bits and statuses. Erased
 * frames (all zeros, all NaN, mixed, int8 zero bytes; decoder_erased.h) inside batches of good
 * frames report parity_ok = 0 on every kernel, early stop on and off, as the model does. */
#include "test_cuda_util.h"
#include "decoder_fixed.h"

static int run(const char *label, const ldpc_code *code, ldpc_decoder_config cfg, double ebn0,
               int nframes, ldpc_llr_type type, int poison)
{
    const int n = ldpc_code_n(code);
    float *llr = malloc((size_t)nframes * n * sizeof(float));
    int8_t *llr8 = malloc((size_t)nframes * n);
    uint8_t *cw = malloc((size_t)nframes * n), *out = malloc((size_t)nframes * n);
    uint8_t *hard = malloc((size_t)n);
    ldpc_frame_status *st = malloc((size_t)nframes * sizeof *st);
    REQUIRE(llr && llr8 && cw && out && hard && st);
    make_frames(code, nframes, ebn0, 77 + (uint64_t)nframes, llr, cw);
    if (poison == 1) {
        /* NaN (erasure), infinities and huge values (clamped), exact zeros */
        for (int f = 0; f < nframes; f++) {
            float *x = llr + (size_t)f * n;
            x[(f * 7) % n] = NAN;
            x[(f * 13 + 1) % n] = INFINITY;
            x[(f * 17 + 2) % n] = -INFINITY;
            x[(f * 19 + 3) % n] = 3e30f;
            x[(f * 23 + 4) % n] = 0.0f;
            x[(f * 29 + 5) % n] = -0.0f;
            x[(f * 31 + 6) % n] = 0.125f; /* exactly half a quantisation step at scale 4 */
        }
    }
    if (cfg.llr_positive_is_one)
        for (size_t i = 0; i < (size_t)nframes * n; i++)
            llr[i] = -llr[i];
    quantize_llrs(llr, (size_t)nframes * n, cfg.llr_scale, llr8);
    if (poison == 1)
        for (int f = 0; f < nframes; f++)
            llr8[(size_t)f * n + (f * 37) % n] = -128;
    if (poison == 2) /* erased frames among good ones (test_cuda_util.h) */
        erase_frames(llr, llr8, nframes, n);
    const void *in = type == LDPC_LLR_F32 ? (const void *)llr : (const void *)llr8;
    const size_t in_frame = (size_t)n * (type == LDPC_LLR_F32 ? sizeof(float) : 1);

    cfg.backend = LDPC_BACKEND_CUDA;
    cfg.output_bits = LDPC_OUTPUT_CODEWORD;
    cfg.output_packing = LDPC_OUTPUT_UNPACKED;
    memset(out, 0xAA, (size_t)nframes * n);
    REQUIRE_OK(decode_all(code, &cfg, type, in, nframes, out, st));

    ldpc_fixed_model *model;
    REQUIRE_OK(model_create_as_gpu(&model, code, &cfg));
    int same = 0, ok = 0, first_bad = -1, erased = 0;
    for (int f = 0; f < nframes; f++) {
        ldpc_frame_status ms;
        REQUIRE_OK(ldpc_fixed_model_decode(model, type, (const uint8_t *)in + f * in_frame, hard, &ms));
        const int eq = memcmp(hard, out + (size_t)f * n, (size_t)n) == 0 &&
                       ms.iterations == st[f].iterations && ms.parity_ok == st[f].parity_ok;
        same += eq;
        if (!eq && first_bad < 0) {
            first_bad = f;
            int nb = 0;
            for (int j = 0; j < n; j++)
                nb += hard[j] != out[(size_t)f * n + j];
            fprintf(stderr, "%s: frame %d differs: %d bits, iterations model %d gpu %d, parity model %d gpu %d\n",
                    label, f, nb, ms.iterations, st[f].iterations, ms.parity_ok, st[f].parity_ok);
        }
        ok += memcmp(hard, cw + (size_t)f * n, (size_t)n) == 0;
        if (poison == 2 && (f % 11 == 3 || f % 11 == 6 || f % 11 == 8)) {
            erased++;
            CHECK_MSG(st[f].parity_ok == 0, "%s: erased frame %d reported parity ok", label, f);
        }
        if (poison == 2 && f % 11 == 10) /* one value not 0: not erased, the all-zero word */
            CHECK_MSG(st[f].parity_ok == 1, "%s: frame %d with one LLR not 0 reported parity_ok 0", label, f);
    }
    if (poison == 2)
        CHECK_MSG(erased > 0, "%s: no erased frame in the batch", label);
    ldpc_fixed_model_destroy(model);
    printf("%-52s %4d frames  bit-exact %4d  decoded correctly %4d\n", label, nframes, same, ok);
    CHECK_MSG(same == nframes, "%s: %d of %d frames differ from the model", label,
              nframes - same, nframes);
    free(llr);
    free(llr8);
    free(cw);
    free(out);
    free(hard);
    free(st);
    return same == nframes;
}

static ldpc_decoder_config cfg_of(ldpc_msg_format fmt, ldpc_algorithm alg, ldpc_schedule sch,
                                  int iters)
{
    ldpc_decoder_config c;
    ldpc_decoder_config_init(&c);
    c.msg_format = fmt;
    c.algorithm = alg;
    c.schedule = sch;
    c.max_iterations = iters;
    return c;
}

/* run() with one environment knob set for it (docs/cuda-notes.md, "Tuning knobs") */
static int run_knob(const char *knob, const char *value, const char *label, const ldpc_code *code,
                    ldpc_decoder_config cfg, double ebn0, int nframes, ldpc_llr_type type, int poison)
{
    setenv(knob, value, 1);
    const int r = run(label, code, cfg, ebn0, nframes, type, poison);
    unsetenv(knob);
    return r;
}

/* A DVB 16200 code of int8 half2 pairs in the order AUTO gives it (named in the labels): nms
 * .875 at 50 iterations without early stop, float LLRs; oms, int8 LLRs with erased frames among
 * them */
static void pairs_in_auto_order(const char *name, double ebn0)
{
    ldpc_code *code;
    char label[128];
    REQUIRE_OK(ldpc_code_create(&code, name));
    ldpc_decoder_config c = cfg_of(LDPC_MSG_I8, LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 50);
    c.early_termination = 0;
    c.nms_alpha = 0.875f;
    const char *order = ldpc_row_order_name(ldpc_row_order_of(code, &c, LDPC_BACKEND_CUDA));
    snprintf(label, sizeof label, "%s i8 pairs (%s), nms .875, 50 it, no early stop", name, order);
    run(label, code, c, ebn0, 41, LDPC_LLR_F32, 0);
    c = cfg_of(LDPC_MSG_I8, LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 25);
    snprintf(label, sizeof label, "%s i8 pairs (%s), oms, int8 in, erased", name, order);
    run(label, code, c, ebn0, 41, LDPC_LLR_I8, 2);
    ldpc_code_destroy(code);
}

int main(void)
{
    require_cuda_or_skip();
    const ldpc_msg_format fmts[2] = {LDPC_MSG_I8, LDPC_MSG_I16};
    const char *fname[2] = {"i8", "i16"};
    char label[128];
    ldpc_code *code;

    REQUIRE_OK(ldpc_code_create(&code, "wimax:2304:1/2"));
    for (int fi = 0; fi < 2; fi++) {
        snprintf(label, sizeof label, "wimax 2304 r1/2 %s layered nms, 301 frames", fname[fi]);
        run(label, code, cfg_of(fmts[fi], LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10),
            2.0, 301, LDPC_LLR_F32, 0);
        /* 7 blocks for ~75 chunks: each block takes its next chunk from the lane's counter */
        setenv("LDPCGPU_CUDA_MAX_BLOCKS", "7", 1);
        snprintf(label, sizeof label, "wimax 2304 r1/2 %s nms, 301 frames, 7 blocks", fname[fi]);
        run(label, code, cfg_of(fmts[fi], LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10),
            2.0, 301, LDPC_LLR_F32, 0);
        unsetenv("LDPCGPU_CUDA_MAX_BLOCKS");
        snprintf(label, sizeof label, "wimax 2304 r1/2 %s layered oms, int8 in", fname[fi]);
        run(label, code, cfg_of(fmts[fi], LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10),
            2.0, 200, LDPC_LLR_I8, 0);
        snprintf(label, sizeof label, "wimax 2304 r1/2 %s layered min-sum, poisoned", fname[fi]);
        run(label, code, cfg_of(fmts[fi], LDPC_ALG_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10), 2.2, 99,
            LDPC_LLR_F32, 1);
        snprintf(label, sizeof label, "wimax 2304 r1/2 %s poisoned int8 in, positive=1", fname[fi]);
        ldpc_decoder_config c = cfg_of(fmts[fi], LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10);
        c.llr_positive_is_one = 1;
        c.llr_scale = 8.0f;
        run(label, code, c, 2.2, 64, LDPC_LLR_I8, 1);
        snprintf(label, sizeof label, "wimax 2304 r1/2 %s nms alpha .8, no early stop", fname[fi]);
        c = cfg_of(fmts[fi], LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 12);
        c.early_termination = 0;
        c.nms_alpha = 0.8f;
        run(label, code, c, 2.0, 101, LDPC_LLR_F32, 0);
        snprintf(label, sizeof label, "wimax 2304 r1/2 %s flooding nms (generic)", fname[fi]);
        run(label, code, cfg_of(fmts[fi], LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_FLOODING, 20),
            2.4, 100, LDPC_LLR_F32, 0);
    }

    /* Launches of at most one group per SM run the plan whose layers pair WiMAX 2304 r1/2's
     * disjoint block rows (6 layers of 192 rows, 4 of them with rows of 6 and 7 edges;
     * cuda_backend.h, State::small), in kernels where each thread takes its own row's degree
     * (TableVariant::row_degrees), or with LDPCGPU_CUDA_ROW_DEGREES=0 the generic row update
     * for those 4; full batches a block row a layer (above: 301 frames); LDPCGPU_CUDA_MERGE=0
     * keeps block rows for both */
    for (int mode = 2; mode >= 0; mode--) {
        if (mode == 1)
            setenv("LDPCGPU_CUDA_ROW_DEGREES", "0", 1);
        if (mode == 0)
            setenv("LDPCGPU_CUDA_MERGE", "0", 1);
        const char *how = mode == 2 ? "paired block rows" : mode == 1 ? "paired, generic rows" : "block rows";
        snprintf(label, sizeof label, "wimax 2304 r1/2 i8 nms, 6 frames, %s", how);
        run(label, code, cfg_of(LDPC_MSG_I8, LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10),
            1.8, 6, LDPC_LLR_I8, 0);
        snprintf(label, sizeof label, "wimax 2304 r1/2 i8 oms, 99 frames, %s", how);
        run(label, code, cfg_of(LDPC_MSG_I8, LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10),
            1.8, 99, LDPC_LLR_F32, 0);
        snprintf(label, sizeof label, "wimax 2304 r1/2 i16 oms, 7 frames, no early stop, poisoned, %s", how);
        ldpc_decoder_config c = cfg_of(LDPC_MSG_I16, LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 20);
        c.early_termination = 0;
        run(label, code, c, 1.8, 7, LDPC_LLR_F32, 1);
        unsetenv("LDPCGPU_CUDA_MERGE");
        unsetenv("LDPCGPU_CUDA_ROW_DEGREES");
    }

    /* int8 pairs in 16x2 integer arithmetic (the default above is half2 where the pair's
     * state fits on chip): both must match the model */
    setenv("LDPCGPU_CUDA_I8_PAIR", "int", 1);
    run("wimax 2304 r1/2 i8 pairs in 16x2 integers, poisoned", code,
        cfg_of(LDPC_MSG_I8, LDPC_ALG_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10), 2.2, 99, LDPC_LLR_F32, 1);
    run("wimax 2304 r1/2 i8 pairs in 16x2 integers, nms", code,
        cfg_of(LDPC_MSG_I8, LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10), 2.0, 151,
        LDPC_LLR_F32, 0);
    unsetenv("LDPCGPU_CUDA_I8_PAIR");
    /* and half2 pairs with messages off chip (forced on a code whose state fits) */
    setenv("LDPCGPU_CUDA_I8_PAIR", "half", 1);
    setenv("LDPCGPU_CUDA_MEM", "global", 1);
    run("wimax 2304 r1/2 i8 half2 pairs, state in global memory", code,
        cfg_of(LDPC_MSG_I8, LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10), 2.0, 101,
        LDPC_LLR_I8, 0);
    /* a block's global scratch reused by the chunks it takes from the counter */
    setenv("LDPCGPU_CUDA_MAX_BLOCKS", "5", 1);
    run("wimax 2304 r1/2 i8 half2 pairs, state in global memory, 5 blocks", code,
        cfg_of(LDPC_MSG_I8, LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10), 2.0, 101,
        LDPC_LLR_F32, 0);
    unsetenv("LDPCGPU_CUDA_MAX_BLOCKS");
    unsetenv("LDPCGPU_CUDA_MEM");
    unsetenv("LDPCGPU_CUDA_I8_PAIR");

    /* int8 with one codeword per thread (what DVB 64800 uses), forced on WiMAX */
    setenv("LDPCGPU_CUDA_I8_LANES", "1", 1);
    run("wimax 2304 r1/2 i8 one codeword/thread, poisoned", code,
        cfg_of(LDPC_MSG_I8, LDPC_ALG_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10), 2.2, 99, LDPC_LLR_F32, 1);
    run("wimax 2304 r1/2 i8 one codeword/thread, oms int8 in", code,
        cfg_of(LDPC_MSG_I8, LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10), 2.0, 200,
        LDPC_LLR_I8, 0);
    unsetenv("LDPCGPU_CUDA_I8_LANES");
    ldpc_code_destroy(code);

    /* Long runs without early termination, where clipping an 8-bit APP made layered decoding
     * collapse: every int8 kernel (half2 pairs, 16x2 integer pairs, one codeword per thread)
     * and int16 against the model, with alpha 0.875 and 1.0 (plain min-sum's magnitudes) */
    REQUIRE_OK(ldpc_code_create(&code, "wimax:2304:1/2"));
    for (int fi = 0; fi < 2; fi++) {
        ldpc_decoder_config c = cfg_of(fmts[fi], LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 100);
        c.early_termination = 0;
        c.nms_alpha = 0.875f;
        snprintf(label, sizeof label, "wimax 2304 r1/2 %s nms .875, 100 it, no early stop", fname[fi]);
        run(label, code, c, 1.8, 63, LDPC_LLR_F32, 0);
        c.nms_alpha = 1.0f;
        c.max_iterations = 50;
        snprintf(label, sizeof label, "wimax 2304 r1/2 %s nms 1.0, 50 it, no early stop", fname[fi]);
        run(label, code, c, 1.8, 63, LDPC_LLR_I8, 0);
    }
    {
        ldpc_decoder_config c = cfg_of(LDPC_MSG_I8, LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 100);
        c.early_termination = 0;
        c.nms_alpha = 0.875f;
        run_knob("LDPCGPU_CUDA_I8_PAIR", "int", "wimax 2304 r1/2 i8 16x2 pairs, nms .875, 100 it, no stop",
                 code, c, 1.8, 63, LDPC_LLR_F32, 0);
        run_knob("LDPCGPU_CUDA_I8_LANES", "1", "wimax 2304 r1/2 i8 one codeword/thread, .875, 100 it, no stop",
                 code, c, 1.8, 63, LDPC_LLR_F32, 0);
        c.nms_alpha = 1.0f;
        c.max_iterations = 60;
        c.early_termination = 1;
        run("wimax 2304 r1/2 i8 nms 1.0, 60 it, early stop", code, c, 1.6, 63, LDPC_LLR_F32, 0);
    }
    ldpc_code_destroy(code);

    /* erased frames in batches of good ones: every kernel, early stop on and off */
    REQUIRE_OK(ldpc_code_create(&code, "wimax:2304:1/2"));
    for (int et = 0; et <= 1; et++) {
        for (int fi = 0; fi < 2; fi++)
            for (int t = 0; t < 2; t++) {
                ldpc_decoder_config c = cfg_of(fmts[fi], LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 12);
                c.early_termination = et;
                snprintf(label, sizeof label, "wimax 2304 %s erased frames, %s in, early %d", fname[fi],
                         t ? "int8" : "f32", et);
                run(label, code, c, 2.2, 133, t ? LDPC_LLR_I8 : LDPC_LLR_F32, 2);
                c.schedule = LDPC_SCHEDULE_FLOODING;
                snprintf(label, sizeof label, "wimax 2304 %s erased frames, flooding (generic), %s in, early %d",
                         fname[fi], t ? "int8" : "f32", et);
                run(label, code, c, 2.4, 45, t ? LDPC_LLR_I8 : LDPC_LLR_F32, 2);
            }
        ldpc_decoder_config c = cfg_of(LDPC_MSG_I8, LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 12);
        c.early_termination = et;
        setenv("LDPCGPU_CUDA_I8_PAIR", "int", 1);
        snprintf(label, sizeof label, "wimax 2304 i8 16x2 pairs erased frames, early %d", et);
        run(label, code, c, 2.2, 133, LDPC_LLR_F32, 2);
        unsetenv("LDPCGPU_CUDA_I8_PAIR");
        setenv("LDPCGPU_CUDA_I8_LANES", "1", 1);
        snprintf(label, sizeof label, "wimax 2304 i8 one codeword/thread erased frames, early %d", et);
        run(label, code, c, 2.2, 133, LDPC_LLR_I8, 2);
        unsetenv("LDPCGPU_CUDA_I8_LANES");
        setenv("LDPCGPU_CUDA_MEM", "global", 1);
        setenv("LDPCGPU_CUDA_MAX_BLOCKS", "5", 1);
        snprintf(label, sizeof label, "wimax 2304 i8 pairs, global memory, 5 blocks, erased, early %d", et);
        run(label, code, c, 2.2, 133, LDPC_LLR_F32, 2);
        unsetenv("LDPCGPU_CUDA_MAX_BLOCKS");
        unsetenv("LDPCGPU_CUDA_MEM");
    }
    ldpc_code_destroy(code);

    REQUIRE_OK(ldpc_code_create(&code, "wimax:2304:5/6"));
    run("wimax 2304 r5/6 i8 layered nms (20-edge rows)", code,
        cfg_of(LDPC_MSG_I8, LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10), 4.0, 151,
        LDPC_LLR_F32, 0);
    for (int fi = 0; fi < 2; fi++) {
        ldpc_decoder_config c = cfg_of(fmts[fi], LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 50);
        c.early_termination = 0;
        c.nms_alpha = 0.875f;
        snprintf(label, sizeof label, "wimax 2304 r5/6 %s nms .875, 50 it, no early stop", fname[fi]);
        run(label, code, c, 3.4, 101, LDPC_LLR_F32, 0);
    }
    {
        ldpc_decoder_config c = cfg_of(LDPC_MSG_I8, LDPC_ALG_MIN_SUM, LDPC_SCHEDULE_LAYERED, 50);
        c.early_termination = 0;
        run_knob("LDPCGPU_CUDA_MEM", "global", "wimax 2304 r5/6 i8 min-sum, 50 it, state in global memory",
                 code, c, 3.4, 101, LDPC_LLR_F32, 0);
    }
    ldpc_code_destroy(code);

    /* DVB-S2 16200 8/9: 27-edge rows (int8: one codeword per thread in the one-block 28-edge
     * kernel, in AUTO's WIDE_64 six blocks an SM; then forced into pairs, the two-codeword
     * 32-edge kernel; and in GROUPS, two blocks an SM) */
    REQUIRE_OK(ldpc_code_create(&code, "dvbs2:16200:8/9"));
    for (int fi = 0; fi < 2; fi++) {
        ldpc_decoder_config c = cfg_of(fmts[fi], LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 50);
        c.early_termination = 0;
        c.nms_alpha = 0.875f;
        snprintf(label, sizeof label, "dvbs2 16200 r8/9 %s nms .875, 50 it, no early stop", fname[fi]);
        run(label, code, c, 3.6, 41, LDPC_LLR_F32, 0);
    }
    {
        ldpc_decoder_config c = cfg_of(LDPC_MSG_I8, LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 50);
        c.early_termination = 0;
        run_knob("LDPCGPU_CUDA_I8_LANES", "2", "dvbs2 16200 r8/9 i8 pairs, oms, 50 it",
                 code, c, 3.6, 41, LDPC_LLR_I8, 0);
        c.row_order = LDPC_ROW_ORDER_GROUPS;
        run("dvbs2 16200 r8/9 i8 oms, 50 it, groups (layers of up to 150 rows)", code, c, 3.6, 41, LDPC_LLR_I8, 0);
        c.row_order = LDPC_ROW_ORDER_AUTO;
        /* two groups a block asked of the one-block kernel, which addresses one group's state:
         * the knob is ignored (it made every batch fail before) */
        run_knob("LDPCGPU_CUDA_GROUPS", "2", "dvbs2 16200 r8/9 i8, GROUPS=2 asked of the one-block kernel",
                 code, c, 3.6, 41, LDPC_LLR_I8, 0);
    }
    ldpc_code_destroy(code);

    /* DVB-S2 16200 3/4: rows of 9 - 13 edges, int8 half2 pairs in the two-block 16-edge kernel,
     * in AUTO's NARROW order (20 layers of at most 256 rows: three blocks an SM); 5/6: rows of
     * 15 - 19 edges, in the two-block 20-edge kernel, in AUTO's PACKED order (18 layers of at
     * most 160 rows) */
    pairs_in_auto_order("dvbs2:16200:3/4", 2.3);
    pairs_in_auto_order("dvbs2:16200:5/6", 3.2);

    /* DVB-S2 16200 1/3: 5-edge rows (int8: half2 pairs with the APP in shared and the messages
     * in global memory, two blocks an SM; 16x2 integer pairs at alpha .8; the old one codeword
     * per thread) */
    REQUIRE_OK(ldpc_code_create(&code, "dvbs2:16200:1/3"));
    {
        ldpc_decoder_config c = cfg_of(LDPC_MSG_I8, LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 40);
        c.early_termination = 0;
        c.nms_alpha = 0.875f;
        run("dvbs2 16200 r1/3 i8 pairs nms .875, 40 it, no early stop", code, c, 0.6, 61, LDPC_LLR_F32, 0);
        c.nms_alpha = 0.8f;
        c.early_termination = 1;
        run("dvbs2 16200 r1/3 i8 16x2 pairs nms .8, early stop, poisoned", code, c, 0.6, 61, LDPC_LLR_F32, 1);
        c = cfg_of(LDPC_MSG_I8, LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 25);
        run("dvbs2 16200 r1/3 i8 pairs oms, int8 in", code, c, 0.8, 41, LDPC_LLR_I8, 0);
        run_knob("LDPCGPU_CUDA_I8_LANES", "1", "dvbs2 16200 r1/3 i8 one codeword/thread, oms, int8 in", code, c, 0.8,
                 41, LDPC_LLR_I8, 0);
    }
    ldpc_code_destroy(code);

    /* DVB-T2 16200 2/3: column degree 13, int8 messages capped at 59; 10-edge rows (half2
     * pairs: the two-block kernels of rows of up to 12 edges, messages on and off chip; then
     * the 16-edge kernel, LDPCGPU_CUDA_D12=0) */
    REQUIRE_OK(ldpc_code_create(&code, "dvbt2:16200:2/3"));
    for (int fi = 0; fi < 2; fi++) {
        ldpc_decoder_config c = cfg_of(fmts[fi], LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 50);
        c.early_termination = 0;
        c.nms_alpha = 1.0f;
        snprintf(label, sizeof label, "dvbt2 16200 r2/3 %s nms 1.0, 50 it, no early stop", fname[fi]);
        run(label, code, c, 2.0, 41, LDPC_LLR_F32, 0);
    }
    {
        ldpc_decoder_config c = cfg_of(LDPC_MSG_I8, LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 50);
        c.early_termination = 0;
        c.nms_alpha = 0.875f;
        run_knob("LDPCGPU_CUDA_I8_PAIR", "int", "dvbt2 16200 r2/3 i8 16x2 pairs, nms .875, 50 it",
                 code, c, 2.0, 41, LDPC_LLR_F32, 0);
        run_knob("LDPCGPU_CUDA_I8_LANES", "1", "dvbt2 16200 r2/3 i8 one codeword/thread, nms .875, 50 it",
                 code, c, 2.0, 41, LDPC_LLR_F32, 0);
        run_knob("LDPCGPU_CUDA_MEM", "global", "dvbt2 16200 r2/3 i8 pairs, state in global memory, nms .875, 50 it",
                 code, c, 2.0, 41, LDPC_LLR_F32, 0);
        run_knob("LDPCGPU_CUDA_MEM", "app", "dvbt2 16200 r2/3 i8 pairs, messages in global memory, nms .875, 50 it",
                 code, c, 2.0, 41, LDPC_LLR_F32, 0);
        run_knob("LDPCGPU_CUDA_D12", "0", "dvbt2 16200 r2/3 i8 pairs, 16-edge kernel, nms .875, 50 it",
                 code, c, 2.0, 41, LDPC_LLR_F32, 0);
    }
    ldpc_code_destroy(code);

    /* QC codes of 10 - 15-edge rows, state on chip: half2 pairs in the 12-edge kernel (WiMAX 2/3A:
     * 10, 2/3B: 10 and 11) and the 16-edge one (3/4: 14 and 15), their row updates
     * specialised on the degree (kernel_table.cuh, HIGH_DEG) */
    static const struct {
        const char *code;
        double ebn0;
    } qc_rows[] = {{"wimax:2304:2/3A", 2.6}, {"wimax:2304:2/3B", 2.6}, {"wimax:2304:3/4A", 3.0},
                   {"wifi:1944:3/4", 3.0}};
    for (size_t ci = 0; ci < sizeof qc_rows / sizeof qc_rows[0]; ci++) {
        REQUIRE_OK(ldpc_code_create(&code, qc_rows[ci].code));
        ldpc_decoder_config c = cfg_of(LDPC_MSG_I8, LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 50);
        c.early_termination = 0;
        snprintf(label, sizeof label, "%s i8 nms, 50 it, no early stop", qc_rows[ci].code);
        run(label, code, c, qc_rows[ci].ebn0, 61, LDPC_LLR_F32, 0);
        c = cfg_of(LDPC_MSG_I8, LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 20);
        snprintf(label, sizeof label, "%s i8 oms, int8 in, poisoned", qc_rows[ci].code);
        run(label, code, c, qc_rows[ci].ebn0, 61, LDPC_LLR_I8, 1);
        ldpc_code_destroy(code);
    }

    REQUIRE_OK(ldpc_code_create(&code, "wifi:1944:1/2"));
    for (int fi = 0; fi < 2; fi++) {
        snprintf(label, sizeof label, "wifi 1944 r1/2 (z=81) %s layered nms", fname[fi]);
        run(label, code, cfg_of(fmts[fi], LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10),
            2.0, 203, LDPC_LLR_F32, 0);
    }
    ldpc_code_destroy(code);

    code = make_irregular_code(1200, 600, 0, 7);
    for (int fi = 0; fi < 2; fi++) {
        snprintf(label, sizeof label, "irregular (1200,~600) %s layered nms", fname[fi]);
        run(label, code, cfg_of(fmts[fi], LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 15),
            3.0, 151, LDPC_LLR_F32, 0);
    }
    ldpc_code_destroy(code);

    code = make_irregular_code(900, 450, 40, 11);
    run("irregular with a 40-edge row i8 layered (generic)", code,
        cfg_of(LDPC_MSG_I8, LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 15), 3.0, 100,
        LDPC_LLR_F32, 0);
    ldpc_code_destroy(code);

    REQUIRE_OK(ldpc_code_create(&code, "dvbt2:16200:1/2"));
    for (int fi = 0; fi < 2; fi++) {
        snprintf(label, sizeof label, "dvbt2 16200 r1/2 %s layered nms", fname[fi]);
        run(label, code, cfg_of(fmts[fi], LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 20),
            1.8, 61, LDPC_LLR_F32, 0);
    }
    ldpc_code_destroy(code);

    /* 5G NR base graph 1, Z 384: 19-edge rows, column degree 30, 46 layers of 384 rows; int16
     * messages (int8 is refused on BG1 at llr_scale 4): the two-block kernels for rows of 17 - 20
     * edges (APP in shared, messages in global memory, 16-bit tables counting APP values), and
     * the same code forced into the 32-edge kernels (LDPCGPU_CUDA_D20=0) */
    REQUIRE_OK(ldpc_code_create(&code, "nr:bg1:z384"));
    for (int d20 = 1; d20 >= 0; d20--) {
        if (!d20)
            setenv("LDPCGPU_CUDA_D20", "0", 1);
        ldpc_decoder_config c = cfg_of(LDPC_MSG_I16, LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10);
        c.oms_beta = 0.5f;
        snprintf(label, sizeof label, "nr bg1 z384 i16 oms .5, 10 it%s", d20 ? "" : ", 32-edge kernel");
        run(label, code, c, 0.9, 23, LDPC_LLR_I8, 0);
        c = cfg_of(LDPC_MSG_I16, LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 25);
        c.nms_alpha = 0.875f;
        c.early_termination = 0;
        snprintf(label, sizeof label, "nr bg1 z384 i16 nms .875, 25 it, no early stop%s", d20 ? "" : ", 32-edge");
        run(label, code, c, 0.7, 17, LDPC_LLR_F32, 2);
        unsetenv("LDPCGPU_CUDA_D20");
    }
    /* int8 pairs in half2 (llr_scale 2, which BG1 takes with int8 messages) in the two-block
     * kernel of 17 - 20-edge rows, whose messages are compressed a record a row (CmH8x2): one-wave
     * launches off, so that a small batch takes it; early stop on and off, converging and failing
     * frames, erased frames */
    setenv("LDPCGPU_CUDA_WAVE", "0", 1);
    {
        ldpc_decoder_config c = cfg_of(LDPC_MSG_I8, LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 10);
        c.oms_beta = 0.5f;
        c.llr_scale = 2.0f;
        {
            /* the kernel these cases are for (its description: cuda_bench_timer.cu) */
            ldpc_decoder_config cc = c;
            cc.backend = LDPC_BACKEND_CUDA;
            cc.fallback_to_cpu = 0;
            ldpc_decoder *dec;
            REQUIRE_OK(ldpc_decoder_create(&dec, code, &cc));
            char how[512]; /* the batch kernel's part of the description: up to its ';' */
            snprintf(how, sizeof how, "%s", ldpc_cuda_describe(dec));
            how[strcspn(how, ";")] = '\0';
            CHECK_MSG(strstr(how, "half2") && strstr(how, "rows <= 20 edges") &&
                          strstr(how, "APP in shared, messages in global memory") &&
                          !strstr(how, "one block"),
                      "nr bg1 z384 i8 pairs: not the compressed-message kernel: %s", how);
            ldpc_decoder_destroy(dec);
        }
        run("nr bg1 z384 i8 pairs, compressed messages, oms .5", code, c, 0.9, 23, LDPC_LLR_I8, 0);
        c.max_iterations = 25;
        c.early_termination = 0;
        run("nr bg1 z384 i8 pairs, compressed, 25 it, no stop", code, c, 0.7, 17, LDPC_LLR_F32, 2);
        c.oms_beta = 1.0f; /* (llr_scale 2 takes offset min-sum only on BG1) */
        c.llr_scale = 3.0f;
        c.max_iterations = 12;
        c.early_termination = 1;
        run("nr bg1 z384 i8 pairs, compressed, oms 1, scale 3", code, c, 1.1, 29, LDPC_LLR_F32, 0);
    }
    unsetenv("LDPCGPU_CUDA_WAVE");
    ldpc_code_destroy(code);

    /* 5G NR base graph 2 at Z 52 (rows of up to 10 edges: the 16-edge kernels, the state on
     * chip), int8 and int16 */
    REQUIRE_OK(ldpc_code_create(&code, "nr:bg2:z52"));
    for (int fi = 0; fi < 2; fi++) {
        ldpc_decoder_config c = cfg_of(fmts[fi], LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 20);
        c.oms_beta = 0.5f;
        c.early_termination = 0;
        snprintf(label, sizeof label, "nr bg2 z52 %s oms .5, 20 it, no early stop", fname[fi]);
        run(label, code, c, 1.0, 61, LDPC_LLR_F32, 0);
    }
    ldpc_code_destroy(code);

    REQUIRE_OK(ldpc_code_create(&code, "dvbt2:64800:1/2"));
    for (int fi = 0; fi < 2; fi++) {
        snprintf(label, sizeof label, "dvbt2 64800 r1/2 %s layered nms", fname[fi]);
        run(label, code, cfg_of(fmts[fi], LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 20),
            1.5, 21, LDPC_LLR_I8, 0);
        /* the int8 one-codeword kernel with registers for one block per SM: no early stop,
         * erased frames */
        ldpc_decoder_config c = cfg_of(fmts[fi], LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 30);
        c.early_termination = 0;
        snprintf(label, sizeof label, "dvbt2 64800 r1/2 %s nms, 30 it, no early stop, erased", fname[fi]);
        run(label, code, c, 1.4, 23, LDPC_LLR_F32, 2);
    }
    {
        setenv("LDPCGPU_CUDA_I8_ONE_BLOCK", "0", 1); /* the 56-register kernel (3 blocks/SM) */
        ldpc_decoder_config c = cfg_of(LDPC_MSG_I8, LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 20);
        c.early_termination = 0;
        run("dvbt2 64800 r1/2 i8 56-register kernel, no early stop", code, c, 1.4, 23, LDPC_LLR_I8, 2);
        unsetenv("LDPCGPU_CUDA_I8_ONE_BLOCK");
    }
    ldpc_code_destroy(code);

    /* DVB 64800 rates in the one-block int8 kernels (one codeword per thread; a pair's APP would
     * be in global memory), early stop on and off: rows of 4, 5 and 6 edges (the 8-edge kernel
     * three layers ahead, its updates for those degrees: TableVariant::ahead3), 10 and 11
     * (12-edge kernel), 14 (16), 18 (20), 22 (24), 27 (28) and 30 (32, narrow: layers of 180
     * rows, TableVariant::narrow); DVB-S2X's other degrees: 8 and 9, 11 and 12 (12-edge kernel),
     * 13, 15 and 16 (16), 16, 17, 19 and 20 (20), 29 and 30 (32 in 384-thread blocks); last,
     * with a knob, the kernels those rows ran in before: 5 two layers ahead
     * (LDPCGPU_CUDA_AHEAD3=0), 11 in the 16-edge kernel (LDPCGPU_CUDA_D12=0) and 22 in the
     * 32-edge kernel of 384-thread blocks (LDPCGPU_CUDA_D32=1). The parity columns group-major
     * in shared memory (TableVariant::parity_gm) in the 8-, 12-, 16- and 20-edge kernels: by
     * default for DVB-S2X 13/45 (three layers ahead; two with LDPCGPU_CUDA_AHEAD3=0) and
     * 116/180 (parity_bank_ways), in column order with LDPCGPU_CUDA_PARITY_SMEM=0, and for
     * 132/180 and 22/30 with =1. DVB-S2X's layers of one degree: 22/30 and 13/45 (WIDE refilled
     * by degree), 116/180 and 132/180 (WIDE_BY_DEGREE) */
    static const struct {
        const char *code;
        double ebn0;
        const char *knob, *value; /* an environment knob set for this row, or NULL */
    } long_rows[] = {{"dvbs2:64800:1/4", 0.8, NULL, NULL},  {"dvbs2:64800:1/3", 0.8, NULL, NULL},
                     {"dvbs2:64800:2/5", 0.8, NULL, NULL},  {"dvbt2:64800:3/5", 1.9, NULL, NULL},
                     {"dvbt2:64800:2/3", 2.0, NULL, NULL},  {"dvbt2:64800:3/4", 2.3, NULL, NULL},
                     {"dvbt2:64800:4/5", 2.8, NULL, NULL},  {"dvbt2:64800:5/6", 3.2, NULL, NULL},
                     {"dvbs2:64800:8/9", 3.7, NULL, NULL},  {"dvbs2:64800:9/10", 4.0, NULL, NULL},
                     {"dvbs2x:64800:96/180", 1.15, NULL, NULL},  {"dvbs2x:64800:116/180", 1.65, NULL, NULL},
                     {"dvbs2x:64800:25/36", 1.9, NULL, NULL},   {"dvbs2x:64800:132/180", 2.15, NULL, NULL},
                     {"dvbs2x:64800:135/180", 2.2, NULL, NULL}, {"dvbs2x:64800:140/180", 2.5, NULL, NULL},
                     {"dvbs2x:64800:154/180", 3.05, NULL, NULL},
                     {"dvbs2:64800:1/3", 0.8, "LDPCGPU_CUDA_AHEAD3", "0"},
                     {"dvbt2:64800:3/5", 1.9, "LDPCGPU_CUDA_D12", "0"},
                     {"dvbt2:64800:5/6", 3.2, "LDPCGPU_CUDA_D32", "1"},
                     {"dvbs2x:64800:13/45", 0.7, NULL, NULL},
                     {"dvbs2x:64800:13/45", 0.7, "LDPCGPU_CUDA_PARITY_SMEM", "0"},
                     {"dvbs2x:64800:13/45", 0.7, "LDPCGPU_CUDA_AHEAD3", "0"},
                     {"dvbs2x:64800:116/180", 1.65, "LDPCGPU_CUDA_PARITY_SMEM", "0"},
                     {"dvbs2x:64800:132/180", 2.15, "LDPCGPU_CUDA_PARITY_SMEM", "1"},
                     {"dvbs2x:64800:22/30", 2.05, "LDPCGPU_CUDA_PARITY_SMEM", "1"}};
    for (size_t ci = 0; ci < sizeof long_rows / sizeof long_rows[0]; ci++) {
        const char *knob = long_rows[ci].knob;
        char kernel[64] = "";
        if (knob) {
            setenv(knob, long_rows[ci].value, 1);
            snprintf(kernel, sizeof kernel, " (%s=%s)", knob, long_rows[ci].value);
        }
        REQUIRE_OK(ldpc_code_create(&code, long_rows[ci].code));
        ldpc_decoder_config c = cfg_of(LDPC_MSG_I8, LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 20);
        snprintf(label, sizeof label, "%s i8 one-block kernel%s, oms", long_rows[ci].code, kernel);
        run(label, code, c, long_rows[ci].ebn0, 21, LDPC_LLR_I8, 0);
        c = cfg_of(LDPC_MSG_I8, LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 30);
        c.early_termination = 0;
        snprintf(label, sizeof label, "%s i8 one-block kernel%s, nms, 30 it, no early stop, erased",
                 long_rows[ci].code, kernel);
        run(label, code, c, long_rows[ci].ebn0, 23, LDPC_LLR_F32, 2);
        ldpc_code_destroy(code);
        if (knob)
            unsetenv(knob);
    }
    /* a one-block kernel in layers far smaller than its block could hold (DVB-T2 64800 r1/2 in
     * WIDE_64: 64 rows a layer): one group a block still (best_shape once chose several, which
     * the one-block kernel cannot run, so that every batch failed) */
    REQUIRE_OK(ldpc_code_create(&code, "dvbt2:64800:1/2"));
    {
        ldpc_decoder_config c = cfg_of(LDPC_MSG_I8, LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 20);
        c.row_order = LDPC_ROW_ORDER_WIDE_64;
        run("dvbt2:64800:1/2 i8 one-block kernel in layers of 64 rows (wide-64), oms", code, c, 1.5, 9,
            LDPC_LLR_I8, 0);
    }
    ldpc_code_destroy(code);
    /* int16 messages on long DVB 64800 rows: in global memory, a record a row (CmI16, one
     * entry for rows of up to 24 edges, two beyond): 11 (16-edge kernel), 18 (20) and 30 edges
     * (32); early stop on and off, erased frames */
    static const struct {
        const char *code;
        double ebn0;
    } i16_rows[] = {{"dvbt2:64800:3/5", 1.9}, {"dvbt2:64800:4/5", 2.8}, {"dvbs2:64800:9/10", 4.0}};
    for (size_t ci = 0; ci < sizeof i16_rows / sizeof i16_rows[0]; ci++) {
        REQUIRE_OK(ldpc_code_create(&code, i16_rows[ci].code));
        ldpc_decoder_config c = cfg_of(LDPC_MSG_I16, LDPC_ALG_OFFSET_MIN_SUM, LDPC_SCHEDULE_LAYERED, 20);
        snprintf(label, sizeof label, "%s i16, oms", i16_rows[ci].code);
        run(label, code, c, i16_rows[ci].ebn0, 21, LDPC_LLR_I8, 0);
        c = cfg_of(LDPC_MSG_I16, LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_SCHEDULE_LAYERED, 30);
        c.early_termination = 0;
        snprintf(label, sizeof label, "%s i16, nms, 30 it, no early stop, erased", i16_rows[ci].code);
        run(label, code, c, i16_rows[ci].ebn0, 23, LDPC_LLR_F32, 2);
        ldpc_code_destroy(code);
    }

    return test_finish("test_cuda_fixed");
}
