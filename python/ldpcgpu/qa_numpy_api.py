#!/usr/bin/env python3
"""QA for the numpy API over the C core: Code, Encoder, Decoder, channel helpers, errors."""
import os
import subprocess
import sys
import unittest

import numpy as np

from gnuradio import ldpcgpu

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _qa_helpers import noiseless_llr, random_info, random_regular_alist, standard_code, temp_dir  # noqa: E402


class qa_numpy_api(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.tmp = temp_dir()
        cls.alist_path = random_regular_alist(cls.tmp)
        cls.code = ldpcgpu.Code("alist:" + cls.alist_path)

    # ---- Code

    def test_code_matrix_views_agree(self):
        code = self.code
        self.assertEqual((code.n, code.m), (96, 48))
        self.assertEqual(code.family, "alist")
        row_ptr, col_idx = code.H
        self.assertEqual(row_ptr.dtype, np.int32)
        self.assertEqual(len(row_ptr), code.m + 1)
        self.assertEqual(row_ptr[-1], code.num_edges)
        self.assertEqual(code.num_edges, 96 * 3)
        dense = code.dense()
        self.assertEqual(dense.shape, (code.m, code.n))
        self.assertEqual(int(dense.sum()), code.num_edges)
        for r in range(code.m):
            self.assertEqual(sorted(np.flatnonzero(dense[r])), list(col_idx[row_ptr[r]:row_ptr[r + 1]]))
        col_ptr, row_idx = code.H_columns
        for c in range(code.n):
            self.assertEqual(sorted(np.flatnonzero(dense[:, c])), list(row_idx[col_ptr[c]:col_ptr[c + 1]]))
        # k = n - rank(H) over GF(2)
        self.assertEqual(code.k, code.n - gf2_rank(dense))
        self.assertEqual(len(code.info_positions), code.k)
        self.assertIsNone(code.base_matrix)

    def test_alist_round_trip_and_from_rows(self):
        code = self.code
        text = code.alist()
        again = ldpcgpu.Code.from_alist_string(text)
        self.assertTrue(np.array_equal(again.dense(), code.dense()))
        again = ldpcgpu.Code.from_alist(self.alist_path)
        self.assertTrue(np.array_equal(again.dense(), code.dense()))
        row_ptr, col_idx = code.H
        again = ldpcgpu.Code.from_rows(code.n, row_ptr, col_idx, "copy")
        self.assertEqual(again.name, "copy")
        self.assertTrue(np.array_equal(again.dense(), code.dense()))

    def test_code_errors(self):
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.Code("dvbt2:1234:1/2")
        with self.assertRaises(RuntimeError):  # LdpcError is a RuntimeError
            ldpcgpu.Code("alist:" + os.path.join(self.tmp, "missing.alist"))
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.Code.from_alist_string("3 2\n1 2\n")
        with self.assertRaises(ValueError):
            ldpcgpu.Code.from_rows(4, np.array([0, 2]), np.array([0, 1, 2]))

    def test_standard_codes(self):
        names = ldpcgpu.list_codes()
        for name in ("dvbt2:64800:1/2", "wimax:2304:1/2", "wifi:1944:3/4"):
            code = standard_code(name)
            if code is None:
                continue
            self.assertIn(name, names)
            self.assertTrue(code.info_is_prefix)
            self.assertTrue(np.array_equal(code.info_positions, np.arange(code.k)))
            self.assertEqual(code.m, code.n - code.k)
        wimax = standard_code("wimax:2304:1/2")
        if wimax is not None:
            self.assertEqual((wimax.n, wimax.k, wimax.z), (2304, 1152, 96))
            self.assertEqual(wimax.base_matrix.shape, (12, 24))
            self.assertEqual(wimax.family, "wimax")
        dvb = standard_code("dvbt2:64800:1/2")
        if dvb is not None:
            self.assertEqual((dvb.n, dvb.k, dvb.family), (64800, 32400, "dvb"))

    # ---- Encoder

    def test_encode(self):
        code = self.code
        info = random_info(code, 10)
        cw = code.encode(info)
        self.assertEqual(cw.shape, (10, code.n))
        self.assertEqual(cw.dtype, np.uint8)
        self.assertTrue(np.all(code.syndrome_weight(cw) == 0))
        self.assertTrue(np.array_equal(cw[:, code.info_positions], info))
        # H c = 0 computed here independently
        self.assertFalse(np.any(code.dense().astype(int) @ cw.T.astype(int) % 2))
        # 1-D in, 1-D out; the Encoder class gives the same
        flat = ldpcgpu.Encoder(code).encode(info.ravel())
        self.assertEqual(flat.shape, (10 * code.n,))
        self.assertTrue(np.array_equal(flat.reshape(cw.shape), cw))
        self.assertEqual(code.syndrome_weight(cw[0]), 0)
        with self.assertRaises(ValueError):
            code.encode(np.zeros((2, code.k + 1), np.uint8))

    # ---- Decoder

    def test_decode_noiseless_formats(self):
        code = self.code
        info = random_info(code, 6, seed=2)
        cw = code.encode(info)
        llr = noiseless_llr(cw)
        self.assertEqual(llr.dtype, np.float32)
        bits, its, ok = ldpcgpu.Decoder(code).decode(llr)
        self.assertEqual(bits.shape, info.shape)
        self.assertTrue(np.array_equal(bits, info))
        self.assertEqual(its.dtype, np.int32)
        self.assertTrue(np.all(its == 1))
        self.assertEqual(ok.dtype, np.bool_)
        self.assertTrue(ok.all())
        bits, _, _ = ldpcgpu.Decoder(code, output_codeword=True).decode(llr)
        self.assertTrue(np.array_equal(bits, cw))
        dec = ldpcgpu.Decoder(code, output_codeword=True, packed=True)
        self.assertEqual(dec.output_bytes, (code.n + 7) // 8)
        bits, _, _ = dec.decode(llr)
        self.assertTrue(np.array_equal(bits, np.packbits(cw, axis=1)))
        bits, _, _ = ldpcgpu.Decoder(code, llr_positive_is_one=True).decode(-llr)
        self.assertTrue(np.array_equal(bits, info))
        bits, _, _ = ldpcgpu.Decoder(code).decode(llr.ravel().astype(np.float64))
        self.assertEqual(bits.shape, (info.size,))
        self.assertTrue(np.array_equal(bits, info.ravel()))

    def test_decode_awgn_all_algorithms(self):
        code = standard_code("wimax:576:1/2") or self.code
        frames = 40
        info = random_info(code, frames, seed=5)
        cw = code.encode(info)
        sigma = ldpcgpu.awgn_sigma(4.0, code.rate)
        llr = ldpcgpu.bpsk_awgn(cw, sigma, seed=7)
        raw_errors = int(np.sum((llr < 0) != cw))
        self.assertGreater(raw_errors, 0)  # the channel really corrupts bits
        for algorithm in ("nms", "oms", "min-sum", "sum-product"):
            dec = ldpcgpu.Decoder(code, algorithm=algorithm, max_iterations=50)
            self.assertEqual(dec.algorithm, algorithm)
            bits, its, ok = dec.decode(llr)
            errors = int(np.sum(bits != info))
            self.assertLess(errors, raw_errors / 10, algorithm)
            # parity_ok is the truth about the returned hard decision
            full, _, _ = ldpcgpu.Decoder(code, algorithm=algorithm, max_iterations=50,
                                         output_codeword=True).decode(llr)
            self.assertTrue(np.array_equal(ok, code.syndrome_weight(full) == 0))
            self.assertTrue(np.all((its >= 1) & (its <= 50)))

    def test_decode_int8(self):
        code = self.code
        info = random_info(code, 8, seed=3)
        cw = code.encode(info)
        llr = ldpcgpu.bpsk_awgn(cw, 0.5, seed=3)
        q = np.clip(np.round(llr * 4.0), -127, 127).astype(np.int8)
        bits_f, _, _ = ldpcgpu.Decoder(code, max_iterations=30).decode(q.astype(np.float32) / 4.0)
        bits_q, _, _ = ldpcgpu.Decoder(code, max_iterations=30, llr_scale=4.0).decode(q)
        self.assertTrue(np.array_equal(bits_q, bits_f))
        self.assertTrue(np.array_equal(bits_q, info))

    def test_row_orders(self):
        """row_order: every order decodes; AUTO is the CPU's own choice (H's order for float
        messages of DVB codes, the 360-row groups for integer ones), so it returns what that
        order returns, bit for bit; a bad name raises."""
        code = standard_code("dvbs2:16200:8/9")
        if code is None:
            self.skipTest("no DVB codes")
        info = random_info(code, 6, seed=11)
        llr = ldpcgpu.bpsk_awgn(code.encode(info), ldpcgpu.awgn_sigma(4.2, code.rate), seed=12)
        for msg, same_as in (("float", "h"), ("int8", "groups")):
            got = {}
            for order in ("auto", "groups", "wide", "h", "narrow", "wide-by-degree", "wide-128", "wide-64",
                          "packed"):
                dec = ldpcgpu.Decoder(code, backend="cpu", msg_format=msg, row_order=order,
                                      max_iterations=30, early_termination=False)
                got[order] = dec.decode(llr)
                self.assertTrue(np.array_equal(got[order][0], info), (msg, order))
            self.assertTrue(all(np.array_equal(a, b) for a, b in zip(got["auto"], got[same_as])))
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.Decoder(code, row_order="sideways")

    def test_sim_frames(self):
        """The simulator's frames: codewords of the code (H c = 0 after a hard decision at high
        SNR), reproducible from (seed, index) alone, noisy at low SNR; quantize_i8 is the
        module's int8 rule."""
        code = standard_code("wimax:576:1/2") or self.code
        info, llr = ldpcgpu.sim_frames(code, 12.0, 6, seed=3)
        self.assertEqual(info.shape, (6, code.k))
        self.assertEqual(llr.shape, (6, code.n))
        self.assertEqual(llr.dtype, np.float32)
        hard = (llr < 0).astype(np.uint8)
        self.assertTrue(np.array_equal(hard, code.encode(info)))
        self.assertTrue(np.all(code.syndrome_weight(hard) == 0))
        info2, llr2 = ldpcgpu.sim_frames(code, 12.0, 2, seed=3, first=4)
        self.assertTrue(np.array_equal(info2, info[4:]) and np.array_equal(llr2, llr[4:]))
        other, _ = ldpcgpu.sim_frames(code, 12.0, 6, seed=4)
        self.assertFalse(np.array_equal(other, info))
        zero, zllr = ldpcgpu.sim_frames(code, 1.0, 3, all_zero=True)
        self.assertTrue(np.all(zero == 0) and np.any(zllr < 0))  # noisy, all-zero sent
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.sim_frames(code, float("nan"), 1)
        x = np.array([0.0, 0.125, -0.125, 0.13, 40.0, -40.0, np.nan, 1.5], np.float32)
        self.assertEqual(ldpcgpu.quantize_i8(x, 4.0).tolist(), [0, 1, -1, 1, 127, -127, 0, 6])
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.quantize_i8(x, 0.0)

    def test_sim_frames_modulations(self):
        """QPSK frames are BPSK's; 16/64/256-QAM frames carry the codeword (hard decisions at
        high SNR), their exact and max-log LLRs share signs there; bad names are refused, as is
        the all-zero codeword over a QAM."""
        code = standard_code("wimax:576:1/2") or self.code
        _, bpsk = ldpcgpu.sim_frames(code, 2.0, 4, seed=9)
        _, qpsk = ldpcgpu.sim_frames(code, 2.0, 4, seed=9, modulation="qpsk")
        self.assertTrue(np.array_equal(bpsk, qpsk))
        for mod, ebn0 in (("16qam", 20.0), ("64qam", 25.0), ("256qam", 30.0)):
            info, exact = ldpcgpu.sim_frames(code, ebn0, 4, seed=9, modulation=mod)
            _, maxlog = ldpcgpu.sim_frames(code, ebn0, 4, seed=9, modulation=mod, demapper="max-log")
            self.assertTrue(np.array_equal((exact < 0).astype(np.uint8), code.encode(info)), mod)
            self.assertTrue(np.array_equal(exact < 0, maxlog < 0), mod)
            self.assertFalse(np.array_equal(exact, bpsk), mod)
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.sim_frames(code, 2.0, 1, modulation="32qam")
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.sim_frames(code, 2.0, 1, demapper="approximate")
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.sim_frames(code, 2.0, 1, modulation="16qam", all_zero=True)

    def test_bad_llrs_do_not_crash(self):
        code = self.code
        llr = np.full((2, code.n), np.nan, np.float32)
        llr[1] = np.inf
        bits, its, ok = ldpcgpu.Decoder(code).decode(llr)
        self.assertEqual(bits.shape, (2, code.k))
        self.assertTrue(np.all(bits == 0))  # +inf means 0; NaN carries no information

    def test_decoder_settings_and_errors(self):
        code = self.code
        dec = ldpcgpu.Decoder(code, max_iterations=12, early_termination=False, schedule="flooding")
        self.assertEqual(dec.max_iterations, 12)
        self.assertFalse(dec.early_termination)
        self.assertEqual(dec.schedule, "flooding")
        self.assertIn(dec.backend, ("cpu-reference", "cpu-simd", "cuda"))
        dec.set_max_iterations(4)
        self.assertEqual(dec.max_iterations, 4)
        _, its, _ = dec.decode(noiseless_llr(code.encode(random_info(code, 2))))
        self.assertTrue(np.all(its == 4))
        with self.assertRaises(ldpcgpu.LdpcError):
            dec.set_max_iterations(0)
        with self.assertRaises(ValueError):
            dec.decode(np.zeros((1, code.n + 1), np.float32))
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.Decoder(code, algorithm="guess")
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.Decoder(code, max_iterations=0)
        self.assertIs(dec.code, code)

    def test_explicit_dtypes(self):
        """LLRs: float32/float64 are LLR values, int8 scaled LLRs; every other dtype is refused
        with an LdpcError (a ValueError) that names the accepted ones. Bits: integer or bool
        arrays of 0s and 1s."""
        code = self.code
        info = random_info(code, 3)
        cw = code.encode(info)
        llr = noiseless_llr(cw).astype(np.float32) / 5.0  # +-4
        dec = ldpcgpu.Decoder(code, llr_scale=4.0)
        ref = dec.decode(llr)[0]
        self.assertTrue(np.array_equal(ref, info))
        self.assertTrue(np.array_equal(dec.decode(llr.astype(np.float64))[0], info))
        self.assertTrue(np.array_equal(dec.decode(llr.tolist())[0], info))  # a list of floats
        q = np.round(llr * 4.0).astype(np.int8)  # scaled: +-16
        self.assertTrue(np.array_equal(dec.decode(q)[0], info))
        for dtype in (np.int16, np.int32, np.int64, np.uint8, np.bool_, np.complex64,
                      np.complex128, np.float16):
            with self.assertRaises(ldpcgpu.LdpcError, msg=dtype) as ctx:
                dec.decode(llr.astype(dtype))
            self.assertIsInstance(ctx.exception, ValueError)
            for accepted in ("float32", "float64", "int8"):
                self.assertIn(accepted, str(ctx.exception))
        # bits: uint8, other integer types and bool are read as 0/1; other values or float
        # and complex arrays are refused
        for dtype in (np.uint8, np.int8, np.int32, np.int64, np.bool_):
            self.assertTrue(np.array_equal(code.encode(info.astype(dtype)), cw), dtype)
            self.assertTrue(np.array_equal(ldpcgpu.bpsk_awgn(cw.astype(dtype), 0.0),
                                           ldpcgpu.bpsk_awgn(cw, 0.0)), dtype)
            self.assertTrue(np.all(code.syndrome_weight(cw.astype(dtype)) == 0), dtype)
        for bad in (info.astype(np.float32), info.astype(np.complex64), info * 2,
                    info.astype(np.int32) + 256, -info.astype(np.int16)):
            with self.assertRaises(ldpcgpu.LdpcError, msg=bad.dtype):
                code.encode(bad)
        if np.any(info):
            with self.assertRaises(ldpcgpu.LdpcError):
                ldpcgpu.bpsk_awgn(info.astype(np.float64), 1.0)

    def test_out_of_memory_raises(self):
        """A copy of the input that cannot be allocated (int8 made contiguous, float64 made
        float32) raises MemoryError; it crashed the interpreter (issue 24, defect 1). Run in a
        child process whose address space is limited, so that the copy fails for certain."""
        child = (
            "import resource, numpy as np\n"
            "from gnuradio import ldpcgpu\n"
            "dec = ldpcgpu.Decoder('wimax:576:1/2')\n"
            "resource.setrlimit(resource.RLIMIT_AS, (6 << 30, 6 << 30))\n"
            "for dtype in (np.int8, np.float64):\n"
            "    big = np.broadcast_to(np.zeros(576, dtype), (20_000_000, 576))\n"
            "    try:\n"
            "        dec.decode(big)\n"
            "        print('decoded', dtype.__name__)\n"
            "    except MemoryError:\n"
            "        print('MemoryError', dtype.__name__)\n")
        p = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True,
                           timeout=300)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertEqual(p.stdout.split("\n")[:2], ["MemoryError int8", "MemoryError float64"],
                         p.stdout + p.stderr)

    def test_bad_arguments_refused(self):
        """Arguments that were accepted wrongly or refused with a wrong reason (issue 24,
        defect 11): a code name with a NUL, complex LLRs to quantize_i8, a negative device id,
        a huge llr_scale; big-endian floats are floats."""
        with self.assertRaises(ldpcgpu.LdpcError) as ctx:
            ldpcgpu.Code("wimax:576:1/2\x00xyz")
        self.assertIn("NUL", str(ctx.exception))
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.Decoder("wimax:576:1/2\x00xyz")
        with self.assertRaises(ldpcgpu.LdpcError) as ctx:
            ldpcgpu.quantize_i8(np.array([1 + 5j, -2 + 1j], np.complex64), 4.0)
        self.assertIn("complex", str(ctx.exception))
        self.assertEqual(ldpcgpu.quantize_i8(np.array([1.0, -2.0], ">f4"), 4.0).tolist(), [4, -8])
        with self.assertRaises(ldpcgpu.LdpcError) as ctx:
            ldpcgpu.Decoder(self.code, devices=[-1])
        self.assertIn("-1", str(ctx.exception))
        with self.assertRaises(ldpcgpu.LdpcError) as ctx:
            ldpcgpu.Decoder(self.code, llr_scale=1e30)
        self.assertNotIn("must be positive", str(ctx.exception))
        self.assertIn("1e+30", str(ctx.exception))
        # big-endian float32 and float64 decode as the native ones
        info = random_info(self.code, 2)
        llr = noiseless_llr(self.code.encode(info)).astype(np.float32)
        dec = ldpcgpu.Decoder(self.code)
        for dtype in (">f4", ">f8", "<f4"):
            self.assertTrue(np.array_equal(dec.decode(llr.astype(dtype))[0], info), dtype)

    def test_code_or_name(self):
        # Encoder and Decoder take a Code or a code name, like the blocks
        code = self.code
        info = random_info(code, 2)
        cw = ldpcgpu.Encoder("alist:" + self.alist_path).encode(info)
        self.assertTrue(np.array_equal(cw, code.encode(info)))
        dec = ldpcgpu.Decoder("alist:" + self.alist_path)
        self.assertEqual(dec.code.n, code.n)
        self.assertTrue(np.array_equal(dec.decode(noiseless_llr(cw))[0], info))
        for bad in (42, None, b"wimax:576:1/2"):
            with self.assertRaises(ldpcgpu.LdpcError, msg=repr(bad)):
                ldpcgpu.Decoder(bad)
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.Encoder("nosuchcode")

    def test_one_exception_type(self):
        # LdpcError is both a ValueError and a RuntimeError: every bad value raises it
        self.assertTrue(issubclass(ldpcgpu.LdpcError, ValueError))
        self.assertTrue(issubclass(ldpcgpu.LdpcError, RuntimeError))
        for call in (lambda: ldpcgpu.Code("nosuch"),
                     lambda: ldpcgpu.Decoder(self.code, msg_format="int4"),
                     lambda: ldpcgpu.Decoder(self.code, backend="abacus"),
                     lambda: ldpcgpu.Decoder(self.code).decode(np.zeros(self.code.n + 1, np.float32)),
                     lambda: ldpcgpu.bpsk_awgn(np.zeros(4, np.uint8), -1.0),
                     lambda: ldpcgpu.Code.from_rows(4, np.array([0, 2]), np.array([0, 1, 2]))):
            with self.assertRaises(ldpcgpu.LdpcError):
                call()

    def test_missing_gpu(self):
        if ldpcgpu.backend_available("cuda"):
            self.assertEqual(ldpcgpu.Decoder(self.code, backend="cuda").backend, "cuda")
            return
        self.assertIn(ldpcgpu.Decoder(self.code, backend="cuda").backend, ("cpu-reference", "cpu-simd"))
        with self.assertRaises(ldpcgpu.LdpcError):
            ldpcgpu.Decoder(self.code, backend="cuda", fallback_to_cpu=False)
        self.assertTrue(ldpcgpu.backend_available("cpu-reference"))

    def test_channel_helpers(self):
        bits = np.random.default_rng(1).integers(0, 2, 20000).astype(np.uint8)
        llr = ldpcgpu.bpsk_awgn(bits, 0.0)
        self.assertTrue(np.all(np.where(bits == 0, llr > 0, llr < 0)))
        sigma = 0.8
        llr = ldpcgpu.bpsk_awgn(bits, sigma, seed=2)
        y = llr * sigma ** 2 / 2  # back to the received samples
        noise = y - (1 - 2.0 * bits)
        self.assertAlmostEqual(float(np.std(noise)), sigma, delta=0.03)
        self.assertTrue(np.array_equal(llr, ldpcgpu.bpsk_awgn(bits, sigma, seed=2)))
        self.assertAlmostEqual(ldpcgpu.awgn_sigma(0.0, 0.5), 1.0, places=6)


def gf2_rank(matrix):
    a = matrix.copy() % 2
    rank = 0
    rows, cols = a.shape
    for c in range(cols):
        pivot = next((r for r in range(rank, rows) if a[r, c]), None)
        if pivot is None:
            continue
        a[[rank, pivot]] = a[[pivot, rank]]
        for r in range(rows):
            if r != rank and a[r, c]:
                a[r] ^= a[rank]
        rank += 1
    return rank


if __name__ == "__main__":
    unittest.main()
