#include "pydoc_macros.h"
#define D(...) DOC(gr, ldpcgpu, __VA_ARGS__)
/*
  Docstrings of the Python bindings, written by hand (see README.md): keep them in step with
  the header's documentation.
 */

static const char* __doc_gr_ldpcgpu_default_algorithm =
    R"doc(The decoders' default algorithm (the C core's): "nms", "oms", "min-sum" or "sum-product".)doc";
static const char* __doc_gr_ldpcgpu_default_max_iterations =
    R"doc(The decoders' default maximum iterations per frame (the C core's).)doc";
static const char* __doc_gr_ldpcgpu_default_nms_alpha =
    R"doc(The default normalized min-sum factor (the C core's).)doc";
static const char* __doc_gr_ldpcgpu_default_oms_beta =
    R"doc(The default offset min-sum offset, in LLR units (the C core's).)doc";
static const char* __doc_gr_ldpcgpu_default_int8_scale =
    R"doc(The default int8 LLR scale: int8 LLR = round(LLR * scale) (the C core's).)doc";
