// One instance of the backward main kernel per translation unit, so they compile in parallel.
#include "bwd/bwd_instances.h"
#include "bwd/bwd_launch.h"
#include "bwd/bwd_postprocess.h"

namespace dash {
template <> void bwd_main_instance<64, cutlass::bfloat16_t>(const BwdParams& p, cudaStream_t stream) { BwdLaunch<64, cutlass::bfloat16_t>::run(p, stream); }
template <> int bwd_coresident_instance<64, cutlass::bfloat16_t>() { return BwdLaunch<64, cutlass::bfloat16_t>::max_coresident(); }
template <> void bwd_postprocess_instance<64, cutlass::bfloat16_t>(const BwdParams& p, cudaStream_t stream) { run_bwd_postprocess<BwdTraits<64, cutlass::bfloat16_t>>(p, stream); }
}  // namespace dash
