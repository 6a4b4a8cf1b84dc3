#!/usr/bin/env python3
"""Measurements behind docs/gnuradio.md, "Soft demapping" (run with GNU Radio's Python).

  soft_demapper_measure.py fer [--frames N] [--ebn0 2.0,2.5]
      DVB-T2 16200 rate 1/2 (k = 7200) frame error rate through one GNU Radio flowgraph per
      demapper, on the same bits and the same noise: random bits -> ldpcgpu encoder -> gr-digital
      QPSK mapper -> AWGN (noise source, Eb/N0 with rate k/n) -> demapper -> ldpcgpu decoder
      (defaults, float LLRs). Demappers: gr-digital's constellation_soft_decoder_cf (its default
      noise power; gr-fec's sign) and ldpcgpu.soft_demapper (exact; max-log; exact into int8 at
      the default scale), the last two told the true N0.
  soft_demapper_measure.py orders [--frames N] [--points qpsk:1.6,16qam:3.7,...] [--scale S]
      DVB-T2 16200 rate 1/2 FER with each DVB-T2 constellation (random bits, the numpy encoder
      and decoder, the block as demapper fed noisy symbols, bits to symbols MSB first): exact
      float LLRs, max-log float, exact int8 at the decoder's default scale (int8 messages), and the share of
      int8 LLRs clamped at +-127 and rounded to 0 at that scale (--scale for another).
  soft_demapper_measure.py throughput [--symbols N] [--constellations qpsk,16qam]
      Symbols per second of the block alone for every constellation, exact and max-log, float
      and int8 output: its work time from GNU Radio's performance counters (wall time inside
      work(), so on a loaded machine it includes time the thread was not running) and the
      process CPU time of the whole flowgraph (source, demapper, sink) per symbol.
"""
import argparse
import math
import os
import time

os.environ.setdefault("GR_CONF_PERFCOUNTERS_ON", "True")

import numpy as np  # noqa: E402
from gnuradio import analog, blocks, digital, gr  # noqa: E402

from gnuradio import ldpcgpu  # noqa: E402

CODE = "dvbt2:16200:1/2"


def fer_run(demapper_kind, ebn0_db, frames, seed):
    code = ldpcgpu.Code(CODE)
    qpsk = digital.constellation_qpsk()
    points = np.array(qpsk.points())
    es = float(np.mean(np.abs(points) ** 2))
    esn0 = 10 ** (ebn0_db / 10.0) * 2 * code.k / code.n
    n0 = es / esn0
    info = np.random.default_rng(seed).integers(0, 2, frames * code.k, dtype=np.uint8)
    tb = gr.top_block()
    src = blocks.vector_source_b(info.tolist())
    enc = ldpcgpu.ldpc_encoder(CODE)
    pack = blocks.pack_k_bits_bb(2)
    mapper = digital.constellation_encoder_bc(qpsk.base())
    noise = analog.noise_source_c(analog.GR_GAUSSIAN, math.sqrt(n0), seed + 1)
    add = blocks.add_cc()
    input_type, positive_is_one = "float", False
    if demapper_kind == "gr-digital":
        demapper = digital.constellation_soft_decoder_cf(qpsk.base())
        positive_is_one = True
    elif demapper_kind == "int8":
        demapper = ldpcgpu.soft_demapper("custom", n0, output_type="int8", points=qpsk.points())
        input_type = "int8"
    else:
        demapper = ldpcgpu.soft_demapper("custom", n0, demapper_kind, points=qpsk.points())
    dec = ldpcgpu.ldpc_decoder(CODE, input_type=input_type, llr_positive_is_one=positive_is_one,
                               frame_tags="none")
    sink = blocks.vector_sink_b()
    tb.connect(src, enc, pack, mapper, (add, 0))
    tb.connect(noise, (add, 1))
    tb.connect(add, demapper, dec, sink)
    tb.run()
    out = np.array(sink.data(), np.uint8).reshape(-1, code.k)
    errors = np.any(out != info.reshape(frames, code.k)[: len(out)], axis=1)
    return int(errors.sum()), len(out)


def cmd_fer(args):
    print("DVB-T2 16200 r1/2, QPSK, %d frames per point, decoder defaults (%s, %d iterations)"
          % (args.frames, ldpcgpu.default_algorithm(), ldpcgpu.default_max_iterations()))
    for ebn0 in [float(x) for x in args.ebn0.split(",")]:
        for kind in ("gr-digital", "exact", "max-log", "int8"):
            errors, frames = fer_run(kind, ebn0, args.frames, seed=int(ebn0 * 100))
            print("  Eb/N0 %.2f dB  %-10s FER %.4f (%d / %d)" % (ebn0, kind, errors / frames, errors, frames))


def demap_frames(name, method, output_type, n0, symbols, scale):
    demapper = ldpcgpu.soft_demapper(name, n0, method, output_type, scale)
    sink = blocks.vector_sink_b() if output_type == "int8" else blocks.vector_sink_f()
    tb = gr.top_block()
    tb.connect(blocks.vector_source_c(symbols.tolist()), demapper, sink)
    tb.run()
    out = np.array(sink.data())
    return out.astype(np.uint8).view(np.int8) if output_type == "int8" else out.astype(np.float32)


