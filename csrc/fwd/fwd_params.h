// Everything one forward call needs, filled by the Python wrapper (dash/fwd.py) through the
// binding. Outputs are allocated by torch on the Python side; this header stays free of CUDA
// device code and of CuTe so that the binding (host compiler) can include it.
#pragma once
#include <cstdint>
#include <cuda_runtime.h>

#include "common/dtype.h"
#include "common/strided.h"

namespace dash {

struct FwdParams {
  // q (batch, seqlen_q, heads, head_dim); k, v (batch, seqlen_k, heads_kv, head_dim); out like q.
  // Last dim contiguous; base pointers and the three outer strides 16-byte aligned (TMA).
  Strided q, k, v, out;
  // fp32 (batch, heads, seqlen_q) contiguous, natural-log LSE; -inf for rows with no allowed key.
  uintptr_t lse = 0;
  int batch = 0, heads = 0, heads_kv = 0, seqlen_q = 0, seqlen_k = 0, head_dim = 0;
  float softmax_scale = 0.f;
  // Bottom-right aligned (as FA3): query row i sees key j iff j <= i + seqlen_k - seqlen_q.
  bool causal = false;
  DType dtype = DType::kBFloat16;
};

// One launch of the forward kernel on `stream`. Throws std::invalid_argument on bad params.
void fwd(const FwdParams& p, cudaStream_t stream);

}  // namespace dash
