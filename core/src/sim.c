/* The error-rate simulator object (include/ldpcgpu/sim.h): picks where the frames are made --
 * the GPU channel (cuda/, through sim_internal.h) for the cuda decoder when it can, else the
 * host channel (sim_host.c) -- and reproduces single frames on the host. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "error.h"
#include "ldpcgpu/channel.h"
#include "ldpcgpu/encoder.h"
#include "sim_host.h"
#include "sim_i8_table.h"
#include "sim_internal.h"
#include "sim_nr.h"
#include "sim_modem.h"

#define SIM_MAX_THREADS 1024

struct ldpc_sim {
    const ldpc_code *code;
    ldpc_sim_config cfg;
    ldpc_decoder *dec;
    ldpc_sim_gpu *gpu;
    sim_host *host;
};

void ldpc_sim_config_init(ldpc_sim_config *cfg)
{
    if (!cfg)
        return;
    memset(cfg, 0, sizeof *cfg);
    cfg->seed = 1;
    cfg->codeword = LDPC_SIM_RANDOM;
    cfg->llr_type = LDPC_LLR_F32;
    cfg->num_threads = 0;
    cfg->modulation = LDPC_MOD_BPSK;
    cfg->demapper = LDPC_DEMAP_EXACT;
}

static int check_config(const ldpc_sim_config *c)
{
    if (c->codeword != LDPC_SIM_RANDOM && c->codeword != LDPC_SIM_ALL_ZERO)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "simulator: codeword %d is not random (0) "
                          "or all-zero (1)", (int)c->codeword);
    if (c->llr_type != LDPC_LLR_F32 && c->llr_type != LDPC_LLR_I8)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "simulator: llr_type %d is not f32 (0) or "
                          "int8 (1)", (int)c->llr_type);
    if (ldpc_modulation_bits(c->modulation) == 0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "simulator: modulation %d is not one of "
                          "bpsk (0) .. 256qam (4)", (int)c->modulation);
    if (c->demapper != LDPC_DEMAP_EXACT && c->demapper != LDPC_DEMAP_MAX_LOG)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "simulator: demapper %d is not exact (0) or "
                          "max-log (1)", (int)c->demapper);
    if (c->noise != LDPC_SIM_NOISE_BOX_MULLER && c->noise != LDPC_SIM_NOISE_I8_TABLE)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "simulator: noise %d is not box-muller (0) "
                          "or i8-table (1)", (int)c->noise);
    if (c->noise == LDPC_SIM_NOISE_I8_TABLE &&
        (c->llr_type != LDPC_LLR_I8 || ldpc_modulation_bits(c->modulation) > 2))
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "simulator: the i8-table noise draws int8 "
                          "BPSK/QPSK LLRs: it needs int8 LLRs and bpsk or qpsk (not %s LLRs, "
                          "%s)", c->llr_type == LDPC_LLR_I8 ? "int8" : "float",
                          ldpc_modulation_name(c->modulation));
    if (c->codeword == LDPC_SIM_ALL_ZERO && ldpc_modulation_bits(c->modulation) > 2)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "simulator: the all-zero codeword needs a "
                          "symmetric channel (bpsk, qpsk), not %s: it would send one corner "
                          "point per axis", ldpc_modulation_name(c->modulation));
    if (c->num_threads < 0 || c->num_threads > SIM_MAX_THREADS)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "simulator: num_threads %d not in 0..%d",
                          c->num_threads, SIM_MAX_THREADS);
    return LDPC_OK;
}

void ldpc_sim_destroy(ldpc_sim *sim)
{
    if (!sim)
        return;
    if (sim->gpu)
        ldpc_cuda_sim_destroy(sim->gpu);
    sim_host_destroy(sim->host);
    ldpc_decoder_destroy(sim->dec);
    free(sim);
}

int ldpc_sim_create_mode(ldpc_sim **out, const ldpc_code *code, const ldpc_decoder_config *dcfg,
                         const ldpc_sim_config *scfg, ldpc_sim_mode mode)
{
    if (!out)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_sim_create: out is NULL");
    *out = NULL;
    if (!code)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_sim_create: code is NULL");
    if (mode < LDPC_SIM_MODE_AUTO || mode > LDPC_SIM_MODE_HOST_BATCHES)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_sim_create: bad mode %d", (int)mode);
    ldpc_sim_config cfg;
    if (scfg)
        cfg = *scfg;
    else
        ldpc_sim_config_init(&cfg);
    int st = check_config(&cfg);
    sim_nr_link nr;
    if (st == LDPC_OK)
        st = sim_nr_link_of(code, &cfg, &nr);
    if (st != LDPC_OK)
        return st;

    /* The decoder: the caller's configuration, except what the simulator reads back: the
     * information bits, unpacked, and LLRs positive for 0 (the channel's convention). Its own
     * threads: one (the simulator's threads each own a decoder, or feed the GPU's). */
    ldpc_decoder_config dc;
    if (dcfg)
        dc = *dcfg;
    else
        ldpc_decoder_config_init_code(&dc, code);
    dc.output_bits = LDPC_OUTPUT_INFO;
    dc.output_packing = LDPC_OUTPUT_UNPACKED;
    dc.llr_positive_is_one = 0;
    dc.num_threads = 1;
    if (cfg.llr_type == LDPC_LLR_I8 && ldpc_llr_scale_check(dc.llr_scale, code, &dc) != LDPC_OK)
        return LDPC_ERR_INVALID_ARGUMENT;

    ldpc_sim *sim = calloc(1, sizeof *sim);
    if (!sim)
        return ldpc_error(LDPC_ERR_NO_MEMORY, "simulator: out of memory");
    sim->code = code;
    sim->cfg = cfg;
    st = ldpc_decoder_create(&sim->dec, code, &dc);
    if (st != LDPC_OK) {
        free(sim);
        return st;
    }
    const int cuda = !strcmp(ldpc_decoder_backend_name(sim->dec), "cuda");
    /* the GPU channel draws box-muller noise only: i8-table frames are made on the host */
    /* (NR rate matching, or frames that must carry a CRC for early_stop_crc: host frames) */
    if (mode == LDPC_SIM_MODE_AUTO && cuda && cfg.noise == LDPC_SIM_NOISE_BOX_MULLER && !nr.active &&
        dc.early_stop_crc == LDPC_CRC_STOP_NONE) {
        st = ldpc_cuda_sim_create(&sim->gpu, sim->dec, &cfg);
        if (st == LDPC_OK) {
            *out = sim;
            return LDPC_OK;
        }
        sim->gpu = NULL;
        if (st != LDPC_ERR_UNSUPPORTED) {
            ldpc_sim_destroy(sim);
            return st;
        }
        ldpc_error_clear(); /* no GPU channel for this code: the host makes the frames */
    }
    const int batches = mode == LDPC_SIM_MODE_HOST_BATCHES || (mode == LDPC_SIM_MODE_AUTO && cuda);
    st = sim_host_create(&sim->host, code, sim->dec, &cfg, batches);
    if (st != LDPC_OK) {
        ldpc_sim_destroy(sim);
        return st;
    }
    *out = sim;
    return LDPC_OK;
}

