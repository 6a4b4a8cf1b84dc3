/* gr-ldpcgpu: streaming systematic LDPC encoder block (information bits in, codewords out). */
#ifndef INCLUDED_LDPCGPU_LDPC_ENCODER_H
#define INCLUDED_LDPCGPU_LDPC_ENCODER_H

#include <gnuradio/block.h>
#include <gnuradio/ldpcgpu/api.h>
#include <cstdint>
#include <string>

namespace gr {
namespace ldpcgpu {

/*!
 * \brief LDPC encoder: every k information bits in become one n-bit codeword out.
 * \ingroup ldpcgpu
 *
 * \details
 * Works for every code the core knows (DVB-S2/T2/S2X, WiMAX, WiFi, alist files). Bits are
 * unpacked (one bit per byte, only the lowest bit used) or packed (8 per byte, MSB first; a
 * frame of k or n bits then takes ceil(k/8) or ceil(n/8) bytes and starts on a byte).
 * For the standard codes the codeword is the k information bits followed by the parity bits;
 * for alist codes the information bits sit at the code's information positions.
 * Tags are carried through at the proportional output offset.
 */
class LDPCGPU_API ldpc_encoder : virtual public gr::block
{
public:
    typedef std::shared_ptr<ldpc_encoder> sptr;

    /*!
     * \param code code name ("dvbt2:64800:1/2", "wimax:576:1/2", "alist:/path/f.alist", ...)
     * \param packed_input information bits packed 8 per byte, MSB first
     * \param packed_output codeword bits packed 8 per byte, MSB first
     */
    static sptr make(const std::string& code,
                     bool packed_input = false,
                     bool packed_output = false);

    virtual std::string code_name() const = 0;
    virtual int n() const = 0;
    virtual int k() const = 0;
    virtual int input_items_per_frame() const = 0;
    virtual int output_items_per_frame() const = 0;
    virtual uint64_t frames_encoded() const = 0;
};

} // namespace ldpcgpu
} // namespace gr

#endif /* INCLUDED_LDPCGPU_LDPC_ENCODER_H */
