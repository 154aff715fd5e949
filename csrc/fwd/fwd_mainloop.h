// Forward mainloop: TMA loads of Q, K, V (producer warp) and, per consumer warpgroup, the
// S = Q K^T (WGMMA, both operands in shared memory), online softmax, O += P V (WGMMA, P from
// registers, or through shared memory: kPvFromSmem) loop over the KV tiles of the CTA.
//
// Overlap, as in FlashAttention-3:
//  * intra-warpgroup: iteration n issues S_n = Q K_n^T and O += P_{n+1} V_{n+1} back to back and
//    computes the softmax of S_n while the PV GEMM runs on the tensor cores;
//  * ping-pong between the consumer warpgroups: one named barrier each makes them take turns
//    issuing their GEMMs, so one warpgroup's softmax (MUFU/FMA) runs under the others' GEMMs.
// KV tiles are walked from the last one down, so the tiles that need a mask (the diagonal of a
// causal mask, the ragged end of seqlen_k) come first and the steady state runs without masks.
#pragma once
#include <cute/tensor.hpp>
#include <cutlass/arch/barrier.h>
#include <cutlass/cutlass.h>
#include <cutlass/numeric_conversion.h>
#include <cutlass/pipeline/pipeline.hpp>

#include "common/gmma_operands.h"
#include "common/named_barrier.h"
#include "common/score.h"
#include "common/varlen_tiles.h"
#include "fwd/fwd_config.h"
#include "fwd/fwd_softmax.h"

namespace dash::fwd_detail {

using namespace cute;

// Named barrier ids (0 is __syncthreads). Per consumer warpgroup w: kSchedBarrier + w gates the
// issue of its GEMMs (ping-pong; ids 1-3 for up to three warpgroups). kClearVBarrier (varlen):
// both consumer warpgroups have cleared their rows of the first V tile (the first id past the
// ping-pong ones).
enum NamedBarriers : int { kSchedBarrier = 1, kClearVBarrier = 4 };
// Ping-pong turns go round the consumer warpgroups: warpgroup w syncs on kSchedBarrier + w, which
// completes when the warpgroup before it (w - 1 mod kNumConsumerWG) has arrived there after
// issuing its own GEMMs: 2 x 128 threads per barrier, whatever the number of warpgroups.
constexpr int kPingPongThreads = 2 * 128;

template <class Cfg, class Element_>
struct FwdMainloop {
  using Element = Element_;
  static constexpr int kHeadDim = Cfg::kHeadDim;
  static constexpr int kBlockN = Cfg::kBlockN;
  static constexpr int kStages = Cfg::kStages;
  static constexpr int kRowsPerWG = Cfg::kRowsPerWG;
  static constexpr int kNumWG = Cfg::kNumConsumerWG;
  static constexpr int kConsumerThreads = 128 * kNumWG;
  static constexpr int kConsumerWarps = 4 * kNumWG;

  using TileQ = Shape<Int<kRowsPerWG>, Int<kHeadDim>>;  // one warpgroup's Q (and O) rows
  using TileKV = Shape<Int<kBlockN>, Int<kHeadDim>>;

  // Shared memory: Q as kNumWG separate 64-row tiles (each consumer's A operand); K and V as
  // kStages tiles of the same K-major layout; V^T is a view of V.
  using SmemAtom = decltype(smem_atom_k_major<Element, kHeadDim>());
  using SmemLayoutQTile = decltype(tile_to_shape(SmemAtom{}, TileQ{}));
  using SmemLayoutQ = decltype(tile_to_shape(SmemAtom{}, Shape<Int<kRowsPerWG>, Int<kHeadDim>, Int<kNumWG>>{}));
  using SmemLayoutKV = decltype(tile_to_shape(SmemAtom{}, Shape<Int<kBlockN>, Int<kHeadDim>, Int<kStages>>{}));
  using SmemLayoutVt = decltype(composition(
      SmemLayoutKV{}, make_ordered_layout(Shape<Int<kHeadDim>, Int<kBlockN>, Int<kStages>>{}, Step<_2, _1, _3>{})));

