//===- gpu_shapes_test.cpp - tl.trans on the GPU --------------------------===//
//
// transpose (test/gpu/kernels/shapes.py) must give exactly x transposed,
// masked at ragged edges; matmul_bt must give a @ b.T (b stored N x K) in
// fp32 from fp16 factors within 1e-3 relative to a float64 CPU product.
// swap_pairs (reshape, split, interleave, join) must swap each pair of
// elements and sum them, exactly.
// row_scans must give each row's cumulative sum and reversed cumulative
// product (to 1e-5 relative of float64 ones; the values keep the products
// near 1) and the first index of the row's maximum, exactly.
// Elements past the outputs must keep their poison. Exits 0 if all pass, 1
// if any fails, 77 (skip) without a CUDA driver or under the fake driver.
//   gpu-test-shapes [--kernels-dir DIR]
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "common/HostData.h"
#include "tilec/runtime/Runtime.h"

#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <tuple>

using namespace tilec;
using namespace tilec::examples;

namespace {

constexpr int64_t kGuard = 64;
constexpr uint32_t kPoison = 0x7fc00000u;

class TransposeCase final : public KernelCase {
public:
  TransposeCase(const std::string &dir, int64_t m, int64_t n)
      : kernel(rt::Kernel::load(manifestPath(dir, "shapes_transpose"))), m(m),
        n(n) {
    bm = kernel.manifest().requireConstexprInt("BM");
    bn = kernel.manifest().requireConstexprInt("BN");
    caseInfo.kernel = "transpose";
    caseInfo.shape = fmt::format("{}x{}", m, n);
    caseInfo.id = fmt::format("transpose_{}x{}", m, n);
    caseInfo.variant = "shapes_transpose";
    caseInfo.warps = kernel.manifest().numWarps;
    input = uniformFloats(size_t(m * n), -1.0f, 1.0f, uint64_t(m * 31 + n));
    x = rt::DeviceBuffer::fromHost(input);
    y = rt::DeviceBuffer(size_t(m * n + kGuard) * 4);
  }
  const CaseInfo &info() const override { return caseInfo; }
  void launch() override {
    kernel.launch({(m + bm - 1) / bm, (n + bn - 1) / bn},
                  {x, y, static_cast<int32_t>(m), static_cast<int32_t>(n)});
  }
  CheckResult check() override {
    y.fill32(kPoison);
    launch();
    rt::Context::current().synchronize();
    std::vector<float> got = y.toHost<float>(size_t(m * n + kGuard));
    CheckResult result;
    int64_t wrong = 0;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j)
        if (got[size_t(j * m + i)] != input[size_t(i * n + j)] && wrong++ == 0)
          result.fail(fmt::format("y[{}][{}] is {}, expected {}", j, i,
                                  got[size_t(j * m + i)],
                                  input[size_t(i * n + j)]));
    for (int64_t i = m * n; i < m * n + kGuard; ++i) {
      uint32_t bits;
      std::memcpy(&bits, &got[size_t(i)], 4);
      if (bits != kPoison) {
        result.fail("elements past y were written");
        break;
      }
    }
    result.errors.push_back({"wrong", double(wrong)});
    return result;
  }

private:
  rt::Kernel kernel;
  int64_t m, n, bm = 0, bn = 0;
  CaseInfo caseInfo;
  std::vector<float> input;
  rt::DeviceBuffer x, y;
};

class MatmulBtCase final : public KernelCase {
public:
  MatmulBtCase(const std::string &dir, int64_t m, int64_t n, int64_t k)
      : kernel(rt::Kernel::load(manifestPath(dir, "shapes_matmul_bt"))), m(m),
        n(n), k(k) {
    bm = kernel.manifest().requireConstexprInt("BM");
    bn = kernel.manifest().requireConstexprInt("BN");
    caseInfo.kernel = "matmul_bt";
    caseInfo.shape = fmt::format("{}x{}x{}", m, n, k);
    caseInfo.id = fmt::format("matmul_bt_{}x{}x{}", m, n, k);
    caseInfo.variant = "shapes_matmul_bt";
    caseInfo.warps = kernel.manifest().numWarps;
    for (auto [host, rows, seed] :
         {std::tuple{&a, m, uint64_t(1)}, std::tuple{&b, n, uint64_t(2)}}) {
      std::vector<float> v = uniformFloats(size_t(rows * k), -1.0f, 1.0f, seed);
      for (float f : v)
        host->push_back(fp16Bits(f));
    }
    da = rt::DeviceBuffer::fromHost(a);
    db = rt::DeviceBuffer::fromHost(b);
    dc = rt::DeviceBuffer(size_t(m * n + kGuard) * 4);
  }
  const CaseInfo &info() const override { return caseInfo; }
  void launch() override {
    kernel.launch({(m + bm - 1) / bm, (n + bn - 1) / bn},
                  {da, db, dc, static_cast<int32_t>(m),
                   static_cast<int32_t>(n), static_cast<int32_t>(k)});
  }
  CheckResult check() override {
    dc.fill32(kPoison);
    launch();
    rt::Context::current().synchronize();
    std::vector<float> got = dc.toHost<float>(size_t(m * n + kGuard));
    CheckResult result;
    double worst = 0;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double sum = 0, magnitude = 0;
        for (int64_t t = 0; t < k; ++t) {
          double p = fp16Value(a[size_t(i * k + t)]) *
                     fp16Value(b[size_t(j * k + t)]);
          sum += p;
          magnitude += std::fabs(p);
        }
        double error = std::fabs(got[size_t(i * n + j)] - sum) /
                       std::max(1.0, magnitude);
        if (!(error <= 1e-3) && worst <= 1e-3)
          result.fail(fmt::format("c[{}][{}] is {}, expected {}", i, j,
                                  got[size_t(i * n + j)], sum));
        worst = std::max(worst, std::isnan(error) ? INFINITY : error);
      }
    for (int64_t i = m * n; i < m * n + kGuard; ++i) {
      uint32_t bits;
      std::memcpy(&bits, &got[size_t(i)], 4);
      if (bits != kPoison) {
        result.fail("elements past c were written");
        break;
      }
    }
    result.errors.push_back({"max_rel_err", worst});
    return result;
  }

