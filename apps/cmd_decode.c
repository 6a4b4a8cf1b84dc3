/* ldpcgpu decode: decode a raw LLR file (float32 or int8, n values per frame) to a bit file,
 * streaming it through the decoder a chunk at a time. */
#include <stdlib.h>
#include <string.h>
#include "app_util.h"
#include "commands.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ldpcgpu decode CODE -i LLR_FILE -o BIT_FILE [options]\n\n"
            "Decode a file of channel LLRs, n values per frame, frame after frame, and write the\n"
            "decoded bits. Prints the backend, frames, parity-check failures (frames the decoder\n"
            "could not make a valid codeword of), average iterations and decoder throughput.\n"
            "A progress line is shown on stderr when it is a terminal.\n\n"
            "LLR sign convention: LLR = ln(P(bit=0) / P(bit=1)), so a positive LLR means 0\n"
            "(DVB, gr-dvbs2rx, and this project's default). GNU Radio's gr-fec uses the opposite\n"
            "sign: give --llr-sign positive-one for its soft bits. NaN LLRs count as erasures\n"
            "(no information); +-Inf and huge values are clamped to +-%g. A frame with no\n"
            "information at all (every LLR 0 or NaN) counts as a parity failure.\n\n"
            "Formats: f32 = native float32 (little-endian on x86), 4*n bytes per frame;\n"
            "i8 = signed bytes holding round(LLR * scale), n bytes per frame. Output bits are\n"
            "unpacked (one 0/1 byte per bit) unless --packed: 8 bits per byte, first bit in the\n"
            "most significant position, each frame starting on a new byte.\n\n"
            "options:\n"
            "  -i, --input FILE       LLRs in (- = standard input)\n"
            "  -o FILE                bits out (- = standard output)\n"
            "  --format f32|i8        LLR format of the input (default f32)\n"
            "  --llr-scale S          i8 input: LLR = value / S (default 4, %g..%g;\n"
            "                         %g..%g for 5G NR BG1 rate >= 1/3 with oms)\n"
            "  --llr-sign SIGN        positive-zero (default) or positive-one (gr-fec)\n"
            "  --output info|codeword k information bits per frame (default) or all n bits\n"
            "  --packed               pack 8 bits per byte (MSB first)\n"
            "  --frames N             decode at most N frames\n\n"
            "Rate-matched 5G NR codes (nr:K:E[:rvR][:qmQ]): each frame is the E LLRs of one\n"
            "transmission as sent (bit-interleaved for Qm, read from the circular buffer at\n"
            "rv's k0); they are placed back into the n = 68 Z / 52 Z code bits (fillers\n"
            "certain, punctured bits 0, repeated bits added) and decoded; --output info writes\n"
            "the K information bits, codeword all n bits of the mother codeword.\n\n"
            "Saturated LLRs: the summary gives the share of input LLRs beyond the int8 range\n"
            "(f32: round(LLR * scale) outside -128..127; i8: values -128, -127 or 127). More\n"
            "than a few percent means the scale is too large for the LLRs' magnitudes.\n",
            (double)LDPC_LLR_CLAMP, (double)LDPC_LLR_SCALE_MIN, (double)LDPC_LLR_SCALE_MAX,
            (double)LDPC_LLR_SCALE_NR_BG1_MIN, (double)LDPC_LLR_SCALE_MAX);
    app_decoder_options_help(f);
}

typedef struct decode_opts {
    const char *code_name, *in_path, *out_path;
    int llr_i8;
    long long max_frames; /* -1 = all */
    ldpc_decoder_config cfg;
    unsigned decoder_set; /* APP_SET_* settings given (the rest: the code's defaults) */
} decode_opts;

