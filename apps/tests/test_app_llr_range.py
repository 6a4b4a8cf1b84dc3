"""ldpcgpu --llr-scale range and the saturated-LLR share.

--llr-scale is accepted only in the library's range (decoder.h, ldpc_llr_scale_range: 4..8,
and 2..8 for 5G NR base graph 1 codes with offset min-sum; the range where int8 LLRs and
int8/int16 messages keep their quality): every command that takes it says so in its --help and
refuses other values with a message naming the range and exit status 2. On NR base graph 1 with
offset min-sum, scale 2 is accepted and decodes (int8 messages, which are refused there at 4);
with normalized min-sum, or on base graph 2, it is refused naming 4..8.
`decode` prints the share of input LLRs beyond the int8 range, which must equal the count
computed here from the file (float: round(LLR * scale) outside -128..127, halves away from
zero; int8: values -128, -127 or 127: the ends where a quantiser that clips at +-127, like
encode's, leaves saturated LLRs).
"""
import json
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apptest
from apptest import check, run

apptest.require_app()
CODE = "wimax:576:1/2"
RANGE = "4..8"  # decoder.h: LDPC_LLR_SCALE_MIN..MAX, as the tool prints it
NR_RANGE = "2..8"  # LDPC_LLR_SCALE_NR_BG1_MIN..MAX: 5G NR base graph 1, offset min-sum
N = 576
COMMANDS = {  # the arguments that make each command otherwise valid
    "simulate": [CODE, "--ebn0", "3", "--frames", "8"],
    "decode": [CODE, "-i", "-", "-o", "-"],
    "bench": [CODE, "--mode", "e2e", "--seconds", "0.05"],
    "encode": [CODE, "-o", "-"],
}

for cmd, args in COMMANDS.items():
    rc, out, _ = run(cmd, "--help")
    check(rc == 0 and "--llr-scale" in out and RANGE in out and NR_RANGE in out,
          f"ldpcgpu {cmd} --help states the --llr-scale ranges")
    for bad in ("32", "16", "8.5", "3.9", "2", "1.9", "0.25", "0", "-4", "1e5", "abc"):
        rc, _, err = run(cmd, *args, "--llr-scale", bad, stdin=b"")
        check(rc == 2 and "--llr-scale" in err, f"ldpcgpu {cmd} --llr-scale {bad}: exit 2, got {rc}")
        if bad != "abc":
            check(RANGE in err, f"ldpcgpu {cmd} --llr-scale {bad} names the range: {err!r}")


def round_away(x):
    return int(x + 0.5) if x >= 0 else -int(-x + 0.5)