int ldpc_sim_create(ldpc_sim **out, const ldpc_code *code, const ldpc_decoder_config *dcfg,
                    const ldpc_sim_config *scfg)
{
    return ldpc_sim_create_mode(out, code, dcfg, scfg, LDPC_SIM_MODE_AUTO);
}

/* Noise standard deviation at ebn0_db for this code's rate; an error if it is not a usable
 * positive number. */
static int sim_sigma(const ldpc_code *code, double ebn0_db, double *sigma)
{
    if (!isfinite(ebn0_db) || ebn0_db < -50.0 || ebn0_db > 100.0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "simulator: Eb/N0 %g dB is not in -50..100 dB", ebn0_db);
    *sigma = ldpc_awgn_sigma(ebn0_db, sim_nr_rate(code)); /* k / n, or K / E of NR */
    return LDPC_OK;
}

int ldpc_sim_run(ldpc_sim *sim, double ebn0_db, uint64_t first, uint64_t max_frames,
                 uint64_t stop_frame_errors, ldpc_sim_counts *counts)
{
    if (!sim || !counts)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_sim_run: NULL argument");
    if (max_frames > UINT64_MAX - first)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT,
                          "ldpc_sim_run: frames %llu + %llu pass the last frame number",
                          (unsigned long long)first, (unsigned long long)max_frames);
    double sigma = 0.0;
    int st = sim_sigma(sim->code, ebn0_db, &sigma);
    if (st != LDPC_OK)
        return st;
    if (max_frames == 0 || (stop_frame_errors && counts->frame_errors >= stop_frame_errors))
        return LDPC_OK;
    if (sim->gpu)
        return ldpc_cuda_sim_run(sim->gpu, sigma, first, max_frames, stop_frame_errors, counts);
    return sim_host_run(sim->host, sigma, first, max_frames, stop_frame_errors, counts);
}

uint64_t ldpc_sim_frames_in_flight(const ldpc_sim *sim)
{
    if (!sim)
        return 0;
    return sim->gpu ? ldpc_cuda_sim_frames_in_flight(sim->gpu) : sim_host_frames_in_flight(sim->host);
}

