/* gr-ldpcgpu core: the LDPC decoder object.
 *
 * One object, several backends: the configuration picks "cpu-reference" (portable float C, the
 * correctness reference), "cpu-simd" (fast fixed point) or "cuda" (GPU pipeline), or "auto".
 *
 * LLR convention: LLR = ln(P(bit=0)/P(bit=1)), positive means 0 (DVB, gr-dvbs2rx). Set
 * llr_positive_is_one for gr-fec's opposite sign. int8 LLRs carry round(LLR * llr_scale).
 * Bad LLRs: NaN is treated as an erasure (0); +-Inf and huge values are clamped to
 * +-LDPC_LLR_CLAMP.
 *
 * Two ways to decode:
 *  - synchronous: ldpc_decoder_decode_f32 / _i8 (any number of frames, returns when done);
 *  - asynchronous batches, for pipelines: acquire a batch (its LLR buffer is the backend's own
 *    staging memory, pinned for the GPU, so the caller copies each input once), fill it, submit
 *    it, and later collect finished batches. Batches come back strictly in submission order and
 *    every submitted frame comes back exactly once, whatever the backend does.
 *
 * Threads: a decoder is used by one thread at a time (calls on one decoder must not overlap;
 * its backend may run its own worker threads and GPU streams inside). Different decoders, also
 * of one code, may be used from different threads at once. Codes are read-only after creation
 * and may be shared. Error messages (ldpc_last_error) are per thread.
 */
#ifndef LDPCGPU_DECODER_H
#define LDPCGPU_DECODER_H

#include "export.h"

#include <stdint.h>
#include <stdio.h>
#include "code.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LDPC_LLR_CLAMP 1000.0f
/* The llr_scale range where the quantised decoders hold their quality: msg_format i8/i16
 * decoders and int8 input LLRs accept only llr_scale in ldpc_llr_scale_range (below):
 * LDPC_LLR_SCALE_MIN..LDPC_LLR_SCALE_MAX (4..8) for every code and algorithm, and from
 * LDPC_LLR_SCALE_NR_BG1_MIN (2) for 5G NR base graph 1 codes of rate K' / E >= 1/3 decoded
 * with offset min-sum (ldpc_decoder_create, resp. ldpc_decoder_submit / _decode_i8, return
 * LDPC_ERR_INVALID_ARGUMENT otherwise). Float messages fed float LLRs do not use the scale
 * (any positive value). At scale s, int8 holds LLRs up to about 127 / s with resolution 1 / s.
 * Measured (docs/quality.md, "The llr_scale range": FER at Eb/N0 x against float's at x - 0.1
 * dB on the same frames; DVB-S2/T2, WiMAX, WiFi codes; oms, nms, min-sum; 10 and 50 it): at 4
 * and 8 every format stays within 0.1 dB (worst +0.07); below 4 the 1/s steps cost up to 0.2 dB
 * (nms rounding; the oms offset round(beta * s) / s is 0.33 at s = 3 for beta 0.25); above 8
 * the int8 message cap 768 / (column degree) falls under 7 LLR on degree-12/13 codes (0.1-0.7
 * dB at 10-16). On 5G NR base graph 1 offset min-sum with beta 0.5 (NR's default, 1 unit at
 * s = 2) stays within 0.1 dB of float at s = 2 down to rate 1/3 (+0.10 there, +0.05 at 1/2,
 * about 0 at 0.83 - 0.91; base graph 2 at rate 1/5 loses 0.13: docs/quality.md, "llr_scale 2
 * on base graph 1"), and s = 2 is what lets int8 messages hold base graph 1's degree-30
 * columns (cap 25 units = 12.5 LLR at 2, 6.25 at 4). Inside the range ldpc_decoder_create also refuses
 * (LDPC_ERR_INVALID_ARGUMENT, the message says what fits) two settings that depend on the
 * algorithm and the code:
 *  - offset min-sum with int8/int16 messages subtracts round(oms_beta * s) / s; more than 0.05
 *    from oms_beta is refused (beta 0.25: s = 4, 5, 7, 8 pass, 6 would give 0.33: +0.16 dB on
 *    dvbs2:16200:1/4 at 50 it; beta 0.5: s = 2, 4, 6, 8 pass, 3 would give 0.67);
 *  - int8 messages hold at most MCAP = min(127, 768 / (largest column degree)) units, MCAP / s
 *    in LLR; under 7 LLR is refused (DVB-S2X codes of column degree 21 / 24: s <= 5.1 / 4.5;
 *    at 8 they lost 0.11-0.17 dB; NR base graph 1, degree 30: s <= 3.57, i.e. 2 - 2.2 with
 *    beta 0.5). int16 messages have no such limit in the range.
 * One known limit remains (docs/quality.md): nms at 50 it on dvbs2x:16200:4/15 loses 0.13 dB
 * at 4 (int8 and int16 messages). */
