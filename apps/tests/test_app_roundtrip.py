"""export -> alist:FILE -> encode -> channel LLRs -> decode, through the ldpcgpu tool.

Exports standard codes as alist files and checks them independently (sizes, every codeword the
tool's encoder writes satisfies every check of the exported H); re-reads them as alist:FILE;
encodes random frames, decodes their noisy LLRs, and requires the decoded bits to equal the
bits sent, in every output format (info/codeword, unpacked/packed), for float32 and int8 LLRs
and for both LLR sign conventions. encode's frames are the simulator's: decoded, they give the
error counts `simulate` reports for the same seed.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apptest
from apptest import check, run

apptest.require_app()


def read(path):
    with open(path, "rb") as f:
        return f.read()


def pack(bits, per_frame):
    """Unpacked 0/1 bytes -> MSB-first packed bytes, each frame starting on a byte."""
    out = bytearray()
    for start in range(0, len(bits), per_frame):
        frame = bits[start:start + per_frame]
        for b in range(0, per_frame, 8):
            chunk = frame[b:b + 8]
            byte = 0
            for i, bit in enumerate(chunk):
                byte |= (bit & 1) << (7 - i)
            out.append(byte)
    return bytes(out)


def roundtrip(name, frames, ebn0, d, encode_alist=True):
    """encode_alist=False skips encoding with the alist copy (its generic encoder takes
    seconds to set up for long codes) and only decodes the standard code's LLRs with it."""
    tag = name.replace(":", "_").replace("/", "-")
    alist = os.path.join(d, tag + ".alist")
    run("export", name, "-o", alist, check_rc=0)
    n, m, rows, cols = apptest.read_alist(alist)
    rc, out, _ = run("info", name, check_rc=0)
    k = int(apptest.info_value(out, "k (info bits)"))
    check(n == int(apptest.info_value(out, "n (code bits)")), f"{name}: alist n")
    check(m == int(apptest.info_value(out, "m (checks)")), f"{name}: alist m")
    check(sum(len(r) for r in rows) == int(apptest.info_value(out, "ones in H")),
          f"{name}: alist holds every one of H")
    check(sum(len(c) for c in cols) == sum(len(r) for r in rows),
          f"{name}: alist row and column lists agree")

    # the alist read back is the same code
    rc, out, _ = run("info", "alist:" + alist, check_rc=0)
    check(apptest.info_value(out, "n (code bits)") == str(n), f"alist:{tag}: n")
    check(apptest.info_value(out, "k (info bits)") == str(k), f"alist:{tag}: k")

    for code in (name, "alist:" + alist) if encode_alist else (name,):
        label = f"{code if code == name else 'alist:' + tag}"
        cw, info, llr, llr1, llr8 = (os.path.join(d, f"{tag}.{x}") for x in
                                     ("cw", "info", "f32", "neg.f32", "i8"))
        run("encode", code, "--frames", frames, "--seed", 5, "-o", cw, "--info-out", info,
            "--llr-out", llr, "--ebn0", ebn0, check_rc=0)
        cw_bytes, info_bytes = read(cw), read(info)
        check(len(cw_bytes) == frames * n and len(info_bytes) == frames * k,
              f"{label}: encode wrote {frames} frames")
        check(set(cw_bytes) <= {0, 1}, f"{label}: codeword bytes are 0/1")
        bad = [f for f in range(frames)
               if apptest.unsatisfied_checks(rows, cw_bytes[f * n:(f + 1) * n])]
        check(not bad, f"{label}: every encoded frame satisfies H (frames {bad[:5]} do not)")
        check(len(read(llr)) == frames * n * 4, f"{label}: {frames} frames of float32 LLRs")

        # same bits in, same codewords out
        again = os.path.join(d, tag + ".again")
        run("encode", code, "--input", info, "-o", again, check_rc=0)
        check(read(again) == cw_bytes, f"{label}: encode --input reproduces the codewords")

        out = os.path.join(d, tag + ".dec")
        rc, text, _ = run("decode", code, "-i", llr, "-o", out, check_rc=0)
        check(read(out) == info_bytes, f"{label}: decoded information bits equal those sent")
        check(f"decoded {frames} frames" in text and "Mbps" in text,
              f"{label}: decode prints frames and throughput")

        run("decode", code, "-i", llr, "-o", out, "--output", "codeword", check_rc=0)
        check(read(out) == cw_bytes, f"{label}: --output codeword gives the codewords sent")
        run("decode", code, "-i", llr, "-o", out, "--packed", check_rc=0)
        check(read(out) == pack(info_bytes, k), f"{label}: --packed packs MSB first per frame")

        # gr-fec's sign: the same channel, negated LLRs
        run("encode", code, "--frames", frames, "--seed", 5, "-o", cw, "--llr-out", llr1,
            "--ebn0", ebn0, "--llr-sign", "positive-one", check_rc=0)
        run("decode", code, "-i", llr1, "-o", out, "--llr-sign", "positive-one", check_rc=0)
        check(read(out) == info_bytes, f"{label}: positive-one LLRs decode with --llr-sign")
        rc, text, _ = run("decode", code, "-i", llr1, "-o", out, check_rc=0)
        check(read(out) != info_bytes and f"{frames} parity failures" in text,
              f"{label}: the wrong sign convention fails every frame")

        # int8 LLRs
        run("encode", code, "--frames", frames, "--seed", 5, "-o", cw, "--llr-out", llr8,
            "--ebn0", ebn0, "--llr-format", "i8", check_rc=0)
        check(len(read(llr8)) == frames * n, f"{label}: {frames} frames of int8 LLRs")
        run("decode", code, "-i", llr8, "-o", out, "--format", "i8", check_rc=0)
        check(read(out) == info_bytes, f"{label}: int8 LLRs decode to the bits sent")

        # streaming through stdin/stdout, and --frames
        rc, text, _ = run("decode", code, "-i", "-", "-o", out, "--frames", 3,
                          stdin=read(llr), check_rc=0)
        check(read(out) == info_bytes[:3 * k], f"{label}: decode -i - --frames 3")

    if not encode_alist:
        run("encode", name, "--frames", frames, "--seed", 5, "-o", cw, "--llr-out", llr,
            "--ebn0", ebn0, check_rc=0)
        run("decode", "alist:" + alist, "-i", llr, "-o", out, "--output", "codeword", check_rc=0)
        check(read(out) == read(cw), f"alist:{tag}: decodes {name}'s frames to the codewords")


