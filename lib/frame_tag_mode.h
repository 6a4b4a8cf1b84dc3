/* How the stream decoder tags its per-frame results (frame_tags parameter, ldpc_decoder.h): one
 * dictionary tag per run of frames, three tags on every frame or on failed frames, or none.
 * Shared by the single-code and the multi-code stream decoder. */
#ifndef INCLUDED_LDPCGPU_FRAME_TAG_MODE_H
#define INCLUDED_LDPCGPU_FRAME_TAG_MODE_H

#include <stdexcept>
#include <string>

namespace gr {
namespace ldpcgpu {

enum class tag_mode { batch, all, failed, none };

inline tag_mode parse_tag_mode(const std::string& s)
{
    if (s == "batch")
        return tag_mode::batch;
    if (s == "all")
        return tag_mode::all;
    if (s == "failed")
        return tag_mode::failed;
    if (s == "none")
        return tag_mode::none;
    throw std::invalid_argument("ldpc_decoder: frame_tags must be \"batch\", \"all\", "
                                "\"failed\" or \"none\", not \"" + s + "\"");
}

inline std::string tag_mode_name(tag_mode m)
{
    switch (m) {
    case tag_mode::all: return "all";
    case tag_mode::failed: return "failed";
    case tag_mode::none: return "none";
    default: return "batch";
    }
}

} // namespace ldpcgpu
} // namespace gr

#endif
