//===- HostData.cpp - inputs, poison and parallel loops on the host -------===//

#include "common/HostData.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <thread>

namespace tilec::examples {

/// Rounds the finite \p value to \p bits significant bits with smallest
/// normal exponent \p minExponent (nearest, ties to even; subnormals below).
static double roundTo(double value, int bits, int minExponent) {
  if (value == 0 || !std::isfinite(value))
    return value;
  int exponent;
  std::frexp(std::fabs(value), &exponent); // |value| = f * 2^exponent
  int quantum = std::max(exponent - bits, minExponent - bits + 1);
  return std::ldexp(std::nearbyint(std::ldexp(value, -quantum)), quantum);
}

double roundToFp16(double value) { return roundTo(value, 11, -14); }
double roundToBf16(double value) { return roundTo(value, 8, -126); }

uint16_t fp16Bits(double value) {
  // Sign, 5 exponent bits (bias 15), 10 mantissa bits.
  uint16_t sign = std::signbit(value) ? 0x8000 : 0;
  double magnitude = std::fabs(value);
  if (magnitude == 0)
    return sign;
  int exponent;
  double fraction = std::frexp(magnitude, &exponent); // [0.5, 1)
  int biased = exponent - 1 + 15;
  if (biased <= 0) // Subnormal: multiples of 2^-24.
    return sign | static_cast<uint16_t>(std::ldexp(magnitude, 24));
  auto mantissa = static_cast<uint16_t>(std::ldexp(fraction * 2 - 1, 10));
  return sign | static_cast<uint16_t>(biased << 10) | mantissa;
}

double fp16Value(uint16_t bits) {
  int exponent = (bits >> 10) & 0x1f;
  int mantissa = bits & 0x3ff;
  double magnitude = exponent == 0 ? std::ldexp(mantissa, -24)
                     : exponent == 31
                         ? (mantissa ? NAN : INFINITY)
                         : std::ldexp(1024 + mantissa, exponent - 25);
  return (bits & 0x8000) ? -magnitude : magnitude;
}

uint16_t bf16Bits(double value) {
  float f = static_cast<float>(value);
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  return static_cast<uint16_t>(bits >> 16);
}

double bf16Value(uint16_t bits) {
  uint32_t word = uint32_t(bits) << 16;
  float f;
  std::memcpy(&f, &word, 4);
  return f;
}

void parallelFor(size_t n, const std::function<void(size_t, size_t)> &body) {
  size_t threads = std::max(1u, std::thread::hardware_concurrency());
  // Small inputs are not worth a thread each.
  threads = std::min(threads, std::max<size_t>(1, n / (1 << 16)));
  if (threads <= 1) {
    body(0, n);
    return;
  }
  std::vector<std::thread> workers;
  size_t chunk = (n + threads - 1) / threads;
  for (size_t begin = 0; begin < n; begin += chunk)
    workers.emplace_back(body, begin, std::min(n, begin + chunk));
  for (std::thread &worker : workers)
    worker.join();
}

std::vector<float> uniformFloats(size_t n, float lo, float hi, uint64_t seed) {
  constexpr size_t kBlock = 1 << 16;
  std::vector<float> values(n);
  size_t blocks = (n + kBlock - 1) / kBlock;
  parallelFor(blocks, [&](size_t first, size_t last) {
    for (size_t block = first; block < last; ++block) {
      std::mt19937_64 generator(seed * 0x9E3779B97F4A7C15ull + block);
      std::uniform_real_distribution<float> distribution(lo, hi);
      size_t end = std::min(n, (block + 1) * kBlock);
      for (size_t i = block * kBlock; i < end; ++i)
        values[i] = distribution(generator);
    }
  });
  return values;
}

} // namespace tilec::examples
