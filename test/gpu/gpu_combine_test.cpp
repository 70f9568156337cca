//===- gpu_combine_test.cpp - combine and map regions on the GPU ----------===//
//
// The kernels of test/gpu/kernels/combine.py against CPU references:
//   row_argmax       each row's maximum and its first column, exactly;
//   col_prod         the product down each column (values near 1), to 1e-5
//                    relative of a float64 one;
//   running_max      the running maximum within each block, exactly;
//   col_running_max  the running maximum down each column, exactly;
//   row_affine       the composition of affine maps along each row, forward
//                    and reverse (the order matters), to 1e-4 relative;
//   row_xor          each row's xor, exactly;
//   map_selu         tl.map_elementwise: x where x > 0 else
//                    alpha[row] * (exp(x) - 1), to 1e-5 of a float64 one,
//                    and the branch taken (1 or 0), exactly.
// Sizes are ragged (masked) where the kernel allows it. Elements past the
// outputs must keep their poison. Exits 0 if all pass, 1 if any fails, 77
// (skip) without a CUDA driver or under the fake driver.
//   gpu-test-combine [--kernels-dir DIR]
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "common/HostData.h"
#include "tilec/runtime/Runtime.h"

#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <tuple>

using namespace tilec;
using namespace tilec::examples;

namespace {

constexpr int64_t kGuard = 64;
constexpr uint32_t kPoison = 0x7fc00000u;

/// Whether the kGuard words after the first `n` of `words` kept the poison.
template <typename T> bool guardKept(const std::vector<T> &words, int64_t n) {
  for (int64_t i = n; i < n + kGuard; ++i) {
    uint32_t bits;
    std::memcpy(&bits, &words[size_t(i)], 4);
    if (bits != kPoison)
      return false;
  }
  return true;
}

CaseInfo makeInfo(rt::Kernel &kernel, const std::string &name,
                  const std::string &variant, const std::string &shape) {
  CaseInfo info;
  info.kernel = name;
  info.shape = shape;
  info.id = fmt::format("{}_{}", variant, shape);
  info.variant = variant;
  info.warps = kernel.manifest().numWarps;
  return info;
}

std::unique_ptr<KernelCase> rowArgmax(const std::string &dir,
                                      const std::string &variant, int64_t rows,
                                      int64_t cols) {
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, variant)));
  int64_t bm = kernel->manifest().requireConstexprInt("BM");
  auto input = std::make_shared<std::vector<float>>(
      uniformFloats(size_t(rows * cols), -1.0f, 1.0f, uint64_t(rows + cols)));
  // Repeated maxima: the first column must win.
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = r % 3; c < cols; c += cols / 2 + 1)
      (*input)[size_t(r * cols + c)] = 2.0f;
  auto x =
      std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(*input));
  auto vals = std::make_shared<rt::DeviceBuffer>(size_t(rows + kGuard) * 4);
  auto idxs = std::make_shared<rt::DeviceBuffer>(size_t(rows + kGuard) * 4);
  auto launch = [=] {
    kernel->launch({(rows + bm - 1) / bm},
                   {*x, *vals, *idxs, int32_t(rows), int32_t(cols)});
  };
  auto check = [=] {
    vals->fill32(kPoison);
    idxs->fill32(kPoison);
    launch();
    rt::Context::current().synchronize();
    std::vector<float> v = vals->toHost<float>(size_t(rows + kGuard));
    std::vector<int32_t> i = idxs->toHost<int32_t>(size_t(rows + kGuard));
    CheckResult result;
    int64_t wrong = 0;
    for (int64_t r = 0; r < rows; ++r) {
      const float *row = &(*input)[size_t(r * cols)];
      int64_t best = 0;
      for (int64_t c = 1; c < cols; ++c)
        if (row[c] > row[best])
          best = c;
      if ((v[size_t(r)] != row[best] || i[size_t(r)] != best) && wrong++ == 0)
        result.fail(fmt::format("row {}: ({}, {}), expected ({}, {})", r,
                                v[size_t(r)], i[size_t(r)], row[best], best));
    }
    if (!guardKept(v, rows) || !guardKept(i, rows))
      result.fail("elements past the outputs were written");
    result.errors.push_back({"wrong", double(wrong)});
    return result;
  };
  return std::make_unique<FunctionCase>(
      makeInfo(*kernel, "row_argmax", variant,
               fmt::format("{}x{}", rows, cols)),
      launch, check);
}

