// Forward kernels for packed variable-length batches, head_dim 192, bf16, capped scores (common/score.h):
// full, causal and sliding window.
#include "fwd/fwd_launch.h"

namespace dash {
template void run_fwd<192, cutlass::bfloat16_t, true, true>(const FwdParams&, cudaStream_t);
}  // namespace dash
