// The backward main kernel: one CTA per (KV tile, head, batch) (grid: bwd_grid.h), three warpgroups.
// MHA instances: a q-head's KV tile. Grouped instances (GQA/MQA, Traits::kGroupedHeads): a k/v
// head's KV tile, whose CTA walks the Q tiles of every q-head of the k/v head's group.
//   warpgroup 0: warp 0 loads (TMA), warps 1 and 2 write dQ (bulk reduce-add + ticket lock),
//                every other step each;
//                registers given back with setmaxnreg so that
//   warpgroups 1-2: the MMA warpgroups, can hold dK, dV, S and dP in registers
//                (bwd_mainloop.h, or bwd_mainloop_dkv_transposed.h above head dim 128).
#pragma once

#include <cute/tensor.hpp>
#include <cutlass/arch/reg_reconfig.h>

#include "bwd/bwd_epilogue.h"
#include "bwd/bwd_grid.h"
#include "bwd/bwd_mainloop.h"
#include "bwd/bwd_mainloop_dkv_transposed.h"
#include "bwd/bwd_postprocess.h"

namespace dash {

template <class Traits>
__global__ void __launch_bounds__(Traits::kThreads, 1)
    bwd_main_kernel(CUTE_GRID_CONSTANT BwdKernelParams<Traits> const p) {
  using Mainloop = std::conditional_t<Traits::kDkvTransposed, BwdMainloopDkvTransposed<Traits>, BwdMainloop<Traits>>;
  using Pipeline = typename Mainloop::Pipeline;
  extern __shared__ __align__(1024) char smem_raw[];
  auto& smem = *reinterpret_cast<typename Traits::SharedStorage*>(smem_raw);

  const int warp_group = threadIdx.x / 128;
  const int warp = threadIdx.x / 32;

  // Varlen: warp 0 reads the preprocess's verdict on the offsets before the claim, so that the
  // load overlaps the claim's round trip.
  [[maybe_unused]] int varlen_status;
  if constexpr (Traits::kVarlen) {
    if (warp == 0) varlen_status = *p.varlen_status;
  }
  if (threadIdx.x == 0) {
    // The launch position comes from a claim, not from blockIdx.x (bwd_grid.h): a CTA waits
    // only on CTAs of its head at earlier positions or in its own wave, and with positions
    // claimed in order the earlier ones are all running or done, so a wave needs only its own
    // W free SMs to finish (docs/schedules.md, "Liveness"). Broadcast by the __syncthreads below;
    // stored last, so that the atomic's round trip overlaps the set-up.
    const int position = claim_launch_position(p.launch_claim);
    cute::prefetch_tma_descriptor(p.tma_q.get_tma_descriptor());
    cute::prefetch_tma_descriptor(p.tma_dout.get_tma_descriptor());
    cute::prefetch_tma_descriptor(p.tma_k.get_tma_descriptor());
    cute::prefetch_tma_descriptor(p.tma_v.get_tma_descriptor());
    cutlass::arch::ClusterTransactionBarrier::init(&smem.kv_barrier, 1);
    smem.launch_position = position;
  }
  if constexpr (Traits::kVarlen) {
    // The position's (sequence, k/v head, KV tile) and schedule: the preprocess's table of them
    // (bwd_varlen.h, cta_table), copied by warp 0 in one load of kCtaInts lanes; nothing (an empty
    // Cta) when the preprocess found the offsets out of order or out of range.
    if (warp == 0) {
      const int lane = threadIdx.x % 32;
      __syncwarp();
      const int position = smem.launch_position;
      if (lane < bwd_varlen::kCtaInts) {
        const int field = varlen_status == 0
                              ? reinterpret_cast<int const*>(bwd_varlen::cta_table(p.varlen_status) + position)[lane]
                              : 0;
        reinterpret_cast<int*>(&smem.varlen)[lane] = field;
      }
    }
  }
  typename Pipeline::Params pipe_params;
  pipe_params.transaction_bytes = Traits::kStageBytes;
  pipe_params.role = warp_group == 0 ? Pipeline::ThreadCategory::Producer : Pipeline::ThreadCategory::Consumer;
  pipe_params.is_leader = threadIdx.x == 0;
  // (The arrivals that free a stage: every MMA thread's, or, with the partial dQ in the stage,
  // the dQ writer's, one per half once its add has read it: bwd_mainloop.h, write_dq.)
  pipe_params.num_consumers = Traits::kDqInStage ? Traits::kDqWarpGroups : Traits::kMmaThreads;
  Pipeline pipeline(smem.pipeline, pipe_params, Shape<_1, _1, _1>{});
  cutlass::arch::fence_barrier_init();
  __syncthreads();
  if constexpr (!Traits::kVarlen) {
    // The launch positions after the main kernel's: the postprocess, converting the dQ tiles of
    // heads that are done (bwd_postprocess.h), its tiles in the shared memory of the main CTAs'
    // tiles (not the last 4 KB: the K/V barrier, whose phase 0 it takes, is there).
    if (p.post_tiles > 0 && smem.launch_position >= p.main_ctas) {
      convert_finished_dq_tiles<Traits>(p, smem.launch_position - p.main_ctas, smem_raw, &smem.kv_barrier);
      return;
    }
  }

  WorkTile w;
  // (launch index in the head's tables, head, batch), positions folded in waves across the
  // batch x heads instances (bwd_grid.h). The heads are the q-heads (MHA) or the k/v heads
  // (grouped: the CTA walks the q-heads head_kv * group + [0, group)).
  // `instance` indexes the positions and timing outputs, (batch, head of the grid).
  int64_t instance;
  if constexpr (Traits::kVarlen) {
    // A varlen CTA: one (sequence, k/v head, KV tile); the tensors are one batch of packed rows.
    bwd_varlen::Cta const& c = smem.varlen;
    if (!c.has_work) return;  // an empty launch position: nobody waits on it
    w.varlen = c;
    w.n = c.n;
    w.head_kv = c.head;
    w.batch = 0;
    w.group = p.group;
    w.head = w.head_kv * w.group;
    w.visit_begin = 0;
    w.visit_count = c.visit_count;
    instance = 0;  // (the debug hooks are off for varlen)
  } else if constexpr (Traits::kGroupedHeads) {
    const GridTile g = unfold_grouped_launch_position(smem.launch_position, p.num_n_blocks, p.launch_wave,
                                                      p.launch_group, p.heads_kv, p.heads_kv * p.batch);
    w.n = p.launch_order[g.tile];
    w.head_kv = g.head;
    w.batch = g.batch;
    w.group = p.group;
    w.head = w.head_kv * w.group;
    instance = int64_t(w.batch) * p.heads_kv + w.head_kv;
  } else {
    const GridTile g = unfold_grouped_launch_position(smem.launch_position, p.num_n_blocks, p.launch_wave,
                                                      p.launch_group, p.heads, p.heads * p.batch);
    w.n = p.launch_order[g.tile];
    w.head = g.head;
    w.batch = g.batch;
    w.head_kv = w.head;
    instance = int64_t(w.batch) * p.heads + w.head;
  }
  if constexpr (!Traits::kVarlen) {
    w.visit_begin = p.visit_offsets[w.n];
    w.visit_count = p.visit_offsets[w.n + 1] - w.visit_begin;
  }
  if (p.positions != nullptr && threadIdx.x == 0) {
    p.positions[instance * p.num_n_blocks + w.n] = smem.launch_position;
  }

  if (warp_group == 0) {
    cutlass::arch::warpgroup_reg_dealloc<Traits::kProducerRegs>();
    if (w.visit_count == 0) return;  // nothing to load or add; the MMA warpgroups write zeros
    if (warp == 0) {
      if (threadIdx.x == 0) Mainloop::load(p, smem, pipeline, w, Traits::kVarlen ? 1 : p.batch);
    } else if (warp <= Traits::kDqWriters) {
      Mainloop::write_dq(p, smem, w, warp - 1);  // warps 1 .. kDqWriters: the dQ writers
    }
  } else {
    cutlass::arch::warpgroup_reg_alloc<Traits::kMmaRegs>();
    const int tid = threadIdx.x - 128;
    const bool timed = p.timing != nullptr && tid == 0;
    const int64_t timing_slot = (instance * p.num_n_blocks + w.n) * 2;
    if (timed) p.timing[timing_slot] = int64_t(global_timer_ns());
    typename Traits::TiledMmadKV mma_dkv;
    Tensor tdKrdK = partition_fragment_C(mma_dkv, typename Traits::DkvShape{});  // dK, or dK^T (transposed policy)
    Tensor tdVrdV = partition_fragment_C(mma_dkv, typename Traits::DkvShape{});
    clear(tdKrdK);
    clear(tdVrdV);
    Mainloop::compute(p, smem, pipeline, w, tid, tdKrdK, tdVrdV);
    BwdEpilogue<Traits>::run(p, smem, w, tid, tdKrdK, tdVrdV);
    if (timed) p.timing[timing_slot + 1] = int64_t(global_timer_ns());
  }
}

}  // namespace dash
