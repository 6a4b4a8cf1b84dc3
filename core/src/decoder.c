/* ldpc_decoder front end: configuration, backend choice, batch slots in submission order,
 * the synchronous decode calls, and the LLR/output helpers shared by backends. */
#include "code_nr.h" /* decode graphs: ldpc_nr_frame_reaches_left_out, ldpc_nr_fill_left_out */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "decoder_internal.h"
#include "decoder_fixed.h" /* ldpc_fixed_params_init: the quantised limits */
#include "llr_rules.h" /* ldpc_llr_clean */
#include "error.h"

void ldpc_decoder_config_init(ldpc_decoder_config *cfg)
{
    if (!cfg)
        return;
    memset(cfg, 0, sizeof *cfg);
    cfg->struct_size = (uint32_t)sizeof *cfg;
    cfg->backend = LDPC_BACKEND_AUTO;
    /* Measured at the iterations users run (docs/quality.md, "Defaults"): 25 iterations, as
     * gr-dvbs2rx, where DVB codes need them (at 10 the long codes lose about 0.2 dB; early stop
     * keeps the average near what decoded frames need, so only failing frames cost more).
     * Offset min-sum with beta 0.25 is the one offset that holds on every DVB rate: 0.5 gains
     * on DVB 64800 r1/2 and r3/5 but fails the low rates (1/4, 1/3, 2/5; DVB-T2 16200 1/4).
     * The families and codes where 0.5 was measured better take it below
     * (ldpc_decoder_config_init_family / _code). Alpha 0.875 is the best normalized min-sum
     * factor. */
    cfg->algorithm = LDPC_ALG_OFFSET_MIN_SUM;
    cfg->schedule = LDPC_SCHEDULE_LAYERED;
    cfg->msg_format = LDPC_MSG_F32;
    cfg->max_iterations = 25;
    cfg->early_termination = 1;
    cfg->nms_alpha = 0.875f;
    cfg->oms_beta = 0.25f;
    cfg->llr_scale = 4.0f;
    cfg->output_bits = LDPC_OUTPUT_INFO;
    cfg->output_packing = LDPC_OUTPUT_UNPACKED;
    cfg->fallback_to_cpu = 1;
}

void ldpc_decoder_config_init_family(ldpc_decoder_config *cfg, ldpc_family family)
{
    ldpc_decoder_config_init(cfg);
    if (!cfg)
        return;
    /* NR (docs/quality.md, "5G NR"): float FER 1e-2 crossings on nr:8448:16896 (BG1) and
     * nr:3000:9000 (BG2), layered: beta 0.5 beats 0.25 by 0.23 / 0.21 dB at 10 iterations and
     * 0.38 / 0.44 dB at 25, and nms 0.75 / 0.8 by 0.15 - 0.42 dB; plain min-sum never reaches
     * 1e-2 in the range measured. Unlike DVB's low rates, where 0.5 fails, NR's hold it:
     * nr:1000:5000 (rate 1/5) gains about 0.4 dB at 10 and 25 iterations, nr:8000:8800 (rate
     * 0.91) is level or better.
     * WiMAX and WiFi (docs/quality.md, "WiMAX and WiFi"): on every code measured (WiMAX 2304
     * r1/2, 2/3A, 3/4A, 5/6, 576 r1/2; WiFi 1944 and 648 r1/2, 5/6) 0.5 reaches FER 1e-2 0.03 -
     * 0.10 dB and 1e-3 0.04 - 0.12 dB before 0.25, at 10 and at 25 iterations, float and
     * int8/int16 messages alike (these within 0.04 dB of float), and has no more frame errors
     * than 0.25 at any point below FER 0.5. */
    if (family == LDPC_FAMILY_NR || family == LDPC_FAMILY_WIMAX || family == LDPC_FAMILY_WIFI) {
        cfg->algorithm = LDPC_ALG_OFFSET_MIN_SUM;
        cfg->oms_beta = 0.5f;
    }
}

/* DVB codes where offset 0.5 beats the family's 0.25 at 25 iterations (docs/quality.md,
 * "Defaults": FER 0.087 against 0.67 at Eb/N0 1.0 dB on 64800 r1/2, about 0.1 dB; about
 * 0.2 dB on r3/5). Elsewhere in DVB 0.5 loses (1/4, 1/3, 2/5 and DVB-T2 16200 1/4 fail where
 * 0.25 decodes; 64800 2/3 about 0.05 dB) or changes nothing measurable. DVB-T2's 64800 codes of
 * these rates are DVB-S2's. */
static int dvb_offset_half(const char *name)
{
    static const char *const codes[] = {"dvbs2:64800:1/2", "dvbt2:64800:1/2", "dvbs2:64800:3/5",
                                        "dvbt2:64800:3/5"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        if (!strcmp(name, codes[i]))
            return 1;
    return 0;
}

void ldpc_decoder_config_init_code(ldpc_decoder_config *cfg, const ldpc_code *code)
{
    if (!code) {
        ldpc_decoder_config_init(cfg);
        return;
    }
    ldpc_decoder_config_init_family(cfg, code->family);
    if (cfg && code->family == LDPC_FAMILY_DVB && dvb_offset_half(code->name))
        cfg->oms_beta = 0.5f;
}

/* Every llr_scale lies in (0, LLR_SCALE_LIMIT) (decoder.h); quantised ones in
 * ldpc_llr_scale_range (llr_scale.c), checked where the code is known. */
#define LLR_SCALE_LIMIT 1e6f

static int check_config(const ldpc_decoder_config *c)
{
    if ((unsigned)c->backend > LDPC_BACKEND_CUDA)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "unknown backend %d", (int)c->backend);
    if ((unsigned)c->algorithm > LDPC_ALG_SUM_PRODUCT)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "unknown algorithm %d", (int)c->algorithm);
    if ((unsigned)c->schedule > LDPC_SCHEDULE_FLOODING)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "unknown schedule %d", (int)c->schedule);
    if ((unsigned)c->msg_format > LDPC_MSG_I16)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "unknown message format %d",
                          (int)c->msg_format);
    if ((unsigned)c->row_order > LDPC_ROW_ORDER_PACKED)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "unknown row order %d", (int)c->row_order);
    if (c->max_iterations < 1 || c->max_iterations > 10000)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "max_iterations %d outside 1..10000",
                          c->max_iterations);
    if (!(c->nms_alpha > 0.0f && c->nms_alpha <= 1.0f))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "nms_alpha must be in (0, 1]");
    if (!(c->oms_beta >= 0.0f && c->oms_beta < 100.0f))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "oms_beta must be in [0, 100)");
    if (!(c->llr_scale > 0.0f && c->llr_scale < LLR_SCALE_LIMIT))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "llr_scale %g is outside (0, %g) (quantised LLRs and messages need "
                          "ldpc_llr_scale_range's, at most %g..%g)",
                          (double)c->llr_scale, (double)LLR_SCALE_LIMIT,
                          (double)LDPC_LLR_SCALE_NR_BG1_MIN, (double)LDPC_LLR_SCALE_MAX);
    if ((unsigned)c->output_bits > LDPC_OUTPUT_CODEWORD ||
        (unsigned)c->output_packing > LDPC_OUTPUT_PACKED)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "unknown output format");
    if (c->batch_frames < 0 || c->batch_frames > (1 << 20) || c->batches_in_flight < 0 ||
        c->batches_in_flight > 1024 || c->num_streams < 0 || c->num_streams > 64 ||
        c->num_threads < 0 || c->num_threads > 1024)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "batch_frames, batches_in_flight, num_streams or num_threads out of range");
    if ((unsigned)c->input_rate_matched > 1)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "input_rate_matched must be 0 or 1");
    if (c->harq_buffers < 0 || c->harq_buffers > (1 << 20))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "harq_buffers %d outside 0..%d", c->harq_buffers, 1 << 20);
    if (c->harq_buffers > 0 && !c->input_rate_matched)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "harq_buffers: HARQ combining needs input_rate_matched (frames of the E "
                          "LLRs received)");
    if (c->num_devices < 0 || c->num_devices > LDPC_MAX_DEVICES)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "num_devices %d outside 0..%d",
                          c->num_devices, LDPC_MAX_DEVICES);
    /* checked whatever the backend: a configuration that works on the CPU must not fail only
     * once a GPU is present */
    for (int i = 0; i < c->num_devices; i++)
        if (c->devices[i] < 0)
            return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "devices[%d] = %d: device ids are >= 0",
                              i, c->devices[i]);
    return LDPC_OK;
}

