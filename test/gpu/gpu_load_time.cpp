//===- gpu_load_time.cpp - how long loading a kernel takes, cubin vs PTX --===//
//
// gpu-load-time MANIFEST [--ptx]
//
// In this (fresh) process, after cuInit (Driver::available): times making
// device 0's primary context current (context_ms), then Kernel::load of
// MANIFEST, which takes its cubin when it fits the device; with --ptx the
// manifest's cubin is ignored and the PTX is JIT-compiled. Prints one line,
//   <kernel> <cubin|ptx> context_ms=<t> load_ms=<t>
// tools/gpu/load_time.sh runs it repeatedly, each run a new process so that
// nothing is cached in the driver (set CUDA_CACHE_DISABLE=1 for the PTX JIT
// cache on disk). Exits 77 without a driver.
//
//===----------------------------------------------------------------------===//

#include "tilec/runtime/Runtime.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

namespace rt = tilec::rt;
using Clock = std::chrono::steady_clock;

static double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start)
      .count();
}

int main(int argc, char **argv) {
  if (argc < 2 || (argc == 3 && std::strcmp(argv[2], "--ptx") != 0) ||
      argc > 3) {
    std::fprintf(stderr, "usage: gpu-load-time MANIFEST [--ptx]\n");
    return 2;
  }
  if (!rt::Driver::available()) {
    std::printf("SKIP: %s\n", rt::Driver::unavailableReason().c_str());
    return 77;
  }
  try {
    Clock::time_point start = Clock::now();
    rt::Context::current();
    double contextMs = msSince(start);

    start = Clock::now();
    rt::Kernel kernel = [&] {
      if (argc == 2)
        return rt::Kernel::load(argv[1]);
      rt::Manifest manifest = rt::Manifest::load(argv[1]);
      std::string ptx = rt::readFile(manifest.ptxPath(), "PTX file");
      manifest.cubin.clear();
      manifest.cubinArch.clear();
      return rt::Kernel::load(manifest, ptx, manifest.ptxPath());
    }();
    double loadMs = msSince(start);
    std::printf("%s %s context_ms=%.3f load_ms=%.3f\n", kernel.name().c_str(),
                rt::toString(kernel.image()), contextMs, loadMs);
  } catch (const rt::Error &error) {
    std::fprintf(stderr, "gpu-load-time: %s\n", error.what());
    return 1;
  }
  return 0;
}