std::unique_ptr<KernelCase> colProd(const std::string &dir, int64_t rows,
                                    int64_t cols) {
  std::string variant = "combine_col_prod_b256x8";
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, variant)));
  int64_t bn = kernel->manifest().requireConstexprInt("BN");
  auto input = std::make_shared<std::vector<float>>(
      uniformFloats(size_t(rows * cols), 0.99f, 1.01f, 5));
  auto x =
      std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(*input));
  auto y = std::make_shared<rt::DeviceBuffer>(size_t(cols + kGuard) * 4);
  auto launch = [=] {
    kernel->launch({(cols + bn - 1) / bn},
                   {*x, *y, int32_t(rows), int32_t(cols)});
  };
  auto check = [=] {
    y->fill32(kPoison);
    launch();
    rt::Context::current().synchronize();
    std::vector<float> got = y->toHost<float>(size_t(cols + kGuard));
    CheckResult result;
    double worst = 0;
    for (int64_t c = 0; c < cols; ++c) {
      double prod = 1;
      for (int64_t r = 0; r < rows; ++r)
        prod *= (*input)[size_t(r * cols + c)];
      double error = std::fabs(got[size_t(c)] - prod) / prod;
      if (!(error <= 1e-5) && worst <= 1e-5)
        result.fail(
            fmt::format("column {}: {}, expected {}", c, got[size_t(c)], prod));
      worst = std::max(worst, std::isnan(error) ? INFINITY : error);
    }
    if (!guardKept(got, cols))
      result.fail("elements past y were written");
    result.errors.push_back({"max_rel_err", worst});
    return result;
  };
  return std::make_unique<FunctionCase>(
      makeInfo(*kernel, "col_prod", variant, fmt::format("{}x{}", rows, cols)),
      launch, check);
}

/// running_max (1-D, blocks of BLOCK) or col_running_max (down columns).
std::unique_ptr<KernelCase> runningMax(const std::string &dir, bool columns,
                                       int64_t rows, int64_t cols) {
  std::string variant =
      columns ? "combine_col_running_max_b64x16" : "combine_running_max_b1024";
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, variant)));
  int64_t n = rows * cols;
  auto input = std::make_shared<std::vector<float>>(
      uniformFloats(size_t(n), -100.0f, 100.0f, uint64_t(n)));
  auto x =
      std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(*input));
  auto y = std::make_shared<rt::DeviceBuffer>(size_t(n + kGuard) * 4);
  int64_t block = columns ? kernel->manifest().requireConstexprInt("BN")
                          : kernel->manifest().requireConstexprInt("BLOCK");
  auto launch = [=] {
    if (columns)
      kernel->launch({(cols + block - 1) / block},
                     {*x, *y, int32_t(rows), int32_t(cols)});
    else
      kernel->launch({(n + block - 1) / block}, {*x, *y, int32_t(n)});
  };
  auto check = [=] {
    y->fill32(kPoison);
    launch();
    rt::Context::current().synchronize();
    std::vector<float> got = y->toHost<float>(size_t(n + kGuard));
    std::vector<float> expected(static_cast<size_t>(n));
    if (columns) {
      for (int64_t c = 0; c < cols; ++c)
        for (int64_t r = 0; r < rows; ++r) {
          size_t i = size_t(r * cols + c);
          expected[i] = r ? std::max(expected[i - size_t(cols)], (*input)[i])
                          : (*input)[i];
        }
    } else {
      for (int64_t i = 0; i < n; ++i)
        expected[size_t(i)] =
            i % block ? std::max(expected[size_t(i - 1)], (*input)[size_t(i)])
                      : (*input)[size_t(i)];
    }
    CheckResult result;
    int64_t wrong = 0;
    for (int64_t i = 0; i < n; ++i)
      if (got[size_t(i)] != expected[size_t(i)] && wrong++ == 0)
        result.fail(fmt::format("y[{}] is {}, expected {}", i, got[size_t(i)],
                                expected[size_t(i)]));
    if (!guardKept(got, n))
      result.fail("elements past y were written");
    result.errors.push_back({"wrong", double(wrong)});
    return result;
  };
  return std::make_unique<FunctionCase>(
      makeInfo(*kernel, columns ? "col_running_max" : "running_max", variant,
               fmt::format("{}x{}", rows, cols)),
      launch, check);
}

