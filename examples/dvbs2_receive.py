#!/usr/bin/python3
"""DVB-S2 receiver: gr-dvbs2rx's frame sync and BCH decoder around this module's soft demapper
and LDPC decoder, on gr-dtv's transmitter with noise, end to end.

  transmit (gr-dtv, examples/dvbs2_frames.py): MPEG TS packets -> BBFRAMEs -> BCH -> LDPC ->
      QPSK -> PLFRAMEs (PL header, pilots, scrambling); complex AWGN at --esn0
  receive:  blocks.multiply_const_cc     unit power (gr-dvbs2rx's receiver has an AGC here:
                                         its frame detection thresholds assume unit power)
            dvbs2rx.plsync_cc            frame sync, PL descrambling, phase from the pilots
            ldpcgpu.soft_demapper        int8 LLRs, N0 estimated from the symbols
            ldpcgpu.ldpc_decoder         "dvbs2:64800:1/2", int8 LLRs, information bits
                                         packed MSB first (the defaults otherwise)
            dvbs2rx.bch_decoder_bb       BCH
            dvbs2rx.bbdescrambler_bb     BB descrambling
            dvbs2rx.bbdeheader_bb        BBFRAME header -> MPEG TS packets

and checks that the TS packets out are the packets sent, in order, none corrupt, and that every
frame after the PL sync's acquisition (at most --acquisition-frames at the start and one held
at the end) came out: exit status 0 when so, 1 when not.

gr-dvbs2rx (github.com/igorauad/gr-dvbs2rx) is not a Debian package: when `from gnuradio import
dvbs2rx` fails the example says so and exits with status 77 (skipped). Installed under a
prefix of its own, put it on the paths:
  PYTHONPATH=PREFIX/lib/python3/dist-packages LD_LIBRARY_PATH=PREFIX/lib \\
      /usr/bin/python3 dvbs2_receive.py
"""
import argparse
import os
import sys

import numpy as np
from gnuradio import blocks, gr

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dvbs2_frames  # noqa: E402  (the example's own helper, next to it)

SKIP = 77


def parse_args():
    p = argparse.ArgumentParser(description="DVB-S2 receive chain: gr-dvbs2rx's PL sync and "
                                "BCH around ldpcgpu's soft demapper and LDPC decoder.")
    p.add_argument("--rate", default="1/2", help="DVB-S2 code rate (normal frames, QPSK)")
    p.add_argument("--frames", type=int, default=24, help="FEC frames sent")
    p.add_argument("--esn0", type=float, default=2.0, help="Es/N0 in dB")
    p.add_argument("--backend", default="auto", help="ldpc_decoder backend")
    p.add_argument("--acquisition-frames", type=int, default=1,
                   help="frames the PL sync may take to lock at the start")
    p.add_argument("--seed", type=int, default=1)
    return p.parse_args()


def receive(code, symbols, backend, dvbs2rx, ldpcgpu):
    """Run the receive chain on symbol-rate PLFRAMEs; returns (TS bytes, counters)."""
    standard, frame_size, rate, _ = dvbs2rx.params.translate("DVB-S2", "normal", code.rate,
                                                              code.constellation)
    # Accept the one PLS sent (this MODCOD, normal frames, pilots on).
    pls = dvbs2rx.params.dvbs2_pls(code.constellation, code.rate, "normal", True)
    pls_lo, pls_hi = dvbs2rx.params.pls_filter(pls)
    plsync = dvbs2rx.plsync_cc(0, 20, 1.0, 0, False, False, pls_lo, pls_hi)
    demapper = ldpcgpu.soft_demapper(code.constellation, 0.0, "exact", "int8")
    # gr-dvbs2rx's BCH decoder takes the LDPC information bits packed, MSB first.
    decoder = ldpcgpu.ldpc_decoder(code.name, input_type="int8", packed_output=True,
                                   backend=backend)
    bch = dvbs2rx.bch_decoder_bb(standard, frame_size, rate, dvbs2rx.OM_MESSAGE, 0)
    descrambler = dvbs2rx.bbdescrambler_bb(standard, frame_size, rate)
    deheader = dvbs2rx.bbdeheader_bb(standard, frame_size, rate, 0)
    sink = blocks.vector_sink_b()
    tb = gr.top_block()
    # gr-dvbs2rx's receiver has an AGC to unit power in front of its PL sync (whose frame
    # detection thresholds assume that power): here the gain that AGC settles on, fixed, so
    # that the frames sent are not lost to its settling.
    agc = blocks.multiply_const_cc(1.0 / np.sqrt(np.mean(np.abs(symbols) ** 2)))
    tb.connect(blocks.vector_source_c(symbols), agc, plsync, demapper, decoder, bch, descrambler,
               deheader, sink)
    tb.run()
    counters = {
        "PL sync locked": plsync.get_locked(),
        "PL frames out": plsync.get_frame_count(),
        "PL frames rejected": plsync.get_rejected_count(),
        "LDPC frames": decoder.frames_decoded(),
        "LDPC parity failures": decoder.frames_parity_failed(),
        "BCH frames": bch.get_frame_count(),
        "BCH uncorrected": bch.get_error_count(),
        "BBFRAMEs": deheader.get_bbframe_count(),
        "TS packets": deheader.get_packet_count(),
        "TS packets corrupt": deheader.get_error_count(),
        "N0 estimate": demapper.noise_var(),
    }
    return np.array(sink.data(), dtype=np.uint8), counters


