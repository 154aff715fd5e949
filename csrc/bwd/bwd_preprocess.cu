// Backward preprocess, the memory-bound kernel before the main kernel: D = rowsum(dO * O), LSE
// in base 2, the zeroed dQ accumulator (atomic path only), ticket counters and the main kernel's
// claim counter; for packed batches also the main kernel's table of CTAs (bwd_varlen.h). One CTA
// per (Q tile, head, batch), in one folded grid dimension (bwd_grid.h).
// (The postprocess shares the main kernel's tiling: bwd_postprocess.h.)
#include <cmath>
#include <utility>

#include "bwd/bwd_grid.h"
#include "bwd/bwd_params.h"
#include "bwd/bwd_varlen.h"
#include "common/check.h"
#include "common/dispatch.h"

namespace dash {
namespace {

constexpr int kThreads = 256;
constexpr int kVec = 8;  // 16-byte accesses of 2-byte elements

// D = rowsum(dO * O) for rows [0, block_m) of a Q tile, by the CTA: each row is read by a group of
// `lanes` lanes (d / 8 rounded down to a power of two, at most 32: 8 at hdim 64, 16 at 128), 16
// bytes per lane and load, so a warp reads 32 / lanes rows at once and reduces each in log2(lanes)
// shuffles. (With a whole warp per row, 3 of 4 lanes idled at hdim 64 and the preprocess took
// 162 us where FA4's takes 98, bench/NOTES.md "The preprocess at memory speed".)
// rows(r) gives the row's (o, dout) pointers, null for a row without data (its D is 0);
// done(r, D) runs on the group's first lane.
template <class Element, class Rows, class Done>
__device__ __forceinline__ void row_dots(int block_m, int d, Rows&& rows, Done&& done) {
  int lanes = 1;
  while (lanes < 32 && lanes * 2 * kVec <= d) lanes *= 2;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int sub = lane % lanes;                                  // lane within its row's group
  const int rows_per_pass = (kThreads / 32) * (32 / lanes);
  for (int first = 0; first < block_m; first += rows_per_pass) {  // uniform over the CTA
    const int r = first + warp * (32 / lanes) + lane / lanes;
    float acc = 0.f;
    if (r < block_m) {
      const auto [o, dout] = rows(r);
      if (o != nullptr) {
        for (int c = sub * kVec; c < d; c += lanes * kVec) {
          uint4 ov = *reinterpret_cast<const uint4*>(o + c);
          uint4 dv = *reinterpret_cast<const uint4*>(dout + c);
          const Element* oe = reinterpret_cast<const Element*>(&ov);
          const Element* de = reinterpret_cast<const Element*>(&dv);
#pragma unroll
          for (int i = 0; i < kVec; ++i) acc += float(oe[i]) * float(de[i]);
        }
      }
    }
    for (int off = lanes / 2; off > 0; off /= 2) acc += __shfl_xor_sync(0xffffffffu, acc, off);
    if (sub == 0 && r < block_m) done(r, acc);
  }
}

// A row's LSE in base 2 as the main kernel reads it. Rows without data (passed as +inf) and rows
// the mask left empty (LSE = -inf) get +inf, so that P = exp2(S - LSE) is exactly 0 for them.
__device__ __forceinline__ float lse_base2(float lse) {
  return lse == -INFINITY ? INFINITY : lse * float(M_LOG2E);
}

// The atomic path adds every partial dQ tile into the accumulator, which must start at zero.
__device__ __forceinline__ void zero_accumulator_unless_deterministic(BwdParams const& p, int64_t row_base, int block_m, int d) {
  if (p.deterministic) return;
  float4* acc = reinterpret_cast<float4*>(reinterpret_cast<float*>(p.dq_accum) + row_base * d);
  for (int i = threadIdx.x; i < block_m * d / 4; i += kThreads) acc[i] = make_float4(0.f, 0.f, 0.f, 0.f);
}

template <class Element>
__global__ void __launch_bounds__(kThreads) preprocess_kernel(BwdParams p, int block_m) {
  const int num_m_blocks = (p.seqlen_q + block_m - 1) / block_m;
  const GridTile g = unfold_grid_x(num_m_blocks, p.heads);
  const int m_block = g.tile, head = g.head, batch = g.batch;
  const int d = p.head_dim;
  const int64_t row_base = (int64_t(batch) * p.heads + head) * num_m_blocks * block_m + int64_t(m_block) * block_m;
  float* lse_log2 = reinterpret_cast<float*>(p.lse_log2) + row_base;
  float* dpsum = reinterpret_cast<float*>(p.dpsum) + row_base;
  const float* lse = reinterpret_cast<const float*>(p.lse) + (int64_t(batch) * p.heads + head) * p.seqlen_q;
  const Element* o = p.out.as<const Element>() + batch * p.out.batch_stride + head * p.out.head_stride;
  const Element* dout = p.dout.as<const Element>() + batch * p.dout.batch_stride + head * p.dout.head_stride;

  const int row0 = m_block * block_m;
  row_dots<Element>(
      block_m, d,
      [&](int r) {
        const int row = row0 + r;
        const bool has = row < p.seqlen_q;
        return std::pair<const Element*, const Element*>(has ? o + int64_t(row) * p.out.row_stride : nullptr,
                                                         has ? dout + int64_t(row) * p.dout.row_stride : nullptr);
      },
      [&](int r, float acc) {
        const int row = row0 + r;
        dpsum[r] = acc;
        lse_log2[r] = lse_base2(row < p.seqlen_q ? lse[row] : INFINITY);
      });
  // Zero this tile's ticket counter (reused across calls: a stale one would make the ticket lock
  // wait forever) and, for the atomic path, its slice of the dQ accumulator. Deterministic calls
  // skip the accumulator, half of this kernel's memory traffic: their first turn stores
  // (write_dq) and the postprocess writes zeros for a tile without turns.
  zero_accumulator_unless_deterministic(p, row_base, block_m, d);
  if (threadIdx.x == 0) {
    reinterpret_cast<int*>(p.dq_counter)[(int64_t(batch) * p.heads + head) * num_m_blocks + m_block] = 0;
  }
  // The main kernel's claim counter (bwd_grid.h), by one thread of the grid: a count left from
  // the last call would hand out positions past the grid, and their CTAs would read out of bounds.
  if (blockIdx.x == 0 && threadIdx.x == 0) *reinterpret_cast<int*>(p.launch_claim) = 0;
}

// The "lpt" launch order of a packed batch (bwd_varlen.h; at most kLptMaxBatch sequences) into
// shared memory: order[s], the sequence at slot s, and base[s], its first launch position (base
// clamped to `positions`, which only garbage offsets reach). Thread b ranks sequence b against the
// others (bwd_varlen::lpt_slot); a block scan of heads_kv * N in slot order gives base. Every
// thread of the CTA calls it.
__device__ __forceinline__ void lpt_order(varlen_tiles::Packed const& packed, int heads_kv,
                                          bwd_varlen::Geometry const& geometry, int64_t positions, int* order,
                                          int* base) {
  static_assert(bwd_varlen::kLptMaxBatch == kThreads, "one sequence per thread");
  __shared__ int tiles_n[kThreads], tiles_m[kThreads];
  __shared__ long long warp_sums[kThreads / 32];
  const int b = threadIdx.x, lane = b % 32, warp = b / 32;
  if (b < packed.batch) {
    const bwd_varlen::Sequence s = bwd_varlen::extent_of(packed, b, geometry).s;
    tiles_n[b] = s.N, tiles_m[b] = s.M;
  }
  __syncthreads();
  if (b < packed.batch) order[bwd_varlen::lpt_slot(tiles_n, tiles_m, packed.batch, b)] = b;
  __syncthreads();
  // base[s + 1] = the positions of slots 0..s: an inclusive scan, by warps, then across them.
  long long sum = b < packed.batch ? (long long)heads_kv * tiles_n[order[b]] : 0;
  for (int off = 1; off < 32; off *= 2) {
    const long long up = __shfl_up_sync(0xffffffffu, sum, off);
    if (lane >= off) sum += up;
  }
  if (lane == 31) warp_sums[warp] = sum;
  __syncthreads();
  for (int w = 0; w < warp; ++w) sum += warp_sums[w];
  base[b + 1] = int(sum < positions ? sum : positions);
  if (b == 0) base[0] = 0;
  __syncthreads();
}

// Varlen (packed) batches: CTA t handles query-tile slot t, whose rows the forward's tile map
// gives (common/varlen_tiles.h; the main kernel's dQ tiles use the same slots, bwd_varlen.h):
// its rows' D and LSE, +inf / 0 on the rows without a gradient (padding past seqused_q, the rows
// of a left-over slot, rows past the sequence), and its accumulator and counter zeroed. Block 0
// also checks the offsets (bwd_varlen::offsets_in_order) and writes the verdict that the main
// kernel reads: nonzero makes it do nothing instead of waiting on turns that may never come.
template <class Element>
__global__ void __launch_bounds__(kThreads) preprocess_varlen_kernel(BwdParams p, bwd_varlen::Geometry geometry) {
  const int block_m = geometry.block_m;
  const varlen_tiles::Packed packed{reinterpret_cast<const int*>(p.cu_seqlens_q), reinterpret_cast<const int*>(p.cu_seqlens_k),
                                    reinterpret_cast<const int*>(p.seqused_q), reinterpret_cast<const int*>(p.seqused_k),
                                    p.batch, p.heads, p.seqlen_q, p.seqlen_k};
  const int t = blockIdx.x;
  const varlen_tiles::Tile tile = varlen_tiles::tile_at(packed, t, block_m, /*longest_first=*/false);
  const int d = p.head_dim;
  const int64_t row_base = int64_t(t) * block_m;
  float* lse_log2 = reinterpret_cast<float*>(p.lse_log2) + row_base;
  float* dpsum = reinterpret_cast<float*>(p.dpsum) + row_base;
  const int64_t total_q = p.seqlen_q;
  auto used = [&](int r) { return tile.has_rows && tile.m_block * block_m + r < tile.q_used; };
  auto packed_row = [&](int r) { return int64_t(tile.q_begin) + tile.m_block * block_m + r; };  // r: in the tile
  row_dots<Element>(
      block_m, d,
      [&](int r) {
        if (!used(r)) return std::pair<const Element*, const Element*>(nullptr, nullptr);
        return std::pair<const Element*, const Element*>(
            p.out.as<const Element>() + packed_row(r) * p.out.row_stride + tile.head * p.out.head_stride,
            p.dout.as<const Element>() + packed_row(r) * p.dout.row_stride + tile.head * p.dout.head_stride);
      },
      [&](int r, float acc) {
        dpsum[r] = acc;
        lse_log2[r] = lse_base2(used(r) ? reinterpret_cast<const float*>(p.lse)[tile.head * total_q + packed_row(r)]
                                        : INFINITY);
      });
  zero_accumulator_unless_deterministic(p, row_base, block_m, d);
  if (threadIdx.x == 0) reinterpret_cast<int*>(p.dq_counter)[t] = 0;
  // The main kernel's table of its launch positions' Ctas (bwd_varlen.h, cta_table), one thread
  // per position, in the "lpt" order of the sequences where the batch allows it. Written whatever
  // the verdict below: both orders read only inside the offsets' arrays and clamp what they read,
  // and the main kernel reads the table only under a clean verdict.
  {
    bwd_varlen::Cta* table = bwd_varlen::cta_table(reinterpret_cast<int*>(p.varlen_status));
    const int64_t positions =
        int64_t(p.heads_kv) * bwd_varlen::positions_per_head(p.seqlen_k, p.batch, geometry.block_n);
    const int64_t stride = int64_t(gridDim.x) * kThreads;
    const int64_t first = int64_t(blockIdx.x) * kThreads;
    if (first < positions && bwd_varlen::uses_lpt_order(p.batch)) {  // uniform over the CTA
      __shared__ int order[bwd_varlen::kLptMaxBatch], base[bwd_varlen::kLptMaxBatch + 1];
      lpt_order(packed, p.heads_kv, geometry, positions, order, base);
      for (int64_t x = first + threadIdx.x; x < positions; x += stride) {
        table[x] = bwd_varlen::cta_in_lpt_order(packed, p.heads_kv, int(x), geometry, order, base);
      }
    } else {
      for (int64_t x = first + threadIdx.x; x < positions; x += stride) {
        table[x] = bwd_varlen::cta_at(packed, p.heads_kv, int(x), geometry);
      }
    }
  }
  if (blockIdx.x == 0) {
    int bad = 0;
    for (int b = threadIdx.x; b < p.batch; b += kThreads) bad |= !bwd_varlen::offsets_in_order(packed, b);
    bad = __syncthreads_or(bad);
    if (threadIdx.x == 0) {
      *reinterpret_cast<int*>(p.launch_claim) = 0;
      *reinterpret_cast<int*>(p.varlen_status) = bad;
    }
  }
}

dim3 tile_grid(const BwdParams& p, int block_m) {
  return dim3(folded_grid_x((p.seqlen_q + block_m - 1) / block_m, p.heads, p.batch));
}

}  // namespace

void bwd_preprocess(const BwdParams& p, cudaStream_t stream) {
  DASH_REQUIRE(p.launch_claim != 0, "BwdParams.launch_claim is not set (one int32 the preprocess zeroes)");
  const int block_m = bwd_tile_shape(p.head_dim, p.banded()).block_m;
  dispatch_dtype(p.dtype, [&](auto e) {
    using Element = decltype(e);
    if (p.varlen()) {
      DASH_REQUIRE(p.varlen_status != 0, "BwdParams.varlen_status is not set (one int32 the preprocess writes)");
      const long long tiles = int64_t(p.heads) * varlen_tiles::slots_per_head(p.seqlen_q, p.batch, block_m);
      DASH_REQUIRE(tiles < (int64_t(1) << 31), "too many query tiles for one grid");
      // (the main kernel's tiles and band: its launch positions' table)
      const bwd_varlen::Geometry geometry{block_m, bwd_tile_shape(p.head_dim, p.banded()).block_n,
                                          Band::of(p.causal, p.window_left, p.window_right), p.varlen_schedule};
      preprocess_varlen_kernel<Element><<<unsigned(tiles), kThreads, 0, stream>>>(p, geometry);
    } else {
      preprocess_kernel<Element><<<tile_grid(p, block_m), kThreads, 0, stream>>>(p, block_m);
    }
  });
  DASH_CHECK_LAUNCH();
}

}  // namespace dash
