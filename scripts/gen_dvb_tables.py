#!/usr/bin/python3
"""Derive the DVB-S2 / DVB-T2 / DVB-S2X LDPC address tables from GNU Radio's gr-dtv encoder.

Run with GNU Radio's Python:

    /usr/bin/python3 scripts/gen_dvb_tables.py                      # writes core/src/dvb_tables.c
    /usr/bin/python3 scripts/gen_dvb_tables.py --check core/src/dvb_tables.c

How a table is derived (the LDPC encoding of EN 302 307-1, EN 302 755 and EN 302 307-2):
information bit m = 360*g + j adds itself to the parity accumulator
addresses (x + j*q) mod (n-k), x in row g of the table, q = (n-k)/360; then p_i ^= p_(i-1).
So a frame whose only 1 sits at information bit 360*g + j comes out of the encoder with parity p
where {i : p[i] XOR p[i-1] = 1} (p[-1] = 0) is row g shifted by j*q. Offset j = 0 gives the row,
offsets 1 and 359 check the 360-periodicity. Every unit-vector frame and a few random frames are
then re-encoded from the derived table and compared with gr-dtv bit for bit.

DVB-S2X VL-SNR codes: gr-dtv encodes the mother code (normal 2/9, medium 32400 1/5, 11/45, 1/3)
and then shortens the first Xs information bits (fixed to 0, not sent) and punctures the parity
bits p_(P*i), i = 0..Xp-1, after the accumulator. A punctured parity bit hides p[i] XOR p[i-1] at
two positions, so offsets j = 0..7 and 359 are encoded, and every position must be seen
unhidden at one of them at least.
Medium 1/5 shortens information bits 0..639, so no input reaches row 0 of its table; that one
row is read from the same table inside gr-dtv's shared library, located by the 17 rows that the
encoder did reveal (all of which must match their place in that array).

The gr-dtv configuration list is also imported by core/tests/test_dvb_grdtv.py.
"""
import argparse
import os
import re
import sys
import tempfile

import numpy as np

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUTPUT = os.path.join(REPO, "core", "src", "dvb_tables.c")

