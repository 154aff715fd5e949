// TESTING ONLY, not part of dash's attention: the latency of one deterministic dQ hand-off. A chain
// of CTAs takes turns on one fp32 tile the way the backward's dQ writers do (wait for the tile's
// counter to reach the turn, add with one bulk reduce, wait for it to complete, release), so that
// the time per turn is the latency the schedules have to hide. Variants change one piece of the
// protocol each (bench/NOTES.md, session 13). Reached from Python through dash.testing.
#pragma once
#include <cstdint>
#include <cuda_runtime.h>

namespace dash::testing {

enum class HandoffVariant : int {
  kDash = 0,          // bwd_ordering.h as the backward runs it: acquire poll with a 32 ns sleep,
                      // proxy fences on both sides, release after completion
  kNoSleep = 1,       // the same without the sleep between polls
  kNoProxyFence = 2,  // no sleep and no fence.proxy.async (FA4's sm90 writer)
  kRelaxedPoll = 3,   // relaxed polls without sleep, one acquire load once the turn is seen
  kCount = 4,
};

// num_ctas CTAs (at most 64, all resident at once) take rounds x num_ctas turns on dst (bytes of
// fp32, a multiple of 16, at most 32 KB): turn t belongs to CTA t % num_ctas. *counter must be 0.
// elapsed_ns[i] receives CTA i's time from its first poll to its last release.
void handoff_chain(int variant, int num_ctas, int rounds, int bytes, float* dst, int* counter,
                   int64_t* elapsed_ns, cudaStream_t stream);

}  // namespace dash::testing
