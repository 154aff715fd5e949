// Compile-time description of the backward main kernel for one (head dim, element type):
// the WGMMA tilings, the shared-memory layouts and the TMA descriptor types.
//
// Notation: one CTA owns KV tile n (kBlockN key rows) and walks Q tiles m (kBlockM query rows).
// Two mainloop policies (BwdConfig::kDkvTransposed):
//   keys on M (head dims 64-128, bwd_mainloop.h): each of the two MMA warpgroups owns 64 of the
//     kBlockN key rows, so S and dP are computed transposed (S^T = K Q^T, rows = keys): the
//     softmax gradient then sits in registers in exactly the layout that the register-sourced
//     WGMMAs dV += P^T dO and dK += dS^T Q need. dK and dV take 64 x d fp32 per warpgroup: d / 2
//     registers per thread each, which head dims above 128 cannot spare.
//   dK/dV transposed (head dims 192, 256, bwd_mainloop_dkv_transposed.h; FA3's and FA4's
//     dKV_swapAB): S = Q K^T with the queries on M and each warpgroup owning kBlockN / 2 keys on
//     N; P and dS go through shared memory (stored transposed, key-major) and the warpgroups
//     accumulate dV^T = dO^T P and dK^T = Q^T dS (d x their keys), both operands from shared
//     memory: a warpgroup's keys can then be fewer than WGMMA's M of 64.
#pragma once

#include <cute/tensor.hpp>
#include <cutlass/arch/barrier.h>
#include <cutlass/cutlass.h>
#include <cutlass/pipeline/sm90_pipeline.hpp>

#include "bwd/bwd_config.h"
#include "common/gmma_operands.h"
#include "common/named_barrier.h"
#include "common/sm90_limits.h"
#include "bwd/bwd_varlen.h"

namespace dash {

using namespace cute;

// GroupedHeads: the kernel walks several q-heads per k/v head (GQA/MQA, heads > heads_kv); the
// MHA instances have it false, so that their group size is a compile-time 1 (bwd_mainloop.h).
// Varlen: packed variable-length batches (bwd_varlen.h), MHA or grouped as above.
// Softcap: the capped score policy (common/score.h); instances of their own, fixed lengths only.
template <int HeadDim, int BlockM_, class Element_, bool GroupedHeads = false, bool Varlen = false,
          bool Softcap = false>
struct BwdTraits {
  using Element = Element_;
  using Config = BwdConfig<HeadDim, BlockM_>;
  static constexpr bool kGroupedHeads = GroupedHeads;
  static constexpr bool kVarlen = Varlen;
  static constexpr bool kSoftcap = Softcap;
  static constexpr int kHeadDim = HeadDim;
  static constexpr int kBlockM = BlockM_;
  static constexpr int kBlockN = Config::kBlockN;
  static constexpr int kStages = Config::kStages;

  static constexpr int kMmaWarpGroups = 2;
  static constexpr int kMmaThreads = kMmaWarpGroups * 128;
  static constexpr int kThreads = kMmaThreads + 128;  // + one producer warpgroup
  // setmaxnreg budgets. The CTA is launched with 65536 / kThreads registers per thread (rounded
  // down to a multiple of 8) and can only redistribute those: if the MMA warpgroups asked for
  // more than the producer gives back, their setmaxnreg.inc would wait forever.
  static constexpr int kProducerRegs = 24;
  static constexpr int kMmaRegs = 240;
  static_assert(kProducerRegs * 128 + kMmaRegs * kMmaThreads <= (65536 / kThreads) / 8 * 8 * kThreads,
                "register budgets exceed what the CTA is launched with: the kernel would hang");
  static constexpr bool kDkvTransposed = Config::kDkvTransposed;
  static constexpr int kKeysPerWarpGroup = kBlockN / kMmaWarpGroups;  // the key rows a warpgroup owns
  static_assert(kDkvTransposed || kBlockN == 64 * kMmaWarpGroups, "keys on M: each MMA warpgroup owns 64 key rows");
  static_assert(!kDkvTransposed || (kBlockM == 64 && kBlockN % (8 * kMmaWarpGroups) == 0),
                "dK/dV transposed: 64 query rows (S's M) and whole 8-key groups per warpgroup (S's N)");

  using BlockM = Int<kBlockM>;
  using BlockN = Int<kBlockN>;
  using Dim = Int<kHeadDim>;
  using KeysPerWarpGroup = Int<kKeysPerWarpGroup>;

