// Tile configuration of the backward main kernel, per (head dim, Q tile rows). Which rows a
// call uses is decided by bwd_tile_shape() (bwd_config.cpp) from the head dim and the mask.
#pragma once
#include "bwd/bwd_params.h"

namespace dash {

template <int HeadDim, int BlockM>
struct BwdConfig;

// hdim 64: 128 x 128 tiles.
// hdim 128: 128 key rows; the dK and dV accumulators (64 x 128 fp32 per MMA warpgroup) leave
// room for 64 or 80 query rows. 80 rows give each step 25% more work for the same per-step
// costs (barriers, hand-offs, dQ add); dQ (80 x 128) is then computed transposed, since
// 80 rows cannot be split into two 64-row WGMMAs. Causal masks keep 64 rows: the diagonal
// tiles waste less, and their steps are shorter where the writer's turn matters.
// kDqBuffers: partial-dQ buffers between the MMA warpgroups and the dQ writer. Two pay at
// 64 rows, whose short steps let a writer waiting for its turn stall the MMA warpgroups
// (+3.6% deterministic at causal 8k); at hdim 64 a second buffer measured 1-2% slower
// (bench/NOTES.md, v4); at 80 rows the shared memory has room for one only.
template <>
struct BwdConfig<64, 128> {
  static constexpr int kBlockN = 128, kStages = 2, kDqBuffers = 1;
};
template <>
struct BwdConfig<128, 64> {
  static constexpr int kBlockN = 128, kStages = 2, kDqBuffers = 2;
};
template <>
struct BwdConfig<128, 80> {
  static constexpr int kBlockN = 128, kStages = 2, kDqBuffers = 1;
};

}  // namespace dash