std::unique_ptr<KernelCase> rowAffine(const std::string &dir,
                                      const std::string &variant, bool reverse,
                                      int64_t rows, int64_t cols) {
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, variant)));
  int64_t n = rows * cols;
  // Positive offsets (no cancellation) and factors near 1 (no overflow).
  auto a = std::make_shared<std::vector<float>>(
      uniformFloats(size_t(n), 0.999f, 1.001f, 11));
  auto b = std::make_shared<std::vector<float>>(
      uniformFloats(size_t(n), 0.0f, 1.0f, 12));
  auto da = std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(*a));
  auto db = std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(*b));
  auto ya = std::make_shared<rt::DeviceBuffer>(size_t(n + kGuard) * 4);
  auto yb = std::make_shared<rt::DeviceBuffer>(size_t(n + kGuard) * 4);
  auto launch = [=] {
    kernel->launch({rows}, {*da, *db, *ya, *yb, int32_t(cols)});
  };
  auto check = [=] {
    ya->fill32(kPoison);
    yb->fill32(kPoison);
    launch();
    rt::Context::current().synchronize();
    std::vector<float> ga = ya->toHost<float>(size_t(n + kGuard));
    std::vector<float> gb = yb->toHost<float>(size_t(n + kGuard));
    CheckResult result;
    double worst = 0;
    auto compare = [&](const char *what, int64_t i, float got, double want) {
      double error = std::fabs(got - want) / std::max(1.0, std::fabs(want));
      if (!(error <= 1e-4) && worst <= 1e-4)
        result.fail(
            fmt::format("{}[{}] is {}, expected {}", what, i, got, want));
      worst = std::max(worst, std::isnan(error) ? INFINITY : error);
    };
    for (int64_t r = 0; r < rows; ++r) {
      // Forward: maps 0..c applied in order; reverse: maps c..cols-1.
      double sa = 1, sb = 0;
      for (int64_t k = 0; k < cols; ++k) {
        int64_t c = reverse ? cols - 1 - k : k;
        size_t i = size_t(r * cols + c);
        if (reverse) {
          sb = (*b)[i] * sa + sb;
          sa = (*a)[i] * sa;
        } else {
          sa = sa * (*a)[i];
          sb = sb * (*a)[i] + (*b)[i];
        }
        compare("a", int64_t(i), ga[i], sa);
        compare("b", int64_t(i), gb[i], sb);
      }
    }
    if (!guardKept(ga, n) || !guardKept(gb, n))
      result.fail("elements past the outputs were written");
    result.errors.push_back({"max_rel_err", worst});
    return result;
  };
  return std::make_unique<FunctionCase>(
      makeInfo(*kernel, "row_affine", variant,
               fmt::format("{}x{}", rows, cols)),
      launch, check);
}

std::unique_ptr<KernelCase> rowXor(const std::string &dir, int64_t rows,
                                   int64_t cols) {
  std::string variant = "combine_row_xor_b512";
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, variant)));
  auto input = std::make_shared<std::vector<int32_t>>(size_t(rows * cols));
  uint32_t state = 12345;
  for (int32_t &v : *input) {
    state = state * 1664525u + 1013904223u;
    v = int32_t(state);
  }
  auto x =
      std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(*input));
  auto y = std::make_shared<rt::DeviceBuffer>(size_t(rows + kGuard) * 4);
  auto launch = [=] { kernel->launch({rows}, {*x, *y, int32_t(cols)}); };
  auto check = [=] {
    y->fill32(kPoison);
    launch();
    rt::Context::current().synchronize();
    std::vector<int32_t> got = y->toHost<int32_t>(size_t(rows + kGuard));
    CheckResult result;
    int64_t wrong = 0;
    for (int64_t r = 0; r < rows; ++r) {
      int32_t expected = 0;
      for (int64_t c = 0; c < cols; ++c)
        expected ^= (*input)[size_t(r * cols + c)];
      if (got[size_t(r)] != expected && wrong++ == 0)
        result.fail(fmt::format("row {}: {}, expected {}", r, got[size_t(r)],
                                expected));
    }
    if (!guardKept(got, rows))
      result.fail("elements past y were written");
    result.errors.push_back({"wrong", double(wrong)});
    return result;
  };
  return std::make_unique<FunctionCase>(
      makeInfo(*kernel, "row_xor", variant, fmt::format("{}x{}", rows, cols)),
      launch, check);
}

