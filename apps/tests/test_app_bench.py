"""ldpcgpu bench: quality beside speed.

Every point reports the FER and BER of the frames it decoded (real codewords over BPSK/AWGN,
compared with the bits sent), in the table and in the JSON; a point whose FER is above 1e-2 is
flagged as not decoding. The default Eb/N0 is 3 dB above the Shannon limit of the code's rate,
where the codes decode. Runs on the CPU (end-to-end points; kernel-only needs a GPU).
"""
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apptest
from apptest import check, run

apptest.require_app()


def rows(text):
    """Result rows of the bench table: kind, sweep, batch, streams, iterations, coded, info,
    median, p99, avg it, FER, BER."""
    out = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 12 and parts[0] in ("e2e", "kernel", "latency"):
            try:
                out.append(dict(kind=parts[0], sweep=parts[1], iterations=int(parts[4]),
                                coded=float(parts[5]), fer=float(parts[10]), ber=float(parts[11])))
            except ValueError:
                pass
    return out


with apptest.tempdir() as d:
    js = os.path.join(d, "bench.json")
    rc, out, _ = run("bench", "--help", check_rc=0)
    check("FER" in out and "--ebn0" in out and "Shannon limit" in out,
          "bench --help explains FER/BER and the default Eb/N0")

    # the default Eb/N0: 3 dB at rate 1/2, more at 5/6; every frame decodes there
    for code, rate in (("wimax:576:1/2", 0.5), ("wimax:576:5/6", 5 / 6)):
        rc, out, err = run("bench", code, "--mode", "e2e", "--seconds", "0.05", "--json", js,
                           check_rc=0)
        with open(js) as f:
            j = json.load(f)
        want = 10 * math.log10((2 ** (2 * rate) - 1) / (2 * rate)) + 3.0
        check(j["ebn0_default"] is True and abs(j["ebn0_db"] - want) < 1e-3,
              f"{code}: default Eb/N0 {j['ebn0_db']}, expected {want:.3f}")
        p = j["points"][0]
        # bench's own criterion (it warns above FER 0.01); a GPU checks tens of thousands of
        # frames, where a short high-rate code shows its rare errors (wimax:576:5/6: 3e-3)
        check(p["status"] == 0 and p["frames_checked"] > 0 and p["fer"] <= 0.01 and
              p["ber"] <= p["fer"] and p["decodes"] is True,
              f"{code}: decodes at the default Eb/N0: {p}")
        r = rows(out)
        check(len(r) == 1 and abs(r[0]["fer"] - p["fer"]) <= 0.01 * p["fer"] + 1e-12 and r[0]["coded"] > 0,
              f"{code}: the table has FER and BER columns\n{out}")
        check("does not decode" not in out, f"{code}: no warning when it decodes")

    # below the limit nothing decodes: the errors are counted and the points flagged, at every
    # point of an iteration sweep, with int8 messages and LLRs and no early stop too
    rc, out, _ = run("bench", "wimax:576:1/2", "--mode", "e2e", "--seconds", "0.05", "--ebn0",
                     "-1", "--msg", "i8", "--llr", "i8", "--no-early-stop", "--sweep",
                     "iterations", "--json", js, check_rc=0)
    with open(js) as f:
        j = json.load(f)
    check(j["ebn0_default"] is False and j["ebn0_db"] == -1.0, "--ebn0 is used as given")
    pts = j["points"]
    check(len(pts) == 6, f"base + 5 iteration points, got {len(pts)}")
    for p in pts:
        check(p["fer"] > 0.5 and 0.01 < p["ber"] < 0.5 and p["decodes"] is False,
              f"-1 dB, {p['iterations']} iterations: FER {p.get('fer')}, BER {p.get('ber')}")
        check(p["frame_errors"] <= p["frames_checked"] and
              abs(p["fer"] - p["frame_errors"] / p["frames_checked"]) < 1e-6 and
              abs(p["ber"] - p["bit_errors"] / (p["frames_checked"] * 288)) < 1e-6 * p["ber"],
              "FER and BER are the counts' shares")
    r = rows(out)
    check(len(r) == 6 and all(x["fer"] > 0.5 for x in r), f"the table shows the FERs\n{out}")
    check(out.count("does not decode") == 6, "every point is flagged as not decoding")

    # --packed: the same frames decoded into packed bits count the same errors (bits unpacked
    # MSB first for the comparison): a wrong unpacking would count errors in every frame
    counts = []
    for extra in ([], ["--packed"]):
        rc, out, _ = run("bench", "wimax:576:1/2", "--mode", "e2e", "--seconds", "0.05", "--ebn0",
                         "1.5", "--msg", "i8", "--llr", "i8", "--json", js, *extra, check_rc=0)
        with open(js) as f:
            p = json.load(f)["points"][0]
        counts.append((p["frames_checked"], p["frame_errors"], p["bit_errors"]))
    check(counts[0] == counts[1] and 0 < counts[0][1] < counts[0][0],
          f"--packed counts the same errors as unpacked output: {counts}")

apptest.finish("test_app_bench")
