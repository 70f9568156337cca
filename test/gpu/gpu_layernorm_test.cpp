//===- gpu_layernorm_test.cpp - layer norm forward and backward -----------===//
//
// Runs the kernels of test/gpu/kernels/layernorm.py (Triton tutorial idioms:
// one row a program, fp32 statistics, a backward pass whose dw and db are
// summed into GROUPS partial rows under spin locks, then reduced by a second
// kernel) and checks them against float64 references on the CPU:
//   - forward: y, and the mean and 1/std each row stores;
//   - backward: dx, dw and db (fp32 sums in an order the locks decide, so
//     within a bound on rounding over the terms summed).
// fp32 and fp16 rows, widths that are and are not multiples of 16.
// Exits 0 if all pass, 1 if any fails, 77 (skip) without a CUDA driver or
// under the fake driver.
//   gpu-test-layernorm [--kernels-dir DIR]
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "common/HostData.h"
#include "tilec/runtime/Runtime.h"

#include <fmt/format.h>

#include <cmath>
#include <functional>
#include <tuple>

using namespace tilec;
using namespace tilec::examples;

namespace {

constexpr double kEps = 1e-5;

/// Rows of one element type: the values the GPU reads, as doubles, and the
/// device buffer holding them.
struct Rows {
  std::vector<double> values;
  std::shared_ptr<rt::DeviceBuffer> buffer;
};

Rows makeRows(bool half, size_t n, double lo, double hi, uint64_t seed) {
  std::vector<float> u = uniformFloats(n, float(lo), float(hi), seed);
  Rows rows;
  rows.values.resize(n);
  if (half) {
    std::vector<uint16_t> bits(n);
    for (size_t i = 0; i < n; ++i) {
      bits[i] = fp16Bits(u[i]);
      rows.values[i] = fp16Value(bits[i]);
    }
    rows.buffer =
        std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(bits));
  } else {
    for (size_t i = 0; i < n; ++i)
      rows.values[i] = u[i];
    rows.buffer =
        std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(u));
  }
  return rows;
}

std::vector<double> readRows(const rt::DeviceBuffer &buffer, bool half,
                             size_t n) {
  std::vector<double> out(n);
  if (half) {
    std::vector<uint16_t> bits = buffer.toHost<uint16_t>(n);
    for (size_t i = 0; i < n; ++i)
      out[i] = fp16Value(bits[i]);
  } else {
    std::vector<float> values = buffer.toHost<float>(n);
    for (size_t i = 0; i < n; ++i)
      out[i] = values[i];
  }
  return out;
}

/// Float64 statistics of each row of x (m x n).
void rowStatistics(const std::vector<double> &x, int64_t m, int64_t n,
                   std::vector<double> &mean, std::vector<double> &rstd) {
  mean.assign(m, 0);
  rstd.assign(m, 0);
  for (int64_t r = 0; r < m; ++r) {
    double sum = 0, squares = 0;
    for (int64_t c = 0; c < n; ++c)
      sum += x[r * n + c];
    mean[r] = sum / n;
    for (int64_t c = 0; c < n; ++c)
      squares += (x[r * n + c] - mean[r]) * (x[r * n + c] - mean[r]);
    rstd[r] = 1.0 / std::sqrt(squares / n + kEps);
  }
}

/// Records the largest |got - want| / bound(i) and fails the result when it
/// passes 1 (the first offender named).
void within(CheckResult &result, const std::string &what,
            const std::vector<double> &got, const std::vector<double> &want,
            const std::function<double(size_t)> &bound) {
  double worst = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    double error = std::fabs(got[i] - want[i]) / bound(i);
    if (!(error <= 1.0))
      result.fail(fmt::format("{}[{}] is {}, expected {}", what, i, got[i],
                              want[i]));
    if (error > worst || std::isnan(error))
      worst = error;
  }
  result.errors.push_back({what + "_err_over_bound", worst});
}

/// The bound for a value of \p type rounded from an fp32 computation: a
/// unit in the last place of the type (fp16: 2^-10) at the value's size,
/// plus \p floor.
std::function<double(size_t)> roundedBound(bool half,
                                           const std::vector<double> &want,
                                           double floor) {
  double ulp = half ? std::ldexp(1.0, -10) : std::ldexp(1.0, -20);
  return [&want, ulp, floor](size_t i) {
    return ulp * std::fabs(want[i]) + floor;
  };
}

std::string typeName(bool half) { return half ? "fp16" : "fp32"; }

