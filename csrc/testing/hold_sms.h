// TESTING ONLY, not part of dash's attention: a kernel that occupies SMs for a bounded time, as
// an NCCL kernel of overlapped training does for a whole backward pass. tests/test_hang_proof.py
// runs the backward beside it to prove that dash finishes on the SMs left free (its waves need
// at most 32). Reached from Python through dash.testing.hold_sms.
#pragma once
#include <cstdint>
#include <cuda_runtime.h>

namespace dash::testing {

// The longest hold accepted: whatever a test does, the SMs come back after this.
constexpr int64_t kMaxHoldNs = 10'000'000'000;

// Launches num_ctas CTAs on `stream`, each alone on its SM (its shared memory leaves no room for a
// second one, nor for a backward CTA). Each CTA writes its %smid to sm_ids[i] (int32[num_ctas]),
// adds 1 to *started (int32) once it runs, and spins until duration_ns have passed since it
// started, or until *stop (int32, may be 0 = none) is non-zero.
void hold_sms(int num_ctas, int64_t duration_ns, int* sm_ids, int* started, const int* stop, cudaStream_t stream);

}  // namespace dash::testing
