#!/usr/bin/env python3
"""Not a flowgraph example: the measurements of docs/gnuradio.md's "HARQ soft combining" item,
through the stream decoder block (ldpc_decoder with harq_buffers).

  fer          code blocks of a rate-matched 5G NR code sent four times (rv 0, 2, 3, 1) over
               BPSK + AWGN; the frame error rate after each transmission, combined in the
               block's HARQ buffers (tags harq_buffer / rv / harq_first) and, for comparison,
               each transmission decoded alone (an rv tag only)
  throughput   frames per second through the block without HARQ buffers, with a different
               buffer on each frame (full batches), and with runs of frames naming one buffer
               (the block sends a batch early rather than name a buffer twice in one); every
               frame a first transmission (harq_first), frames of other tags for the cost of
               GNU Radio's tags alone

  harq_stream_measure.py fer [--code nr:500:1000] [--blocks 200] [--esn0 -1.0] [--seed 1]
  harq_stream_measure.py throughput [--code nr:500:1000] [--frames 8000] [--repeats 3]
"""
import argparse
import time

import numpy as np
import pmt
from gnuradio import blocks, gr

from gnuradio import ldpcgpu

RVS = (0, 2, 3, 1)  # the order of 38.214's table 5.1.2.1-2


def tag(offset, key, value):
    t = gr.tag_t()
    t.offset = offset
    t.key = pmt.intern(key)
    t.value = value
    return t


def run(code_name, llr, tags, harq_buffers, backend, batch_frames=0):
    """LLR frames [frames, E] with tags through the block: (bits [frames, k], seconds)."""
    dec = ldpcgpu.ldpc_decoder(code_name, backend=backend, rate_matched=True,
                               harq_buffers=harq_buffers, frame_tags="none",
                               batch_frames=batch_frames)
    tb = gr.top_block()
    src = blocks.vector_source_f(llr.ravel().tolist(), False, 1, tags)
    snk = blocks.vector_sink_b()
    tb.connect(src, dec, snk)
    start = time.perf_counter()
    tb.run()
    seconds = time.perf_counter() - start
    return np.array(snk.data(), dtype=np.uint8).reshape(llr.shape[0], -1), seconds


def received(code, info, rv, esn0_db, rng):
    tx = ldpcgpu.nr_rate_match(code, code.encode(info), rv=rv)
    sigma = 10 ** (-esn0_db / 20)
    y = np.where(tx == 0, 1.0, -1.0) + rng.normal(0, sigma, tx.shape)
    return (2 / sigma ** 2 * y).astype(np.float32)


def code_blocks(code, count, rng):
    kp = int(code.name.split(":")[1])
    info = np.zeros((count, code.k), dtype=np.uint8)
    info[:, :kp] = rng.integers(0, 2, (count, kp))
    return info


def fer(args):
    code = ldpcgpu.Code(args.code)
    rng = np.random.default_rng(args.seed)
    info = code_blocks(code, args.blocks, rng)
    e = int(args.code.split(":")[2])
    # every transmission of every block, in rounds: all rv 0, then all rv 2, ...
    llr = np.vstack([received(code, info, rv, args.esn0, rng) for rv in RVS])
    combined, alone = [], []
    for i, rv in enumerate(RVS):
        for b in range(args.blocks):
            f = i * args.blocks + b
            combined += [tag(f * e, "harq_buffer", pmt.from_long(b)),
                         tag(f * e, "rv", pmt.from_long(rv)),
                         tag(f * e, "harq_first", pmt.from_bool(i == 0))]
            alone.append(tag(f * e, "rv", pmt.from_long(rv)))
    bits_c, _ = run(args.code, llr, combined, args.blocks, args.backend)
    bits_a, _ = run(args.code, llr, alone, args.blocks, args.backend)
    print("%s, %d code blocks, BPSK Es/N0 %.2f dB, backend %s" % (args.code, args.blocks,
                                                               args.esn0, args.backend))
    print("transmission  rv  FER combined  FER this rv alone")
    for i, rv in enumerate(RVS):
        rows = slice(i * args.blocks, (i + 1) * args.blocks)
        wrong_c = np.mean(np.any(bits_c[rows] != info, axis=1))
        wrong_a = np.mean(np.any(bits_a[rows] != info, axis=1))
        print("%12d  %2d  %12.3f  %17.3f" % (i + 1, rv, wrong_c, wrong_a))


def throughput(args):
    code = ldpcgpu.Code(args.code)
    rng = np.random.default_rng(args.seed)
    e = int(args.code.split(":")[2])
    frames = args.frames
    info = code_blocks(code, frames, rng)
    llr = received(code, info, 0, 3.0, rng)  # decodes in a few iterations
    buffers = 64

    def entries(buffer_of):
        """every frame a first transmission (harq_first: its buffer starts again, as for new
        data), into buffer_of(f)"""
        return [t for f in range(frames)
                for t in (tag(f * e, "harq_buffer", pmt.from_long(buffer_of(f))),
                          tag(f * e, "harq_first", pmt.PMT_T))]

    cases = {
        "no HARQ buffers": ([], 0),
        "no HARQ buffers, 2 other tags a frame": ([t for f in range(frames)
                                                   for t in (tag(f * e, "a", pmt.PMT_T),
                                                             tag(f * e, "b", pmt.PMT_T))], 0),
        "HARQ buffers, frames untagged": ([], buffers),
        "buffer f % 64 on frame f": (entries(lambda f: f % buffers), buffers),
        "runs of 8 frames on one buffer": (entries(lambda f: f // 8 % buffers), buffers),
    }
    print("%s, %d frames of %d LLRs, backend %s; best of %d runs (wall time of the flowgraph)"
          % (args.code, frames, e, args.backend, args.repeats))
    for name, (tags, nbuf) in cases.items():
        best = min(run(args.code, llr, tags, nbuf, args.backend)[1] for _ in range(args.repeats))
        print("%-38s %8.0f frames/s  %7.1f Mb/s of E LLRs" % (name, frames / best,
                                                            frames * e / best / 1e6))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("what", choices=("fer", "throughput"))
    p.add_argument("--code", default="nr:500:1000")
    p.add_argument("--blocks", type=int, default=200)
    p.add_argument("--esn0", type=float, default=-1.0)
    p.add_argument("--frames", type=int, default=8000)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--backend", default="cpu")
    args = p.parse_args()
    (fer if args.what == "fer" else throughput)(args)


if __name__ == "__main__":
    main()
