/* ldpcgpu encode: encode random or given information bits; optionally also write the BPSK/AWGN
 * channel LLRs of the codewords, ready for 'ldpcgpu decode'. */
#include <stdlib.h>
#include <string.h>
#include "app_util.h"
#include "commands.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ldpcgpu encode CODE -o CODEWORDS.u8 [--input INFO.u8 | --frames N --seed S]\n"
            "                      [--info-out INFO.u8] [--llr-out LLR [--ebn0 DB] ...]\n\n"
            "Encode frames systematically. Bits are unpacked: one bit per byte (0 or 1; only the\n"
            "lowest bit of an input byte counts). Each frame reads k bytes and writes n bytes.\n"
            "For the standard codes the information bits are c[0..k-1] of the codeword; for\n"
            "alist codes they sit at the non-pivot columns of H (ldpcgpu info CODE).\n\n"
            "options:\n"
            "  -o FILE              codewords out, n bytes per frame (- = standard output)\n"
            "  -i, --input FILE     information bits in, k bytes per frame (default: random\n"
            "                       bits from the seeded generator)\n"
            "  --frames N           frames to encode (default 1, or all of --input)\n"
            "  --seed S             seed of the random bits and of the noise (default 1):\n"
            "                       frame j is `ldpcgpu simulate --seed S`'s frame j\n"
            "  --info-out FILE      also write the information bits encoded (k bytes per frame)\n"
            "  --llr-out FILE       also write channel LLRs of the codewords sent as BPSK\n"
            "                       (0 -> +1, 1 -> -1) over AWGN: n values per frame\n"
            "  --ebn0 DB            Eb/N0 of that channel in dB (default: no noise, LLR +-%g)\n"
            "  --modulation M       with --ebn0: bpsk (default), qpsk, 16qam, 64qam, 256qam,\n"
            "                       as simulate sends them (same seed, same frames)\n"
            "  --demapper D         exact (default) or max-log LLRs of 16/64/256-QAM\n"
            "  --llr-format F       f32 (float32, default) or i8 (round(LLR * scale), saturated)\n"
            "  --llr-scale S        scale of i8 LLRs (default 4, %g..%g;\n"
            "                       %g..%g for 5G NR BG1 rate >= 1/3 with oms)\n"
            "  --llr-sign SIGN      positive-zero (default: LLR = ln P(0)/P(1)) or positive-one\n"
            "                       (gr-fec's convention)\n\n"
            "Rate-matched 5G NR codes (nr:K:E[:rvR][:qmQ]): each frame reads K bytes and writes\n"
            "the E bits sent (the K bits and zero fillers encoded, read from the circular\n"
            "buffer at rv's k0, interleaved for Qm); --info-out writes K bytes, --llr-out the\n"
            "noiseless LLRs of the E bits ('ldpcgpu decode' takes them; for noisy frames use\n"
            "'ldpcgpu simulate').\n",
            (double)LDPC_NOISELESS_LLR, (double)LDPC_LLR_SCALE_MIN, (double)LDPC_LLR_SCALE_MAX,
            (double)LDPC_LLR_SCALE_NR_BG1_MIN, (double)LDPC_LLR_SCALE_MAX);
}

typedef struct encode_opts {
    const char *code_name, *out_path, *in_path, *info_path, *llr_path;
    long long frames; /* -1 = default */
    uint64_t seed;
    int have_ebn0;
    double ebn0;
    ldpc_modulation modulation;
    ldpc_demap_method demapper;
    int llr_i8, positive_one;
    float llr_scale;
} encode_opts;

