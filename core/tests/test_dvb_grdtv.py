#!/usr/bin/python3
"""The project's DVB encoder against GNU Radio's gr-dtv dvb_ldpc_bb, bit for bit.

For every code gr-dtv encodes (DVB-S2 normal and short, DVB-T2 with its own normal 2/3 and short
3/5 tables and T2-Lite 1/3 and 2/5, DVB-S2X normal, short and medium, and the VL-SNR
configurations), the same random frames go through gr-dtv and through ldpc_encoder_encode (via
ctypes on libldpcgpu-core.so, path in $LDPCGPU_CORE_LIB). VL-SNR configurations send a shortened
and punctured mother codeword; the project's codeword of the mother code is shortened and
punctured the same way before the comparison.
Then scripts/gen_dvb_tables.py --check must find core/src/dvb_tables.c up to date.
Exit 77 ("SKIP: ...") when gnuradio.dtv cannot be imported.
"""
import ctypes
import importlib.util
import os
import subprocess
import sys
import time

FRAMES = 3


def skip(why):
    print("SKIP: " + why)
    sys.exit(77)


try:
    import numpy as np
    from gnuradio import dtv  # noqa: F401  (only: is it there?)
except Exception as e:  # ImportError, or a broken GNU Radio install
    skip("gnuradio.dtv / numpy not importable (%s)" % e)

SOURCE_DIR = os.environ.get("LDPCGPU_SOURCE_DIR") or os.path.abspath(
    os.path.join(os.path.dirname(__file__), "..", "..", ".."))
GENERATOR = os.path.join(SOURCE_DIR, "scripts", "gen_dvb_tables.py")
TABLES = os.path.join(SOURCE_DIR, "core", "src", "dvb_tables.c")

spec = importlib.util.spec_from_file_location("gen_dvb_tables", GENERATOR)
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)

lib_path = os.environ.get("LDPCGPU_CORE_LIB")
if not lib_path:
    print("FAIL: set LDPCGPU_CORE_LIB to libldpcgpu-core.so (ctest does)")
    sys.exit(1)
core = ctypes.CDLL(lib_path)
vp = ctypes.c_void_p
core.ldpc_code_create.argtypes = [ctypes.POINTER(vp), ctypes.c_char_p]
core.ldpc_code_destroy.argtypes = [vp]
core.ldpc_code_n.argtypes = [vp]
core.ldpc_code_k.argtypes = [vp]
core.ldpc_code_list_count.argtypes = []
core.ldpc_code_list_name.argtypes = [ctypes.c_int]
core.ldpc_code_list_name.restype = ctypes.c_char_p
core.ldpc_encoder_create.argtypes = [ctypes.POINTER(vp), vp]
core.ldpc_encoder_destroy.argtypes = [vp]
core.ldpc_encoder_encode.argtypes = [vp, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
core.ldpc_last_error.restype = ctypes.c_char_p

failures = []


def fail(msg):
    print("FAIL: " + msg)
    failures.append(msg)


def project_encode(name, info):
    """Encode the rows of info (F x k) with the project's encoder; returns F x n."""
    code, enc = vp(), vp()
    if core.ldpc_code_create(ctypes.byref(code), name.encode()) != 0:
        raise RuntimeError("%s: %s" % (name, core.ldpc_last_error().decode()))
    try:
        n, k = core.ldpc_code_n(code), core.ldpc_code_k(code)
        if info.shape[1] != k:
            raise RuntimeError("%s: k = %d, the test expected %d" % (name, k, info.shape[1]))
        if core.ldpc_encoder_create(ctypes.byref(enc), code) != 0:
            raise RuntimeError("%s: %s" % (name, core.ldpc_last_error().decode()))
        info = np.ascontiguousarray(info, dtype=np.uint8)
        cw = np.zeros((info.shape[0], n), dtype=np.uint8)
        st = core.ldpc_encoder_encode(enc, info.ctypes.data, cw.ctypes.data, info.shape[0])
        if st != 0:
            raise RuntimeError("%s: encode: %s" % (name, core.ldpc_last_error().decode()))
        return cw
    finally:
        core.ldpc_encoder_destroy(enc)
        core.ldpc_code_destroy(code)


def compare(cfg, name, rng):
    """Same random frames through gr-dtv (cfg) and the project's code `name`."""
    frames = rng.integers(0, 2, (FRAMES, cfg.k_in), dtype=np.uint8)
    grdtv = cfg.encode(frames)
    mother = np.zeros((FRAMES, cfg.k), dtype=np.uint8)
    mother[:, cfg.xs:] = frames                     # shortened bits are zeros, not sent
    cw = project_encode(name, mother)
    ours = np.concatenate([cw[:, cfg.xs:cfg.k], cw[:, cfg.k:][:, cfg.kept]], axis=1)
    if not np.array_equal(ours, grdtv):
        bad = np.argwhere(ours != grdtv)
        fail("%s (gr-dtv %s %s): %d of %d bits differ, first at frame %d bit %d"
             % (name, cfg.gr_std, cfg.gr_rate, len(bad), grdtv.size, bad[0][0], bad[0][1]))
        return False
    return True


def main():
    t0 = time.time()
    rng = np.random.default_rng(7)
    # the project lists exactly the codes the generator derives
    listed = {core.ldpc_code_list_name(i).decode() for i in range(core.ldpc_code_list_count())}
    names = [gen.code_name(*c[:3]) for c in gen.CODES]
    missing = [nm for nm in names if nm not in listed]
    if missing:
        fail("codes not listed by ldpc_code_list_name: %s" % missing)
    extra = sorted(nm for nm in listed if nm.startswith("dvb") and nm not in names)
    if extra:
        fail("DVB codes listed but not derived from gr-dtv: %s" % extra)

    by_name = {gen.code_name(*c[:3]): c for c in gen.CODES}
    compared = 0
    for code in gen.CODES:
        std, n, rate, k, annex, gr_rate = code
        name = gen.code_name(std, n, rate)
        cfg = gen.GrConfig(name, std, n, k, std if std == "dvbt2" else "dvbs2", gr_rate)
        compared += compare(cfg, name, rng)
    for gr_rate, mother in gen.VLSNR_SHORT:
        std, n, rate, k = by_name[mother][:4]
        cfg = gen.GrConfig("%s via %s" % (mother, gr_rate), std, n, k, "dvbs2", gr_rate)
        compared += compare(cfg, mother, rng)
    total = len(gen.CODES) + len(gen.VLSNR_SHORT)
    print("gr-dtv vs project encoder: %d of %d configurations bit-exact (%d frames each), %.1f s"
          % (compared, total, FRAMES, time.time() - t0))

    t1 = time.time()
    check = subprocess.run([sys.executable, GENERATOR, "--quiet", "--check", TABLES],
                           capture_output=True, text=True)
    print(check.stdout.strip())
    if check.returncode != 0:
        fail("gen_dvb_tables.py --check: %s %s"
             % (check.stdout.strip(), check.stderr.strip()[-2000:]))
    print("generator check: %.1f s" % (time.time() - t1))

    if failures:
        print("test_dvb_grdtv: %d failure(s)" % len(failures))
        return 1
    print("test_dvb_grdtv: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