# (std, n, rate, k, annex table, gr-dtv rate enum name)
# k is the standard's K_ldpc; short-frame S2/T2 rates are the nominal labels the standards use.
CODES = [
    # DVB-S2, EN 302 307-1 Annex B (normal) and C (short)
    ("dvbs2", 64800, "1/4", 16200, "EN 302 307-1 B.1", "C1_4"),
    ("dvbs2", 64800, "1/3", 21600, "EN 302 307-1 B.2", "C1_3"),
    ("dvbs2", 64800, "2/5", 25920, "EN 302 307-1 B.3", "C2_5"),
    ("dvbs2", 64800, "1/2", 32400, "EN 302 307-1 B.4", "C1_2"),
    ("dvbs2", 64800, "3/5", 38880, "EN 302 307-1 B.5", "C3_5"),
    ("dvbs2", 64800, "2/3", 43200, "EN 302 307-1 B.6", "C2_3"),
    ("dvbs2", 64800, "3/4", 48600, "EN 302 307-1 B.7", "C3_4"),
    ("dvbs2", 64800, "4/5", 51840, "EN 302 307-1 B.8", "C4_5"),
    ("dvbs2", 64800, "5/6", 54000, "EN 302 307-1 B.9", "C5_6"),
    ("dvbs2", 64800, "8/9", 57600, "EN 302 307-1 B.10", "C8_9"),
    ("dvbs2", 64800, "9/10", 58320, "EN 302 307-1 B.11", "C9_10"),
    ("dvbs2", 16200, "1/4", 3240, "EN 302 307-1 C.1", "C1_4"),
    ("dvbs2", 16200, "1/3", 5400, "EN 302 307-1 C.2", "C1_3"),
    ("dvbs2", 16200, "2/5", 6480, "EN 302 307-1 C.3", "C2_5"),
    ("dvbs2", 16200, "1/2", 7200, "EN 302 307-1 C.4", "C1_2"),
    ("dvbs2", 16200, "3/5", 9720, "EN 302 307-1 C.5", "C3_5"),
    ("dvbs2", 16200, "2/3", 10800, "EN 302 307-1 C.6", "C2_3"),
    ("dvbs2", 16200, "3/4", 11880, "EN 302 307-1 C.7", "C3_4"),
    ("dvbs2", 16200, "4/5", 12600, "EN 302 307-1 C.8", "C4_5"),
    ("dvbs2", 16200, "5/6", 13320, "EN 302 307-1 C.9", "C5_6"),
    ("dvbs2", 16200, "8/9", 14400, "EN 302 307-1 C.10", "C8_9"),
    # DVB-T2, EN 302 755 Annex A (normal) and B (short; 1/3 and 2/5 are T2-Lite)
    ("dvbt2", 64800, "1/2", 32400, "EN 302 755 A.1", "C1_2"),
    ("dvbt2", 64800, "3/5", 38880, "EN 302 755 A.2", "C3_5"),
    ("dvbt2", 64800, "2/3", 43200, "EN 302 755 A.3", "C2_3"),
    ("dvbt2", 64800, "3/4", 48600, "EN 302 755 A.4", "C3_4"),
    ("dvbt2", 64800, "4/5", 51840, "EN 302 755 A.5", "C4_5"),
    ("dvbt2", 64800, "5/6", 54000, "EN 302 755 A.6", "C5_6"),
    ("dvbt2", 16200, "1/4", 3240, "EN 302 755 B.1", "C1_4"),
    ("dvbt2", 16200, "1/2", 7200, "EN 302 755 B.2", "C1_2"),
    ("dvbt2", 16200, "3/5", 9720, "EN 302 755 B.3", "C3_5"),
    ("dvbt2", 16200, "2/3", 10800, "EN 302 755 B.4", "C2_3"),
    ("dvbt2", 16200, "3/4", 11880, "EN 302 755 B.5", "C3_4"),
    ("dvbt2", 16200, "4/5", 12600, "EN 302 755 B.6", "C4_5"),
    ("dvbt2", 16200, "5/6", 13320, "EN 302 755 B.7", "C5_6"),
    ("dvbt2", 16200, "1/3", 5400, "EN 302 755 B.8", "C1_3"),
    ("dvbt2", 16200, "2/5", 6480, "EN 302 755 B.9", "C2_5"),
    # DVB-S2X, EN 302 307-2 Annex B (normal) and C (short, medium)
    ("dvbs2x", 64800, "2/9", 14400, "EN 302 307-2 B.1", "C2_9_VLSNR"),
    ("dvbs2x", 64800, "13/45", 18720, "EN 302 307-2 B.2", "C13_45"),
    ("dvbs2x", 64800, "9/20", 29160, "EN 302 307-2 B.3", "C9_20"),
    ("dvbs2x", 64800, "11/20", 35640, "EN 302 307-2 B.4", "C11_20"),
    ("dvbs2x", 64800, "26/45", 37440, "EN 302 307-2 B.5", "C26_45"),
    ("dvbs2x", 64800, "28/45", 40320, "EN 302 307-2 B.6", "C28_45"),
    ("dvbs2x", 64800, "23/36", 41400, "EN 302 307-2 B.7", "C23_36"),
    ("dvbs2x", 64800, "25/36", 45000, "EN 302 307-2 B.8", "C25_36"),
    ("dvbs2x", 64800, "13/18", 46800, "EN 302 307-2 B.9", "C13_18"),
    ("dvbs2x", 64800, "7/9", 50400, "EN 302 307-2 B.10", "C7_9"),
    ("dvbs2x", 64800, "90/180", 32400, "EN 302 307-2 B.11", "C90_180"),
    ("dvbs2x", 64800, "96/180", 34560, "EN 302 307-2 B.12", "C96_180"),
    ("dvbs2x", 64800, "100/180", 36000, "EN 302 307-2 B.13", "C100_180"),
    ("dvbs2x", 64800, "104/180", 37440, "EN 302 307-2 B.14", "C104_180"),
    ("dvbs2x", 64800, "116/180", 41760, "EN 302 307-2 B.15", "C116_180"),
    ("dvbs2x", 64800, "124/180", 44640, "EN 302 307-2 B.16", "C124_180"),
    ("dvbs2x", 64800, "128/180", 46080, "EN 302 307-2 B.17", "C128_180"),
    ("dvbs2x", 64800, "132/180", 47520, "EN 302 307-2 B.18", "C132_180"),
    ("dvbs2x", 64800, "135/180", 48600, "EN 302 307-2 B.19", "C135_180"),
    ("dvbs2x", 64800, "140/180", 50400, "EN 302 307-2 B.20", "C140_180"),
    ("dvbs2x", 64800, "154/180", 55440, "EN 302 307-2 B.21", "C154_180"),
    ("dvbs2x", 64800, "18/30", 38880, "EN 302 307-2 B.22", "C18_30"),
    ("dvbs2x", 64800, "20/30", 43200, "EN 302 307-2 B.23", "C20_30"),
    ("dvbs2x", 64800, "22/30", 47520, "EN 302 307-2 B.24", "C22_30"),
    ("dvbs2x", 16200, "11/45", 3960, "EN 302 307-2 C.1", "C11_45"),
    ("dvbs2x", 16200, "4/15", 4320, "EN 302 307-2 C.2", "C4_15"),
    ("dvbs2x", 16200, "14/45", 5040, "EN 302 307-2 C.3", "C14_45"),
    ("dvbs2x", 16200, "7/15", 7560, "EN 302 307-2 C.4", "C7_15"),
    ("dvbs2x", 16200, "8/15", 8640, "EN 302 307-2 C.5", "C8_15"),
    ("dvbs2x", 16200, "26/45", 9360, "EN 302 307-2 C.6", "C26_45"),
    ("dvbs2x", 16200, "32/45", 11520, "EN 302 307-2 C.7", "C32_45"),
    ("dvbs2x", 32400, "1/5", 6480, "EN 302 307-2 C.8", "C1_5_MEDIUM"),
    ("dvbs2x", 32400, "11/45", 7920, "EN 302 307-2 C.9", "C11_45_MEDIUM"),
    ("dvbs2x", 32400, "1/3", 10800, "EN 302 307-2 C.10", "C1_3_MEDIUM"),
]