def check(sent, received, frames_sent, counters, acquisition_frames):
    """The TS packets out: a run of consecutive packets sent, none corrupt, no frame lost after
    the PL sync's acquisition. Returns a list of failures (empty when it passed)."""
    packet = dvbs2_frames.TS_PACKET
    failures = []
    if received.size == 0 or received.size % packet:
        return ["%d bytes out: not a positive number of TS packets" % received.size]
    sent_packets = sent.reshape(-1, packet)
    got = received.reshape(-1, packet)
    starts = np.where(np.all(sent_packets == got[0], axis=1))[0]
    if starts.size == 0:
        return ["the first TS packet out is none of those sent"]
    first = int(starts[0])
    print("  %-22s %d to %d of %d" % ("TS packets received", first, first + got.shape[0] - 1,
                                      sent_packets.shape[0]))
    if first + got.shape[0] > sent_packets.shape[0] or \
            np.any(sent_packets[first:first + got.shape[0]] != got):
        failures.append("the TS packets out are not the packets sent, in order")
    if counters["TS packets corrupt"] or counters["BCH uncorrected"]:
        failures.append("corrupt packets or uncorrected BCH frames")
    frames_min = frames_sent - acquisition_frames - 1
    if counters["LDPC frames"] < frames_min or counters["BBFRAMEs"] < frames_min:
        failures.append("%d frames decoded of %d sent (at least %d expected)"
                        % (counters["LDPC frames"], frames_sent, frames_min))
    return failures


def main():
    args = parse_args()
    try:
        from gnuradio import dvbs2rx
    except ImportError as e:
        print("SKIP: gr-dvbs2rx is not importable (%s). Install it (github.com/igorauad/"
              "gr-dvbs2rx), or put its prefix on PYTHONPATH and LD_LIBRARY_PATH." % e)
        return SKIP
    from gnuradio import ldpcgpu

    code = dvbs2_frames.Code(args.rate, "qpsk")
    ts, _, plframes = dvbs2_frames.transmit(code, args.frames, seed=args.seed, pl_framing=True)
    noisy, n0 = dvbs2_frames.add_noise(plframes, args.esn0, seed=args.seed + 1)
    received, counters = receive(code, noisy, args.backend, dvbs2rx, ldpcgpu)
    print("%s QPSK, %d frames, Es/N0 %.2f dB (N0 %.4f)" % (code.name, args.frames, args.esn0, n0))
    for key, value in counters.items():
        print("  %-22s %s" % (key, value))
    print("  %-22s %d of %d sent" % ("TS packets out", received.size // dvbs2_frames.TS_PACKET,
                                     ts.size // dvbs2_frames.TS_PACKET))
    failures = check(ts, received, args.frames, counters, args.acquisition_frames)
    for f in failures:
        print("FAILED: " + f)
    if not failures:
        print("OK: the TS packets out are those sent")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
