/*
 * The ldpcgpu_python extension module: the GNU Radio blocks and a numpy API over the C core,
 * in one module (from gnuradio import ldpcgpu). gr_modtool's python_bindings.cc: `gr_modtool
 * add` and `gr_modtool bind` insert a new block's bind_<block>() between the markers.
 */

#include <pybind11/pybind11.h>

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

namespace py = pybind11;

// Headers for binding functions
/**************************************/
// The following comment block is used for
// gr_modtool to insert function prototypes
// Please do not delete
/**************************************/
// BINDING_FUNCTION_PROTOTYPES(
void bind_decoder_defaults(py::module& m);
void bind_ldpc_decoder(py::module& m);
void bind_ldpc_encoder(py::module& m);
void bind_ldpc_pdu_decoder(py::module& m);
void bind_soft_demapper(py::module& m);
void bind_fec_decoder(py::module& m);
void bind_fec_encoder(py::module& m);
// ) END BINDING_FUNCTION_PROTOTYPES

// the numpy API (core_python.cc): Code, Encoder, Decoder, LdpcError, ...
void bind_core(py::module& m);

// We need this hack because import_array() returns NULL
// for newer Python versions.
// This function is also necessary because it ensures access to the C API
// and removes a warning.
void* init_numpy()
{
    import_array();
    return NULL;
}

PYBIND11_MODULE(ldpcgpu_python, m)
{
    // Initialize the numpy C API
    // (otherwise we will see segmentation faults)
    init_numpy();

    m.doc() = "gr-ldpcgpu: LDPC decoding on NVIDIA GPUs and CPUs (GNU Radio blocks, numpy API)";

    // Allow access to base block methods
    py::module::import("gnuradio.gr");

    // first: LdpcError, which the blocks' constructors raise too
    bind_core(m);

    /**************************************/
    // The following comment block is used for
    // gr_modtool to insert binding function calls
    // Please do not delete
    /**************************************/
    // BINDING_FUNCTION_CALLS(
    bind_decoder_defaults(m);
    bind_ldpc_decoder(m);
    bind_ldpc_encoder(m);
    bind_ldpc_pdu_decoder(m);
    bind_soft_demapper(m);
    bind_fec_decoder(m);
    bind_fec_encoder(m);
    // ) END BINDING_FUNCTION_CALLS
}
