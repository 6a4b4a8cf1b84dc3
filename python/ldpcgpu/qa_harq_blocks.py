#!/usr/bin/env python3
"""QA for 5G NR HARQ soft combining in the decoder blocks (harq_buffers): the stream decoder
takes each frame's entry from tags on its first LLR, the PDU decoder from the PDU's metadata
(harq_buffer, rv, harq_first). One code block is sent twice over a channel where its first
transmission (rv 0) alone does not decode and rv 0 + rv 2 combined does; every result is checked
against the numpy decoder with HARQ buffers given the same frames in the same order."""
import os
import sys

import numpy as np
import pmt
from gnuradio import blocks, gr, gr_unittest

from gnuradio import ldpcgpu

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _qa_helpers import make_tag, run_pdu_decoder, run_stream_decoder, tags_by_key  # noqa: E402

NAME = "nr:500:1000"  # K 500, E 1000: rate 1/2 at rv 0 on base graph 2
# BPSK at Es/N0 0 dB (noise sigma 1): a rv 0 or rv 2 transmission alone does not decode (rate
# 1/2 needs about 1.5 dB more), the two combined (about rate 1/4) do; measured on 60 seeds
# with the numpy decoder: every one behaved so
SIGMA = 1.0
BUFFERS = 4
CPU = "cpu"


def code_blocks(code, count, seed):
    """count code blocks of NAME: K random bits, then the zero fillers up to k."""
    kp = int(NAME.split(":")[1])
    info = np.zeros((count, code.k), dtype=np.uint8)
    info[:, :kp] = np.random.default_rng(seed).integers(0, 2, (count, kp))
    return info


def transmit(code, info, rv, seed, sigma=SIGMA):
    """The E LLRs (float32, positive = 0) received of each code block sent with rv."""
    tx = ldpcgpu.nr_rate_match(code, code.encode(info), rv=rv)
    rng = np.random.default_rng(seed)
    y = np.where(tx == 0, 1.0, -1.0) + rng.normal(0, sigma, tx.shape)
    return (2 / sigma ** 2 * y).astype(np.float32)


def numpy_reference(code, frames, entries):
    """What the numpy decoder with HARQ buffers returns for frames (E LLRs each) decoded one
    after another with entries (buffer, rv, first): (bits [frames, k], iterations)."""
    dec = ldpcgpu.Decoder(code, backend=CPU, rate_matched=True, harq_buffers=BUFFERS)
    bits, iterations = [], []
    for llr, (buffer, rv, first) in zip(frames, entries):
        b, it, _ = dec.decode(llr[None, :], buffers=buffer, rv=rv, first=first)
        bits.append(b[0])
        iterations.append(int(it[0]))
    return np.array(bits), iterations


def harq_tags(offset, buffer=None, rv=None, first=None):
    """Stream tags of one frame's HARQ entry on its first LLR (offset); None: no such tag."""
    tags = []
    for key, value in (("harq_buffer", buffer), ("rv", rv), ("harq_first", first)):
        if value is not None:
            tags.append(make_tag(offset, key, value if isinstance(value, pmt.pmt_base)
                                 else pmt.to_pmt(value)))
    return tags


def stream_decode(code, frames, tags, **kwargs):
    """frames (E LLRs each) with tags through a HARQ stream decoder: (bits [frames, k],
    iterations, output tags, the block)."""
    kwargs.setdefault("harq_buffers", BUFFERS)
    dec = ldpcgpu.ldpc_decoder(NAME, backend=CPU, rate_matched=True, frame_tags="all", **kwargs)
    out, out_tags = run_stream_decoder(dec, np.array(frames), tags)
    iterations = [r["iterations"] for r in ldpcgpu.frame_results(out_tags)]
    return out.reshape(-1, code.k), iterations, out_tags, dec