/* Returns 0 to go on, -1 after printing help, or an exit code. */
static int parse(int argc, char **argv, decode_opts *o)
{
    static const char *const output_bits[] = {"info", "codeword", NULL};
    int choice = 0;
    memset(o, 0, sizeof *o);
    o->max_frames = -1;
    ldpc_decoder_config_init(&o->cfg);
    app_args a;
    app_args_init(&a, "decode", argc, argv);
    while (a.i < argc && !a.error) {
        const char *w = argv[a.i], *v;
        if (app_is_help(w)) {
            usage(stdout);
            return -1;
        }
        if (app_decoder_option(&a, &o->cfg) || app_opt(&a, "--input", "-i", &o->in_path) ||
            app_opt(&a, "-o", NULL, &o->out_path) ||
            app_opt_llr_type(&a, "--format", &o->llr_i8) ||
            app_opt_choice(&a, "--llr-sign", app_llr_signs, &o->cfg.llr_positive_is_one))
            continue;
        if (app_flag(&a, "--packed")) {
            o->cfg.output_packing = LDPC_OUTPUT_PACKED;
        } else if (app_opt_choice(&a, "--output", output_bits, &choice)) {
            o->cfg.output_bits = (ldpc_output_bits)choice; /* listed in the enum's order */
        } else if (app_opt(&a, "--llr-scale", NULL, &v)) {
            if (!a.error)
                a.error = app_parse_llr_scale("decode", v, &o->cfg.llr_scale);
        } else if (app_opt(&a, "--frames", NULL, &v)) {
            if (!a.error)
                a.error = app_parse_int("decode", "--frames", v, 0, 1LL << 40, &o->max_frames);
        } else if (w[0] != '-' && !o->code_name) {
            o->code_name = w;
            a.i++;
        } else
            app_unknown(&a);
    }
    if (a.error)
        return APP_USAGE;
    if (!o->code_name || !o->in_path || !o->out_path) {
        fprintf(stderr, "ldpcgpu decode: need a CODE, -i LLR_FILE and -o BIT_FILE\n");
        usage(stderr);
        return APP_USAGE;
    }
    o->decoder_set = a.decoder_set;
    return 0;
}

/* A rate-matched 5G NR code's link (nr.h): active when the input frames hold E LLRs. */
typedef struct nr_link {
    int active;
    ldpc_nr_code_params np;
    int positive_one; /* the input's sign: flipped before the rate recovery */
    float scale;      /* i8 input: LLR = value / scale */
    ldpc_output_packing packing; /* what the caller asked; the decoder writes unpacked */
} nr_link;

/* Pack count bits MSB first into dst (ceil(count / 8) bytes). */
static void pack_bits(const uint8_t *bits, int count, uint8_t *dst)
{
    memset(dst, 0, (size_t)(count + 7) / 8);
    for (int i = 0; i < count; i++)
        dst[i / 8] |= (uint8_t)((bits[i] & 1u) << (7 - i % 8));
}

/* The frames' E LLRs (f32 or i8) placed back into n LLRs each (ldpc_nr_rate_recover_f32). */
static int nr_recover(const nr_link *l, const uint8_t *in, int llr_i8, int nf, int n, float *e_buf,
                      float *out)
{
    const int e = l->np.e;
    for (int f = 0; f < nf; f++) {
        for (int i = 0; i < e; i++) {
            float v = llr_i8 ? (float)((const int8_t *)in)[(size_t)f * e + i] / l->scale
                             : ((const float *)in)[(size_t)f * e + i];
            e_buf[i] = l->positive_one ? -v : v;
        }
        float *dst = out + (size_t)f * n;
        memset(dst, 0, sizeof(float) * (size_t)n);
        int st = ldpc_nr_rate_recover_f32(&l->np.cb, l->np.rv, l->np.qm, e, e_buf, dst);
        if (st != LDPC_OK)
            return st;
    }
    return LDPC_OK;
}

typedef struct decode_totals {
    long long frames, parity_failures, iterations;
    long long saturated; /* input LLRs beyond the int8 range (app_count_saturated) */
    double decode_seconds;
} decode_totals;

