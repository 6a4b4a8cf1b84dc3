/* The column table of the table kernel, host and device: how an entry is built (cuda_plan.cpp),
 * re-encoded for a kernel variant on upload (cuda_layout.cu) and read back (kernel_table.cuh).
 *
 * An entry (uint4) holds four edges of one row: entry (layer group gi, thread t) =
 * table[(group_base + gi) * Z + t]. The plan writes column numbers; on upload they become byte
 * offsets into one codeword group's APP (column * bytes of one APP value), 32-bit, or 16-bit
 * (two per 32-bit word, low half first) holding the byte offset >> the policy's T16_SHIFT.
 * A missing edge (a row shorter than its layer's longest) is kTableNoEdge in the plan and in
 * 32-bit tables, kTable16NoEdge in 16-bit ones, and decodes to table_no_edge<T16, SH>(). */
#ifndef LDPCGPU_CUDA_TABLE_ENCODING_H
#define LDPCGPU_CUDA_TABLE_ENCODING_H

#include <stddef.h>
#include <cuda_runtime.h>
#include "smem_banks.h"

namespace ldpccuda {

static constexpr unsigned kTableNoEdge = 0xFFFFFFFFu;
static constexpr unsigned kTable16NoEdge = 0xFFFFu;

/* plan: slot j % 4 of an entry holds v */
__host__ __device__ inline void table_set_slot(uint4 &q, int j, unsigned v)
{
    switch (j & 3) {
    case 0: q.x = v; break;
    case 1: q.y = v; break;
    case 2: q.z = v; break;
    default: q.w = v; break;
    }
}

/* plan and upload: the value in slot j % 4 of an entry */
__host__ __device__ inline unsigned table_get_slot(const uint4 &q, int j)
{
    switch (j & 3) {
    case 0: return q.x;
    case 1: return q.y;
    case 2: return q.z;
    default: return q.w;
    }
}

/* upload: a column number as a byte offset into the APP (values of value_bytes bytes) */
__host__ __device__ inline unsigned table_encode32(unsigned col, unsigned value_bytes)
{
    return col == kTableNoEdge ? col : col * value_bytes;
}

/* upload: a 32-bit byte offset as a 16-bit entry (table16_fits checked that it fits) */
__host__ __device__ inline unsigned table_encode16(unsigned bytes, int shift)
{
    return bytes == kTableNoEdge ? kTable16NoEdge : bytes >> shift;
}

__host__ __device__ inline uint2 table_pack16(const uint4 &bytes, int shift)
{
    return make_uint2(table_encode16(bytes.x, shift) | (table_encode16(bytes.y, shift) << 16),
                      table_encode16(bytes.z, shift) | (table_encode16(bytes.w, shift) << 16));
}

/* whether an APP of app_bytes bytes has every byte offset >> shift below the 16-bit marker */
__host__ __device__ constexpr bool table16_fits(size_t app_bytes, int shift)
{
    return (app_bytes >> shift) < kTable16NoEdge;
}

/* The shift of 16-bit entries for rows of at most dmax edges: the policy's T16_SHIFT for rows of up
 * to 8 edges (byte offsets for the int8 pairs: WiMAX/WiFi, as measured); for longer rows entries
 * count APP values (shift = log2 of a value's bytes), so that 4-byte APP values (pairs, float) of
 * codes up to n = 65534 fit, e.g. a 5G NR BG1 codeword pair of 26112 x 4 bytes. One rule for the
 * host (cuda_layout.cu) and the kernel (kernel_table.cuh). */
__host__ __device__ constexpr int table_t16_shift(int policy_shift, size_t value_bytes, int dmax)
{
    return dmax <= 8 ? policy_shift : (value_bytes >= 4 ? 2 : (value_bytes == 2 ? 1 : 0));
}

/* kernel: the four byte offsets of an entry, and what a missing edge reads as */
__host__ __device__ __forceinline__ void table_decode(const uint4 &q, unsigned o[4])
{
    o[0] = q.x; o[1] = q.y; o[2] = q.z; o[3] = q.w;
}

template <int SH>
__host__ __device__ __forceinline__ void table_decode(const uint2 &q, unsigned o[4])
{
    o[0] = (q.x & kTable16NoEdge) << SH; o[1] = (q.x >> 16) << SH;
    o[2] = (q.y & kTable16NoEdge) << SH; o[3] = (q.y >> 16) << SH;
}

/* Where column j's APP value lives (core/src/smem_banks.h, ldpc_app_slot: DVB parity columns
 * group-major). The plan's column numbers become slots on upload (cuda_layout.cu); the kernel's
 * channel load and output place and read values by it. */
struct ParityLayout {
    int k = 0, q = 0, per = 0; /* q = 0: every column in its own place */
};

__host__ __device__ inline int app_slot(const ParityLayout &pl, int j)
{
    return ldpc_app_slot(pl.k, pl.q, pl.per, j);
}

template <bool T16, int SH>
__host__ __device__ constexpr unsigned table_no_edge()
{
    return T16 ? kTable16NoEdge << SH : kTableNoEdge;
}

} // namespace ldpccuda

#endif