  // Keys on M: S^T = K Q^T and dP^T = V dO^T, (kBlockN x kBlockM), the warpgroups split the keys.
  // Transposed dK/dV: S = Q K^T and dP = dO V^T, (kBlockM x kBlockN), the warpgroups split the
  // keys (N). Reduction over the head dim either way. ScoreShape: the accumulator's (M, N).
  using TiledMmaSdP = std::conditional_t<
      kDkvTransposed,
      decltype(make_tiled_mma(GMMA::ss_op_selector<Element, Element, float, Shape<_64, KeysPerWarpGroup, Dim>,
                                                   GMMA::Major::K, GMMA::Major::K>(),
                              Layout<Shape<_1, Int<kMmaWarpGroups>, _1>>{})),
      decltype(make_tiled_mma(GMMA::ss_op_selector<Element, Element, float, Shape<_64, BlockM, Dim>,
                                                   GMMA::Major::K, GMMA::Major::K>(),
                              Layout<Shape<Int<kMmaWarpGroups>, _1, _1>>{}))>;
  using ScoreShape = std::conditional_t<kDkvTransposed, Shape<BlockM, BlockN>, Shape<BlockN, BlockM>>;
  // Keys on M: dV += P^T dO and dK += dS^T Q, (kBlockN x d), A (P^T, dS^T) from registers.
  // Transposed: dV^T += dO^T P and dK^T += Q^T dS, (d x kBlockN), the warpgroups split the keys
  // (N); A = dO^T, Q^T (MN-major views of the stages), B = P, dS as stored (key-major: K-major).
  // Reduction over the Q tile either way. DkvShape: the accumulators' (M, N).
  using TiledMmadKV = std::conditional_t<
      kDkvTransposed,
      decltype(make_tiled_mma(GMMA::ss_op_selector<Element, Element, float, Shape<_64, KeysPerWarpGroup, BlockM>,
                                                   GMMA::Major::MN, GMMA::Major::K>(),
                              Layout<Shape<_1, Int<kMmaWarpGroups>, _1>>{})),
      decltype(make_tiled_mma(GMMA::rs_op_selector<Element, Element, float, Shape<_64, Dim, BlockM>,
                                                   GMMA::Major::K, GMMA::Major::MN>(),
                              Layout<Shape<Int<kMmaWarpGroups>, _1, _1>>{}))>;
  using DkvShape = std::conditional_t<kDkvTransposed, Shape<Dim, BlockN>, Shape<BlockN, Dim>>;
  // dQ = dS K: (kBlockM x d), reduction over the KV tile, split over the two warpgroups:
  //   128-row Q tile (hdim 64): by rows, 64 each;
  //   64-row Q tile (hdim 128): by head dim, 64 x 64 each;
  //   80-row Q tile (hdim 128): 80 is no multiple of WGMMA's M = 64, so dQ is computed
  //   transposed, dQ^T = K^T dS^T (d x kBlockM), split by head dim: A = K^T (MN-major view of
  //   sK), B = dS (K-major, as stored). The accumulator then holds dQ^T; kDqTransposed tells
  //   the fragment's users (the postprocess) to swap the coordinates back.
  //   kDqWarpGroups = 1 (BwdConfig::kDqSingleWarpGroup; FA3's and FA4's choice at hdim 96): warpgroup 0
  //   computes the whole 64 x d tile: split by head dim, 48 columns of a 96-wide row would start
  //   warpgroup 1 in the middle of the 64-byte swizzle atom, which no GMMA descriptor can address.
  static constexpr bool kDqTransposed = kBlockM % 64 != 0;
  static constexpr int kDqWarpGroups = Config::kDqSingleWarpGroup ? 1 : kMmaWarpGroups;
  static constexpr bool kDqSplitM = kDqWarpGroups > 1 && kBlockM >= 64 * kMmaWarpGroups;
  static_assert(kDqWarpGroups == kMmaWarpGroups || (kBlockM == 64 && !kDqTransposed),
                "one dQ warpgroup computes a 64-row tile");
  using DqAtomShape = std::conditional_t<
      kDqTransposed, Shape<_64, BlockM, BlockN>,
      std::conditional_t<kDqSplitM || kDqWarpGroups == 1, Shape<_64, Dim, BlockN>,
                         Shape<_64, Int<kHeadDim / kMmaWarpGroups>, BlockN>>>;
  using DqAtomLayout = std::conditional_t<
      kDqWarpGroups == 1, Layout<Shape<_1, _1, _1>>,
      std::conditional_t<kDqSplitM || kDqTransposed, Layout<Shape<Int<kMmaWarpGroups>, _1, _1>>,
                         Layout<Shape<_1, Int<kMmaWarpGroups>, _1>>>>;
  static_assert(!kDqSplitM || kBlockM == 64 * kMmaWarpGroups);
  static_assert(!kDqTransposed || kHeadDim == 64 * kMmaWarpGroups, "dQ^T splits the head dim by warpgroup");
  // dS's operand: as stored (K-major) for dQ = dS K on the keys-on-M policy; the transposed
  // policy stores dS^T (key-major), which dQ reads as an MN-major A.
  using TiledMmadQ = decltype(make_tiled_mma(
      GMMA::ss_op_selector<Element, Element, float, DqAtomShape,
                           kDqTransposed || kDkvTransposed ? GMMA::Major::MN : GMMA::Major::K,
                           kDqTransposed ? GMMA::Major::K : GMMA::Major::MN>(),
      DqAtomLayout{}));
  // The (M, N) shape of dQ's accumulator: (kBlockM, d), or (d, kBlockM) when transposed.
  using DqShape = std::conditional_t<kDqTransposed, Shape<Dim, BlockM>, Shape<BlockM, Dim>>;


