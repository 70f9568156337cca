//===- gpu_jit_hit.cpp - a compile cache hit and its load, in a fresh process //
//
// gpu-jit-hit CACHE_DIR GELU.py [--no-cubin]
//
// What an application that compiles its kernels in process pays on a cache
// hit: tilec::jit::compileFile of the lecture's GeLU (1024 a program, 4
// warps) through the cache in CACHE_DIR, then Kernel::load of what it gave
// (the cubin when it fits the device, else the PTX: --no-cubin asks the
// JIT for PTX only), then one launch over 2^20 elements, checked against a
// float64 GeLU. Device 0's primary context is made current first and timed
// on its own, as gpu-load-time does. Prints one line,
//   jit=<hit|miss> jit_ms=<t> load_ms=<t> image=<cubin|ptx>
//   hit_and_load_ms=<t> launch_ms=<t> context_ms=<t>
// tools/gpu/jit_hit.sh runs it in fresh processes (CUDA_CACHE_DISABLE=1, so
// that the driver's own PTX cache does not stand in for ours). Exits 77
// without a driver.
//
//===----------------------------------------------------------------------===//

#include "tilec/JIT/JIT.h"
#include "tilec/runtime/Runtime.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace rt = tilec::rt;
using Clock = std::chrono::steady_clock;

static double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start)
      .count();
}

/// The lecture's tanh GeLU in float64.
static double gelu(double x) {
  const double a = std::sqrt(2.0 / M_PI);
  return 0.5 * x * (1.0 + std::tanh(a * (x + 0.044715 * x * x * x)));
}

int main(int argc, char **argv) {
  bool cubin = true;
  if (argc == 4 && std::strcmp(argv[3], "--no-cubin") == 0)
    cubin = false;
  else if (argc != 3) {
    std::fprintf(stderr, "usage: gpu-jit-hit CACHE_DIR GELU.py [--no-cubin]\n");
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
    tilec::jit::Request request;
    request.kernelName = "triton_gelu_kernel";
    request.signature = "*fp32:16,*fp32:16,i32,1024";
    request.numWarps = 4;
    request.cubin = cubin;
    tilec::jit::CacheOptions cache;
    cache.directory = argv[1];
    auto compiled = tilec::jit::compileFile(argv[2], request, cache);
    if (!compiled) {
      std::fprintf(stderr, "gpu-jit-hit: %s\n",
                   llvm::toString(compiled.takeError()).c_str());
      return 1;
    }
    double jitMs = msSince(start);

    Clock::time_point loadStart = Clock::now();
    rt::Kernel kernel = rt::Kernel::load(
        rt::Manifest::parse(compiled->manifest, "jit manifest"),
        compiled->ptx, compiled->cubin, "jit PTX");
    double loadMs = msSince(loadStart);
    double hitAndLoadMs = msSince(start);

    const int32_t n = 1 << 20;
    std::vector<float> input(n);
    for (int32_t i = 0; i < n; ++i)
      input[i] = float(i % 2001 - 1000) / 250.0f;
    rt::DeviceBuffer x = rt::DeviceBuffer::fromHost(input);
    rt::DeviceBuffer y(n * sizeof(float));
    start = Clock::now();
    kernel.launch({(n + 1023) / 1024}, {x, y, n});
    rt::Context::current().synchronize();
    double launchMs = msSince(start);
    std::vector<float> output = y.toHost<float>(n);
    for (int32_t i = 0; i < n; ++i) {
      double want = gelu(input[i]);
      if (std::fabs(output[i] - want) > 1e-5 + 1e-5 * std::fabs(want)) {
        std::fprintf(stderr, "gpu-jit-hit: y[%d] = %.8g, want %.8g\n", i,
                     output[i], want);
        return 1;
      }
    }
    std::printf("jit=%s jit_ms=%.3f load_ms=%.3f image=%s hit_and_load_ms=%.3f "
                "launch_ms=%.3f context_ms=%.3f\n",
                compiled->fromCache ? "hit" : "miss", jitMs, loadMs,
                rt::toString(kernel.image()), hitAndLoadMs, launchMs,
                contextMs);
  } catch (const rt::Error &error) {
    std::fprintf(stderr, "gpu-jit-hit: %s\n", error.what());
    return 1;
  }
  return 0;
}