#define LDPC_LLR_SCALE_MIN 4.0f        /* every code and algorithm */
#define LDPC_LLR_SCALE_MAX 8.0f
#define LDPC_LLR_SCALE_NR_BG1_MIN 2.0f /* 5G NR base graph 1, rate >= 1/3, offset min-sum */
#define LDPC_MAX_DEVICES 16

typedef enum ldpc_backend {
    LDPC_BACKEND_AUTO = 0,          /* cuda if a GPU is usable, else cpu-simd, else cpu-reference */
    LDPC_BACKEND_CPU_REFERENCE = 1,
    LDPC_BACKEND_CPU_SIMD = 2,
    LDPC_BACKEND_CUDA = 3
} ldpc_backend;

typedef enum ldpc_algorithm {
    LDPC_ALG_NORMALIZED_MIN_SUM = 0, /* min-sum scaled by nms_alpha */
    LDPC_ALG_OFFSET_MIN_SUM = 1,     /* min-sum minus oms_beta, floored at 0 (default) */
    LDPC_ALG_MIN_SUM = 2,            /* plain min-sum */
    LDPC_ALG_SUM_PRODUCT = 3         /* log-domain sum-product (tanh rule) */
} ldpc_algorithm;

typedef enum ldpc_schedule {
    LDPC_SCHEDULE_LAYERED = 0, /* rows updated in order, each seeing the previous rows' result */
    LDPC_SCHEDULE_FLOODING = 1 /* all checks, then all variables */
} ldpc_schedule;

/* The layered schedule's order of the rows (ldpc_decoder_config.row_order). Any order is a valid
 * layered schedule, and the orders below give the same error rates (docs/quality.md, "Row
 * orders"); two decoders of the same arithmetic return the same bits only in the same order.
 * GROUPS, WIDE and NARROW differ for DVB codes only (every other code: WiMAX/WiFi with disjoint
 * block rows paired, 5G NR and alist codes in H's order). */
