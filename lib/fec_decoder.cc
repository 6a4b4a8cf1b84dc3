/* fec_decoder: the core's synchronous decoder behind gr-fec's generic_decoder interface. */
#include "failure_watch.h"
#include "fec_info_placement.h"
#include "fec_nr.h"
#include <gnuradio/ldpcgpu/fec_decoder.h>
#include <gnuradio/logger.h>
#include <atomic>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace gr {
namespace ldpcgpu {

struct fec_decoder::state {
    placed_code code;
    decoder_ptr dec;
    decoder_params params;
    int n = 0, k = 0;
    fec_nr nr;        /* an nr:K:E code: K bits out per code block (E LLRs in: rate_matched) */
    int in_items = 0; /* per codeword: n, or E of nr:K:E with rate_matched */
    int out_bits = 0; /* per codeword: k, or K of nr:K:E */
    int frames = 1;  /* codewords per generic_work call */
    float gain = 1.0f;
    std::vector<float> scaled;                /* input * gain, when gain != 1 */
    std::vector<uint8_t> bits;                /* nr:K:E: k decoded bits per codeword */
    std::vector<ldpc_frame_status> status;
    float last_iterations = 0.0f;
    gr::logger log{ "ldpcgpu.fec_decoder" };
    std::unique_ptr<failure_watch> watch;
    std::atomic<uint64_t> decoded{ 0 }, failed{ 0 }, iterations{ 0 };
};

gr::fec::generic_decoder::sptr fec_decoder::make(const std::string& code,
                                                 const std::string& backend,
                                                 int max_iterations,
                                                 const std::string& algorithm,
                                                 const std::string& msg_format,
                                                 const std::string& info_placement,
                                                 bool llr_positive_is_one,
                                                 float llr_gain,
                                                 int frames_per_call,
                                                 bool early_termination,
                                                 float nms_alpha,
                                                 float oms_beta,
                                                 float int8_scale,
                                                 bool fallback_to_cpu,
                                                 float sigma,
                                                 float esn0_db,
                                                 bool rate_matched,
                                                 const std::string& crc_stop)
{
    const std::string ctx = "ldpcgpu.fec_decoder";
    if (frames_per_call < 1)
        throw std::invalid_argument(ctx + ": frames_per_call must be at least 1");
    const float gain = llr_gain_for(llr_gain, sigma, esn0_db);
    auto s = std::make_unique<state>();
    s->code = make_placed_code(code, info_placement);
    decoder_params& p = s->params;
    p.algorithm = algorithm;
    p.backend = backend;
    p.max_iterations = max_iterations;
    p.early_termination = early_termination;
    p.nms_alpha = nms_alpha;
    p.oms_beta = oms_beta;
    p.llr_positive_is_one = llr_positive_is_one;
    p.llr_scale = int8_scale;
    p.fallback_to_cpu = fallback_to_cpu;
    /* the input is float: "auto" means float messages, as on the stream decoder block */
    p.msg_format = msg_format == "auto" ? "float" : msg_format;
    s->nr = fec_nr::of(s->code.code.get());
    /* the core undoes the rate matching (input_rate_matched), for nr:K:E codes only: the
     * flag's default suits every code */
    p.rate_matched = rate_matched && s->nr.active;
    p.crc_stop = crc_stop;
    ldpc_decoder_config cfg = make_decoder_config(p, ctx, code_defaults(s->code.code.get()));
    ::ldpc_decoder* dec = nullptr;
    check_status(ldpc_decoder_create(&dec, s->code.code.get(), &cfg), ctx + ": decoder");
    s->dec.reset(dec);
    s->n = ldpc_code_n(s->code.code.get());
    s->k = ldpc_code_k(s->code.code.get());
    s->in_items = ldpc_decoder_frame_llrs(dec);
    s->out_bits = s->nr.active ? s->nr.p.cb.k_prime : s->k;
    s->gain = gain;
    s->watch = std::make_unique<failure_watch>(
        ctx, llr_positive_is_one,
        "LLR = input x llr_gain " + failure_watch::number(gain) +
            ": give sigma or esn0_db of the soft symbols, or the gain 2/sigma^2");
    s->frames = frames_per_call;
    s->status.resize(frames_per_call);
    return gr::fec::generic_decoder::sptr(new fec_decoder(std::move(s)));
}

float fec_decoder::llr_gain_for(float llr_gain, float sigma, float esn0_db)
{
    const std::string ctx = "ldpcgpu.fec_decoder: ";
    const bool has_gain = llr_gain != 1.0f, has_sigma = sigma != 0.0f, has_esn0 = !std::isnan(esn0_db);
    if (has_gain + has_sigma + has_esn0 > 1)
        throw std::invalid_argument(ctx + "give one of llr_gain, sigma and esn0_db, not several");
    if (!(std::isfinite(llr_gain) && llr_gain > 0.0f))
        throw std::invalid_argument(ctx + "llr_gain must be a positive number");
    if (has_sigma) {
        if (!(std::isfinite(sigma) && sigma > 0.0f))
            throw std::invalid_argument(ctx + "sigma must be a positive number");
        return 2.0f / (sigma * sigma);
    }
    if (has_esn0) {
        if (!std::isfinite(esn0_db) || std::fabs(esn0_db) > 100.0f)
            throw std::invalid_argument(ctx + "esn0_db must be a number of dB in -100..100");
        /* +-1 symbols: Es = 1, N0 = 2 sigma^2, so 2 / sigma^2 = 4 Es/N0 */
        return 4.0f * std::pow(10.0f, esn0_db / 10.0f);
    }
    return llr_gain;
}

fec_decoder::fec_decoder(std::unique_ptr<state> s)
    : gr::fec::generic_decoder("ldpcgpu_fec_decoder"), d(std::move(s))
{
}

fec_decoder::~fec_decoder() = default;

void fec_decoder::generic_work(void* inbuffer, void* outbuffer)
{
    const float* in = static_cast<const float*>(inbuffer);
    const size_t count = static_cast<size_t>(d->frames) * d->in_items;
    if (d->gain != 1.0f) {
        d->scaled.resize(count);
        for (size_t i = 0; i < count; i++)
            d->scaled[i] = in[i] * d->gain;
        in = d->scaled.data();
    }
    uint8_t* out = static_cast<uint8_t*>(outbuffer);
    if (d->nr.active) {
        d->bits.resize(static_cast<size_t>(d->frames) * d->k);
        out = d->bits.data();
    }
    check_status(ldpc_decoder_decode_f32(d->dec.get(), in, d->frames, out, d->status.data()),
                 "ldpcgpu.fec_decoder: decode");
    if (d->nr.active)
        d->nr.strip_fillers(out, d->frames, static_cast<uint8_t*>(outbuffer));
    uint64_t its = 0, bad = 0;
    for (int f = 0; f < d->frames; f++) {
        its += static_cast<uint64_t>(d->status[f].iterations);
        bad += d->status[f].parity_ok ? 0 : 1;
    }
    d->last_iterations = static_cast<float>(its) / static_cast<float>(d->frames);
    d->iterations += its;
    d->failed += bad;
    d->watch->add(static_cast<uint64_t>(d->frames), bad, d->log);
    d->decoded += static_cast<uint64_t>(d->frames);
}

double fec_decoder::rate()
{
    return std::nextafter(static_cast<double>(d->out_bits) / d->in_items, 1.0);
}

int fec_decoder::get_input_size() { return d->frames * d->in_items; }
int fec_decoder::get_output_size() { return d->frames * d->out_bits; }
int fec_decoder::get_input_item_size() { return sizeof(float); }
int fec_decoder::get_output_item_size() { return sizeof(uint8_t); }
const char* fec_decoder::get_input_conversion() { return "none"; }
const char* fec_decoder::get_output_conversion() { return "none"; }
float fec_decoder::get_shift() { return 0.0f; }
int fec_decoder::get_history() { return 0; }

bool fec_decoder::set_frame_size(unsigned int frame_size)
{
    bool exact = false;
    const int frames =
        codewords_for_frame_size(frame_size, d->out_bits, &exact, d->log, "ldpcgpu.fec_decoder");
    d->frames = frames;
    d->status.resize(frames);
    return exact;
}

float fec_decoder::get_iterations() { return d->last_iterations; }

std::string fec_decoder::code_name() const { return ldpc_code_name(d->code.code.get()); }
int fec_decoder::n() const { return d->n; }
int fec_decoder::k() const { return d->k; }
std::string fec_decoder::backend_name() const
{
    return ldpc_decoder_backend_name(d->dec.get());
}
std::string fec_decoder::info_placement() const { return d->code.placement; }
std::vector<int> fec_decoder::info_positions() const
{
    const int* pos = ldpc_code_info_positions(d->code.code.get());
    return std::vector<int>(pos, pos + d->k);
}
std::string fec_decoder::msg_format() const
{
    /* the names the stream decoder block reports */
    switch (ldpc_decoder_config_get(d->dec.get())->msg_format) {
    case LDPC_MSG_I8: return "int8";
    case LDPC_MSG_I16: return "int16";
    default: return "float";
    }
}
bool fec_decoder::llr_positive_is_one() const { return d->params.llr_positive_is_one; }
float fec_decoder::llr_gain() const { return d->gain; }
int fec_decoder::frames_per_call() const { return d->frames; }

void fec_decoder::set_max_iterations(int max_iterations)
{
    check_status(ldpc_decoder_set_max_iterations(d->dec.get(), max_iterations),
                 "ldpcgpu.fec_decoder: max_iterations");
}
int fec_decoder::max_iterations() const
{
    return ldpc_decoder_config_get(d->dec.get())->max_iterations;
}

uint64_t fec_decoder::frames_decoded() const { return d->decoded; }
uint64_t fec_decoder::frames_parity_failed() const { return d->failed; }
double fec_decoder::average_iterations() const
{
    const uint64_t frames = d->decoded;
    return frames ? static_cast<double>(d->iterations.load()) / frames : 0.0;
}

} // namespace ldpcgpu
} // namespace gr
