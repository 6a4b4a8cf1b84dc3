"""ldpcgpu plot: BER/FER curves of simulate JSON runs as a PNG.

Two runs (float and int8 LLRs) with a point without errors are drawn on one picture; the PNG
is checked to be a real picture of the requested size class. Skips (exit 77) when the Python
that runs the script (its #! line) has no matplotlib.
"""
import os
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apptest
from apptest import check, run

apptest.require_app()

script = os.path.join(os.path.dirname(apptest.APP), "ldpcgpu-plot")
if not check(os.access(script, os.X_OK), f"ldpcgpu-plot beside the tool: {script}"):
    apptest.finish("test_app_plot")
with open(script) as f:
    python = f.readline()[2:].strip().split()[0]
if subprocess.run([python, "-c", "import matplotlib"], capture_output=True).returncode:
    print(f"SKIP: {python} has no matplotlib (Debian: apt install python3-matplotlib)")
    sys.exit(77)


def png_size(path):
    """(width, height) of a PNG, or None when the file is not one."""
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


with apptest.tempdir() as d:
    a, b = os.path.join(d, "f32.json"), os.path.join(d, "i8.json")
    for path, llr in ((a, "f32"), (b, "i8")):
        run("simulate", "wifi:648:1/2", "--ebn0", "0:6:2", "--frames", 300, "--llr", llr,
            "--json", path, "--quiet", check_rc=0)
    png = os.path.join(d, "curves.png")
    rc, out, err = run("plot", a, b, "-o", png, check_rc=0)
    size = png_size(png) if os.path.exists(png) else None
    check(size is not None and size[0] > 1000 and size[1] > 400,
          f"a PNG with BER and FER side by side: {size}\n{out}{err}")
    check(os.path.getsize(png) > 20000, "the PNG has content")

    # bad input gets a message, not a traceback (issue 24, defect 11): a point with more frame
    # errors than frames (FER 19.98)
    import json
    with open(a) as f:
        bad = json.load(f)
    p0 = bad["points"][0]
    p0["frame_errors"] = p0["frames"] * 20
    p0["fer"] = 19.98
    with open(os.path.join(d, "bad.json"), "w") as f:
        json.dump(bad, f)
    rc, out, err = run("plot", os.path.join(d, "bad.json"), "-o", os.path.join(d, "bad.png"))
    check(rc == 1 and "which no simulation gives" in err and "Traceback" not in err,
          f"plot of a point with frame_errors > frames: exit {rc}\n{err}")
    check(not os.path.exists(os.path.join(d, "bad.png")), "no picture of a bad file")
    # a code path that is not UTF-8 (simulate writes its bytes as \\udcXX escapes)
    with open(a) as f:
        u = json.load(f)
    u["code"] = "alist:/tmp/c\udcff.alist"
    with open(os.path.join(d, "u.json"), "w") as f:
        json.dump(u, f)
    rc, out, err = run("plot", os.path.join(d, "u.json"), "-o", os.path.join(d, "u.png"))
    check(rc == 0 and "Glyph" not in err and os.path.exists(os.path.join(d, "u.png")),
          f"plot of a run whose code path is not UTF-8: exit {rc}\n{err}")

    # one metric, a label per run, the script called directly
    png1 = os.path.join(d, "fer.png")
    p = subprocess.run([script, a, b, "--metric", "fer", "--label", "float", "--label", "int8",
                        "-o", png1], capture_output=True, timeout=300)
    size1 = png_size(png1) if os.path.exists(png1) else None
    check(p.returncode == 0 and size1 and size1[0] < size[0],
          f"--metric fer: one panel, narrower\n{p.stderr.decode()}")

    # curve labels name what differs: here the modulation (BPSK for a run from before the field)
    import importlib.machinery
    import json
    plot = importlib.machinery.SourceFileLoader("ldpcgpu_plot", script).load_module()
    q = os.path.join(d, "qam.json")
    run("simulate", "wifi:648:1/2", "--ebn0", "4:8:2", "--frames", 100, "--modulation", "16qam",
        "--json", q, "--quiet", check_rc=0)
    with open(a) as f:
        old = json.load(f)
    del old["modulation"], old["demapper"]
    with open(q) as f:
        _, labels = plot.describe([("old.json", old), (q, json.load(f))])
    check(labels == ["BPSK", "16QAM (exact LLRs)"], f"labels of a BPSK and a 16-QAM run: {labels}")
    # ... and the noise rule (box-muller for a run from before the field)
    t = os.path.join(d, "table.json")
    run("simulate", "wifi:648:1/2", "--ebn0", "1:3:1", "--frames", 100, "--msg", "i8", "--llr",
        "i8", "--noise", "i8-table", "--json", t, "--quiet", check_rc=0)
    with open(t) as f:
        tj = json.load(f)
    bj = dict(tj, noise="box-muller")
    del bj["noise"]
    title, labels = plot.describe([("old.json", bj), (t, tj)])
    check(labels == ["box-muller noise", "i8-table noise"] and "noise" not in title,
          f"labels of a box-muller and an i8-table run: {labels} / {title}")
    title, _ = plot.describe([(t, tj)])
    check("i8-table noise" in title, f"a lone i8-table run says so in its title: {title}")

    # what is not a simulate result is refused, with the file named
    bad = os.path.join(d, "bad.json")
    with open(bad, "w") as f:
        f.write('{"points": []}')
    rc, out, err = run("plot", bad, "-o", os.path.join(d, "x.png"))
    check(rc != 0 and "bad.json" in err, f"a foreign JSON refused\n{err}")
    rc, out, err = run("plot", "--help")
    check(rc == 0 and "RUN.json" in out, "plot --help")

apptest.finish("test_app_plot")