typedef enum ldpc_row_order {
    LDPC_ROW_ORDER_AUTO = 0,   /* each backend's faster one (default): for DVB codes, WIDE on
                                * the cuda backend's integer decoders where it fills layers
                                * (NARROW for its int8 ones where that costs few layers: rows
                                * of more than 28 edges, DVB-S2 9/10, and the 16200 frames of
                                * rates 2/3, 3/4; PACKED for DVB-S2 64800 8/9, 64800 5/6,
                                * 16200 3/5 and 5/6; WIDE_64 for 16200 8/9; WIDE_BY_DEGREE for its
                                * int8 ones where WIDE mixes degrees: DVB-S2X 124/180), H on
                                * the CPU's float decoders, GROUPS everywhere else */
    LDPC_ROW_ORDER_GROUPS = 1, /* DVB by 360-row groups, each group's column-disjoint sets
                                * packed into layers of at most a group: the CPU's integer
                                * decoders' and the GPU's float ones' */
    LDPC_ROW_ORDER_WIDE = 2,   /* DVB rows refilled into column-disjoint layers of up to 384
                                * rows: fewer, fuller layers for a GPU (high rates: DVB-S2 9/10
                                * 43 -> 23 layers), scattered reads for a CPU; each layer's
                                * rows of one degree where that takes no more layers (DVB-S2X
                                * 22/30) */
    LDPC_ROW_ORDER_H = 3,      /* H's own order, every code: the CPU's float decoders' for DVB
                                * (a row after the row it shares a parity column with). A GPU
                                * would run a DVB code one row a layer in it: the cuda backend
                                * refuses it for DVB codes (LDPC_ERR_UNSUPPORTED, or the CPU
                                * takes over with fallback_to_cpu, saying so) */
    LDPC_ROW_ORDER_NARROW = 4, /* as WIDE, in layers of at most 256 rows: the GPU's int8 kernel
                                * of rows of 29 - 32 edges holds two layers ahead only in blocks
                                * that small (DVB-S2 9/10: 29 layers instead of 23, +18%), and
                                * its int8 kernels of 16200 frames fit three such blocks an SM
                                * instead of two (DVB-S2 16200 2/3: 23 layers instead of 21,
                                * +24%) */
    LDPC_ROW_ORDER_WIDE_BY_DEGREE = 5, /* as WIDE, every layer's rows of one degree even where
                                * that takes a layer or two more: the GPU's int8 kernels update
                                * such layers faster (DVB-S2X 124/180: 55 layers instead of 54,
                                * +5%) */
    LDPC_ROW_ORDER_WIDE_128 = 6, /* as WIDE, in layers of at most 128 rows: the GPU's int8
                                * pairs of DVB-S2/T2 16200 5/6 (rows of 15 - 19 edges) run
                                * three blocks an SM either way, and fuller blocks of 4 warps
                                * (25 layers instead of GROUPS's 24 of 30 - 180 rows: +12%) */
    LDPC_ROW_ORDER_WIDE_64 = 7, /* as WIDE, in layers of at most 64 rows: the GPU's int8 kernel
                                * of DVB-S2 16200 8/9 (rows of 27 edges, one codeword a block)
                                * then holds six blocks an SM instead of two (29 layers instead
                                * of 17: +48%; batches of up to 264 frames are slower, and
                                * AUTO keeps GROUPS for them) */
    LDPC_ROW_ORDER_PACKED = 8  /* the rows coloured (DSATUR) into as few column-disjoint layers
                                * of up to 384 rows (64800 frames; 256 for shorter ones) as it
                                * finds below WIDE's (NARROW's) count, else that order: DVB-S2
                                * 64800 8/9 and 9/10 19 layers instead of 23, DVB-S2/T2 16200
                                * 5/6 18 instead of 22. A warp's rows then read scattered APP
                                * words (more shared-memory passes): AUTO takes it for the GPU's
                                * int8 decoders where layers times passes fall by 5% (DVB-S2
                                * 64800 8/9 +10%, DVB-S2/T2 64800 5/6 +5% (31 layers), 16200 3/5
                                * +6%, DVB-S2/T2 16200 5/6 +11%) */
} ldpc_row_order;

typedef enum ldpc_llr_type {
    LDPC_LLR_F32 = 0,
    LDPC_LLR_I8 = 1
} ldpc_llr_type;

/* Arithmetic of the messages inside the decoder (cpu-simd and cuda; the reference is float). */
typedef enum ldpc_msg_format {
    LDPC_MSG_F32 = 0,
    LDPC_MSG_I8 = 1,  /* 8-bit fixed-point messages (LLR * llr_scale), exact wider APP */
    LDPC_MSG_I16 = 2  /* 16-bit fixed-point messages; rules: docs/quality.md */
} ldpc_msg_format;

/* CRC-aided early stop of 5G NR code blocks (ldpc_decoder_config.early_stop_crc): the CRC of
 * 38.212 5.1 that the first K' bits of the code block end with. */
typedef enum ldpc_crc_stop {
    LDPC_CRC_STOP_NONE = 0,   /* stop on H*c = 0 only (default) */
    LDPC_CRC_STOP_CRC24A = 1, /* a lone code block of a TB of more than 3824 bits */
    LDPC_CRC_STOP_CRC24B = 2, /* each code block of a segmented TB */
    LDPC_CRC_STOP_CRC16 = 3   /* a lone code block of a TB of up to 3824 bits */
} ldpc_crc_stop;

