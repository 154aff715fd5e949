// Forward epilogue: O (input dtype) and LSE (fp32, natural log) of one CTA tile.
//
// Each consumer warpgroup stages its 64 x d rows of O in its own Q tile of shared memory (free:
// its last QK GEMM has completed, and no other warpgroup reads it), with stmatrix, then one thread
// stores the tile with TMA, which clips rows past seqlen_q. The LSE goes straight from registers:
// one thread of each quad owns a row.
#pragma once
#include <cute/tensor.hpp>
#include <cutlass/cutlass.h>

#include "fwd/fwd_mainloop.h"

namespace dash::fwd_detail {

using namespace cute;

template <class Cfg, class Element>
struct FwdEpilogue {
  using Mainloop = FwdMainloop<Cfg, Element>;
  using SharedStorage = typename Mainloop::SharedStorage;
  using TileQ = typename Mainloop::TileQ;
  using GShape = typename Mainloop::GShape;
  using GLayout = typename Mainloop::GLayout;
  using MmaPV = typename Mainloop::MmaPV;
  static constexpr int kHeadDim = Cfg::kHeadDim;
  static constexpr int kNumWG = Cfg::kNumConsumerWG;
  static constexpr int kBlockM = Cfg::kBlockM;

  using TmaO = decltype(make_tma_copy(SM90_TMA_STORE{}, make_tensor(make_gmem_ptr(static_cast<Element*>(nullptr)), GLayout{}),
                                      typename Mainloop::SmemLayoutQTile{}, TileQ{}, _1{}));

  struct Params {
    TmaO tma_o;
    GShape shape_o;
    Element* o;  // for tiles that see no key at all (plain stores, no TMA)
    int64_t o_row, o_head, o_batch;
    float* lse;  // (batch, heads, seqlen_q)
  };

  static Params make_params(Element* o, int64_t o_row, int64_t o_head, int64_t o_batch, float* lse,
                            int seqlen_q, int heads, int batch) {
    GShape shape_o = make_shape(seqlen_q, kHeadDim, heads, batch);
    auto mO = make_tensor(make_gmem_ptr(o), make_layout(shape_o, make_stride(o_row, _1{}, o_head, o_batch)));
    return Params{make_tma_copy(SM90_TMA_STORE{}, mO, typename Mainloop::SmemLayoutQTile{}, TileQ{}, _1{}),
                  shape_o, o, o_row, o_head, o_batch, lse};
  }

  CUTLASS_DEVICE static void prefetch_descriptors(Params const& p) {
    cute::prefetch_tma_descriptor(p.tma_o.get_tma_descriptor());
  }

  // Called by all 128 threads of consumer warpgroup `wg` with its normalized O fragment.
  template <class TensorO, int kRows>
  CUTLASS_DEVICE static void store(Params const& p, SharedStorage& ss, TensorO const& tOrO,
                                   float const (&lse)[kRows], int wg, int m_block, int head,
                                   int batch, int seqlen_q, int heads) {
    const int tid = threadIdx.x % 128;
    MmaPV mma_pv;
    Tensor sO = make_tensor(make_smem_ptr(ss.q.data()), typename Mainloop::SmemLayoutQ{})(_, _, wg);

    Tensor rO = make_tensor_like<Element>(tOrO);
    convert_fragment(tOrO, rO);
    auto smem_copy = make_tiled_copy_C(Copy_Atom<SM90_U32x4_STSM_N, Element>{}, mma_pv);
    auto thr_copy = smem_copy.get_thread_slice(tid);
    Tensor src = thr_copy.retile_S(rO);
    Tensor dst = thr_copy.partition_D(sO);
    copy(smem_copy, src, dst);

    const int row_base = m_block * kBlockM + wg * Cfg::kRowsPerWG;
    Tensor coord = rowcol(mma_pv.get_thread_slice(tid).partition_C(make_identity_tensor(TileQ{})));
    if (tid % 4 == 0) {
      float* lse_row = p.lse + (int64_t(batch) * heads + head) * seqlen_q;
      CUTLASS_PRAGMA_UNROLL
      for (int r = 0; r < kRows; ++r) {
        const int row = row_base + get<0>(coord(r, 0));
        if (row < seqlen_q) lse_row[row] = lse[r];
      }
    }

    // Generic-proxy smem writes must be visible to the TMA (async proxy) before it reads them.
    tma_store_fence();
    named_sync(kEpilogueBarrier + wg, 128);
    if (tid == 0) {
      Tensor mO = p.tma_o.get_tma_tensor(p.shape_o);
      Tensor gO = local_tile(mO(_, _, head, batch), TileQ{}, make_coord(m_block * kNumWG + wg, _0{}));
      auto cta = p.tma_o.get_slice(_0{});
      copy(p.tma_o, cta.partition_S(sO), cta.partition_D(gO));
      tma_store_arrive();
      tma_store_wait<0>();  // the TMA has read sO: the producer may load the next Q there
      cutlass::arch::ClusterBarrier::arrive(reinterpret_cast<uint64_t*>(&ss.q_empty));
    }
  }

  // Rows of a tile that sees no key at all (causal with seqlen_q > seqlen_k): O = 0, LSE = -inf,
  // with plain stores. Called by the 128 threads of consumer warpgroup `wg` for its 64 rows.
  CUTLASS_DEVICE static void store_empty(Params const& p, int wg, int m_block, int head, int batch,
                                         int seqlen_q, int heads) {
    constexpr int kRows = Cfg::kRowsPerWG;
    constexpr int kVec = 16 / sizeof(Element);
    constexpr int kVecPerRow = kHeadDim / kVec;
    const int tid = threadIdx.x % 128;
    const int row0 = m_block * kBlockM + wg * kRows;
    Element* o = p.o + batch * p.o_batch + head * p.o_head;
    for (int i = tid; i < kRows * kVecPerRow; i += 128) {
      const int row = row0 + i / kVecPerRow;
      if (row < seqlen_q) {
        *reinterpret_cast<uint4*>(o + row * p.o_row + (i % kVecPerRow) * kVec) = make_uint4(0, 0, 0, 0);
      }
    }
    float* lse_row = p.lse + (int64_t(batch) * heads + head) * seqlen_q;
    if (tid < kRows && row0 + tid < seqlen_q) lse_row[row0 + tid] = -INFINITY;
  }
};

}  // namespace dash::fwd_detail
