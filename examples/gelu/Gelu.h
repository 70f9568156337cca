//===- Gelu.h - the lecture's GeLU kernel on the host side ------*- C++ -*-===//

#ifndef TILEC_EXAMPLES_GELU_H
#define TILEC_EXAMPLES_GELU_H

#include "common/Case.h"

#include <cstdint>
#include <memory>
#include <string>

namespace tilec::examples {

/// The lecture's GeLU, 0.5 x (1 + tanh(0.79788456 (x + 0.044715 x^3))),
/// in double.
double geluReference(double x);

/// The compiled variant for \p n elements: "gelu_b1024_w4_d16" when n is a
/// multiple of 16 (the `i32:16` signature), else "gelu_b1024_w4".
std::string geluVariant(int64_t n);

/// GeLU over \p n random floats in [-5, 5] (fixed \p seed), launched with
/// grid cdiv(n, BLOCK_SIZE). The check passes when every output's error,
/// relative to max(|gelu(x)|, |0.5 x|), is at most 1e-5, and no element at
/// or past n was written.
std::unique_ptr<KernelCase> makeGeluCase(const std::string &kernelsDir,
                                         int64_t n, uint64_t seed = 1);

} // namespace tilec::examples

#endif // TILEC_EXAMPLES_GELU_H
