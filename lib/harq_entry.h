/* A frame's 5G NR HARQ entry (ldpc_harq_frame: buffer, rv, first transmission) as the decoder
 * blocks read it from a frame's metadata, written once for both: the stream decoder's tags on a
 * frame's first LLR and the PDU decoder's metadata dictionary use the same keys, the same value
 * types and the same fallback for a bad value. See ldpc_decoder.h ("HARQ soft combining").
 *
 *   "harq_buffer"  integer 0..harq_buffers-1: the buffer the frame adds into; -1 or absent: the
 *                  frame alone
 *   "rv"           integer 0..3: the redundancy version it was sent with; absent: the code's
 *   "harq_first"   bool (or 0/1): new data, the buffer starts again; absent: false (added)
 *
 * A value of the wrong type or out of range (or a key given twice with different values, or
 * found elsewhere than on a frame's first LLR) makes the frame decode alone, with its rv if
 * that was valid, else the code's: no buffer is touched, and the reason is returned for the
 * block to log and attach to the frame's output ("harq_error"). */
#ifndef INCLUDED_LDPCGPU_HARQ_ENTRY_H
#define INCLUDED_LDPCGPU_HARQ_ENTRY_H

#include <ldpcgpu/decoder.h>
#include <pmt/pmt.h>
#include <cstdint>
#include <string>
#include <vector>

namespace gr {
namespace ldpcgpu {

/* One frame's HARQ values as found (PMT_NIL: absent). */
struct harq_values {
    pmt::pmt_t buffer = pmt::PMT_NIL;
    pmt::pmt_t rv = pmt::PMT_NIL;
    pmt::pmt_t first = pmt::PMT_NIL;
    std::string problem; /* set by the caller for what the values cannot show (e.g. a
                          * misplaced tag); the frame then decodes alone */
};

class harq_entries
{
public:
    /* harq_buffers > 0; code_rv: the rv of frames that name none (the code's) */
    harq_entries(int harq_buffers, int code_rv);

    const pmt::pmt_t key_buffer; /* "harq_buffer" */
    const pmt::pmt_t key_rv;     /* "rv" */
    const pmt::pmt_t key_first;  /* "harq_first" */
    const pmt::pmt_t key_error;  /* "harq_error": the fallback's reason on the output */

    int harq_buffers() const { return d_buffers; }
    bool is_key(const pmt::pmt_t& key) const;

    /* Records (key, value) into v if key is one of the three; a second value of a key that
     * differs from the first is a problem (the frame decodes alone). Returns whether it was. */
    bool take(harq_values& v, const pmt::pmt_t& key, const pmt::pmt_t& value) const;

    /* Frame `frame` of `frames`'s entry: each value is a number (or bool) for every frame, or a
     * vector (s32vector, s64vector, u8vector or a PMT vector of numbers) of one per frame.
     * *error: empty, or why the frame decodes alone (the entry returned then). */
    ldpc_harq_frame entry(const harq_values& v, size_t frame, size_t frames,
                          std::string* error) const;

    /* A buffer may be named once per batch or call (the core's rule: ldpc_batch_harq): these
     * track the names of the one being filled. */
    void new_batch();
    bool named(int buffer) const { return d_stamp[buffer] == d_seq; }
    void name(int buffer) { d_stamp[buffer] = d_seq; }

private:
    int d_buffers;
    int d_code_rv;
    std::vector<uint32_t> d_stamp; /* d_seq where the buffer is named in the current batch */
    uint32_t d_seq = 1;
};

} // namespace ldpcgpu
} // namespace gr

#endif
