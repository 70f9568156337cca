//===- gpu_atomics_test.cpp - atomics on the GPU --------------------------===//
//
// Runs the kernels of test/gpu/kernels/atomics.py and checks each exactly
// against the CPU:
//   - histogram: block atomic adds with a mask give the exact bin counts;
//   - tickets: the old values each counter hands out are a permutation of
//     0..k-1 (the old values reach every thread holding the element);
//   - float_extrema: scalar max/min over mixed signs (and -0.0), and an
//     element-wise max whose old values are the previous contents;
//   - locked_accumulate: a spin lock (atomic_cas / atomic_xchg by one thread
//     for the program) makes plain loads and stores of every program's row
//     add up exactly (small integers in fp32);
//   - claims: exactly one program per slot sees it empty, and the slot holds
//     that program's id; the others see that id;
//   - bits64: or/xor/and/add on 64-bit words;
//   - half_adds: fp16 and bf16 adds of 1.0, exact below 256.
// Exits 0 if all pass, 1 if any fails, 77 (skip) without a CUDA driver or
// under the fake driver.
//   gpu-test-atomics [--kernels-dir DIR]
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "common/HostData.h"
#include "tilec/runtime/Runtime.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>

using namespace tilec;
using namespace tilec::examples;

namespace {

CaseInfo infoFor(const rt::Kernel &kernel, const std::string &name,
                 const std::string &shape) {
  CaseInfo info;
  info.kernel = name;
  info.shape = shape;
  info.id = name + "_" + shape;
  info.variant = "atomics_" + name;
  info.warps = kernel.manifest().numWarps;
  return info;
}

void sync() { rt::Context::current().synchronize(); }

/// Fails `result` on the first of at most 3 mismatches, counting them all.
template <typename T>
int64_t compare(CheckResult &result, const std::string &what,
                const std::vector<T> &got, const std::vector<T> &expected) {
  int64_t wrong = 0;
  for (size_t i = 0; i < expected.size(); ++i)
    if (!(got[i] == expected[i]) && wrong++ == 0)
      result.fail(fmt::format("{}[{}] is {}, expected {}", what, i, got[i],
                              expected[i]));
  return wrong;
}

std::unique_ptr<KernelCase> histogram(const std::string &dir, int64_t n) {
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, "atomics_histogram")));
  int64_t block = kernel->manifest().requireConstexprInt("BLOCK");
  std::vector<int32_t> x(n);
  std::vector<float> u = uniformFloats(n, 0.0f, 1.0f, 11);
  for (int64_t i = 0; i < n; ++i)
    x[i] = int32_t(u[i] * u[i] * 255.99f); // skewed: many collisions
  auto input = std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(x));
  auto bins = std::make_shared<rt::DeviceBuffer>(256 * 4);
  auto launch = [=] {
    kernel->launch({(n + block - 1) / block},
                   {*input, *bins, static_cast<int32_t>(n)});
  };
  auto check = [=] {
    bins->fill32(0);
    launch();
    sync();
    std::vector<int32_t> expected(256, 0);
    for (int32_t v : x)
      ++expected[v];
    CheckResult result;
    int64_t wrong = compare(result, "bins", bins->toHost<int32_t>(256), expected);
    result.errors.push_back({"wrong", double(wrong)});
    return result;
  };
  return std::make_unique<FunctionCase>(infoFor(*kernel, "histogram",
                                          fmt::format("n={}", n)),
                                  launch, check);
}

std::unique_ptr<KernelCase> tickets(const std::string &dir, int64_t n) {
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, "atomics_tickets")));
  int64_t block = kernel->manifest().requireConstexprInt("BLOCK");
  int64_t slots = kernel->manifest().requireConstexprInt("SLOTS");
  auto counters = std::make_shared<rt::DeviceBuffer>(slots * 4);
  auto out = std::make_shared<rt::DeviceBuffer>(n * 4);
  auto launch = [=] {
    kernel->launch({(n + block - 1) / block},
                   {*counters, *out, static_cast<int32_t>(n)});
  };
  auto check = [=] {
    counters->fill32(0);
    out->fill32(0xffffffffu);
    launch();
    sync();
    std::vector<int32_t> got = out->toHost<int32_t>(n);
    std::vector<int32_t> finals = counters->toHost<int32_t>(slots);
    CheckResult result;
    for (int64_t s = 0; s < slots; ++s) {
      std::vector<int32_t> seen;
      for (int64_t i = s; i < n; i += slots)
        seen.push_back(got[i]);
      std::sort(seen.begin(), seen.end());
      for (size_t k = 0; k < seen.size(); ++k)
        if (seen[k] != int32_t(k)) {
          result.fail(fmt::format("counter {} handed out {} as its {}th "
                                  "smallest ticket",
                                  s, seen[k], k));
          break;
        }
      if (finals[s] != int32_t(seen.size()))
        result.fail(fmt::format("counter {} ends at {}, expected {}", s,
                                finals[s], seen.size()));
    }
    return result;
  };
  return std::make_unique<FunctionCase>(infoFor(*kernel, "tickets",
                                          fmt::format("n={}", n)),
                                  launch, check);
}

