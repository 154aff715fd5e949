// Backward tile sizes per (head dim, mask), for the Python workspace sizing and schedule tables:
// the table row (dash/schedule/bwd_tiles.def) that picks the kernel instance (bwd_dispatch.cu).
#include "bwd/bwd_config.h"

namespace dash {

BwdTileShape bwd_tile_shape(int head_dim, bool causal) {
  const BwdTileRow& row = kBwdTiles[bwd_tile_row(head_dim, causal)];
  return BwdTileShape{row.block_m, row.block_n};
}

}  // namespace dash
