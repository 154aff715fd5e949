// Everything one forward call needs, filled by the Python wrapper (dash/fwd.py) through the
// binding. Outputs are allocated by torch on the Python side; this header stays free of CUDA
// device code and of CuTe so that the binding (host compiler) can include it.
#pragma once
#include <cstdint>
#include <cuda_runtime.h>

#include "common/band.h"
#include "common/dtype.h"
#include "common/param_list.h"
#include "common/score.h"
#include "common/strided.h"

namespace dash {

// The fields of FwdParams: one list that the struct below and the Python binding
// (fwd_binding.cpp: one attribute per field, and FwdParams.fields) are both expanded from;
// tests/test_params.py checks the Python side's assignments against FwdParams.fields on the CPU.
// X(type, name, default), in the struct's layout order; comments in the list are /* */.
#define DASH_FWD_PARAMS(X)                                                                          \
  /* q (batch, seqlen_q, heads, head_dim); k, v (batch, seqlen_k, heads_kv, head_dim); out like q.  \
     Last dim contiguous; base pointers and the three outer strides 16-byte aligned (TMA). */       \
  X(Strided, q, {}) X(Strided, k, {}) X(Strided, v, {}) X(Strided, out, {})                         \
  /* fp32 (batch, heads, seqlen_q) contiguous, natural-log LSE; -inf for rows with no allowed key. */ \
  X(uintptr_t, lse, 0)                                                                              \
  X(int, batch, 0) X(int, heads, 0) X(int, heads_kv, 0) X(int, seqlen_q, 0) X(int, seqlen_k, 0)     \
  X(int, head_dim, 0) X(float, softmax_scale, 0.f)                                                  \
  /* Bottom-right aligned (as FA3): query row i sees key j iff j <= i + seqlen_k - seqlen_q. */     \
  X(bool, causal, false)                                                                            \
  /* FA3's window_size (common/band.h): query row i sees keys i + off - left ... i + off + right    \
     (off = seqlen_k - seqlen_q), -1 = unbounded; with causal, right is 0 whatever is given. A      \
     packed (varlen) call applies it to each sequence from the sequence's own bottom-right corner. */ \
  X(int, window_left, -1) X(int, window_right, -1)                                                  \
  /* FA3's softcap (common/score.h): score = softcap * tanh(softmax_scale * s / softcap); 0 = none. */ \
  X(float, softcap, 0.f) X(DType, dtype, DType::kBFloat16)                                          \
  /* Causal, windowed and packed (varlen) calls: an int32 in device memory, zero at launch, from  \
     which the persistent CTAs claim their tiles (fwd_config.h, kDynamicTiles). Left as the kernel  \
     found it plus the number of claims: a fresh zero per call. */                                  \
  X(uintptr_t, tile_counter, 0)                                                                     \
  /* The hdim-64 and -128 full-mask and GQA causal instances' clusters of two CTAs that share      \
     their K/V loads (TMA multicast; fwd_config.h kClusterM), where the call's tiles pair up. The   \
     bits are the same either way; off is for measuring (dash/fwd.py, DASH_FWD_KV_MULTICAST=0). */  \
  X(bool, kv_multicast, true)                                                                       \
  /* Packed variable-length batch (FA3's varlen) when cu_seqlens_q is set                           \
     (csrc/common/varlen_tiles.h): int32 device arrays; cu_seqlens_q/k hold batch + 1 offsets,      \
     seqused_q/k (optional, 0 if none) batch lengths. Then q and out are (total_q, heads, head_dim) \
     and k, v (total_k, heads_kv, head_dim), given as seqlen_q = total_q and seqlen_k = total_k     \
     rows (batch_stride unused), batch is the number of sequences, lse is fp32 (heads, total_q),    \
     and causal is aligned per sequence. The offsets are read on the GPU only; they are not         \
     checked. */                                                                                    \
  X(uintptr_t, cu_seqlens_q, 0) X(uintptr_t, cu_seqlens_k, 0) X(uintptr_t, seqused_q, 0)           \
  X(uintptr_t, seqused_k, 0)

struct FwdParams {
  DASH_FWD_PARAMS(DASH_DECLARE_PARAM)

  bool windowed() const { return Band::of(false, window_left, window_right).bounded(); }
  // The banded kernel instances run the causal mask and every window.
  bool banded() const { return Band::of(causal, window_left, window_right).bounded(); }
  bool softcapped() const { return softcap > 0.f; }
  bool varlen() const { return cu_seqlens_q != 0; }
};

// One launch of the forward kernel on `stream`. Throws std::invalid_argument on bad params.
void fwd(const FwdParams& p, cudaStream_t stream);

}  // namespace dash
