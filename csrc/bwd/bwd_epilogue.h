// dK and dV out of registers: scaled, converted, and stored row-guarded to global memory,
// either in the input dtype (MHA: this CTA owns the rows) or in fp32 (GQA/MQA: one slice
// per q-head, summed over the group afterwards in a fixed order).
#pragma once

#include <cute/tensor.hpp>

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

  template <class FragdK, class FragdV>
  static __device__ void run(BwdKernelParams<Traits> const& p, WorkTile const& w, int tid, FragdK& tdKrdK,
                             FragdV const& tdVrdV) {
    typename Traits::TiledMmadKV mma;
    CUTLASS_PRAGMA_UNROLL
    for (int i = 0; i < size(tdKrdK); ++i) tdKrdK(i) *= p.softmax_scale;
    Tensor coords = mma.get_thread_slice(tid).partition_C(make_identity_tensor(Shape<BlockN, Dim>{}));
    if (p.dkv_fp32) {
      store<float>(p.dk, w.head, w, p.seqlen_k, tdKrdK, coords, mma, tid);
      store<float>(p.dv, w.head, w, p.seqlen_k, tdVrdV, coords, mma, tid);
    } else {
      store<Element>(p.dk, w.head_kv, w, p.seqlen_k, tdKrdK, coords, mma, tid);
      store<Element>(p.dv, w.head_kv, w, p.seqlen_k, tdVrdV, coords, mma, tid);
    }
  }
};

}  // namespace dash
