//===- Timing.cpp - benchmarking kernels with CUDA events -----------------===//

#include "tilec/runtime/Timing.h"
#include "tilec/runtime/Context.h"
#include "tilec/runtime/DeviceBuffer.h"
#include "tilec/runtime/Error.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tilec::rt {

TimingStats summarize(std::vector<double> samples) {
  if (samples.empty())
    throw Error("cannot summarize zero timing samples");
  std::sort(samples.begin(), samples.end());
  size_t n = samples.size();
  TimingStats stats;
  stats.trials = n;
  stats.meanMs = std::accumulate(samples.begin(), samples.end(), 0.0) / n;
  stats.medianMs = n % 2 ? samples[n / 2]
                         : (samples[n / 2 - 1] + samples[n / 2]) / 2;
  // Nearest rank: the smallest sample with at least 95% of samples <= it.
  size_t rank = static_cast<size_t>(std::ceil(0.95 * n));
  stats.p95Ms = samples[std::max<size_t>(rank, 1) - 1];
  stats.minMs = samples.front();
  stats.maxMs = samples.back();
  return stats;
}

TimingStats benchmark(const std::function<void()> &run,
                      const BenchOptions &options, StreamHandle stream) {
  if (options.trials == 0)
    throw Error("benchmark needs at least one trial");
  Context &context = Context::current();
  for (unsigned i = 0; i < options.warmups; ++i) {
    if (options.beforeEach)
      options.beforeEach();
    run();
  }
  context.synchronize();

  Event start, end;
  DeviceBuffer flush(options.flushBytes / 4 * 4);
  std::vector<double> samples;
  samples.reserve(options.trials);
  for (unsigned i = 0; i < options.trials; ++i) {
    if (options.beforeEach)
      options.beforeEach();
    flush.fill32Async(static_cast<uint32_t>(i), stream);
    start.record(stream);
    run();
    end.record(stream);
    end.synchronize();
    samples.push_back(Event::elapsedMs(start, end));
  }
  return summarize(std::move(samples));
}

} // namespace tilec::rt
