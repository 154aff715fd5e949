// The three roles of the backward main kernel, each a loop over the Q tiles that this CTA's
// KV tile visits (in the order the schedule table gives); in the grouped instances (GQA/MQA)
// that loop once per q-head of the k/v head's group, head after head:
//   load()     producer warp: TMA loads of Q, dO (tiles) and LSE, D (rows) into a stage ring;
//   compute()  two MMA warpgroups: the five GEMMs of a step, dK/dV kept in registers;
//   write_dq() dQ writer warp: adds each partial dQ tile into the fp32 accumulator, in the
//              order the ranks prescribe when deterministic.
#pragma once

#include <cute/tensor.hpp>
#include <cutlass/arch/barrier.h>
#include <cutlass/arch/reg_reconfig.h>
#include <cutlass/numeric_conversion.h>
#include <cutlass/pipeline/sm90_pipeline.hpp>

#include "bwd/bwd_kernel_params.h"
#include "common/fast_math.h"
#include "common/gmma_operands.h"
#include "common/score.h"
#include "bwd/bwd_ordering.h"
#include "bwd/bwd_traits.h"

namespace dash {

using namespace cute;

// The CTA's work tile, read from the schedule tables.
struct WorkTile {
  int n;            // KV tile
  int head, batch;  // q-head (grouped: the group's first) and batch
  int head_kv;      // the k/v head that q-head `head` reads
  int visit_begin;  // first entry in visit_m
  int visit_count;  // number of Q tiles visited
  int group = 1;    // q-heads whose visits the CTA walks (grouped instances): head + [0, group)
  // Varlen instances: the CTA's program from cu_seqlens (bwd_varlen.h), in place of the tables.
  bwd_varlen::Cta varlen;
};
// Grouped: the CTA makes one pass over its visits per q-head of the group, head after head, and
// every q-head's dQ tile m takes the same turn (rank[m * N + n]). Each pass is the MHA schedule
// on the same CTAs (ranks, waits, waves); a step waits only on steps of its own pass and a pass
// starts after the CTA's previous one, so a wait cycle would lie inside one pass, which the MHA
// liveness argument excludes (docs/schedules.md). Head after head rather than the group's steps
// back to back at each visit: the CTAs of a wave then work on one q-head's Q, dO and dQ at a
// time, a quarter of the data for a 4-head group, which stays in L2 between the CTAs that
// reuse it. Over a sliding window the CTAs of a wave are at different Q tiles at every moment,
// and with the group's heads interleaved their reuse missed L2: 0.72x the MHA kernel's rate at
// d128 GQA 32/8, window 4096, 16k (bench/NOTES.md, "Session 17").
//
// The MHA instances keep their own loops (`if constexpr` below) rather than a group of one:
// written as the grouped loops, ptxas spilled the visit offset in the MMA loop and the writer
// (24 registers, the ticket's critical path), and the deterministic MHA schedules measured
// 3-8% slower (bench/NOTES.md, "In-kernel GQA as a policy").

// Whether the offsets of the first element of every 16-byte store of a swizzled smem tensor
// (static layout), and `buffer_elems`, are whole periods of its swizzle (which reads and writes
// address bits below 2^(bits + base + shift) bytes): then swizzle(address + offset) =
// swizzle(address) + offset, and a store's address is one swizzled pointer plus a constant.
template <class SmemTensor>
constexpr bool offsets_keep_the_swizzle(int buffer_elems) {
  using Swizzle = get_swizzle_t<SmemTensor>;
  using Layout = typename SmemTensor::layout_type;
  constexpr int elem_bytes = int(sizeof(typename SmemTensor::value_type));
  constexpr int period_bytes = 1 << (Swizzle::num_bits + Swizzle::num_base + Swizzle::num_shft);
  if ((buffer_elems * elem_bytes) % period_bytes != 0) return false;
  constexpr int kPerStore = 16 / elem_bytes;  // an STSM stores 16 bytes per thread (its first is addressed)
  for (int i = 0; i < int(size(Layout{})); i += kPerStore) {
    if ((int(Layout{}(i)) * elem_bytes) % period_bytes != 0) return false;
  }
  return true;
}

// f(integral_constant<id>) for this warpgroup's full (Full) or empty barrier of dQ buffer
// `buffer` (dq_full_barrier / dq_empty_barrier), the id a compile-time constant behind
// warp-uniform branches. With the id in a register, ptxas loaded it into the register that had
// just addressed the dS stores and waited for those stores to read their address first: 3% of
// the step at hdim 64 (v16).
template <bool Full, int Buffers, int Buffer = 0, class F>
__device__ __forceinline__ void with_dq_half_barrier(int buffer, int warp_group, F&& f) {
  if constexpr (Buffer + 1 < Buffers) {
    if (buffer != Buffer) {
      with_dq_half_barrier<Full, Buffers, Buffer + 1>(buffer, warp_group, f);
      return;
    }
  }
  constexpr auto id = [](int wg) { return Full ? dq_full_barrier(Buffer, wg) : dq_empty_barrier(Buffer, wg); };
  if (warp_group == 0) {
    f(std::integral_constant<uint32_t, id(0)>{});
  } else {
    f(std::integral_constant<uint32_t, id(1)>{});
  }
}

// Zeroes rows [first_row, rows) of a (rows, d) tile in shared memory, 16 bytes per store, by
// `threads` threads (tid in [0, threads)), first_row in [0, rows). The 128-byte swizzle moves whole
// 16-byte chunks, so 8 16-bit elements from a multiple of 8 are contiguous. Generic-proxy stores:
// the caller fences before a WGMMA reads the tile.
// kLines: the tile is made of 128-byte-swizzle K-major atoms (GMMA::Layout_K_SW128_Atom, 8 rows of
// 64 16-bit columns, tiled rows first): every 64-column block then holds its rows as consecutive
// 128-byte lines (the swizzle only permutes the 16-byte chunks of a line), so the rows to zero are
// one byte range per block, and the loop needs a base address and an offset, not a row and column
// through the swizzled layout. (In the hdim-64 varlen step loop the general form's addresses,
// inlined on a path the loop rarely takes, cost registers the whole loop paid for: spills of 56 B
// against the fixed-length kernel's 24, with loads and stores of them in the step.)
template <int Threads, bool kLines, class SmemTile>
__device__ __forceinline__ void zero_rows(SmemTile&& tile, int first_row, int tid) {
  using Element = typename std::decay_t<SmemTile>::value_type;
  constexpr int kRows = decltype(size<0>(tile))::value;
  constexpr int kCols = decltype(size<1>(tile))::value;
  if constexpr (kLines) {
    static_assert(sizeof(Element) == 2 && kCols % 64 == 0, "lines of 64 16-bit columns");
    const uint32_t bytes = uint32_t(kRows - first_row) * 128;
    CUTLASS_PRAGMA_UNROLL
    for (int block = 0; block < kCols / 64; ++block) {
      const uint32_t begin = cast_smem_ptr_to_uint(&tile(first_row, 64 * block)) & ~127u;
      for (uint32_t offset = 16 * tid; offset < bytes; offset += 16 * Threads) {
        asm volatile("st.shared.v4.b32 [%0], {%1, %1, %1, %1};" ::"r"(begin + offset), "r"(0) : "memory");
      }
    }
  } else {
    constexpr int kVec = 16 / sizeof(Element);
    constexpr int kVecPerRow = kCols / kVec;
    for (int i = tid; i < (kRows - first_row) * kVecPerRow; i += Threads) {
      const int row = first_row + i / kVecPerRow;
      const uint32_t addr = cast_smem_ptr_to_uint(&tile(row, (i % kVecPerRow) * kVec));
      asm volatile("st.shared.v4.b32 [%0], {%1, %1, %1, %1};" ::"r"(addr), "r"(0) : "memory");
    }
  }
}

template <class Traits>
struct BwdMainloop {
  using Element = typename Traits::Element;
  using Params = BwdKernelParams<Traits>;
  using SharedStorage = typename Traits::SharedStorage;
  using Pipeline = cutlass::PipelineTmaAsync<Traits::kStages>;
  using PipelineState = cutlass::PipelineState<Traits::kStages>;
  using BlockM = typename Traits::BlockM;
  using BlockN = typename Traits::BlockN;
  using Dim = typename Traits::Dim;
  static constexpr int kBlockM = Traits::kBlockM;
  static constexpr int kBlockN = Traits::kBlockN;
  static constexpr int kHeadDim = Traits::kHeadDim;
  static constexpr int kStatChunks = (kBlockM + 63) / 64;  // 64-column chunks of a Q tile's LSE and D
  static constexpr bool kShuffleStats = Traits::Config::kShuffleStats;
  static_assert(kBlockM % 8 == 0);
  // A dQ half's full/empty barriers: its MMA warpgroup and the writer warp.
  static constexpr int kHalfSyncThreads = 128 + 32;

