// Backward tile sizes per head dim: the one table that both the kernels (through their
// template arguments in bwd_launch_*.cu, which static_assert against it) and the Python
// workspace sizing (through bwd_tile_shape) read.
#include "bwd/bwd_config.h"
#include "common/check.h"

namespace dash {

BwdTileShape bwd_tile_shape(int head_dim) {
  switch (head_dim) {
    case 64: return {BwdConfig<64>::kBlockM, BwdConfig<64>::kBlockN};
    case 128: return {BwdConfig<128>::kBlockM, BwdConfig<128>::kBlockN};
    default: DASH_REQUIRE(false, "backward supports head_dim 64 and 128, got " + std::to_string(head_dim));
  }
  return {0, 0};
}

}  // namespace dash
