#!/usr/bin/env python3
"""QA for the streaming ldpc_decoder block: loopbacks through GNU Radio's own modulation blocks,
tags, sign and LLR type options, batching and end of stream, alignment, backend fallback."""
import contextlib
import os
import sys
import tempfile

import numpy as np
import pmt
from gnuradio import analog, blocks, digital, gr, gr_unittest

from gnuradio import ldpcgpu

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _qa_helpers import (make_tag, noiseless_llr, nr_received, random_info,  # noqa: E402
                         random_regular_alist, run_stream_decoder, standard_code, tags_by_key,
                         temp_dir)

WIMAX = "wimax:576:1/2"


@contextlib.contextmanager
def captured_stderr():
    """What C++ (GNU Radio's logger: its console sink writes to standard output) writes to file
    descriptors 1 and 2 inside the block: a list that holds the text once the block ends."""
    text = []
    sys.stdout.flush()
    sys.stderr.flush()
    saved = {fd: os.dup(fd) for fd in (1, 2)}
    with tempfile.TemporaryFile() as f:
        for fd in saved:
            os.dup2(f.fileno(), fd)
        try:
            yield text
        finally:
            for fd, copy in saved.items():
                os.dup2(copy, fd)
                os.close(copy)
            f.seek(0)
            text.append(f.read().decode(errors="replace"))


def iterations_of(tags):
    """(frame offset, iterations) of every frame, from the decoder's result tags in any
    frame_tags mode (ldpcgpu.frame_results)."""
    return [(r["offset"], r["iterations"]) for r in ldpcgpu.frame_results(tags)]


def parity_of(tags):
    return [(r["offset"], r["parity_ok"]) for r in ldpcgpu.frame_results(tags)]


