// dK and dV out of registers: scaled, converted, and stored row-guarded to global memory,
// either in the input dtype (MHA: this CTA owns the rows) or in fp32 (GQA/MQA: one slice
// per q-head, summed over the group afterwards in a fixed order).
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

namespace dash {

using namespace cute;

template <class Traits>
struct BwdEpilogue {
  using Element = typename Traits::Element;
  using BlockN = typename Traits::BlockN;
  using Dim = typename Traits::Dim;

  template <class OutT, class Frag, class Coords>
  static __device__ void store(Strided const& dst, int head, WorkTile const& w, int seqlen_k, Frag const& acc,
                               Coords const& coords, typename Traits::TiledMmadKV const& mma, int tid) {
    OutT* base = reinterpret_cast<OutT*>(dst.ptr) + w.batch * dst.batch_stride + head * dst.head_stride +
                 int64_t(w.n) * Traits::kBlockN * dst.row_stride;
    Tensor g = make_tensor(make_gmem_ptr(base), make_layout(Shape<BlockN, Dim>{}, make_stride(dst.row_stride, _1{})));
    Tensor tg = mma.get_thread_slice(tid).partition_C(g);
    const int rows_left = seqlen_k - w.n * Traits::kBlockN;
    CUTLASS_PRAGMA_UNROLL
    for (int i = 0; i < size(acc); ++i) {
      if (get<0>(coords(i)) < rows_left) tg(i) = OutT(acc(i));
    }
  }

  // Whether 16-byte stores of whole row segments are aligned for this output.
  static __device__ bool vector_ok(Strided const& dst) {
    constexpr int kChunk = 16 / sizeof(Element);
    return dst.ptr % 16 == 0 && dst.row_stride % kChunk == 0 && dst.head_stride % kChunk == 0 &&
           dst.batch_stride % kChunk == 0;
  }

  // The (kBlockN x d) tile in shared memory, row-major with its 16-byte chunks XOR-swizzled by
  // the row (chunk c of row r at c ^ (r % 8)): the 8 rows one warp writes at a time fall in
  // distinct banks.
  static __device__ int staged_offset(int row, int col) {
    return row * Traits::kHeadDim + (((col / 8) ^ (row % 8)) * 8) + col % 8;
  }

  template <class Frag, class Coords>
  static __device__ void stage(Element* staged, Frag const& acc, Coords const& coords) {
    CUTLASS_PRAGMA_UNROLL
    for (int i = 0; i < size(acc); ++i) staged[staged_offset(get<0>(coords(i)), get<1>(coords(i)))] = Element(acc(i));
  }

  static __device__ void store_staged(Strided const& dst, int head, WorkTile const& w, int seqlen_k,
                                      Element const* staged, int tid) {
    constexpr int kChunksPerRow = Traits::kHeadDim / 8;
    Element* base = reinterpret_cast<Element*>(dst.ptr) + w.batch * dst.batch_stride + head * dst.head_stride +
                    int64_t(w.n) * Traits::kBlockN * dst.row_stride;
    const int rows_left = seqlen_k - w.n * Traits::kBlockN;
    CUTLASS_PRAGMA_UNROLL
    for (int i = tid; i < Traits::kBlockN * kChunksPerRow; i += Traits::kMmaThreads) {
      const int row = i / kChunksPerRow, col = (i % kChunksPerRow) * 8;
      if (row < rows_left) {
        *reinterpret_cast<uint4*>(base + int64_t(row) * dst.row_stride + col) =
            *reinterpret_cast<uint4 const*>(staged + staged_offset(row, col));
      }
    }
  }

  template <class FragdK, class FragdV>
  static __device__ void run(BwdKernelParams<Traits> const& p, typename Traits::SharedStorage& smem, WorkTile const& w,
                             int tid, FragdK& tdKrdK, FragdV const& tdVrdV) {
    using cutlass::arch::NamedBarrier;
    typename Traits::TiledMmadKV mma;
    CUTLASS_PRAGMA_UNROLL
    for (int i = 0; i < size(tdKrdK); ++i) tdKrdK(i) *= p.softmax_scale;
    Tensor coords = mma.get_thread_slice(tid).partition_C(make_identity_tensor(Shape<BlockN, Dim>{}));
    if (p.dkv_fp32) {
      store<float>(p.dk, w.head, w, p.seqlen_k, tdKrdK, coords, mma, tid);
      store<float>(p.dv, w.head, w, p.seqlen_k, tdVrdV, coords, mma, tid);
    } else if (vector_ok(p.dk) && vector_ok(p.dv)) {
      static_assert(Traits::kBlockN * Traits::kHeadDim <= cosize_v<typename Traits::SmemLayoutQ> &&
                    Traits::kBlockN * Traits::kHeadDim <= cosize_v<typename Traits::SmemLayoutdO>,
                    "dK/dV tiles must fit in the Q/dO stage buffers");
      static_assert(Traits::kHeadDim % 64 == 0, "the swizzle needs 8 chunks of 16 bytes per row");
      // Every step ends with a dQ WGMMA waited to completion, so this warpgroup no longer reads
      // Q or dO; the barrier waits for the other one. (kDsReady is free after the main loop,
      // which both warpgroups left with the same number of arrivals on it.)
      NamedBarrier::arrive_and_wait(Traits::kMmaThreads, uint32_t(BwdBarrier::kDsReady));
      stage(smem.q.data(), tdKrdK, coords);
      stage(smem.dout.data(), tdVrdV, coords);
      NamedBarrier::arrive_and_wait(Traits::kMmaThreads, uint32_t(BwdBarrier::kDsReady));
      store_staged(p.dk, w.head_kv, w, p.seqlen_k, smem.q.data(), tid);
      store_staged(p.dv, w.head_kv, w, p.seqlen_k, smem.dout.data(), tid);
    } else {
      store<Element>(p.dk, w.head_kv, w, p.seqlen_k, tdKrdK, coords, mma, tid);
      store<Element>(p.dv, w.head_kv, w, p.seqlen_k, tdVrdV, coords, mma, tid);
    }
  }
};

}  // namespace dash
