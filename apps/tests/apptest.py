"""Helpers for the ldpcgpu tool's tests: run the tool, check results, parse alist files.

The tests run the built executable (LDPCGPU_APP, set by ctest) and use only the standard
library. A check() that fails is counted and reported; finish() turns the count into the exit
code (0 pass, 1 fail; 77 = skip).
"""
import os
import subprocess
import sys
import tempfile

APP = os.environ.get("LDPCGPU_APP")
failures = 0


def require_app():
    if not APP or not os.path.exists(APP):
        print("FAIL: LDPCGPU_APP does not name the built ldpcgpu tool (run through ctest)")
        sys.exit(1)


def run(*args, stdin=None, check_rc=None):
    """Run `ldpcgpu args...`; returns (returncode, stdout, stderr) as text."""
    p = subprocess.run([APP, *map(str, args)], input=stdin, capture_output=True, timeout=600)
    out, err = p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    if check_rc is not None and p.returncode != check_rc:
        check(False, f"ldpcgpu {' '.join(map(str, args))}: exit {p.returncode}, "
                     f"expected {check_rc}\nstdout:\n{out}\nstderr:\n{err}")
    return p.returncode, out, err


def check(cond, what):
    global failures
    if not cond:
        failures += 1
        print(f"CHECK failed: {what}")
    return cond


def finish(name):
    if failures:
        print(f"{name}: {failures} check(s) FAILED")
        sys.exit(1)
    print(f"{name}: all checks passed")
    sys.exit(0)


def tempdir():
    return tempfile.TemporaryDirectory(prefix="ldpcgpu-apptest-")


def read_alist(path):
    """MacKay alist -> (n, m, rows) with rows[r] = sorted 0-based columns of check r."""
    with open(path) as f:
        nums = [int(x) for x in f.read().split()]
    n, m = nums[0], nums[1]
    pos = 4  # skip n m and the two maximum degrees
    col_deg = nums[pos:pos + n]
    pos += n
    row_deg = nums[pos:pos + m]
    pos += m
    max_col = nums[2]
    max_row = nums[3]
    cols = []
    for j in range(n):
        entries = nums[pos:pos + max_col]
        pos += max_col
        cols.append([e - 1 for e in entries[:col_deg[j]] if e > 0])
    rows = []
    for r in range(m):
        entries = nums[pos:pos + max_row]
        pos += max_row
        rows.append(sorted(e - 1 for e in entries[:row_deg[r]] if e > 0))
    return n, m, rows, cols


def unsatisfied_checks(rows, codeword):
    """Number of parity checks a codeword (sequence of 0/1) violates."""
    return sum(sum(codeword[j] for j in row) & 1 for row in rows)


def info_value(text, key):
    """Value after 'key:' in `ldpcgpu info` output, as a string."""
    for line in text.splitlines():
        if line.startswith(key + ":"):
            return line.split(":", 1)[1].strip()
    return None
