#!/usr/bin/python3
"""dvbs2_chain_compare: this module's DVB-S2 receive chain against gr-dvbs2rx's, from complex
symbols to information bits, on the same frames, in one process on this CPU.

Frames: random information bits -> gr-dtv's dvb_ldpc_bb (DVB-S2 64800, --rate) -> 2 bits per
symbol (MSB first) -> gr-dtv's dvbs2_modulator_bc (QPSK, unit energy) -> complex AWGN at --esn0.
A pool of --pool distinct frames is made once and repeated to --frames per run.

Chains (each: vector source of symbols -> chain -> vector sink of packed information bits):
  ldpcgpu   soft_demapper("qpsk", int8, noise variance estimated from the symbols unless
            --true-n0) -> ldpc_decoder(dvbs2:64800:RATE, int8, --backend, --iterations,
            early stop, its default algorithm)
  dvbs2rx   xfecframe_demapper_cb(normal, RATE, QPSK) (its own SNR estimate, int8) ->
            ldpc_decoder_bb(DVB-S2, normal, RATE, QPSK, message output, max_trials =
            --iterations)
Both give the k information bits of each frame packed MSB first. Each chain runs --repeat times,
interleaved; the table shows the best frames/s (wall clock), the CPU time of the process per
frame (all threads) in the same run, and the FER (frames with any information bit wrong).

gr-dvbs2rx is not a Debian package: build it from source (github igorauad/gr-dvbs2rx) into a
prefix and point PYTHONPATH / LD_LIBRARY_PATH at it. Without it this script measures the ldpcgpu
chain alone (and says so).
  PYTHONPATH=PREFIX/lib/python3/dist-packages LD_LIBRARY_PATH=PREFIX/lib \\
      /usr/bin/python3 examples/dvbs2_chain_compare.py --esn0 1.5
"""
import argparse
import json
import os
import sys
import time

import numpy as np
from gnuradio import blocks, dtv, gr

from gnuradio import ldpcgpu

try:
    from gnuradio import dvbs2rx
except ImportError:
    dvbs2rx = None

RATES = {"1/2": (dtv.C1_2, 32400), "3/5": (dtv.C3_5, 38880), "2/3": (dtv.C2_3, 43200),
         "3/4": (dtv.C3_4, 48600), "5/6": (dtv.C5_6, 54000), "8/9": (dtv.C8_9, 57600)}
N = 64800


def parse_args():
    p = argparse.ArgumentParser(description="DVB-S2 QPSK chain: ldpcgpu against gr-dvbs2rx")
    p.add_argument("--rate", default="1/2", choices=sorted(RATES))
    p.add_argument("--esn0", type=float, default=1.5, help="Es/N0 in dB (default 1.5)")
    p.add_argument("--iterations", type=int, default=25, help="max iterations / trials (25)")
    p.add_argument("--pool", type=int, default=32, help="distinct frames (default 32)")
    p.add_argument("--frames", type=int, default=320, help="frames per run (multiple of 32)")
    p.add_argument("--repeat", type=int, default=3, help="runs per chain, interleaved")
    p.add_argument("--backend", default="cpu", help="ldpcgpu backend (default cpu)")
    p.add_argument("--true-n0", action="store_true", help="give the demapper the true N0")
    p.add_argument("--json", help="write the results as JSON")
    p.add_argument("--seed", type=int, default=1)
    return p.parse_args()


def run_blocks(src, chain, sink):
    tb = gr.top_block()
    tb.connect(src, *chain, sink)
    tb.run()


