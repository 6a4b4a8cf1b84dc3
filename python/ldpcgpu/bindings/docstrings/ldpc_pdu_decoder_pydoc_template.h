#include "pydoc_macros.h"
#define D(...) DOC(gr, ldpcgpu, __VA_ARGS__)
/*
  Docstrings of the Python bindings, written by hand (see README.md): keep them in step with
  the header's documentation.
 */

static const char* __doc_gr_ldpcgpu_ldpc_pdu_decoder =
    R"doc(LDPC decoder for PDUs (gr-fec async decoder conventions): message port 'in' takes (meta, f32vector or s8vector of whole frames of LLRs), port 'out' emits (meta, u8vector of bits) with ldpc_frames, ldpc_iterations, ldpc_parity_ok, ldpc_frame_iterations and ldpc_frame_parity_ok added to the metadata.)doc";
static const char* __doc_gr_ldpcgpu_ldpc_pdu_decoder_make =
    R"doc(Make a PDU decoder; the parameters are ldpc_decoder's (see its documentation). Defaults not written out are the C core's; a value outside its range raises ValueError.)doc";
