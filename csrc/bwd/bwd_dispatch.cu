// Run-time (head dim, dtype) -> compiled instance of the main kernel.
#include "bwd/bwd_instances.h"
#include "common/check.h"
#include "common/dispatch.h"

namespace dash {

template <class F>
static auto dispatch_head_dim(int head_dim, F&& f) {
  switch (head_dim) {
    case 64: return f(std::integral_constant<int, 64>{});
    case 128: return f(std::integral_constant<int, 128>{});
  }
  DASH_REQUIRE(false, "backward supports head_dim 64 and 128, got " + std::to_string(head_dim));
  return f(std::integral_constant<int, 64>{});
}

void bwd_main(const BwdParams& p, cudaStream_t stream) {
  dispatch_head_dim(p.head_dim, [&](auto hd) {
    dispatch_dtype(p.dtype, [&](auto e) { bwd_main_instance<decltype(hd)::value, decltype(e)>(p, stream); });
  });
}

void bwd_postprocess(const BwdParams& p, cudaStream_t stream) {
  dispatch_head_dim(p.head_dim, [&](auto hd) {
    dispatch_dtype(p.dtype, [&](auto e) { bwd_postprocess_instance<decltype(hd)::value, decltype(e)>(p, stream); });
  });
}

int bwd_max_coresident(int head_dim, DType dtype) {
  return dispatch_head_dim(head_dim, [&](auto hd) {
    return dispatch_dtype(dtype, [&](auto e) { return bwd_coresident_instance<decltype(hd)::value, decltype(e)>(); });
  });
}

}  // namespace dash
