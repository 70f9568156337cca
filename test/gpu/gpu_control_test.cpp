//===- gpu_control_test.cpp - while loops on the GPU ----------------------===//
//
// halvings (test/gpu/kernels/control.py) counts the integer halvings of
// each x[i] in a scalar `while` inside an `if` on the program id; every
// count must be exact. newton_sqrt runs `iters` Newton steps for sqrt(x) on
// a block carried by a `while`; it must match the same steps computed in
// fp32 on the CPU to 4 ulps (the GPU's division is not the CPU's). Elements
// past n must keep their poison. Exits 0 if all pass, 1 if any fails, 77
// (skip) without a CUDA driver or under the fake driver. show prints a block
// and scalars with tl.device_print; the lines the driver writes to stdout
// (captured in a temporary file) must be exactly the expected ones, u32
// values with %u.
// rotate_clamp runs tl.inline_asm_elementwise with one and two outputs.
// gdc_chain runs producer/consumer pairs with programmatic dependent launch
// (the consumer waits with gdc_wait). early_exit returns early from the
// kernel (programs past n) and from a
// helper (a chain of ifs that return); every value must be exact and
// nothing past n written.
//   gpu-test-control [--kernels-dir DIR]
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "common/HostData.h"
#include "tilec/runtime/Runtime.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <unistd.h>

using namespace tilec;
using namespace tilec::examples;