  // Shared memory. Q/dO/LSE/D are multi-stage (one stage per visited Q tile); K/V are loaded once.
  using SmemAtomQ = decltype(smem_atom_k_major<Element, kHeadDim>());
  using SmemLayoutQ = decltype(tile_to_shape(SmemAtomQ{}, Shape<BlockM, Dim, Int<kStages>>{}));
  using SmemLayoutdO = SmemLayoutQ;
  // K's swizzle atom: as wide as the head dim allows, except where dQ = dS K is split by head dim
  // on the transposed policy: each warpgroup's d / 2 columns of K^T (MN-major) must then start on
  // an atom (hdim 192: 96 columns, a 64-byte swizzle).
  using KAtomWidth = std::conditional_t<kDkvTransposed && kDqWarpGroups == 2, Int<kHeadDim / 2>, Dim>;
  using SmemAtomK = decltype(smem_atom_k_major<Element, KAtomWidth::value>());
  using SmemLayoutK = decltype(tile_to_shape(SmemAtomK{}, Shape<BlockN, Dim>{}));
  using SmemLayoutV = SmemLayoutK;
  // dS in shared memory: the transpose of the score accumulator (ScoreShape's (M, N)), written by
  // transposing stmatrix and K-major over M: (kBlockM, kBlockN) query-major with the keys on M;
  // dS^T (kBlockN, kBlockM) key-major for transposed dK/dV (as is P^T there), dK^T's B.
  using ScoreM = decltype(get<0>(ScoreShape{}));
  using ScoreN = decltype(get<1>(ScoreShape{}));
  using SmemAtomdS = decltype(smem_atom_k_major<Element, ScoreM::value>());
  using SmemLayoutdS = decltype(tile_to_shape(SmemAtomdS{}, Shape<ScoreN, ScoreM>{}));

  // dS alternates between two buffers, so that a warpgroup may write step t+1's dS while the
  // other still reads step t's: one CTA-wide barrier per step instead of two. Lagged dQ
  // (bwd_config.h): three, since step t's dQ is read a step later.
  static constexpr int kDsBuffers = Config::kLaggedDq ? 3 : 2;
  static constexpr int kDsElems = cosize_v<SmemLayoutdS>;

  // Transposed views of the same bytes, for the operands that are MN-major.
  using SmemLayoutQt = decltype(composition(
      SmemLayoutQ{}, make_layout(Shape<Dim, BlockM, Int<kStages>>{}, Stride<BlockM, _1, Int<kBlockM * kHeadDim>>{})));
  using SmemLayoutdOt = SmemLayoutQt;
  using SmemLayoutKt = decltype(composition(SmemLayoutK{}, make_layout(Shape<Dim, BlockN>{}, Stride<BlockN, _1>{})));
  // dS (or P) seen in the score accumulator's coordinates (ScoreShape), which its transposing
  // stores write: keys on M, (key, query); transposed dK/dV, (query, key), also dQ = dS K's A.
  using SmemLayoutdSt = decltype(composition(SmemLayoutdS{}, make_layout(ScoreShape{}, Stride<ScoreN, _1>{})));

