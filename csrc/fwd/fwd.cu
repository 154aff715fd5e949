// dash::fwd: checks the parameters the kernels rely on, then dispatches on (length policy,
// head_dim, dtype).
// Host code only; the kernels live in the fwd_hdim*_*.cu and fwd_varlen_hdim*_*.cu translation units.
#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>

#include "common/check.h"
#include "common/dispatch.h"
#include "common/head_dims.h"
#include "fwd/fwd_instantiations.h"
#include "fwd/fwd_params.h"

namespace dash {

namespace {

// TMA: 16-byte aligned base address and outer strides.
void require_tma_ready(const char* name, const Strided& t, int elem_bytes) {
  DASH_REQUIRE(t.ptr != 0, std::string(name) + " is a null pointer");
  DASH_REQUIRE(t.ptr % 16 == 0, std::string(name) + " must be 16-byte aligned");
  for (int64_t s : {t.batch_stride, t.row_stride, t.head_stride}) {
    DASH_REQUIRE(s >= 0 && (s * elem_bytes) % 16 == 0,
                 std::string(name) + " strides must be non-negative multiples of 16 bytes");
  }
}

// The head dims the forward has kernels for (fwd_instantiations.h declares their instances).
template <int... kDims>
struct HeadDimList {
  static bool contains(int d) { return ((d == kDims) || ...); }
  static std::string names() {
    std::string s;
    ((s += (s.empty() ? "" : ", ") + std::to_string(kDims)), ...);
    return s;
  }
};
using FwdHeadDims = HeadDimList<64, 96, 128, 192, 256>;

// f(integral_constant<int, d>) for the list's d == head_dim (checked by the caller).
template <int kFirst, int... kRest, class F>
void dispatch_head_dim(int head_dim, HeadDimList<kFirst, kRest...>, F&& f) {
  if constexpr (sizeof...(kRest) > 0) {
    if (head_dim != kFirst) return dispatch_head_dim(head_dim, HeadDimList<kRest...>{}, f);
  }
  f(std::integral_constant<int, kFirst>{});
}

}  // namespace

void fwd(const FwdParams& p, cudaStream_t stream) {
  DASH_REQUIRE(FwdHeadDims::contains(p.head_dim),
               "fwd supports head_dim " + FwdHeadDims::names() + ", got " + std::to_string(p.head_dim));
  DASH_REQUIRE(p.batch >= 0 && p.seqlen_q >= 0 && p.seqlen_k >= 0, "negative size");
  DASH_REQUIRE(p.heads > 0 && p.heads_kv > 0 && p.heads % p.heads_kv == 0,
               "heads must be a positive multiple of heads_kv");
  DASH_REQUIRE(p.softmax_scale > 0.f, "softmax_scale must be positive");
  DASH_REQUIRE(p.softcap >= 0.f && std::isfinite(p.softcap), "softcap must be finite and >= 0 (0: none)");
  if (p.varlen()) {
    // Offsets and lengths: int32 device arrays. Their values are not checked (a sync).
    DASH_REQUIRE(p.cu_seqlens_q % 4 == 0, "cu_seqlens_q must be a 4-byte aligned int32 array");
    DASH_REQUIRE(p.cu_seqlens_k != 0 && p.cu_seqlens_k % 4 == 0, "cu_seqlens_k must be a 4-byte aligned int32 array");
    DASH_REQUIRE(p.seqused_q % 4 == 0 && p.seqused_k % 4 == 0, "seqused_q/k must be 4-byte aligned int32 arrays");
    // Every row belongs to a sequence or to the rows past the last one: all are written.
    if (p.seqlen_q == 0) return;
    DASH_REQUIRE(p.tile_counter != 0 && p.tile_counter % 4 == 0,
                 "packed (varlen) calls need tile_counter: a zeroed, 4-byte aligned int32 in device memory");
  } else {
    DASH_REQUIRE(p.cu_seqlens_k == 0 && p.seqused_q == 0 && p.seqused_k == 0,
                 "cu_seqlens_k and seqused_q/k need cu_seqlens_q (a packed batch)");
    if (p.batch == 0 || p.seqlen_q == 0) return;  // nothing to write
    DASH_REQUIRE(!p.banded() || (p.tile_counter != 0 && p.tile_counter % 4 == 0),
                 "causal and windowed calls need tile_counter: a zeroed, 4-byte aligned int32 in device memory");
  }
  DASH_REQUIRE(p.seqlen_k > 0, "seqlen_k == 0: the caller fills out = 0 and lse = -inf");
  require_tma_ready("q", p.q, 2);
  require_tma_ready("k", p.k, 2);
  require_tma_ready("v", p.v, 2);
  require_tma_ready("out", p.out, 2);
  DASH_REQUIRE(p.lse != 0 && p.lse % 4 == 0, "lse must be a 4-byte aligned fp32 buffer");

  dispatch_dtype(p.dtype, [&](auto e) {
    dispatch_bool(p.varlen(), [&](auto varlen) {
      dispatch_bool(p.softcapped(), [&](auto softcap) {
        using Element = decltype(e);
        constexpr bool kVarlen = decltype(varlen)::value, kSoftcap = decltype(softcap)::value;
        // Only head dims this build has kernels for are instantiated (common/head_dims.h).
        dispatch_head_dim(p.head_dim, FwdHeadDims{}, [&](auto head_dim) {
          constexpr int kHeadDim = decltype(head_dim)::value;
          if constexpr (head_dim_built(kHeadDim)) {
            run_fwd<kHeadDim, Element, kVarlen, kSoftcap>(p, stream);
          } else {
            head_dim_not_built(kHeadDim);
          }
        });
      });
    });
  });
}

}  // namespace dash
