/* C++ ownership of the C core's objects, shared by the blocks and the Python bindings:
 * unique_ptr types with the core's destroy functions, and one way to turn a status into an
 * exception that carries the core's detailed message. */
#ifndef INCLUDED_LDPCGPU_CORE_HANDLES_H
#define INCLUDED_LDPCGPU_CORE_HANDLES_H

#include <ldpcgpu/ldpcgpu.h>
#include <memory>
#include <stdexcept>
#include <string>

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
using code_ptr = std::unique_ptr<::ldpc_code, code_deleter>;
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

inline code_ptr make_code(const std::string& name)
{
    ::ldpc_code* c = nullptr;
    check_status(ldpc_code_create(&c, name.c_str()), "ldpcgpu: code '" + name + "'");
    return code_ptr(c);
}

/* The decoder settings the blocks share, parsed from their string parameters. */
inline void parse_decoder_strings(ldpc_decoder_config& cfg,
                                  const std::string& algorithm,
                                  const std::string& backend)
{
    check_status(ldpc_algorithm_from_string(algorithm.c_str(), &cfg.algorithm),
                 "ldpcgpu: algorithm");
    check_status(ldpc_backend_from_string(backend.c_str(), &cfg.backend), "ldpcgpu: backend");
}

} // namespace ldpcgpu
} // namespace gr

#endif
