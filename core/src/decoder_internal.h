/* Internal: the decoder object and the interface every backend implements.
 *
 * The front end (decoder.c) owns the batch slots and their order; a backend only decodes.
 * Backends read LLRs from batch->llr exactly as the caller wrote them (float or int8, the
 * caller's sign convention, possibly NaN/Inf) and must apply ldpc_decoder_config's sign,
 * scale and sanitising rules themselves (ldpc_llr_to_float does it for float backends), then
 * write ldpc_decoder_output_bytes() bytes per frame to batch->out in the configured format
 * (ldpc_format_output does it from an unpacked hard decision) and one status per frame. */
#ifndef LDPCGPU_DECODER_INTERNAL_H
#define LDPCGPU_DECODER_INTERNAL_H

#include "code_internal.h"
#include "decoder_crc_stop.h"
#include "ldpcgpu/decoder.h"
#include "nr_recover.h"

typedef enum batch_state { BATCH_FREE = 0, BATCH_FILLING, BATCH_SUBMITTED, BATCH_COLLECTED } batch_state;

struct ldpc_batch {
    int index;               /* slot number */
    int capacity;            /* frames it holds */
    int nframes;             /* frames submitted */
    ldpc_llr_type llr_type;
    void *llr;               /* capacity * ldpc_decoder_staging_llrs() floats (int8 uses the
                              * first quarter) */
    uint8_t *out;            /* capacity * output_bytes */
    ldpc_frame_status *status; /* capacity */
    batch_state state;
    int result;              /* backend's status for this batch */
    uint64_t user;
    struct ldpc_decoder *twin; /* NULL, or the twin that decodes it (dec->whole or dec->graph:
                                * decoder.c, submit_twin) */
    ldpc_harq_frame *harq;   /* harq_buffers: capacity entries (ldpc_batch_harq), else NULL */
    void *backend_data;      /* per-slot backend state (e.g. its stream and events) */
};

typedef struct ldpc_backend_ops {
    const char *name;
    /* Set dec->backend_state; choose dec->batch_frames if it is 0. */
    int (*init)(ldpc_decoder *dec);
    void (*destroy)(ldpc_decoder *dec);
    /* Allocate b->llr, b->out, b->status for b->capacity frames (pinned for the GPU). */
    int (*alloc_batch)(ldpc_decoder *dec, ldpc_batch *b);
    void (*free_batch)(ldpc_decoder *dec, ldpc_batch *b);
    /* Start decoding b->nframes frames. May do all the work before returning. */
    int (*submit)(ldpc_decoder *dec, ldpc_batch *b);
    /* Finish b: block = 1 waits; block = 0 returns LDPC_ERR_AGAIN if not done. Returns the
     * batch's decode status once done. */
    int (*wait)(ldpc_decoder *dec, ldpc_batch *b, int block);
    /* 1: submit takes frames of E rate-matched LLRs itself (input_rate_matched, dec->rm;
     * with harq_buffers dec->rm_rv, b->harq and buffers of its own); 0: the front end turns
     * them into frames of n LLRs, in the batch, before submit (and keeps the HARQ buffers). */
    int rate_matched_input;
    /* with rate_matched_input and harq_buffers: buffer's n values into out (no batch in
     * flight) */
    int (*harq_read)(ldpc_decoder *dec, int buffer, float *out);
} ldpc_backend_ops;

struct ldpc_decoder {
    const ldpc_code *code;   /* the graph the backend runs: the code's decode_graph or the code */
    const ldpc_code *user_code; /* the code the decoder was made for (ldpc_decoder_code) */
    struct ldpc_decoder *whole; /* decodes user_code's full H where code leaves rows out:
                                 * frames with values in the left-out columns (decoder.c) */
    struct ldpc_decoder *graph; /* with harq_buffers (which run the whole H): decodes on the
                                 * decode graph the batches that name no buffer (decoder.c) */
    struct ldpc_decoder *graph_n; /* with harq_buffers in the front end (CPU backends): decodes
                                   * on the decode graph recovered batches (n values a frame)
                                   * that reach no row it leaves out (decoder.c) */
    ldpc_decoder_config cfg;
    ldpc_crc_stop_rule crc_stop; /* early_stop_crc on this code (decoder_crc_stop.h) */
    const ldpc_backend_ops *ops;
    void *backend_state;
    int batch_frames;        /* frames per batch slot */
    int output_bytes;        /* bytes per frame out */
    int nbatches;
    ldpc_batch *batches;
    /* submission-order FIFO of slot indices */
    int *fifo;
    int fifo_head, fifo_count;
    /* input_rate_matched: the gather (nr_recover.h) and one frame of scratch for the front end */
    int frame_llrs;          /* LLRs per input frame: n, or E */
    ldpc_nr_recover rm;
    float *rm_scratch;       /* n floats */
    /* harq_buffers: the gather of each rv (a frame's own), and, where the front end recovers,
     * the buffers (harq_buffers x n floats) */
    ldpc_nr_recover rm_rv[4];
    float *harq;
    int *harq_stamp;         /* per buffer: the last batch (harq_seq) that named it */
    int harq_seq;
};

/* LLRs per frame that a batch's staging must hold: max(n, frame_llrs). */
int ldpc_decoder_staging_llrs(const ldpc_decoder *dec);

/* Backends compiled into this build (NULL entries for absent ones). */
extern const ldpc_backend_ops ldpc_backend_cpu_reference;
const ldpc_backend_ops *ldpc_backend_cpu_simd_ops(void); /* NULL if not built */
/* A cpu-simd decoder's kernel: its ISA ("avx512vbmi", ...) and frames a vector; NULL / 0 for
 * another backend (ldpc_decoder_print) */
const char *ldpc_simd_decoder_isa(const ldpc_decoder *dec, int *lanes);
const ldpc_backend_ops *ldpc_backend_cuda_ops(void);     /* NULL if not built */
/* 1 if at least one CUDA device can be used (0 in builds without CUDA). */
int ldpc_cuda_device_count(void);

/* Convert one frame of input LLRs to float in the decoder's convention (positive = 0):
 * applies the sign switch, int8 scale, NaN -> 0 and clamping to +-LDPC_LLR_CLAMP. */
void ldpc_llr_to_float(const ldpc_decoder_config *cfg, ldpc_llr_type type, const void *in,
                       int count, float *out);

/* Write one frame's output (info or codeword bits, packed or not) from an unpacked hard
 * decision of the whole codeword. */
void ldpc_format_output(const ldpc_decoder *dec, const uint8_t *hard_codeword, uint8_t *out);

#endif
