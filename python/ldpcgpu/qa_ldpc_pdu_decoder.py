#!/usr/bin/env python3
"""QA for ldpc_pdu_decoder: PDUs of LLRs in, PDUs of bits out with decoder metadata."""
import os
import sys

import numpy as np
import pmt
from gnuradio import gr_unittest

from gnuradio import ldpcgpu

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _qa_helpers import (noiseless_llr, nr_received, random_info, random_regular_alist,  # noqa: E402
                         run_pdu_decoder, temp_dir)


class qa_ldpc_pdu_decoder(gr_unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.alist_name = "alist:" + random_regular_alist(temp_dir())
        cls.code = ldpcgpu.Code(cls.alist_name)

    def run_pdus(self, dec, pdus):
        return run_pdu_decoder(dec, pdus)

    def test_float_and_int8_pdus(self):
        code = self.code
        info = random_info(code, 3, seed=6)
        llr = noiseless_llr(code.encode(info))
        meta = pmt.dict_add(pmt.make_dict(), pmt.intern("burst_id"), pmt.from_long(42))
        pdus = [pmt.cons(meta, pmt.init_f32vector(code.n, llr[0].tolist())),
                pmt.cons(pmt.PMT_NIL, pmt.init_f32vector(2 * code.n, llr[1:].ravel().tolist())),
                pmt.cons(pmt.make_dict(), pmt.init_s8vector(code.n, (np.sign(llr[2]) * 40).astype(int).tolist()))]
        dec = ldpcgpu.ldpc_pdu_decoder(self.alist_name)
        out = self.run_pdus(dec, pdus)
        self.assertEqual(len(out), 3)
        bits = [np.array(pmt.u8vector_elements(pmt.cdr(m)), np.uint8) for m in out]
        self.assertTrue(np.array_equal(bits[0], info[0]))
        self.assertTrue(np.array_equal(bits[1], info[1:].ravel()))
        self.assertTrue(np.array_equal(bits[2], info[2]))
        meta0 = pmt.to_python(pmt.car(out[0]))
        self.assertEqual(meta0["burst_id"], 42)  # input metadata kept
        self.assertEqual(meta0["ldpc_frames"], 1)
        self.assertEqual(meta0["ldpc_iterations"], 1)
        self.assertTrue(meta0["ldpc_parity_ok"])
        meta1 = pmt.to_python(pmt.car(out[1]))
        self.assertEqual(meta1["ldpc_frames"], 2)
        self.assertEqual(list(meta1["ldpc_frame_iterations"]), [1, 1])
        self.assertEqual(list(meta1["ldpc_frame_parity_ok"]), [1, 1])
        self.assertEqual(dec.frames_decoded(), 4)
        self.assertEqual(dec.frames_parity_failed(), 0)

    def test_nr_rate_matched_and_crc_stop(self):
        """rate_matched: PDUs of E received LLRs of an nr:K:E code decode to the sent bits, per
        frame as the numpy decoder does; crc_stop cuts the iterations in the metadata."""
        name = "nr:1000:3000:qm2"
        code, info, kp, llr = nr_received(name, 12, 1.5, seed=4)
        e = llr.shape[1]
        pdus = [pmt.cons(pmt.make_dict(), pmt.init_f32vector(6 * e, llr[:6].ravel().tolist())),
                pmt.cons(pmt.make_dict(), pmt.init_f32vector(6 * e, llr[6:].ravel().tolist())),
                # n LLRs are no whole number of E-LLR frames: dropped
                pmt.cons(pmt.make_dict(), pmt.init_f32vector(code.n, [1.0] * code.n))]
        want = ldpcgpu.Decoder(code, backend="cpu", rate_matched=True).decode(llr)[1]
        iterations = {}
        for crc_stop in ("none", "crc24b"):
            dec = ldpcgpu.ldpc_pdu_decoder(name, backend="cpu", rate_matched=True,
                                           crc_stop=crc_stop)
            out = self.run_pdus(dec, pdus)
            self.assertEqual((len(out), dec.pdus_dropped()), (2, 1))
            bits = np.concatenate([pmt.u8vector_elements(pmt.cdr(m)) for m in out])
            self.assertTrue(np.array_equal(bits, info.ravel()), crc_stop)
            metas = [pmt.to_python(pmt.car(m)) for m in out]
            self.assertEqual([m["ldpc_frames"] for m in metas], [6, 6])
            iterations[crc_stop] = np.concatenate([m["ldpc_frame_iterations"] for m in metas])
        self.assertEqual(list(iterations["none"]), list(want))
        self.assertTrue(np.all(iterations["crc24b"] <= iterations["none"]))
        self.assertLess(iterations["crc24b"].sum(), iterations["none"].sum())
        # a code that is not nr:K:E, or a CRC on a code that is not NR: refused
        with self.assertRaises(ValueError):
            ldpcgpu.ldpc_pdu_decoder("wimax:576:1/2", backend="cpu", rate_matched=True)
        with self.assertRaises(ValueError):
            ldpcgpu.ldpc_pdu_decoder("wimax:576:1/2", backend="cpu", crc_stop="crc16")
        with self.assertRaises(ValueError):
            ldpcgpu.ldpc_pdu_decoder(name, backend="cpu", crc_stop="crc99")

    def test_saturated_llrs(self):
        code = self.code
        info = random_info(code, 2, seed=7)
        llr = noiseless_llr(code.encode(info)).astype(np.float32)  # +-20
        llr[0, :10] *= 2.0  # +-40: 160 at scale 4
        q8 = np.where(llr[1] > 0, 127, -128).astype(np.int8)  # both ends of the range
        pdus = [pmt.cons(pmt.make_dict(), pmt.init_f32vector(llr.size, llr.ravel().tolist())),
                pmt.cons(pmt.make_dict(), pmt.init_s8vector(code.n, q8.tolist()))]
        dec = ldpcgpu.ldpc_pdu_decoder(self.alist_name)
        out = self.run_pdus(dec, pdus)
        self.assertEqual(len(out), 2)
        self.assertEqual(dec.frames_parity_failed(), 0)
        self.assertEqual(dec.saturated_llrs(), 10 + code.n)

    def test_msg_formats(self):
        """Noisy WiMAX frames: for each message format the PDU decoder gives exactly the numpy
        decoder's bits with the same format, and int8/int16 decode the frames as float does."""
        code = ldpcgpu.Code("wimax:576:1/2")
        info = random_info(code, 6, seed=11)
        cw = code.encode(info)
        llr = ldpcgpu.bpsk_awgn(cw, ldpcgpu.awgn_sigma(3.0, code.rate), seed=5).astype(np.float32)
        pdu = pmt.cons(pmt.make_dict(), pmt.init_f32vector(llr.size, llr.ravel().tolist()))
        for fmt in ("float", "int8", "int16"):
            dec = ldpcgpu.ldpc_pdu_decoder("wimax:576:1/2", msg_format=fmt)
            out = self.run_pdus(dec, [pdu])
            self.assertEqual(len(out), 1, fmt)
            bits = np.array(pmt.u8vector_elements(pmt.cdr(out[0])), np.uint8)
            ref, _, _ = ldpcgpu.Decoder(code, msg_format=fmt).decode(llr)
            self.assertTrue(np.array_equal(bits, ref.ravel()), fmt)
            self.assertTrue(np.array_equal(bits, info.ravel()), fmt)  # 3 dB: all frames decode
        with self.assertRaises(ValueError):
            ldpcgpu.ldpc_pdu_decoder("wimax:576:1/2", msg_format="int4")

    def test_alpha_beta(self):
        """nms_alpha / oms_beta reach the decoder; values outside their ranges raise."""
        code = ldpcgpu.Code("wimax:576:1/2")
        info = random_info(code, 16, seed=21)
        llr = ldpcgpu.bpsk_awgn(code.encode(info), ldpcgpu.awgn_sigma(1.5, code.rate),
                                seed=22).astype(np.float32)
        pdu = pmt.cons(pmt.make_dict(), pmt.init_f32vector(llr.size, llr.ravel().tolist()))
        for alg, key, values in (("nms", "nms_alpha", (0.6, 0.9)), ("oms", "oms_beta", (0.0, 1.0))):
            ref = {v: ldpcgpu.Decoder(code, algorithm=alg, **{key: v}).decode(llr)[0].ravel()
                   for v in values}
            self.assertFalse(np.array_equal(ref[values[0]], ref[values[1]]), key)
            for v in values:
                dec = ldpcgpu.ldpc_pdu_decoder("wimax:576:1/2", algorithm=alg, **{key: v})
                out = self.run_pdus(dec, [pdu])
                bits = np.array(pmt.u8vector_elements(pmt.cdr(out[0])), np.uint8)
                self.assertTrue(np.array_equal(bits, ref[v]), (key, v))
        for bad in (dict(nms_alpha=0.0), dict(nms_alpha=1.01), dict(oms_beta=-1.0)):
            with self.assertRaises(RuntimeError, msg=str(bad)):
                ldpcgpu.ldpc_pdu_decoder("wimax:576:1/2", **bad)
        dec = ldpcgpu.ldpc_pdu_decoder("wimax:576:1/2")
        self.assertEqual(dec.max_iterations(), ldpcgpu.default_max_iterations())

    def test_options_and_failures(self):
        code = self.code
        info = random_info(code, 2, seed=7)
        cw = code.encode(info)
        llr = noiseless_llr(cw)
        llr[1] = np.random.default_rng(3).normal(0, 1, code.n)  # undecodable
        dec = ldpcgpu.ldpc_pdu_decoder(self.alist_name, output_codeword=True, packed_output=True,
                                       max_iterations=4, llr_positive_is_one=True)
        out = self.run_pdus(dec, [pmt.cons(pmt.PMT_NIL, pmt.init_f32vector(2 * code.n, (-llr).ravel().tolist()))])
        self.assertEqual(len(out), 1)
        bits = np.array(pmt.u8vector_elements(pmt.cdr(out[0])), np.uint8).reshape(2, -1)
        self.assertTrue(np.array_equal(bits[0], np.packbits(cw[0])))
        meta = pmt.to_python(pmt.car(out[0]))
        self.assertFalse(meta["ldpc_parity_ok"])
        self.assertEqual(list(meta["ldpc_frame_parity_ok"]), [1, 0])
        self.assertEqual(meta["ldpc_iterations"], 4)
        self.assertEqual(dec.frames_parity_failed(), 1)

    def test_bad_pdus_dropped(self):
        code = self.code
        dec = ldpcgpu.ldpc_pdu_decoder(self.alist_name)
        bad = [pmt.cons(pmt.PMT_NIL, pmt.init_f32vector(code.n - 1, [1.0] * (code.n - 1))),
               pmt.cons(pmt.PMT_NIL, pmt.init_u8vector(code.n, [0] * code.n)),
               pmt.intern("not a pdu"),
               pmt.cons(pmt.PMT_NIL, pmt.init_f32vector(0, []))]
        out = self.run_pdus(dec, bad)
        self.assertEqual(out, [])
        self.assertEqual(dec.pdus_dropped(), 4)
        self.assertEqual(dec.pdus_decoded(), 0)

    def test_setters(self):
        dec = ldpcgpu.ldpc_pdu_decoder(self.alist_name, max_iterations=8)
        dec.set_max_iterations(2)
        self.assertEqual(dec.max_iterations(), 2)
        dec.set_early_termination(False)
        self.assertFalse(dec.early_termination())
        info = random_info(self.code, 1, seed=8)
        llr = noiseless_llr(self.code.encode(info))
        out = self.run_pdus(dec, [pmt.cons(pmt.PMT_NIL, pmt.init_f32vector(self.code.n, llr.ravel().tolist()))])
        self.assertEqual(pmt.to_python(pmt.car(out[0]))["ldpc_iterations"], 2)

    def nr_llrs(self, name, frames, ebn0_db, seed):
        """(info bits with their fillers, decoder LLRs) of frames code blocks of the NR code:
        K random bits and zero fillers, encoded, rate-matched to E bits, sent as BPSK over AWGN
        at ebn0_db (None: noiseless), and the E LLRs placed back into n (nr_rate_recover)."""
        code = ldpcgpu.Code(name)
        k_info = int(name.split(":")[1])
        info = np.zeros((frames, code.k), np.uint8)
        info[:, :k_info] = np.random.default_rng(seed).integers(0, 2, (frames, k_info))
        tx = ldpcgpu.nr_rate_match(code, code.encode(info))
        if ebn0_db is None:
            llr = noiseless_llr(tx)
        else:
            sigma = ldpcgpu.awgn_sigma(ebn0_db, k_info / tx.shape[1])
            llr = ldpcgpu.bpsk_awgn(tx, sigma, seed=seed)
        return info, ldpcgpu.nr_rate_recover(code, llr)

    def test_code_from_metadata(self):
        """PDUs of several codes: each decoded with the code its "code" metadata names (5G NR
        code blocks among them, through noise), or the block's code without it."""
        own = random_info(self.code, 2, seed=8)
        own_llr = noiseless_llr(self.code.encode(own))
        wimax = ldpcgpu.Code("wimax:576:1/2")
        wimax_info = random_info(wimax, 3, seed=9)
        wimax_llr = ldpcgpu.bpsk_awgn(wimax.encode(wimax_info), ldpcgpu.awgn_sigma(4.0, 0.5),
                                      seed=2)
        nr_small, nr_small_llr = self.nr_llrs("nr:500:1000", 2, 3.0, seed=3)
        nr_large, nr_large_llr = self.nr_llrs("nr:3000:9000:qm4", 1, 2.0, seed=4)
        nr_bg1, nr_bg1_llr = self.nr_llrs("nr:8448:16896", 1, None, seed=5)

        def pdu(llr, code=None):
            meta = pmt.make_dict()
            if code is not None:
                meta = pmt.dict_add(meta, pmt.intern("code"), pmt.intern(code))
            flat = np.ascontiguousarray(llr, np.float32).ravel()
            return pmt.cons(meta, pmt.init_f32vector(flat.size, flat.tolist()))

        pdus = [pdu(nr_small_llr, "nr:500:1000"), pdu(own_llr), pdu(wimax_llr, "wimax:576:1/2"),
                pdu(nr_large_llr, "nr:3000:9000:qm4"), pdu(nr_bg1_llr, "nr:8448:16896"),
                pdu(nr_small_llr[:1], "nr:500:1000"), pdu(own_llr[:1], self.alist_name)]
        sent = [nr_small, own, wimax_info, nr_large, nr_bg1, nr_small[:1], own[:1]]
        names = ["nr:500:1000", self.alist_name, "wimax:576:1/2", "nr:3000:9000:qm4",
                 "nr:8448:16896", "nr:500:1000", self.alist_name]
        dec = ldpcgpu.ldpc_pdu_decoder(self.alist_name, backend="cpu")
        out = self.run_pdus(dec, pdus)
        self.assertEqual(len(out), len(pdus))
        self.assertEqual(dec.pdus_dropped(), 0)
        for i, (m, bits) in enumerate(zip(out, sent)):
            got = np.array(pmt.u8vector_elements(pmt.cdr(m)), np.uint8)
            self.assertTrue(np.array_equal(got, bits.ravel()), "PDU %d (%s)" % (i, names[i]))
            meta = pmt.to_python(pmt.car(m))
            self.assertEqual(meta["ldpc_code"], names[i])
            self.assertEqual(meta["ldpc_frames"], len(bits))
            self.assertTrue(meta["ldpc_parity_ok"])
        self.assertEqual(dec.frames_decoded(), sum(len(b) for b in sent))
        self.assertEqual(dec.code_key(), "code")

    def test_bad_code_metadata_dropped(self):
        llr = noiseless_llr(self.code.encode(random_info(self.code, 1, seed=1)))
        vec = pmt.init_f32vector(self.code.n, llr[0].tolist())

        def meta(value):
            return pmt.dict_add(pmt.make_dict(), pmt.intern("code"), value)

        pdus = [pmt.cons(meta(pmt.intern("nosuchcode:1")), vec),
                pmt.cons(meta(pmt.from_long(3)), vec),
                pmt.cons(meta(pmt.intern("wimax:576:1/2")), vec),  # 96 LLRs: no whole 576-LLR frame
                pmt.cons(meta(pmt.intern(self.alist_name)), vec)]
        dec = ldpcgpu.ldpc_pdu_decoder(self.alist_name, backend="cpu")
        out = self.run_pdus(dec, pdus)
        self.assertEqual(dec.pdus_dropped(), 3)
        self.assertEqual(len(out), 1)
        # code_key "" ignores the metadata: the block's code decodes every PDU
        dec = ldpcgpu.ldpc_pdu_decoder(self.alist_name, backend="cpu", code_key="")
        out = self.run_pdus(dec, pdus)
        self.assertEqual((dec.pdus_dropped(), len(out)), (0, 4))


if __name__ == "__main__":
    gr_unittest.run(qa_ldpc_pdu_decoder)