std::unique_ptr<KernelCase> mapSelu(const std::string &dir, int64_t rows,
                                    int64_t cols) {
  std::string variant = "combine_map_selu_b16x64";
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, variant)));
  int64_t bm = kernel->manifest().requireConstexprInt("BM");
  int64_t bn = kernel->manifest().requireConstexprInt("BN");
  size_t n = size_t(rows * cols);
  auto input = std::make_shared<std::vector<float>>(
      uniformFloats(n, -4.0f, 4.0f, uint64_t(7 * rows + cols)));
  (*input)[0] = 0.0f; // the else side at exactly zero
  auto alpha = std::make_shared<std::vector<float>>(
      uniformFloats(size_t(rows), 0.5f, 2.0f, 11));
  auto x =
      std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(*input));
  auto a =
      std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(*alpha));
  auto y = std::make_shared<rt::DeviceBuffer>((n + kGuard) * 4);
  auto flags = std::make_shared<rt::DeviceBuffer>((n + kGuard) * 4);
  auto launch = [=] {
    kernel->launch({(rows + bm - 1) / bm, (cols + bn - 1) / bn},
                   {*x, *a, *y, *flags, int32_t(rows), int32_t(cols)});
  };
  auto check = [=] {
    y->fill32(kPoison);
    flags->fill32(kPoison);
    launch();
    rt::Context::current().synchronize();
    std::vector<float> got = y->toHost<float>(n + kGuard);
    std::vector<int32_t> flag = flags->toHost<int32_t>(n + kGuard);
    CheckResult result;
    double worst = 0;
    int64_t wrong = 0;
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c) {
        size_t i = size_t(r * cols + c);
        double v = (*input)[i];
        bool positive = v > 0;
        double expected =
            positive ? v : double((*alpha)[size_t(r)]) * (std::exp(v) - 1);
        double error = std::fabs(got[i] - expected) /
                       std::max(1.0, std::fabs(expected));
        if (!(error <= 1e-5) && worst <= 1e-5)
          result.fail(fmt::format("({}, {}): {}, expected {}", r, c, got[i],
                                  expected));
        worst = std::max(worst, std::isnan(error) ? INFINITY : error);
        if (flag[i] != int32_t(positive) && wrong++ == 0)
          result.fail(fmt::format("({}, {}): branch flag {}, expected {}", r,
                                  c, flag[i], int(positive)));
      }
    if (!guardKept(got, int64_t(n)) || !guardKept(flag, int64_t(n)))
      result.fail("elements past the outputs were written");
    result.errors.push_back({"max_err", worst});
    result.errors.push_back({"wrong_flags", double(wrong)});
    return result;
  };
  return std::make_unique<FunctionCase>(
      makeInfo(*kernel, "map_selu", variant, fmt::format("{}x{}", rows, cols)),
      launch, check);
}

} // namespace

int main(int argc, char **argv) {
  return runGpuTest(
      argc, argv, "gpu-test-combine",
      [&](const std::string &dir) {
        std::vector<CaseSpec> cases;
        auto add = [&](std::string name,
                       std::function<std::unique_ptr<KernelCase>()> build) {
          cases.push_back({std::move(name), std::move(build)});
        };
        for (auto [variant, rows, cols] :
             {std::tuple<const char *, int64_t, int64_t>{
                  "combine_row_argmax_b4x128", 4, 128},
              {"combine_row_argmax_b4x128", 37, 100},
              {"combine_row_argmax_b2x2048_w8", 5, 2048},
              {"combine_row_argmax_b2x2048_w8", 9, 1500}})
          add(fmt::format("{} {}x{}", variant, rows, cols),
              [=] { return rowArgmax(dir, variant, rows, cols); });
        for (auto [rows, cols] :
             {std::pair<int64_t, int64_t>{256, 8}, {200, 37}, {1, 5}})
          add(fmt::format("col_prod {}x{}", rows, cols),
              [=] { return colProd(dir, rows, cols); });
        for (auto [rows, cols] :
             {std::pair<int64_t, int64_t>{1, 1024}, {3, 1000}, {1, 5000}})
          add(fmt::format("running_max {}x{}", rows, cols),
              [=] { return runningMax(dir, false, rows, cols); });
        for (auto [rows, cols] :
             {std::pair<int64_t, int64_t>{64, 16}, {50, 37}})
          add(fmt::format("col_running_max {}x{}", rows, cols),
              [=] { return runningMax(dir, true, rows, cols); });
        for (auto [variant, reverse, rows, cols] :
             {std::tuple<const char *, bool, int64_t, int64_t>{
                  "combine_row_affine_b64", false, 3, 64},
              {"combine_row_affine_b64", false, 5, 50},
              {"combine_row_affine_b4096", false, 2, 4096},
              {"combine_row_affine_b4096", false, 3, 3001},
              {"combine_row_affine_b4096_rev", true, 2, 4096},
              {"combine_row_affine_b4096_rev", true, 3, 3001}})
          add(fmt::format("{} {}x{}", variant, rows, cols),
              [=] { return rowAffine(dir, variant, reverse, rows, cols); });
        for (auto [rows, cols] :
             {std::pair<int64_t, int64_t>{4, 512}, {7, 333}})
          add(fmt::format("row_xor {}x{}", rows, cols),
              [=] { return rowXor(dir, rows, cols); });
        for (auto [rows, cols] :
             {std::pair<int64_t, int64_t>{16, 64}, {37, 100}, {1, 1}})
          add(fmt::format("map_selu {}x{}", rows, cols),
              [=] { return mapSelu(dir, rows, cols); });
        return cases;
      },
      "row_argmax");
}