  // One warpgroup computes 64 rows: S (64 x N, K = d) from smem; O (64 x d, K = N) with P in registers.
  using MmaQK = decltype(make_tiled_mma(
      GMMA::ss_op_selector<Element, Element, float, Shape<Int<kRowsPerWG>, Int<kBlockN>, Int<kHeadDim>>>()));
  // kPvFromSmem: P goes through shared memory (each warpgroup's 64 x N tile, K-major: the A
  // operand of an SS GEMM), which frees P's registers for the cost of its stores.
  static constexpr bool kPvFromSmem = Cfg::kPvFromSmem;
  using MmaPV = std::conditional_t<
      kPvFromSmem,
      decltype(make_tiled_mma(GMMA::ss_op_selector<Element, Element, float,
                                                   Shape<Int<kRowsPerWG>, Int<kHeadDim>, Int<kBlockN>>,
                                                   GMMA::Major::K, GMMA::Major::MN>())),
      decltype(make_tiled_mma(GMMA::rs_op_selector<Element, Element, float,
                                                   Shape<Int<kRowsPerWG>, Int<kHeadDim>, Int<kBlockN>>,
                                                   GMMA::Major::K, GMMA::Major::MN>()))>;
  using SmemLayoutP = decltype(tile_to_shape(decltype(smem_atom_k_major<Element, kBlockN>()){},
                                             Shape<Int<kRowsPerWG>, Int<kBlockN>, Int<kNumWG>>{}));

  // Global tensors as (seqlen, head_dim, heads, batch) for TMA; strides in elements.
  using GShape = Shape<int32_t, int32_t, int32_t, int32_t>;
  using GStride = Stride<int64_t, _1, int64_t, int64_t>;
  using GLayout = Layout<GShape, GStride>;
  using TmaQ = decltype(make_tma_copy(SM90_TMA_LOAD{}, make_tensor(make_gmem_ptr(static_cast<Element const*>(nullptr)), GLayout{}),
                                      SmemLayoutQTile{}, TileQ{}, _1{}));
  // K and V: with a cluster of kClusterM CTAs (FwdConfig), each CTA loads 1 / kClusterM of a tile's
  // rows and multicasts them to every CTA of the cluster.
  static constexpr int kClusterM = Cfg::kClusterM;
  using ClusterShape = Shape<Int<kClusterM>, _1, _1>;
  using TmaLoadKV = std::conditional_t<kClusterM == 1, SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST>;
  using TmaKV = decltype(make_tma_copy(TmaLoadKV{}, make_tensor(make_gmem_ptr(static_cast<Element const*>(nullptr)), GLayout{}),
                                       take<0, 2>(SmemLayoutKV{}), TileKV{}, Int<kClusterM>{}));

  static constexpr uint32_t kQBytes = kNumWG * kRowsPerWG * kHeadDim * sizeof(Element);
  static constexpr uint32_t kKVBytes = kBlockN * kHeadDim * sizeof(Element);

  using Pipeline = cutlass::PipelineTmaAsync<kStages>;
  using PipelineState = typename Pipeline::PipelineState;

  struct SharedStorage {
    cute::array_aligned<Element, cute::cosize_v<SmemLayoutQ>, 1024> q;
    cute::array_aligned<Element, cute::cosize_v<SmemLayoutKV>, 1024> k;
    cute::array_aligned<Element, cute::cosize_v<SmemLayoutKV>, 1024> v;
    typename Pipeline::SharedStorage pipe_k;
    typename Pipeline::SharedStorage pipe_v;
    cutlass::arch::ClusterTransactionBarrier q_full;  // Q tile landed (TMA transaction bytes)
    cutlass::arch::ClusterBarrier q_empty;            // every consumer warp is done reading sQ
    // kDynamicTiles: the tile whose Q the current q_full phase announces, written by the producer
    // before it arrives on q_full and read by the consumers after their wait on it.
    int tile;
    // kPvFromSmem: each consumer warpgroup's P. Otherwise one element, last, so that it moves
    // nothing before it (the other instances' shared memory stays as it was).
    cute::array_aligned<Element, kPvFromSmem ? cute::cosize_v<SmemLayoutP> : 1, kPvFromSmem ? 1024 : alignof(Element)> p;
    // Cfg::kStoreOThroughSmem: each consumer warp's 16 x 64 slice of O on its way out
    // (fwd_epilogue.h). Otherwise one element, as p.
    cute::array_aligned<Element, Cfg::kStoreOThroughSmem ? kConsumerWarps * Cfg::kOStagingRows * Cfg::kOStagingCols : 1,
                        Cfg::kStoreOThroughSmem ? 128 : alignof(Element)> o_staging;
    // Varlen: the announced tile's sequence, head and rows, found once by the producer
    // (varlen_tiles::tile_at searches cu_seqlens_q) and read by the consumers beside `tile`, so
    // that their warps do not each search again between two tiles (ncu, d64 causal 8 x 2k: the
    // consumers' searches were 4% of the kernel's stall samples). Otherwise one byte, last, so
    // that it moves nothing before it.
    std::conditional_t<Cfg::kVarlen, varlen_tiles::Tile, char> packed_tile;
  };

  struct Params {
    TmaQ tma_q;
    TmaKV tma_k, tma_v;
    GShape shape_q, shape_k;
    float* never_written = nullptr;  // always null: hold_ahead_of_wgmma_wait's target
    float softcap_scale = 0.f;       // kSoftcap: softmax_scale / softcap (common/score.h)
  };

