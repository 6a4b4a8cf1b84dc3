"""ldpcgpu quality, CI subset: the quantised decoders (cpu-simd, int8 and int16 messages, float
and int8 LLRs) must decode the same frames as well as the float reference decoder
(cpu-reference), over settings where a drifting fixed-point arithmetic collapses: high alpha,
min-sum and offset min-sum, 50 and 100 iterations, early stop on and off, a high-rate code,
the two cases of issue 12's 'Done when', and 16/256-QAM LLRs (exact and max-log).

THE BOUND. At one Eb/N0, with N frames decoded by both and p the float decoder's FER, every
quantised format's FER q must satisfy

    q <= 2 * p + 3 * sqrt(p * (1 - p) / N) + 3 / N

(twice the float FER, plus three binomial standard deviations of the float estimate, plus
three frames so that p = 0 still allows a stray frame or two). An arithmetic that drifts gives
FER near 1 at these points and fails by far.

The same grid runs a second time on the cpu-simd generic kernels (LDPCGPU_SIMD_ISA=generic:
the fixed-point model's operations written out, no x86 intrinsics), so both implementations
of the integer rules are held to the bound. The float FER of the main cases must lie in
(0, 0.5): points where float decodes everything or nothing would make the bound vacuous.
"""
import json
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apptest
from apptest import check, run

apptest.require_app()

FLOAT = ["--float-backend", "cpu-reference", "--backend", "cpu-simd"]

# (name, arguments, float FER must be in (0, 0.5) at every point)
CASES = [
    ("wimax 576 r1/2 grid",
     ["--codes", "wimax:576:1/2@2.0", "--alg", "nms,oms,min-sum", "--alpha", "0.875,1.0",
      "--beta", "1.0", "--iterations", "50,100", "--early-stop", "on,off", "--msg", "i8,i16",
      "--llr", "f32,i8", "--frames", 500], True),
    ("wimax 576 r5/6 (high rate)",
     ["--codes", "wimax:576:5/6@3.5", "--alg", "nms,min-sum", "--alpha", "0.875",
      "--iterations", "10,100", "--early-stop", "on,off", "--msg", "i8,i16", "--llr", "f32,i8",
      "--frames", 500], True),
    # issue 12, 'Done when' (fewer frames): float decodes (almost) every frame at these points
    ("dvbs2 16200 r8/9 int8, no early stop",
     ["--codes", "dvbs2:16200:8/9@4", "--alg", "nms", "--alpha", "0.75", "--iterations", "10",
      "--early-stop", "off", "--msg", "i8", "--llr", "i8", "--frames", 200], False),
    ("wimax 576 r1/2 alpha 0.825, 100 iterations, no early stop",
     ["--codes", "wimax:576:1/2@2.5", "--alg", "nms", "--alpha", "0.825", "--iterations", "100",
      "--early-stop", "off", "--msg", "i8", "--llr", "i8", "--frames", 1000], False),
    # QAM LLRs (larger, and beyond the int8 range on the outer levels' bits)
    ("wimax 576 r1/2 16-QAM exact LLRs",
     ["--codes", "wimax:576:1/2@4.5", "--alg", "nms,oms", "--alpha", "0.875", "--beta", "1.0",
      "--iterations", "10,50", "--early-stop", "on,off", "--msg", "i8,i16", "--llr", "f32,i8",
      "--frames", 500, "--modulation", "16qam"], True),
    ("wimax 576 r1/2 256-QAM max-log LLRs",
     ["--codes", "wimax:576:1/2@9.5:10.0:0.5", "--alg", "nms,min-sum", "--alpha", "0.875",
      "--iterations", "50", "--early-stop", "on", "--msg", "i8", "--llr", "i8", "--frames", 500,
      "--modulation", "256qam", "--demapper", "max-log"], True),
    # 5G NR at its default (oms 0.5): base graph 2 with int8 and int16 messages; base graph 1
    # with int16 at llr_scale 4 (int8 messages are refused there at 4) and with int8 and int16
    # at llr_scale 2 (docs/quality.md, "5G NR")
    ("nr 1000:3000 (BG2) oms 0.5, 10 iterations",
     ["--codes", "nr:1000:3000@0.9", "--alg", "oms", "--beta", "0.5", "--iterations", "10",
      "--early-stop", "on,off", "--msg", "i8,i16", "--llr", "f32,i8", "--frames", 500], True),
    ("nr 1000:3000 (BG2) oms 0.5, 25 iterations",
     ["--codes", "nr:1000:3000@0.5", "--alg", "oms", "--beta", "0.5", "--iterations", "25",
      "--early-stop", "on,off", "--msg", "i8,i16", "--llr", "f32,i8", "--frames", 500], True),
    ("nr 1000:1200 (BG1) oms 0.5, 25 iterations, int16",
     ["--codes", "nr:1000:1200@3.2", "--alg", "oms", "--beta", "0.5", "--iterations", "25",
      "--early-stop", "on,off", "--msg", "i16", "--llr", "f32,i8", "--frames", 500], True),
    ("nr 1000:1200 (BG1) oms 0.5, 25 iterations, int8 messages at llr_scale 2",
     ["--codes", "nr:1000:1200@3.2", "--alg", "oms", "--beta", "0.5", "--iterations", "25",
      "--early-stop", "on,off", "--msg", "i8,i16", "--llr", "f32,i8", "--llr-scale", 2,
      "--frames", 500], True),
]