  // dQ tile (batch, q-head, m): its accumulator, counter, LSE and D rows.
  static __device__ int64_t tile_index(Params const& p, WorkTile const& w, int head, int m) {
    if constexpr (Traits::kVarlen) {
      // the query-tile slots of the sequence (bwd_varlen.h); `head` is the q-head
      return w.varlen.tile_base + int64_t(head) * w.varlen.q_slots + m;
    } else {
      return (int64_t(w.batch) * p.heads + head) * p.num_m_blocks + m;
    }
  }
  static __device__ int64_t tile_index(Params const& p, WorkTile const& w, int m) { return tile_index(p, w, w.head, m); }

  // The Q tile of visit i and the turn of this CTA's add to it: from the schedule tables, or
  // (varlen) from the closed forms of the CTA's sequence.
  static __device__ __forceinline__ int visit_m(Params const& p, WorkTile const& w, int i) {
    if constexpr (Traits::kVarlen) {
      return bwd_varlen::visit_at(w.varlen.s, w.varlen.first, i);
    } else {
      return p.visit_m[w.visit_begin + i];
    }
  }
  static __device__ __forceinline__ int rank_of(Params const& p, WorkTile const& w, int m) {
    if constexpr (Traits::kVarlen) {
      // the tile sizes as compile-time constants: the closed forms' divisions by them are shifts
      const bwd_varlen::Geometry g{kBlockM, kBlockN, p.geometry.band, p.geometry.schedule};
      return bwd_varlen::rank_of(w.varlen.s, g, m, w.n);
    } else {
      return p.rank[m * p.num_n_blocks + w.n];
    }
  }

  // The rows of one sequence of a (seq, d, head) TMA tensor: a packed (varlen) tensor holds
  // every sequence in one batch of rows, sequence b's from its first packed row on. TMA zero-fills
  // only past the end of the whole tensor, so a partial last tile reads the next sequence's rows
  // or padding: the MMA warpgroups zero those rows in shared memory (compute()).
  template <class TensorG>
  static __device__ auto rows_from(TensorG const& t, int first_row) {
    if constexpr (Traits::kVarlen) {
      if constexpr (decltype(rank(t))::value == 3) {
        return domain_offset(make_coord(first_row, _0{}, _0{}), t);
      } else {
        return domain_offset(make_coord(first_row, _0{}), t);
      }
    } else {
      return t;
    }
  }

  // Varlen: zero rows [valid_rows, rows) of two (rows, d) tiles in shared memory (a Q and a dO
  // stage, or K and V) where a sequence ends inside the tile, for both MMA warpgroups' GEMMs to
  // see (compute() says why).
  // kLines: both tiles are of 128-byte-swizzle atoms (zero_rows): kQLines for a Q and a dO stage,
  // kKvLines for K and V.
  static constexpr bool kQLines = std::is_same_v<typename Traits::SmemAtomQ, GMMA::Layout_K_SW128_Atom<Element>>;
  static constexpr bool kKvLines = std::is_same_v<typename Traits::SmemAtomK, GMMA::Layout_K_SW128_Atom<Element>>;
  template <bool kLines, class TileA, class TileB>
  static __device__ __forceinline__ void zero_rows_past_sequence(TileA&& a, TileB&& b, int valid_rows, int tid) {
    zero_rows<Traits::kMmaThreads, kLines>(a, valid_rows, tid);
    zero_rows<Traits::kMmaThreads, kLines>(b, valid_rows, tid);
    cutlass::arch::fence_view_async_shared();
    NamedBarrier::sync(Traits::kMmaThreads, uint32_t(BwdBarrier::kRowsCleared));
  }

  // This warpgroup's partial dQ (its accumulator `tdQrdQ`, in fragment order) into its half of
  // buffer `dq_buffer` for the writer (write_dq): once the writer has read what the half held
  // (its empty barrier), or, with the partial dQ in the stage (kDqInStage), into the step's own
  // Q or dO tile, which the caller has made sure nobody reads any more. Then its full barrier.
  template <class FragdQ>
  static __device__ __forceinline__ void hand_dq_to_writer(SharedStorage& smem, int dq_buffer, int warp_group, int tid,
                                                           FragdQ const& tdQrdQ) {
    auto chunk = [&](int c) { return make_float4(tdQrdQ(4 * c), tdQrdQ(4 * c + 1), tdQrdQ(4 * c + 2), tdQrdQ(4 * c + 3)); };
    if constexpr (Traits::kDqInStage) {
      float4* half = reinterpret_cast<float4*>(Traits::dq_half(smem, dq_buffer, warp_group));
      CUTLASS_PRAGMA_UNROLL
      for (int c = 0; c < Traits::kDqChunks; ++c) half[c * 128 + tid % 128] = chunk(c);
    } else {
      float4* dq_chunks = reinterpret_cast<float4*>(smem.dq.data() + dq_buffer * Traits::kDqElems);
      with_dq_half_barrier<false, Traits::kDqBuffers>(
          dq_buffer, warp_group, [](auto id) { NamedBarrier::sync(kHalfSyncThreads, decltype(id)::value); });
      CUTLASS_PRAGMA_UNROLL
      for (int c = 0; c < Traits::kDqChunks; ++c) dq_chunks[Traits::dq_chunk_offset(tid, c)] = chunk(c);
    }
    cutlass::arch::fence_view_async_shared();
    with_dq_half_barrier<true, Traits::kDqBuffers>(
        dq_buffer, warp_group, [](auto id) { NamedBarrier::arrive(kHalfSyncThreads, decltype(id)::value); });
  }