class qa_ldpc_decoder(gr_unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.alist = random_regular_alist(temp_dir())
        cls.alist_name = "alist:" + cls.alist
        cls.alist_code = ldpcgpu.Code(cls.alist_name)
        cls.wimax = standard_code(WIMAX)

    def require_wimax(self):
        if self.wimax is None:
            self.skipTest(WIMAX + " is not in this build's core yet")
        return self.wimax

    # ---- loopbacks through gr-digital: encoder -> mapper -> noise -> soft demapper -> decoder

    def loopback(self, code_name, constellation, frames, ebn0_db, seed, **decoder_args):
        code = ldpcgpu.Code(code_name)
        info = random_info(code, frames, seed)
        bps = constellation.bits_per_symbol()
        es = np.mean(np.abs(np.array(constellation.points())) ** 2)
        esn0 = 10 ** (ebn0_db / 10) * code.rate * bps
        noise_voltage = np.sqrt(es / esn0)  # complex noise of power N0
        tb = gr.top_block()
        src = blocks.vector_source_b(info.ravel().tolist())
        enc = ldpcgpu.ldpc_encoder(code_name)
        pack = blocks.repack_bits_bb(1, bps, "", False, gr.GR_MSB_FIRST)
        mapper = digital.constellation_encoder_bc(constellation)
        # complex AWGN added sample by sample (channels.channel_model would also resample and
        # so shorten the stream by its filter delay)
        noise = analog.noise_source_c(analog.GR_GAUSSIAN, float(noise_voltage), seed)
        chan = blocks.add_cc()
        demapper = digital.constellation_soft_decoder_cf(constellation)
        # gr-digital's soft decisions are positive for bit 1 (gr-fec's convention)
        dec = ldpcgpu.ldpc_decoder(code_name, llr_positive_is_one=True, **decoder_args)
        snk = blocks.vector_sink_b()
        tb.connect(src, enc, pack, mapper, (chan, 0))
        tb.connect(noise, (chan, 1))
        tb.connect(chan, demapper, dec, snk)
        tb.run()
        out = np.array(snk.data(), dtype=np.uint8)
        self.last_tags = snk.tags()
        return info, out, dec

    def test_loopback_bpsk_awgn_wimax(self):
        self.require_wimax()
        info, out, dec = self.loopback(WIMAX, digital.constellation_bpsk().base(), 24, 6.0, 11,
                                       batch_frames=4)
        self.assertEqual(out.size, info.size)
        self.assertTrue(np.array_equal(out.reshape(info.shape), info))
        self.assertEqual(dec.frames_decoded(), 24)
        self.assertEqual(dec.frames_parity_failed(), 0)
        # the noise really was there: the decoder had to iterate on some frames
        self.assertGreater(dec.average_iterations(), 1.0)

    def test_loopback_qpsk_awgn_wimax(self):
        self.require_wimax()
        info, out, dec = self.loopback(WIMAX, digital.constellation_qpsk().base(), 24, 6.0, 12,
                                       batch_frames=5, batches_in_flight=2)
        self.assertTrue(np.array_equal(out.reshape(info.shape), info))
        self.assertEqual(dec.frames_parity_failed(), 0)

    def test_loopback_qpsk_alist(self):
        info, out, dec = self.loopback(self.alist_name, digital.constellation_qpsk().base(), 20,
                                       9.0, 13, algorithm="sum-product", max_iterations=30)
        self.assertTrue(np.array_equal(out.reshape(info.shape), info))

    # ---- output formats, LLR types, sign

    def encoded(self, code, frames, seed=3):
        info = random_info(code, frames, seed)
        return info, code.encode(info)

    def test_nr_rate_matched_and_crc_stop(self):
        """rate_matched: a stream of E received LLRs per frame of an nr:K:E code (encoded and
        rate-matched by the core, BPSK over AWGN) decodes to the sent bits, with one result per
        frame as for other codes (the numpy decoder's iterations); crc_stop: fewer iterations
        in the tags, the same bits."""
        name = "nr:1000:3000:rv0:qm2"
        code, info, kp, llr = nr_received(name, 24, 1.5, seed=9)
        e = llr.shape[1]
        want = ldpcgpu.Decoder(code, backend="cpu", rate_matched=True).decode(llr)[1]
        iterations = {}
        for crc_stop in ("none", "crc24b"):
            dec = ldpcgpu.ldpc_decoder(name, backend="cpu", batch_frames=5, rate_matched=True,
                                       crc_stop=crc_stop)
            self.assertEqual((dec.input_items_per_frame(), dec.n(), dec.k()), (e, code.n, code.k))
            out, tags = run_stream_decoder(dec, llr)
            self.assertTrue(np.array_equal(out, info.ravel()), crc_stop)  # K' bits, fillers 0
            results = ldpcgpu.frame_results(tags)
            self.assertEqual([r["offset"] for r in results], [f * code.k for f in range(24)])
            iterations[crc_stop] = np.array([r["iterations"] for r in results])
            if crc_stop == "none":
                self.assertTrue(all(r["parity_ok"] for r in results))
            self.assertEqual(dec.frames_decoded(), 24)
        self.assertEqual(list(iterations["none"]), list(want))
        self.assertTrue(np.all(iterations["crc24b"] <= iterations["none"]))
        self.assertLess(iterations["crc24b"].sum(), iterations["none"].sum())
        # int8 input of the same frames: the block's input multiple is E bytes
        q = ldpcgpu.quantize_i8(llr, ldpcgpu.default_int8_scale())
        dec = ldpcgpu.ldpc_decoder(name, input_type="int8", msg_format="int16", backend="cpu",
                                   rate_matched=True)
        out, _ = run_stream_decoder(dec, q)
        self.assertTrue(np.array_equal(out, info.ravel()))
        # refused: rate_matched on a code that is not nr:K:E, crc_stop off NR, unknown names
        for bad in ({"code": WIMAX, "rate_matched": True}, {"code": "nr:bg1:z8", "rate_matched": True},
                    {"code": WIMAX, "crc_stop": "crc24a"}, {"code": name, "crc_stop": "crc"}):
            kw = dict(bad)
            with self.assertRaises(ValueError, msg=str(bad)):
                ldpcgpu.ldpc_decoder(kw.pop("code"), backend="cpu", **kw)

    def test_codeword_and_packed_output(self):
        code = self.alist_code
        info, cw = self.encoded(code, 7)
        llr = noiseless_llr(cw)
        out, _ = run_stream_decoder(ldpcgpu.ldpc_decoder(self.alist_name, output_codeword=True), llr)
        self.assertTrue(np.array_equal(out.reshape(cw.shape), cw))
        out, _ = run_stream_decoder(ldpcgpu.ldpc_decoder(self.alist_name, packed_output=True), llr)
        per = (code.k + 7) // 8
        expect = np.packbits(info, axis=1)  # MSB first, each frame on a byte boundary
        self.assertEqual(expect.shape[1], per)
        self.assertTrue(np.array_equal(out.reshape(expect.shape), expect))
        # info bits of an alist code come from its information positions
        out, _ = run_stream_decoder(ldpcgpu.ldpc_decoder(self.alist_name), llr)
        self.assertTrue(np.array_equal(out.reshape(info.shape), info))

    def test_sign_option(self):
        code = self.alist_code
        info, cw = self.encoded(code, 6)
        llr = noiseless_llr(cw)
        out, _ = run_stream_decoder(ldpcgpu.ldpc_decoder(self.alist_name, llr_positive_is_one=True), -llr)
        self.assertTrue(np.array_equal(out.reshape(info.shape), info))
        # the same flipped LLRs read with the default convention decode to the complement
        dec = ldpcgpu.ldpc_decoder(self.alist_name, output_codeword=True)
        out, _ = run_stream_decoder(dec, -llr)
        self.assertTrue(np.array_equal(out.reshape(cw.shape), 1 - cw))

    def test_int8_input(self):
        code = self.alist_code
        info, cw = self.encoded(code, 9)
        rng = np.random.default_rng(4)
        llr = noiseless_llr(cw) / 20.0 * 2.0 + rng.normal(0, 0.5, cw.shape)  # +-2 plus noise
        scale = 8.0
        q = np.clip(np.round(llr * scale), -127, 127).astype(np.int8)
        dec = ldpcgpu.ldpc_decoder(self.alist_name, input_type="int8", int8_scale=scale,
                                   max_iterations=20)
        out, _ = run_stream_decoder(dec, q)
        self.assertTrue(np.array_equal(out.reshape(info.shape), info))
        self.assertEqual(dec.input_items_per_frame(), code.n)

    def test_saturated_llrs(self):
        """saturated_llrs(): input LLRs beyond the int8 range at the block's int8_scale, counted
        on every frame (float: round(LLR * scale) outside -128..127; int8: -128, -127 or 127, the
        ends where a quantiser that clips at +-127, like the module's own, leaves them)."""
        code = self.alist_code
        info, cw = self.encoded(code, 5)
        llr = noiseless_llr(cw).astype(np.float32)  # +-20: 80 at scale 4, inside the range
        sign = np.where(cw == 0, 1.0, -1.0).astype(np.float32)
        llr.ravel()[::7] *= 1.6              # +-32 -> +-128: only -128 fits
        llr.ravel()[3::11] = sign.ravel()[3::11] * 31.875   # 127.5 rounds to 128: saturated
        llr.ravel()[5::13] = sign.ravel()[5::13] * 31.87    # 127.48 rounds to 127: not
        x4 = llr.astype(np.float64) * 4.0  # exact, as the core's float product at scale 4
        q = np.sign(x4) * np.floor(np.abs(x4) + 0.5)  # halves away from zero, as roundf
        want = int(np.count_nonzero((q > 127) | (q < -128)))
        self.assertGreater(want, 0)
        dec = ldpcgpu.ldpc_decoder(self.alist_name)
        out, _ = run_stream_decoder(dec, llr)
        self.assertTrue(np.array_equal(out.reshape(info.shape), info))
        self.assertEqual(dec.saturated_llrs(), want)
        # a larger scale saturates every +-20
        dec = ldpcgpu.ldpc_decoder(self.alist_name, int8_scale=8.0, msg_format="int8")
        run_stream_decoder(dec, noiseless_llr(cw))
        self.assertEqual(dec.saturated_llrs(), cw.size)
        dec.reset_counters()
        self.assertEqual(dec.saturated_llrs(), 0)
        # int8 input: the values at the ends of the range
        q8 = (np.where(cw == 0, 1, -1) * 40).astype(np.int8)
        q8.ravel()[::9] = np.where(cw.ravel()[::9] == 0, 127, -128)
        q8.ravel()[4::9] = np.where(cw.ravel()[4::9] == 0, 127, -127)  # quantize_i8's ends
        dec = ldpcgpu.ldpc_decoder(self.alist_name, input_type="int8")
        out, _ = run_stream_decoder(dec, q8)
        self.assertTrue(np.array_equal(out.reshape(info.shape), info))
        self.assertEqual(dec.saturated_llrs(), q8.ravel()[::9].size + q8.ravel()[4::9].size)
        # LLRs far beyond the range on both sides, quantised by the module's rule: all count
        dec = ldpcgpu.ldpc_decoder(self.alist_name, input_type="int8")
        run_stream_decoder(dec, ldpcgpu.quantize_i8(noiseless_llr(cw) * 10.0, 4.0))
        self.assertEqual(dec.saturated_llrs(), cw.size)

    def test_alpha_beta_and_defaults(self):
        """nms_alpha and oms_beta reach the decoder (the block's bits are the numpy decoder's
        with the same value, on frames where the value changes the result); values outside
        their ranges raise; every default is the core's (decoder_defaults.h)."""
        code = self.require_wimax()
        info = random_info(code, 16, seed=21)
        llr = ldpcgpu.bpsk_awgn(code.encode(info), ldpcgpu.awgn_sigma(1.5, code.rate),
                                seed=22).astype(np.float32)
        for alg, key, values in (("nms", "nms_alpha", (0.6, 0.9)), ("oms", "oms_beta", (0.0, 1.0))):
            ref = {v: ldpcgpu.Decoder(code, algorithm=alg, **{key: v}).decode(llr)[0]
                   for v in values}
            self.assertFalse(np.array_equal(ref[values[0]], ref[values[1]]), key)
            for v in values:
                dec = ldpcgpu.ldpc_decoder(WIMAX, algorithm=alg, **{key: v})
                out, _ = run_stream_decoder(dec, llr)
                self.assertTrue(np.array_equal(out.reshape(ref[v].shape), ref[v]), (key, v))
        for bad in (dict(nms_alpha=0.0), dict(nms_alpha=1.5), dict(oms_beta=-0.1),
                    dict(oms_beta=100.0)):
            with self.assertRaises(RuntimeError, msg=str(bad)):
                ldpcgpu.ldpc_decoder(WIMAX, **bad)
        # defaults: one value each, the core's, in the block, the numpy API and the functions
        self.assertEqual(ldpcgpu.ldpc_decoder(WIMAX).max_iterations(),
                         ldpcgpu.default_max_iterations())
        self.assertEqual(ldpcgpu.Decoder(code).max_iterations, ldpcgpu.default_max_iterations())
        self.assertIn(ldpcgpu.default_algorithm(), ("nms", "oms", "min-sum", "sum-product"))
        self.assertTrue(0 < ldpcgpu.default_nms_alpha() <= 1 and ldpcgpu.default_oms_beta() >= 0)
        out, _ = run_stream_decoder(ldpcgpu.ldpc_decoder(WIMAX), llr)
        ref, _, _ = ldpcgpu.Decoder(code, algorithm=ldpcgpu.default_algorithm(),
                                    max_iterations=ldpcgpu.default_max_iterations(),
                                    nms_alpha=ldpcgpu.default_nms_alpha(WIMAX),
                                    oms_beta=ldpcgpu.default_oms_beta(WIMAX)).decode(llr)
        self.assertTrue(np.array_equal(out.reshape(ref.shape), ref))

    # ---- tags

    def test_tags(self):
        """The default frame_tags="batch": one "ldpc_frames" tag per run of frames, on the run's
        first frame, whose dict holds each frame's iterations, parity and latency; the same
        results as frame_tags="all" gives in three tags a frame."""
        code = self.alist_code
        n, k = code.n, code.k
        frames = 6
        info, cw = self.encoded(code, frames)
        llr = noiseless_llr(cw)
        rng = np.random.default_rng(8)
        llr[2] = llr[2] / 10.0 + rng.normal(0, 1.0, code.n)  # a noisy frame among clean ones
        tags = [make_tag(2 * n + 0, "burst", pmt.from_long(2)),
                make_tag(4 * n + n // 2, "middle", pmt.from_long(4))]
        # each frame's status, as the numpy API reports it for the same LLRs and settings
        frame_starts = [f * k for f in range(frames)]
        results = {}
        for mode in ("batch", "all"):
            dec = ldpcgpu.ldpc_decoder(self.alist_name, batch_frames=4, **({} if mode == "batch" else {"frame_tags": mode}))
            self.assertEqual(dec.frame_tags(), mode)
            out, out_tags = run_stream_decoder(dec, llr, tags)
            bits, iterations, parity_ok = ldpcgpu.Decoder(code, backend=dec.backend_name()).decode(llr)
            self.assertTrue(np.array_equal(out.reshape(info.shape)[[0, 1, 3, 4, 5]], info[[0, 1, 3, 4, 5]]))
            res = ldpcgpu.frame_results(out_tags)
            self.assertEqual([r["offset"] for r in res], frame_starts, mode)
            self.assertEqual([r["iterations"] for r in res], iterations.tolist(), mode)
            self.assertEqual([r["parity_ok"] for r in res], [bool(p) for p in parity_ok], mode)
            self.assertTrue(all(0 < r["latency_ns"] < 60e9 for r in res), mode)
            self.assertEqual(iterations[0], 1)  # noiseless: done after one iteration
            keys = [pmt.symbol_to_string(t.key) for t in out_tags]
            if mode == "batch":
                # no per-frame tags; at most one dict per batch (here 2 batches: 4 + 2 frames)
                self.assertNotIn("ldpc_iterations", keys)
                batch_tags = [t for t in out_tags if pmt.symbol_to_string(t.key) == "ldpc_frames"]
                self.assertTrue(1 <= len(batch_tags) <= frames)
                self.assertLessEqual(len(batch_tags), 2 * 2)  # a batch may split over 2 calls
                counts = []
                for t in batch_tags:
                    self.assertTrue(pmt.is_dict(t.value))
                    d = {key: pmt.to_python(pmt.dict_ref(t.value, pmt.intern(key), pmt.PMT_NIL))
                         for key in ("ldpc_frames", "ldpc_frame_items", "ldpc_frame_iterations",
                                     "ldpc_frame_parity_ok", "ldpc_frame_latency_ns")}
                    self.assertEqual(t.offset % k, 0)
                    self.assertEqual(d["ldpc_frame_items"], k)
                    self.assertTrue(pmt.is_s32vector(pmt.dict_ref(t.value, pmt.intern("ldpc_frame_iterations"), pmt.PMT_NIL)))
                    self.assertTrue(pmt.is_u8vector(pmt.dict_ref(t.value, pmt.intern("ldpc_frame_parity_ok"), pmt.PMT_NIL)))
                    self.assertTrue(pmt.is_f64vector(pmt.dict_ref(t.value, pmt.intern("ldpc_frame_latency_ns"), pmt.PMT_NIL)))
                    for key in ("ldpc_frame_iterations", "ldpc_frame_parity_ok",
                                "ldpc_frame_latency_ns"):
                        self.assertEqual(len(d[key]), d["ldpc_frames"], key)
                    counts.append(d["ldpc_frames"])
                self.assertEqual(sum(counts), frames)
            else:
                self.assertNotIn("ldpc_frames", keys)
                self.assertEqual(tags_by_key(out_tags, "ldpc_iterations"),
                                 list(zip(frame_starts, iterations.tolist())))
                self.assertEqual([o for o, _ in tags_by_key(out_tags, "ldpc_latency_ns")], frame_starts)
            # input tags land on their frame, at the proportional place inside it
            self.assertEqual(tags_by_key(out_tags, "burst"), [(2 * k, 2)])
            self.assertEqual(tags_by_key(out_tags, "middle"), [(4 * k + (n // 2) * k // n, 4)])
            self.assertGreater(dec.average_latency_ns(), 0)
            self.assertGreaterEqual(dec.max_latency_ns(), dec.average_latency_ns())
            self.assertEqual(dec.frames_decoded(), frames)
            self.assertGreaterEqual(dec.batches_submitted(), 1)
            # reset_counters clears the block's own counters with the frame counters
            dec.reset_counters()
            self.assertEqual((dec.frames_decoded(), dec.max_latency_ns(), dec.average_latency_ns(),
                              dec.batches_submitted()), (0, 0, 0.0, 0))
            results[mode] = [(r["offset"], r["iterations"], r["parity_ok"]) for r in res]
        self.assertEqual(results["batch"], results["all"])

    def test_batch_tags_many_runs(self):
        """Many frames through small batches and a consumer taking a few bytes at a time: the
        "ldpc_frames" tags still describe every frame exactly once, in order."""
        code = self.alist_code
        frames = 53
        info, cw = self.encoded(code, frames, seed=14)
        llr = noiseless_llr(cw)
        llr[[5, 30]] = np.random.default_rng(15).normal(0, 1, (2, code.n))  # two fail
        tb = gr.top_block()
        src = blocks.vector_source_f(llr.ravel().tolist())
        src.set_max_noutput_items(3 * code.n + 11)
        dec = ldpcgpu.ldpc_decoder(self.alist_name, batch_frames=7, batches_in_flight=2,
                                   max_iterations=4)
        slow = blocks.copy(gr.sizeof_char)
        slow.set_max_noutput_items(2 * code.k + 5)
        snk = blocks.vector_sink_b()
        tb.connect(src, dec, slow, snk)
        tb.run()
        res = ldpcgpu.frame_results(snk.tags())
        self.assertEqual([r["offset"] for r in res], [f * code.k for f in range(frames)])
        self.assertEqual([f for f, r in enumerate(res) if not r["parity_ok"]], [5, 30])
        self.assertEqual(dec.frames_parity_failed(), 2)

    def test_failed_frame_flagged(self):
        code = self.alist_code
        info, cw = self.encoded(code, 3)
        llr = noiseless_llr(cw)
        llr[1] = np.random.default_rng(9).normal(0, 1, code.n)  # frame 1 is pure noise
        dec = ldpcgpu.ldpc_decoder(self.alist_name, max_iterations=5)
        out, out_tags = run_stream_decoder(dec, llr)
        self.assertEqual(parity_of(out_tags), [(0, True), (code.k, False), (2 * code.k, True)])
        self.assertEqual(iterations_of(out_tags)[1], (code.k, 5))
        self.assertEqual(dec.frames_parity_failed(), 1)
        out = out.reshape(info.shape)
        self.assertTrue(np.array_equal(out[[0, 2]], info[[0, 2]]))

    # ---- frame_tags: how per-frame results are tagged

    def frames_with_failures(self, frames, failing, seed):
        """Clean frames, except the frames in failing: pure noise (they cannot decode)."""
        code = self.alist_code
        info, cw = self.encoded(code, frames, seed)
        llr = noiseless_llr(cw)
        rng = np.random.default_rng(seed)
        for f in failing:
            llr[f] = rng.normal(0, 1, code.n)
        return info, llr

    def test_frame_tags_none(self):
        code = self.alist_code
        n, k = code.n, code.k
        info, llr = self.frames_with_failures(7, [3], 21)
        tags = [make_tag(1 * n, "burst", pmt.from_long(1)),
                make_tag(5 * n + n // 2, "middle", pmt.from_long(5))]
        dec = ldpcgpu.ldpc_decoder(self.alist_name, batch_frames=3, max_iterations=5,
                                   frame_tags="none")
        self.assertEqual(dec.frame_tags(), "none")
        out, out_tags = run_stream_decoder(dec, llr, tags)
        good = [0, 1, 2, 4, 5, 6]
        self.assertTrue(np.array_equal(out.reshape(info.shape)[good], info[good]))
        keys = {pmt.symbol_to_string(t.key) for t in out_tags}
        self.assertFalse(any(key.startswith("ldpc_") for key in keys), keys)
        # input tags still carried to their frame
        self.assertEqual(tags_by_key(out_tags, "burst"), [(1 * k, 1)])
        self.assertEqual(tags_by_key(out_tags, "middle"), [(5 * k + (n // 2) * k // n, 5)])
        # counters kept
        self.assertEqual(dec.frames_decoded(), 7)
        self.assertEqual(dec.frames_parity_failed(), 1)
        self.assertGreater(dec.average_latency_ns(), 0)

    def test_frame_tags_failed(self):
        code = self.alist_code
        n, k = code.n, code.k
        failing = [1, 4, 5, 9]
        info, llr = self.frames_with_failures(11, failing, 22)
        tags = [make_tag(2 * n, "burst", pmt.from_long(2))]
        dec = ldpcgpu.ldpc_decoder(self.alist_name, batch_frames=4, max_iterations=5,
                                   frame_tags="failed")
        self.assertEqual(dec.frame_tags(), "failed")
        out, out_tags = run_stream_decoder(dec, llr, tags)
        # which frames failed, as the numpy API reports it for the same LLRs and settings
        _, iterations, parity_ok = ldpcgpu.Decoder(code, backend=dec.backend_name(),
                                                   max_iterations=5).decode(llr)
        failed = [f for f in range(11) if not parity_ok[f]]
        self.assertEqual(failed, failing)  # pure noise never satisfies every check
        starts = [f * k for f in failed]
        self.assertEqual(tags_by_key(out_tags, "ldpc_parity_ok"), [(o, False) for o in starts])
        self.assertEqual(tags_by_key(out_tags, "ldpc_iterations"),
                         [(f * k, int(iterations[f])) for f in failed])
        self.assertEqual([o for o, _ in tags_by_key(out_tags, "ldpc_latency_ns")], starts)
        self.assertEqual(tags_by_key(out_tags, "burst"), [(2 * k, 2)])
        good = [f for f in range(11) if f not in failing]
        self.assertTrue(np.array_equal(out.reshape(info.shape)[good], info[good]))
        self.assertEqual(dec.frames_decoded(), 11)
        self.assertEqual(dec.frames_parity_failed(), len(failing))

    def test_frame_tags_failed_one_iteration_loopback(self):
        # a noisy loopback with a single iteration: many frames fail, and exactly those carry
        # the tags (the parity flag the block counted equals the tags it wrote)
        self.require_wimax()
        info, out, dec = self.loopback(WIMAX, digital.constellation_bpsk().base(), 24, 2.0, 31,
                                       batch_frames=5, max_iterations=1, frame_tags="failed")
        self.assertEqual(out.size, info.size)
        self.assertEqual(dec.frames_decoded(), 24)
        k = self.wimax.k
        parity = tags_by_key(self.last_tags, "ldpc_parity_ok")
        self.assertEqual(len(parity), dec.frames_parity_failed())
        self.assertGreater(len(parity), 0)
        self.assertTrue(all(not ok and o % k == 0 for o, ok in parity), parity)
        self.assertEqual([o for o, _ in tags_by_key(self.last_tags, "ldpc_iterations")],
                         [o for o, _ in parity])
        # a frame without a tag decoded to a codeword: with one iteration at 2 dB its bits are
        # the sent ones (a wrong codeword is far less likely than a parity failure)
        tagged = {o // k for o, _ in parity}
        out = out.reshape(info.shape)
        for f in range(24):
            if f not in tagged:
                self.assertTrue(np.array_equal(out[f], info[f]), f)

    # ---- msg_format: the decoder's internal arithmetic

    def test_msg_formats_loopback(self):
        self.require_wimax()
        for fmt in ("int8", "int16", "float"):
            info, out, dec = self.loopback(WIMAX, digital.constellation_qpsk().base(), 24, 6.0,
                                           41, batch_frames=6, msg_format=fmt)
            self.assertEqual(dec.msg_format(), fmt)
            self.assertTrue(np.array_equal(out.reshape(info.shape), info), fmt)
            self.assertEqual(dec.frames_parity_failed(), 0, fmt)
            self.assertGreater(dec.average_iterations(), 1.0, fmt)

    def test_msg_format_int8_with_int8_input(self):
        code = self.alist_code
        info, cw = self.encoded(code, 9)
        rng = np.random.default_rng(42)
        llr = noiseless_llr(cw) / 20.0 * 2.0 + rng.normal(0, 0.5, cw.shape)
        q = np.clip(np.round(llr * 4.0), -127, 127).astype(np.int8)
        dec = ldpcgpu.ldpc_decoder(self.alist_name, input_type="int8", max_iterations=20,
                                   msg_format="int8")
        out, _ = run_stream_decoder(dec, q)
        self.assertTrue(np.array_equal(out.reshape(info.shape), info))

    def test_input_type_spellings(self):
        # the core's LLR type names and GNU Radio's item types; anything else is refused
        for name, size in (("float", 4), ("f32", 4), ("float32", 4), ("FLOAT", 4),
                           ("fc32_real", 4), ("int8", 1), ("i8", 1), ("s8", 1), ("byte", 1),
                           ("char", 1)):
            dec = ldpcgpu.ldpc_decoder(self.alist_name, input_type=name)
            self.assertEqual(dec.input_signature().sizeof_stream_item(0), size, name)
        for bad in ("complex", "int16", "", "fc32"):
            with self.assertRaises(ValueError, msg=bad):
                ldpcgpu.ldpc_decoder(self.alist_name, input_type=bad)

    def test_msg_format_auto_follows_input(self):
        # the default, "auto": int8 messages for int8 input, float for float input
        self.assertEqual(ldpcgpu.ldpc_decoder(self.alist_name, input_type="int8").msg_format(), "int8")
        self.assertEqual(ldpcgpu.ldpc_decoder(self.alist_name, input_type="float").msg_format(), "float")
        self.assertEqual(ldpcgpu.ldpc_decoder(self.alist_name, input_type="int8",
                                              msg_format="float").msg_format(), "float")
        # and decodes noisy int8 frames like an explicit "int8"
        code = self.alist_code
        info, cw = self.encoded(code, 9)
        rng = np.random.default_rng(43)
        llr = noiseless_llr(cw) / 20.0 * 2.0 + rng.normal(0, 0.5, cw.shape)
        q = np.clip(np.round(llr * 4.0), -127, 127).astype(np.int8)
        outs = []
        for fmt in ("auto", "int8"):
            dec = ldpcgpu.ldpc_decoder(self.alist_name, input_type="int8", max_iterations=20,
                                       msg_format=fmt)
            out, _ = run_stream_decoder(dec, q)
            outs.append(out)
        self.assertTrue(np.array_equal(outs[0].reshape(info.shape), info))
        self.assertTrue(np.array_equal(outs[0], outs[1]))

    def test_bad_new_options(self):
        for kwargs in ({"msg_format": "int4"}, {"msg_format": ""},
                       {"frame_tags": "some"}, {"frame_tags": "ALL"}):
            with self.assertRaises(ldpcgpu.LdpcError) as ctx:
                ldpcgpu.ldpc_decoder(self.alist_name, **kwargs)
            self.assertIsInstance(ctx.exception, ValueError)
            # the message names the valid values
            valid = ("auto", "float", "int8", "int16") if "msg_format" in kwargs else \
                ("batch", "all", "failed", "none")
            for v in valid:
                self.assertIn('"%s"' % v, str(ctx.exception))

    # ---- batching and the end of the stream

    def test_end_of_stream_flushes_partial_batch(self):
        code = self.alist_code
        for frames, batch, slots in [(11, 8, 0), (1, 16, 0), (37, 4, 2), (5, 1, 1)]:
            info, cw = self.encoded(code, frames, seed=frames)
            dec = ldpcgpu.ldpc_decoder(self.alist_name, batch_frames=batch,
                                       batches_in_flight=slots)
            self.assertEqual(dec.batch_frames(), batch)
            out, _ = run_stream_decoder(dec, noiseless_llr(cw))
            self.assertEqual(out.size, info.size, "frames=%d batch=%d" % (frames, batch))
            self.assertTrue(np.array_equal(out.reshape(info.shape), info))
            self.assertEqual(dec.frames_decoded(), frames)
            self.assertEqual(dec.partial_frames_dropped(), 0)

    def test_trickling_input_and_slow_output(self):
        # input arrives a few items at a time and the consumer takes a few bytes at a time:
        # every frame still comes out once, in order, with its tags on the right item
        code = self.alist_code
        frames = 29
        info, cw = self.encoded(code, frames, seed=12)
        llr = noiseless_llr(cw).ravel()
        for batch, slots in [(4, 2), (8, 0)]:
            tb = gr.top_block()
            src = blocks.vector_source_f(llr.tolist())
            src.set_max_noutput_items(37)
            dec = ldpcgpu.ldpc_decoder(self.alist_name, batch_frames=batch, batches_in_flight=slots)
            slow = blocks.copy(gr.sizeof_char)
            slow.set_max_noutput_items(7)
            snk = blocks.vector_sink_b()
            tb.connect(src, dec, slow, snk)
            tb.run()
            out = np.array(snk.data(), np.uint8)
            self.assertTrue(np.array_equal(out.reshape(info.shape), info), (batch, slots))
            its = iterations_of(snk.tags())
            self.assertEqual([o for o, _ in its], [f * code.k for f in range(frames)])

    def test_stream_ending_mid_frame(self):
        # documented: the incomplete last frame is dropped (and counted); whole frames come out
        code = self.alist_code
        info, cw = self.encoded(code, 4)
        llr = noiseless_llr(cw).ravel()[: 3 * code.n + code.n // 2]
        dec = ldpcgpu.ldpc_decoder(self.alist_name)
        out, _ = run_stream_decoder(dec, llr)
        self.assertTrue(np.array_equal(out.reshape(3, code.k), info[:3]))
        self.assertEqual(dec.partial_frames_dropped(), 1)
        self.assertEqual(dec.frames_decoded(), 3)

    def test_empty_and_short_streams(self):
        code = self.alist_code
        dec = ldpcgpu.ldpc_decoder(self.alist_name)
        out, _ = run_stream_decoder(dec, np.zeros(0, np.float32))
        self.assertEqual(out.size, 0)
        dec = ldpcgpu.ldpc_decoder(self.alist_name)
        out, _ = run_stream_decoder(dec, np.ones(code.n - 1, np.float32))
        self.assertEqual(out.size, 0)
        self.assertEqual(dec.partial_frames_dropped(), 1)

    def test_frame_start_tag_realigns(self):
        code = self.alist_code
        n, k = code.n, code.k
        info, cw = self.encoded(code, 4)
        llr = noiseless_llr(cw)
        junk = np.full(10, 3.0, np.float32)
        # frame 0, then 10 stray LLRs (a gap broke a frame), then frames 1..3 with a start tag
        stream = np.concatenate([llr[0], junk, llr[1].ravel(), llr[2], llr[3]])
        tags = [make_tag(0, "frame_start", pmt.PMT_T), make_tag(n + 10, "frame_start", pmt.PMT_T)]
        dec = ldpcgpu.ldpc_decoder(self.alist_name, frame_start_tag="frame_start")
        out, out_tags = run_stream_decoder(dec, stream, tags)
        self.assertTrue(np.array_equal(out.reshape(info.shape), info))
        self.assertEqual(dec.partial_frames_dropped(), 1)
        self.assertEqual(tags_by_key(out_tags, "frame_start"), [(0, True), (k, True)])
        # without the tag key the stream stays misaligned and frames 1.. fail
        dec = ldpcgpu.ldpc_decoder(self.alist_name)
        out, out_tags = run_stream_decoder(dec, stream, tags)
        self.assertEqual(dec.frames_decoded(), 4)
        self.assertGreater(dec.frames_parity_failed(), 0)

    def gapped_stream(self, code, frames, gaps, noisy, seed):
        """frames codewords (those in noisy with weak, noisy LLRs) with junk LLRs before some
        frames (gaps: frame -> junk length), a frame_start tag on every frame's first LLR and a
        "mid" tag inside every seventh frame. Returns (info, the frames' LLRs, stream, tags)."""
        n = code.n
        info, cw = self.encoded(code, frames, seed)
        llr = noiseless_llr(cw)
        for f in noisy:
            llr[f] = ldpcgpu.bpsk_awgn(cw[f], 0.7, seed + f)  # BPSK at about 3 dB
        parts, tags, pos = [], [], 0
        for f in range(frames):
            if f in gaps:
                parts.append(np.full(gaps[f], -2.0, np.float32))
                pos += gaps[f]
            tags.append(make_tag(pos, "frame_start", pmt.PMT_T))
            if f % 7 == 3:
                tags.append(make_tag(pos + n // 3, "mid", pmt.from_long(f)))
            parts.append(llr[f].astype(np.float32))
            pos += n
        return info, llr, np.concatenate(parts), tags

    def check_gapped_run(self, dec, code, llr, stream, tags, gaps, label):
        n, k = code.n, code.k
        frames = llr.shape[0]
        out, out_tags = run_stream_decoder(dec, stream, tags)
        # the same frames decoded by the numpy API with the same settings: bits and status
        bits, iterations, parity_ok = ldpcgpu.Decoder(code, backend=dec.backend_name(),
                                                      max_iterations=dec.max_iterations()).decode(llr)
        self.assertEqual(out.size, frames * k, label)
        self.assertTrue(np.array_equal(out.reshape(frames, k), bits.reshape(frames, k)), label)
        self.assertEqual(dec.partial_frames_dropped(), len(gaps), label)
        starts = [f * k for f in range(frames)]
        self.assertEqual(iterations_of(out_tags), list(zip(starts, iterations.tolist())), label)
        self.assertEqual(parity_of(out_tags), [(o, bool(p)) for o, p in zip(starts, parity_ok)],
                         label)
        self.assertEqual(tags_by_key(out_tags, "frame_start"), [(o, True) for o in starts], label)
        self.assertEqual(tags_by_key(out_tags, "mid"),
                         [(f * k + (n // 3) * k // n, f) for f in range(frames) if f % 7 == 3], label)
        return iterations

    def test_runs_with_gaps(self):
        # frames are queued and written in runs: gaps (frame_start realignment) anywhere in a run,
        # runs cut by the batch's end, batches of one frame; every frame once, tags in place
        code = self.alist_code
        gaps = {0: 5, 7: 10, 8: code.n - 1, 20: 1, 33: 50}
        info, llr, stream, tags = self.gapped_stream(code, 60, gaps, noisy=[4, 21, 22, 40], seed=31)
        for batch, slots in [(64, 0), (5, 2), (1, 3)]:
            dec = ldpcgpu.ldpc_decoder(self.alist_name, batch_frames=batch, batches_in_flight=slots,
                                       frame_start_tag="frame_start", max_iterations=12)
            its = self.check_gapped_run(dec, code, llr, stream, tags, gaps, (batch, slots))
            self.assertGreater(max(its), 1)  # the noisy frames took more than one iteration

    def test_copy_helpers(self):
        # LDPCGPU_COPY_THREADS asks for copy helper threads on any backend (automatic only on
        # the GPU): runs of frames large enough to be split among them come out the same
        code = standard_code("wimax:2304:1/2")
        if code is None:
            self.skipTest("wimax:2304:1/2 is not in this build's core yet")
        gaps = {60: 100, 61: 7, 190: 2000}
        info, llr, stream, tags = self.gapped_stream(code, 230, gaps, noisy=[3, 64, 150], seed=32)
        old = os.environ.get("LDPCGPU_COPY_THREADS")
        try:
            for threads in ("3", "1", "0", "not-a-number"):
                os.environ["LDPCGPU_COPY_THREADS"] = threads
                # 100 float frames of 2304 LLRs are 0.9 MB: the pool splits such copies
                dec = ldpcgpu.ldpc_decoder("wimax:2304:1/2", batch_frames=100,
                                           frame_start_tag="frame_start")
                self.check_gapped_run(dec, code, llr, stream, tags, gaps, threads)
        finally:
            if old is None:
                os.environ.pop("LDPCGPU_COPY_THREADS", None)
            else:
                os.environ["LDPCGPU_COPY_THREADS"] = old

    # ---- settings, counters, backends

    def test_runtime_setters_and_counters(self):
        code = self.alist_code
        dec = ldpcgpu.ldpc_decoder(self.alist_name, max_iterations=7, early_termination=True)
        self.assertEqual(dec.max_iterations(), 7)
        dec.set_max_iterations(3)
        self.assertEqual(dec.max_iterations(), 3)
        dec.set_early_termination(False)
        self.assertFalse(dec.early_termination())
        with self.assertRaises(RuntimeError):
            dec.set_max_iterations(0)
        info, cw = self.encoded(code, 5)
        out, out_tags = run_stream_decoder(dec, noiseless_llr(cw))
        self.assertTrue(np.array_equal(out.reshape(info.shape), info))
        # early termination off: every frame runs all 3 iterations
        self.assertEqual([v for _, v in iterations_of(out_tags)], [3] * 5)
        self.assertEqual(dec.frames_decoded(), 5)
        self.assertAlmostEqual(dec.average_iterations(), 3.0)
        self.assertGreaterEqual(dec.batches_submitted(), 1)
        dec.reset_counters()
        self.assertEqual(dec.frames_decoded(), 0)
        self.assertEqual(dec.average_iterations(), 0.0)

    def test_rates_and_sizes(self):
        code = self.alist_code
        dec = ldpcgpu.ldpc_decoder(self.alist_name, packed_output=True, output_codeword=True)
        self.assertEqual(dec.n(), code.n)
        self.assertEqual(dec.k(), code.k)
        self.assertEqual(dec.output_items_per_frame(), (code.n + 7) // 8)
        self.assertAlmostEqual(dec.relative_rate(), ((code.n + 7) // 8) / code.n)
        # whole frames out: the output multiple is a number of frames, as many as all the batch
        # slots hold (so the upstream buffer can keep every slot busy), for a short code
        self.assertEqual(dec.output_multiple() % dec.output_items_per_frame(), 0)
        dec = ldpcgpu.ldpc_decoder(self.alist_name, batch_frames=8, batches_in_flight=3)
        self.assertEqual(dec.batch_frames(), 8)
        self.assertEqual(dec.output_multiple(), 3 * 8 * dec.output_items_per_frame())

    def test_bad_parameters(self):
        # one exception type for every bad value, whichever layer finds it (the block's own
        # names or the core): LdpcError, a ValueError (and a RuntimeError, as it was before)
        for kwargs in ({"code": "nosuchcode:1:1/2"}, {"input_type": "complex"},
                       {"algorithm": "magic"}, {"backend": "abacus"}, {"max_iterations": 0},
                       {"int8_scale": 100.0, "msg_format": "int8"}, {"frame_tags": "every"}, {"msg_format": "f64"},
                       {"code": 42}):
            args = dict({"code": self.alist_name}, **kwargs)
            with self.assertRaises(ldpcgpu.LdpcError, msg=str(kwargs)) as ctx:
                ldpcgpu.ldpc_decoder(**args)
            self.assertIsInstance(ctx.exception, ValueError)
            self.assertIsInstance(ctx.exception, RuntimeError)

    def test_message_format_deprecated_alias(self):
        """msg_format is the option's one name (the core's, FECAPI's, GRC's); message_format,
        the block's name before, is still accepted with a DeprecationWarning."""
        import warnings
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            dec = ldpcgpu.ldpc_decoder(self.alist_name, message_format="int16")
        self.assertEqual(dec.msg_format(), "int16")
        self.assertTrue(any(issubclass(w.category, DeprecationWarning) for w in caught))
        self.assertEqual(ldpcgpu.ldpc_decoder(self.alist_name, msg_format="int16").msg_format(),
                         "int16")
        with self.assertRaises(TypeError):
            ldpcgpu.ldpc_decoder(self.alist_name, msg_format="int8", message_format="int8")
        # the aliased constructor still decodes
        info, cw = self.encoded(self.alist_code, 3)
        out, _ = run_stream_decoder(dec, noiseless_llr(cw))
        self.assertTrue(np.array_equal(out.reshape(info.shape), info))

    def test_wrong_sign_warns(self):
        """Frames that nearly all fail their parity checks log a warning naming the LLR sign
        and scale (a wrong sign convention fails every frame, silently otherwise); frames that
        decode log none. frames_failed() is the deprecated name of frames_parity_failed()."""
        code = self.require_wimax()
        frames = 48
        info = random_info(code, frames, 31)
        llr = ldpcgpu.bpsk_awgn(code.encode(info), ldpcgpu.awgn_sigma(4.0, code.rate), 5)

        def decode(sign_flip, **kw):
            dec = ldpcgpu.ldpc_decoder(WIMAX, backend="cpu", **kw)
            with captured_stderr() as log:
                out, _ = run_stream_decoder(dec, sign_flip * llr)
            return dec, out.reshape(info.shape), log[0]
        dec, out, log = decode(1.0)
        self.assertTrue(np.array_equal(out, info))
        self.assertNotIn("failed their parity checks", log)
        # gr-fec's sign handed to a block left at the DVB sign
        dec, out, log = decode(-1.0)
        self.assertEqual(dec.frames_parity_failed(), frames)
        self.assertEqual(dec.frames_failed(), frames)
        self.assertIn("of the last %d frames failed their parity checks" % 32, log)
        self.assertIn("llr_positive_is_one=False", log)
        self.assertIn("int8_scale", log)
        # the same LLRs with the sign option set decode, without the warning
        dec, out, log = decode(-1.0, llr_positive_is_one=True)
        self.assertTrue(np.array_equal(out, info))
        self.assertEqual(dec.frames_parity_failed(), 0)
        self.assertNotIn("failed their parity checks", log)

    def test_code_object_accepted(self):
        # the blocks take a Code (numpy API) as well as a code name
        code = self.alist_code
        info, cw = self.encoded(code, 4)
        dec = ldpcgpu.ldpc_decoder(code)
        self.assertEqual(dec.code_name(), self.alist_name)
        out, _ = run_stream_decoder(dec, noiseless_llr(cw))
        self.assertTrue(np.array_equal(out.reshape(info.shape), info))
        self.assertEqual(ldpcgpu.ldpc_encoder(code).n(), code.n)
        self.assertEqual(ldpcgpu.ldpc_pdu_decoder(code).k(), code.k)

    def test_missing_gpu(self):
        if ldpcgpu.backend_available("cuda"):
            dec = ldpcgpu.ldpc_decoder(self.alist_name, backend="cuda")
            self.assertEqual(dec.backend_name(), "cuda")
            return
        # documented: falls back to the CPU (with one message, when the flowgraph starts)
        # unless fallback is disabled
        with captured_stderr() as made:
            dec = ldpcgpu.ldpc_decoder(self.alist_name, backend="cuda")
        self.assertIn(dec.backend_name(), ("cpu-reference", "cpu-simd"))
        self.assertNotIn("cuda", made[0].lower())
        info, cw = self.encoded(self.alist_code, 3)
        with captured_stderr() as ran:
            out, _ = run_stream_decoder(dec, noiseless_llr(cw))
        self.assertTrue(np.array_equal(out.reshape(info.shape), info))
        self.assertEqual(ran[0].upper().count("CUDA"), 1, ran[0])
        self.assertIn("decoding on the " + dec.backend_name(), ran[0])
        with self.assertRaises(RuntimeError):
            ldpcgpu.ldpc_decoder(self.alist_name, backend="cuda", fallback_to_cpu=False)

    def test_auto_backend_named(self):
        dec = ldpcgpu.ldpc_decoder(self.alist_name, backend="auto")
        self.assertIn(dec.backend_name(), ("cuda", "cpu-reference", "cpu-simd"))

    def test_restart_flowgraph(self):
        # the same block in a flowgraph run twice gives each run's frames exactly once
        code = self.alist_code
        info, cw = self.encoded(code, 6)
        llr = noiseless_llr(cw).ravel()
        dec = ldpcgpu.ldpc_decoder(self.alist_name, batch_frames=4)
        tb = gr.top_block()
        src = blocks.vector_source_f(llr.tolist())
        snk = blocks.vector_sink_b()
        tb.connect(src, dec, snk)
        tb.run()
        first = np.array(snk.data())
        self.assertTrue(np.array_equal(first.reshape(info.shape), info))


if __name__ == "__main__":
    gr_unittest.run(qa_ldpc_decoder)