private:
  rt::Kernel kernel;
  int64_t m, n, k, bm = 0, bn = 0;
  CaseInfo caseInfo;
  std::vector<uint16_t> a, b;
  rt::DeviceBuffer da, db, dc;
};

class RowScansCase final : public KernelCase {
public:
  RowScansCase(const std::string &dir, const std::string &variant,
               int64_t rows, int64_t cols)
      : kernel(rt::Kernel::load(manifestPath(dir, variant))), rows(rows),
        cols(cols) {
    caseInfo.kernel = "row_scans";
    caseInfo.shape = fmt::format("{}x{}", rows, cols);
    caseInfo.id = fmt::format("row_scans_{}x{}", rows, cols);
    caseInfo.variant = variant;
    caseInfo.block = kernel.manifest().requireConstexprInt("BLOCK");
    caseInfo.warps = kernel.manifest().numWarps;
    // Near 1, so that products of thousands stay finite; a few repeated
    // maxima so that the first index matters.
    input = uniformFloats(size_t(rows * cols), 0.999f, 1.001f, 9);
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = cols / 3; c < cols; c += cols / 3 + 1)
        input[size_t(r * cols + c)] = 1.5f;
    x = rt::DeviceBuffer::fromHost(input);
    sums = rt::DeviceBuffer(size_t(rows * cols + kGuard) * 4);
    prods = rt::DeviceBuffer(size_t(rows * cols + kGuard) * 4);
    args = rt::DeviceBuffer(size_t(rows + kGuard) * 4);
  }
  const CaseInfo &info() const override { return caseInfo; }
  void launch() override {
    kernel.launch({rows}, {x, sums, prods, args, static_cast<int32_t>(cols)});
  }
  CheckResult check() override {
    for (rt::DeviceBuffer *b : {&sums, &prods, &args})
      b->fill32(kPoison);
    launch();
    rt::Context::current().synchronize();
    std::vector<float> s = sums.toHost<float>(size_t(rows * cols + kGuard));
    std::vector<float> p = prods.toHost<float>(size_t(rows * cols + kGuard));
    std::vector<int32_t> a = args.toHost<int32_t>(size_t(rows + kGuard));
    CheckResult result;
    double worst = 0;
    for (int64_t r = 0; r < rows; ++r) {
      const float *row = &input[size_t(r * cols)];
      double sum = 0;
      for (int64_t c = 0; c < cols; ++c) {
        sum += row[c];
        double error = std::fabs(s[size_t(r * cols + c)] - sum) / sum;
        if (!(error <= 1e-5) && worst <= 1e-5)
          result.fail(fmt::format("cumsum[{}][{}] is {}, expected {}", r, c,
                                  s[size_t(r * cols + c)], sum));
        worst = std::max(worst, std::isnan(error) ? INFINITY : error);
      }
      double prod = 1;
      for (int64_t c = cols - 1; c >= 0; --c) {
        prod *= row[c];
        double error = std::fabs(p[size_t(r * cols + c)] - prod) / prod;
        if (!(error <= 1e-5) && worst <= 1e-5)
          result.fail(fmt::format("cumprod[{}][{}] is {}, expected {}", r, c,
                                  p[size_t(r * cols + c)], prod));
        worst = std::max(worst, std::isnan(error) ? INFINITY : error);
      }
      int64_t best = 0;
      for (int64_t c = 1; c < cols; ++c)
        if (row[c] > row[best])
          best = c;
      if (a[size_t(r)] != best)
        result.fail(fmt::format("argmax of row {} is {}, expected {}", r,
                                a[size_t(r)], best));
    }
    for (int64_t i = rows; i < rows + kGuard; ++i)
      if (uint32_t(a[size_t(i)]) != kPoison) {
        result.fail("elements past the argmax output were written");
        break;
      }
    result.errors.push_back({"max_rel_err", worst});
    return result;
  }