  // Producer: called by one thread.
  static __device__ void load(Params const& p, SharedStorage& smem, Pipeline& pipeline, WorkTile const& w, int batch_count) {
    Tensor mK = p.tma_k.get_tma_tensor(make_shape(p.seqlen_k, int32_t(kHeadDim), p.heads_kv, batch_count));
    Tensor mV = p.tma_v.get_tma_tensor(make_shape(p.seqlen_k, int32_t(kHeadDim), p.heads_kv, batch_count));
    Tensor mQ = p.tma_q.get_tma_tensor(make_shape(p.seqlen_q, int32_t(kHeadDim), p.heads, batch_count));
    Tensor mdO = p.tma_dout.get_tma_tensor(make_shape(p.seqlen_q, int32_t(kHeadDim), p.heads, batch_count));
    Tensor gK = local_tile(rows_from(mK(_, _, w.head_kv, w.batch), w.varlen.k_begin), Shape<BlockN, Dim>{},
                           make_coord(w.n, _0{}));
    Tensor gV = local_tile(rows_from(mV(_, _, w.head_kv, w.batch), w.varlen.k_begin), Shape<BlockN, Dim>{},
                           make_coord(w.n, _0{}));
    Tensor sK = make_tensor(make_smem_ptr(smem.k.data()), typename Traits::SmemLayoutK{});
    Tensor sV = make_tensor(make_smem_ptr(smem.v.data()), typename Traits::SmemLayoutV{});
    Tensor sQ = make_tensor(make_smem_ptr(smem.q.data()), typename Traits::SmemLayoutQ{});
    Tensor sdO = make_tensor(make_smem_ptr(smem.dout.data()), typename Traits::SmemLayoutdO{});

    auto [tKgK, tKsK] = tma_partition(p.tma_k, Int<0>{}, Layout<_1>{}, group_modes<0, 2>(sK), group_modes<0, 2>(gK));
    auto [tVgV, tVsV] = tma_partition(p.tma_v, Int<0>{}, Layout<_1>{}, group_modes<0, 2>(sV), group_modes<0, 2>(gV));

    using KVBarrier = cutlass::arch::ClusterTransactionBarrier;
    KVBarrier::arrive_and_expect_tx(&smem.kv_barrier, Traits::kKVBytes);
    copy(p.tma_k.with(smem.kv_barrier, 0), tKgK, tKsK);
    copy(p.tma_v.with(smem.kv_barrier, 0), tVgV, tVsV);

    // One step: Q and dO tile (TMA) and the LSE and D rows (bulk copies) of dQ tile `tile`.
    PipelineState state = cutlass::make_producer_start_state<Pipeline>();
    auto load_step = [&](auto const& q_src, auto const& dout_src, auto& q_dst, auto& dout_dst, int64_t tile) {
      pipeline.producer_acquire(state);
      uint64_t* bar = pipeline.producer_get_barrier(state);
      const int stage = state.index();
      copy(p.tma_q.with(*bar, 0), q_src, q_dst(_, stage));
      copy(p.tma_dout.with(*bar, 0), dout_src, dout_dst(_, stage));
      const int64_t row = tile * kBlockM;
      SM90_BULK_COPY_G2S::copy(p.lse_log2 + row, bar, smem.lse.data() + stage * kBlockM, Traits::kRowBytes);
      SM90_BULK_COPY_G2S::copy(p.dpsum + row, bar, smem.dpsum.data() + stage * kBlockM, Traits::kRowBytes);
      ++state;
    };
    if constexpr (Traits::kGroupedHeads) {
      // Q and dO tiles of every q-head: (kBlockM, d, Q tile, head).
      Tensor gQ = local_tile(rows_from(mQ(_, _, _, w.batch), w.varlen.q_begin), Shape<BlockM, Dim>{},
                             make_coord(_, _0{}, _));
      Tensor gdO = local_tile(rows_from(mdO(_, _, _, w.batch), w.varlen.q_begin), Shape<BlockM, Dim>{},
                              make_coord(_, _0{}, _));
      auto [tQgQ, tQsQ] = tma_partition(p.tma_q, Int<0>{}, Layout<_1>{}, group_modes<0, 2>(sQ), group_modes<0, 2>(gQ));
      auto [tdOgdO, tdOsdO] = tma_partition(p.tma_dout, Int<0>{}, Layout<_1>{}, group_modes<0, 2>(sdO), group_modes<0, 2>(gdO));
      // One pass over the visits per q-head, head after head (one flat loop: nested, the load
      // warp's 24 registers spilled more in the varlen instances).
      const int steps = w.visit_count * w.group;
      for (int step = 0, i = 0, head = w.head; step < steps; ++step) {
        const int m = visit_m(p, w, i);
        load_step(tQgQ(_, m, head), tdOgdO(_, m, head), tQsQ, tdOsdO, tile_index(p, w, head, m));
        if (++i == w.visit_count) i = 0, ++head;
      }
    } else {
      Tensor gQ = local_tile(rows_from(mQ(_, _, w.head, w.batch), w.varlen.q_begin), Shape<BlockM, Dim>{},
                             make_coord(_, _0{}));
      Tensor gdO = local_tile(rows_from(mdO(_, _, w.head, w.batch), w.varlen.q_begin), Shape<BlockM, Dim>{},
                              make_coord(_, _0{}));
      auto [tQgQ, tQsQ] = tma_partition(p.tma_q, Int<0>{}, Layout<_1>{}, group_modes<0, 2>(sQ), group_modes<0, 2>(gQ));
      auto [tdOgdO, tdOsdO] = tma_partition(p.tma_dout, Int<0>{}, Layout<_1>{}, group_modes<0, 2>(sdO), group_modes<0, 2>(gdO));
      for (int i = 0; i < w.visit_count; ++i) {
        const int m = visit_m(p, w, i);
        load_step(tQgQ(_, m), tdOgdO(_, m), tQsQ, tdOsdO, tile_index(p, w, m));
      }
    }
  }

