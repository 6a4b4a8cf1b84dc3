/* gr-ldpcgpu core: the error-rate simulator object.
 *
 * One simulator = one code + one decoder configuration + one channel. It sends frames over
 * AWGN (BPSK by default; QPSK and 16/64/256-QAM mapped as DVB-T2 maps them, demap.h) and
 * counts bit and frame errors of the decoded information bits, at the decoder's speed: with
 * the cuda backend the information bits, the encoding (QC and DVB codes), the noise, the LLRs
 * and the error count are all made on the GPU and only the counts cross PCIe; with the CPU
 * backends every core makes and decodes frames.
 *
 * Frames are numbered. Frame f of a run with seed s is a pure function of (s, f, Eb/N0,
 * modulation, noise rule): its information bits and (by default) its noise come from
 * Philox4x32-10 (the counter-based generator of cuRAND) keyed by s with frame f as the
 * subsequence (core/src/sim_frame.h writes the rule once for the host and the device; the
 * i8-table noise rule draws from ARS-7 the same way, core/src/sim_i8_table.h). So any frame can
 * be reproduced alone, the same frame numbers give the same counts on any backend whose
 * arithmetic is the same, and ranks of a distributed run that take disjoint frame ranges add up
 * to the single-process run.
 * Every Eb/N0 point draws the same bits and the same unit-variance noise (common random
 * numbers: differences between points and between decoders have less variance).
 *
 * Threads: a simulator is used by one thread at a time (it owns its decoder).
 */
#ifndef LDPCGPU_SIM_H
#define LDPCGPU_SIM_H

#include "export.h"

#include <stdint.h>
#include <stdio.h>
#include "code.h"
#include "decoder.h"
#include "demap.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ldpc_sim_codeword {
    LDPC_SIM_RANDOM = 0,   /* random information bits, encoded (default) */
    LDPC_SIM_ALL_ZERO = 1  /* the all-zero codeword: the same error rates for a decoder that is
                            * symmetric in the sign of its LLRs (every decoder of this library
                            * with float LLRs; int8 LLRs are clamped to +-127, also symmetric),
                            * because BPSK/AWGN is a symmetric channel and the code is linear;
                            * skips the encoder (any code on the GPU, including alist codes) */
} ldpc_sim_codeword;

/* How a frame's noise and LLRs are drawn. */
typedef enum ldpc_sim_noise {
    LDPC_SIM_NOISE_BOX_MULLER = 0, /* "box-muller" (default): Philox4x32-10 words, Box-Muller
                                    * deviates, float LLRs (quantised when llr_type is int8):
                                    * the same frames on the host and the GPU */
    LDPC_SIM_NOISE_I8_TABLE = 1    /* "i8-table": int8 LLRs drawn straight from their exact
                                    * distribution (the quantised BPSK/AWGN LLR at the
                                    * decoder's llr_scale, to 2^-32) by an alias table fed by
                                    * ARS-7 (AES rounds); a third of the host's cost per
                                    * frame with AVX-512 VBMI and VAES, less gain elsewhere.
                                    * Needs llr_type int8 and bpsk or qpsk; the frames are made
                                    * on the host (also for the cuda decoder); a frame's
                                    * codeword is box-muller's, its noise is not. "sat LLRs"
                                    * counts the LLRs at +-127. core/src/sim_i8_table.h */
} ldpc_sim_noise;

