#!/usr/bin/env python3
"""QA for apps/ldpcgpu-flowgraph-bench: a short run on a small code must time every case and
pass its own checks (the decoder block decodes every frame, with the same iterations and parity
results as the decoder alone)."""
import os
import subprocess
import sys

from gnuradio import gr_unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _qa_helpers import random_regular_alist, temp_dir  # noqa: E402

BENCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "apps",
                     "ldpcgpu-flowgraph-bench")


class qa_flowgraph_bench(gr_unittest.TestCase):

    def test_short_run(self):
        code = "alist:" + random_regular_alist(temp_dir())
        proc = subprocess.run(
            [sys.executable, BENCH, "--codes", code, "--frames", "300", "--repeat", "2",
             "--backend", "cpu", "--ebn0", "4"],
            capture_output=True, text=True, timeout=300)
        print(proc.stdout + proc.stderr)
        self.assertEqual(proc.returncode, 0)
        self.assertNotIn("CHECK FAILED", proc.stdout)
        rows = [line for line in proc.stdout.splitlines() if line.startswith("| alist:")]
        # float and int8, early termination on and off
        self.assertEqual(len(rows), 4)
        for row in rows:
            cells = [c.strip() for c in row.strip("|").split("|")]
            self.assertEqual(cells[3], "300")  # frames
            overhead = float(cells[9].split()[0])
            self.assertTrue(-100.0 < overhead < 1e6)


if __name__ == "__main__":
    gr_unittest.run(qa_flowgraph_bench)
