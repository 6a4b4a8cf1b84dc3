/* numpy API over the C core: Code, Encoder, Decoder, the BPSK/AWGN channel, 5G NR rate
 * matching and transport blocks (NrTbCodec), and the multi-code decoder (MultiDecoder).
 *
 * Arrays, with explicit dtypes (anything else raises LdpcError naming what is accepted):
 *   bits: an integer or bool array of 0s and 1s (any other value raises), one bit per element;
 *   LLRs: float32 or float64 (LLR values, float64 converted to float32), or int8 (scaled LLRs,
 *         round(LLR * llr_scale)); no other integer type, no complex, no bool.
 * A batch of frames is either 2-D [frames, width] or 1-D with frames concatenated, and results
 * keep that shape. Heavy calls release the GIL; each Encoder/Decoder serialises its own calls.
 * Errors: every error raised here is LdpcError, a subclass of ValueError (and of RuntimeError,
 * which it was before). */
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "core_handles.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace py = pybind11;
using namespace gr::ldpcgpu;

namespace {

/* A bad argument: raised as LdpcError like the core's own errors. */
[[noreturn]] void bad_argument(const std::string& what)
{
    throw core_error(LDPC_ERR_INVALID_ARGUMENT, what);
}

using u8_array = py::array_t<uint8_t, py::array::c_style | py::array::forcecast>;
using f32_array = py::array_t<float, py::array::c_style | py::array::forcecast>;
using i8_array = py::array_t<int8_t, py::array::c_style | py::array::forcecast>;

/* Frames in a 1-D (concatenated) or 2-D [frames, width] array. */
py::ssize_t frames_of(const py::array& a, int width, const char* what)
{
    if (a.ndim() == 1 && a.shape(0) % width == 0)
        return a.shape(0) / width;
    if (a.ndim() == 2 && a.shape(1) == width)
        return a.shape(0);
    std::string shape;
    for (py::ssize_t d = 0; d < a.ndim(); d++)
        shape += (d ? ", " : "") + std::to_string(a.shape(d));
    bad_argument(std::string(what) + ": expected shape [frames, " + std::to_string(width) +
                 "] or a 1-D array of a multiple of " + std::to_string(width) +
                 " elements, got shape (" + shape + ")");
}

std::string dtype_name(const py::array& a)
{
    return py::str(a.dtype()).cast<std::string>();
}

/* a as a C-contiguous array of T: a itself when it is one, else a copy made by numpy, which
 * raises why it could not (MemoryError for a copy too large). pybind11's ensure() returns an
 * empty handle and clears the error instead, and using that handle crashed. */
template <typename Array>
Array ensured(const py::handle& a)
{
    using T = typename Array::value_type;
    py::object c = py::module::import("numpy").attr("ascontiguousarray")(a, py::dtype::of<T>());
    return c.cast<Array>();
}

/* Any array-like as an array (no copy when it is one): what cannot be one raises LdpcError
 * naming what was expected, except a failed allocation, which stays a MemoryError. */
py::array as_array(const py::object& obj, const std::string& expected)
{
    try {
        return py::module::import("numpy").attr("asarray")(obj).cast<py::array>();
    } catch (py::error_already_set& e) {
        if (e.matches(PyExc_MemoryError))
            throw;
        bad_argument(expected);
    }
}

/* Float LLR values: float32 or float64 in either byte order (converted to native float32). */
bool is_float_llr(const py::array& a)
{
    return a.dtype().kind() == 'f' && (a.itemsize() == 4 || a.itemsize() == 8);
}

/* Bits: integer or bool arrays of 0s and 1s, as uint8 (a copy unless already uint8). */
u8_array bits_array(const py::object& obj, const char* what)
{
    py::array a = as_array(obj, std::string(what) + ": expected an array of bits (0/1)");
    const char kind = a.dtype().kind();
    if (kind != 'u' && kind != 'i' && kind != 'b')
        bad_argument(std::string(what) + ": bits must be an integer or bool array of 0s and 1s, "
                     "not " + dtype_name(a));
    u8_array bits = ensured<u8_array>(a);
    if (kind != 'b') {
        /* checked on the original values: 256 must not pass as 0 after the cast */
        py::array ones_or_zeros = py::module::import("numpy").attr("isin")(a, py::make_tuple(0, 1));
        if (!py::module::import("numpy").attr("all")(ones_or_zeros).cast<bool>())
            bad_argument(std::string(what) + ": bits must be 0 or 1");
    }
    return bits;
}

template <typename T>
py::array_t<T> shaped_like(const py::array& a, py::ssize_t frames, int width)
{
    if (a.ndim() == 1)
        return py::array_t<T>({ frames * width });
    return py::array_t<T>({ frames, static_cast<py::ssize_t>(width) });
}

template <typename T>
py::array_t<T> copy_array(const T* p, size_t count)
{
    py::array_t<T> a(static_cast<py::ssize_t>(count));
    if (count)
        std::memcpy(a.mutable_data(), p, count * sizeof(T));
    return a;
}

const char* family_name(ldpc_family f)
{
    switch (f) {
    case LDPC_FAMILY_DVB: return "dvb";
    case LDPC_FAMILY_WIMAX: return "wimax";
    case LDPC_FAMILY_WIFI: return "wifi";
    case LDPC_FAMILY_NR: return "nr";
    default: return "alist";
    }
}

class Code;
using CodePtr = std::shared_ptr<Code>;

class Encoder
{
public:
    explicit Encoder(CodePtr code);
    py::array encode(const py::object& info);
    CodePtr code() const { return d_code; }

private:
    CodePtr d_code;
    encoder_ptr d_enc;
    std::mutex d_mutex;
};

/* An immutable parity-check matrix, shared by the encoders and decoders made from it. */
class Code
{
public:
    explicit Code(ldpc_code* c) : d_code(c) { check_status(ldpc_code_get_info(c, &d_info), "Code"); }
    const ldpc_code* get() const { return d_code.get(); }
    const ldpc_code_info& info() const { return d_info; }

    std::string name() const { return ldpc_code_name(get()); }