  // dQ writers: kDqWriters warps, `writer` in [0, kDqWriters), each called by its 32 threads;
  // writer j adds the steps j, j + 2, j + 4, ... from buffer step % kDqBuffers.
  // Two writers, because a deterministic add is followed by a wait for its completion and the
  // hand-off of the turn (~1.5 us of latency, independent of the step), and one writer strung
  // those waits end to end with the next step's turn and add: at 64 query rows (~2 us steps) the
  // writer, not the tensor cores, set the pace (bench/NOTES.md, v21), and with one buffer the
  // MMA warpgroups wait for the writer at every dQ store (v22). A writer waits only for its
  // predecessors' releases, for its buffer and (one buffer) for the other writer to have taken
  // the previous step's halves, and its release follows its add after a bounded wait, so the
  // schedules' liveness argument holds as with one writer: the one wait dropped is step i's turn
  // waiting for step i-1's release, an ordering the dQ tiles never needed (steps i-1 and i add to
  // different tiles).
  static __device__ void write_dq(Params const& p, SharedStorage& smem, WorkTile const& w, int writer) {
    constexpr int kBuffers = Traits::kDqBuffers;
    constexpr int kWriters = Traits::kDqWriters;
    // Writers that share a buffer must sync its full barriers in step order: a barrier completes
    // on whichever 32 writer threads arrive, so a writer ahead of its turn would take the other's
    // halves. The baton: the writer of step s, once it has both halves of step s, lets the
    // writer of step s + 1 sync for them (two named barriers, one per direction).
    constexpr bool kBaton = kBuffers < kWriters;
    static_assert(kWriters == 2 && (kBuffers == 1 || kBuffers == 2));
    const uint32_t baton_mine = uint32_t(BwdBarrier::kWriterBaton0) + writer;
    const uint32_t baton_next = uint32_t(BwdBarrier::kWriterBaton0) + (1 - writer);
    const int lane = threadIdx.x % 32;
    const int steps = Traits::kGroupedHeads ? w.visit_count * w.group : w.visit_count;
    // (dQ in the stage: no empty barriers; the MMA warpgroups write a stage they have just read.)
    if (!Traits::kDqInStage && writer < kBuffers && writer < steps) {
      for (int wg = 0; wg < Traits::kDqWarpGroups; ++wg) NamedBarrier::arrive(kHalfSyncThreads, dq_empty_barrier(writer, wg));
    }
    // A half has been read by its add: the MMA warpgroup may overwrite it, or (dQ in the stage)
    // the producer may load the stage again, once both halves are read (two arrivals a phase).
    auto half_read = [&](int buffer, bool hand_on, int wg) {
      if constexpr (Traits::kDqInStage) {
        if (lane == 0) smem.pipeline.empty_barrier_[buffer].arrive();
      } else {
        if (hand_on) NamedBarrier::arrive(kHalfSyncThreads, dq_empty_barrier(buffer, wg));
      }
    };
    // Step `step` adds q-head `head`'s partial dQ tile m (visit i).
    auto add_step = [&](int step, int i, int m, int head) {
      const int buffer = step % kBuffers;
      const bool hand_on = step + kBuffers < steps;  // the buffer has a later user
      const int64_t tile = tile_index(p, w, head, m);
      int* counter = p.dq_counter + tile;
      // The turn is taken before the tile is ready (FA4's order): the hand-off from the previous
      // contributor then overlaps this step's GEMMs instead of following them, where, with one
      // partial-dQ buffer, the MMA warpgroups would wait for it at their next dQ store.
      // Deterministic: the first turn (rank 0) writes the tile and the later ones add to it, so
      // the accumulator needs no zeroing (the preprocess skips it; a tile that no KV tile visits
      // keeps its counter at 0 and the postprocess writes zeros for it).
      const int turn = p.deterministic ? rank_of(p, w, m) : -1;
      if (lane == 0 && p.deterministic) {
        ticket_wait(counter, turn);
        fence_proxy_async_global();
      }
      if (kBaton && step > 0) NamedBarrier::sync(2 * 32, baton_mine);
      // Each warpgroup's half is added as soon as that warpgroup has stored it.
      float* dst = p.dq_accum + tile * Traits::kDqElems;
      for (int wg = 0; wg < Traits::kDqWarpGroups; ++wg) {
        const float* src_half = Traits::dq_half(smem, buffer, wg);
        NamedBarrier::sync(kHalfSyncThreads, dq_full_barrier(buffer, wg));
        if (lane == 0 && wg == 0 && p.trace) {
          p.trace[(int64_t(w.batch) * p.heads + head) * p.total_visits + w.visit_begin + i] =
              p.deterministic ? load_acquire_gpu(counter) : atomicAdd(counter, 1);
        }
        if (lane == 0) {
          if (turn == 0) {
            bulk_store_f32(dst + wg * Traits::kDqHalfElems, src_half, Traits::kDqHalfBytes);
          } else {
            bulk_reduce_add_f32(dst + wg * Traits::kDqHalfElems, src_half, Traits::kDqHalfBytes);
          }
        }
      }
      if (kBaton && step + 1 < steps) NamedBarrier::arrive(2 * 32, baton_next);
      // A half is free as soon as the add has read it; the MMA warpgroups go on while the adds
      // complete and the turn is handed on.
      if constexpr (Traits::kDqWarpGroups == 2) {
        if (lane == 0) bulk_wait_source_read<1>();  // the first half's add has read it
        __syncwarp();
        half_read(buffer, hand_on, 0);
      }
      static_assert(Traits::kDqWarpGroups == 1 || Traits::kDqWarpGroups == 2);
      // The last (or only) half.
      if (lane == 0) bulk_wait_source_read<0>();
      __syncwarp();
      half_read(buffer, hand_on, Traits::kDqWarpGroups - 1);
      // Deterministic: the next contributor may add only once ours is complete. Otherwise the
      // adds need not be waited for one by one (only before the CTA ends, below).
      if (lane == 0 && p.deterministic) {
        bulk_wait_complete();
        ticket_release(counter);
      }
    };
    if constexpr (Traits::kGroupedHeads) {
      // Every q-head's dQ tile m takes the same turn (rank[m * N + n]).
      // Steps writer, writer + kWriters, ...: visit i of q-head `head`'s pass.
      for (int step = writer, i = writer, head = w.head; step < steps; step += kWriters, i += kWriters) {
        while (i >= w.visit_count) i -= w.visit_count, ++head;
        add_step(step, i, visit_m(p, w, i), head);
      }
    } else {
      for (int i = writer; i < w.visit_count; i += kWriters) add_step(i, i, visit_m(p, w, i), w.head);
    }
    if (lane == 0) bulk_wait_complete();
  }

