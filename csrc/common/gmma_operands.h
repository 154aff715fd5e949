// WGMMA helpers shared by the forward and backward kernels.
#pragma once

#include <type_traits>

#include <cute/tensor.hpp>
#include <cutlass/numeric_conversion.h>

namespace dash {

// K-block k of a WGMMA operand fragment (MMA, MMA_M or MMA_N, K blocks): a register operand as
// it is; a shared-memory operand, a tensor of WGMMA descriptors, with its iterator advanced by a
// 64-bit add of the whole descriptor. CuTe's DescriptorIterator adds the offset to the low 32 bits
// and copies the high word, and ptxas then rebuilds each descriptor's constant high word with a
// UMOV before every HGMMA (two per shared-memory HGMMA); the 64-bit add is one UIADD3.64 per
// descriptor, as in FA4's code, and gives the same value (the low word's fields never carry).
// bench/NOTES.md, "descriptors advanced by a 64-bit add".
template <class TensorT>
__device__ __forceinline__ auto k_block(TensorT const& t, int k) {
  using namespace cute;
  if constexpr (std::is_same_v<typename std::decay_t<TensorT>::engine_type::iterator, GMMA::DescriptorIterator>) {
    auto slice = t(_, _, k);
    GMMA::DescriptorIterator it = t.data();
    it.desc_.desc_ += uint64_t(t.layout()(0, 0, k));
    return make_tensor(it, slice.layout());
  } else {
    return t(_, _, k);
  }
}

// Keeps the first kCount values of fragment t computed ahead of the WGMMA wait that follows the
// call. ptxas hoists a WGMMA wait above any arithmetic that nothing before the wait consumes
// (so "some exponentials, then wait" became "wait, then all of them"), but it cannot move a store
// below the wait: a store of the values to never_written, a kernel parameter that is always
// null, holds them there and never runs (bench/NOTES.md v17, bench/NOTES_fwd.md v6).
template <int kCount, class TensorT>
__device__ __forceinline__ void hold_ahead_of_wgmma_wait(float* never_written, TensorT const& t) {
  if (never_written != nullptr) {
    CUTLASS_PRAGMA_UNROLL
    for (int j = 0; j < kCount; ++j) never_written[j] = t(j);
  }
}

// fp32 fragment -> 16-bit fragment with the same register order (packed cvt of pairs).
template <class TIn, class TOut>
CUTLASS_DEVICE void convert_fragment(TIn const& in, TOut& out) {
  using To = typename cute::remove_cvref_t<TOut>::value_type;
  constexpr int N = decltype(cute::size(in))::value;
  static_assert(N == decltype(cute::size(out))::value);
  using Converter = cutlass::NumericArrayConverter<To, float, N>;
  auto const& src = *reinterpret_cast<cutlass::Array<float, N> const*>(in.data());
  *reinterpret_cast<cutlass::Array<To, N>*>(out.data()) = Converter{}(src);
}

}  // namespace dash
