/* 5G NR rate recovery on the GPU (ldpc_decoder_config.input_rate_matched): frames of E received
 * LLRs, in device or mapped host memory, become frames of n in the lane's LLR buffer, which the
 * decode kernel then reads as any batch. Each thread gathers code bits by the rule of
 * core/src/nr_recover.h (the host's, the same function), so that the GPU and the CPU decode the
 * same n LLRs. */
#include <algorithm>
#include "cuda_backend.h"
#include "nr_recover.h"

namespace ldpccuda {

__device__ __forceinline__ float gather(const float *f, int32_t first, const NrDerate &r, float filler)
{
    return ldpc_nr_gather_f32(f, first, r.e, r.rows, r.qm, r.period, filler);
}
__device__ __forceinline__ int8_t gather(const int8_t *f, int32_t first, const NrDerate &r, int8_t filler)
{
    return ldpc_nr_gather_i8(f, first, r.e, r.rows, r.qm, r.period, filler);
}

template <class T>
__global__ void __launch_bounds__(256) derate_kernel(const T *in, T *out, int nframes, NrDerate r, T filler)
{
    const long long total = (long long)nframes * r.n;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < total;
         i += (long long)gridDim.x * blockDim.x) {
        const int f = (int)(i / r.n), j = (int)(i - (long long)f * r.n);
        out[i] = gather(in + (size_t)f * r.e, __ldg(&r.first[j]), r, filler);
    }
}

/* HARQ: a thread per (frame, position), the frame's entry read from device memory (cached:
 * the threads of a frame share it) */
template <class T>
__global__ void __launch_bounds__(256) derate_harq_kernel(const T *in, T *out, int nframes, NrDerate r, NrHarq h,
                                                          T filler)
{
    const long long total = (long long)nframes * r.n;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < total;
         i += (long long)gridDim.x * blockDim.x) {
        const int f = (int)(i / r.n), j = (int)(i - (long long)f * r.n);
        const ldpc_harq_frame m = h.meta[f];
        const int32_t first = __ldg(&h.first4[(size_t)m.rv * r.n + j]);
        const T v = gather(in + (size_t)f * r.e, first, r, filler);
        if (m.buffer < 0) {
            out[i] = v;
            continue;
        }
        float *bp = h.buffers + (size_t)m.buffer * r.n + j;
        const float sum = ldpc_nr_harq_add(m.first ? 0.0f : *bp, first, (float)v);
        *bp = sum;
        if (sizeof(T) == 1)
            out[i] = (T)ldpc_nr_harq_i8(sum);
        else
            out[i] = (T)sum;
    }
}

cudaError_t derate_harq_launch(const NrDerate &r, const NrHarq &h, const void *in, void *out, int nframes, bool i8,
                               bool positive_is_one, int sms, cudaStream_t s)
{
    const long long total = (long long)nframes * r.n;
    const int grid = (int)std::min<long long>((total + 255) / 256, (long long)sms * 8);
    if (i8)
        derate_harq_kernel<int8_t><<<grid, 256, 0, s>>>((const int8_t *)in, (int8_t *)out, nframes, r, h,
                                                       ldpc_nr_filler_i8(positive_is_one));
    else
        derate_harq_kernel<float><<<grid, 256, 0, s>>>((const float *)in, (float *)out, nframes, r, h,
                                                      ldpc_nr_filler_f32(positive_is_one));
    return cudaGetLastError();
}

cudaError_t derate_launch(const NrDerate &r, const void *in, void *out, int nframes, bool i8, bool positive_is_one,
                          int sms, cudaStream_t s)
{
    const long long total = (long long)nframes * r.n;
    const int grid = (int)std::min<long long>((total + 255) / 256, (long long)sms * 8);
    if (i8)
        derate_kernel<int8_t><<<grid, 256, 0, s>>>((const int8_t *)in, (int8_t *)out, nframes, r,
                                                  ldpc_nr_filler_i8(positive_is_one));
    else
        derate_kernel<float><<<grid, 256, 0, s>>>((const float *)in, (float *)out, nframes, r,
                                                 ldpc_nr_filler_f32(positive_is_one));
    return cudaGetLastError();
}

} // namespace ldpccuda
