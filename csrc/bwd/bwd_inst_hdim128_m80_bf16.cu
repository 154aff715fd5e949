// One instance of the backward main kernel per translation unit, so they compile in parallel.
#include "bwd/bwd_instances.h"
#include "bwd/bwd_launch.h"
#include "bwd/bwd_postprocess.h"

namespace dash {
using Launch = BwdLaunch<128, 80, cutlass::bfloat16_t>;
template <> void bwd_main_instance<128, 80, cutlass::bfloat16_t>(const BwdParams& p, cudaStream_t stream) { Launch::run(p, stream); }
template <> int bwd_coresident_instance<128, 80, cutlass::bfloat16_t>() { return Launch::max_coresident(); }
template <> void bwd_postprocess_instance<128, 80, cutlass::bfloat16_t>(const BwdParams& p, cudaStream_t stream) { run_bwd_postprocess<Launch::Traits>(p, stream); }
}  // namespace dash
