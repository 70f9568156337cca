//===- Timing.h - benchmarking kernels with CUDA events ---------*- C++ -*-===//
//
// The lecture's recipe: warm up (the first runs pay one-time costs), wait for
// the device, then time each trial separately between two CUDA events (GPU
// time, not CPU launch overhead), waiting after each, and look at the
// distribution: mean, median and P95.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_TIMING_H
#define TILEC_RUNTIME_TIMING_H

#include "tilec/runtime/Stream.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace tilec::rt {

/// Summary of per-trial times in milliseconds.
struct TimingStats {
  size_t trials = 0;
  double meanMs = 0;
  double medianMs = 0;
  /// Nearest-rank 95th percentile.
  double p95Ms = 0;
  double minMs = 0;
  double maxMs = 0;
};

/// How many untimed warm-up runs and timed trials to do.
struct BenchOptions {
  unsigned warmups = 10;
  unsigned trials = 100;
  /// If non-zero, before each trial's start event a buffer of this many
  /// bytes is overwritten on the stream (as triton.testing.do_bench does
  /// with 256 MiB). It evicts the previous trial's data from L2, and it
  /// keeps the GPU busy while the host enqueues the launch, so the time
  /// between the events is the kernel's rather than the launch latency.
  uint64_t flushBytes = 0;
  /// If set, called before every warm-up and every trial, outside the timed
  /// region; it must enqueue its work on the stream. Autotuning uses it to
  /// zero or restore buffers a kernel updates in place.
  std::function<void()> beforeEach;
};

/// Summarizes \p samplesMs; throws Error if it is empty.
TimingStats summarize(std::vector<double> samplesMs);

/// Runs \p run options.warmups times, synchronizes, then times
/// options.trials runs one by one between events recorded on \p stream,
/// waiting for each (after options.beforeEach and the optional L2 flush,
/// which are not timed).
/// \p run must enqueue its work on \p stream.
TimingStats benchmark(const std::function<void()> &run,
                      const BenchOptions &options,
                      StreamHandle stream = nullptr);

/// Decimal gigabytes per second for \p bytes moved in \p ms.
inline double gigabytesPerSecond(uint64_t bytes, double ms) {
  return static_cast<double>(bytes) / (ms * 1.0e6);
}

} // namespace tilec::rt

#endif // TILEC_RUNTIME_TIMING_H