typedef enum ldpc_output_bits {
    LDPC_OUTPUT_INFO = 0,    /* k information bits per frame */
    LDPC_OUTPUT_CODEWORD = 1 /* all n code bits per frame */
} ldpc_output_bits;

typedef enum ldpc_output_packing {
    LDPC_OUTPUT_UNPACKED = 0, /* one bit (0/1) per byte, GNU Radio's habit */
    LDPC_OUTPUT_PACKED = 1    /* 8 bits per byte, MSB first, each frame starts on a byte */
} ldpc_output_packing;

/* Version of ldpc_decoder_config's layout: struct_size, first in the struct, is set by
 * ldpc_decoder_config_init to the size the caller was compiled with. New fields are only ever
 * appended, so a program built against an older header keeps working with a newer library (the
 * fields it does not know take their defaults), and a config that did not go through
 * ldpc_decoder_config_init (struct_size 0 or garbage) is refused instead of read.
 *
 * Domains (ldpc_decoder_create returns LDPC_ERR_INVALID_ARGUMENT outside them): */
typedef struct ldpc_decoder_config {
    uint32_t struct_size;    /* sizeof(ldpc_decoder_config), set by ldpc_decoder_config_init */
    ldpc_backend backend;    /* any ldpc_backend; default AUTO */
    ldpc_algorithm algorithm; /* any ldpc_algorithm; default OFFSET_MIN_SUM. Integer messages
                              * need a min-sum algorithm (not SUM_PRODUCT) */
    ldpc_schedule schedule;  /* any ldpc_schedule; default LAYERED */
    ldpc_msg_format msg_format; /* any ldpc_msg_format; default F32 */
    int max_iterations;      /* 1..10000, default 25 */
    int early_termination;   /* 1: stop a frame as soon as H*c = 0 (default; or its CRC
                              * passes: early_stop_crc); 0: run every iteration and return
                              * the first codeword found */
    float nms_alpha;         /* normalized min-sum factor, (0, 1], default 0.875 */
    float oms_beta;          /* offset min-sum offset in LLR units, [0, 100), default 0.25;
                              * the code's (ldpc_decoder_config_init_code): 0.5 for 5G NR,
                              * WiMAX, WiFi and DVB 64800 r1/2, r3/5 codes */
    int llr_positive_is_one; /* 0: positive LLR = bit 0 (default); 1: gr-fec's convention */
    float llr_scale;         /* int8 LLR = round(LLR * llr_scale), default 4.0; any value in
                              * (0, 1e6), and ldpc_llr_scale_range's for integer messages and
                              * int8 input LLRs, with the oms offset and int8 message cap
                              * limits above */
    ldpc_output_bits output_bits;       /* INFO (default) or CODEWORD */
    ldpc_output_packing output_packing; /* UNPACKED (default) or PACKED */
    int batch_frames;        /* frames per batch, 0..2^20, 0 = backend's choice */
    int batches_in_flight;   /* async batch slots, 0..1024, 0 = 4 (4 per GPU on several) */
    int num_streams;         /* cuda: streams per device, 0..64, 0 = backend's choice */
    int num_devices;         /* cuda: how many entries of devices[] to use, 0..LDPC_MAX_DEVICES;
                              * 0 = device 0 only */
    int devices[LDPC_MAX_DEVICES]; /* cuda device ids (a bad id: LDPC_ERR_NO_DEVICE) */
    int fallback_to_cpu;     /* cuda unusable: fall back to the CPU (saying so on stderr),
                              * default 1; 0: ldpc_decoder_create fails instead */
    int num_threads;         /* cpu backends: worker threads, 0..1024, 0 = one per core */
    int input_rate_matched;  /* 0 (default): a frame is n LLRs, one per code bit. 1: for a
                              * rate-matched 5G NR code ("nr:K:E[:rvR][:qmQ]", nr.h) only, a
                              * frame is the E LLRs received (after the Qm bit interleaving),
                              * and the decoder undoes the rate matching (38.212 5.4.2 inverse:
                              * de-interleaving; repeated bits added, NaN counting as 0; the
                              * 2 Z punctured bits and bits not sent 0; fillers certain zeros)
                              * on the GPU for the cuda backend, on the host otherwise. int8 LLRs
                              * add as integers, clamped to -128..127. Other codes: refused.
                              * ldpc_decoder_frame_llrs() gives the frame length. The CPU
                              * backends recover in the batch's staging at submit: write a
                              * batch's frames again before submitting it again. */
    ldpc_crc_stop early_stop_crc; /* any ldpc_crc_stop; default NONE. Other than NONE: 5G NR
                              * codes only (ldpc_code_nr_params; K' = K of "nr:K:E", k of a
                              * mother code "nr:bg1:z384"), K' above the CRC's length; every
                              * backend with layered min-sum (cuda with flooding or
                              * sum-product: LDPC_ERR_UNSUPPORTED with fallback_to_cpu 0, else
                              * the CPU, saying so; auto then picks the CPU). With early
                              * termination on, a frame stops after the first iteration whose
                              * hard decision satisfies every check OR whose first K' bits
                              * pass the CRC (their division by the CRC's generator, register
                              * starting at zero, leaves no remainder: 38.212 5.1). parity_ok
                              * stays the syndrome of the returned bits, so a frame stopped by
                              * its CRC may report parity_ok 0 with correct bits: the caller
                              * checks the CRC (ldpc_nr_crc_compute). A frame whose bits are
                              * wrong passes a CRC of L bits with probability about 2^-L per
                              * iteration it runs (2^-24; CRC16: 2^-16, so up to 4e-4 over 25
                              * iterations of a frame that does not decode). Without early
                              * termination the CRC changes nothing. */
    int harq_buffers;        /* 0 (default): none. 1..2^20, with input_rate_matched only: the
                              * decoder keeps this many HARQ soft buffers of n LLRs (in GPU
                              * memory for the cuda backend, on one GPU; host memory otherwise)
                              * for incremental-redundancy combining, and every frame of a
                              * batch says which one it adds to, with the redundancy version
                              * it was sent with (ldpc_harq_frame: ldpc_batch_harq,
                              * ldpc_decoder_decode_harq_*). A frame is recovered from its E LLRs
                              * (its own rv, the code's E and Qm), added into its buffer (as
                              * ldpc_nr_rate_recover_f32 adds: fillers stay certain zeros, bits
                              * not sent keep what the buffer held) and the buffer's n values
                              * are decoded, on the code's whole H (no decode graph: a buffer
                              * reaches the rows of every rv it holds); a batch whose frames
                              * name no buffer and have the code's rv decodes as without
                              * buffers (on the decode graph), and with the CPU backends so does
                              * one whose buffers reach no other row yet. A buffer holds values
                              * in the units of the LLRs given: send one code block's
                              * transmissions all as float or all as int8 LLRs; int8 LLRs add
                              * as integers, the sum clamped to -128..127 when decoded. */
    ldpc_row_order row_order; /* any ldpc_row_order; default AUTO. Set the same order on two
                              * backends to get the same bits from both (e.g. GROUPS on a
                              * cuda integer decoder of a DVB code, to match cpu-simd) */
} ldpc_decoder_config;

