// The MMA warpgroups' loop for head dims above 128 (BwdConfig::kDkvTransposed; FA3's and FA4's
// dKV_swapAB). The keys-on-M loop (bwd_mainloop.h) keeps dK and dV as 64 keys x d fp32 per
// warpgroup, d / 2 registers per thread each: 192 or 256 at these head dims, more than a thread
// has. Here each warpgroup owns kBlockN / 2 keys on WGMMA's N instead, and the head dim goes on
// M for the dK/dV GEMMs:
//   S = Q K^T, dP = dO V^T    (64 queries x the warpgroup's keys; both operands from smem)
//   P, dS in registers        (a thread holds two query rows: one LSE and one D each)
//   P^T, dS^T to smem         (key-major, by transposing stmatrix)
//   dV^T += dO^T P            (d x the warpgroup's keys; A = dO^T, a view of the dO stage;
//                              B = P^T as stored, K-major)
//   dK^T += Q^T dS            (likewise, B = dS^T as stored)
//   dQ = dS K                 (all keys: after the CTA-wide dS barrier)
// The producer (load), the dQ writers (write_dq) and their turns are the keys-on-M loop's,
// inherited; only the MMA warpgroups' loop differs. dQ is split by head dim between the two
// warpgroups, and each half goes into the step's own Q or dO stage, which the writer releases
// once its add has read it (kDqInStage, bwd_config.h): the policy's tiles need that shared memory.
#pragma once

#include "bwd/bwd_mainloop.h"

namespace dash {

template <class Traits>
struct BwdMainloopDkvTransposed : BwdMainloop<Traits> {
  using Base = BwdMainloop<Traits>;
  using Element = typename Traits::Element;
  using Params = typename Base::Params;
  using SharedStorage = typename Traits::SharedStorage;
  using Pipeline = typename Base::Pipeline;
  using PipelineState = typename Base::PipelineState;
  static constexpr int kBlockM = Traits::kBlockM;
  static constexpr int kBlockN = Traits::kBlockN;
  static_assert(Traits::kDkvTransposed);
  static_assert(Traits::kDqInStage, "the transposed policy keeps the partial dQ in the stages (bwd_config.h)");

