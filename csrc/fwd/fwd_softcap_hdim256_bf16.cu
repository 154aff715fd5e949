// Forward kernels for head_dim 256, bf16, capped scores (common/score.h): full, causal and window.
#include "fwd/fwd_launch.h"

namespace dash {
template void run_fwd<256, cutlass::bfloat16_t, false, true>(const FwdParams&, cudaStream_t);
}  // namespace dash
