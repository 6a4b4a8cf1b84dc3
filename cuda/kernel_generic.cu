/* The generic kernel: any code (unbounded degrees, any n), any algorithm, either schedule,
 * float or integer messages. It follows decoder_ref.c (float) and decoder_fixed.c (integer)
 * operation for operation; it is the correctness path, not the fast one.
 *
 * One block decodes one codeword at a time (grid-stride over the batch). H is read from device
 * memory in compressed rows (check updates, one thread per row) and compressed columns
 * (flooding's column sums, one thread per column, in ascending row order like the reference).
 * APP, channel values and one message per edge live in a per-block global scratch.
 * Layered: rows of a layer (cuda_plan.cpp) touch different columns, so they run in parallel and
 * give exactly the sequential schedule. Sum-product runs in double, like the reference. */
#include "cuda_internal.h"

namespace ldpccuda {

/* Per-block scratch layout: app[n], chan[n] (as float or int: both 4 bytes), c2v[E] (float or
 * int), then from a 16-byte boundary, for sum-product, pre[E] (double). */
__host__ __device__ inline size_t generic_pre_offset(int n, int num_edges)
{
    return ((size_t)2 * n * 4 + (size_t)num_edges * 4 + 15) & ~(size_t)15;
}

size_t generic_slot_bytes(const GenericCode &c, int fixed, int spa)
{
    (void)fixed; /* float and int are both 4 bytes */
    size_t b = generic_pre_offset(c.n, c.num_edges);
    if (spa)
        b += (size_t)c.num_edges * sizeof(double);
    return (b + 255) & ~(size_t)255;
}

struct GScratch {
    float *app, *chan, *c2v;   /* reinterpreted as int* for integer messages */
    double *pre;
};

__device__ __forceinline__ GScratch scratch_of(const GenericArgs &a)
{
    GScratch s;
    char *base = a.scratch + (size_t)blockIdx.x * a.slot_bytes;
    s.app = (float *)base;
    s.chan = s.app + a.code.n;
    s.c2v = s.chan + a.code.n;
    s.pre = (double *)(base + generic_pre_offset(a.code.n, a.code.num_edges));
    return s;
}

/* ---- one row, float (decoder_ref.c's check_update) ---- */
__device__ void row_f32(const GenericArgs &a, const GScratch &s, int r, int layered)
{
    const GenericCode &c = a.code;
    const int e0 = c.row_ptr[r], e1 = c.row_ptr[r + 1];
    if (a.ar.algorithm == LDPC_ALG_SUM_PRODUCT) {
        /* prefix products in pre[e], then the suffix walk of the reference */
        double pr = 1.0;
        int neg = 0;
        for (int e = e0; e < e1; e++) {
            const float t = s.app[c.col_idx[e]] - s.c2v[e];
            s.pre[e] = pr;
            pr = pr * tanh(fabs((double)t) * 0.5);
            neg ^= t < 0.0f;
        }
        double suf = 1.0;
        for (int e = e1 - 1; e >= e0; e--) {
            const float t = s.app[c.col_idx[e]] - s.c2v[e];
            double p = s.pre[e] * suf;
            if (p > 0.999999999999)
                p = 0.999999999999;
            const double mag = 2.0 * atanh(p);
            const int sign = neg ^ (t < 0.0f);
            suf *= tanh(fabs((double)t) * 0.5);
            s.pre[e] = sign ? -mag : mag; /* pre[e] is not read again: it holds the message */
        }
        for (int e = e0; e < e1; e++) {
            const int col = c.col_idx[e];
            const float t = s.app[col] - s.c2v[e];
            const float m = (float)s.pre[e];
            s.c2v[e] = m;
            if (layered)
                s.app[col] = t + m;
        }
        return;
    }
    float min1 = __int_as_float(0x7f800000), min2 = min1;
    int neg = 0;
    for (int e = e0; e < e1; e++) {
        const float t = s.app[c.col_idx[e]] - s.c2v[e];
        const float x = fabsf(t);
        neg ^= t < 0.0f;
        if (x < min1) {
            min2 = min1;
            min1 = x;
        } else if (x < min2) {
            min2 = x;
        }
    }
    float s1 = min1, s2 = min2;
    if (a.ar.algorithm == LDPC_ALG_NORMALIZED_MIN_SUM) {
        s1 *= a.ar.nms_alpha;
        s2 *= a.ar.nms_alpha;
    } else if (a.ar.algorithm == LDPC_ALG_OFFSET_MIN_SUM) {
        s1 = s1 > a.ar.oms_beta ? s1 - a.ar.oms_beta : 0.0f;
        s2 = s2 > a.ar.oms_beta ? s2 - a.ar.oms_beta : 0.0f;
    }
    for (int e = e0; e < e1; e++) {
        const int col = c.col_idx[e];
        const float t = s.app[col] - s.c2v[e];
        const float mag = fabsf(t) == min1 ? s2 : s1;
        const float m = (neg ^ (t < 0.0f)) ? -mag : mag;
        s.c2v[e] = m;
        if (layered)
            s.app[col] = t + m;
    }
}

/* ---- one row, integer (decoder_fixed.c's row_update): exact, nothing saturates ---- */
__device__ void row_fx(const GenericArgs &a, const GScratch &s, int r, int layered)
{
    const GenericCode &c = a.code;
    const ldpc_fixed_params &p = a.ar.fx;
    int *app = (int *)s.app, *c2v = (int *)s.c2v;
    const int e0 = c.row_ptr[r], e1 = c.row_ptr[r + 1];
    int min1 = p.umax, min2 = p.umax, neg = 0;
    /* loops not unrolled: unrolled, ptxas spilled (28 bytes) in this correctness path */
#pragma unroll 1
    for (int e = e0; e < e1; e++) {
        const int t = app[c.col_idx[e]] - c2v[e];
        const int x = abs(t);
        min2 = min(min2, max(min1, x));
        min1 = min(min1, x);
        neg ^= t < 0;
    }
    const int s1 = ldpc_fixed_scale(&p, min1), s2 = ldpc_fixed_scale(&p, min2);
#pragma unroll 1
    for (int e = e0; e < e1; e++) {
        const int col = c.col_idx[e];
        const int t = app[col] - c2v[e];
        const int mag = abs(t) == min1 ? s2 : s1;
        const int m = (neg ^ (t < 0)) ? -mag : mag;
        c2v[e] = m;
        if (layered)
            app[col] = t + m;
    }
}

template <bool FIXED>
__device__ __forceinline__ int app_negative(const GScratch &s, int j)
{
    return FIXED ? ((const int *)s.app)[j] < 0 : s.app[j] < 0.0f;
}

template <bool FIXED>
__device__ void emit_generic(const GenericArgs &a, const GScratch &s, int f, int iterations,
                             int parity_ok)
{
    const OutFmt &fmt = a.fmt;
    uint8_t *out = a.batch.out + (size_t)f * fmt.out_bytes;
    if (fmt.packed) {
        for (int by = threadIdx.x; by < fmt.out_bytes; by += blockDim.x) {
            unsigned v = 0;
            for (int k = 0; k < 8; k++) {
                const int i = by * 8 + k;
                if (i < fmt.out_bits)
                    v |= (unsigned)app_negative<FIXED>(s, fmt.out_pos ? fmt.out_pos[i] : i) << (7 - k);
            }
            out[by] = (uint8_t)v;
        }
    } else {
        for (int i = threadIdx.x; i < fmt.out_bits; i += blockDim.x)
            out[i] = (uint8_t)app_negative<FIXED>(s, fmt.out_pos ? fmt.out_pos[i] : i);
    }
    if (threadIdx.x == 0)
        a.batch.status[f] = make_int2(iterations, parity_ok);
}

template <bool FIXED>
__device__ int any_unsatisfied(const GenericArgs &a, const GScratch &s)
{
    const GenericCode &c = a.code;
    int bad = 0;
    for (int r = threadIdx.x; r < c.m && !bad; r += blockDim.x) {
        int par = 0;
        for (int e = c.row_ptr[r]; e < c.row_ptr[r + 1]; e++)
            par ^= app_negative<FIXED>(s, c.col_idx[e]);
        bad = par;
    }
    return __syncthreads_or(bad);
}

template <bool FIXED>
__global__ void __launch_bounds__(256) generic_kernel(const GenericArgs a)
{
    const GenericCode &c = a.code;
    const GScratch s = scratch_of(a);
    const int n = c.n;
    for (int f = blockIdx.x; f < a.batch.nframes; f += gridDim.x) {
        /* channel values and state; nz: one of this thread's channel values is not 0 (erased
         * frames, decoder_erased.h) */
        int nz = 0;
        for (int j = threadIdx.x; j < n; j += blockDim.x) {
            const size_t i = (size_t)f * n + j;
            if (FIXED) {
                const int q = a.batch.llr_i8 ? ldpc_fixed_quantize_i8(&a.ar.fx, ((const int8_t *)a.batch.llr)[i])
                                             : ldpc_fixed_quantize_f32(&a.ar.fx, ((const float *)a.batch.llr)[i]);
                ((int *)s.app)[j] = q;
                ((int *)s.chan)[j] = q;
                nz |= q != 0;
            } else {
                float v;
                if (a.batch.llr_i8) {
                    v = (float)((const int8_t *)a.batch.llr)[i] * a.ar.i8_to_float;
                } else {
                    v = ldpc_llr_clean(((const float *)a.batch.llr)[i] * a.ar.sign);
                }
                s.app[j] = v;
                s.chan[j] = v;
                nz |= v != 0.0f;
            }
        }
        for (int e = threadIdx.x; e < c.num_edges; e += blockDim.x)
            s.c2v[e] = 0.0f; /* also integer zero */
        const int erased = !__syncthreads_or(nz);

        /* rule 6 of decoder_fixed.h: without early termination every iteration runs and the
         * first codeword found is written out when found (later iterations are not) */
        int it = 0, found = 0;
        while (it < a.batch.max_iter) {
            if (c.layered) {
                for (int L = 0; L < c.nlayers; L++) {
                    for (int i = c.layer_ptr[L] + threadIdx.x; i < c.layer_ptr[L + 1]; i += blockDim.x) {
                        if (FIXED)
                            row_fx(a, s, c.layer_rows[i], 1);
                        else
                            row_f32(a, s, c.layer_rows[i], 1);
                    }
                    __syncthreads();
                }
            } else {
                for (int r = threadIdx.x; r < c.m; r += blockDim.x) {
                    if (FIXED)
                        row_fx(a, s, r, 0);
                    else
                        row_f32(a, s, r, 0);
                }
                __syncthreads();
                for (int j = threadIdx.x; j < n; j += blockDim.x) {
                    if (FIXED) {
                        const int *c2v = (const int *)s.c2v;
                        int v = ((const int *)s.chan)[j];
                        for (int q = c.col_ptr[j]; q < c.col_ptr[j + 1]; q++)
                            v += c2v[c.col_edge[q]];
                        ((int *)s.app)[j] = v;
                    } else {
                        float v = s.chan[j];
                        for (int q = c.col_ptr[j]; q < c.col_ptr[j + 1]; q++)
                            v += s.c2v[c.col_edge[q]];
                        s.app[j] = v;
                    }
                }
                __syncthreads();
            }
            it++;
            if (!found && !any_unsatisfied<FIXED>(a, s)) {
                found = 1;
                if (a.batch.early)
                    break;
                emit_generic<FIXED>(a, s, f, a.batch.max_iter, !erased);
                __syncthreads(); /* the emit's APP reads before the next iteration's writes */
            }
        }
        if (a.batch.early || !found)
            emit_generic<FIXED>(a, s, f, it, found && !erased);
        __syncthreads();
    }
}

const void *generic_kernel_fn(int fixed)
{
    return fixed ? (const void *)generic_kernel<true> : (const void *)generic_kernel<false>;
}

cudaError_t generic_launch(const GenericArgs &a, int grid, int threads, cudaStream_t s)
{
    if (a.fixed)
        generic_kernel<true><<<grid, threads, 0, s>>>(a);
    else
        generic_kernel<false><<<grid, threads, 0, s>>>(a);
    return cudaGetLastError();
}

} // namespace ldpccuda
