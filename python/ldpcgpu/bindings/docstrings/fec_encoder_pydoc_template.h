#include "pydoc_macros.h"
#define D(...) DOC(gr, ldpcgpu, __VA_ARGS__)
/*
  Docstrings of the Python bindings, written by hand (see README.md): keep them in step with
  the header's documentation.
 */

static const char* __doc_gr_ldpcgpu_fec_encoder =
    R"doc(Systematic LDPC encoder as a gr-fec FECAPI object (a gnuradio.fec generic_encoder) for fec.extended_encoder, fec.encoder, fec.tagged_encoder, fec.async_encoder and fec.bercurve_generator: k unpacked information bits in, n unpacked code bits out per codeword.)doc";
static const char* __doc_gr_ldpcgpu_fec_encoder_make =
    R"doc(fec_encoder.make(code, info_placement="auto", frames_per_call=1)

info_placement: "grfec" (alist codes) gives the codewords of fec.ldpc_encoder_make for the same file; "ldpcgpu" those of this module's encoder block; "auto" is "grfec" for alist codes.)doc";
