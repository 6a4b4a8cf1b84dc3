/* The table kernel: layered min-sum for any code whose plan has a column table
 * (cuda_plan.cpp): WiMAX, WiFi, DVB and most alist codes.
 *
 * Shape. A block decodes G codeword groups at a time (a group = 1 codeword, or 2 for I8X2,
 * one per 16-bit lane); group g owns threads g*Z .. g*Z+Z-1 and thread t of a group runs row t
 * of every layer. All iterations run inside the kernel. Per codeword the state stays on chip
 * when it fits (MEM_SMEM_ALL): APP and one message per edge in shared memory. Codes too large
 * for that keep messages (MEM_SMEM_APP) or both (MEM_GLOBAL) in a per-block global scratch.
 * A block loops over chunks of G groups (a persistent grid sized to the GPU).
 *
 * One row update (thread t, layer L, edges in table entries of 4):
 *   pass 1: t_e = sat(APP[col_e] - c2v_e); min1/min2 of |t_e|; XOR of signs  (t_e kept in
 *           registers, DMAX of them);
 *   pass 2: c2v_e = new message; APP[col_e] = sat(t_e + c2v_e).
 * Rows of a layer touch different columns, so a layer needs no atomics, only a barrier after.
 *
 * Early termination: after each iteration every thread recomputes its rows' parities from the
 * APP signs; a codeword whose checks all hold is written out at once (bits and status) and its
 * group stops once all its lanes are done; a block moves on once all its groups are done.
 */
#ifndef LDPCGPU_CUDA_KERNEL_TABLE_CUH
#define LDPCGPU_CUDA_KERNEL_TABLE_CUH

#include "arith.cuh"