private:
  rt::Kernel kernel;
  int64_t rows, cols;
  CaseInfo caseInfo;
  std::vector<float> input;
  rt::DeviceBuffer x, sums, prods, args;
};

class SwapPairsCase final : public KernelCase {
public:
  SwapPairsCase(const std::string &dir, int64_t programs)
      : kernel(rt::Kernel::load(manifestPath(dir, "shapes_swap_pairs"))),
        programs(programs) {
    block = kernel.manifest().requireConstexprInt("BLOCK");
    caseInfo.kernel = "swap_pairs";
    caseInfo.shape = fmt::format("{}x{}", programs, block);
    caseInfo.id = fmt::format("swap_pairs_{}", programs);
    caseInfo.variant = "shapes_swap_pairs";
    caseInfo.block = block;
    caseInfo.warps = kernel.manifest().numWarps;
    n = programs * block;
    input = uniformFloats(size_t(n), -10.0f, 10.0f, 17);
    x = rt::DeviceBuffer::fromHost(input);
    y = rt::DeviceBuffer(size_t(n + kGuard) * 4);
    z = rt::DeviceBuffer(size_t(n / 2 + kGuard) * 4);
  }
  const CaseInfo &info() const override { return caseInfo; }
  void launch() override { kernel.launch({programs}, {x, y, z}); }
  CheckResult check() override {
    y.fill32(kPoison);
    z.fill32(kPoison);
    launch();
    rt::Context::current().synchronize();
    std::vector<float> gy = y.toHost<float>(size_t(n + kGuard));
    std::vector<float> gz = z.toHost<float>(size_t(n / 2 + kGuard));
    CheckResult result;
    int64_t wrong = 0;
    for (int64_t i = 0; i < n; ++i)
      if (gy[size_t(i)] != input[size_t(i ^ 1)] && wrong++ == 0)
        result.fail(fmt::format("y[{}] is {}, expected {}", i, gy[size_t(i)],
                                input[size_t(i ^ 1)]));
    for (int64_t i = 0; i < n / 2; ++i) {
      float expected = input[size_t(2 * i)] + input[size_t(2 * i + 1)];
      if (gz[size_t(i)] != expected && wrong++ == 0)
        result.fail(fmt::format("z[{}] is {}, expected {}", i, gz[size_t(i)],
                                expected));
    }
    uint32_t bits;
    std::memcpy(&bits, &gy[size_t(n)], 4);
    if (bits != kPoison)
      result.fail("elements past y were written");
    result.errors.push_back({"wrong", double(wrong)});
    return result;
  }

private:
  rt::Kernel kernel;
  int64_t programs, block = 0, n = 0;
  CaseInfo caseInfo;
  std::vector<float> input;
  rt::DeviceBuffer x, y, z;
};

} // namespace

int main(int argc, char **argv) {
  return runGpuTest(
      argc, argv, "gpu-test-shapes",
      [&](const std::string &dir) {
        std::vector<CaseSpec> cases;
        for (auto [m, n] : {std::pair<int64_t, int64_t>{1, 1},
                            {64, 64},
                            {100, 37},
                            {1000, 777}})
          cases.push_back({fmt::format("transpose {}x{}", m, n), [=] {
                             return std::make_unique<TransposeCase>(dir, m, n);
                           }});
        for (auto [m, n, k] : {std::tuple<int64_t, int64_t, int64_t>{64, 64, 32},
                               {100, 70, 48},
                               {512, 384, 256}})
          cases.push_back({fmt::format("matmul_bt {}x{}x{}", m, n, k), [=] {
                             return std::make_unique<MatmulBtCase>(dir, m, n,
                                                                   k);
                           }});
        for (auto [variant, rows, cols] :
             {std::tuple<const char *, int64_t, int64_t>{"shapes_row_scans_b64", 3, 50},
              {"shapes_row_scans_b64", 100, 64},
              {"shapes_row_scans_b4096", 7, 4096},
              {"shapes_row_scans_b4096", 20, 3001}})
          cases.push_back({fmt::format("{} {}x{}", variant, rows, cols), [=] {
                             return std::make_unique<RowScansCase>(
                                 dir, variant, rows, cols);
                           }});
        for (int64_t programs : {1, 37})
          cases.push_back({fmt::format("swap_pairs programs={}", programs),
                           [=] {
                             return std::make_unique<SwapPairsCase>(dir,
                                                                    programs);
                           }});
        return cases;
      },
      "transpose");
}