# VL-SNR shortening / puncturing as gr-dtv applies it (EN 302 307-2 VL-SNR frames):
# gr-dtv rate enum -> (Xs shortened leading information bits, P puncturing period, Xp punctured).
VLSNR = {
    "C2_9_VLSNR": (0, 15, 3240),
    "C1_5_MEDIUM": (640, 25, 980),
    "C11_45_MEDIUM": (0, 15, 1620),
    "C1_3_MEDIUM": (0, 13, 1620),
    "C1_5_VLSNR_SF2": (560, 30, 250),
    "C11_45_VLSNR_SF2": (0, 15, 810),
    "C1_5_VLSNR": (0, 10, 1224),
    "C4_15_VLSNR": (0, 8, 1224),
    "C1_3_VLSNR": (0, 8, 1224),
}

# Short-frame VL-SNR configurations: no table of their own, they run a short mother code.
VLSNR_SHORT = [
    ("C1_5_VLSNR_SF2", "dvbs2:16200:1/4"),
    ("C11_45_VLSNR_SF2", "dvbs2x:16200:11/45"),
    ("C1_5_VLSNR", "dvbs2:16200:1/4"),
    ("C4_15_VLSNR", "dvbs2x:16200:4/15"),
    ("C1_3_VLSNR", "dvbs2:16200:1/3"),
]


def code_name(std, n, rate):
    return "%s:%d:%s" % (std, n, rate)


