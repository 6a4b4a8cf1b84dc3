"""gr-ldpcgpu: LDPC decoding on NVIDIA GPUs and CPUs for GNU Radio.

Blocks:  ldpc_decoder (LLR stream -> bits), ldpc_encoder (bits -> codewords),
         ldpc_pdu_decoder (PDUs of LLRs -> PDUs of bits). The code is a name
         ('wimax:2304:1/2', 'alist:/path/file.alist') or a Code.
numpy:   Code(name), Encoder(code), Decoder(code, ...).decode(llr) -> (bits, iterations,
         parity_ok), list_codes(), backend_available(name), awgn_sigma(), bpsk_awgn(),
         sim_frames(code, ebn0_db, frames, seed, modulation=, demapper=) (the frames
         `ldpcgpu simulate` decodes),
         quantize_i8(llr, scale) (the int8 LLR rule).
         code: a Code or a code name. dtypes are explicit: bits are integer or bool arrays
         of 0s and 1s; LLRs are float32/float64 (LLR values) or int8 (scaled LLRs,
         round(LLR * llr_scale)); anything else raises.
Tags:    frame_results(tags) turns the decoder block's per-frame results (its "ldpc_frames"
         tags, or the per-frame tags of frame_tags="all"/"failed") into one dict per frame.
Errors:  everything this module raises is LdpcError, a subclass of ValueError (and of
         RuntimeError).
"""

# import pybind11 generated symbols into the ldpcgpu namespace
from .ldpcgpu_python import *  # noqa: F401,F403
from .ldpcgpu_python import __version__, LdpcError  # noqa: F401


def _msg_format_alias(kwargs, what):
    """msg_format is the option's one name (the core's, the tool's --msg-format, every block's
    and GRC's); message_format, which ldpc_decoder and fec_decoder.make took before, is still
    accepted, with a DeprecationWarning."""
    if "message_format" in kwargs:
        import warnings
        if "msg_format" in kwargs:
            raise TypeError("%s: give msg_format, not also its deprecated name message_format"
                            % what)
        warnings.warn("%s: message_format is deprecated, use msg_format" % what,
                      DeprecationWarning, stacklevel=3)
        kwargs["msg_format"] = kwargs.pop("message_format")
    return kwargs


def _accept_message_format():
    block_init = ldpc_decoder.__init__  # noqa: F405

    def __init__(self, *args, **kwargs):
        block_init(self, *args, **_msg_format_alias(kwargs, "ldpc_decoder"))
    __init__.__doc__ = block_init.__doc__
    ldpc_decoder.__init__ = __init__  # noqa: F405

    fec_make = fec_decoder.make  # noqa: F405

    def make(*args, **kwargs):
        return fec_make(*args, **_msg_format_alias(kwargs, "fec_decoder.make"))
    make.__doc__ = fec_make.__doc__
    fec_decoder.make = staticmethod(make)  # noqa: F405


_accept_message_format()


def frame_results(tags):
    """Per-frame decoder results from a list of output tags of ldpc_decoder.

    tags: gr.tag_t objects (e.g. a vector sink's tags()) of the decoder's output, any order,
    other keys ignored. Reads the default "ldpc_frames" tags (one per run of frames, per-frame
    vectors in a dict) and the per-frame "ldpc_iterations" / "ldpc_parity_ok" /
    "ldpc_latency_ns" tags of frame_tags "all" or "failed". Returns a list of dicts
    {"offset", "iterations", "parity_ok", "latency_ns"}, one per frame found, by offset
    ("offset": the frame's first output item).
    """
    from gnuradio import gr  # noqa: F401  (pmt needs GNU Radio's runtime loaded)
    import pmt

    frames = {}
    per_frame = {"ldpc_iterations": "iterations", "ldpc_parity_ok": "parity_ok",
                 "ldpc_latency_ns": "latency_ns"}
    for t in tags:
        key = pmt.symbol_to_string(t.key)
        if key == "ldpc_frames":
            d = pmt.to_python(t.value)
            items = d["ldpc_frame_items"]
            its, oks, lats = (d["ldpc_frame_" + v] for v in ("iterations", "parity_ok", "latency_ns"))
            for i in range(d["ldpc_frames"]):
                frames[t.offset + i * items] = {
                    "offset": t.offset + i * items,
                    "iterations": int(its[i]),
                    "parity_ok": bool(oks[i]),
                    "latency_ns": int(lats[i]),
                }
        elif key in per_frame:
            value = pmt.to_python(t.value)
            frames.setdefault(t.offset, {"offset": t.offset})[per_frame[key]] = \
                bool(value) if key == "ldpc_parity_ok" else int(value)
    return [frames[o] for o in sorted(frames)]