namespace {

constexpr int64_t kGuard = 64;
constexpr uint32_t kPoison = 0xffffffffu;

class HalvingsCase final : public KernelCase {
public:
  HalvingsCase(const std::string &dir, int64_t n, uint64_t seed)
      : kernel(rt::Kernel::load(manifestPath(dir, "control_halvings"))),
        n(n) {
    caseInfo.kernel = "halvings";
    caseInfo.shape = fmt::format("n={}", n);
    caseInfo.id = fmt::format("halvings_{}", n);
    caseInfo.variant = "control_halvings";
    caseInfo.warps = kernel.manifest().numWarps;
    std::vector<float> u = uniformFloats(n, 0.0f, 31.0f, seed);
    for (int64_t i = 0; i < n; ++i)
      input.push_back(int32_t(std::ldexp(1.0, int(u[i]))) + int32_t(i % 7) -
                      3);
    x = rt::DeviceBuffer::fromHost(input);
    y = rt::DeviceBuffer((n + kGuard) * 4);
  }
  const CaseInfo &info() const override { return caseInfo; }
  void launch() override {
    kernel.launch({n}, {x, y, static_cast<int32_t>(n)});
  }
  CheckResult check() override {
    y.fill32(kPoison);
    launch();
    rt::Context::current().synchronize();
    std::vector<int32_t> got = y.toHost<int32_t>(n + kGuard);
    CheckResult result;
    int64_t wrong = 0;
    for (int64_t i = 0; i < n; ++i) {
      int32_t v = input[i], steps = 0;
      while (v > 1) {
        v /= 2;
        ++steps;
      }
      if (got[i] != steps && wrong++ < 3)
        result.fail(fmt::format("y[{}] is {}, expected {} (x = {})", i,
                                got[i], steps, input[i]));
    }
    for (int64_t i = n; i < n + kGuard; ++i)
      if (uint32_t(got[i]) != kPoison) {
        result.fail(fmt::format("y[{}] past n written", i));
        break;
      }
    result.errors.push_back({"wrong", double(wrong)});
    return result;
  }

private:
  rt::Kernel kernel;
  int64_t n;
  CaseInfo caseInfo;
  std::vector<int32_t> input;
  rt::DeviceBuffer x, y;
};

class NewtonCase final : public KernelCase {
public:
  NewtonCase(const std::string &dir, int64_t n, int32_t iters, uint64_t seed)
      : kernel(rt::Kernel::load(manifestPath(dir, "control_newton_sqrt"))),
        n(n), iters(iters) {
    block = kernel.manifest().requireConstexprInt("BLOCK");
    caseInfo.kernel = "newton_sqrt";
    caseInfo.shape = fmt::format("n={} iters={}", n, iters);
    caseInfo.id = fmt::format("newton_{}_{}", n, iters);
    caseInfo.variant = "control_newton_sqrt";
    caseInfo.block = block;
    caseInfo.warps = kernel.manifest().numWarps;
    input = uniformFloats(n, 0.5f, 100.0f, seed);
    x = rt::DeviceBuffer::fromHost(input);
    y = rt::DeviceBuffer((n + kGuard) * 4);
  }
  const CaseInfo &info() const override { return caseInfo; }
  void launch() override {
    kernel.launch({(n + block - 1) / block},
                  {x, y, static_cast<int32_t>(n), iters});
  }
  CheckResult check() override {
    y.fill32(kPoison);
    launch();
    rt::Context::current().synchronize();
    std::vector<float> got = y.toHost<float>(n + kGuard);
    CheckResult result;
    double worst = 0;
    for (int64_t i = 0; i < n; ++i) {
      float r = input[i];
      for (int32_t t = 0; t < iters; ++t)
        r = 0.5f * (r + input[i] / r);
      double ulps = std::fabs(double(got[i]) - r) /
                    (std::nextafter(r, INFINITY) - r);
      if (!(ulps <= 4.0)) {
        if (worst <= 4.0)
          result.fail(fmt::format("y[{}] is {}, expected {} (x = {})", i,
                                  got[i], r, input[i]));
      }
      worst = std::max(worst, std::isfinite(ulps) ? ulps : INFINITY);
    }
    for (int64_t i = n; i < n + kGuard; ++i) {
      uint32_t bits;
      std::memcpy(&bits, &got[i], 4);
      if (bits != kPoison) {
        result.fail(fmt::format("y[{}] past n written", i));
        break;
      }
    }
    result.errors.push_back({"max_ulps", worst});
    return result;
  }

private:
  rt::Kernel kernel;
  int64_t n, block = 0;
  int32_t iters;
  CaseInfo caseInfo;
  std::vector<float> input;
  rt::DeviceBuffer x, y;
};

/// Runs `body` with stdout (file descriptor 1) going to a temporary file,
/// and returns what was written there.
template <typename F> std::vector<std::string> captureStdout(F body) {
  std::fflush(stdout);
  char path[] = "/tmp/tilec-print-XXXXXX";
  int file = mkstemp(path);
  int saved = dup(1);
  dup2(file, 1);
  body();
  std::fflush(stdout);
  dup2(saved, 1);
  close(saved);
  close(file);
  std::vector<std::string> lines;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  unlink(path);
  return lines;
}

class PrintCase final : public KernelCase {
public:
  PrintCase(const std::string &dir, int64_t n)
      : kernel(rt::Kernel::load(manifestPath(dir, "control_show"))), n(n) {
    block = kernel.manifest().requireConstexprInt("BLOCK");
    caseInfo.kernel = "show";
    caseInfo.shape = fmt::format("n={}", n);
    caseInfo.id = fmt::format("show_{}", n);
    caseInfo.variant = "control_show";
    caseInfo.block = block;
    caseInfo.warps = kernel.manifest().numWarps;
    for (int64_t i = 0; i < n; ++i)
      input.push_back(float(i) * 0.25f - 3.0f);
    x = rt::DeviceBuffer::fromHost(input);
  }
  const CaseInfo &info() const override { return caseInfo; }
  void launch() override {
    kernel.launch({(n + block - 1) / block}, {x, static_cast<int32_t>(n)});
  }
  CheckResult check() override {
    std::vector<std::string> got = captureStdout([&] {
      launch();
      rt::Context::current().synchronize();
    });
    std::vector<std::string> expected;
    int64_t programs = (n + block - 1) / block;
    for (int64_t p = 0; p < programs; ++p) {
      for (int64_t j = 0; j < block; ++j) {
        int64_t i = p * block + j;
        std::string head = fmt::format("pid ({}, 0, 0) idx ({}) x:", p, j);
        expected.push_back(fmt::format("{} (operand 0) {}", head, i));
        expected.push_back(fmt::format("{} (operand 1) {:f}", head,
                                       i < n ? input[i] : -1.0f));
        expected.push_back(fmt::format("pid ({}, 0, 0) idx ({}) u: {}", p, j,
                                       uint32_t(i - 4)));
      }
      std::string head = fmt::format("pid ({}, 0, 0) idx () n:", p);
      expected.push_back(fmt::format("{} (operand 0) 0x{:x}", head, n));
      expected.push_back(fmt::format("{} (operand 1) 0x{:x}", head, p));
    }
    std::sort(got.begin(), got.end());
    std::sort(expected.begin(), expected.end());
    CheckResult result;
    std::vector<std::string> missing, extra;
    std::set_difference(expected.begin(), expected.end(), got.begin(),
                        got.end(), std::back_inserter(missing));
    std::set_difference(got.begin(), got.end(), expected.begin(),
                        expected.end(), std::back_inserter(extra));
    if (!missing.empty())
      result.fail(fmt::format("{} of {} lines missing, first '{}'",
                              missing.size(), expected.size(), missing[0]));
    if (!extra.empty())
      result.fail(fmt::format("{} unexpected lines, first '{}'", extra.size(),
                              extra[0]));
    result.errors.push_back({"wrong_lines", double(missing.size() + extra.size())});
    return result;
  }

private:
  rt::Kernel kernel;
  int64_t n, block = 0;
  CaseInfo caseInfo;
  std::vector<float> input;
  rt::DeviceBuffer x;
};

class InlineAsmCase final : public KernelCase {
public:
  InlineAsmCase(const std::string &dir, int64_t n, uint64_t seed)
      : kernel(rt::Kernel::load(manifestPath(dir, "control_rotate_clamp"))),
        n(n) {
    block = kernel.manifest().requireConstexprInt("BLOCK");
    caseInfo.kernel = "rotate_clamp";
    caseInfo.shape = fmt::format("n={}", n);
    caseInfo.id = fmt::format("rotate_clamp_{}", n);
    caseInfo.variant = "control_rotate_clamp";
    caseInfo.block = block;
    caseInfo.warps = kernel.manifest().numWarps;
    std::vector<float> u = uniformFloats(n, -100.0f, 100.0f, seed);
    for (float f : u) {
      int32_t bits;
      std::memcpy(&bits, &f, 4);
      input.push_back(bits);
    }
    x = rt::DeviceBuffer::fromHost(input);
    rot = rt::DeviceBuffer(n * 4);
    lo = rt::DeviceBuffer(n * 4);
    hi = rt::DeviceBuffer(n * 4);
  }
  const CaseInfo &info() const override { return caseInfo; }
  void launch() override {
    kernel.launch({(n + block - 1) / block},
                  {x, rot, lo, hi, static_cast<int32_t>(n)});
  }
  CheckResult check() override {
    launch();
    rt::Context::current().synchronize();
    std::vector<int32_t> gotRot = rot.toHost<int32_t>(n);
    std::vector<float> gotLo = lo.toHost<float>(n), gotHi = hi.toHost<float>(n);
    CheckResult result;
    int64_t wrong = 0;
    for (int64_t i = 0; i < n; ++i) {
      uint32_t u = uint32_t(input[i]);
      int32_t want = int32_t((u << 3) | (u >> 29));
      float f;
      std::memcpy(&f, &input[i], 4);
      if (gotRot[i] != want || gotLo[i] != std::min(f, 0.0f) ||
          gotHi[i] != std::max(f, 0.0f)) {
        if (wrong++ < 3)
          result.fail(fmt::format("element {}: rot {} lo {} hi {}, expected "
                                  "{} {} {}",
                                  i, gotRot[i], gotLo[i], gotHi[i], want,
                                  std::min(f, 0.0f), std::max(f, 0.0f)));
      }
    }
    result.errors.push_back({"wrong", double(wrong)});
    return result;
  }

private:
  rt::Kernel kernel;
  int64_t n, block = 0;
  CaseInfo caseInfo;
  std::vector<int32_t> input;
  rt::DeviceBuffer x, rot, lo, hi;
};

std::unique_ptr<KernelCase> earlyExit(const std::string &dir, int64_t n) {
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, "control_early_exit")));
  std::vector<float> u = uniformFloats(n, -1000.0f, 1000.0f, 51);
  std::vector<int32_t> x(n);
  for (int64_t i = 0; i < n; ++i)
    x[i] = i % 5 == 0 ? 0 : int32_t(u[i]);
  auto input = std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(x));
  auto out = std::make_shared<rt::DeviceBuffer>((n + kGuard) * 4);
  auto launch = [=] {
    // More programs than elements: the extra ones must return at once.
    kernel->launch({n + kGuard}, {*input, *out, static_cast<int32_t>(n)});
  };
  auto check = [=] {
    out->fill32(kPoison);
    launch();
    rt::Context::current().synchronize();
    std::vector<int32_t> got = out->toHost<int32_t>(n + kGuard);
    CheckResult result;
    int64_t wrong = 0;
    for (int64_t i = 0; i < n + kGuard; ++i) {
      int32_t want = int32_t(kPoison);
      if (i < n)
        want = x[i] < 0 ? -1 : x[i] == 0 ? 0 : x[i] % 2 == 0 ? 2 : 1;
      if (got[i] != want && wrong++ == 0)
        result.fail(fmt::format("y[{}] is {}, expected {}{}", i, got[i], want,
                                i < n ? fmt::format(" (x = {})", x[i])
                                      : std::string(" (past n)")));
    }
    result.errors.push_back({"wrong", double(wrong)});
    return result;
  };
  CaseInfo info;
  info.kernel = "early_exit";
  info.shape = fmt::format("n={}", n);
  info.id = fmt::format("early_exit_{}", n);
  info.variant = "control_early_exit";
  info.warps = kernel->manifest().numWarps;
  return std::make_unique<FunctionCase>(info, launch, check);
}

