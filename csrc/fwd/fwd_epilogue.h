// Forward epilogue: O (input dtype) and LSE (fp32, natural log) of one CTA tile. Every CTA is
// persistent (fixed-length) or does one varlen tile, so O goes from registers straight to global
// memory, each thread storing pairs of adjacent columns of two rows (4-byte stores, a quad covers
// 16 contiguous bytes of a row), predicated on row < seqlen_q. sQ is never used for O, so the next
// tile's Q can be loaded as soon as the last QK GEMM of this tile has completed, under the last
// softmax, PV GEMM and this epilogue (there is no room for a separate O buffer at d=128). (Before
// causal CTAs were persistent, a CTA with one tile staged O in its sQ and stored it with TMA: 5-11%
// faster at causal 512-4k than register stores when the epilogue was exposed; bench/NOTES_fwd.md.)
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

  // Called by all 128 threads of consumer warpgroup `wg` with its normalized O fragment.
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
