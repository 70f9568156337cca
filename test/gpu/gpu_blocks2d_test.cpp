//===- gpu_blocks2d_test.cpp - 2-D blocks and reductions against float64 --===//
//
// row_block_stats (test/gpu/kernels/blocks2d.py) loads a BLOCK_M x BLOCK_N
// tile per program and reduces it along both axes:
//   out[r]                    = logsumexp of row r's first N values, the
//                               exp'd values rounded through fp16, r < M;
//   out[M + pid*BLOCK_N + c]  = sum of max(x, 0) over program pid's rows
//                               (those < M) in column c, c < N.
// Each variant (block shape, warps, the `i32:16` one) runs at several
// shapes: M not a multiple of BLOCK_M, N = BLOCK_N - 3, 1 and BLOCK_N,
// row strides beyond N whose padding holds 100.0 (a value any unmasked
// load would show). Outputs are NaN-poisoned first; every due element must
// be written, the masked-off ones (c >= N) and 256 guard elements past the
// end must not. Exits 0 if all pass, 1 if any fails, 77 (skip) without a
// CUDA driver or under the fake driver, which does not emulate this kernel.
//   gpu-test-blocks2d [--kernels-dir DIR]
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "common/HostData.h"
#include "tilec/runtime/Runtime.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace tilec;
using namespace tilec::examples;

namespace {

constexpr int64_t kGuardElements = 256;
constexpr float kPadding = 100.0f;

/// \p value rounded to the nearest fp16 value (ties to even), as a float.
float roundToHalf(float value) {
  if (!std::isfinite(value) || value == 0.0f)
    return value;
  double magnitude = std::fabs(value);
  if (magnitude >= 65520.0) // Rounds to infinity.
    return std::copysign(INFINITY, value);
  int exponent;
  std::frexp(magnitude, &exponent); // magnitude = f * 2^exponent, f in [0.5, 1)
  // fp16 keeps 11 significant bits down to 2^-14; below, a fixed 2^-24.
  int quantumExponent = std::max(exponent - 11, -24);
  double quantum = std::ldexp(1.0, quantumExponent);
  double rounded = std::nearbyint(magnitude / quantum) * quantum;
  return static_cast<float>(std::copysign(rounded, value));
}

class Blocks2dCase final : public KernelCase {
public:
  Blocks2dCase(const std::string &dir, const std::string &variant, int64_t m,
               int64_t n, int64_t stride, uint64_t seed)
      : kernel(rt::Kernel::load(manifestPath(dir, variant))), m(m), n(n),
        stride(stride) {
    if (m < 1 || n < 1 || stride < n)
      throw rt::Error("blocks2d needs M, N >= 1 and stride >= N");
    std::optional<int64_t> bm = kernel.manifest().constexprInt("BLOCK_M");
    std::optional<int64_t> bn = kernel.manifest().constexprInt("BLOCK_N");
    if (!bm || !bn || *bm < 1 || *bn < 1)
      throw rt::Error(variant + " binds no positive BLOCK_M and BLOCK_N");
    blockM = *bm;
    blockN = *bn;
    if (n > blockN)
      throw rt::Error(fmt::format("N = {} exceeds BLOCK_N = {}", n, blockN));
    grid = (m + blockM - 1) / blockM;
    outCount = m + grid * blockN;

    caseInfo.kernel = "blocks2d";
    caseInfo.shape = fmt::format("{}x{} stride={} tile={}x{} grid={}", m, n,
                                 stride, blockM, blockN, grid);
    caseInfo.id = fmt::format("blocks2d_{}x{}_s{}", m, n, stride);
    caseInfo.variant = variant;
    caseInfo.block = blockM * blockN;
    caseInfo.warps = kernel.manifest().numWarps;
    caseInfo.bytes = static_cast<uint64_t>(m * n + m + grid * n) * sizeof(float);

    // Exactly the rows' extent: the last row ends at its N-th value, so a
    // load past it is out of bounds (compute-sanitizer memcheck sees it).
    int64_t extent = (m - 1) * stride + n;
    std::vector<float> values = uniformFloats(extent, -4.0f, 4.0f, seed);
    input.assign(extent, kPadding);
    for (int64_t r = 0; r < m; ++r)
      for (int64_t c = 0; c < n; ++c)
        input[r * stride + c] = values[r * stride + c];
    x = rt::DeviceBuffer::fromHost(input);
    out = rt::DeviceBuffer((outCount + kGuardElements) * sizeof(float));
  }

  const CaseInfo &info() const override { return caseInfo; }

  void launch() override {
    kernel.launch({grid}, {x, out, static_cast<int32_t>(m),
                           static_cast<int32_t>(n),
                           static_cast<int32_t>(stride)});
  }

