/* The keep mask of the ISAs without mask registers (SSE4.1, AVX2), included by their vec_*.h
 * after vec_t, elem_t and LANES: the lanes whose stored messages are read (kernel_impl.h: a
 * frame loaded into a lane since the last iteration has no messages yet, so its lanes read 0)
 * as a vector of all-ones lanes, ANDed with the loaded messages (m_load_keep). */
#ifndef LDPCGPU_VEC_KEEP_BYTES_H
#define LDPCGPU_VEC_KEEP_BYTES_H
#include <stdint.h>
#include <string.h>

typedef vec_t keep_t;
static inline keep_t k_lanes(uint64_t lanes)
{
    unsigned char b[sizeof(vec_t)];
    for (int l = 0; l < LANES; l++)
        memset(b + l * sizeof(elem_t), lanes >> l & 1 ? 0xff : 0, sizeof(elem_t));
    keep_t k;
    memcpy(&k, b, sizeof k);
    return k;
}

#endif
