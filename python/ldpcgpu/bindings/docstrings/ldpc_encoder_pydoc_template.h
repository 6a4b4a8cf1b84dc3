#include "pydoc_macros.h"
#define D(...) DOC(gr, ldpcgpu, __VA_ARGS__)
/*
  Docstrings of the Python bindings, written by hand (see README.md): keep them in step with
  the header's documentation.
 */

static const char* __doc_gr_ldpcgpu_ldpc_encoder =
    R"doc(LDPC encoder block: k information bits in, one n-bit codeword out (unpacked: one bit per byte; packed: 8 bits per byte, MSB first, each frame starting on a byte).)doc";
static const char* __doc_gr_ldpcgpu_ldpc_encoder_make =
    R"doc(ldpc_encoder(code, packed_input=False, packed_output=False)

code: code name ("dvbt2:64800:1/2", "wimax:576:1/2", "alist:/path/f.alist", ...).)doc";