/* The llr_scale range of integer messages (ldpc_llr_scale_check), and two limits of the
 * quantised decoders inside it that depend on the code and the algorithm (decoder.h, "The llr_scale range"; docs/quality.md, "Known limits"):
 *  - offset min-sum subtracts round(oms_beta * llr_scale) units, i.e. an offset that is a
 *    multiple of 1 / llr_scale. Off by more than LDPC_OMS_OFFSET_SLACK from oms_beta the
 *    decoder is another decoder: beta 0.25 at scale 6 becomes 0.33, +0.16 dB on
 *    dvbs2:16200:1/4 at 50 iterations, where 0.2 (scale 5, 0.05 off) costs 0.05 - 0.09;
 *  - int8 messages are capped at MCAP = min(127, 768 / max column degree) units, MCAP /
 *    llr_scale in LLR; below LDPC_I8_MESSAGE_MIN_LLR the loss passes 0.1 dB (degree 21-24
 *    DVB-S2X codes at scale 8, 4 - 4.6 LLR: +0.11 - 0.17 dB; degree 12 at scale 10, 6.4 LLR:
 *    +0.21 dB), while degree 13 at 8 (7.4 LLR) costs nothing measurable. */
#define LDPC_OMS_OFFSET_SLACK 0.05
#define LDPC_I8_MESSAGE_MIN_LLR 7.0
#define LDPC_NR_NMS_ALPHA_MIN 0.8

/* Whether the integer offset of c (oms_b units at c's llr_scale) is within the slack of oms_beta. */
static int oms_offset_fits(const ldpc_decoder_config *c, const ldpc_fixed_params *p)
{
    return fabs(p->oms_b / (double)c->llr_scale - (double)c->oms_beta) <=
           LDPC_OMS_OFFSET_SLACK + 1e-6;
}

/* The whole llr_scale values of the accepted range where c's oms_beta fits (e.g. "4, 6, 8" for
 * beta 0.5), for the message of a scale that does not; "none" if no whole scale does. */
static void oms_fitting_scales(const ldpc_decoder_config *c, const ldpc_code *code, char *buf,
                               size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    float lo = LDPC_LLR_SCALE_MIN, hi = LDPC_LLR_SCALE_MAX; /* the code's range (llr_scale.c) */
    if (ldpc_llr_scale_range(code, c, &lo, &hi) != LDPC_OK) {
        lo = LDPC_LLR_SCALE_MIN;
        hi = LDPC_LLR_SCALE_MAX;
    }
    for (int s = (int)ceilf(lo); s <= (int)hi; s++) {
        ldpc_decoder_config t = *c;
        ldpc_fixed_params p;
        t.llr_scale = (float)s;
        if (ldpc_fixed_params_init(&t, code, &p) == LDPC_OK && oms_offset_fits(&t, &p) &&
            used + 8 < size)
            used += (size_t)snprintf(buf + used, size - used, "%s%d", used ? ", " : "", s);
    }
    if (!used)
        snprintf(buf, size, "none");
}

static int check_quantised_limits(const ldpc_decoder_config *c, const ldpc_code *code)
{
    ldpc_fixed_params p;
    if (c->msg_format == LDPC_MSG_F32)
        return LDPC_OK;
    if (ldpc_llr_scale_check(c->llr_scale, code, c) != LDPC_OK)
        return LDPC_ERR_INVALID_ARGUMENT;
    if (ldpc_fixed_params_init(c, code, &p) != LDPC_OK)
        return LDPC_OK; /* no fixed-point decoder (sum-product): refused where it is made */
    const char *fmt = c->msg_format == LDPC_MSG_I8 ? "int8" : "int16";
    const double scale = c->llr_scale, offset = p.oms_b / scale;
    if (c->algorithm == LDPC_ALG_OFFSET_MIN_SUM && !oms_offset_fits(c, &p)) {
        char fits[64];
        oms_fitting_scales(c, code, fits, sizeof fits);
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "oms_beta %g at llr_scale %g: %s messages subtract %d / %g = %.3f, more "
                          "than %g from oms_beta, which costs more than 0.1 dB on some codes; choose "
                          "llr_scale so that oms_beta * llr_scale is near an integer (whole scales "
                          "that fit beta %g: %s), or float messages",
                          (double)c->oms_beta, scale, fmt, p.oms_b, scale, offset,
                          LDPC_OMS_OFFSET_SLACK, (double)c->oms_beta, fits);
    }
    /* 5G NR, normalized min-sum with integer messages (docs/quality.md, "5G NR"): alpha 0.75
     * loses 0.13 - 0.17 dB to float with int8 (base graph 2) and with int16 messages (base graph
     * 1, where the int8 cap plays no part); alpha 0.8 stays within 0.1 dB. Below that: refused. */
    if (code->family == LDPC_FAMILY_NR && c->algorithm == LDPC_ALG_NORMALIZED_MIN_SUM &&
        c->nms_alpha < LDPC_NR_NMS_ALPHA_MIN - 1e-6f)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "nms alpha %g with %s messages on %s: on 5G NR codes normalized min-sum "
                          "below alpha %g loses more than 0.1 dB to float; use offset min-sum "
                          "(the NR default, beta 0.5), alpha >= %g, or float messages",
                          (double)c->nms_alpha, fmt, code->name, LDPC_NR_NMS_ALPHA_MIN,
                          LDPC_NR_NMS_ALPHA_MIN);
    if (c->msg_format == LDPC_MSG_I8 && p.mcap / scale < LDPC_I8_MESSAGE_MIN_LLR) {
        const double top = p.mcap / LDPC_I8_MESSAGE_MIN_LLR; /* the largest scale that fits */
        float lo, hi;
        ldpc_llr_scale_range(code, c, &lo, &hi);
        char fix[160];
        if (top >= lo)
            snprintf(fix, sizeof fix, "use llr_scale %g..%.2f%s, or int16 messages", (double)lo,
                     top, c->algorithm == LDPC_ALG_OFFSET_MIN_SUM
                              ? " where oms_beta * llr_scale is near an integer"
                              : "");
        else
            snprintf(fix, sizeof fix, "no llr_scale in %g..%g fits with %s: use int16 messages%s",
                     (double)lo, (double)hi, ldpc_algorithm_name(c->algorithm),
                     code->family == LDPC_FAMILY_NR ? ", or offset min-sum (it takes a lower "
                                                      "llr_scale on NR codes)"
                                                    : "");
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "int8 messages on %s (column degree up to %d) hold at most %d units = "
                          "%.1f LLR at llr_scale %g, under the %g LLR they need to stay within "
                          "0.1 dB of float; %s",
                          code->name, code->max_col_degree, p.mcap, p.mcap / scale, scale,
                          LDPC_I8_MESSAGE_MIN_LLR, fix);
    }
    return LDPC_OK;
}

