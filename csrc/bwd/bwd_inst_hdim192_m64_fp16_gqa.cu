// The grouped-heads (GQA/MQA) main kernel of one instance, in its own translation unit so that it compiles in parallel.
#include "bwd/bwd_instances.h"
#include "bwd/bwd_launch.h"

DASH_DEFINE_BWD_MAIN_INSTANCE(192, 64, cutlass::half_t, true, false, false)