static int parse(int argc, char **argv, encode_opts *o)
{
    memset(o, 0, sizeof *o);
    o->frames = -1;
    o->seed = 1;
    o->llr_scale = 4.0;
    app_args a;
    app_args_init(&a, "encode", argc, argv);
    while (a.i < argc && !a.error) {
        const char *w = argv[a.i], *v;
        if (app_is_help(w)) {
            usage(stdout);
            return -1;
        }
        if (app_opt(&a, "-o", NULL, &o->out_path) || app_opt(&a, "--input", "-i", &o->in_path) ||
            app_opt(&a, "--info-out", NULL, &o->info_path) ||
            app_opt(&a, "--llr-out", NULL, &o->llr_path) ||
            app_opt_llr_type(&a, "--llr-format", &o->llr_i8) ||
            app_opt_choice(&a, "--llr-sign", app_llr_signs, &o->positive_one))
            continue;
        if (app_opt(&a, "--frames", NULL, &v)) {
            if (!a.error)
                a.error = app_parse_int("encode", "--frames", v, 0, 1LL << 40, &o->frames);
        } else if (app_opt(&a, "--seed", NULL, &v)) {
            if (!a.error)
                a.error = app_parse_u64("encode", "--seed", v, &o->seed);
        } else if (app_opt(&a, "--ebn0", NULL, &v)) {
            o->have_ebn0 = 1;
            if (!a.error)
                a.error = app_parse_double("encode", "--ebn0", v, -50.0, 100.0, &o->ebn0);
        } else if (app_opt(&a, "--llr-scale", NULL, &v)) {
            if (!a.error)
                a.error = app_parse_llr_scale("encode", v, &o->llr_scale);
        } else if (app_opt_modem(&a, &o->modulation, &o->demapper)) {
        } else if (w[0] != '-' && !o->code_name) {
            o->code_name = w;
            a.i++;
        } else
            app_unknown(&a);
    }
    if (a.error)
        return APP_USAGE;
    if (!o->code_name || !o->out_path) {
        fprintf(stderr, "ldpcgpu encode: need a CODE and -o FILE\n");
        usage(stderr);
        return APP_USAGE;
    }
    return 0;
}

/* Everything one run holds: the code, the encoder, buffers for one chunk, the open files. */
typedef struct encode_run {
    ldpc_code *code;
    ldpc_encoder *enc;
    uint8_t *info, *cw;
    uint8_t *tx;  /* rate-matched NR code: the E bits sent per frame (NULL otherwise) */
    uint8_t *kin; /* ... and the K information bits read per frame */
    ldpc_nr_code_params np;
    float *llr;
    int8_t *llr_i8;
    FILE *in, *out, *info_out, *llr_out;
} encode_run;

/* Frames per chunk: about 4 MB of codewords (or of NR's rate-matched frames, if longer) at a
 * time, whatever the code. */
static int chunk_frames(const ldpc_code *code)
{
    int n = ldpc_code_n(code), e = 0;
    ldpc_code_link_bits(code, NULL, &e);
    if (e > n)
        n = e;
    return n > (1 << 22) ? 1 : (1 << 22) / n;
}

static void run_free(encode_run *r)
{
    if (r->in && r->in != stdin)
        fclose(r->in);
    /* output files were closed (and checked) by the caller when all went well */
    if (r->out && r->out != stdout)
        fclose(r->out);
    if (r->info_out && r->info_out != stdout)
        fclose(r->info_out);
    if (r->llr_out && r->llr_out != stdout)
        fclose(r->llr_out);
    free(r->info);
    free(r->cw);
    free(r->tx);
    free(r->kin);
    free(r->llr);
    free(r->llr_i8);
    ldpc_encoder_destroy(r->enc);
    ldpc_code_destroy(r->code);
}

