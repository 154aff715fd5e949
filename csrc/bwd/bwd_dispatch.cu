// Run-time (head dim, mask, dtype) -> compiled instance of the main kernel and postprocess. The
// mask only matters through the Q tile rows it selects (dash/schedule/bwd_tiles.def, bwd_config.h).
#include <cmath>

#include "bwd/bwd_config.h"
#include "bwd/bwd_instances.h"
#include "common/check.h"
#include "common/dispatch.h"

namespace dash {

void bwd_main(const BwdParams& p, cudaStream_t stream) {
  DASH_REQUIRE(p.softcap >= 0.f && std::isfinite(p.softcap), "BwdParams.softcap must be finite and >= 0 (0: none)");
  dispatch_bwd_tiles(p.head_dim, p.banded(), [&](auto hd, auto bm) {
    dispatch_dtype(p.dtype, [&](auto e) {
      dispatch_bool(p.heads != p.heads_kv, [&](auto grouped) {
        dispatch_bool(p.varlen(), [&](auto varlen) {
          dispatch_bool(p.softcapped(), [&](auto softcap) {
            bwd_main_instance<decltype(hd)::value, decltype(bm)::value, decltype(e), decltype(grouped)::value,
                              decltype(varlen)::value, decltype(softcap)::value>(p, stream);
          });
        });
      });
    });
  });
}

void bwd_postprocess(const BwdParams& p, cudaStream_t stream) {
  dispatch_bwd_tiles(p.head_dim, p.banded(), [&](auto hd, auto bm) {
    dispatch_dtype(p.dtype, [&](auto e) {
      bwd_postprocess_instance<decltype(hd)::value, decltype(bm)::value, decltype(e)>(p, stream);
    });
  });
}

int bwd_max_coresident(int head_dim, bool causal, DType dtype) {
  return dispatch_bwd_tiles(head_dim, causal, [&](auto hd, auto bm) {
    return dispatch_dtype(dtype, [&](auto e) {
      return bwd_coresident_instance<decltype(hd)::value, decltype(bm)::value, decltype(e)>();
    });
  });
}

}  // namespace dash