  // The partial dQ tile in "fragment order", one half per MMA warpgroup: thread t of warpgroup
  // w stores its accumulator values as float4 chunks, chunk c at float4 offset
  // w * kDqHalfChunks + c * 128 + t (dq_chunk_offset). A warp's stores are then 512 contiguous
  // bytes (no bank conflicts, where a row-major tile would conflict 8 ways), and each
  // warpgroup's values are one contiguous half that the writer adds on its own, as soon as that
  // warpgroup has stored it (FA4's layout: with one buffer for both, each warpgroup waited at
  // its dQ store for the other and for the writer, bench/NOTES.md v14). Global dQaccum tiles
  // keep this order, so one bulk reduce-add moves a half; the postprocess maps (thread, value)
  // back to (row, column) with the same TiledMmadQ.
  static constexpr int kDqValuesPerThread = kBlockM * kHeadDim / (kDqWarpGroups * 128);
  static constexpr int kDqChunks = kDqValuesPerThread / 4;
  static_assert(kDqValuesPerThread % 4 == 0);
  static constexpr int kDqHalfChunks = kDqChunks * 128;  // float4 chunks per warpgroup half
  static constexpr int kDqHalfElems = kDqHalfChunks * 4;
  static constexpr uint32_t kDqHalfBytes = kDqHalfElems * sizeof(float);
  static __host__ __device__ __forceinline__ int dq_chunk_offset(int tid, int c) {
    return (tid / 128) * kDqHalfChunks + c * 128 + tid % 128;
  }
  // With two partial-dQ buffers, while step t's writer waits for its turn to add step t's tile,
  // the MMA warpgroups store step t+1's into the other buffer and go on to step t+2, instead of
  // stalling at the end of step t+1.
  static constexpr int kDqBuffers = Config::kDqBuffers;
  static_assert(kDqBuffers == 1 || kDqBuffers == 2, "one full/empty barrier pair per (buffer, warpgroup)");
  // dQ writer warps (warps 1 and 2 of the producer warpgroup): each takes every other step, so
  // that one step's completion wait and hand-off overlap the next step's turn and add.
  static constexpr int kDqWriters = 2;
  static constexpr int kDqElems = kBlockM * kHeadDim;
  static_assert(kDqElems == kDqWarpGroups * kDqHalfElems);
  // kDqInStage (bwd_config.h): warpgroup w's half of step s's partial dQ in stage s % kStages's Q
  // (w = 0) or dO (w = 1) buffer, released to the producer by the writer.
  static constexpr bool kDqInStage = Config::kDqInStage;
  static_assert(!kDqInStage || (kDkvTransposed && kDqWarpGroups == 2 && kDqBuffers == kStages &&
                                kDqHalfElems * sizeof(float) == kBlockM * kHeadDim * sizeof(Element)),
                "dQ in the stage: two halves, each the size of a Q tile, one buffer per stage");
  // dS^T registers -> dS in shared memory with transposing stmatrix (8x8 tiles of 16-bit).
  using R2SCopyAtomdS = Copy_Atom<SM90_U16x8_STSM_T, Element>;
  using SmemLayoutRow = Layout<Shape<BlockM, Int<kStages>>>;  // LSE and D per stage

  // P^T's buffer, which only the transposed policy has (a base class: the keys-on-M layout is
  // left as it was).
  struct NoScoreStorage {};
  struct ScoreStorage {
    array_aligned<Element, cosize_v<SmemLayoutdS>, 1024> p;
  };
  struct FixedLengthStorage : std::conditional_t<kDkvTransposed, ScoreStorage, NoScoreStorage> {
    array_aligned<Element, cosize_v<SmemLayoutK>, 1024> k;
    array_aligned<Element, cosize_v<SmemLayoutV>, 1024> v;
    array_aligned<Element, cosize_v<SmemLayoutQ>, 1024> q;
    array_aligned<Element, cosize_v<SmemLayoutdO>, 1024> dout;
    array_aligned<Element, cosize_v<SmemLayoutdS> * kDsBuffers, 1024> ds;
    array_aligned<float, kDqInStage ? 0 : kDqElems * kDqBuffers, 128> dq;
    array_aligned<float, cosize_v<SmemLayoutRow>, 128> lse;
    array_aligned<float, cosize_v<SmemLayoutRow>, 128> dpsum;
    typename cutlass::PipelineTmaAsync<kStages>::SharedStorage pipeline;
    alignas(8) uint64_t kv_barrier;
    int launch_position;  // claimed by thread 0, read by all (bwd_kernel.h)
  };
  // Varlen: the CTA's program, evaluated by thread 0 once it has its launch position.
  struct VarlenStorage : FixedLengthStorage {
    bwd_varlen::Cta varlen;
  };
  using SharedStorage = std::conditional_t<Varlen, VarlenStorage, FixedLengthStorage>;
  static constexpr int kSmemBytes = int(sizeof(SharedStorage));
  static_assert(kSmemBytes <= kMaxSmemBytesPerCta, "shared memory exceeds what an H100 CTA can have");

