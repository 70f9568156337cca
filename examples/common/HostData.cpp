//===- HostData.cpp - inputs, poison and parallel loops on the host -------===//

#include "common/HostData.h"

#include <algorithm>
#include <random>
#include <thread>

namespace tilec::examples {

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