const char *ldpc_sim_channel_name(const ldpc_sim *sim)
{
    return !sim ? "" : sim->gpu ? "gpu" : "cpu";
}

ldpc_decoder *ldpc_sim_decoder(ldpc_sim *sim) { return sim ? sim->dec : NULL; }

const ldpc_sim_config *ldpc_sim_config_get(const ldpc_sim *sim) { return sim ? &sim->cfg : NULL; }

void ldpc_sim_print(const ldpc_sim *sim, FILE *f)
{
    if (!sim || !f)
        return;
    const ldpc_decoder_config *dc = ldpc_decoder_config_get(sim->dec);
    const int qam = ldpc_modulation_bits(sim->cfg.modulation) > 2; /* the demapper matters */
    fprintf(f, "simulator: %s (n %d, k %d), %s%s%s%s/AWGN (%s noise), %s codewords, seed %llu\n",
            ldpc_code_name(sim->code), ldpc_code_n(sim->code), ldpc_code_k(sim->code),
            ldpc_modulation_name(sim->cfg.modulation), qam ? " (" : "",
            qam ? ldpc_demap_method_name(sim->cfg.demapper) : "", qam ? " LLRs)" : "",
            ldpc_sim_noise_name(sim->cfg.noise),
            sim->cfg.codeword == LDPC_SIM_ALL_ZERO ? "all-zero" : "random",
            (unsigned long long)sim->cfg.seed);
    if (sim->gpu)
        fprintf(f, "  channel gpu (bits, encoding, noise and counts on the GPU)\n");
    else
        fprintf(f, "  channel cpu: %d thread(s), frame kernels %s, %s\n",
                sim_host_threads(sim->host), sim_host_kernels(sim->host),
                strcmp(ldpc_decoder_backend_name(sim->dec), "cuda")
                    ? "each thread decodes its own frames"
                    : "frames fed to the GPU decoder's batches");
    char stop[64] = "";
    if (dc->early_termination && dc->early_stop_crc != LDPC_CRC_STOP_NONE)
        snprintf(stop, sizeof stop, " (early stop: H*c = 0 or %s)",
                 ldpc_crc_stop_name(dc->early_stop_crc));
    else if (dc->early_termination)
        snprintf(stop, sizeof stop, " (early stop)");
    fprintf(f, "  decoder %s, %s, %s, %d iterations%s, LLRs %s", ldpc_decoder_backend_name(sim->dec),
            ldpc_algorithm_name(dc->algorithm), ldpc_schedule_name(dc->schedule),
            dc->max_iterations, stop, sim->cfg.llr_type == LDPC_LLR_I8 ? "int8" : "float");
    if (sim->cfg.llr_type == LDPC_LLR_I8)
        fprintf(f, " at scale %g", (double)dc->llr_scale);
    fputc('\n', f);
}

/* cfg (NULL = defaults) checked, sigma of ebn0_db, and the frame range's arguments. */
static int frames_args(const ldpc_code *code, const ldpc_sim_config *cfg, double ebn0_db,
                       int nframes, const char *fn, ldpc_sim_config *c, double *sigma,
                       sim_nr_link *nr, int channel)
{
    if (!code)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "%s: code is NULL", fn);
    if (nframes < 0)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "%s: nframes %d < 0", fn, nframes);
    if (cfg)
        *c = *cfg;
    else
        ldpc_sim_config_init(c);
    int st = check_config(c);
    if (st == LDPC_OK) /* the information bits alone (channel 0) do not depend on the channel */
        st = sim_nr_link_of(code, channel ? c : NULL, nr);
    if (st == LDPC_OK && !channel)
        return LDPC_OK;
    return st != LDPC_OK ? st : sim_sigma(code, ebn0_db, sigma);
}

/* The float LLRs of the public frame functions: box-muller's only. */
static int float_llrs_ok(const ldpc_sim_config *c, const char *fn)
{
    return c->noise == LDPC_SIM_NOISE_I8_TABLE
               ? ldpc_error(LDPC_ERR_UNSUPPORTED, "%s: the i8-table noise makes int8 LLRs only "
                            "(ldpc_sim_channel_llrs_i8)", fn)
               : LDPC_OK;
}

/* The rule's information bits of frames first .. first + nframes - 1 (zeros for the all-zero
 * codeword), k per frame. */
