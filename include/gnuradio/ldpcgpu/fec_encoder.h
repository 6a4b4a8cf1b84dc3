/* gr-ldpcgpu: the encoder as a gr-fec FECAPI object (gr::fec::generic_encoder), for
 * fec.extended_encoder, fec.encoder, fec.tagged_encoder, fec.async_encoder and the BER curve
 * generator. */
#ifndef INCLUDED_LDPCGPU_FEC_ENCODER_H
#define INCLUDED_LDPCGPU_FEC_ENCODER_H

#include <gnuradio/fec/generic_encoder.h>
#include <gnuradio/ldpcgpu/api.h>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gr {
namespace ldpcgpu {

/*!
 * \brief Systematic LDPC encoder for gr-fec's FECAPI: k unpacked information bits in (the
 * lowest bit of each byte), n unpacked code bits out per codeword, for every code the core
 * knows.
 * \ingroup ldpcgpu
 *
 * \details
 * \p info_placement as for fec_decoder: "grfec" (alist codes) writes the information bits
 * where gr-fec's LDPC encoder writes them for the same alist file, so the codewords equal
 * fec.ldpc_encoder_make's; "ldpcgpu" where this module's encoder block puts them; "auto"
 * (default) is "grfec" for alist codes and the standard's placement (information bits first)
 * for the named codes.
 */
class LDPCGPU_API fec_encoder : public gr::fec::generic_encoder
{
public:
    /*!
     * \param code code name ("wimax:2304:1/2", "dvbt2:16200:3/5", "alist:/path/f.alist", ...)
     * \param info_placement "auto", "grfec" or "ldpcgpu"
     * \param frames_per_call codewords per generic_work() call until set_frame_size()
     */
    static gr::fec::generic_encoder::sptr make(const std::string& code,
                                               const std::string& info_placement = "auto",
                                               int frames_per_call = 1);

    ~fec_encoder() override;

    /* gr::fec::generic_encoder */
    void generic_work(void* in_buffer, void* out_buffer) override;
    double rate() override;         /* n / k (code bits per information bit) */
    int get_input_size() override;  /* codewords per call * k */
    int get_output_size() override; /* codewords per call * n */
    const char* get_input_conversion() override;
    const char* get_output_conversion() override;
    /* frame_size: information bits per call, a positive multiple of k (then true); a larger
     * value that is not one is rounded down with a warning (false); below k throws. */
    bool set_frame_size(unsigned int frame_size) override;

    std::string code_name() const;
    int n() const;
    int k() const;
    std::string info_placement() const; /* "grfec" or "ldpcgpu" */
    std::vector<int> info_positions() const;
    int frames_per_call() const;
    uint64_t frames_encoded() const;

private:
    struct state;
    explicit fec_encoder(std::unique_ptr<state> s);
    std::unique_ptr<state> d;
};

} // namespace ldpcgpu
} // namespace gr

#endif /* INCLUDED_LDPCGPU_FEC_ENCODER_H */
