// TESTING ONLY: the dQ hand-off chain of handoff_probe.h.
#include <string>

#include "bwd/bwd_ordering.h"
#include "common/check.h"
#include "testing/handoff_probe.h"

namespace dash::testing {
namespace {

constexpr int kThreads = 128;
constexpr int kMaxBytes = 32 * 1024;
constexpr int kMaxCtas = 64;

__device__ __forceinline__ int load_relaxed_gpu(const int* ptr) {
  int v;
  asm volatile("ld.relaxed.gpu.global.s32 %0, [%1];\n" : "=r"(v) : "l"(ptr) : "memory");
  return v;
}

template <HandoffVariant V>
__device__ __forceinline__ void wait_turn(const int* counter, int turn) {
  if constexpr (V == HandoffVariant::kDash) {
    ticket_wait(counter, turn);
  } else if constexpr (V == HandoffVariant::kRelaxedPoll) {
    while (load_relaxed_gpu(counter) != turn) {
    }
    (void)load_acquire_gpu(counter);
  } else {
    while (load_acquire_gpu(counter) != turn) {
    }
  }
  if constexpr (V != HandoffVariant::kNoProxyFence) fence_proxy_async_global();
}

template <HandoffVariant V>
__device__ __forceinline__ void release_turn(int* counter) {
  if constexpr (V == HandoffVariant::kNoProxyFence) {
    add_release_gpu(counter, 1);
  } else {
    ticket_release(counter);
  }
}

template <HandoffVariant V>
__global__ void __launch_bounds__(kThreads) handoff_kernel(int rounds, int bytes, float* dst, int* counter,
                                                           int64_t* elapsed_ns) {
  __shared__ alignas(128) float src[kMaxBytes / 4];
  for (int i = threadIdx.x; i < bytes / 4; i += kThreads) src[i] = 1.0f;
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");  // generic stores, read by the bulk copy
  __syncthreads();
  if (threadIdx.x != 0) return;
  const uint64_t start = global_timer_ns();
  for (int r = 0; r < rounds; ++r) {
    wait_turn<V>(counter, r * int(gridDim.x) + int(blockIdx.x));
    bulk_reduce_add_f32(dst, src, uint32_t(bytes));
    bulk_wait_complete();
    release_turn<V>(counter);
  }
  elapsed_ns[blockIdx.x] = int64_t(global_timer_ns() - start);
}

template <HandoffVariant V>
void launch(int num_ctas, int rounds, int bytes, float* dst, int* counter, int64_t* elapsed_ns,
            cudaStream_t stream) {
  handoff_kernel<V><<<num_ctas, kThreads, 0, stream>>>(rounds, bytes, dst, counter, elapsed_ns);
  DASH_CUDA_CHECK(cudaGetLastError());
}

}  // namespace

void handoff_chain(int variant, int num_ctas, int rounds, int bytes, float* dst, int* counter,
                   int64_t* elapsed_ns, cudaStream_t stream) {
  DASH_REQUIRE(variant >= 0 && variant < int(HandoffVariant::kCount),
               "handoff_chain: unknown variant " + std::to_string(variant));
  // Every CTA must be resident at once (each waits on the one before it): 64 CTAs of 128 threads
  // and at most 32 KB fit on any Hopper part, one per SM or a few per SM.
  DASH_REQUIRE(num_ctas >= 1 && num_ctas <= kMaxCtas, "handoff_chain: num_ctas must be in [1, 64]");
  DASH_REQUIRE(rounds >= 1 && rounds <= 100000, "handoff_chain: rounds must be in [1, 100000]");
  DASH_REQUIRE(bytes >= 16 && bytes <= kMaxBytes && bytes % 16 == 0,
               "handoff_chain: bytes must be a multiple of 16 in [16, 32768]");
  switch (HandoffVariant(variant)) {
    case HandoffVariant::kDash: return launch<HandoffVariant::kDash>(num_ctas, rounds, bytes, dst, counter, elapsed_ns, stream);
    case HandoffVariant::kNoSleep: return launch<HandoffVariant::kNoSleep>(num_ctas, rounds, bytes, dst, counter, elapsed_ns, stream);
    case HandoffVariant::kNoProxyFence: return launch<HandoffVariant::kNoProxyFence>(num_ctas, rounds, bytes, dst, counter, elapsed_ns, stream);
    default: return launch<HandoffVariant::kRelaxedPoll>(num_ctas, rounds, bytes, dst, counter, elapsed_ns, stream);
  }
}

}  // namespace dash::testing
