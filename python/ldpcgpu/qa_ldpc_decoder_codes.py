#!/usr/bin/env python3
"""QA for ldpc_decoder on a stream of frames of several codes (code_tag, codes): a DVB-S2
ACM/VCM-like stream cycling through four 64800 MODCOD code rates, each frame's code named by a
tag on its first LLR; frames of codes the block was not made for; partial frames."""
import os
import sys

import numpy as np
import pmt
from gnuradio import gr_unittest

from gnuradio import ldpcgpu

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _qa_helpers import (make_tag, noiseless_llr, nr_received, run_stream_decoder,  # noqa: E402
                         tags_by_key)

RATES = ["dvbs2:64800:1/2", "dvbs2:64800:3/5", "dvbs2:64800:2/3", "dvbs2:64800:3/4"]
KEY = "modcod"


def make_stream(sequence, ebn0_db=None, seed=3, tag_every=True):
    """Frames of the codes RATES[i] for i in sequence: (LLRs, tags, info bits per frame).
    Each frame's first LLR carries a code tag (alternately the code's name and its index), or,
    with tag_every False, only frames whose code differs from the previous frame's."""
    rng = np.random.default_rng(seed)
    llrs, tags, infos, offset, previous = [], [], [], 0, None
    for f, i in enumerate(sequence):
        code = ldpcgpu.Code(RATES[i])
        info = rng.integers(0, 2, (1, code.k), dtype=np.uint8)
        cw = code.encode(info)
        if ebn0_db is None:
            llr = noiseless_llr(cw)
        else:
            llr = ldpcgpu.bpsk_awgn(cw, ldpcgpu.awgn_sigma(ebn0_db, code.rate), seed=seed + f)
        if tag_every or i != previous:
            value = pmt.intern(RATES[i]) if f % 2 == 0 else pmt.from_long(i)
            tags.append(make_tag(offset, KEY, value))
        previous = i
        llrs.append(llr.ravel().astype(np.float32))
        infos.append(info.ravel())
        offset += code.n
    return np.concatenate(llrs), tags, infos


def split_output(out, sequence):
    """The output bytes cut into frames of RATES[i]'s k."""
    frames, pos = [], 0
    for i in sequence:
        k = ldpcgpu.Code(RATES[i]).k
        frames.append(out[pos:pos + k])
        pos += k
    return frames, pos


