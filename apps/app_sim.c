/* BPSK/AWGN Monte-Carlo pieces shared by simulate and quality (see app_sim.h). */
#include "app_sim.h"
#include <stdlib.h>
#include <string.h>

static int too_many(const char *cmd, int max)
{
    fprintf(stderr, "ldpcgpu %s: --ebn0: more than %d points\n", cmd, max);
    return 1;
}

int app_parse_ebn0(const char *cmd, const char *text, double *out, int max, int *count)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", text);
    *count = 0;
    if (strchr(buf, ':')) {
        char *first = strtok(buf, ":"), *last = strtok(NULL, ":"), *step = strtok(NULL, ":");
        double a, b, s;
        if (!first || !last || !step || strtok(NULL, ":")) {
            fprintf(stderr, "ldpcgpu %s: --ebn0: a sweep is FIRST:LAST:STEP\n", cmd);
            return 1;
        }
        if (app_parse_double(cmd, "--ebn0", first, APP_EBN0_MIN, APP_EBN0_MAX, &a) ||
            app_parse_double(cmd, "--ebn0", last, a, APP_EBN0_MAX, &b) ||
            app_parse_double(cmd, "--ebn0 step", step, 1e-3, 100, &s))
            return 1;
        for (int i = 0; a + i * s <= b + 1e-9; i++) {
            if (*count == max)
                return too_many(cmd, max);
            out[(*count)++] = a + i * s;
        }
        return 0;
    }
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        if (*count == max)
            return too_many(cmd, max);
        if (app_parse_double(cmd, "--ebn0", tok, APP_EBN0_MIN, APP_EBN0_MAX, &out[(*count)++]))
            return 1;
    }
    if (!*count) {
        fprintf(stderr, "ldpcgpu %s: --ebn0: no value\n", cmd);
        return 1;
    }
    return 0;
}

void app_sim_buffers_free(app_sim_buffers *b)
{
    free(b->info);
    free(b->cw);
    free(b->llr);
    free(b->llr_i8);
    free(b->decoded);
    free(b->status);
    memset(b, 0, sizeof *b);
}

int app_sim_buffers_alloc(app_sim_buffers *b, const char *cmd, const ldpc_code *code,
                          int batch_frames, long long frames, int llr_i8, int stop_early)
{
    const size_t n = (size_t)ldpc_code_n(code), k = (size_t)ldpc_code_k(code);
    memset(b, 0, sizeof *b);
    /* Frames per decode call: at least 4 batches, to keep every batch slot of the backend busy;
     * else about 128 MB of float LLRs (fewer pipeline fills and drains on a GPU), or, when a
     * point may stop after some frame errors, just those 4 batches (it stops between calls). */
    long long batches = 4LL * batch_frames;
    long long chunk = stop_early ? batches : (long long)(((size_t)128 << 20) / (n * sizeof(float)));
    if (chunk < batches)
        chunk = batches;
    if (chunk * (long long)n > (1LL << 30)) /* the channel and RNG calls count bits in an int */
        chunk = (1LL << 30) / (long long)n;
    if (chunk > frames)
        chunk = frames;
    if (chunk < 1)
        chunk = 1;
    b->chunk = (int)chunk;
    b->info = malloc((size_t)chunk * k);
    b->cw = malloc((size_t)chunk * n);
    b->llr = malloc((size_t)chunk * n * sizeof(float));
    b->llr_i8 = llr_i8 ? malloc((size_t)chunk * n) : NULL;
    b->decoded = malloc((size_t)chunk * k);
    b->status = malloc((size_t)chunk * sizeof(ldpc_frame_status));
    if (!b->info || !b->cw || !b->llr || (llr_i8 && !b->llr_i8) || !b->decoded || !b->status) {
        fprintf(stderr, "ldpcgpu %s: out of memory for %lld frames of %zu bits\n", cmd, chunk, n);
        return APP_FAILED;
    }
    return APP_OK;
}

void app_sim_source_start(app_sim_source *s, ldpc_encoder *enc, const ldpc_code *code,
                          ldpc_modulation mod, ldpc_demap_method demap, double ebn0, uint64_t seed)
{
    s->enc = enc;
    s->code = code;
    ldpc_sim_config_init(&s->cfg);
    s->cfg.seed = seed;
    s->cfg.modulation = mod;
    s->cfg.demapper = demap;
    s->ebn0 = ebn0;
    s->next = 0;
}

int app_sim_source_next(app_sim_source *s, app_sim_buffers *b, int nf)
{
    int st = ldpc_sim_info_bits(s->code, &s->cfg, s->next, nf, b->info);
    if (st == LDPC_OK)
        st = ldpc_encoder_encode(s->enc, b->info, b->cw, nf);
    if (st == LDPC_OK)
        st = ldpc_sim_channel_llrs(s->code, &s->cfg, s->ebn0, s->next, nf, b->cw, b->llr);
    s->next += (uint64_t)nf;
    return st;
}

int app_sim_decode(ldpc_decoder *dec, app_sim_buffers *b, int nf, int llr_i8, app_sim_point *p)
{
    const ldpc_code *code = ldpc_decoder_code(dec);
    const int n = ldpc_code_n(code), k = ldpc_code_k(code);
    app_count_saturated(dec, b->llr, 0, (size_t)nf * n, &p->saturated);
    if (llr_i8)
        ldpc_llr_quantize_i8(b->llr, (size_t)nf * n, ldpc_decoder_config_get(dec)->llr_scale,
                      b->llr_i8);
    double t0 = app_now();
    int st = llr_i8 ? ldpc_decoder_decode_i8(dec, b->llr_i8, nf, b->decoded, b->status)
                    : ldpc_decoder_decode_f32(dec, b->llr, nf, b->decoded, b->status);
    p->decode_seconds += app_now() - t0;
    if (st != LDPC_OK)
        return st;
    for (int f = 0; f < nf; f++) {
        const uint8_t *sent = b->info + (size_t)f * k, *got = b->decoded + (size_t)f * k;
        int errors = 0;
        for (int i = 0; i < k; i++)
            errors += (sent[i] ^ got[i]) & 1;
        p->bit_errors += errors;
        p->frame_errors += errors > 0;
        p->parity_failures += !b->status[f].parity_ok;
        p->undetected += errors > 0 && b->status[f].parity_ok;
        p->iterations += b->status[f].iterations;
    }
    p->frames += nf;
    return LDPC_OK;
}
