// Hopper (sm_90) limits that both directions' tile configurations are checked against.
#pragma once

namespace dash {

// Shared memory one CTA can have (opt-in maximum, cudaDevAttrMaxSharedMemoryPerBlockOptin).
inline constexpr int kMaxSmemBytesPerCta = 227 * 1024;

}  // namespace dash