class qa_harq_blocks(gr_unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.code = ldpcgpu.Code(NAME)
        cls.e = int(NAME.split(":")[2])  # LLRs a frame

    def assert_numpy(self, frames, entries, bits, iterations):
        want_bits, want_iterations = numpy_reference(self.code, frames, entries)
        self.assertTrue(np.array_equal(bits, want_bits))
        self.assertEqual(list(iterations), want_iterations)

    # ---- the stream decoder: entries from tags on a frame's first LLR

    def test_stream_combining(self):
        """rv 0 alone fails, rv 0 + rv 2 in buffer 3 decodes, + rv 3 and rv 1 still decode: in
        batches of 1 frame and of 8 (the block then sends a batch early rather than name buffer
        3 twice in one)."""
        code, e = self.code, self.e
        info = code_blocks(code, 1, seed=3)
        rvs = (0, 2, 3, 1)
        frames = [transmit(code, info, rv, seed=10 + rv)[0] for rv in rvs]
        entries = [(3, rv, int(i == 0)) for i, rv in enumerate(rvs)]
        tags = []
        for i, (buffer, rv, first) in enumerate(entries):
            tags += harq_tags(i * e, buffer, rv, True if first else None)
        for batch_frames in (1, 8):
            bits, iterations, out_tags, dec = stream_decode(code, frames, tags,
                                                            batch_frames=batch_frames)
            self.assertEqual(bits.shape, (4, code.k))
            self.assertFalse(np.array_equal(bits[0], info[0]), "rv 0 alone decoded")
            for f in range(1, 4):
                self.assertTrue(np.array_equal(bits[f], info[0]), f)
            self.assert_numpy(frames, entries, bits, iterations)
            # the entries come out with each frame's bits
            k = code.k
            self.assertEqual(tags_by_key(out_tags, "harq_buffer"), [(f * k, 3) for f in range(4)])
            self.assertEqual(tags_by_key(out_tags, "rv"), [(f * k, rv) for f, rv in enumerate(rvs)])
            self.assertEqual(tags_by_key(out_tags, "harq_first"), [(0, True)])
            self.assertEqual(tags_by_key(out_tags, "harq_error"), [])
            self.assertEqual((dec.harq_buffers(), dec.harq_errors(), dec.frames_decoded()),
                             (BUFFERS, 0, 4))
        # without the tags the rv 2 frame decodes alone, as rv 0 (the code's): no bits
        bits, _, _, _ = stream_decode(code, frames[:2], [])
        self.assertFalse(np.array_equal(bits[1], info[0]))

    def test_stream_int8_combining(self):
        """int8 LLRs combine the same way (as integers, clamped when decoded): the numpy
        decoder's results for the same int8 frames."""
        code, e = self.code, self.e
        info = code_blocks(code, 1, seed=4)
        scale = ldpcgpu.default_int8_scale()
        frames = [ldpcgpu.quantize_i8(transmit(code, info, rv, seed=20 + rv), scale)[0]
                  for rv in (0, 2)]
        entries = [(1, 0, 1), (1, 2, 0)]
        tags = harq_tags(0, 1, 0, True) + harq_tags(e, 1, 2)
        bits, iterations, _, _ = stream_decode(code, frames, tags, input_type="int8",
                                               msg_format="float")
        self.assertFalse(np.array_equal(bits[0], info[0]))
        self.assertTrue(np.array_equal(bits[1], info[0]))
        self.assert_numpy(frames, entries, bits, iterations)

    def test_stream_first_restarts_the_buffer(self):
        """A buffer that held code block A: block B's first transmission with harq_first
        restarts it (B then combines with its rv 2 and decodes); without harq_first B's rv 0
        adds to A's values and comes out otherwise."""
        code, e = self.code, self.e
        info = code_blocks(code, 2, seed=5)
        a0 = transmit(code, info[:1], 0, seed=30)[0]
        b0, b2 = (transmit(code, info[1:], rv, seed=31 + rv)[0] for rv in (0, 2))
        frames = [a0, b0, b2]
        results = {}
        for first in (True, None):
            entries = [(0, 0, 1), (0, 0, int(bool(first))), (0, 2, 0)]
            tags = harq_tags(0, 0, 0, True) + harq_tags(e, 0, 0, first) + harq_tags(2 * e, 0, 2)
            bits, iterations, _, _ = stream_decode(code, frames, tags)
            self.assert_numpy(frames, entries, bits, iterations)
            results[first] = (bits, iterations)
        restarted, added = results[True], results[None]
        self.assertTrue(np.array_equal(restarted[0][2], info[1]))
        self.assertTrue(not np.array_equal(restarted[0][1], added[0][1]) or
                        restarted[1][1] != added[1][1])
        # restarted, B's rv 0 decodes as it would alone
        alone, alone_it = numpy_reference(code, [b0], [(-1, 0, 0)])
        self.assertTrue(np.array_equal(restarted[0][1], alone[0]))
        self.assertEqual(restarted[1][1], alone_it[0])

    def test_stream_two_buffers_interleaved(self):
        """Two code blocks' transmissions interleaved in one stream (A rv 0, B rv 0, A rv 2, B rv
        2, in buffers 1 and 2) stay apart: both decode after their second transmission."""
        code, e = self.code, self.e
        info = code_blocks(code, 2, seed=6)
        frames, entries, tags = [], [], []
        for i, (block, rv) in enumerate(((0, 0), (1, 0), (0, 2), (1, 2))):
            frames.append(transmit(code, info[block:block + 1], rv, seed=40 + i)[0])
            entries.append((block + 1, rv, int(rv == 0)))
            tags += harq_tags(i * e, block + 1, rv, rv == 0)
        for batch_frames in (2, 8):
            bits, iterations, _, _ = stream_decode(code, frames, tags, batch_frames=batch_frames)
            self.assertFalse(np.array_equal(bits[0], info[0]))
            self.assertFalse(np.array_equal(bits[1], info[1]))
            self.assertTrue(np.array_equal(bits[2], info[0]))
            self.assertTrue(np.array_equal(bits[3], info[1]))
            self.assert_numpy(frames, entries, bits, iterations)

    def test_stream_trickling_input(self):
        """Input a few hundred LLRs at a time and output a few bytes at a time, batches of 4
        with 2 in flight: four code blocks' transmissions (rv 0, 2, 3, 1 each, the blocks in
        another order each round) still combine as the numpy decoder combines them, one output
        frame per input frame, in order."""
        code, e = self.code, self.e
        info = code_blocks(code, 4, seed=15)
        rng = np.random.default_rng(15)
        frames, entries, tags, sent = [], [], [], []
        for rv in (0, 2, 3, 1):
            for block in rng.permutation(4):
                f = len(frames)
                frames.append(transmit(code, info[block:block + 1], rv, seed=110 + f)[0])
                entries.append((int(block), rv, int(rv == 0)))
                tags += harq_tags(f * e, int(block), rv, True if rv == 0 else None)
                sent.append(int(block))
        tb = gr.top_block()
        src = blocks.vector_source_f(np.ravel(frames).tolist(), False, 1, tags)
        # the trickle: a copy block (GNU Radio 3.10.5's vector source with tags and a small
        # set_max_noutput_items stalls a consumer of 1000-item frames, this module's or not)
        trickle = blocks.copy(gr.sizeof_float)
        trickle.set_max_noutput_items(e // 3 + 7)
        dec = ldpcgpu.ldpc_decoder(NAME, backend=CPU, rate_matched=True, harq_buffers=BUFFERS,
                                   frame_tags="all", batch_frames=4, batches_in_flight=2)
        slow = blocks.copy(gr.sizeof_char)
        slow.set_max_noutput_items(37)
        snk = blocks.vector_sink_b()
        tb.connect(src, trickle, dec, slow, snk)
        tb.run()
        bits = np.array(snk.data(), dtype=np.uint8).reshape(-1, code.k)
        iterations = [r["iterations"] for r in ldpcgpu.frame_results(snk.tags())]
        self.assertEqual(bits.shape[0], len(frames))
        self.assert_numpy(frames, entries, bits, iterations)
        # from the second round on, every block decodes
        for f in range(4, len(frames)):
            self.assertTrue(np.array_equal(bits[f], info[sent[f]]), f)

    def test_stream_untagged_frames_unchanged(self):
        """Frames without a harq_buffer tag decode alone, as on a decoder without HARQ
        buffers (the same bits and iterations), also between tagged frames; an rv tag alone
        gives the frame's rv."""
        code, e = self.code, self.e
        info = code_blocks(code, 6, seed=7)
        plain = list(transmit(code, info, 0, seed=50, sigma=0.75))  # most decode
        bits0, it0, _, _ = stream_decode(code, plain, [], harq_buffers=0, batch_frames=4)
        bits, it, _, dec = stream_decode(code, plain, [], batch_frames=4)
        self.assertTrue(np.array_equal(bits, bits0))
        self.assertEqual(it, it0)
        self.assertGreaterEqual(sum(np.array_equal(b, i) for b, i in zip(bits0, info)), 3)
        # tagged frames in between (buffer 0), and a frame sent with rv 2 tagged only with rv
        blocks_ = code_blocks(code, 1, seed=8)
        c0, c2 = (transmit(code, blocks_, rv, seed=60 + rv)[0] for rv in (0, 2))
        # rv 3 (unlike rv 2) sends most systematic bits: it decodes alone
        rv3_alone = transmit(code, info[5:6], 3, seed=62, sigma=0.6)[0]
        frames = [plain[0], c0, plain[1], plain[2], c2, plain[3], rv3_alone]
        tags = harq_tags(e, 0, 0, True) + harq_tags(4 * e, 0, 2) + harq_tags(6 * e, rv=3)
        bits, it, _, dec = stream_decode(code, frames, tags, batch_frames=4)
        for f, p in ((0, 0), (2, 1), (3, 2), (5, 3)):
            self.assertTrue(np.array_equal(bits[f], bits0[p]), f)
            self.assertEqual(it[f], it0[p], f)
        self.assertTrue(np.array_equal(bits[4], blocks_[0]))
        self.assertTrue(np.array_equal(bits[6], info[5]))
        entries = [(-1, 0, 0), (0, 0, 1), (-1, 0, 0), (-1, 0, 0), (0, 2, 0), (-1, 0, 0), (-1, 3, 0)]
        self.assert_numpy(frames, entries, bits, it)
        self.assertEqual(dec.harq_errors(), 0)

    def test_stream_bad_entries(self):
        """A bad entry touches no buffer: its frame decodes alone (with its rv if valid, else
        the code's), its output carries harq_error, harq_errors() counts it; the frames around
        it are as without it, one output frame each, in order."""
        code, e = self.code, self.e
        info = code_blocks(code, 1, seed=9)
        x0, x2 = (transmit(code, info, rv, seed=70 + rv)[0] for rv in (0, 2))
        other = transmit(code, code_blocks(code, 1, seed=10), 2, seed=72)[0]
        # (tags of the bad frame at its offset e, the rv it then decodes with)
        bad_cases = {
            "buffer out of range": (harq_tags(e, BUFFERS, 2), 2),
            "negative buffer": (harq_tags(e, -2, 2), 2),
            "buffer not a number": (harq_tags(e, pmt.intern("x"), 2), 2),
            "buffer a real": (harq_tags(e, pmt.from_double(1.0), 2), 2),
            "rv out of range": (harq_tags(e, 0, 4), 0),
            "rv a string": (harq_tags(e, 0, pmt.intern("2")), 0),
            "first not a bool": (harq_tags(e, 0, 2, pmt.intern("yes")), 2),
            "first 2": (harq_tags(e, 0, 2, 2), 2),
            "buffer twice": (harq_tags(e, 0, 2) + [make_tag(e, "harq_buffer", pmt.from_long(1))], 2),
            "tag inside the frame": (harq_tags(e, rv=2) + harq_tags(e + 7, 0), 2),
        }
        frames = [x0, other, x2]
        want_bits, want_it = numpy_reference(code, frames, [(0, 0, 1), (-1, 0, 0), (0, 2, 0)])
        for case, (bad_tags, rv) in bad_cases.items():
            tags = harq_tags(0, 0, 0, True) + bad_tags + harq_tags(2 * e, 0, 2)
            bits, iterations, out_tags, dec = stream_decode(code, frames, tags)
            self.assertEqual(bits.shape, (3, code.k), case)
            alone, alone_it = numpy_reference(code, [other], [(-1, rv, 0)])
            self.assertTrue(np.array_equal(bits[1], alone[0]), case)
            self.assertEqual(iterations[1], alone_it[0], case)
            # buffer 0 untouched by the bad frame: rv 0 + rv 2 as without it
            self.assertTrue(np.array_equal(bits[2], info[0]), case)
            self.assertTrue(np.array_equal(bits[2], want_bits[2]), case)
            self.assertEqual(iterations[2], want_it[2], case)
            errors = tags_by_key(out_tags, "harq_error")
            self.assertEqual([o for o, _ in errors], [code.k], case)
            self.assertIsInstance(errors[0][1], str)
            self.assertEqual(dec.harq_errors(), 1, case)

    def test_refused_settings(self):
        """harq_buffers needs one rate-matched NR code: refused without rate_matched, on another
        code, with a code tag, and out of range (ValueError)."""
        for kw in ({"code": NAME, "harq_buffers": 2},
                   {"code": "wimax:576:1/2", "harq_buffers": 2},
                   {"code": NAME, "rate_matched": True, "harq_buffers": -1},
                   {"code": NAME, "rate_matched": True, "harq_buffers": 2, "code_tag": "code",
                    "codes": ["nr:600:1200"]}):
            kw = dict(kw)
            with self.assertRaises(ValueError, msg=str(kw)):
                ldpcgpu.ldpc_decoder(kw.pop("code"), backend=CPU, **kw)
        for kw in ({"harq_buffers": 2}, {"rate_matched": True, "harq_buffers": -1}):
            with self.assertRaises(ValueError, msg=str(kw)):
                ldpcgpu.ldpc_pdu_decoder(NAME, backend=CPU, **kw)
        self.assertEqual(ldpcgpu.ldpc_decoder(NAME, backend=CPU, rate_matched=True).harq_buffers(), 0)

    # ---- the PDU decoder: entries from the metadata

    def pdu_decode(self, pdus, **kwargs):
        kwargs.setdefault("harq_buffers", BUFFERS)
        dec = ldpcgpu.ldpc_pdu_decoder(NAME, backend=CPU, rate_matched=True, **kwargs)
        out = run_pdu_decoder(dec, pdus)
        self.assertEqual(len(out), len(pdus))
        results = []
        for msg in out:
            # the keys read here (pmt.to_python cannot convert an s64vector of the input's)
            meta = {}
            for key in ("harq_buffer", "rv", "harq_error", "ldpc_frame_iterations"):
                value = pmt.dict_ref(pmt.car(msg), pmt.intern(key), pmt.PMT_NIL)
                if not pmt.is_null(value) and not pmt.is_s64vector(value):
                    meta[key] = pmt.to_python(value)
            bits = np.array(pmt.u8vector_elements(pmt.cdr(msg)), dtype=np.uint8)
            results.append((meta, bits.reshape(-1, self.code.k),
                            [int(i) for i in meta["ldpc_frame_iterations"]]))
        return results, dec

    @staticmethod
    def pdu(frames, **meta):
        d = pmt.make_dict()
        for key, value in meta.items():
            d = pmt.dict_add(d, pmt.intern(key), value if isinstance(value, pmt.pmt_base)
                             else pmt.to_pmt(value))
        return pmt.cons(d, pmt.init_f32vector(len(np.ravel(frames)), np.ravel(frames).tolist()))

    def test_pdu_combining(self):
        """One frame a PDU: rv 0 alone fails, + rv 2 (buffer 3) decodes; the metadata is kept;
        the numpy decoder's bits and iterations."""
        code = self.code
        info = code_blocks(code, 1, seed=11)
        x0, x2 = (transmit(code, info, rv, seed=80 + rv)[0] for rv in (0, 2))
        results, dec = self.pdu_decode([self.pdu(x0, harq_buffer=3, rv=0, harq_first=True),
                                        self.pdu(x2, harq_buffer=3, rv=2)])
        (m0, b0, i0), (m1, b1, i1) = results
        self.assertFalse(np.array_equal(b0[0], info[0]))
        self.assertTrue(np.array_equal(b1[0], info[0]))
        self.assert_numpy([x0, x2], [(3, 0, 1), (3, 2, 0)], np.vstack([b0, b1]), i0 + i1)
        self.assertEqual((m1["harq_buffer"], m1["rv"]), (3, 2))
        self.assertNotIn("harq_error", m1)
        self.assertEqual(dec.harq_errors(), 0)
        # the same PDUs on a decoder without HARQ buffers: the second decodes alone, as rv 0
        results, _ = self.pdu_decode([self.pdu(x0, harq_buffer=3, rv=0, harq_first=True),
                                      self.pdu(x2, harq_buffer=3, rv=2)], harq_buffers=0)
        self.assertFalse(np.array_equal(results[1][1][0], info[0]))

    def test_pdu_vectors_of_entries(self):
        """One PDU of four frames, entries as vectors of one per frame: A rv 0, B rv 0, A rv 2,
        B rv 2 into buffers 1, 2, 1, 2 (a buffer twice in a PDU combines in frame order); a
        second PDU without keys decodes alone, as on a decoder without HARQ buffers; a third
        restarts buffer 1 (harq_first) with B's rv 0: as B's rv 0 alone."""
        code = self.code
        info = code_blocks(code, 2, seed=12)
        frames = [transmit(code, info[b:b + 1], rv, seed=90 + i)[0]
                  for i, (b, rv) in enumerate(((0, 0), (1, 0), (0, 2), (1, 2)))]
        entries = [(1, 0, 1), (2, 0, 1), (1, 2, 0), (2, 2, 0)]
        meta = {"harq_buffer": pmt.init_s32vector(4, [1, 2, 1, 2]),
                "rv": pmt.init_s64vector(4, [0, 0, 2, 2]),
                "harq_first": pmt.init_u8vector(4, [1, 1, 0, 0])}
        plain = transmit(code, info, 0, seed=99, sigma=0.75)
        results, dec = self.pdu_decode([self.pdu(np.array(frames), **meta), self.pdu(plain),
                                        self.pdu(frames[1], harq_buffer=1, rv=0, harq_first=True)])
        (_, bits, iterations), (_, plain_bits, plain_it), (_, restart_bits, restart_it) = results
        self.assertTrue(np.array_equal(bits[2], info[0]))
        self.assertTrue(np.array_equal(bits[3], info[1]))
        self.assertFalse(np.array_equal(bits[0], info[0]))
        self.assert_numpy(frames, entries, bits, iterations)
        ref, _ = self.pdu_decode([self.pdu(plain)], harq_buffers=0)
        self.assertTrue(np.array_equal(plain_bits, ref[0][1]))
        self.assertEqual(plain_it, ref[0][2])
        self.assertTrue(np.array_equal(restart_bits, bits[1:2]))  # B's rv 0 alone, as frame 1
        self.assertEqual(restart_it, iterations[1:2])

    def test_pdu_bad_entries(self):
        """A bad value decodes its frame alone without touching a buffer; harq_error in the
        output metadata names the frame; every frame still comes out."""
        code = self.code
        info = code_blocks(code, 1, seed=13)
        x0, x2 = (transmit(code, info, rv, seed=100 + rv)[0] for rv in (0, 2))
        other = transmit(code, code_blocks(code, 2, seed=14), 2, seed=102)
        bad = [({"harq_buffer": BUFFERS, "rv": 2}, [2, 2]),
               ({"harq_buffer": pmt.init_s32vector(3, [0, 1, 2]), "rv": 2}, [2, 2]),
               ({"harq_buffer": pmt.intern("one"), "rv": 2}, [2, 2]),
               ({"harq_buffer": pmt.init_s32vector(2, [1, 0]), "rv": pmt.init_s32vector(2, [2, 7])},
                None)]
        want_x2, want_x2_it = numpy_reference(code, [x0, x2], [(0, 0, 1), (0, 2, 0)])
        for meta, rvs in bad:
            results, dec = self.pdu_decode([self.pdu(x0, harq_buffer=0, rv=0, harq_first=True),
                                            self.pdu(other, **meta),
                                            self.pdu(x2, harq_buffer=0, rv=2)])
            (_, _, _), (m1, b1, i1), (_, b2, i2) = results
            self.assertIn("harq_error", m1, meta)
            if rvs is None:  # frame 0 fine (buffer 1, rv 2), frame 1 (buffer 0) bad rv: alone, rv 0
                self.assertIn("frame 1", m1["harq_error"])
                self.assertNotIn("frame 0", m1["harq_error"])
                self.assertEqual(dec.harq_errors(), 1)
                want, want_it = numpy_reference(code, [other[0], other[1]], [(1, 2, 0), (-1, 0, 0)])
            else:
                self.assertEqual(dec.harq_errors(), 2, meta)
                want, want_it = numpy_reference(code, list(other), [(-1, rv, 0) for rv in rvs])
            self.assertTrue(np.array_equal(b1, want), meta)
            self.assertEqual(i1, want_it, meta)
            # buffer 0 untouched: rv 0 + rv 2 as without the bad PDU
            self.assertTrue(np.array_equal(b2[0], info[0]), meta)
            self.assertTrue(np.array_equal(b2[0], want_x2[1]), meta)
            self.assertEqual(i2[0], want_x2_it[1], meta)


if __name__ == "__main__":
    gr_unittest.run(qa_harq_blocks)
