// Forward kernels for packed variable-length batches, head_dim 192, bf16 (full, causal and sliding window).
#include "fwd/fwd_launch.h"

namespace dash {
template void run_fwd<192, cutlass::bfloat16_t, true, false>(const FwdParams&, cudaStream_t);
}  // namespace dash