/// Pairs of grids on one stream, the second launched with programmatic
/// stream serialization (its manifest says so: it calls gdc_wait):
/// producer k writes x = 3 i + k, consumer k copies 2 x to y's row k. All
/// pairs go out before one synchronize; a consumer that read x before its
/// producer finished would copy the previous round's values.
std::unique_ptr<KernelCase> gdcChain(const std::string &dir, int64_t n,
                                     int32_t rounds) {
  auto produce = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, "control_gdc_produce")));
  auto consume = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, "control_gdc_consume")));
  if (!consume->manifest().programmaticLaunch)
    throw rt::Error("control_gdc_consume's manifest does not ask for a "
                    "programmatic launch");
  auto x = std::make_shared<rt::DeviceBuffer>(n * 4);
  auto y = std::make_shared<rt::DeviceBuffer>(rounds * n * 4);
  int64_t programs = (n + 1023) / 1024;
  auto launch = [=] {
    for (int32_t k = 0; k < rounds; ++k) {
      produce->launch({programs}, {*x, static_cast<int32_t>(n), k});
      consume->launch({programs}, {*x, *y, static_cast<int32_t>(n), k});
    }
  };
  auto check = [=] {
    y->fill32(kPoison);
    launch();
    rt::Context::current().synchronize();
    std::vector<int32_t> got = y->toHost<int32_t>(rounds * n);
    CheckResult result;
    int64_t wrong = 0;
    for (int32_t k = 0; k < rounds; ++k)
      for (int64_t i = 0; i < n; ++i) {
        int32_t want = 2 * (3 * int32_t(i) + k);
        if (got[k * n + i] != want && wrong++ == 0)
          result.fail(fmt::format("round {}: y[{}] is {}, expected {}", k, i,
                                  got[k * n + i], want));
      }
    result.errors.push_back({"wrong", double(wrong)});
    return result;
  };
  CaseInfo info;
  info.kernel = "gdc_chain";
  info.shape = fmt::format("n={} rounds={}", n, rounds);
  info.id = fmt::format("gdc_chain_{}", n);
  info.variant = "control_gdc_consume";
  info.warps = consume->manifest().numWarps;
  return std::make_unique<FunctionCase>(info, launch, check);
}

} // namespace

