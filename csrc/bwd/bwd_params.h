// Everything one backward call needs, filled by the Python wrapper (dash/ops.py) through the
// binding. Workspaces are allocated by torch on the Python side; their sizes follow from the
// tile shape that bwd_tile_shape() reports, the single source of truth for tile sizes.
#pragma once
#include <cstdint>
#include <cuda_runtime.h>

#include "common/band.h"
#include "common/score.h"
#include "common/dtype.h"
#include "common/param_list.h"
#include "common/strided.h"

namespace dash {

struct BwdTileShape {
  int block_m;  // query rows per Q tile (kBlockM)
  int block_n;  // key rows per KV tile (kBlockN)
};

// Tile sizes per head dim and mask; the only place they are chosen (see bwd_config.h).
BwdTileShape bwd_tile_shape(int head_dim, bool causal);

// The fields of BwdParams: one list that the struct below and the Python binding
// (bwd_binding.cpp: one attribute per field, and BwdParams.fields) are both expanded from, so
// that a field exists in C++ and in Python or in neither; tests/test_params.py checks the Python
// side's assignments against BwdParams.fields on the CPU. X(type, name, default); the order is the
// struct's layout. (Comments inside the list are /* */: a // comment would swallow the line
// continuation.)
#define DASH_BWD_PARAMS(X)                                                                          \
  /* Inputs in (batch, seq, head, dim) layout, last dim contiguous. */                              \
  X(Strided, q, {}) X(Strided, k, {}) X(Strided, v, {}) X(Strided, out, {}) X(Strided, dout, {})    \
  /* fp32 (batch, heads, seqlen_q), contiguous: the forward's log-sum-exp (natural log). */         \
  X(uintptr_t, lse, 0)                                                                              \
  /* Outputs, in the input dtype: dq with `heads` heads, dk/dv with `heads_kv` (GQA/MQA: the CTA    \
     of a k/v head's KV tile walks the Q tiles of all q-heads of its group, so dK and dV are summed \
     in its registers; no per-q-head slices). */                                                    \
  X(Strided, dq, {}) X(Strided, dk, {}) X(Strided, dv, {})                                          \
  X(int, batch, 0) X(int, heads, 0) X(int, heads_kv, 0) X(int, seqlen_q, 0) X(int, seqlen_k, 0)     \
  X(int, head_dim, 0) X(float, softmax_scale, 0.f) X(bool, causal, false)                           \
  /* FA3's window_size (common/band.h): -1 = unbounded; with causal, right is 0 whatever is given. */ \
  X(int, window_left, -1) X(int, window_right, -1)                                                  \
  /* FA3's softcap (common/score.h): score = softcap * tanh(softmax_scale * s / softcap); 0 = none. \
     The forward's LSE must come from the same softcap. */                                          \
  X(float, softcap, 0.f) X(DType, dtype, DType::kBFloat16)                                          \
  /* Workspaces (device, fp32 unless noted), one Q tile = block_m rows:                             \
       lse_log2   (batch, heads, num_m_blocks * block_m): LSE * log2(e); +inf on padded / empty rows \
       dpsum      (batch, heads, num_m_blocks * block_m): D = rowsum(dO * O); 0 on padded rows      \
       dq_accum   (batch, heads, num_m_blocks, block_m * head_dim): partial-dQ sums, one tile in the \
                  main kernel's fragment order (BwdTraits::dq_chunk_offset)                         \
       dq_counter int32 (batch, heads, num_m_blocks): ticket-lock counters, zeroed by the preprocess \
       launch_claim int32 [1]: the main kernel's CTAs take their launch positions from it, in the   \
                  order they start (bwd_grid.h); zeroed by the preprocess */                        \
  X(uintptr_t, lse_log2, 0) X(uintptr_t, dpsum, 0) X(uintptr_t, dq_accum, 0)                        \
  X(uintptr_t, dq_counter, 0) X(uintptr_t, launch_claim, 0)                                         \
  /* Schedule tables (device, int32), shared by every (batch, k/v head); see dash/schedule. With    \
     GQA the CTA walks its visits once per q-head of the group (`heads / heads_kv` passes, head     \
     after head), and every q-head's dQ tile m takes the turns rank[m * N + n]:                     \
       launch_order  [N]       KV tile handled by the CTA at launch position i of a head            \
       visit_offsets [N + 1]   CSR offsets into visit_m, indexed by KV tile n                       \
       visit_m       [total]   the Q tiles KV tile n visits, in order                               \
       rank          [M * N]   rank[m * N + n]: turn of KV tile n in Q tile m's dQ sum; -1 if masked */ \
  X(uintptr_t, launch_order, 0) X(uintptr_t, visit_offsets, 0) X(uintptr_t, visit_m, 0)            \
  X(uintptr_t, rank, 0)                                                                             \
  /* The postprocess as the main kernel's last launch positions (deterministic fixed-length calls; \
     bwd_postprocess.h, convert_finished_dq_tiles): each of those CTAs converts post_tiles dQ       \
     tiles once their counters reach num_contrib [M] (the contributors of Q tile m), and no         \
     postprocess kernel runs. 0: the postprocess kernel converts them after the main kernel. */     \
  X(uintptr_t, num_contrib, 0) X(int, post_tiles, 0)                                                \
  /* false: free-running reduce-adds (FA3's non-deterministic path) */                              \
  X(bool, deterministic, true)                                                                      \
  /* CTAs of one head that wait on each other cyclically (the schedule's wave, at most              \
     dash.schedule.WAVE_LIMIT). The launch refuses a wave larger than the CTAs that can be          \
     co-resident on this device: that would hang instead of failing. */                             \
  X(int, wave_size, 1)                                                                              \
  /* The waves of the launch order across (batch, k/v head) instances (bwd_grid.h,                  \
     unfold_launch_position): launch indices [kW, (k+1)W) of every instance run before those of     \
     wave k + 1. 1 <= launch_wave <= N; N keeps the instance-major order. Sets the order CTAs       \
     start in, never the order of the dQ additions (the ranks do), so it changes speed, not bits. */ \
  X(int, launch_wave, 0)                                                                            \
  /* ... within groups of launch_group consecutive instances (unfold_grouped_launch_position): the  \
     instances that share L2 while they run. 0 (or more than there are instances): one group. */   \
  X(int, launch_group, 0)                                                                           \
  /* length of visit_m */                                                                           \
  X(int, total_visits, 0)                                                                           \
  /* Debug hooks, off when zero:                                                                    \
       timing int64 (batch, heads_kv, N, 2): start/end %globaltimer (ns) of each CTA;               \
       trace  int32 (batch, heads, total visits): for the i-th visit of KV tile n (entry            \
              visit_offsets[n] + i), the turn its dQ add actually took in its Q tile's sum (the     \
              counter value seen; with the atomic path, the arrival order);                         \
       positions int32 (batch, heads_kv, N): the launch position each CTA claimed, by KV tile n. */ \
  X(uintptr_t, timing, 0) X(uintptr_t, trace, 0) X(uintptr_t, positions, 0)                         \
  /* Packed variable-length batch (FA3's varlen) when cu_seqlens_q is set (bwd_varlen.h): q, out,   \
     dout and dq (total_q, heads, d), k, v, dk, dv (total_k, heads_kv, d), each a batch of one      \
     (batch_stride unused); `batch` counts the sequences, seqlen_q/k are total_q/k; lse fp32        \
     (heads, total_q), the forward's varlen layout. The workspaces hold one tile per query-tile     \
     slot (heads * (total_q / block_m + batch + 1) tiles; bwd_varlen.h), the schedule comes from    \
     closed forms (`varlen_schedule`, a bwd_varlen::Schedule) instead of the tables above, and      \
     `varlen_status` (int32, set by the preprocess) is nonzero when the offsets are out of order    \
     or out of range, which makes the main kernel do nothing. At the first 16-byte boundary after   \
     it, the preprocess writes the main kernel's table of CTAs (bwd_varlen.h, cta_table: 64 bytes   \
     per launch position, heads_kv * (total_k / block_n + batch) positions). The debug hooks are    \
     not available. */                                                                              \
  X(uintptr_t, cu_seqlens_q, 0) X(uintptr_t, cu_seqlens_k, 0) X(uintptr_t, seqused_q, 0)           \
  X(uintptr_t, seqused_k, 0) X(uintptr_t, varlen_status, 0) X(int, varlen_schedule, 0)

struct BwdParams {
  DASH_BWD_PARAMS(DASH_DECLARE_PARAM)

  bool windowed() const { return Band::of(false, window_left, window_right).bounded(); }
  // Banded masks (causal, windows) take the causal tile configuration (bwd_config.h).
  bool banded() const { return Band::of(causal, window_left, window_right).bounded(); }
  bool softcapped() const { return softcap > 0.f; }
  bool varlen() const { return cu_seqlens_q != 0; }
};

// How many main-kernel CTAs can be resident at once on the current device (SMs x CTAs/SM), for
// the instance that bwd_tile_shape(head_dim, causal) selects.
int bwd_max_coresident(int head_dim, bool causal, DType dtype);

// The three kernels of a backward call, launched in order on `stream`.
void bwd_preprocess(const BwdParams& p, cudaStream_t stream);
void bwd_main(const BwdParams& p, cudaStream_t stream);
void bwd_postprocess(const BwdParams& p, cudaStream_t stream);

}  // namespace dash
