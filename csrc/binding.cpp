// The whole Python binding of dash._C. It sees raw pointers, sizes, strides and the stream
// as integers, so no torch header is needed and the module builds against any torch.
#include <pybind11/pybind11.h>

#include "common/strided.h"
#include "common/dtype.h"
#include "common/head_dims.h"

namespace py = pybind11;

// Each kernel family (a folder of csrc/) registers its own functions, defined next to its
// kernels. setup.py defines DASH_WITH_<FAMILY> for the families it builds (DASH_FAMILIES).
#ifdef DASH_WITH_BWD
void register_bwd(py::module_& m);
#endif
#ifdef DASH_WITH_FWD
void register_fwd(py::module_& m);
#endif
// Test-only utilities (csrc/testing), built with every family.
void register_testing(py::module_& m);

PYBIND11_MODULE(_C, m) {
  m.doc() = "dash CUDA kernels (Hopper, sm90a)";
  py::enum_<dash::DType>(m, "DType")
      .value("float16", dash::DType::kFloat16)
      .value("bfloat16", dash::DType::kBFloat16);
  py::class_<dash::Strided>(m, "Strided")
      .def(py::init<>())
      .def(py::init([](uintptr_t ptr, int64_t b, int64_t s, int64_t h) {
             return dash::Strided{ptr, b, s, h};
           }),
           py::arg("ptr"), py::arg("batch_stride"), py::arg("row_stride"), py::arg("head_stride"))
      .def_readwrite("ptr", &dash::Strided::ptr)
      .def_readwrite("batch_stride", &dash::Strided::batch_stride)
      .def_readwrite("row_stride", &dash::Strided::row_stride)
      .def_readwrite("head_stride", &dash::Strided::head_stride);
  m.def("compiled_archs", []() { return std::string(DASH_COMPILED_ARCHS); });
  // The head dims this build has kernels for (setup.py's DASH_HEAD_DIMS); None: all of them.
  m.def("built_head_dims", []() -> py::object {
#ifdef DASH_HEAD_DIMS_NARROWED  // (a preprocessor test: `if constexpr` outside a template still compiles both arms)
    py::tuple dims(sizeof(dash::kBuiltHeadDims) / sizeof(int));
    for (std::size_t i = 0; i < len(dims); ++i) dims[i] = dash::kBuiltHeadDims[i];
    return dims;
#else
    return py::none();
#endif
  });
#ifdef DASH_WITH_BWD
  register_bwd(m);
#endif
#ifdef DASH_WITH_FWD
  register_fwd(m);
#endif
  register_testing(m);
}
