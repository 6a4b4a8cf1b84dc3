"""ldpcgpu simulate: error counts against what was sent, throughput, sweeps, JSON.

(JSON intervals, --resume, chunking and progress: test_app_simulate_json.py; MPI:
test_app_simulate_mpi.py.)

Error-rate bounds are physical, not recorded numbers: far above the code's threshold no frame
may fail; far below it (Eb/N0 = -1 dB, under the Shannon limit of a rate-1/2 code, about 0.2 dB)
most frames must fail.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apptest
from apptest import check, run

apptest.require_app()


def table_rows(text):
    """Result rows of the simulate table as dicts ("dec Mbps" is None where it shows "-")."""
    rows = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 11:
            try:
                v = [None if x == "-" else float(x) for x in parts]
            except ValueError:
                continue
            if any(x is None for i, x in enumerate(v) if i != 9):
                continue
            rows.append(dict(ebn0=v[0], frames=int(v[1]), bit_errors=int(v[2]), ber=v[3],
                             frame_errors=int(v[4]), fer=v[5], parity_failures=int(v[6]),
                             iterations=v[7], sim_mbps=v[8], dec_mbps=v[9], sat=v[10]))
    return rows


with apptest.tempdir() as d:
    js = os.path.join(d, "sim.json")
    rc, out, err = run("simulate", "wimax:2304:1/2", "--ebn0", "3.0", "--frames", 300, "--json",
                       js, check_rc=0)
    rows = table_rows(out)
    if check(len(rows) == 1, f"one result row\n{out}"):
        r = rows[0]
        check(r["frames"] == 300, "300 frames simulated")
        check(r["frame_errors"] == 0 and r["bit_errors"] == 0, "no errors at 3 dB")
        check(1.0 <= r["iterations"] <= 10.0, "average iterations within 1..10")
        check(r["sim_mbps"] > 0, "simulated Mb/s on the wall clock")
    check("backend" in out and "wimax:2304:1/2" in out, "the summary names code and backend")
    with open(js) as f:
        j = json.load(f)
    check(j["code"] == "wimax:2304:1/2" and j["n"] == 2304 and j["k"] == 1152, "JSON code")
    check(j["backend"] in ("cpu-reference", "cpu-simd", "cuda"), "JSON names the backend used")
    p = j["points"][0]
    check(p["frames"] == 300 and p["frame_errors"] == 0 and p["fer"] == 0.0, "JSON point")
    check(p["wall_seconds"] > 0 and p["sim_coded_mbps"] > 0 and
          abs(p["sim_info_mbps"] * 2 - p["sim_coded_mbps"]) < 1e-3 * p["sim_coded_mbps"] + 1e-3,
          "JSON: simulated coded Mb/s = 2 x information Mb/s for a rate-1/2 code")
    check(abs(p["sim_coded_mbps"] - 300 * 2304 / p["wall_seconds"] / 1e6) <=
          1e-3 * p["sim_coded_mbps"] + 1e-3, "simulated Mb/s = coded bits / wall seconds")
    # the decoder's own figure: null where the simulator does not report it, else positive
    check((p["decode_seconds"] is None and p["coded_mbps"] is None) or
          (p["decode_seconds"] > 0 and p["coded_mbps"] > 0), "JSON decoder throughput")
    # LLRs of mean 4 at 3 dB: none beyond the int8 range at scale 4 (|LLR| >= 31.875)
    check(p["saturated_llrs"] == 0 and p["saturated_share"] == 0.0 and rows and rows[0]["sat"] == 0,
          "no saturated LLRs at 3 dB, scale 4")
    # at 9 dB the LLRs have mean 15.9 (4 x 0.5 x 7.94): at scale 8 (the largest accepted) about
    # half of them pass 127.5 / 8
    rc, out, _ = run("simulate", "wimax:576:1/2", "--ebn0", "9", "--frames", 40, "--llr-scale",
                     8, "--msg", "i8", "--json", js, check_rc=0)
    with open(js) as f:
        p = json.load(f)["points"][0]
    rows = table_rows(out)
    check(0.3 < p["saturated_share"] < 0.7 and
          abs(p["saturated_share"] - p["saturated_llrs"] / (40 * 576)) < 1e-6,
          f"saturated share at scale 8, 9 dB: {p['saturated_share']}")
    check(rows and abs(rows[0]["sat"] - p["saturated_share"]) < 1e-3 * p["saturated_share"],
          "the table's sat LLRs column is the JSON share")

    # below the Shannon limit most frames fail, and the counts agree with each other
    rc, out, _ = run("simulate", "wimax:2304:1/2", "--ebn0", "-1", "--frames", 50, "--json", js,
                     check_rc=0)
    with open(js) as f:
        p = json.load(f)["points"][0]
    check(p["fer"] > 0.9, f"FER {p['fer']} > 0.9 at -1 dB")
    check(abs(p["ber"] - p["bit_errors"] / (50 * 1152)) <= 1e-5 * p["ber"],
          "BER = bit errors / bits")
    check(p["bit_errors"] >= p["frame_errors"], "at least one bit error per frame error")
    check(p["parity_failures"] <= 50 and p["avg_iterations"] > 9.0,
          "failing frames use every iteration")

    # a sweep: one row per point, FER not increasing with Eb/N0 (same seed at each point)
    rc, out, _ = run("simulate", "wifi:648:1/2", "--ebn0", "0.0:4.0:2.0", "--frames", 200,
                     check_rc=0)
    rows = table_rows(out)
    check([r["ebn0"] for r in rows] == [0.0, 2.0, 4.0], f"sweep points 0, 2, 4 dB\n{out}")
    if len(rows) == 3:
        check(rows[0]["fer"] >= rows[1]["fer"] >= rows[2]["fer"], "FER falls with Eb/N0")
        check(rows[0]["fer"] > 0.5 and rows[2]["fer"] < 0.05, "FER high at 0 dB, low at 4 dB")

    # --max-frame-errors stops a hopeless point early
    rc, out, _ = run("simulate", "wifi:648:1/2", "--ebn0", "-2", "--frames", 10000,
                     "--max-frame-errors", 20, check_rc=0)
    rows = table_rows(out)
    check(rows and rows[0]["frame_errors"] >= 20 and rows[0]["frames"] < 10000,
          "--max-frame-errors ends the point early")

    # int8 LLRs, flooding, sum-product, min-sum, fixed iterations: all decode a good channel
    for extra in (["--llr", "i8"], ["--schedule", "flooding", "--iterations", "30"],
                  ["--algorithm", "sum-product"], ["--algorithm", "oms"],
                  ["--algorithm", "min-sum", "--no-early-stop", "--iterations", "8"],
                  ["--backend", "cpu-reference", "--alpha", "0.8"]):
        rc, out, err = run("simulate", "wimax:576:1/2", "--ebn0", "4.5", "--frames", 100, *extra)
        rows = table_rows(out)
        check(rc == 0 and rows and rows[0]["fer"] <= 0.02,
              f"simulate {' '.join(extra)}: FER <= 0.02 at 4.5 dB\n{out}{err}")
        if "--no-early-stop" in extra and rows:
            check(rows[0]["iterations"] == 8.0, "--no-early-stop runs every iteration")

    # same seed, same result
    a = run("simulate", "wifi:648:1/2", "--ebn0", "1.5", "--frames", 100, "--seed", 9)[1]
    b = run("simulate", "wifi:648:1/2", "--ebn0", "1.5", "--frames", 100, "--seed", 9)[1]
    ra, rb = table_rows(a), table_rows(b)
    check(ra and rb and ra[0]["bit_errors"] == rb[0]["bit_errors"] and
          ra[0]["frame_errors"] == rb[0]["frame_errors"], "a seed reproduces the error counts")

apptest.finish("test_app_simulate")
