// Tile configurations of the forward kernel: the only place tile sizes are written down.
//
// One CTA computes a kBlockM x head_dim block of the output for one (head, batch). Threads:
// warpgroup 0 is the producer (one warp issues every TMA load), warpgroups 1 and 2 are the
// consumers, each owning 64 of the kBlockM query rows and walking all KV tiles of the CTA.
//
// kBlockN is chosen so that a consumer thread's live registers fit under kConsumerRegs:
// S (64 x kBlockN fp32 / 128 threads), P (the same in 16 bit) and O (64 x d fp32 / 128):
//   d=128, N=176: 88 + 44 + 64 = 196 registers of data (FA3 uses the same tile for this reason);
//   d=64,  N=192: 96 + 48 + 32 = 176.
// Causal tiles use N=128: the diagonal blocks waste less work and the CTA's span of KV tiles
// is rounded less.
// kStages: K/V stages, as many as shared memory holds (227 KiB per CTA), so that loads run two
// tiles ahead: d=128 N=176 (Q 32 + 2 x 88 = 208 KiB) has room for two only; d=128 causal takes
// three (32 + 3 x 64 = 224 KiB), d=64 three (16 + 3 x 48 = 160 KiB; causal 16 + 3 x 32).
//
// Every instance is persistent: one CTA per SM walks tiles, so that the K/V loads of the next
// tile overlap the epilogue of the current one, and CTA launch and set-up are paid once.
// Fixed-length full-mask tiles all cost the same, so a static stride balances them (tiles
// blockIdx.x, + gridDim.x, ...).
// kDynamicTiles (causal, varlen): tiles differ in length (the last query tiles see the most keys;
// packed sequences differ), so a CTA claims its next tile from a counter in global memory when it
// has issued the loads of its current one: tiles are taken in their numbering (longest first
// within a section of heads, fwd_kernel.h) by whichever CTA is free, as the hardware's CTA
// dispatch balanced one tile per CTA before (bench/NOTES_fwd.md v5, F10). Not with clusters
// (kClusterM): their CTAs take the same numbering in a static snake order (fwd_kernel.h
// static_tile), which balances as well.
//
// kVarlen: packed variable-length batches (cu_seqlens, common/varlen_tiles.h). A compile-time
// policy, so that the fixed-length instances stay as they are. Tiles are those of the
// fixed-length kernel (the same tile shapes, hence the same arithmetic per sequence); tiles of
// different sequences differ in length, as causal ones do, so persistent CTAs claim them from a
// counter (kDynamicTiles) in the packed order (a sequence's tiles, longest first where causal,
// head after head, sequence after sequence). Until session 53 a varlen CTA did one tile, which
// left launch, set-up, the first loads and the epilogue exposed at every tile: on an H200 the
// packed forward ran 0.77-0.86 of the fixed-length one on the same tokens (8 x 2048). O goes out
// with a per-row predicate (through shared memory where kStoreOThroughSmem, else from registers):
// a TMA store clips only at the end of the packed tensor, so a 64-row box would overwrite the next
// sequence's first rows.
#pragma once