  static Params make_params(Element const* q, int64_t q_row, int64_t q_head, int64_t q_batch,
                            Element const* k, int64_t k_row, int64_t k_head, int64_t k_batch,
                            Element const* v, int64_t v_row, int64_t v_head, int64_t v_batch,
                            int seqlen_q, int seqlen_k, int heads, int heads_kv, int batch) {
    GShape shape_q = make_shape(seqlen_q, kHeadDim, heads, batch);
    GShape shape_k = make_shape(seqlen_k, kHeadDim, heads_kv, batch);
    auto mQ = make_tensor(make_gmem_ptr(q), make_layout(shape_q, make_stride(q_row, _1{}, q_head, q_batch)));
    auto mK = make_tensor(make_gmem_ptr(k), make_layout(shape_k, make_stride(k_row, _1{}, k_head, k_batch)));
    auto mV = make_tensor(make_gmem_ptr(v), make_layout(shape_k, make_stride(v_row, _1{}, v_head, v_batch)));
    return Params{make_tma_copy(SM90_TMA_LOAD{}, mQ, SmemLayoutQTile{}, TileQ{}, _1{}),
                  make_tma_copy(TmaLoadKV{}, mK, take<0, 2>(SmemLayoutKV{}), TileKV{}, Int<kClusterM>{}),
                  make_tma_copy(TmaLoadKV{}, mV, take<0, 2>(SmemLayoutKV{}), TileKV{}, Int<kClusterM>{}),
                  shape_q, shape_k};
  }

  // The rows of one sequence of a global tensor. A packed (varlen) tensor holds every sequence in
  // one (total, d) plane per head: the sequence's rows are those from `first_row` on (TMA takes
  // any start row). TMA zero-fills only past the end of the whole tensor, so a tile may read the
  // next sequence's rows: the mask (keys), clear_v_rows (values) and the stores' row predicate
  // (queries) keep them out of the results.
  template <class TensorG>
  CUTLASS_DEVICE static auto rows_from(TensorG const& t, int first_row) {
    if constexpr (Cfg::kVarlen) {
      return domain_offset(make_coord(first_row, _0{}), t);
    } else {
      return t;
    }
  }

  CUTLASS_DEVICE static void prefetch_descriptors(Params const& p) {
    cute::prefetch_tma_descriptor(p.tma_q.get_tma_descriptor());
    cute::prefetch_tma_descriptor(p.tma_k.get_tma_descriptor());
    cute::prefetch_tma_descriptor(p.tma_v.get_tma_descriptor());
  }

