#!/usr/bin/env python3
"""QA of the FECAPI objects (ldpcgpu.fec_decoder / fec_encoder, gr-fec generic_decoder /
generic_encoder subclasses) inside gr-fec's own wrappers, next to gr-fec's LDPC objects on
gr-fec's alist files:

- in one flowgraph, gr-fec's encoder -> BPSK -> AWGN -> gr-fec's LDPC decoder and this module's
  decoder (fec.extended_decoder both): both correct errors; ours has the lower BER, 0 at 4 dB;
- fec.extended_encoder with our encoder gives gr-fec's codewords (information placement
  "grfec"), also on alist files where gr-fec's placement is not the last k bits (columns
  permuted, a redundant row), and gr-fec's decoder and ours return the same bits;
- fec.bercurve_generator, extended_decoder/encoder with "ordinary" and "capillary" threading
  over lists of our objects, fec.tagged_decoder/encoder, fec.async_decoder/encoder run with
  our objects.
"""
import math
import os
import sys
import time
import unittest

import numpy as np
import pmt
from gnuradio import analog, blocks, digital, fec, gr

from gnuradio import ldpcgpu

from _qa_helpers import SKIP, nr_blocks, temp_dir

ALIST_NAME = "n_1800_k_0902_gap_28.alist"


def grfec_alist_dir():
    """Where gr-fec installs its alist files (Debian: /usr/share/gnuradio/fec/ldpc)."""
    for prefix in (gr.prefix(), "/usr", "/usr/local"):
        d = os.path.join(prefix, "share", "gnuradio", "fec", "ldpc")
        if os.path.exists(os.path.join(d, ALIST_NAME)):
            return d
    return None


ALIST_DIR = grfec_alist_dir()
ALIST = os.path.join(ALIST_DIR, ALIST_NAME) if ALIST_DIR else None


def bpsk_sigma(ebn0_db, rate):
    """Noise standard deviation for +-1 BPSK symbols at Eb/N0 (dB)."""
    return math.sqrt(1.0 / (2.0 * rate * 10.0 ** (ebn0_db / 10.0)))


def run_encoder(encoder_obj, info_bits, threading=None):
    """info bits (unpacked) through fec.extended_encoder(encoder_obj) -> code bits."""
    tb = gr.top_block()
    src = blocks.vector_source_b(info_bits.tolist(), False)
    enc = fec.extended_encoder(encoder_obj, threading=threading, puncpat="11")
    snk = blocks.vector_sink_b()
    tb.connect(src, enc, snk)
    tb.run()
    return np.array(snk.data(), dtype=np.uint8)


def run_decoder(decoder_obj, soft, threading=None):
    """float soft bits through fec.extended_decoder(decoder_obj) -> decoded bits."""
    tb = gr.top_block()
    src = blocks.vector_source_f(np.asarray(soft, dtype=np.float32).tolist(), False)
    dec = fec.extended_decoder(decoder_obj, threading=threading, ann=None, puncpat="11",
                               integration_period=10000)
    snk = blocks.vector_sink_b()
    tb.connect(src, dec, snk)
    tb.run()
    return np.array(snk.data(), dtype=np.uint8)


def bpsk(code_bits):
    """gr-fec's mapping (digital.map_bb([-1, 1])): bit 0 -> -1, bit 1 -> +1."""
    return 2.0 * code_bits.astype(np.float32) - 1.0


def ber(decoded, sent):
    assert len(decoded) > 0
    return np.count_nonzero(decoded != sent[:len(decoded)]) / len(decoded)


