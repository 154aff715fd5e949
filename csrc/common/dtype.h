// Element types dash accepts (plain enum: host code and the binding include this).
#pragma once

namespace dash {
enum class DType : int { kFloat16 = 0, kBFloat16 = 1 };
}  // namespace dash
