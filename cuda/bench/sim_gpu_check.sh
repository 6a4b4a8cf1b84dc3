#!/usr/bin/env bash
# sim_gpu_check: build, test, sanitize and time the simulator's GPU channel on a machine with a
# GPU (from the repository root). Stages (default: build test sanitize bench):
#   build     cmake + ninja of the core, the cuda tests, test_cuda_sim and sim_bench
#   ctest     ctest -R cuda (every GPU test)        test      test_cuda_sim alone
#   sanitize  compute-sanitizer memcheck, racecheck, synccheck on test_cuda_sim (quick mode)
#   bench     cuda_sim_bench: WiMAX 2304 r1/2 10 it, i8 and f32, early stop off and on, a short
#             Eb/N0 sweep for the FER 1e-7 point
#   variants  cuda_sim_bench under the channel's tuning knobs (launch shape, batch, slots, streams)
#   long      the FER <= 1e-7 point: LONG_EBN0 (default 3.0) dB, 100 frame errors, LONG_MAX frames
# Results under $OUT (default /tmp/sim-gpu-check): sim-check.log, bench.txt, summary.txt.
set -u
cd "$(dirname "$0")/../.." || exit 1
ROOT=$PWD
OUT=${OUT:-/tmp/sim-gpu-check}
BUILD=${BUILD:-/tmp/sim-gpu-build}
mkdir -p "$OUT"
LOG=$OUT/sim-check.log
SUM=$OUT/summary.txt
BENCH=$OUT/bench.txt
: >"$LOG"
: >"$SUM"
STAGES=("$@")
[ ${#STAGES[@]} -eq 0 ] && STAGES=(build test sanitize bench)
want() { local s; for s in "${STAGES[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }
step() { # step LABEL LIMIT CMD...
    local label=$1 limit=$2; shift 2
    echo "== $label: $*" >>"$LOG"
    local t0=$SECONDS
    timeout -k 5 "$limit" "$@" >>"$LOG" 2>&1
    local st=$?
    printf '%-28s %s (%d s)\n' "$label" "$([ $st -eq 0 ] && echo ok || echo "FAILED $st")" $((SECONDS - t0)) | tee -a "$SUM"
    return $st
}
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader >>"$SUM" 2>&1

if want build; then
    step configure 120 cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DENABLE_CUDA=ON \
        -DENABLE_GNURADIO=OFF -DENABLE_PYTHON=OFF -DCMAKE_CUDA_ARCHITECTURES=90 || { tail -30 "$LOG"; exit 1; }
    TARGETS=(ldpcgpu_core cuda_sim_bench test_cuda_sim)
    for t in "$ROOT"/core/tests/test_cuda_*.c; do TARGETS+=("$(basename "$t" .c)"); done
    step build 420 ninja -C "$BUILD" -j "$(nproc)" "${TARGETS[@]}" || { tail -40 "$LOG"; exit 1; }
fi
T=$BUILD/cuda/test_cuda_sim
SB=$BUILD/cuda/cuda_sim_bench

want ctest && step "ctest -R cuda" 400 ctest --test-dir "$BUILD" -R cuda --output-on-failure --timeout 300
want test && step test_cuda_sim 300 "$T"
if want sanitize; then
    export LDPCGPU_SIM_TEST_QUICK=1
    for tool in memcheck racecheck synccheck; do
        step "$tool test_cuda_sim" "${SAN_LIMIT:-300}" compute-sanitizer --tool $tool --error-exitcode 3 "$T"
    done
    unset LDPCGPU_SIM_TEST_QUICK
fi
if want bench; then
    : >"$BENCH"
    C=wimax:2304:1/2
    for args in "--msg i8 --llr i8" "--msg f32 --llr f32" "--msg i8 --llr f32" "--msg f32 --llr i8"; do
        for early in 0 1; do
            step "bench $args early $early" 60 $SB $C $args --early $early --ebn0 2.0 --seconds 3
            grep RESULT "$LOG" | tail -1 >>"$BENCH"
        done
    done
    for e in 2.4 2.6 2.8 3.0; do
        step "sweep $e dB" 40 $SB $C --msg i8 --llr i8 --early 1 --ebn0 $e --stop 100 --max-frames 300000000 --no-kernel
        grep RESULT "$LOG" | tail -1 >>"$BENCH"
    done
fi
if want variants; then
    # the channel's launch shape, batch size, batches in flight and streams, A/B in one run
    : >>"$BENCH"
    C=wimax:2304:1/2
    V=("" "LDPCGPU_SIM_CHAN_BLOCKS=1" "LDPCGPU_SIM_CHAN_BLOCKS=2 LDPCGPU_SIM_CHAN_THREADS=128"
       "LDPCGPU_SIM_CHAN_BLOCKS=4 LDPCGPU_SIM_CHAN_THREADS=128" "LDPCGPU_SIM_CHAN_THREADS=128"
       "LDPCGPU_SIM_BATCH=4224" "LDPCGPU_SIM_BATCH=33792" "LDPCGPU_SIM_SLOTS=3" "STREAMS=8" "STREAMS=2" "")
    for v in "${V[@]}"; do
        s=4; [[ $v == STREAMS=* ]] && s=${v#STREAMS=}
        env ${v/STREAMS=*/} $SB $C --msg i8 --llr i8 --early 0 --ebn0 2.0 --seconds 3 --streams $s >>"$LOG" 2>&1
        echo "variant [$v]: $(grep RESULT "$LOG" | tail -1)" >>"$BENCH"
    done
    for v in "" "LDPCGPU_SIM_CHAN_BLOCKS=2 LDPCGPU_SIM_CHAN_THREADS=128"; do
        env $v $SB $C --msg f32 --llr f32 --early 0 --ebn0 2.0 --seconds 3 >>"$LOG" 2>&1
        echo "variant [$v]: $(grep RESULT "$LOG" | tail -1)" >>"$BENCH"
        env $v $SB $C --msg i8 --llr i8 --early 1 --ebn0 3.0 --seconds 3 >>"$LOG" 2>&1
        echo "variant [$v]: $(grep RESULT "$LOG" | tail -1)" >>"$BENCH"
    done
    for e in 3.2 3.4 3.6; do
        step "sweep $e dB" 40 $SB $C --msg i8 --llr i8 --early 1 --ebn0 $e --stop 30 --max-frames 500000000 --no-kernel
        grep RESULT "$LOG" | tail -1 >>"$BENCH"
    done
fi
if want long; then
    step "long ${LONG_EBN0:-3.0} dB" 590 $SB wimax:2304:1/2 --msg i8 --llr i8 --early 1 --ebn0 "${LONG_EBN0:-3.0}" \
        --stop 100 --max-frames "${LONG_MAX:-6000000000}" --no-kernel
    grep -E "RESULT|progress" "$LOG" | tail -40 >>"$BENCH"
fi
echo "---- bench"; sed -e 's/ code=[^ ]*//' -e 's/ seconds=[^ ]*//' -e 's/ bit_errors=[^ ]*//' \
    -e 's/ undetected=[^ ]*//' -e 's/ saturated_share=[^ ]*//' -e 's/ parity_fail=[^ ]*//' "$BENCH" 2>/dev/null | tail -40
echo "---- summary"; cat "$SUM"
