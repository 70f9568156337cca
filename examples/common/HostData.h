//===- HostData.h - inputs, poison and parallel loops on the host -*- C++ -*-===//

#ifndef TILEC_EXAMPLES_HOSTDATA_H
#define TILEC_EXAMPLES_HOSTDATA_H

#include <cstdint>
#include <cstring>
#include <functional>
#include <vector>

namespace tilec::examples {

/// A quiet NaN with a payload GPU arithmetic never produces (NVIDIA GPUs
/// return the canonical NaN 0x7fffffff): outputs are filled with it before
/// a checked run, so an element the kernel did not write is told apart
/// from one it computed as NaN.
constexpr uint32_t kPoisonBits = 0x7fc0dead;

inline float poisonValue() {
  float value;
  std::memcpy(&value, &kPoisonBits, sizeof(value));
  return value;
}

inline bool isPoison(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits == kPoisonBits;
}

/// Calls \p body(begin, end) on disjoint chunks covering [0, n), spread over
/// the machine's cores: the CPU references for 2^28 elements would
/// otherwise dominate a benchmark run.
void parallelFor(size_t n, const std::function<void(size_t, size_t)> &body);

/// \p n floats uniform in [lo, hi). Deterministic for a given seed whatever
/// the number of threads: each block of 2^16 values has its own generator.
std::vector<float> uniformFloats(size_t n, float lo, float hi, uint64_t seed);

/// The finite \p value rounded to fp16 / bf16 precision (nearest, ties to
/// even, subnormals included), as a double; values must be in range.
double roundToFp16(double value);
double roundToBf16(double value);

/// Bits of \p value, which must already be an fp16 / bf16 value, and back.
uint16_t fp16Bits(double value);
double fp16Value(uint16_t bits);
uint16_t bf16Bits(double value);
double bf16Value(uint16_t bits);

} // namespace tilec::examples

#endif // TILEC_EXAMPLES_HOSTDATA_H