class GrConfig:
    """One way of driving gr-dtv's dvb_ldpc_bb and how its output relates to the mother code."""

    def __init__(self, label, std, n, k, gr_std, gr_rate):
        self.label = label
        self.std, self.n, self.k = std, n, k
        self.gr_std, self.gr_rate = gr_std, gr_rate
        self.m = n - k
        self.q = self.m // 360
        self.xs, self.period, self.xp = VLSNR.get(gr_rate, (0, 0, 0))
        self.k_in = k - self.xs
        punct = np.zeros(self.m, dtype=bool)
        if self.xp:
            punct[np.arange(self.xp) * self.period] = True
        self.punctured = punct
        self.kept = np.nonzero(~punct)[0]
        self.frame_out = self.k_in + len(self.kept)

    def make_block(self):
        from gnuradio import dtv
        fs = {16200: dtv.FECFRAME_SHORT, 32400: dtv.FECFRAME_MEDIUM,
              64800: dtv.FECFRAME_NORMAL}[self.n]
        std = dtv.STANDARD_DVBT2 if self.gr_std == "dvbt2" else dtv.STANDARD_DVBS2
        return dtv.dvb_ldpc_bb(std, fs, getattr(dtv, self.gr_rate), dtv.MOD_QPSK)

    def encode(self, frames):
        """Run gr-dtv on frames (F x k_in array of 0/1 bytes); returns F x frame_out."""
        from gnuradio import gr, blocks
        frames = np.ascontiguousarray(frames, dtype=np.uint8)
        with tempfile.TemporaryDirectory() as tmp:
            src_path = os.path.join(tmp, "in.bin")
            dst_path = os.path.join(tmp, "out.bin")
            frames.tofile(src_path)
            tb = gr.top_block()
            src = blocks.file_source(1, src_path, False)
            snk = blocks.file_sink(1, dst_path)
            snk.set_unbuffered(False)
            tb.connect(src, self.make_block(), snk)
            tb.run()
            snk.close()
            out = np.fromfile(dst_path, dtype=np.uint8)
        if out.size != frames.shape[0] * self.frame_out:
            raise RuntimeError("%s: gr-dtv produced %d bits for %d frames, expected %d each"
                               % (self.label, out.size, frames.shape[0], self.frame_out))
        return out.reshape(frames.shape[0], self.frame_out)

    def model(self, rows, mother_info):
        """What gr-dtv should output for mother information bits (F x k), from the table."""
        mother_info = np.asarray(mother_info, dtype=np.uint8)
        bits, addr = edge_list(rows, self.m, self.q)
        out = np.empty((mother_info.shape[0], self.frame_out), dtype=np.uint8)
        for f, info in enumerate(mother_info):
            sel = info[bits] != 0
            raw = (np.bincount(addr[sel], minlength=self.m) & 1).astype(np.uint8)
            parity = np.bitwise_xor.accumulate(raw)
            out[f, :self.k_in] = info[self.xs:]
            out[f, self.k_in:] = parity[self.kept]
        return out


def edge_list(rows, m, q):
    """(information bit, accumulator address) for every 1 of the information part of H."""
    bits, addr = [], []
    j = np.arange(360)
    for g, row in enumerate(rows):
        for x in row:
            bits.append(360 * g + j)
            addr.append((x + j * q) % m)
    return np.concatenate(bits), np.concatenate(addr)


