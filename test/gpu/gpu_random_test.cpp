//===- gpu_random_test.cpp - tl.randint4x, tl.rand, tl.randn, dropout -----===//
//
// Runs the kernels of test/gpu/kernels/random.py and compares them with a
// CPU Philox 4x32 written from the published algorithm (checked against
// Random123's known answer for counter and key zero: 6627e8d5 e169c58d
// bc57ac4c 9b00dbd8):
//   - random_words: every word bit for bit, with an i32 seed (negative: its
//     sign fills the key's high word) and an i64 seed, 10 and 7 rounds;
//   - random_floats: tl.rand bit for bit; tl.randn within 2e-3 (Box-Muller
//     through the GPU's approximate log and cosine);
//   - seeded_dropout: the kept/dropped mask bit for bit, kept values within
//     3 ulps of x / (1 - p) (the GPU divides with div.full.f32).
// Exits 0 if all pass, 1 if any fails, 77 (skip) without a CUDA driver or
// under the fake driver.
//   gpu-test-random [--kernels-dir DIR]
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "common/HostData.h"
#include "tilec/runtime/Runtime.h"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <cstring>
#include <functional>

using namespace tilec;
using namespace tilec::examples;

namespace {

/// Philox 4x32 on counter (c, 0, 0, 0) with the key from a 64-bit seed.
std::array<uint32_t, 4> philox(int64_t seed, uint32_t counter, int rounds) {
  uint32_t c[4] = {counter, 0, 0, 0};
  uint32_t k0 = uint32_t(uint64_t(seed)), k1 = uint32_t(uint64_t(seed) >> 32);
  for (int r = 0; r < rounds; ++r) {
    uint64_t p0 = uint64_t(0xD2511F53u) * c[0];
    uint64_t p2 = uint64_t(0xCD9E8D57u) * c[2];
    uint32_t n0 = uint32_t(p2 >> 32) ^ c[1] ^ k0;
    uint32_t n2 = uint32_t(p0 >> 32) ^ c[3] ^ k1;
    c[0] = n0;
    c[1] = uint32_t(p2);
    c[2] = n2;
    c[3] = uint32_t(p0);
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  return {c[0], c[1], c[2], c[3]};
}

/// A word as a float in [0, 1), as Triton converts it.
float uniform(uint32_t word) {
  int32_t x;
  std::memcpy(&x, &word, 4);
  if (x < 0)
    x = -(x + 1);
  return float(x) * 4.6566127342e-10f;
}

CaseInfo infoFor(const rt::Kernel &kernel, const std::string &variant,
                 const std::string &kernelName, const std::string &shape) {
  CaseInfo info;
  info.kernel = kernelName;
  info.shape = shape;
  info.id = variant + "_" + shape;
  info.variant = variant;
  info.block = kernel.manifest().requireConstexprInt("BLOCK");
  info.warps = kernel.manifest().numWarps;
  return info;
}

std::unique_ptr<KernelCase> words(const std::string &dir,
                                  const std::string &variant, int64_t n,
                                  int64_t seed, bool wideSeed) {
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, variant)));
  int64_t block = kernel->manifest().requireConstexprInt("BLOCK");
  int rounds = int(kernel->manifest().requireConstexprInt("ROUNDS"));
  auto out = std::make_shared<rt::DeviceBuffer>(4 * n * 4);
  auto launch = [=] {
    rt::Arg seedArg = wideSeed ? rt::Arg(int64_t(seed))
                               : rt::Arg(int32_t(seed));
    kernel->launch({(n + block - 1) / block},
                   {*out, static_cast<int32_t>(n), seedArg});
  };
  auto check = [=] {
    out->fill32(0);
    launch();
    rt::Context::current().synchronize();
    std::vector<uint32_t> got = out->toHost<uint32_t>(4 * n);
    CheckResult result;
    int64_t wrong = 0;
    for (int64_t i = 0; i < n; ++i) {
      std::array<uint32_t, 4> expected = philox(seed, uint32_t(i), rounds);
      for (int k = 0; k < 4; ++k)
        if (got[4 * i + k] != expected[k] && wrong++ == 0)
          result.fail(fmt::format("word {} of counter {} is {:08x}, "
                                  "expected {:08x}",
                                  k, i, got[4 * i + k], expected[k]));
    }
    result.errors.push_back({"wrong", double(wrong)});
    return result;
  };
  return std::make_unique<FunctionCase>(
      infoFor(*kernel, variant, "random_words",
              fmt::format("n={} seed={}", n, seed)),
      launch, check);
}