/* Why the cuda backend cannot take cfg for code (a setting its kernels do not implement, or
 * run at a hundredth of their speed), or NULL. */
static const char *cuda_cannot(const ldpc_decoder_config *cfg, const ldpc_code *code)
{
    /* the table kernel checks the CRC between iterations; the generic kernel (flooding,
     * sum-product) does not */
    if (cfg->early_stop_crc != LDPC_CRC_STOP_NONE &&
        (cfg->schedule != LDPC_SCHEDULE_LAYERED || cfg->algorithm == LDPC_ALG_SUM_PRODUCT))
        return "CRC-aided early stop on the cuda backend needs the layered min-sum decoders "
               "(elsewhere it stops on H*c = 0 only)";
    /* in H's order each DVB row shares a parity column with the next: layers of one row, m
     * of them an iteration (DVB-T2 16200 r1/2 float 6.39 -> 0.05 Gb/s on an H100) */
    if (cfg->row_order == LDPC_ROW_ORDER_H && cfg->schedule == LDPC_SCHEDULE_LAYERED &&
        code->family == LDPC_FAMILY_DVB)
        return "row order h runs a DVB code one row a layer on the cuda backend (use groups, wide, "
               "narrow, wide-by-degree, wide-128, wide-64 or packed)";
    return NULL;
}

/* Pick the backend ops for the configuration; may fall back from cuda to the CPU. */
static int choose_backend(ldpc_decoder_config *cfg, const ldpc_code *code,
                          const ldpc_backend_ops **ops)
{
    const ldpc_backend_ops *cuda = ldpc_backend_cuda_ops();
    const ldpc_backend_ops *simd = ldpc_backend_cpu_simd_ops();
    const ldpc_backend_ops *cpu = simd ? simd : &ldpc_backend_cpu_reference;
    const char *why = cuda_cannot(cfg, code);
    if (why && cfg->backend == LDPC_BACKEND_CUDA) {
        /* refused whether or not a GPU is present: a configuration does not fail only once
         * a GPU is there */
        if (!cfg->fallback_to_cpu)
            return ldpc_error(LDPC_ERR_UNSUPPORTED, "%s", why);
        fprintf(stderr, "ldpcgpu: %s; falling back to the %s backend\n", why, cpu->name);
        *ops = cpu;
        return LDPC_OK;
    }
    if (why && cfg->backend == LDPC_BACKEND_AUTO) {
        if (cuda && ldpc_cuda_device_count() > 0)
            fprintf(stderr, "ldpcgpu: %s; using the %s backend\n", why, cpu->name);
        *ops = cpu;
        return LDPC_OK;
    }
    switch (cfg->backend) {
    case LDPC_BACKEND_CPU_REFERENCE:
        *ops = &ldpc_backend_cpu_reference;
        return LDPC_OK;
    case LDPC_BACKEND_CPU_SIMD:
        if (!simd)
            return ldpc_error(LDPC_ERR_UNSUPPORTED, "the cpu-simd backend is not in this build");
        *ops = simd;
        return LDPC_OK;
    case LDPC_BACKEND_CUDA:
        if (cuda && ldpc_cuda_device_count() > 0) {
            *ops = cuda;
            return LDPC_OK;
        }
        if (!cfg->fallback_to_cpu)
            return ldpc_error(cuda ? LDPC_ERR_NO_DEVICE : LDPC_ERR_UNSUPPORTED,
                              cuda ? "no usable CUDA device" : "this build has no CUDA backend");
        fprintf(stderr, "ldpcgpu: %s; falling back to the %s backend\n",
                cuda ? "no usable CUDA device" : "this build has no CUDA backend", cpu->name);
        *ops = cpu;
        return LDPC_OK;
    default: /* auto */
        *ops = (cuda && ldpc_cuda_device_count() > 0) ? cuda : cpu;
        return LDPC_OK;
    }
}

static int output_bytes_for(const ldpc_code *code, const ldpc_decoder_config *cfg)
{
    int bits = cfg->output_bits == LDPC_OUTPUT_CODEWORD ? code->n : code->k;
    return cfg->output_packing == LDPC_OUTPUT_PACKED ? (bits + 7) / 8 : bits;
}

static void free_batches(ldpc_decoder *dec)
{
    if (!dec->batches)
        return;
    for (int i = 0; i < dec->nbatches; i++) {
        dec->ops->free_batch(dec, &dec->batches[i]);
        free(dec->batches[i].harq);
    }
    free(dec->batches);
    dec->batches = NULL;
}

void ldpc_decoder_destroy(ldpc_decoder *dec)
{
    if (!dec)
        return;
    if (dec->ops) {
        /* let in-flight work finish before its buffers go away */
        for (int i = 0; i < dec->fifo_count; i++) {
            ldpc_batch *b = &dec->batches[dec->fifo[(dec->fifo_head + i) % dec->nbatches]];
            if (b->result == LDPC_OK && !b->twin)
                dec->ops->wait(dec, b, 1);
        }
        free_batches(dec);
        if (dec->backend_state)
            dec->ops->destroy(dec);
    }
    ldpc_decoder_destroy(dec->whole);
    ldpc_decoder_destroy(dec->graph);
    ldpc_decoder_destroy(dec->graph_n);
    free(dec->fifo);
    ldpc_nr_recover_free(&dec->rm);
    for (int rv = 0; rv < 4; rv++)
        ldpc_nr_recover_free(&dec->rm_rv[rv]);
    free(dec->rm_scratch);
    free(dec->harq);
    free(dec->harq_stamp);
    free(dec);
}

int ldpc_decoder_frame_llrs(const ldpc_decoder *dec) { return dec ? dec->frame_llrs : 0; }

int ldpc_decoder_staging_llrs(const ldpc_decoder *dec)
{
    return dec->frame_llrs > dec->code->n ? dec->frame_llrs : dec->code->n;
}

