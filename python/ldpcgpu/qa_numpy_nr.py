#!/usr/bin/env python3
"""QA for the numpy API's 5G NR part (rate matching against NVIDIA Sionna's bits, rate recovery
with HARQ combining, the transport block codec) and the multi-code decoder."""
import os
import sys
import unittest

import numpy as np

from gnuradio import ldpcgpu

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _qa_helpers import nr_blocks  # noqa: E402

VECTORS = os.path.join(os.environ.get("LDPCGPU_SHARED_CODES", ""), "nr5g", "sionna_nr_vectors.txt")


def hex_bits(h, count):
    bits = []
    for ch in h:
        v = int(ch, 16)
        bits += [(v >> b) & 1 for b in (3, 2, 1, 0)]
    return np.array(bits[:count], dtype=np.uint8)


def sionna_cases():
    cases, cur = [], None
    with open(VECTORS) as f:
        lines = f.readlines()
    for line in lines:
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
    return cases


# CRC generator polynomials of 38.212 5.1 without their leading term: the parity bits written
# independently of the core, to check the blocks the tests send
CRC_POLY = {"crc24a": (24, 0x864CFB), "crc24b": (24, 0x800063), "crc16": (16, 0x1021)}


def crc_remainder(bits, crc):
    """Remainder of bits (data followed by its CRC) divided by the CRC's generator: 0 when the
    CRC holds."""
    length, poly = CRC_POLY[crc]
    reg, top, mask = 0, 1 << (length - 1), (1 << length) - 1
    for b in bits:
        fb = bool(reg & top) ^ bool(b)
        reg = (reg << 1) & mask
        if fb:
            reg ^= poly
    return reg


def cpu_backend():
    return "cpu-simd" if ldpcgpu.backend_available("cpu-simd") else "cpu-reference"