def same_frames_as_simulate(code, k, frames, ebn0, seed, d, modulation=()):
    """encode --seed S --llr-out writes the simulator's frames of seed S: decoding them gives
    the same error counts that `simulate --seed S` reports (at an Eb/N0 where many fail), also
    over another modulation (modulation: the options naming it, given to both)."""
    info, llr, out = (os.path.join(d, x) for x in ("s_info.u8", "s_llr.f32", "s_bits.u8"))
    run("encode", code, "--frames", frames, "--seed", seed, "-o", os.path.join(d, "s_cw.u8"),
        "--info-out", info, "--llr-out", llr, "--ebn0", ebn0, *modulation, check_rc=0)
    run("decode", code, "-i", llr, "-o", out, "--backend", "cpu-simd", check_rc=0)
    sent, got = read(info), read(out)
    bit_errors = [sum(a != b for a, b in zip(sent[f * k:(f + 1) * k], got[f * k:(f + 1) * k]))
                  for f in range(frames)]
    _, text, _ = run("simulate", code, "--backend", "cpu-simd", "--seed", seed, "--ebn0", ebn0,
                     "--frames", frames, *modulation, check_rc=0)
    row = next(line.split() for line in text.splitlines()
               if line.strip().startswith(f"{ebn0:.2f}"))
    want = (int(row[2]), int(row[4]))  # bit errors, frame errors
    have = (sum(bit_errors), sum(1 for e in bit_errors if e))
    check(have == want and want[1] > frames // 10,
          f"{code} {' '.join(modulation)} at {ebn0} dB seed {seed}: encode+decode (bit, frame "
          f"errors) {have}, simulate {want}")


with apptest.tempdir() as d:
    same_frames_as_simulate("wimax:576:1/2", 288, 300, 1.5, 3, d)
    same_frames_as_simulate("wimax:576:1/2", 288, 300, 3.8, 3, d,
                            ("--modulation", "16qam", "--demapper", "max-log"))
    # Eb/N0 well above each code's threshold: every frame must decode
    roundtrip("wimax:576:1/2", 40, 4.0, d)
    roundtrip("wifi:648:3/4", 40, 5.0, d)
    roundtrip("dvbt2:16200:1/2", 4, 3.5, d, encode_alist=False)

apptest.finish("test_app_roundtrip")
