// The forward instantiations dash ships: one translation unit per (head_dim, dtype) and length
// policy (fixed lengths: fwd_hdim*; capped scores: fwd_softcap_hdim*; packed varlen batches:
// fwd_varlen_hdim*, capped: fwd_varlen_softcap_hdim*), each with its mask kernels (full, causal, sliding window). fwd.cu dispatches to them; fwd_launch.h defines them.
#pragma once
#include <cuda_runtime.h>
#include <cutlass/numeric_types.h>

#include "fwd/fwd_params.h"

namespace dash {

template <int kHeadDim, class Element>
void run_fwd(const FwdParams& p, cudaStream_t stream);

extern template void run_fwd<64, cutlass::half_t>(const FwdParams&, cudaStream_t);
extern template void run_fwd<64, cutlass::bfloat16_t>(const FwdParams&, cudaStream_t);
extern template void run_fwd<128, cutlass::half_t>(const FwdParams&, cudaStream_t);
extern template void run_fwd<128, cutlass::bfloat16_t>(const FwdParams&, cudaStream_t);

// Capped scores (common/score.h), fixed lengths: fwd_softcap_hdim*.
template <int kHeadDim, class Element>
void run_fwd_softcap(const FwdParams& p, cudaStream_t stream);

extern template void run_fwd_softcap<64, cutlass::half_t>(const FwdParams&, cudaStream_t);
extern template void run_fwd_softcap<64, cutlass::bfloat16_t>(const FwdParams&, cudaStream_t);
extern template void run_fwd_softcap<128, cutlass::half_t>(const FwdParams&, cudaStream_t);
extern template void run_fwd_softcap<128, cutlass::bfloat16_t>(const FwdParams&, cudaStream_t);

template <int kHeadDim, class Element>
void run_fwd_varlen(const FwdParams& p, cudaStream_t stream);

extern template void run_fwd_varlen<64, cutlass::half_t>(const FwdParams&, cudaStream_t);
extern template void run_fwd_varlen<64, cutlass::bfloat16_t>(const FwdParams&, cudaStream_t);
extern template void run_fwd_varlen<128, cutlass::half_t>(const FwdParams&, cudaStream_t);
extern template void run_fwd_varlen<128, cutlass::bfloat16_t>(const FwdParams&, cudaStream_t);

// Capped scores on packed batches: fwd_varlen_softcap_hdim*.
template <int kHeadDim, class Element>
void run_fwd_varlen_softcap(const FwdParams& p, cudaStream_t stream);

extern template void run_fwd_varlen_softcap<64, cutlass::half_t>(const FwdParams&, cudaStream_t);
extern template void run_fwd_varlen_softcap<64, cutlass::bfloat16_t>(const FwdParams&, cudaStream_t);
extern template void run_fwd_varlen_softcap<128, cutlass::half_t>(const FwdParams&, cudaStream_t);
extern template void run_fwd_varlen_softcap<128, cutlass::bfloat16_t>(const FwdParams&, cudaStream_t);

}  // namespace dash
