#!/usr/bin/env python3
"""QA for the streaming ldpc_encoder block: codewords satisfy H, agree with the numpy API and
with GNU Radio's own gr-dtv LDPC encoder, packed formats, tags, standard codes."""
import os
import sys

import numpy as np
import pmt
from gnuradio import blocks, gr, gr_unittest

from gnuradio import ldpcgpu

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _qa_helpers import make_tag, random_info, random_regular_alist, standard_code, tags_by_key, temp_dir  # noqa: E402


def run_encoder(enc, data, tags=()):
    tb = gr.top_block()
    src = blocks.vector_source_b(np.asarray(data, np.uint8).ravel().tolist(), False, 1, list(tags))
    snk = blocks.vector_sink_b()
    tb.connect(src, enc, snk)
    tb.run()
    return np.array(snk.data(), dtype=np.uint8), snk.tags()


class qa_ldpc_encoder(gr_unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.alist_name = "alist:" + random_regular_alist(temp_dir())
        cls.alist_code = ldpcgpu.Code(cls.alist_name)

    def check_code(self, name, frames):
        code = ldpcgpu.Code(name)
        info = random_info(code, frames, seed=frames)
        enc = ldpcgpu.ldpc_encoder(name)
        out, _ = run_encoder(enc, info)
        self.assertEqual(out.size, frames * code.n)
        cw = out.reshape(frames, code.n)
        self.assertTrue(np.all(code.syndrome_weight(cw) == 0), name)
        self.assertTrue(np.array_equal(cw[:, code.info_positions], info), name)
        self.assertTrue(np.array_equal(cw, code.encode(info)), name)
        self.assertEqual(enc.frames_encoded(), frames)
        return code, info, cw

    def test_alist_code(self):
        self.check_code(self.alist_name, 9)

    def test_standard_codes(self):
        names = ["wimax:576:1/2", "wimax:2304:5/6", "wifi:648:1/2", "wifi:1944:3/4",
                 "dvbt2:16200:3/5", "dvbs2:16200:1/4"]
        present = [n for n in names if standard_code(n) is not None]
        if not present:
            self.skipTest("no standard codes in this build's core yet")
        for name in present:
            code, info, cw = self.check_code(name, 3)
            self.assertTrue(code.info_is_prefix)
            self.assertTrue(np.array_equal(cw[:, : code.k], info))

    def test_matches_gr_dtv_encoder(self):
        # GNU Radio's own DVB-T2 LDPC encoder (gr-dtv) must produce the same codewords
        try:
            from gnuradio import dtv
        except ImportError:
            self.skipTest("gr-dtv is not installed")
        cases = [("dvbt2:16200:1/2", dtv.FECFRAME_SHORT, dtv.C1_2),
                 ("dvbt2:16200:3/4", dtv.FECFRAME_SHORT, dtv.C3_4)]
        tested = 0
        for name, framesize, rate in cases:
            code = standard_code(name)
            if code is None:
                continue
            info = random_info(code, 2, seed=21)
            theirs = dtv.dvb_ldpc_bb(dtv.STANDARD_DVBT2, framesize, rate, dtv.MOD_OTHER)
            ref, _ = run_encoder(theirs, info)
            ours, _ = run_encoder(ldpcgpu.ldpc_encoder(name), info)
            self.assertEqual(ref.size, 2 * code.n, name)
            self.assertTrue(np.array_equal(ours, ref), name)
            tested += 1
        if not tested:
            self.skipTest("no DVB-T2 codes in this build's core yet")

    def test_packed_input_and_output(self):
        code = self.alist_code
        frames = 5
        info = random_info(code, frames, seed=2)
        cw = code.encode(info)
        packed_info = np.packbits(info, axis=1)
        for packed_in, packed_out in [(True, False), (False, True), (True, True)]:
            enc = ldpcgpu.ldpc_encoder(self.alist_name, packed_in, packed_out)
            data = packed_info if packed_in else info
            self.assertEqual(enc.input_items_per_frame(), data.shape[1])
            out, _ = run_encoder(enc, data)
            expect = np.packbits(cw, axis=1) if packed_out else cw
            self.assertEqual(enc.output_items_per_frame(), expect.shape[1])
            self.assertTrue(np.array_equal(out.reshape(expect.shape), expect))

    def test_partial_frame_not_encoded_and_tags(self):
        code = self.alist_code
        info = random_info(code, 3, seed=4)
        data = np.concatenate([info.ravel(), info[0, :10]])  # 3 frames and a stub
        tags = [make_tag(code.k, "frame", pmt.from_long(1))]
        out, out_tags = run_encoder(ldpcgpu.ldpc_encoder(self.alist_name), data, tags)
        self.assertEqual(out.size, 3 * code.n)
        self.assertEqual(tags_by_key(out_tags, "frame"), [(code.n, 1)])

    def test_unknown_code(self):
        with self.assertRaises(RuntimeError):
            ldpcgpu.ldpc_encoder("wimax:577:1/2")


if __name__ == "__main__":
    gr_unittest.run(qa_ldpc_encoder)
