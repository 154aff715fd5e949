// Backward postprocess: dQ = softmax_scale * dQaccum, converted to the input dtype. The
// accumulator tiles are in the main kernel's fragment order (see BwdTraits::dq_chunk_offset), so
// thread t of this kernel reads the values that MMA thread t wrote (coalesced float4s) and puts
// each at the (row, column) that the same TiledMmadQ assigns to it, in a StagedTile that is then
// stored row by row.
#pragma once

#include <cute/tensor.hpp>

#include "bwd/bwd_grid.h"
#include "bwd/bwd_params.h"
#include "bwd/bwd_staged_tile.h"
#include "bwd/bwd_traits.h"
#include "common/check.h"

namespace dash {

template <class Traits>
__global__ void __launch_bounds__(Traits::kMmaThreads) bwd_postprocess_kernel(BwdParams p) {
  using namespace cute;
  using Element = typename Traits::Element;
  constexpr int kBlockM = Traits::kBlockM, kHeadDim = Traits::kHeadDim, kThreads = Traits::kMmaThreads;
  using Tile = StagedTile<Element, kBlockM, kHeadDim, kThreads>;
  __shared__ __align__(16) Element staged[Tile::kElems];

  const int num_m_blocks = (p.seqlen_q + kBlockM - 1) / kBlockM;
  const GridTile g = unfold_grid_x(num_m_blocks, p.heads);
  const int m_block = g.tile, head = g.head, batch = g.batch, tid = threadIdx.x;
  const int64_t tile = (int64_t(batch) * p.heads + head) * num_m_blocks + m_block;
  const float4* acc = reinterpret_cast<const float4*>(reinterpret_cast<const float*>(p.dq_accum) +
                                                      tile * (kBlockM * kHeadDim));
  typename Traits::TiledMmadQ mma;
  Tensor coords = mma.get_thread_slice(tid).partition_C(make_identity_tensor(typename Traits::DqShape{}));
  static_assert(decltype(size(coords))::value == Traits::kDqValuesPerThread);
  CUTLASS_PRAGMA_UNROLL
  for (int c = 0; c < Traits::kDqChunks; ++c) {
    const float4 a = acc[Traits::dq_chunk_offset(tid, c)];
    const float vals[4] = {a.x, a.y, a.z, a.w};
    CUTLASS_PRAGMA_UNROLL
    for (int j = 0; j < 4; ++j) {
      const auto mn = coords(4 * c + j);  // (row, column) of dQ, or of dQ^T
      const int row = Traits::kDqTransposed ? get<1>(mn) : get<0>(mn);
      const int col = Traits::kDqTransposed ? get<0>(mn) : get<1>(mn);
      staged[Tile::offset(row, col)] = Element(vals[j] * p.softmax_scale);
    }
  }
  __syncthreads();

  Element* dq = p.dq.as<Element>() + batch * p.dq.batch_stride + head * p.dq.head_stride +
                int64_t(m_block) * kBlockM * p.dq.row_stride;
  const int rows = min(kBlockM, p.seqlen_q - m_block * kBlockM);
  // dq may be a caller's view with rows that are not 16-byte aligned.
  if (rows_16b_aligned<Element>(p.dq)) {
    Tile::store(dq, p.dq.row_stride, rows, staged, tid);
  } else {
    Tile::store_elements(dq, p.dq.row_stride, rows, staged, tid);
  }
}

template <class Traits>
void run_bwd_postprocess(const BwdParams& p, cudaStream_t stream) {
  dim3 grid(folded_grid_x((p.seqlen_q + Traits::kBlockM - 1) / Traits::kBlockM, p.heads, p.batch));
  bwd_postprocess_kernel<Traits><<<grid, Traits::kMmaThreads, 0, stream>>>(p);
  DASH_CHECK_LAUNCH();
}

}  // namespace dash
