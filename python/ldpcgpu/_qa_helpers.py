"""Shared pieces of the gr-ldpcgpu QA tests (not installed, not a test itself)."""
import os
import tempfile
import time

import numpy as np
import pmt
from gnuradio import blocks, gr

from gnuradio import ldpcgpu

SKIP = 77


def random_regular_alist(directory, n=96, col_degree=3, row_degree=6, seed=5):
    """A random (col_degree, row_degree)-regular LDPC code without repeated entries, written as
    an alist file in directory; returns the path. Exercises the 'alist:FILE' code names."""
    m = n * col_degree // row_degree
    rng = np.random.default_rng(seed)
    for _ in range(1000):
        sockets = np.repeat(np.arange(n), col_degree)
        rng.shuffle(sockets)
        rows = sockets.reshape(m, row_degree)
        if all(len(set(r)) == row_degree for r in rows):
            break
    else:
        raise RuntimeError("could not draw a regular code")
    row_ptr = np.arange(0, m * row_degree + 1, row_degree, dtype=np.int32)
    col_idx = np.sort(rows, axis=1).astype(np.int32).ravel()
    code = ldpcgpu.Code.from_rows(n, row_ptr, col_idx, "random-regular")
    path = os.path.join(directory, "regular_%d_%d_%d.alist" % (n, col_degree, row_degree))
    code.write_alist(path)
    return path


def temp_dir():
    return tempfile.mkdtemp(prefix="ldpcgpu_qa_")


def random_info(code, frames, seed=1):
    return np.random.default_rng(seed).integers(0, 2, (frames, code.k), dtype=np.uint8)


def noiseless_llr(codewords):
    """+LDPC_NOISELESS_LLR for 0, - for 1 (positive = 0)."""
    return ldpcgpu.bpsk_awgn(codewords, 0.0)


def make_tag(offset, key, value):
    t = gr.tag_t()
    t.offset = offset
    t.key = pmt.intern(key)
    t.value = value
    t.srcid = pmt.intern("qa")
    return t


def run_stream_decoder(dec, llr, tags=()):
    """Push LLRs (float32 or int8 array) through dec; returns (output bytes, output tags)."""
    flat = np.ascontiguousarray(llr).ravel()
    tb = gr.top_block()
    if flat.dtype == np.int8:
        src = blocks.vector_source_b(flat.view(np.uint8).tolist(), False, 1, list(tags))
    else:
        src = blocks.vector_source_f(flat.astype(np.float32).tolist(), False, 1, list(tags))
    snk = blocks.vector_sink_b()
    tb.connect(src, dec, snk)
    tb.run()
    return np.array(snk.data(), dtype=np.uint8), snk.tags()


def run_pdu_decoder(dec, pdus):
    """Post the PDUs to dec's 'in' port in a running flowgraph; return what 'out' emitted."""
    tb = gr.top_block()
    debug = blocks.message_debug()
    tb.msg_connect((dec, "out"), (debug, "store"))
    tb.start()
    for p in pdus:
        dec.to_basic_block()._post(pmt.intern("in"), p)
    deadline = time.time() + 30
    while (dec.pdus_decoded() + dec.pdus_dropped() < len(pdus)
           or debug.num_messages() < dec.pdus_decoded()) and time.time() < deadline:
        time.sleep(0.01)
    tb.stop()
    tb.wait()
    return [debug.get_message(i) for i in range(debug.num_messages())]


def nr_blocks(code, frames, crc, rng):
    """frames information words of the rate-matched NR code ("nr:K:E..."): K' random bits
    ending in their CRC (crc: 'crc24b', 'crc24a', 'crc16', as ldpcgpu.nr_crc_attach), then the
    zero fillers up to k. Returns (info [frames, k], K')."""
    kp = int(code.name.split(":")[1])
    info = np.zeros((frames, code.k), dtype=np.uint8)
    info[:, :kp] = ldpcgpu.nr_crc_attach(rng.integers(0, 2, (frames, kp)), crc)
    return info, kp


def nr_received(name, frames, ebn0_db, seed, crc="crc24b"):
    """What a receiver holds of frames code blocks of the rate-matched NR code name: nr_blocks
    encoded by the core's encoder, rate-matched (ldpcgpu.nr_rate_match), BPSK over AWGN at
    Eb/N0 ebn0_db (rate K' / E). Returns (code, info [frames, k], K', LLRs [frames, E] float32,
    positive = 0)."""
    code = ldpcgpu.Code(name)
    info, kp = nr_blocks(code, frames, crc, np.random.default_rng(seed))
    tx = ldpcgpu.nr_rate_match(code, code.encode(info))
    llr = ldpcgpu.bpsk_awgn(tx, ldpcgpu.awgn_sigma(ebn0_db, kp / tx.shape[1]), seed=seed)
    return code, info, kp, llr.astype(np.float32)


def tags_by_key(tags, key):
    return sorted(((t.offset, pmt.to_python(t.value)) for t in tags if pmt.symbol_to_string(t.key) == key))


def standard_code(name):
    """The named built-in code, or None while this build's core does not know it."""
    try:
        return ldpcgpu.Code(name)
    except ldpcgpu.LdpcError:
        return None