std::unique_ptr<KernelCase> forward(const std::string &dir, bool half,
                                    int64_t m, int64_t n,
                                    const std::string &variant) {
  auto kernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, variant)));
  Rows x = makeRows(half, m * n, -4.0, 1.0, 1);
  Rows w = makeRows(half, n, 0.0, 1.0, 2);
  Rows b = makeRows(half, n, 0.0, 1.0, 3);
  size_t elementBytes = half ? 2 : 4;
  auto y = std::make_shared<rt::DeviceBuffer>(m * n * elementBytes);
  auto mean = std::make_shared<rt::DeviceBuffer>(m * 4);
  auto rstd = std::make_shared<rt::DeviceBuffer>(m * 4);
  auto launch = [=] {
    kernel->launch({m}, {*x.buffer, *w.buffer, *b.buffer, *y, *mean, *rstd,
                         int32_t(n), int32_t(n), float(kEps)});
  };
  auto check = [=] {
    y->fill32(0x7fc00000u);
    launch();
    rt::Context::current().synchronize();
    std::vector<double> wantMean, wantRstd;
    rowStatistics(x.values, m, n, wantMean, wantRstd);
    std::vector<double> wantY(m * n);
    for (int64_t r = 0; r < m; ++r)
      for (int64_t c = 0; c < n; ++c)
        wantY[r * n + c] = (x.values[r * n + c] - wantMean[r]) * wantRstd[r] *
                               w.values[c] +
                           b.values[c];
    CheckResult result;
    std::vector<double> gotMean = readRows(*mean, false, m);
    std::vector<double> gotRstd = readRows(*rstd, false, m);
    // fp32 sums over n elements near -1.5: relative error well under 1e-5.
    within(result, "mean", gotMean, wantMean,
           [&](size_t i) { return 1e-5 * std::fabs(wantMean[i]) + 1e-6; });
    within(result, "rstd", gotRstd, wantRstd,
           [&](size_t i) { return 1e-5 * wantRstd[i]; });
    within(result, "y", readRows(*y, half, m * n), wantY,
           roundedBound(half, wantY, half ? 1e-3 : 2e-5));
    return result;
  };
  CaseInfo info;
  info.kernel = "layernorm_fwd";
  info.shape = fmt::format("{} {}x{}", typeName(half), m, n);
  info.id = fmt::format("layernorm_fwd_{}_{}x{}", typeName(half), m, n);
  info.variant = variant;
  info.warps = kernel->manifest().numWarps;
  info.bytes = 2 * m * n * elementBytes;
  return std::make_unique<FunctionCase>(info, launch, check);
}

