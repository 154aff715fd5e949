// Tile configuration of the backward main kernel, per (head dim, Q tile rows). Which tile a call
// takes is the table dash/schedule/bwd_tiles.def, read by dispatch_bwd_tiles (bwd_tile_shape()
// and the kernel instances alike) and by the Python schedule model.
#pragma once
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "bwd/bwd_params.h"
#include "common/check.h"
#include "common/head_dims.h"

namespace dash {

template <int HeadDim, int BlockM>
struct BwdConfig;

// The policies a tile keeps unless its configuration says otherwise (below).
struct BwdConfigDefaults {
  static constexpr bool kDqSingleWarpGroup = false;
  static constexpr bool kDkvTransposed = false;
  static constexpr bool kDqInStage = false;
  static constexpr bool kLaggedDq = false;
};

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
// kDqSingleWarpGroup: dQ = dS K in MMA warpgroup 0 alone (bwd_traits.h, TiledMmadQ), where the
// head dim does not split into two WGMMA-addressable halves.
// kDkvTransposed: the mainloop policy for head dims above 128 (bwd_traits.h): S with the queries
// on M, P and dS through shared memory, dK^T and dV^T accumulated with the head dim on M, so that
// a warpgroup may own fewer than 64 keys. kEarlyPGroups, kShuffleStats and kRotatedLoop belong to
// the keys-on-M policy and are unused there.
// kDqInStage (transposed policy, dQ split by head dim): no partial-dQ buffer of its own; each
// warpgroup's half of a step's partial dQ (64 x d / 2 fp32) goes into the step's Q or dO stage
// buffer (64 x d 16-bit: the same bytes), once both warpgroups have read them, and the dQ writer
// releases the stage to the producer after its add has read it. kDqBuffers is then kStages.
// kLaggedDq (keys-on-M, not rotated, one dQ buffer): step s's dQ = dS K is issued in step s + 1's
// tail, beside that step's dK, so that the two MMA warpgroups need not meet at a CTA-wide barrier
// every step: each signals the other (a directed barrier) once its dS of step s is stored and its
// dQ of step s - 1 has read the buffer before, and waits for the other's signal only where it
// issues dQ, a step later. Warpgroup 1 starts a third of a step late (after warpgroup 0's first
// early dV k-blocks), so that one warpgroup's softmax runs under the other's GEMMs instead of both
// sharing the SFU while the tensor cores wait. Three dS buffers (the one written, the one dQ
// still reads, the one the other warpgroup may still read). Measured at hdim 64 (H100, v37):
// atomic +3.8%, deterministic +1.4% on average of the six peer-grid cells; without the start
// offset the warpgroups stayed in step and the lag cost 2%.
// kShuffleStats: each lane reads two columns of the Q tile's LSE and D per 64-column chunk
// before the step's WGMMAs, and threads take their columns' values from each other by shuffle
// (FA3's and FA4's ShuffleStats); otherwise every thread reads its own columns' values where it
// uses them. Measured (H100, v15, with kEarlyPGroups as set): hdim 64 3-5% faster; at 80 rows
// the shuffles alone measured 2-3% slower.
template <>
struct BwdConfig<64, 128> : BwdConfigDefaults {
  static constexpr int kBlockN = 128, kStages = 2, kDqBuffers = 1, kEarlyPGroups = 4;
  static constexpr bool kShuffleStats = true;
  static constexpr bool kRotatedLoop = false;
  static constexpr bool kLaggedDq = true;
};
template <>
struct BwdConfig<128, 64> : BwdConfigDefaults {
  static constexpr int kBlockN = 128, kStages = 2, kDqBuffers = 2, kEarlyPGroups = 2;
  static constexpr bool kShuffleStats = true;
  static constexpr bool kRotatedLoop = true;
};
// hdim 96: FA3's and FA4's 64 x 128 tile. dK and dV hold 64 x 96 fp32 per MMA warpgroup (96
// registers); dQ (64 x 96) in warpgroup 0 alone (kDqSingleWarpGroup).
template <>
struct BwdConfig<96, 64> : BwdConfigDefaults {
  static constexpr int kBlockN = 128, kStages = 2, kDqBuffers = 2, kEarlyPGroups = 2;
  static constexpr bool kShuffleStats = true;
  static constexpr bool kRotatedLoop = true;
  static constexpr bool kDqSingleWarpGroup = true;
};
template <>
struct BwdConfig<128, 80> : BwdConfigDefaults {
  static constexpr int kBlockN = 128, kStages = 2, kDqBuffers = 1, kEarlyPGroups = 0;
  static constexpr bool kShuffleStats = false;
  static constexpr bool kRotatedLoop = true;
};
// hdim 192: FA4's 64 x 96 tiles, dK/dV transposed (48 keys per warpgroup: dK^T and dV^T 72
// registers each), dQ split by head dim (96 columns per warpgroup, which K's 64-byte swizzle lets
// start on an atom: bwd_traits.h) and in the stages (kDqInStage: a 64 x 96 fp32 half is a 64 x 192
// Q tile's bytes). K, V, two Q/dO stages, P^T and two dS^T buffers take 204 KiB.
template <>
struct BwdConfig<192, 64> : BwdConfigDefaults {
  static constexpr int kBlockN = 96, kStages = 2, kDqBuffers = 2, kEarlyPGroups = 0;
  static constexpr bool kShuffleStats = false;
  static constexpr bool kRotatedLoop = false;
  static constexpr bool kDkvTransposed = true;
  static constexpr bool kDqInStage = true;
};
// hdim 256: 64 x 64 tiles, dK/dV transposed (dK^T and dV^T 64 registers each), dQ split by head
// dim (128 columns per warpgroup). Two Q/dO stages with the partial dQ in them (kDqInStage): K, V,
// two Q/dO stages, P^T and two dS^T buffers take 216 KiB, where a 64 KiB partial-dQ buffer of its
// own left room for one stage only, whose loads then waited at every step (bench/NOTES.md,
// "Session 27").
template <>
struct BwdConfig<256, 64> : BwdConfigDefaults {
  static constexpr int kBlockN = 64, kStages = 2, kDqBuffers = 2, kEarlyPGroups = 0;
  static constexpr bool kShuffleStats = false;
  static constexpr bool kRotatedLoop = false;
  static constexpr bool kDkvTransposed = true;
  static constexpr bool kDqInStage = true;
};

// The tile table (dash/schedule/bwd_tiles.def): one row per (head dim, mask), the reasons above.
struct BwdTileRow {
  int head_dim;
  bool banded;  // causal masks and sliding windows (BwdParams::banded)
  int block_m, block_n;
};
inline constexpr BwdTileRow kBwdTiles[] = {
#define DASH_BWD_TILE(head_dim, banded, block_m, block_n) {head_dim, banded != 0, block_m, block_n},
#include "dash/schedule/bwd_tiles.def"
#undef DASH_BWD_TILE
};
inline constexpr std::size_t kBwdTileRows = sizeof(kBwdTiles) / sizeof(kBwdTiles[0]);

// The table's row for a call's head dim and mask (built or not: the dispatch refuses a head dim
// this build left out).
inline std::size_t bwd_tile_row(int head_dim, bool banded) {
  for (std::size_t r = 0; r < kBwdTileRows; ++r) {
    if (kBwdTiles[r].head_dim == head_dim && kBwdTiles[r].banded == banded) return r;
  }
  std::string dims;  // the table's head dims, for the error
  for (std::size_t r = 0; r < kBwdTileRows; ++r) {
    if (r == 0 || kBwdTiles[r].head_dim != kBwdTiles[r - 1].head_dim) {
      dims += (r == 0 ? "" : ", ") + std::to_string(kBwdTiles[r].head_dim);
    }
  }
  throw std::invalid_argument("dash: backward supports head_dim " + dims + ", got " + std::to_string(head_dim));
}

// The first row of a built head dim (f's result type is taken there).
template <std::size_t Row = 0>
constexpr std::size_t first_built_bwd_tile_row() {
  if constexpr (Row + 1 < kBwdTileRows) {
    if (!head_dim_built(kBwdTiles[Row].head_dim)) return first_built_bwd_tile_row<Row + 1>();
  }
  return Row;
}

// R f(integral_constant<head dim>, integral_constant<block_m>) with row `row`'s values, Row the
// first row tried; each row's BwdConfig must have the row's block_n. Rows of head dims this build
// has no kernels for instantiate nothing and refuse the call.
template <class R, std::size_t Row = 0, class F>
R dispatch_bwd_tile_row(std::size_t row, F& f) {
  if constexpr (Row + 1 < kBwdTileRows) {
    if (row != Row) return dispatch_bwd_tile_row<R, Row + 1>(row, f);
  }
  constexpr BwdTileRow kRow = kBwdTiles[Row];
  if constexpr (head_dim_built(kRow.head_dim)) {
    static_assert(BwdConfig<kRow.head_dim, kRow.block_m>::kBlockN == kRow.block_n,
                  "bwd_tiles.def and BwdConfig disagree on block_n");
    return f(std::integral_constant<int, kRow.head_dim>{}, std::integral_constant<int, kRow.block_m>{});
  } else {
    head_dim_not_built(kRow.head_dim);
  }
}

// f(integral_constant<head dim>, integral_constant<block_m>) for a call's head dim and mask.
template <class F>
decltype(auto) dispatch_bwd_tiles(int head_dim, bool banded, F&& f) {
  constexpr BwdTileRow kFirst = kBwdTiles[first_built_bwd_tile_row()];
  static_assert(head_dim_built(kFirst.head_dim), "DASH_HEAD_DIMS names no head dim of bwd_tiles.def");
  using R = decltype(f(std::integral_constant<int, kFirst.head_dim>{}, std::integral_constant<int, kFirst.block_m>{}));
  return dispatch_bwd_tile_row<R>(bwd_tile_row(head_dim, banded), f);
}

}  // namespace dash