    std::pair<py::array_t<int32_t>, py::array_t<int32_t>> rows() const
    {
        const int *ptr, *idx;
        check_status(ldpc_code_rows(get(), &ptr, &idx), "Code.H");
        return { copy_array<int32_t>(ptr, d_info.m + 1), copy_array<int32_t>(idx, ptr[d_info.m]) };
    }
    std::pair<py::array_t<int32_t>, py::array_t<int32_t>> cols() const
    {
        const int *ptr, *idx;
        check_status(ldpc_code_cols(get(), &ptr, &idx), "Code.H_columns");
        return { copy_array<int32_t>(ptr, d_info.n + 1), copy_array<int32_t>(idx, ptr[d_info.n]) };
    }
    py::array_t<uint8_t> dense() const
    {
        if (static_cast<double>(d_info.m) * d_info.n > 256e6)
            bad_argument("Code.dense(): H is too large for a dense array; use Code.H");
        py::array_t<uint8_t> h({ static_cast<py::ssize_t>(d_info.m), static_cast<py::ssize_t>(d_info.n) });
        std::memset(h.mutable_data(), 0, static_cast<size_t>(d_info.m) * d_info.n);
        const int *ptr, *idx;
        ldpc_code_rows(get(), &ptr, &idx);
        uint8_t* p = h.mutable_data();
        for (int r = 0; r < d_info.m; r++)
            for (int e = ptr[r]; e < ptr[r + 1]; e++)
                p[static_cast<size_t>(r) * d_info.n + idx[e]] = 1;
        return h;
    }
    py::array_t<int32_t> info_positions() const
    {
        return copy_array<int32_t>(ldpc_code_info_positions(get()), d_info.k);
    }
    py::object base_matrix() const
    {
        int rows = 0, cols = 0, z = 0;
        const int16_t* b = ldpc_code_base_matrix(get(), &rows, &cols, &z);
        if (!b)
            return py::none();
        py::array_t<int16_t> a({ static_cast<py::ssize_t>(rows), static_cast<py::ssize_t>(cols) });
        std::memcpy(a.mutable_data(), b, static_cast<size_t>(rows) * cols * sizeof(int16_t));
        return std::move(a);
    }
    py::object syndrome_weight(const py::object& codewords) const
    {
        u8_array cw = bits_array(codewords, "syndrome_weight");
        const py::ssize_t frames = frames_of(cw, d_info.n, "syndrome_weight");
        py::array_t<int32_t> w(frames);
        for (py::ssize_t f = 0; f < frames; f++)
            w.mutable_data()[f] =
                ldpc_code_syndrome_weight(get(), cw.data() + static_cast<size_t>(f) * d_info.n);
        if (cw.ndim() == 1 && frames == 1)
            return py::int_(w.data()[0]);
        return std::move(w);
    }
    std::string alist() const
    {
        char* buf = nullptr;
        size_t len = 0;
        FILE* f = open_memstream(&buf, &len);
        if (!f)
            throw std::runtime_error("Code.alist(): out of memory");
        int st = ldpc_code_write_alist(get(), f);
        std::fclose(f);
        std::string text(buf ? buf : "", len);
        std::free(buf);
        check_status(st, "Code.alist");
        return text;
    }
    void write_alist(const std::string& path) const
    {
        check_status(ldpc_code_write_alist_file(get(), path.c_str()), "Code.write_alist");
    }
    std::string summary() const
    {
        return name() + ": n=" + std::to_string(d_info.n) + " k=" + std::to_string(d_info.k) +
               " m=" + std::to_string(d_info.m) + " edges=" + std::to_string(d_info.num_edges);
    }

    /* the encoder Code.encode() uses, made on first use */
    std::shared_ptr<Encoder> encoder(const CodePtr& self)
    {
        std::lock_guard<std::mutex> lock(d_enc_mutex);
        if (!d_encoder)
            d_encoder = std::make_shared<Encoder>(self);
        return d_encoder;
    }

private:
    code_ptr d_code;
    ldpc_code_info d_info;
    std::mutex d_enc_mutex;
    std::shared_ptr<Encoder> d_encoder;
};

Encoder::Encoder(CodePtr code) : d_code(std::move(code))
{
    ldpc_encoder* e = nullptr;
    check_status(ldpc_encoder_create(&e, d_code->get()), "Encoder(" + d_code->name() + ")");
    d_enc.reset(e);
}

py::array Encoder::encode(const py::object& info_in)
{
    u8_array info = bits_array(info_in, "encode");
    const int k = d_code->info().k, n = d_code->info().n;
    const py::ssize_t frames = frames_of(info, k, "encode");
    py::array_t<uint8_t> cw = shaped_like<uint8_t>(info, frames, n);
    int st;
    {
        py::gil_scoped_release release;
        std::lock_guard<std::mutex> lock(d_mutex);
        st = ldpc_encoder_encode(d_enc.get(), info.data(), cw.mutable_data(), static_cast<int>(frames));
    }
    check_status(st, "encode");
    return std::move(cw);
}

class Decoder
{
public:
    Decoder(CodePtr code,
            const std::string& backend,
            const std::string& algorithm,
            int max_iterations,
            bool early_termination,
            bool llr_positive_is_one,
            float llr_scale,
            bool output_codeword,
            bool packed,
            const std::string& schedule,
            float nms_alpha,
            float oms_beta,
            const std::string& msg_format,
            int batch_frames,
            int batches_in_flight,
            int num_streams,
            const std::vector<int>& devices,
            int num_threads,
            bool fallback_to_cpu,
            bool rate_matched,
            const std::string& crc_stop,
            int harq_buffers,
            const std::string& row_order)
        : d_code(std::move(code))
    {
        decoder_params p;
        p.backend = backend;
        p.algorithm = algorithm;
        p.max_iterations = max_iterations;
        p.early_termination = early_termination;
        p.llr_positive_is_one = llr_positive_is_one;
        p.llr_scale = llr_scale;
        p.output_codeword = output_codeword;
        p.packed_output = packed;
        p.batch_frames = batch_frames;
        p.batches_in_flight = batches_in_flight;
        p.num_streams = num_streams;
        p.devices = devices;
        p.fallback_to_cpu = fallback_to_cpu;
        p.msg_format = msg_format;
        p.nms_alpha = nms_alpha;
        p.oms_beta = oms_beta;
        p.rate_matched = rate_matched;
        p.crc_stop = crc_stop;
        p.harq_buffers = harq_buffers;
        ldpc_decoder_config cfg = make_decoder_config(p, "Decoder", code_defaults(d_code->get()));
        /* what only the numpy API offers */
        check_status(ldpc_schedule_from_string(schedule.c_str(), &cfg.schedule), "Decoder: schedule");
        check_status(ldpc_row_order_from_string(row_order.c_str(), &cfg.row_order),
                     "Decoder: row_order");
        cfg.num_threads = num_threads;
        ldpc_decoder* d = nullptr;
        check_status(ldpc_decoder_create(&d, d_code->get(), &cfg), "Decoder(" + d_code->name() + ")");
        d_dec.reset(d);
    }

    /* HARQ entries of frames frames from decode()'s buffers / rv / first (arrays of one
     * entry per frame, or scalars for every frame); empty when buffers is None */
    std::vector<ldpc_harq_frame> harq_entries(const py::object& buffers, const py::object& rv,
                                              const py::object& first, py::ssize_t frames) const
    {
        std::vector<ldpc_harq_frame> h;
        if (buffers.is_none()) {
            if (!rv.is_none() || !first.is_none())
                bad_argument("decode: rv and first go with buffers");
            return h;
        }
        auto column = [&](const py::object& o, int dflt, const char* what) {
            std::vector<int32_t> v(static_cast<size_t>(frames), dflt);
            if (o.is_none())
                return v;
            py::array_t<int32_t, py::array::c_style | py::array::forcecast> a =
                py::array_t<int32_t, py::array::c_style | py::array::forcecast>::ensure(o);
            if (!a)
                bad_argument(std::string("decode: ") + what + " must be integers");
            if (a.ndim() == 0 || a.size() == 1)
                std::fill(v.begin(), v.end(), a.data()[0]);
            else if (a.ndim() == 1 && a.size() == frames)
                std::copy(a.data(), a.data() + frames, v.begin());
            else
                bad_argument(std::string("decode: ") + what + " needs one entry per frame (" +
                             std::to_string(frames) + ") or one for all");
            return v;
        };
        ldpc_nr_code_params np{};
        const int code_rv = ldpc_code_nr_params(d_code->get(), &np) == LDPC_OK ? np.rv : 0;
        const std::vector<int32_t> b = column(buffers, -1, "buffers"), r = column(rv, code_rv, "rv"),
                                   f = column(first, 0, "first");
        h.resize(static_cast<size_t>(frames));
        for (size_t i = 0; i < h.size(); i++)
            h[i] = ldpc_harq_frame{b[i], r[i], f[i]};
        return h;
    }

