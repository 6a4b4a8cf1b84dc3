/* C++ ownership of the C core's objects, shared by the blocks and the Python bindings:
 * unique_ptr types with the core's destroy functions, and one way to turn a status into an
 * exception that carries the core's detailed message. */
#ifndef INCLUDED_LDPCGPU_CORE_HANDLES_H
#define INCLUDED_LDPCGPU_CORE_HANDLES_H

#include <gnuradio/ldpcgpu/decoder_defaults.h>
#include <ldpcgpu/ldpcgpu.h>
#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace gr {
namespace ldpcgpu {

struct code_deleter {
    void operator()(::ldpc_code* c) const { ldpc_code_destroy(c); }
};
struct encoder_deleter {
    void operator()(::ldpc_encoder* e) const { ldpc_encoder_destroy(e); }
};
struct decoder_deleter {
    void operator()(::ldpc_decoder* d) const { ldpc_decoder_destroy(d); }
};
struct multi_decoder_deleter {
    void operator()(::ldpc_multi_decoder* d) const { ldpc_multi_decoder_destroy(d); }
};
using code_ptr = std::unique_ptr<::ldpc_code, code_deleter>;
using multi_decoder_ptr = std::unique_ptr<::ldpc_multi_decoder, multi_decoder_deleter>;
using encoder_ptr = std::unique_ptr<::ldpc_encoder, encoder_deleter>;
using decoder_ptr = std::unique_ptr<::ldpc_decoder, decoder_deleter>;

/* A failed core call: what = "<context>: <detailed message> (<status text>)". */
class core_error : public std::runtime_error
{
public:
    core_error(int status, const std::string& what) : std::runtime_error(what), d_status(status)
    {
    }
    int status() const { return d_status; }

private:
    int d_status;
};

/* Throw core_error unless status is LDPC_OK. Call right after the failing core call: the
 * detailed message is per thread and overwritten by the next error. */
inline void check_status(int status, const std::string& context)
{
    if (status == LDPC_OK)
        return;
    std::string detail = ldpc_last_error();
    std::string what = context + ": " + (detail.empty() ? ldpc_strerror(status) : detail);
    if (!detail.empty())
        what += std::string(" (") + ldpc_strerror(status) + ")";
    throw core_error(status, what);
}

/* A code name goes to the core as a C string: one holding a NUL would be cut there (and
 * "wimax:576:1/2\0xyz" accepted as wimax:576:1/2), so it is refused. */
inline void check_code_name(const std::string& name, const std::string& context)
{
    if (name.find('\0') != std::string::npos)
        throw core_error(LDPC_ERR_INVALID_ARGUMENT,
                         context + ": a code name cannot hold a NUL character");
}

inline code_ptr make_code(const std::string& name)
{
    check_code_name(name, "ldpcgpu: code");
    ::ldpc_code* c = nullptr;
    check_status(ldpc_code_create(&c, name.c_str()), "ldpcgpu: code '" + name + "'");
    return code_ptr(c);
}

/* The decoder parameters the blocks and the numpy Decoder take, as they take them (strings
 * for the enumerations). Defaults are the core's (ldpc_decoder_config_init, through
 * decoder_defaults.h). */
struct decoder_params {
    std::string algorithm = default_algorithm();
    std::string backend = "auto";
    int max_iterations = default_max_iterations();
    bool early_termination = true;
    float nms_alpha = code_default; /* code_default: the code's (ldpc_decoder_config_init_code) */
    float oms_beta = code_default;
    bool llr_positive_is_one = false;
    float llr_scale = default_int8_scale();
    bool output_codeword = false;
    bool packed_output = false;
    int batch_frames = 0;
    int batches_in_flight = 0;
    int num_streams = 0;
    std::vector<int> devices;
    bool fallback_to_cpu = true;
    std::string msg_format = "float"; /* "float", "int8" or "int16" (see parse_msg_format) */
    /* input_rate_matched: frames of the E received LLRs of a rate-matched 5G NR code */
    bool rate_matched = false;
    std::string crc_stop = "none"; /* early_stop_crc by name (see parse_crc_stop) */
    /* HARQ soft buffers kept by the decoder (with rate_matched; 0: none) */
    int harq_buffers = 0;
};

/* The decoder's internal message arithmetic by name, parsed by the core's one vocabulary
 * (ldpc_msg_format_from_string: "f32"/"float", "i8"/"int8", "i16"/"int16", any case). Anything
 * else throws std::invalid_argument with the core's message naming the valid values. */
inline ldpc_msg_format parse_msg_format(const std::string& s, const std::string& context)
{
    ldpc_msg_format f = LDPC_MSG_F32;
    if (ldpc_msg_format_from_string(s.c_str(), &f) != LDPC_OK)
        throw std::invalid_argument(context + ": msg_format: " + ldpc_last_error());
    return f;
}

/* The CRC-aided early stop by name, parsed by the core's one vocabulary
 * (ldpc_crc_stop_from_string: "none", "crc24a", "crc24b", "crc16" and their aliases). Anything
 * else throws std::invalid_argument with the core's message naming the valid values. */
inline ldpc_crc_stop parse_crc_stop(const std::string& s, const std::string& context)
{
    ldpc_crc_stop c = LDPC_CRC_STOP_NONE;
    if (s.find('\0') != std::string::npos) /* the core would read it cut at the NUL */
        throw std::invalid_argument(context + ": crc_stop: a name cannot hold a NUL character");
    if (ldpc_crc_stop_from_string(s.c_str(), &c) != LDPC_OK)
        throw std::invalid_argument(context + ": crc_stop: " + ldpc_last_error());
    return c;
}

/* The core's defaults for code (ldpc_decoder_config_init_code; null: for every code). */
inline ldpc_decoder_config code_defaults(const ::ldpc_code* code)
{
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init_code(&cfg, code);
    return cfg;
}

/* The core configuration for params over defaults (code_defaults(code), or a family's): the
 * fields params does not name, and nms_alpha / oms_beta given as code_default, keep the
 * defaults' values. Bad values throw (core_error, or std::invalid_argument for too many
 * devices); context starts each message. */
inline ldpc_decoder_config make_decoder_config(const decoder_params& p,
                                               const std::string& context,
                                               const ldpc_decoder_config& defaults)
{
    ldpc_decoder_config cfg = defaults;
    check_status(ldpc_algorithm_from_string(p.algorithm.c_str(), &cfg.algorithm),
                 "ldpcgpu: algorithm");
    check_status(ldpc_backend_from_string(p.backend.c_str(), &cfg.backend), "ldpcgpu: backend");
    cfg.max_iterations = p.max_iterations;
    cfg.early_termination = p.early_termination ? 1 : 0;
    if (!std::isnan(p.nms_alpha))
        cfg.nms_alpha = p.nms_alpha;
    if (!std::isnan(p.oms_beta))
        cfg.oms_beta = p.oms_beta;
    cfg.llr_positive_is_one = p.llr_positive_is_one ? 1 : 0;
    cfg.llr_scale = p.llr_scale;
    cfg.output_bits = p.output_codeword ? LDPC_OUTPUT_CODEWORD : LDPC_OUTPUT_INFO;
    cfg.output_packing = p.packed_output ? LDPC_OUTPUT_PACKED : LDPC_OUTPUT_UNPACKED;
    cfg.batch_frames = p.batch_frames;
    cfg.batches_in_flight = p.batches_in_flight;
    cfg.num_streams = p.num_streams;
    if (p.devices.size() > LDPC_MAX_DEVICES)
        throw std::invalid_argument(context + ": at most " + std::to_string(LDPC_MAX_DEVICES) +
                                    " devices");
    cfg.num_devices = static_cast<int>(p.devices.size());
    std::copy(p.devices.begin(), p.devices.end(), cfg.devices);
    cfg.fallback_to_cpu = p.fallback_to_cpu ? 1 : 0;
    cfg.msg_format = parse_msg_format(p.msg_format, context);
    cfg.input_rate_matched = p.rate_matched ? 1 : 0;
    cfg.early_stop_crc = parse_crc_stop(p.crc_stop, context);
    cfg.harq_buffers = p.harq_buffers;
    return cfg;
}

} // namespace ldpcgpu
} // namespace gr

#endif
