/* The ldpcgpu_python extension module: the GNU Radio blocks and a numpy API over the C core,
 * in one module (from gnuradio import ldpcgpu). */
#include <pybind11/pybind11.h>

namespace py = pybind11;

void bind_blocks(py::module& m);
void bind_core(py::module& m);

PYBIND11_MODULE(ldpcgpu_python, m)
{
    m.doc() = "gr-ldpcgpu: LDPC decoding on NVIDIA GPUs and CPUs (GNU Radio blocks, numpy API)";
    // the blocks derive from gr::block, whose Python type lives in gnuradio.gr
    py::module::import("gnuradio.gr");
    bind_core(m);
    bind_blocks(m);
}