std::unique_ptr<KernelCase> floatExtrema(const std::string &dir, int64_t n) {
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, "atomics_float_extrema")));
  int64_t block = kernel->manifest().requireConstexprInt("BLOCK");
  std::vector<float> x = uniformFloats(n, -100.0f, 100.0f, 21);
  std::vector<float> before = uniformFloats(n, -100.0f, 100.0f, 22);
  for (int64_t i = 0; i < n; i += 97)
    x[i] = -0.0f;
  for (int64_t i = 0; i < n; i += 89)
    before[i] = 0.0f;
  auto input = std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(x));
  auto scalars = std::make_shared<rt::DeviceBuffer>(16);
  auto emax = std::make_shared<rt::DeviceBuffer>(n * 4);
  auto old = std::make_shared<rt::DeviceBuffer>(n * 4);
  auto launch = [=] {
    rt::DevicePtr base = scalars->ptr();
    kernel->launch({(n + block - 1) / block},
                   {*input, base, base + 4, *emax, *old,
                    static_cast<int32_t>(n)});
  };
  auto check = [=] {
    std::vector<float> init = {-INFINITY, INFINITY, 0, 0};
    scalars->copyFromHost(init.data(), 16);
    emax->copyFromHost(before.data(), n * 4);
    launch();
    sync();
    std::vector<float> s = scalars->toHost<float>(2);
    CheckResult result;
    float mx = *std::max_element(x.begin(), x.end());
    float mn = *std::min_element(x.begin(), x.end());
    if (s[0] != mx)
      result.fail(fmt::format("max is {}, expected {}", s[0], mx));
    if (s[1] != mn)
      result.fail(fmt::format("min is {}, expected {}", s[1], mn));
    std::vector<float> expected(n);
    for (int64_t i = 0; i < n; ++i)
      expected[i] = std::max(before[i], x[i]);
    // -0.0 against +0.0 (or -0.0): either bit pattern compares equal.
    int64_t wrong = compare(result, "emax", emax->toHost<float>(n), expected);
    wrong += compare(result, "old", old->toHost<float>(n), before);
    result.errors.push_back({"wrong", double(wrong)});
    return result;
  };
  return std::make_unique<FunctionCase>(
      infoFor(*kernel, "float_extrema", fmt::format("n={}", n)), launch, check);
}

std::unique_ptr<KernelCase> lockedAccumulate(const std::string &dir,
                                             int64_t programs, int64_t n) {
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, "atomics_locked_accumulate")));
  std::vector<float> x(programs * n);
  for (int64_t i = 0; i < programs * n; ++i)
    x[i] = float((i * 7919) % 17) - 8.0f;
  auto input = std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(x));
  auto lock = std::make_shared<rt::DeviceBuffer>(8);
  auto acc = std::make_shared<rt::DeviceBuffer>(n * 4);
  auto launch = [=] {
    rt::DevicePtr base = lock->ptr();
    kernel->launch({programs}, {base, *input, *acc, base + 4,
                                static_cast<int32_t>(n)});
  };
  auto check = [=] {
    lock->fill32(0);
    acc->fill32(0x7fc00000u); // NaN: a program that skipped count 0 shows
    launch();
    sync();
    std::vector<float> expected(n, 0.0f);
    for (int64_t p = 0; p < programs; ++p)
      for (int64_t i = 0; i < n; ++i)
        expected[i] += x[p * n + i];
    CheckResult result;
    int64_t wrong = compare(result, "acc", acc->toHost<float>(n), expected);
    std::vector<int32_t> state = lock->toHost<int32_t>(2);
    if (state[0] != 0)
      result.fail(fmt::format("the lock is left at {}", state[0]));
    if (state[1] != programs)
      result.fail(fmt::format("{} programs took the lock, expected {}",
                              state[1], programs));
    result.errors.push_back({"wrong", double(wrong)});
    return result;
  };
  return std::make_unique<FunctionCase>(
      infoFor(*kernel, "locked_accumulate",
              fmt::format("{}x{}", programs, n)),
      launch, check);
}