typedef struct ldpc_sim_config {
    uint64_t seed;              /* key of every frame's bits and noise, any value (default 1) */
    ldpc_sim_codeword codeword; /* LDPC_SIM_RANDOM (default) or LDPC_SIM_ALL_ZERO */
    ldpc_llr_type llr_type;     /* LLRs handed to the decoder: LDPC_LLR_F32 (default) or
                                 * LDPC_LLR_I8 = ldpc_llr_quantize_i8 of the float LLR at the
                                 * decoder's llr_scale (which must then lie in
                                 * ldpc_llr_scale_range for the code and algorithm) */
    int num_threads;            /* CPU channel and decoder workers, 0..1024, 0 = one per core */
    ldpc_modulation modulation; /* LDPC_MOD_BPSK (default) .. LDPC_MOD_QAM256; unit average
                                 * symbol energy, Es = R bits Eb. Coded bits fill the symbols in
                                 * order (bit j of symbol s = coded bit s bits + j); a last symbol
                                 * that n does not fill is padded with zeros. Gray QPSK gives
                                 * each bit BPSK's LLR exactly, so QPSK frames equal BPSK's */
    ldpc_demap_method demapper; /* 16/64/256-QAM: LDPC_DEMAP_EXACT (default) or _MAX_LOG LLRs */
    ldpc_sim_noise noise;       /* LDPC_SIM_NOISE_BOX_MULLER (default) or _I8_TABLE */
} ldpc_sim_config;

/* Names of the noise rules ("box-muller", "i8-table"), as the tool and JSON spell them. */
LDPC_API const char *ldpc_sim_noise_name(ldpc_sim_noise n);
LDPC_API int ldpc_sim_noise_from_string(const char *s, ldpc_sim_noise *out);

/* Counts over the frames simulated. Each field is a sum over frames, so counts of disjoint
 * frame ranges (threads, ranks, resumed runs) add. */
typedef struct ldpc_sim_counts {
    uint64_t frames;
    uint64_t bit_errors;       /* information bits decoded wrong */
    uint64_t frame_errors;     /* frames with at least one information bit wrong */
    uint64_t parity_failures;  /* frames the decoder reported with parity_ok = 0 */
    uint64_t undetected;       /* frames in error whose parity checks passed */
    uint64_t iterations;       /* sum of iterations run */
    uint64_t saturated;        /* channel LLRs beyond the int8 range at the decoder's llr_scale */
} ldpc_sim_counts;

typedef struct ldpc_sim ldpc_sim;

LDPC_API void ldpc_sim_config_init(ldpc_sim_config *cfg);

/* The code must outlive the simulator. dcfg NULL = the code's decoder defaults
 * (ldpc_decoder_config_init_code), scfg NULL = defaults.
 * The decoder is created from dcfg (backend fallback as ldpc_decoder_create). */
LDPC_API int ldpc_sim_create(ldpc_sim **out, const ldpc_code *code, const ldpc_decoder_config *dcfg,
                    const ldpc_sim_config *scfg);
LDPC_API void ldpc_sim_destroy(ldpc_sim *sim);

/* Simulate frames first, first+1, ... at ebn0_db, adding their counts to *counts.
 * Runs all max_frames frames, or, when stop_frame_errors > 0, stops once counts->frame_errors
 * (including what *counts held on entry) reaches stop_frame_errors; frames already in flight at
 * that moment are finished and counted, so the frames simulated are always the contiguous range
 * first .. first + (frames added) - 1, and the same call gives the same counts every time.
 * Where it stops: the "cpu" channel merges the frames' counts one by one in frame order and stops
 * at the very frame whose error reaches stop_frame_errors (whatever the number of threads); the
 * "gpu" channel at the end of the batch holding it. On an error *counts is left as it was
 * ("cpu") or holds the batches counted before it ("gpu").
 * Returns an LDPC status. */
LDPC_API int ldpc_sim_run(ldpc_sim *sim, double ebn0_db, uint64_t first, uint64_t max_frames,
                 uint64_t stop_frame_errors, ldpc_sim_counts *counts);

/* Where the frames are made: "gpu" (bits, encoding, noise and counts on the GPU), "cpu"
 * (threads on the host; the decoder may still be the GPU's). */
LDPC_API const char *ldpc_sim_channel_name(const ldpc_sim *sim);
/* Frames the simulator keeps in flight at most (over all its GPUs, or host slots); 0 for NULL.
 * Each ldpc_sim_run call fills this pipeline and drains it before returning, so a call of a
 * few times this many frames or fewer leaves the devices partly idle: callers that run a long
 * simulation in pieces (ldpcgpu simulate's rounds) make each piece many times larger. */
