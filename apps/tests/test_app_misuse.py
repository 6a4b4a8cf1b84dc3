"""The tool under misuse: nothing lost, nothing hung, nothing crashed (issue 24).

- decode/encode refuse an output that is the same file as an input or another output (by
  device and inode: also through a symlink, a hard link, "./F" or a redirected stdin), and
  leave it untouched;
- simulate --resume refuses what the command line would refuse: values out of range (which
  wrapped or never ended), numbers that overflow (written back as bare `inf`), more points
  than a run holds (kept the first 1000), two points at one Eb/N0 (counted twice), counts no
  simulation gives (FER 19.98), and an endless file (/dev/zero grew without limit); in each
  case the file is left as it was;
- Eb/N0 is stored exactly, so a resumed point continues at the Eb/N0 it started at;
- a resume with nothing left to simulate writes the JSON once (1000 points took minutes);
- a code path that is not UTF-8 is written as valid JSON and found again by --resume;
- runs sharing one --json path each finish (they failed on one temporary file).
"""
import json
import os
import resource
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apptest
from apptest import check, run

apptest.require_app()
APP = apptest.APP
CODE = "wimax:576:1/2"
N, K = 576, 288


def read(path):
    with open(path, "rb") as f:
        return f.read()


def load(path):
    with open(path) as f:
        return json.load(f)


def save(path, j):
    with open(path, "w") as f:
        json.dump(j, f, indent=1)


def refused(args, path_kept, words, what, stdin_path=None):
    """`ldpcgpu args` (standard input from stdin_path) must fail with a message holding every
    one of words, and leave the file path_kept byte for byte as it was."""
    before = read(path_kept)
    with open(stdin_path or os.devnull, "rb") as stdin:
        pr = subprocess.run([APP, *map(str, args)], stdin=stdin, capture_output=True,
                            timeout=120)
    rc, err = pr.returncode, pr.stderr.decode(errors="replace")
    check(rc != 0 and all(w in err for w in words),
          f"{what}: exit {rc}, expected a refusal naming {words}\n{err}")
    check(read(path_kept) == before, f"{what}: {path_kept} changed")
    return err


