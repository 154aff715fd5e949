// Python binding of the forward kernel: FwdParams as a plain record whose fields the Python
// wrapper (dash/fwd.py) fills with pointers, sizes and strides, and the launch itself.
#include <pybind11/pybind11.h>

#include "fwd/fwd_config.h"
#include "fwd/fwd_params.h"
#include "fwd/fwd_tail_split.h"
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

  // The tail split of a call (fwd_tail_split.h) and its workspace, for dash/fwd.py to allocate:
  // (split tiles, pieces, fp32 workspace floats, int32 counters); (0, 1, 0, 0) where none is taken
  // (banded or varlen calls, or no partial last round worth splitting).
  m.def("fwd_tail_split_plan", [](const FwdParams& p) -> py::tuple {
    auto plan_for = [&](auto cfg) -> py::tuple {
      using Cfg = decltype(cfg);
      const int64_t tiles = int64_t((p.seqlen_q + Cfg::kBlockM - 1) / Cfg::kBlockM) * p.heads * p.batch;
      const dash::TailSplit s = dash::plan_tail_split(tiles, (p.seqlen_k + Cfg::kBlockN - 1) / Cfg::kBlockN);
      const int64_t per_piece = int64_t(Cfg::kBlockM) * (Cfg::kHeadDim + 4);  // merge_pieces' layout
      return py::make_tuple(s.tiles, s.pieces, int64_t(s.tiles) * s.pieces * per_piece,
                            int64_t(s.tiles) * Cfg::kNumConsumerWG * 4);
    };
    if (p.banded() || p.varlen()) return py::make_tuple(0, 1, 0, 0);
    switch (p.head_dim) {
      case 64: return plan_for(dash::FwdConfig<64, false>{});
      case 96: return plan_for(dash::FwdConfig<96, false>{});
      case 128: return plan_for(dash::FwdConfig<128, false>{});
      case 192: return plan_for(dash::FwdConfig<192, false>{});
      case 256: return plan_for(dash::FwdConfig<256, false>{});
      default: return py::make_tuple(0, 1, 0, 0);  // (the launch rejects the head dim)
    }
  }, py::arg("params"));

  m.def("fwd", [](const FwdParams& p, uintptr_t stream) {
    py::gil_scoped_release release;
    dash::fwd(p, reinterpret_cast<cudaStream_t>(stream));
  }, py::arg("params"), py::arg("stream"),
  "Attention forward: writes out and lse (see FwdParams; packed varlen batches when cu_seqlens_q is set); "
  "launches on `stream` (cudaStream_t as int)");
}
