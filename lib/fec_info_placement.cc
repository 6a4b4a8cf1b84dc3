/* gr-fec's information-bit placement for a parity-check matrix, and the placed code. */
#include "fec_info_placement.h"
#include <cstdint>
#include <stdexcept>
#include <utility>

namespace gr {
namespace ldpcgpu {

std::vector<int> grfec_info_positions(const ::ldpc_code* code)
{
    /* gr-fec (GF2Mat::get_G) eliminates H row by row: for row `diag` it takes the first
     * column position >= diag with a one, swaps that column into position diag and clears the
     * column in every other row; a row without a one there moves to the end (rank deficiency).
     * The columns left at positions rank..n-1 carry the information bits, in that order. The
     * same steps are done here on bit-packed rows, the column swaps kept as a permutation
     * (position -> column of H), which is all that matters of them. */
    const int n = ldpc_code_n(code), m = ldpc_code_m(code);
    const int words = (n + 63) / 64;
    const int *row_ptr, *col_idx;
    check_status(ldpc_code_rows(code, &row_ptr, &col_idx), "ldpcgpu: code rows");
    std::vector<uint64_t> bits(static_cast<size_t>(m) * words, 0);
    std::vector<uint64_t*> row(m);
    for (int r = 0; r < m; r++) {
        row[r] = bits.data() + static_cast<size_t>(r) * words;
        for (int e = row_ptr[r]; e < row_ptr[r + 1]; e++)
            row[r][col_idx[e] >> 6] |= uint64_t(1) << (col_idx[e] & 63);
    }
    auto has = [](const uint64_t* r, int col) { return (r[col >> 6] >> (col & 63)) & 1; };
    std::vector<int> permute(n);
    for (int j = 0; j < n; j++)
        permute[j] = j;
    int rank = 0, diag = 0, limit = m;
    while (diag < limit) {
        int found = -1;
        for (int pos = diag; pos < n; pos++)
            if (has(row[diag], permute[pos])) {
                found = pos;
                break;
            }
        if (found < 0) {
            uint64_t* moved = row[diag];
            for (int r = diag; r < limit - 1; r++)
                row[r] = row[r + 1];
            row[limit - 1] = moved;
            limit--;
            continue;
        }
        rank++;
        std::swap(permute[diag], permute[found]);
        const int col = permute[diag];
        for (int r = 0; r < m; r++)
            if (r != diag && has(row[r], col))
                for (int w = 0; w < words; w++)
                    row[r][w] ^= row[diag][w];
        diag++;
    }
    return std::vector<int>(permute.begin() + rank, permute.end());
}

placed_code make_placed_code(const std::string& name, const std::string& placement)
{
    if (placement != "auto" && placement != "grfec" && placement != "ldpcgpu")
        throw std::invalid_argument("ldpcgpu: info_placement must be \"auto\", \"grfec\" or "
                                    "\"ldpcgpu\", not \"" + placement + "\"");
    placed_code out{ make_code(name), "ldpcgpu" };
    ldpc_code_info info;
    check_status(ldpc_code_get_info(out.code.get(), &info), "ldpcgpu: code info");
    const bool alist = info.family == LDPC_FAMILY_ALIST;
    if (placement == "grfec" && !alist)
        throw std::invalid_argument("ldpcgpu: info_placement \"grfec\" is for alist codes; " +
                                    name + " carries its information bits first, as its "
                                    "standard does (use \"auto\" or \"ldpcgpu\")");
    if (placement == "ldpcgpu" || !alist)
        return out;
    const std::vector<int> pos = grfec_info_positions(out.code.get());
    ::ldpc_code* placed = nullptr;
    check_status(ldpc_code_with_info_positions(&placed, out.code.get(), pos.data(),
                                               static_cast<int>(pos.size())),
                 "ldpcgpu: code '" + name + "' with gr-fec's information positions");
    out.code.reset(placed);
    out.placement = "grfec";
    return out;
}

int codewords_for_frame_size(unsigned int frame_size, int k, bool* exact, gr::logger& log,
                             const std::string& context)
{
    const unsigned int unit = static_cast<unsigned int>(k);
    if (frame_size < unit)
        throw std::invalid_argument(context + ": frame size " + std::to_string(frame_size) +
                                    " is less than one codeword (k = " + std::to_string(k) +
                                    " bits)");
    const int frames = static_cast<int>(frame_size / unit);
    *exact = frame_size % unit == 0;
    if (!*exact)
        log.warn("frame size {:d} is not a multiple of k = {:d}: {:d} codewords per call",
                 frame_size, k, frames);
    return frames;
}

} // namespace ldpcgpu
} // namespace gr