/* input_rate_matched: the code's gather (nr_recover.h), for the front end and the backends */
static int setup_rate_matched(ldpc_decoder *dec)
{
    const ldpc_code *c = dec->user_code; /* the code the caller named (its nr parameters) */
    dec->frame_llrs = c->n;
    if (!dec->cfg.input_rate_matched)
        return LDPC_OK;
    if (c->family != LDPC_FAMILY_NR || c->nr.e <= 0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "input_rate_matched: %s is not a rate-matched 5G NR code (\"nr:K:E\"): its "
                          "frames are its n = %d code bits",
                          c->name, c->n);
    int st = ldpc_nr_recover_init(&dec->rm, &c->nr.cb, c->nr.rv, c->nr.qm, c->nr.e);
    if (st != LDPC_OK)
        return st;
    if (dec->rm.n != c->n)
        return ldpc_error(LDPC_ERR_UNSUPPORTED, "input_rate_matched: %s: n %d but the code block has %d",
                          c->name, c->n, dec->rm.n);
    dec->rm_scratch = malloc((size_t)c->n * sizeof(float));
    if (!dec->rm_scratch)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "decoder: out of memory");
    dec->frame_llrs = c->nr.e;
    /* HARQ: a frame names its own rv (the code's E and Qm) */
    for (int rv = 0; rv < 4 && dec->cfg.harq_buffers > 0; rv++)
        if ((st = ldpc_nr_recover_init(&dec->rm_rv[rv], &c->nr.cb, rv, c->nr.qm, c->nr.e)) != LDPC_OK)
            return st;
    if (dec->cfg.harq_buffers > 0 &&
        !(dec->harq_stamp = calloc((size_t)dec->cfg.harq_buffers, sizeof *dec->harq_stamp)))
        return ldpc_error(LDPC_ERR_NO_MEMORY, "decoder: out of memory");
    return LDPC_OK;
}

/* The front end's rate recovery for backends without their own (rate_matched_input 0): the
 * batch's frames of E LLRs become frames of n, in place, the frames taken last to first (n >
 * E) resp. first to last (n < E), so that a frame's output only covers inputs already used,
 * except possibly its own: a frame whose output overlaps its own input (the first few when
 * n > E) is built in scratch and copied, the others are recovered straight into place. With
 * HARQ buffers a frame is recovered with its own rv and added into its buffer (nr_recover.h,
 * ldpc_nr_harq_add), whose values it then decodes. */
static void recover_in_batch(ldpc_decoder *dec, ldpc_batch *b)
{
    const int n = dec->rm.n, e = dec->rm.e;
    const int i8 = b->llr_type == LDPC_LLR_I8;
    const size_t size = i8 ? 1 : sizeof(float);
    const float filler_f = ldpc_nr_filler_f32(dec->cfg.llr_positive_is_one);
    const int8_t filler_i8 = ldpc_nr_filler_i8(dec->cfg.llr_positive_is_one);
    for (int k = 0; k < b->nframes; k++) {
        const int f = n > e ? b->nframes - 1 - k : k;
        const ldpc_harq_frame *h = b->harq ? &b->harq[f] : NULL;
        const ldpc_nr_recover *r = h ? &dec->rm_rv[h->rv] : &dec->rm;
        float *buf = h && h->buffer >= 0 ? dec->harq + (size_t)h->buffer * n : NULL;
        const size_t in_at = (size_t)f * e, out_at = (size_t)f * n;
        const int overlaps = out_at < in_at + (size_t)e && in_at < out_at + (size_t)n;
        char *out = (char *)b->llr + out_at * size;
        void *dst = overlaps ? (void *)dec->rm_scratch : (void *)out;
        if (i8) {
            int8_t *tmp = dst;
            ldpc_nr_recover_frame_i8(r, (const int8_t *)b->llr + in_at, tmp, filler_i8);
            for (int j = 0; buf && j < n; j++) {
                buf[j] = ldpc_nr_harq_add(h->first ? 0.0f : buf[j], r->first[j], (float)tmp[j]);
                tmp[j] = ldpc_nr_harq_i8(buf[j]);
            }
        } else {
            float *tmp = dst;
            ldpc_nr_recover_frame_f32(r, (const float *)b->llr + in_at, tmp, filler_f);
            for (int j = 0; buf && j < n; j++)
                tmp[j] = buf[j] = ldpc_nr_harq_add(h->first ? 0.0f : buf[j], r->first[j], tmp[j]);
        }
        if (overlaps)
            memcpy(out, dst, (size_t)n * size);
    }
}

/* A batch's HARQ entries are valid (buffer, rv, first in their domains; no buffer named twice:
 * its frames would be combined in no defined order). */
static int check_harq_frames(ldpc_decoder *dec, const ldpc_harq_frame *harq, int nframes)
{
    if (!harq)
        return LDPC_OK;
    const int nb = dec->cfg.harq_buffers;
    if (++dec->harq_seq <= 0) { /* wrapped: the stamps start again */
        memset(dec->harq_stamp, 0, (size_t)nb * sizeof *dec->harq_stamp);
        dec->harq_seq = 1;
    }
    for (int f = 0; f < nframes; f++) {
        const ldpc_harq_frame *h = &harq[f];
        if (h->buffer < -1 || h->buffer >= nb || h->rv < 0 || h->rv > 3 || (unsigned)h->first > 1)
            return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                              "frame %d's HARQ entry {buffer %d, rv %d, first %d}: buffer "
                              "-1..%d, rv 0..3, first 0 or 1",
                              f, h->buffer, h->rv, h->first, nb - 1);
        if (h->buffer < 0)
            continue;
        if (dec->harq_stamp[h->buffer] == dec->harq_seq)
            return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                              "HARQ buffer %d named by two frames of one batch or call", h->buffer);
        dec->harq_stamp[h->buffer] = dec->harq_seq;
    }
    return LDPC_OK;
}

static int create_with_ops(ldpc_decoder *dec, const ldpc_backend_ops *ops)
{
    dec->ops = ops;
    dec->batch_frames = dec->cfg.batch_frames;
    int st = ops->init(dec);
    if (st != LDPC_OK) {
        dec->ops = NULL;
        return st;
    }
    if (dec->batch_frames <= 0)
        dec->batch_frames = 1;
    /* default: 4 slots, 4 per GPU when the cuda backend spreads batches over several */
    const int gpus = ops == ldpc_backend_cuda_ops() && dec->cfg.num_devices > 1 ? dec->cfg.num_devices : 1;
    dec->nbatches = dec->cfg.batches_in_flight > 0 ? dec->cfg.batches_in_flight : 4 * gpus;
    dec->batches = calloc((size_t)dec->nbatches, sizeof(ldpc_batch));
    dec->fifo = malloc((size_t)dec->nbatches * sizeof(int));
    if (!dec->batches || !dec->fifo)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "decoder: out of memory");
    for (int i = 0; i < dec->nbatches; i++) {
        ldpc_batch *b = &dec->batches[i];
        b->index = i;
        b->capacity = dec->batch_frames;
        st = ops->alloc_batch(dec, b);
        if (st != LDPC_OK)
            return st;
        if (dec->cfg.harq_buffers > 0 && !(b->harq = malloc((size_t)b->capacity * sizeof *b->harq)))
            return ldpc_error(LDPC_ERR_NO_MEMORY, "decoder: out of memory"); /* set at acquire */
    }
    /* HARQ buffers where the front end recovers (the cuda backend keeps its own on the GPU) */
    if (dec->cfg.harq_buffers > 0 && !ops->rate_matched_input &&
        !(dec->harq = calloc((size_t)dec->cfg.harq_buffers * dec->user_code->n, sizeof(float))))
        return ldpc_error(LDPC_ERR_NO_MEMORY, "decoder: out of memory (%d HARQ buffers)",
                          dec->cfg.harq_buffers);
    return LDPC_OK;
}

