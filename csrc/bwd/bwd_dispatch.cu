// Run-time (head dim, mask, dtype) -> compiled instance of the main kernel and postprocess. The
// mask only matters through the Q tile rows that bwd_tile_shape() gives it.
#include "bwd/bwd_instances.h"
#include "common/check.h"
#include "common/dispatch.h"

namespace dash {

// f(integral_constant<head dim>, integral_constant<block_m>) for the instance of this call.
template <class F>
static auto dispatch_tiles(int head_dim, bool causal, F&& f) {
  using std::integral_constant;
  const int block_m = bwd_tile_shape(head_dim, causal).block_m;  // checks head_dim
  if (head_dim == 64) return f(integral_constant<int, 64>{}, integral_constant<int, 128>{});
  if (block_m == 64) return f(integral_constant<int, 128>{}, integral_constant<int, 64>{});
  return f(integral_constant<int, 128>{}, integral_constant<int, 80>{});
}

void bwd_main(const BwdParams& p, cudaStream_t stream) {
  dispatch_tiles(p.head_dim, p.causal, [&](auto hd, auto bm) {
    dispatch_dtype(p.dtype, [&](auto e) { bwd_main_instance<decltype(hd)::value, decltype(bm)::value, decltype(e)>(p, stream); });
  });
}

void bwd_postprocess(const BwdParams& p, cudaStream_t stream) {
  dispatch_tiles(p.head_dim, p.causal, [&](auto hd, auto bm) {
    dispatch_dtype(p.dtype, [&](auto e) {
      bwd_postprocess_instance<decltype(hd)::value, decltype(bm)::value, decltype(e)>(p, stream);
    });
  });
}

int bwd_max_coresident(int head_dim, bool causal, DType dtype) {
  return dispatch_tiles(head_dim, causal, [&](auto hd, auto bm) {
    return dispatch_dtype(dtype, [&](auto e) {
      return bwd_coresident_instance<decltype(hd)::value, decltype(bm)::value, decltype(e)>();
    });
  });
}

}  // namespace dash
