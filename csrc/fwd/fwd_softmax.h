// Online softmax and masking on WGMMA accumulator fragments (part of the mainloop).
//
// A consumer thread holds, of a 64 x N accumulator, two rows (r and r + 8 of its warp's 16) and
// N/4 columns of each. The four threads of a quad share those rows, so row reductions are a
// thread-local pass plus two xor-shuffles: a fixed order, hence bitwise reproducible results.
// Everything is fp32; exponentials are exp2 of one FFMA (s * scale*log2(e) - max * scale*log2(e)).
#pragma once
#include "common/band.h"
#include "common/fast_math.h"
#include <cmath>

#include <cute/tensor.hpp>
#include <cutlass/cutlass.h>

namespace dash::fwd_detail {

using namespace cute;

// ((2, 2, V), MMA_M, MMA_N) accumulator layout -> ((2, MMA_M), (2, V, MMA_N)) = (rows, cols).
template <class Layout>
CUTE_HOST_DEVICE constexpr auto acc_rowcol(Layout const& l) {
  auto l0 = get<0>(l);
  return make_layout(make_layout(get<1>(l0), get<1>(l)),
                     make_layout(get<0>(l0), get<2>(l0), get<2>(l)));
}

template <class Tensor_>
CUTE_HOST_DEVICE auto rowcol(Tensor_&& t) {
  return make_tensor(t.data(), acc_rowcol(t.layout()));
}

// Sets S to -inf where a key may not be seen: key >= seqlen_k, or (banded instances) outside
// the band (common/band.h): key > row + Sk - Sq + right or key < row + Sk - Sq - left.
// s and coord are (rows, cols) views of a fragment and of its identity (row, col) coordinates.
// kCausal alone: the band (-1, 0) at compile time; kWindow: `band`'s runtime bounds.
template <bool kCausal, bool kWindow, class TS, class TC>
CUTLASS_DEVICE void apply_mask(TS& s, TC const& coord, Band band, int row_base, int col_base, int seqlen_q,
                               int seqlen_k) {
  CUTLASS_PRAGMA_UNROLL
  for (int r = 0; r < size<0>(s); ++r) {
    int limit = seqlen_k, first = 0;  // keys [first, limit) of this row
    if constexpr (kWindow) {
      const int j = row_base + get<0>(coord(r, 0)) + seqlen_k - seqlen_q;  // the row's diagonal key
      if (band.right >= 0) limit = min(limit, j + band.right + 1);
      if (band.left >= 0) first = j - band.left;
    } else if constexpr (kCausal) {
      const int row = row_base + get<0>(coord(r, 0));
      limit = min(limit, row + seqlen_k - seqlen_q + 1);
    }
    limit -= col_base;
    first -= col_base;
    CUTLASS_PRAGMA_UNROLL
    for (int c = 0; c < size<1>(s); ++c) {
      const int col = get<1>(coord(r, c));
      if (col >= limit || (kWindow && col < first)) s(r, c) = -INFINITY;
    }
  }
}

template <int kRows>
struct OnlineSoftmax {
  float row_max[kRows];  // running max of raw scores (unscaled); -inf while a row saw no key
  float row_sum[kRows];  // this thread's partial sum; the quad reduction waits for finalize()
  float scale_log2;

  CUTLASS_DEVICE explicit OnlineSoftmax(float scale_log2_) : scale_log2(scale_log2_) {
    CUTLASS_PRAGMA_UNROLL
    for (int r = 0; r < kRows; ++r) { row_max[r] = -INFINITY; row_sum[r] = 0.f; }
  }

