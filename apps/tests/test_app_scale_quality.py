"""The ends of the accepted llr_scale range keep the quantised decoders within 0.1 dB of float.

decoder.h accepts int8 LLRs and int8/int16 messages only for LDPC_LLR_SCALE_MIN <= llr_scale
<= LDPC_LLR_SCALE_MAX, the range where they hold their quality (docs/quality.md, "The
llr_scale range"; 5G NR base graph 1 with offset min-sum also takes 2, held to the bound by
app_test_app_quality). This test reads the range of every code (the first one `ldpcgpu
simulate --help` states) and, at both ends,
runs `ldpcgpu quality` (cpu-simd, all four formats i8/i16 messages x f32/i8 LLRs) on three
points in the waterfall of codes that lose quality at the scales just outside the range:

  dvbt2:16200:1/2, oms 0.25, 10 it, 1.6 dB: scale 2 gives FER 0.38 (bound 0.18), 4 and 8 0.07
  dvbs2:16200:2/3, nms 0.875, 10 it, 2.2 dB: int8 messages at scale 16 give FER 0.68 (bound
      0.16; the message cap 768/13 = 59 is 3.7 LLR there), 8 gives 0.034
  dvbs2:16200:1/4, oms 0.25, 50 it, 0.2 dB: scale 3 gives 0.72 and 10 gives 0.45 (bound 0.33;
      the offset round(0.25 x scale) / scale is 0.33 and 0.3 there), 4 and 8 0.14

THE BOUND ("within 0.1 dB"): with the same seed, every format's FER at Eb/N0 x must not exceed
the float decoder's FER at x - 0.1 dB: FER_q(x) <= FER_float(x - 0.1). The frames at x - 0.1
are the same bits and the same noise samples as at x, scaled (app_sim.c), so the comparison is
nearly paired. The float FER at x must lie in [0.02, 0.3] with >= 40 frame errors and below
the FER at x - 0.1, so that the bound tests something. The run is deterministic (seed 1).
"""
import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apptest
from apptest import check, run

apptest.require_app()

# (code, algorithm arguments, iterations, Eb/N0 x, frames)
CASES = [
    ("dvbt2:16200:1/2", ["--alg", "oms", "--beta", "0.25"], 10, 1.6, 1000),
    ("dvbs2:16200:2/3", ["--alg", "nms", "--alpha", "0.875"], 10, 2.2, 2000),
    ("dvbs2:16200:1/4", ["--alg", "oms", "--beta", "0.25"], 50, 0.2, 800),
]


def scale_range():
    rc, out, _ = run("simulate", "--help")
    for line in out.splitlines():
        m = re.search(r"--llr-scale.*?([0-9.]+)\.\.([0-9.]+)", line)
        if rc == 0 and m:
            return float(m.group(1)), float(m.group(2))
    check(False, f"simulate --help states the --llr-scale range:\n{out}")
    return None


def quality(js, code, alg, iters, ebn0, frames, scale, formats):
    rc, out, err = run("quality", "--backend", "cpu-simd", "--codes", f"{code}@{ebn0:.2f}", *alg,
                       "--iterations", iters, "--early-stop", "on", *formats, "--frames", frames,
                       "--llr-scale", scale, "--seed", 1, "--json", js, "--quiet")
    if not check(rc == 0, f"quality {code} @ {ebn0} scale {scale}: exit {rc}\n{out}{err}"):
        return None
    with open(js) as f:
        return json.load(f)["points"][0]["curve"][0]


t0 = time.time()
rng = scale_range()
with apptest.tempdir() as d:
    js = os.path.join(d, "q.json")
    for code, alg, iters, x, frames in CASES if rng else []:
        what = f"{code} {alg[1]} {alg[3]} {iters} it"
        # the float decoder 0.1 dB lower, on the same frames (one cheap format beside it)
        ref = quality(js, code, alg, iters, x - 0.1, frames, rng[0], ["--msg", "i16", "--llr", "f32"])
        if ref is None:
            continue
        lim = ref["float"]["fer"]
        for scale in rng:
            c = quality(js, code, alg, iters, x, frames, scale, ["--msg", "i8,i16", "--llr", "f32,i8"])
            if c is None:
                continue
            fl = c["float"]
            check(c["frames"] == frames and ref["frames"] == frames, f"{what}: frames")
            check(0.02 <= fl["fer"] <= 0.3 and fl["frame_errors"] >= 40 and fl["fer"] < lim,
                  f"{what}: float FER {fl['fer']:.4g} at {x} dB ({fl['frame_errors']} errors), "
                  f"{lim:.4g} at {x - 0.1:.2f} dB: not a waterfall point, the bound tests nothing")
            worst = []
            for fmt, q in c["formats"].items():
                check(q["fer"] <= lim,
                      f"{what} @ {x} dB, llr_scale {scale}, {fmt}: FER {q['fer']:.4g} > "
                      f"{lim:.4g}, float's at {x - 0.1:.2f} dB (float at {x} dB: {fl['fer']:.4g})")
                worst.append(f"{fmt} {q['fer']:.3g}")
            print(f"{what} @ {x} dB, scale {scale:g}: float {fl['fer']:.3g} (bound {lim:.3g}): "
                  + ", ".join(worst))
print(f"test_app_scale_quality: {time.time() - t0:.1f} s")
apptest.finish("test_app_scale_quality")