  CheckResult check() override {
    out.fill32(kPoisonBits);
    launch();
    rt::Context::current().synchronize();
    std::vector<float> got = out.toHost<float>(outCount + kGuardElements);
    CheckResult result;

    // Row logsumexp, the exp'd values rounded through fp16 as the kernel
    // does; the kernel's exp is approximate, so a value may round to the
    // neighbouring fp16 value: 1e-3 relative (to max(|lse|, 1)).
    double lseError = 0;
    for (int64_t r = 0; r < m; ++r) {
      const float *row = &input[r * stride];
      float rowMax = *std::max_element(row, row + n);
      double sum = 0;
      for (int64_t c = 0; c < n; ++c)
        sum += roundToHalf(static_cast<float>(
            std::exp(static_cast<double>(row[c]) - rowMax)));
      double expected = std::log(sum) + rowMax;
      double error = std::fabs(got[r] - expected) / std::max(std::fabs(expected), 1.0);
      if (isPoison(got[r])) {
        result.fail(fmt::format("out[{}] (row {} logsumexp) not written", r, r));
        error = INFINITY;
      } else if (!(error <= 1e-3)) {
        result.fail(fmt::format("row {} logsumexp is {}, expected {}", r,
                                got[r], expected));
      }
      if (!(error <= lseError))
        lseError = error;
    }

    // Column sums of max(x, 0) per program: 1e-5 relative + 1e-5 absolute.
    double colError = 0;
    for (int64_t pid = 0; pid < grid; ++pid) {
      int64_t firstRow = pid * blockM;
      int64_t endRow = std::min(m, firstRow + blockM);
      for (int64_t c = 0; c < blockN; ++c) {
        int64_t i = m + pid * blockN + c;
        if (c >= n) {
          if (!isPoison(got[i]))
            result.fail(fmt::format("out[{}] (program {}, column {} >= N) "
                                    "written: masked off",
                                    i, pid, c));
          continue;
        }
        double expected = 0;
        for (int64_t r = firstRow; r < endRow; ++r)
          expected += std::max(input[r * stride + c], 0.0f);
        double error = std::fabs(got[i] - expected);
        if (isPoison(got[i])) {
          result.fail(fmt::format("out[{}] (program {}, column {}) not written",
                                  i, pid, c));
          error = INFINITY;
        } else if (!(error <= 1e-5 * std::fabs(expected) + 1e-5)) {
          result.fail(fmt::format("program {} column {} sums to {}, expected {}",
                                  pid, c, got[i], expected));
        }
        double relative = error / std::max(std::fabs(expected), 1.0);
        if (!(relative <= colError))
          colError = relative;
      }
    }

    for (int64_t i = outCount; i < outCount + kGuardElements; ++i)
      if (!isPoison(got[i])) {
        result.fail(fmt::format("wrote out[{}], past the end ({} elements)", i,
                                outCount));
        break;
      }
    result.errors.push_back({"lse_max_rel_err", lseError});
    result.errors.push_back({"colsum_max_rel_err", colError});
    return result;
  }

private:
  rt::Kernel kernel;
  int64_t m, n, stride;
  int64_t blockM = 0, blockN = 0, grid = 0, outCount = 0;
  CaseInfo caseInfo;
  std::vector<float> input;
  rt::DeviceBuffer x, out;
};

struct Variant {
  const char *name;
  int64_t blockM, blockN;
  /// The `i32:16` variant: N and stride multiples of 16.
  bool d16;
};

} // namespace

int main(int argc, char **argv) {
  return runGpuTest(
      argc, argv, "gpu-test-blocks2d",
      [&](const std::string &dir) {
        const Variant variants[] = {
            {"blocks2d_m32_n64_w4", 32, 64, false},
            {"blocks2d_m16_n128_w4_d16", 16, 128, true},
            {"blocks2d_m64_n32_w8", 64, 32, false},
            {"blocks2d_m1_n1024_w4", 1, 1024, false},
        };
        struct Shape {
          int64_t m, n, stride;
        };
        std::vector<CaseSpec> cases;
        uint64_t seed = 2024;
        for (const Variant &v : variants) {
          int64_t bm = v.blockM, bn = v.blockN;
          std::vector<Shape> shapes;
          if (v.d16) {
            shapes = {{3 * bm + 5, bn - 16, bn},
                      {2 * bm + 1, 16, 48},
                      {4 * bm - 1, bn, bn + 16},
                      {1, bn, bn},
                      {1000, bn - 32, bn + 32}};
          } else {
            shapes = {{3 * bm + 5, bn - 3, bn + 5},
                      {2 * bm + 1, 1, 7},
                      {4 * bm - 1, bn, bn + 9},
                      {1, bn - 3, bn - 3},
                      {1000 + bm / 2 + 1, bn - 1, bn + 13}};
          }
          for (const Shape &s : shapes) {
            std::string label = fmt::format("blocks2d {} {}x{} stride={}",
                                            v.name, s.m, s.n, s.stride);
            std::string variant = v.name;
            uint64_t caseSeed = seed++;
            cases.push_back({label, [=] {
                               return std::make_unique<Blocks2dCase>(
                                   dir, variant, s.m, s.n, s.stride, caseSeed);
                             }});
          }
        }
        return cases;
      },
      "row_block_stats");
}
