// The one switch that turns a run-time dtype into a template argument (CUDA sources only).
#pragma once
#include <cutlass/numeric_types.h>

#include "common/dtype.h"

namespace dash {

// Calls f(cutlass::half_t{}) or f(cutlass::bfloat16_t{}).
template <class F>
inline auto dispatch_dtype(DType dtype, F&& f) {
  if (dtype == DType::kBFloat16) return f(cutlass::bfloat16_t{});
  return f(cutlass::half_t{});
}

}  // namespace dash