std::unique_ptr<KernelCase> backward(const std::string &dir, bool half,
                                     int64_t m, int64_t n,
                                     const std::string &variant,
                                     const std::string &sumVariant) {
  auto dxKernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, variant)));
  auto sumKernel = std::make_shared<rt::Kernel>(
      rt::Kernel::load(manifestPath(dir, sumVariant)));
  int64_t groups = dxKernel->manifest().requireConstexprInt("GROUPS");
  int64_t columns = sumKernel->manifest().requireConstexprInt("COLS");
  Rows x = makeRows(half, m * n, -4.0, 1.0, 4);
  Rows dy = makeRows(half, m * n, -0.2, 0.2, 5);
  Rows w = makeRows(half, n, 0.0, 1.0, 6);
  std::vector<double> mean, rstd;
  rowStatistics(x.values, m, n, mean, rstd);
  // The kernel reads the statistics as fp32, as the forward pass stores them.
  std::vector<float> mean32(mean.begin(), mean.end());
  std::vector<float> rstd32(rstd.begin(), rstd.end());
  auto meanBuffer =
      std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(mean32));
  auto rstdBuffer =
      std::make_shared<rt::DeviceBuffer>(rt::DeviceBuffer::fromHost(rstd32));
  size_t elementBytes = half ? 2 : 4;
  auto dx = std::make_shared<rt::DeviceBuffer>(m * n * elementBytes);
  auto partialDw = std::make_shared<rt::DeviceBuffer>(groups * n * 4);
  auto partialDb = std::make_shared<rt::DeviceBuffer>(groups * n * 4);
  auto locks = std::make_shared<rt::DeviceBuffer>(2 * groups * 4);
  auto dw = std::make_shared<rt::DeviceBuffer>(n * 4);
  auto db = std::make_shared<rt::DeviceBuffer>(n * 4);
  auto launch = [=] {
    locks->fill32(0);
    dxKernel->launch({m}, {*dy.buffer, *x.buffer, *w.buffer, *meanBuffer,
                           *rstdBuffer, *dx, *partialDw, *partialDb, *locks,
                           int32_t(n), int32_t(n)});
    sumKernel->launch({(n + columns - 1) / columns},
                      {*partialDw, *partialDb, *dw, *db, int32_t(groups),
                       int32_t(n)});
  };
  auto check = [=] {
    dx->fill32(0x7fc00000u);
    dw->fill32(0x7fc00000u);
    db->fill32(0x7fc00000u);
    partialDw->fill32(0x7fc00000u); // every group's first row overwrites
    partialDb->fill32(0x7fc00000u);
    launch();
    rt::Context::current().synchronize();
    // The reference from the fp32 statistics the kernel reads.
    std::vector<double> wantDx(m * n), wantDw(n, 0), wantDb(n, 0),
        sizeDw(n, 0), sizeDb(n, 0);
    for (int64_t r = 0; r < m; ++r) {
      double mu = mean32[r], rs = rstd32[r];
      double c1 = 0, c2 = 0;
      for (int64_t c = 0; c < n; ++c) {
        double xhat = (x.values[r * n + c] - mu) * rs;
        double g = w.values[c] * dy.values[r * n + c];
        c1 += xhat * g;
        c2 += g;
      }
      c1 /= n;
      c2 /= n;
      for (int64_t c = 0; c < n; ++c) {
        double xhat = (x.values[r * n + c] - mu) * rs;
        double g = w.values[c] * dy.values[r * n + c];
        wantDx[r * n + c] = (g - (xhat * c1 + c2)) * rs;
        wantDw[c] += dy.values[r * n + c] * xhat;
        wantDb[c] += dy.values[r * n + c];
        sizeDw[c] += std::fabs(dy.values[r * n + c] * xhat);
        sizeDb[c] += std::fabs(dy.values[r * n + c]);
      }
    }
    CheckResult result;
    within(result, "dx", readRows(*dx, half, m * n), wantDx,
           roundedBound(half, wantDx, half ? 2e-4 : 1e-5));
    // fp32 sums of m terms in any order: a few units in the last place of
    // the sum of their magnitudes.
    within(result, "dw", readRows(*dw, false, n), wantDw,
           [&](size_t i) { return 1e-5 * sizeDw[i] + 1e-6; });
    within(result, "db", readRows(*db, false, n), wantDb,
           [&](size_t i) { return 1e-5 * sizeDb[i] + 1e-6; });
    return result;
  };
  CaseInfo info;
  info.kernel = "layernorm_bwd";
  info.shape = fmt::format("{} {}x{} groups={}", typeName(half), m, n, groups);
  info.id = fmt::format("layernorm_bwd_{}_{}x{}", typeName(half), m, n);
  info.variant = variant;
  info.warps = dxKernel->manifest().numWarps;
  info.bytes = 3 * m * n * elementBytes;
  return std::make_unique<FunctionCase>(info, launch, check);
}

} // namespace

int main(int argc, char **argv) {
  return runGpuTest(
      argc, argv, "gpu-test-layernorm",
      [&](const std::string &dir) {
        std::vector<CaseSpec> cases;
        auto add = [&](std::string label, std::function<std::unique_ptr<KernelCase>()> build) {
          cases.push_back({std::move(label), std::move(build)});
        };
        for (auto [half, m, n, variant] :
             std::vector<std::tuple<bool, int64_t, int64_t, std::string>>{
                 {false, 257, 1000, "f32_n1024"},
                 {false, 3, 1, "f32_n1024"},
                 {false, 64, 4096, "f32_n4096"},
                 {true, 300, 1000, "f16_n1024"},
                 {true, 129, 8192, "f16_n8192"}})
          add(fmt::format("layernorm_fwd {} {}x{}", typeName(half), m, n),
              [=] { return forward(dir, half, m, n, "layernorm_fwd_" + variant); });
        for (auto [half, m, n, variant] :
             std::vector<std::tuple<bool, int64_t, int64_t, std::string>>{
                 {true, 300, 1000, "f16_n1024"},
                 {false, 77, 513, "f32_n1024"},
                 {false, 100, 4096, "f32_n4096"},
                 {true, 1024, 8192, "f16_n8192"}})
          add(fmt::format("layernorm_bwd {} {}x{}", typeName(half), m, n),
              [=] {
                return backward(dir, half, m, n, "layernorm_bwd_dx_" + variant,
                                "layernorm_bwd_dwdb");
              });
        return cases;
      },
      "layernorm_fwd");
}
