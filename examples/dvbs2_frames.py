"""DVB-S2 frames from GNU Radio's gr-dtv transmitter, for the DVB-S2 receive example and the
side-by-side benchmark against gr-dvbs2rx (scripts/dvbs2rx-compare).

transmit() runs MPEG transport-stream packets through gr-dtv's chain
    bbheader -> bbscrambler -> bch -> ldpc -> interleaver -> modulator [-> physical]
and returns, per FEC frame, the LDPC information bits (the BCH codeword: what an LDPC decoder
should return) and the complex symbols: the XFECFRAME (modulator output, no PL header) or, with
pl_framing, the whole PLFRAME (header, pilots, scrambling) as a receiver's PL sync takes it.

add_noise() adds complex white Gaussian noise of N0 = Es / (Es/N0) with a fixed seed, so that
every receiver compared decodes the same noisy symbols.
"""
import numpy as np
from gnuradio import blocks, dtv, gr

TS_PACKET = 188  # bytes, sync byte 0x47 first
RATES = {"1/4": dtv.C1_4, "1/3": dtv.C1_3, "2/5": dtv.C2_5, "1/2": dtv.C1_2, "3/5": dtv.C3_5,
         "2/3": dtv.C2_3, "3/4": dtv.C3_4, "4/5": dtv.C4_5, "5/6": dtv.C5_6, "8/9": dtv.C8_9,
         "9/10": dtv.C9_10}
CONSTELLATIONS = {"qpsk": dtv.MOD_QPSK, "8psk": dtv.MOD_8PSK, "16apsk": dtv.MOD_16APSK,
                  "32apsk": dtv.MOD_32APSK}
BITS_PER_SYMBOL = {"qpsk": 2, "8psk": 3, "16apsk": 4, "32apsk": 5}
N_LDPC = 64800  # normal FECFRAME; the helpers below handle this frame size only


class Code:
    """One DVB-S2 normal-frame MODCOD: gr-dtv's enums for it and this module's code name."""

    def __init__(self, rate, constellation):
        self.rate = rate
        self.constellation = constellation
        self.gr_rate = RATES[rate]
        self.gr_constellation = CONSTELLATIONS[constellation]
        self.bits_per_symbol = BITS_PER_SYMBOL[constellation]
        self.xfecframe_symbols = N_LDPC // self.bits_per_symbol
        self.name = "dvbs2:64800:" + rate  # this module's code name


def ts_packets(n_packets, seed):
    """Random MPEG TS packets (sync byte 0x47, random payload) as one byte array."""
    rng = np.random.default_rng(seed)
    data = rng.integers(0, 256, size=(n_packets, TS_PACKET), dtype=np.uint8)
    data[:, 0] = 0x47
    return data.reshape(-1)


def transmit(code, n_frames, seed=1, pl_framing=False, pilots=True, interleave=True):
    """Encode and modulate n_frames FEC frames of random TS packets with gr-dtv.

    Returns (ts, info_bits, symbols): the TS bytes that went in (whole packets; the last frame's
    may continue past its end), info_bits uint8 (n_frames, k_ldpc) and complex64 symbols
    (n_frames XFECFRAMEs, or PLFRAMEs with pl_framing). interleave=False maps the code bits
    in their own order (MSB first per symbol) instead of through DVB-S2's bit interleaver
    (which 8PSK and the APSKs use): for a demapper that does not undo it."""
    s2, normal = dtv.STANDARD_DVBS2, dtv.FECFRAME_NORMAL
    bbheader = dtv.dvb_bbheader_bb(s2, normal, code.gr_rate, dtv.RO_0_20, dtv.INPUTMODE_NORMAL,
                                   dtv.INBAND_OFF, 168, 4000000)
    bbscrambler = dtv.dvb_bbscrambler_bb(s2, normal, code.gr_rate)
    bch = dtv.dvb_bch_bb(s2, normal, code.gr_rate)
    ldpc = dtv.dvb_ldpc_bb(s2, normal, code.gr_rate, code.gr_constellation)
    interleaver = dtv.dvbs2_interleaver_bb(normal, code.gr_rate, code.gr_constellation) \
        if interleave else blocks.pack_k_bits_bb(code.bits_per_symbol)
    modulator = dtv.dvbs2_modulator_bc(normal, code.gr_rate, code.gr_constellation,
                                       dtv.INTERPOLATION_OFF)
    # Enough packets for n_frames BBFRAMEs (a BBFRAME's data field is k_bch - 80 bits).
    k_ldpc = int(round(N_LDPC * _rate_value(code.rate)))
    packets = (n_frames * k_ldpc) // (TS_PACKET * 8) + 2
    ts = ts_packets(packets, seed)
    tb = gr.top_block()
    src = blocks.vector_source_b(ts.tolist())
    info_sink = blocks.vector_sink_b()
    symbol_sink = blocks.vector_sink_c()
    tb.connect(src, bbheader, bbscrambler, bch, ldpc, interleaver, modulator)
    tb.connect(bch, info_sink)
    last = modulator
    if pl_framing:
        physical = dtv.dvbs2_physical_cc(normal, code.gr_rate, code.gr_constellation,
                                         dtv.PILOTS_ON if pilots else dtv.PILOTS_OFF, 0)
        tb.connect(modulator, physical)
        last = physical
    tb.connect(last, symbol_sink)
    tb.run()
    info = np.array(info_sink.data(), dtype=np.uint8)
    symbols = np.array(symbol_sink.data(), dtype=np.complex64)
    if pl_framing:
        # gr-dtv's physical block writes two samples a symbol, the second 0 (ready for a
        # pulse-shaping filter): the symbol-rate PLFRAMEs are the even samples.
        if np.any(symbols[1::2] != 0):
            raise RuntimeError("gr-dtv's dvbs2_physical_cc output is not zero-stuffed")
        symbols = symbols[0::2].copy()
    frames = info.size // k_ldpc
    if frames < n_frames:
        raise RuntimeError("gr-dtv produced %d frames, %d asked for" % (frames, n_frames))
    per_frame = symbols.size // frames  # every frame went through every block
    return ts, info[:n_frames * k_ldpc].reshape(n_frames, k_ldpc), symbols[:n_frames * per_frame]


def _rate_value(rate):
    num, den = rate.split("/")
    return int(num) / int(den)


def add_noise(symbols, esn0_db, seed=2):
    """symbols + complex AWGN of N0 = Es / 10^(Es/N0 / 10), Es measured on the symbols.
    Returns (noisy symbols complex64, N0)."""
    es = float(np.mean(np.abs(symbols) ** 2))
    n0 = es / 10 ** (esn0_db / 10)
    rng = np.random.default_rng(seed)
    noise = (rng.standard_normal(symbols.size) + 1j * rng.standard_normal(symbols.size))
    noisy = symbols + noise * np.sqrt(n0 / 2)
    return noisy.astype(np.complex64), n0