  // Producer: run by one whole warp; lane 0 issues. Order of loads = order of consumption:
  // K_top, Q, then (K_n, V_{n+1}) for n descending, then V_0. The K/V pipeline states run on
  // across the tiles of a persistent CTA. K_top goes first: it needs only a free K stage, while Q
  // must wait until the consumers' last QK GEMM of the previous tile has read sQ (q_empty); both
  // then load under that tile's last PV GEMM and epilogue. q_iter counts this CTA's tiles that
  // load Q. Varlen: q_begin and k_begin are the sequence's first rows in the packed tensors (batch 0).
  // `tile` is announced to the consumers with Q (kDynamicTiles: SharedStorage::tile), and with it
  // (varlen) `packed`, the tile's place in the packed batch (SharedStorage::packed_tile).
  // kv_shared (clusters): every CTA of the cluster reads this tile's K/V (the same KV head and
  // batch), so each loads its share into all of them; otherwise each CTA loads the whole tile into
  // itself alone (FwdKernel::cluster_shares_kv).
  CUTLASS_DEVICE static void load(Params const& p, SharedStorage& ss, Pipeline& pipe_k, Pipeline& pipe_v,
                                  PipelineState& write_k, PipelineState& write_v, int q_iter, int tile,
                                  int m_block, int head, int head_kv, int batch, KeyTiles kv,
                                  int q_begin = 0, int k_begin = 0, bool kv_shared = true,
                                  varlen_tiles::Tile const* packed = nullptr) {
    Tensor mQ = p.tma_q.get_tma_tensor(p.shape_q);
    Tensor mK = p.tma_k.get_tma_tensor(p.shape_k);
    Tensor mV = p.tma_v.get_tma_tensor(p.shape_k);
    Tensor gQ = local_tile(rows_from(mQ(_, _, head, batch), q_begin), TileQ{}, make_coord(_, _0{}));      // (64, d, m64)
    Tensor gK = local_tile(rows_from(mK(_, _, head_kv, batch), k_begin), TileKV{}, make_coord(_, _0{}));  // (N, d, n)
    Tensor gV = local_tile(rows_from(mV(_, _, head_kv, batch), k_begin), TileKV{}, make_coord(_, _0{}));  // (N, d, n)
    Tensor sQ = make_tensor(make_smem_ptr(ss.q.data()), SmemLayoutQ{});
    Tensor sK = make_tensor(make_smem_ptr(ss.k.data()), SmemLayoutKV{});
    Tensor sV = make_tensor(make_smem_ptr(ss.v.data()), SmemLayoutKV{});
    auto cta_q = p.tma_q.get_slice(_0{});
    // This CTA's share of each K/V tile (all of it without a cluster), written into every CTA of
    // the cluster: the stage's full barrier in each of them expects the whole tile's bytes.
    const int cluster_rank = kClusterM == 1 ? 0 : int(cute::block_rank_in_cluster());
    constexpr uint16_t kMulticastMask = uint16_t((1u << kClusterM) - 1);
    auto cta_k = p.tma_k.get_slice(cluster_rank);
    auto cta_v = p.tma_v.get_slice(cluster_rank);
    Tensor tQgQ = cta_q.partition_S(gQ);  // (TMA, TMA_M, TMA_K, m64)
    Tensor tQsQ = cta_q.partition_D(sQ);  // (TMA, TMA_M, TMA_K, wg)
    Tensor tKgK = cta_k.partition_S(gK);  // (TMA, TMA_N, TMA_K, n)
    Tensor tKsK = cta_k.partition_D(sK);  // (TMA, TMA_N, TMA_K, stage)
    Tensor tVgV = cta_v.partition_S(gV);
    Tensor tVsV = cta_v.partition_D(sV);

    const bool leader = threadIdx.x % 32 == 0;
    // K/V tiles are read by every query tile of the head: keep them in L2; Q is read once.
    constexpr auto kKeep = TMA::CacheHintSm90::EVICT_LAST;
    constexpr auto kStream = TMA::CacheHintSm90::EVICT_FIRST;
    // One K or V tile into its pipeline's next stage: this CTA's share (tXgX, tXsX) into every CTA
    // of the cluster, or, for a tile the cluster does not share, every share of it into this CTA
    // only. Each stage's full barrier expects the whole tile's bytes either way, and its empty
    // barrier still counts every consumer of the cluster: the CTAs walk as many K/V tiles (full
    // masks; causal clusters pair query tiles of one length), so their stages stay in step.
    auto load_stage = [&](Pipeline& pipe, PipelineState& write, auto const& tma, auto const& tXgX, auto const& tXsX,
                          auto const& g_all, auto const& s_all, int n) {
      pipe.producer_acquire(write);
      if (leader) {
        uint64_t& bar = *pipe.producer_get_barrier(write);
        if (kClusterM == 1 || kv_shared) {
          copy(tma.with(bar, kMulticastMask, kKeep), tXgX(_, _, _, n), tXsX(_, _, _, write.index()));
        } else {
          CUTLASS_PRAGMA_UNROLL
          for (int r = 0; r < kClusterM; ++r) {
            auto share = tma.get_slice(r);
            copy(tma.with(bar, uint16_t(1u << cluster_rank), kKeep), share.partition_S(g_all)(_, _, _, n),
                 share.partition_D(s_all)(_, _, _, write.index()));
          }
        }
      }
      ++write;
    };
    auto load_k = [&](int n) { load_stage(pipe_k, write_k, p.tma_k, tKgK, tKsK, gK, sK, n); };
    auto load_v = [&](int n) { load_stage(pipe_v, write_v, p.tma_v, tVgV, tVsV, gV, sV, n); };

    load_k(kv.hi - 1);
    if (q_iter > 0) {
      cutlass::arch::ClusterBarrier::wait(reinterpret_cast<uint64_t*>(&ss.q_empty), (q_iter - 1) & 1);
    }
    if (leader) {
      if constexpr (Cfg::kDynamicTiles) publish_tile(ss, tile, packed);  // read by the consumers only there
      ss.q_full.arrive_and_expect_tx(kQBytes);
      uint64_t& bar = *reinterpret_cast<uint64_t*>(&ss.q_full);
      CUTLASS_PRAGMA_UNROLL
      for (int w = 0; w < kNumWG; ++w) {
        copy(p.tma_q.with(bar, 0, kStream), tQgQ(_, _, _, m_block * kNumWG + w), tQsQ(_, _, _, w));
      }
    }
    CUTLASS_PRAGMA_NO_UNROLL
    for (int n = kv.hi - 2; n >= kv.lo; --n) {
      load_k(n);
      load_v(n + 1);
    }
    load_v(kv.lo);
  }

