// Forward kernel: warp specialization of one CTA (one kBlockM-row query tile of one head).
//
//   warpgroup 0  producer: setmaxnreg down to kProducerRegs; its warp 0 issues every TMA load
//                (Q once, then K and V tiles through two kStages-deep mbarrier pipelines);
//   warpgroups 1, 2  consumers: setmaxnreg up to kConsumerRegs; each owns 64 query rows, runs the
//                mainloop (WGMMA + online softmax, ping-pong between the two), then the epilogue.
//
// Grid (num_m_blocks, heads, batch): consecutive CTAs share a head, so the K/V of a head is read
// from L2 by the many query tiles that run at once. Causal grids start with the last query tiles
// (the longest: they see the most keys), so the short ones fill the tail of the launch.
#pragma once
#include <cute/tensor.hpp>
#include <cutlass/arch/reg_reconfig.h>
#include <cutlass/cutlass.h>

#include "fwd/fwd_config.h"
#include "fwd/fwd_epilogue.h"
#include "fwd/fwd_mainloop.h"
#include "fwd/fwd_softmax.h"

namespace dash::fwd_detail {

using namespace cute;

template <class Cfg, class Element>
struct FwdKernel {
  using Mainloop = FwdMainloop<Cfg, Element>;
  using Epilogue = FwdEpilogue<Cfg, Element>;
  using SharedStorage = typename Mainloop::SharedStorage;
  using Pipeline = typename Mainloop::Pipeline;
  static constexpr int kBlockM = Cfg::kBlockM;
  static constexpr int kBlockN = Cfg::kBlockN;
  static constexpr int kSmemBytes = int(sizeof(SharedStorage));
  static_assert(kSmemBytes <= 227 * 1024, "tile config exceeds the 227 KiB of shared memory per CTA");

  struct Params {
    typename Mainloop::Params mainloop;
    typename Epilogue::Params epilogue;
    int seqlen_q, seqlen_k, heads, group;  // group = heads / heads_kv
    int num_m_blocks;
    float softmax_scale, scale_log2;
  };

  CUTLASS_DEVICE static void run(Params const& p, char* smem) {
    const int m_block = Cfg::kCausal ? p.num_m_blocks - 1 - int(blockIdx.x) : int(blockIdx.x);
    const int head = blockIdx.y, batch = blockIdx.z;
    const int head_kv = head / p.group;

    // KV tiles this CTA visits: [0, n_block_max); those from n_unmasked_end up need a mask.
    // Uniform over the CTA, so both consumers walk the same tiles (they share K/V stages).
    const int m0 = m_block * kBlockM;
    const int row_end = min(m0 + kBlockM, p.seqlen_q);
    int n_block_max = (p.seqlen_k + kBlockN - 1) / kBlockN;
    int n_unmasked_end = p.seqlen_k / kBlockN;
    if constexpr (Cfg::kCausal) {
      const int offset = p.seqlen_k - p.seqlen_q;      // row i sees keys j <= i + offset
      const int keys_last_row = max(0, row_end + offset);  // keys seen by row row_end - 1
      const int keys_first_row = max(0, m0 + offset + 1);  // keys seen by row m0
      n_block_max = min(n_block_max, (keys_last_row + kBlockN - 1) / kBlockN);
      n_unmasked_end = min(n_unmasked_end, keys_first_row / kBlockN);
    }
    if (n_block_max <= 0) {
      Epilogue::store_empty(p.epilogue, m_block, head, batch, p.seqlen_q, p.heads);
      return;
    }

    SharedStorage& ss = *reinterpret_cast<SharedStorage*>(smem);
    const int warp = cutlass::canonical_warp_idx_sync();
    const int wg_idx = cutlass::canonical_warp_group_idx();
    if (warp == 0 && cute::elect_one_sync()) {
      Mainloop::prefetch_descriptors(p.mainloop);
      Epilogue::prefetch_descriptors(p.epilogue);
      ss.q_full.init(1);
    }
    typename Pipeline::Params pp;
    pp.transaction_bytes = Mainloop::kKVBytes;
    pp.role = wg_idx == 0 ? Pipeline::ThreadCategory::Producer : Pipeline::ThreadCategory::Consumer;
    pp.is_leader = threadIdx.x == 0;  // lane 0 of the loading warp
    pp.num_consumers = Mainloop::kConsumerThreads;
    pp.initializing_warp = 0;
    Pipeline pipe_k(ss.pipe_k, pp, Shape<_1, _1, _1>{});
    Pipeline pipe_v(ss.pipe_v, pp, Shape<_1, _1, _1>{});
    __syncthreads();  // barrier initialization visible to every warp

    if (wg_idx == 0) {
      cutlass::arch::warpgroup_reg_dealloc<Cfg::kProducerRegs>();
      if (warp == 0) {
        Mainloop::load(p.mainloop, ss, pipe_k, pipe_v, m_block, head, head_kv, batch, n_block_max);
      }
    } else {
      cutlass::arch::warpgroup_reg_alloc<Cfg::kConsumerRegs>();
      const int wg = wg_idx - 1;
      const int row_base = m0 + wg * Cfg::kRowsPerWG;
      Tensor tOrO = partition_fragment_C(typename Mainloop::MmaPV{}, Shape<Int<Cfg::kRowsPerWG>, Int<Cfg::kHeadDim>>{});
      constexpr int kRows = decltype(size<0>(rowcol(tOrO)))::value;
      OnlineSoftmax<kRows> softmax(p.scale_log2);
      Mainloop::mma(p.mainloop, ss, pipe_k, pipe_v, wg, row_base, n_block_max, n_unmasked_end,
                    p.seqlen_q, p.seqlen_k, tOrO, softmax);
      float lse[kRows];
      Tensor tOrO_rc = rowcol(tOrO);
      softmax.finalize(tOrO_rc, p.softmax_scale, lse);
      Epilogue::store(p.epilogue, ss, tOrO, lse, wg, m_block, head, batch, p.seqlen_q, p.heads);
    }
  }
};

template <class Cfg, class Element>
__global__ void __launch_bounds__(Cfg::kThreads, 1)
    fwd_kernel(CUTE_GRID_CONSTANT typename FwdKernel<Cfg, Element>::Params const p) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  extern __shared__ __align__(1024) char smem[];
  FwdKernel<Cfg, Element>::run(p, smem);
#endif
}

}  // namespace dash::fwd_detail
