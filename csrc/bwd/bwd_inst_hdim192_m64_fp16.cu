// One instance of the backward main kernel per translation unit, so they compile in parallel.
#include "bwd/bwd_instances.h"
#include "bwd/bwd_launch.h"
#include "bwd/bwd_postprocess.h"

DASH_DEFINE_BWD_INSTANCE(192, 64, cutlass::half_t)