  // kDynamicTiles: what the next q_full phase announces (announced_tile reads it), written by the
  // announcing lane once the consumers have read the last announcement (q_empty): the tile and,
  // varlen, its place in the packed batch (none for the claim past the last tile).
  CUTLASS_DEVICE static void publish_tile(SharedStorage& ss, int tile, varlen_tiles::Tile const* packed) {
    ss.tile = tile;
    if constexpr (Cfg::kVarlen) {
      if (packed != nullptr) ss.packed_tile = *packed;
    }
  }

  // kDynamicTiles: announces a tile that loads no Q (one with no key to visit, or `tile` >=
  // num_tiles: no more work) through the same q_full phase as a loaded one, so that q_iter counts
  // every claimed tile on both sides. Run by the whole producer warp. `packed`: as load's.
  CUTLASS_DEVICE static void announce_without_q(SharedStorage& ss, int q_iter, int tile,
                                                varlen_tiles::Tile const* packed = nullptr) {
    if (q_iter > 0) {
      cutlass::arch::ClusterBarrier::wait(reinterpret_cast<uint64_t*>(&ss.q_empty), (q_iter - 1) & 1);
    }
    if (threadIdx.x % 32 == 0) {
      publish_tile(ss, tile, packed);
      ss.q_full.arrive();  // no transaction bytes: the phase completes with this arrive
    }
  }

  // The tile announced by q_full's phase q_iter (kDynamicTiles), read by a consumer.
  // The producer overwrites ss.tile once every consumer warp has arrived on q_empty, which one
  // elected lane per warp does: the __syncwarp orders every lane's read before that arrive
  // (without it the order rested on the warp running converged). compute-sanitizer's racecheck
  // reports this read and the next announcement's write as a hazard with or without it
  // (bench/NOTES.md, session 13). Varlen: `packed` receives the tile's place in the packed batch,
  // read before the same __syncwarp (the tile past the last one's is left as it was).
  CUTLASS_DEVICE static int announced_tile(SharedStorage& ss, int q_iter, varlen_tiles::Tile* packed = nullptr) {
    cutlass::arch::ClusterTransactionBarrier::wait(reinterpret_cast<uint64_t*>(&ss.q_full), q_iter & 1);
    const int tile = *reinterpret_cast<volatile int*>(&ss.tile);
    if constexpr (Cfg::kVarlen) {
      static_assert(sizeof(varlen_tiles::Tile) == 9 * sizeof(int), "the copy below names every field of Tile");
      volatile varlen_tiles::Tile const& a = ss.packed_tile;
      *packed = varlen_tiles::Tile{a.has_rows, a.seq, a.head, a.m_block, a.q_begin,
                                   a.q_used, a.q_owned, a.k_begin, a.k_used};
    }
    __syncwarp();
    return tile;
  }

  // Releases sQ without reading it (a tile with no key to visit): one arrive per consumer warp.
  CUTLASS_DEVICE static void release_q_unread(SharedStorage& ss) {
    if (cute::elect_one_sync()) cutlass::arch::ClusterBarrier::arrive(reinterpret_cast<uint64_t*>(&ss.q_empty));
  }

  // Varlen: the first V tile visited (n_block_max - 1) may hold, from row `first_row` on, keys
  // past the sequence's last one: the next sequence's, or padding that was never written
  // (seqused_k, tokens past the last sequence). Their P is 0, but 0 x inf or NaN is NaN: the two
  // consumer warpgroups zero those rows in shared memory before either PV GEMM reads the tile, so
  // that a sequence's result never depends on what lies beside it. (Rows past the end of the
  // tensor are zero already: TMA fills them.) At most once per CTA; both warpgroups call it.
  CUTLASS_DEVICE static void clear_v_rows(SharedStorage& ss, Pipeline& pipe_v, PipelineState read_v, int first_row,
                                          int wg) {
    pipe_v.consumer_wait(read_v);  // waited on again (at once) before the PV GEMM
    Tensor sV = make_tensor(make_smem_ptr(ss.v.data()), SmemLayoutKV{})(_, _, read_v.index());  // (N, d)
    // 16-byte stores: the 128-byte swizzle moves whole 16-byte chunks of a row, so 8 elements from
    // a multiple of 8 are contiguous.
    constexpr int kVec = 16 / sizeof(Element);
    constexpr int kVecPerRow = kHeadDim / kVec;
    const int tid = threadIdx.x % 128 + wg * 128;
    for (int i = tid; i < (kBlockN - first_row) * kVecPerRow; i += kConsumerThreads) {
      const int row = first_row + i / kVecPerRow;
      // st.shared: through a generic pointer the compiler would emit a generic store.
      const uint32_t addr = cute::cast_smem_ptr_to_uint(&sV(row, (i % kVecPerRow) * kVec));
      asm volatile("st.shared.v4.b32 [%0], {%1, %1, %1, %1};" ::"r"(addr), "r"(0) : "memory");
    }
    cutlass::arch::fence_view_async_shared();  // generic-proxy stores, read by WGMMA (async proxy)
    NamedBarrier::sync(kConsumerThreads, kClearVBarrier);
  }

