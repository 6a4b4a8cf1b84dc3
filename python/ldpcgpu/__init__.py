"""gr-ldpcgpu: LDPC decoding on NVIDIA GPUs and CPUs for GNU Radio.

Blocks:  ldpc_decoder (LLR stream -> bits), ldpc_encoder (bits -> codewords),
         ldpc_pdu_decoder (PDUs of LLRs -> PDUs of bits).
numpy:   Code(name), Encoder(code), Decoder(code, ...).decode(llr) -> (bits, iterations,
         parity_ok), list_codes(), backend_available(name), awgn_sigma(), bpsk_awgn().
Errors from the core raise LdpcError (a RuntimeError).
"""

from .ldpcgpu_python import *  # noqa: F401,F403
from .ldpcgpu_python import __version__  # noqa: F401