with apptest.tempdir() as d:
    llr_path = os.path.join(d, "llr.f32")
    q_path = os.path.join(d, "llr.i8")
    # 12 frames at 8 dB: LLRs of mean about 12.6 (2 / sigma^2), a quarter beyond 16 (127.5 / 8)
    run("encode", CODE, "--frames", "12", "--ebn0", "8", "--seed", "3", "-o",
        os.path.join(d, "cw"), "--llr-out", llr_path, check_rc=0)
    run("encode", CODE, "--frames", "12", "--ebn0", "8", "--seed", "3", "-o",
        os.path.join(d, "cw"), "--llr-out", q_path, "--llr-format", "i8", "--llr-scale", "8",
        check_rc=0)
    with open(llr_path, "rb") as f:
        raw = f.read()
    llr = struct.unpack(f"<{len(raw) // 4}f", raw)
    check(len(llr) == 12 * N, "12 frames of float LLRs")
    with open(q_path, "rb") as f:
        q = struct.unpack(f"<{12 * N}b", f.read())

    def share(out):
        for line in out.splitlines():
            if line.startswith("saturated LLRs:"):
                words = line.split()  # saturated LLRs: S of T (share)
                return int(words[2]), int(words[4])
        return None

    # (beta 0.25: an offset that int8 messages hold at all three scales; WiMAX's default 0.5
    # does not fit 7, below)
    for scale in (4, 7, 8):
        want = sum(1 for x in llr if not -128 <= round_away(x * scale) <= 127)
        for msg in ("f32", "i8"):
            rc, out, err = run("decode", CODE, "-i", llr_path, "-o", os.path.join(d, "bits"),
                               "--llr-scale", scale, "--msg", msg, "--beta", "0.25")
            check(rc == 0, f"decode at scale {scale} msg {msg}: exit {rc}: {err}")
            check(share(out) == (want, 12 * N),
                  f"decode at scale {scale}: saturated {share(out)}, expected {want} of {12 * N}")
            check("0 parity failures" in out, f"decode at scale {scale} msg {msg} decodes: {out}")
        if scale == 8:
            check(want > 12 * N // 10, f"scale 8 saturates many LLRs ({want})")
        if scale == 4:
            check(want < 12 * N // 100, f"scale 4 saturates few LLRs ({want})")
    # inside 4..8, offset min-sum with integer messages needs oms_beta * scale near an integer:
    # at 6 beta 0.25 would become 2 / 6 = 0.33, and WiMAX's default 0.5 at 5 and 7 0.4 or 0.6
    # and 0.57 (a clear error, not a worse decoder); other algorithms, float messages and
    # offsets that fit take them
    for scale, msg, alg, beta, ok in (
            ("6", "i8", "oms", "0.25", False), ("6", "i16", "oms", "0.25", False),
            ("6", "i8", "nms", None, True), ("6", "f32", "oms", "0.25", True),
            ("6", "i8", "oms", None, True), ("5", "i8", "oms", None, False),
            ("7", "i16", "oms", None, False), ("7", "f32", "oms", None, True)):
        extra = ("--beta", beta) if beta else ()
        rc, out, err = run("decode", CODE, "-i", llr_path, "-o", os.path.join(d, "bits"),
                           "--llr-scale", scale, "--msg", msg, "--algorithm", alg, *extra)
        what = f"scale {scale} {alg} beta {beta or 'default'} {msg}"
        if ok:
            check(rc == 0 and "0 parity failures" in out, f"{what}: exit {rc}: {err}")
        else:
            fits = "4, 5, 7, 8" if beta == "0.25" else "4, 6, 8"  # the whole scales it names
            check(rc != 0 and f"oms_beta {beta or '0.5'} at llr_scale {scale}" in err and
                  f"fit beta {beta or '0.5'}: {fits})" in err,
                  f"{what} is refused with the reason: exit {rc}: {err}")
    want_q = sum(1 for v in q if v in (-128, -127, 127))
    rc, out, err = run("decode", CODE, "-i", q_path, "-o", os.path.join(d, "bits"), "--format",
                       "i8", "--llr-scale", "8", "--msg", "i8")
    check(rc == 0 and share(out) == (want_q, 12 * N),
          f"int8 decode: saturated {share(out)}, expected {want_q} (values -128/-127/127)")
    check(want_q > 0, "the int8 file has values at the ends of the range")

    # encode's own int8 LLRs without noise at scale 8: +-LDPC_NOISELESS_LLR x 8 is far beyond
    # the range, so every one is +-127 and saturated, the negative ones too (the count took
    # only 127 and -128, and said 49.9%)
    s_path = os.path.join(d, "s.i8")
    run("encode", CODE, "--frames", 100, "-o", os.devnull, "--llr-out", s_path, "--llr-format",
        "i8", "--llr-scale", 8, check_rc=0)
    with open(s_path, "rb") as f:
        s = struct.unpack(f"{100 * N}b", f.read())
    check(set(s) == {-127, 127}, f"noiseless int8 LLRs are +-127: {sorted(set(s))[:6]}")
    rc, out, err = run("decode", CODE, "-i", s_path, "-o", os.devnull, "--format", "i8",
                       "--llr-scale", 8)
    check(rc == 0 and share(out) == (100 * N, 100 * N),
          f"noiseless int8 LLRs: saturated {share(out)}, expected all {100 * N}\n{out}{err}")


# 5G NR: base graph 1 with offset min-sum (the NR default) takes 2..8; int8 messages decode at 2
BG1, BG2 = "nr:1000:1200", "nr:1000:5000"


def frame_errors(out):
    for line in out.splitlines():
        w = line.split()
        if len(w) > 5 and w[0] == "6.00":  # Eb/N0 frames bits BER frame-errors FER ...
            return int(w[4])
    return None


for msg, llr in (("i8", "i8"), ("i8", "f32"), ("i16", "i8"), ("f32", "i8")):
    rc, out, err = run("simulate", BG1, "--ebn0", "6", "--frames", "40", "--threads", "1",
                       "--msg", msg, "--llr", llr, "--llr-scale", "2")
    said = "llr_scale 2" in out if msg != "f32" else "int8 LLRs" in out
    check(rc == 0 and said and frame_errors(out) == 0,
          f"simulate {BG1} --llr-scale 2 --msg {msg} --llr {llr}: exit {rc}, frame errors "
          f"{frame_errors(out)}\n{out}{err}")
refusals = [  # (arguments, exit status, part of the message)
    ([BG1, "--llr-scale", "1.9", "--msg", "i8"], 2, NR_RANGE),
    ([BG1, "--llr-scale", "2", "--msg", "i16", "--algorithm", "nms", "--alpha", "0.8"], 2,
     RANGE),
    ([BG1, "--llr-scale", "2", "--msg", "i16", "--algorithm", "min-sum"], 2, RANGE),
    ([BG1, "--llr-scale", "3", "--msg", "i8"], 1, "oms_beta 0.5 at llr_scale 3"),
    ([BG1, "--llr-scale", "4", "--msg", "i8"], 1, "use llr_scale 2..3.57"),
    ([BG1, "--llr-scale", "2", "--msg", "i8", "--beta", "0.25"], 1, "oms_beta 0.25 at llr_scale 2"),
    ([BG2, "--llr-scale", "2", "--msg", "i8"], 2, RANGE),
]
for args, want_rc, text in refusals:
    rc, out, err = run("simulate", *args, "--ebn0", "6", "--frames", "4", "--threads", "1")
    check(rc == want_rc and text in err,
          f"simulate {' '.join(args)}: exit {rc} (expected {want_rc}), message {err!r} "
          f"(expected '{text}')")
for code, ok in ((BG1, True), (BG2, False)):  # int8 LLRs for the code's default decoder
    rc, out, err = run("encode", code, "--frames", "2", "-o", os.devnull, "--llr-out",
                       os.devnull, "--llr-format", "i8", "--llr-scale", "2")
    check((rc == 0) if ok else (rc == 2 and RANGE in err),
          f"encode {code} int8 LLRs at scale 2: exit {rc}: {err}")

apptest.finish("test_app_llr_range")
