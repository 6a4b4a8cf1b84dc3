#!/usr/bin/env python3
"""ctest driver for the example flowgraphs: compile a .grc with grcc, then run it headless and
check what came out.

  run_example_test.py loopback FILE.grc SECONDS   the generated Qt loopback script run
                                                  offscreen for SECONDS, then Ctrl-C: the BER
                                                  report it prints must show decoded frames,
                                                  nearly all of them correct, and a BER of ~0.
  run_example_test.py replay llr_file_replay.py    LLR file replay (a script, not compiled):
                                                  without arguments it must say which file it
                                                  needs; then it decodes float32 and int8 files
                                                  made here, every decoded bit compared, and its
                                                  closing summary must report the frames, the
                                                  iterations asked for and, given the bits sent,
                                                  the frame errors.
  run_example_test.py bursts FILE.grc SECONDS     PDU bursts (no GUI) run for SECONDS: every
                                                  decoded burst must equal the burst sent.
Exit 77 (skip) when grcc or a needed GNU Radio part is missing."""
import importlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SKIP = 77


def compile_grc(grc, out_dir):
    grcc = shutil.which("grcc")
    if not grcc:
        print("SKIP: grcc not found")
        sys.exit(SKIP)
    proc = subprocess.run([grcc, "-o", out_dir, grc], capture_output=True, text=True)
    print(proc.stdout + proc.stderr)
    name = os.path.splitext(os.path.basename(grc))[0]
    script = os.path.join(out_dir, name + ".py")
    if proc.returncode != 0 or not os.path.exists(script):
        sys.exit("grcc failed for " + grc)
    return name, script


def run_loopback(script, seconds):
    """Runs the generated script as a user would without a display (Qt offscreen), stops it
    with Ctrl-C after `seconds` and reads the BER report it prints every 2 s."""
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    proc = subprocess.Popen([sys.executable, "-u", script], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env=env)
    try:
        out, _ = proc.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGINT)  # the generated main() stops the flowgraph on SIGINT
        try:
            out, _ = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
    print(out)
    reports = re.findall(r"LDPC decoder \((\S+) backend\): (\d+) frames, (\d+) failed, "
                         r"([\d.]+) iterations on average; BER \(last (\d+) bits\) (\S+)", out)
    if not reports:
        print("no BER report printed")
        return 1
    backend, frames, failed, _, _, ber = reports[-1]
    frames, failed, ber = int(frames), int(failed), float(ber)
    print("last report: backend %s, %d frames, %d failed, BER %g" % (backend, frames, failed, ber))
    ok = frames >= 5 and failed <= max(1, frames // 100) and ber < 1e-3
    return 0 if ok else 1


def run_replay(script, work):
    import numpy as np
    from gnuradio import ldpcgpu
    # without arguments and without the default file: a message saying what to give, not
    # GNU Radio's "can't open file"
    empty = os.path.join(work, "empty")
    os.mkdir(empty)
    proc = subprocess.run([sys.executable, script], capture_output=True, text=True, timeout=120,
                          cwd=empty)
    print(proc.stdout + proc.stderr)
    if proc.returncode == 0 or "no LLR file 'llr.f32'" not in proc.stderr or "-i FILE" not in proc.stderr:
        print("replay without arguments: expected the missing-file message")
        return 1
    code_name = "wimax:1152:2/3A"
    code = ldpcgpu.Code(code_name)
    frames = 37  # not a multiple of the batch size: the end of the file flushes a partial batch
    info = np.random.default_rng(5).integers(0, 2, (frames, code.k), dtype=np.uint8)
    llr = ldpcgpu.bpsk_awgn(code.encode(info), ldpcgpu.awgn_sigma(4.5, code.rate), seed=9)
    info_path = os.path.join(work, "info.u8")
    info.tofile(info_path)
    failures = 0
    for fmt, data in (("float", llr.astype(np.float32)), ("int8", ldpcgpu.quantize_i8(llr, 4.0))):
        llr_path, bits_path = os.path.join(work, "llr." + fmt), os.path.join(work, fmt + ".u8")
        data.tofile(llr_path)
        proc = subprocess.run([sys.executable, script, "-i", llr_path, "-o", bits_path,
                               "-c", code_name, "--format", fmt, "--iterations", "17",
                               "--reference", info_path],
                              capture_output=True, text=True, timeout=300)
        print(proc.stdout + proc.stderr)
        bits = np.fromfile(bits_path, dtype=np.uint8) if proc.returncode == 0 else np.zeros(0)
        errors = int(np.sum(bits != info.ravel())) if bits.size == info.size else -1
        print("replay %s: %d of %d frames out, %d bit errors" % (fmt, bits.size // code.k, frames, errors))
        summary = ["%d frames decoded" % frames, "max 17 iterations",
                   "0 of %d frames with information bit errors" % frames]
        missing = [s for s in summary if s not in proc.stdout]
        if missing:
            print("replay %s: the summary lacks %r" % (fmt, missing))
        failures += errors != 0 or bool(missing)
    return 0 if failures == 0 else 1


def run_bursts(name, out_dir, seconds):
    import numpy as np
    import pmt
    sys.path.insert(0, out_dir)
    module = importlib.import_module(name)
    tb = getattr(module, name)()
    tb.start()
    time.sleep(seconds)
    tb.stop()
    tb.wait()
    sent, decoded = tb.sent, tb.decoded
    # one path, in order: the decoded bursts are the first ones sent
    count = decoded.num_messages()
    mismatched, frames = 0, 0
    for i in range(count):
        meta, bits = pmt.car(decoded.get_message(i)), pmt.cdr(decoded.get_message(i))
        sent_bits = pmt.u8vector_elements(pmt.cdr(sent.get_message(i)))
        frames += pmt.to_long(pmt.dict_ref(meta, pmt.intern("ldpc_frames"), pmt.from_long(0)))
        if not np.array_equal(np.array(pmt.u8vector_elements(bits)), np.array(sent_bits)):
            mismatched += 1
    print("%s: %d bursts sent, %d decoded (%d frames, backend %s), %d differ from what was sent"
          % (name, sent.num_messages(), count, frames, tb.pdu_decoder.backend_name(), mismatched))
    return 0 if count >= 5 and mismatched == 0 else 1


def main():
    mode, grc = sys.argv[1], os.path.abspath(sys.argv[2])
    work = tempfile.mkdtemp(prefix="ldpcgpu_example_")
    try:
        if grc.endswith(".py"):  # a script example: run as it is
            return run_replay(grc, work)
        name, script = compile_grc(grc, work)
        if mode == "loopback":
            return run_loopback(script, float(sys.argv[3]))
        if mode == "bursts":
            return run_bursts(name, work, float(sys.argv[3]))
        return run_replay(script, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
