// A tile of the input dtype on its way from an MMA fragment layout to global memory through
// shared memory, so that global memory sees whole 16-byte row segments instead of 2-byte stores
// scattered over 8 rows per warp (which ran at a quarter of the memory bandwidth: bench/NOTES.md,
// v5 and v6). Used by the dQ postprocess and the dK/dV epilogue.
#pragma once

#include <cstdint>

#include "common/strided.h"

namespace dash {

// Whether every row of `t` (base and strides) is 16-byte aligned for elements of `Element`.
template <class Element>
__host__ __device__ __forceinline__ bool rows_16b_aligned(Strided const& t) {
  constexpr int64_t kChunk = 16 / sizeof(Element);
  return t.ptr % 16 == 0 && t.row_stride % kChunk == 0 && t.head_stride % kChunk == 0 && t.batch_stride % kChunk == 0;
}

template <class Element, int kRows, int kHeadDim, int kThreads>
struct StagedTile {
  static constexpr int kChunk = 16 / int(sizeof(Element));  // elements per 16-byte store
  static constexpr int kChunksPerRow = kHeadDim / kChunk;
  static constexpr int kElems = kRows * kHeadDim;
  // Rows of 8, 16 or 32 chunks (hdim 64, 128, 256) are stored whole; others as column panels,
  // panel after panel, each row-major: of 8 chunks (hdim 192: 24 chunks), so that the swizzle is
  // one of address bits (the epilogue's CuTe layout needs that; rows of 24 chunks put the row's
  // bits nowhere), or of 4 (hdim 96: 12 chunks), since an XOR by row % 8 would take a chunk of
  // the last, partial group of 8 past the row's end.
  static constexpr bool kWholeRows = kChunksPerRow >= 8 && (kChunksPerRow & (kChunksPerRow - 1)) == 0;
  static constexpr int kSwizzle = kChunksPerRow % 8 == 0 ? 8 : 4;  // chunks permuted by row % kSwizzle
  static constexpr int kPanel = kWholeRows ? kHeadDim : kSwizzle * kChunk;  // elements per panel row
  static_assert(kChunksPerRow % kSwizzle == 0, "a row must be whole groups of 4 chunks of 16 bytes");

  // Row-major in each panel, the 16-byte chunks of row r XOR-swizzled by r % kSwizzle: the 8 rows
  // a warp writes at a time from a fragment layout fall in distinct banks (whole rows), or in
  // two rows per bank group (panels of 64 bytes).
  static __device__ __forceinline__ int offset(int row, int col) {
    if constexpr (kWholeRows) {
      return row * kHeadDim + (((col / kChunk) ^ (row % 8)) * kChunk) + col % kChunk;
    } else {
      const int panel = col / kPanel, c = col % kPanel;
      return panel * (kRows * kPanel) + row * kPanel + (((c / kChunk) ^ (row % kSwizzle)) * kChunk) + c % kChunk;
    }
  }

  // Rows [0, rows) of the staged tile to `base` (its row 0), as 16-byte row segments: needs
  // rows_16b_aligned.
  static __device__ __forceinline__ void store(Element* base, int64_t row_stride, int rows, Element const* staged,
                                               int tid) {
#pragma unroll
    for (int i = tid; i < kRows * kChunksPerRow; i += kThreads) {
      const int row = i / kChunksPerRow, col = (i % kChunksPerRow) * kChunk;
      if (row < rows) {
        *reinterpret_cast<uint4*>(base + int64_t(row) * row_stride + col) =
            *reinterpret_cast<uint4 const*>(staged + offset(row, col));
      }
    }
  }

  // The same, one element at a time, for rows that are not 16-byte aligned.
  static __device__ __forceinline__ void store_elements(Element* base, int64_t row_stride, int rows,
                                                        Element const* staged, int tid) {
    for (int i = tid; i < kRows * kHeadDim; i += kThreads) {
      const int row = i / kHeadDim, col = i % kHeadDim;
      if (row < rows) base[int64_t(row) * row_stride + col] = staged[offset(row, col)];
    }
  }
};

}  // namespace dash