/* A frame's HARQ soft buffer (ldpc_decoder_config.harq_buffers). */
typedef struct ldpc_harq_frame {
    int32_t buffer; /* 0..harq_buffers-1: the code block's buffer; -1: this frame alone */
    int32_t rv;     /* the redundancy version it was sent with, 0..3 */
    int32_t first;  /* 1: the code block's first transmission (the buffer starts from 0); 0: added
                     * to what the buffer holds */
} ldpc_harq_frame;

/* Per-frame result.
 * Erased frames: a frame that carries no information -- every channel value 0 after the input
 * rule of the decoder's arithmetic (float messages: every LLR NaN or +-0; int8/int16 messages:
 * every LLR quantises to 0, i.e. NaN, +-0 or |LLR * llr_scale| < 0.5; int8 input: every byte
 * 0) -- is reported with parity_ok = 0 on every backend, although its hard decision (usually
 * all zero) satisfies every check: a dead source never looks like valid data. Its bits and
 * iteration count are whatever the decoder produced. */
typedef struct ldpc_frame_status {
    int32_t iterations; /* iterations run for this frame */
    int32_t parity_ok;  /* 1 if the hard decision satisfies every parity check and the frame
                         * is not erased (above) */
} ldpc_frame_status;

typedef struct ldpc_decoder ldpc_decoder;
typedef struct ldpc_batch ldpc_batch;