# the GPU's DVB row orders (docs/quality.md, "Row orders"), the float reference in the same
# order; native kernels only (the generic ones take minutes on DVB frames)
ORDER_CASES = [
    ("dvbs2 16200 r3/5 oms, row order wide",
     ["--codes", "dvbs2:16200:3/5@1.9", "--alg", "oms", "--beta", "0.25", "--iterations", "10,30",
      "--early-stop", "on,off", "--msg", "i8,i16", "--llr", "f32,i8", "--row-order", "wide",
      "--frames", 300], True),
    ("dvbs2 16200 r3/5 oms, row order narrow",
     ["--codes", "dvbs2:16200:3/5@1.9", "--alg", "oms", "--beta", "0.25", "--iterations", "10,30",
      "--early-stop", "on,off", "--msg", "i8,i16", "--llr", "f32,i8", "--row-order", "narrow",
      "--frames", 300], True),
]


def bound(p, n):
    return 2 * p + 3 * math.sqrt(p * (1 - p) / n) + 3 / n


def check_case(name, args, float_in_range, env_note, js):
    rc, out, err = run("quality", *FLOAT, *args, "--json", js, "--quiet")
    if not check(rc == 0, f"{name}{env_note}: exit {rc}\n{out}{err}"):
        return
    with open(js) as f:
        j = json.load(f)
    points = j["points"]
    check(len(points) > 0, f"{name}: grid points in the JSON")
    want_mod = args[args.index("--modulation") + 1] if "--modulation" in args else "bpsk"
    want_dem = args[args.index("--demapper") + 1] if "--demapper" in args else "exact"
    check(j["modulation"] == want_mod and j["demapper"] == want_dem,
          f"{name}: JSON channel {j['modulation']} / {j['demapper']}")
    want_scale = float(args[args.index("--llr-scale") + 1]) if "--llr-scale" in args else 4.0
    check(j["llr_scale"] == want_scale, f"{name}: JSON llr_scale {j['llr_scale']}")
    worst = 0.0
    for pt in points:
        check(pt["float_backend"] == "cpu-reference" and pt["backend"] == "cpu-simd",
              f"{name}: backends used {pt['float_backend']} / {pt['backend']}")
        what = (f"{pt['code']} {pt['algorithm']} alpha={pt['alpha']} beta={pt['beta']} "
                f"{pt['max_iterations']} it early stop {pt['early_termination']}")
        for c in pt["curve"]:
            n, p = c["frames"], c["float"]["fer"]
            check(n == j["frames"], f"{name}: {what}: {n} frames")
            if float_in_range:
                check(0 < p < 0.5, f"{name}: {what} @ {c['ebn0_db']} dB: float FER {p} not "
                                   "in (0, 0.5): the point does not test anything")
            for fmt, q in c["formats"].items():
                lim = bound(p, n)
                worst = max(worst, q["fer"] / lim)
                check(q["fer"] <= lim,
                      f"{name}{env_note}: {what} @ {c['ebn0_db']} dB, {fmt}: FER {q['fer']:.4g} "
                      f"(BER {q['ber']:.3g}) > bound {lim:.4g} (float FER {p:.4g}, "
                      f"BER {c['float']['ber']:.3g}, {n} frames)")
    print(f"{name}{env_note}: {len(points)} grid points, worst FER / bound {worst:.2f}")