with apptest.tempdir() as d:
    p = lambda name: os.path.join(d, name)

    # ---- defect 2: an output that is an input, or another output ----
    run("encode", CODE, "--frames", 20, "-o", p("cw"), "--info-out", p("info"),
        "--llr-out", p("F"), "--ebn0", 3, check_rc=0)
    check(os.path.getsize(p("F")) == 20 * N * 4, "encode wrote 20 frames of float LLRs")
    os.symlink(p("F"), p("link"))
    os.link(p("F"), p("hard"))
    same = "the same file"
    refused(("decode", CODE, "-i", p("F"), "-o", p("F")), p("F"), [same], "decode -i F -o F")
    refused(("decode", CODE, "-i", p("F"), "-o", p("link")), p("F"), [same], "-o a symlink to F")
    refused(("decode", CODE, "-i", p("hard"), "-o", p("F")), p("F"), [same], "-i a hard link")
    refused(("decode", CODE, "-i", p("F"), "-o", os.path.join(d, ".", "F")), p("F"), [same],
            "-o ./F")
    refused(("decode", CODE, "-i", "-", "-o", p("F")), p("F"), [same], "-i - < F -o F",
            stdin_path=p("F"))
    refused(("encode", CODE, "-i", p("info"), "-o", p("info")), p("info"), [same],
            "encode -i F -o F")
    refused(("encode", CODE, "-i", p("info"), "-o", p("cw2"), "--info-out", p("info")),
            p("info"), [same], "encode -i F --info-out F")
    run("encode", CODE, "--frames", 3, "-o", p("X"), check_rc=0)
    err = refused(("encode", CODE, "--frames", 3, "-o", p("X2"), "--llr-out", p("X2")),
                  p("X"), [same], "encode -o F --llr-out F")
    rc, out, err = run("encode", CODE, "--frames", 3, "-o", "-", "--llr-out", "-")
    check(rc != 0 and same in err, f"encode -o - --llr-out -: both on stdout refused: {err}")
    # what is allowed stays allowed: another file, and devices such as /dev/null twice
    rc, out, err = run("decode", CODE, "-i", p("F"), "-o", p("bits"))
    check(rc == 0 and read(p("bits")) == read(p("info")), f"decode -i F -o G works: {err}")
    run("encode", CODE, "--frames", 3, "-o", os.devnull, "--llr-out", os.devnull, check_rc=0)

    # ---- a run to resume ----
    run("simulate", CODE, "--ebn0", "3", "--frames", 40, "--json", p("base.json"), "--quiet",
        check_rc=0)
    base = load(p("base.json"))

    def variant(name, edit):
        j = json.loads(json.dumps(base))
        edit(j)
        save(p(name), j)
        return p(name)

    def resume_refused(name, edit, words, what, extra=()):
        path = variant(name, edit)
        try:
            refused(("simulate", "--resume", path, "--quiet", *extra), path, words, what)
        except subprocess.TimeoutExpired:
            check(False, f"{what}: did not end")

    # ---- defect 4: values beyond the command line's ranges (they wrapped or never ended) ----
    def put(key, value):
        return lambda j: j.__setitem__(key, value)

    resume_refused("chunk.json", put("chunk_frames", 2 ** 63), ["chunk_frames"],
                   "chunk_frames 2^63")
    resume_refused("target.json", put("frames_target", 2 ** 63), ["frames_target"],
                   "frames_target 2^63")
    resume_refused("target0.json", put("frames_target", 0), ["frames_target"], "frames_target 0")
    resume_refused("iters.json", put("max_iterations", 2 ** 32 + 5), ["max_iterations"],
                   "max_iterations 2^32 + 5")
    resume_refused("seed.json", put("seed", -1), ["seed"], "seed -1")

    # ---- defect 5: numbers that overflow (they were written back as bare inf) ----
    def set_point(key, value):
        return lambda j: j["points"][0].__setitem__(key, value)

    for key in ("ebn0_db", "wall_seconds"):
        path = variant(f"inf_{key}.json", lambda j: None)
        text = read(path).decode()
        before = f'"{key}": {json.dumps(base["points"][0][key])}'
        check(before in text, f"{key} in the JSON as json.dump wrote it")
        with open(path, "w") as f:
            f.write(text.replace(before, f'"{key}": 1e999'))
        refused(("simulate", "--resume", path, "--quiet"), path, [key], f"{key} 1e999")
    resume_refused("nan.json", set_point("decode_seconds", -1.0), ["decode_seconds"],
                   "decode_seconds -1")

    # ---- defect 11: counts no simulation gives (FER 19.98 was accepted) ----
    resume_refused("fer.json", set_point("frame_errors", 40 * 20), ["frames", "frame errors"],
                   "frame_errors > frames")
    resume_refused("ber.json", set_point("bit_errors", 40 * K + 1), ["bit errors"],
                   "bit_errors > frames x k")

    # ---- defect 7: two points at one Eb/N0 (both continued with the same frames) ----
    resume_refused("dup.json", lambda j: j["points"].append(dict(j["points"][0])),
                   ["both at Eb/N0 3"], "two points at 3 dB")

    # ---- defect 6: more points than a run holds (the first 1000 were kept) ----
    def many(count):
        def edit(j):
            p0 = j["points"][0]
            j["points"] = [dict(p0, ebn0_db=round(-50 + 0.1 * i, 1)) for i in range(count)]
        return edit

    resume_refused("1203.json", many(1203), ["1203 points"], "1203 points")
    # 1000 points, all done: --ebn0 one more is refused, not dropped; without it the resume
    # has nothing to simulate and writes the JSON once, at the end
    resume_refused("1000.json", many(1000), ["more than 1000 points"], "1000 points + --ebn0",
                   extra=("--ebn0", "99.5"))
    path = variant("1000b.json", many(1000))
    t0 = time.monotonic()
    rc, out, err = run("simulate", "--resume", path, "--quiet")
    took = time.monotonic() - t0
    check(rc == 0 and len(load(path)["points"]) == 1000, f"resume of 1000 done points: {err}")
    check(took < 10, f"resume of 1000 done points took {took:.1f} s")

    # ---- defect 3: an endless --resume file is refused, in bounded memory, with a reason ----
    # The address space is limited to 1 GiB (a tool without the bound would otherwise take the
    # machine's memory), except for a tool built with AddressSanitizer, whose shadow memory
    # needs a large address space: there the peak resident size is the check.
    sanitized = b"__asan_init" in read(APP)

    def limit_memory():
        if not sanitized:
            resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    pr = subprocess.run([APP, "simulate", "--resume", "/dev/zero", "--json", p("z.json")],
                        capture_output=True, timeout=120, preexec_fn=limit_memory)
    err = pr.stderr.decode(errors="replace")
    check(pr.returncode != 0 and "--resume /dev/zero" in err and "MiB" in err,
          f"--resume /dev/zero: exit {pr.returncode}, a message naming the limit:\n{err}")
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    check(peak_kib < 1 << 20, f"--resume /dev/zero stayed under 1 GiB: {peak_kib} KiB")
    check(not os.path.exists(p("z.json")), "--resume /dev/zero wrote no JSON")

    # ---- defect 8: Eb/N0 stored exactly, so a resumed point goes on at the same Eb/N0 ----
    run("simulate", CODE, "--ebn0", "1.23456", "--frames", 300, "--json", p("e300.json"),
        "--quiet", check_rc=0)
    run("simulate", CODE, "--ebn0", "1.23456", "--frames", 150, "--json", p("e150.json"),
        "--quiet", check_rc=0)
    check(load(p("e150.json"))["points"][0]["ebn0_db"] == 1.23456, "ebn0_db is 1.23456 exactly")
    run("simulate", "--resume", p("e150.json"), "--frames", 300, "--quiet", check_rc=0)
    a, b = load(p("e300.json"))["points"], load(p("e150.json"))["points"]
    check(len(b) == 1 and a[0]["bit_errors"] == b[0]["bit_errors"] and
          a[0]["frame_errors"] == b[0]["frame_errors"] and b[0]["frames"] == 300,
          f"150 + 150 resumed frames == 300 frames: {a[0]['bit_errors']} vs {b[0]['bit_errors']}")
    run("simulate", "--resume", p("e150.json"), "--ebn0", "1.23456", "--frames", 350, "--quiet",
        check_rc=0)
    b = load(p("e150.json"))["points"]
    check(len(b) == 1 and b[0]["first_frame"] == 0 and b[0]["frames"] == 350,
          f"--ebn0 1.23456 names the resumed point, not a new one: {len(b)} points")

    # ---- defect 11: a code path that is not UTF-8 ----
    alist = os.fsencode(d) + b"/code-\xff\xfe.alist"
    run("export", CODE, "-o", p("plain.alist"), check_rc=0)
    shutil.copy(p("plain.alist"), alist)
    name = "alist:" + os.fsdecode(alist)
    pr = subprocess.run([APP, "simulate", os.fsencode(name), "--ebn0", "2", "--frames", "20",
                         "--json", p("u.json"), "--quiet"], capture_output=True, timeout=300)
    check(pr.returncode == 0, f"simulate of a non-UTF-8 path: {pr.stderr.decode(errors='replace')}")
    try:
        with open(p("u.json"), encoding="utf-8") as f:
            code = json.load(f)["code"]
        check(code.encode("utf-8", "surrogateescape") == os.fsencode(name),
              f"the code name reads back as the path's bytes: {code!r}")
    except (ValueError, OSError) as e:
        check(False, f"the JSON of a non-UTF-8 path is not UTF-8 JSON: {e}")
    rc, out, err = run("simulate", "--resume", p("u.json"), "--frames", 40, "--quiet")
    check(rc == 0 and load(p("u.json"))["points"][0]["frames"] == 40,
          f"--resume finds the non-UTF-8 path again: {err}")

    # ---- defect 11: runs sharing one --json path all finish ----
    procs = [subprocess.Popen([APP, "simulate", CODE, "--ebn0", "2,3,4,5", "--frames", "30",
                               "--json", p("shared.json"), "--quiet"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
             for _ in range(3)]
    for pr in procs:
        err = pr.communicate(timeout=300)[1].decode(errors="replace")
        check(pr.returncode == 0, f"one of 3 runs on one --json path: exit {pr.returncode}\n{err}")
    check(len(load(p("shared.json"))["points"]) == 4, "the shared JSON is whole")
    check(not [f for f in os.listdir(d) if f.endswith(".tmp")], "no temporary file left")

apptest.finish("test_app_misuse")