LDPC_API uint64_t ldpc_sim_frames_in_flight(const ldpc_sim *sim);
LDPC_API ldpc_decoder *ldpc_sim_decoder(ldpc_sim *sim);
LDPC_API const ldpc_sim_config *ldpc_sim_config_get(const ldpc_sim *sim);
LDPC_API void ldpc_sim_print(const ldpc_sim *sim, FILE *f);

/* Frames as the simulator makes them, on the host, one thread (tests, the tool's other
 * commands, reproducing a frame alone). cfg: its seed, codeword, modulation and demapper
 * (NULL = defaults).
 *
 * ldpc_sim_make_frame: frame f's info (k bits, one per byte; zeros for LDPC_SIM_ALL_ZERO),
 * codeword (n bits) and channel LLRs (n floats, positive = 0; BPSK's 2y/sigma^2, QAM's by the
 * demapper) at ebn0_db. Any output may be NULL. Float LLRs are box-muller's: asked for under
 * the i8-table noise they are refused (LDPC_ERR_UNSUPPORTED; ldpc_sim_channel_llrs_i8 below).
 * ldpc_sim_make_frames: the same for frames first .. first + nframes - 1 (nframes >= 0), frame
 * first + j at info + j k, codeword + j n, llr + j n; it makes an encoder for each call (for a
 * generic alist code that takes long: callers making many ranges keep their own encoder and
 * use the two functions below).
 * ldpc_sim_info_bits: only the information bits of those frames (nframes x k).
 * ldpc_sim_channel_llrs: only the channel: the LLRs of frames first .. first + nframes - 1
 * sent as the given codewords (nframes x n bits, only the low bit used; NULL = all zero), by
 * frame index the same noise the simulator adds (also for codewords that do not come from the
 * rule's bits, e.g. a file's). */
LDPC_API int ldpc_sim_make_frame(const ldpc_code *code, const ldpc_sim_config *cfg, double ebn0_db,
                        uint64_t frame, uint8_t *info, uint8_t *codeword, float *llr);
LDPC_API int ldpc_sim_make_frames(const ldpc_code *code, const ldpc_sim_config *cfg,
                                  double ebn0_db, uint64_t first, int nframes, uint8_t *info,
                                  uint8_t *codeword, float *llr);
LDPC_API int ldpc_sim_info_bits(const ldpc_code *code, const ldpc_sim_config *cfg,
                                uint64_t first, int nframes, uint8_t *info);
LDPC_API int ldpc_sim_channel_llrs(const ldpc_code *code, const ldpc_sim_config *cfg,
                                   double ebn0_db, uint64_t first, int nframes,
                                   const uint8_t *codeword, float *llr);

/* The int8 channel LLRs of frames first .. first + nframes - 1 sent as codeword (as
 * ldpc_sim_channel_llrs) for a decoder at llr_scale (ldpc_llr_scale_range of the code with
 * its defaults, ldpc_llr_scale_check's message otherwise): what the
 * simulator hands such a decoder, under either noise rule (box-muller: the float LLRs through
 * ldpc_llr_quantize_i8; i8-table: its own draw). */
LDPC_API int ldpc_sim_channel_llrs_i8(const ldpc_code *code, const ldpc_sim_config *cfg,
                                      double ebn0_db, float llr_scale, uint64_t first,
                                      int nframes, const uint8_t *codeword, int8_t *llr);

/* The one float -> int8 LLR rule (simulator, tool, tests): NaN -> 0, then
 * round(llr * scale) (ties away from zero) clamped to -127..127. */
LDPC_API void ldpc_llr_quantize_i8(const float *llr, size_t count, float scale, int8_t *out);

#ifdef __cplusplus
}
#endif
#endif
