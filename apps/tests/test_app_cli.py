"""ldpcgpu command line: help texts, code listing, code descriptions, and clean failures.

Checks that every subcommand documents its options, that `list` and `info` report the standard
codes' true sizes (n, k, z, q from the standards), and that bad input gives a clear message and
a non-zero exit status, never a crash (a signal) or a zero exit.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apptest
from apptest import check, run

apptest.require_app()

# ---- top level ----
rc, out, _ = run("--help")
check(rc == 0 and "simulate" in out and "decode" in out, "ldpcgpu --help lists the commands")
rc, out, _ = run("--version")
check(rc == 0 and out.strip().count(".") == 2, f"ldpcgpu --version prints x.y.z, got {out!r}")
rc, _, err = run("no-such-command")
check(rc == 2 and "unknown command" in err, "an unknown command exits 2 with a message")

# ---- every subcommand documents its options ----
expected_help = {
    "list": ["--family", "--long"],
    "info": ["CODE", "--base", "--rank"],
    "export": ["-o FILE", "alist"],
    "encode": ["--frames", "--seed", "--input", "-o FILE", "--llr-out", "--ebn0"],
    "simulate": ["--ebn0", "--frames", "--backend", "--algorithm", "--schedule", "--iterations",
                 "--no-early-stop", "--alpha", "--seed", "--threads", "--llr", "--json",
                 "FIRST:LAST:STEP", "Mbit/s"],
    "decode": ["-i, --input FILE", "-o FILE", "--format", "--llr-sign", "positive-one", "--output",
               "--packed", "--backend", "ln(P(bit=0) / P(bit=1))", "gr-fec"],
}
for cmd, words in expected_help.items():
    rc, out, _ = run(cmd, "--help")
    check(rc == 0, f"ldpcgpu {cmd} --help exits 0")
    for w in words:
        check(w in out, f"ldpcgpu {cmd} --help mentions {w!r}")
    rc, _, err = run(cmd, "--no-such-option")
    check(rc == 2 and "unknown option" in err, f"ldpcgpu {cmd} --no-such-option exits 2")

# ---- list ----
rc, out, _ = run("list", check_rc=0)
names = out.split()
for name in ["dvbs2:64800:1/2", "dvbt2:64800:1/2", "dvbt2:16200:3/5", "dvbs2x:64800:13/45",
             "wimax:2304:1/2", "wimax:576:2/3A", "wimax:2304:5/6", "wifi:648:1/2",
             "wifi:1944:3/4", "wifi:1296:5/6"]:
    check(name in names, f"ldpcgpu list includes {name}")
check(len(names) == len(set(names)), "ldpcgpu list has no duplicates")
# WiMAX: 19 lengths (576..2304 step 96) x 6 rates; WiFi: 3 lengths x 4 rates
rc, out, _ = run("list", "--family", "wimax", check_rc=0)
check(len(out.split()) == 19 * 6, f"wimax family has 114 codes, got {len(out.split())}")
rc, out, _ = run("list", "--family", "wifi", check_rc=0)
check(len(out.split()) == 12, f"wifi family has 12 codes, got {len(out.split())}")
rc, out, _ = run("list", "--family", "dvb", check_rc=0)
dvb = out.split()
check(dvb and all(n.startswith("dvb") for n in dvb), "--family dvb lists only DVB codes")
# 5G NR mother codes: base graphs 1 and 2 at the 51 lifting sizes
rc, out, _ = run("list", "--family", "nr", check_rc=0)
nr = out.split()
check(len(nr) == 102 and "nr:bg1:z384" in nr and "nr:bg2:z2" in nr,
      f"nr family has 102 codes, got {len(nr)}")
check(set(dvb) | set(run("list", "--family", "wimax")[1].split())
      | set(run("list", "--family", "wifi")[1].split()) | set(nr) == set(names),
      "the dvb, wimax, wifi and nr families together are the whole list")
rc, out, _ = run("list", "--family", "wifi", "--long", check_rc=0)
check("wifi:1944:3/4" in out and "n=1944" in out and "k=1458" in out,
      "list --long shows n and k")
rc, _, err = run("list", "--family", "nosuch")
check(rc == 1 and "no built-in codes" in err, "an empty family is an error")

# ---- info: sizes from the standards ----
cases = {
    "wimax:2304:1/2": dict(n=2304, k=1152, m=1152, z="z=96, base matrix 12x24"),
    "wimax:576:3/4A": dict(n=576, k=432, m=144, z="z=24, base matrix 6x24"),
    "wifi:1944:3/4": dict(n=1944, k=1458, m=486, z="z=81, base matrix 6x24"),
    "wifi:648:5/6": dict(n=648, k=540, m=108, z="z=27, base matrix 4x24"),
    "dvbt2:64800:1/2": dict(n=64800, k=32400, m=32400, q="q=90"),
    "dvbs2:64800:3/4": dict(n=64800, k=48600, m=16200, q="q=45"),
    "dvbt2:16200:3/5": dict(n=16200, k=9720, m=6480, q="q=18"),
}
for name, want in cases.items():
    rc, out, err = run("info", name)
    if not check(rc == 0, f"ldpcgpu info {name} exits 0 ({err.strip()})"):
        continue
    check(apptest.info_value(out, "n (code bits)") == str(want["n"]), f"{name}: n")
    check(apptest.info_value(out, "k (info bits)") == str(want["k"]), f"{name}: k")
    check(apptest.info_value(out, "m (checks)") == str(want["m"]), f"{name}: m")
    if "z" in want:
        check(apptest.info_value(out, "quasi-cyclic") == want["z"], f"{name}: {want['z']}")
    if "q" in want:
        check((apptest.info_value(out, "dvb") or "").startswith(want["q"]), f"{name}: {want['q']}")
rc, out, _ = run("info", "WiMAX:2304:1/2", check_rc=0)
check(apptest.info_value(out, "n (code bits)") == "2304", "code names are case-insensitive")
rc, out, _ = run("info", "wifi:648:1/2", "--base", "--rank", check_rc=0)
check(apptest.info_value(out, "rank(H)") == "324 (full)", "info --rank of wifi:648:1/2 is 324")
base_lines = [l for l in out.splitlines() if l.startswith(" ") and len(l.split()) == 24]
check(len(base_lines) == 12, f"info --base prints the 12x24 base matrix, got {len(base_lines)}")

# ---- clean failures ----
rc, _, err = run("info", "nosuch:1/2")
check(rc == 1 and "unknown code" in err, "an unknown code exits 1 with the reason")
rc, _, err = run("info", "alist:/nonexistent/file.alist")
check(rc == 1 and "nonexistent" in err, "a missing alist file exits 1 naming the file")
with apptest.tempdir() as d:
    bad = os.path.join(d, "bad.alist")
    with open(bad, "w") as f:
        f.write("4 2\n2 3\n1 1 2\n")  # truncated
    rc, _, err = run("info", "alist:" + bad)
    check(rc == 1 and err.strip(), "a truncated alist exits 1 with a message")
    rc, _, err = run("export", "wimax:576:1/2", "-o", os.path.join(d, "no", "such", "dir.alist"))
    check(rc == 1 and "cannot open" in err, "export to an unwritable path exits 1")
    llr = os.path.join(d, "short.f32")
    with open(llr, "wb") as f:
        f.write(b"\0" * 1000)
    rc, _, err = run("decode", "wimax:576:1/2", "-i", llr, "-o", os.path.join(d, "o"))
    check(rc == 1 and "ends inside a frame" in err, "a partial frame of LLRs exits 1")
rc, _, err = run("simulate", "wimax:576:1/2")
check(rc == 2 and "--ebn0" in err, "simulate without --ebn0 exits 2")
rc, _, err = run("simulate", "wimax:576:1/2", "--ebn0", "abc")
check(rc == 2 and "not a number" in err, "simulate --ebn0 abc exits 2")
rc, _, err = run("simulate", "wimax:576:1/2", "--ebn0", "1", "--backend", "tpu")
check(rc == 2 and "unknown backend" in err, "an unknown backend exits 2")
rc, _, err = run("simulate", "wimax:576:1/2", "--ebn0", "1", "--iterations", "0")
check(rc == 2, "--iterations 0 exits 2")
rc, _, err = run("encode", "wimax:576:1/2", "-o")
check(rc == 2 and "needs a value" in err, "an option without its value exits 2")
rc, _, err = run("decode", "wimax:576:1/2", "-i", "/nonexistent.f32", "-o", "/dev/null")
check(rc == 1 and "/nonexistent.f32" in err, "decode of a missing file exits 1")

apptest.finish("test_app_cli")