  // Row r's new maximum (over the running one and s's row), the factor that rescales what was
  // accumulated so far (`scale`, 0 or 1 on the first tile) and the exponent offset of its
  // scores (`mx_scaled`).
  template <class TS>
  CUTLASS_DEVICE void update_row_max(TS const& s, int r, float& scale, float& mx_scaled) {
    constexpr int kCols = decltype(size<1>(s))::value;
    static_assert(kCols % 4 == 0);
    // Four independent max chains: shorter dependency than one serial chain.
    float m[4] = {row_max[r], s(r, 0), s(r, 1), s(r, 2)};
    m[0] = fmaxf(m[0], s(r, 3));
    CUTLASS_PRAGMA_UNROLL
    for (int c = 4; c < kCols; ++c) m[c % 4] = fmaxf(m[c % 4], s(r, c));
    float mx = fmaxf(fmaxf(m[0], m[1]), fmaxf(m[2], m[3]));
    mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, 1));
    mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, 2));
    // A row that has seen no key yet keeps max = -inf; use 0 as its offset so that
    // exp2(-inf - 0) = 0 instead of exp2(-inf + inf) = NaN.
    mx_scaled = mx == -INFINITY ? 0.f : mx * scale_log2;
    scale = exp2_approx(row_max[r] * scale_log2 - mx_scaled);
    row_max[r] = mx;
  }

  // Row r's exponentials of the columns from kFirstCol on (those before it are done; with
  // kArgsDone, s holds their exponent arguments already), and its running sum over all of them,
  // in column order.
  template <int kFirstCol, bool kArgsDone = false, class TS>
  CUTLASS_DEVICE void exponentials_and_sum(TS& s, int r, float scale, float mx_scaled) {
    constexpr int kCols = decltype(size<1>(s))::value;
    static_assert(kCols >= 4);
    float sum[4];
    CUTLASS_PRAGMA_UNROLL
    for (int c = 0; c < kCols; ++c) {
      if (c >= kFirstCol) s(r, c) = exp2_approx(kArgsDone ? s(r, c) : fmaf(s(r, c), scale_log2, -mx_scaled));
      // Each partial sum starts at its first column rather than at 0.f: the same bits (an
      // exponential is never -0, the one value for which 0.f + x differs from x), and no FADDs
      // ptxas must keep for that case.
      sum[c % 4] = c < 4 ? s(r, c) : sum[c % 4] + s(r, c);
    }
    row_sum[r] = fmaf(row_sum[r], scale, (sum[0] + sum[1]) + (sum[2] + sum[3]));
  }

  // Turns the scores of one KV tile into unnormalized probabilities in place and returns, per row,
  // the factor that rescales what was accumulated so far (0 or 1 on the first tile).
  template <class TS>
  CUTLASS_DEVICE void step(TS& s, float (&scale)[kRows]) {
    CUTLASS_PRAGMA_UNROLL
    for (int r = 0; r < kRows; ++r) {
      float mx_scaled;
      update_row_max(s, r, scale[r], mx_scaled);
      exponentials_and_sum<0>(s, r, scale[r], mx_scaled);
    }
  }

  // step() in two parts, so that the mainloop can wait for the previous PV GEMM between them
  // (FwdConfig::kEarlyExpCols): step_begin takes the row maxima and the exponentials of the first
  // kEarlyCols columns (of s's (rows, cols) view), step_end the others and the row sums. With
  // kAllArgs (FwdConfig::kExpArgsBeforeWait), step_begin also leaves every other column's
  // exponent argument in s, and step_end takes only their exponentials. The same bits as step()
  // (the same FFMAs and exponentials, summed in the same order).
  template <int kEarlyCols, bool kAllArgs, class TS>
  CUTLASS_DEVICE void step_begin(TS& s, float (&scale)[kRows], float (&mx_scaled)[kRows]) {
    constexpr int kCols = decltype(size<1>(s))::value;
    static_assert(kEarlyCols <= kCols);
    CUTLASS_PRAGMA_UNROLL
    for (int r = 0; r < kRows; ++r) update_row_max(s, r, scale[r], mx_scaled[r]);
    CUTLASS_PRAGMA_UNROLL
    for (int r = 0; r < kRows; ++r) {
      CUTLASS_PRAGMA_UNROLL
      for (int c = 0; c < (kAllArgs ? kCols : kEarlyCols); ++c) {
        const float arg = fmaf(s(r, c), scale_log2, -mx_scaled[r]);
        s(r, c) = c < kEarlyCols ? exp2_approx(arg) : arg;
      }
    }
  }

  template <int kEarlyCols, bool kAllArgs, class TS>
  CUTLASS_DEVICE void step_end(TS& s, float const (&scale)[kRows], float const (&mx_scaled)[kRows]) {
    CUTLASS_PRAGMA_UNROLL
    for (int r = 0; r < kRows; ++r) exponentials_and_sum<kEarlyCols, kAllArgs>(s, r, scale[r], mx_scaled[r]);
  }

  template <class TO>
  CUTLASS_DEVICE void rescale(TO& o, float const (&scale)[kRows]) {
    CUTLASS_PRAGMA_UNROLL
    for (int r = 0; r < kRows; ++r) {
      CUTLASS_PRAGMA_UNROLL
      for (int c = 0; c < size<1>(o); ++c) o(r, c) *= scale[r];
    }
  }

  // Normalizes O and returns the natural-log LSE of each row (-inf for rows that saw no key;
  // their O is 0).
  template <class TO>
  CUTLASS_DEVICE void finalize(TO& o, float softmax_scale, float (&lse)[kRows]) {
    CUTLASS_PRAGMA_UNROLL
    for (int r = 0; r < kRows; ++r) {
      float sum = row_sum[r];
      sum += __shfl_xor_sync(0xffffffffu, sum, 1);
      sum += __shfl_xor_sync(0xffffffffu, sum, 2);
      const bool empty = sum == 0.f;
      const float inv = empty ? 0.f : 1.f / sum;
      lse[r] = empty ? -INFINITY : row_max[r] * softmax_scale + logf(sum);
      CUTLASS_PRAGMA_UNROLL
      for (int c = 0; c < size<1>(o); ++c) o(r, c) *= inv;
    }
  }
};

}  // namespace dash::fwd_detail