/* A decoder of code whose backend runs graph (the code itself, or its decode graph). */
static int create_decoder(ldpc_decoder **out, const ldpc_code *code, const ldpc_code *graph,
                          const ldpc_decoder_config *cfg)
{
    ldpc_decoder *dec = calloc(1, sizeof *dec);
    if (!dec)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "decoder: out of memory");
    ldpc_decoder_config_init_code(&dec->cfg, code);
    if (cfg) {
        /* a caller built against an older, shorter layout: its fields, our defaults after */
        if (cfg->struct_size < offsetof(ldpc_decoder_config, num_threads) + sizeof(int) ||
            cfg->struct_size > sizeof *cfg) {
            free(dec);
            return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                              "ldpc_decoder_create: config struct_size %u: initialise the config "
                              "with ldpc_decoder_config_init",
                              (unsigned)cfg->struct_size);
        }
        memcpy(&dec->cfg, cfg, cfg->struct_size);
        dec->cfg.struct_size = (uint32_t)sizeof dec->cfg;
    }
    /* HARQ buffers reach the rows of every rv they hold: the whole H */
    if (dec->cfg.harq_buffers > 0)
        graph = code;
    dec->code = graph;
    dec->user_code = code;
    int st = check_config(&dec->cfg);
    if (st == LDPC_OK)
        /* the code's limits, not its decode graph's: a batch that reaches the rows the graph
         * leaves out is decoded on the whole H (submit_twin), which must take the settings too */
        st = check_quantised_limits(&dec->cfg, code);
    if (st == LDPC_OK)
        st = setup_rate_matched(dec);
    if (st == LDPC_OK)
        st = ldpc_crc_stop_rule_init(&dec->crc_stop, &dec->cfg, code);
    const ldpc_backend_ops *ops = NULL;
    if (st == LDPC_OK)
        st = choose_backend(&dec->cfg, code, &ops);
    if (st == LDPC_OK) {
        dec->output_bytes = output_bytes_for(code, &dec->cfg);
        st = create_with_ops(dec, ops);
        /* a GPU that is present but unusable (out of memory, bad device id) also falls back */
        if (st != LDPC_OK && ops == ldpc_backend_cuda_ops() && dec->cfg.fallback_to_cpu) {
            fprintf(stderr, "ldpcgpu: cuda backend failed (%s); falling back to the CPU\n",
                    ldpc_last_error());
            ldpc_decoder *keep = dec;
            dec = calloc(1, sizeof *dec);
            if (!dec) {
                ldpc_decoder_destroy(keep);
                return ldpc_error(LDPC_ERR_NO_MEMORY, "decoder: out of memory");
            }
            dec->cfg = keep->cfg;
            dec->crc_stop = keep->crc_stop;
            dec->code = graph;
            dec->user_code = code;
            /* the rate recovery's gather moves to the new decoder */
            dec->frame_llrs = keep->frame_llrs;
            dec->rm = keep->rm;
            dec->rm_scratch = keep->rm_scratch;
            keep->rm.first = NULL;
            keep->rm.runs = NULL;
            keep->rm_scratch = NULL;
            for (int rv = 0; rv < 4; rv++) {
                dec->rm_rv[rv] = keep->rm_rv[rv];
                keep->rm_rv[rv].first = NULL;
                keep->rm_rv[rv].runs = NULL;
            }
            dec->harq_stamp = keep->harq_stamp;
            keep->harq_stamp = NULL;
            dec->output_bytes = keep->output_bytes;
            ldpc_decoder_destroy(keep);
            const ldpc_backend_ops *simd = ldpc_backend_cpu_simd_ops();
            st = create_with_ops(dec, simd ? simd : &ldpc_backend_cpu_reference);
        }
    }
    if (st != LDPC_OK) {
        ldpc_decoder_destroy(dec);
        return st;
    }
    *out = dec;
    return LDPC_OK;
}

int ldpc_decoder_create(ldpc_decoder **out, const ldpc_code *code, const ldpc_decoder_config *cfg)
{
    if (!out || !code)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_decoder_create: NULL argument");
    *out = NULL;
    /* the backends run the code's decode graph where it has one (a rate-matched NR code
     * without the rows no transmitted bit reaches, code_internal.h); the front end fills the
     * left-out bits of codeword output (fill_left_out_bits) and sends frames that hold values
     * in the left-out columns to a decoder of the whole H (submit_twin) */
    return create_decoder(out, code, code->decode_graph ? code->decode_graph : code, cfg);
}

const char *ldpc_decoder_backend_name(const ldpc_decoder *dec)
{
    return dec && dec->ops ? dec->ops->name : "";
}
const ldpc_decoder_config *ldpc_decoder_config_get(const ldpc_decoder *dec)
{
    return dec ? &dec->cfg : NULL;
}
const ldpc_code *ldpc_decoder_code(const ldpc_decoder *dec)
{
    return dec ? dec->user_code : NULL;
}
int ldpc_decoder_output_bytes(const ldpc_decoder *dec)
{
    return dec ? dec->output_bytes : LDPC_ERR_INVALID_ARGUMENT;
}
int ldpc_decoder_batch_frames(const ldpc_decoder *dec)
{
    return dec ? dec->batch_frames : LDPC_ERR_INVALID_ARGUMENT;
}

int ldpc_decoder_set_max_iterations(ldpc_decoder *dec, int it)
{
    if (!dec || it < 1 || it > 10000)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "max_iterations must be in 1..10000");
    dec->cfg.max_iterations = it;
    return LDPC_OK;
}

int ldpc_decoder_set_early_termination(ldpc_decoder *dec, int enabled)
{
    if (!dec)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "NULL decoder");
    dec->cfg.early_termination = enabled ? 1 : 0;
    return LDPC_OK;
}

/* ---- asynchronous batches ---- */

static int decode_sync(ldpc_decoder *dec, const void *llr, const ldpc_harq_frame *harq,
                       ldpc_llr_type type, int nframes, uint8_t *out, ldpc_frame_status *status);

