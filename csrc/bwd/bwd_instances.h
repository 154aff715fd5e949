// The backward main-kernel instances dash ships, one per (head dim, Q tile rows, element type);
// each is defined in its own bwd_inst_*.cu (with the postprocess, which shares its tiling).
#pragma once
#include "bwd/bwd_params.h"

namespace dash {
template <int HeadDim, int BlockM, class Element>
void bwd_main_instance(const BwdParams& p, cudaStream_t stream);
template <int HeadDim, int BlockM, class Element>
int bwd_coresident_instance();
template <int HeadDim, int BlockM, class Element>
void bwd_postprocess_instance(const BwdParams& p, cudaStream_t stream);
}  // namespace dash
