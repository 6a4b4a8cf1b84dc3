#include "pydoc_macros.h"
#define D(...) DOC(gr, ldpcgpu, __VA_ARGS__)
/*
  Docstrings of the Python bindings, written by hand (see README.md): keep them in step with
  the header's documentation.
 */

static const char* __doc_gr_ldpcgpu_ldpc_decoder =
    R"doc(LDPC decoder block: LLR stream in (float32 or int8, positive = bit 0 unless llr_positive_is_one), decoded bits out (k information bits or n code bits per frame, unpacked or packed MSB first).

Per-frame results (frame_tags): "batch" (default) puts ONE tag "ldpc_frames" on the first item of each run of frames written together; its value is a dict with "ldpc_frames" (number of frames), "ldpc_frame_items" (output items per frame), and per-frame vectors "ldpc_frame_iterations", "ldpc_frame_parity_ok", "ldpc_frame_latency_ns" (ldpcgpu.frame_results(tags) expands them). "all": tags ldpc_iterations, ldpc_parity_ok, ldpc_latency_ns on every frame's first item (costly at high frame rates); "failed": those on failed frames only; "none". Input tags are carried to the frame's output in every mode.

msg_format: 'auto' (int8 for int8 input, else float), 'float', 'int8' or 'int16' inside the decoder. The last partial batch is flushed at the end of the stream; a stream ending inside a frame drops that incomplete frame with a warning. Bad values raise ldpcgpu.LdpcError (a ValueError).)doc";
static const char* __doc_gr_ldpcgpu_ldpc_decoder_make =
    R"doc(Make a stream decoder. Every default not written out is the C core's (decoder_defaults.h); a value outside its range raises ldpcgpu.LdpcError (a ValueError).)doc";