static void rule_bits(const ldpc_sim_kernels *kern, const ldpc_sim_config *c,
                      const sim_nr_link *nr, uint64_t first, int nframes, int k, uint8_t *info)
{
    if (c->codeword == LDPC_SIM_ALL_ZERO) {
        memset(info, 0, (size_t)nframes * (size_t)k);
        return;
    }
    for (int f = 0; f < nframes; f++) {
        kern->bits(c->seed, first + (uint64_t)f, k, info + (size_t)f * (size_t)k);
        sim_nr_info_rule(nr, info + (size_t)f * (size_t)k);
    }
}

/* The deviates' scratch of a frame of cfg's modulation (sim_modem_scratch) into *dev, NULL
 * where none is needed; for a rate-matched NR code sim_nr_llrs' floats followed by its E bytes.
 * LDPC_ERR_NO_MEMORY (message set) when it cannot be had. */
static int alloc_scratch(const ldpc_sim_config *c, const sim_nr_link *nr, int n, float **dev)
{
    const int floats = nr->active ? sim_nr_scratch_floats(nr, c) +
                                        (int)(sim_nr_scratch_bytes(nr) / sizeof(float)) + 1
                                  : sim_modem_scratch(c, n);
    *dev = floats > 0 ? malloc(sizeof(float) * (size_t)floats) : NULL;
    return floats > 0 && !*dev ? ldpc_error(LDPC_ERR_NO_MEMORY, "simulator: out of memory")
                               : LDPC_OK;
}

/* The rule's channel LLRs of those frames sent as cw (NULL: all zero), n per frame; dev: the
 * scratch of alloc_scratch. */
static void rule_llrs(const ldpc_sim_kernels *kern, const ldpc_sim_config *c,
                      const sim_nr_link *nr, double sigma, uint64_t first, int nframes, int n,
                      const uint8_t *cw, float *dev, float *llr)
{
    ldpc_sim_modem m;
    sim_modem_of(c, sigma, &m);
    for (int f = 0; f < nframes; f++) {
        const uint8_t *cwf = cw ? cw + (size_t)f * (size_t)n : NULL;
        float *out = llr + (size_t)f * (size_t)n;
        if (nr->active)
            sim_nr_llrs(kern, &m, c->seed, first + (uint64_t)f, nr, cwf,
                        (uint8_t *)(dev + sim_nr_scratch_floats(nr, c)), dev, out);
        else
            sim_modem_llrs(kern, &m, c->seed, first + (uint64_t)f, cwf, n, dev, out);
    }
}

int ldpc_sim_info_bits(const ldpc_code *code, const ldpc_sim_config *cfg, uint64_t first,
                       int nframes, uint8_t *info)
{
    ldpc_sim_config c;
    double sigma = 0.0;
    sim_nr_link nr;
    int st = frames_args(code, cfg, 0.0, nframes, "ldpc_sim_info_bits", &c, &sigma, &nr, 0);
    if (st != LDPC_OK)
        return st;
    if (nframes > 0 && !info)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_sim_info_bits: info is NULL");
    rule_bits(ldpc_sim_kernels_select(), &c, &nr, first, nframes, ldpc_code_k(code), info);
    return LDPC_OK;
}

int ldpc_sim_channel_llrs(const ldpc_code *code, const ldpc_sim_config *cfg, double ebn0_db,
                          uint64_t first, int nframes, const uint8_t *codeword, float *llr)
{
    ldpc_sim_config c;
    double sigma = 0.0;
    sim_nr_link nr;
    int st = frames_args(code, cfg, ebn0_db, nframes, "ldpc_sim_channel_llrs", &c, &sigma, &nr,
                         1);
    if (st != LDPC_OK)
        return st;
    if (nframes > 0 && !llr)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_sim_channel_llrs: llr is NULL");
    if ((st = float_llrs_ok(&c, "ldpc_sim_channel_llrs")) != LDPC_OK)
        return st;
    float *dev = NULL;
    if ((st = alloc_scratch(&c, &nr, ldpc_code_n(code), &dev)) != LDPC_OK)
        return st;
    rule_llrs(ldpc_sim_kernels_select(), &c, &nr, sigma, first, nframes, ldpc_code_n(code),
              codeword, dev, llr);
    free(dev);
    return LDPC_OK;
}