  // Consumer warpgroup `wg`: computes its 64 rows of O (unnormalized until finalize) and the
  // softmax state. Rows start at row_base; KV tiles [kv.lo, kv.hi) are visited descending, and
  // those outside [kv.unmasked_lo, kv.unmasked_hi) get the mask. first_v_rows (varlen): see clear_v_rows;
  // kBlockN when the first V tile needs no clearing.
  template <class TensorO, class Softmax>
  CUTLASS_DEVICE static void mma(Params const& p, SharedStorage& ss, Pipeline& pipe_k, Pipeline& pipe_v,
                                 PipelineState& read_k, PipelineState& read_v, int q_iter,
                                 int wg, int row_base, KeyTiles kv, Band band,
                                 int seqlen_q, int seqlen_k, TensorO& tOrO, Softmax& softmax,
                                 int first_v_rows = kBlockN) {
    const int tid = threadIdx.x % 128;
    MmaQK mma_qk;
    MmaPV mma_pv;
    auto thr_qk = mma_qk.get_thread_slice(tid);
    auto thr_pv = mma_pv.get_thread_slice(tid);

    Tensor sQ = make_tensor(make_smem_ptr(ss.q.data()), SmemLayoutQ{});
    Tensor sK = make_tensor(make_smem_ptr(ss.k.data()), SmemLayoutKV{});
    Tensor sVt = make_tensor(make_smem_ptr(ss.v.data()), SmemLayoutVt{});
    Tensor tSrQ = thr_qk.partition_fragment_A(sQ);   // (MMA, 1, d/16, wg) descriptors
    Tensor tSrK = thr_qk.partition_fragment_B(sK);   // (MMA, 1, d/16, stage)
    Tensor tOrV = thr_pv.partition_fragment_B(sVt);  // (MMA, 1, N/16, stage)
    Tensor tSrQ_wg = tSrQ(_, _, _, wg);
    // Q's descriptors for a step, offset by zero in a form ptxas cannot prove (the K stage's index
    // shifted out): a per-step 64-bit base, built with K's UIADD3.64 (F14: 12 fewer a step).
    auto q_descs = [&](int stage) {
      GMMA::DescriptorIterator it = tSrQ_wg.data();
      it.desc_.desc_ += uint64_t(uint32_t(stage) >> 16);
      return make_tensor(it, tSrQ_wg.layout());
    };

    Tensor tSrS = partition_fragment_C(mma_qk, Shape<Int<kRowsPerWG>, Int<kBlockN>>{});
    Tensor tOrP = make_tensor<Element>(accumulator_as_operand_a(tSrS.layout()));
    // kPvFromSmem: P's tile of this warpgroup, written with stmatrix from the accumulator layout
    // and read by the PV GEMM as descriptors. A warp reads only the 16 rows of P that it wrote
    // (WGMMA's M splits over the warps as the accumulator's rows do), so a __syncwarp orders the
    // stores before the GEMM.
    auto smem_p = [&]() { return make_tensor(make_smem_ptr(ss.p.data()), SmemLayoutP{})(_, _, wg); };
    // O += P V for the V tile in `stage`; one commit group, not waited for.
    auto pv_gemm = [&](int stage) {
      if constexpr (kPvFromSmem) {
        wgmma<false, -1>(mma_pv, thr_pv.partition_fragment_A(smem_p()), tOrV(_, _, _, stage), tOrO);
      } else {
        wgmma<false, -1>(mma_pv, tOrP, tOrV(_, _, _, stage), tOrO);
      }
    };
    Tensor tSrS_rc = rowcol(tSrS);
    Tensor tScS_rc = rowcol(thr_qk.partition_C(make_identity_tensor(Shape<Int<kRowsPerWG>, Int<kBlockN>>{})));
    Tensor tOrO_rc = rowcol(tOrO);

    constexpr int kRows = decltype(size<0>(tSrS_rc))::value;
    // FwdConfig::kEarlyExpCols: O rescaled after the PV wait (FA4's order), or under the QK GEMM.
    constexpr bool kRescaleAfterPvWait = kPvFromSmem || Cfg::kEarlyExpCols >= 0;
    float scale[kRows];
    CUTLASS_PRAGMA_UNROLL
    for (int r = 0; r < kRows; ++r) scale[r] = 1.f;

    // S_n in 16 bits as the next PV GEMM's A operand and, where kRescaleAfterPvWait
    // (rescale_o), O rescaled for that GEMM, once the previous PV GEMM has been waited for (it
    // accumulates into O and, P in registers, reads the registers P is converted into). P in
    // registers with kEarlyExpCols >= 0: the conversions and O's FMULs share the issue slots
    // between the exponentials that follow the PV wait (FA4's order). P through shared memory
    // (kPvFromSmem): stored to this warpgroup's P tile, whose last reader, the previous PV GEMM,
    // has been waited for, with the rescale between the stores and their fence (F2b: what drains
    // the stores before the fence is their interleaving with the exponentials, at the PV wait).
    auto make_p = [&](bool rescale_o) {
      convert_fragment(tSrS, tOrP);
      if constexpr (kPvFromSmem) {
        auto r2s_p = make_tiled_copy_C(Copy_Atom<SM90_U32x4_STSM_N, Element>{}, mma_qk);
        auto thr_r2s_p = r2s_p.get_thread_slice(tid);
        copy(r2s_p, thr_r2s_p.retile_S(tOrP), thr_r2s_p.partition_D(smem_p()));
        if (rescale_o) softmax.rescale(tOrO_rc, scale);
        cutlass::arch::fence_view_async_shared();  // generic-proxy stores, read by WGMMA
        __syncwarp();
      } else if constexpr (kRescaleAfterPvWait) {
        if (rescale_o) softmax.rescale(tOrO_rc, scale);
      }
    };
    // Otherwise O's rescale for the next PV GEMM is issued under the QK GEMM.
    auto rescale_o_under_qk = [&]() {
      if constexpr (!kRescaleAfterPvWait) softmax.rescale(tOrO_rc, scale);
    };

    // Ping-pong: this warpgroup issues its GEMMs only after the one before it has issued its own,
    // and then hands the turn to the next one.
    const int my_bar = kSchedBarrier + wg;
    const int other_bar = kSchedBarrier + (wg + 1) % kNumWG;
    auto mask = [&](int n) {
      apply_mask<Cfg::kCausal, Cfg::kWindow>(tSrS_rc, tScS_rc, band, row_base, n * kBlockN, seqlen_q, seqlen_k);
    };
    // The score policy (common/score.h): capped instances hold tanh(s * softcap_scale), before the
    // mask (which sets -inf, not a capped value); the softmax's scale was set for what is held.
    auto hold_scores = [&]() {
      if constexpr (Cfg::kSoftcap) cap_scores(tSrS, p.softcap_scale);
    };
    // After the QK GEMM of KV tile kv.lo (always the last) has completed, sQ is free: one lane per
    // warp tells the producer (each warp's part of the GEMM completes on its own).
    auto release_q = [&]() {
      if (cute::elect_one_sync()) cutlass::arch::ClusterBarrier::arrive(reinterpret_cast<uint64_t*>(&ss.q_empty));
    };

    cutlass::arch::ClusterTransactionBarrier::wait(reinterpret_cast<uint64_t*>(&ss.q_full), q_iter & 1);

    // First KV tile: S only.
    int n = kv.hi - 1;
    pipe_k.consumer_wait(read_k);
    NamedBarrier::sync(kPingPongThreads, my_bar);
    wgmma<true, -1>(mma_qk, tSrQ_wg, tSrK(_, _, _, read_k.index()), tSrS);
    NamedBarrier::arrive(kPingPongThreads, other_bar);
    warpgroup_wait<0>();
    warpgroup_fence_operand(tSrS);
    pipe_k.consumer_release(read_k);
    ++read_k;
    if (n == kv.lo) release_q();
    hold_scores();
    if (n >= kv.unmasked_hi || (Cfg::kWindow && n < kv.unmasked_lo)) mask(n);
    softmax.step(tSrS_rc, scale);
    make_p(false);
    clear(tOrO);
    if constexpr (Cfg::kVarlen) {
      // Uniform over the CTA: both warpgroups clear or neither. Outside the ping-pong's critical
      // sections, so the barrier cannot cross them.
      if (first_v_rows < kBlockN) clear_v_rows(ss, pipe_v, read_v, first_v_rows, wg);
    }

    // One step: issue S_n = Q K_n^T and O += P_{n+1} V_{n+1}; softmax of S_n under the PV GEMM.
    auto step = [&](int n, auto masked) {
      pipe_k.consumer_wait(read_k);
      NamedBarrier::sync(kPingPongThreads, my_bar);
      wgmma<true, -1>(mma_qk, q_descs(read_k.index()), tSrK(_, _, _, read_k.index()), tSrS);
      rescale_o_under_qk();
      pipe_v.consumer_wait(read_v);
      pv_gemm(read_v.index());
      NamedBarrier::arrive(kPingPongThreads, other_bar);
      warpgroup_wait<1>();  // S_n is ready; P_{n+1} V_{n+1} may still run
      warpgroup_fence_operand(tSrS);
      pipe_k.consumer_release(read_k);
      ++read_k;
      if (n == kv.lo) release_q();
      hold_scores();
      if constexpr (decltype(masked)::value) mask(n);
      // The softmax of S_n around the wait for P_{n+1} V_{n+1}, by policy (FwdConfig):
      // - P through shared memory: all of it, then the wait, placed first as ptxas places it, so
      //   that P's conversions and stores interleave with the exponentials (the buffer's last
      //   reader is that PV GEMM) and have drained by the fence; held behind the exponentials
      //   instead, the stores all came at the end and the fence waited for them (NOTES_fwd, F2c:
      //   +1-8% at hdim 96, where the other two warpgroups' GEMMs cover the earlier wait);
      // - kEarlyExpCols >= 0: the row maxima and that many columns' exponentials before the wait,
      //   the others after it (the fence on S keeps them there), beside O's rescale and P's
      //   conversions in make_p (FA4's order);
      // - otherwise every exponential before the wait.
      // P in registers, the exponentials before the wait are held ahead of it by a store that
      // never runs (left to itself, ptxas hoists the wait above every exponential:
      // bench/NOTES_fwd.md, v6).
      constexpr bool kSplitStep = !kPvFromSmem && Cfg::kEarlyExpCols >= 0;
      [[maybe_unused]] constexpr int kEarly = kSplitStep ? Cfg::kEarlyExpCols : 0;
      [[maybe_unused]] float mx_scaled[kRows];  // read only by the split step (kSplitStep)
      if constexpr (kSplitStep) {
        softmax.template step_begin<kEarly, Cfg::kExpArgsBeforeWait>(tSrS_rc, scale, mx_scaled);
      } else {
        softmax.step(tSrS_rc, scale);
      }
      if constexpr (!kPvFromSmem) {
        // (both rows' first kEarly columns: the fragment's first 2 kEarly values; with
        // kExpArgsBeforeWait, every value, so that the other columns' FFMAs stay ahead too)
        constexpr int kHeld = kSplitStep && !Cfg::kExpArgsBeforeWait ? 2 * kEarly : decltype(size(tSrS))::value;
        hold_ahead_of_wgmma_wait<kHeld>(p.never_written, tSrS);
      }
      warpgroup_wait<0>();
      warpgroup_fence_operand(tOrO);
      if constexpr (!kPvFromSmem) warpgroup_fence_operand(tOrP);
      if constexpr (kSplitStep) {
        warpgroup_fence_operand(tSrS);
        softmax.template step_end<kEarly, Cfg::kExpArgsBeforeWait>(tSrS_rc, scale, mx_scaled);
      }
      pipe_v.consumer_release(read_v);
      ++read_v;
      make_p(true);
    };
    // Tiles that need the mask come first (descending n); the steady state has no mask code.
    // A sliding window's left edge needs it again at the end: its instance takes one loop that
    // picks the masked or the plain step per tile. (Three loops there, two of them masked, made
    // ptxas keep `step` as a function whose fragments, passed by reference, lived on the stack:
    // 1248 B at hdim 128, and the windowed forward ran at 7 TFLOP/s; bench/NOTES.md, session 15.)
    if constexpr (Cfg::kWindow) {
      CUTLASS_PRAGMA_NO_UNROLL
      for (n = kv.hi - 2; n >= kv.lo; --n) {
        if (n >= kv.unmasked_hi || n < kv.unmasked_lo) {
          step(n, cute::true_type{});
        } else {
          step(n, cute::false_type{});
        }
      }
    } else {
      n = kv.hi - 2;
      // Under the full mask only the last KV tile (keys past seqlen_k), visited first above, can
      // need the mask (key_tiles: unmasked_hi >= hi - 1), so the masked loop never runs there.
      // The capped (softcap) full-mask instances leave it out: with it, the one at hdim 128 kept
      // `step` as a function with its fragments on a 1312-byte stack. (The plain ones keep it:
      // their code stays as measured.)
      if constexpr (Cfg::kCausal || !Cfg::kSoftcap) {
        CUTLASS_PRAGMA_NO_UNROLL
        for (; n >= kv.unmasked_hi; --n) step(n, cute::true_type{});
      }
      CUTLASS_PRAGMA_NO_UNROLL
      for (; n >= kv.unmasked_lo; --n) step(n, cute::false_type{});
    }

    // Last PV GEMM (O rescaled for it here, or by the last step's make_p).
    rescale_o_under_qk();
    pipe_v.consumer_wait(read_v);
    NamedBarrier::sync(kPingPongThreads, my_bar);
    pv_gemm(read_v.index());
    NamedBarrier::arrive(kPingPongThreads, other_bar);
    warpgroup_wait<0>();
    warpgroup_fence_operand(tOrO);
    pipe_v.consumer_release(read_v);
    ++read_v;
  }
};

}  // namespace dash::fwd_detail
