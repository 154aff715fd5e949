// Programmatic dependent launch (PDL) between the kernels of one call: a kernel launched with
// `launch(..., overlap_previous = true, ...)` may be scheduled before the kernel ahead of it in
// the stream has finished, once every CTA of that kernel has started (or called
// allow_dependent_grids()). Its CTAs then wait in wait_for_previous_grid() until the previous
// kernel has completed and its writes are visible, so the results are those of plain stream
// order; what is saved is the launch latency and the ramp of CTAs between the two kernels. Every
// thread of a dependent kernel calls wait_for_previous_grid() before its first access to global
// memory that the previous kernel writes, or reads after it.
#pragma once

#include <cuda_runtime.h>

#include "common/check.h"

namespace dash {

#ifdef __CUDACC__
__device__ __forceinline__ void wait_for_previous_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;\n" ::: "memory");
#endif
}

// Lets the next kernel's CTAs be scheduled once every CTA of this one has made this call (or
// exited); it changes nothing in what either kernel computes.
__device__ __forceinline__ void allow_dependent_grids() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;\n" ::: "memory");
#endif
}

// kernel<<<grid, block, smem, stream>>>(args...), with PDL after the stream's previous kernel
// when overlap_previous is set.
template <class... Params, class... Args>
void launch(void (*kernel)(Params...), dim3 grid, dim3 block, size_t smem, cudaStream_t stream, bool overlap_previous,
            Args&&... args) {
  cudaLaunchConfig_t config = {};
  config.gridDim = grid;
  config.blockDim = block;
  config.dynamicSmemBytes = smem;
  config.stream = stream;
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = 1;
  config.attrs = attribute;
  config.numAttrs = overlap_previous ? 1 : 0;
  DASH_CUDA_CHECK(cudaLaunchKernelEx(&config, kernel, std::forward<Args>(args)...));
}
#endif

}  // namespace dash