int ldpc_decoder_acquire(ldpc_decoder *dec, ldpc_batch **batch)
{
    if (!dec || !batch)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_decoder_acquire: NULL argument");
    for (int i = 0; i < dec->nbatches; i++)
        if (dec->batches[i].state == BATCH_FREE) {
            dec->batches[i].state = BATCH_FILLING;
            dec->batches[i].nframes = 0;
            dec->batches[i].user = 0;
            /* HARQ entries start as "no buffer" each time: a frame never adds into a buffer
             * because an earlier batch of the slot named it */
            for (int f = 0; dec->batches[i].harq && f < dec->batches[i].capacity; f++)
                dec->batches[i].harq[f] = (ldpc_harq_frame){-1, dec->user_code->nr.rv, 0};
            *batch = &dec->batches[i];
            return LDPC_OK;
        }
    /* the normal state of a full pipeline, polled often: no message, like collect's AGAIN */
    *batch = NULL;
    return LDPC_ERR_BUSY;
}

float *ldpc_batch_llr_f32(ldpc_batch *b) { return b ? (float *)b->llr : NULL; }
int8_t *ldpc_batch_llr_i8(ldpc_batch *b) { return b ? (int8_t *)b->llr : NULL; }
int ldpc_batch_frames(const ldpc_batch *b) { return b ? b->nframes : 0; }
const uint8_t *ldpc_batch_output(const ldpc_batch *b) { return b ? b->out : NULL; }
const ldpc_frame_status *ldpc_batch_status(const ldpc_batch *b) { return b ? b->status : NULL; }
void ldpc_batch_set_user(ldpc_batch *b, uint64_t user)
{
    if (b)
        b->user = user;
}
uint64_t ldpc_batch_user(const ldpc_batch *b) { return b ? b->user : 0; }
ldpc_harq_frame *ldpc_batch_harq(ldpc_batch *b) { return b ? b->harq : NULL; }
int ldpc_decoder_in_flight(const ldpc_decoder *dec) { return dec ? dec->fifo_count : 0; }

static void mark_failed(ldpc_decoder *dec, ldpc_batch *b)
{
    memset(b->out, 0, (size_t)b->nframes * dec->output_bytes);
    for (int f = 0; f < b->nframes; f++) {
        b->status[f].iterations = 0;
        b->status[f].parity_ok = 0;
    }
}

/* Whether b is one of dec's slots: compared as addresses (a pointer into the middle of a slot
 * is refused before any of its fields is read, which would be a misaligned access). */
static int is_slot(const ldpc_decoder *dec, const ldpc_batch *b)
{
    if (!dec || !b || !dec->batches)
        return 0;
    const uintptr_t first = (uintptr_t)dec->batches, p = (uintptr_t)b;
    return p >= first && (p - first) % sizeof *b == 0 &&
           (p - first) / sizeof *b < (uintptr_t)dec->nbatches;
}

/* Frames that hold values in the columns a decode graph leaves out (e.g. a HARQ buffer that
 * combines other redundancy versions, given to the decoder of one) would lose them: such a
 * batch is decoded whole, on the code's full H, by a second decoder made on first need (the
 * twin, submit_twin). A value is one the float decoders would not read as 0 (NaN and +-0
 * are 0); a few integer decoders would read a tiny one as 0 too, so the test errs on the safe
 * side. */
static int reaches_left_out(const ldpc_decoder *dec, const ldpc_batch *b)
{
    const ldpc_code *c = dec->user_code;
    const int i8 = b->llr_type == LDPC_LLR_I8;
    const size_t frame = (size_t)c->n * (i8 ? 1 : sizeof(float));
    for (int f = 0; f < b->nframes; f++)
        if (ldpc_nr_frame_reaches_left_out(c, (const uint8_t *)b->llr + (size_t)f * frame, i8))
            return 1;
    return 0;
}

/* The twin decodes asynchronously, like the decoder itself: the batch's frames are copied into
 * one of the twin's batches and submitted there; collect takes them back in order (the twin's
 * queue holds this decoder's whole-H batches in their order). The twin has this decoder's
 * batch size and as many slots, so a slot is free for every batch in flight here. */
static int submit_twin(ldpc_decoder *dec, ldpc_decoder **twin, const ldpc_code *graph, int rate_matched,
                       ldpc_batch *b)
{
    if (!*twin) {
        ldpc_decoder_config cfg = dec->cfg;
        cfg.batch_frames = dec->batch_frames;
        cfg.batches_in_flight = dec->nbatches;
        cfg.harq_buffers = 0; /* the twins of a decoder with buffers decode frames alone */
        cfg.input_rate_matched = rate_matched;
        int st = create_decoder(twin, dec->user_code, graph, &cfg);
        if (st != LDPC_OK)
            return st;
    }
    ldpc_batch *wb;
    int st = ldpc_decoder_acquire(*twin, &wb);
    if (st != LDPC_OK)
        return st;
    const size_t frame_values = rate_matched ? (size_t)dec->frame_llrs : (size_t)dec->user_code->n;
    const size_t frame = frame_values * (b->llr_type == LDPC_LLR_I8 ? 1 : sizeof(float));
    memcpy(wb->llr, b->llr, (size_t)b->nframes * frame);
    st = ldpc_decoder_submit(*twin, wb, b->nframes, b->llr_type);
    if (st != LDPC_OK) /* refused before it entered the twin's queue */
        ldpc_decoder_release(*twin, wb);
    else
        b->twin = *twin;
    return st;
}

/* b's frames back from its twin (see submit_twin): LDPC_ERR_AGAIN while they decode and wait
 * is 0, else the twin's status for them, their bits and statuses in b. */
static int collect_twin(ldpc_batch *b, int output_bytes, int wait)
{
    ldpc_batch *wb;
    int st = ldpc_decoder_collect(b->twin, &wb, wait);
    if (st == LDPC_ERR_AGAIN)
        return st;
    if (!wb)
        return st != LDPC_OK ? st : ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "collect: the twin's batch is missing");
    memcpy(b->out, ldpc_batch_output(wb), (size_t)b->nframes * output_bytes);
    memcpy(b->status, ldpc_batch_status(wb), (size_t)b->nframes * sizeof *b->status);
    ldpc_decoder_release(b->twin, wb);
    return st;
}

/* A decoder with HARQ buffers runs the whole H (a buffer reaches the rows of every rv it
 * holds). A batch in which no frame names a buffer and every frame has the code's own rv is
 * what a decoder without buffers decodes on the code's decode graph (the rows its rv reaches:
 * code_internal.h): it goes to such a twin (dec->graph), made on first need, and decodes as a
 * decoder without buffers does. Measured (CPU, GNU Radio stream decoder): frames without
 * entries on a decoder with buffers took 1.7 - 2.2x the time of a decoder without. */
static int plain_frames(const ldpc_decoder *dec, const ldpc_batch *b)
{
    if (!b->harq || !dec->user_code->decode_graph || dec->code == dec->user_code->decode_graph)
        return 0;
    for (int f = 0; f < b->nframes; f++)
        if (b->harq[f].buffer >= 0 || b->harq[f].rv != dec->user_code->nr.rv)
            return 0;
    return 1;
}

