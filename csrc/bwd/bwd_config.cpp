// Backward tile sizes per (head dim, mask), for the Python workspace sizing and schedule tables:
// the table row (dash/schedule/bwd_tiles.def) that picks the kernel instance (bwd_dispatch.cu).
#include "bwd/bwd_config.h"

namespace dash {

BwdTileShape bwd_tile_shape(int head_dim, bool causal) {
  return dispatch_bwd_tiles(head_dim, causal, [](auto hd, auto bm) {
    return BwdTileShape{decltype(bm)::value, BwdConfig<decltype(hd)::value, decltype(bm)::value>::kBlockN};
  });
}

}  // namespace dash
