"""ldpcgpu simulate: the JSON (confidence intervals, frame range, channel, seed), --resume,
the frame plan (chunking, threads: same frames, same counts), --codeword, progress lines.

The Clopper-Pearson bounds are checked by their definition, computed here independently with
exact binomial sums: P(X >= k | lo) = 0.025 and P(X <= k | hi) = 0.025.
"""
import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apptest
from apptest import check, run

apptest.require_app()

COUNTS = ("frames", "bit_errors", "frame_errors", "parity_failures", "undetected_errors",
          "iterations", "saturated_llrs")


def load(path):
    with open(path) as f:
        return json.load(f)


def binom_tail_ge(k, n, p):
    """P(X >= k), X ~ Binomial(n, p), summed in logs."""
    if p <= 0:
        return 0.0 if k > 0 else 1.0
    if p >= 1:
        return 1.0
    lp, lq = math.log(p), math.log1p(-p)
    return sum(math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) +
                        i * lp + (n - i) * lq) for i in range(k, n + 1))


def counts(p):
    return {c: p[c] for c in COUNTS}


def same_counts(a, b, what):
    ca, cb = counts(a), counts(b)
    return check(ca == cb, f"{what}: counts differ\n  {ca}\n  {cb}")


with apptest.tempdir() as d:
    js = lambda name: os.path.join(d, name)

    # ---- intervals: every point, from no error to nearly all frames in error ----
    rc, out, err = run("simulate", "wifi:648:1/2", "--ebn0", "-1,1,2,6", "--frames", 400,
                       "--seed", 5, "--json", js("a.json"), check_rc=0)
    j = load(js("a.json"))
    check(j["tool"] == "ldpcgpu simulate" and j["seed"] == 5 and j["channel"] in ("cpu", "gpu"),
          "JSON names the tool, seed and channel")
    check(j["confidence"]["level"] == 0.95 and "Clopper-Pearson" in j["confidence"]["fer"] and
          "frame" in j["confidence"]["ber"], "JSON states the interval methods")
    check(j["frames_target"] == 400 and j["ranks"] >= 1 and j["codeword"] == "random",
          "JSON targets, ranks, codeword")
    k = j["k"]
    fers = []
    for p in j["points"]:
        e = p["ebn0_db"]
        n, fe, be = p["frames"], p["frame_errors"], p["bit_errors"]
        check(n == 400 and p["first_frame"] == 0 and p["last_frame"] == 399 and p["done"],
              f"{e} dB: frames 0..399")
        check(p["fer"] == fe / n or abs(p["fer"] - fe / n) < 1e-9, f"{e} dB: FER")
        check(abs(p["ber"] - be / (n * k)) <= 1e-6 * p["ber"] + 1e-15, f"{e} dB: BER")
        lo, hi = p["fer_ci95"]
        check(0 <= lo <= p["fer"] <= hi <= 1 and lo < hi, f"{e} dB: FER interval {lo}..{hi}")
        blo, bhi = p["ber_ci95"]
        check(0 <= blo <= p["ber"] <= bhi <= hi + 1e-12, f"{e} dB: BER interval {blo}..{bhi}")
        # Clopper-Pearson by its definition (the JSON has 7 significant digits)
        if fe > 0:
            check(abs(binom_tail_ge(fe, n, lo) - 0.025) < 1e-4, f"{e} dB: P(X >= k | lo) = 0.025")
        else:
            check(lo == 0, f"{e} dB: lower bound 0 without errors")
        if fe < n:
            check(abs((1 - binom_tail_ge(fe + 1, n, hi)) - 0.025) < 1e-4,
                  f"{e} dB: P(X <= k | hi) = 0.025")
        if fe == 0:
            check(abs(hi - (1 - 0.025 ** (1 / n))) < 1e-6 * hi, f"{e} dB: 0 errors: 1 - 0.025^(1/n)")
            check(blo == 0 and abs(bhi - hi) < 1e-6 * hi, f"{e} dB: BER interval [0, FER bound]")
        else:  # the FER interval scaled by the bit share of a failed frame
            share = be / (fe * k)
            check(abs(blo - lo * share) <= 1e-5 * blo + 1e-15 and
                  abs(bhi - hi * share) <= 1e-5 * bhi, f"{e} dB: BER interval = FER's x share")
        fers.append(p["fer"])
    check(fers[0] > 0.9 and fers[-1] == 0.0, f"FER high at -1 dB, 0 at 6 dB: {fers}")

    # ---- the frame plan: chunking and threads do not change which frames are simulated ----
    for extra in (["--chunk-frames", 7], ["--threads", 1], ["--chunk-frames", 1000]):
        run("simulate", "wifi:648:1/2", "--ebn0", "-1,1,2,6", "--frames", 400, "--seed", 5,
            "--json", js("b.json"), "--quiet", *extra, check_rc=0)
        for pa, pb in zip(j["points"], load(js("b.json"))["points"]):
            same_counts(pa, pb, f"{' '.join(map(str, extra))} at {pa['ebn0_db']} dB")

    # ---- --resume: two pieces equal one run; no frame is simulated twice ----
    run("simulate", "wimax:576:1/2", "--ebn0", "1.0,2.0", "--frames", 300, "--seed", 3,
        "--json", js("r.json"), "--quiet", check_rc=0)
    rc, out, err = run("simulate", "--resume", js("r.json"), "--frames", 700,
                       "--json", js("r2.json"), "--quiet", check_rc=0)
    check("resuming" in out, f"the summary says it resumes\n{out}")
    run("simulate", "wimax:576:1/2", "--ebn0", "1.0,2.0", "--frames", 700, "--seed", 3,
        "--json", js("one.json"), "--quiet", check_rc=0)
    r2, one = load(js("r2.json")), load(js("one.json"))
    check(len(r2["points"]) == 2, "resumed run keeps both points")
    for pr, po in zip(r2["points"], one["points"]):
        same_counts(pr, po, f"300 + 400 resumed frames vs 700 at {pr['ebn0_db']} dB")
        check(pr["first_frame"] == 0 and pr["last_frame"] == 699 and pr["resumed_frames"] == 300,
              "resumed point: frames 0..699, 300 of them from the file")
    check(load(js("r.json"))["points"][0]["frames"] == 300, "--json elsewhere leaves the file")

    # resume in place (no --json), a new point added, and --max-frame-errors as the new target
    rc, out, err = run("simulate", "--resume", js("r.json"), "--ebn0", "0.0", "--frames", 100000,
                       "--max-frame-errors", 120, "--quiet", check_rc=0)
    r3 = load(js("r.json"))
    pts = {p["ebn0_db"]: p for p in r3["points"]}
    check(sorted(pts) == [0.0, 1.0, 2.0], f"points 0 (new), 1, 2 dB: {sorted(pts)}")
    for e, p in pts.items():
        check(p["frame_errors"] >= 120 or p["frames"] == 100000,
              f"{e} dB: 120 frame errors or all frames ({p['frame_errors']}, {p['frames']})")
    p0 = pts[0.0]
    check(p0["resumed_frames"] == 0 and p0["first_frame"] == 0, "the new point starts at frame 0")
    # the resumed point's frames are exactly a fresh run over as many frames
    p1 = pts[1.0]
    run("simulate", "wimax:576:1/2", "--ebn0", "1.0", "--frames", p1["frames"], "--seed", 3,
        "--json", js("fresh.json"), "--quiet", check_rc=0)
    same_counts(p1, load(js("fresh.json"))["points"][0], "resumed to --max-frame-errors")

    # a resume that would change the experiment is refused, naming what differs
    rc, out, err = run("simulate", "--resume", js("r.json"), "--iterations", 20, "--quiet")
    check(rc != 0 and "max_iterations" in err, f"--iterations 20 on resume refused\n{err}")
    rc, out, err = run("simulate", "--resume", js("r.json"), "--seed", 4, "--quiet")
    check(rc != 0 and "seed" in err, f"another seed refused\n{err}")
    rc, out, err = run("simulate", "--resume", js("r.json"), "wifi:648:1/2", "--quiet")
    check(rc != 0 and "code" in err, f"another code refused\n{err}")
    with open(js("bad.json"), "w") as f:
        f.write('{"points": [')
    rc, out, err = run("simulate", "--resume", js("bad.json"))
    check(rc != 0 and "line 1" in err, f"broken JSON refused with its line\n{err}")
    # a reformatted file (another tool's indentation, key order) resumes the same
    with open(js("re.json"), "w") as f:
        json.dump(dict(reversed(list(load(js("r2.json")).items()))), f, indent=4)
    run("simulate", "--resume", js("re.json"), "--frames", 700, "--quiet", check_rc=0)
    for pa, pb in zip(load(js("re.json"))["points"], r2["points"]):
        same_counts(pa, pb, "reformatted JSON, already at its targets")

    # ---- --codeword zero ----
    run("simulate", "wimax:576:1/2", "--ebn0", "4", "--frames", 200, "--codeword", "zero",
        "--json", js("z.json"), "--quiet", check_rc=0)
    z = load(js("z.json"))
    check(z["codeword"] == "zero" and z["points"][0]["fer"] <= 0.02,
          "all-zero codeword: JSON says so, FER low at 4 dB")

    # ---- --modulation / --demapper: in the JSON, part of the experiment; QPSK = BPSK ----
    run("simulate", "wimax:576:1/2", "--ebn0", "1.5", "--frames", 300, "--json", js("b.json"),
        "--quiet", check_rc=0)
    run("simulate", "wimax:576:1/2", "--ebn0", "1.5", "--frames", 300, "--modulation", "qpsk",
        "--json", js("q.json"), "--quiet", check_rc=0)
    b, q = load(js("b.json")), load(js("q.json"))
    check(b["modulation"] == "bpsk" and q["modulation"] == "qpsk" and b["demapper"] == "exact",
          "JSON names the modulation and demapper")
    same_counts(b["points"][0], q["points"][0], "QPSK frames are BPSK's")
    rc, out, err = run("simulate", "wimax:576:1/2", "--ebn0", "5", "--frames", 300, "--modulation",
                       "16qam", "--demapper", "max-log", "--json", js("m.json"), check_rc=0)
    m = load(js("m.json"))
    check(m["modulation"] == "16qam" and m["demapper"] == "max-log" and "16qam" in out,
          f"16-QAM, max-log: in the JSON and the summary\n{out}")
    check(m["points"][0]["fer"] < 0.5, f"16-QAM at 5 dB decodes most frames: FER {m['points'][0]['fer']}")
    rc, out, err = run("simulate", "--resume", js("m.json"), "--demapper", "exact", "--quiet")
    check(rc != 0 and "demapper" in err, f"another demapper on resume refused\n{err}")
    rc, out, err = run("simulate", "--resume", js("b.json"), "--modulation", "64qam", "--quiet")
    check(rc != 0 and "modulation" in err, f"another modulation on resume refused\n{err}")
    # a run written before the options existed resumes as BPSK with exact LLRs
    old = load(js("b.json"))
    del old["modulation"], old["demapper"], old["noise"]
    with open(js("old.json"), "w") as f:
        json.dump(old, f)
    run("simulate", "--resume", js("old.json"), "--frames", 600, "--quiet", check_rc=0)
    check(load(js("old.json"))["points"][0]["frames"] == 600, "a run without the keys resumes")
    rc, out, err = run("simulate", "wimax:576:1/2", "--ebn0", "5", "--modulation", "32qam")
    check(rc != 0 and "256qam" in err, f"an unknown modulation is refused, naming the valid ones\n{err}")
    rc, out, err = run("simulate", "wimax:576:1/2", "--ebn0", "5", "--modulation", "16qam",
                       "--codeword", "zero")
    check(rc != 0 and "all-zero" in err, f"the all-zero codeword over 16-QAM is refused\n{err}")

    # ---- --noise i8-table: int8 LLRs drawn from their law; in the JSON, part of the experiment ----
    i8 = ("wimax:576:1/2", "--ebn0", "2", "--frames", 3000, "--msg", "i8", "--llr", "i8")
    rc, out, err = run("simulate", *i8, "--noise", "i8-table", "--json", js("t.json"), check_rc=0)
    run("simulate", *i8, "--json", js("bm.json"), "--quiet", check_rc=0)
    t, bm = load(js("t.json")), load(js("bm.json"))
    check(t["noise"] == "i8-table" and bm["noise"] == "box-muller" and "i8-table noise" in out,
          f"the noise rule in the JSON and the summary\n{out}")
    ft, fb = t["points"][0]["frame_errors"], bm["points"][0]["frame_errors"]
    check(ft > 30 and fb > 30 and abs(ft - fb) < 4.5 * (ft + fb) ** 0.5,
          f"i8-table and box-muller frame errors agree within statistics: {ft} vs {fb}")
    rc, out, err = run("simulate", "--resume", js("t.json"), "--noise", "box-muller", "--quiet")
    check(rc != 0 and "noise" in err, f"another noise rule on resume refused\n{err}")
    run("simulate", "--resume", js("t.json"), "--frames", 4000, "--quiet", check_rc=0)
    r = load(js("t.json"))
    check(r["noise"] == "i8-table" and r["points"][0]["frames"] == 4000, "an i8-table run resumes")
    rc, out, err = run("simulate", "wimax:576:1/2", "--ebn0", "2", "--noise", "i8-table")
    check(rc != 0 and "int8 LLRs" in err, f"i8-table with float LLRs is refused, saying why\n{err}")
    rc, out, err = run("simulate", "wimax:576:1/2", "--ebn0", "2", "--noise", "ziggurat")
    check(rc != 0 and "i8-table" in err, f"an unknown noise rule is refused, naming the valid ones\n{err}")

    # ---- progress: plain lines on a non-terminal stderr; none with --quiet ----
    rc, out, err = run("simulate", "wifi:648:1/2", "--ebn0", "1", "--frames", 20000,
                       "--chunk-frames", 500, "--progress-interval", 0, check_rc=0)
    lines = [l for l in err.splitlines() if l.startswith("ldpcgpu simulate: Eb/N0")]
    check(len(lines) >= 5 and "frames" in lines[-1] and "\r" not in err,
          f"periodic plain progress lines\n{err[-500:]}")
    rc, out, err = run("simulate", "wifi:648:1/2", "--ebn0", "1", "--frames", 2000,
                       "--chunk-frames", 500, "--progress-interval", 0, "--quiet", check_rc=0)
    check(err == "", f"--quiet: nothing on stderr\n{err}")

apptest.finish("test_app_simulate_json")
