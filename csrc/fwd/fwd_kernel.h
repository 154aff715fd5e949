// Forward kernel: warp specialization of one CTA over one or more query tiles (kBlockM rows of
// one head each).
//
//   warpgroup 0  producer: setmaxnreg down to kProducerRegs; its warp 0 issues every TMA load
//                (Q per tile, K and V tiles through two kStages-deep mbarrier pipelines);
//   warpgroups 1.. consumers (two, or three at hdim 64: fwd_config.h): setmaxnreg up to
//                kConsumerRegs; each owns 64 query rows, runs the mainloop (WGMMA + online
//                softmax, the warpgroups taking turns to issue their GEMMs), then the epilogue.
//
// Full masks number tiles query tile fastest, then head, then batch: CTAs that run at the same
// time share a head, so its K/V is read from L2 by many query tiles. One persistent CTA per SM
// handles tiles blockIdx.x, blockIdx.x + gridDim.x, ... (clusters: static_tile), or claims them
// from a counter (kDynamicTiles: causal and varlen). Causal grids (with clusters, a static snake
// order) number them longest first within sections of heads whose K/V fit in L2 together
// (Params::section, fwd_launch.h): the section's last query tiles (they see the most keys) of all
// its heads, then the tiles one shorter, and so on. The longest tiles then start first and the
// shortest fill the tail of the launch, where the order per head left long tiles of the last
// heads to start late (the d64 causal 8k forward's slowest SM ran 5% past the average, FA4's 1%:
// bench/NOTES_fwd.md F10).
//
// Varlen (Cfg::kVarlen): tile t is a (sequence, head, query tile) of a packed batch, found from
// cu_seqlens by varlen_tiles::tile_at; the tiles of a sequence are those of a fixed-length call of
// its lengths, shifted to its first rows in the packed tensors. The producer finds it (a search
// over cu_seqlens_q) and announces it to the consumers with the tile; left-over launch slots (at
// most one per sequence and head, varlen_tiles.h) hold no rows and are skipped unannounced.
#pragma once
#include <cute/tensor.hpp>
#include <cutlass/arch/reg_reconfig.h>
#include <cutlass/cutlass.h>
#include <cutlass/fast_math.h>

