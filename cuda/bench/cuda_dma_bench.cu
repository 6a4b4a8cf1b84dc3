/* cuda_dma_bench: how many bytes per second the host can move to and from its GPUs at once, the
 * ceiling of an end-to-end decoder whose LLRs come from host memory. For the first 1, 2, ... N
 * GPUs together it copies pinned host buffers (one per GPU, as the decoder's batch slots are)
 * to the devices, back, and both ways at once (each GPU on its own streams), and prints GB/s in
 * total and per GPU. A decoder spread over N GPUs cannot pass the "both" figure for its input +
 * output bytes, whatever the kernels do.
 *   nvcc -O3 -arch=sm_90 -o cuda_dma_bench cuda/bench/cuda_dma_bench.cu && ./cuda_dma_bench [MB] */
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(x)                                                                               \
    do {                                                                                       \
        cudaError_t e_ = (x);                                                                  \
        if (e_ != cudaSuccess) {                                                               \
            fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));                          \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)

struct Gpu {
    void *h_in, *h_out, *d_in, *d_out;
    cudaStream_t up, down;
};

/* mode 0: host to device, 1: device to host, 2: both at once; returns total GB/s */
static double run(std::vector<Gpu> &g, int ngpu, int mode, size_t bytes, int reps)
{
    for (int i = 0; i < ngpu; i++) {
        CHECK(cudaSetDevice(i));
        CHECK(cudaDeviceSynchronize());
    }
    const auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < ngpu; i++) {
            CHECK(cudaSetDevice(i));
            if (mode != 1)
                CHECK(cudaMemcpyAsync(g[i].d_in, g[i].h_in, bytes, cudaMemcpyHostToDevice, g[i].up));
            if (mode != 0)
                CHECK(cudaMemcpyAsync(g[i].h_out, g[i].d_out, bytes, cudaMemcpyDeviceToHost, g[i].down));
        }
    for (int i = 0; i < ngpu; i++) {
        CHECK(cudaSetDevice(i));
        CHECK(cudaDeviceSynchronize());
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return (double)bytes * reps * ngpu * (mode == 2 ? 2 : 1) / s / 1e9;
}

int main(int argc, char **argv)
{
    const size_t mb = argc > 1 ? (size_t)atoi(argv[1]) : 64;
    const size_t bytes = mb << 20;
    int n = 0;
    CHECK(cudaGetDeviceCount(&n));
    std::vector<Gpu> g((size_t)n);
    for (int i = 0; i < n; i++) {
        CHECK(cudaSetDevice(i));
        CHECK(cudaHostAlloc(&g[i].h_in, bytes, cudaHostAllocPortable));
        CHECK(cudaHostAlloc(&g[i].h_out, bytes, cudaHostAllocPortable));
        CHECK(cudaMalloc(&g[i].d_in, bytes));
        CHECK(cudaMalloc(&g[i].d_out, bytes));
        CHECK(cudaStreamCreateWithFlags(&g[i].up, cudaStreamNonBlocking));
        CHECK(cudaStreamCreateWithFlags(&g[i].down, cudaStreamNonBlocking));
    }
    printf("%zu MB per copy; GB/s in total (per GPU)\n", mb);
    printf("gpus  host->device     device->host     both at once\n");
    for (int k = 1; k <= n; k++) {
        double r[3];
        for (int mode = 0; mode < 3; mode++) {
            run(g, k, mode, bytes, 2); /* warm-up */
            r[mode] = run(g, k, mode, bytes, 20);
        }
        printf("%4d  %6.1f (%5.1f)   %6.1f (%5.1f)   %6.1f (%5.1f)\n", k, r[0], r[0] / k, r[1], r[1] / k,
               r[2], r[2] / k);
    }
    return 0;
}
