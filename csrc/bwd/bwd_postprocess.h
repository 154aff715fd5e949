// Backward postprocess: dQ = softmax_scale * dQaccum, converted to the input dtype. The
// accumulator tiles are in the main kernel's fragment order (see BwdTraits::SmemLayoutdQ), so
// thread t of this kernel reads the values that MMA thread t wrote (coalesced float4s) and puts
// each at the (row, column) that the same TiledMmadQ assigns to it, in a shared-memory tile
// that is then stored row by row.
#pragma once

#include <cute/tensor.hpp>

#include "bwd/bwd_params.h"
#include "bwd/bwd_traits.h"
#include "common/check.h"

namespace dash {

template <class Traits>
__global__ void __launch_bounds__(Traits::kMmaThreads) bwd_postprocess_kernel(BwdParams p) {
  using namespace cute;
  using Element = typename Traits::Element;
  constexpr int kBlockM = Traits::kBlockM, kHeadDim = Traits::kHeadDim, kThreads = Traits::kMmaThreads;
  // The tile is staged in shared memory so that the global stores are whole 16-byte rows
  // segments (a direct store from the fragment layout writes 2 bytes per thread, scattered over
  // 8 rows per warp, and ran at a quarter of the memory bandwidth). The row pitch is padded by
  // 8 elements: the 8 rows one warp writes at a time then fall in distinct banks.
  constexpr int kPitch = kHeadDim + 8;
  constexpr int kChunk = 16 / sizeof(Element);  // elements per 16-byte store
  __shared__ __align__(16) Element staged[kBlockM * kPitch];

  const int m_block = blockIdx.x, head = blockIdx.y, batch = blockIdx.z, tid = threadIdx.x;
  const int64_t tile = (int64_t(batch) * p.heads + head) * gridDim.x + m_block;
  const float4* acc = reinterpret_cast<const float4*>(reinterpret_cast<const float*>(p.dq_accum) +
                                                      tile * (kBlockM * kHeadDim)) + tid;
  typename Traits::TiledMmadQ mma;
  Tensor coords = mma.get_thread_slice(tid).partition_C(
      make_identity_tensor(Shape<typename Traits::BlockM, typename Traits::Dim>{}));
  static_assert(decltype(size(coords))::value == Traits::kDqValuesPerThread);
  CUTLASS_PRAGMA_UNROLL
  for (int c = 0; c < Traits::kDqChunks; ++c) {
    const float4 a = acc[c * kThreads];
    const float vals[4] = {a.x, a.y, a.z, a.w};
    CUTLASS_PRAGMA_UNROLL
    for (int j = 0; j < 4; ++j) {
      staged[get<0>(coords(4 * c + j)) * kPitch + get<1>(coords(4 * c + j))] = Element(vals[j] * p.softmax_scale);
    }
  }
  __syncthreads();

  Element* dq = p.dq.as<Element>() + batch * p.dq.batch_stride + head * p.dq.head_stride;
  const int rows = min(kBlockM, p.seqlen_q - m_block * kBlockM);
  // 16-byte stores need 16-byte aligned rows; a view with odd strides takes the element path.
  const bool vector_ok = p.dq.ptr % 16 == 0 && p.dq.row_stride % kChunk == 0 &&
                         p.dq.head_stride % kChunk == 0 && p.dq.batch_stride % kChunk == 0;
  if (vector_ok) {
    CUTLASS_PRAGMA_UNROLL
    for (int i = tid; i < kBlockM * kHeadDim / kChunk; i += kThreads) {
      const int r = i / (kHeadDim / kChunk), col = (i % (kHeadDim / kChunk)) * kChunk;
      if (r < rows) {
        *reinterpret_cast<uint4*>(dq + int64_t(m_block * kBlockM + r) * p.dq.row_stride + col) =
            *reinterpret_cast<const uint4*>(staged + r * kPitch + col);
      }
    }
  } else {
    for (int i = tid; i < kBlockM * kHeadDim; i += kThreads) {
      const int r = i / kHeadDim, col = i % kHeadDim;
      if (r < rows) dq[int64_t(m_block * kBlockM + r) * p.dq.row_stride + col] = staged[r * kPitch + col];
    }
  }
}

template <class Traits>
void run_bwd_postprocess(const BwdParams& p, cudaStream_t stream) {
  dim3 grid((p.seqlen_q + Traits::kBlockM - 1) / Traits::kBlockM, p.heads, p.batch);
  bwd_postprocess_kernel<Traits><<<grid, Traits::kMmaThreads, 0, stream>>>(p);
  DASH_CHECK_LAUNCH();
}

}  // namespace dash