/* Defaults as documented above (and struct_size). */
LDPC_API void ldpc_decoder_config_init(ldpc_decoder_config *cfg);

/* The defaults for codes of one family: ldpc_decoder_config_init's, with the family's own where
 * they were measured better (docs/quality.md, "Defaults"): offset min-sum with oms_beta 0.5 for
 * 5G NR codes (LDPC_FAMILY_NR: 0.2 - 0.45 dB ahead of 0.25 on base graphs 1 and 2 at 10 and
 * 25 iterations) and for WiMAX and WiFi codes (LDPC_FAMILY_WIMAX, LDPC_FAMILY_WIFI: 0.03 -
 * 0.12 dB ahead of 0.25 at FER 1e-2 and 1e-3 on nine codes at 10 and 25 iterations). The one
 * source of per-code defaults: ldpc_decoder_create with cfg NULL, the NR TB codec, the tool,
 * and the blocks' and numpy API's code_default read it. */
LDPC_API void ldpc_decoder_config_init_family(ldpc_decoder_config *cfg, ldpc_family family);
/* The same for code's family, and for the codes where one offset of a family does not suit all:
 * DVB-S2/T2 64800 r1/2 and r3/5 take oms_beta 0.5 (about 0.1 and 0.2 dB ahead of 0.25 at 25
 * iterations; docs/quality.md, "Defaults"). code NULL: ldpc_decoder_config_init's. */
LDPC_API void ldpc_decoder_config_init_code(ldpc_decoder_config *cfg, const ldpc_code *code);

/* The llr_scale range lo..hi where int8 LLRs and int8/int16 messages keep their quality for
 * code decoded with cfg's algorithm (the rule above): LDPC_LLR_SCALE_NR_BG1_MIN..MAX for 5G NR
 * base graph 1 codes of rate >= 1/3 with offset min-sum, LDPC_LLR_SCALE_MIN..MAX otherwise. cfg NULL: the code's defaults
 * (ldpc_decoder_config_init_code); code NULL: the widest range of any code (for a producer of
 * int8 LLRs that does not know its decoder; the decoder checks its own). ldpc_decoder_create
 * checks this range and the two limits above; this call only reports it. */
LDPC_API int ldpc_llr_scale_range(const ldpc_code *code, const ldpc_decoder_config *cfg,
                                  float *lo, float *hi);
/* LDPC_OK if scale lies in ldpc_llr_scale_range(code, cfg) (cfg's own llr_scale is not read);
 * else LDPC_ERR_INVALID_ARGUMENT with ldpc_last_error naming the range, the code and algorithm
 * and what takes the lower end: the message every user of the rule shows. */
LDPC_API int ldpc_llr_scale_check(float scale, const ldpc_code *code,
                                  const ldpc_decoder_config *cfg);

/* The code must outlive the decoder. cfg NULL = the code's defaults
 * (ldpc_decoder_config_init_code). */
LDPC_API int ldpc_decoder_create(ldpc_decoder **out, const ldpc_code *code, const ldpc_decoder_config *cfg);
/* LLRs per input frame: n, or E with input_rate_matched (0 for NULL). */
LDPC_API int ldpc_decoder_frame_llrs(const ldpc_decoder *dec);

LDPC_API void ldpc_decoder_destroy(ldpc_decoder *dec);

/* Print the decoder's code, backend and configuration (one paragraph) to f. */
LDPC_API void ldpc_decoder_print(const ldpc_decoder *dec, FILE *f);

/* Backend actually in use ("cpu-reference", "cpu-simd", "cuda"), after any fallback. */
LDPC_API const char *ldpc_decoder_backend_name(const ldpc_decoder *dec);
LDPC_API const ldpc_decoder_config *ldpc_decoder_config_get(const ldpc_decoder *dec);
LDPC_API const ldpc_code *ldpc_decoder_code(const ldpc_decoder *dec);
/* Bytes written per frame for the configured output format. */
LDPC_API int ldpc_decoder_output_bytes(const ldpc_decoder *dec);
/* Frames per batch (the configured or backend-chosen value). */
LDPC_API int ldpc_decoder_batch_frames(const ldpc_decoder *dec);

