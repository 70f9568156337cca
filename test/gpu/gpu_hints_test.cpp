//===- gpu_hints_test.cpp - kernels vectorised by hints -------------------===//
//
// Runs the kernels of test/gpu/kernels/hints.py, compiled without `:16` so
// that only tl.multiple_of / tl.max_contiguous / tl.max_constancy make
// their accesses wide, on inputs that keep the hints' promises, and checks
// every output exactly (one fp32 multiply-add or multiply each):
//   - hinted_copy: y = 2x + 1 over n a multiple of 16;
//   - group_scale: y[i] = x[i] * scale[i / 4], any n.
// Exits 0 if all pass, 1 if any fails, 77 (skip) without a CUDA driver or
// under the fake driver.
//   gpu-test-hints [--kernels-dir DIR]
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "common/HostData.h"
#include "tilec/runtime/Runtime.h"

#include <fmt/format.h>

#include <cstring>
#include <functional>

using namespace tilec;
using namespace tilec::examples;

namespace {

CaseInfo infoFor(const rt::Kernel &kernel, const std::string &name,
                 const std::string &variant, int64_t n) {
  CaseInfo info;
  info.kernel = name;
  info.shape = fmt::format("n={}", n);
  info.id = fmt::format("{}_{}", name, n);
  info.variant = variant;
  info.warps = kernel.manifest().numWarps;
  return info;
}

constexpr int64_t kGuard = 64;
constexpr uint32_t kPoison = 0x7fc00badu;

/// Poisons `out` (n + kGuard floats), launches, and compares the bit
/// patterns (so -0.0 and NaN payloads count) with `want(i)` below n and
/// the poison past it, failing on the first mismatch and recording how
/// many there were.
CheckResult checkOutput(rt::DeviceBuffer &out, int64_t n,
                        const std::function<void()> &launch,
                        const std::function<float(int64_t)> &want) {
  out.fill32(kPoison);
  launch();
  rt::Context::current().synchronize();
  std::vector<float> got = out.toHost<float>(n + kGuard);
  CheckResult result;
  int64_t wrong = 0;
  for (int64_t i = 0; i < n + kGuard; ++i) {
    float expected;
    uint32_t poison = kPoison;
    if (i < n)
      expected = want(i);
    else
      std::memcpy(&expected, &poison, 4); // past n: untouched
    if (std::memcmp(&got[i], &expected, 4) != 0 && wrong++ == 0)
      result.fail(fmt::format("y[{}] is {}, expected {}", i, got[i], expected));
  }
  result.errors.push_back({"wrong", double(wrong)});
  return result;
}

std::unique_ptr<KernelCase> hintedCopy(const std::string &dir, int64_t n) {
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, "hints_copy")));
  int64_t block = kernel->manifest().requireConstexprInt("BLOCK");
  std::vector<float> x = uniformFloats(n, -10.0f, 10.0f, 31);
  auto input = std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(x));
  auto out = std::make_shared<rt::DeviceBuffer>((n + kGuard) * 4);
  auto launch = [=] {
    kernel->launch({(n + block - 1) / block},
                   {*input, *out, static_cast<int32_t>(n)});
  };
  auto check = [=] {
    return checkOutput(*out, n, launch,
                       [&](int64_t i) { return 2.0f * x[i] + 1.0f; });
  };
  return std::make_unique<FunctionCase>(
      infoFor(*kernel, "hinted_copy", "hints_copy", n), launch, check);
}

std::unique_ptr<KernelCase> groupScale(const std::string &dir, int64_t n) {
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, "hints_group_scale")));
  int64_t block = kernel->manifest().requireConstexprInt("BLOCK");
  int64_t group = kernel->manifest().requireConstexprInt("GROUP");
  int64_t groups = (n + group - 1) / group;
  std::vector<float> x = uniformFloats(n, -10.0f, 10.0f, 41);
  std::vector<float> scale = uniformFloats(groups, 0.5f, 2.0f, 42);
  auto input = std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(x));
  auto scales =
      std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(scale));
  auto out = std::make_shared<rt::DeviceBuffer>((n + kGuard) * 4);
  auto launch = [=] {
    kernel->launch({(n + block - 1) / block},
                   {*input, *scales, *out, static_cast<int32_t>(n)});
  };
  auto check = [=] {
    return checkOutput(*out, n, launch,
                       [&](int64_t i) { return x[i] * scale[i / group]; });
  };
  return std::make_unique<FunctionCase>(
      infoFor(*kernel, "group_scale", "hints_group_scale", n), launch, check);
}

} // namespace

int main(int argc, char **argv) {
  return runGpuTest(
      argc, argv, "gpu-test-hints",
      [&](const std::string &dir) {
        std::vector<CaseSpec> cases;
        for (int64_t n : {16, 1040, (1 << 20) + 16})
          cases.push_back({fmt::format("hinted_copy n={}", n),
                           [=] { return hintedCopy(dir, n); }});
        for (int64_t n : {1, 1000, 4099, 1 << 20})
          cases.push_back({fmt::format("group_scale n={}", n),
                           [=] { return groupScale(dir, n); }});
        return cases;
      },
      "hinted_copy");
}
