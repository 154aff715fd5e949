// Which head dims this build compiled kernels for. setup.py's DASH_HEAD_DIMS (a comma list) narrows
// the instances it compiles, e.g. for CI's two cores, and then defines DASH_HEAD_DIMS_NARROWED and
// DASH_HDIM_<d> for each head dim it kept, in every translation unit (one macro per head dim:
// nvcc splits a -D value at commas); without them every head dim of the tile tables is built.
// The dispatch (bwd_config.h, fwd.cu) instantiates calls only into built head dims, so that a
// narrowed build links, and refuses the others with head_dim_not_built's error, which names the
// variable. (dash.validate refuses them first, with NotImplementedError: dash/_ext.py.)
#pragma once
#include <stdexcept>
#include <string>

namespace dash {

[[noreturn]] inline void head_dim_not_built(int head_dim) {
  throw std::invalid_argument("dash: head_dim " + std::to_string(head_dim) +
                              " is not in this build (it was installed with DASH_HEAD_DIMS set without it)");
}

#ifdef DASH_HEAD_DIMS_NARROWED
inline constexpr int kBuiltHeadDims[] = {
#ifdef DASH_HDIM_64
    64,
#endif
#ifdef DASH_HDIM_96
    96,
#endif
#ifdef DASH_HDIM_128
    128,
#endif
#ifdef DASH_HDIM_192
    192,
#endif
#ifdef DASH_HDIM_256
    256,
#endif
};
constexpr bool head_dim_built(int head_dim) {
  for (int d : kBuiltHeadDims) {
    if (d == head_dim) return true;
  }
  return false;
}
#else
constexpr bool head_dim_built(int) { return true; }
#endif

}  // namespace dash