def check_gap_output(js):
    """A sweep: the JSON's crossings follow the curve (log-linear interpolation), the gaps are
    crossing differences, and a curve that does not cross gives null."""
    rc, out, err = run("quality", *FLOAT, "--codes", "wimax:576:1/2", "--ebn0", "2.0:3.0:0.25",
                       "--alg", "nms", "--alpha", "0.75", "--iterations", "10",
                       "--early-stop", "on", "--msg", "i16", "--llr", "f32", "--frames", 1000,
                       "--json", js, check_rc=0)
    if rc:
        return
    check("gap to float at FER 1e-2:" in out, f"the table prints the gaps\n{out}")
    with open(js) as f:
        pt = json.load(f)["points"][0]
    x = [c["ebn0_db"] for c in pt["curve"]]
    check(x == [2.0, 2.25, 2.5, 2.75, 3.0], f"sweep points {x}")
    for dec in ("float", "i16:f32"):
        fer = [c["float"]["fer"] if dec == "float" else c["formats"][dec]["fer"]
               for c in pt["curve"]]
        for t in ("1e-2", "1e-3"):
            target, want = float(t), None
            for i in range(len(x) - 1):
                if fer[i] >= target > fer[i + 1]:
                    if fer[i] == target:
                        want = x[i]
                    elif fer[i + 1] > 0:
                        la, lb = math.log10(fer[i]), math.log10(fer[i + 1])
                        want = x[i] + (x[i + 1] - x[i]) * (la - math.log10(target)) / (la - lb)
                    break
            got = pt["crossing_db"][dec][t]
            check((got is None and want is None) or
                  (got is not None and want is not None and abs(got - want) < 1e-3),
                  f"crossing of {dec} at {t}: {got}, expected {want} from FERs {fer}")
    g, c = pt["gap_db"]["i16:f32"]["1e-2"], pt["crossing_db"]
    if c["float"]["1e-2"] is not None and c["i16:f32"]["1e-2"] is not None:
        check(abs(g - (c["i16:f32"]["1e-2"] - c["float"]["1e-2"])) < 2e-4, "gap = difference")
    check(pt["crossing_db"]["float"]["1e-2"] is not None,
          f"float FER crosses 1e-2 between 2.0 and 3.0 dB with measured errors: "
          f"{[c['float']['fer'] for c in pt['curve']]}")


def check_command_line(js):
    rc, out, _ = run("quality", "--help")
    for w in ("--codes", "--alg", "--alpha", "--beta", "--iterations", "--early-stop", "--msg",
              "--llr", "--ebn0", "--frames", "--max-frame-errors", "--backend",
              "--float-backend", "--seed", "--json", "--quiet", "1e-2", "1e-3", "n/a"):
        check(rc == 0 and w in out, f"ldpcgpu quality --help mentions {w}")
    for bad, why in ((["--codes", "wimax:576:1/2"], "Eb/N0"),
                     (["--ebn0", "2", "--alg", "sum-product"], "sum-product"),
                     (["--ebn0", "2", "--msg", "f32", "--llr", "f32"], "nothing to compare"),
                     (["--ebn0", "2", "--early-stop", "maybe"], "not one of"),
                     (["--ebn0", "2", "--no-such-option"], "unknown option")):
        rc, _, err = run("quality", *bad)
        check(rc == 2 and why in err, f"quality {' '.join(bad)}: exit 2 ({rc}), says {why!r}: {err}")
    # --max-frame-errors ends a point once every decoder has that many frame errors
    rc, out, err = run("quality", *FLOAT, "--codes", "wimax:576:1/2@0", "--alg", "nms",
                       "--alpha", "0.75", "--iterations", "10", "--early-stop", "on",
                       "--msg", "i8", "--llr", "f32", "--frames", 100000,
                       "--max-frame-errors", 20, "--json", js, check_rc=0)
    if rc == 0:
        with open(js) as f:
            c = json.load(f)["points"][0]["curve"][0]
        check(c["frames"] < 100000 and c["float"]["frame_errors"] >= 20 and
              c["formats"]["i8:f32"]["frame_errors"] >= 20,
              f"--max-frame-errors 20 at 0 dB: {c['frames']} frames, errors "
              f"{c['float']['frame_errors']} / {c['formats']['i8:f32']['frame_errors']}")


t0 = time.time()
with apptest.tempdir() as d:
    js = os.path.join(d, "q.json")
    check_command_line(js)
    check_gap_output(js)
    for name, args, in_range in CASES + ORDER_CASES:
        check_case(name, args, in_range, "", js)
    # the generic (portable C) integer kernels of cpu-simd, on the collapse-prone settings
    os.environ["LDPCGPU_SIMD_ISA"] = "generic"
    for name, args, in_range in CASES[2:]:
        check_case(name, args, in_range, " [generic kernels]", js)
    del os.environ["LDPCGPU_SIMD_ISA"]
print(f"test_app_quality: {time.time() - t0:.1f} s")
apptest.finish("test_app_quality")