std::unique_ptr<KernelCase> claims(const std::string &dir, int64_t programs) {
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, "atomics_claims")));
  int64_t slots = kernel->manifest().requireConstexprInt("SLOTS");
  auto table = std::make_shared<rt::DeviceBuffer>(slots * 4);
  auto got = std::make_shared<rt::DeviceBuffer>(programs * 4);
  auto launch = [=] { kernel->launch({programs}, {*table, *got}); };
  auto check = [=] {
    table->fill32(0xffffffffu);
    launch();
    sync();
    std::vector<int32_t> owners = table->toHost<int32_t>(slots);
    std::vector<int32_t> seen = got->toHost<int32_t>(programs);
    CheckResult result;
    for (int64_t s = 0; s < slots && s < programs; ++s) {
      int64_t empties = 0;
      for (int64_t p = s; p < programs; p += slots) {
        if (seen[p] == -1) {
          ++empties;
          if (owners[s] != p)
            result.fail(fmt::format("program {} claimed slot {} but it "
                                    "holds {}",
                                    p, s, owners[s]));
        } else if (seen[p] != owners[s]) {
          result.fail(fmt::format("program {} saw {} in slot {}, which "
                                  "holds {}",
                                  p, seen[p], s, owners[s]));
        }
      }
      if (empties != 1)
        result.fail(fmt::format("{} programs saw slot {} empty", empties, s));
    }
    return result;
  };
  return std::make_unique<FunctionCase>(
      infoFor(*kernel, "claims", fmt::format("programs={}", programs)), launch,
      check);
}

std::unique_ptr<KernelCase> bits64(const std::string &dir, int64_t programs) {
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, "atomics_bits64")));
  auto words = std::make_shared<rt::DeviceBuffer>(32);
  auto launch = [=] { kernel->launch({programs}, {*words}); };
  auto check = [=] {
    std::vector<uint64_t> init = {0, 0, ~uint64_t(0), 0};
    words->copyFromHost(init.data(), 32);
    launch();
    sync();
    std::vector<uint64_t> expected = init;
    for (int64_t p = 0; p < programs; ++p) {
      uint64_t bit = uint64_t(1) << (p % 64);
      expected[0] |= bit;
      expected[1] ^= bit;
      expected[2] &= ~bit;
      expected[3] += (uint64_t(1) << 40) + uint64_t(p);
    }
    CheckResult result;
    compare(result, "word", words->toHost<uint64_t>(4), expected);
    return result;
  };
  return std::make_unique<FunctionCase>(
      infoFor(*kernel, "bits64", fmt::format("programs={}", programs)), launch,
      check);
}

std::unique_ptr<KernelCase> halfAdds(const std::string &dir, int64_t n) {
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, "atomics_half_adds")));
  int64_t block = kernel->manifest().requireConstexprInt("BLOCK");
  auto halves = std::make_shared<rt::DeviceBuffer>(8);
  auto bfloats = std::make_shared<rt::DeviceBuffer>(8);
  auto launch = [=] {
    kernel->launch({(n + block - 1) / block},
                   {*halves, *bfloats, static_cast<int32_t>(n)});
  };
  auto check = [=] {
    halves->fill32(0);
    bfloats->fill32(0);
    launch();
    sync();
    std::vector<uint16_t> h = halves->toHost<uint16_t>(4);
    std::vector<uint16_t> b = bfloats->toHost<uint16_t>(4);
    CheckResult result;
    for (int64_t k = 0; k < 4; ++k) {
      double count = double((n - k + 3) / 4);
      if (fp16Value(h[k]) != count)
        result.fail(fmt::format("fp16 h[{}] is {}, expected {}", k,
                                fp16Value(h[k]), count));
      if (bf16Value(b[k]) != count)
        result.fail(fmt::format("bf16 b[{}] is {}, expected {}", k,
                                bf16Value(b[k]), count));
    }
    return result;
  };
  return std::make_unique<FunctionCase>(
      infoFor(*kernel, "half_adds", fmt::format("n={}", n)), launch, check);
}

} // namespace

int main(int argc, char **argv) {
  return runGpuTest(
      argc, argv, "gpu-test-atomics",
      [&](const std::string &dir) {
        std::vector<CaseSpec> cases;
        for (int64_t n : {1, 1000, 1 << 20})
          cases.push_back({fmt::format("histogram n={}", n),
                           [=] { return histogram(dir, n); }});
        for (int64_t n : {5, 4096, 100003})
          cases.push_back({fmt::format("tickets n={}", n),
                           [=] { return tickets(dir, n); }});
        for (int64_t n : {1, 777, 200000})
          cases.push_back({fmt::format("float_extrema n={}", n),
                           [=] { return floatExtrema(dir, n); }});
        for (auto [programs, n] :
             {std::pair<int64_t, int64_t>{1, 10}, {64, 256}, {1000, 200}})
          cases.push_back({fmt::format("locked_accumulate {}x{}", programs, n),
                           [=] { return lockedAccumulate(dir, programs, n); }});
        for (int64_t programs : {1, 16, 5000})
          cases.push_back({fmt::format("claims programs={}", programs),
                           [=] { return claims(dir, programs); }});
        for (int64_t programs : {1, 63, 1000})
          cases.push_back({fmt::format("bits64 programs={}", programs),
                           [=] { return bits64(dir, programs); }});
        for (int64_t n : {1, 255, 1000})
          cases.push_back({fmt::format("half_adds n={}", n),
                           [=] { return halfAdds(dir, n); }});
        return cases;
      },
      "histogram");
}
