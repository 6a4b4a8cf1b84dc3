#include "pydoc_macros.h"
#define D(...) DOC(gr, ldpcgpu, __VA_ARGS__)
/*
  Docstrings of the Python bindings, written by hand (see README.md): keep them in step with
  the header's documentation.
 */

static const char* __doc_gr_ldpcgpu_default_algorithm_0 =
    R"doc(The decoders' default algorithm (the C core's): "nms", "oms", "min-sum" or "sum-product".)doc";
static const char* __doc_gr_ldpcgpu_default_algorithm_1 =
    R"doc(The default algorithm for the named code (its family's).)doc";
static const char* __doc_gr_ldpcgpu_default_max_iterations_0 =
    R"doc(The decoders' default maximum iterations per frame (the C core's).)doc";
static const char* __doc_gr_ldpcgpu_default_max_iterations_1 =
    R"doc(The default maximum iterations for the named code (its family's).)doc";
static const char* __doc_gr_ldpcgpu_default_nms_alpha_0 =
    R"doc(The default normalized min-sum factor (the C core's).)doc";
static const char* __doc_gr_ldpcgpu_default_nms_alpha_1 =
    R"doc(The default normalized min-sum factor for the named code (its family's): what the decoders take when nms_alpha is code_default.)doc";
static const char* __doc_gr_ldpcgpu_default_oms_beta_0 =
    R"doc(The default offset min-sum offset, in LLR units (the C core's).)doc";
static const char* __doc_gr_ldpcgpu_default_oms_beta_1 =
    R"doc(The default offset min-sum offset for the named code (the code's: 0.5 for 5G NR, WiMAX, WiFi and DVB 64800 r1/2, r3/5 codes, else 0.25): what the decoders take when oms_beta is code_default.)doc";
static const char* __doc_gr_ldpcgpu_default_int8_scale =
    R"doc(The default int8 LLR scale: int8 LLR = round(LLR * scale) (the C core's).)doc";
