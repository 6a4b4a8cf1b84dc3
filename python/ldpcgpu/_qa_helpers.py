"""Shared pieces of the gr-ldpcgpu QA tests (not installed, not a test itself)."""
import os
import tempfile

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


def tags_by_key(tags, key):
    return sorted(((t.offset, pmt.to_python(t.value)) for t in tags if pmt.symbol_to_string(t.key) == key))


def standard_code(name):
    """The named built-in code, or None while this build's core does not know it."""
    try:
        return ldpcgpu.Code(name)
    except ldpcgpu.LdpcError:
        return None