def make_frames(rate, pool, esn0_db, seed):
    """(information bits [pool, k], received symbols [pool, N/2], N0)"""
    dtv_rate, k = RATES[rate]
    rng = np.random.default_rng(seed)
    info = rng.integers(0, 2, (pool, k), dtype=np.uint8)
    cw = blocks.vector_sink_b()
    run_blocks(blocks.vector_source_b(info.ravel().tolist()),
               [dtv.dvb_ldpc_bb(dtv.STANDARD_DVBS2, dtv.FECFRAME_NORMAL, dtv_rate, dtv.MOD_OTHER)], cw)
    bits = np.array(cw.data(), dtype=np.uint8).reshape(pool, N)
    if not np.array_equal(bits[:, :k], info):
        sys.exit("dvbs2_chain_compare: gr-dtv's codewords do not start with the information bits")
    values = (bits[:, 0::2] << 1) | bits[:, 1::2]
    tx = blocks.vector_sink_c()
    run_blocks(blocks.vector_source_b(values.ravel().tolist()),
               [dtv.dvbs2_modulator_bc(dtv.FECFRAME_NORMAL, dtv_rate, dtv.MOD_QPSK, dtv.INTERPOLATION_OFF)], tx)
    x = np.array(tx.data(), dtype=np.complex64)
    x /= np.sqrt(np.mean(np.abs(x) ** 2))  # unit symbol energy: Es/N0 = 1 / N0
    n0 = 10.0 ** (-esn0_db / 10.0)
    noise = rng.normal(0.0, np.sqrt(n0 / 2), (x.size, 2)).astype(np.float32)
    y = (x + noise[:, 0] + 1j * noise[:, 1]).astype(np.complex64)
    return info, y.reshape(pool, N // 2), n0


def ldpcgpu_chain(a, n0):
    code = "dvbs2:64800:" + a.rate
    scale = ldpcgpu.default_int8_scale()
    return [ldpcgpu.soft_demapper("qpsk", noise_var=n0 if a.true_n0 else 0.0, output_type="int8",
                                  int8_scale=scale),
            ldpcgpu.ldpc_decoder(code, input_type="int8", packed_output=True, int8_scale=scale,
                                 max_iterations=a.iterations, early_termination=True,
                                 backend=a.backend)]


def dvbs2rx_chain(a, n0):
    r = getattr(dvbs2rx, "C" + a.rate.replace("/", "_"))
    return [dvbs2rx.xfecframe_demapper_cb(dvbs2rx.FECFRAME_NORMAL, r, dvbs2rx.MOD_QPSK),
            dvbs2rx.ldpc_decoder_bb(dvbs2rx.STANDARD_DVBS2, dvbs2rx.FECFRAME_NORMAL, r, dvbs2rx.MOD_QPSK,
                                    dvbs2rx.OM_MESSAGE, dvbs2rx.INFO_OFF, a.iterations)]


def run_chain(make, a, y, info, n0):
    """one run: (seconds, CPU seconds, frames out, frame errors)"""
    reps = a.frames // a.pool
    src = blocks.vector_source_c(np.tile(y.ravel(), reps).tolist())
    sink = blocks.vector_sink_b()
    tb = gr.top_block()
    chain = make(a, n0)
    tb.connect(src, *chain, sink)
    c0, t0 = time.process_time(), time.perf_counter()
    tb.run()
    t, c = time.perf_counter() - t0, time.process_time() - c0
    kb = info.shape[1] // 8
    out = np.array(sink.data(), dtype=np.uint8)
    frames = out.size // kb
    got = np.unpackbits(out[:frames * kb].reshape(frames, kb), axis=1)
    sent = np.tile(info, (reps, 1))[:frames]
    errors = int(np.count_nonzero(np.any(got != sent, axis=1)))
    return t, c, frames, errors


def main():
    a = parse_args()
    if a.frames % a.pool or a.frames % 32:
        sys.exit("dvbs2_chain_compare: --frames must be a multiple of --pool and of 32")
    info, y, n0 = make_frames(a.rate, a.pool, a.esn0, a.seed)
    chains = {"ldpcgpu": ldpcgpu_chain}
    if dvbs2rx is not None:
        chains["dvbs2rx"] = dvbs2rx_chain
    else:
        print("gr-dvbs2rx is not importable: measuring the ldpcgpu chain alone")
    best = {name: None for name in chains}
    for _ in range(a.repeat):
        for name, make in chains.items():
            r = run_chain(make, a, y, info, n0)
            if best[name] is None or r[0] < best[name][0]:
                best[name] = r
    print(f"DVB-S2 64800 {a.rate} QPSK, Es/N0 {a.esn0} dB, {a.iterations} iterations, {a.frames} "
          f"frames per run ({a.pool} distinct), best of {a.repeat}, {os.cpu_count()} CPUs; ldpcgpu: "
          f"{a.backend} backend, N0 {'given' if a.true_n0 else 'estimated'}")
    print(f"{'chain':10s} {'frames/s':>9s} {'CPU ms/frame':>13s} {'frames':>7s} {'FER':>9s}")
    res = {}
    for name, (t, c, frames, errors) in best.items():
        res[name] = {"frames_per_s": frames / t, "cpu_ms_per_frame": 1e3 * c / frames,
                     "frames": frames, "frame_errors": errors, "fer": errors / max(frames, 1)}
        print(f"{name:10s} {frames / t:9.1f} {1e3 * c / frames:13.2f} {frames:7d} {errors / max(frames, 1):9.2e}")
    if "dvbs2rx" in res:
        ratio = res["ldpcgpu"]["frames_per_s"] / res["dvbs2rx"]["frames_per_s"]
        print(f"ldpcgpu / dvbs2rx frames/s: {ratio:.2f}x")
        res["ratio"] = ratio
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"rate": a.rate, "esn0_db": a.esn0, "iterations": a.iterations,
                       "backend": a.backend, "results": res}, f, indent=1)
    bad = [n for n, (_, _, frames, _) in best.items() if frames != a.frames]
    if bad:
        sys.exit(f"dvbs2_chain_compare: {bad}: not every frame came out")


if __name__ == "__main__":
    main()
