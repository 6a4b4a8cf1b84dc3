"""5G NR codes through the ldpcgpu tool: list and info; encode of rate-matched codes against
NVIDIA Sionna's transmitted bits (../shared/codes/nr5g/sionna_nr_vectors.txt, skipped when
absent); encode -> decode round trips (K bits in, E bits sent, E LLRs back, K bits out) for
several rv and Qm, unpacked and packed, float32 and int8, both LLR signs; simulate with rate
matching over BPSK and 16-QAM across the waterfall; and the refusals."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apptest
from apptest import check, run

apptest.require_app()


def read(path):
    with open(path, "rb") as f:
        return f.read()


# ---- list / info ----
rc, out, _ = run("info", "nr:bg1:z384", check_rc=0)
check("5G NR" in out and apptest.info_value(out, "n (code bits)") == "26112"
      and apptest.info_value(out, "k (info bits)") == "8448", "info nr:bg1:z384")
rc, out, _ = run("info", "nr:1000:3000:rv2", check_rc=0)
check("K' 1000" in out and "40 fillers" in out and "k0 2600" in out and "base graph 2" in out,
      "info nr:1000:3000:rv2 shows K', fillers and k0:\n" + out)
rc, _, err = run("info", "nr:bg1:z17")
check(rc != 0 and "lifting size" in err, "nr:bg1:z17 is refused, naming the lifting sizes")

# ---- encode against Sionna's bits ----
vectors = os.path.join(os.environ.get("LDPCGPU_SHARED_CODES", ""), "nr5g",
                       "sionna_nr_vectors.txt")
if not os.path.exists(vectors):
    print("SKIP (part): %s absent: encode not compared with Sionna" % vectors)
else:
    def hex_bits(h, count):
        bits = []
        for ch in h:
            v = int(ch, 16)
            bits += [(v >> b) & 1 for b in (3, 2, 1, 0)]
        return bytes(bits[:count])

    cases, cur = [], None
    for line in open(vectors):
        w = line.split()
        if not w or w[0].startswith("#"):
            continue
        if w[0] == "case":
            cur = {"k": int(w[1]), "e": int(w[2]), "qm": int(w[7]), "frames": []}
            cases.append(cur)
        elif w[0] == "u":
            cur["frames"].append({"u": hex_bits(w[1], cur["k"]), "c": {}})
        elif w[0] == "c":
            cur["frames"][-1]["c"][int(w[1])] = hex_bits(w[2], cur["e"])
    compared = 0
    with apptest.tempdir() as d:
        for cs in cases:
            if cs["k"] not in (1000, 40, 5000, 8448) or (cs["k"] == 8448 and cs["qm"] != 4):
                continue  # a sample: BG2 with fillers, tiny Z, BG1 Qm 8, BG1 Qm 4
            ubits = b"".join(f["u"] for f in cs["frames"])
            upath = os.path.join(d, "u.u8")
            with open(upath, "wb") as f:
                f.write(ubits)
            for rv in range(4):
                name = "nr:%d:%d:rv%d:qm%d" % (cs["k"], cs["e"], rv, cs["qm"])
                cpath = os.path.join(d, "c.u8")
                run("encode", name, "--input", upath, "-o", cpath, check_rc=0)
                want = b"".join(f["c"][rv] for f in cs["frames"])
                check(read(cpath) == want, "ldpcgpu encode %s reproduces Sionna's bits" % name)
                compared += 1
    check(compared == 16, "16 (case, rv) pairs compared with Sionna, got %d" % compared)

# ---- encode -> decode ----
with apptest.tempdir() as d:
    p = lambda name: os.path.join(d, name)
    for name, k, e in [("nr:1000:3000", 1000, 3000), ("nr:1000:3000:rv3:qm4", 1000, 3000),
                       ("nr:8448:16896:qm8", 8448, 16896), ("nr:24:90:rv2", 24, 90),
                       ("nr:3840:19200:rv0:qm2", 3840, 19200)]:
        frames = 4
        run("encode", name, "--frames", frames, "-o", p("cw"), "--info-out", p("info"),
            "--llr-out", p("llr"), check_rc=0)
        info = read(p("info"))
        check(len(info) == frames * k and len(read(p("cw"))) == frames * e,
              "%s: encode writes K=%d info and E=%d sent bits per frame" % (name, k, e))
        check(len(read(p("llr"))) == frames * e * 4, "%s: E float LLRs per frame" % name)
        run("decode", name, "-i", p("llr"), "-o", p("dec"), check_rc=0)
        check(read(p("dec")) == info, "%s: decode returns the K information bits" % name)
        # packed
        run("decode", name, "-i", p("llr"), "-o", p("decp"), "--packed", check_rc=0)
        packed = bytearray()
        for f in range(frames):
            bits = info[f * k:(f + 1) * k]
            for b in range(0, k, 8):
                byte = 0
                for i, bit in enumerate(bits[b:b + 8]):
                    byte |= bit << (7 - i)
                packed.append(byte)
        check(read(p("decp")) == bytes(packed), "%s: --packed" % name)
        # int8 LLRs, gr-fec's sign
        run("encode", name, "--frames", frames, "-o", p("cw"), "--llr-out", p("llr8"),
            "--llr-format", "i8", "--llr-sign", "positive-one", check_rc=0)
        check(len(read(p("llr8"))) == frames * e, "%s: E int8 LLRs per frame" % name)
        run("decode", name, "-i", p("llr8"), "--format", "i8", "--llr-sign", "positive-one",
            "-o", p("dec8"), check_rc=0)
        check(read(p("dec8")) == info, "%s: int8, positive-one: decodes" % name)
    # a truncated frame of E LLRs is an error
    with open(p("short"), "wb") as f:
        f.write(read(p("llr8"))[:-1])
    rc, _, err = run("decode", "nr:3840:19200:rv0:qm2", "--format", "i8", "-i", p("short"),
                     "-o", p("x"))
    check(rc != 0 and "inside a frame" in err, "a truncated NR frame is an error")
    rc, _, err = run("encode", "nr:1000:3000", "--ebn0", "2", "-o", p("x"), "--llr-out", p("y"))
    check(rc == 2 and "simulate" in err, "encode --ebn0 with an NR code points to simulate")


# ---- simulate with rate matching ----
def fer_by_ebn0(out):
    table = {}
    for line in out.splitlines():
        w = line.split()
        if len(w) >= 6:
            try:
                table[float(w[0])] = (int(w[1]), int(w[4]))
            except ValueError:
                pass
    return table


# low points below each code's waterfall at NR's default offset (0.5: FER 0.8 at 0 dB here)
for name, mod, lo, hi in [("nr:1000:3000", "bpsk", -0.5, 3.0),
                          ("nr:8448:16896", "16qam", 2.5, 4.5),
                          ("nr:500:1500:rv3", "qpsk", -1.0, 3.0)]:
    rc, out, err = run("simulate", name, "--modulation", mod, "--ebn0", "%g,%g" % (lo, hi),
                       "--frames", 60, "--threads", 2, check_rc=0)
    t = fer_by_ebn0(out)
    check(lo in t and hi in t and t[lo][1] >= 55 and t[hi][1] == 0 and t[hi][0] == 60,
          "simulate %s %s: FER ~1 at %g dB, 0 at %g dB:\n%s" % (name, mod, lo, hi, out))
    check("rate=%.4f" % (int(name.split(":")[1]) / int(name.split(":")[2])) in out,
          "simulate %s prints the rate K/E" % name)
rc, _, err = run("simulate", "nr:1000:3000:qm2", "--modulation", "16qam", "--ebn0", 2)
check(rc != 0 and "Qm 2" in err, "simulate refuses a Qm that is not the modulation's")


# ---- IR-HARQ ----
rc, out, err = run("simulate", "nr:1000:3000", "--harq", 4, "--ebn0", "-2,1", "--frames", 200,
                   "--threads", 2, check_rc=0)
rows = {}
for line in out.splitlines():
    w = line.split()
    try:
        rows[float(w[0])] = [float(x) for x in w[2:7]]
    except (ValueError, IndexError):
        pass
check(-2.0 in rows and 1.0 in rows, "simulate --harq prints a row per Eb/N0:\n" + out)
if -2.0 in rows and 1.0 in rows:
    lo, hi = rows[-2.0], rows[1.0]
    check(lo[0] >= 0.95 and lo[3] == 0.0, "--harq at -2 dB: one transmission fails, four decode")
    check(all(a >= b for a, b in zip(lo[:4], lo[1:4])), "--harq: the residual FER never grows")
    check(2.0 <= lo[4] <= 4.0 and 1.0 <= hi[4] < 2.0, "--harq: average transmissions")
    # the first transmission is simulate's own frame: the same FER without --harq
    rc, out1, _ = run("simulate", "nr:1000:3000", "--ebn0", "1", "--frames", 200, "--threads", 2,
                      check_rc=0)
    t = fer_by_ebn0(out1)
    check(1.0 in t and abs(t[1.0][1] / 200.0 - hi[0]) < 1e-9,
          "--harq: FER after one transmission = simulate's FER (%s vs %s)" % (t.get(1.0), hi[0]))
rc, _, err = run("simulate", "wimax:576:1/2", "--harq", 2, "--ebn0", 1)
check(rc == 2 and "nr:K:E" in err, "--harq refuses a code without rate matching")
rc, _, err = run("simulate", "nr:1000:3000", "--harq", 17, "--ebn0", 1)
check(rc == 2, "--harq 17 is out of range")

apptest.finish("test_app_nr")
