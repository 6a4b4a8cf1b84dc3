/* What the blocks' bindings share (ldpc_decoder_python.cc, ldpc_pdu_decoder_python.cc,
 * ldpc_encoder_python.cc): the code argument, the code's description, runtime settings, the
 * backend in use and the frame counters. */
#ifndef INCLUDED_LDPCGPU_DECODER_PYTHON_COMMON_H
#define INCLUDED_LDPCGPU_DECODER_PYTHON_COMMON_H

#include <pybind11/pybind11.h>
#include <stdexcept>
#include <string>

/* The blocks take a code name; from Python they also take an ldpcgpu.Code (numpy API), by its
 * name (a Code made from rows or alist text has no name the blocks can open: give them the
 * alist file, "alist:/path/file.alist"). */
inline std::string code_name_arg(const pybind11::object& code)
{
    namespace py = pybind11;
    if (py::isinstance<py::str>(code))
        return code.cast<std::string>();
    if (py::hasattr(code, "name") && py::hasattr(code, "info_positions"))
        return code.attr("name").cast<std::string>();
    throw std::invalid_argument("code: expected a code name such as 'wimax:2304:1/2' or an "
                                "ldpcgpu.Code");
}

/* py::init() factory of a block whose make() takes the code name first: the same make(), with
 * the code as code_name_arg() reads it. */
template <class Sptr, class... Args>
auto make_with_code(Sptr (*make)(const std::string&, Args...))
{
    return [make](const pybind11::object& code, Args... args) {
        return make(code_name_arg(code), args...);
    };
}

/* What every block tells about its code. */
template <class Block, class PyClass>
void def_code_info(PyClass& cls)
{
    cls.def("code_name", &Block::code_name).def("n", &Block::n).def("k", &Block::k);
}

/* What both decoder blocks share: runtime settings, the backend in use, frame counters. */
template <class Block, class PyClass>
void def_decoder_common(PyClass& cls)
{
    namespace py = pybind11;
    def_code_info<Block>(cls);
    cls.def("set_max_iterations", &Block::set_max_iterations, py::arg("max_iterations"))
        .def("max_iterations", &Block::max_iterations)
        .def("set_early_termination", &Block::set_early_termination, py::arg("enabled"))
        .def("early_termination", &Block::early_termination)
        .def("backend_name", &Block::backend_name)
        .def("frames_decoded", &Block::frames_decoded)
        .def("frames_parity_failed", &Block::frames_parity_failed,
             "Frames still failing a parity check after the last iteration (a decoder cannot "
             "know which frames have wrong information bits: that takes the bits sent).")
        .def("frames_failed", &Block::frames_parity_failed,
             "Deprecated name of frames_parity_failed().")
        .def("saturated_llrs", &Block::saturated_llrs)
        .def("harq_buffers", &Block::harq_buffers)
        .def("harq_errors", &Block::harq_errors,
             "Frames whose HARQ entry (tags or metadata) was bad and that were decoded alone.");
}

#endif
