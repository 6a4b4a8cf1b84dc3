/* The decoder blocks' defaults: the C core's. See decoder_defaults.h. */
#include "core_handles.h"
#include <gnuradio/ldpcgpu/decoder_defaults.h>
#include <ldpcgpu/ldpcgpu.h>

namespace gr {
namespace ldpcgpu {

namespace {
ldpc_decoder_config core_defaults()
{
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    return cfg;
}

ldpc_decoder_config code_defaults(const std::string& name)
{
    code_ptr code = make_code(name);
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init_code(&cfg, code.get());
    return cfg;
}
} // namespace

std::string default_algorithm() { return ldpc_algorithm_name(core_defaults().algorithm); }
int default_max_iterations() { return core_defaults().max_iterations; }
float default_nms_alpha() { return core_defaults().nms_alpha; }
float default_oms_beta() { return core_defaults().oms_beta; }
float default_int8_scale() { return core_defaults().llr_scale; }

std::string default_algorithm(const std::string& code)
{
    return ldpc_algorithm_name(code_defaults(code).algorithm);
}
int default_max_iterations(const std::string& code) { return code_defaults(code).max_iterations; }
float default_nms_alpha(const std::string& code) { return code_defaults(code).nms_alpha; }
float default_oms_beta(const std::string& code) { return code_defaults(code).oms_beta; }

} // namespace ldpcgpu
} // namespace gr
