// Named barriers (bar.sync / bar.arrive on a hardware id, 1-15; 0 is __syncthreads'), shared by
// the forward and backward kernels, which number their own ids (they use no CUTLASS collective
// that reserves some; cutlass::arch::NamedBarrier would offset them by 8). `threads` counts every
// thread that syncs or arrives, a multiple of 32.
#pragma once
#include <cstdint>

namespace dash {

struct NamedBarrier {
  // Waits until `threads` threads have synced or arrived on `id`; the "memory" clobber keeps the
  // compiler from moving this thread's loads and stores across it.
  static __device__ __forceinline__ void sync(uint32_t threads, uint32_t id) {
    asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(threads) : "memory");
  }
  // Counts this thread toward `id` without waiting.
  static __device__ __forceinline__ void arrive(uint32_t threads, uint32_t id) {
    asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(threads) : "memory");
  }
};

}  // namespace dash
