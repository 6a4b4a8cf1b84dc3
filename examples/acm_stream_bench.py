#!/usr/bin/env python3
"""A DVB-S2 ACM/VCM-like stream through the LDPC Decoder block: frames cycling through four
64800 code rates, each frame's code named by a "modcod" tag on its first LLR (code_tag, codes),
against the single-code block on each rate alone.

Every run: int8 LLRs of BPSK over AWGN at --ebn0 (8 distinct frames a rate, repeated by the
vector source, cut to --frames by a Head), the decoder, a null sink; the time is the wall time of
top_block.run(), best of --reps, each with a fresh block. Prints Mb/s of LLRs per rate alone,
"each rate alone in turn" (their total LLRs over their total time) and the cycling stream with
its ratio to that."""
import argparse
import time

import numpy as np
import pmt
from gnuradio import blocks, gr

from gnuradio import ldpcgpu

RATES = ["dvbs2:64800:1/2", "dvbs2:64800:3/5", "dvbs2:64800:2/3", "dvbs2:64800:3/4"]
N = 64800


def frames_of(name, count, ebn0, seed):
    code = ldpcgpu.Code(name)
    info = np.random.default_rng(seed).integers(0, 2, (count, code.k), dtype=np.uint8)
    llr = ldpcgpu.bpsk_awgn(code.encode(info), ldpcgpu.awgn_sigma(ebn0, code.rate), seed=seed)
    return np.clip(np.round(llr * 4), -127, 127).astype(np.int8)


def run_once(dec, llr, tags, frames):
    tb = gr.top_block()
    src = blocks.vector_source_b(llr.view(np.uint8).ravel(), True, 1, tags)
    tb.connect(src, blocks.head(1, frames * N), dec, blocks.null_sink(1))
    start = time.perf_counter()
    tb.run()
    return time.perf_counter() - start


def best_of(make, llr, tags, args):
    best, dec = None, None
    for _ in range(args.reps):
        dec = make()
        s = run_once(dec, llr, tags, args.frames)
        best = s if best is None else min(best, s)
    return best, dec


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--frames", type=int, default=2048, help="frames per run (default 2048)")
    ap.add_argument("--ebn0", type=float, default=3.5, help="Eb/N0 in dB (default 3.5)")
    ap.add_argument("--batch-frames", type=int, default=0,
                    help="the multi-code block's batch_frames (default 0: its choice)")
    ap.add_argument("--backend", default="cpu")
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()

    per = {r: frames_of(r, 8, args.ebn0, i) for i, r in enumerate(RATES)}
    total = 0.0
    for r in RATES:
        s, dec = best_of(lambda: ldpcgpu.ldpc_decoder(r, input_type="int8", backend=args.backend),
                         per[r], [], args)
        total += s
        print("%s alone: %.0f Mb/s of LLRs (parity failures %d of %d frames)"
              % (r, args.frames * N / s / 1e6, dec.frames_parity_failed(), dec.frames_decoded()))
    alone = len(RATES) * args.frames * N / total
    print("each rate alone in turn: %.0f Mb/s of LLRs" % (alone / 1e6))

    rows, tags = [], []
    for f in range(8 * len(RATES)):
        r = f % len(RATES)
        rows.append(per[RATES[r]][f // len(RATES)])
        t = gr.tag_t()
        t.offset, t.key, t.value, t.srcid = f * N, pmt.intern("modcod"), pmt.from_long(r), pmt.intern("bench")
        tags.append(t)
    s, dec = best_of(lambda: ldpcgpu.ldpc_decoder(RATES[0], input_type="int8", backend=args.backend,
                                                  code_tag="modcod", codes=RATES[1:],
                                                  batch_frames=args.batch_frames),
                     np.stack(rows), tags, args)
    rate = args.frames * N / s
    print("cycling through the %d rates: %.0f Mb/s of LLRs = %.2f of alone (batch %d frames, "
          "parity failures %d of %d frames)" % (len(RATES), rate / 1e6, rate / alone,
                                                 dec.batch_frames(), dec.frames_parity_failed(),
                                                 dec.frames_decoded()))


if __name__ == "__main__":
    main()