  // MMA warpgroups: `tid` in [0, kMmaThreads). Accumulates dK (unscaled) and dV.
  template <class FragdK, class FragdV>
  static __device__ void compute(Params const& p, SharedStorage& smem, Pipeline& pipeline, WorkTile const& w,
                                 int tid, FragdK& tdKrdK, FragdV& tdVrdV) {
    typename Traits::TiledMmaSdP mma_sdp;
    typename Traits::TiledMmadKV mma_dkv;
    typename Traits::TiledMmadQ mma_dq;
    auto thr_sdp = mma_sdp.get_thread_slice(tid);
    // The shared-memory operands are WGMMA descriptors, one per warpgroup: partitioned with a
    // thread index that the compiler knows to be warp-uniform (the warpgroup's first thread,
    // its index broadcast from lane 0), they are built in uniform registers. Partitioned with
    // `tid`, every descriptor of every step was rebuilt in vector registers and moved over with
    // R2UR, about 6 instructions per WGMMA (bench/NOTES.md, v13).
    const int warp_group = cutlass::canonical_warp_group_idx() - 1;  // MMA warpgroups are 1 and 2
    const int warp_group_first_thread = warp_group * 128;
    auto desc_sdp = mma_sdp.get_thread_slice(warp_group_first_thread);
    auto desc_dkv = mma_dkv.get_thread_slice(warp_group_first_thread);
    // (one dQ warpgroup: warpgroup 0's slice for both, warpgroup 1 issues no dQ)
    auto desc_dq = mma_dq.get_thread_slice(Traits::kDqWarpGroups == 1 ? 0 : warp_group_first_thread);

    Tensor sK = make_tensor(make_smem_ptr(smem.k.data()), typename Traits::SmemLayoutK{});
    Tensor sV = make_tensor(make_smem_ptr(smem.v.data()), typename Traits::SmemLayoutV{});
    Tensor sQ = make_tensor(make_smem_ptr(smem.q.data()), typename Traits::SmemLayoutQ{});
    Tensor sdO = make_tensor(make_smem_ptr(smem.dout.data()), typename Traits::SmemLayoutdO{});
    Tensor sQt = make_tensor(make_smem_ptr(smem.q.data()), typename Traits::SmemLayoutQt{});
    Tensor sdOt = make_tensor(make_smem_ptr(smem.dout.data()), typename Traits::SmemLayoutdOt{});
    Tensor sKt = make_tensor(make_smem_ptr(smem.k.data()), typename Traits::SmemLayoutKt{});

    Tensor tSrK = desc_sdp.partition_fragment_A(sK);
    Tensor tSrQ = desc_sdp.partition_fragment_B(sQ);
    Tensor tdPrV = desc_sdp.partition_fragment_A(sV);
    Tensor tdPrdO = desc_sdp.partition_fragment_B(sdO);
    Tensor tdVrdO = desc_dkv.partition_fragment_B(sdOt);
    Tensor tdKrQ = desc_dkv.partition_fragment_B(sQt);
    // dQ's operand K: B (N = d) of dQ = dS K, or A (M = d) of dQ^T = K^T dS^T.
    auto tdQrK = [&] {
      if constexpr (Traits::kDqTransposed) {
        return desc_dq.partition_fragment_A(sKt);
      } else {
        return desc_dq.partition_fragment_B(sKt);
      }
    }();
    auto r2s_ds = make_tiled_copy_C(typename Traits::R2SCopyAtomdS{}, mma_sdp);
    auto thr_r2s_ds = r2s_ds.get_thread_slice(tid);
    // dS^T's stores, addressed once: this thread's swizzled address in buffer 0, plus per-store
    // offsets that are whole swizzle periods, as is the distance between the buffers, so that
    // each step's addresses are that one pointer plus constants. Partitioned per step from the
    // step's buffer instead, every address was swizzled again in 64-bit arithmetic, about 60
    // instructions per step at 128 query rows (bench/NOTES.md, v15).
    Tensor tdSsdS_buffer0 = thr_r2s_ds.partition_D(
        make_tensor(make_smem_ptr(smem.ds.data()), typename Traits::SmemLayoutdSt{}));
    using DsStoreLayout = decltype(tdSsdS_buffer0.layout());
    static_assert(is_static<DsStoreLayout>::value);
    static_assert(offsets_keep_the_swizzle<decltype(tdSsdS_buffer0)>(Traits::kDsElems),
                  "dS^T's store offsets must be whole swizzle periods");
    // (held as a 32-bit shared-memory address: a generic pointer would keep two registers)
    const uint32_t ds_store_buffer0 = cast_smem_ptr_to_uint(&tdSsdS_buffer0(0));  // the swizzle applied

    // (key row, query column) of every S^T element this thread holds, for masking and for
    // picking the row's LSE and D.
    Tensor tScS = thr_sdp.partition_C(make_identity_tensor(Shape<BlockN, BlockM>{}));

    // Row statistics by shuffle: lane l of every warp holds columns 64 k + 2 l and 64 k + 2 l + 1
    // of chunk k; the thread's columns in group g are 8 g + 2 quad + e (e = 0, 1).
    const int lane = tid % 32;
    const int quad = lane % 4;
    auto row_stat = [&](float2 const (&lanes)[kStatChunks], int g, int e) {
      return __shfl_sync(0xffffffffu, e ? lanes[g / 8].y : lanes[g / 8].x, 4 * (g % 8) + quad);
    };

    // The lengths the mask sees: the call's, or (varlen) the CTA's sequence's.
    const int seqlen_q = Traits::kVarlen ? w.varlen.s.sq : p.seqlen_q;
    const int seqlen_k = Traits::kVarlen ? w.varlen.s.sk : p.seqlen_k;
    const int key_base = w.n * kBlockN;
    // The Q tiles whose step needs no mask, once per CTA (each step then tests its m alone).
    const UnmaskedQueryTiles unmasked = unmasked_query_tiles(p.band, key_base, kBlockM, kBlockN, seqlen_q, seqlen_k);

    // K and V are only loaded when there is something to visit.
    if (w.visit_count > 0) cutlass::arch::ClusterTransactionBarrier::wait(&smem.kv_barrier, 0);
    // Varlen: key rows past the sequence's last one hold the next sequence's keys or padding that
    // may never have been written. Their S is masked, but dP = V dO^T and dQ = dS K would carry an
    // inf or NaN there into every row (0 x NaN is NaN), so they are zeroed, once per CTA, as TMA
    // zero-fills the rows past a fixed-length tensor's end.
    if constexpr (Traits::kVarlen) {
      if (w.visit_count > 0 && seqlen_k - key_base < kBlockN) zero_rows_past_sequence<kKvLines>(sK, sV, seqlen_k - key_base, tid);
    }
    // kRotatedLoop (hdim 128): iteration i begins with step i-1's tail (dQ and dK issued, the
    // partial dQ stored for the writer, dK waited for, the stage released) and ends once step
    // i's dV is done, after the dS barrier; otherwise (hdim 64) each iteration is one whole step,
    // ending with its tail. The same WGMMAs in the same order either way; rotated, the hdim-128
    // steps measured 1-3% faster and the hdim-64 ones 1-2% slower (bench/NOTES.md, v26). Either
    // way no WGMMA is in flight across the back edge: one accumulating there made ptxas wait for
    // every WGMMA before instructions it could not prove leave its accumulator alone (v18).
    PipelineState state;       // step i's stage
    PipelineState prev_state;  // step i-1's
    // Step i: visit i (MHA); grouped, visit `visit` of the current q-head's pass (counted, not
    // divided: i % visit_count).
    const int steps = Traits::kGroupedHeads ? w.visit_count * w.group : w.visit_count;
    int visit = 0;
    // dS^T in 16 bits: the A operand of dK += dS^T Q (rotated: the previous step's, carried
    // across the back edge). The accumulators are declared where each step makes them (the
    // WGMMA's asm reads its accumulator even when it zeroes it, so one declared outside the loop
    // would be live across the whole loop: at hdim 128 that serialized every WGMMA for want of
    // registers).
    Tensor rdS = make_tensor_like<Element>(partition_fragment_C(mma_sdp, Shape<BlockN, BlockM>{}));
    // A step's tail, for step `step` (stage `step_state`): dQ = dS K, then dK += dS^T Q from
    // registers; the partial dQ to this warpgroup's half of the writer's buffer while the dK
    // WGMMA runs; then the wait for dK, after which the stage's Q may be overwritten. The dS
    // buffer was filled before the step's kDsReady barrier; its dV may still run (not rotated),
    // and the dQ wait covers it.
    auto issue_dk = [&](PipelineState const& step_state) {
      Tensor tdKrdS = make_tensor(rdS.data(), accumulator_as_operand_a(rdS.layout()));
      wgmma<false, -1>(mma_dkv, tdKrdS, tdKrQ(_, _, _, step_state.index()), tdKrdK);
    };
    // With one dQ warpgroup (kDqWarpGroups == 1), warpgroup 1 issues only dK and waits for it;
    // either way the step ends with every WGMMA waited for.
    auto finish_step = [&](int step, PipelineState const& step_state) {
      if (Traits::kDqWarpGroups < Traits::kMmaWarpGroups && warp_group >= Traits::kDqWarpGroups) {
        issue_dk(step_state);
        warpgroup_wait<0>();  // dK
        warpgroup_fence_operand(tdKrdK);
        pipeline.consumer_release(step_state);
        return;
      }
      Element* step_ds_buffer = smem.ds.data() + (step % Traits::kDsBuffers) * Traits::kDsElems;
      Tensor sdS = make_tensor(make_smem_ptr(step_ds_buffer), typename Traits::SmemLayoutdS{});
      Tensor tdQrdQ = partition_fragment_C(mma_dq, typename Traits::DqShape{});
      if constexpr (Traits::kDqTransposed) {
        wgmma<true, -1>(mma_dq, tdQrK, desc_dq.partition_fragment_B(sdS), tdQrdQ);
      } else {
        wgmma<true, -1>(mma_dq, desc_dq.partition_fragment_A(sdS), tdQrK, tdQrdQ);
      }
      issue_dk(step_state);

      warpgroup_wait<1>();  // dQ (dK may still run)
      warpgroup_fence_operand(tdQrdQ);
      hand_dq_to_writer(smem, step % Traits::kDqBuffers, warp_group, tid, tdQrdQ);

      warpgroup_wait<0>();  // dK
      warpgroup_fence_operand(tdKrdK);
      pipeline.consumer_release(step_state);
    };
    // Lagged dQ (bwd_config.h), a step's tail: step - 1's dQ, once the other warpgroup has stored
    // step - 1's dS (and read the buffer before it, which step + 1 overwrites), then this step's
    // dK, under which the partial dQ goes to the writer (issued the other way round, the dQ store
    // waited for dK: 2% slower); every WGMMA of the first step's branch is waited for inside it.
    constexpr bool kLaggedDq = Traits::Config::kLaggedDq;
    auto issue_dq = [&](int step, auto& tdQrdQ) {
      Element* step_ds_buffer = smem.ds.data() + (step % Traits::kDsBuffers) * Traits::kDsElems;
      Tensor sdS = make_tensor(make_smem_ptr(step_ds_buffer), typename Traits::SmemLayoutdS{});
      // Only the untransposed dQ lags (static_assert below), but nvcc checks this body's
      // descriptors for every policy: the transposed form keeps it well-formed there.
      if constexpr (Traits::kDqTransposed) {
        wgmma<true, -1>(mma_dq, tdQrK, desc_dq.partition_fragment_B(sdS), tdQrdQ);
      } else {
        wgmma<true, -1>(mma_dq, desc_dq.partition_fragment_A(sdS), tdQrK, tdQrdQ);
      }
    };
    auto finish_step_lagged = [&](int step, auto const& step_state) {
      if (step > 0) {
        NamedBarrier::sync(Traits::kMmaThreads, ds_stored_barrier(1 - warp_group, (step - 1) % 2));
        Tensor tdQrdQ = partition_fragment_C(mma_dq, typename Traits::DqShape{});
        issue_dq(step - 1, tdQrdQ);
        issue_dk(step_state);
        warpgroup_wait<1>();  // dQ (dK may still run)
        warpgroup_fence_operand(tdQrdQ);
        hand_dq_to_writer(smem, (step - 1) % Traits::kDqBuffers, warp_group, tid, tdQrdQ);
      } else {
        issue_dk(step_state);
        // The first step hands no dQ over: its dS stores get a fence of their own.
        cutlass::arch::fence_view_async_shared();
      }
      warpgroup_wait<0>();  // dK
      warpgroup_fence_operand(tdKrdK);
      pipeline.consumer_release(step_state);
      NamedBarrier::arrive(Traits::kMmaThreads, ds_stored_barrier(warp_group, step % 2));
    };
    constexpr bool kRotatedLoop = Traits::Config::kRotatedLoop;
    static_assert(!kLaggedDq || (!kRotatedLoop && !Traits::kDqTransposed && Traits::kDqWarpGroups == 2 &&
                                 Traits::kDqBuffers == 1 && Traits::Config::kEarlyPGroups > 0),
                  "lagged dQ: the plain loop, dQ split between the two warpgroups, one dQ buffer, early dV "
                  "k-blocks (warpgroup 1's start)");
    // Lagged dQ: warpgroup 1 starts its first step once warpgroup 0 has issued its first early dV
    // k-blocks, a third of a step later, so that from the start one warpgroup's softmax falls
    // under the other's GEMMs (started together they stayed in step, and the lag alone measured
    // 2% slower; started after warpgroup 0's first dS, half a step, the later half of each
    // step's partial dQ held up the writer's turn: bench/NOTES.md, v37).
    // (Varlen: inside the first step, after the rows past the sequence are zeroed, which both
    // warpgroups meet for.)
    if constexpr (kLaggedDq && !Traits::kVarlen) {
      if (steps > 0 && warp_group == 1) NamedBarrier::sync(Traits::kMmaThreads, uint32_t(BwdBarrier::kLaggedStart));
    }
    for (int i = 0; i < steps; ++i) {
      if constexpr (kRotatedLoop) {
        // Step i-1's dQ and dK and the rest of step i-1 (all waited for within the branch: a
        // branch that left WGMMAs in flight, joining one that issued none, made ptxas serialize
        // every WGMMA of the loop).
        if (i > 0) finish_step(i - 1, prev_state);
      }
      const int m = visit_m(p, w, Traits::kGroupedHeads ? visit : i);
      const int query_base = m * kBlockM;
      pipeline.consumer_wait(state);
      const int stage = state.index();
      // Varlen: likewise the query rows past the sequence's last one in its last Q tile (they
      // have P = 0 and dS = 0, LSE = +inf and D = 0 from the preprocess, but dV += P^T dO and
      // dK += dS^T Q multiply those zeros with the rows' values).
      if constexpr (Traits::kVarlen) {
        if (seqlen_q - query_base < kBlockM) {
          zero_rows_past_sequence<kQLines>(sQ(_, _, stage), sdO(_, _, stage), seqlen_q - query_base, tid);
        }
      }
      if constexpr (kLaggedDq && Traits::kVarlen) {
        if (i == 0 && warp_group == 1) NamedBarrier::sync(Traits::kMmaThreads, uint32_t(BwdBarrier::kLaggedStart));
      }

      // The row statistics (LSE, D) of this Q tile. With kShuffleStats, two columns per lane and
      // 64-column chunk, read before the S and dP WGMMAs start streaming their operands from
      // shared memory; each thread then takes the values of its own columns from the lane that
      // holds them (row_stat). Read where they are used instead, a thread's 2 x kBlockM / 4
      // values take kBlockM / 4 LDS.64 per step (8x FA4's shared-memory wavefronts for the
      // statistics at 128 query rows), whose latency held up the softmax (bench/NOTES.md, v15).
      // Lanes past a tile's last column read a duplicate, never used.
      const float* lse_tile = smem.lse.data() + stage * kBlockM;
      const float* dpsum_tile = smem.dpsum.data() + stage * kBlockM;
      float2 lse_lanes[kStatChunks], dpsum_lanes[kStatChunks];
      if constexpr (kShuffleStats) {
        CUTLASS_PRAGMA_UNROLL
        for (int k = 0; k < kStatChunks; ++k) {
          const int column = cute::min(64 * k + 2 * lane, kBlockM - 2);
          lse_lanes[k] = *reinterpret_cast<const float2*>(lse_tile + column);
          dpsum_lanes[k] = *reinterpret_cast<const float2*>(dpsum_tile + column);
        }
      }
      // The LSE or D (`lanes` / `tile`) of column 8 * g + 2 * quad + e of this Q tile.
      auto stat_at = [&](float2 const (&lanes)[kStatChunks], const float* tile, int g, int e) {
        if constexpr (kShuffleStats) return row_stat(lanes, g, e);
        else return tile[get<1>(tScS(4 * g + e))];
      };
      auto lse_at = [&](int g, int e) { return stat_at(lse_lanes, lse_tile, g, e); };
      auto dpsum_at = [&](int g, int e) { return stat_at(dpsum_lanes, dpsum_tile, g, e); };

      Tensor tSrS = partition_fragment_C(mma_sdp, Shape<BlockN, BlockM>{});
      Tensor tdPrdP = partition_fragment_C(mma_sdp, Shape<BlockN, BlockM>{});
      wgmma<true, -1>(mma_sdp, tSrK, tSrQ(_, _, _, stage), tSrS);
      wgmma<true, -1>(mma_sdp, tdPrV, tdPrdO(_, _, _, stage), tdPrdP);

      // P = exp2(held * scale_log2 - LSE * log2(e)), zero where masked. The held score is S
      // itself, or tanh(S * softcap_scale) under the capped policy (common/score.h), made in place.
      const TileBand tb = tile_band(p.band, query_base, key_base, seqlen_q, seqlen_k);
      // (Capped scores keep the three band tests per step: the m80 capped kernel sits at the spill
      // budget, and the range's two registers held across the loop put it 32 B over.)
      const bool need_mask = Traits::kSoftcap
          ? tile_needs_mask(p.band, query_base, key_base, kBlockM, kBlockN, seqlen_q, seqlen_k)
          : unmasked.needs_mask(m);
      constexpr bool kSoftcap = Traits::kSoftcap;
      auto probability = [&](int j, float s, float lse, auto masked) {
        if constexpr (decltype(masked)::value) {
          const int r = get<0>(tScS(j)), c = get<1>(tScS(j));
          s = (r < tb.rows_valid) & (r <= c + tb.hi) & (r >= c + tb.lo) ? s : -INFINITY;
        }
        return exp2_approx(s * p.scale_log2 - lse);
      };
      constexpr int kGroups = decltype(size(tSrS))::value / 4;
      constexpr int kEarlyGroups = Traits::Config::kEarlyPGroups;
      constexpr int kEarlyKBlocks = kEarlyGroups / 2;
      static_assert(decltype(size(tSrS))::value % 4 == 0 && kEarlyGroups % 2 == 0 && kEarlyGroups < kGroups);
      // Without the early dV k-blocks, the first half of the exponentials is computed before
      // the dP wait all the same, held there by a store that never runs (below).
      constexpr int kEarlyExpGroups = kEarlyKBlocks > 0 ? kEarlyGroups : kGroups / 2;
      // The first exponentials' LSE values are shuffled before the S wait: shuffled after it,
      // each of their FFMAs waited for a shuffle (bench/NOTES.md, v16).
      // (Read from shared memory instead, they stay where they are used: v11.)
      float lse_early[kEarlyExpGroups][2];
      if constexpr (kShuffleStats) {
        CUTLASS_PRAGMA_UNROLL
        for (int g = 0; g < kEarlyExpGroups; ++g) lse_early[g][0] = lse_at(g, 0), lse_early[g][1] = lse_at(g, 1);
      }
      auto early_lse_at = [&](int g, int e) {
        if constexpr (kShuffleStats) return lse_early[g][e];
        else return lse_at(g, e);
      };
      // ... and held there by a store that never runs (hold_ahead_of_wgmma_wait's device): ptxas
      // otherwise sank all but one of the shuffles below the S wait, where the first exponentials
      // waited for them (session 42: 3% of the d64 kernel's stall samples at the first FFMAs and
      // the branch before them).
      if constexpr (kShuffleStats) {
        if (p.never_written != nullptr) {
          CUTLASS_PRAGMA_UNROLL
          for (int g = 0; g < kEarlyExpGroups; ++g) p.never_written[2 * g] = lse_early[g][0] + lse_early[g][1];
        }
      }
      warpgroup_wait<1>();
      if constexpr (kSoftcap) {
        // Capped: S becomes the held tanh in place, before any exponential (and ahead of the dP
        // wait, where the SFU work overlaps dP's WGMMA).
        warpgroup_fence_operand(tSrS);
        cap_scores(tSrS, p.softcap_scale);
      }
      // Two copies of the softmax: the steady state has no mask test at all (a per-element test
      // there cost ~15% of the step in branch and instruction-fetch stalls, bench/NOTES.md v8).
      // In tile coordinates (key row r, query column c) an element is kept iff r < rows_valid
      // and r <= c + diagonal: two compares per element against per-step constants (written
      // with the full key/query arithmetic and a short-circuit ||, the compiler branched and
      // spilled per element).
      // Element j = e + 2 * h + 4 * g of the accumulator sits in column group g (8 query
      // columns), row half h and column 8 * g + 2 * quad + e (checked for every tile shape
      // against partition_C when this was written); its LSE and D are shared by both halves.
      //
      // The dP wait is placed by what the tensor cores depend on, not by source order: ptxas
      // hoists a WGMMA wait above any arithmetic that nothing before the wait consumes, so
      // "some exponentials, then wait for dP" compiled to "wait for dP, then all of them", with
      // the tensor cores idle throughout (bench/NOTES.md, v15). So P's first column groups are
      // computed and handed to the tensor cores as the first k-blocks of dV += P^T dO, a WGMMA
      // that must be issued before the wait; the wait for dP then follows them, and that part of
      // dV runs while the remaining exponentials and dS are computed.
      // Capped scores: dS = P (dP - D) (1 - T^2), T the held tanh. The early groups hold P, as
      // plain ones do, and take T back from it beside dS (one log2 each) rather than hold a third
      // fp32 value per element (T held instead and P computed again spilled 424 bytes at hdim 64).
      // P and dS are converted to 16 bits as each pair of elements is done, so that the fp32 S
      // and dP registers die along the loop: at 80 query rows, S, dP and their 16-bit copies do
      // not fit beside dK and dV, and converting after the loop spilled P to local memory. Pairs,
      // because the WGMMA operand registers hold two 16-bit values: converted one by one, each
      // pair was packed again with a PRMT right before the dV WGMMA (bench/NOTES.md, v12).
      Tensor rP = make_tensor_like<Element>(tSrS);
      Tensor tdVrP = make_tensor(rP.data(), accumulator_as_operand_a(rP.layout()));
      using PairConverter = cutlass::NumericArrayConverter<Element, float, 2>;
      using Pair = typename PairConverter::result_type;
      Pair* rdS_pairs = reinterpret_cast<Pair*>(raw_pointer_cast(rdS.data()));
      Pair* rP_pairs = reinterpret_cast<Pair*>(raw_pointer_cast(rP.data()));
      auto softmax_and_ds = [&](auto masked) {
        CUTLASS_PRAGMA_UNROLL
        for (int g = 0; g < kEarlyExpGroups; ++g) {
          const float lse[2] = {early_lse_at(g, 0), early_lse_at(g, 1)};
          CUTLASS_PRAGMA_UNROLL
          for (int h = 0; h < 2; ++h) {
            const int j = 4 * g + 2 * h;
            cutlass::Array<float, 2> prob;
            CUTLASS_PRAGMA_UNROLL
            for (int e = 0; e < 2; ++e) {
              prob[e] = tSrS(j + e) = probability(j + e, tSrS(j + e), lse[e], masked);
            }
            if (g < kEarlyGroups) rP_pairs[j / 2] = PairConverter::convert(prob);
          }
        }
        if constexpr (kEarlyKBlocks > 0) {
          wgmma<false, -1, 0, kEarlyKBlocks>(mma_dkv, tdVrP, tdVrdO(_, _, _, stage), tdVrdV);
          if constexpr (kLaggedDq) {
            if (i == 0 && warp_group == 0) NamedBarrier::arrive(Traits::kMmaThreads, uint32_t(BwdBarrier::kLaggedStart));
          }
          warpgroup_wait<1>();  // dP (the early part of dV may still run)
        } else {
          // Without them, the early exponentials are held ahead of the wait by a store that
          // never runs.
          hold_ahead_of_wgmma_wait<4 * kEarlyExpGroups>(p.never_written, tSrS);
          warpgroup_wait<0>();  // dP
        }
        warpgroup_fence_operand(tdPrdP);
        CUTLASS_PRAGMA_UNROLL
        for (int g = 0; g < kGroups; ++g) {
          float lse[2], dpsum[2];
          CUTLASS_PRAGMA_UNROLL
          for (int e = 0; e < 2; ++e) {
            // (Capped: the early groups' LSE again, from the lanes, not held since the S wait.)
            if (g >= kEarlyExpGroups || kSoftcap) lse[e] = lse_at(g, e);
            dpsum[e] = dpsum_at(g, e);
          }
          CUTLASS_PRAGMA_UNROLL
          for (int h = 0; h < 2; ++h) {
            const int j = 4 * g + 2 * h;
            cutlass::Array<float, 2> prob, ds;
            CUTLASS_PRAGMA_UNROLL
            for (int e = 0; e < 2; ++e) {
              float t = 0.f;
              if (g >= kEarlyExpGroups) {
                t = tSrS(j + e);
                prob[e] = probability(j + e, t, lse[e], masked);
              } else {
                prob[e] = tSrS(j + e);
                // Capped: T of an early element from its P (the exponent taken back by a log2);
                // P = 0 (masked or underflow) gives -inf, clamped to -1: a zero factor.
                if constexpr (kSoftcap) t = fmaxf((log2_approx(prob[e]) + lse[e]) * p.inv_scale_log2, -1.f);
              }
              ds[e] = prob[e] * (tdPrdP(j + e) - dpsum[e]);
              if constexpr (kSoftcap) ds[e] *= fmaf(-t, t, 1.f);
            }
            if (g >= kEarlyGroups) rP_pairs[j / 2] = PairConverter::convert(prob);
            rdS_pairs[j / 2] = PairConverter::convert(ds);
          }
        }
      };
      if (need_mask) {
        softmax_and_ds(cute::true_type{});
      } else {
        softmax_and_ds(cute::false_type{});
      }

      // dS^T to shared memory, for dQ = dS K which needs all kBlockN key rows. The buffer this
      // step writes was last read by step i-2's dQ WGMMA, which both warpgroups waited for before
      // they arrived at step i-1's kDsReady barrier. (Lagged dQ: by step i-3's, issued in step
      // i-2's tail; the other warpgroup signalled it done there, and this one waited for that
      // signal in step i-1's tail.)
      const int ds_buffer_offset = (i % Traits::kDsBuffers) * Traits::kDsElems;
      Element* ds_store = static_cast<Element*>(
          __cvta_shared_to_generic(ds_store_buffer0 + ds_buffer_offset * int(sizeof(Element))));
      copy(r2s_ds, thr_r2s_ds.retile_S(rdS), make_tensor(make_smem_ptr(ds_store), DsStoreLayout{}));
      // The rest of dV += P^T dO runs on the tensor cores across the exchange of dS.
      wgmma<false, -1, kEarlyKBlocks>(mma_dkv, tdVrP, tdVrdO(_, _, _, stage), tdVrdV);
      // The dS stores are made visible to the other warpgroup's dQ WGMMA (the async proxy) by a
      // fence before the barrier that publishes them. Lagged, that barrier is the directed one at
      // the end of the step's tail, and the partial dQ's hand-off fences every store of the thread
      // before it: a fence here waited for the dS stores to drain (under the dV WGMMAs' reads of
      // shared memory) before dQ and dK could be issued, 4% of the d64 kernel's stall samples
      // (session 43).
      if constexpr (!kLaggedDq) cutlass::arch::fence_view_async_shared();
      if constexpr (kLaggedDq) {
        finish_step_lagged(i, state);
      } else {
        NamedBarrier::sync(Traits::kMmaThreads, uint32_t(BwdBarrier::kDsReady));
        if constexpr (kRotatedLoop) {
          // dV_i is done before the iteration ends: no WGMMA in flight across the back edge.
          warpgroup_wait<0>();
          warpgroup_fence_operand(tdVrdV);
        } else {
          finish_step(i, state);
        }
      }
      prev_state = state;
      ++state;
      if constexpr (Traits::kGroupedHeads) {
        if (++visit == w.visit_count) visit = 0;
      }
    }
    if (kRotatedLoop && steps > 0) finish_step(steps - 1, prev_state);
    if constexpr (kLaggedDq) {
      if (steps > 0) {
        // The last step's dQ.
        NamedBarrier::sync(Traits::kMmaThreads, ds_stored_barrier(1 - warp_group, (steps - 1) % 2));
        Tensor tdQrdQ = partition_fragment_C(mma_dq, typename Traits::DqShape{});
        issue_dq(steps - 1, tdQrdQ);
        warpgroup_wait<0>();
        warpgroup_fence_operand(tdQrdQ);
        hand_dq_to_writer(smem, (steps - 1) % Traits::kDqBuffers, warp_group, tid, tdQrdQ);
      }
    }
  }
};

}  // namespace dash