static int encode_all(encode_run *r, const encode_opts *o)
{
    const int n = ldpc_code_n(r->code), k = ldpc_code_k(r->code);
    const int chunk = chunk_frames(r->code);
    /* per frame in and out: k and n, or K and E of a rate-matched NR code */
    int k_in = k, n_out = n;
    ldpc_code_link_bits(r->code, &k_in, &n_out);
    uint8_t *in_bits = r->tx ? r->kin : r->info, *out_bits = r->tx ? r->tx : r->cw;
    const long long want = o->frames >= 0 ? o->frames : (o->in_path ? -1 : 1);
    /* random bits and the noise: the simulator's frames 0, 1, ... of the seed (sim.h), so the
     * LLRs written are the frames `ldpcgpu simulate --seed` decodes at that Eb/N0 */
    ldpc_sim_config sc;
    ldpc_sim_config_init(&sc);
    sc.seed = o->seed;
    sc.modulation = o->modulation;
    sc.demapper = o->demapper;

    long long done = 0;
    while (want < 0 || done < want) {
        int nf = chunk;
        if (want >= 0 && want - done < nf)
            nf = (int)(want - done);
        if (r->in) {
            long long got =
                app_read_up_to("encode", r->in, in_bits, (size_t)nf * k_in, o->in_path);
            if (got < 0)
                return APP_FAILED;
            if (got % k_in) {
                fprintf(stderr,
                        "ldpcgpu encode: %s ends inside a frame (%lld bytes left, k=%d per "
                        "frame)\n",
                        o->in_path, got % k_in, k_in);
                return APP_FAILED;
            }
            nf = (int)(got / k_in);
            if (nf == 0) {
                if (want >= 0) {
                    fprintf(stderr, "ldpcgpu encode: %s holds only %lld frames, %lld asked\n",
                            o->in_path, done, want);
                    return APP_FAILED;
                }
                break;
            }
            for (size_t i = 0; i < (size_t)nf * k_in; i++)
                in_bits[i] &= 1u;
            if (r->tx) /* NR: K bits and zero fillers per frame */
                for (int f = 0; f < nf; f++) {
                    memcpy(r->info + (size_t)f * k, r->kin + (size_t)f * k_in, (size_t)k_in);
                    memset(r->info + (size_t)f * k + k_in, 0, (size_t)(k - k_in));
                }
        } else {
            int st = ldpc_sim_info_bits(r->code, &sc, (uint64_t)done, nf, r->info);
            if (st != LDPC_OK)
                return app_fail("encode", st, "making the information bits");
            if (r->tx) /* NR: the K bits of each frame (the fillers are zeros) */
                for (int f = 0; f < nf; f++)
                    memcpy(r->kin + (size_t)f * k_in, r->info + (size_t)f * k, (size_t)k_in);
        }
        int st = ldpc_encoder_encode(r->enc, r->info, r->cw, nf);
        if (st != LDPC_OK)
            return app_fail("encode", st, "encoding");
        for (int f = 0; r->tx && f < nf; f++) {
            st = ldpc_nr_rate_match(&r->np.cb, r->np.rv, r->np.qm, n_out, r->cw + (size_t)f * n,
                                    r->tx + (size_t)f * n_out);
            if (st != LDPC_OK)
                return app_fail("encode", st, "rate matching");
        }
        if (app_write_all("encode", r->out, out_bits, (size_t)nf * n_out, o->out_path))
            return APP_FAILED;
        if (r->info_out &&
            app_write_all("encode", r->info_out, in_bits, (size_t)nf * k_in, o->info_path))
            return APP_FAILED;
        if (r->llr_out) {
            size_t count = (size_t)nf * n_out;
            if (o->have_ebn0) {
                st = ldpc_sim_channel_llrs(r->code, &sc, o->ebn0, (uint64_t)done, nf, r->cw,
                                           r->llr);
                if (st != LDPC_OK)
                    return app_fail("encode", st, "the channel");
            } else { /* no noise: the sure LLRs */
                for (size_t i = 0; i < count; i++)
                    r->llr[i] = (out_bits[i] & 1) ? -LDPC_NOISELESS_LLR : LDPC_NOISELESS_LLR;
            }
            if (o->positive_one)
                for (size_t i = 0; i < count; i++)
                    r->llr[i] = -r->llr[i];
            const void *buf = r->llr;
            size_t bytes = count * sizeof(float);
            if (o->llr_i8) {
                ldpc_llr_quantize_i8(r->llr, count, o->llr_scale, r->llr_i8);
                buf = r->llr_i8;
                bytes = count;
            }
            if (app_write_all("encode", r->llr_out, buf, bytes, o->llr_path))
                return APP_FAILED;
        }
        done += nf;
    }
    fprintf(stderr, "ldpcgpu encode: %lld frames of %s (n=%d, k=%d)%s\n", done,
            ldpc_code_name(r->code), n_out, k_in, r->in ? "" : ", random information bits");
    return APP_OK;
}

