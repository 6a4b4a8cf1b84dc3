/* What the decoder blocks' bindings share (ldpc_decoder_python.cc, ldpc_pdu_decoder_python.cc):
 * the code's description, runtime settings, the backend in use and the frame counters. */
#ifndef INCLUDED_LDPCGPU_DECODER_PYTHON_COMMON_H
#define INCLUDED_LDPCGPU_DECODER_PYTHON_COMMON_H

#include <pybind11/pybind11.h>

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
        .def("frames_failed", &Block::frames_failed)
        .def("saturated_llrs", &Block::saturated_llrs);
}

#endif
