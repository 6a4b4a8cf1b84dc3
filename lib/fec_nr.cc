/* 5G NR rate matching for the FECAPI objects. See fec_nr.h. */
#include "fec_nr.h"
#include <algorithm>
#include <cstring>

namespace gr {
namespace ldpcgpu {

fec_nr fec_nr::of(const ::ldpc_code* code)
{
    fec_nr r;
    std::memset(&r.p, 0, sizeof r.p);
    r.active = ldpc_code_nr_params(code, &r.p) == LDPC_OK && r.p.e > 0;
    return r;
}

void fec_nr::encode(::ldpc_encoder* enc, const uint8_t* in, int frames, uint8_t* out,
                    std::vector<uint8_t>& info, std::vector<uint8_t>& cw) const
{
    const size_t k = static_cast<size_t>(p.cb.k), kp = static_cast<size_t>(p.cb.k_prime);
    const size_t n = static_cast<size_t>(p.cb.n_ldpc), e = static_cast<size_t>(p.e);
    info.assign(static_cast<size_t>(frames) * k, 0); /* the fillers are zeros */
    cw.resize(static_cast<size_t>(frames) * n);
    for (int f = 0; f < frames; f++)
        std::memcpy(info.data() + f * k, in + f * kp, kp);
    check_status(ldpc_encoder_encode(enc, info.data(), cw.data(), frames),
                 "ldpcgpu.fec_encoder: encode");
    for (int f = 0; f < frames; f++)
        check_status(ldpc_nr_rate_match(&p.cb, p.rv, p.qm, p.e, cw.data() + f * n, out + f * e),
                     "ldpcgpu.fec_encoder: rate matching");
}

void fec_nr::strip_fillers(const uint8_t* bits, int frames, uint8_t* out) const
{
    const size_t k = static_cast<size_t>(p.cb.k), kp = static_cast<size_t>(p.cb.k_prime);
    for (int f = 0; f < frames; f++)
        std::memcpy(out + f * kp, bits + f * k, kp);
}

} // namespace ldpcgpu
} // namespace gr