def unit_frames(cfg):
    """(g, j) of the unit-vector frames to encode: offsets 0, 1, 359 of every row, more where
    puncturing hides positions; bits below Xs are shortened (always 0) and cannot be probed."""
    offsets = [0, 1, 359] if not cfg.xp else [0, 1, 2, 3, 4, 5, 6, 7, 359]
    frames_idx = []
    for g in range(cfg.k // 360):
        first = max(0, cfg.xs - 360 * g)
        if first <= 359:
            frames_idx += [(g, j) for j in sorted({min(first + o, 359) for o in offsets})]
    return frames_idx


def derive_rows(cfg, frames_idx, out):
    """Rows of cfg's mother table from gr-dtv's output for the unit frames; None for rows no
    input reaches. Where puncturing hides p[u] or p[u-1], position u says nothing; every
    address position must be seen unhidden at one offset at least."""
    nframes = len(frames_idx)
    obs = np.zeros((nframes, cfg.m), dtype=np.uint8)
    obs[:, cfg.kept] = out[:, cfg.k_in:]
    diff = obs ^ np.concatenate([np.zeros((nframes, 1), np.uint8), obs[:, :-1]], axis=1)
    resolved = ~cfg.punctured & np.concatenate([[True], ~cfg.punctured[:-1]])  # p[-1] = 0
    f, u = np.nonzero(diff & resolved[None, :])
    g_of = np.array([g for g, _ in frames_idx])
    j_of = np.array([j for _, j in frames_idx])
    x = (u - j_of[f] * cfg.q) % cfg.m
    rows = [None] * (cfg.k // 360)
    offsets_of = {}
    for g, j in frames_idx:
        offsets_of.setdefault(g, []).append(j)
    for g, offs in offsets_of.items():
        seen = np.zeros(cfg.m, dtype=bool)
        for j in offs:
            seen |= np.roll(resolved, -j * cfg.q)       # seen[x] = resolved[(x + j*q) mod m]
        if not seen.all():
            raise RuntimeError("%s row %d: positions %s hidden at every offset"
                               % (cfg.label, g, np.nonzero(~seen)[0][:10]))
        rows[g] = sorted(set(x[g_of[f] == g].tolist()))
    return rows


def unit_frames_from_table(cfg, rows, frames_idx):
    """What gr-dtv must output for the unit frames if rows is the table (vectorised model)."""
    raw = np.zeros((len(frames_idx), cfg.m), dtype=np.uint8)
    for f, (g, j) in enumerate(frames_idx):
        raw[f, (np.array(rows[g]) + j * cfg.q) % cfg.m] = 1
    parity = np.bitwise_xor.accumulate(raw, axis=1)
    frames = np.zeros((len(frames_idx), cfg.k_in), dtype=np.uint8)
    for f, (g, j) in enumerate(frames_idx):
        frames[f, 360 * g + j - cfg.xs] = 1
    return np.concatenate([frames, parity[:, cfg.kept]], axis=1)


def dtv_library_path():
    from gnuradio import dtv  # noqa: F401  (loads the library)
    with open("/proc/self/maps") as maps:
        for line in maps:
            path = line.split()[-1]
            if "libgnuradio-dtv" in path and os.path.exists(path):
                return path
    raise RuntimeError("libgnuradio-dtv not found among the loaded libraries")


def fill_rows_from_library(cfg, rows, log):
    """Rows the encoder cannot reveal, read from gr-dtv's copy of the table.

    gr-dtv 3.10 stores each table as a 2-D array of 16-bit words, one row per line: the row's
    length, its addresses, zero padding. The array is located by the revealed rows, which must
    all sit there in order with that layout; the missing rows are the lines before them."""
    first = next(g for g, r in enumerate(rows) if r is not None)
    if any(r is None for r in rows[first:]):
        raise RuntimeError("%s: unrevealed rows after row %d" % (cfg.label, first))
    lib = dtv_library_path()
    data = open(lib, "rb").read()
    words = np.frombuffer(data[:len(data) // 2 * 2], dtype="<u2")
    known = rows[first:]
    widest = max(len(r) for r in known)
    hits = []
    for i in np.nonzero(words == len(known[0]))[0]:
        i = int(i)
        if sorted(words[i + 1:i + 1 + len(known[0])].tolist()) != known[0]:
            continue
        for stride in range(widest + 1, 65):
            if i - first * stride < 0 or i + len(known) * stride > len(words):
                continue
            lines = [words[i + t * stride:i + (t + 1) * stride] for t in range(len(known))]
            if all(line[0] == len(r) and sorted(line[1:1 + len(r)].tolist()) == r
                   and not line[1 + len(r):].any() for line, r in zip(lines, known)):
                hits.append((i, stride))
    if len(hits) != 1:
        raise RuntimeError("%s: %d candidate tables in %s" % (cfg.label, len(hits), lib))
    i, stride = hits[0]
    for g in range(first):
        line = words[i - (first - g) * stride:i - (first - g - 1) * stride]
        d = int(line[0])
        addr = line[1:1 + d].tolist()
        if not 0 < d < stride or line[1 + d:].any() or len(set(addr)) != d or max(addr) >= cfg.m:
            raise RuntimeError("%s row %d: not a valid row in %s" % (cfg.label, g, lib))
        rows[g] = sorted(addr)
        log("  %-34s row %d (%d addresses) read from %s" % (cfg.label, g, d, os.path.basename(lib)))
    return rows


def derive_table(code, log, rng):
    std, n, rate, k, annex, gr_rate = code
    cfg = GrConfig(code_name(std, n, rate), std, n, k, std if std == "dvbt2" else "dvbs2", gr_rate)
    frames_idx = unit_frames(cfg)
    frames = np.zeros((len(frames_idx) + 2, cfg.k_in), dtype=np.uint8)
    for f, (g, j) in enumerate(frames_idx):
        frames[f, 360 * g + j - cfg.xs] = 1
    frames[len(frames_idx):] = rng.integers(0, 2, (2, cfg.k_in), dtype=np.uint8)
    out = cfg.encode(frames)                           # one gr-dtv run: unit + random frames
    unit_out, rand_out = out[:len(frames_idx)], out[len(frames_idx):]
    rows = derive_rows(cfg, frames_idx, unit_out)
    log("  %-34s %3d rows from %4d unit frames" % (cfg.label, sum(r is not None for r in rows),
                                                    len(frames_idx)))
    from_library = [g for g, r in enumerate(rows) if r is None]
    if from_library:
        rows = fill_rows_from_library(cfg, rows, log)
    # The table must reproduce gr-dtv bit for bit: every unit frame and the random frames.
    if not np.array_equal(unit_frames_from_table(cfg, rows, frames_idx), unit_out):
        raise RuntimeError("%s: derived table does not reproduce the unit frames" % cfg.label)
    mother = np.zeros((2, k), dtype=np.uint8)
    mother[:, cfg.xs:] = frames[len(frames_idx):]
    if not np.array_equal(cfg.model(rows, mother), rand_out):
        raise RuntimeError("%s: derived table does not reproduce random frames" % cfg.label)
    return rows, from_library


def c_ident(std, n, rate):
    return "%s_%d_%s" % (std, n, rate.replace("/", "_"))


def render(tables, notes):
    """tables: list of (code tuple, rows). Identical tables share one pair of arrays."""
    from gnuradio import gr
    lines = [
        "/* GENERATED FILE - do not edit. DVB-S2 / DVB-T2 / DVB-S2X LDPC address tables.",
        " *",
        " * Generated by:  /usr/bin/python3 scripts/gen_dvb_tables.py --output core/src/dvb_tables.c",
        " * Checked by:    /usr/bin/python3 scripts/gen_dvb_tables.py --check core/src/dvb_tables.c",
        " * gr-dtv version: GNU Radio %s" % gr.version(),
        " *",
        " * Each table was derived by encoding unit vectors with GNU Radio's gr-dtv dvb_ldpc_bb",
        " * (row g = { j : p[j] XOR p[j-1] = 1 } for a 1 at information bit 360*g), checked for",
        " * 360-periodicity at offsets 1 and 359 (more offsets where VL-SNR puncturing hides",
        " * positions) and re-encoded against gr-dtv for every unit frame and random frames.",
        " * Row g lists the accumulator addresses of information bit 360*g, ascending; bit 360*g+j",
        " * uses (x + j*q) mod (n-k), q = (n-k)/360.",
    ]
    for note in notes:
        lines.append(" * " + note)
    lines += [" */", '#include "code_internal.h"', ""]
    arrays = {}
    entries = []
    for code, rows in tables:
        std, n, rate, k, annex, gr_rate = code
        key = (n, k, tuple(tuple(r) for r in rows))
        if key not in arrays:
            ident = c_ident(std, n, rate)
            arrays[key] = ident
            lens = [len(r) for r in rows]
            flat = [x for r in rows for x in r]
            lines.append("/* %s (%s) */" % (code_name(std, n, rate), annex))
            lines.append("static const uint16_t %s_len[%d] = {" % (ident, len(lens)))
            lines += wrap(lens)
            lines.append("};")
            lines.append("static const uint16_t %s_addr[%d] = {" % (ident, len(flat)))
            lines += wrap(flat)
            lines.append("};")
            lines.append("")
        ident = arrays[key]
        entries.append('    {"%s", %d, "%s", %d, %d, %s_len, %s_addr}, /* %s */'
                       % (std, n, rate, k, k // 360, ident, ident, annex))
    lines.append("const ldpc_dvb_table ldpc_dvb_tables[] = {")
    lines += entries
    lines.append("};")
    lines.append("const int ldpc_dvb_table_count = (int)(sizeof ldpc_dvb_tables / "
                 "sizeof ldpc_dvb_tables[0]);")
    lines.append("")
    lines.append("/* \"std:n:rate\" of each entry above, same order (ldpc_dvb_list_name). */")
    lines.append("const char *const ldpc_dvb_table_names[] = {")
    for code, rows in tables:
        lines.append('    "%s",' % code_name(code[0], code[1], code[2]))
    lines.append("};")
    return "\n".join(lines) + "\n"


def wrap(values, width=96):
    out, cur = [], "   "
    for v in values:
        item = " %d," % v
        if len(cur) + len(item) > width:
            out.append(cur)
            cur = "   "
        cur += item
    if cur.strip():
        out.append(cur)
    return out


def generate(log):
    rng = np.random.default_rng(20240611)
    tables, notes = [], []
    log("deriving %d tables with gr-dtv dvb_ldpc_bb" % len(CODES))
    for code in CODES:
        rows, from_library = derive_table(code, log, rng)
        if any(len(r) == 0 for r in rows) or max(max(r) for r in rows) >= code[1] - code[3]:
            raise RuntimeError("%s: empty row or address out of range" % code_name(*code[:3]))
        if from_library:
            notes.append("%s: row(s) %s read from gr-dtv's own copy of the table in its"
                         % (code_name(*code[:3]), from_library))
            notes.append("    library (gr-dtv shortens those information bits, no input reaches"
                         " them);")
            notes.append("    the other rows were derived by encoding and matched that copy.")
        tables.append((code, rows))
    return render(tables, notes)


VERSION_LINE = re.compile(r"^ \* gr-dtv version: .*$", re.M)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--output", default=DEFAULT_OUTPUT, help="C file to write")
    ap.add_argument("--check", metavar="FILE",
                    help="regenerate in memory and compare with FILE; exit 1 if they differ")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    log = (lambda s: None) if args.quiet else (lambda s: print(s, file=sys.stderr))
    text = generate(log)
    if args.check:
        with open(args.check) as f:
            old = f.read()
        # the GNU Radio version line is provenance, not content
        if VERSION_LINE.sub("", old) == VERSION_LINE.sub("", text):
            print("OK: %s matches the tables gr-dtv yields" % args.check)
            return 0
        a, b = old.splitlines(), text.splitlines()
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y and not VERSION_LINE.match(x):
                print("MISMATCH: %s line %d:\n  file:      %s\n  generated: %s"
                      % (args.check, i + 1, x[:200], y[:200]))
                break
        else:
            print("MISMATCH: %s has %d lines, generated %d" % (args.check, len(a), len(b)))
        return 1
    with open(args.output, "w") as f:
        f.write(text)
    log("wrote %s" % args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
