#include "pydoc_macros.h"
#define D(...) DOC(gr, ldpcgpu, __VA_ARGS__)
/*
  Docstrings of the Python bindings, written by hand (see README.md): keep them in step with
  the header's documentation.
 */

static const char* __doc_gr_ldpcgpu_ldpc_decoder =
    R"doc(LDPC decoder block: LLR stream in (float32 or int8, positive = bit 0 unless llr_positive_is_one), decoded bits out (k information bits or n code bits per frame, unpacked or packed MSB first). Tags ldpc_iterations, ldpc_parity_ok, ldpc_latency_ns on each frame's first output item (frame_tags: 'all', 'failed' frames only, or 'none'); message_format 'auto' (int8 for int8 input, else float), 'float', 'int8' or 'int16' inside the decoder; input tags carried to the frame's output. The last partial batch is flushed at the end of the stream; a stream ending inside a frame drops that incomplete frame with a warning.)doc";
static const char* __doc_gr_ldpcgpu_ldpc_decoder_make =
    R"doc(Make a stream decoder. Every default not written out is the C core's (decoder_defaults.h); a value outside its range raises.)doc";
