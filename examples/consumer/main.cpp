//===- main.cpp - the lecture's GeLU from a project that installed Tilec --===//
//
// Runs the kernel this project's build compiled (tilec_add_kernel from the
// installed package, LAUNCHER: a typed C++ function with the PTX embedded,
// two variants behind it) on 2^20 values and on 2^20 - 3, and checks them
// against the same formula on the CPU.
// Without a CUDA driver it says so and exits 0.
//
//===----------------------------------------------------------------------===//

#include "tilec/kernels/gelu.h"
#include "tilec/runtime/Runtime.h"

#include <cmath>
#include <cstdio>
#include <vector>

namespace rt = tilec::rt;

int main() {
  if (!rt::Driver::available()) {
    std::printf("SKIP: no CUDA driver (%s)\n",
                rt::Driver::unavailableReason().c_str());
    return 0;
  }
  try {
    bool passed = true;
    for (int32_t n : {1 << 20, (1 << 20) - 3}) {
      std::vector<float> x(n);
      for (int32_t i = 0; i < n; ++i)
        x[i] = float(i % 2001 - 1000) / 250.0f;
      rt::DeviceBuffer input = rt::DeviceBuffer::fromHost(x);
      rt::DeviceBuffer output(n * sizeof(float));
      // Typed: (grid, float *x, float *y, int32_t n); takes the variant
      // whose promises hold (n % 16 == 0 or not), checks them, loads the
      // embedded PTX on first use.
      tilec::kernels::triton_gelu_kernel({(n + 1023) / 1024}, input, output,
                                         n);
      size_t variant = tilec::kernels::triton_gelu_kernel_variants().pick(
          {input, output, n});
      rt::Context::current().synchronize();
      std::vector<float> y = output.toHost<float>(n);
      double worst = 0;
      for (int32_t i = 0; i < n; ++i) {
        double v = x[i];
        double a = 0.79788456 * (v + 0.044715 * v * v * v);
        double expected = 0.5 * v * (1 + std::tanh(a));
        worst = std::max(worst, std::fabs(y[i] - expected));
      }
      std::printf("%s: max abs error %.3g over %d values (variant %zu)\n",
                  worst < 1e-5 ? "PASS" : "FAIL", worst, n, variant);
      passed = passed && worst < 1e-5;
    }
    return passed ? 0 : 1;
  } catch (const rt::Error &error) {
    std::printf("FAIL: %s\n", error.what());
    return 1;
  }
}