/* Stream the input through the decoder. Returns an exit code. */
static int decode_stream(const decode_opts *o, ldpc_decoder *dec, const nr_link *nr, FILE *in,
                         FILE *out, decode_totals *t)
{
    const int n = ldpc_code_n(ldpc_decoder_code(dec));
    const int in_values = nr->active ? nr->np.e : n; /* LLRs per input frame */
    const size_t in_frame = (size_t)in_values * (o->llr_i8 ? 1 : sizeof(float));
    const size_t out_frame = (size_t)ldpc_decoder_output_bytes(dec);
    /* NR: the bits written per frame (K information bits or the n codeword bits) */
    const int nr_bits = o->cfg.output_bits == LDPC_OUTPUT_CODEWORD ? n : nr->np.cb.k_prime;
    const size_t nr_out = nr->packing == LDPC_OUTPUT_PACKED ? (size_t)(nr_bits + 7) / 8
                                                             : (size_t)nr_bits;
    /* at least 4 batches per call to keep the backend's slots busy, else about 32 MB */
    const size_t frame_cost = nr->active ? in_frame + (size_t)n * sizeof(float) : in_frame;
    long long chunk = ((size_t)32 << 20) / frame_cost;
    if (chunk < 4LL * ldpc_decoder_batch_frames(dec))
        chunk = 4LL * ldpc_decoder_batch_frames(dec);
    if (chunk < 1)
        chunk = 1;
    uint8_t *llr = malloc((size_t)chunk * in_frame);
    uint8_t *bits = malloc((size_t)chunk * out_frame);
    ldpc_frame_status *status = malloc((size_t)chunk * sizeof *status);
    float *nr_llr = nr->active ? malloc((size_t)chunk * n * sizeof(float)) : NULL;
    float *nr_e = nr->active ? malloc((size_t)in_values * sizeof(float)) : NULL;
    uint8_t *nr_bits_out = nr->active ? malloc((size_t)chunk * nr_out) : NULL;
    int rc = APP_OK;
    if (!llr || !bits || !status || (nr->active && (!nr_llr || !nr_e || !nr_bits_out))) {
        fprintf(stderr, "ldpcgpu decode: out of memory for %lld frames\n", chunk);
        rc = APP_FAILED;
    }
    app_progress progress;
    app_progress_init(&progress);
    while (rc == APP_OK && (o->max_frames < 0 || t->frames < o->max_frames)) {
        long long want = chunk;
        if (o->max_frames >= 0 && o->max_frames - t->frames < want)
            want = o->max_frames - t->frames;
        long long got = app_read_up_to("decode", in, llr, (size_t)want * in_frame, o->in_path);
        if (got < 0) {
            rc = APP_FAILED;
            break;
        }
        int nf = (int)(got / (long long)in_frame);
        if (nf > 0) {
            /* counted outside the timed decode call */
            app_count_saturated(dec, llr, o->llr_i8, (size_t)nf * in_values, &t->saturated);
            int st = LDPC_OK;
            double t0 = app_now();
            if (nr->active) { /* the rate recovery counts as decoding time */
                st = nr_recover(nr, llr, o->llr_i8, nf, n, nr_e, nr_llr);
                if (st == LDPC_OK)
                    st = ldpc_decoder_decode_f32(dec, nr_llr, nf, bits, status);
            } else {
                st = o->llr_i8 ? ldpc_decoder_decode_i8(dec, (const int8_t *)llr, nf, bits, status)
                               : ldpc_decoder_decode_f32(dec, (const float *)llr, nf, bits, status);
            }
            t->decode_seconds += app_now() - t0;
            if (st != LDPC_OK) {
                rc = app_fail("decode", st, "decoding");
                break;
            }
            for (int f = 0; f < nf; f++) {
                t->parity_failures += !status[f].parity_ok;
                t->iterations += status[f].iterations;
            }
            t->frames += nf;
            const uint8_t *write = bits;
            size_t write_frame = out_frame;
            if (nr->active) { /* K of the k information bits (or all n), packed if asked */
                for (int f = 0; f < nf; f++) {
                    const uint8_t *src = bits + (size_t)f * out_frame;
                    uint8_t *dst = nr_bits_out + (size_t)f * nr_out;
                    if (nr->packing == LDPC_OUTPUT_PACKED)
                        pack_bits(src, nr_bits, dst);
                    else
                        memcpy(dst, src, (size_t)nr_bits);
                }
                write = nr_bits_out;
                write_frame = nr_out;
            }
            if (app_write_all("decode", out, write, (size_t)nf * write_frame, o->out_path)) {
                rc = APP_FAILED;
                break;
            }
            app_progress_update(&progress, "ldpcgpu decode: %lld frames, %lld parity failures",
                                t->frames, t->parity_failures);
        }
        if ((size_t)got % in_frame) {
            app_progress_clear(&progress);
            fprintf(stderr,
                    "ldpcgpu decode: %s ends inside a frame: %zu bytes left over (a frame is "
                    "%zu bytes: %d %s LLRs)\n",
                    o->in_path, (size_t)got % in_frame, in_frame, in_values,
                    o->llr_i8 ? "i8" : "f32");
            rc = APP_FAILED;
        }
        if (got < want * (long long)in_frame)
            break; /* end of input */
    }
    app_progress_clear(&progress);
    free(llr);
    free(bits);
    free(status);
    free(nr_llr);
    free(nr_e);
    free(nr_bits_out);
    return rc;
}