    py::tuple decode(const py::object& llr_obj, const py::object& buffers = py::none(),
                     const py::object& rv = py::none(), const py::object& first = py::none())
    {
        const int n = ldpc_decoder_frame_llrs(d_dec.get()); /* E with rate_matched */
        const int out_bytes = ldpc_decoder_output_bytes(d_dec.get());
        py::array llr_in = as_array(llr_obj, "decode: expected an array of LLRs");
        /* explicit dtypes: int8 means scaled LLRs, floats mean LLR values; other integer
         * types, bool and complex are refused rather than guessed at */
        const bool int8 = llr_in.dtype().is(py::dtype::of<int8_t>());
        const bool floating = is_float_llr(llr_in);
        if (!int8 && !floating)
            bad_argument("decode: LLRs must be float32 or float64 (LLR values) or int8 (scaled "
                         "LLRs, round(LLR * llr_scale)), not " + dtype_name(llr_in));
        py::array llr = int8 ? py::array(ensured<i8_array>(llr_in)) : py::array(ensured<f32_array>(llr_in));
        const py::ssize_t frames = frames_of(llr, n, "decode");
        py::array_t<uint8_t> bits = shaped_like<uint8_t>(llr, frames, out_bytes);
        py::array_t<int32_t> iterations(frames);
        py::array_t<bool> parity_ok(frames);
        std::vector<ldpc_frame_status> status(static_cast<size_t>(frames));
        const std::vector<ldpc_harq_frame> harq = harq_entries(buffers, rv, first, frames);
        int st;
        {
            py::gil_scoped_release release;
            std::lock_guard<std::mutex> lock(d_mutex);
            const int nf = static_cast<int>(frames);
            if (!harq.empty() && int8)
                st = ldpc_decoder_decode_harq_i8(d_dec.get(), static_cast<const int8_t*>(llr.data()),
                                                 harq.data(), nf, bits.mutable_data(), status.data());
            else if (!harq.empty())
                st = ldpc_decoder_decode_harq_f32(d_dec.get(), static_cast<const float*>(llr.data()),
                                                  harq.data(), nf, bits.mutable_data(), status.data());
            else if (int8)
                st = ldpc_decoder_decode_i8(d_dec.get(), static_cast<const int8_t*>(llr.data()), nf,
                                            bits.mutable_data(), status.data());
            else
                st = ldpc_decoder_decode_f32(d_dec.get(), static_cast<const float*>(llr.data()), nf,
                                             bits.mutable_data(), status.data());
        }
        check_status(st, "decode");
        for (py::ssize_t f = 0; f < frames; f++) {
            iterations.mutable_data()[f] = status[f].iterations;
            parity_ok.mutable_data()[f] = status[f].parity_ok != 0;
        }
        return py::make_tuple(bits, iterations, parity_ok);
    }

