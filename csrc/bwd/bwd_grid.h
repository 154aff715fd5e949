// The backward kernels' grids: one CTA per (tile, head, batch) in one grid dimension, gridDim.x =
// tiles * heads * batch (gridDim.y and gridDim.z stop at 65535, which batch or heads alone can
// pass; gridDim.x reaches 2^31 - 1). An instance is one (head, batch) pair, instance = head +
// heads * batch; the main kernel's heads are the k/v heads (one CTA per KV tile of a k/v head
// walks its whole group of q-heads), the pre- and postprocess's the q-heads.
//
// The pre- and postprocess never wait between CTAs: x = blockIdx.x, unfolded instance-major as
// x = tile + tiles * instance (unfold_grid_x).
//
// The main kernel's CTAs wait on each other, and there x is a launch position claimed in the
// order the CTAs start (claim_launch_position): the hardware's dispatch in blockIdx.x order is
// common practice, not a guarantee, and a CTA waiting on an earlier launch position must find it
// held by a CTA that is running or done. Positions are folded wave-major across instances
// (unfold_launch_position): a head's N launch indices j (the index into its schedule tables'
// launch_order) form waves of W consecutive ones, wave k = j / W, and the grid runs every
// instance's wave 0, then every instance's wave 1, and so on. So a head's wave k + 1, which on
// every Q tile it shares ranks after wave k, starts once the other instances' waves k have been
// claimed, i.e. after its own wave k has (mostly) run, instead of right behind it, idle on Q
// tiles wave k has not finished. W = N (a schedule without waves) is the instance-major order.
//
// Liveness with the fold (docs/schedules.md, "Liveness"): the fold keeps a head's order, so a
// CTA that waits on an earlier launch index of its head waits on an earlier position, and a
// head's wave is still W consecutive positions. So the schedule's contract, "a CTA waits only on
// CTAs of its head at earlier launch positions or in its own wave", holds for the folded
// positions, and with positions claimed in order any W free SMs finish every wave.
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

// The (tile, head, batch) at x = tile + tiles * (head + heads * batch), instance-major.
__host__ __device__ __forceinline__ GridTile unfold_grid_position(int x, int tiles, int heads) {
  const int instance = x / tiles;  // head + heads * batch
  return {x - instance * tiles, instance % heads, instance / heads};
}

// The main kernel's launch position x -> (launch index j in the head's tables, head, batch), for
// `instances` = heads * batch instances of `tiles` launch indices folded in waves of `wave`
// (1 <= wave <= tiles; wave = tiles is the instance-major order):
//   x = k * wave * instances + instance * size(k) + (j - k * wave),  k = j / wave,
//   size(k) = min(wave, tiles - k * wave)  (the last wave may be smaller).
// Every wave but the last spans wave * instances positions, and the last at most as many, so
// k = x / (wave * instances) needs no clamp. All products stay below tiles * instances < 2^31
// (folded_grid_x). O(1): one division more than the instance-major unfold. Mirrored in Python
// by dash.schedule.grid (the model's dispatch order), and callable on the host through the
// binding (_C.bwd_unfold_launch_position), where the tests compare the two.
__host__ __device__ __forceinline__ GridTile unfold_launch_position(int x, int tiles, int wave, int heads,
                                                                    int instances) {
  const int span = wave * instances;  // positions of one whole wave of every instance
  const int k = x / span;
  const int first = k * wave;         // the wave's first launch index
  const int size = tiles - first < wave ? tiles - first : wave;
  const int r = x - k * span;         // = instance * size + (j - first)
  const int instance = r / size;
  return {first + (r - instance * size), instance % heads, instance / heads};
}

// The same within groups of `group` consecutive instances (1 <= group; group >= instances: one
// group, the fold above): the grid runs group 0's instances, folded in waves, then group 1's, and
// so on (the last group may be smaller). A group's instances share the Q, dO and dQ accumulator
// of their heads, which L2 then holds while they run (FA4's head swizzle does the same), where
// folded across every instance each wave would stream them all through L2 again. Each group is a
// fold of its own, so the liveness argument above holds group by group. One division more.
// A call's launch group (BwdParams.launch_group) as the decode takes it: 0, or more than there are
// instances, is one group of all of them.
__host__ __device__ __forceinline__ int launch_group_of(int group, int instances) {
  return group <= 0 || group > instances ? instances : group;
}

__host__ __device__ __forceinline__ GridTile unfold_grouped_launch_position(int x, int tiles, int wave, int group,
                                                                            int heads, int instances) {
  if (group >= instances) return unfold_launch_position(x, tiles, wave, heads, instances);
  const int span = group * tiles;  // positions of one whole group
  const int g = x / span;
  const int first = g * group;     // the group's first instance
  const int size = instances - first < group ? instances - first : group;
  const GridTile t = unfold_launch_position(x - g * span, tiles, wave, size, size);  // (j, instance in group, 0)
  const int instance = first + t.head;
  return {t.tile, instance % heads, instance / heads};
}

#ifdef __CUDACC__
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
#endif

}  // namespace dash
