#include "pydoc_macros.h"
#define D(...) DOC(gr, ldpcgpu, __VA_ARGS__)
/*
  Docstrings of the Python bindings, written by hand (see README.md): keep them in step with
  the header's documentation.
 */

static const char* __doc_gr_ldpcgpu_soft_demapper =
    R"doc(Soft demapper: each complex symbol in gives its bits' LLRs out (float32 or int8), exact (log-sum-exp) or max-log.

LLR_j = ln P(b_j=0|y) / P(b_j=1|y) with metric |y - p|^2 / noise_var, noise_var = N0 = E|n|^2 (GNU Radio's complex Noise Source of amplitude a: a^2). Set it with set_noise_var(), a message to port 'noise_var', or a second float input stream (noise_var_input=True, one value per symbol).
Constellations: bpsk, qpsk, 8psk, 16apsk, 32apsk (DVB-S2, as gr-dtv's dvbs2_modulator_bc; ring ratios from apsk_rate or gamma1/gamma2), 16qam, 64qam, 256qam (DVB-T2, as gr-dtv's dvbt2_modulator_bc; rotated=True for its rotated constellations with the cyclic Q delay, whole FEC blocks of fec_frame_bits), custom (points: index = bits MSB first, e.g. a gr-digital constellation's points()). Built-in constellations have unit average energy (Es/N0 = 1/noise_var).
The first LLR of a symbol is the MSB of the symbol value the modulator took. Positive = 0 unless llr_positive_is_one (gr-fec's sign). Float LLRs are not clipped; int8 = round(LLR * int8_scale) clamped to +-127.)doc";
static const char* __doc_gr_ldpcgpu_soft_demapper_make =
    R"doc(soft_demapper(constellation='qpsk', noise_var=1.0, method='exact', output_type='float', int8_scale=default_int8_scale(), llr_positive_is_one=False, noise_var_input=False, apsk_rate='', gamma1=0.0, gamma2=0.0, rotated=False, fec_frame_bits=64800, points=[])

method: 'exact' or 'max-log'. output_type: 'float' or 'int8'. Bad values raise ValueError.)doc";
static const char* __doc_gr_ldpcgpu_soft_demapper_constellation_points =
    R"doc(constellation_points(constellation, apsk_rate='', gamma1=0.0, gamma2=0.0, rotated=False) -> the points of a built-in constellation as the block uses them (index = bit label, MSB first; unit average energy).)doc";