namespace dash {

// kWindow: a sliding window (common/band.h) with the band's bounds as runtime values; it takes the
// causal configuration (kCausal), whose instance keeps the compile-time causal band (-1, 0), so
// that the window's extra state (its left edge, masked again at the end of a tile's walk) costs
// the causal kernel nothing: the d64 causal instance spilled 88 bytes with a runtime band.
// kSoftcap: the capped score policy (common/score.h), one tanh per score ahead of the mask; its
// own instances, so that the plain ones carry none of it.
// kKvMulticast_: the variant with clusters (kClusterM below) of an instance that has one
// (kHasMulticastVariant).
template <int kHeadDim_, bool kCausal_, bool kVarlen_ = false, bool kWindow_ = false, bool kSoftcap_ = false,
          bool kKvMulticast_ = false>
struct FwdConfig {
  static constexpr int kHeadDim = kHeadDim_;
  static constexpr bool kCausal = kCausal_;
  static constexpr bool kVarlen = kVarlen_;
  static constexpr bool kWindow = kWindow_;
  static constexpr bool kSoftcap = kSoftcap_;
  static_assert(!kWindow || kCausal, "a window takes the banded (causal) configuration");
  // Three consumer warpgroups (192-row Q tiles) at hdim 64, FA3's and FA4's tile there: the
  // exponentials (one MUFU op per score, 83% of the tensor cores' time at hdim 64) then hide under
  // two other warpgroups' GEMMs instead of one. Their registers (160 each) hold S of 64 x 128, not
  // 64 x 192, hence kBlockN = 128. Varlen too (since session 53; it kept two warpgroups over
  // 128 rows before): a row's bits follow the key tiles it walks, not the rows beside it, so a
  // packed sequence's out and LSE stay bitwise those of the sequence alone whatever kBlockM.
  // hdim 96 (FA3's and FA4's tile there): three consumer warpgroups over 192 x 144 tiles
  // (192 x 128 causal), with P through shared memory (kPvFromSmem): a thread then holds S (72
  // registers at N = 144) and O (48) but not P (36 more), which with the 160 registers of three
  // warpgroups spilled (240 bytes at 192 x 128). P's stores interleave with the exponentials
  // (fwd_mainloop.h): so, 1-8% faster than two warpgroups over 128 x 176 (bench/NOTES_fwd.md F2c;
  // with the stores after the exponentials, level with them: F2).
  static constexpr bool kPvFromSmem = kHeadDim == 96;
  // kEarlyExpCols (P in registers): how a step orders its softmax around the wait for the
  // previous PV GEMM (fwd_mainloop.h). >= 0: the exponentials of that many score columns (of each
  // of a thread's rows) before the wait and the rest after it, where O's rescale and P's
  // conversions fill the issue slots between them (FA4's order). -1: every exponential before
  // the wait (v6's hold), O rescaled under the QK GEMM and P converted after the last
  // exponential. Measured (H100 and H200, bench/NOTES_fwd.md F8): hdim 128 with 4 columns causal
  // +2-5%, full level (0.99-1.06 over three runs); 2 columns level, 8 about as 4, 16 level or
  // slower. hdim 64 (three consumer warpgroups): 4 columns level in session 33, +0.6-2.1% on all
  // six cells once the row sums lost their 0.f + x FADDs (F9, session 34); 6 columns level, 8
  // or 16 2-7% slower.
  static constexpr int kEarlyExpCols = (kHeadDim == 128 || kHeadDim == 64) && !kPvFromSmem ? 4 : -1;
  // kExpArgsBeforeWait (with kEarlyExpCols >= 0): every score's exponent argument (s * scale -
  // max, one FFMA each) is computed before the wait, not only the early columns'. ptxas then
  // spreads the early exponentials between those FFMAs (one MUFU in eight instructions, as in
  // FA4's step) instead of issuing them back to back behind ten FFMAs, where the warp stalled on
  // the MUFU queue (ncu at hdim 64 causal 8k: 6000 stall samples on those ten MUFUs, against
  // FA4's 1000). Same bits. Measured at hdim 64 (H200, bench/NOTES_fwd.md session 49): +0.6-1.8%.
  // Not the windowed instance (168 B of spill, over its budget) nor hdim 128, where its 128
  // columns' FFMAs already surround the early exponentials: -2.4% at causal 8k, level under the
  // full mask (session 50).
  static constexpr bool kExpArgsBeforeWait = kHeadDim == 64 && kEarlyExpCols >= 0 && !kWindow;
  static constexpr int kNumConsumerWG = (kHeadDim <= 64 || (kPvFromSmem && !kVarlen)) ? 3 : 2;
  static constexpr int kRowsPerWG = 64;  // WGMMA M
  static constexpr int kBlockM = kRowsPerWG * kNumConsumerWG;
  // hdim 192 and 256 (FA4's sm90 tiles, every mask): O alone takes 96 and 128 registers per
  // thread, leaving S and P of 64 x 112 (56 + 28) and 64 x 80 (40 + 20); two K/V stages (Q 48 +
  // 2 x 84 KiB, and 64 + 2 x 80 KiB).
  static constexpr int kBlockN = kHeadDim == 256 ? 80 : kHeadDim == 192 ? 112 : kHeadDim == 96 ? (kCausal ? 128 : 144) : (kCausal || kHeadDim <= 64) ? 128 : 176;
  // Two stages where three do not fit beside P's buffer (d96 causal: Q 36 + P 48 + 3 x 48 KiB).
  static constexpr int kStages = ((kHeadDim > 64 && !kCausal) || kHeadDim >= 192 || kPvFromSmem) ? 2 : 3;
  // kStoreOThroughSmem: each consumer warp writes its 16 rows of O to a 16 x 64 buffer of its own
  // in shared memory (stmatrix) and stores them from there in 16-byte pieces, a 64-column slice at
  // a time (fwd_epilogue.h). From registers, a thread's O pairs go out as 4-byte stores that half
  // fill a sector each, and at hdim 128 ptxas staged the second row's sixteen through one register,
  // each store waiting for the one before it (bench/NOTES_fwd.md, session 47: the epilogue held
  // 7.8% of the d128 full 2k forward's stall samples against FA4's 5.5%, FA4 storing through shared
  // memory). Where the buffers (2 KiB a warp) fit beside Q and the K/V stages: hdim 64, and hdim 128
  // under the full mask (19 KiB left there), fixed-length or packed (a packed tile's stores are
  // predicated on its sequence's rows, as from registers); not P through shared memory (hdim 96:
  // 64-column slices need head_dim % 64 == 0 anyway).
  static constexpr int kQKVSmemBytes = (kBlockM + 2 * kStages * kBlockN) * kHeadDim * 2;  // 16-bit elements
  static constexpr int kOStagingRows = 16;  // a warp's rows of the 64-row accumulator
  static constexpr int kOStagingCols = 64;  // one 128-byte slice of 16-bit elements
  static constexpr int kOStagingBytes = kNumConsumerWG * 4 * kOStagingRows * kOStagingCols * 2;
  static constexpr bool kStoreOThroughSmem = !kPvFromSmem && kHeadDim % 64 == 0 &&
                                             kQKVSmemBytes + kOStagingBytes + 1024 <= 227 * 1024;
  // kClusterM: CTAs per cluster, along query tiles. 2: the two CTAs of a cluster run adjacent
  // query tiles of one head in step, and each loads half of every K/V tile into both (TMA
  // multicast), which halves the K/V bytes the L2 sends to the SMs (17 GB in a d128 full 16k call,
  // bench/NOTES_fwd.md session 32) and the L2 lookups of persistent CTAs that drift apart (the
  // same K/V tile requested at different times). FA3's choice at hdim >= 128 without a mask;
  // FA4's sm90 forward runs without clusters. The bits do not move: only how K/V reach shared
  // memory changes.
  // Measured (bench/NOTES_fwd.md F11): the calls run at the 700 W limit, and the L2 traffic saved
  // is energy: on an H200, 3.5% more SM clock and 2.5% more calls per second at full 16k under
  // sustained load, +0.8-1.6% at 8k / 16k and GQA in interleaved timing, level at 2k; on an H100
  // 2.5% more clock and 3.1% more calls per second sustained at full 16k, level to +0.9%
  // interleaved. hdim 64 (three consumer warpgroups, F13), H100 at full 16k sustained: 0.8-1.9%
  // more clock, 0.2-0.9% more calls per second.
  // A cluster's CTAs take adjacent tiles of the static order (2i and 2i + 1). Where a head's
  // query tiles are odd in number (hdim 64's 192-row tiles: 11 at 2k, 43 at 8k), one pair in every
  // two heads straddles their boundary; its CTAs then load their own K/V alone, in step with each other
  // (FwdKernel::cluster_shares_kv). Measured (F22, H200 sustained): +3.0% at d64 full 2k and
  // +0.9% at 8k, against the instance without clusters that ran there before. The launch takes
  // the multicast variant where the tiles of the call are even in number (the CTAs of a cluster
  // then run as many); otherwise, or with FwdParams::kv_multicast off, the one without clusters.
  // Causal (F23): a cluster's two tiles are one query tile of two heads of a GQA group (the causal
  // order numbers (batch, head) pairs fastest), as long as each other and reading one K/V, taken
  // in a static snake order instead of dynamic claims (FwdKernel::static_tile); the launch takes
  // the variant where every pair of heads falls in one group (an even group: fwd_launch.h), and
  // MHA keeps dynamic claims. Measured (H200 sustained, bench/NOTES_fwd.md session 51): d128 GQA
  // 32/8 causal 8k +1.0%.
  static constexpr bool kHasMulticastVariant = (kHeadDim == 128 || kHeadDim == 64) && !kVarlen && !kSoftcap && !kWindow;
  static_assert(!kKvMulticast_ || kHasMulticastVariant, "K/V multicast: hdim 64 and 128, not varlen, softcap or windowed");
  static constexpr int kClusterM = kKvMulticast_ ? 2 : 1;
  static constexpr bool kDynamicTiles = (kCausal || kVarlen) && kClusterM == 1;
  static constexpr int kThreads = 128 * (kNumConsumerWG + 1);
  // setmaxnreg budgets: 128 x 24 + 256 x 240 = 64512 <= 65536 registers per SM (two consumer
  // warpgroups), 128 x 24 + 384 x 160 = 64512 (three).
  static constexpr int kProducerRegs = 24;
  static constexpr int kConsumerRegs = kNumConsumerWG == 3 ? 160 : 240;
  // setmaxnreg.inc waits until the registers are free in the CTA's pool, which holds what the
  // CTA was launched with (launch bounds: 65536 / kThreads, rounded down to a multiple of 8):
  // asking for more than the producer gives back hangs the kernel.
  static_assert(kProducerRegs * 128 + kConsumerRegs * 128 * kNumConsumerWG <= (65536 / kThreads) / 8 * 8 * kThreads,
                "setmaxnreg budgets exceed the CTA's launch registers");
  // hdim 96: the 64-byte swizzle atom for its 96-wide rows (fwd_mainloop.h, smem_atom_k_major).
  static_assert(kHeadDim % 32 == 0, "head_dim a multiple of 32 (the 64-byte swizzle atom of 16-bit rows)");
  static_assert(kBlockN % 16 == 0, "kBlockN is the K of the PV GEMM: a multiple of 16");
};

}  // namespace dash
