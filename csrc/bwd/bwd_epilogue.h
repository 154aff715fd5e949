// dK and dV out of registers: scaled, converted to the input dtype, and stored row-guarded to
// global memory. The CTA owns its rows of dK and dV (with GQA/MQA it has summed the whole
// group's contributions in its registers).
//
// In the input dtype the tiles go through shared memory (the Q/dO stage buffers, idle once the
// last step's GEMMs are done) and leave as 16-byte row segments: stored straight from the
// accumulator layout, each warp store writes 2 bytes per thread scattered over 8 rows, and the
// CTA's 64 KiB took ~10 us at the end of every CTA (bench/NOTES.md, v6).
#pragma once

#include <cute/tensor.hpp>
#include <cutlass/arch/barrier.h>

#include "bwd/bwd_kernel_params.h"
#include "bwd/bwd_mainloop.h"
#include "bwd/bwd_staged_tile.h"
#include "common/gmma_operands.h"

namespace dash {

using namespace cute;

template <class Traits>
struct BwdEpilogue {
  using Element = typename Traits::Element;
  using BlockN = typename Traits::BlockN;
  using Dim = typename Traits::Dim;

  using Tile = StagedTile<Element, Traits::kBlockN, Traits::kHeadDim, Traits::kMmaThreads>;

  static __device__ int64_t tile_offset(Strided const& dst, int head, WorkTile const& w) {
    if constexpr (Traits::kVarlen) {  // the sequence's rows of the packed tensor
      return head * dst.head_stride + (int64_t(w.varlen.k_begin) + int64_t(w.n) * Traits::kBlockN) * dst.row_stride;
    } else {
      return w.batch * dst.batch_stride + head * dst.head_stride + int64_t(w.n) * Traits::kBlockN * dst.row_stride;
    }
  }

  // The staged tile as a CuTe layout (StagedTile::offset): (kBlockN, (kPanel, d / kPanel)), each
  // panel row-major, its 16-byte chunks XOR-swizzled by row % kSwizzle: bits [3, 3 + log2(kSwizzle))
  // of the element index XORed with those of the row, which sit log2(kPanel) bits up. Whole rows
  // (hdim 64, 128, 256) are one panel.
  static constexpr int kPanel = Tile::kPanel;
  using StagedLayout = decltype(composition(
      Swizzle<cute::log_2(unsigned(Tile::kSwizzle)), 3, cute::log_2(unsigned(kPanel)) - 3>{},
      Layout<Shape<BlockN, Shape<Int<kPanel>, Int<Traits::kHeadDim / kPanel>>>,
             Stride<Int<kPanel>, Stride<_1, Int<Traits::kBlockN * kPanel>>>>{}));
  static_assert(cosize_v<StagedLayout> == Tile::kElems);
  // The same bytes seen as (d, kBlockN), for the transposed policy's dK^T and dV^T fragments.
  using StagedLayoutT = decltype(composition(
      StagedLayout{}, make_layout(Shape<Dim, BlockN>{}, Stride<BlockN, _1>{})));

  // The accumulator, converted to the input dtype, into the staged tile with stmatrix (8 values
  // of a thread per instruction, FA3's and FA4's epilogue): element by element it took 2-byte
  // stores with their addresses, 64 per thread at hdim 64, 128 at hdim 128, at the end of every
  // CTA (bench/NOTES.md, "Next after session 9").
  // Transposed fragments (d, keys) go out through transposing stmatrix into the (d, kBlockN) view,
  // so that the staged tile is key-major either way.
  template <class Frag>
  static __device__ void stage(Element* staged, Frag const& acc, int tid) {
    typename Traits::TiledMmadKV mma;
    Tensor converted = make_tensor_like<Element>(acc);
    convert_fragment(acc, converted);
    if constexpr (Traits::kDkvTransposed) {
      auto r2s = make_tiled_copy_C(Copy_Atom<SM90_U16x8_STSM_T, Element>{}, mma);
      auto thr = r2s.get_thread_slice(tid);
      copy(r2s, thr.retile_S(converted), thr.partition_D(make_tensor(make_smem_ptr(staged), StagedLayoutT{})));
    } else {
      auto r2s = make_tiled_copy_C(Copy_Atom<SM90_U32x4_STSM_N, Element>{}, mma);
      auto thr = r2s.get_thread_slice(tid);
      copy(r2s, thr.retile_S(converted), thr.partition_D(make_tensor(make_smem_ptr(staged), StagedLayout{})));
    }
  }

  template <class FragdK, class FragdV>
  static __device__ void run(BwdKernelParams<Traits> const& p, typename Traits::SharedStorage& smem, WorkTile const& w,
                             int tid, FragdK& tdKrdK, FragdV const& tdVrdV) {
    CUTLASS_PRAGMA_UNROLL
    for (int i = 0; i < size(tdKrdK); ++i) tdKrdK(i) *= p.softmax_scale;
    const int seqlen_k = Traits::kVarlen ? w.varlen.s.sk : p.seqlen_k;
    const int rows = min(Traits::kBlockN, seqlen_k - w.n * Traits::kBlockN);
    // Through the Q/dO stage buffers (the launch requires 16-byte aligned dK/dV rows), or, where
    // the dQ writers may still be reading the last steps' partial dQ from those (kDqInStage),
    // through the K/V buffers, the tiles' own size.
    static_assert(Traits::kDqInStage ? Tile::kElems == cosize_v<typename Traits::SmemLayoutK>
                                     : Tile::kElems <= cosize_v<typename Traits::SmemLayoutQ>,
                  "dK/dV tiles must fit in the buffers that stage them");
    Element* staged_dk = Traits::kDqInStage ? smem.k.data() : smem.q.data();
    Element* staged_dv = Traits::kDqInStage ? smem.v.data() : smem.dout.data();
    // Every step ends with its WGMMAs waited to completion, so this warpgroup no longer reads
    // Q, dO, K or V; the barrier waits for the other one. (kDsReady is free after the main loop,
    // which both warpgroups left with the same number of arrivals on it.)
    NamedBarrier::sync(Traits::kMmaThreads, uint32_t(BwdBarrier::kDsReady));
    stage(staged_dk, tdKrdK, tid);
    stage(staged_dv, tdVrdV, tid);
    NamedBarrier::sync(Traits::kMmaThreads, uint32_t(BwdBarrier::kDsReady));
    Tile::store(reinterpret_cast<Element*>(p.dk.ptr) + tile_offset(p.dk, w.head_kv, w), p.dk.row_stride, rows,
                staged_dk, tid);
    Tile::store(reinterpret_cast<Element*>(p.dv.ptr) + tile_offset(p.dv, w.head_kv, w), p.dv.row_stride, rows,
                staged_dv, tid);
  }
};

}  // namespace dash
