// Error checking shared by every launch: a failed CUDA call becomes a C++ exception
// (pybind11 turns it into a Python RuntimeError) instead of a silent wrong answer.
#pragma once
#include <cuda_runtime.h>
#include <stdexcept>
#include <string>

#define DASH_CUDA_CHECK(expr)                                                               \
  do {                                                                                      \
    cudaError_t dash_err_ = (expr);                                                         \
    if (dash_err_ != cudaSuccess) {                                                         \
      throw std::runtime_error(std::string("dash: CUDA error ") + cudaGetErrorString(dash_err_) + \
                               " at " __FILE__ ":" + std::to_string(__LINE__) + " in " #expr);   \
    }                                                                                       \
  } while (0)

// After a launch: catches configuration errors (too much shared memory, bad grid) at once.
#define DASH_CHECK_LAUNCH() DASH_CUDA_CHECK(cudaGetLastError())

#define DASH_REQUIRE(cond, msg)                                   \
  do {                                                            \
    if (!(cond)) throw std::invalid_argument(std::string("dash: ") + (msg)); \
  } while (0)
