//===- Gelu.cpp - the lecture's GeLU kernel on the host side --------------===//

#include "gelu/Gelu.h"

#include "common/HostData.h"
#include "tilec/runtime/Runtime.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <mutex>

namespace tilec::examples {

double geluReference(double x) {
  return 0.5 * x * (1.0 + std::tanh(0.79788456 * (x + 0.044715 * x * x * x)));
}

std::string geluVariant(int64_t n) {
  // Only the mask depends on n, and 16 keeps whole vectors in or out.
  return divisibilitySuffix({n}) == "_d16" ? "gelu_b1024_w4_d16"
                                           : "gelu_b1024_w4";
}

namespace {

/// Past the last block, this many extra output elements must stay poisoned.
constexpr int64_t kGuardElements = 256;

class GeluCase final : public KernelCase {
public:
  GeluCase(const std::string &dir, int64_t n, uint64_t seed)
      : kernel(rt::Kernel::load(manifestPath(dir, geluVariant(n)))), n(n) {
    std::optional<int64_t> block = kernel.manifest().constexprInt("BLOCK_SIZE");
    if (!block || *block <= 0)
      throw rt::Error(geluVariant(n) + " binds no positive BLOCK_SIZE");
    // The kernel computes offsets in 32-bit arithmetic: pid * BLOCK_SIZE +
    // arange must stay below 2^31 for the last block.
    grid = (n + *block - 1) / *block;
    if (grid * *block > INT32_MAX)
      throw rt::Error(fmt::format("n={} overflows the kernel's 32-bit offsets", n));
    caseInfo.kernel = "gelu";
    caseInfo.shape = fmt::format("n={}", n);
    caseInfo.id = fmt::format("gelu_{}", n);
    caseInfo.variant = geluVariant(n);
    caseInfo.block = *block;
    caseInfo.warps = kernel.manifest().numWarps;
    caseInfo.bytes = 2 * static_cast<uint64_t>(n) * sizeof(float);

    input = uniformFloats(n, -5.0f, 5.0f, seed);
    x = rt::DeviceBuffer::fromHost(input);
    outputElements = grid * *block + kGuardElements;
    y = rt::DeviceBuffer(outputElements * sizeof(float));
  }

  const CaseInfo &info() const override { return caseInfo; }

  void launch() override {
    kernel.launch({grid}, {x, y, static_cast<int32_t>(n)});
  }

  CheckResult check() override {
    y.fill32(kPoisonBits);
    launch();
    rt::Context::current().synchronize();
    std::vector<float> out = y.toHost<float>(outputElements);

    CheckResult result;
    std::mutex mutex;
    double maxError = 0;
    int64_t worst = -1;
    parallelFor(n, [&](size_t begin, size_t end) {
      double localMax = 0;
      int64_t localWorst = -1;
      for (size_t i = begin; i < end; ++i) {
        double ref = geluReference(input[i]);
        double got = out[i];
        // The formula is 0.5 x times (1 + tanh): its rounding error scales
        // with |0.5 x|, which for negative x dwarfs |gelu(x)|.
        double scale = std::max({std::fabs(ref), std::fabs(0.5 * input[i]), 1e-30});
        double error = std::isfinite(got) ? std::fabs(got - ref) / scale : INFINITY;
        if (!(error <= localMax)) {
          localMax = error;
          localWorst = static_cast<int64_t>(i);
        }
      }
      std::lock_guard<std::mutex> lock(mutex);
      if (localWorst >= 0 && !(localMax <= maxError)) {
        maxError = localMax;
        worst = localWorst;
      }
    });
    result.errors.push_back({"max_rel_err", maxError});
    if (!(maxError <= 1e-5))
      result.fail(fmt::format("y[{}] = {} for x = {}, expected {}", worst,
                              out[worst], input[worst],
                              geluReference(input[worst])));
    for (int64_t i = n; i < outputElements; ++i)
      if (!isPoison(out[i])) {
        result.fail(fmt::format("wrote y[{}], past n = {}", i, n));
        break;
      }
    return result;
  }

private:
  rt::Kernel kernel;
  int64_t n;
  int64_t grid = 0;
  int64_t outputElements = 0;
  CaseInfo caseInfo;
  std::vector<float> input;
  rt::DeviceBuffer x, y;
};

} // namespace

std::unique_ptr<KernelCase> makeGeluCase(const std::string &kernelsDir,
                                         int64_t n, uint64_t seed) {
  return std::make_unique<GeluCase>(kernelsDir, n, seed);
}

} // namespace tilec::examples