    void set_max_iterations(int it)
    {
        std::lock_guard<std::mutex> lock(d_mutex);
        check_status(ldpc_decoder_set_max_iterations(d_dec.get(), it), "set_max_iterations");
    }
    void set_early_termination(bool on)
    {
        std::lock_guard<std::mutex> lock(d_mutex);
        check_status(ldpc_decoder_set_early_termination(d_dec.get(), on ? 1 : 0), "set_early_termination");
    }
    const ldpc_decoder_config& cfg() const { return *ldpc_decoder_config_get(d_dec.get()); }
    std::string backend() const { return ldpc_decoder_backend_name(d_dec.get()); }
    int output_bytes() const { return ldpc_decoder_output_bytes(d_dec.get()); }
    int batch_frames() const { return ldpc_decoder_batch_frames(d_dec.get()); }
    int frame_llrs() const { return ldpc_decoder_frame_llrs(d_dec.get()); }
    CodePtr code() const { return d_code; }
    py::array_t<float> harq_buffer(int buffer)
    {
        py::array_t<float> out(d_code->info().n);
        int st;
        {
            std::lock_guard<std::mutex> lock(d_mutex);
            st = ldpc_decoder_harq_read(d_dec.get(), buffer, out.mutable_data());
        }
        check_status(st, "harq_buffer");
        return out;
    }

private:
    CodePtr d_code; /* declared first: destroyed after the decoder that uses it */
    decoder_ptr d_dec;
    std::mutex d_mutex;
};

CodePtr code_from(int status, ldpc_code* c, const std::string& what)
{
    check_status(status, what);
    return std::make_shared<Code>(c);
}

CodePtr code_by_name(const std::string& name)
{
    check_code_name(name, "Code");
    ldpc_code* c = nullptr;
    int st = ldpc_code_create(&c, name.c_str());
    return code_from(st, c, "Code('" + name + "')");
}

/* Encoder and Decoder take a Code or a code name, as the blocks do. */
CodePtr code_arg(const py::object& code)
{
    if (py::isinstance<py::str>(code))
        return code_by_name(code.cast<std::string>());
    if (py::isinstance<Code>(code))
        return code.cast<CodePtr>();
    bad_argument("code: expected an ldpcgpu.Code or a code name such as 'wimax:2304:1/2', not " +
                 py::str(py::type::of(code).attr("__name__")).cast<std::string>());
}


/* ---- 5G NR: rate matching of "nr:K:E" (or mother) codes, transport blocks ---- */

/* The NR parameters of code, with the caller's e / rv / qm where given (e 0, rv -1, qm 0:
 * the code's own). */
ldpc_nr_code_params nr_params(const Code& code, int e, int rv, int qm, const char* what)
{
    ldpc_nr_code_params p;
    check_status(ldpc_code_nr_params(code.get(), &p), what);
    if (e > 0)
        p.e = e;
    if (rv >= 0)
        p.rv = rv;
    if (qm > 0)
        p.qm = qm;
    if (p.e <= 0)
        bad_argument(std::string(what) + ": " + code.name() +
                     " is a mother code: give e (the rate-matched bits)");
    return p;
}

py::array nr_rate_match(const py::object& code_in, const py::object& cw_in, int e, int rv, int qm)
{
    CodePtr code = code_arg(code_in);
    const ldpc_nr_code_params p = nr_params(*code, e, rv, qm, "nr_rate_match");
    u8_array cw = bits_array(cw_in, "nr_rate_match");
    const int n = code->info().n;
    const py::ssize_t frames = frames_of(cw, n, "nr_rate_match");
    py::array_t<uint8_t> out = shaped_like<uint8_t>(cw, frames, p.e);
    int st = LDPC_OK;
    {
        py::gil_scoped_release release;
        for (py::ssize_t f = 0; f < frames && st == LDPC_OK; f++)
            st = ldpc_nr_rate_match(&p.cb, p.rv, p.qm, p.e, cw.data() + f * n,
                                    out.mutable_data() + f * p.e);
    }
    check_status(st, "nr_rate_match");
    return std::move(out);
}

py::array nr_rate_recover(const py::object& code_in, const py::object& llr_in,
                          const py::object& harq_in, int e, int rv, int qm)
{
    CodePtr code = code_arg(code_in);
    const ldpc_nr_code_params p = nr_params(*code, e, rv, qm, "nr_rate_recover");
    py::array raw = py::array::ensure(llr_in);
    if (!raw || (!raw.dtype().is(py::dtype::of<float>()) && !raw.dtype().is(py::dtype::of<double>())))
        bad_argument("nr_rate_recover: LLRs must be float32 or float64");
    f32_array llr = f32_array::ensure(raw);
    const int n = code->info().n;
    const py::ssize_t frames = frames_of(llr, p.e, "nr_rate_recover");
    py::array_t<float> harq;
    if (harq_in.is_none()) {
        harq = shaped_like<float>(llr, frames, n);
        std::memset(harq.mutable_data(), 0, static_cast<size_t>(frames) * n * sizeof(float));
    } else {
        /* the caller's buffer, combined in place: it must be float32, contiguous, writable */
        if (!py::isinstance<py::array_t<float>>(harq_in))
            bad_argument("nr_rate_recover: harq must be a float32 array");
        harq = harq_in.cast<py::array_t<float>>();
        if (!(harq.flags() & py::array::c_style) || !harq.writeable())
            bad_argument("nr_rate_recover: harq must be C-contiguous and writable");
        if (frames_of(harq, n, "nr_rate_recover: harq") != frames)
            bad_argument("nr_rate_recover: harq holds another number of frames than llr");
    }
    int st = LDPC_OK;
    {
        py::gil_scoped_release release;
        for (py::ssize_t f = 0; f < frames && st == LDPC_OK; f++)
            st = ldpc_nr_rate_recover_f32(&p.cb, p.rv, p.qm, p.e, llr.data() + f * p.e,
                                          harq.mutable_data() + f * n);
    }
    check_status(st, "nr_rate_recover");
    return std::move(harq);
}

/* Code blocks carrying the CRC a decoder's crc_stop checks: the last L bits of each frame of
 * K' bits replaced by the CRC (crc_stop's name: "crc24a", "crc24b", "crc16") of the K' - L
 * before them (ldpc_nr_crc_attach). Returns a new array. */
py::array nr_crc_attach(const py::object& bits_in, const std::string& crc)
{
    const ldpc_crc_stop stop = gr::ldpcgpu::parse_crc_stop(crc, "nr_crc_attach");
    ldpc_nr_crc kind;
    check_status(ldpc_crc_stop_kind(stop, &kind), "nr_crc_attach: crc");
    u8_array in = bits_array(bits_in, "nr_crc_attach");
    const py::ssize_t k = in.ndim() == 1 ? in.size() : in.shape(in.ndim() - 1);
    const int len = ldpc_nr_crc_length(kind);
    if (k <= len)
        bad_argument("nr_crc_attach: frames of " + std::to_string(k) + " bits hold no data "
                     "before the " + std::to_string(len) + "-bit CRC");
    const py::ssize_t frames = frames_of(in, static_cast<int>(k), "nr_crc_attach");
    py::array_t<uint8_t> out = shaped_like<uint8_t>(in, frames, static_cast<int>(k));
    std::memcpy(out.mutable_data(), in.data(), static_cast<size_t>(frames * k));
    for (py::ssize_t f = 0; f < frames; f++)
        check_status(ldpc_nr_crc_attach(kind, out.mutable_data() + f * k, static_cast<int>(k) - len),
                     "nr_crc_attach");
    return std::move(out);
}

/* Decoder settings of the NR TB codec and the multi-code decoder, as Decoder takes them. */
ldpc_decoder_config config_from(const std::string& backend, const std::string& algorithm,
                                int max_iterations, bool early_termination, float llr_scale,
                                const std::string& msg_format, const std::string& schedule,
                                int num_threads, const char* what,
                                const ldpc_decoder_config& defaults,
                                bool rate_matched = false,
                                const std::string& crc_stop = "none")
{
    decoder_params p;
    p.backend = backend;
    p.algorithm = algorithm;
    p.max_iterations = max_iterations;
    p.early_termination = early_termination;
    p.llr_scale = llr_scale;
    p.msg_format = msg_format;
    p.rate_matched = rate_matched;
    p.crc_stop = crc_stop;
    ldpc_decoder_config cfg = make_decoder_config(p, what, defaults);
    check_status(ldpc_schedule_from_string(schedule.c_str(), &cfg.schedule), what);
    cfg.num_threads = num_threads;
    return cfg;
}

/* The NR family's defaults (the TB codec's decoder). */
ldpc_decoder_config nr_defaults()
{
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init_family(&cfg, LDPC_FAMILY_NR);
    return cfg;
}

struct tb_codec_deleter {
    void operator()(ldpc_nr_tb_codec* x) const { ldpc_nr_tb_codec_destroy(x); }
};

std::vector<int> e_list(const py::object& e_in, int c, const char* what)
{
    std::vector<int> e = e_in.cast<std::vector<int>>();
    if (static_cast<int>(e.size()) != c)
        bad_argument(std::string(what) + ": e must list " + std::to_string(c) +
                     " code block sizes (one per code block), got " + std::to_string(e.size()));
    return e;
}

class NrTbCodec
{
public:
    NrTbCodec(int a, int bg, const ldpc_decoder_config& cfg)
    {
        ldpc_nr_tb_codec* x = nullptr;
        check_status(ldpc_nr_tb_codec_create(&x, a, bg, &cfg), "NrTbCodec");
        d_codec.reset(x);
        ldpc_nr_tb_codec_layout(x, &d_tb);
    }
    const ldpc_nr_tb& tb() const { return d_tb; }
    void limit_buffer(int tbs_lbrm)
    {
        std::lock_guard<std::mutex> lock(d_mutex);
        check_status(ldpc_nr_tb_codec_limit_buffer(d_codec.get(), tbs_lbrm), "limit_buffer");
        ldpc_nr_tb_codec_layout(d_codec.get(), &d_tb);
    }
    py::array encode(const py::object& bits_in, const py::object& e_in, int rv, int qm)
    {
        u8_array bits = bits_array(bits_in, "NrTbCodec.encode");
        if (bits.size() != d_tb.a)
            bad_argument("NrTbCodec.encode: expected " + std::to_string(d_tb.a) +
                         " transport block bits, got " + std::to_string(bits.size()));
        std::vector<int> e = e_list(e_in, d_tb.c, "NrTbCodec.encode");
        long total = 0;
        for (int x : e)
            total += x > 0 ? x : 0;
        py::array_t<uint8_t> out(static_cast<py::ssize_t>(total));
        int st;
        {
            py::gil_scoped_release release;
            std::lock_guard<std::mutex> lock(d_mutex);
            st = ldpc_nr_tb_encode(d_codec.get(), bits.data(), e.data(), rv, qm, out.mutable_data());
        }
        check_status(st, "NrTbCodec.encode");
        return std::move(out);
    }
    py::tuple decode(const py::object& llr_in, const py::object& e_in, int rv, int qm,
                     const py::object& harq_in)
    {
        py::array raw = py::array::ensure(llr_in);
        if (!raw || (!raw.dtype().is(py::dtype::of<float>()) && !raw.dtype().is(py::dtype::of<double>())))
            bad_argument("NrTbCodec.decode: LLRs must be float32 or float64");
        f32_array llr = f32_array::ensure(raw);
        std::vector<int> e = e_list(e_in, d_tb.c, "NrTbCodec.decode");
        long total = 0;
        for (int x : e)
            total += x;
        if (llr.size() != total)
            bad_argument("NrTbCodec.decode: expected sum(e) = " + std::to_string(total) +
                         " LLRs, got " + std::to_string(llr.size()));
        float* harq = nullptr;
        py::array_t<float> harq_arr;
        if (!harq_in.is_none()) {
            if (!py::isinstance<py::array_t<float>>(harq_in))
                bad_argument("NrTbCodec.decode: harq must be a float32 array");
            harq_arr = harq_in.cast<py::array_t<float>>();
            const long want = static_cast<long>(d_tb.c) * d_tb.cb.n_ldpc;
            if (!(harq_arr.flags() & py::array::c_style) || !harq_arr.writeable() ||
                harq_arr.size() != want)
                bad_argument("NrTbCodec.decode: harq must be a writable C-contiguous float32 "
                             "array of C * n_ldpc = " + std::to_string(want) + " values");
            harq = harq_arr.mutable_data();
        }
        py::array_t<uint8_t> bits(static_cast<py::ssize_t>(d_tb.a));
        py::array_t<int32_t> iterations(d_tb.c);
        py::array_t<bool> parity_ok(d_tb.c);
        std::vector<ldpc_frame_status> status(static_cast<size_t>(d_tb.c));
        int ok = 0, st;
        {
            py::gil_scoped_release release;
            std::lock_guard<std::mutex> lock(d_mutex);
            st = ldpc_nr_tb_decode(d_codec.get(), llr.data(), e.data(), rv, qm, harq,
                                   bits.mutable_data(), &ok, status.data());
        }
        check_status(st, "NrTbCodec.decode");
        for (int r = 0; r < d_tb.c; r++) {
            iterations.mutable_data()[r] = status[r].iterations;
            parity_ok.mutable_data()[r] = status[r].parity_ok != 0;
        }
        return py::make_tuple(bits, ok != 0, iterations, parity_ok);
    }

private:
    std::unique_ptr<ldpc_nr_tb_codec, tb_codec_deleter> d_codec;
    ldpc_nr_tb d_tb;
    std::mutex d_mutex;
};

/* ---- one decoder for frames of many codes ---- */

struct multi_deleter {
    void operator()(ldpc_multi_decoder* d) const { ldpc_multi_decoder_destroy(d); }
};

class MultiDecoder
{
public:
    MultiDecoder(std::vector<CodePtr> codes, const ldpc_decoder_config& cfg)
        : d_codes(std::move(codes))
    {
        std::vector<const ldpc_code*> raw;
        for (const CodePtr& c : d_codes)
            raw.push_back(c->get());
        ldpc_multi_decoder* d = nullptr;
        check_status(ldpc_multi_decoder_create(&d, raw.data(), static_cast<int>(raw.size()), &cfg),
                     "MultiDecoder");
        d_dec.reset(d);
    }
    py::tuple decode(const py::object& llr_obj, const py::object& index_obj)
    {
        const int row_in = ldpc_multi_decoder_max_n(d_dec.get());
        const int row_out = ldpc_multi_decoder_max_output_bytes(d_dec.get());
        py::array llr_in = py::array::ensure(llr_obj);
        if (!llr_in)
            bad_argument("MultiDecoder.decode: expected an array of LLRs");
        const bool int8 = llr_in.dtype().is(py::dtype::of<int8_t>());
        if (!int8 && !llr_in.dtype().is(py::dtype::of<float>()) &&
            !llr_in.dtype().is(py::dtype::of<double>()))
            bad_argument("MultiDecoder.decode: LLRs must be float32, float64 or int8, not " +
                         dtype_name(llr_in));
        py::array llr = int8 ? py::array(i8_array::ensure(llr_in)) : py::array(f32_array::ensure(llr_in));
        const py::ssize_t frames = frames_of(llr, row_in, "MultiDecoder.decode");
        py::array idx_raw = py::array::ensure(index_obj);
        if (!idx_raw || (idx_raw.dtype().kind() != 'i' && idx_raw.dtype().kind() != 'u'))
            bad_argument("MultiDecoder.decode: code_index must be an integer array");
        auto index = py::array_t<int, py::array::c_style | py::array::forcecast>::ensure(idx_raw);
        if (index.size() != frames)
            bad_argument("MultiDecoder.decode: " + std::to_string(frames) + " frames but " +
                         std::to_string(index.size()) + " code indices");
        py::array_t<uint8_t> bits({ frames, static_cast<py::ssize_t>(row_out) });
        py::array_t<int32_t> iterations(frames);
        py::array_t<bool> parity_ok(frames);
        std::vector<ldpc_frame_status> status(static_cast<size_t>(frames));
        int st;
        {
            py::gil_scoped_release release;
            std::lock_guard<std::mutex> lock(d_mutex);
            if (int8)
                st = ldpc_multi_decoder_decode_i8(d_dec.get(), static_cast<const int8_t*>(llr.data()),
                                                  index.data(), static_cast<int>(frames),
                                                  bits.mutable_data(), status.data());
            else
                st = ldpc_multi_decoder_decode_f32(d_dec.get(), static_cast<const float*>(llr.data()),
                                                   index.data(), static_cast<int>(frames),
                                                   bits.mutable_data(), status.data());
        }
        check_status(st, "MultiDecoder.decode");
        for (py::ssize_t f = 0; f < frames; f++) {
            iterations.mutable_data()[f] = status[f].iterations;
            parity_ok.mutable_data()[f] = status[f].parity_ok != 0;
        }
        return py::make_tuple(bits, iterations, parity_ok);
    }
    const std::vector<CodePtr>& codes() const { return d_codes; }
    int max_n() const { return ldpc_multi_decoder_max_n(d_dec.get()); }
    int frame_llrs(int i) const
    {
        int n = ldpc_multi_decoder_frame_llrs(d_dec.get(), i);
        check_status(n < 0 ? n : LDPC_OK, "MultiDecoder.frame_llrs");
        return n;
    }
    int max_output_bytes() const { return ldpc_multi_decoder_max_output_bytes(d_dec.get()); }
    int output_bytes(int i) const
    {
        int b = ldpc_multi_decoder_output_bytes(d_dec.get(), i);
        check_status(b < 0 ? b : LDPC_OK, "MultiDecoder.output_bytes");
        return b;
    }
    std::string backend() const { return ldpc_multi_decoder_backend_name(d_dec.get()); }

private:
    std::vector<CodePtr> d_codes; /* first: outlive the decoder */
    std::unique_ptr<ldpc_multi_decoder, multi_deleter> d_dec;
    std::mutex d_mutex;
};

void bind_nr(py::module& m)
{
    m.def("nr_rate_match", &nr_rate_match, py::arg("code"), py::arg("codewords"),
          py::arg("e") = 0, py::arg("rv") = -1, py::arg("qm") = 0,
          "5G NR rate matching (38.212 5.4.2) of codewords [frames, n] of an NR code (a name "
          "or Code: 'nr:K:E[:rvR][:qmQ]' or a mother code 'nr:bg1:z384') -> transmitted bits "
          "[frames, e]; e, rv, qm default to the code's own (a mother code needs e)");
    m.def("nr_rate_recover", &nr_rate_recover, py::arg("code"), py::arg("llr"),
          py::arg("harq") = py::none(), py::arg("e") = 0, py::arg("rv") = -1, py::arg("qm") = 0,
          "Its inverse on LLRs [frames, e] with HARQ combining: returns float32 [frames, n] "
          "decoder input (fillers +1000, punctured and unsent bits 0). harq: a float32 "
          "[frames, n] array of earlier transmissions, added to in place and returned");
    m.def("nr_crc_attach", &nr_crc_attach, py::arg("bits"), py::arg("crc") = "crc24b",
          "code blocks [frames, K'] (or 1-D) -> a copy whose last L bits of each frame are the "
          "CRC (38.212 5.1; crc: 'crc24b', 'crc24a' or 'crc16', the names of Decoder's "
          "crc_stop) of the K' - L bits before them: the blocks a decoder with that crc_stop "
          "stops on");
    m.def("nr_select_bg",
          [](int tbs, double rate) {
              int bg = ldpc_nr_select_bg(tbs, rate);
              check_status(bg < 0 ? bg : LDPC_OK, "nr_select_bg");
              return bg;
          },
          py::arg("tbs"), py::arg("rate"),
          "base graph (1 or 2) of a transport block of tbs bits at code rate rate (7.2.2)");
    m.def("nr_cb_e",
          [](int g, int qm, int layers, int c) {
              std::vector<int> e;
              for (int r = 0; r < c; r++) {
                  int x = ldpc_nr_cb_e(g, qm, layers, c, r);
                  check_status(x < 0 ? x : LDPC_OK, "nr_cb_e");
                  e.push_back(x);
              }
              return e;
          },
          py::arg("g"), py::arg("qm"), py::arg("layers"), py::arg("c"),
          "E_r of each of the c code blocks of a TB with g coded bits (5.4.2.1)");

    py::class_<NrTbCodec, std::shared_ptr<NrTbCodec>>(
        m, "NrTbCodec",
        "5G NR transport block encoder/decoder for A bits on base graph bg: TB CRC, code "
        "block segmentation with CRC24B, LDPC, rate matching; decode(llr, e) returns (tb_bits, "
        "tb_crc_ok, iterations[C], parity_ok[C]).")
        .def(py::init([](int a, int bg, const std::string& backend, const std::string& algorithm,
                         int max_iterations, bool early_termination, float llr_scale,
                         const std::string& msg_format, const std::string& schedule, int num_threads) {
                 return std::make_shared<NrTbCodec>(
                     a, bg, config_from(backend, algorithm, max_iterations, early_termination,
                                        llr_scale, msg_format, schedule, num_threads, "NrTbCodec",
                                        nr_defaults()));
             }),
             py::arg("a"), py::arg("bg"), py::arg("backend") = "auto",
             py::arg("algorithm") = gr::ldpcgpu::default_algorithm(),
             py::arg("max_iterations") = gr::ldpcgpu::default_max_iterations(),
             py::arg("early_termination") = true,
             py::arg("llr_scale") = gr::ldpcgpu::default_int8_scale(),
             py::arg("msg_format") = "float", py::arg("schedule") = "layered",
             py::arg("num_threads") = 0)
        .def_property_readonly("a", [](const NrTbCodec& x) { return x.tb().a; })
        .def_property_readonly("c", [](const NrTbCodec& x) { return x.tb().c; })
        .def_property_readonly("layout",
                               [](const NrTbCodec& x) {
                                   const ldpc_nr_tb& t = x.tb();
                                   py::dict d;
                                   d["a"] = t.a; d["tb_crc"] = t.tb_crc; d["b"] = t.b;
                                   d["c"] = t.c; d["cb_crc"] = t.cb_crc; d["b_prime"] = t.b_prime;
                                   d["bg"] = t.cb.bg; d["z"] = t.cb.z; d["ils"] = t.cb.ils;
                                   d["kb"] = t.cb.kb; d["k_prime"] = t.cb.k_prime; d["k"] = t.cb.k;
                                   d["fillers"] = t.cb.fillers; d["n_ldpc"] = t.cb.n_ldpc;
                                   d["n"] = t.cb.n; d["n_cb"] = t.cb.n_cb;
                                   return d;
                               },
                               "the segmentation (38.212 5.2.2) and circular buffer as a dict")
        .def("limit_buffer", &NrTbCodec::limit_buffer, py::arg("tbs_lbrm"),
             "limited-buffer rate matching (5.4.2.1) for every code block")
        .def("encode", &NrTbCodec::encode, py::arg("tb_bits"), py::arg("e"), py::arg("rv") = 0,
             py::arg("qm") = 1, "A bits -> sum(e) transmitted bits (code block r: e[r] bits)")
        .def("decode", &NrTbCodec::decode, py::arg("llr"), py::arg("e"), py::arg("rv") = 0,
             py::arg("qm") = 1, py::arg("harq") = py::none(),
             "sum(e) LLRs -> (tb_bits uint8 [A], tb_crc_ok bool, iterations int32 [C], "
             "parity_ok bool [C]); harq: float32 [C * n_ldpc] kept between transmissions "
             "(IR-HARQ), zero before the first");

    py::class_<MultiDecoder, std::shared_ptr<MultiDecoder>>(
        m, "MultiDecoder",
        "One decoder for frames of many codes: decode(llr [frames, max_n], code_index "
        "[frames]) decodes frame f with codes[code_index[f]] (the first frame_llrs(index) LLRs "
        "of the row: n, or E of a rate-matched NR code with rate_matched) and returns (bits "
        "uint8 [frames, max_output_bytes] (each row: its code's output, then zeros), "
        "iterations int32 [frames], parity_ok bool [frames]). rate_matched: every rate-matched "
        "5G NR code ('nr:K:E') of the list takes its E received LLRs, the other codes their n. "
        "crc_stop: as Decoder's, for every code (all must be NR).")
        .def(py::init([](const py::list& codes, const std::string& backend, const std::string& algorithm,
                         int max_iterations, bool early_termination, float llr_scale,
                         const std::string& msg_format, const std::string& schedule,
                         int num_threads, bool output_codeword, bool packed, bool rate_matched,
                         const std::string& crc_stop) {
                 std::vector<CodePtr> c;
                 for (const py::handle& h : codes)
                     c.push_back(code_arg(py::reinterpret_borrow<py::object>(h)));
                 /* one configuration for every code: the first code's defaults */
                 ldpc_decoder_config cfg = config_from(backend, algorithm, max_iterations,
                                                       early_termination, llr_scale, msg_format,
                                                       schedule, num_threads, "MultiDecoder",
                                                       code_defaults(c.empty() ? nullptr : c[0]->get()),
                                                       rate_matched, crc_stop);
                 cfg.output_bits = output_codeword ? LDPC_OUTPUT_CODEWORD : LDPC_OUTPUT_INFO;
                 cfg.output_packing = packed ? LDPC_OUTPUT_PACKED : LDPC_OUTPUT_UNPACKED;
                 return std::make_shared<MultiDecoder>(std::move(c), cfg);
             }),
             py::arg("codes"), py::arg("backend") = "auto",
             py::arg("algorithm") = gr::ldpcgpu::default_algorithm(),
             py::arg("max_iterations") = gr::ldpcgpu::default_max_iterations(),
             py::arg("early_termination") = true,
             py::arg("llr_scale") = gr::ldpcgpu::default_int8_scale(),
             py::arg("msg_format") = "float", py::arg("schedule") = "layered",
             py::arg("num_threads") = 0, py::arg("output_codeword") = false,
             py::arg("packed") = false, py::arg("rate_matched") = false,
             py::arg("crc_stop") = "none")
        .def("decode", &MultiDecoder::decode, py::arg("llr"), py::arg("code_index"))
        .def("output_bytes", &MultiDecoder::output_bytes, py::arg("index"))
        .def("frame_llrs", &MultiDecoder::frame_llrs, py::arg("index"),
             "LLRs of one frame of code index: n, or E with rate_matched on a rate-matched code")
        .def_property_readonly("codes", &MultiDecoder::codes)
        .def_property_readonly("max_n", &MultiDecoder::max_n)
        .def_property_readonly("max_output_bytes", &MultiDecoder::max_output_bytes)
        .def_property_readonly("backend", &MultiDecoder::backend);
}

} // namespace