class qa_ldpc_decoder_codes(gr_unittest.TestCase):

    def decoder(self, **kw):
        return ldpcgpu.ldpc_decoder(RATES[0], backend="cpu", code_tag=KEY, codes=RATES[1:], **kw)

    def check_stream(self, sequence, ebn0_db, **kw):
        llr, tags, infos = make_stream(sequence, ebn0_db, **kw)
        dec = self.decoder()
        out, out_tags = run_stream_decoder(dec, llr, tags)
        frames, total = split_output(out, sequence)
        self.assertEqual(len(out), total)
        for f, (got, sent) in enumerate(zip(frames, infos)):
            self.assertTrue(np.array_equal(got, sent), "frame %d (%s)" % (f, RATES[sequence[f]]))
        # every frame's first output item is tagged with its code's name, whatever the input tag
        starts = np.cumsum([0] + [ldpcgpu.Code(RATES[i]).k for i in sequence])[:-1]
        self.assertEqual(tags_by_key(out_tags, KEY),
                         [(int(o), RATES[i]) for o, i in zip(starts, sequence)])
        results = ldpcgpu.frame_results(out_tags)
        self.assertEqual([r["offset"] for r in results], [int(o) for o in starts])
        self.assertTrue(all(r["parity_ok"] for r in results))
        self.assertEqual(dec.frames_decoded(), len(sequence))
        self.assertEqual(dec.frames_skipped(), 0)
        self.assertEqual(dec.partial_frames_dropped(), 0)
        self.assertGreater(dec.max_latency_ns(), 0)
        self.assertGreaterEqual(dec.max_latency_ns(), dec.average_latency_ns())
        self.assertGreaterEqual(dec.batches_submitted(), 1)
        return dec

    def test_four_modcods_noiseless(self):
        sequence = [0, 1, 2, 3] * 3 + [2, 0, 3, 1]
        dec = self.check_stream(sequence, None)
        self.assertEqual(dec.codes(), RATES)
        self.assertEqual(dec.code_tag(), KEY)
        self.assertEqual(dec.n(), 64800)
        self.assertEqual(dec.k(), 32400)

    def test_four_modcods_with_noise(self):
        # 3.5 dB Eb/N0 is 1.2 - 2.4 dB above each rate's waterfall (docs/quality.md): a frame
        # error here is a decoder or block error, not the channel's
        dec = self.check_stream([3, 2, 1, 0, 0, 1, 2, 3], 3.5, seed=11)
        self.assertGreater(dec.average_iterations(), 1.0)  # the noise was real

    def test_stream_longer_than_a_batch(self):
        # batches of 3 frames: the stream ends with whole frames still waiting for a batch
        sequence = [0, 1, 2, 3, 3, 2, 1, 0, 2, 1, 3]
        llr, tags, infos = make_stream(sequence, None, seed=7)
        dec = self.decoder(batch_frames=3)
        out, out_tags = run_stream_decoder(dec, llr, tags)
        frames, total = split_output(out, sequence)
        self.assertEqual(len(out), total)
        for got, sent in zip(frames, infos):
            self.assertTrue(np.array_equal(got, sent))
        self.assertEqual(dec.frames_decoded(), len(sequence))
        self.assertEqual(dec.partial_frames_dropped(), 0)
        self.assertEqual(dec.batches_submitted(), 4)
        self.assertEqual(len(tags_by_key(out_tags, KEY)), len(sequence))

    def test_code_tag_only_where_the_code_changes(self):
        # frames without a tag keep the code of the frame before them
        self.check_stream([1, 1, 1, 3, 3, 0, 0, 0, 2], None, tag_every=False)

    def test_int8_input(self):
        sequence = [0, 3, 1, 2]
        llr, tags, infos = make_stream(sequence, 3.5, seed=5)
        q = np.clip(np.round(llr * 4), -127, 127).astype(np.int8)
        dec = ldpcgpu.ldpc_decoder(RATES[0], input_type="int8", backend="cpu", code_tag=KEY,
                                   codes=RATES[1:], msg_format="int8")
        out, _ = run_stream_decoder(dec, q, tags)
        frames, total = split_output(out, sequence)
        self.assertEqual(len(out), total)
        for got, sent in zip(frames, infos):
            self.assertTrue(np.array_equal(got, sent))

    def test_unknown_code_is_dropped_counted_and_tagged(self):
        sequence = [0, 1, 2, 3]
        llr, tags, infos = make_stream(sequence, None)
        # a 9/10 frame (not one of the block's codes) between frames 1 and 2
        other = ldpcgpu.Code("dvbs2:64800:9/10")
        junk = noiseless_llr(other.encode(np.zeros((1, other.k), np.uint8))).ravel()
        cut = 2 * 64800
        llr = np.concatenate([llr[:cut], junk.astype(np.float32), llr[cut:]])
        for t in tags:
            if t.offset >= cut:
                t.offset += 64800
        tags.append(make_tag(cut, KEY, pmt.intern("dvbs2:64800:9/10")))
        dec = self.decoder()
        out, out_tags = run_stream_decoder(dec, llr, tags)
        frames, total = split_output(out, sequence)
        self.assertEqual(len(out), total)
        for got, sent in zip(frames, infos):
            self.assertTrue(np.array_equal(got, sent))
        self.assertEqual(dec.frames_skipped(), 1)
        self.assertEqual(dec.frames_decoded(), 4)
        # the next frame written out says what was dropped
        skipped = tags_by_key(out_tags, "ldpc_skipped")
        third = ldpcgpu.Code(RATES[0]).k + ldpcgpu.Code(RATES[1]).k
        self.assertEqual(skipped, [(third, {"code": "dvbs2:64800:9/10", "llrs": 64800})])

    def test_index_out_of_range_is_unknown(self):
        llr, tags, infos = make_stream([0, 1], None)
        tags[1] = make_tag(tags[1].offset, KEY, pmt.from_long(7))
        dec = self.decoder()
        out, _ = run_stream_decoder(dec, llr, tags)
        self.assertTrue(np.array_equal(out, infos[0]))  # the second frame dropped
        self.assertEqual(dec.frames_skipped(), 1)

    def test_code_tag_inside_a_frame_drops_the_partial_frame(self):
        sequence = [2, 0]
        llr, tags, infos = make_stream(sequence, None)
        llr = np.concatenate([llr[:1000], llr])  # the tail of a broken frame before frame 0
        for t in tags:
            t.offset += 1000
        tags.insert(0, make_tag(0, KEY, pmt.intern(RATES[3])))
        dec = self.decoder()
        out, _ = run_stream_decoder(dec, llr, tags)
        frames, total = split_output(out, sequence)
        self.assertEqual(len(out), total)
        for got, sent in zip(frames, infos):
            self.assertTrue(np.array_equal(got, sent))
        self.assertEqual(dec.partial_frames_dropped(), 1)
        # reset_counters clears the block's own counters with the frame counters
        dec.reset_counters()
        self.assertEqual((dec.partial_frames_dropped(), dec.frames_skipped(), dec.frames_decoded(),
                          dec.max_latency_ns(), dec.batches_submitted()), (0, 0, 0, 0, 0))

    def test_nr_codes_take_their_defaults(self):
        """A stream decoder of NR codes (and the PDU decoder) left to the code's offset decodes
        as with oms_beta 0.5, NR's default (ldpcgpu.default_oms_beta(code)), not 0.25."""
        name = "nr:3000:9000"
        code = ldpcgpu.Code(name)
        info = np.zeros((32, code.k), np.uint8)
        info[:, :3000] = np.random.default_rng(6).integers(0, 2, (32, 3000))
        tx = ldpcgpu.nr_rate_match(code, code.encode(info))
        llr = ldpcgpu.nr_rate_recover(code, ldpcgpu.bpsk_awgn(tx, ldpcgpu.awgn_sigma(0.6, 1 / 3),
                                                               seed=2))
        want = ldpcgpu.Decoder(code, backend="cpu", oms_beta=0.5).decode(llr)[1]
        other = ldpcgpu.Decoder(code, backend="cpu", oms_beta=0.25).decode(llr)[1]
        self.assertFalse(np.array_equal(want, other))
        for dec in (ldpcgpu.ldpc_decoder(name, backend="cpu", frame_tags="all"),
                    ldpcgpu.ldpc_decoder(name, backend="cpu", frame_tags="all", code_tag=KEY,
                                         codes=["nr:500:1000"])):
            _, tags = run_stream_decoder(dec, llr)
            got = [r["iterations"] for r in ldpcgpu.frame_results(tags)]
            self.assertEqual(got, list(want))

    def test_nr_rate_matched_codes(self):
        """rate_matched with a code tag: frames of the nr:K:E codes of the list are their E
        received LLRs, those of other codes (WiMAX here) their n; the sent bits come back and
        each frame's iterations are a single decoder's. crc_stop on a list of NR codes: fewer
        iterations."""
        names = ["nr:1000:3000", "nr:500:1500:qm2", "wimax:576:1/2"]
        sequence = [0, 1, 2, 1, 1, 0, 2, 2, 0, 1, 0, 0]
        nr = {i: nr_received(names[i], sequence.count(i), 2.0, seed=i) for i in (0, 1)}
        wimax = ldpcgpu.Code(names[2])
        w_info = np.random.default_rng(3).integers(0, 2, (sequence.count(2), wimax.k), np.uint8)
        w_llr = ldpcgpu.bpsk_awgn(wimax.encode(w_info), ldpcgpu.awgn_sigma(4.0, wimax.rate),
                                  seed=3).astype(np.float32)
        frames = {0: list(zip(nr[0][1], nr[0][3])), 1: list(zip(nr[1][1], nr[1][3])),
                  2: list(zip(w_info, w_llr))}
        singles = {0: ldpcgpu.Decoder(names[0], backend="cpu", rate_matched=True),
                   1: ldpcgpu.Decoder(names[1], backend="cpu", rate_matched=True),
                   2: ldpcgpu.Decoder(names[2], backend="cpu",
                                      oms_beta=ldpcgpu.default_oms_beta(names[0]))}
        llrs, tags, sent, want, offset = [], [], [], [], 0
        for i in sequence:
            info, llr = frames[i].pop(0)
            tags.append(make_tag(offset, KEY, pmt.intern(names[i])))
            llrs.append(llr)
            sent.append(info)
            want.append(int(singles[i].decode(llr)[1][0]))
            offset += len(llr)
        dec = ldpcgpu.ldpc_decoder(names[0], backend="cpu", code_tag=KEY, codes=names[1:],
                                   rate_matched=True)
        self.assertEqual(dec.input_items_per_frame(), 3000)  # the first code's E
        out, out_tags = run_stream_decoder(dec, np.concatenate(llrs), tags)
        self.assertTrue(np.array_equal(out, np.concatenate(sent)))
        results = ldpcgpu.frame_results(out_tags)
        self.assertEqual([r["iterations"] for r in results], want)
        self.assertEqual((dec.frames_decoded(), dec.frames_skipped(), dec.partial_frames_dropped()),
                         (len(sequence), 0, 0))
        # crc_stop: every code must be NR; the NR frames alone stop sooner, same bits
        with self.assertRaises(ValueError):
            ldpcgpu.ldpc_decoder(names[0], backend="cpu", code_tag=KEY, codes=names[1:],
                                 rate_matched=True, crc_stop="crc24b")
        keep = [f for f, i in enumerate(sequence) if i != 2]
        nr_llr = np.concatenate([llrs[f] for f in keep])
        starts = np.cumsum([0] + [len(llrs[f]) for f in keep])[:-1]
        nr_tags = [make_tag(int(o), KEY, pmt.intern(names[sequence[f]])) for o, f in zip(starts, keep)]
        its = {}
        for crc_stop in ("none", "crc24b"):
            dec = ldpcgpu.ldpc_decoder(names[0], backend="cpu", code_tag=KEY, codes=names[1:2],
                                       rate_matched=True, crc_stop=crc_stop)
            out, out_tags = run_stream_decoder(dec, nr_llr, nr_tags)
            self.assertTrue(np.array_equal(out, np.concatenate([sent[f] for f in keep])))
            its[crc_stop] = np.array([r["iterations"] for r in ldpcgpu.frame_results(out_tags)])
        self.assertTrue(np.all(its["crc24b"] <= its["none"]))
        self.assertLess(its["crc24b"].sum(), its["none"].sum())

    def test_codes_need_a_code_tag(self):
        with self.assertRaises(ValueError):
            ldpcgpu.ldpc_decoder(RATES[0], backend="cpu", codes=RATES[1:])
        with self.assertRaises(ValueError):
            ldpcgpu.ldpc_decoder(RATES[0], backend="cpu", code_tag=KEY, codes=["dvbs2:64800:7/7"])


if __name__ == "__main__":
    gr_unittest.run(qa_ldpc_decoder_codes)
