/* gr-ldpcgpu: the decoder blocks' default settings.
 *
 * They are the C core's (ldpc_decoder_config_init), read at run time, so that the core, the
 * ldpcgpu tool, both decoder blocks' make(), their Python bindings and the GRC blocks (whose
 * defaults are these functions, called from Python) share one value each. */
#ifndef INCLUDED_LDPCGPU_DECODER_DEFAULTS_H
#define INCLUDED_LDPCGPU_DECODER_DEFAULTS_H

#include <gnuradio/ldpcgpu/api.h>
#include <string>

namespace gr {
namespace ldpcgpu {

LDPCGPU_API std::string default_algorithm(); /* "nms", "oms", "min-sum" or "sum-product" */
LDPCGPU_API int default_max_iterations();
LDPCGPU_API float default_nms_alpha();       /* normalized min-sum factor */
LDPCGPU_API float default_oms_beta();        /* offset min-sum offset, LLR units */
LDPCGPU_API float default_int8_scale();      /* int8 LLR = round(LLR * scale) */

} // namespace ldpcgpu
} // namespace gr

#endif /* INCLUDED_LDPCGPU_DECODER_DEFAULTS_H */
