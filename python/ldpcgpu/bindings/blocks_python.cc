/* Python bindings of the GNU Radio blocks (ldpc_decoder, ldpc_encoder, ldpc_pdu_decoder). */
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <gnuradio/ldpcgpu/decoder_defaults.h>
#include <gnuradio/ldpcgpu/ldpc_decoder.h>
#include <gnuradio/ldpcgpu/ldpc_encoder.h>
#include <gnuradio/ldpcgpu/ldpc_pdu_decoder.h>

namespace py = pybind11;
using namespace gr::ldpcgpu;

/* What every block tells about its code. */
template <class Block, class PyClass>
static void def_code_info(PyClass& cls)
{
    cls.def("code_name", &Block::code_name).def("n", &Block::n).def("k", &Block::k);
}

/* What both decoder blocks share: runtime settings, the backend in use, frame counters. */
template <class Block, class PyClass>
static void def_decoder_common(PyClass& cls)
{
    def_code_info<Block>(cls);
    cls.def("set_max_iterations", &Block::set_max_iterations, py::arg("max_iterations"))
        .def("max_iterations", &Block::max_iterations)
        .def("set_early_termination", &Block::set_early_termination, py::arg("enabled"))
        .def("early_termination", &Block::early_termination)
        .def("backend_name", &Block::backend_name)
        .def("frames_decoded", &Block::frames_decoded)
        .def("frames_failed", &Block::frames_failed)
        .def("saturated_llrs", &Block::saturated_llrs);
}

static void bind_decoder(py::module& m)
{
    py::class_<ldpc_decoder, gr::block, gr::basic_block, std::shared_ptr<ldpc_decoder>> cls(
        m,
        "ldpc_decoder",
        "LDPC decoder block: LLR stream in (float32 or int8, positive = bit 0 unless "
        "llr_positive_is_one), decoded bits out (k information bits or n code bits per frame, "
        "unpacked or packed MSB first). Tags ldpc_iterations, ldpc_parity_ok, ldpc_latency_ns "
        "on each frame's first output item (frame_tags: 'all', 'failed' frames only, or "
        "'none'); message_format 'auto' (int8 for int8 input, else float), 'float', 'int8' or 'int16' inside the decoder; input tags carried to the frame's output. The last "
        "partial batch is flushed at the end of the stream; a stream ending inside a frame "
        "drops that incomplete frame with a warning.");
    cls.def(py::init(&ldpc_decoder::make),
            py::arg("code"),
            py::arg("input_type") = "float",
            py::arg("output_codeword") = false,
            py::arg("packed_output") = false,
            py::arg("algorithm") = default_algorithm(),
            py::arg("max_iterations") = default_max_iterations(),
            py::arg("early_termination") = true,
            py::arg("backend") = "auto",
            py::arg("batch_frames") = 0,
            py::arg("batches_in_flight") = 0,
            py::arg("num_streams") = 0,
            py::arg("devices") = std::vector<int>(),
            py::arg("llr_positive_is_one") = false,
            py::arg("int8_scale") = default_int8_scale(),
            py::arg("frame_start_tag") = "",
            py::arg("fallback_to_cpu") = true,
            py::arg("message_format") = "auto",
            py::arg("frame_tags") = "all",
            py::arg("nms_alpha") = default_nms_alpha(),
            py::arg("oms_beta") = default_oms_beta());
    def_decoder_common<ldpc_decoder>(cls);
    cls.def("input_items_per_frame", &ldpc_decoder::input_items_per_frame)
        .def("output_items_per_frame", &ldpc_decoder::output_items_per_frame)
        .def("batch_frames", &ldpc_decoder::batch_frames)
        .def("message_format", &ldpc_decoder::message_format)
        .def("frame_tags", &ldpc_decoder::frame_tags)
        .def("average_iterations", &ldpc_decoder::average_iterations)
        .def("average_latency_ns", &ldpc_decoder::average_latency_ns)
        .def("max_latency_ns", &ldpc_decoder::max_latency_ns)
        .def("partial_frames_dropped", &ldpc_decoder::partial_frames_dropped)
        .def("batches_submitted", &ldpc_decoder::batches_submitted)
        .def("reset_counters", &ldpc_decoder::reset_counters);
}

static void bind_encoder(py::module& m)
{
    py::class_<ldpc_encoder, gr::block, gr::basic_block, std::shared_ptr<ldpc_encoder>> cls(
        m,
        "ldpc_encoder",
        "LDPC encoder block: k information bits in, one n-bit codeword out (unpacked: one bit "
        "per byte; packed: 8 bits per byte, MSB first, each frame starting on a byte).");
    cls.def(py::init(&ldpc_encoder::make),
            py::arg("code"),
            py::arg("packed_input") = false,
            py::arg("packed_output") = false);
    def_code_info<ldpc_encoder>(cls);
    cls.def("input_items_per_frame", &ldpc_encoder::input_items_per_frame)
        .def("output_items_per_frame", &ldpc_encoder::output_items_per_frame)
        .def("frames_encoded", &ldpc_encoder::frames_encoded);
}

static void bind_pdu_decoder(py::module& m)
{
    py::class_<ldpc_pdu_decoder, gr::block, gr::basic_block, std::shared_ptr<ldpc_pdu_decoder>> cls(
        m,
        "ldpc_pdu_decoder",
        "LDPC decoder for PDUs (gr-fec async decoder conventions): message port 'in' takes "
        "(meta, f32vector or s8vector of whole frames of LLRs), port 'out' emits (meta, "
        "u8vector of bits) with ldpc_frames, ldpc_iterations, ldpc_parity_ok, "
        "ldpc_frame_iterations and ldpc_frame_parity_ok added to the metadata.");
    cls.def(py::init(&ldpc_pdu_decoder::make),
            py::arg("code"),
            py::arg("output_codeword") = false,
            py::arg("packed_output") = false,
            py::arg("algorithm") = default_algorithm(),
            py::arg("max_iterations") = default_max_iterations(),
            py::arg("early_termination") = true,
            py::arg("backend") = "auto",
            py::arg("llr_positive_is_one") = false,
            py::arg("int8_scale") = default_int8_scale(),
            py::arg("fallback_to_cpu") = true,
            py::arg("message_format") = "float",
            py::arg("nms_alpha") = default_nms_alpha(),
            py::arg("oms_beta") = default_oms_beta());
    def_decoder_common<ldpc_pdu_decoder>(cls);
    cls.def("pdus_decoded", &ldpc_pdu_decoder::pdus_decoded)
        .def("pdus_dropped", &ldpc_pdu_decoder::pdus_dropped);
}

void bind_blocks(py::module& m)
{
    /* the C core's defaults (decoder_defaults.h): the GRC blocks' defaults call these */
    m.def("default_algorithm", &default_algorithm, "the decoders' default algorithm (the core's)");
    m.def("default_max_iterations", &default_max_iterations,
          "the decoders' default maximum iterations (the core's)");
    m.def("default_nms_alpha", &default_nms_alpha, "the default normalized min-sum factor");
    m.def("default_oms_beta", &default_oms_beta, "the default offset min-sum offset");
    m.def("default_int8_scale", &default_int8_scale, "the default int8 LLR scale");
    bind_decoder(m);
    bind_encoder(m);
    bind_pdu_decoder(m);
}
