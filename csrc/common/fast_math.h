// The SFU instructions both kernels use, written once: exp2, log2 and tanh at the hardware's
// approximate precision (PTX ISA: ex2/lg2.approx.ftz.f32 max relative error 2^-22, tanh.approx.f32
// 2^-10.99). The exponentials of the softmax are exp2 of one FFMA (scores pre-scaled by log2(e)).
#pragma once

namespace dash {

__device__ __forceinline__ float exp2_approx(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}

__device__ __forceinline__ float log2_approx(float x) {
  float y;
  asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}

__device__ __forceinline__ float tanh_approx(float x) {
  float y;
  asm("tanh.approx.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}

}  // namespace dash