/* Runtime settings, taking effect for batches submitted afterwards. */
LDPC_API int ldpc_decoder_set_max_iterations(ldpc_decoder *dec, int max_iterations);
LDPC_API int ldpc_decoder_set_early_termination(ldpc_decoder *dec, int enabled);

/* Synchronous decode of nframes frames (n LLRs each). out receives nframes *
 * ldpc_decoder_output_bytes() bytes; status (may be NULL) nframes entries. */
LDPC_API int ldpc_decoder_decode_f32(ldpc_decoder *dec, const float *llr, int nframes, uint8_t *out,
                            ldpc_frame_status *status);
LDPC_API int ldpc_decoder_decode_i8(ldpc_decoder *dec, const int8_t *llr, int nframes, uint8_t *out,
                           ldpc_frame_status *status);
/* The same with HARQ combining (harq_buffers): harq[f] is frame f's buffer, rv and whether it
 * is the code block's first transmission. Frames of one call name different buffers (or -1);
 * a call's frames are combined before the next call's. (ldpc_decoder_decode_f32 / _i8 on such
 * a decoder: every frame alone, with the code's rv.) */
LDPC_API int ldpc_decoder_decode_harq_f32(ldpc_decoder *dec, const float *llr, const ldpc_harq_frame *harq,
                                          int nframes, uint8_t *out, ldpc_frame_status *status);
LDPC_API int ldpc_decoder_decode_harq_i8(ldpc_decoder *dec, const int8_t *llr, const ldpc_harq_frame *harq,
                                         int nframes, uint8_t *out, ldpc_frame_status *status);
/* HARQ buffer `buffer`'s n values (what its frames' transmissions added up to) into out;
 * refused while batches are in flight. */
LDPC_API int ldpc_decoder_harq_read(ldpc_decoder *dec, int buffer, float *out);

/* Saturated input LLRs: how many of count LLRs fall outside the int8 range under dec's
 * configuration, i.e. what int8 LLRs or int8 messages would clip.
 *  - float: LLRs whose channel value round(LLR * llr_scale) (after the sign switch; NaN is 0,
 *    the input rule of decoder_fixed.h) lies outside [-128, 127];
 *  - int8: values at the ends of the range, -128, -127 or 127 (their producer clipped them,
 *    or may have: ldpc_llr_quantize_i8 clips at +-127, other producers at -128 and 127).
 * *saturated receives the count. A share of more than a few percent means llr_scale is too
 * large for the input's LLR magnitudes (or the demapper's noise estimate is too small). */
LDPC_API int ldpc_decoder_count_saturated_f32(const ldpc_decoder *dec, const float *llr, size_t count,
                                     uint64_t *saturated);
LDPC_API int ldpc_decoder_count_saturated_i8(const ldpc_decoder *dec, const int8_t *llr, size_t count,
                                    uint64_t *saturated);

/* ---- asynchronous batches ---- */
/* Take a free batch slot. LDPC_ERR_BUSY (no message set) when all are in flight: collect one. */
LDPC_API int ldpc_decoder_acquire(ldpc_decoder *dec, ldpc_batch **batch);
/* Staging buffer for ldpc_decoder_batch_frames() * n LLRs (write float or int8, not both). */
LDPC_API float *ldpc_batch_llr_f32(ldpc_batch *batch);
LDPC_API int8_t *ldpc_batch_llr_i8(ldpc_batch *batch);
/* With harq_buffers: one entry per frame of the batch (ldpc_decoder_batch_frames()), read at
 * submit; NULL for a decoder without HARQ buffers. Every acquire starts them as {-1, the code's
 * rv, 0} (the frame alone). */