class qa_numpy_nr(unittest.TestCase):

    @unittest.skipUnless(os.path.exists(VECTORS), "no ../shared/codes/nr5g/sionna_nr_vectors.txt")
    def test_rate_match_reproduces_sionna(self):
        compared = 0
        for cs in sionna_cases():
            code = ldpcgpu.Code("nr:%d:%d:qm%d" % (cs["k"], cs["e"], cs["qm"]))
            info = np.zeros((len(cs["frames"]), code.k), dtype=np.uint8)  # K bits, then fillers
            for f, fr in enumerate(cs["frames"]):
                info[f, :cs["k"]] = fr["u"]
            cw = code.encode(info)
            for rv in range(4):
                tx = ldpcgpu.nr_rate_match(code, cw, rv=rv)
                self.assertEqual(tx.shape, (len(cs["frames"]), cs["e"]))
                want = np.stack([fr["c"][rv] for fr in cs["frames"]])
                self.assertTrue(np.array_equal(tx, want), "K %d E %d Qm %d rv %d" %
                                (cs["k"], cs["e"], cs["qm"], rv))
                compared += 1
            # the code's own rv (named) is the default
            named = ldpcgpu.Code("nr:%d:%d:rv2:qm%d" % (cs["k"], cs["e"], cs["qm"]))
            self.assertTrue(np.array_equal(ldpcgpu.nr_rate_match(named, cw),
                                           np.stack([fr["c"][2] for fr in cs["frames"]])))
        self.assertEqual(compared, 13 * 4)

    def test_rate_recover_and_decode(self):
        code = ldpcgpu.Code("nr:1000:3000:qm4")
        rng = np.random.default_rng(3)
        info = np.zeros((3, code.k), dtype=np.uint8)
        info[:, :1000] = rng.integers(0, 2, (3, 1000))
        tx = ldpcgpu.nr_rate_match(code, code.encode(info))
        llr = np.where(tx == 0, 4.0, -4.0).astype(np.float32)
        harq = ldpcgpu.nr_rate_recover(code, llr)
        self.assertEqual(harq.shape, (3, code.n))
        self.assertEqual(harq.dtype, np.float32)
        self.assertTrue(np.all(harq[:, 1000:code.k] == 1000.0))  # fillers: certain zeros
        self.assertTrue(np.all(harq[:, :2 * code.z] == 0.0))     # punctured
        bits, _, ok = ldpcgpu.Decoder(code, backend=cpu_backend()).decode(harq)
        self.assertTrue(ok.all())
        self.assertTrue(np.array_equal(bits[:, :1000], info[:, :1000]))
        # HARQ: a second transmission of the same rv adds up in the caller's buffer, in place
        again = ldpcgpu.nr_rate_recover(code, llr, harq=harq)
        self.assertIs(again, harq)
        sent = (harq != 0.0) & (harq != 1000.0)
        self.assertTrue(np.all(np.abs(harq[sent]) >= 8.0))
        # rv 3 alone from a code named rv 0: another part of the circular buffer
        tx3 = ldpcgpu.nr_rate_match(code, code.encode(info), rv=3)
        self.assertFalse(np.array_equal(tx3, tx))
        h3 = ldpcgpu.nr_rate_recover(code, np.where(tx3 == 0, 4.0, -4.0), rv=3)
        bits3, _, ok3 = ldpcgpu.Decoder(code, backend=cpu_backend()).decode(h3)
        self.assertTrue(ok3.all() and np.array_equal(bits3[:, :1000], info[:, :1000]))

    def test_decoder_rate_matched(self):
        # frames of the E received LLRs: the same bits and statuses as the recovered frames
        for name in ("nr:1000:3000:rv2:qm4", "nr:100:600:qm2"):
            code = ldpcgpu.Code(name)
            rng = np.random.default_rng(5)
            info = np.zeros((4, code.k), dtype=np.uint8)
            kp = int(name.split(":")[1])
            info[:, :kp] = rng.integers(0, 2, (4, kp))
            tx = ldpcgpu.nr_rate_match(code, code.encode(info))
            llr = (np.where(tx == 0, 1.0, -1.0) + rng.normal(0, 0.8, tx.shape)).astype(np.float32) * 2.5
            dec = ldpcgpu.Decoder(code, backend=cpu_backend(), rate_matched=True, output_codeword=True)
            self.assertEqual(dec.frame_llrs, tx.shape[1])
            bits, it, ok = dec.decode(llr)
            ref_bits, ref_it, ref_ok = ldpcgpu.Decoder(code, backend=cpu_backend(), output_codeword=True).decode(
                ldpcgpu.nr_rate_recover(code, llr))
            self.assertTrue(np.array_equal(bits, ref_bits) and np.array_equal(it, ref_it) and np.array_equal(ok, ref_ok))
            self.assertTrue(np.array_equal(bits[:, :kp], info[:, :kp]))
            with self.assertRaises(ldpcgpu.LdpcError):  # frames of n LLRs are not frames of E
                dec.decode(np.zeros((1, code.n), dtype=np.float32))
        with self.assertRaises(ldpcgpu.LdpcError):  # a mother code has no E
            ldpcgpu.Decoder("nr:bg2:z52", rate_matched=True)

    def test_decoder_harq_buffers(self):
        # IR-HARQ in the decoder's own buffers: rv 0 then rv 2 of the same code blocks; the
        # buffers equal nr_rate_recover's combining, the bits the mother code's decode of it
        # (after rv 0 alone: the code's, on the rows rv 0 reaches)
        name, mother = "nr:1000:3000", "nr:bg2:z104"
        code = ldpcgpu.Code(name)
        rng = np.random.default_rng(8)
        frames, kp = 4, 1000
        info = np.zeros((frames, code.k), dtype=np.uint8)
        info[:, :kp] = rng.integers(0, 2, (frames, kp))
        cw = code.encode(info)
        dec = ldpcgpu.Decoder(code, backend=cpu_backend(), rate_matched=True, harq_buffers=6,
                              output_codeword=True, early_termination=False, max_iterations=12)
        ref = np.zeros((frames, code.n), dtype=np.float32)
        wrong = []
        for i, rv in enumerate((0, 2)):
            tx = ldpcgpu.nr_rate_match(code, cw, rv=rv)
            llr = (np.where(tx == 0, 1.0, -1.0) + rng.normal(0, 1.6, tx.shape)).astype(np.float32) * 1.25
            bits, it, ok = dec.decode(llr, buffers=np.arange(frames) + 2, rv=rv, first=int(i == 0))
            ldpcgpu.nr_rate_recover(code, llr, harq=ref, rv=rv)
            for f in range(frames):
                self.assertTrue(np.array_equal(dec.harq_buffer(f + 2), ref[f]))
            # buffers that hold only the code's own rv (the first transmission) decode on the
            # code's decode graph, as a decoder of the code without buffers decodes n values
            by = name if rv == 0 else mother
            want, want_it, want_ok = ldpcgpu.Decoder(by, backend=cpu_backend(), output_codeword=True,
                                                     early_termination=False, max_iterations=12).decode(ref)
            self.assertTrue(np.array_equal(bits, want) and np.array_equal(it, want_it) and np.array_equal(ok, want_ok))
            wrong.append(int(np.sum(np.any(bits != cw, axis=1))))
        self.assertGreater(wrong[0], wrong[1])  # combining helps
        with self.assertRaises(ldpcgpu.LdpcError):  # a buffer twice in one call
            dec.decode(llr, buffers=np.zeros(frames, dtype=np.int32), rv=2)
        with self.assertRaises(ldpcgpu.LdpcError):  # buffer out of range
            dec.decode(llr, buffers=6)
        with self.assertRaises(ldpcgpu.LdpcError):  # no buffers without rate_matched
            ldpcgpu.Decoder(code, harq_buffers=2)
        with self.assertRaises(ValueError):  # rv without buffers
            dec.decode(llr, rv=2)

    def test_nr_crc_attach(self):
        rng = np.random.default_rng(2)
        data = rng.integers(0, 2, (3, 300)).astype(np.uint8)
        for crc, length in (("crc24a", 24), ("crc24b", 24), ("crc16", 16)):
            blocks = ldpcgpu.nr_crc_attach(data, crc)
            self.assertEqual(blocks.shape, data.shape)
            self.assertTrue(np.array_equal(blocks[:, :-length], data[:, :-length]))
            for b in blocks:
                self.assertEqual(crc_remainder(b, crc), 0, crc)
            blocks[0, 5] ^= 1  # one flipped bit breaks it
            self.assertNotEqual(crc_remainder(blocks[0], crc), 0)
        self.assertEqual(ldpcgpu.nr_crc_attach(data[0], "24b").shape, (300,))
        for bad in ("none", "crc32", ""):
            with self.assertRaises(ValueError, msg=bad):
                ldpcgpu.nr_crc_attach(data, bad)
        with self.assertRaises(ValueError):  # no room for data before the CRC
            ldpcgpu.nr_crc_attach(data[:, :24], "crc24b")

    def test_decoder_crc_stop(self):
        """CRC-aided early stop: code blocks carrying CRC24B stop sooner at a moderate SNR,
        their bits the sent ones, frames of n LLRs or of E (rate_matched)."""
        code = ldpcgpu.Code("nr:1000:3000")
        rng = np.random.default_rng(8)
        info, kp = nr_blocks(code, 40, "crc24b", rng)
        tx = ldpcgpu.nr_rate_match(code, code.encode(info))
        # Es/N0 1.5 dB above what rate 1/3 needs on BPSK at Eb/N0 0: frames decode in several
        # iterations, the information bits settling before the parity bits
        rx = ldpcgpu.bpsk_awgn(tx, ldpcgpu.awgn_sigma(1.5, kp / tx.shape[1]), seed=8)
        for rate_matched in (False, True):
            llr = rx if rate_matched else ldpcgpu.nr_rate_recover(code, rx)
            plain = ldpcgpu.Decoder(code, backend=cpu_backend(), rate_matched=rate_matched)
            crc = ldpcgpu.Decoder(code, backend=cpu_backend(), rate_matched=rate_matched,
                                  crc_stop="crc24b")
            self.assertEqual((plain.crc_stop, crc.crc_stop), ("none", "crc24b"))
            b0, it0, ok0 = plain.decode(llr)
            b1, it1, ok1 = crc.decode(llr)
            self.assertTrue(ok0.all() and np.array_equal(b0[:, :kp], info[:, :kp]))
            self.assertTrue(np.array_equal(b1[:, :kp], info[:, :kp]))
            for bits in b1:
                self.assertEqual(crc_remainder(bits[:kp], "crc24b"), 0)
            # never later, and sooner on the whole
            self.assertTrue(np.all(it1 <= it0), (it0, it1))
            self.assertLess(it1.sum(), it0.sum())
            print("crc_stop crc24b, rate_matched %s: %.2f iterations a frame, %.2f without" %
                  (rate_matched, it1.mean(), it0.mean()))
        # aliases and case: the core's vocabulary
        self.assertEqual(ldpcgpu.Decoder(code, backend=cpu_backend(), crc_stop="24B").crc_stop,
                         "crc24b")
        for bad in ("crc32", "yes", ""):
            with self.assertRaises(ValueError, msg=bad):
                ldpcgpu.Decoder(code, backend=cpu_backend(), crc_stop=bad)
        for other in ("wimax:576:1/2", "dvbs2:16200:1/2"):
            with self.assertRaises(ldpcgpu.LdpcError, msg=other):
                ldpcgpu.Decoder(other, backend=cpu_backend(), crc_stop="crc24b")

    def test_multi_decoder_rate_matched_crc_stop(self):
        """MultiDecoder with rate_matched: rows of E LLRs for the nr:K:E codes (of n for the
        others), as single rate-matched decoders give them; with crc_stop as well."""
        names = ["nr:1000:3000", "nr:500:1500:qm2", "nr:100:5000:rv3", "wimax:576:1/2"]
        codes = [ldpcgpu.Code(n) for n in names]
        rng = np.random.default_rng(21)
        index = rng.integers(0, len(codes), 30)
        index[:len(codes)] = np.arange(len(codes))
        md = ldpcgpu.MultiDecoder(codes, backend=cpu_backend(), rate_matched=True)
        lens = [3000, 1500, 5000, 576]
        self.assertEqual([md.frame_llrs(i) for i in range(len(codes))], lens)
        self.assertEqual(md.max_n, 5000)  # an E, more than any n here
        llr = np.zeros((len(index), md.max_n), np.float32)
        sent = []
        for f, c in enumerate(index):
            code = codes[c]
            if code.family == "nr":
                info, kp = nr_blocks(code, 1, "crc24b", rng)
                tx = ldpcgpu.nr_rate_match(code, code.encode(info))[0]
                rate = kp / len(tx)
            else:
                info, kp = rng.integers(0, 2, (1, code.k)).astype(np.uint8), code.k
                tx, rate = code.encode(info)[0], code.rate
            llr[f, :len(tx)] = ldpcgpu.bpsk_awgn(tx, ldpcgpu.awgn_sigma(4.0, rate), seed=f)
            sent.append(info[0, :kp])
        bits, it, ok = md.decode(llr, index)
        beta = ldpcgpu.default_oms_beta(names[0])
        singles = [ldpcgpu.Decoder(c, backend=cpu_backend(), oms_beta=beta,
                                   rate_matched=c.family == "nr") for c in codes]
        for f, c in enumerate(index):
            b1, it1, ok1 = singles[c].decode(llr[f, :lens[c]])
            self.assertTrue(np.array_equal(bits[f, :md.output_bytes(int(c))], b1))
            self.assertEqual((it[f], ok[f]), (it1[0], ok1[0]))
            self.assertTrue(np.array_equal(bits[f, :len(sent[f])], sent[f]), f)
        # crc_stop: every code must be NR
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.MultiDecoder(codes, backend=cpu_backend(), crc_stop="crc24b")
        nr = [i for i, c in enumerate(codes) if c.family == "nr"]
        rows = np.isin(index, nr)
        remap = {c: i for i, c in enumerate(nr)}
        nr_index = np.array([remap[c] for c in index[rows]])
        md_nr = ldpcgpu.MultiDecoder([codes[i] for i in nr], backend=cpu_backend(),
                                     rate_matched=True, crc_stop="crc24b")
        bits2, it2, _ = md_nr.decode(llr[rows], nr_index)
        self.assertTrue(np.all(it2 <= it[rows]))
        for row, f in zip(bits2, np.flatnonzero(rows)):
            self.assertTrue(np.array_equal(row[:len(sent[f])], sent[f]))
        with self.assertRaises(ValueError):
            ldpcgpu.MultiDecoder(codes, backend=cpu_backend(), crc_stop="crc17")

    def test_rate_match_errors(self):
        code = ldpcgpu.Code("nr:100:300")
        cw = np.zeros((1, code.n), dtype=np.uint8)
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.nr_rate_match(code, cw, rv=4)
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.nr_rate_match(code, cw, qm=4, e=302)  # e not a multiple of Qm
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.nr_rate_match("wimax:576:1/2", np.zeros(576, dtype=np.uint8))
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.nr_rate_match("nr:bg2:z18", np.zeros(52 * 18, dtype=np.uint8))  # mother: no e
        self.assertEqual(ldpcgpu.nr_rate_match("nr:bg2:z18", np.zeros(52 * 18, dtype=np.uint8),
                                               e=500).shape, (500,))
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.nr_rate_recover(code, np.zeros(300, dtype=np.int32))
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.nr_rate_recover(code, np.zeros(300, np.float32), harq=np.zeros(code.n))  # f64
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.nr_rate_recover(code, np.zeros(300, np.float32),
                                    harq=np.zeros(2 * code.n, np.float32))

    def test_helpers(self):
        self.assertEqual(ldpcgpu.nr_select_bg(200, 0.9), 2)
        self.assertEqual(ldpcgpu.nr_select_bg(8000, 0.7), 1)
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.nr_select_bg(0, 0.5)
        e = ldpcgpu.nr_cb_e(12000, 4, 1, 3)
        self.assertEqual(sum(e), 12000)
        self.assertTrue(all(x % 4 == 0 for x in e))

    def test_tb_codec(self):
        # A = 100008 on BG1 (worked in core/tests/test_nr_tb.c): C 12, K' 8360, Z 384, F 88
        x = ldpcgpu.NrTbCodec(100008, 1, backend=cpu_backend())
        lay = x.layout
        self.assertEqual((lay["c"], lay["k_prime"], lay["z"], lay["fillers"], lay["tb_crc"]),
                         (12, 8360, 384, 88, 24))
        self.assertEqual(x.c, 12)
        # a small TB, end to end: noiseless, AWGN, IR-HARQ over a too noisy channel
        x = ldpcgpu.NrTbCodec(3840, 2, backend=cpu_backend(), max_iterations=20)
        self.assertEqual(x.c, 2)
        e = ldpcgpu.nr_cb_e(9600, 2, 1, x.c)
        rng = np.random.default_rng(7)
        a = rng.integers(0, 2, 3840).astype(np.uint8)
        tx = x.encode(a, e, rv=0, qm=2)
        self.assertEqual(tx.shape, (9600,))
        bits, ok, it, pok = x.decode(np.where(tx == 0, 4.0, -4.0), e, rv=0, qm=2)
        self.assertTrue(ok and pok.all() and np.array_equal(bits, a))
        self.assertEqual(it.shape, (2,))
        llr = ldpcgpu.bpsk_awgn(tx, 0.7, seed=2)
        bits, ok, _, _ = x.decode(llr, e, rv=0, qm=2)
        self.assertTrue(ok and np.array_equal(bits, a))
        # a flipped LLR sign pattern that breaks the TB: CRC fails, reported
        bits, ok, _, pok = x.decode(-np.where(tx == 0, 4.0, -4.0), e, rv=0, qm=2)
        self.assertFalse(ok)
        harq = np.zeros(x.c * x.layout["n_ldpc"], np.float32)
        oks = []
        for t, rv in enumerate((0, 2, 3, 1)):
            llr = ldpcgpu.bpsk_awgn(x.encode(a, e, rv=rv, qm=2), 1.6, seed=10 + t)
            bits, ok, _, _ = x.decode(llr, e, rv=rv, qm=2, harq=harq)
            oks.append(ok)
        self.assertFalse(oks[0])
        self.assertTrue(oks[-1] and np.array_equal(bits, a))
        with self.assertRaises(ldpcgpu.LdpcError):
            x.encode(a, e[:1])
        with self.assertRaises(ldpcgpu.LdpcError):
            x.encode(a[:-1], e)
        with self.assertRaises(ldpcgpu.LdpcError):
            x.decode(np.zeros(9599, np.float32), e)
        with self.assertRaises(ldpcgpu.LdpcError):
            x.decode(np.zeros(9600, np.float32), e, harq=np.zeros(10, np.float32))
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.NrTbCodec(100000, 1)  # no K' = B'/C: not a TBS

    def test_nr_defaults(self):
        """NR codes take their family's offset (0.5, ldpc_decoder_config_init_code) where the
        caller leaves it to the code (code_default): the same decisions as an explicit 0.5,
        others than 0.25's near the waterfall; WiMAX and WiFi take 0.5 too, most DVB codes
        keep the default of no code, 0.25."""
        self.assertTrue(np.isnan(ldpcgpu.code_default))
        self.assertEqual(ldpcgpu.default_oms_beta("nr:3000:9000"), 0.5)
        self.assertEqual(ldpcgpu.default_oms_beta("nr:bg1:z384"), 0.5)
        self.assertEqual(ldpcgpu.default_oms_beta("wimax:576:1/2"), 0.5)
        self.assertEqual(ldpcgpu.default_oms_beta("wifi:648:5/6"), 0.5)
        self.assertEqual(ldpcgpu.default_oms_beta("dvbs2:16200:1/2"), ldpcgpu.default_oms_beta())
        self.assertEqual(ldpcgpu.default_oms_beta(), 0.25)
        self.assertEqual(ldpcgpu.default_algorithm("nr:3000:9000"), "oms")
        code = ldpcgpu.Code("nr:3000:9000")
        info = np.zeros((64, code.k), np.uint8)
        info[:, :3000] = np.random.default_rng(4).integers(0, 2, (64, 3000))
        tx = ldpcgpu.nr_rate_match(code, code.encode(info))
        llr = ldpcgpu.nr_rate_recover(code, ldpcgpu.bpsk_awgn(tx, ldpcgpu.awgn_sigma(0.6, 1 / 3),
                                                               seed=9))
        runs = {beta: ldpcgpu.Decoder(code, backend=cpu_backend(), oms_beta=beta).decode(llr)
                for beta in (ldpcgpu.code_default, 0.5, 0.25)}
        default, half, quarter = (runs[b] for b in (ldpcgpu.code_default, 0.5, 0.25))
        self.assertTrue(np.array_equal(default[1], half[1]) and np.array_equal(default[0], half[0]))
        self.assertFalse(np.array_equal(default[1], quarter[1]))
        # at 0.6 dB, 25 iterations, 0.5 decodes frames that 0.25 does not (docs/quality.md)
        self.assertGreater(np.count_nonzero(half[2]), np.count_nonzero(quarter[2]))

    def test_llr_scale_2_on_base_graph_1(self):
        """The numpy API takes the library's llr_scale range (ldpc_llr_scale_range): 2 for 5G NR
        base graph 1 of rate >= 1/3 with offset min-sum (int8 messages decode there), 4..8 for
        base graph 2, for normalized min-sum and below rate 1/3."""
        code = ldpcgpu.Code("nr:1000:1200")  # base graph 1, rate 0.83
        info = np.zeros((16, code.k), np.uint8)
        info[:, :1000] = np.random.default_rng(5).integers(0, 2, (16, 1000))
        tx = ldpcgpu.nr_rate_match(code, code.encode(info))
        llr = ldpcgpu.nr_rate_recover(code, ldpcgpu.bpsk_awgn(tx, ldpcgpu.awgn_sigma(6.0, 1000 / 1200),
                                                               seed=3))
        for fmt in ("int8", "int16"):
            bits, _, ok = ldpcgpu.Decoder(code, backend=cpu_backend(), msg_format=fmt,
                                          llr_scale=2.0).decode(llr)
            self.assertTrue(np.all(ok), fmt)
            self.assertTrue(np.array_equal(bits[:, :1000], info[:, :1000]), fmt)
        refused = [("nr:1000:1200", dict(algorithm="nms", nms_alpha=0.8)),
                   ("nr:1000:5000", {}),    # base graph 2
                   ("nr:8448:25400", {}),   # base graph 1 below rate 1/3
                   ("wimax:576:1/2", dict(oms_beta=0.5))]
        for name, kw in refused:
            with self.assertRaisesRegex(ValueError, "4..8", msg=name):
                ldpcgpu.Decoder(ldpcgpu.Code(name), backend=cpu_backend(), msg_format="int16",
                                llr_scale=2.0, **kw)

    def test_multi_decoder_matches_single_decoders(self):
        names = ["dvbs2:16200:1/2", "dvbs2:16200:3/5", "dvbs2:16200:3/4", "dvbs2:16200:8/9",
                 "nr:500:1000", "nr:100:300:qm2"]
        codes = [ldpcgpu.Code(n) for n in names]
        rng = np.random.default_rng(11)
        index = rng.integers(0, len(codes), 40)
        index[:len(codes)] = np.arange(len(codes))
        md = ldpcgpu.MultiDecoder(codes, backend=cpu_backend(), max_iterations=20)
        self.assertEqual(md.max_n, max(c.n for c in codes))
        llr = np.zeros((len(index), md.max_n), np.float32)
        sent = []
        for f, c in enumerate(index):
            code = codes[c]
            info = rng.integers(0, 2, code.k).astype(np.uint8)
            # Eb/N0 4.5 dB: every code here decodes (8/9 at 16200 needs the most), with
            # iteration counts that differ from frame to frame
            if code.family == "nr":
                kk, e = (int(x) for x in names[c].split(":")[1:3])
                info[kk:] = 0  # fillers
                tx = ldpcgpu.nr_rate_match(code, code.encode(info))
                rx = ldpcgpu.bpsk_awgn(tx, ldpcgpu.awgn_sigma(4.5, kk / e), seed=f)
                llr[f, :code.n] = ldpcgpu.nr_rate_recover(code, rx)
            else:
                sigma = ldpcgpu.awgn_sigma(4.5, code.rate)
                llr[f, :code.n] = ldpcgpu.bpsk_awgn(code.encode(info), sigma, seed=f)
            sent.append(info)
        bits, it, ok = md.decode(llr, index)
        self.assertGreater(it.max(), it.min())
        self.assertEqual(bits.shape, (len(index), md.max_output_bytes))
        # one configuration for every code: the first code's defaults (oms beta 0.25 of DVB,
        # where a Decoder of an NR code alone would take NR's 0.5)
        beta = ldpcgpu.default_oms_beta(names[0])
        singles = [ldpcgpu.Decoder(c, backend=cpu_backend(), max_iterations=20, oms_beta=beta)
                   for c in codes]
        for f, c in enumerate(index):
            b1, it1, ok1 = singles[c].decode(llr[f, :codes[c].n])
            ob = md.output_bytes(int(c))
            self.assertTrue(np.array_equal(bits[f, :ob], b1) and not bits[f, ob:].any())
            self.assertEqual((it[f], ok[f]), (it1[0], ok1[0]))
            self.assertTrue(ok[f] and np.array_equal(bits[f, :ob], sent[f]))
        with self.assertRaises(ldpcgpu.LdpcError):
            md.decode(llr, np.full(len(index), len(codes)))
        with self.assertRaises(ldpcgpu.LdpcError):
            md.decode(llr, index[:-1])
        with self.assertRaises(ldpcgpu.LdpcError):
            md.decode(llr[:, :-1], index)
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.MultiDecoder([])


if __name__ == "__main__":
    unittest.main()
