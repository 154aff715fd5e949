// The tail split of a full-mask launch (FwdConfig::kTailSplit): which tiles run as pieces.
//
// Full-mask tiles all cost the same, so the persistent CTAs' static order runs num_tiles / SMs
// rounds and then a last, partial one: at 16k tokens and hdim 128 (2048 tiles of 128 rows on 132
// SMs) 15 rounds and 68 tiles, so 64 SMs idle for the last tile's whole length, 3% of the launch
// (and as much in FA4's one-tile-per-CTA launch). The last round's tiles run instead as `pieces`
// pieces each, a piece walking its share of the key tiles (piece_key_tiles); each of a piece's
// consumer warps writes its rows, normalized over the piece's keys, and their LSE to a workspace,
// and the warp that arrives last at its tile's counter merges the pieces in piece order and stores
// the rows (fwd_kernel.h, merge_pieces). The merge reads every piece from the workspace in the same
// order whichever arrives last, so the bits depend on the shape alone.
//
// The plan depends on the shape alone, never on the device (it counts kNominalSms SMs, an H100's
// or H200's 132, whatever GPU runs it): dash's out and LSE are the same bits on any GPU. A GPU with
// another SM count runs the same pieces, balanced less well.
#pragma once
#include <cstdint>

#include "common/band.h"

namespace dash {

struct TailSplit {
  int tiles = 0;   // the last `tiles` tiles of the launch's order run as pieces (0: none)
  int pieces = 1;  // pieces per split tile
};

namespace tail_split {
constexpr int kNominalSms = 132;
constexpr int kMaxPieces = 8;
// What a piece costs beyond its key tiles, in key-tile steps: its Q load and pipeline fill, and
// the workspace writes and the merge. A split must save more than this again to be taken.
constexpr int kPieceSteps = 2;
}  // namespace tail_split

// The plan for num_tiles tiles of kv_tiles key tiles each: the last round's r = num_tiles % 132
// tiles in k pieces cost ceil(r k / 132) pieces of ceil(kv_tiles / k) + kPieceSteps steps on the
// busiest SM, against kv_tiles + kPieceSteps unsplit; the cheapest k, where it saves more than
// kPieceSteps and an eighth of a tile (below that, the workspace's traffic is not worth it).
// Examples (tests/test_fwd.py): 16k tokens at hdim 128 (2048 tiles) leave r = 68 tiles, five
// pieces each at 16k keys (three fifths of a tile on the busiest SM instead of a whole one), three
// at 8k, none at 2k (12 key tiles); hdim 64 at 2k (2816 tiles, r = 44) three pieces. A launch in clusters of two has an even number of tiles (fwd_launch.h),
// and then r is even too (132 is): the split tiles are whole clusters' units.
inline TailSplit plan_tail_split(int64_t num_tiles, int kv_tiles) {
  using namespace tail_split;
  TailSplit plan;
  const int64_t r = num_tiles % kNominalSms;
  if (r == 0 || kv_tiles < 2) return plan;
  auto cost = [&](int k) {
    return ((r * k + kNominalSms - 1) / kNominalSms) * ((kv_tiles + k - 1) / k + kPieceSteps);
  };
  int64_t best = cost(1) - kPieceSteps - kv_tiles / 8;
  for (int k = 2; k <= kMaxPieces && k <= kv_tiles; ++k) {
    if (cost(k) < best) {
      best = cost(k);
      plan = TailSplit{int(r), k};
    }
  }
  return plan;
}

// Key tiles [lo, hi) of piece `piece` of `pieces` over a full mask's kv_tiles (every piece holds
// at least one: pieces <= kv_tiles).
DASH_HOST_DEVICE KeyTiles piece_key_tiles(KeyTiles whole, int piece, int pieces) {
  const int n = whole.hi;  // full mask: whole.lo = 0
  KeyTiles t = whole;
  t.lo = t.unmasked_lo = piece * n / pieces;
  t.hi = (piece + 1) * n / pieces;
  // Only the last key tile (past seqlen_k) can need the mask: it stays with the last piece.
  return t;
}

}  // namespace dash

