/* fec_encoder: the core's encoder behind gr-fec's generic_encoder interface. */
#include "fec_info_placement.h"
#include "fec_nr.h"
#include <gnuradio/ldpcgpu/fec_encoder.h>
#include <gnuradio/logger.h>
#include <atomic>
#include <stdexcept>

namespace gr {
namespace ldpcgpu {

struct fec_encoder::state {
    placed_code code;
    encoder_ptr enc;
    int n = 0, k = 0;
    fec_nr nr;         /* an nr:K:E code: K bits in, E bits out per code block */
    int in_bits = 0;   /* per codeword: k, or K of nr:K:E */
    int out_bits = 0;  /* per codeword: n, or E of nr:K:E */
    std::vector<uint8_t> info, cw; /* nr:K:E scratch */
    int frames = 1; /* codewords per generic_work call */
    std::atomic<uint64_t> encoded{ 0 };
    gr::logger log{ "ldpcgpu.fec_encoder" };
};

gr::fec::generic_encoder::sptr fec_encoder::make(const std::string& code,
                                                 const std::string& info_placement,
                                                 int frames_per_call)
{
    if (frames_per_call < 1)
        throw std::invalid_argument("ldpcgpu.fec_encoder: frames_per_call must be at least 1");
    auto s = std::make_unique<state>();
    s->code = make_placed_code(code, info_placement);
    ::ldpc_encoder* enc = nullptr;
    check_status(ldpc_encoder_create(&enc, s->code.code.get()), "ldpcgpu.fec_encoder: encoder");
    s->enc.reset(enc);
    s->n = ldpc_code_n(s->code.code.get());
    s->k = ldpc_code_k(s->code.code.get());
    s->nr = fec_nr::of(s->code.code.get());
    s->in_bits = s->nr.active ? s->nr.p.cb.k_prime : s->k;
    s->out_bits = s->nr.active ? s->nr.p.e : s->n;
    s->frames = frames_per_call;
    return gr::fec::generic_encoder::sptr(new fec_encoder(std::move(s)));
}

fec_encoder::fec_encoder(std::unique_ptr<state> s)
    : gr::fec::generic_encoder("ldpcgpu_fec_encoder"), d(std::move(s))
{
}

fec_encoder::~fec_encoder() = default;

void fec_encoder::generic_work(void* in_buffer, void* out_buffer)
{
    if (d->nr.active) {
        d->nr.encode(d->enc.get(), static_cast<const uint8_t*>(in_buffer), d->frames,
                     static_cast<uint8_t*>(out_buffer), d->info, d->cw);
        d->encoded += static_cast<uint64_t>(d->frames);
        return;
    }
    check_status(ldpc_encoder_encode(d->enc.get(), static_cast<const uint8_t*>(in_buffer),
                                     static_cast<uint8_t*>(out_buffer), d->frames),
                 "ldpcgpu.fec_encoder: encode");
    d->encoded += static_cast<uint64_t>(d->frames);
}

double fec_encoder::rate() { return static_cast<double>(d->out_bits) / d->in_bits; }
int fec_encoder::get_input_size() { return d->frames * d->in_bits; }
int fec_encoder::get_output_size() { return d->frames * d->out_bits; }
const char* fec_encoder::get_input_conversion() { return "none"; }
const char* fec_encoder::get_output_conversion() { return "none"; }

bool fec_encoder::set_frame_size(unsigned int frame_size)
{
    bool exact = false;
    const int frames =
        codewords_for_frame_size(frame_size, d->in_bits, &exact, d->log, "ldpcgpu.fec_encoder");
    d->frames = frames;
    return exact;
}

std::string fec_encoder::code_name() const { return ldpc_code_name(d->code.code.get()); }
int fec_encoder::n() const { return d->n; }
int fec_encoder::k() const { return d->k; }
std::string fec_encoder::info_placement() const { return d->code.placement; }
std::vector<int> fec_encoder::info_positions() const
{
    const int* pos = ldpc_code_info_positions(d->code.code.get());
    return std::vector<int>(pos, pos + d->k);
}
int fec_encoder::frames_per_call() const { return d->frames; }
uint64_t fec_encoder::frames_encoded() const { return d->encoded; }

} // namespace ldpcgpu
} // namespace gr