int main(int argc, char **argv) {
  return runGpuTest(
      argc, argv, "gpu-test-control",
      [&](const std::string &dir) {
        std::vector<CaseSpec> cases;
        uint64_t seed = 5;
        for (int64_t n : {1, 100, 4097}) {
          uint64_t s = seed++;
          cases.push_back({fmt::format("halvings n={}", n), [=] {
                             return std::make_unique<HalvingsCase>(dir, n, s);
                           }});
        }
        for (auto [n, iters] : {std::pair<int64_t, int32_t>{1, 0},
                                {1000, 1},
                                {4097, 6},
                                {100000, 20}}) {
          uint64_t s = seed++;
          cases.push_back(
              {fmt::format("newton_sqrt n={} iters={}", n, iters), [=] {
                 return std::make_unique<NewtonCase>(dir, n, iters, s);
               }});
        }
        for (int64_t n : {1, 100})
          cases.push_back({fmt::format("show n={}", n), [=] {
                             return std::make_unique<PrintCase>(dir, n);
                           }});
        for (int64_t n : {1, 1000, 65537}) {
          uint64_t s = seed++;
          cases.push_back({fmt::format("rotate_clamp n={}", n), [=] {
                             return std::make_unique<InlineAsmCase>(dir, n, s);
                           }});
        }
        for (int64_t n : {1000, 1 << 22})
          cases.push_back({fmt::format("gdc_chain n={}", n),
                           [=] { return gdcChain(dir, n, 8); }});
        for (int64_t n : {1, 1000, 70000})
          cases.push_back({fmt::format("early_exit n={}", n),
                           [=] { return earlyExit(dir, n); }});
        return cases;
      },
      "halvings");
}