int ldpc_decoder_submit(ldpc_decoder *dec, ldpc_batch *b, int nframes, ldpc_llr_type type)
{
    if (!is_slot(dec, b))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "submit: not a batch of this decoder");
    if (b->state != BATCH_FILLING)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "submit: batch was not acquired");
    if (nframes < 1 || nframes > b->capacity)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "submit: %d frames, batch holds 1..%d",
                          nframes, b->capacity);
    if (type != LDPC_LLR_F32 && type != LDPC_LLR_I8)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "submit: unknown LLR type %d", (int)type);
    if (type == LDPC_LLR_I8 &&
        ldpc_llr_scale_check(dec->cfg.llr_scale, dec->code, &dec->cfg) != LDPC_OK)
        return LDPC_ERR_INVALID_ARGUMENT;
    b->nframes = nframes;
    b->llr_type = type;
    if (check_harq_frames(dec, b->harq, nframes) != LDPC_OK)
        return LDPC_ERR_INVALID_ARGUMENT;
    b->twin = NULL;
    if (plain_frames(dec, b)) { /* before any recovery: the twin recovers its own frames */
        b->result = submit_twin(dec, &dec->graph, dec->user_code->decode_graph, 1, b);
    } else {
        int recovered = 0;
        if (dec->cfg.input_rate_matched && !dec->ops->rate_matched_input) {
            recover_in_batch(dec, b);
            recovered = 1;
        }
        const ldpc_code *graph = dec->user_code->decode_graph;
        /* frames of E received LLRs never reach a left-out row (the decode graph is the rows
         * they reach); frames of n LLRs may (e.g. a buffer combining several rvs) */
        if (!dec->cfg.input_rate_matched && dec->code != dec->user_code && reaches_left_out(dec, b))
            b->result = submit_twin(dec, &dec->whole, dec->user_code, 0, b);
        /* buffers combined in the front end (CPU backends) that so far hold only values the
         * decode graph reads (a first transmission with the code's rv, a repetition of it):
         * the recovered frames decode there, as frames of n LLRs decode on a decoder without
         * buffers */
        else if (recovered && b->harq && graph && dec->code != graph && !reaches_left_out(dec, b))
            b->result = submit_twin(dec, &dec->graph_n, graph, 0, b);
        else
            b->result = dec->ops->submit(dec, b);
    }
    /* a batch that failed to start still enters the queue, so it comes back in order */
    if (b->result != LDPC_OK)
        mark_failed(dec, b);
    b->state = BATCH_SUBMITTED;
    dec->fifo[(dec->fifo_head + dec->fifo_count) % dec->nbatches] = b->index;
    dec->fifo_count++;
    return LDPC_OK;
}

/* Codeword output of a code whose decoders leave rows out (code_internal.h, decode_graph):
 * completed frame by frame (ldpc_nr_fill_left_out), so that it satisfies the whole H. */
static void fill_left_out_bits(const ldpc_decoder *dec, ldpc_batch *b)
{
    const ldpc_code *c = dec->user_code;
    if (dec->code == c || dec->cfg.output_bits != LDPC_OUTPUT_CODEWORD)
        return; /* the backend ran the whole H (no decode graph, or the whole-H twin) */
    const int packed = dec->cfg.output_packing == LDPC_OUTPUT_PACKED;
    for (int f = 0; f < b->nframes; f++)
        ldpc_nr_fill_left_out(c, b->out + (size_t)f * dec->output_bytes, packed);
}

int ldpc_decoder_collect(ldpc_decoder *dec, ldpc_batch **batch, int wait)
{
    if (!dec || !batch)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "collect: NULL argument");
    *batch = NULL;
    if (dec->fifo_count == 0)
        return LDPC_ERR_EMPTY;
    ldpc_batch *b = &dec->batches[dec->fifo[dec->fifo_head]];
    if (b->result == LDPC_OK) {
        int st = b->twin ? collect_twin(b, dec->output_bytes, wait) : dec->ops->wait(dec, b, wait);
        if (st == LDPC_ERR_AGAIN)
            return LDPC_ERR_AGAIN;
        if (st != LDPC_OK) {
            b->result = st;
            mark_failed(dec, b);
        } else if (!b->twin) {
            fill_left_out_bits(dec, b);
        }
    }
    dec->fifo_head = (dec->fifo_head + 1) % dec->nbatches;
    dec->fifo_count--;
    b->state = BATCH_COLLECTED;
    *batch = b;
    return b->result;
}

int ldpc_decoder_release(ldpc_decoder *dec, ldpc_batch *b)
{
    if (!is_slot(dec, b))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "release: not a batch of this decoder");
    if (b->state == BATCH_SUBMITTED)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "release: batch is in flight; collect it");
    b->state = BATCH_FREE;
    return LDPC_OK;
}

/* ---- synchronous decode on top of the batches ---- */

/* harq: NULL, or nframes entries for a decoder with HARQ buffers (NULL there: every frame
 * alone, with the code's rv) */
static int decode_sync(ldpc_decoder *dec, const void *llr, const ldpc_harq_frame *harq,
                       ldpc_llr_type type, int nframes, uint8_t *out, ldpc_frame_status *status)
{
    if (!dec || (!llr && nframes > 0) || (!out && nframes > 0) || nframes < 0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "decode: NULL argument or nframes < 0");
    if (harq && dec->cfg.harq_buffers <= 0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "decode: HARQ entries for a decoder without "
                                                     "harq_buffers");
    if (dec->fifo_count)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "decode: batches are in flight; collect them before a synchronous call");
    /* what submit would refuse, refused before any batch is taken */
    if (type == LDPC_LLR_I8 &&
        ldpc_llr_scale_check(dec->cfg.llr_scale, dec->code, &dec->cfg) != LDPC_OK)
        return LDPC_ERR_INVALID_ARGUMENT;
    if (check_harq_frames(dec, harq, nframes) != LDPC_OK)
        return LDPC_ERR_INVALID_ARGUMENT;
    const size_t in_frame = (size_t)dec->frame_llrs * (type == LDPC_LLR_F32 ? sizeof(float) : 1);
    const size_t out_frame = (size_t)dec->output_bytes;
    int first_error = LDPC_OK;
    int next_in = 0, next_out = 0;
    while (next_out < nframes) {
        /* keep every slot busy: submit while there is input and a free slot */
        ldpc_batch *b;
        while (next_in < nframes && ldpc_decoder_acquire(dec, &b) == LDPC_OK) {
            int f = nframes - next_in < dec->batch_frames ? nframes - next_in : dec->batch_frames;
            memcpy(b->llr, (const uint8_t *)llr + (size_t)next_in * in_frame, (size_t)f * in_frame);
            if (harq) /* else the entries acquire set: every frame alone */
                memcpy(b->harq, harq + next_in, (size_t)f * sizeof *harq);
            ldpc_decoder_submit(dec, b, f, type);
            next_in += f;
        }
        if (dec->fifo_count == 0) /* no slot free and none in flight: the caller holds them */
            return ldpc_error(LDPC_ERR_BUSY,
                              "decode: every batch slot is acquired and not submitted; release "
                              "them before a synchronous call");
        int st = ldpc_decoder_collect(dec, &b, 1);
        if (!b)
            return st;
        if (st != LDPC_OK && first_error == LDPC_OK)
            first_error = st;
        memcpy(out + (size_t)next_out * out_frame, b->out, (size_t)b->nframes * out_frame);
        if (status)
            memcpy(status + next_out, b->status, (size_t)b->nframes * sizeof *status);
        next_out += b->nframes;
        ldpc_decoder_release(dec, b);
    }
    return first_error;
}

