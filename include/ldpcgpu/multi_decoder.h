/* gr-ldpcgpu core: one decoder for frames of many codes.
 *
 * A multi-code decoder is created with a list of codes (e.g. four DVB-S2 MODCODs of one frame
 * size for an ACM/VCM stream, or the NR codes of a slot's code blocks) and one configuration.
 * Each frame of a batch names its code by its index in that list; the decoder groups the frames
 * by code, decodes each group with a single-code ldpc_decoder of that code (every group's
 * batches in flight at once, so the groups run side by side), and writes every frame's output
 * and status back at the frame's own place.
 *
 * Backends: every backend of ldpc_decoder (the configuration's backend, with its fallback
 * rules). cpu-reference and cpu-simd decode the groups concurrently; cuda decodes each group
 * with the single-code pipeline of its code, i.e. separate launches per code (not one launch
 * for the whole batch).
 *
 * Rate-matched input: with the configuration's input_rate_matched set, every rate-matched 5G NR
 * code of the list ("nr:K:E[:rvR][:qmQ]", nr.h) takes frames of its E received LLRs, as its
 * single-code decoder does (decoder.h); the list's other codes (mother codes "nr:bg1:z384",
 * other families) keep frames of n LLRs. ldpc_multi_decoder_frame_llrs() gives each code's.
 *
 * Layout (stride = the largest frame length / output bytes over the codes, so a batch is a 2-D
 * array):
 *  - input: frame f's LLRs start at llr + f * ldpc_multi_decoder_max_n() (float or int8
 *    elements); only the first ldpc_multi_decoder_frame_llrs(dec, code_index[f]) (n, or E of a
 *    rate-matched code with input_rate_matched) are read, the rest of the row is ignored;
 *  - output: frame f's bytes start at out + f * ldpc_multi_decoder_max_output_bytes(); the
 *    first ldpc_multi_decoder_output_bytes(dec, code_index[f]) are its output in the
 *    configured format, the rest of the row is set to 0;
 *  - status: one ldpc_frame_status per frame, in input order.
 *
 * Speed: each code's frames are decoded apart, so a code gets its own SIMD lane groups (cpu-simd)
 * or launches (cuda). A call should carry, for every code in it, at least a lane group's worth
 * of frames (cpu-simd: 8 to 64 frames, by message format and CPU) or a partly empty group pays
 * for a full one; with that, a stream cycling through 4 codes decodes at close to the speed of
 * each code alone (multi_bench measures it).
 *
 * Threads: as ldpc_decoder (one thread at a time per decoder). The codes must outlive it.
 */
#ifndef LDPCGPU_MULTI_DECODER_H
#define LDPCGPU_MULTI_DECODER_H

#include "export.h"

#include <stdint.h>
#include <stdio.h>
#include "code.h"
#include "decoder.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LDPC_MULTI_MAX_CODES 256

typedef struct ldpc_multi_decoder ldpc_multi_decoder;

/* ncodes codes (1..LDPC_MULTI_MAX_CODES, none NULL; a code may appear twice), one
 * configuration for all (NULL = each code's own defaults, ldpc_decoder_config_init_code),
 * checked against every code as ldpc_decoder_create does (input_rate_matched: against the
 * rate-matched NR codes only, above; early_stop_crc: against every code, so all must be NR). */
LDPC_API int ldpc_multi_decoder_create(ldpc_multi_decoder **out, const ldpc_code *const *codes,
                                       int ncodes, const ldpc_decoder_config *cfg);
LDPC_API void ldpc_multi_decoder_destroy(ldpc_multi_decoder *dec);
LDPC_API void ldpc_multi_decoder_print(const ldpc_multi_decoder *dec, FILE *f);

LDPC_API int ldpc_multi_decoder_num_codes(const ldpc_multi_decoder *dec);
LDPC_API const ldpc_code *ldpc_multi_decoder_code(const ldpc_multi_decoder *dec, int index);
/* Backend in use (after any fallback), as ldpc_decoder_backend_name. */
LDPC_API const char *ldpc_multi_decoder_backend_name(const ldpc_multi_decoder *dec);
/* Input row length (the largest frame length: n, or E of a rate-matched code with
 * input_rate_matched, which may exceed n) and output row length (largest output bytes) of a
 * batch. */
LDPC_API int ldpc_multi_decoder_max_n(const ldpc_multi_decoder *dec);
/* LLRs of one frame of code index (its share of the input row): n, or E with
 * input_rate_matched on a rate-matched NR code, as ldpc_decoder_frame_llrs. */
LDPC_API int ldpc_multi_decoder_frame_llrs(const ldpc_multi_decoder *dec, int index);
LDPC_API int ldpc_multi_decoder_max_output_bytes(const ldpc_multi_decoder *dec);
/* Output bytes of one frame of code index (its share of the output row). */
LDPC_API int ldpc_multi_decoder_output_bytes(const ldpc_multi_decoder *dec, int index);

/* Runtime settings for every code's decoder. */
LDPC_API int ldpc_multi_decoder_set_max_iterations(ldpc_multi_decoder *dec, int max_iterations);
LDPC_API int ldpc_multi_decoder_set_early_termination(ldpc_multi_decoder *dec, int enabled);

/* Input LLRs beyond the int8 range under the configuration's llr_scale, among count LLRs, as
 * ldpc_decoder_count_saturated_f32 / _i8 count them (the same for every code). */
LDPC_API int ldpc_multi_decoder_count_saturated_f32(const ldpc_multi_decoder *dec, const float *llr,
                                                    size_t count, uint64_t *saturated);
LDPC_API int ldpc_multi_decoder_count_saturated_i8(const ldpc_multi_decoder *dec, const int8_t *llr,
                                                   size_t count, uint64_t *saturated);

/* Decode nframes frames (layout above); code_index[f] (0..ncodes-1) is frame f's code. Every
 * index is checked before anything is decoded (a bad one: LDPC_ERR_INVALID_ARGUMENT, out and
 * status untouched). Frames of a batch whose decode fails (or that its code's decoder refuses,
 * e.g. int8 LLRs outside the llr_scale range) come back with iterations 0, parity_ok 0 and a
 * zero output row; the other frames are decoded, and the first failure's status is returned.
 * status may be NULL. */
LDPC_API int ldpc_multi_decoder_decode_f32(ldpc_multi_decoder *dec, const float *llr,
                                           const int *code_index, int nframes, uint8_t *out,
                                           ldpc_frame_status *status);
LDPC_API int ldpc_multi_decoder_decode_i8(ldpc_multi_decoder *dec, const int8_t *llr,
                                          const int *code_index, int nframes, uint8_t *out,
                                          ldpc_frame_status *status);

#ifdef __cplusplus
}
#endif
#endif
