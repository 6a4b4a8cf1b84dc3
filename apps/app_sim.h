/* BPSK/AWGN Monte-Carlo pieces of `ldpcgpu quality` (and the Eb/N0 list syntax, which
 * `ldpcgpu simulate` shares): the frame buffers, the frame source (the simulator's frame rule)
 * and the error count of one decode call against what was sent. (simulate runs on the
 * core's simulator object, ldpc_sim, instead: apps/cmd_simulate.c.) */
#ifndef LDPCGPU_APP_SIM_H
#define LDPCGPU_APP_SIM_H

#include "app_util.h"

/* The Eb/N0 range (dB) of --ebn0, and of the points --resume reads. */
#define APP_EBN0_MIN -50.0
#define APP_EBN0_MAX 100.0

/* "1.2", a sweep "1.0:3.0:0.5" or a list "1.0,1.5,2.5" into out[0..*count-1] (at most max
 * values). Prints "ldpcgpu CMD: --ebn0: ..." and returns non-zero on error. */
int app_parse_ebn0(const char *cmd, const char *text, double *out, int max, int *count);

/* Error counts of one decoder at one Eb/N0. */
typedef struct app_sim_point {
    double ebn0;
    long long frames, bit_errors, frame_errors, parity_failures, undetected, iterations;
    long long saturated;   /* channel LLRs beyond the int8 range (app_count_saturated) */
    double decode_seconds; /* inside the decode calls only */
} app_sim_point;

/* Buffers for one chunk of frames. */
typedef struct app_sim_buffers {
    int chunk;        /* frames per decode call */
    uint8_t *info;    /* chunk * k, what was sent */
    uint8_t *cw;      /* chunk * n */
    float *llr;       /* chunk * n */
    int8_t *llr_i8;   /* chunk * n, when int8 LLRs are used */
    uint8_t *decoded; /* chunk * k */
    ldpc_frame_status *status;
} app_sim_buffers;

/* Chunk size from the decoder's batch size (batch_frames: the largest of the decoders that
 * share the chunk) and the frames of a point; stop_early: a point may end after some frame
 * errors (between calls, so the chunk is kept small). Prints and returns APP_FAILED when out of
 * memory. Free with app_sim_buffers_free (also after a failed alloc). */
int app_sim_buffers_alloc(app_sim_buffers *b, const char *cmd, const ldpc_code *code,
                          int batch_frames, long long frames, int llr_i8, int stop_early);
void app_sim_buffers_free(app_sim_buffers *b);

/* The frames of one Eb/N0 point: the simulator's frames 0, 1, 2, ... of seed (sim.h's rule:
 * ldpc_sim_info_bits, the caller's encoder, ldpc_sim_channel_llrs), the frames `ldpcgpu
 * simulate` decodes, so every point, and every command given the same seed, sends the same bits
 * and the same unit-variance noise. */
typedef struct app_sim_source {
    ldpc_encoder *enc; /* made once per code: a generic alist encoder takes long to set up */
    const ldpc_code *code;
    ldpc_sim_config cfg;
    double ebn0;
    uint64_t next; /* the next frame's index */
} app_sim_source;

void app_sim_source_start(app_sim_source *s, ldpc_encoder *enc, const ldpc_code *code,
                          ldpc_modulation mod, ldpc_demap_method demap,
                          double ebn0, uint64_t seed);
/* Next nf frames into b->info (sent bits), b->cw and b->llr (channel LLRs). Returns an LDPC
 * status (encoding can fail). */
int app_sim_source_next(app_sim_source *s, app_sim_buffers *b, int nf);

/* Decode the nf frames in b (b->llr, or, when llr_i8, b->llr quantised into b->llr_i8 with the
 * decoder's llr_scale), timing the decode call, and add the frame and bit errors against
 * b->info to p, and the float LLRs that int8 would saturate at the decoder's llr_scale.
 * Returns an LDPC status. */
int app_sim_decode(ldpc_decoder *dec, app_sim_buffers *b, int nf, int llr_i8, app_sim_point *p);

#endif
