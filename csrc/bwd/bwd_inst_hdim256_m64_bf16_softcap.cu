// The capped-score (softcap, common/score.h) MHA main kernel of one instance, in its own translation unit so that it compiles in parallel.
#include "bwd/bwd_instances.h"
#include "bwd/bwd_launch.h"

DASH_DEFINE_BWD_MAIN_INSTANCE(256, 64, cutlass::bfloat16_t, false, false, true)
