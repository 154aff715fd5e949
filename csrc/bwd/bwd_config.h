// Tile configuration of the backward main kernel, per head dim.
#pragma once
#include "bwd/bwd_params.h"

namespace dash {

template <int HeadDim>
struct BwdConfig;

// hdim 64: 128 x 128 tiles; hdim 128: 64 query rows x 128 key rows (register budget:
// dK and dV accumulators of 64 x 128 fp32 per MMA warpgroup).
// kDqBuffers: partial-dQ buffers between the MMA warpgroups and the dQ writer. Two pay at
// hdim 128, whose short steps (64-row Q tiles) let a writer waiting for its turn stall the
// MMA warpgroups (+3.6% deterministic at causal 8k); at hdim 64 a second buffer measured 1-2%
// slower (bench/NOTES.md, v4).
template <>
struct BwdConfig<64> {
  static constexpr int kBlockM = 128, kBlockN = 128, kStages = 2, kDqBuffers = 1;
};
template <>
struct BwdConfig<128> {
  static constexpr int kBlockM = 64, kBlockN = 128, kStages = 2, kDqBuffers = 2;
};

}  // namespace dash
