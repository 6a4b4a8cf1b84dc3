/* The fixed-point model (decoder_fixed.h) that the GPU's integer kernels follow bit for bit.
 * Runs without a GPU:
 *  - the constants: channel ranges, AMAX, the message cap MCAP from the largest column degree;
 *  - quantisation rule 1 on chosen values (halves round away from zero, NaN is 0, infinities
 *    and huge values saturate to the channel range, int8 -128 with the sign switch becomes
 *    +127);
 *  - the normalisation of rule 3: (m * A15 + 2^14) >> 15 of min(m, CMAX), capped at MCAP;
 *  - the DVB row order: 360-row groups g, g+q, ...;
 *  - decoding: noiseless frames in one iteration; WiMAX at 3 dB nearly always right, for both
 *    formats, both schedules;
 *  - when the cpu-simd backend is built: it follows the same model, so every frame must agree
 *    bit for bit (bits, iterations, parity_ok). */
#include "test_cuda_util.h"
#include "decoder_fixed.h"

static void rules(void)
{
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    cfg.algorithm = LDPC_ALG_NORMALIZED_MIN_SUM; /* (not the defaults: they may change) */
    cfg.nms_alpha = 0.75f;
    ldpc_fixed_params p8, p16;
    ldpc_code *wimax, *dvb13;
    REQUIRE_OK(ldpc_code_create(&wimax, "wimax:2304:1/2"));  /* column degrees <= 6 */
    REQUIRE_OK(ldpc_code_create(&dvb13, "dvbt2:64800:2/3")); /* column degree 13 */
    CHECK(wimax->max_col_degree == 6 && dvb13->max_col_degree == 13);
    cfg.msg_format = LDPC_MSG_I8;
    REQUIRE_OK(ldpc_fixed_params_init(&cfg, wimax, &p8));
    CHECK(p8.cmin == -128 && p8.cmax == 127 && p8.amax == 896 && p8.umax == 65535);
    CHECK(p8.mcap == 127); /* min(127, 768 / 6 = 128) */
    cfg.msg_format = LDPC_MSG_I16;
    REQUIRE_OK(ldpc_fixed_params_init(&cfg, wimax, &p16));
    CHECK(p16.cmin == -8192 && p16.cmax == 8191 && p16.amax == 32767);
    CHECK(p16.mcap == 4095); /* 24575 / 6 */
    CHECK(ldpc_fixed_quantize_f32(&p8, 0.125f) == 1);    /* 0.5 rounds away from zero */
    CHECK(ldpc_fixed_quantize_f32(&p8, -0.125f) == -1);
    CHECK(ldpc_fixed_quantize_f32(&p8, 0.12f) == 0);
    CHECK(ldpc_fixed_quantize_f32(&p8, 1.3f) == 5);      /* 5.2 */
    CHECK(ldpc_fixed_quantize_f32(&p8, NAN) == 0);
    CHECK(ldpc_fixed_quantize_f32(&p8, INFINITY) == 127);
    CHECK(ldpc_fixed_quantize_f32(&p8, -INFINITY) == -128);
    CHECK(ldpc_fixed_quantize_f32(&p8, -40.0f) == -128); /* -160 clamped to the channel range */
    CHECK(ldpc_fixed_quantize_f32(&p16, 3e30f) == 4000);  /* clamped to 1000, times 4 */
    CHECK(ldpc_fixed_quantize_f32(&p16, -0.0f) == 0);
    CHECK(ldpc_fixed_quantize_i8(&p8, -128) == -128);
    CHECK(ldpc_fixed_scale(&p8, 255) == (127 * 24576 + 16384) >> 15); /* alpha 0.75 of CMAX */
    CHECK(ldpc_fixed_scale(&p8, 65535) == ldpc_fixed_scale(&p8, 127)); /* "no minimum" */
    CHECK(ldpc_fixed_scale(&p8, 3) == 2);                /* 2.25 rounds to 2 */
    CHECK(ldpc_fixed_scale(&p8, 2) == 2);                /* 1.5 rounds up */
    CHECK(ldpc_fixed_scale(&p16, 9000) == 4095); /* 0.75 * CMAX = 6143, capped at MCAP */
    CHECK(ldpc_fixed_scale(&p16, 4000) == 3000);
    /* int16 channel values clamp at 14 bits: the model's rule at any scale it is given; the
     * API's scales (<= LDPC_LLR_SCALE_MAX) keep them within LLR_CLAMP x MAX, below the clamp */
    CHECK(LDPC_LLR_SCALE_MAX * LDPC_LLR_CLAMP < 8191.5f);
    cfg.llr_scale = LDPC_LLR_SCALE_MAX;
    REQUIRE_OK(ldpc_fixed_params_init(&cfg, wimax, &p16));
    CHECK(ldpc_fixed_quantize_f32(&p16, 3e30f) == (int)(LDPC_LLR_SCALE_MAX * LDPC_LLR_CLAMP));
    cfg.llr_scale = 16.0f; /* beyond the accepted range, to reach the clamp */
    REQUIRE_OK(ldpc_fixed_params_init(&cfg, wimax, &p16));
    CHECK(ldpc_fixed_quantize_f32(&p16, 999.0f) == 8191);
    CHECK(ldpc_fixed_quantize_f32(&p16, -999.0f) == -8192);
    cfg.llr_scale = 4.0f;
    /* the message cap of a column degree 13 code: int8 768 / 13 = 59, int16 24575 / 13 = 1890 */
    cfg.algorithm = LDPC_ALG_MIN_SUM;
    REQUIRE_OK(ldpc_fixed_params_init(&cfg, dvb13, &p16));
    CHECK(p16.mcap == 1890 && ldpc_fixed_scale(&p16, 5000) == 1890 && ldpc_fixed_scale(&p16, 1000) == 1000);
    cfg.msg_format = LDPC_MSG_I8;
    REQUIRE_OK(ldpc_fixed_params_init(&cfg, dvb13, &p8));
    CHECK(p8.mcap == 59 && ldpc_fixed_scale(&p8, 100) == 59 && ldpc_fixed_scale(&p8, 59) == 59 &&
          ldpc_fixed_scale(&p8, 58) == 58 && ldpc_fixed_scale(&p8, 65535) == 59);
    cfg.algorithm = LDPC_ALG_NORMALIZED_MIN_SUM;
    REQUIRE_OK(ldpc_fixed_params_init(&cfg, dvb13, &p8));
    CHECK(ldpc_fixed_scale(&p8, 78) == 59 && ldpc_fixed_scale(&p8, 77) == 58); /* 58.5 up, 57.75 */
    cfg.llr_positive_is_one = 1;
    REQUIRE_OK(ldpc_fixed_params_init(&cfg, wimax, &p8));
    CHECK(ldpc_fixed_quantize_i8(&p8, -128) == 127);
    CHECK(ldpc_fixed_quantize_i8(&p8, 5) == -5);
    CHECK(ldpc_fixed_quantize_f32(&p8, 2.0f) == -8);
    cfg.llr_positive_is_one = 0;
    cfg.algorithm = LDPC_ALG_OFFSET_MIN_SUM;
    cfg.oms_beta = 0.5f;
    REQUIRE_OK(ldpc_fixed_params_init(&cfg, wimax, &p8));
    CHECK(ldpc_fixed_scale(&p8, 10) == 8 && ldpc_fixed_scale(&p8, 1) == 0);
    /* ldpc_fixed_scale's one form against rule 3's definition by algorithm, every magnitude
     * 0 .. 65535, both formats, alpha and beta over the accepted range and the llr scales */
    {
        const ldpc_algorithm algs[3] = {LDPC_ALG_MIN_SUM, LDPC_ALG_NORMALIZED_MIN_SUM, LDPC_ALG_OFFSET_MIN_SUM};
        const float alphas[6] = {0.5f, 0.625f, 0.75f, 0.8f, 0.875f, 1.0f};
        const float betas[5] = {0.0f, 0.25f, 0.5f, 1.0f, 2.5f};
        const float scales[3] = {1.0f, 2.0f, 4.0f};
        int wrong = 0, cases = 0;
        for (int fi = 0; fi < 2; fi++)
            for (int ai = 0; ai < 3; ai++)
                for (int ki = 0; ki < 6; ki++)
                    for (int si = 0; si < 3; si++) {
                        ldpc_decoder_config c = cfg;
                        c.msg_format = fi ? LDPC_MSG_I16 : LDPC_MSG_I8;
                        c.algorithm = algs[ai];
                        c.nms_alpha = alphas[ki];
                        c.oms_beta = betas[ki % 5];
                        c.llr_scale = scales[si];
                        ldpc_fixed_params p;
                        REQUIRE_OK(ldpc_fixed_params_init(&c, dvb13, &p));
                        for (int mag = 0; mag <= p.umax; mag++) {
                            const int x = mag < p.cmax ? mag : p.cmax;
                            int want = x;
                            if (c.algorithm == LDPC_ALG_NORMALIZED_MIN_SUM)
                                want = (x * p.nms_a15 + 16384) >> 15;
                            else if (c.algorithm == LDPC_ALG_OFFSET_MIN_SUM)
                                want = x > p.oms_b ? x - p.oms_b : 0;
                            want = want < p.mcap ? want : p.mcap;
                            wrong += ldpc_fixed_scale(&p, mag) != want;
                        }
                        cases++;
                    }
        CHECK_MSG(wrong == 0, "ldpc_fixed_scale: %d values differ from rule 3 in %d settings", wrong, cases);
    }
    cfg.algorithm = LDPC_ALG_SUM_PRODUCT;
    CHECK(ldpc_fixed_params_init(&cfg, wimax, &p8) == LDPC_ERR_UNSUPPORTED);
    cfg.algorithm = LDPC_ALG_NORMALIZED_MIN_SUM;
    cfg.msg_format = LDPC_MSG_F32;
    CHECK(ldpc_fixed_params_init(&cfg, wimax, &p8) == LDPC_ERR_UNSUPPORTED);
    cfg.msg_format = LDPC_MSG_I8;
    CHECK(ldpc_fixed_params_init(&cfg, NULL, &p8) == LDPC_ERR_INVALID_ARGUMENT);
    ldpc_code_destroy(wimax);
    ldpc_code_destroy(dvb13);

    ldpc_code *dvb;
    REQUIRE_OK(ldpc_code_create(&dvb, "dvbt2:16200:1/2"));
    const int m = ldpc_code_m(dvb), q = m / 360;
    int *order = malloc((size_t)m * sizeof(int)), *seen = calloc((size_t)m, sizeof(int));
    REQUIRE(order && seen);
    REQUIRE_OK(ldpc_decoder_row_order(dvb, LDPC_ROW_ORDER_GROUPS, order));
    CHECK(order[0] == 0 && order[1] == q && order[359] == 359 * q && order[360] == 1);
    int perm = 1;
    for (int i = 0; i < m; i++)
        perm &= order[i] >= 0 && order[i] < m && !seen[order[i]]++;
    CHECK(perm);
    free(order);
    free(seen);
    ldpc_code_destroy(dvb);
}

