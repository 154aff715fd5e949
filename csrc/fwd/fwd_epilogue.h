// Forward epilogue: O (input dtype) and LSE (fp32, natural log) of one CTA tile, two ways:
//
//  * kStoreOViaSmem (one tile per CTA): each consumer warpgroup stages its 64 x d rows of O in
//    its own Q tile of shared memory (free once its last QK GEMM has completed; no later tile
//    loads Q there) with stmatrix, and one thread stores the tile with a TMA bulk copy, which
//    clips rows past seqlen_q. At the end of a CTA the epilogue is exposed, and this is the
//    faster way out (measured: causal 512-4k 5-11% faster than register stores, H100).
//  * otherwise (persistent CTAs): O goes from registers straight to global memory, each thread
//    storing pairs of adjacent columns of two rows (4-byte stores, a quad covers 16 contiguous
//    bytes of a row), predicated on row < seqlen_q. sQ is then never used for O, so the next
//    tile's Q can be loaded as soon as the last QK GEMM of this tile has completed, under the
//    last softmax, PV GEMM and this epilogue (there is no room for a separate O buffer at d=128).
//
// The LSE goes from the thread of each quad that owns a row.
//
// Varlen (packed) batches store the second way, row by row, with the sequence's rows
// (store_packed*): out is (total_q, heads, d) and lse (heads, total_q), as FA3's; a tile writes
// rows of its own sequence only, and those past seqused_q (padding) get O = 0 and LSE = -inf.
// They are functions of their own, beside the fixed-length ones, so that the fixed-length
// instances compile to the same code as before varlen existed.
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
  using SharedStorage = typename Mainloop::SharedStorage;
  using TileQ = typename Mainloop::TileQ;
  using GShape = typename Mainloop::GShape;
  using GLayout = typename Mainloop::GLayout;
  using MmaPV = typename Mainloop::MmaPV;
  static constexpr int kHeadDim = Cfg::kHeadDim;
  static constexpr int kNumWG = Cfg::kNumConsumerWG;
  static constexpr int kBlockM = Cfg::kBlockM;
  static constexpr bool kStoreOViaSmem = Cfg::kStoreOViaSmem;
  // Staging O in sQ would race with the early load of the next tile's Q.
  static_assert(!(kStoreOViaSmem && Cfg::kPersistent), "O staged in sQ needs one tile per CTA");
  // A TMA store clips only at the end of the packed tensor: it would overwrite the next sequence.
  static_assert(!(kStoreOViaSmem && Cfg::kVarlen), "varlen stores O from registers, row by row");

  using TmaO = decltype(make_tma_copy(SM90_TMA_STORE{}, make_tensor(make_gmem_ptr(static_cast<Element*>(nullptr)), GLayout{}),
                                      typename Mainloop::SmemLayoutQTile{}, TileQ{}, _1{}));

  struct Params {
    TmaO tma_o;  // used when kStoreOViaSmem
    GShape shape_o;
    Element* o;
    int64_t o_row, o_head, o_batch;  // element strides of out (batch, seqlen_q, heads, d)
    float* lse;                      // (batch, heads, seqlen_q)
  };

  static Params make_params(Element* o, int64_t o_row, int64_t o_head, int64_t o_batch, float* lse,
                            int seqlen_q, int heads, int batch) {
    GShape shape_o = make_shape(seqlen_q, kHeadDim, heads, batch);
    auto mO = make_tensor(make_gmem_ptr(o), make_layout(shape_o, make_stride(o_row, _1{}, o_head, o_batch)));
    return Params{make_tma_copy(SM90_TMA_STORE{}, mO, typename Mainloop::SmemLayoutQTile{}, TileQ{}, _1{}),
                  shape_o, o, o_row, o_head, o_batch, lse};
  }

  CUTLASS_DEVICE static void prefetch_descriptors(Params const& p) {
    if constexpr (kStoreOViaSmem) cute::prefetch_tma_descriptor(p.tma_o.get_tma_descriptor());
  }

  // Called by all 128 threads of consumer warpgroup `wg` with its normalized O fragment.
  template <class TensorO, int kRows>
  CUTLASS_DEVICE static void store(Params const& p, SharedStorage& ss, TensorO const& tOrO,
                                   float const (&lse)[kRows], int wg, int m_block, int head,
                                   int batch, int seqlen_q, int heads) {
    if constexpr (kStoreOViaSmem) {
      store_via_smem(p, ss, tOrO, lse, wg, m_block, head, batch, seqlen_q, heads);
    } else {
      store_from_registers(p, tOrO, lse, wg, m_block, head, batch, seqlen_q, heads);
    }
  }

  // The LSE of the rows this thread's quad owns, from the quad's first thread.
  template <int kRows, class Coord>
  CUTLASS_DEVICE static void store_lse(Params const& p, float const (&lse)[kRows], Coord const& coord, int row_base,
                                       int head, int batch, int seqlen_q, int heads, int tid) {
    if (tid % 4 != 0) return;
    float* lse_row = p.lse + (int64_t(batch) * heads + head) * seqlen_q;
    CUTLASS_PRAGMA_UNROLL
    for (int r = 0; r < kRows; ++r) {
      const int row = row_base + get<0>(coord(r, 0));
      if (row < seqlen_q) lse_row[row] = lse[r];
    }
  }

  template <class TensorO, int kRows>
  CUTLASS_DEVICE static void store_via_smem(Params const& p, SharedStorage& ss, TensorO const& tOrO,
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
    store_lse(p, lse, coord, row_base, head, batch, seqlen_q, heads, tid);

    // Generic-proxy smem writes must be visible to the TMA (async proxy) before it reads them.
    tma_store_fence();
    named_sync(kEpilogueBarrier + wg, 128);
    if (tid == 0) {
      Tensor mO = p.tma_o.get_tma_tensor(p.shape_o);
      Tensor gO = local_tile(mO(_, _, head, batch), TileQ{}, make_coord(m_block * kNumWG + wg, _0{}));
      auto cta = p.tma_o.get_slice(_0{});
      copy(p.tma_o, cta.partition_S(sO), cta.partition_D(gO));
      tma_store_arrive();
      tma_store_wait<0>();  // smem must stay valid until the TMA has read it
    }
  }

  template <class TensorO, int kRows>
  CUTLASS_DEVICE static void store_from_registers(Params const& p, TensorO const& tOrO,
                                                  float const (&lse)[kRows], int wg, int m_block,
                                                  int head, int batch, int seqlen_q, int heads) {
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
    store_lse(p, lse, coord, row_base, head, batch, seqlen_q, heads, tid);
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

  // ---- Varlen (packed) batches: the stores of one sequence's rows.

  // Where a sequence's rows go in the packed out (total_q, heads, d) and lse (heads, total_q).
  struct PackedRows {
    int begin;  // the sequence's first row in out and lse
    int used;   // rows [0, used) get results, rows [used, owned) O = 0 and LSE = -inf
    int owned;
    int total;  // total_q: lse's head stride
  };

  // store_from_registers for a packed batch: the rows of `rows` only; padding rows as zeros.
  template <class TensorO, int kRows>
  CUTLASS_DEVICE static void store_packed(Params const& p, TensorO const& tOrO, float const (&lse)[kRows], int wg,
                                          int m_block, int head, PackedRows const& rows) {
    static_assert(Cfg::kVarlen);
    const int tid = threadIdx.x % 128;
    Tensor rO = make_tensor_like<Element>(tOrO);
    convert_fragment(tOrO, rO);
    Tensor rO_rc = rowcol(rO);
    Tensor coord = rowcol(MmaPV{}.get_thread_slice(tid).partition_C(make_identity_tensor(TileQ{})));
    static_assert(decltype(size<1>(rO_rc))::value % 2 == 0);

    const int row_base = m_block * kBlockM + wg * Cfg::kRowsPerWG;
    Element* o = p.o + int64_t(rows.begin) * p.o_row + head * p.o_head;
    float* lse_row = p.lse + int64_t(head) * rows.total + rows.begin;
    CUTLASS_PRAGMA_UNROLL
    for (int r = 0; r < kRows; ++r) {
      const int row = row_base + get<0>(coord(r, 0));
      if (row < rows.owned) {
        const bool padding = row >= rows.used;  // its O was computed from padding queries
        Element* o_row = o + row * p.o_row;
        CUTLASS_PRAGMA_UNROLL
        for (int c = 0; c < size<1>(rO_rc); c += 2) {  // (c, c + 1): adjacent columns
          cutlass::AlignedArray<Element, 2> pair;
          pair[0] = padding ? Element(0.f) : rO_rc(r, c);
          pair[1] = padding ? Element(0.f) : rO_rc(r, c + 1);
          *reinterpret_cast<cutlass::AlignedArray<Element, 2>*>(o_row + get<1>(coord(r, c))) = pair;
        }
        if (tid % 4 == 0) lse_row[row] = padding ? -INFINITY : lse[r];  // the quad's first thread
      }
    }
  }

  // store_empty for a packed batch: rows of `rows` only.
  CUTLASS_DEVICE static void store_packed_empty(Params const& p, int wg, int m_block, int head,
                                                PackedRows const& rows) {
    static_assert(Cfg::kVarlen);
    constexpr int kRows = Cfg::kRowsPerWG;
    constexpr int kVec = 16 / sizeof(Element);
    constexpr int kVecPerRow = kHeadDim / kVec;
    const int tid = threadIdx.x % 128;
    const int row0 = m_block * kBlockM + wg * kRows;
    Element* o = p.o + int64_t(rows.begin) * p.o_row + head * p.o_head;
    for (int i = tid; i < kRows * kVecPerRow; i += 128) {
      const int row = row0 + i / kVecPerRow;
      if (row < rows.owned) {
        *reinterpret_cast<uint4*>(o + row * p.o_row + (i % kVecPerRow) * kVec) = make_uint4(0, 0, 0, 0);
      }
    }
    float* lse_row = p.lse + int64_t(head) * rows.total + rows.begin;
    if (tid < kRows && row0 + tid < rows.owned) lse_row[row0 + tid] = -INFINITY;
  }
};

}  // namespace dash::fwd_detail
