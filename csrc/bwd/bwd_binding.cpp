// Python binding of the backward kernels: BwdParams as a plain record whose fields the
// Python wrapper fills with pointers, sizes and strides, and one function per kernel.
#include <pybind11/pybind11.h>

#include "bwd/bwd_grid.h"
#include "bwd/bwd_params.h"
#include "common/param_binding.h"
#include "common/band.h"

namespace py = pybind11;
using dash::BwdParams;

void register_bwd(py::module_& m) {
  // One attribute per field of the list the struct is declared from (bwd_params.h), and the
  // fields' names in order (BwdParams.fields: tests/test_params.py checks dash's assignments with it).
  py::class_<BwdParams> params_class(m, "BwdParams");
  params_class.def(py::init<>());
  DASH_BWD_PARAMS(DASH_BIND_PARAM)
  dash::set_field_names(params_class, {DASH_BWD_PARAMS(DASH_PARAM_NAME)});

  m.def("bwd_tile_shape", [](int head_dim, bool causal) {
    auto t = dash::bwd_tile_shape(head_dim, causal);
    return py::make_tuple(t.block_m, t.block_n);
  }, py::arg("head_dim"), py::arg("causal"), "(block_m, block_n) of the backward kernel for this head dim and mask");

  // The main kernel's decode of a launch position, run on the host: the same function the
  // device runs, so that the CPU tests can compare it with dash.schedule.grid's formula.
  m.def("bwd_unfold_launch_position", [](int x, int tiles, int wave, int heads, int batch, int group) {
    DASH_REQUIRE(tiles >= 1 && heads >= 1 && batch >= 1 && wave >= 1 && wave <= tiles,
                 "need tiles, heads, batch >= 1 and 1 <= wave <= tiles");
    DASH_REQUIRE(x >= 0 && unsigned(x) < dash::folded_grid_x(tiles, heads, batch), "x is not a position of the grid");
    DASH_REQUIRE(group >= 0, "need group >= 0 (0: one group of every instance)");
    const int instances = heads * batch;
    auto g = dash::unfold_grouped_launch_position(x, tiles, wave, dash::launch_group_of(group, instances), heads,
                                                  instances);
    return py::make_tuple(g.tile, g.head, g.batch);
  }, py::arg("x"), py::arg("tiles"), py::arg("wave"), py::arg("heads"), py::arg("batch"), py::arg("group") = 0,
     "(launch index, head, batch) of the main kernel's CTA at launch position x (csrc/bwd/bwd_grid.h)");

  // The mask's tile arithmetic (common/band.h), run on the host: the functions both kernels run,
  // so that the CPU tests can compare them with dash.schedule.problem's ranges and element mask.
  m.def("band_key_tiles", [](bool causal, int left, int right, int row_begin, int row_end, int seqlen_q,
                             int seqlen_k, int block_n) {
    DASH_REQUIRE(0 <= row_begin && row_begin < row_end && row_end <= seqlen_q && seqlen_k >= 1 && block_n >= 1,
                 "need 0 <= row_begin < row_end <= seqlen_q, seqlen_k >= 1, block_n >= 1");
    auto t = dash::key_tiles(dash::Band::of(causal, left, right), row_begin, row_end, seqlen_q, seqlen_k, block_n);
    return py::make_tuple(t.lo, t.hi, t.unmasked_lo, t.unmasked_hi);
  }, py::arg("causal"), py::arg("left"), py::arg("right"), py::arg("row_begin"), py::arg("row_end"),
     py::arg("seqlen_q"), py::arg("seqlen_k"), py::arg("block_n"),
     "(lo, hi, unmasked_lo, unmasked_hi): the key tiles query rows [row_begin, row_end) touch, and those "
     "that need no mask (csrc/common/band.h)");
  m.def("band_tile_needs_mask", [](bool causal, int left, int right, int query_base, int key_base, int block_m,
                                   int block_n, int seqlen_q, int seqlen_k) {
    return dash::tile_needs_mask(dash::Band::of(causal, left, right), query_base, key_base, block_m, block_n,
                                 seqlen_q, seqlen_k);
  }, py::arg("causal"), py::arg("left"), py::arg("right"), py::arg("query_base"), py::arg("key_base"),
     py::arg("block_m"), py::arg("block_n"), py::arg("seqlen_q"), py::arg("seqlen_k"),
     "whether the backward masks this (Q tile, KV tile) step (csrc/common/band.h)");
  m.def("band_unmasked_query_tiles", [](bool causal, int left, int right, int key_base, int block_m, int block_n,
                                        int seqlen_q, int seqlen_k) {
    auto u = dash::unmasked_query_tiles(dash::Band::of(causal, left, right), key_base, block_m, block_n, seqlen_q,
                                        seqlen_k);
    return py::make_tuple(u.m_lo, u.span);
  }, py::arg("causal"), py::arg("left"), py::arg("right"), py::arg("key_base"), py::arg("block_m"),
     py::arg("block_n"), py::arg("seqlen_q"), py::arg("seqlen_k"),
     "(m_lo, span): the Q tiles [m_lo, m_lo + span) whose step with this KV tile needs no mask, as the "
     "backward's CTA computes them once (csrc/common/band.h)");

  auto on_stream = [](void (*fn)(const BwdParams&, cudaStream_t)) {
    return [fn](const BwdParams& p, uintptr_t stream) {
      py::gil_scoped_release release;
      fn(p, reinterpret_cast<cudaStream_t>(stream));
    };
  };
  m.def("bwd_preprocess", on_stream(dash::bwd_preprocess), py::arg("params"), py::arg("stream"));
  m.def("bwd_main", on_stream(dash::bwd_main), py::arg("params"), py::arg("stream"));
  m.def("bwd_max_coresident", &dash::bwd_max_coresident, py::arg("head_dim"), py::arg("causal"), py::arg("dtype"),
        "main-kernel CTAs that fit on the current device at once (SMs x CTAs per SM)");
  m.def("bwd_postprocess", on_stream(dash::bwd_postprocess), py::arg("params"), py::arg("stream"));
}
