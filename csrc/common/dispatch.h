// The switches that turn run-time values (a dtype, a flag) into template arguments (CUDA sources only).
#pragma once
#include <type_traits>

#include <cutlass/numeric_types.h>

#include "common/dtype.h"

namespace dash {

// Calls f(cutlass::half_t{}) or f(cutlass::bfloat16_t{}).
template <class F>
inline auto dispatch_dtype(DType dtype, F&& f) {
  if (dtype == DType::kBFloat16) return f(cutlass::bfloat16_t{});
  return f(cutlass::half_t{});
}

// Calls f(std::true_type{}) or f(std::false_type{}): a run-time flag as a compile-time policy.
template <class F>
inline auto dispatch_bool(bool flag, F&& f) {
  if (flag) return f(std::true_type{});
  return f(std::false_type{});
}

}  // namespace dash