void bind_core(py::module& m)
{
    /* One exception for everything this module raises: LdpcError, a ValueError (what Python
     * users catch for bad arguments) and a RuntimeError (what it was before, so older
     * `except RuntimeError` code still works). The core's errors (core_error) and the blocks'
     * bad names (std::invalid_argument, translated for this module only) both become it. */
    static py::handle ldpc_error;
    {
        py::tuple bases = py::make_tuple(py::handle(PyExc_ValueError), py::handle(PyExc_RuntimeError));
        const std::string qualname = m.attr("__name__").cast<std::string>() + ".LdpcError";
        ldpc_error = PyErr_NewExceptionWithDoc(
            qualname.c_str(),
            "Every error of gr-ldpcgpu: bad arguments (a ValueError) and failures of the core "
            "or the GPU (also a RuntimeError). Its message names the valid values.",
            bases.ptr(), nullptr);
        if (!ldpc_error)
            throw py::error_already_set();
        m.attr("LdpcError") = ldpc_error;
    }
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p)
                std::rethrow_exception(p);
        } catch (const core_error& e) {
            PyErr_SetString(ldpc_error.ptr(), e.what());
        }
    });
    py::register_local_exception_translator([](std::exception_ptr p) {
        try {
            if (p)
                std::rethrow_exception(p);
        } catch (const std::invalid_argument& e) {
            PyErr_SetString(ldpc_error.ptr(), e.what());
        }
    });
    m.attr("__version__") = LDPCGPU_VERSION;

    py::class_<Code, CodePtr>(
        m,
        "Code",
        "An LDPC code: its parity-check matrix H (m checks x n bits) and k information bits.\n"
        "Code(name) takes 'dvbt2:64800:1/2', 'dvbs2:16200:3/5', 'wimax:2304:1/2', "
        "'wifi:1944:3/4' or 'alist:/path/file.alist'.")
        .def(py::init(&code_by_name), py::arg("name"))
        .def_static("from_alist",
                    [](const std::string& path) {
                        ldpc_code* c = nullptr;
                        int st = ldpc_code_from_alist_file(&c, path.c_str());
                        return code_from(st, c, "Code.from_alist('" + path + "')");
                    },
                    py::arg("path"))
        .def_static("from_alist_string",
                    [](const std::string& text) {
                        ldpc_code* c = nullptr;
                        int st = ldpc_code_from_alist_string(&c, text.data(), text.size());
                        return code_from(st, c, "Code.from_alist_string");
                    },
                    py::arg("text"))
        .def_static("from_rows",
                    [](int n, py::array_t<int32_t, py::array::c_style | py::array::forcecast> row_ptr,
                       py::array_t<int32_t, py::array::c_style | py::array::forcecast> col_idx,
                       const std::string& name) {
                        if (row_ptr.ndim() != 1 || row_ptr.size() < 2)
                            bad_argument("from_rows: row_ptr must be 1-D with m+1 entries");
                        const int m = static_cast<int>(row_ptr.size() - 1);
                        if (row_ptr.data()[m] != col_idx.size())
                            bad_argument("from_rows: row_ptr[m] must equal len(col_idx)");
                        ldpc_code* c = nullptr;
                        int st = ldpc_code_from_rows(&c, name.c_str(), n, m, row_ptr.data(), col_idx.data());
                        return code_from(st, c, "Code.from_rows");
                    },
                    py::arg("n"), py::arg("row_ptr"), py::arg("col_idx"), py::arg("name") = "custom",
                    "Build a code from H in compressed-row form (columns of row r are "
                    "col_idx[row_ptr[r]:row_ptr[r+1]]).")
        .def_property_readonly("name", &Code::name)
        .def_property_readonly("n", [](const Code& c) { return c.info().n; })
        .def_property_readonly("k", [](const Code& c) { return c.info().k; })
        .def_property_readonly("m", [](const Code& c) { return c.info().m; })
        .def_property_readonly("rate", [](const Code& c) { return static_cast<double>(c.info().k) / c.info().n; })
        .def_property_readonly("num_edges", [](const Code& c) { return c.info().num_edges; })
        .def_property_readonly("max_row_degree", [](const Code& c) { return c.info().max_row_degree; })
        .def_property_readonly("max_col_degree", [](const Code& c) { return c.info().max_col_degree; })
        .def_property_readonly("family", [](const Code& c) { return family_name(c.info().family); })
        .def_property_readonly("z", [](const Code& c) { return c.info().z; })
        .def_property_readonly("info_is_prefix", [](const Code& c) { return c.info().info_is_prefix != 0; })
        .def_property_readonly("H", &Code::rows, "H in compressed-row form: (row_ptr[m+1], col_idx[edges]), int32")
        .def_property_readonly("H_columns", &Code::cols, "H in compressed-column form: (col_ptr[n+1], row_idx[edges])")
        .def_property_readonly("row_ptr", [](const Code& c) { return c.rows().first; })
        .def_property_readonly("col_idx", [](const Code& c) { return c.rows().second; })
        .def_property_readonly("info_positions", &Code::info_positions,
                               "column of each information bit (0..k-1 for the standard codes)")
        .def_property_readonly("base_matrix", &Code::base_matrix,
                               "quasi-cyclic base matrix (int16 shifts, -1 = zero block) or None")
        .def("dense", &Code::dense, "H as a dense uint8 [m, n] array (small codes only)")
        .def("syndrome_weight", &Code::syndrome_weight, py::arg("codewords"),
             "unsatisfied checks per codeword (an int for one 1-D codeword, else an int32 array)")
        .def("encode",
             [](const CodePtr& self, const py::object& info) { return self->encoder(self)->encode(info); },
             py::arg("info"), "encode uint8 information bits [frames, k] -> codewords [frames, n]")
        .def("alist", &Code::alist, "H as MacKay alist text")
        .def("write_alist", &Code::write_alist, py::arg("path"))
        .def("__repr__", [](const Code& c) { return "<ldpcgpu.Code " + c.summary() + ">"; });

    py::class_<Encoder, std::shared_ptr<Encoder>>(m, "Encoder", "Systematic encoder for a Code (or a code name).")
        .def(py::init([](const py::object& code) { return std::make_shared<Encoder>(code_arg(code)); }),
             py::arg("code"))
        .def_property_readonly("code", &Encoder::code)
        .def("encode", &Encoder::encode, py::arg("info"),
             "uint8 information bits [frames, k] (or 1-D) -> codewords [frames, n]");

    py::class_<Decoder, std::shared_ptr<Decoder>>(
        m,
        "Decoder",
        "LDPC decoder for a Code (or a code name). decode(llr) takes LLRs [frames, n]: float32 "
        "or float64 LLR values, or int8 scaled LLRs round(LLR * llr_scale); positive = bit 0 "
        "unless llr_positive_is_one. Returns (bits, iterations, parity_ok). msg_format: the "
        "decoder's internal arithmetic, 'float' (default), 'int8' or 'int16'. rate_matched: for a "
        "rate-matched 5G NR code ('nr:K:E'), decode() takes the E LLRs received per frame [frames, E] "
        "and the decoder undoes the rate matching (on the GPU for the cuda backend). crc_stop: "
        "CRC-aided early stop of 5G NR code blocks, 'none' (default), 'crc24a', 'crc24b' or "
        "'crc16': with early_termination a frame also stops once its first K' bits pass that "
        "CRC (parity_ok stays the syndrome's); a bad name or a code that is not NR raises "
        "LdpcError. harq_buffers (with rate_matched): the decoder keeps that many HARQ soft "
        "buffers (on the GPU for the cuda backend) and decode() combines each frame into the "
        "one it names (buffers=, rv=, first=) before decoding it on the whole code. row_order "
        "('auto', 'groups', 'wide', 'narrow', 'wide-by-degree', 'wide-128', 'wide-64', 'packed', 'h'): the "
        "layered rows' order of DVB codes (decoder.h, ldpc_row_order; auto: "
        "each backend's faster one; the same order on two backends gives the same bits).")
        .def_property_readonly("frame_llrs", [](const Decoder& d) { return d.frame_llrs(); },
                               "LLRs per input frame: n, or E with rate_matched")
        .def(py::init([](const py::object& code, const std::string& backend, const std::string& algorithm,
                         int max_iterations, bool early_termination, bool llr_positive_is_one,
                         float llr_scale, bool output_codeword, bool packed, const std::string& schedule,
                         float nms_alpha, float oms_beta, const std::string& msg_format, int batch_frames,
                         int batches_in_flight, int num_streams, const std::vector<int>& devices,
                         int num_threads, bool fallback_to_cpu, bool rate_matched,
                         const std::string& crc_stop, int harq_buffers, const std::string& row_order) {
                 return std::make_shared<Decoder>(code_arg(code), backend, algorithm, max_iterations,
                                                  early_termination, llr_positive_is_one, llr_scale,
                                                  output_codeword, packed, schedule, nms_alpha, oms_beta,
                                                  msg_format, batch_frames, batches_in_flight,
                                                  num_streams, devices, num_threads, fallback_to_cpu,
                                                  rate_matched, crc_stop, harq_buffers, row_order);
             }),
             py::arg("code"),
             py::arg("backend") = "auto",
             py::arg("algorithm") = gr::ldpcgpu::default_algorithm(),
             py::arg("max_iterations") = gr::ldpcgpu::default_max_iterations(),
             py::arg("early_termination") = true,
             py::arg("llr_positive_is_one") = false,
             py::arg("llr_scale") = gr::ldpcgpu::default_int8_scale(),
             py::arg("output_codeword") = false,
             py::arg("packed") = false,
             py::arg("schedule") = "layered",
             py::arg("nms_alpha") = gr::ldpcgpu::code_default,
             py::arg("oms_beta") = gr::ldpcgpu::code_default,
             py::arg("msg_format") = "float",
             py::arg("batch_frames") = 0,
             py::arg("batches_in_flight") = 0,
             py::arg("num_streams") = 0,
             py::arg("devices") = std::vector<int>(),
             py::arg("num_threads") = 0,
             py::arg("fallback_to_cpu") = true,
             py::arg("rate_matched") = false,
             py::arg("crc_stop") = "none",
             py::arg("harq_buffers") = 0,
             py::arg("row_order") = "auto")
        .def("decode", &Decoder::decode, py::arg("llr"), py::arg("buffers") = py::none(),
             py::arg("rv") = py::none(), py::arg("first") = py::none(),
             "decode frames of LLRs; returns (bits uint8 [frames, k or n or packed bytes], "
             "iterations int32 [frames], parity_ok bool [frames]). With harq_buffers: buffers "
             "(the HARQ buffer of each frame, -1 for none), rv (its redundancy version, default "
             "the code's) and first (1: the code block's first transmission), each an array of "
             "one entry per frame or one value for all; every frame is added into its buffer "
             "and the buffer decoded")
        .def("harq_buffer", &Decoder::harq_buffer, py::arg("buffer"),
             "a HARQ buffer's n values (float32): what its frames' transmissions added up to")
        .def("set_max_iterations", &Decoder::set_max_iterations, py::arg("max_iterations"))
        .def("set_early_termination", &Decoder::set_early_termination, py::arg("enabled"))
        .def_property_readonly("code", &Decoder::code)
        .def_property_readonly("backend", &Decoder::backend, "backend in use, after any fallback")
        .def_property_readonly("algorithm", [](const Decoder& d) { return ldpc_algorithm_name(d.cfg().algorithm); })
        .def_property_readonly("schedule", [](const Decoder& d) { return ldpc_schedule_name(d.cfg().schedule); })
        .def_property_readonly("max_iterations", [](const Decoder& d) { return d.cfg().max_iterations; })
        .def_property_readonly("early_termination", [](const Decoder& d) { return d.cfg().early_termination != 0; })
        .def_property_readonly("crc_stop", [](const Decoder& d) { return ldpc_crc_stop_name(d.cfg().early_stop_crc); })
        .def_property_readonly("output_bytes", &Decoder::output_bytes, "bytes per decoded frame")
        .def_property_readonly("batch_frames", &Decoder::batch_frames);

    m.def("list_codes",
          []() {
              std::vector<std::string> names;
              for (int i = 0; i < ldpc_code_list_count(); i++)
                  names.emplace_back(ldpc_code_list_name(i));
              return names;
          },
          "names of the built-in codes");
    m.def("backend_available",
          [](const std::string& name) {
              ldpc_backend b;
              check_status(ldpc_backend_from_string(name.c_str(), &b), "backend_available");
              return ldpc_backend_available(b) != 0;
          },
          py::arg("backend"), "whether this build and machine offer the backend");
    m.def("awgn_sigma", &ldpc_awgn_sigma, py::arg("ebn0_db"), py::arg("rate"),
          "noise standard deviation for BPSK at Eb/N0 (dB) and code rate");
    m.def("sim_frames",
          [](const py::object& code_in, double ebn0_db, int frames, uint64_t seed, uint64_t first,
             bool all_zero, const std::string& modulation, const std::string& demapper) {
              CodePtr code = code_arg(code_in);
              if (frames < 0)
                  bad_argument("sim_frames: frames must be >= 0");
              ldpc_modulation mod;
              ldpc_demap_method dm;
              check_status(ldpc_modulation_from_string(modulation.c_str(), &mod), "sim_frames");
              check_status(ldpc_demap_method_from_string(demapper.c_str(), &dm), "sim_frames");
              const py::ssize_t f = frames, n = code->info().n, k = code->info().k;
              py::array_t<uint8_t> info(std::vector<py::ssize_t>{ f, k });
              py::array_t<float> llr(std::vector<py::ssize_t>{ f, n });
              ldpc_sim_config cfg;
              ldpc_sim_config_init(&cfg);
              cfg.seed = seed;
              cfg.codeword = all_zero ? LDPC_SIM_ALL_ZERO : LDPC_SIM_RANDOM;
              cfg.modulation = mod;
              cfg.demapper = dm;
              int st;
              {
                  py::gil_scoped_release release;
                  st = ldpc_sim_make_frames(code->get(), &cfg, ebn0_db, first, frames,
                                            info.mutable_data(), nullptr, llr.mutable_data());
              }
              check_status(st, "sim_frames");
              return py::make_tuple(info, llr);
          },
          py::arg("code"), py::arg("ebn0_db"), py::arg("frames"), py::arg("seed") = 1,
          py::arg("first") = 0, py::arg("all_zero") = false, py::arg("modulation") = "bpsk",
          py::arg("demapper") = "exact",
          "The simulator's frames first .. first+frames-1 of seed at Eb/N0 (the per-frame rule "
          "`ldpcgpu simulate` decodes; modulation bpsk, qpsk, 16qam, 64qam or 256qam as DVB-T2 "
          "maps them, demapper exact or max-log): (info uint8 [frames, k], llr float32 "
          "[frames, n]), LLR positive = bit 0");
    m.def("quantize_i8",
          [](const py::object& llr_obj, float scale) {
              if (!(scale > 0.0f))
                  bad_argument("quantize_i8: scale must be > 0");
              /* float LLR values only, as decode takes them: a complex array would lose its
               * imaginary part in the conversion */
              py::array llr_in = as_array(llr_obj, "quantize_i8: expected an array of LLRs");
              if (!is_float_llr(llr_in))
                  bad_argument("quantize_i8: LLRs must be float32 or float64, not " +
                               dtype_name(llr_in));
              f32_array llr = ensured<f32_array>(llr_in);
              py::array_t<int8_t> out(std::vector<py::ssize_t>(llr.shape(), llr.shape() + llr.ndim()));
              {
                  py::gil_scoped_release release;
                  ldpc_llr_quantize_i8(llr.data(), static_cast<size_t>(llr.size()), scale,
                                       out.mutable_data());
              }
              return out;
          },
          py::arg("llr"), py::arg("scale") = 4.0f,
          "float LLRs -> int8 LLRs by the module's one rule: NaN -> 0, round(llr * scale) "
          "(ties away from zero), clamped to -127..127; same shape");
    m.def("bpsk_awgn",
          [](const py::object& bits_in, double sigma, uint64_t seed) {
              u8_array bits = bits_array(bits_in, "bpsk_awgn");
              if (!(sigma >= 0))
                  bad_argument("bpsk_awgn: sigma must be >= 0");
              py::array_t<float> llr(std::vector<py::ssize_t>(bits.shape(), bits.shape() + bits.ndim()));
              ldpc_rng rng;
              ldpc_rng_seed(&rng, seed);
              {
                  py::gil_scoped_release release;
                  ldpc_channel_bpsk_awgn(&rng, bits.data(), static_cast<int>(bits.size()), sigma,
                                         llr.mutable_data());
              }
              return llr;
          },
          py::arg("bits"), py::arg("sigma"), py::arg("seed") = 1,
          "BPSK (0 -> +1) over AWGN: channel LLRs 2y/sigma^2 (positive = 0), same shape as bits");
    bind_nr(m);
}