static void decoding(const char *name, ldpc_msg_format fmt, ldpc_schedule sch)
{
    ldpc_code *code;
    REQUIRE_OK(ldpc_code_create(&code, name));
    const int n = ldpc_code_n(code), nframes = 60;
    float *llr = malloc((size_t)nframes * n * sizeof(float));
    int8_t *llr8 = malloc((size_t)nframes * n);
    uint8_t *cw = malloc((size_t)nframes * n), *hard = malloc((size_t)n);
    uint8_t *simd_out = malloc((size_t)nframes * n);
    ldpc_frame_status *simd_st = malloc((size_t)nframes * sizeof *simd_st);
    REQUIRE(llr && llr8 && cw && hard && simd_out && simd_st);
    make_frames(code, nframes, 3.0, 31, llr, cw);
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    cfg.msg_format = fmt;
    cfg.schedule = sch;
    cfg.max_iterations = sch == LDPC_SCHEDULE_FLOODING ? 30 : 15;
    ldpc_fixed_model *model;
    REQUIRE_OK(ldpc_fixed_model_create(&model, code, &cfg));

    /* noiseless: one iteration, right */
    float *clean = malloc((size_t)n * sizeof(float));
    REQUIRE(clean);
    for (int j = 0; j < n; j++)
        clean[j] = cw[j] ? -LDPC_NOISELESS_LLR : LDPC_NOISELESS_LLR;
    ldpc_frame_status st;
    REQUIRE_OK(ldpc_fixed_model_decode(model, LDPC_LLR_F32, clean, hard, &st));
    CHECK(st.iterations == 1 && st.parity_ok && memcmp(hard, cw, (size_t)n) == 0);
    free(clean);

    const int have_simd = ldpc_backend_available(LDPC_BACKEND_CPU_SIMD);
    /* 3 dB: the model must decode; 1.5 dB (the waterfall, frames that fail, large messages):
     * only agreement with cpu-simd is checked */
    for (int pass = 0; pass < 4; pass++) {
        const int in8 = pass & 1, hard_snr = pass >= 2;
        if (pass == 2)
            make_frames(code, nframes, 1.5, 32, llr, cw);
        if (pass == 0 || pass == 2)
            quantize_llrs(llr, (size_t)nframes * n, 4.0f, llr8);
        const void *in = in8 ? (const void *)llr8 : (const void *)llr;
        const size_t fb = (size_t)n * (in8 ? 1 : sizeof(float));
        if (have_simd) {
            ldpc_decoder_config c = cfg;
            c.backend = LDPC_BACKEND_CPU_SIMD;
            c.output_bits = LDPC_OUTPUT_CODEWORD;
            REQUIRE_OK(decode_all(code, &c, in8 ? LDPC_LLR_I8 : LDPC_LLR_F32, in, nframes, simd_out, simd_st));
        }
        int right = 0, agree = 0;
        for (int f = 0; f < nframes; f++) {
            REQUIRE_OK(ldpc_fixed_model_decode(model, in8 ? LDPC_LLR_I8 : LDPC_LLR_F32,
                                               (const uint8_t *)in + f * fb, hard, &st));
            right += memcmp(hard, cw + (size_t)f * n, (size_t)n) == 0;
            CHECK(st.iterations >= 1 && st.iterations <= cfg.max_iterations);
            CHECK(st.parity_ok == (ldpc_code_syndrome_weight(code, hard) == 0));
            if (have_simd)
                agree += memcmp(hard, simd_out + (size_t)f * n, (size_t)n) == 0 &&
                         st.iterations == simd_st[f].iterations && st.parity_ok == simd_st[f].parity_ok;
        }
        printf("model %-16s %-3s %-8s %-4s input, %.1f dB: %2d/%d frames right", name,
               fmt == LDPC_MSG_I8 ? "i8" : "i16", ldpc_schedule_name(sch), in8 ? "int8" : "f32",
               hard_snr ? 1.5 : 3.0, right, nframes);
        if (have_simd)
            printf(", cpu-simd agrees on %d/%d", agree, nframes);
        printf("\n");
        if (!hard_snr)
            CHECK(right >= nframes - 1);
        if (have_simd)
            CHECK_MSG(agree == nframes, "cpu-simd differs from the model on %d frames", nframes - agree);
    }
    ldpc_fixed_model_destroy(model);
    free(llr);
    free(llr8);
    free(cw);
    free(hard);
    free(simd_out);
    free(simd_st);
    ldpc_code_destroy(code);
}

int main(void)
{
    rules();
    decoding("wimax:2304:1/2", LDPC_MSG_I8, LDPC_SCHEDULE_LAYERED);
    decoding("wimax:2304:1/2", LDPC_MSG_I16, LDPC_SCHEDULE_LAYERED);
    decoding("wimax:2304:1/2", LDPC_MSG_I8, LDPC_SCHEDULE_FLOODING);
    decoding("wifi:1944:1/2", LDPC_MSG_I16, LDPC_SCHEDULE_FLOODING);
    decoding("dvbt2:16200:1/2", LDPC_MSG_I8, LDPC_SCHEDULE_LAYERED);
    return test_finish("test_cuda_model");
}
