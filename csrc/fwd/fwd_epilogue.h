// Forward epilogue: O (input dtype) and LSE (fp32, natural log) of one CTA tile.
//
// O goes straight from registers to global memory: each thread owns pairs of adjacent columns
// of two rows (4-byte stores, a quad covers 16 contiguous bytes of a row), predicated on
// row < seqlen_q. Staging O in shared memory for a TMA store would need a buffer: the only one
// free is Q's, and keeping Q's buffer busy until the store has read it would delay the next
// tile's Q load (persistent CTAs); there is no room for a separate one at d=128 (208 KiB used).
// O is 1/(2 * seqlen_k / d) of the kernel's traffic, so the simpler stores cost little.
// The LSE goes from the thread of each quad that owns a row.
#pragma once
#include <cute/tensor.hpp>
#include <cutlass/array.h>
#include <cutlass/cutlass.h>

#include "fwd/fwd_mainloop.h"

namespace dash::fwd_detail {

using namespace cute;

template <class Cfg, class Element>
struct FwdEpilogue {
  using Mainloop = FwdMainloop<Cfg, Element>;
  using TileQ = typename Mainloop::TileQ;
  using MmaPV = typename Mainloop::MmaPV;
  static constexpr int kHeadDim = Cfg::kHeadDim;
  static constexpr int kBlockM = Cfg::kBlockM;

  struct Params {
    Element* o;
    int64_t o_row, o_head, o_batch;  // element strides of out (batch, seqlen_q, heads, d)
    float* lse;                      // (batch, heads, seqlen_q)
  };

  static Params make_params(Element* o, int64_t o_row, int64_t o_head, int64_t o_batch, float* lse) {
    return Params{o, o_row, o_head, o_batch, lse};
  }

  // Called by all 128 threads of consumer warpgroup `wg` with its normalized O fragment.
  template <class TensorO, int kRows>
  CUTLASS_DEVICE static void store(Params const& p, TensorO const& tOrO, float const (&lse)[kRows],
                                   int wg, int m_block, int head, int batch, int seqlen_q, int heads) {
    const int tid = threadIdx.x % 128;
    Tensor rO = make_tensor_like<Element>(tOrO);
    convert_fragment(tOrO, rO);
    Tensor rO_rc = rowcol(rO);
    Tensor coord = rowcol(MmaPV{}.get_thread_slice(tid).partition_C(make_identity_tensor(TileQ{})));
    static_assert(decltype(size<1>(rO_rc))::value % 2 == 0);

    const int row_base = m_block * kBlockM + wg * Cfg::kRowsPerWG;
    Element* o = p.o + batch * p.o_batch + head * p.o_head;
    CUTLASS_PRAGMA_UNROLL
    for (int r = 0; r < kRows; ++r) {
      const int row = row_base + get<0>(coord(r, 0));
      if (row < seqlen_q) {
        Element* o_row = o + row * p.o_row;
        CUTLASS_PRAGMA_UNROLL
        for (int c = 0; c < size<1>(rO_rc); c += 2) {  // (c, c + 1): adjacent columns
          cutlass::AlignedArray<Element, 2> pair;
          pair[0] = rO_rc(r, c);
          pair[1] = rO_rc(r, c + 1);
          *reinterpret_cast<cutlass::AlignedArray<Element, 2>*>(o_row + get<1>(coord(r, c))) = pair;
        }
      }
    }
    if (tid % 4 == 0) {
      float* lse_row = p.lse + (int64_t(batch) * heads + head) * seqlen_q;
      CUTLASS_PRAGMA_UNROLL
      for (int r = 0; r < kRows; ++r) {
        const int row = row_base + get<0>(coord(r, 0));
        if (row < seqlen_q) lse_row[row] = lse[r];
      }
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
