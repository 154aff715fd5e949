// Backward postprocess: dQ = softmax_scale * dQaccum, converted to the input dtype. The
// accumulator tiles are in the main kernel's fragment order (see BwdTraits::dq_chunk_offset), so
// thread t of this kernel reads the values that MMA thread t wrote (coalesced float4s) and puts
// each at the (row, column) that the same TiledMmadQ assigns to it, in a StagedTile that is then
// stored row by row.
#pragma once

#include <cute/tensor.hpp>

#include "bwd/bwd_grid.h"
#include "bwd/bwd_ordering.h"
#include "bwd/bwd_params.h"
#include "bwd/bwd_staged_tile.h"
#include "bwd/bwd_traits.h"
#include "common/varlen_tiles.h"
#include "common/check.h"

namespace dash {

// Varlen: the rows of dk and dv that no sequence uses (padding past seqused_k, rows before the
// first or past the last sequence; every row when the offsets were out of order and the main
// kernel did nothing) get zeros, `ctas` CTAs sharing the key rows, a warp per row. Which rows
// those are is known on the GPU only: zeroing them here instead of the whole of dk and dv
// before the call saves writing both tensors once more (~3% of a call at 2k, bench/NOTES.md).
template <class Element>
__device__ void zero_unused_key_rows(BwdParams const& p, varlen_tiles::Packed const& packed, bool every_row,
                                     int cta, int ctas, int tid, int threads) {
  constexpr int kVec = 16 / int(sizeof(Element));
  const int warp = tid / 32, lane = tid % 32, warps = threads / 32;
  for (int64_t row = int64_t(cta) * warps + warp; row < packed.total_k; row += int64_t(ctas) * warps) {
    bool unused = every_row;
    if (!unused) {
      // b: the last sequence whose first key row is at or before `row` (offsets in order)
      int lo = 0, hi = packed.batch + 1;  // count of b in [0, batch] with cu_seqlens_k[b] <= row
      while (lo < hi) {
        const int mid = (lo + hi) / 2;
        if (packed.cu_seqlens_k[mid] <= row) lo = mid + 1; else hi = mid;
      }
      const int b = lo - 1;
      if (b < 0 || b == packed.batch) {
        unused = true;  // before the first sequence or past the last
      } else {
        const int span = packed.cu_seqlens_k[b + 1] - packed.cu_seqlens_k[b];
        const int used = packed.seqused_k ? varlen_tiles::clamp_to(packed.seqused_k[b], 0, span) : span;
        unused = row - packed.cu_seqlens_k[b] >= used;
      }
    }
    if (!unused) continue;
    for (int h = 0; h < p.heads_kv; ++h) {
      for (int c = lane * kVec; c < p.head_dim; c += 32 * kVec) {
        *reinterpret_cast<uint4*>(p.dk.as<Element>() + row * p.dk.row_stride + h * p.dk.head_stride + c) = uint4{};
        *reinterpret_cast<uint4*>(p.dv.as<Element>() + row * p.dv.row_stride + h * p.dv.head_stride + c) = uint4{};
      }
    }
  }
}

// Thread tid of the dQ warpgroups (tid < Traits::kMmaThreads) puts its values of an accumulator
// tile (`values`: in global memory, or a copy in shared memory), times `scale` and in the input
// dtype, into `staged` (a StagedTile of the tile's rows): it reads the values that MMA thread tid
// wrote (coalesced float4s) and puts each at the (row, column) that the same TiledMmadQ assigns
// to it. `unwritten`: the tile had no turns and its dQ is 0.
template <class Traits>
__device__ __forceinline__ void stage_dq_tile(const float* values, bool unwritten, float scale,
                                              typename Traits::Element* staged, int tid) {
  using namespace cute;
  using Element = typename Traits::Element;
  using Tile = StagedTile<Element, Traits::kBlockM, Traits::kHeadDim, Traits::kMmaThreads>;
  const float4* acc = reinterpret_cast<const float4*>(values);
  // The threads of the MMA warpgroups that computed dQ (all, or warpgroup 0's alone) stage it.
  if (Traits::kDqWarpGroups == Traits::kMmaWarpGroups || tid < Traits::kDqWarpGroups * 128) {
    typename Traits::TiledMmadQ mma;
    Tensor coords = mma.get_thread_slice(tid).partition_C(make_identity_tensor(typename Traits::DqShape{}));
    static_assert(decltype(size(coords))::value == Traits::kDqValuesPerThread);
    CUTLASS_PRAGMA_UNROLL
    for (int c = 0; c < Traits::kDqChunks; ++c) {
      const float4 a = unwritten ? make_float4(0.f, 0.f, 0.f, 0.f) : acc[Traits::dq_chunk_offset(tid, c)];
      const float vals[4] = {a.x, a.y, a.z, a.w};
      CUTLASS_PRAGMA_UNROLL
      for (int j = 0; j < 4; ++j) {
        const auto mn = coords(4 * c + j);  // (row, column) of dQ, or of dQ^T
        const int row = Traits::kDqTransposed ? get<1>(mn) : get<0>(mn);
        const int col = Traits::kDqTransposed ? get<0>(mn) : get<1>(mn);
        // + 0: a first turn's store can leave -0 where the zeroed accumulator's 0 + (-0) gave +0;
        // the sum turns -0 into +0 and leaves every other value as it is, so the bits are those of
        // the accumulation from zero (which the atomic path still does).
        staged[Tile::offset(row, col)] = Element(__fadd_rn(vals[j] * scale, 0.f));
      }
    }
  }
}

// Where row `first_row` (of batch `batch`, or of the packed rows) of q-head `head` starts in dq.
template <class Element>
__device__ __forceinline__ Element* dq_tile_origin(Strided const& dq, int batch, int head, int64_t first_row) {
  return dq.as<Element>() + batch * dq.batch_stride + head * dq.head_stride + first_row * dq.row_stride;
}

// Rows [0, rows) of a staged dQ tile to dq (its row 0 at `dq`), by the tile's kMmaThreads threads.
template <class Traits>
__device__ __forceinline__ void store_dq_tile(Strided const& dq_view, typename Traits::Element* dq, int rows,
                                              typename Traits::Element const* staged, int tid) {
  using Tile = StagedTile<typename Traits::Element, Traits::kBlockM, Traits::kHeadDim, Traits::kMmaThreads>;
  // dq may be a caller's view with rows that are not 16-byte aligned.
  if (rows_16b_aligned<typename Traits::Element>(dq_view)) {
    Tile::store(dq, dq_view.row_stride, rows, staged, tid);
  } else {
    Tile::store_elements(dq, dq_view.row_stride, rows, staged, tid);
  }
}

// Varlen: CTA t converts query-tile slot t (common/varlen_tiles.h, the preprocess's map) into the
// rows of its sequence in the packed dq, every row of the slot's span: rows without a gradient
// (padding past seqused_q, rows past the last sequence) get 0, from the zeroed accumulator or
// (deterministic) from the first turn's zero rows, or as a tile without turns. The
// CTAs also zero the unused rows of dk and dv (zero_unused_key_rows).
template <class Traits, bool Varlen = false>
__global__ void __launch_bounds__(Traits::kMmaThreads) bwd_postprocess_kernel(BwdParams p) {
  using namespace cute;
  using Element = typename Traits::Element;
  constexpr int kBlockM = Traits::kBlockM, kHeadDim = Traits::kHeadDim, kThreads = Traits::kMmaThreads;
  using Tile = StagedTile<Element, kBlockM, kHeadDim, kThreads>;
  __shared__ __align__(16) Element staged[Tile::kElems];

  int m_block, head, rows;
  int64_t tile, first_row;  // accumulator tile; dq's row of the tile's first row (in its batch)
  int batch = 0;
  const int tid = threadIdx.x;
  if constexpr (Varlen) {
    const varlen_tiles::Packed packed{reinterpret_cast<const int*>(p.cu_seqlens_q), reinterpret_cast<const int*>(p.cu_seqlens_k),
                                      reinterpret_cast<const int*>(p.seqused_q), reinterpret_cast<const int*>(p.seqused_k),
                                      p.batch, p.heads, p.seqlen_q, p.seqlen_k};
    tile = blockIdx.x;
    const bool offsets_in_order = *reinterpret_cast<const int*>(p.varlen_status) == 0;
    zero_unused_key_rows<Element>(p, packed, !offsets_in_order, blockIdx.x, gridDim.x, tid, kThreads);
    const varlen_tiles::Tile t = varlen_tiles::tile_at(packed, int(tile), kBlockM, /*longest_first=*/false);
    if (!t.has_rows) return;
    m_block = t.m_block, head = t.head;
    first_row = int64_t(t.q_begin) + int64_t(m_block) * kBlockM;
    rows = min(kBlockM, t.q_owned - m_block * kBlockM);
  } else {
    const int num_m_blocks = (p.seqlen_q + kBlockM - 1) / kBlockM;
    const GridTile g = unfold_grid_x(num_m_blocks, p.heads);
    m_block = g.tile, head = g.head, batch = g.batch;
    tile = (int64_t(batch) * p.heads + head) * num_m_blocks + m_block;
    first_row = int64_t(m_block) * kBlockM;
    rows = min(kBlockM, p.seqlen_q - m_block * kBlockM);
  }
  // Deterministic calls leave the accumulator of a tile without turns unwritten (its counter is
  // still 0: no KV tile visited it, or the varlen main kernel did nothing): its dQ is 0.
  const bool unwritten = p.deterministic && reinterpret_cast<const int*>(p.dq_counter)[tile] == 0;
  stage_dq_tile<Traits>(reinterpret_cast<const float*>(p.dq_accum) + tile * Traits::kDqElems, unwritten,
                        p.softmax_scale, staged, tid);
  __syncthreads();

  store_dq_tile<Traits>(p.dq, dq_tile_origin<Element>(p.dq, batch, head, first_row), rows, staged, tid);
}

// Shared memory of one tile that the main kernel's own postprocess (convert_finished_dq_tiles)
// converts: its fp32 sum (bulk-copied), then its staged rows.
template <class Traits>
struct PostTiles {
  using Element = typename Traits::Element;
  using Tile = StagedTile<Element, Traits::kBlockM, Traits::kHeadDim, Traits::kMmaThreads>;
  static constexpr int kSumBytes = Traits::kDqElems * int(sizeof(float));
  static constexpr int kTileBytes = kSumBytes + Tile::kElems * int(sizeof(Element));
  // Shared memory the CTA may use for them: all but its last 4 KB, which hold the LSE and D rows
  // of the stages, the pipeline's barriers, the K/V barrier and the launch position (bwd_traits.h).
  static constexpr int kMaxTiles = (Traits::kSmemBytes - 4096) / kTileBytes;
  static_assert(2 * Traits::kBlockM * Traits::kStages * int(sizeof(float)) + 1024 <= 4096);
  static_assert(kMaxTiles >= 1 && kSumBytes % 16 == 0 && kTileBytes % 128 == 0);
};

// The postprocess inside the main kernel (BwdKernelParams::post_tiles > 0; deterministic,
// fixed-length calls): the launch positions after the main kernel's CTAs (from main_ctas on) each
// convert post_tiles consecutive dQ tiles, in the postprocess's order (instance-major, the order
// in which the launch groups of instances finish). A tile is finished when its counter has
// reached its contributor count, num_contrib[m]: the last turn's release follows the completion
// of its add and a proxy fence (bwd_ordering.h). Liveness: these CTAs wait only on main-kernel
// CTAs, which hold earlier launch positions and so are running or done (bwd_grid.h), and no
// main-kernel CTA waits on them.
// Why: the postprocess kernel starts after the main kernel's last CTA, while the main kernel's
// tail (its last CTAs ending one by one: half a long CTA at causal masks) leaves SMs idle; these
// CTAs take those SMs once every main CTA has started and convert the tiles of the heads that
// are done. One such CTA per SM (the main kernel's shared memory), so its tiles are read with
// bulk copies, all in flight at once, where the postprocess kernel has several CTAs per SM.
// The bits are the postprocess kernel's (the same stage_dq_tile and store_dq_tile).
// `smem`: PostTiles::kTileBytes per tile, `bar` an initialized transaction barrier in its phase 0.
// Every thread of the CTA calls this.
template <class Traits, class Params>
__device__ __forceinline__ void convert_finished_dq_tiles(Params const& p, int post_cta, char* smem, uint64_t* bar) {
  using Element = typename Traits::Element;
  using Post = PostTiles<Traits>;
  const int tid = threadIdx.x;
  const int64_t tiles = int64_t(p.batch) * p.heads * p.num_m_blocks;
  const int first = post_cta * p.post_tiles;  // < tiles < 2^31 (checked at the launch)
  const int count = int(tiles - first < p.post_tiles ? tiles - first : p.post_tiles);
  // Tile first + i: its (Q tile, q-head, batch), as the postprocess kernel's grid unfolds it, and
  // how many KV tiles add into it (0: its dQ is 0, no sum was written).
  auto tile_at = [&](int i) { return unfold_grid_position(first + i, p.num_m_blocks, p.heads); };
  auto contributors = [&](int i) { return p.num_contrib[tile_at(i).tile]; };
  // Thread i waits for tile first + i; the barrier passes what it acquired on to thread 0.
  if (tid < count) {
    const int done = contributors(tid);
    while (load_acquire_gpu(p.dq_counter + first + tid) != done) __nanosleep(256);
  }
  __syncthreads();
  if (tid == 0) {
    int bytes = 0;
    for (int i = 0; i < count; ++i) bytes += contributors(i) > 0 ? Post::kSumBytes : 0;
    cutlass::arch::ClusterTransactionBarrier::arrive_and_expect_tx(bar, bytes);
    // The sums were written by bulk adds (the async proxy) and released after a proxy fence;
    // the copies below read them through the async proxy too (as the next turn's add does).
    fence_proxy_async_global();
    for (int i = 0; i < count; ++i) {
      if (contributors(i) > 0) {
        cute::SM90_BULK_COPY_G2S::copy(p.dq_accum + int64_t(first + i) * Traits::kDqElems, bar,
                                       smem + i * Post::kTileBytes, Post::kSumBytes);
      }
    }
  }
  cutlass::arch::ClusterTransactionBarrier::wait(bar, 0);
  auto staged = [&](int i) { return reinterpret_cast<Element*>(smem + i * Post::kTileBytes + Post::kSumBytes); };
  if (tid < Traits::kMmaThreads) {
    for (int i = 0; i < count; ++i) {
      stage_dq_tile<Traits>(reinterpret_cast<const float*>(smem + i * Post::kTileBytes), contributors(i) == 0,
                            p.softmax_scale, staged(i), tid);
    }
  }
  __syncthreads();
  if (tid < Traits::kMmaThreads) {
    for (int i = 0; i < count; ++i) {
      const GridTile t = tile_at(i);
      const int64_t first_row = int64_t(t.tile) * Traits::kBlockM;
      store_dq_tile<Traits>(p.dq, dq_tile_origin<Element>(p.dq, t.batch, t.head, first_row),
                            min(Traits::kBlockM, p.seqlen_q - t.tile * Traits::kBlockM), staged(i), tid);
    }
  }
}

template <class Traits>
void run_bwd_postprocess(const BwdParams& p, cudaStream_t stream) {
  if (p.varlen()) {
    DASH_REQUIRE(rows_16b_aligned<typename Traits::Element>(p.dk) && rows_16b_aligned<typename Traits::Element>(p.dv),
                 "varlen: dk and dv must have 16-byte aligned rows (the postprocess zeroes their unused rows)");
    const long long tiles = int64_t(p.heads) * varlen_tiles::slots_per_head(p.seqlen_q, p.batch, Traits::kBlockM);
    DASH_REQUIRE(tiles < (int64_t(1) << 31), "too many query tiles for one grid");
    bwd_postprocess_kernel<Traits, true><<<unsigned(tiles), Traits::kMmaThreads, 0, stream>>>(p);
  } else {
    dim3 grid(folded_grid_x((p.seqlen_q + Traits::kBlockM - 1) / Traits::kBlockM, p.heads, p.batch));
    bwd_postprocess_kernel<Traits><<<grid, Traits::kMmaThreads, 0, stream>>>(p);
  }
  DASH_CHECK_LAUNCH();
}

}  // namespace dash
