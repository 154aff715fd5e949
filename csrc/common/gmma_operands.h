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

// The widest GMMA swizzle atom for a K-major shared-memory tile of 16-bit elements whose rows
// (the contiguous mode) are kWidth elements: a 128-, 64- or 32-byte swizzle, the widest whose row
// divides kWidth (CUTLASS's ss_smem_selector for K-major operands, which the tiles here match).
template <class Element, int kWidth>
constexpr auto smem_atom_k_major() {
  using namespace cute;
  static_assert(sizeof(Element) == 2 && kWidth % 16 == 0);
  if constexpr (kWidth % 64 == 0) return GMMA::Layout_K_SW128_Atom<Element>{};
  else if constexpr (kWidth % 32 == 0) return GMMA::Layout_K_SW64_Atom<Element>{};
  else return GMMA::Layout_K_SW32_Atom<Element>{};
}

// An fp32 accumulator of a 64xN WGMMA, ((2, 2, N/8), MMA_M, MMA_N), reinterpreted as the
// A-operand registers of a WGMMA whose K is N: ((2, 2, 2), MMA_M, N/16). The values are
// already where the register-sourced WGMMA expects them; only the indexing changes.
// (The forward's P and the backward's P and dS^T are such operands.)
template <class Layout>
CUTE_HOST_DEVICE constexpr auto accumulator_as_operand_a(Layout acc) {
  using namespace cute;
  auto k_pairs = logical_divide(get<0, 2>(acc), Tile<_2>{});  // ((2, N/16))
  return make_layout(make_layout(get<0, 0>(acc), get<0, 1>(acc), get<0, 0>(k_pairs)), get<1>(acc),
                     coalesce(make_layout(get<0, 1>(k_pairs), get<2>(acc))));
}

// One warpgroup-wide WGMMA: C (+)= A * B over k-blocks [KBegin, KEnd) (KEnd < 0: all),
// committed as one batch. WaitGroups >= 0 waits until at most that many batches are still in
// flight; -1 does not wait. A is a register fragment (an RS WGMMA) or shared-memory descriptors,
// told apart by its iterator; B is always descriptors.
template <bool ZeroInit, int WaitGroups, int KBegin = 0, int KEnd = -1, class TiledMma, class TA, class TB, class TC>
__device__ __forceinline__ void wgmma(TiledMma& mma, TA const& a, TB const& b, TC& c) {
  using namespace cute;
  constexpr bool kARegs = !std::is_same_v<typename TA::engine_type::iterator, GMMA::DescriptorIterator>;
  constexpr int kEnd = KEnd < 0 ? int(decltype(size<2>(a))::value) : KEnd;
  static_assert(0 <= KBegin && KBegin < kEnd && kEnd <= int(decltype(size<2>(a))::value));
  warpgroup_fence_operand(c);
  if constexpr (kARegs) warpgroup_fence_operand(const_cast<TA&>(a));
  warpgroup_arrive();
  if constexpr (ZeroInit) mma.accumulate_ = GMMA::ScaleOut::Zero;
  CUTLASS_PRAGMA_UNROLL
  for (int k = KBegin; k < kEnd; ++k) {
    cute::gemm(mma, k_block(a, k), k_block(b, k), c);
    mma.accumulate_ = GMMA::ScaleOut::One;
  }
  warpgroup_commit_batch();
  if constexpr (WaitGroups >= 0) warpgroup_wait<WaitGroups>();
  warpgroup_fence_operand(c);
  if constexpr (kARegs) warpgroup_fence_operand(const_cast<TA&>(a));
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
