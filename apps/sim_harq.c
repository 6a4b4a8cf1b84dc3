/* ldpcgpu simulate --harq N: incremental-redundancy HARQ over a rate-matched 5G NR code.
 *
 * Frame f (the simulator's frame f: its bits and codeword) is sent up to N times, with the
 * redundancy versions 0, 2, 3, 1, 0, 2, ...; transmission t draws the noise of simulator frame
 * f + t * 2^40 (independent of the other transmissions, and transmission 0 is exactly what
 * `simulate` without --harq sends). The receiver adds each transmission's LLRs into the frame's
 * HARQ buffer (ldpc_nr_rate_recover_f32 through the simulator's channel: the rate recovery is a
 * sum, so adding the recovered buffers is the combining), decodes the buffer, and stops the
 * frame once its parity checks hold (the acknowledgement). After transmission t a frame is in
 * error when its latest decoded information bits differ from the bits sent: the residual FER
 * after t transmissions. */
#include <stdlib.h>
#include <string.h>
#include "simulate.h"

#define HARQ_CHUNK 64
#define HARQ_NOISE_STRIDE (1ull << 40) /* frame index offset of each transmission's noise */

static const int rv_order[4] = {0, 2, 3, 1};

int sim_harq_run(const sim_opts *o, int harq)
{
    ldpc_code *code = NULL, *rv_code[4] = {NULL, NULL, NULL, NULL};
    ldpc_encoder *enc = NULL;
    ldpc_decoder *dec = NULL;
    uint8_t *info = NULL, *cw = NULL, *out = NULL, *done = NULL, *wrong = NULL;
    float *acc = NULL, *llr = NULL;
    int8_t *q = NULL;
    ldpc_frame_status *st = NULL;
    long long *errors = NULL;
    int rc = APP_FAILED, s;
    if (app_open_code("simulate", o->code_name, &code) != APP_OK)
        return APP_FAILED;
    ldpc_nr_code_params np;
    if (ldpc_code_nr_params(code, &np) != LDPC_OK || np.e == 0) {
        fprintf(stderr, "ldpcgpu simulate: --harq needs a rate-matched 5G NR code (nr:K:E), "
                        "not %s\n", ldpc_code_name(code));
        ldpc_code_destroy(code);
        return APP_USAGE;
    }
    for (int r = 0; r < 4; r++) {
        char name[96];
        int len = snprintf(name, sizeof name, "nr:%d:%d:rv%d", np.cb.k_prime, np.e, r);
        if (np.qm != 1)
            snprintf(name + len, sizeof name - (size_t)len, ":qm%d", np.qm);
        if ((s = ldpc_code_create(&rv_code[r], name)) != LDPC_OK) {
            app_fail("simulate", s, name);
            goto done;
        }
    }
    ldpc_decoder_config dc = o->cfg;
    app_code_defaults(o->decoder_set, code, &dc);
    dc.output_bits = LDPC_OUTPUT_INFO;
    dc.output_packing = LDPC_OUTPUT_UNPACKED;
    dc.llr_positive_is_one = 0;
    if ((s = ldpc_encoder_create(&enc, code)) != LDPC_OK ||
        (s = ldpc_decoder_create(&dec, code, &dc)) != LDPC_OK) {
        app_fail("simulate", s, "creating the encoder and decoder");
        goto done;
    }
    ldpc_sim_config sc;
    ldpc_sim_config_init(&sc);
    sc.seed = o->seed;
    sc.modulation = o->modulation;
    sc.demapper = o->demapper;
    const int n = ldpc_code_n(code), k = ldpc_code_k(code), kk = np.cb.k_prime;
    info = malloc((size_t)HARQ_CHUNK * k);
    cw = malloc((size_t)HARQ_CHUNK * n);
    out = malloc((size_t)HARQ_CHUNK * k);
    done = malloc(HARQ_CHUNK);
    wrong = malloc(HARQ_CHUNK);
    acc = malloc(sizeof(float) * (size_t)HARQ_CHUNK * n);
    llr = malloc(sizeof(float) * (size_t)HARQ_CHUNK * n);
    q = malloc((size_t)HARQ_CHUNK * n);
    st = malloc(sizeof *st * HARQ_CHUNK);
    errors = calloc((size_t)harq, sizeof *errors);
    if (!info || !cw || !out || !done || !wrong || !acc || !llr || !q || !st || !errors) {
        fprintf(stderr, "ldpcgpu simulate: out of memory\n");
        goto done;
    }
    printf("code: %s, K=%d E=%d rate=%.4f; %s over AWGN, IR-HARQ: up to %d transmissions, rv "
           "0, 2, 3, 1, ..., LLRs combined, stop when the parity checks hold; seed %llu\n",
           ldpc_code_name(code), kk, np.e, (double)kk / np.e, ldpc_modulation_name(o->modulation),
           harq, (unsigned long long)o->seed);
    ldpc_decoder_print(dec, stdout);
    printf(" Eb/N0     frames");
    for (int t = 0; t < harq; t++)
        printf("   FER after %d", t + 1);
    printf("  avg tx\n");
    for (int ip = 0; ip < o->npoints; ip++) {
        const double ebn0 = o->ebn0[ip];
        memset(errors, 0, sizeof *errors * (size_t)harq);
        long long frames = 0, transmissions = 0;
        for (long long first = 0; first < o->frames; first += HARQ_CHUNK) {
            const int nf = (int)(o->frames - first < HARQ_CHUNK ? o->frames - first : HARQ_CHUNK);
            if ((s = ldpc_sim_info_bits(code, &sc, (uint64_t)first, nf, info)) != LDPC_OK ||
                (s = ldpc_encoder_encode(enc, info, cw, nf)) != LDPC_OK) {
                app_fail("simulate", s, "making the frames");
                goto done;
            }
            memset(acc, 0, sizeof(float) * (size_t)nf * n);
            memset(done, 0, (size_t)nf);
            memset(wrong, 1, (size_t)nf);
            for (int t = 0; t < harq; t++) {
                const ldpc_code *c = rv_code[rv_order[t % 4]];
                s = ldpc_sim_channel_llrs(c, &sc, ebn0, (uint64_t)first + t * HARQ_NOISE_STRIDE,
                                          nf, cw, llr);
                if (s != LDPC_OK) {
                    app_fail("simulate", s, "the channel");
                    goto done;
                }
                for (int f = 0; f < nf; f++) {
                    if (done[f])
                        continue;
                    float *a = acc + (size_t)f * n;
                    const float *l = llr + (size_t)f * n;
                    for (int i = 0; i < n; i++)
                        a[i] += l[i];
                    for (int i = kk; i < np.cb.k; i++) /* fillers: certain, not twice certain */
                        a[i] = l[i];
                    transmissions++;
                }
                if (o->llr_i8) {
                    ldpc_llr_quantize_i8(acc, (size_t)nf * n, o->cfg.llr_scale, q);
                    s = ldpc_decoder_decode_i8(dec, q, nf, out, st);
                } else {
                    s = ldpc_decoder_decode_f32(dec, acc, nf, out, st);
                }
                if (s != LDPC_OK) {
                    app_fail("simulate", s, "decoding");
                    goto done;
                }
                for (int f = 0; f < nf; f++) {
                    if (!done[f]) {
                        wrong[f] = memcmp(out + (size_t)f * k, info + (size_t)f * k,
                                          (size_t)kk) != 0;
                        done[f] = st[f].parity_ok != 0; /* acknowledged: no more transmissions */
                    }
                    errors[t] += wrong[f];
                }
            }
            frames += nf;
        }
        printf("%6.2f %10lld", ebn0, frames);
        for (int t = 0; t < harq; t++)
            printf("  %12.4e", frames ? (double)errors[t] / frames : 0.0);
        printf("  %6.3f\n", frames ? (double)transmissions / frames : 0.0);
        fflush(stdout);
    }
    rc = APP_OK;
done:
    free(info);
    free(cw);
    free(out);
    free(done);
    free(wrong);
    free(acc);
    free(llr);
    free(q);
    free(st);
    free(errors);
    ldpc_decoder_destroy(dec);
    ldpc_encoder_destroy(enc);
    for (int r = 0; r < 4; r++)
        ldpc_code_destroy(rv_code[r]);
    ldpc_code_destroy(code);
    return rc;
}
