// The backward kernels' grids: one CTA per (tile, head, batch), folded into gridDim.x as
// blockIdx.x = tile + tiles * (head + heads * batch). gridDim.y and gridDim.z stop at 65535,
// which batch or heads alone can pass; gridDim.x reaches 2^31 - 1. The linear block order is
// that of a (tiles, heads, batch) grid, so the hardware still dispatches all tiles of head 0 of
// batch 0 first, the order the schedule tables and their co-resident waves assume.
#pragma once
#include <cstdint>
#include <string>

#include "common/check.h"

namespace dash {

inline unsigned folded_grid_x(int tiles, int heads, int batch) {
  const int64_t ctas = int64_t(tiles) * heads * batch;
  DASH_REQUIRE(ctas < (int64_t(1) << 31), "too many CTAs for one grid: " + std::to_string(tiles) +
                                              " tiles x " + std::to_string(heads) + " heads x " +
                                              std::to_string(batch) + " batch >= 2^31");
  return unsigned(ctas);
}

struct GridTile {
  int tile, head, batch;
};

// This CTA's (tile, head, batch) in a grid made by folded_grid_x(tiles, heads, batch).
__device__ __forceinline__ GridTile unfold_grid_x(int tiles, int heads) {
  const int x = int(blockIdx.x);
  const int instance = x / tiles;  // head + heads * batch
  return {x - instance * tiles, instance % heads, instance / heads};
}

}  // namespace dash