namespace ldpccuda {

template <class A>
struct TableSmem {
    static __host__ __device__ size_t flags_bytes(int G) { return ((size_t)G * 3 * sizeof(int) + 15) & ~(size_t)15; }
};

/* Write the output bits of the lanes in 'lanes' of group (frames f0, f0+1) from its APP. */
template <class A>
__device__ __forceinline__ void emit(const typename A::AppT *app, const OutFmt &fmt,
                                     const Batch &b, int f0, unsigned lanes, int t, int Z,
                                     int iterations, unsigned parity_fail)
{
    if (fmt.packed) {
        for (int by = t; by < fmt.out_bytes; by += Z) {
            unsigned v[2] = {0u, 0u};
            for (int k = 0; k < 8; k++) {
                const int i = by * 8 + k;
                if (i < fmt.out_bits) {
                    const int pos = fmt.out_pos ? fmt.out_pos[i] : i;
                    const unsigned bits = A::lanes_of_raw(A::raw(app[pos]));
                    v[0] |= (bits & 1u) << (7 - k);
                    v[1] |= ((bits >> 1) & 1u) << (7 - k);
                }
            }
            for (int l = 0; l < A::LANES; l++)
                if (lanes & (1u << l))
                    b.out[(size_t)(f0 + l) * fmt.out_bytes + by] = (uint8_t)v[l];
        }
    } else {
        for (int i = t; i < fmt.out_bits; i += Z) {
            const int pos = fmt.out_pos ? fmt.out_pos[i] : i;
            const unsigned bits = A::lanes_of_raw(A::raw(app[pos]));
            for (int l = 0; l < A::LANES; l++)
                if (lanes & (1u << l))
                    b.out[(size_t)(f0 + l) * fmt.out_bytes + i] = (uint8_t)((bits >> l) & 1u);
        }
    }
    if (t == 0)
        for (int l = 0; l < A::LANES; l++)
            if (lanes & (1u << l))
                b.status[f0 + l] = make_int2(iterations, (parity_fail >> l) & 1u ? 0 : 1);
}

/* Lanes (bit l) for which one of this thread's rows is unsatisfied. */
template <class A>
__device__ __forceinline__ unsigned row_parities(const typename A::AppT *app, const TableCode &c, int t)
{
    unsigned bad = 0;
    for (int L = 0; L < c.nlayers; L++) {
        const int4 li = __ldg(&c.layers[L]);
        if (t >= li.z)
            continue;
        unsigned acc = 0;
        for (int gi = 0; gi < li.x; gi++) {
            const ushort4 c4 = __ldg(&c.table[(size_t)(li.y + gi) * c.Z + t]);
            if (c4.x != 0xFFFF) acc ^= A::raw(app[c4.x]);
            if (c4.y != 0xFFFF) acc ^= A::raw(app[c4.y]);
            if (c4.z != 0xFFFF) acc ^= A::raw(app[c4.z]);
            if (c4.w != 0xFFFF) acc ^= A::raw(app[c4.w]);
        }
        bad |= A::lanes_of_raw(acc);
    }
    return bad;
}

template <class A, int DMAX>
__device__ __forceinline__ void row_update(typename A::AppT *app, typename A::Msg4 *msg,
                                           const TableCode &c, const int4 li, int t, const Arith &ar)
{
    typedef typename A::W W;
    constexpr int NG = DMAX / 4;
    W tv[DMAX];
    ushort4 cols[NG];
    W m1 = A::min_init(), m2 = A::min_init();
    unsigned neg = 0;
#pragma unroll
    for (int gi = 0; gi < NG; gi++) {
        if (gi < li.x) {
            const size_t idx = (size_t)(li.y + gi) * c.Z + t;
            cols[gi] = __ldg(&c.table[idx]);
            W r[4];
            A::unpack(msg[idx], r);
            const unsigned short cc[4] = {cols[gi].x, cols[gi].y, cols[gi].z, cols[gi].w};
#pragma unroll
            for (int u = 0; u < 4; u++) {
                W tt = A::none();
                if (cc[u] != 0xFFFF)
                    tt = A::tsub(A::load(app[cc[u]]), r[u], ar);
                tv[gi * 4 + u] = tt;
                A::minupd(m1, m2, A::mag(tt));
                neg ^= A::signw(tt);
            }
        }
    }
    const W s1 = A::scale(m1, ar), s2 = A::scale(m2, ar);
#pragma unroll
    for (int gi = 0; gi < NG; gi++) {
        if (gi < li.x) {
            const size_t idx = (size_t)(li.y + gi) * c.Z + t;
            const unsigned short cc[4] = {cols[gi].x, cols[gi].y, cols[gi].z, cols[gi].w};
            W r[4];
#pragma unroll
            for (int u = 0; u < 4; u++) {
                const W tt = tv[gi * 4 + u];
                r[u] = A::newmsg(tt, A::mag(tt), m1, s1, s2, neg);
                if (cc[u] != 0xFFFF)
                    app[cc[u]] = A::store(A::tadd(tt, r[u], ar));
            }
            msg[idx] = A::pack(r);
        }
    }
}

/* Most threads a block may have: rows of 32 edges need more registers. */
__host__ __device__ constexpr int table_max_threads(int dmax) { return dmax >= 32 ? 512 : 1024; }

template <class A, int DMAX, int MEM>
__global__ void __launch_bounds__(table_max_threads(DMAX)) table_kernel(const TableArgs a)
{
    typedef typename A::AppT AppT;
    typedef typename A::Msg4 Msg4;
    extern __shared__ __align__(16) unsigned char smem[];
    const TableCode &c = a.code;
    const int G = a.G, Z = c.Z, n = c.n;
    const int tid = threadIdx.x;
    const int g = tid / Z, t = tid - g * Z;
    const bool in_group = g < G;
    const unsigned ALL = (1u << A::LANES) - 1u;

    int *gvalid = (int *)smem;
    int *gdone = gvalid + G;
    int *gunsat = gdone + G;
    unsigned char *p = smem + TableSmem<A>::flags_bytes(G);
    AppT *app_s = (AppT *)p;
    const size_t app_bytes = ((size_t)n * sizeof(AppT) + 15) & ~(size_t)15;
    const size_t msg_elems = (size_t)c.total_groups * Z;
    Msg4 *msg_s = (Msg4 *)(p + (MEM == MEM_GLOBAL ? 0 : (size_t)G * app_bytes));

    const int gg_slot = blockIdx.x * G + (in_group ? g : 0);
    AppT *app = MEM == MEM_GLOBAL ? (AppT *)((unsigned char *)a.app_scratch + (size_t)gg_slot * app_bytes)
                                  : (AppT *)((unsigned char *)app_s + (size_t)(in_group ? g : 0) * app_bytes);
    Msg4 *msg = MEM == MEM_SMEM_ALL ? msg_s + (size_t)(in_group ? g : 0) * msg_elems
                                    : (Msg4 *)a.msg_scratch + (size_t)gg_slot * msg_elems;

    const int ngroups_total = (a.batch.nframes + A::LANES - 1) / A::LANES;
    const int nchunks = (ngroups_total + G - 1) / G;
    for (int chunk = blockIdx.x; chunk < nchunks; chunk += gridDim.x) {
        const int group = chunk * G + g;
        const int f0 = group * A::LANES;
        unsigned valid = 0;
        if (in_group)
            for (int l = 0; l < A::LANES; l++)
                if (f0 + l < a.batch.nframes)
                    valid |= 1u << l;
        if (in_group && t == 0) {
            gvalid[g] = (int)valid;
            gdone[g] = (int)(~valid & ALL);
            gunsat[g] = 0;
        }
        if (in_group && valid) {
            for (int j = t; j < n; j += Z)
                app[j] = A::input(a.batch, a.ar, n, f0, valid, j);
            for (size_t i = t; i < msg_elems; i += Z)
                msg[i] = A::zero4();
        }
        __syncthreads();

        for (int it = 1; it <= a.batch.max_iter; it++) {
            for (int L = 0; L < c.nlayers; L++) {
                const int4 li = __ldg(&c.layers[L]);
                if (in_group && t < li.z && gdone[g] != (int)ALL)
                    row_update<A, DMAX>(app, msg, c, li, t, a.ar);
                __syncthreads();
            }
            if (!a.batch.early)
                continue;
            if (in_group && gdone[g] != (int)ALL) {
                const unsigned bad = row_parities<A>(app, c, t);
                if (bad)
                    atomicOr(&gunsat[g], (int)bad);
            }
            __syncthreads();
            if (in_group) {
                const unsigned fresh = ~(unsigned)gunsat[g] & ~(unsigned)gdone[g] & ALL;
                if (fresh)
                    emit<A>(app, a.fmt, a.batch, f0, fresh, t, Z, it, 0u);
            }
            __syncthreads();
            if (in_group && t == 0) {
                gdone[g] |= ~gunsat[g] & (int)ALL;
                gunsat[g] = 0;
            }
            __syncthreads();
            bool all = true;
            for (int k = 0; k < G; k++)
                all = all && gdone[k] == (int)ALL;
            if (all)
                break;
        }

        /* frames still open: those that never converged, or all of them without early stop */
        if (!a.batch.early && in_group && valid) {
            const unsigned bad = row_parities<A>(app, c, t);
            if (bad)
                atomicOr(&gunsat[g], (int)bad);
        }
        __syncthreads();
        if (in_group) {
            const unsigned open = ~(unsigned)gdone[g] & ALL;
            if (open) {
                const unsigned fail = a.batch.early ? ALL : (unsigned)gunsat[g];
                emit<A>(app, a.fmt, a.batch, f0, open, t, Z, a.batch.max_iter, fail);
            }
        }
        __syncthreads();
    }
}

} // namespace ldpccuda
#endif
