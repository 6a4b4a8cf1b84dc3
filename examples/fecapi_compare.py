#!/usr/bin/env python3
"""gr-fec's LDPC decoder against ldpcgpu.fec_decoder through gr-fec's FECAPI path: the same
frames (gr-fec's encoder on one of gr-fec's alist files, BPSK +-1, AWGN at one Eb/N0) go through
fec.extended_decoder with each decoder object; prints BER, FER and throughput of the whole
flowgraph (float source -> extended_decoder -> byte sink): LLRs per second of wall clock and per
second of CPU time of the process (all its threads; the figure that holds on a shared machine)
as a markdown table. The table in docs/gnuradio.md ("gr-fec (FECAPI)") comes from this script.

    PYTHONPATH=build/test_modules LD_LIBRARY_PATH=build/lib:build/core \\
        /usr/bin/python3 examples/fecapi_compare.py --ebn0 4 --frames 400 --grfec-frames 40
"""
import argparse
import math
import os
import sys
import time

import numpy as np
from gnuradio import blocks, fec, gr

from gnuradio import ldpcgpu


def run(decoder_obj, soft):
    tb = gr.top_block()
    src = blocks.vector_source_f(soft.tolist(), False)
    dec = fec.extended_decoder(decoder_obj, threading=None, ann=None, puncpat="11",
                               integration_period=10000)
    snk = blocks.vector_sink_b()
    tb.connect(src, dec, snk)
    t0, c0 = time.perf_counter(), time.process_time()
    tb.run()
    return (np.array(snk.data(), dtype=np.uint8), time.perf_counter() - t0,
            time.process_time() - c0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--alist", default=os.path.join(gr.prefix(), "share", "gnuradio", "fec", "ldpc",
                                                    "n_1800_k_0902_gap_28.alist"))
    ap.add_argument("--ebn0", type=float, default=4.0, help="Eb/N0 in dB (default 4)")
    ap.add_argument("--frames", type=int, default=400, help="codewords for this module's decoder")
    ap.add_argument("--grfec-frames", type=int, default=40,
                    help="the first codewords of the same set, for gr-fec's (slow) decoder")
    ap.add_argument("--iterations", type=int, default=50, help="max iterations, both decoders")
    ap.add_argument("--backend", default="cpu")
    ap.add_argument("--frames-per-call", type=int, nargs="+", default=[1, 64])
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()

    probe = fec.ldpc_encoder_make(a.alist)
    k, n = probe.get_input_size(), probe.get_output_size()
    rate = k / n
    sigma = math.sqrt(1.0 / (2.0 * rate * 10.0 ** (a.ebn0 / 10.0)))
    rng = np.random.default_rng(a.seed)
    info = rng.integers(0, 2, a.frames * k, dtype=np.uint8)
    tb = gr.top_block()
    src = blocks.vector_source_b(info.tolist(), False)
    enc = fec.extended_encoder(probe, threading=None, puncpat="11")
    snk = blocks.vector_sink_b()
    tb.connect(src, enc, snk)
    tb.run()
    code_bits = np.array(snk.data(), dtype=np.uint8)
    soft = (2.0 * code_bits - 1.0 + rng.normal(0.0, sigma, code_bits.size)).astype(np.float32)

    rows = []
    g = min(a.grfec_frames, a.frames)
    out, dt, cpu = run(fec.ldpc_decoder.make(a.alist, sigma, a.iterations), soft[:g * n])
    rows.append(("gr-fec `fec.ldpc_decoder.make(alist, sigma, %d)`" % a.iterations, g, out, dt,
                 cpu))
    for fpc in a.frames_per_call:
        dec = ldpcgpu.fec_decoder.make("alist:" + a.alist, backend=a.backend,
                                       max_iterations=a.iterations, llr_gain=2.0 / sigma ** 2,
                                       frames_per_call=fpc)
        frames = a.frames // fpc * fpc
        out, dt, cpu = run(dec, soft[:frames * n])
        label = "ldpcgpu `fec_decoder.make(..., frames_per_call=%d)` (%s, %s, %.2f it/frame)" % (
            fpc, dec.backend_name(), ldpcgpu.default_algorithm(), dec.average_iterations())
        rows.append((label, frames, out, dt, cpu))

    print("%s, n=%d k=%d, Eb/N0 %.1f dB (sigma %.4f), max %d iterations, seed %d"
          % (os.path.basename(a.alist), n, k, a.ebn0, sigma, a.iterations, a.seed))
    print("| decoder | frames | bit errors | BER | FER | LLR/s | LLR/CPU-s |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, frames, out, dt, cpu in rows:
        sent = info[:frames * k]
        if len(out) != frames * k:
            sys.exit("%s: %d bits out for %d frames" % (label, len(out), frames))
        errors = int(np.count_nonzero(out != sent))
        fer = np.mean((out != sent).reshape(frames, k).any(axis=1))
        print("| %s | %d | %d | %.2e | %.3f | %.2e | %.2e |"
              % (label, frames, errors, errors / out.size, fer, frames * n / dt,
                 frames * n / cpu))


if __name__ == "__main__":
    main()
