// The backward main-kernel instances dash ships, one per (head dim, Q tile rows, element type,
// grouped heads); each is defined in its own bwd_inst_*.cu (the MHA one with the postprocess,
// which shares its tiling; the grouped one, for GQA/MQA, in bwd_inst_*_gqa.cu).
#pragma once
#include "bwd/bwd_params.h"

namespace dash {
template <int HeadDim, int BlockM, class Element, bool GroupedHeads>
void bwd_main_instance(const BwdParams& p, cudaStream_t stream);
template <int HeadDim, int BlockM, class Element, bool GroupedHeads>
void bwd_main_varlen_instance(const BwdParams& p, cudaStream_t stream);
template <int HeadDim, int BlockM, class Element, bool GroupedHeads>
void bwd_main_softcap_instance(const BwdParams& p, cudaStream_t stream);
template <int HeadDim, int BlockM, class Element, bool GroupedHeads>
void bwd_main_varlen_softcap_instance(const BwdParams& p, cudaStream_t stream);
template <int HeadDim, int BlockM, class Element>
int bwd_coresident_instance();
template <int HeadDim, int BlockM, class Element>
void bwd_postprocess_instance(const BwdParams& p, cudaStream_t stream);
}  // namespace dash

// Defines the three functions of instance (HD, BM, T), in a translation unit of its own (each
// bwd_inst_*.cu) that includes bwd_launch.h and bwd_postprocess.h.
#define DASH_DEFINE_BWD_INSTANCE(HD, BM, T)                                                           \
  namespace dash {                                                                                   \
  template <>                                                                                        \
  void bwd_main_instance<HD, BM, T, false>(const BwdParams& p, cudaStream_t stream) {                \
    BwdLaunch<HD, BM, T, false>::run(p, stream);                                                     \
  }                                                                                                  \
  template <>                                                                                        \
  int bwd_coresident_instance<HD, BM, T>() {                                                         \
    return BwdLaunch<HD, BM, T>::max_coresident();                                                   \
  }                                                                                                  \
  template <>                                                                                        \
  void bwd_postprocess_instance<HD, BM, T>(const BwdParams& p, cudaStream_t stream) {                \
    run_bwd_postprocess<typename BwdLaunch<HD, BM, T>::Traits>(p, stream);                           \
  }                                                                                                  \
  }  // namespace dash

// The grouped (GQA/MQA) main kernel of instance (HD, BM, T), in a translation unit of its own
// (bwd_inst_*_gqa.cu).
#define DASH_DEFINE_BWD_GROUPED_INSTANCE(HD, BM, T)                                                   \
  namespace dash {                                                                                   \
  template <>                                                                                        \
  void bwd_main_instance<HD, BM, T, true>(const BwdParams& p, cudaStream_t stream) {                 \
    BwdLaunch<HD, BM, T, true>::run(p, stream);                                                      \
  }                                                                                                  \
  }  // namespace dash

// The varlen (packed) main kernels of instance (HD, BM, T), MHA and grouped, each in a translation
// unit of its own (bwd_inst_*_varlen.cu, bwd_inst_*_gqa_varlen.cu).
#define DASH_DEFINE_BWD_VARLEN_INSTANCE(HD, BM, T, GROUPED)                                           \
  namespace dash {                                                                                   \
  template <>                                                                                        \
  void bwd_main_varlen_instance<HD, BM, T, GROUPED>(const BwdParams& p, cudaStream_t stream) {       \
    BwdLaunch<HD, BM, T, GROUPED, true>::run(p, stream);                                             \
  }                                                                                                  \
  }  // namespace dash

// The capped-score (common/score.h) main kernels of instance (HD, BM, T), MHA and grouped, each in
// a translation unit of its own (bwd_inst_*_softcap.cu, bwd_inst_*_gqa_softcap.cu).
#define DASH_DEFINE_BWD_SOFTCAP_INSTANCE(HD, BM, T, GROUPED)                                          \
  namespace dash {                                                                                   \
  template <>                                                                                        \
  void bwd_main_softcap_instance<HD, BM, T, GROUPED>(const BwdParams& p, cudaStream_t stream) {      \
    BwdLaunch<HD, BM, T, GROUPED, false, true>::run(p, stream);                                      \
  }                                                                                                  \
  }  // namespace dash

// The capped-score main kernels of packed (varlen) batches, MHA and grouped, each in a translation
// unit of its own (bwd_inst_*_varlen_softcap.cu, bwd_inst_*_gqa_varlen_softcap.cu).
#define DASH_DEFINE_BWD_VARLEN_SOFTCAP_INSTANCE(HD, BM, T, GROUPED)                                   \
  namespace dash {                                                                                   \
  template <>                                                                                        \
  void bwd_main_varlen_softcap_instance<HD, BM, T, GROUPED>(const BwdParams& p, cudaStream_t stream) { \
    BwdLaunch<HD, BM, T, GROUPED, true, true>::run(p, stream);                                       \
  }                                                                                                  \
  }  // namespace dash
