// Everything one forward call needs, filled by the Python wrapper (dash/fwd.py) through the
// binding. Outputs are allocated by torch on the Python side; this header stays free of CUDA
// device code and of CuTe so that the binding (host compiler) can include it.
#pragma once
#include <cstdint>
#include <cuda_runtime.h>

#include "common/band.h"
#include "common/dtype.h"
#include "common/score.h"
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
  // FA3's window_size (common/band.h): query row i sees keys i + off - left ... i + off + right
  // (off = seqlen_k - seqlen_q), -1 = unbounded; with causal, right is 0 whatever is given. A
  // packed (varlen) call applies it to each sequence from the sequence's own bottom-right corner.
  int window_left = -1, window_right = -1;
  bool windowed() const { return Band::of(false, window_left, window_right).bounded(); }
  // The banded kernel instances run the causal mask and every window.
  bool banded() const { return Band::of(causal, window_left, window_right).bounded(); }
  // FA3's softcap (common/score.h): score = softcap * tanh(softmax_scale * s / softcap); 0 = none.
  // Fixed length only (the varlen forward has no softcap).
  float softcap = 0.f;
  bool softcapped() const { return softcap > 0.f; }
  DType dtype = DType::kBFloat16;
  // Causal fixed-length calls: an int32 in device memory, zero at launch, from which the
  // persistent CTAs claim their tiles (fwd_config.h, kDynamicTiles). Left as the kernel found it
  // plus the number of claims: a fresh zero per call.
  uintptr_t tile_counter = 0;

  // Packed variable-length batch (FA3's varlen) when cu_seqlens_q is set (csrc/common/varlen_tiles.h):
  // int32 device arrays; cu_seqlens_q/k hold batch + 1 offsets, seqused_q/k (optional, 0 if none)
  // batch lengths. Then q and out are (total_q, heads, head_dim) and k, v (total_k, heads_kv,
  // head_dim), given as seqlen_q = total_q and seqlen_k = total_k rows (batch_stride unused),
  // batch is the number of sequences, lse is fp32 (heads, total_q), and causal is aligned per
  // sequence. The offsets are read on the GPU only; they are not checked.
  uintptr_t cu_seqlens_q = 0, cu_seqlens_k = 0, seqused_q = 0, seqused_k = 0;
  bool varlen() const { return cu_seqlens_q != 0; }
};

// One launch of the forward kernel on `stream`. Throws std::invalid_argument on bad params.
void fwd(const FwdParams& p, cudaStream_t stream);

}  // namespace dash