int ldpc_decoder_decode_f32(ldpc_decoder *dec, const float *llr, int nframes, uint8_t *out,
                            ldpc_frame_status *status)
{
    return decode_sync(dec, llr, NULL, LDPC_LLR_F32, nframes, out, status);
}

int ldpc_decoder_decode_harq_f32(ldpc_decoder *dec, const float *llr, const ldpc_harq_frame *harq,
                                 int nframes, uint8_t *out, ldpc_frame_status *status)
{
    if (!harq && nframes > 0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "decode_harq: NULL HARQ entries");
    return decode_sync(dec, llr, harq, LDPC_LLR_F32, nframes, out, status);
}

int ldpc_decoder_decode_harq_i8(ldpc_decoder *dec, const int8_t *llr, const ldpc_harq_frame *harq,
                                int nframes, uint8_t *out, ldpc_frame_status *status)
{
    if (!harq && nframes > 0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "decode_harq: NULL HARQ entries");
    return decode_sync(dec, llr, harq, LDPC_LLR_I8, nframes, out, status);
}

int ldpc_decoder_harq_read(ldpc_decoder *dec, int buffer, float *out)
{
    if (!dec || !out)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "harq_read: NULL argument");
    if (buffer < 0 || buffer >= dec->cfg.harq_buffers)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "harq_read: buffer %d outside 0..%d", buffer,
                          dec->cfg.harq_buffers - 1);
    if (dec->fifo_count)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "harq_read: batches are in flight; collect them first");
    if (dec->ops->rate_matched_input)
        return dec->ops->harq_read(dec, buffer, out);
    memcpy(out, dec->harq + (size_t)buffer * dec->user_code->n, (size_t)dec->user_code->n * sizeof(float));
    return LDPC_OK;
}

int ldpc_decoder_decode_i8(ldpc_decoder *dec, const int8_t *llr, int nframes, uint8_t *out,
                           ldpc_frame_status *status)
{
    return decode_sync(dec, llr, NULL, LDPC_LLR_I8, nframes, out, status);
}

/* ---- helpers for backends ---- */

void ldpc_llr_to_float(const ldpc_decoder_config *cfg, ldpc_llr_type type, const void *in,
                       int count, float *out)
{
    const float sign = cfg->llr_positive_is_one ? -1.0f : 1.0f;
    if (type == LDPC_LLR_I8) {
        const int8_t *q = in;
        const float s = sign / cfg->llr_scale;
        for (int i = 0; i < count; i++)
            out[i] = (float)q[i] * s;
        return;
    }
    const float *x = in;
    for (int i = 0; i < count; i++) {
        out[i] = ldpc_llr_clean(x[i] * sign);
    }
}

void ldpc_format_output(const ldpc_decoder *dec, const uint8_t *hard, uint8_t *out)
{
    const ldpc_code *c = dec->code;
    const int all = dec->cfg.output_bits == LDPC_OUTPUT_CODEWORD;
    const int nbits = all ? c->n : c->k;
    const int *pos = (all || c->info_is_prefix) ? NULL : c->info_pos;
    if (dec->cfg.output_packing == LDPC_OUTPUT_UNPACKED) {
        if (!pos)
            memcpy(out, hard, (size_t)nbits);
        else
            for (int i = 0; i < nbits; i++)
                out[i] = hard[pos[i]];
        return;
    }
    memset(out, 0, (size_t)(nbits + 7) / 8);
    for (int i = 0; i < nbits; i++) {
        int bit = hard[pos ? pos[i] : i] & 1;
        out[i >> 3] |= (uint8_t)(bit << (7 - (i & 7)));
    }
}

int ldpc_backend_available(ldpc_backend b)
{
    switch (b) {
    case LDPC_BACKEND_AUTO:
    case LDPC_BACKEND_CPU_REFERENCE: return 1;
    case LDPC_BACKEND_CPU_SIMD: return ldpc_backend_cpu_simd_ops() != NULL;
    case LDPC_BACKEND_CUDA: return ldpc_backend_cuda_ops() != NULL && ldpc_cuda_device_count() > 0;
    default: return 0;
    }
}

ldpc_backend ldpc_decoder_backend(const ldpc_decoder *dec)
{
    if (!dec || !dec->ops)
        return LDPC_BACKEND_AUTO;
    if (dec->ops == &ldpc_backend_cpu_reference)
        return LDPC_BACKEND_CPU_REFERENCE;
    return dec->ops == ldpc_backend_cpu_simd_ops() ? LDPC_BACKEND_CPU_SIMD : LDPC_BACKEND_CUDA;
}

int ldpc_decoder_batch_slots(const ldpc_decoder *dec)
{
    return dec ? dec->nbatches : LDPC_ERR_INVALID_ARGUMENT;
}

void ldpc_decoder_print(const ldpc_decoder *dec, FILE *f)
{
    if (!dec || !f)
        return;
    const ldpc_decoder_config *c = &dec->cfg;
    fprintf(f, "decoder: %s backend", ldpc_decoder_backend_name(dec));
    int lanes = 0;
    const char *isa = ldpc_simd_decoder_isa(dec, &lanes);
    if (isa)
        fprintf(f, " (%s kernel, %d frames a vector)", isa, lanes);
    fprintf(f, ", %s", ldpc_algorithm_name(c->algorithm));
    if (c->algorithm == LDPC_ALG_NORMALIZED_MIN_SUM)
        fprintf(f, " (alpha %.3g)", c->nms_alpha);
    else if (c->algorithm == LDPC_ALG_OFFSET_MIN_SUM)
        fprintf(f, " (beta %.3g)", c->oms_beta);
    fprintf(f, ", %s, %s messages", ldpc_schedule_name(c->schedule),
            ldpc_msg_format_name(c->msg_format));
    if (c->msg_format != LDPC_MSG_F32)
        fprintf(f, " (llr_scale %g)", c->llr_scale);
    if (dec->code->family == LDPC_FAMILY_DVB && c->schedule == LDPC_SCHEDULE_LAYERED) {
        ldpc_backend b = LDPC_BACKEND_CPU_SIMD;
        (void)ldpc_backend_from_string(ldpc_decoder_backend_name(dec), &b);
        fprintf(f, ", rows %s", ldpc_row_order_name(ldpc_row_order_of(dec->code, c, b)));
    }
    fprintf(f, ", at most %d iterations, early stop %s", c->max_iterations,
            c->early_termination ? "on" : "off");
    if (c->early_stop_crc != LDPC_CRC_STOP_NONE)
        fprintf(f, " (H*c = 0 or %s over %d bits)", ldpc_crc_stop_name(c->early_stop_crc),
                dec->crc_stop.nbits);
    if (c->input_rate_matched)
        fprintf(f, ", frames of %d received LLRs", dec->frame_llrs);
    if (c->harq_buffers > 0)
        fprintf(f, ", %d HARQ buffers", c->harq_buffers);
    fprintf(f, ", %d frames per batch x %d slots\n", dec->batch_frames, dec->nbatches);
}
