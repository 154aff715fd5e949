// Host side of one forward instantiation: TMA descriptors, grid, shared memory, launch.
// Included only by the fwd_*hdim*_*.cu files, one (head_dim, dtype, length and score policy)
// each, so that the instantiations compile in parallel; the mask is a template flag
// inside each of them.
#pragma once
#include <algorithm>

#include <cute/tensor.hpp>

#include "common/check.h"
#include "fwd/fwd_config.h"
#include "fwd/fwd_instantiations.h"
#include "fwd/fwd_kernel.h"
#include "fwd/fwd_params.h"

namespace dash {

namespace fwd_detail {

// SMs of the current device (persistent grids launch one CTA per SM).
inline int num_sms() {
  int device = 0, sms = 0;
  DASH_CUDA_CHECK(cudaGetDevice(&device));
  DASH_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  return sms;
}

// Query tiles (kBlockM rows) of one head.
template <class Cfg>
int query_tiles_per_head(const FwdParams& p) {
  return (p.seqlen_q + Cfg::kBlockM - 1) / Cfg::kBlockM;
}

// Clusters of one kernel's launch that the current device holds at once, 0 where none fits;
// queried once per device and kernel (it depends on the kernel's resources and the device's
// GPCs only).
template <class Kernel>
int max_active_clusters(Kernel kernel, cudaLaunchConfig_t const& config) {
  static int queried[64] = {};  // per device: the answer plus one, 0 until asked
  int device = 0;
  DASH_CUDA_CHECK(cudaGetDevice(&device));
  int& entry = queried[device % 64];
  if (entry == 0) {
    int clusters = 0;
    DASH_CUDA_CHECK(cudaOccupancyMaxActiveClusters(&clusters, kernel, &config));
    entry = clusters + 1;
  }
  return entry - 1;
}

// Launches Cfg's kernel; false (nothing launched) where its clusters do not fit on the device.
template <class Cfg, class Element>
bool launch_config(const FwdParams& p, cudaStream_t stream) {
  constexpr int kHeadDim = Cfg::kHeadDim;
  constexpr bool kVarlen = Cfg::kVarlen;
  constexpr bool kSoftcap = Cfg::kSoftcap;
  using Kernel = FwdKernel<Cfg, Element>;
  using Mainloop = typename Kernel::Mainloop;
  using Epilogue = typename Kernel::Epilogue;

  // Varlen: the packed tensors are one batch of total_q (total_k) rows; batch counts sequences.
  const int tensor_batch = kVarlen ? 1 : p.batch;
  typename Kernel::Params kp;
  kp.mainloop = Mainloop::make_params(
      p.q.as<Element const>(), p.q.row_stride, p.q.head_stride, p.q.batch_stride,
      p.k.as<Element const>(), p.k.row_stride, p.k.head_stride, p.k.batch_stride,
      p.v.as<Element const>(), p.v.row_stride, p.v.head_stride, p.v.batch_stride,
      p.seqlen_q, p.seqlen_k, p.heads, p.heads_kv, tensor_batch);
  kp.epilogue = Epilogue::make_params(p.out.as<Element>(), p.out.row_stride, p.out.head_stride,
                                      p.out.batch_stride, reinterpret_cast<float*>(p.lse));
  kp.seqlen_q = p.seqlen_q;
  kp.seqlen_k = p.seqlen_k;
  kp.heads = p.heads;
  kp.group = p.heads / p.heads_kv;
  kp.num_m_blocks = query_tiles_per_head<Cfg>(p);
  kp.packed = varlen_tiles::Packed{};
  int64_t num_tiles = int64_t(kp.num_m_blocks) * p.heads * p.batch;
  if constexpr (kVarlen) {
    kp.packed = varlen_tiles::Packed{reinterpret_cast<int const*>(p.cu_seqlens_q), reinterpret_cast<int const*>(p.cu_seqlens_k),
                                   reinterpret_cast<int const*>(p.seqused_q), reinterpret_cast<int const*>(p.seqused_k),
                                   p.batch, p.heads, p.seqlen_q, p.seqlen_k};
    num_tiles = int64_t(p.heads) * varlen_tiles::slots_per_head(p.seqlen_q, p.batch, Cfg::kBlockM);
  }
  DASH_REQUIRE(num_tiles < (int64_t(1) << 31), "too many query tiles (batch * heads * seqlen_q / 128 >= 2^31)");
  kp.num_tiles = int(num_tiles);
  DASH_REQUIRE(kp.num_tiles % Cfg::kClusterM == 0, "a cluster's CTAs need as many query tiles each (launch)");
  // The causal order's sections (fwd_kernel.h): as many (batch, head) pairs as have K and V fit in
  // 40 MiB of the L2 together (a power of two of K/V heads, times the query heads sharing one), so
  // that the CTAs running at one time, spread over a section's heads, read their keys from L2.
  kp.pairs = p.heads * p.batch;
  const int64_t kv_head_bytes = int64_t(p.seqlen_k) * 2 * kHeadDim * int64_t(sizeof(Element));
  const int64_t kv_heads_in_l2 = std::max<int64_t>(1, (int64_t(40) << 20) / std::max<int64_t>(kv_head_bytes, 1));
  int kv_heads = 1;
  while (int64_t(kv_heads) * 2 <= kv_heads_in_l2) kv_heads *= 2;
  kp.section = std::max(1, std::min(kp.pairs, kv_heads * kp.group));
  // get_tile's divisors (fwd_kernel.h), made once a call. max(1, .): a varlen call has no fixed
  // tile count (its decode is the packed one, which reads none of them), and FastDivmod's
  // constructor divides by its divisor.
  kp.m_blocks_div = cutlass::FastDivmod(std::max(1, kp.num_m_blocks));
  kp.heads_div = cutlass::FastDivmod(std::max(1, p.heads));
  kp.group_div = cutlass::FastDivmod(std::max(1, kp.group));
  kp.section_tiles_div = cutlass::FastDivmod(std::max(1, kp.section * kp.num_m_blocks));
  kp.section_div = cutlass::FastDivmod(kp.section);
  if constexpr (Cfg::kClusterM > 1 && Cfg::kCausal) {
    // Each unit of kClusterM adjacent tiles (fwd_kernel.h static_tile) is one query tile of heads
    // of one KV head only with whole units in every section (the order's (batch, head) pairs
    // fastest): launch() takes this instance where the group is a multiple of kClusterM, and then
    // so are the heads, the pairs and every section (kv_heads * group or all the pairs).
    DASH_REQUIRE(kp.group % Cfg::kClusterM == 0 && kp.section % Cfg::kClusterM == 0 && kp.pairs % Cfg::kClusterM == 0,
                 "causal clusters need (batch, head) pairs of one GQA group (launch)");
  }
  DASH_REQUIRE(kSoftcap == p.softcapped(), "the forward kernel instance does not match the call's softcap");
  const ScoreScales scales = score_scales(p.softmax_scale, p.softcap);
  kp.softmax_scale = scales.exp_scale;
  kp.scale_log2 = scales.scale_log2;
  kp.mainloop.softcap_scale = scales.softcap_scale;
  kp.tile_counter = reinterpret_cast<int*>(p.tile_counter);
  kp.band = Band::of(p.causal, p.window_left, p.window_right);  // read by the kWindow instances only

  auto kernel = &fwd_kernel<Cfg, Element>;
  constexpr int smem = Kernel::kSmemBytes;
  DASH_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  if constexpr (Cfg::kClusterM == 1) {
    const int grid = std::min(kp.num_tiles, num_sms());  // persistent CTAs (fwd_config.h)
    kernel<<<grid, Cfg::kThreads, smem, stream>>>(kp);
  } else {
    // As many clusters as can be resident at once (the SMs of a cluster share a GPC, so this may
    // be fewer than SMs / kClusterM), each walking tiles in the static persistent order.
    cudaLaunchConfig_t config = {};
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = Cfg::kClusterM;
    attr[0].val.clusterDim.y = 1;
    attr[0].val.clusterDim.z = 1;
    config.blockDim = dim3(Cfg::kThreads);
    config.dynamicSmemBytes = smem;
    config.stream = stream;
    config.attrs = attr;
    config.numAttrs = 1;
    config.gridDim = dim3(Cfg::kClusterM);  // for the query: one cluster
    const int resident = max_active_clusters(kernel, config);
    if (resident == 0) return false;
    config.gridDim = dim3(std::min(kp.num_tiles / Cfg::kClusterM, resident) * Cfg::kClusterM);
    DASH_CUDA_CHECK(cudaLaunchKernelEx(&config, kernel, kp));
  }
  DASH_CHECK_LAUNCH();
  return true;
}

// The instance of a mask and policies, and its K/V-multicast variant where it has one
// (FwdConfig::kHasMulticastVariant), the call allows it (an even number of query tiles in all,
// causal ones of an even GQA group, and FwdParams::kv_multicast) and the device holds its clusters.
template <int kHeadDim, class Element, bool kCausal, bool kVarlen, bool kWindow = false, bool kSoftcap = false>
void launch(const FwdParams& p, cudaStream_t stream) {
  using Cfg = FwdConfig<kHeadDim, kCausal, kVarlen, kWindow, kSoftcap>;
  if constexpr (Cfg::kHasMulticastVariant) {
    using Multicast = FwdConfig<kHeadDim, kCausal, kVarlen, kWindow, kSoftcap, true>;
    // Causal: only where the cluster's heads share a KV head (an even GQA group); elsewhere its
    // CTAs would load their K/V alone and gain nothing over the instance with dynamic claims.
    const bool pairs_share_kv = !kCausal || (p.heads / p.heads_kv) % Multicast::kClusterM == 0;
    if (p.kv_multicast && pairs_share_kv &&
        int64_t(query_tiles_per_head<Multicast>(p)) * p.heads * p.batch % Multicast::kClusterM == 0 &&
        launch_config<Multicast, Element>(p, stream)) {
      return;
    }
  }
  launch_config<Cfg, Element>(p, stream);
}

}  // namespace fwd_detail

// The masks of one (length, score) policy pair: fixed-length or packed (kVarlen), plain or capped
// (kSoftcap); each pair's instances live in TUs of their own (fwd_instantiations.h).
template <int kHeadDim, class Element, bool kVarlen, bool kSoftcap>
void run_fwd(const FwdParams& p, cudaStream_t stream) {
  if (p.windowed()) {
    fwd_detail::launch<kHeadDim, Element, true, kVarlen, true, kSoftcap>(p, stream);
  } else if (p.causal) {
    fwd_detail::launch<kHeadDim, Element, true, kVarlen, false, kSoftcap>(p, stream);
  } else {
    fwd_detail::launch<kHeadDim, Element, false, kVarlen, false, kSoftcap>(p, stream);
  }
}

}  // namespace dash