def cmd_orders(args):
    code = ldpcgpu.Code(CODE)
    scale = args.scale or ldpcgpu.default_int8_scale()
    print("DVB-T2 16200 r1/2, %d frames per point, numpy Decoder defaults; int8 at scale %g"
          % (args.frames, scale))
    rng = np.random.default_rng(7)
    info = rng.integers(0, 2, (args.frames, code.k), dtype=np.uint8)
    codewords = code.encode(info)
    for point in args.points.split(","):
        name, ebn0 = point.split(":")
        ebn0 = float(ebn0)
        nb = {"qpsk": 2, "16qam": 4, "64qam": 6, "256qam": 8}[name]
        points = np.array(ldpcgpu.soft_demapper.constellation_points(name))
        symbols = np.packbits(codewords.reshape(-1, nb), axis=1, bitorder="big")[:, 0] >> (8 - nb)
        n0 = 1.0 / (10 ** (ebn0 / 10.0) * nb * code.k / code.n)
        noise = np.sqrt(n0 / 2) * (rng.standard_normal(len(symbols)) + 1j * rng.standard_normal(len(symbols)))
        rx = (points[symbols] + noise).astype(np.complex64)
        row = []
        for method, out in (("exact", "float"), ("max-log", "float"), ("exact", "int8")):
            llr = demap_frames(name, method, out, n0, rx, scale).reshape(args.frames, code.n)
            dec = ldpcgpu.Decoder(code, llr_scale=scale, msg_format="i8" if out == "int8" else "f32")
            bits, _, _ = dec.decode(llr)
            row.append(np.mean(np.any(bits != info, axis=1)))
            if out == "int8":
                clamped, zero = np.mean(np.abs(llr) == 127), np.mean(llr == 0)
        print("  %-6s Eb/N0 %.2f dB (Es/N0 %.2f): FER exact %.3f, max-log %.3f, int8 %.3f; int8 LLRs "
              "clamped %.2f%%, zero %.2f%%" % (name, ebn0, ebn0 + 10 * math.log10(nb * code.k / code.n),
                                               row[0], row[1], row[2], 100 * clamped, 100 * zero))


CONSTELLATIONS = ["bpsk", "qpsk", "8psk", "16apsk", "32apsk", "16qam", "64qam", "256qam"]


def timed_run(block, y, symbols, out_size):
    """vector source -> head -> block -> null sink: (work() ns per symbol from GNU Radio's
    performance counters, process CPU ns per symbol of the whole flowgraph)."""
    tb = gr.top_block()
    src = blocks.vector_source_c(y.tolist(), True)
    head = blocks.head(gr.sizeof_gr_complex, symbols)
    sink = blocks.null_sink(out_size)
    tb.connect(src, head, block, sink)
    cpu0 = time.process_time()
    tb.run()
    cpu = time.process_time() - cpu0
    return block.pc_work_time_total() / symbols, cpu / symbols * 1e9


def cmd_throughput(args):
    rng = np.random.default_rng(1)
    print("ns per symbol of ldpcgpu.soft_demapper (load average %.1f on %d CPUs): its work() "
          "time, and the process CPU time of the flowgraph (source, head, block, sink)"
          % (os.getloadavg()[0], os.cpu_count()))
    print("%-8s %-8s %-7s %-6s %-9s %12s %12s" % ("const.", "rotated", "method", "out", "N0",
                                                  "work ns/sym", "CPU ns/sym"))
    y = (rng.standard_normal(64800) + 1j * rng.standard_normal(64800)).astype(np.complex64)
    work, cpu = timed_run(blocks.copy(gr.sizeof_gr_complex), y, args.symbols, gr.sizeof_gr_complex)
    print("%-8s %-8s %-7s %-6s %-9s %12.1f %12.1f" % ("(copy)", "-", "-", "-", "-", work, cpu))
    names = args.constellations.split(",") if args.constellations else CONSTELLATIONS
    cases = [(c, False) for c in names] + [(c, True) for c in ("16qam", "256qam") if c in names]
    for name, rotated in cases:
        points = np.array(ldpcgpu.soft_demapper.constellation_points(name, "3/4", rotated=rotated))
        y = points[rng.integers(0, len(points), 64800)]
        y = (y + 0.2 * (rng.standard_normal(len(y)) + 1j * rng.standard_normal(len(y)))).astype(np.complex64)
        for method in ("exact", "max-log"):
            for out in ("float", "int8"):
                for n0 in (0.08, 0.0):  # given, estimated
                    try:
                        demapper = ldpcgpu.soft_demapper(name, n0, method, out, apsk_rate="3/4",
                                                         rotated=rotated, fec_frame_bits=64800)
                    except ValueError:  # a build without the estimator: noise_var must be > 0
                        continue
                    work, cpu = timed_run(demapper, y, args.symbols, 1 if out == "int8" else 4)
                    print("%-8s %-8s %-7s %-6s %-9s %12.1f %12.1f"
                          % (name, "yes" if rotated else "no", method, out,
                             "given" if n0 else "estimated", work, cpu))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("fer")
    p.add_argument("--frames", type=int, default=1000)
    p.add_argument("--ebn0", default="2.0,2.5")
    p.set_defaults(func=cmd_fer)
    p = sub.add_parser("orders")
    p.add_argument("--frames", type=int, default=300)
    p.add_argument("--points", default="qpsk:1.6,16qam:3.7,64qam:6.2,256qam:9.0")
    p.add_argument("--scale", type=float, default=0.0, help="int8 scale (default: the decoder's)")
    p.set_defaults(func=cmd_orders)
    p = sub.add_parser("throughput")
    p.add_argument("--symbols", type=int, default=30 * 64800)  # whole FEC blocks (rotated)
    p.add_argument("--constellations", default="", help="comma-separated (default: all)")
    p.set_defaults(func=cmd_throughput)
    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
