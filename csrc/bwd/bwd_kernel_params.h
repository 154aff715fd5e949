// What the main kernel receives by value (__grid_constant__): TMA descriptors built on the
// host, and the plain fields of BwdParams it reads.
#pragma once
#include "bwd/bwd_params.h"
#include "bwd/bwd_traits.h"
#include "common/band.h"

namespace dash {

template <class Traits>
struct BwdKernelParams {
  typename Traits::TmaQ tma_q;
  typename Traits::TmaQ tma_dout;
  typename Traits::TmaK tma_k;
  typename Traits::TmaK tma_v;

  Strided dk, dv;
  int group;  // q-heads per k/v head (read by the grouped instances only)
  int batch, heads, heads_kv, seqlen_q, seqlen_k;
  int num_m_blocks, num_n_blocks;
  int launch_wave;   // the fold of launch positions across instances (bwd_grid.h)
  int launch_group;  // ... within groups of this many instances (1 <= launch_group <= instances)
  float softmax_scale;  // dQ's and dK's factor (the postprocess, the epilogue)
  float scale_log2;     // the exponent's factor of the score policy (common/score.h)
  float softcap_scale;  // Traits::kSoftcap: softmax_scale / softcap, ahead of the tanh
  float inv_scale_log2; // Traits::kSoftcap: 1 / scale_log2 (T taken back from P)
  Band band;  // the mask (causal: (-1, 0)); the tables decide which tiles are visited
  bool deterministic;

  const float* lse_log2;
  const float* dpsum;
  float* dq_accum;
  int* dq_counter;
  int* launch_claim;

  const int* launch_order;
  const int* visit_offsets;
  const int* visit_m;
  const int* rank;

  // The postprocess's CTAs after the main kernel's (bwd_postprocess.h, convert_finished_dq_tiles):
  // launch positions from main_ctas on each convert post_tiles dQ tiles into dq; 0: none.
  Strided dq;
  const int* num_contrib;
  int main_ctas;
  int post_tiles;

  int64_t* timing;
  int* trace;
  int* positions;
  int total_visits;
  // Always null (no caller sets it): hold_ahead_of_wgmma_wait's target (common/gmma_operands.h),
  // which keeps the early exponentials ahead of the dP wait (bench/NOTES.md, v17).
  float* never_written = nullptr;

  // Varlen only (Traits::kVarlen; bwd_varlen.h): the mask and the schedule asked for, and the
  // preprocess's verdict on the offsets (nonzero: out of order), which its table of the launch
  // positions' CTAs follows (bwd_varlen::cta_table: the packed batch is read there, not here).
  bwd_varlen::Geometry geometry;
  const int* varlen_status;
};

}  // namespace dash
