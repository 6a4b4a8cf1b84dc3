#!/bin/bash
# The cpu-simd backend on a many-core machine: builds the core alone (no CUDA, GNU Radio or
# Python), runs the simd tests natively (so the AVX-512 kernels are checked on real hardware
# when the CPU has AVX-512BW), then times AVX-512 against AVX2, one thread and all cores.
#
#   core/simd/bench/device_bench.sh [OUTDIR]      (from the repository root)
#
# Writes OUTDIR/device_bench.log (default: $OUT, else /tmp). Used for docs/benchmarks.md.
set -u
out=${1:-${OUT:-/tmp}}
log=$out/device_bench.log
mkdir -p "$out"
cores=$(nproc)
{
    echo "== $(date -u +%FT%TZ) $(uname -m), $cores cores"
    lscpu | grep -E 'Model name|^CPU\(s\)|Thread|Core|Socket|L2|L3|MHz'
    echo "avx512 flags: $(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -E '^avx512' | tr '\n' ' ')"
    gcc --version | head -1
    cmake -S . -B build-cpu -G Ninja -DENABLE_CUDA=OFF -DENABLE_GNURADIO=OFF -DENABLE_PYTHON=OFF \
        -DCMAKE_BUILD_TYPE=Release > "$out/configure.log" 2>&1 || { echo "configure failed"; exit 1; }
    ninja -C build-cpu simd_bench test_simd_exact test_simd_fer test_simd_api \
        > "$out/build.log" 2>&1 || { echo "build failed"; tail -30 "$out/build.log"; exit 1; }
    (cd build-cpu && ctest -R simd --output-on-failure)
    b=build-cpu/core/simd/simd_bench
    for isa in avx512bw avx2; do
        for it in 10 20; do
            for code in dvbs2:64800:1/2 dvbs2:16200:8/9 wimax:2304:1/2; do
                $b $code --isa $isa --iters $it --reps 7 --groups 2 --threads 1
                $b $code --isa $isa --iters $it --reps 5 --groups 1 --threads "$cores" | grep api
            done
        done
        $b dvbs2:16200:8/9 --isa $isa --iters 10 --reps 7 --groups 2 --et --ebn0 4.0
        $b dvbs2:64800:1/2 --isa $isa --iters 10 --reps 7 --groups 2 --alg oms | grep kernel
    done
    echo "== end $(date -u +%FT%TZ)"
} 2>&1 | tee "$log"