/* Open the input and the outputs. Each output must be apart from the files opened before it
 * (the same file would be emptied unread, or hold two outputs mixed). Returns non-zero after
 * printing why. */
static int open_files(encode_run *r, const encode_opts *o)
{
    FILE *opened[3] = {NULL, NULL, NULL};
    const char *const paths[3] = {o->in_path, o->out_path, o->info_path};
    if (o->in_path && !(r->in = app_open_read("encode", o->in_path)))
        return 1;
    opened[0] = r->in;
    if (!(r->out = app_open_write_apart("encode", o->out_path, opened, paths, 1)))
        return 1;
    opened[1] = r->out;
    if (o->info_path &&
        !(r->info_out = app_open_write_apart("encode", o->info_path, opened, paths, 2)))
        return 1;
    opened[2] = r->info_out;
    if (o->llr_path &&
        !(r->llr_out = app_open_write_apart("encode", o->llr_path, opened, paths, 3)))
        return 1;
    return 0;
}

int cmd_encode(int argc, char **argv)
{
    encode_opts o;
    int rc = parse(argc, argv, &o);
    if (rc)
        return rc < 0 ? APP_OK : rc;

    encode_run r;
    memset(&r, 0, sizeof r);
    if (app_open_code("encode", o.code_name, &r.code) != APP_OK)
        return APP_FAILED;
    /* the LLRs are for the code's default decoder */
    if (app_check_llr_scale("encode", o.llr_scale, r.code, NULL) != APP_OK) {
        run_free(&r);
        return APP_USAGE;
    }
    int st = ldpc_encoder_create(&r.enc, r.code);
    if (st != LDPC_OK) {
        rc = app_fail("encode", st, "creating the encoder");
        run_free(&r);
        return rc;
    }
    const int n = ldpc_code_n(r.code), k = ldpc_code_k(r.code);
    const size_t chunk = (size_t)chunk_frames(r.code);
    r.info = malloc(chunk * k);
    r.cw = malloc(chunk * n);
    int nr = ldpc_code_nr_params(r.code, &r.np) == LDPC_OK && r.np.e > 0;
    if (nr && o.have_ebn0) {
        fprintf(stderr, "ldpcgpu encode: --ebn0 with a rate-matched 5G NR code: the encoder "
                        "writes noiseless LLRs only; 'ldpcgpu simulate %s' sends them over "
                        "AWGN\n", o.code_name);
        run_free(&r);
        return APP_USAGE;
    }
    if (nr) {
        r.tx = malloc(chunk * (size_t)r.np.e);
        r.kin = malloc(chunk * (size_t)r.np.cb.k_prime);
    }
    const size_t n_out = nr ? (size_t)r.np.e : (size_t)n;
    if (o.llr_path) {
        r.llr = malloc(chunk * n_out * sizeof(float));
        r.llr_i8 = malloc(chunk * n_out);
    }
    if (!r.info || !r.cw || (o.llr_path && (!r.llr || !r.llr_i8)) || (nr && (!r.tx || !r.kin))) {
        fprintf(stderr, "ldpcgpu encode: out of memory\n");
        run_free(&r);
        return APP_FAILED;
    }
    if (open_files(&r, &o)) {
        run_free(&r);
        return APP_FAILED;
    }
    rc = encode_all(&r, &o);
    /* close the outputs here so that a failed flush is an error, not a silent truncation */
    if (app_close("encode", r.out, o.out_path))
        rc = APP_FAILED;
    r.out = NULL;
    if (r.info_out && app_close("encode", r.info_out, o.info_path))
        rc = APP_FAILED;
    r.info_out = NULL;
    if (r.llr_out && app_close("encode", r.llr_out, o.llr_path))
        rc = APP_FAILED;
    r.llr_out = NULL;
    run_free(&r);
    return rc;
}
