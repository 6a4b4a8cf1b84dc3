/* gr-ldpcgpu: the decoder blocks' default settings.
 *
 * They are the C core's (ldpc_decoder_config_init, and per code ldpc_decoder_config_init_code),
 * read at run time, so that the core, the ldpcgpu tool, the decoder blocks' make(), their Python
 * bindings and the GRC blocks share one value each. */
#ifndef INCLUDED_LDPCGPU_DECODER_DEFAULTS_H
#define INCLUDED_LDPCGPU_DECODER_DEFAULTS_H

#include <gnuradio/ldpcgpu/api.h>
#include <limits>
#include <string>

namespace gr {
namespace ldpcgpu {

/* The defaults for every code. */
LDPCGPU_API std::string default_algorithm(); /* "nms", "oms", "min-sum" or "sum-product" */
LDPCGPU_API int default_max_iterations();
LDPCGPU_API float default_nms_alpha();       /* normalized min-sum factor */
LDPCGPU_API float default_oms_beta();        /* offset min-sum offset, LLR units */
LDPCGPU_API float default_int8_scale();      /* int8 LLR = round(LLR * scale) */

/* The defaults for the named code (ldpc_decoder_config_init_code: oms_beta 0.5 for 5G NR,
 * WiMAX, WiFi and DVB 64800 r1/2, r3/5 codes, else 0.25). An unknown name throws, as a block's
 * make() does. */
LDPCGPU_API std::string default_algorithm(const std::string& code);
LDPCGPU_API int default_max_iterations(const std::string& code);
LDPCGPU_API float default_nms_alpha(const std::string& code);
LDPCGPU_API float default_oms_beta(const std::string& code);

/* The value of the decoders' nms_alpha and oms_beta parameters (make(), the numpy Decoder, the
 * GRC blocks) that stands for "the code's default" (default_nms_alpha(code),
 * default_oms_beta(code)): their default. A NaN, never a valid setting. */
constexpr float code_default = std::numeric_limits<float>::quiet_NaN();

} // namespace ldpcgpu
} // namespace gr

#endif /* INCLUDED_LDPCGPU_DECODER_DEFAULTS_H */