  // MMA warpgroups: `tid` in [0, kMmaThreads). Accumulates dK^T (unscaled) and dV^T.
  template <class FragdK, class FragdV>
  static __device__ void compute(Params const& p, SharedStorage& smem, Pipeline& pipeline, WorkTile const& w,
                                 int tid, FragdK& tdKrdK, FragdV& tdVrdV) {
    typename Traits::TiledMmaSdP mma_sdp;
    typename Traits::TiledMmadKV mma_dkv;
    typename Traits::TiledMmadQ mma_dq;
    auto thr_sdp = mma_sdp.get_thread_slice(tid);
    // Descriptors partitioned with the warpgroup's first thread (uniform registers; bwd_mainloop.h).
    const int warp_group = cutlass::canonical_warp_group_idx() - 1;  // MMA warpgroups are 1 and 2
    const int warp_group_first_thread = warp_group * 128;
    auto desc_sdp = mma_sdp.get_thread_slice(warp_group_first_thread);
    auto desc_dkv = mma_dkv.get_thread_slice(warp_group_first_thread);
    auto desc_dq = mma_dq.get_thread_slice(warp_group_first_thread);

    Tensor sK = make_tensor(make_smem_ptr(smem.k.data()), typename Traits::SmemLayoutK{});
    Tensor sV = make_tensor(make_smem_ptr(smem.v.data()), typename Traits::SmemLayoutV{});
    Tensor sQ = make_tensor(make_smem_ptr(smem.q.data()), typename Traits::SmemLayoutQ{});
    Tensor sdO = make_tensor(make_smem_ptr(smem.dout.data()), typename Traits::SmemLayoutdO{});
    Tensor sQt = make_tensor(make_smem_ptr(smem.q.data()), typename Traits::SmemLayoutQt{});
    Tensor sdOt = make_tensor(make_smem_ptr(smem.dout.data()), typename Traits::SmemLayoutdOt{});
    Tensor sKt = make_tensor(make_smem_ptr(smem.k.data()), typename Traits::SmemLayoutKt{});
    Tensor sPt = make_tensor(make_smem_ptr(smem.p.data()), typename Traits::SmemLayoutdS{});  // P^T, (keys, queries)

    Tensor tSrQ = desc_sdp.partition_fragment_A(sQ);
    Tensor tSrK = desc_sdp.partition_fragment_B(sK);
    Tensor tdPrdO = desc_sdp.partition_fragment_A(sdO);
    Tensor tdPrV = desc_sdp.partition_fragment_B(sV);
    Tensor tdVrdOt = desc_dkv.partition_fragment_A(sdOt);
    Tensor tdVrPt = desc_dkv.partition_fragment_B(sPt);
    Tensor tdKrQt = desc_dkv.partition_fragment_A(sQt);
    Tensor tdQrK = desc_dq.partition_fragment_B(sKt);

    // P^T and dS^T to shared memory with transposing stmatrix, from S's (query, key) layout into
    // the key-major buffers seen as (query, key) (SmemLayoutdSt). dS^T's addresses as in
    // bwd_mainloop.h: buffer 0's swizzled address plus whole swizzle periods.
    auto r2s = make_tiled_copy_C(typename Traits::R2SCopyAtomdS{}, mma_sdp);
    auto thr_r2s = r2s.get_thread_slice(tid);
    Tensor tPsP = thr_r2s.partition_D(make_tensor(make_smem_ptr(smem.p.data()), typename Traits::SmemLayoutdSt{}));
    Tensor tdSsdS_buffer0 = thr_r2s.partition_D(make_tensor(make_smem_ptr(smem.ds.data()), typename Traits::SmemLayoutdSt{}));
    using DsStoreLayout = decltype(tdSsdS_buffer0.layout());
    static_assert(is_static<DsStoreLayout>::value);
    static_assert(offsets_keep_the_swizzle<decltype(tdSsdS_buffer0)>(Traits::kDsElems),
                  "dS^T's store offsets must be whole swizzle periods");
    const uint32_t ds_store_buffer0 = cast_smem_ptr_to_uint(&tdSsdS_buffer0(0));

    // (query row, key column) of every S element this thread holds. Element j = e + 2 h + 4 g
    // of the accumulator sits in row half h (rows r and r + 8 of the warp's 16), so a thread needs
    // two rows' LSE and D per step.
    Tensor tScS = thr_sdp.partition_C(make_identity_tensor(typename Traits::ScoreShape{}));
    const int row_of_half[2] = {get<0>(tScS(0)), get<0>(tScS(2))};

    const int seqlen_q = Traits::kVarlen ? w.varlen.s.sq : p.seqlen_q;
    const int seqlen_k = Traits::kVarlen ? w.varlen.s.sk : p.seqlen_k;
    const int key_base = w.n * kBlockN;

    if (w.visit_count > 0) cutlass::arch::ClusterTransactionBarrier::wait(&smem.kv_barrier, 0);
    // Varlen: zero the key rows past the sequence (bwd_mainloop.h says why).
    if constexpr (Traits::kVarlen) {
      if (w.visit_count > 0 && seqlen_k - key_base < kBlockN) Base::template zero_rows_past_sequence<Base::kKvLines>(sK, sV, seqlen_k - key_base, tid);
    }

    PipelineState state;
    const int steps = Traits::kGroupedHeads ? w.visit_count * w.group : w.visit_count;
    int visit = 0;
    using PairConverter = cutlass::NumericArrayConverter<Element, float, 2>;
    using Pair = typename PairConverter::result_type;
    constexpr int kValues = decltype(size(partition_fragment_C(mma_sdp, typename Traits::ScoreShape{})))::value;
    static_assert(kValues % 4 == 0);
    for (int i = 0; i < steps; ++i) {
      const int m = Base::visit_m(p, w, Traits::kGroupedHeads ? visit : i);
      const int query_base = m * kBlockM;
      pipeline.consumer_wait(state);
      const int stage = state.index();
      if constexpr (Traits::kVarlen) {
        if (seqlen_q - query_base < kBlockM) {
          Base::template zero_rows_past_sequence<Base::kQLines>(sQ(_, _, stage), sdO(_, _, stage), seqlen_q - query_base,
                                                                tid);
        }
      }

      Tensor tSrS = partition_fragment_C(mma_sdp, typename Traits::ScoreShape{});
      Tensor tdPrdP = partition_fragment_C(mma_sdp, typename Traits::ScoreShape{});
      wgmma<true, -1>(mma_sdp, tSrQ(_, _, _, stage), tSrK, tSrS);
      wgmma<true, -1>(mma_sdp, tdPrdO(_, _, _, stage), tdPrV, tdPrdP);

      // The LSE (log2 units) and D of this thread's two query rows, read while the GEMMs run.
      const float* lse_tile = smem.lse.data() + stage * kBlockM;
      const float* dpsum_tile = smem.dpsum.data() + stage * kBlockM;
      const float lse[2] = {lse_tile[row_of_half[0]], lse_tile[row_of_half[1]]};
      const float dpsum[2] = {dpsum_tile[row_of_half[0]], dpsum_tile[row_of_half[1]]};

      const TileBand tb = tile_band(p.band, query_base, key_base, seqlen_q, seqlen_k);
      const bool need_mask = tile_needs_mask(p.band, query_base, key_base, kBlockM, kBlockN, seqlen_q, seqlen_k);
      warpgroup_wait<1>();  // S (dP may still run)
      warpgroup_fence_operand(tSrS);
      // Capped scores (common/score.h): S becomes the held tanh T in place.
      if constexpr (Traits::kSoftcap) cap_scores(tSrS, p.softcap_scale);

      // P = exp2(held * scale_log2 - LSE), zero where masked; kept in fp32 for dS.
      float prob[kValues];
      auto softmax = [&](auto masked) {
        CUTLASS_PRAGMA_UNROLL
        for (int j = 0; j < kValues; ++j) {
          float s = tSrS(j);
          if constexpr (decltype(masked)::value) {
            const int query = get<0>(tScS(j)), key = get<1>(tScS(j));
            s = (key < tb.rows_valid) & (key <= query + tb.hi) & (key >= query + tb.lo) ? s : -INFINITY;
          }
          prob[j] = exp2_approx(s * p.scale_log2 - lse[(j / 2) % 2]);
        }
      };
      if (need_mask) {
        softmax(cute::true_type{});
      } else {
        softmax(cute::false_type{});
      }
      Tensor rP = make_tensor_like<Element>(tSrS);
      Pair* rP_pairs = reinterpret_cast<Pair*>(raw_pointer_cast(rP.data()));
      CUTLASS_PRAGMA_UNROLL
      for (int j = 0; j < kValues; j += 2) {
        cutlass::Array<float, 2> pair;
        pair[0] = prob[j], pair[1] = prob[j + 1];
        rP_pairs[j / 2] = PairConverter::convert(pair);
      }
      // P^T of this warpgroup's keys, which only its own dV^T reads (its previous step's dV^T was
      // waited for): a warpgroup-wide barrier suffices, and dV^T runs while dS is computed.
      copy(r2s, thr_r2s.retile_S(rP), tPsP);
      cutlass::arch::fence_view_async_shared();
      NamedBarrier::sync(128, p_ready_barrier(warp_group));
      wgmma<false, -1>(mma_dkv, tdVrdOt(_, _, _, stage), tdVrPt, tdVrdV);

      warpgroup_wait<1>();  // dP (dV^T may still run)
      warpgroup_fence_operand(tdPrdP);
      Tensor rdS = make_tensor_like<Element>(tSrS);
      Pair* rdS_pairs = reinterpret_cast<Pair*>(raw_pointer_cast(rdS.data()));
      CUTLASS_PRAGMA_UNROLL
      for (int j = 0; j < kValues; j += 2) {
        cutlass::Array<float, 2> ds;
        CUTLASS_PRAGMA_UNROLL
        for (int e = 0; e < 2; ++e) {
          ds[e] = prob[j + e] * (tdPrdP(j + e) - dpsum[(j / 2) % 2]);
          // Capped: dS = P (dP - D) (1 - T^2).
          if constexpr (Traits::kSoftcap) ds[e] *= fmaf(-tSrS(j + e), tSrS(j + e), 1.f);
        }
        rdS_pairs[j / 2] = PairConverter::convert(ds);
      }
      // dS^T for dK^T (this warpgroup's keys) and dQ (all keys). The buffer this step writes was
      // last read by step i-2's dK^T and dQ, which both warpgroups waited for before step i-1's
      // kDsReady barrier.
      const int ds_buffer = i % Traits::kDsBuffers;
      Element* ds_store = static_cast<Element*>(
          __cvta_shared_to_generic(ds_store_buffer0 + ds_buffer * Traits::kDsElems * int(sizeof(Element))));
      copy(r2s, thr_r2s.retile_S(rdS), make_tensor(make_smem_ptr(ds_store), DsStoreLayout{}));
      cutlass::arch::fence_view_async_shared();
      NamedBarrier::sync(Traits::kMmaThreads, uint32_t(BwdBarrier::kDsReady));

      Element* ds_buffer_base = smem.ds.data() + ds_buffer * Traits::kDsElems;
      Tensor sdSt = make_tensor(make_smem_ptr(ds_buffer_base), typename Traits::SmemLayoutdS{});   // (keys, queries)
      Tensor sdS = make_tensor(make_smem_ptr(ds_buffer_base), typename Traits::SmemLayoutdSt{});   // (queries, keys)
      Tensor tdQrdQ = partition_fragment_C(mma_dq, typename Traits::DqShape{});
      wgmma<true, -1>(mma_dq, desc_dq.partition_fragment_A(sdS), tdQrK, tdQrdQ);
      wgmma<false, -1>(mma_dkv, tdKrQt(_, _, _, stage), desc_dkv.partition_fragment_B(sdSt), tdKrdK);
      // The partial dQ to the writer (bwd_mainloop.h, hand_dq_to_writer), into the step's own
      // stage: warpgroup 0's half into dO once both warpgroups' dV^T (dO's last readers, issued
      // before the dS barrier) are done, so that its store overlaps dK^T; warpgroup 1's into Q
      // once both dK^T are done.
      warpgroup_wait<1>();  // dV^T, dQ (dK^T may still run)
      warpgroup_fence_operand(tdQrdQ);
      if (warp_group == 0) {
        NamedBarrier::sync(Traits::kMmaThreads, uint32_t(BwdBarrier::kDoRead));
        Base::hand_dq_to_writer(smem, stage, warp_group, tid, tdQrdQ);
        warpgroup_wait<0>();  // dK^T
        NamedBarrier::arrive(Traits::kMmaThreads, uint32_t(BwdBarrier::kQRead));
      } else {
        NamedBarrier::arrive(Traits::kMmaThreads, uint32_t(BwdBarrier::kDoRead));
        warpgroup_wait<0>();  // dK^T
        NamedBarrier::sync(Traits::kMmaThreads, uint32_t(BwdBarrier::kQRead));
        Base::hand_dq_to_writer(smem, stage, warp_group, tid, tdQrdQ);
      }
      warpgroup_fence_operand(tdKrdK);
      warpgroup_fence_operand(tdVrdV);
      ++state;  // the stage is released by the dQ writer, once its add has read the partial dQ
      if constexpr (Traits::kGroupedHeads) {
        if (++visit == w.visit_count) visit = 0;
      }
    }
  }
};

}  // namespace dash
