// The deterministic dQ reduction: a ticket lock per (batch, head, Q tile).
//
// Contribution of KV tile n to Q tile m has a rank r(m, n) from the schedule tables. The dQ
// writer waits until the tile's counter equals its rank, adds its partial dQ with one TMA bulk
// reduce-add, waits for the add to COMPLETE (not only for its source to be read: releasing the
// turn earlier lets the next contributor's add race with ours), and then increments the
// counter with release semantics. Counters are zeroed by the preprocess of every call.
#pragma once
#include <cstdint>

namespace dash {

__device__ __forceinline__ int load_acquire_gpu(const int* ptr) {
  int v;
  asm volatile("ld.acquire.gpu.global.s32 %0, [%1];\n" : "=r"(v) : "l"(ptr) : "memory");
  return v;
}

__device__ __forceinline__ void add_release_gpu(int* ptr, int v) {
  asm volatile("red.release.gpu.global.add.s32 [%0], %1;\n" ::"l"(ptr), "r"(v) : "memory");
}

// Orders generic-proxy accesses (the counter) against async-proxy ones (the bulk add) on
// global memory, in both directions.
__device__ __forceinline__ void fence_proxy_async_global() {
  asm volatile("fence.proxy.async.global;\n" ::: "memory");
}

// dst[i] += src[i] (fp32) for `bytes` bytes, done by the TMA unit, tracked by a bulk group.
__device__ __forceinline__ void bulk_reduce_add_f32(float* dst_global, const float* src_smem, uint32_t bytes) {
  const uint32_t src = static_cast<uint32_t>(__cvta_generic_to_shared(src_smem));
  asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32 [%0], [%1], %2;\n"
               ::"l"(dst_global), "r"(src), "r"(bytes) : "memory");
  asm volatile("cp.async.bulk.commit_group;\n" ::: "memory");
}

// dst[i] = src[i] (fp32) for `bytes` bytes, done by the TMA unit, tracked by a bulk group: the
// first turn's write of a deterministic dQ tile, which then needs no zeroed accumulator.
__device__ __forceinline__ void bulk_store_f32(float* dst_global, const float* src_smem, uint32_t bytes) {
  const uint32_t src = static_cast<uint32_t>(__cvta_generic_to_shared(src_smem));
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;\n"
               ::"l"(dst_global), "r"(src), "r"(bytes) : "memory");
  asm volatile("cp.async.bulk.commit_group;\n" ::: "memory");
}

// The shared-memory source of every committed bulk operation but the newest `Pending` has been read.
template <int Pending = 0>
__device__ __forceinline__ void bulk_wait_source_read() {
  asm volatile("cp.async.bulk.wait_group.read %0;\n" ::"n"(Pending) : "memory");
}

// Every committed bulk operation has completed, its writes performed.
__device__ __forceinline__ void bulk_wait_complete() {
  asm volatile("cp.async.bulk.wait_group 0;\n" ::: "memory");
}

// Spin until it is this contribution's turn. Called by one thread.
__device__ __forceinline__ void ticket_wait(const int* counter, int rank) {
  if (load_acquire_gpu(counter) == rank) return;
  while (load_acquire_gpu(counter) != rank) {
    __nanosleep(32);
  }
}

// Hand the turn to the next contributor. Called by the thread that issued the bulk add, after
// bulk_wait_complete().
__device__ __forceinline__ void ticket_release(int* counter) {
  fence_proxy_async_global();
  add_release_gpu(counter, 1);
}

__device__ __forceinline__ uint64_t global_timer_ns() {
  uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;\n" : "=l"(t));
  return t;
}

}  // namespace dash
