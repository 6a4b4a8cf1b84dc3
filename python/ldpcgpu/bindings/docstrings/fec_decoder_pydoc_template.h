#include "pydoc_macros.h"
#define D(...) DOC(gr, ldpcgpu, __VA_ARGS__)
/*
  Docstrings of the Python bindings, written by hand (see README.md): keep them in step with
  the header's documentation.
 */

static const char* __doc_gr_ldpcgpu_fec_decoder =
    R"doc(LDPC decoder as a gr-fec FECAPI object (a gnuradio.fec generic_decoder) for fec.extended_decoder, fec.decoder, fec.tagged_decoder, fec.async_decoder and fec.bercurve_generator: float soft bits in (positive = bit 1 by default, gr-fec's sign; LLR = input * llr_gain), k unpacked information bits out per codeword, for every code the core knows.)doc";
static const char* __doc_gr_ldpcgpu_fec_decoder_make =
    R"doc(fec_decoder.make(code, backend="auto", max_iterations=default_max_iterations(), algorithm=default_algorithm(), message_format="auto", info_placement="auto", llr_positive_is_one=True, llr_gain=1.0, frames_per_call=1, early_termination=True, nms_alpha=default_nms_alpha(), oms_beta=default_oms_beta(), int8_scale=default_int8_scale(), fallback_to_cpu=True)

code: "wimax:2304:1/2", "dvbt2:16200:3/5", "alist:/path/file.alist", ...
info_placement: "grfec" puts the information bits of an alist code where gr-fec's LDPC encoder and decoder put them for the same file; "ldpcgpu" where this module's blocks do; "auto" is "grfec" for alist codes (the standard codes carry them first).
llr_gain: for gr-fec's +-1 soft symbols with noise sigma, 2 / sigma**2.
frames_per_call: codewords decoded per call (one batch) until set_frame_size().)doc";
static const char* __doc_gr_ldpcgpu_fec_decoder_set_frame_size =
    R"doc(set_frame_size(frame_size): decoded bits per call, a positive multiple of k (returns True); a larger non-multiple is rounded down with a warning (returns False); below k raises ValueError.)doc";
static const char* __doc_gr_ldpcgpu_fec_decoder_info_placement =
    R"doc(info_placement(): "grfec" or "ldpcgpu", as resolved from "auto".)doc";