int cmd_decode(int argc, char **argv)
{
    decode_opts o;
    int rc = parse(argc, argv, &o);
    if (rc)
        return rc < 0 ? APP_OK : rc;

    ldpc_code *code = NULL;
    ldpc_decoder *dec = NULL;
    FILE *in = NULL, *out = NULL;
    rc = APP_FAILED;
    int st;
    if (app_open_code("decode", o.code_name, &code) != APP_OK)
        goto done;
    app_code_defaults(o.decoder_set, code, &o.cfg);
    if (app_check_llr_scale("decode", o.cfg.llr_scale, code, &o.cfg) != APP_OK) {
        rc = APP_USAGE;
        goto done;
    }
    nr_link nr;
    memset(&nr, 0, sizeof nr);
    ldpc_decoder_config dcfg = o.cfg;
    if (ldpc_code_nr_params(code, &nr.np) == LDPC_OK && nr.np.e > 0) {
        /* the E LLRs are recovered into n float LLRs in this project's sign; the decoder
         * writes unpacked bits, of which K are kept */
        nr.active = 1;
        nr.positive_one = o.cfg.llr_positive_is_one;
        nr.scale = o.cfg.llr_scale;
        nr.packing = o.cfg.output_packing;
        dcfg.llr_positive_is_one = 0;
        dcfg.output_packing = LDPC_OUTPUT_UNPACKED;
    }
    if ((st = ldpc_decoder_create(&dec, code, &dcfg)) != LDPC_OK) {
        app_fail("decode", st, "creating the decoder");
        goto done;
    }
    /* the output must not be the input (opening it for writing would empty it unread) */
    if (!(in = app_open_read("decode", o.in_path)) ||
        !(out = app_open_write_apart("decode", o.out_path, &in, &o.in_path, 1)))
        goto done;

    decode_totals t = {0, 0, 0, 0, 0.0};
    rc = decode_stream(&o, dec, &nr, in, out, &t);
    if (app_close("decode", out, o.out_path))
        rc = APP_FAILED;
    out = NULL;

    /* the summary goes to stdout unless the bits do */
    FILE *report = strcmp(o.out_path, "-") ? stdout : stderr;
    int n = 0, k = 0; /* per frame: n and k, or E and K of a rate-matched NR code */
    ldpc_code_link_bits(code, &k, &n);
    const int out_bits = o.cfg.output_bits == LDPC_OUTPUT_CODEWORD ? ldpc_code_n(code) : k;
    double secs = t.decode_seconds;
    fprintf(report, "code: %s, n=%d k=%d; ", ldpc_code_name(code), n, k);
    ldpc_decoder_print(dec, report);
    fprintf(report,
            "decoded %lld frames: %lld parity failures (%.3e of the frames), %.2f iterations on "
            "average, %.3f s decoding, %.2f Mbps coded, %.2f Mbps %s\n",
            t.frames, t.parity_failures, t.frames ? (double)t.parity_failures / t.frames : 0.0,
            t.frames ? (double)t.iterations / t.frames : 0.0, secs,
            secs > 0 ? t.frames * (double)n / secs / 1e6 : 0.0,
            secs > 0 ? t.frames * (double)out_bits / secs / 1e6 : 0.0,
            o.cfg.output_bits == LDPC_OUTPUT_CODEWORD ? "out" : "info");
    fprintf(report, "saturated LLRs: %lld of %lld (%.3e)\n", t.saturated, t.frames * n,
            t.frames ? (double)t.saturated / ((double)t.frames * n) : 0.0);
done:
    if (in && in != stdin)
        fclose(in);
    if (out && out != stdout)
        fclose(out);
    ldpc_decoder_destroy(dec);
    ldpc_code_destroy(code);
    return rc;
}