LDPC_API ldpc_harq_frame *ldpc_batch_harq(ldpc_batch *batch);
/* Start decoding the first nframes frames of the batch (1 <= nframes <= batch frames). */
LDPC_API int ldpc_decoder_submit(ldpc_decoder *dec, ldpc_batch *batch, int nframes, ldpc_llr_type type);
/* Oldest submitted batch. wait=1 blocks until it is done; wait=0 returns LDPC_ERR_AGAIN if it
 * is not. LDPC_ERR_EMPTY when nothing is in flight. A batch whose decode failed is returned with
 * the failure's status code as the return value (its frames marked iterations=0, parity_ok=0). */
LDPC_API int ldpc_decoder_collect(ldpc_decoder *dec, ldpc_batch **batch, int wait);
LDPC_API int ldpc_batch_frames(const ldpc_batch *batch);
LDPC_API const uint8_t *ldpc_batch_output(const ldpc_batch *batch);
LDPC_API const ldpc_frame_status *ldpc_batch_status(const ldpc_batch *batch);
/* Caller-defined 64-bit tag carried with the batch (e.g. a stream offset). */
LDPC_API void ldpc_batch_set_user(ldpc_batch *batch, uint64_t user);
LDPC_API uint64_t ldpc_batch_user(const ldpc_batch *batch);
/* Return a collected batch to the free pool. */
LDPC_API int ldpc_decoder_release(ldpc_decoder *dec, ldpc_batch *batch);
/* Batches submitted and not yet collected. */
LDPC_API int ldpc_decoder_in_flight(const ldpc_decoder *dec);

/* Backend in use after any fallback (never LDPC_BACKEND_AUTO for a created decoder). */
LDPC_API ldpc_backend ldpc_decoder_backend(const ldpc_decoder *dec);
/* Batch slots of the asynchronous API: how many batches may be in flight at once. */
LDPC_API int ldpc_decoder_batch_slots(const ldpc_decoder *dec);

/* Which backends this build and machine offer (1/0). */
LDPC_API int ldpc_backend_available(ldpc_backend backend);

/* ---- names: the one vocabulary of every front end ----
 * *_name returns the canonical name ("?" for a value out of range); *_from_string accepts the
 * canonical name or an alias, case-insensitive, and returns LDPC_ERR_INVALID_ARGUMENT (the
 * message lists the canonical names) otherwise.
 *   backend:        auto, cpu-reference, cpu-simd, cuda; "cpu" parses as the fastest CPU
 *                   backend of the build
 *   algorithm:      nms, oms, min-sum, sum-product; aliases normalized-min-sum,
 *                   offset-min-sum, ms, spa
 *   schedule:       layered, flooding
 *   message format: f32, i8, i16; aliases float, float32, int8, int16
 *   LLR type:       f32, i8; aliases float, float32, int8
 *   CRC stop:       none, crc24a, crc24b, crc16; aliases off, 24a, 24b, 16
 *   row order:      auto, groups, wide, h; alias natural */
LDPC_API const char *ldpc_backend_name(ldpc_backend backend);
LDPC_API const char *ldpc_algorithm_name(ldpc_algorithm a);
LDPC_API const char *ldpc_schedule_name(ldpc_schedule s);
LDPC_API const char *ldpc_msg_format_name(ldpc_msg_format f);
LDPC_API const char *ldpc_llr_type_name(ldpc_llr_type t);
LDPC_API const char *ldpc_crc_stop_name(ldpc_crc_stop c);
LDPC_API const char *ldpc_row_order_name(ldpc_row_order o);
LDPC_API int ldpc_backend_from_string(const char *s, ldpc_backend *out);
LDPC_API int ldpc_algorithm_from_string(const char *s, ldpc_algorithm *out);
LDPC_API int ldpc_schedule_from_string(const char *s, ldpc_schedule *out);
LDPC_API int ldpc_msg_format_from_string(const char *s, ldpc_msg_format *out);
LDPC_API int ldpc_llr_type_from_string(const char *s, ldpc_llr_type *out);
LDPC_API int ldpc_crc_stop_from_string(const char *s, ldpc_crc_stop *out);
LDPC_API int ldpc_row_order_from_string(const char *s, ldpc_row_order *out);

#ifdef __cplusplus
}
#endif
#endif
