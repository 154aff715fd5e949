// TESTING ONLY: the SM hog of hold_sms.h.
#include <string>

#include "common/check.h"
#include "testing/hold_sms.h"

namespace dash::testing {
namespace {

constexpr int kThreads = 32;
// More than half of an SM's 228 KB of shared memory: no two hog CTAs share an SM, and no backward
// CTA (190-225 KB) fits beside one, so each CTA holds its SM whole for its duration.
constexpr int kSmemBytes = 120 * 1024;

__device__ __forceinline__ uint64_t global_timer_ns() {
  uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;\n" : "=l"(t));
  return t;
}

__global__ void __launch_bounds__(kThreads) hold_sms_kernel(int64_t duration_ns, int* sm_ids, int* started,
                                                            const int* stop) {
  extern __shared__ char reserved[];  // never touched: reserving it is the point
  const uint64_t deadline = global_timer_ns() + uint64_t(duration_ns);
  if (threadIdx.x == 0) {
    unsigned smid;
    asm volatile("mov.u32 %0, %%smid;\n" : "=r"(smid));
    sm_ids[blockIdx.x] = int(smid);
    __threadfence();  // the SM id is visible before the count that announces it
    atomicAdd(started, 1);
  }
  // Volatile loads: the host sets *stop while the kernel runs.
  const volatile int* stop_flag = stop;
  while (global_timer_ns() < deadline && (stop_flag == nullptr || *stop_flag == 0)) {
    __nanosleep(1000);
  }
}

}  // namespace

void hold_sms(int num_ctas, int64_t duration_ns, int* sm_ids, int* started, const int* stop, cudaStream_t stream) {
  DASH_REQUIRE(num_ctas >= 1, "hold_sms: num_ctas must be >= 1, got " + std::to_string(num_ctas));
  DASH_REQUIRE(duration_ns >= 1 && duration_ns <= kMaxHoldNs,
               "hold_sms: duration_ns must be in [1, " + std::to_string(kMaxHoldNs) + "] (10 s), got " +
                   std::to_string(duration_ns));
  DASH_REQUIRE(sm_ids != nullptr && started != nullptr, "hold_sms: sm_ids and started must be device pointers");
  int device = 0, sms = 0;
  DASH_CUDA_CHECK(cudaGetDevice(&device));
  DASH_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  // More CTAs than SMs would queue behind the first ones: `started` would stop short of num_ctas.
  DASH_REQUIRE(num_ctas <= sms, "hold_sms: num_ctas (" + std::to_string(num_ctas) + ") exceeds the " +
                                    std::to_string(sms) + " SMs of this GPU");
  // Per device, so set at every call (as bwd_launch.h does for the backward).
  DASH_CUDA_CHECK(cudaFuncSetAttribute(hold_sms_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmemBytes));
  hold_sms_kernel<<<num_ctas, kThreads, kSmemBytes, stream>>>(duration_ns, sm_ids, started, stop);
  DASH_CHECK_LAUNCH();
}

}  // namespace dash::testing
