/* Python bindings of the GNU Radio blocks (ldpc_decoder, ldpc_encoder, ldpc_pdu_decoder). */
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <gnuradio/ldpcgpu/ldpc_decoder.h>
#include <gnuradio/ldpcgpu/ldpc_encoder.h>
#include <gnuradio/ldpcgpu/ldpc_pdu_decoder.h>

namespace py = pybind11;
using namespace gr::ldpcgpu;

static void bind_decoder(py::module& m)
{
    py::class_<ldpc_decoder, gr::block, gr::basic_block, std::shared_ptr<ldpc_decoder>>(
        m,
        "ldpc_decoder",
        "LDPC decoder block: LLR stream in (float32 or int8, positive = bit 0 unless "
        "llr_positive_is_one), decoded bits out (k information bits or n code bits per frame, "
        "unpacked or packed MSB first). Tags ldpc_iterations, ldpc_parity_ok, ldpc_latency_ns "
        "on each frame's first output item; input tags carried to the frame's output. The last "
        "partial batch is flushed at the end of the stream; a stream ending inside a frame "
        "drops that incomplete frame with a warning.")
        .def(py::init(&ldpc_decoder::make),
             py::arg("code"),
             py::arg("input_type") = "float",
             py::arg("output_codeword") = false,
             py::arg("packed_output") = false,
             py::arg("algorithm") = "nms",
             py::arg("max_iterations") = 10,
             py::arg("early_termination") = true,
             py::arg("backend") = "auto",
             py::arg("batch_frames") = 0,
             py::arg("batches_in_flight") = 0,
             py::arg("num_streams") = 0,
             py::arg("devices") = std::vector<int>(),
             py::arg("llr_positive_is_one") = false,
             py::arg("int8_scale") = 4.0f,
             py::arg("frame_start_tag") = "",
             py::arg("fallback_to_cpu") = true)
        .def("set_max_iterations", &ldpc_decoder::set_max_iterations, py::arg("max_iterations"))
        .def("max_iterations", &ldpc_decoder::max_iterations)
        .def("set_early_termination", &ldpc_decoder::set_early_termination, py::arg("enabled"))
        .def("early_termination", &ldpc_decoder::early_termination)
        .def("code_name", &ldpc_decoder::code_name)
        .def("backend_name", &ldpc_decoder::backend_name)
        .def("n", &ldpc_decoder::n)
        .def("k", &ldpc_decoder::k)
        .def("input_items_per_frame", &ldpc_decoder::input_items_per_frame)
        .def("output_items_per_frame", &ldpc_decoder::output_items_per_frame)
        .def("batch_frames", &ldpc_decoder::batch_frames)
        .def("frames_decoded", &ldpc_decoder::frames_decoded)
        .def("frames_failed", &ldpc_decoder::frames_failed)
        .def("average_iterations", &ldpc_decoder::average_iterations)
        .def("average_latency_ns", &ldpc_decoder::average_latency_ns)
        .def("max_latency_ns", &ldpc_decoder::max_latency_ns)
        .def("partial_frames_dropped", &ldpc_decoder::partial_frames_dropped)
        .def("batches_submitted", &ldpc_decoder::batches_submitted)
        .def("reset_counters", &ldpc_decoder::reset_counters);
}

static void bind_encoder(py::module& m)
{
    py::class_<ldpc_encoder, gr::block, gr::basic_block, std::shared_ptr<ldpc_encoder>>(
        m,
        "ldpc_encoder",
        "LDPC encoder block: k information bits in, one n-bit codeword out (unpacked: one bit "
        "per byte; packed: 8 bits per byte, MSB first, each frame starting on a byte).")
        .def(py::init(&ldpc_encoder::make),
             py::arg("code"),
             py::arg("packed_input") = false,
             py::arg("packed_output") = false)
        .def("code_name", &ldpc_encoder::code_name)
        .def("n", &ldpc_encoder::n)
        .def("k", &ldpc_encoder::k)
        .def("input_items_per_frame", &ldpc_encoder::input_items_per_frame)
        .def("output_items_per_frame", &ldpc_encoder::output_items_per_frame)
        .def("frames_encoded", &ldpc_encoder::frames_encoded);
}

static void bind_pdu_decoder(py::module& m)
{
    py::class_<ldpc_pdu_decoder, gr::block, gr::basic_block, std::shared_ptr<ldpc_pdu_decoder>>(
        m,
        "ldpc_pdu_decoder",
        "LDPC decoder for PDUs (gr-fec async decoder conventions): message port 'in' takes "
        "(meta, f32vector or s8vector of whole frames of LLRs), port 'out' emits (meta, "
        "u8vector of bits) with ldpc_frames, ldpc_iterations, ldpc_parity_ok, "
        "ldpc_frame_iterations and ldpc_frame_parity_ok added to the metadata.")
        .def(py::init(&ldpc_pdu_decoder::make),
             py::arg("code"),
             py::arg("output_codeword") = false,
             py::arg("packed_output") = false,
             py::arg("algorithm") = "nms",
             py::arg("max_iterations") = 10,
             py::arg("early_termination") = true,
             py::arg("backend") = "auto",
             py::arg("llr_positive_is_one") = false,
             py::arg("int8_scale") = 4.0f,
             py::arg("fallback_to_cpu") = true)
        .def("set_max_iterations", &ldpc_pdu_decoder::set_max_iterations, py::arg("max_iterations"))
        .def("max_iterations", &ldpc_pdu_decoder::max_iterations)
        .def("set_early_termination", &ldpc_pdu_decoder::set_early_termination, py::arg("enabled"))
        .def("early_termination", &ldpc_pdu_decoder::early_termination)
        .def("code_name", &ldpc_pdu_decoder::code_name)
        .def("backend_name", &ldpc_pdu_decoder::backend_name)
        .def("n", &ldpc_pdu_decoder::n)
        .def("k", &ldpc_pdu_decoder::k)
        .def("pdus_decoded", &ldpc_pdu_decoder::pdus_decoded)
        .def("pdus_dropped", &ldpc_pdu_decoder::pdus_dropped)
        .def("frames_decoded", &ldpc_pdu_decoder::frames_decoded)
        .def("frames_failed", &ldpc_pdu_decoder::frames_failed);
}

void bind_blocks(py::module& m)
{
    bind_decoder(m);
    bind_encoder(m);
    bind_pdu_decoder(m);
}
