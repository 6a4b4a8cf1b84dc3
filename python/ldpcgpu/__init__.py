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