#include "fwd/fwd_config.h"
#include "fwd/fwd_epilogue.h"
#include "fwd/fwd_mainloop.h"
#include "fwd/fwd_softmax.h"
#include "common/band.h"
#include "common/sm90_limits.h"
#include "common/varlen_tiles.h"

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
  static_assert(kSmemBytes <= kMaxSmemBytesPerCta, "tile config exceeds the 227 KiB of shared memory per CTA");
  static_assert(Cfg::kClusterM == 1 || !Cfg::kDynamicTiles,
                "clusters run the static persistent order (tiles in step, as many per CTA)");

  struct Params {
    typename Mainloop::Params mainloop;
    typename Epilogue::Params epilogue;
    int seqlen_q, seqlen_k, heads, group;  // group = heads / heads_kv
    int num_m_blocks, num_tiles;
    int pairs, section;  // kDynamicTiles: batch * heads, and (batch, head) pairs per section of the causal order
    // The score policy's scales (common/score.h): softmax_scale here is its exp_scale, the LSE's
    // factor (softcap when capped).
    float softmax_scale, scale_log2;
    int* tile_counter;  // kDynamicTiles: claims of tiles past the first gridDim.x (zero at launch)
    Band band;  // the call's mask (common/band.h), read by the kWindow instances only (band_of)
    // get_tile's divisors, their multipliers made on the host (cutlass::FastDivmod): a tile's
    // decode at its start is a multiply-high and a shift each, instead of an integer division
    // (about 20 dependent instructions each, which every warp ran before its first wait).
    cutlass::FastDivmod m_blocks_div, heads_div, group_div, section_tiles_div, section_div;
    varlen_tiles::Packed packed;  // varlen only (last, so that the fixed-length layout is unchanged)
  };

  struct Tile {
    int m_block, head, batch;
    KeyTiles kv;  // KV tiles [kv.lo, kv.hi) are visited, descending; empty: no key at all
    // Varlen only (varlen_tiles::Tile): the sequence's rows in the packed tensors.
    bool has_rows = true;   // false: a left-over launch slot
    int q_begin = 0, q_used = 0, q_owned = 0;
    int k_begin = 0, k_used = 0;
    int first_v_rows = kBlockN;  // rows of the first V tile that are the sequence's (Mainloop::clear_v_rows)
  };

  // The band this instance runs: the call's (kWindow), causal's, or none.
  CUTLASS_DEVICE static Band band_of(Band band) {
    return Cfg::kWindow ? band : (Cfg::kCausal ? Band{-1, 0} : Band{});
  }

  // The KV tiles of query rows [m0, m0 + kBlockM) of a (seqlen_q, seqlen_k) attention under
  // the band (the banded instances; the full-mask ones see every key).
  CUTLASS_DEVICE static void set_kv_range(Tile& tile, Band band, int seqlen_q, int seqlen_k) {
    const int m0 = tile.m_block * kBlockM;
    tile.kv = key_tiles(band_of(band), m0, min(m0 + kBlockM, seqlen_q), seqlen_q, seqlen_k, kBlockN);
  }

  // Uniform over the CTA, so the producer and both consumers agree on every tile. Fixed-length
  // tiles only: a packed tile comes from its place in the batch (packed_tile, dynamic_tile).
  CUTLASS_DEVICE static Tile get_tile(Params const& p, int t) {
    static_assert(!Cfg::kVarlen, "packed tiles are found by the producer and announced (dynamic_tile)");
    Tile tile;
    int m, hb;
    if constexpr (Cfg::kCausal) {
      // Section s holds the (batch, head) pairs [s * section, ...) (the last one fewer, if
      // they do not divide evenly), its tiles numbered longest first, pair fastest.
      int s, r, longest_first, pair;
      p.section_tiles_div(s, r, t);  // section_tiles = section * num_m_blocks
      const int width = min(p.section, p.pairs - s * p.section);
      if (width == p.section) {
        p.section_div(longest_first, pair, r);
      } else {  // the last section, when the sections do not divide the pairs evenly
        longest_first = r / width, pair = r % width;
      }
      m = p.num_m_blocks - 1 - longest_first;
      hb = s * p.section + pair;
    } else {
      p.m_blocks_div(hb, m, t);  // full masks: every tile is as long
    }
    tile.m_block = m;
    p.heads_div(tile.batch, tile.head, hb);
    set_kv_range(tile, p.band, p.seqlen_q, p.seqlen_k);
    return tile;
  }

  // The i-th tile of this CTA in the static order (every instance but kDynamicTiles): tiles
  // blockIdx.x, + gridDim.x, ... With clusters, blockIdx.x = kClusterM * cluster + rank, and the
  // CTAs of a cluster take the kClusterM adjacent tiles of a unit, units going to the clusters in
  // turn; causal ones (their tiles numbered longest first, get_tile) in a snake order, clusters
  // 0, 1, ..., n - 1 in even rounds and n - 1, ..., 0 in odd ones, so that no cluster takes the
  // longest unit of every round: a static stride left the busiest CTA 3-6% past the mean at the
  // grid's causal cells, the snake 0.05-0.3%, as dynamic claims do (a model of the launch, units
  // costing their key tiles plus half of one: bench/experiments/s51-causal-order-balance.py).
  CUTLASS_DEVICE static int static_tile(Params const& p, int i) {
    if constexpr (Cfg::kClusterM > 1 && Cfg::kCausal) {
      const int clusters = int(gridDim.x) / Cfg::kClusterM, cluster = int(blockIdx.x) / Cfg::kClusterM;
      const int slot = i % 2 == 0 ? cluster : clusters - 1 - cluster;
      return (i * clusters + slot) * Cfg::kClusterM + int(blockIdx.x) % Cfg::kClusterM;
    } else {
      return int(blockIdx.x) + i * int(gridDim.x);
    }
  }

  // Clusters: whether the kClusterM adjacent tiles that tile t's cluster runs with it read one K/V
  // (the same KV head and batch), so that each CTA loads a share of every K/V tile into all of
  // them. Not where they straddle two heads of different KV heads: a head's query tiles may be odd
  // in number (43 of 192 rows at 8k). Full masks number tiles query tile fastest, causal ones
  // (batch, head) pair fastest within a query tile's length (get_tile), so a unit's tiles are of
  // one head or of neighbouring ones, and the first and last decide.
  CUTLASS_DEVICE static bool cluster_shares_kv(Params const& p, int t) {
    if constexpr (Cfg::kClusterM == 1) {
      return true;
    } else {
      const int first = t - t % Cfg::kClusterM;
      const Tile a = get_tile(p, first), b = get_tile(p, first + Cfg::kClusterM - 1);
      return a.batch == b.batch && p.group_div.div(a.head) == p.group_div.div(b.head);
    }
  }

  // The tile of a place in the packed batch (varlen_tiles::tile_at's): its rows and key tiles.
  CUTLASS_DEVICE static Tile packed_tile(Params const& p, varlen_tiles::Tile const& seq) {
    Tile tile;
    tile.m_block = seq.m_block;
    tile.head = seq.head;
    tile.batch = 0;  // the packed tensors are one batch
    tile.has_rows = seq.has_rows;
    tile.q_begin = seq.q_begin;
    tile.q_used = seq.q_used;
    tile.q_owned = seq.q_owned;
    tile.k_begin = seq.k_begin;
    tile.k_used = seq.k_used;
    set_kv_range(tile, p.band, seq.q_used, seq.k_used);
    // Padding rows only (or none): nothing to compute, and causal's range would count the keys
    // that rows past q_used would see.
    if (!seq.has_rows || tile.m_block * kBlockM >= seq.q_used) tile.kv = KeyTiles{0, 0, 0, 0};
    if (!tile.kv.empty()) {
      // The first V tile visited holds the sequence's keys up to k_used and then whatever follows
      // it in the packed tensor, unless that is past its end (TMA zero-fills there).
      const int keys_in_first = seq.k_used - (tile.kv.hi - 1) * kBlockN;
      if (keys_in_first < kBlockN && seq.k_begin + seq.k_used < p.packed.total_k) tile.first_v_rows = keys_in_first;
    }
    return tile;
  }

  // Tile t of the dynamic order (kDynamicTiles): varlen tiles from their place in the packed batch
  // (`seq`: found by the producer, announced with t to the consumers), the others decoded from t.
  CUTLASS_DEVICE static Tile dynamic_tile(Params const& p, int t, varlen_tiles::Tile const& seq) {
    if constexpr (Cfg::kVarlen) {
      return packed_tile(p, seq);
    } else {
      return get_tile(p, t);
    }
  }

  // What the mask and the stores see: the call's lengths, or the sequence's (varlen).
  CUTLASS_DEVICE static int seqlen_q_of(Params const& p, Tile const& tile) {
    if constexpr (Cfg::kVarlen) {
      return tile.q_used;
    } else {
      return p.seqlen_q;
    }
  }
  CUTLASS_DEVICE static int seqlen_k_of(Params const& p, Tile const& tile) {
    if constexpr (Cfg::kVarlen) {
      return tile.k_used;
    } else {
      return p.seqlen_k;
    }
  }
  CUTLASS_DEVICE static typename Epilogue::PackedRows packed_rows(Params const& p, Tile const& tile) {
    return {tile.q_begin, tile.q_used, tile.q_owned, p.packed.total_q};
  }

  CUTLASS_DEVICE static void run(Params const& p, char* smem) {
    SharedStorage& ss = *reinterpret_cast<SharedStorage*>(smem);
    const int warp = cutlass::canonical_warp_idx_sync();
    const int wg_idx = cutlass::canonical_warp_group_idx();
    if (warp == 0 && cute::elect_one_sync()) {
      Mainloop::prefetch_descriptors(p.mainloop);
      ss.q_full.init(1);
      ss.q_empty.init(Mainloop::kConsumerWarps);  // one arrive per consumer warp and tile
    }
    typename Pipeline::Params pp;
    pp.transaction_bytes = Mainloop::kKVBytes;
    pp.role = wg_idx == 0 ? Pipeline::ThreadCategory::Producer : Pipeline::ThreadCategory::Consumer;
    pp.is_leader = threadIdx.x == 0;  // lane 0 of the loading warp
    pp.num_consumers = Mainloop::kConsumerThreads;
    pp.initializing_warp = 0;
    // With a cluster (Cfg::kClusterM), a stage's empty barrier counts the consumers of every CTA
    // of the cluster, since each CTA's loads land in all of them.
    Pipeline pipe_k(ss.pipe_k, pp, typename Mainloop::ClusterShape{});
    Pipeline pipe_v(ss.pipe_v, pp, typename Mainloop::ClusterShape{});
    if constexpr (Cfg::kClusterM > 1) {
      // Barrier initialization visible to every warp of the cluster before any CTA's multicast
      // or remote arrive can reach this one.
      cute::cluster_arrive_relaxed();
      cute::cluster_wait();
    } else {
      __syncthreads();  // barrier initialization visible to every warp
    }

    if (wg_idx == 0) {
      cutlass::arch::warpgroup_reg_dealloc<Cfg::kProducerRegs>();
      if (warp == 0) {
        auto write_k = cutlass::make_producer_start_state<Pipeline>();
        auto write_v = cutlass::make_producer_start_state<Pipeline>();
        auto load = [&](Tile const& tile, int t, int q_iter, varlen_tiles::Tile const* seq = nullptr) {
          Mainloop::load(p.mainloop, ss, pipe_k, pipe_v, write_k, write_v, q_iter, t, tile.m_block, tile.head,
                         p.group_div.div(tile.head), tile.batch, tile.kv, tile.q_begin, tile.k_begin,
                         cluster_shares_kv(p, t), seq);
        };
        if constexpr (Cfg::kDynamicTiles) {
          // Every claimed tile, and the first claim past the last tile, is announced through one
          // q_full phase; the next claim is made once this tile's loads are issued, while the
          // consumers still have kStages K/V tiles of it to go. Varlen: a left-over launch slot
          // (no rows: varlen_tiles.h) is not announced; the producer claims again at once.
          auto claim_next = [&] {
            int claim = 0;
            if (threadIdx.x % 32 == 0) claim = atomicAdd(p.tile_counter, 1);
            return int(gridDim.x) + __shfl_sync(0xffffffffu, claim, 0);
          };
          int t = blockIdx.x;
          for (int q_iter = 0;; ++q_iter) {
            varlen_tiles::Tile seq{};
            if constexpr (Cfg::kVarlen) {
              for (; t < p.num_tiles; t = claim_next()) {
                seq = varlen_tiles::tile_at(p.packed, t, kBlockM, Cfg::kCausal);
                if (seq.has_rows) break;
              }
            }
            if (t >= p.num_tiles) {
              Mainloop::announce_without_q(ss, q_iter, t);
              break;
            }
            const Tile tile = dynamic_tile(p, t, seq);
            if (!tile.kv.empty()) {
              load(tile, t, q_iter, &seq);
            } else {
              Mainloop::announce_without_q(ss, q_iter, t, &seq);
            }
            t = claim_next();
          }
        } else {
          // With a cluster, the CTAs of a cluster take adjacent tiles (static_tile), as many each
          // since num_tiles is a multiple of kClusterM (fwd_launch.h), and as many key tiles each.
          int q_iter = 0;
          for (int i = 0, t = static_tile(p, 0); t < p.num_tiles; t = static_tile(p, ++i)) {
            const Tile tile = get_tile(p, t);
            if (tile.kv.empty()) continue;
            load(tile, t, q_iter);
            ++q_iter;
          }
          // A cluster's CTAs arrive on each other's empty barriers: stay until every consumer of
          // the cluster has released this CTA's stages, so that no remote arrive reaches a CTA
          // that has exited.
          if constexpr (Cfg::kClusterM > 1) {
            pipe_k.producer_tail(write_k);
            pipe_v.producer_tail(write_v);
          }
        }
      }
    } else {
      cutlass::arch::warpgroup_reg_alloc<Cfg::kConsumerRegs>();
      const int wg = wg_idx - 1;
      // Ping-pong: warpgroup w issues GEMMs after a sync on barrier kSchedBarrier + w, and then
      // arrives on the next one's. The last warpgroup arrives once up front so that warpgroup 0
      // goes first; warpgroup 0 syncs once at the end to match it, so no arrive is left pending.
      if (wg == Cfg::kNumConsumerWG - 1) NamedBarrier::arrive(kPingPongThreads, kSchedBarrier + 0);
      typename Mainloop::PipelineState read_k, read_v;  // index 0, phase 0
      // One tile: its rows of O and LSE. q_iter: the q_full phase that brought its Q.
      auto compute_tile = [&](Tile const& tile, int q_iter) {
        const int row_base = tile.m_block * kBlockM + wg * Cfg::kRowsPerWG;
        Tensor tOrO = partition_fragment_C(typename Mainloop::MmaPV{}, Shape<Int<Cfg::kRowsPerWG>, Int<Cfg::kHeadDim>>{});
        constexpr int kRows = decltype(size<0>(rowcol(tOrO)))::value;
        OnlineSoftmax<kRows> softmax(p.scale_log2);
        Mainloop::mma(p.mainloop, ss, pipe_k, pipe_v, read_k, read_v, q_iter, wg, row_base,
                      tile.kv, band_of(p.band), seqlen_q_of(p, tile), seqlen_k_of(p, tile), tOrO,
                      softmax, tile.first_v_rows);
        float lse[kRows];
        Tensor tOrO_rc = rowcol(tOrO);
        softmax.finalize(tOrO_rc, p.softmax_scale, lse);
        if constexpr (Cfg::kVarlen && Cfg::kStoreOThroughSmem) {
          Epilogue::store_packed_through_smem(p.epilogue, tOrO, lse, ss.o_staging.data(), wg, tile.m_block, tile.head,
                                              packed_rows(p, tile));
        } else if constexpr (Cfg::kVarlen) {
          Epilogue::store_packed(p.epilogue, tOrO, lse, wg, tile.m_block, tile.head, packed_rows(p, tile));
        } else if constexpr (Cfg::kStoreOThroughSmem) {
          Epilogue::store_through_smem(p.epilogue, tOrO, lse, ss.o_staging.data(), wg, tile.m_block, tile.head,
                                       tile.batch, p.seqlen_q, p.heads);
        } else {
          Epilogue::store_from_registers(p.epilogue, tOrO, lse, wg, tile.m_block, tile.head, tile.batch, p.seqlen_q, p.heads);
        }
      };
      auto store_empty = [&](Tile const& tile) {
        if constexpr (Cfg::kVarlen) {
          if (tile.has_rows) Epilogue::store_packed_empty(p.epilogue, wg, tile.m_block, tile.head, packed_rows(p, tile));
        } else {
          Epilogue::store_empty(p.epilogue, wg, tile.m_block, tile.head, tile.batch, p.seqlen_q, p.heads);
        }
      };
      if constexpr (Cfg::kDynamicTiles) {
        for (int q_iter = 0;; ++q_iter) {
          varlen_tiles::Tile seq;
          const int t = Mainloop::announced_tile(ss, q_iter, &seq);
          if (t >= p.num_tiles) break;
          const Tile tile = dynamic_tile(p, t, seq);
          if (!tile.kv.empty()) {
            compute_tile(tile, q_iter);
          } else {
            Mainloop::release_q_unread(ss);
            store_empty(tile);
          }
        }
      } else {
        int q_iter = 0;
        for (int i = 0, t = static_tile(p, 0); t < p.num_tiles; t = static_tile(p, ++i)) {
          const Tile tile = get_tile(p, t);
          if (tile.kv.empty()) {
            store_empty(tile);
            continue;
          }
          compute_tile(tile, q_iter);
          ++q_iter;
        }
      }
      if (wg == 0) NamedBarrier::sync(kPingPongThreads, kSchedBarrier + 0);
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
