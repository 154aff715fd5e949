// The forward instantiations dash ships: one translation unit per (head_dim, dtype) and (length,
// score) policy pair (fixed lengths: fwd_hdim*; capped scores: fwd_softcap_hdim*; packed varlen
// batches: fwd_varlen_hdim*, capped: fwd_varlen_softcap_hdim*), each with its mask kernels (full,
// causal, sliding window). fwd.cu dispatches to them; fwd_launch.h defines them.
#pragma once
#include <cuda_runtime.h>
#include <cutlass/numeric_types.h>

#include "fwd/fwd_params.h"

namespace dash {

template <int kHeadDim, class Element, bool kVarlen, bool kSoftcap>
void run_fwd(const FwdParams& p, cudaStream_t stream);

// The instances of one policy pair, each defined in its TU.
#define DASH_EXTERN_FWD_INSTANCES(VARLEN, SOFTCAP)                                                 \
  extern template void run_fwd<64, cutlass::half_t, VARLEN, SOFTCAP>(const FwdParams&, cudaStream_t);      \
  extern template void run_fwd<64, cutlass::bfloat16_t, VARLEN, SOFTCAP>(const FwdParams&, cudaStream_t);  \
  extern template void run_fwd<96, cutlass::half_t, VARLEN, SOFTCAP>(const FwdParams&, cudaStream_t);      \
  extern template void run_fwd<96, cutlass::bfloat16_t, VARLEN, SOFTCAP>(const FwdParams&, cudaStream_t);  \
  extern template void run_fwd<128, cutlass::half_t, VARLEN, SOFTCAP>(const FwdParams&, cudaStream_t);     \
  extern template void run_fwd<128, cutlass::bfloat16_t, VARLEN, SOFTCAP>(const FwdParams&, cudaStream_t);  \
  extern template void run_fwd<192, cutlass::half_t, VARLEN, SOFTCAP>(const FwdParams&, cudaStream_t);      \
  extern template void run_fwd<192, cutlass::bfloat16_t, VARLEN, SOFTCAP>(const FwdParams&, cudaStream_t);  \
  extern template void run_fwd<256, cutlass::half_t, VARLEN, SOFTCAP>(const FwdParams&, cudaStream_t);  \
  extern template void run_fwd<256, cutlass::bfloat16_t, VARLEN, SOFTCAP>(const FwdParams&, cudaStream_t);

DASH_EXTERN_FWD_INSTANCES(false, false)
DASH_EXTERN_FWD_INSTANCES(false, true)
DASH_EXTERN_FWD_INSTANCES(true, false)
DASH_EXTERN_FWD_INSTANCES(true, true)
#undef DASH_EXTERN_FWD_INSTANCES

}  // namespace dash
