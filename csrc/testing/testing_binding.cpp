// Python binding of the testing utilities (csrc/testing): names start with an underscore, and
// dash.testing is the Python side that checks the tensors.
#include <pybind11/pybind11.h>

#include "testing/handoff_probe.h"
#include "testing/hold_sms.h"

namespace py = pybind11;

void register_testing(py::module_& m) {
  m.def("_hold_sms", [](int num_ctas, int64_t duration_ns, uintptr_t sm_ids, uintptr_t started, uintptr_t stop,
                        uintptr_t stream) {
    py::gil_scoped_release release;
    dash::testing::hold_sms(num_ctas, duration_ns, reinterpret_cast<int*>(sm_ids), reinterpret_cast<int*>(started),
                            reinterpret_cast<const int*>(stop), reinterpret_cast<cudaStream_t>(stream));
  }, py::arg("num_ctas"), py::arg("duration_ns"), py::arg("sm_ids"), py::arg("started"), py::arg("stop"),
     py::arg("stream"),
     "TESTING ONLY (see dash.testing.hold_sms): occupy num_ctas SMs for at most duration_ns (<= 10 s)");
  m.def("_handoff_chain", [](int variant, int num_ctas, int rounds, int bytes, uintptr_t dst, uintptr_t counter,
                             uintptr_t elapsed_ns, uintptr_t stream) {
    py::gil_scoped_release release;
    dash::testing::handoff_chain(variant, num_ctas, rounds, bytes, reinterpret_cast<float*>(dst),
                                 reinterpret_cast<int*>(counter), reinterpret_cast<int64_t*>(elapsed_ns),
                                 reinterpret_cast<cudaStream_t>(stream));
  }, py::arg("variant"), py::arg("num_ctas"), py::arg("rounds"), py::arg("bytes"), py::arg("dst"),
     py::arg("counter"), py::arg("elapsed_ns"), py::arg("stream"),
     "TESTING ONLY (see dash.testing.handoff_latency_ns): a chain of dQ hand-offs");
}
