// How the binding hands a (batch, seq, head, dim) tensor to C++: a raw device pointer and
// element strides of the three outer dimensions (the last dimension is contiguous).
#pragma once
#include <cstdint>

namespace dash {

struct Strided {
  uintptr_t ptr = 0;
  int64_t batch_stride = 0;
  int64_t row_stride = 0;   // stride of the sequence dimension
  int64_t head_stride = 0;

  template <class T>
#ifdef __CUDACC__
  __host__ __device__
#endif
  T* as() const { return reinterpret_cast<T*>(ptr); }
};

}  // namespace dash
