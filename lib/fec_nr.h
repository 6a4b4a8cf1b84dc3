/* 5G NR rate-matched codes ("nr:K:E[:rvR][:qmQ]") in the FECAPI objects (fec_encoder,
 * fec_decoder): gr-fec moves K information bits in and E transmitted bits out per code block,
 * while the core's encoder and decoder work on the mother codeword (k = K + fillers bits, n =
 * 68 Z / 52 Z). The steps between: fillers added and removed, rate matching (ldpc_nr_rate_match);
 * its inverse is the core decoder's (input_rate_matched). */
#ifndef INCLUDED_LDPCGPU_FEC_NR_H
#define INCLUDED_LDPCGPU_FEC_NR_H

#include "core_handles.h"
#include <cstdint>
#include <vector>

namespace gr {
namespace ldpcgpu {

struct fec_nr {
    bool active = false;   /* an "nr:K:E" code; false for every other code (mother codes too) */
    ldpc_nr_code_params p; /* its parameters (p.cb.k_prime = K, p.e = E) */

    /* For code: active when it is a rate-matched NR code. */
    static fec_nr of(const ::ldpc_code* code);

    /* frames x K information bits -> frames x E transmitted bits (info, cw: scratch) */
    void encode(::ldpc_encoder* enc, const uint8_t* in, int frames, uint8_t* out,
                std::vector<uint8_t>& info, std::vector<uint8_t>& cw) const;
    /* frames x k decoded information bits (fillers included) -> frames x K */
    void strip_fillers(const uint8_t* bits, int frames, uint8_t* out) const;
};

} // namespace ldpcgpu
} // namespace gr

#endif
