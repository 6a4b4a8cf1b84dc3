#!/usr/bin/env python3
"""Decode recorded LLRs from a file with gr-ldpcgpu's LDPC Decoder block, write the decoded bits
to a file, and print a summary at the end.

  llr_file_replay.py -i llr.f32 -o bits.u8 -c dvbt2:64800:1/2 [--format float|int8]
                     [--int8-scale S] [--iterations N] [--algorithm A] [--sign dvb|grfec]
                     [--backend B] [--reference info.u8]

The flowgraph: File Source (float32 or int8 LLRs, n per frame) -> LDPC Decoder -> File Sink
(decoded information bits, one per byte). It ends with the file, after the decoder flushes its
last, partial batch. The summary says how many frames were decoded, on which backend, how fast,
how many still failed their parity checks after the last iteration and the average iterations.
Which frames came out with wrong information bits only the bits sent can tell: give them with
--reference (k bits per frame, one per byte, as `ldpcgpu encode --info-out` writes them) and the
summary adds the frame and bit error rates.

To make a test file:
  ldpcgpu encode dvbt2:64800:1/2 -o /dev/null --frames 100 --ebn0 1.5 --llr-out llr.f32
"""
import argparse
import os
import sys
import time

import numpy as np
from gnuradio import blocks, gr

from gnuradio import ldpcgpu


def parse_args(argv):
    p = argparse.ArgumentParser(
        description="Decode recorded LLRs (positive = bit 0 unless --sign grfec) from a file.",
        epilog="To make a test file: ldpcgpu encode dvbt2:64800:1/2 -o /dev/null --frames 100 "
               "--ebn0 1.5 --llr-out llr.f32")
    p.add_argument("-i", "--input", default="llr.f32", help="LLR file (default llr.f32)")
    p.add_argument("-o", "--output", default="bits.u8",
                   help="decoded information bits, one per byte (default bits.u8)")
    p.add_argument("-c", "--code", default="dvbt2:64800:1/2",
                   help="code name, as `ldpcgpu list` prints them, or alist:FILE "
                        "(default dvbt2:64800:1/2)")
    p.add_argument("-f", "--format", choices=("float", "int8"), default="float",
                   help="LLRs in the file: float32, or int8 holding round(LLR x int8 scale)")
    p.add_argument("-s", "--int8-scale", type=float, default=ldpcgpu.default_int8_scale(),
                   help="scale of int8 LLRs (default %(default)s)")
    p.add_argument("-n", "--iterations", type=int, default=ldpcgpu.default_max_iterations(),
                   help="maximum iterations per frame (default %(default)s, the core's)")
    p.add_argument("-a", "--algorithm", default=ldpcgpu.default_algorithm(),
                   help="nms, oms, min-sum or sum-product (default %(default)s, the core's)")
    p.add_argument("--sign", choices=("dvb", "grfec"), default="dvb",
                   help="dvb: positive LLR = bit 0 (DVB, gr-dvbs2rx); grfec: positive = bit 1 "
                        "(gr-fec, gr-digital's soft decoder)")
    p.add_argument("-b", "--backend", default="auto",
                   help="auto, cuda, cpu, cpu-simd or cpu-reference (default auto)")
    p.add_argument("-r", "--reference", default="",
                   help="the information bits sent, k per frame, one per byte: adds the frame "
                        "and bit error rates to the summary")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    if not os.path.isfile(args.input):
        # a clear message rather than GNU Radio's "can't open file"
        sys.exit("llr_file_replay: no LLR file %r. Give one with -i FILE: %s LLRs (positive = "
                 "bit 0), n per frame of the code given with -c (default %s); write the decoded "
                 "bits with -o FILE (default bits.u8). To make a test file: ldpcgpu encode %s -o "
                 "/dev/null --frames 100 --ebn0 1.5 --llr-out llr.f32"
                 % (args.input, args.format, args.code, args.code))
    int8 = args.format == "int8"
    dec = ldpcgpu.ldpc_decoder(args.code, input_type=args.format, max_iterations=args.iterations,
                               algorithm=args.algorithm, backend=args.backend,
                               llr_positive_is_one=args.sign == "grfec",
                               int8_scale=args.int8_scale)
    n, k = dec.n(), dec.k()
    item = 1 if int8 else 4
    llrs = os.path.getsize(args.input) // item
    if llrs % n:
        print("llr_file_replay: %s holds %d LLRs, not a whole number of frames of n = %d: the "
              "last %d are dropped" % (args.input, llrs, n, llrs % n), file=sys.stderr)

    tb = gr.top_block("llr_file_replay")
    src = blocks.file_source(gr.sizeof_char if int8 else gr.sizeof_float, args.input, False)
    snk = blocks.file_sink(gr.sizeof_char, args.output, False)
    snk.set_unbuffered(False)
    tb.connect(src, dec, snk)
    start = time.monotonic()
    tb.run()
    seconds = time.monotonic() - start
    snk.close()

    frames, failed = dec.frames_decoded(), dec.frames_parity_failed()
    print("llr_file_replay: %s, %s LLRs, %s backend, max %d iterations (%s)"
          % (args.code, args.format, dec.backend_name(), dec.max_iterations(), args.algorithm))
    print("  %d frames decoded in %.2f s (%.1f frames/s), %.2f iterations on average"
          % (frames, seconds, frames / seconds if seconds > 0 else 0.0, dec.average_iterations()))
    print("  %d frames (%.4f) still failed a parity check after the last iteration"
          % (failed, failed / frames if frames else 0.0))
    if args.reference:
        sent = np.fromfile(args.reference, dtype=np.uint8)
        got = np.fromfile(args.output, dtype=np.uint8)
        both = min(sent.size, got.size) // k
        if both < frames:
            print("  the reference holds %d frames of k = %d bits, fewer than the %d decoded: "
                  "compared %d" % (sent.size // k, k, frames, both))
        s, g = sent[:both * k].reshape(both, k), got[:both * k].reshape(both, k)
        wrong = np.count_nonzero(s != g, axis=1)
        print("  against the reference: %d of %d frames with information bit errors (FER "
              "%.4f), %d bit errors (BER %.3g)"
              % (np.count_nonzero(wrong), both, np.count_nonzero(wrong) / max(both, 1),
                 int(wrong.sum()), wrong.sum() / max(both * k, 1)))
    if frames and failed > frames // 2:
        print("  most frames failed: check --sign (%s now) and, for int8, --int8-scale (%g); "
              "near the code's threshold more --iterations help (DVB: 25 to 50)"
              % (args.sign, args.int8_scale))
    return 0


if __name__ == "__main__":
    sys.exit(main())