int ldpc_sim_channel_llrs_i8(const ldpc_code *code, const ldpc_sim_config *cfg, double ebn0_db,
                             float llr_scale, uint64_t first, int nframes,
                             const uint8_t *codeword, int8_t *llr)
{
    ldpc_sim_config c;
    double sigma = 0.0;
    sim_nr_link nr;
    int st = frames_args(code, cfg, ebn0_db, nframes, "ldpc_sim_channel_llrs_i8", &c, &sigma,
                         &nr, 1);
    if (st != LDPC_OK)
        return st;
    if (nframes > 0 && !llr)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "ldpc_sim_channel_llrs_i8: llr is NULL");
    /* the code's range with its default decoder: the frames' decoder checks its own */
    if (ldpc_llr_scale_check(llr_scale, code, NULL) != LDPC_OK)
        return LDPC_ERR_INVALID_ARGUMENT;
    const int n = ldpc_code_n(code);
    if (c.noise == LDPC_SIM_NOISE_I8_TABLE) {
        ldpc_sim_i8_table t;
        if ((st = ldpc_sim_i8_table_init(&t, sigma, llr_scale)) != LDPC_OK)
            return st;
        const ldpc_sim_i8_table_kernel *kt = ldpc_sim_i8_table_kernel_select();
        for (int f = 0; f < nframes; f++)
            kt->llrs(c.seed, first + (uint64_t)f, codeword ? codeword + (size_t)f * n : NULL, n,
                     &t, llr + (size_t)f * n);
        return LDPC_OK;
    }
    float *dev = NULL, *f32 = malloc(sizeof(float) * (size_t)n);
    if (!f32 || (st = alloc_scratch(&c, &nr, n, &dev)) != LDPC_OK) {
        free(f32);
        return st != LDPC_OK ? st : ldpc_error(LDPC_ERR_NO_MEMORY, "simulator: out of memory");
    }
    const ldpc_sim_kernels *kern = ldpc_sim_kernels_select();
    for (int f = 0; f < nframes; f++) {
        rule_llrs(kern, &c, &nr, sigma, first + (uint64_t)f, 1, n,
                  codeword ? codeword + (size_t)f * n : NULL, dev, f32);
        kern->quantize_i8(f32, (size_t)n, llr_scale, llr + (size_t)f * n);
    }
    free(dev);
    free(f32);
    return LDPC_OK;
}

int ldpc_sim_make_frames(const ldpc_code *code, const ldpc_sim_config *cfg, double ebn0_db,
                         uint64_t first, int nframes, uint8_t *info, uint8_t *codeword,
                         float *llr)
{
    ldpc_sim_config c;
    double sigma = 0.0;
    sim_nr_link nr;
    int st = frames_args(code, cfg, ebn0_db, nframes, "ldpc_sim_make_frames", &c, &sigma, &nr, 1);
    if (st == LDPC_OK && llr)
        st = float_llrs_ok(&c, "ldpc_sim_make_frames");
    if (st != LDPC_OK || nframes == 0)
        return st;
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    const ldpc_sim_kernels *kern = ldpc_sim_kernels_select();
    const int zero = c.codeword == LDPC_SIM_ALL_ZERO;
    const int need_cw = codeword || (llr && !zero); /* the LLRs follow the codeword's signs */
    /* a frame's room for what the caller does not keep */
    uint8_t *bits1 = info ? NULL : malloc((size_t)k), *cw1 = codeword ? NULL : malloc((size_t)n);
    ldpc_encoder *enc = NULL;
    float *dev = NULL;
    if ((!info && !bits1) || (!codeword && !cw1))
        st = ldpc_error(LDPC_ERR_NO_MEMORY, "ldpc_sim_make_frames: out of memory");
    if (st == LDPC_OK && llr)
        st = alloc_scratch(&c, &nr, n, &dev);
    if (st == LDPC_OK && need_cw && !zero)
        st = ldpc_encoder_create(&enc, code); /* once for the range */
    for (int f = 0; st == LDPC_OK && f < nframes; f++) {
        uint8_t *bits = info ? info + (size_t)f * k : bits1;
        uint8_t *cw = codeword ? codeword + (size_t)f * n : cw1;
        rule_bits(kern, &c, &nr, first + (uint64_t)f, 1, k, bits);
        if (need_cw && zero)
            memset(cw, 0, (size_t)n);
        else if (need_cw)
            st = ldpc_encoder_encode(enc, bits, cw, 1);
        if (st == LDPC_OK && llr)
            rule_llrs(kern, &c, &nr, sigma, first + (uint64_t)f, 1, n, zero ? NULL : cw, dev,
                      llr + (size_t)f * n);
    }
    ldpc_encoder_destroy(enc);
    free(dev);
    free(bits1);
    free(cw1);
    return st;
}

int ldpc_sim_make_frame(const ldpc_code *code, const ldpc_sim_config *cfg, double ebn0_db,
                        uint64_t frame, uint8_t *info, uint8_t *codeword, float *llr)
{
    return ldpc_sim_make_frames(code, cfg, ebn0_db, frame, 1, info, codeword, llr);
}