  // Where warpgroup `warp_group`'s half of partial-dQ buffer `buffer` lives.
  static __device__ __forceinline__ float* dq_half(FixedLengthStorage& smem, int buffer, int warp_group) {
    if constexpr (kDqInStage) {
      // Warpgroup 0's half in dO, whose last readers (the dV^T GEMMs) are done first; warpgroup
      // 1's in Q (bwd_mainloop_dkv_transposed.h).
      Element* stage_tile = (warp_group == 0 ? smem.dout.data() : smem.q.data()) + buffer * (kBlockM * kHeadDim);
      return reinterpret_cast<float*>(stage_tile);
    } else {
      return smem.dq.data() + buffer * kDqElems + warp_group * kDqHalfElems;
    }
  }

  // Global tensors as TMA sees them: (seq, dim, head, batch) with element strides.
  using ShapeSeq = Shape<int32_t, int32_t, int32_t, int32_t>;
  using StrideSeq = Stride<int64_t, _1, int64_t, int64_t>;
  using TmaQ = decltype(make_tma_copy(
      SM90_TMA_LOAD{}, make_tensor(make_gmem_ptr(static_cast<Element const*>(nullptr)), ShapeSeq{}, StrideSeq{}),
      take<0, 2>(SmemLayoutQ{}), Shape<BlockM, Dim>{}, _1{}));
  using TmaK = decltype(make_tma_copy(
      SM90_TMA_LOAD{}, make_tensor(make_gmem_ptr(static_cast<Element const*>(nullptr)), ShapeSeq{}, StrideSeq{}),
      SmemLayoutK{}, Shape<BlockN, Dim>{}, _1{}));

  static constexpr uint32_t kQTileBytes = kBlockM * kHeadDim * sizeof(Element);
  static constexpr uint32_t kRowBytes = kBlockM * sizeof(float);
  static constexpr uint32_t kStageBytes = 2 * kQTileBytes + 2 * kRowBytes;  // Q, dO, LSE, D
  static constexpr uint32_t kKVBytes = 2 * kBlockN * kHeadDim * sizeof(Element);
};

// The backward's named barrier ids (common/named_barrier.h): with a dQ half per (buffer,
// warpgroup) and the writers' batons it needs 15.
enum class BwdBarrier : uint32_t {
  kDsReady = 1,     // dS of this step is in shared memory (both warpgroups' halves)
  kDqFull0 = 2,     // MMA warpgroup w -> dQ writer: its half of partial dQ is in buffer b (id 2 + 2b + w)
  kDqEmpty0 = 6,    // dQ writer -> MMA warpgroup w: its half of buffer b may be overwritten (id 6 + 2b + w)
  kRowsCleared = 10,  // varlen: both MMA warpgroups have zeroed the rows past the sequence in a tile
  kWriterBaton0 = 11,  // dQ writers sharing one buffer: writer j may take the next step's halves (id 11 + j)
  kPReady0 = 13,    // transposed dK/dV: MMA warpgroup w has stored its P^T (id 13 + w; its 128 threads)
  kLaggedStart = 13,  // lagged dQ (keys-on-M): warpgroup 0 has issued its first early dV k-blocks
  kDoRead = 15,     // dQ in the stage: both MMA warpgroups are done reading the step's dO
  kQRead = 6,       // ... and its Q (the id of kDqEmpty0, which dQ in the stage leaves unused)
};
__host__ __device__ constexpr uint32_t p_ready_barrier(int warp_group) {
  return uint32_t(BwdBarrier::kPReady0) + warp_group;
}
__host__ __device__ constexpr uint32_t dq_full_barrier(int buffer, int warp_group) {
  return uint32_t(BwdBarrier::kDqFull0) + 2 * buffer + warp_group;
}
__host__ __device__ constexpr uint32_t dq_empty_barrier(int buffer, int warp_group) {
  return uint32_t(BwdBarrier::kDqEmpty0) + 2 * buffer + warp_group;
}
// Lagged dQ (keys-on-M policy with one partial-dQ buffer, bwd_config.h): warpgroup w has stored
// step s's dS and its dQ of step s - 1 has read the buffer before (id by (w, s % 2): the second
// dQ buffer's full and empty barriers, which one buffer leaves unused).
__host__ __device__ constexpr uint32_t ds_stored_barrier(int warp_group, int parity) {
  return parity == 0 ? dq_full_barrier(1, warp_group) : dq_empty_barrier(1, warp_group);
}

}  // namespace dash
