// The backward kernels' grids: one CTA per (tile, head, batch), folded into gridDim.x as
// x = tile + tiles * (head + heads * batch). gridDim.y and gridDim.z stop at 65535, which batch
// or heads alone can pass; gridDim.x reaches 2^31 - 1. The linear order is that of a
// (tiles, heads, batch) grid: all tiles of head 0 of batch 0 first, the order the schedule
// tables and their waves assume.
//
// The pre- and postprocess take x from blockIdx.x. The main kernel's CTAs wait on each other,
// and there x is a launch position claimed in the order the CTAs start (claim_launch_position):
// the hardware's dispatch in blockIdx.x order is common practice, not a guarantee, and a CTA
// waiting on an earlier launch position must find it held by a CTA that is running or done.
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

// The (tile, head, batch) at position x of a grid made by folded_grid_x(tiles, heads, batch).
__device__ __forceinline__ GridTile unfold_grid_position(int x, int tiles, int heads) {
  const int instance = x / tiles;  // head + heads * batch
  return {x - instance * tiles, instance % heads, instance / heads};
}

// This CTA's (tile, head, batch) at x = blockIdx.x (kernels whose CTAs never wait on each other).
__device__ __forceinline__ GridTile unfold_grid_x(int tiles, int heads) {
  return unfold_grid_position(int(blockIdx.x), tiles, heads);
}

// The next launch position, for one thread of a starting CTA: positions are handed out in the
// order CTAs get here, 0, 1, 2, ... up to gridDim.x - 1 (one claim per CTA; the counter is
// zeroed before the launch). So when a CTA holds position x, every position below x belongs to
// a CTA that has started, i.e. is running or done.
__device__ __forceinline__ int claim_launch_position(int* launch_claim) {
  return atomicAdd(launch_claim, 1);
}

}  // namespace dash
