// Forward epilogue: O (input dtype) and LSE (fp32, natural log) of one CTA tile. Every CTA is
// persistent, and O never goes through sQ, so the next
// tile's Q can be loaded as soon as the last QK GEMM of this tile has completed, under the last
// softmax, PV GEMM and this epilogue. (Before causal CTAs were persistent, a CTA with one tile
// staged O in its sQ and stored it with TMA: 5-11% faster at causal 512-4k than register stores
// when the epilogue was exposed; bench/NOTES_fwd.md.) Two ways out, by FwdConfig::kStoreOThroughSmem:
//  * through a 2 KiB buffer of each consumer warp (store_through_smem), where shared memory has
//    room for them beside Q and the K/V stages: 16-byte stores of whole 128-byte row slices;
//  * from registers (store_from_registers), each thread storing pairs of adjacent columns of two
//    rows (4-byte stores, a quad covers 16 contiguous bytes of a row). Both predicate on
//    row < seqlen_q.
//
// The LSE goes from the thread of each quad that owns a row.
//
// Varlen (packed) batches store either way with the sequence's rows (store_packed*): out is
// (total_q, heads, d) and lse (heads, total_q), as FA3's; a tile writes rows of its own sequence
// only, and those past seqused_q (padding) get O = 0 and LSE = -inf. The row rule is a parameter
// of the shared O path (store_o_through_smem's kPaddingRows), so that the fixed-length instances
// compile to the same instructions as before (session 54: the operands of four IADD3s swapped).
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

  // Cfg::kStoreOThroughSmem: what store_from_registers does, through this warp's 16 x 64 buffer in
  // shared memory (`staging`: 2 KiB a warp), 64 columns of the warp's 16 rows at a time (O; the LSE
  // as from registers, store_lse).
  template <class TensorO, int kRows>
  CUTLASS_DEVICE static void store_through_smem(Params const& p, TensorO const& tOrO, float const (&lse)[kRows],
                                                Element* staging, int wg, int m_block, int head, int batch,
                                                int seqlen_q, int heads) {
    store_o_through_smem<false>(p, tOrO, staging, wg, m_block, [&] { return p.o + batch * p.o_batch + head * p.o_head; },
                                seqlen_q, seqlen_q);
    const int tid = threadIdx.x % 128;
    Tensor coord = rowcol(MmaPV{}.get_thread_slice(tid).partition_C(make_identity_tensor(TileQ{})));
    store_lse(p, lse, coord, m_block * kBlockM + wg * Cfg::kRowsPerWG, head, batch, seqlen_q, heads, tid);
  }

  // O of store_through_smem: rows [0, written) of the head's rows (`o_rows()`: its row 0, a callable
  // so that the address is computed where it always was, after the conversion: the fixed-length
  // instances then keep their instructions and their order; a pointer argument moved their
  // epilogue's schedule), those from
  // `used` on as zeros where kPaddingRows (a packed sequence's padding past seqused_q). stmatrix
  // writes the fragment's 8 x 8 blocks of 16-bit pairs (each lane gives the address of one row of a
  // block); the lanes read the slice back in 16-byte pieces, 8 lanes to a row's 128 bytes, and store
  // those: one store instruction of a warp writes 4 rows' whole slices, where the register stores
  // half filled 8 sectors. Rows of 128 bytes put piece k of every row in the same banks, so piece k
  // of row r is kept at k ^ (r % 8): stmatrix's 8 rows and the reads' 8 pieces then take distinct
  // banks. The accumulator gives a warp 16 rows of its own, so each warp reads back only what it
  // wrote: __syncwarp orders its writes and reads, and no other warp touches its buffer.
  template <bool kPaddingRows, class TensorO, class RowsAt>
  CUTLASS_DEVICE static void store_o_through_smem(Params const& p, TensorO const& tOrO, Element* staging, int wg,
                                                  int m_block, RowsAt const& o_rows, int written, int used) {
    static_assert(Cfg::kStoreOThroughSmem && sizeof(Element) == 2);
    constexpr int kSliceCols = Cfg::kOStagingCols;  // 128 bytes: 8 pieces of 16 bytes
    constexpr int kPieces = kSliceCols / 8;
    static_assert(kHeadDim % kSliceCols == 0 && kPieces == 8 && Cfg::kOStagingRows == 16);
    const int tid = threadIdx.x % 128;
    const int lane = tid % 32, warp = tid / 32;
    Tensor rO = make_tensor_like<Element>(tOrO);
    convert_fragment(tOrO, rO);
    // The fragment in 32-bit words: word 2j + h holds row lane / 4 + 8h of the warp's 16, columns
    // 8j + 2 (lane % 4) and the one after (the accumulator's order: column pair, row, 8-column block).
    Tensor words = recast<uint32_t>(rO);
    static_assert(decltype(size(words))::value == kHeadDim / 4);
    const uint32_t buffer = cute::cast_smem_ptr_to_uint(staging + (wg * 4 + warp) * Cfg::kOStagingRows * kSliceCols);
    auto piece_at = [&](int row, int piece) { return buffer + row * 128 + (piece ^ (row % 8)) * 16; };
    // Lane L stores piece L % 8 of rows 4i + L / 8 of the warp's 16 (i < 4) in each slice.
    const int lane_row = m_block * kBlockM + wg * Cfg::kRowsPerWG + warp * 16 + lane / 8;
    Element* o_lane = o_rows() + lane_row * p.o_row + (lane % 8) * 8;
    CUTLASS_PRAGMA_UNROLL
    for (int slice = 0; slice < kHeadDim / kSliceCols; ++slice) {
      // stmatrix .x4 of the slice's blocks j and j + 1 (rows 0-7 and 8-15 of each): lane L gives
      // the address of row L % 16 of block j + L / 16.
      CUTLASS_PRAGMA_UNROLL
      for (int j = 0; j < kPieces; j += 2) {
        const int w = 2 * (slice * kPieces + j);
        asm volatile("stmatrix.sync.aligned.x4.m8n8.shared.b16 [%0], {%1, %2, %3, %4};\n" ::"r"(
                         piece_at(lane % 16, j + lane / 16)),
                     "r"(words(w)), "r"(words(w + 1)), "r"(words(w + 2)), "r"(words(w + 3))
                     : "memory");
      }
      __syncwarp();
      uint32_t piece[4][4];
      CUTLASS_PRAGMA_UNROLL
      for (int i = 0; i < 4; ++i) {
        asm volatile("ld.shared.v4.b32 {%0, %1, %2, %3}, [%4];\n"
                     : "=r"(piece[i][0]), "=r"(piece[i][1]), "=r"(piece[i][2]), "=r"(piece[i][3])
                     : "r"(piece_at(4 * i + lane / 8, lane % 8))
                     : "memory");
      }
      __syncwarp();  // the whole slice read before the next one overwrites the buffer
      CUTLASS_PRAGMA_UNROLL
      for (int i = 0; i < 4; ++i) {
        if (lane_row + 4 * i < written) {
          if (kPaddingRows && lane_row + 4 * i >= used) {  // its O was computed from padding queries
            piece[i][0] = piece[i][1] = piece[i][2] = piece[i][3] = 0u;
          }
          Element* dst = o_lane + 4 * i * p.o_row + slice * kSliceCols;
          asm volatile("st.global.v4.b32 [%0], {%1, %2, %3, %4};\n" ::"l"(dst), "r"(piece[i][0]), "r"(piece[i][1]),
                       "r"(piece[i][2]), "r"(piece[i][3])
                       : "memory");
        }
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

  // ---- Varlen (packed) batches: the stores of one sequence's rows.

  // Where a sequence's rows go in the packed out (total_q, heads, d) and lse (heads, total_q).
  struct PackedRows {
    int begin;  // the sequence's first row in out and lse
    int used;   // rows [0, used) get results, rows [used, owned) O = 0 and LSE = -inf
    int owned;
    int total;  // total_q: lse's head stride
  };

  // The LSE of a packed tile's rows (`coord`: the thread's accumulator coordinates): rows of
  // `rows` only, padding rows as -inf; from the quad's first thread.
  template <int kRows, class Coord>
  CUTLASS_DEVICE static void store_packed_lse(Params const& p, float const (&lse)[kRows], Coord const& coord,
                                              int row_base, int head, PackedRows const& rows, int tid) {
    if (tid % 4 != 0) return;
    float* lse_row = p.lse + int64_t(head) * rows.total + rows.begin;
    CUTLASS_PRAGMA_UNROLL
    for (int r = 0; r < kRows; ++r) {
      const int row = row_base + get<0>(coord(r, 0));
      if (row < rows.owned) lse_row[row] = row >= rows.used ? -INFINITY : lse[r];
    }
  }

  // store_through_smem for a packed batch (Cfg::kStoreOThroughSmem): the rows of `rows` only;
  // padding rows as zeros.
  template <class TensorO, int kRows>
  CUTLASS_DEVICE static void store_packed_through_smem(Params const& p, TensorO const& tOrO, float const (&lse)[kRows],
                                                       Element* staging, int wg, int m_block, int head,
                                                       PackedRows const& rows) {
    static_assert(Cfg::kVarlen);
    store_o_through_smem<true>(p, tOrO, staging, wg, m_block,
                               [&] { return p.o + int64_t(rows.begin) * p.o_row + head * p.o_head; }, rows.owned,
                               rows.used);
    const int tid = threadIdx.x % 128;
    Tensor coord = rowcol(MmaPV{}.get_thread_slice(tid).partition_C(make_identity_tensor(TileQ{})));
    store_packed_lse(p, lse, coord, m_block * kBlockM + wg * Cfg::kRowsPerWG, head, rows, tid);
  }

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
      }
    }
    store_packed_lse(p, lse, coord, row_base, head, rows, tid);
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