std::unique_ptr<KernelCase> floats(const std::string &dir, int64_t n,
                                   int32_t seed) {
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, "random_floats")));
  int64_t block = kernel->manifest().requireConstexprInt("BLOCK");
  auto u = std::make_shared<rt::DeviceBuffer>(n * 4);
  auto g = std::make_shared<rt::DeviceBuffer>(n * 4);
  auto launch = [=] {
    kernel->launch({(n + block - 1) / block},
                   {*u, *g, static_cast<int32_t>(n), seed});
  };
  auto check = [=] {
    u->fill32(0x7fc00000u);
    g->fill32(0x7fc00000u);
    launch();
    rt::Context::current().synchronize();
    std::vector<float> gotU = u->toHost<float>(n), gotG = g->toHost<float>(n);
    CheckResult result;
    int64_t wrong = 0;
    double worst = 0;
    for (int64_t i = 0; i < n; ++i) {
      std::array<uint32_t, 4> w = philox(seed, uint32_t(i), 10);
      float expectedU = uniform(w[0]);
      if (std::memcmp(&gotU[i], &expectedU, 4) != 0 && wrong++ == 0)
        result.fail(fmt::format("rand of counter {} is {:.9g}, expected "
                                "{:.9g}",
                                i, gotU[i], expectedU));
      double u1 = std::max(1.0e-7, double(expectedU));
      double expectedG = std::sqrt(-2.0 * std::log(u1)) *
                         std::cos(6.283185307179586 * double(uniform(w[1])));
      double error = std::fabs(double(gotG[i]) - expectedG);
      worst = std::max(worst, std::isnan(error) ? INFINITY : error);
    }
    if (!(worst <= 2e-3))
      result.fail(fmt::format("randn is {:.3g} away from the CPU's", worst));
    result.errors.push_back({"rand_wrong", double(wrong)});
    result.errors.push_back({"randn_max_abs_err", worst});
    return result;
  };
  return std::make_unique<FunctionCase>(
      infoFor(*kernel, "random_floats", "random_floats",
              fmt::format("n={} seed={}", n, seed)),
      launch, check);
}

std::unique_ptr<KernelCase> dropout(const std::string &dir, int64_t n,
                                    float p, int32_t seed) {
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, "random_seeded_dropout")));
  int64_t block = kernel->manifest().requireConstexprInt("BLOCK");
  std::vector<float> x = uniformFloats(n, -4.0f, 4.0f, 77);
  auto input = std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(x));
  auto out = std::make_shared<rt::DeviceBuffer>(n * 4);
  auto launch = [=] {
    kernel->launch({(n + block - 1) / block},
                   {*input, *out, static_cast<int32_t>(n), p, seed});
  };
  auto check = [=] {
    out->fill32(0x7fc00000u);
    launch();
    rt::Context::current().synchronize();
    std::vector<float> got = out->toHost<float>(n);
    CheckResult result;
    int64_t wrong = 0, kept = 0;
    for (int64_t i = 0; i < n; ++i) {
      bool keep = uniform(philox(seed, uint32_t(i), 10)[0]) > p;
      kept += keep;
      float expected = keep ? x[i] / (1.0f - p) : 0.0f;
      bool same = keep ? std::fabs(got[i] - expected) <=
                             std::fabs(expected) * 3.6e-7f
                       : got[i] == 0.0f;
      if (!same && wrong++ == 0)
        result.fail(fmt::format("out[{}] is {}, expected {} ({})", i, got[i],
                                expected, keep ? "kept" : "dropped"));
    }
    double keptShare = n ? double(kept) / double(n) : 0;
    result.errors.push_back({"wrong", double(wrong)});
    result.errors.push_back({"kept", keptShare});
    return result;
  };
  return std::make_unique<FunctionCase>(
      infoFor(*kernel, "random_seeded_dropout", "seeded_dropout",
              fmt::format("n={} p={}", n, p)),
      launch, check);
}

} // namespace

int main(int argc, char **argv) {
  // The CPU reference itself, against Random123's known answer.
  std::array<uint32_t, 4> known = philox(0, 0, 10);
  if (known != std::array<uint32_t, 4>{0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu,
                                       0x9b00dbd8u}) {
    fmt::print("FAIL: the CPU Philox does not give Random123's known "
               "answer\n");
    return 1;
  }
  return runGpuTest(
      argc, argv, "gpu-test-random",
      [&](const std::string &dir) {
        std::vector<CaseSpec> cases;
        for (auto [n, seed] : {std::pair<int64_t, int64_t>{1, 0},
                               {1000, 42},
                               {100003, -5}})
          cases.push_back({fmt::format("random_words n={} seed={}", n, seed),
                           [=] {
                             return words(dir, "random_words_r10", n, seed,
                                          false);
                           }});
        cases.push_back({"random_words_i64 n=4097 seed=0x123456789ab",
                         [=] {
                           return words(dir, "random_words_r7_i64", 4097,
                                        0x123456789abLL, true);
                         }});
        for (int64_t n : {1, 1 << 20})
          cases.push_back({fmt::format("random_floats n={}", n),
                           [=] { return floats(dir, n, 1234); }});
        for (auto [n, p] : {std::pair<int64_t, float>{1000, 0.5f},
                            {1 << 22, 0.1f}})
          cases.push_back({fmt::format("seeded_dropout n={} p={}", n, p),
                           [=] { return dropout(dir, n, p, 2026); }});
        return cases;
      },
      "random_words");
}
