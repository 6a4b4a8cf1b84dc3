/* What the FECAPI objects (fec_decoder, fec_encoder) share: the code with the information bits
 * where the caller's placement puts them (gr-fec's rule for alist files, or the core's), and
 * the rule that turns gr-fec's frame_size into codewords per call. */
#ifndef INCLUDED_LDPCGPU_FEC_INFO_PLACEMENT_H
#define INCLUDED_LDPCGPU_FEC_INFO_PLACEMENT_H

#include "core_handles.h"
#include <gnuradio/logger.h>
#include <string>
#include <vector>

namespace gr {
namespace ldpcgpu {

/* Where gr-fec's LDPC encoder and decoder (cldpc, GF2Mat::get_G in gr-fec) put information
 * bit i of a codeword of H: column permute[rank + i] of their elimination. */
std::vector<int> grfec_info_positions(const ::ldpc_code* code);

struct placed_code {
    code_ptr code;
    std::string placement; /* "grfec" or "ldpcgpu" */
};

/* The code named `name` with its information bits placed as `placement` says: "auto" (gr-fec's
 * for alist codes, else the core's), "grfec" (alist codes only) or "ldpcgpu" (the core's).
 * Throws std::invalid_argument for a bad placement, core_error for a bad code. */
placed_code make_placed_code(const std::string& name, const std::string& placement);

/* Codewords per call for gr-fec's frame_size (information bits, k per codeword): frame_size / k
 * when it divides (*exact = true), else rounded down with a warning on log (*exact = false;
 * gr-fec's tagged decoder passes its MTU before the real sizes); below one codeword throws
 * std::invalid_argument. */
int codewords_for_frame_size(unsigned int frame_size, int k, bool* exact, gr::logger& log,
                             const std::string& context);

} // namespace ldpcgpu
} // namespace gr

#endif
