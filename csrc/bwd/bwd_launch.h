// Host side of the main kernel for one (head dim, element type): TMA descriptors, shared
// memory opt-in, the co-residency guard, and the launch. Included by one .cu per instance.
#pragma once

#include <cute/tensor.hpp>

#include "bwd/bwd_grid.h"
#include "bwd/bwd_kernel.h"
#include "bwd/bwd_staged_tile.h"
#include "common/check.h"

namespace dash {

template <int HeadDim, int BlockM_, class Element, bool GroupedHeads = false, bool Varlen = false,
          bool Softcap = false>
struct BwdLaunch {
  using Traits = BwdTraits<HeadDim, BlockM_, Element, GroupedHeads, Varlen, Softcap>;
  static constexpr auto kernel = &bwd_main_kernel<Traits>;

  // The opt-in to more than 48 KB of dynamic shared memory is a per-device attribute of the
  // function, so it is set on the current device at every call (a cheap host-side call): set
  // once per process, a second GPU would see 0 resident CTAs and refuse every launch.
  static void set_smem_limit() {
    DASH_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, Traits::kSmemBytes));
  }

  static int max_coresident() {
    set_smem_limit();
    int device = 0, sms = 0, per_sm = 0;
    DASH_CUDA_CHECK(cudaGetDevice(&device));
    DASH_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    DASH_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, Traits::kThreads, Traits::kSmemBytes));
    DASH_REQUIRE(per_sm > 0, "the backward kernel (" + std::to_string(Traits::kSmemBytes) +
                                 " bytes of shared memory, " + std::to_string(Traits::kThreads) +
                                 " threads per CTA) cannot run on CUDA device " + std::to_string(device) +
                                 ": the occupancy query found room for 0 CTAs per SM");
    return sms * per_sm;
  }

  static void run(const BwdParams& p, cudaStream_t stream) {
    using namespace cute;
    const int coresident = max_coresident();
    DASH_REQUIRE(p.wave_size >= 1 && p.wave_size <= coresident,
                 "schedule wave of " + std::to_string(p.wave_size) + " CTAs exceeds the " +
                     std::to_string(coresident) + " CTAs this GPU can keep resident: it would deadlock");
    DASH_REQUIRE(Varlen == p.varlen(), "the backward kernel instance does not match the call's varlen-ness");
    // Varlen: the packed tensors are one batch of total_q (total_k) rows; batch counts sequences.
    const int tensor_batch = Varlen ? 1 : p.batch;
    auto seq_tensor = [&](const Strided& t, int seqlen, int heads) {
      return make_tensor(make_gmem_ptr(t.as<const Element>()),
                         make_shape(int32_t(seqlen), int32_t(HeadDim), int32_t(heads), int32_t(tensor_batch)),
                         make_stride(t.row_stride, _1{}, t.head_stride, t.batch_stride));
    };
    using BlockM = typename Traits::BlockM;
    using BlockN = typename Traits::BlockN;
    using Dim = typename Traits::Dim;
    BwdKernelParams<Traits> kp;
    kp.tma_q = make_tma_copy(SM90_TMA_LOAD{}, seq_tensor(p.q, p.seqlen_q, p.heads),
                             take<0, 2>(typename Traits::SmemLayoutQ{}), Shape<BlockM, Dim>{}, _1{});
    kp.tma_dout = make_tma_copy(SM90_TMA_LOAD{}, seq_tensor(p.dout, p.seqlen_q, p.heads),
                                take<0, 2>(typename Traits::SmemLayoutdO{}), Shape<BlockM, Dim>{}, _1{});
    kp.tma_k = make_tma_copy(SM90_TMA_LOAD{}, seq_tensor(p.k, p.seqlen_k, p.heads_kv),
                             typename Traits::SmemLayoutK{}, Shape<BlockN, Dim>{}, _1{});
    kp.tma_v = make_tma_copy(SM90_TMA_LOAD{}, seq_tensor(p.v, p.seqlen_k, p.heads_kv),
                             typename Traits::SmemLayoutV{}, Shape<BlockN, Dim>{}, _1{});
    // The epilogue stores dK/dV rows as 16-byte segments (dash.ops hands it aligned views).
    DASH_REQUIRE(rows_16b_aligned<Element>(p.dk) && rows_16b_aligned<Element>(p.dv),
                 "dk and dv must have 16-byte aligned rows (base and strides)");
    kp.dk = p.dk;
    kp.dv = p.dv;
    kp.batch = p.batch;
    kp.heads = p.heads;
    kp.heads_kv = p.heads_kv;
    DASH_REQUIRE(p.heads_kv >= 1 && p.heads % p.heads_kv == 0, "heads must be a multiple of heads_kv");
    kp.group = p.heads / p.heads_kv;
    DASH_REQUIRE(GroupedHeads == (kp.group > 1), "the backward kernel instance does not match heads / heads_kv");
    kp.seqlen_q = p.seqlen_q;
    kp.seqlen_k = p.seqlen_k;
    kp.num_m_blocks = (p.seqlen_q + Traits::kBlockM - 1) / Traits::kBlockM;
    kp.num_n_blocks = (p.seqlen_k + Traits::kBlockN - 1) / Traits::kBlockN;
    DASH_REQUIRE(Varlen || (p.launch_wave >= 1 && p.launch_wave <= kp.num_n_blocks),
                 "BwdParams.launch_wave must be in [1, " + std::to_string(kp.num_n_blocks) + "] (the KV tiles per head; " +
                     "that many keeps the instance-major order), got " + std::to_string(p.launch_wave));
    kp.launch_wave = p.launch_wave;
    DASH_REQUIRE(p.launch_group >= 0, "BwdParams.launch_group must be >= 0 (0: one group), got " +
                                          std::to_string(p.launch_group));
    kp.launch_group = launch_group_of(p.launch_group, (GroupedHeads ? p.heads_kv : p.heads) * p.batch);
    DASH_REQUIRE(Softcap == p.softcapped(), "the backward kernel instance does not match the call's softcap");
    const ScoreScales scales = score_scales(p.softmax_scale, p.softcap);
    kp.softmax_scale = p.softmax_scale;
    kp.scale_log2 = scales.scale_log2;
    kp.softcap_scale = scales.softcap_scale;
    kp.inv_scale_log2 = 1.f / scales.scale_log2;
    kp.band = Band::of(p.causal, p.window_left, p.window_right);
    kp.deterministic = p.deterministic;
    kp.lse_log2 = reinterpret_cast<const float*>(p.lse_log2);
    kp.dpsum = reinterpret_cast<const float*>(p.dpsum);
    kp.dq_accum = reinterpret_cast<float*>(p.dq_accum);
    kp.dq_counter = reinterpret_cast<int*>(p.dq_counter);
    DASH_REQUIRE(p.launch_claim != 0, "BwdParams.launch_claim is not set: the main kernel's CTAs claim their "
                                      "launch positions from it (one int32, zeroed by the preprocess)");
    kp.launch_claim = reinterpret_cast<int*>(p.launch_claim);
    kp.launch_order = reinterpret_cast<const int*>(p.launch_order);
    kp.visit_offsets = reinterpret_cast<const int*>(p.visit_offsets);
    kp.visit_m = reinterpret_cast<const int*>(p.visit_m);
    kp.rank = reinterpret_cast<const int*>(p.rank);
    kp.timing = reinterpret_cast<int64_t*>(p.timing);
    kp.trace = reinterpret_cast<int*>(p.trace);
    kp.positions = reinterpret_cast<int*>(p.positions);
    kp.total_visits = p.total_visits;
    dim3 grid;
    if constexpr (Varlen) {
      DASH_REQUIRE(p.cu_seqlens_k != 0 && p.varlen_status != 0, "BwdParams: varlen needs cu_seqlens_k and varlen_status");
      DASH_REQUIRE(p.timing == 0 && p.trace == 0 && p.positions == 0,
                   "the timing, trace and positions hooks are not available for varlen calls");
      DASH_REQUIRE(p.varlen_schedule >= bwd_varlen::kAscending && p.varlen_schedule <= bwd_varlen::kShiftCausal,
                   "BwdParams.varlen_schedule is not a bwd_varlen::Schedule");
      kp.geometry = bwd_varlen::Geometry{Traits::kBlockM, Traits::kBlockN, kp.band, p.varlen_schedule};
      kp.varlen_status = reinterpret_cast<int const*>(p.varlen_status);
      // Every k/v head's launch positions (bwd_varlen.h): a function of total_k and the batch size.
      const long long positions = int64_t(p.heads_kv) * bwd_varlen::positions_per_head(p.seqlen_k, p.batch, Traits::kBlockN);
      DASH_REQUIRE(positions < (int64_t(1) << 31), "too many CTAs for one grid: total_k and batch too large");
      grid = dim3(unsigned(positions));
    } else {
      kp.geometry = bwd_varlen::Geometry{};
      kp.varlen_status = nullptr;
      // One CTA per KV tile of a head: of a q-head (MHA), of a k/v head (grouped: it walks the group).
      grid = dim3(folded_grid_x(kp.num_n_blocks, GroupedHeads ? p.heads_kv : p.heads, p.batch));
    }
    // The postprocess's CTAs after the main kernel's (bwd_postprocess.h, convert_finished_dq_tiles).
    kp.dq = p.dq;
    kp.num_contrib = reinterpret_cast<const int*>(p.num_contrib);
    kp.main_ctas = int(grid.x);
    kp.post_tiles = 0;
    if (p.post_tiles > 0) {
      DASH_REQUIRE(!Varlen && p.deterministic && p.num_contrib != 0,
                   "BwdParams.post_tiles: the main kernel converts dQ on deterministic fixed-length calls only, "
                   "with num_contrib set");
      // (at most what the CTA's shared memory holds: PostTiles::kMaxTiles)
      kp.post_tiles = p.post_tiles < PostTiles<Traits>::kMaxTiles ? p.post_tiles : PostTiles<Traits>::kMaxTiles;
      const int64_t tiles = folded_grid_x(kp.num_m_blocks, p.heads, p.batch);  // (< 2^31, as the postprocess's grid)
      const int64_t post_ctas = (tiles + kp.post_tiles - 1) / kp.post_tiles;
      DASH_REQUIRE(int64_t(grid.x) + post_ctas < (int64_t(1) << 31), "too many CTAs for one grid with the dQ "
                                                                      "conversion's CTAs");
      grid.x += unsigned(post_ctas);
    }
    if (grid.x == 0) return;
    kernel<<<grid, Traits::kThreads, Traits::kSmemBytes, stream>>>(kp);
    DASH_CHECK_LAUNCH();
  }
};

}  // namespace dash
