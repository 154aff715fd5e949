// Python binding of the forward kernel: FwdParams as a plain record whose fields the Python
// wrapper (dash/fwd.py) fills with pointers, sizes and strides, and the launch itself.
#include <pybind11/pybind11.h>

#include "fwd/fwd_params.h"

namespace py = pybind11;
using dash::FwdParams;

void register_fwd(py::module_& m) {
  py::class_<FwdParams> cls(m, "FwdParams");
  cls.def(py::init<>());
#define DASH_FIELD(name) cls.def_readwrite(#name, &FwdParams::name)
  DASH_FIELD(q); DASH_FIELD(k); DASH_FIELD(v); DASH_FIELD(out); DASH_FIELD(lse);
  DASH_FIELD(batch); DASH_FIELD(heads); DASH_FIELD(heads_kv); DASH_FIELD(seqlen_q); DASH_FIELD(seqlen_k);
  DASH_FIELD(head_dim); DASH_FIELD(softmax_scale); DASH_FIELD(causal); DASH_FIELD(window_left); DASH_FIELD(window_right); DASH_FIELD(softcap); DASH_FIELD(dtype); DASH_FIELD(tile_counter);
  DASH_FIELD(cu_seqlens_q); DASH_FIELD(cu_seqlens_k); DASH_FIELD(seqused_q); DASH_FIELD(seqused_k);
#undef DASH_FIELD

  m.def("fwd", [](const FwdParams& p, uintptr_t stream) {
    py::gil_scoped_release release;
    dash::fwd(p, reinterpret_cast<cudaStream_t>(stream));
  }, py::arg("params"), py::arg("stream"),
  "Attention forward: writes out and lse (see FwdParams; packed varlen batches when cu_seqlens_q is set); "
  "launches on `stream` (cudaStream_t as int)");
}
