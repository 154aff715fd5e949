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

  template <class Frag, class Coords>
  static __device__ void stage(Element* staged, Frag const& acc, Coords const& coords) {
    CUTLASS_PRAGMA_UNROLL
    for (int i = 0; i < size(acc); ++i) staged[Tile::offset(get<0>(coords(i)), get<1>(coords(i)))] = Element(acc(i));
  }

  template <class FragdK, class FragdV>
  static __device__ void run(BwdKernelParams<Traits> const& p, typename Traits::SharedStorage& smem, WorkTile const& w,
                             int tid, FragdK& tdKrdK, FragdV const& tdVrdV) {
    typename Traits::TiledMmadKV mma;
    CUTLASS_PRAGMA_UNROLL
    for (int i = 0; i < size(tdKrdK); ++i) tdKrdK(i) *= p.softmax_scale;
    Tensor coords = mma.get_thread_slice(tid).partition_C(make_identity_tensor(Shape<BlockN, Dim>{}));
    const int seqlen_k = Traits::kVarlen ? w.varlen.s.sk : p.seqlen_k;
    const int rows = min(Traits::kBlockN, seqlen_k - w.n * Traits::kBlockN);
    // Through the Q/dO stage buffers (the launch requires 16-byte aligned dK/dV rows).
    static_assert(Tile::kElems <= cosize_v<typename Traits::SmemLayoutQ> &&
                  Tile::kElems <= cosize_v<typename Traits::SmemLayoutdO>,
                  "dK/dV tiles must fit in the Q/dO stage buffers");
    // Every step ends with a dQ WGMMA waited to completion, so this warpgroup no longer reads
    // Q or dO; the barrier waits for the other one. (kDsReady is free after the main loop,
    // which both warpgroups left with the same number of arrivals on it.)
    BwdNamedBarrier::sync(Traits::kMmaThreads, uint32_t(BwdBarrier::kDsReady));
    stage(smem.q.data(), tdKrdK, coords);
    stage(smem.dout.data(), tdVrdV, coords);
    BwdNamedBarrier::sync(Traits::kMmaThreads, uint32_t(BwdBarrier::kDsReady));
    Tile::store(reinterpret_cast<Element*>(p.dk.ptr) + tile_offset(p.dk, w.head_kv, w), p.dk.row_stride, rows,
                smem.q.data(), tid);
    Tile::store(reinterpret_cast<Element*>(p.dv.ptr) + tile_offset(p.dv, w.head_kv, w), p.dv.row_stride, rows,
                smem.dout.data(), tid);
  }
};

}  // namespace dash
