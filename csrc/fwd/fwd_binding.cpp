// Python binding of the forward kernel: FwdParams as a plain record whose fields the Python
// wrapper (dash/fwd.py) fills with pointers, sizes and strides, and the launch itself.
#include <pybind11/pybind11.h>

#include "fwd/fwd_params.h"
#include "common/param_binding.h"

namespace py = pybind11;
using dash::FwdParams;

void register_fwd(py::module_& m) {
  // One attribute per field of the list the struct is declared from (fwd_params.h), and the
  // fields' names in order (FwdParams.fields: tests/test_params.py checks dash's assignments with it).
  py::class_<FwdParams> params_class(m, "FwdParams");
  params_class.def(py::init<>());
  DASH_FWD_PARAMS(DASH_BIND_PARAM)
  dash::set_field_names(params_class, {DASH_FWD_PARAMS(DASH_PARAM_NAME)});

  m.def("fwd", [](const FwdParams& p, uintptr_t stream) {
    py::gil_scoped_release release;
    dash::fwd(p, reinterpret_cast<cudaStream_t>(stream));
  }, py::arg("params"), py::arg("stream"),
  "Attention forward: writes out and lse (see FwdParams; packed varlen batches when cu_seqlens_q is set); "
  "launches on `stream` (cudaStream_t as int)");
}
