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

#include "common/band.h"  // DASH_HOST_DEVICE
#if defined(__CUDACC__)
#include <cute/tensor.hpp>

#include "common/fast_math.h"
#endif

namespace dash {

struct ScoreScales {
  float exp_scale;      // natural-log units per held unit: softmax_scale, or softcap when capped
  float scale_log2;     // exp_scale * log2(e): the exponent's factor
  float softcap_scale;  // capped only: softmax_scale / softcap, applied before the tanh
};

// softcap <= 0: no cap (FA3's convention: 0 disables it).
DASH_HOST_DEVICE ScoreScales score_scales(float softmax_scale, float softcap) {
  const float exp_scale = softcap > 0.f ? softcap : softmax_scale;
  return ScoreScales{exp_scale, exp_scale * float(M_LOG2E), softcap > 0.f ? softmax_scale / softcap : 0.f};
}

#if defined(__CUDACC__)
// The capped policy on a fragment of raw scores, in place: each becomes tanh(s * softcap_scale),
// the value the capped kernels hold (tanh on the SFU, common/fast_math.h, as FA3 computes it).
template <class Fragment>
__device__ __forceinline__ void cap_scores(Fragment& s, float softcap_scale) {
#pragma unroll
  for (int i = 0; i < int(decltype(cute::size(s))::value); ++i) s(i) = tanh_approx(s(i) * softcap_scale);
}
#endif

}  // namespace dash