class qa_fecapi(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.code = ldpcgpu.Code("alist:" + ALIST)
        cls.n, cls.k = cls.code.n, cls.code.k

    def ours(self, sigma=None, **kw):
        """Our decoder on the alist; sigma (gain 2/sigma^2) turns gr-fec's +-1 soft bits into
        LLRs."""
        if sigma is not None:
            kw["sigma"] = sigma
        return ldpcgpu.fec_decoder.make("alist:" + ALIST, backend="cpu", **kw)

    # ---- the objects as gr-fec sees them ----

    def test_objects_are_generic_coders(self):
        dec = self.ours()
        enc = ldpcgpu.fec_encoder.make("alist:" + ALIST)
        self.assertIsInstance(dec, fec.generic_decoder)
        self.assertIsInstance(enc, fec.generic_encoder)
        self.assertEqual(fec.get_decoder_input_size(dec), self.n)
        self.assertEqual(fec.get_decoder_output_size(dec), self.k)
        self.assertEqual(fec.get_decoder_input_item_size(dec), 4)
        self.assertEqual(fec.get_decoder_output_item_size(dec), 1)
        self.assertEqual(fec.get_decoder_input_conversion(dec), "none")
        self.assertEqual(fec.get_shift(dec), 0.0)
        self.assertEqual(fec.get_history(dec), 0)
        self.assertEqual(fec.get_encoder_input_size(enc), self.k)
        self.assertEqual(fec.get_encoder_output_size(enc), self.n)
        # gr-fec's async/tagged decoders truncate input size * rate(): it must not fall short
        for frames in (1, 3, 7, 13, 1000):
            self.assertEqual(int(frames * self.n * dec.rate()), frames * self.k)
        self.assertTrue(dec.set_frame_size(4 * self.k))
        self.assertEqual((dec.get_input_size(), dec.get_output_size()), (4 * self.n, 4 * self.k))
        self.assertFalse(dec.set_frame_size(1500 * 8))  # gr-fec's tagged decoder's MTU first
        self.assertEqual(dec.frames_per_call(), 1500 * 8 // self.k)
        with self.assertRaises(ValueError):
            dec.set_frame_size(self.k - 1)
        self.assertEqual(dec.info_placement(), "grfec")
        self.assertTrue(dec.llr_positive_is_one())
        for bad in ({"info_placement": "left"}, {"frames_per_call": 0}, {"llr_gain": 0.0},
                    {"msg_format": "double"}, {"message_format": "double"}):
            with self.assertRaises(ValueError, msg=str(bad)):
                self.ours(**bad)
        for bad in ({"backend": "tpu"}, {"algorithm": "guess"}, {"max_iterations": 0}):
            with self.assertRaises(RuntimeError, msg=str(bad)):
                ldpcgpu.fec_decoder.make("alist:" + ALIST, **bad)
        with self.assertRaises(RuntimeError):
            ldpcgpu.fec_encoder.make("wimax:577:1/2")
        with self.assertRaises(ValueError):  # gr-fec's placement only means something for alist
            ldpcgpu.fec_decoder.make("wimax:576:1/2", info_placement="grfec")
        self.assertEqual(ldpcgpu.fec_encoder.make("wimax:576:1/2").info_positions(),
                         list(range(288)))

    def test_standard_codes(self):
        """Named codes through gr-fec's wrappers: the codewords of the numpy encoder
        (information bits first), decoded back from gr-fec's +-1 soft bits with noise."""
        for name in ("wimax:576:1/2", "wifi:648:3/4", "dvbt2:16200:3/5"):
            code = ldpcgpu.Code(name)
            frames = 3
            info = np.random.default_rng(16).integers(0, 2, (frames, code.k), dtype=np.uint8)
            enc = ldpcgpu.fec_encoder.make(name)
            cw = run_encoder(enc, info.ravel())
            np.testing.assert_array_equal(cw.reshape(frames, code.n), code.encode(info), name)
            sigma = bpsk_sigma(5.0, code.rate)
            soft = bpsk(cw) + np.random.default_rng(17).normal(0, sigma, cw.size).astype(np.float32)
            dec = ldpcgpu.fec_decoder.make(name, backend="cpu", llr_gain=2.0 / sigma ** 2)
            self.assertEqual(dec.info_placement(), "ldpcgpu")
            np.testing.assert_array_equal(run_decoder(dec, soft), info.ravel(), name)
            self.assertEqual(dec.frames_parity_failed(), 0)

    def test_nr_rate_matched_codes(self):
        """5G NR nr:K:E codes: K information bits in, E rate-matched bits out of the encoder
        (the numpy encoder + rate matcher's bits), and back through gr-fec's extended decoder
        from noisy +-1 soft bits; frame_size in K-bit units."""
        for name, ebn0 in (("nr:500:1000", 3.0), ("nr:3000:9000:rv2:qm4", 2.0),
                           ("nr:8448:16896", 2.5)):
            code = ldpcgpu.Code(name)
            k_info, e = (int(v) for v in name.split(":")[1:3])
            frames = 3
            info = np.random.default_rng(21).integers(0, 2, (frames, k_info), dtype=np.uint8)
            enc = ldpcgpu.fec_encoder.make(name)
            self.assertEqual((enc.get_input_size(), enc.get_output_size()), (k_info, e))
            self.assertAlmostEqual(enc.rate(), e / k_info)
            tx = run_encoder(enc, info.ravel())
            padded = np.zeros((frames, code.k), np.uint8)
            padded[:, :k_info] = info
            np.testing.assert_array_equal(tx.reshape(frames, e),
                                          ldpcgpu.nr_rate_match(code, code.encode(padded)), name)
            sigma = bpsk_sigma(ebn0, k_info / e)
            soft = bpsk(tx) + np.random.default_rng(22).normal(0, sigma, tx.size).astype(np.float32)
            dec = ldpcgpu.fec_decoder.make(name, backend="cpu", sigma=sigma)
            self.assertEqual((dec.get_input_size(), dec.get_output_size()), (e, k_info))
            np.testing.assert_array_equal(run_decoder(dec, soft), info.ravel(), name)
            self.assertEqual(dec.frames_parity_failed(), 0)
            # the noise was real: the hard decisions of the soft bits were wrong in places
            self.assertGreater(np.count_nonzero((soft > 0) != (tx == 1)), 0)
            # frame_size counts information bits: K per code block
            self.assertTrue(dec.set_frame_size(2 * k_info))
            self.assertEqual(dec.get_output_size(), 2 * k_info)
            self.assertEqual(dec.get_input_size(), 2 * e)

    def test_nr_crc_stop_and_mother_codeword_input(self):
        """crc_stop: code blocks carrying CRC24B decode through gr-fec's extended decoder to the
        same bits in fewer iterations; rate_matched False: the n LLRs of the mother codeword in
        (rate recovery upstream), K bits out."""
        name = "nr:1000:3000"
        code = ldpcgpu.Code(name)
        frames = 16
        info, kp = nr_blocks(code, frames, "crc24b", np.random.default_rng(31))
        tx = run_encoder(ldpcgpu.fec_encoder.make(name), info[:, :kp].ravel())
        sigma = bpsk_sigma(1.5, kp / 3000)
        soft = bpsk(tx) + np.random.default_rng(32).normal(0, sigma, tx.size).astype(np.float32)
        its = {}
        for crc_stop in ("none", "crc24b"):
            dec = ldpcgpu.fec_decoder.make(name, backend="cpu", sigma=sigma, crc_stop=crc_stop)
            self.assertEqual(dec.get_input_size(), 3000)  # rate_matched is the default
            np.testing.assert_array_equal(run_decoder(dec, soft), info[:, :kp].ravel(), crc_stop)
            its[crc_stop] = dec.average_iterations()
        self.assertLess(its["crc24b"], its["none"])
        # the mother codeword's n LLRs (positive = 0), recovered by the numpy API
        llr_n = ldpcgpu.nr_rate_recover(code, -soft.reshape(frames, 3000) * 2 / sigma ** 2)
        dec = ldpcgpu.fec_decoder.make(name, backend="cpu", rate_matched=False,
                                       llr_positive_is_one=False)
        self.assertEqual((dec.get_input_size(), dec.get_output_size()), (code.n, kp))
        np.testing.assert_array_equal(run_decoder(dec, llr_n.ravel()), info[:, :kp].ravel())
        self.assertEqual(dec.frames_parity_failed(), 0)
        # other codes ignore rate_matched; crc_stop is for NR codes only, by the core's names
        self.assertEqual(ldpcgpu.fec_decoder.make("wimax:576:1/2", backend="cpu",
                                                  rate_matched=True).get_input_size(), 576)
        with self.assertRaises(ValueError):
            ldpcgpu.fec_decoder.make("wimax:576:1/2", backend="cpu", crc_stop="crc24b")
        with self.assertRaises(ValueError):
            ldpcgpu.fec_decoder.make(name, backend="cpu", crc_stop="sometimes")

    # ---- one flowgraph: gr-fec's LDPC decoder beside ours ----

    def run_side_by_side(self, ebn0, frames, seed):
        """gr-fec's encoder -> BPSK -> AWGN, then gr-fec's LDPC decoder and ours, both through
        fec.extended_decoder, in one flowgraph. Returns (raw, gr-fec, ours) BER of the
        information bits and our decoder object."""
        sigma = bpsk_sigma(ebn0, self.k / self.n)
        info = np.random.default_rng(seed).integers(0, 2, frames * self.k, dtype=np.uint8)
        tb = gr.top_block()
        src = blocks.vector_source_b(info.tolist(), False)
        enc = fec.extended_encoder(fec.ldpc_encoder_make(ALIST), threading=None, puncpat="11")
        to_sym = digital.map_bb([-1, 1])
        to_float = blocks.char_to_float(1, 1)
        noise = analog.noise_source_f(analog.GR_GAUSSIAN, sigma, seed)
        add = blocks.add_ff(1)
        grfec_dec = fec.ldpc_decoder.make(ALIST, sigma, 50)
        ours = self.ours(sigma, max_iterations=50)
        dec_g = fec.extended_decoder(grfec_dec, threading=None, ann=None, puncpat="11",
                                     integration_period=10000)
        dec_o = fec.extended_decoder(ours, threading=None, ann=None, puncpat="11",
                                     integration_period=10000)
        snk_g, snk_o, snk_ch = blocks.vector_sink_b(), blocks.vector_sink_b(), blocks.vector_sink_f()
        tb.connect(src, enc, to_sym, to_float, (add, 0))
        tb.connect(noise, (add, 1))
        tb.connect(add, dec_g, snk_g)
        tb.connect(add, dec_o, snk_o)
        tb.connect(add, snk_ch)
        tb.run()
        out_g = np.array(snk_g.data(), dtype=np.uint8)
        out_o = np.array(snk_o.data(), dtype=np.uint8)
        self.assertEqual(len(out_g), frames * self.k)
        self.assertEqual(len(out_o), frames * self.k)
        # hard decisions of the channel at gr-fec's information positions (the last k bits)
        rx = np.array(snk_ch.data(), dtype=np.float32).reshape(frames, self.n)
        raw = (rx[:, self.n - self.k:] > 0).astype(np.uint8).ravel()
        return ber(raw, info), ber(out_g, info), ber(out_o, info), ours

    def test_side_by_side_with_grfec_decoder(self):
        for ebn0, frames in ((3.0, 24), (4.0, 24)):
            raw, grfec_ber, our_ber, ours = self.run_side_by_side(ebn0, frames, seed=11)
            print("Eb/N0 %.1f dB, %d frames: channel BER %.3e, gr-fec ldpc_decoder %.3e, "
                  "ldpcgpu.fec_decoder %.3e" % (ebn0, frames, raw, grfec_ber, our_ber))
            self.assertGreater(raw, 0.01)  # the channel really makes errors
            self.assertLess(grfec_ber, raw)  # gr-fec's decoder corrects some
            self.assertLessEqual(our_ber, grfec_ber)
            self.assertEqual(ours.frames_decoded(), frames)
            if ebn0 >= 4.0:
                self.assertEqual(our_ber, 0.0)
                self.assertEqual(ours.frames_parity_failed(), 0)

    def test_zero_ber_at_4db(self):
        """Ours alone on many more frames of gr-fec's encoder at 4 dB: not one bit wrong."""
        frames = 400
        sigma = bpsk_sigma(4.0, self.k / self.n)
        info = np.random.default_rng(3).integers(0, 2, frames * self.k, dtype=np.uint8)
        cw = run_encoder(fec.ldpc_encoder_make(ALIST), info)
        soft = bpsk(cw) + np.random.default_rng(4).normal(0, sigma, cw.size).astype(np.float32)
        ours = self.ours(sigma, frames_per_call=16)
        out = run_decoder(ours, soft)
        self.assertEqual(len(out), frames * self.k)
        self.assertEqual(ber(out, info), 0.0)
        self.assertEqual(ours.frames_parity_failed(), 0)
        self.assertGreater(ours.average_iterations(), 1.0)  # there were errors to correct

    # ---- encoders: the same codewords as gr-fec's ----

    def test_extended_encoder_gives_grfec_codewords(self):
        frames = 12
        info = np.random.default_rng(8).integers(0, 2, frames * self.k, dtype=np.uint8)
        theirs = run_encoder(fec.ldpc_encoder_make(ALIST), info)
        ours = ldpcgpu.fec_encoder.make("alist:" + ALIST)  # auto = grfec for alist files
        mine = run_encoder(ours, info)
        self.assertEqual(len(theirs), frames * self.n)
        np.testing.assert_array_equal(mine, theirs)
        self.assertEqual(ours.frames_encoded(), frames)
        # for this file gr-fec's information bits are the last k, in order
        self.assertEqual(ours.info_positions(), list(range(self.n - self.k, self.n)))
        # "ldpcgpu" placement: other valid codewords (this module's encoder block's)
        other = run_encoder(ldpcgpu.fec_encoder.make("alist:" + ALIST, info_placement="ldpcgpu"),
                            info).reshape(frames, self.n)
        self.assertFalse(np.array_equal(other.ravel(), theirs))
        self.assertEqual(list(self.code.syndrome_weight(other)), [0] * frames)
        np.testing.assert_array_equal(self.code.encode(info.reshape(frames, self.k)), other)

    def variant_alist(self, source_name, permute, redundant_row, duplicate_column):
        """gr-fec's alist source_name, changed and written to a temporary file: columns
        permuted, a redundant row added (the sum of rows 0 and 1: H rank deficient) and/or a
        copy of column 1 put in front (so that gr-fec's elimination meets two equal columns
        among its first m and puts information bits elsewhere than the last k)."""
        code = ldpcgpu.Code("alist:" + os.path.join(ALIST_DIR, source_name))
        n = code.n
        perm = np.random.default_rng(21).permutation(n) if permute else np.arange(n)
        rows = [set(perm[code.col_idx[code.row_ptr[r]:code.row_ptr[r + 1]]].tolist())
                for r in range(code.m)]
        if redundant_row:
            rows.append(rows[0] ^ rows[1])
        if duplicate_column:
            rows = [{c + 1 for c in r} | ({0} if 2 in {c + 1 for c in r} else set()) for r in rows]
            n += 1
        rows = [sorted(r) for r in rows]
        row_ptr = np.cumsum([0] + [len(r) for r in rows]).astype(np.int32)
        col_idx = np.concatenate(rows).astype(np.int32)
        path = os.path.join(temp_dir(), "variant_%d%d%d_%s" % (permute, redundant_row,
                                                               duplicate_column, source_name))
        ldpcgpu.Code.from_rows(n, row_ptr, col_idx, "variant").write_alist(path)
        return path

    def test_grfec_placement_on_other_alists(self):
        """gr-fec's rule, not just "the last k bits": on alists where gr-fec's elimination puts
        the information bits elsewhere, our encoder still gives gr-fec's codewords and both
        decoders return the same bits."""
        cases = [("n_0100_k_0058_gen_matrix.alist", True, False, False),
                 ("n_0300_k_0152_gap_03.alist", True, True, False),
                 ("n_0300_k_0152_gap_03.alist", False, False, True),
                 ("n_0300_k_0152_gap_03.alist", True, True, True),
                 ("n_0500_k_0202_gap_11.alist", False, True, True)]
        elsewhere = 0
        for source, permute, redundant, duplicate in cases:
            path = self.variant_alist(source, permute, redundant, duplicate)
            ours = ldpcgpu.fec_encoder.make("alist:" + path, info_placement="grfec")
            n, k = ours.n(), ours.k()
            theirs_enc = fec.ldpc_encoder_make(path)
            self.assertEqual(theirs_enc.get_input_size(), k, path)  # same k = n - rank(H)
            elsewhere += ours.info_positions() != list(range(n - k, n))
            frames = 6
            info = np.random.default_rng(2).integers(0, 2, frames * k, dtype=np.uint8)
            cw = run_encoder(theirs_enc, info)
            np.testing.assert_array_equal(run_encoder(ours, info), cw, err_msg=path)
            # both decoders return the information bits from gr-fec's positions
            soft = bpsk(cw) + np.random.default_rng(6).normal(0, 0.3, cw.size).astype(np.float32)
            ours_dec = ldpcgpu.fec_decoder.make("alist:" + path, backend="cpu",
                                                sigma=0.3)
            np.testing.assert_array_equal(run_decoder(ours_dec, soft), info, err_msg=path)
            np.testing.assert_array_equal(run_decoder(fec.ldpc_decoder.make(path, 0.3, 50), soft),
                                          info, err_msg=path)
        self.assertGreaterEqual(elsewhere, 3)  # not only the trivial "last k bits" placement

    def test_noise_as_sigma_or_esn0(self):
        """The definition takes the noise as gr-fec's does: sigma (gain 2/sigma^2) or Es/N0 of
        the +-1 soft symbols (gain 4 Es/N0), or the gain; one of them. The gain matters: at 2 dB
        Eb/N0 offset min-sum decodes more frames with 2/sigma^2 than with gain 1."""
        make = ldpcgpu.fec_decoder.make
        self.assertAlmostEqual(make("alist:" + ALIST, sigma=0.5).llr_gain(), 8.0, places=5)
        self.assertAlmostEqual(make("alist:" + ALIST, esn0_db=3.0).llr_gain(),
                               4.0 * 10 ** 0.3, places=4)
        self.assertAlmostEqual(make("alist:" + ALIST, llr_gain=2.5).llr_gain(), 2.5)
        self.assertEqual(make("alist:" + ALIST).llr_gain(), 1.0)
        # Es/N0 and sigma of the same channel give the same gain
        sigma = 0.6
        esn0_db = 10 * np.log10(1 / (2 * sigma ** 2))
        self.assertAlmostEqual(ldpcgpu.fec_decoder.llr_gain_for(esn0_db=esn0_db),
                               ldpcgpu.fec_decoder.llr_gain_for(sigma=sigma), places=4)
        for bad in ({"sigma": -1.0}, {"sigma": float("inf")}, {"esn0_db": float("inf")},
                    {"sigma": 0.5, "esn0_db": 3.0}, {"sigma": 0.5, "llr_gain": 2.0},
                    {"esn0_db": 3.0, "llr_gain": 2.0}):
            with self.assertRaises(ValueError, msg=str(bad)):
                make("alist:" + ALIST, **bad)
        # decoding: gr-fec's +-1 soft bits at 2 dB, the default algorithm (offset min-sum)
        frames = 200
        rng = np.random.default_rng(21)
        info = rng.integers(0, 2, frames * self.k, dtype=np.uint8)
        cw = run_encoder(ldpcgpu.fec_encoder.make("alist:" + ALIST), info)
        sigma = bpsk_sigma(2.0, self.k / self.n)
        soft = bpsk(cw) + rng.normal(0, sigma, cw.size).astype(np.float32)

        def frame_errors(dec):
            out = run_decoder(dec, soft).reshape(frames, self.k)
            return int(np.count_nonzero((out != info.reshape(frames, self.k)).any(axis=1)))
        with_sigma = frame_errors(self.ours(sigma))
        with_esn0 = frame_errors(self.ours(esn0_db=10 * np.log10(1 / (2 * sigma ** 2))))
        with_gain_1 = frame_errors(self.ours())
        self.assertEqual(with_sigma, with_esn0)
        self.assertLess(with_sigma, with_gain_1)

    def test_msg_format_names(self):
        """msg_format is the option's name here as on the blocks; message_format, the name this
        object took before, still works with a DeprecationWarning; both at once is an error."""
        import warnings
        dec = ldpcgpu.fec_decoder.make("alist:" + ALIST, msg_format="int8")
        self.assertEqual(dec.msg_format(), "int8")
        self.assertEqual(dec.message_format(), "int8")  # the deprecated method
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            old = ldpcgpu.fec_decoder.make("alist:" + ALIST, message_format="int16")
        self.assertEqual(old.msg_format(), "int16")
        self.assertTrue(any(issubclass(w.category, DeprecationWarning) for w in caught))
        with self.assertRaises(TypeError):
            ldpcgpu.fec_decoder.make("alist:" + ALIST, msg_format="int8", message_format="int8")
        self.assertEqual(ldpcgpu.fec_decoder.make("alist:" + ALIST).msg_format(), "float")

    # ---- gr-fec's other wrappers ----

    def test_bercurve_generator(self):
        """fec.bercurve_generator over three Es/N0 values, each with a list of two of our
        encoders and decoders (capillary threading), as gr-fec's BER curve examples do."""
        esno = [-1.5, 0.5, 2.0]  # Eb/N0 = Es/N0 + 3.0 dB for this rate
        rate = self.k / self.n
        encs = [[ldpcgpu.fec_encoder.make("alist:" + ALIST) for _ in range(2)] for _ in esno]
        decs = [[ldpcgpu.fec_decoder.make("alist:" + ALIST, backend="cpu",
                                          esn0_db=e,  # gain 4 Es/N0 = 2 / sigma^2
                                          # 10 iterations: errors remain at the first point
                                          max_iterations=10)
                 for _ in range(2)] for e in esno]
        tb = gr.top_block()
        gen = fec.bercurve_generator(encs, decs, esno, 1e9, "capillary", "11", 5)
        nbytes = 60 * self.k // 8
        sinks = []
        for i in range(2 * len(esno)):
            head = blocks.head(gr.sizeof_char, nbytes)
            snk = blocks.vector_sink_b()
            tb.connect((gen, i), head, snk)
            sinks.append(snk)
        tb.run()
        bers = []
        for i, e in enumerate(esno):
            decoded = np.unpackbits(np.array(sinks[2 * i].data(), dtype=np.uint8))
            sent = np.unpackbits(np.array(sinks[2 * i + 1].data(), dtype=np.uint8))
            self.assertEqual(len(decoded), nbytes * 8)
            bers.append(ber(decoded, sent))
        print("bercurve_generator BER at Es/N0 %s dB: %s" % (esno, ["%.3e" % b for b in bers]))
        self.assertGreater(bers[0], 0.0)  # -1.5 dB Es/N0 (1.5 dB Eb/N0): errors remain
        self.assertLess(bers[0], 0.1)
        self.assertEqual(bers[-1], 0.0)
        self.assertGreaterEqual(bers[0], bers[1])
        self.assertGreater(sum(d.frames_decoded() for d in decs[0]), 50)

    def test_tagged_decoder(self):
        """fec.tagged_decoder at its default MTU (which it sets first as the frame size):
        packets of 3 codewords decode to 3 * k bits each."""
        frames, per_packet = 6, 3
        info = np.random.default_rng(9).integers(0, 2, frames * self.k, dtype=np.uint8)
        soft = bpsk(run_encoder(fec.ldpc_encoder_make(ALIST), info))
        ours = self.ours(1.0)
        tb = gr.top_block()
        src = blocks.vector_source_f(soft.tolist(), False)
        tag = blocks.stream_to_tagged_stream(gr.sizeof_float, 1, per_packet * self.n, "packet_len")
        dec = fec.tagged_decoder(ours, gr.sizeof_float, gr.sizeof_char, "packet_len", 1500)
        snk = blocks.vector_sink_b()
        tb.connect(src, tag, dec, snk)
        tb.run()
        np.testing.assert_array_equal(np.array(snk.data(), dtype=np.uint8), info)
        self.assertEqual(ours.frames_per_call(), per_packet)

    def test_threading_and_tagged_encoder(self):
        """extended_decoder / extended_encoder with "ordinary" threading over lists of our
        objects, and fec.tagged_encoder: the codewords and bits of the plain path."""
        frames = 8
        info = np.random.default_rng(14).integers(0, 2, frames * self.k, dtype=np.uint8)
        theirs = run_encoder(fec.ldpc_encoder_make(ALIST), info)
        for threading in ("ordinary", "capillary"):
            encs = [ldpcgpu.fec_encoder.make("alist:" + ALIST) for _ in range(2)]
            decs = [self.ours(0.7) for _ in range(2)]
            np.testing.assert_array_equal(run_encoder(encs, info, threading), theirs, threading)
            self.assertEqual(sum(e.frames_encoded() for e in encs), frames)
            soft = bpsk(theirs) + np.random.default_rng(15).normal(0, 0.7, theirs.size).astype(np.float32)
            np.testing.assert_array_equal(run_decoder(decs, soft, threading), info, threading)
            self.assertEqual([d.frames_decoded() for d in decs], [frames // 2] * 2, threading)
        tb = gr.top_block()
        src = blocks.vector_source_b(info.tolist(), False)
        tag = blocks.stream_to_tagged_stream(gr.sizeof_char, 1, 2 * self.k, "packet_len")
        enc = fec.tagged_encoder(ldpcgpu.fec_encoder.make("alist:" + ALIST), gr.sizeof_char,
                                 gr.sizeof_char, "packet_len", 1500)
        snk = blocks.vector_sink_b()
        tb.connect(src, tag, enc, snk)
        tb.run()
        np.testing.assert_array_equal(np.array(snk.data(), dtype=np.uint8), theirs)

    def post_pdus(self, block, pdus, count):
        """Post PDUs to block's 'in' port; returns the PDUs it publishes on 'out'."""
        tb = gr.top_block()
        dbg = blocks.message_debug()
        tb.msg_connect((block, "out"), (dbg, "store"))
        tb.start()
        for pdu in pdus:
            block.to_basic_block()._post(pmt.intern("in"), pdu)
        deadline = time.time() + 30
        while dbg.num_messages() < count and time.time() < deadline:
            time.sleep(0.01)
        tb.stop()
        tb.wait()
        return [dbg.get_message(i) for i in range(dbg.num_messages())]

    def test_async_decoder_and_encoder(self):
        """fec.async_encoder then fec.async_decoder on PDUs of 1 and 4 codewords."""
        rng = np.random.default_rng(12)
        infos = [rng.integers(0, 2, f * self.k, dtype=np.uint8) for f in (1, 4)]
        enc = fec.async_encoder(ldpcgpu.fec_encoder.make("alist:" + ALIST), False, True, 1500)
        coded = self.post_pdus(enc, [pmt.cons(pmt.PMT_NIL, pmt.init_u8vector(len(i), i.tolist()))
                                     for i in infos], len(infos))
        self.assertEqual(len(coded), len(infos))
        cws = [np.array(pmt.u8vector_elements(pmt.cdr(m)), dtype=np.uint8) for m in coded]
        for info, cw in zip(infos, cws):
            np.testing.assert_array_equal(cw, run_encoder(fec.ldpc_encoder_make(ALIST), info))
        dec = fec.async_decoder(self.ours(0.7), False, True, 1500)
        noisy = [bpsk(cw) + np.random.default_rng(13).normal(0, 0.7, cw.size).astype(np.float32)
                 for cw in cws]
        out = self.post_pdus(dec, [pmt.cons(pmt.make_dict(), pmt.init_f32vector(len(x), x.tolist()))
                                   for x in noisy], len(noisy))
        self.assertEqual(len(out), len(infos))
        for info, msg in zip(infos, out):
            np.testing.assert_array_equal(
                np.array(pmt.u8vector_elements(pmt.cdr(msg)), dtype=np.uint8), info)
            self.assertGreaterEqual(pmt.to_double(pmt.dict_ref(pmt.car(msg), pmt.intern("iterations"),
                                                               pmt.from_double(-1))), 1.0)


if __name__ == "__main__":
    if ALIST is None:
        print("SKIP: gr-fec's alist files (%s) are not installed" % ALIST_NAME)
        sys.exit(SKIP)
    unittest.main()
