/* A frame's HARQ entry from its metadata. See harq_entry.h. */
#include "harq_entry.h"
#include <algorithm>
#include <climits>

namespace gr {
namespace ldpcgpu {

namespace {

/* A scalar PMT as an integer: a long, a uint64 (clamped to LONG_MAX), or (allow_bool) a bool. */
bool scalar_number(const pmt::pmt_t& v, bool allow_bool, long* out)
{
    if (pmt::is_integer(v)) {
        *out = pmt::to_long(v);
        return true;
    }
    if (pmt::is_uint64(v)) {
        const uint64_t u = pmt::to_uint64(v);
        *out = u > static_cast<uint64_t>(LONG_MAX) ? LONG_MAX : static_cast<long>(u);
        return true;
    }
    if (allow_bool && pmt::is_bool(v)) {
        *out = pmt::to_bool(v) ? 1 : 0;
        return true;
    }
    return false;
}

/* v's value for frame `frame` of `frames`: a scalar (every frame's), or element `frame` of a
 * vector of one per frame. */
bool frame_number(const pmt::pmt_t& v, size_t frame, size_t frames, bool allow_bool, long* out)
{
    if (scalar_number(v, allow_bool, out))
        return true;
    if (!pmt::is_vector(v) && !pmt::is_uniform_vector(v))
        return false;
    if (pmt::length(v) != frames)
        return false;
    if (pmt::is_s32vector(v))
        *out = pmt::s32vector_ref(v, frame);
    else if (pmt::is_s64vector(v))
        *out = static_cast<long>(pmt::s64vector_ref(v, frame));
    else if (pmt::is_u8vector(v))
        *out = pmt::u8vector_ref(v, frame);
    else if (pmt::is_vector(v))
        return scalar_number(pmt::vector_ref(v, frame), allow_bool, out);
    else
        return false;
    return true;
}

/* A value as the error message shows it: its type where its text would hide it (the real 1.0
 * writes as "1", the string "2" as 2). */
std::string shown(const pmt::pmt_t& v)
{
    std::string s = pmt::write_string(v);
    if (s.size() > 60)
        s = s.substr(0, 57) + "...";
    if (pmt::is_symbol(v))
        return "\"" + s + "\" (a string)";
    if (pmt::is_real(v) || pmt::is_complex(v))
        return s + " (a real number)";
    return s;
}

} // namespace

harq_entries::harq_entries(int harq_buffers, int code_rv)
    : key_buffer(pmt::intern("harq_buffer")),
      key_rv(pmt::intern("rv")),
      key_first(pmt::intern("harq_first")),
      key_error(pmt::intern("harq_error")),
      d_buffers(harq_buffers),
      d_code_rv(code_rv),
      d_stamp(static_cast<size_t>(harq_buffers), 0)
{
}

bool harq_entries::is_key(const pmt::pmt_t& key) const
{
    return pmt::eq(key, key_buffer) || pmt::eq(key, key_rv) || pmt::eq(key, key_first);
}

bool harq_entries::take(harq_values& v, const pmt::pmt_t& key, const pmt::pmt_t& value) const
{
    pmt::pmt_t* slot = pmt::eq(key, key_buffer) ? &v.buffer
                       : pmt::eq(key, key_rv)   ? &v.rv
                       : pmt::eq(key, key_first) ? &v.first
                                                 : nullptr;
    if (!slot)
        return false;
    if (!pmt::is_null(*slot) && !pmt::equal(*slot, value) && v.problem.empty())
        v.problem = pmt::symbol_to_string(key) + " given twice (" + shown(*slot) + ", " +
                    shown(value) + ")";
    *slot = value;
    return true;
}

ldpc_harq_frame harq_entries::entry(const harq_values& v, size_t frame, size_t frames,
                                    std::string* error) const
{
    /* key's value for this frame into *out, in lo..hi; else the reason into *error */
    auto read = [&](const char* key, const pmt::pmt_t& value, bool allow_bool, long lo, long hi,
                    const std::string& want, long* out) {
        if (!error->empty() || pmt::is_null(value))
            return;
        const bool vector = pmt::is_vector(value) || pmt::is_uniform_vector(value);
        if (vector && pmt::length(value) != frames)
            *error = std::string(key) + " " + shown(value) + ": " +
                     std::to_string(pmt::length(value)) + " values for " +
                     std::to_string(frames) + " frames";
        else if (!frame_number(value, frame, frames, allow_bool, out))
            *error = std::string(key) + " " + shown(value) + " is not " + want;
        else if (*out < lo || *out > hi) /* the frame's own value, also from a vector */
            *error = std::string(key) + " " + std::to_string(*out) + " is not " + want;
    };
    error->clear();
    long buffer = -1, rv = d_code_rv, first = 0;
    read("rv", v.rv, false, 0, 3, "an integer 0..3", &rv);
    const bool rv_ok = error->empty();
    read("harq_buffer", v.buffer, false, -1, d_buffers - 1,
         "an integer -1.." + std::to_string(d_buffers - 1), &buffer);
    read("harq_first", v.first, true, 0, 1, "a bool (or 0/1)", &first);
    if (error->empty() && !v.problem.empty())
        *error = v.problem;
    if (!error->empty())
        return ldpc_harq_frame{ -1, static_cast<int32_t>(rv_ok ? rv : d_code_rv), 0 };
    return ldpc_harq_frame{ static_cast<int32_t>(buffer), static_cast<int32_t>(rv),
                            static_cast<int32_t>(buffer >= 0 ? first : 0) };
}

void harq_entries::new_batch()
{
    if (++d_seq == 0) { /* wrapped: the stamps start again */
        std::fill(d_stamp.begin(), d_stamp.end(), 0);
        d_seq = 1;
    }
}

} // namespace ldpcgpu
} // namespace gr
