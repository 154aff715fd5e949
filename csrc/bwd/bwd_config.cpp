// Backward tile sizes per (head dim, mask): the one table that both the kernels (through the
// instances bwd_dispatch.cu picks) and the Python workspace sizing and schedule tables (through
// bwd_tile_shape) read.
#include "bwd/bwd_config.h"
#include "common/check.h"

namespace dash {

BwdTileShape bwd_tile_shape(int head_dim, bool causal) {
  switch (head_dim) {
    case 64: return {128, BwdConfig<64, 128>::kBlockN};
    case 128: return causal ? BwdTileShape{64, BwdConfig<128, 64>::kBlockN} : BwdTileShape{80, BwdConfig<128, 80>::kBlockN};
    default: DASH_REQUIRE(false, "backward supports head_dim 64 and 128, got " + std::to_string(head_dim));
  }
  return {0, 0};
}

}  // namespace dash
