// The score policy shared by the forward and the backward kernels: what turns a raw score
// s = q . k into the value the softmax exponentiates. Mirrored by dash/reference.py (scores()).
//
// Plain:   score = softmax_scale * s.
// Softcap: score = softcap * tanh(softmax_scale * s / softcap)   (FA3's and Gemma 2's formula),
//          d score / d s = softmax_scale * (1 - tanh^2).
// The kernels hold score / exp_scale in their registers, where exp_scale is the factor that takes
// it back to natural-log units: softmax_scale (plain) or softcap (capped, the tanh itself). Then
// p = exp2(held * exp_scale * log2(e) - lse * log2(e)) in both cases, the LSE the forward writes
// is row_max_held * exp_scale + log(sum), and the backward's chain rule adds one factor,
// (1 - tanh^2), to dS; the factor softmax_scale stays where it is (dQ's postprocess, dK's
// epilogue).
#pragma once
#include <cmath>

#if defined(__CUDACC__)
#include "common/fast_math.h"
#endif

#if defined(__CUDACC__)
#define DASH_SCORE_HOST_DEVICE __host__ __device__ inline
#else
#define DASH_SCORE_HOST_DEVICE inline
#endif

namespace dash {

struct ScoreScales {
  float exp_scale;      // natural-log units per held unit: softmax_scale, or softcap when capped
  float scale_log2;     // exp_scale * log2(e): the exponent's factor
  float softcap_scale;  // capped only: softmax_scale / softcap, applied before the tanh
};

// softcap <= 0: no cap (FA3's convention: 0 disables it).
DASH_SCORE_HOST_DEVICE ScoreScales score_scales(float softmax_scale, float softcap) {
  const float exp_scale = softcap > 0.f ? softcap : softmax_scale;
  return ScoreScales{exp_scale, exp_scale * float(M_LOG2E), softcap > 0.f ? softmax_scale / softcap : 0.f};
}

#if defined(__CUDACC__)
// The held score (tanh on the SFU, common/fast_math.h: what FA3 uses for softcap) of a raw score: itself (plain) or tanh(s * softcap_scale) (capped).
template <bool kSoftcap>
__device__ __forceinline__ float held_score(float s, float softcap_scale) {
  if constexpr (kSoftcap) {
    return tanh_approx(s * softcap_scale);
  } else {
    return s;
  }
}
#endif

}  // namespace dash
