// The backward main-kernel instances dash ships, one per (head dim, Q tile rows, element type) and
// policy choice: grouped heads (GQA/MQA), packed (varlen) lengths, capped scores (softcap). Each is
// defined in its own bwd_inst_*.cu so that they compile in parallel (the plain MHA one with the
// postprocess, which shares its tiling; suffixes _gqa, _varlen, _softcap name the policies).
#pragma once
#include "bwd/bwd_params.h"

namespace dash {
template <int HeadDim, int BlockM, class Element, bool GroupedHeads, bool Varlen, bool Softcap>
void bwd_main_instance(const BwdParams& p, cudaStream_t stream);
template <int HeadDim, int BlockM, class Element>
int bwd_coresident_instance();
template <int HeadDim, int BlockM, class Element>
void bwd_postprocess_instance(const BwdParams& p, cudaStream_t stream);
}  // namespace dash

// The main kernel of instance (HD, BM, T) under one policy choice, in a translation unit of its own
// that includes bwd_launch.h.
#define DASH_DEFINE_BWD_MAIN_INSTANCE(HD, BM, T, GROUPED, VARLEN, SOFTCAP)                            \
  namespace dash {                                                                                   \
  template <>                                                                                        \
  void bwd_main_instance<HD, BM, T, GROUPED, VARLEN, SOFTCAP>(const BwdParams& p, cudaStream_t stream) { \
    BwdLaunch<HD, BM, T, GROUPED, VARLEN, SOFTCAP>::run(p, stream);                                  \
  }                                                                                                  \
  }  // namespace dash

// The plain MHA main kernel of instance (HD, BM, T) with the functions that share its tiling (the
// co-residency query and the postprocess), in a translation unit that also includes
// bwd_postprocess.h.
#define DASH_DEFINE_BWD_INSTANCE(HD, BM, T)                                                           \
  DASH_DEFINE_BWD_MAIN_INSTANCE(HD, BM, T, false, false, false)                                      \
  namespace dash {                                                                                   \
  template <>                                                                                        \
  int bwd_coresident_instance<HD, BM, T>() {                                                         \
    return BwdLaunch<HD, BM, T>::max_coresident();                                                   \
  }                                                                                                  \
  template <>                                                                                        \
  void bwd_postprocess_instance<HD, BM, T>(const BwdParams& p, cudaStream_t stream) {                \
    run_bwd_postprocess<typename BwdLaunch<HD, BM, T>::Traits>(p, stream);                           \
  }                                                                                                  \
  }  // namespace dash
