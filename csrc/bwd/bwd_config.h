// Tile configuration of the backward main kernel, per (head dim, Q tile rows), and the one place
// that decides which rows a call uses (kBwdBlockM, dispatched by dispatch_bwd_tiles for
// bwd_tile_shape() and the kernel instances alike).
#pragma once
#include <string>
#include <type_traits>

#include "bwd/bwd_params.h"
#include "common/check.h"

namespace dash {

template <int HeadDim, int BlockM>
struct BwdConfig;

// hdim 64: 128 x 128 tiles.
// hdim 128: 128 key rows; the dK and dV accumulators (64 x 128 fp32 per MMA warpgroup) leave
// room for 64 or 80 query rows. 80 rows give each step 25% more work for the same per-step
// costs (barriers, hand-offs, dQ add); dQ (80 x 128) is then computed transposed, since
// 80 rows cannot be split into two 64-row WGMMAs. Causal masks keep 64 rows: the diagonal
// tiles waste less, and their steps are shorter where the writer's turn matters.
// kDqBuffers: partial-dQ buffers between the MMA warpgroups and the two dQ writer warps (each
// takes every other step, bwd_mainloop.h). Two pay at 64 rows, whose short steps let a writer
// waiting for its turn stall the MMA warpgroups (+3.6% deterministic at causal 8k,
// bench/NOTES.md v4; with the two writers, whose completion waits and turns then overlap, another
// +5-7%, v21); at hdim 64 a second buffer measured 1-2% slower (v4 with one writer, v21 with
// two); at 80 rows the shared memory has room for one only.
// kEarlyPGroups: column groups (8 query columns each, an even number: whole 16-column k-blocks)
// of P computed before the wait for dP and handed to the tensor cores as the first k-blocks of
// dV += P^T dO, so that the dP WGMMA's tail and that part of dV overlap the softmax
// (bench/NOTES.md, v15). Bounded by registers: while those k-blocks run, their P operands, the
// dP accumulator and the rest of S are all live, and where that exceeds the MMA warpgroups'
// 240 registers ptxas serializes every WGMMA of the kernel (its warning C7512; setup.py fails
// the build on it). 0: all of P after the dP wait.
// kShuffleStats: each lane reads two columns of the Q tile's LSE and D per 64-column chunk
// before the step's WGMMAs, and threads take their columns' values from each other by shuffle
// (FA3's and FA4's ShuffleStats); otherwise every thread reads its own columns' values where it
// uses them. Measured (H100, v15, with kEarlyPGroups as set): hdim 64 3-5% faster; at 80 rows
// the shuffles alone measured 2-3% slower.
template <>
struct BwdConfig<64, 128> {
  static constexpr int kBlockN = 128, kStages = 2, kDqBuffers = 1, kEarlyPGroups = 4;
  static constexpr bool kShuffleStats = true;
  static constexpr bool kRotatedLoop = false;
};
template <>
struct BwdConfig<128, 64> {
  static constexpr int kBlockN = 128, kStages = 2, kDqBuffers = 2, kEarlyPGroups = 2;
  static constexpr bool kShuffleStats = true;
  static constexpr bool kRotatedLoop = true;
};
template <>
struct BwdConfig<128, 80> {
  static constexpr int kBlockN = 128, kStages = 2, kDqBuffers = 1, kEarlyPGroups = 0;
  static constexpr bool kShuffleStats = false;
  static constexpr bool kRotatedLoop = true;
};

// Q tile rows per (head dim, mask): the reasons are above.
template <int HeadDim, bool Causal>
inline constexpr int kBwdBlockM = HeadDim == 64 ? 128 : (Causal ? 64 : 80);

// f(integral_constant<head dim>, integral_constant<block_m>) for a call's head dim and mask.
template <class F>
auto dispatch_bwd_tiles(int head_dim, bool causal, F&& f) {
  auto with_mask = [&](auto hd) {
    constexpr int kHeadDim = decltype(hd)::value;
    if (causal) return f(hd, std::integral_constant<int, kBwdBlockM<kHeadDim, true>>{});
    return f(hd, std::integral_constant<int, kBwdBlockM<kHeadDim, false>>{});
  };
  if (head_dim == 64) return with_mask(std::integral_constant<int, 64>{});
  DASH_REQUIRE(head_dim == 128, "backward supports head_dim 64 and 128, got " + std::to_string(head_dim));
  return with_mask(std::integral_constant<int, 128>{});
}

}  // namespace dash
