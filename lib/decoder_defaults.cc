/* The decoder blocks' defaults: the C core's. See decoder_defaults.h. */
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
} // namespace

std::string default_algorithm() { return ldpc_algorithm_name(core_defaults().algorithm); }
int default_max_iterations() { return core_defaults().max_iterations; }
float default_nms_alpha() { return core_defaults().nms_alpha; }
float default_oms_beta() { return core_defaults().oms_beta; }
float default_int8_scale() { return core_defaults().llr_scale; }

} // namespace ldpcgpu
} // namespace gr
