"""ldpcgpu simulate over MPI: 2 ranks on the CPU have exactly the counts of one process over
the same frames, --max-frame-errors stops every rank at the same round, rank 0 alone prints
and writes the JSON.

Runs `mpirun --allow-run-as-root --oversubscribe -np 2` (CI runs as root on 2 cores). Skips
(exit 77) when the tool was built without MPI, after checking what such a build does when a
launcher starts it: one process works, the others exit.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apptest
from apptest import check, run

apptest.require_app()
APP = apptest.APP
COUNTS = ("frames", "bit_errors", "frame_errors", "parity_failures", "undetected_errors",
          "iterations", "saturated_llrs")


def load(path):
    with open(path) as f:
        return json.load(f)


def counts(p):
    return {c: p[c] for c in COUNTS}


def mpirun(np, *args):
    cmd = [MPIEXEC, "--allow-run-as-root", "--oversubscribe", "-np", str(np), APP,
           *map(str, args)]
    # containers often forbid the cross-process memory copy of Open MPI's shared-memory
    # transport (ptrace rules): its plain copy works everywhere and these messages are small
    env = dict(os.environ, OMPI_MCA_btl_vader_single_copy_mechanism="none")
    p = subprocess.run(cmd, capture_output=True, timeout=300, env=env)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


if os.environ.get("LDPCGPU_HAVE_MPI") != "ON":
    # a launcher's environment, without MPI in the tool: its rank 0 works alone and says so,
    # the other ranks leave without a word
    env = dict(os.environ, OMPI_COMM_WORLD_SIZE="2", OMPI_COMM_WORLD_RANK="0")
    p = subprocess.run([APP, "simulate", "wifi:648:1/2", "--ebn0", "2", "--frames", "50"],
                       env=env, capture_output=True, timeout=300)
    err = p.stderr.decode()
    check(p.returncode == 0 and "built without MPI" in err and b"Eb/N0" in p.stdout,
          f"rank 0 of a launcher, no MPI: runs and says so\n{err}")
    env["OMPI_COMM_WORLD_RANK"] = "1"
    p = subprocess.run([APP, "simulate", "wifi:648:1/2", "--ebn0", "2", "--frames", "50"],
                       env=env, capture_output=True, timeout=300)
    check(p.returncode == 0 and p.stdout == b"", "rank 1 of a launcher, no MPI: exits at once")
    if apptest.failures:
        apptest.finish("test_app_simulate_mpi")
    print("SKIP: ldpcgpu was built without MPI (Debian: apt install openmpi-bin libopenmpi-dev, "
          "then cmake -DENABLE_MPI=ON): the 2-rank tests did not run")
    sys.exit(77)

MPIEXEC = os.environ.get("LDPCGPU_MPIEXEC") or "mpirun"

with apptest.tempdir() as d:
    js = lambda name: os.path.join(d, name)

    # ---- 2 ranks == 1 process over the same frames (several chunks per rank) ----
    args = ["simulate", "wifi:648:1/2", "--ebn0", "0.5,1.5,2.5", "--frames", 5000, "--seed", 7]
    rc, out, err = mpirun(2, *args, "--chunk-frames", 600, "--json", js("m2.json"))
    check(rc == 0, f"mpirun -np 2 simulate: exit {rc}\n{out}\n{err}")
    check(out.count("Eb/N0") == 1 and "2 MPI ranks" in out,
          f"rank 0 alone prints one table, naming 2 ranks\n{out}")
    run(*args, "--json", js("m1.json"), "--quiet", check_rc=0)
    m2, m1 = load(js("m2.json")), load(js("m1.json"))
    check(m2["ranks"] == 2 and m1["ranks"] == 1, "JSON ranks 2 and 1")
    for a, b in zip(m2["points"], m1["points"]):
        check(counts(a) == counts(b), f"{a['ebn0_db']} dB: 2 ranks == 1 process\n"
                                      f"  {counts(a)}\n  {counts(b)}")
    check(any(p["frame_errors"] > 0 for p in m2["points"]), "some errors were counted")

    # ---- the i8-table noise: its frames too are a function of their numbers ----
    ti = ["simulate", "wifi:648:1/2", "--ebn0", "1.5", "--frames", 4000, "--seed", 3, "--msg",
          "i8", "--llr", "i8", "--noise", "i8-table"]
    rc, out, err = mpirun(2, *ti, "--chunk-frames", 500, "--json", js("t2.json"))
    check(rc == 0, f"mpirun -np 2 simulate --noise i8-table: exit {rc}\n{err}")
    run(*ti, "--json", js("t1.json"), "--quiet", check_rc=0)
    a, b = load(js("t2.json"))["points"][0], load(js("t1.json"))["points"][0]
    check(counts(a) == counts(b) and a["frame_errors"] > 0,
          f"i8-table: 2 ranks == 1 process\n  {counts(a)}\n  {counts(b)}")

    # ---- the default chunk rule ----
    rc, out, err = mpirun(2, *args, "--json", js("d2.json"))
    check(rc == 0, f"mpirun default chunks: exit {rc}\n{err}")
    for a, b in zip(load(js("d2.json"))["points"], m1["points"]):
        check(counts(a) == counts(b), f"{a['ebn0_db']} dB, default chunks: 2 ranks == 1 process")

    # ---- --max-frame-errors: global, checked after each round of 2 chunks ----
    chunk, target = 40, 100
    rc, out, err = mpirun(2, "simulate", "wifi:648:1/2", "--ebn0", "1.0", "--frames", 1000000,
                          "--max-frame-errors", target, "--chunk-frames", chunk,
                          "--json", js("e2.json"))
    check(rc == 0, f"mpirun --max-frame-errors: exit {rc}\n{err}")
    p = load(js("e2.json"))["points"][0]
    frames = p["frames"]
    check(p["frame_errors"] >= target and frames < 1000000 and frames % (2 * chunk) == 0,
          f"stopped after a whole round with >= {target} frame errors: {counts(p)}")
    # the same frames in one process give the same counts, and one round fewer did not reach
    # the target: the ranks stopped at the first round that did
    run("simulate", "wifi:648:1/2", "--ebn0", "1.0", "--frames", frames, "--json", js("e1.json"),
        "--quiet", check_rc=0)
    check(counts(p) == counts(load(js("e1.json"))["points"][0]),
          "--max-frame-errors run == 1 process over its frame total")
    run("simulate", "wifi:648:1/2", "--ebn0", "1.0", "--frames", frames - 2 * chunk,
        "--json", js("e0.json"), "--quiet", check_rc=0)
    check(load(js("e0.json"))["points"][0]["frame_errors"] < target,
          "one round fewer had not reached the target")

    # ---- resume under MPI: continues a 1-process run with 2 ranks ----
    run("simulate", "wifi:648:1/2", "--ebn0", "1.5", "--frames", 1000, "--seed", 7,
        "--json", js("p.json"), "--quiet", check_rc=0)
    rc, out, err = mpirun(2, "simulate", "--resume", js("p.json"), "--frames", 5000,
                          "--chunk-frames", 300)
    check(rc == 0, f"mpirun --resume: exit {rc}\n{err}")
    check(counts(load(js("p.json"))["points"][0]) == counts(m1["points"][1]),
          "1000 frames alone + 4000 on 2 ranks == 5000 in one process")

    # ---- resumed values are range-checked like the command line's (issue 24, defect 4):
    # chunk_frames 2^63 wrapped chunk x ranks to 0 and looped forever at 0 frames ----
    for key in ("chunk_frames", "frames_target"):
        j = load(js("p.json"))
        j[key] = 2 ** 63
        with open(js("wrap.json"), "w") as f:
            json.dump(j, f)
        try:
            rc, out, err = mpirun(2, "simulate", "--resume", js("wrap.json"), "--quiet")
            check(rc != 0 and key in err, f"mpirun --resume with {key} 2^63: exit {rc}\n{err}")
        except subprocess.TimeoutExpired:
            check(False, f"mpirun --resume with {key} 2^63 did not end")

apptest.finish("test_app_simulate_mpi")
