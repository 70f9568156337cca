//===- RowSum.cpp - the lecture's tiled row sum on the host side ----------===//

#include "rowsum/RowSum.h"

#include "common/HostData.h"
#include "tilec/runtime/Runtime.h"

#include <fmt/format.h>

#include <cmath>
#include <mutex>

namespace tilec::examples {

std::string rowSumVariant(int64_t cols) {
  return "rowsum_b1024_w4" + divisibilitySuffix({cols});
}

namespace {

/// Extra output elements past the last row that must stay poisoned.
constexpr int64_t kGuardElements = 256;

class RowSumCase final : public KernelCase {
public:
  RowSumCase(const std::string &dir, int64_t rows, int64_t cols, uint64_t seed)
      : kernel(rt::Kernel::load(manifestPath(dir, rowSumVariant(cols)))),
        rows(rows), cols(cols) {
    if (rows < 1 || cols < 1)
      throw rt::Error("rowsum needs rows, cols >= 1");
    std::optional<int64_t> block = kernel.manifest().constexprInt("BLOCK_SIZE");
    if (!block || *block < 1)
      throw rt::Error(rowSumVariant(cols) + " binds no positive BLOCK_SIZE");
    // row * N + cols is 32-bit arithmetic in the kernel; the last tile's
    // masked-off lanes still form their offsets.
    int64_t lastTileEnd = (cols + *block - 1) / *block * *block;
    if ((rows - 1) * cols + lastTileEnd > INT32_MAX)
      throw rt::Error("shape overflows the kernel's 32-bit offsets");

    caseInfo.kernel = "rowsum";
    caseInfo.shape = fmt::format("{}x{}", rows, cols);
    caseInfo.id = fmt::format("rowsum_{}x{}", rows, cols);
    caseInfo.variant = rowSumVariant(cols);
    caseInfo.block = *block;
    caseInfo.warps = kernel.manifest().numWarps;
    caseInfo.bytes = static_cast<uint64_t>(rows * cols + rows) * sizeof(float);

    input = uniformFloats(rows * cols, 0.0f, 1.0f, seed);
    x = rt::DeviceBuffer::fromHost(input);
    out = rt::DeviceBuffer((rows + kGuardElements) * sizeof(float));
  }

  const CaseInfo &info() const override { return caseInfo; }

  void launch() override {
    kernel.launch({rows}, {x, out, static_cast<int32_t>(cols)});
  }

  CheckResult check() override {
    out.fill32(kPoisonBits);
    launch();
    rt::Context::current().synchronize();
    std::vector<float> sums = out.toHost<float>(rows + kGuardElements);

    CheckResult result;
    std::mutex mutex;
    double maxError = 0;
    int64_t worst = -1;
    std::vector<double> reference(rows);
    parallelFor(rows, [&](size_t first, size_t last) {
      double localMax = 0;
      int64_t localWorst = -1;
      for (size_t row = first; row < last; ++row) {
        double sum = 0;
        for (int64_t c = 0; c < cols; ++c)
          sum += input[row * cols + c];
        reference[row] = sum;
        double error = std::isfinite(sums[row])
                           ? std::fabs(sums[row] - sum) / std::max(sum, 1e-30)
                           : INFINITY;
        if (!(error <= localMax)) {
          localMax = error;
          localWorst = static_cast<int64_t>(row);
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
      result.fail(fmt::format("row {} sums to {}, expected {}", worst,
                              sums[worst], reference[worst]));
    for (int64_t i = rows; i < rows + kGuardElements; ++i)
      if (!isPoison(sums[i])) {
        result.fail(fmt::format("wrote out[{}], past the last row", i));
        break;
      }
    return result;
  }

private:
  rt::Kernel kernel;
  int64_t rows, cols;
  CaseInfo caseInfo;
  std::vector<float> input;
  rt::DeviceBuffer x, out;
};

} // namespace

std::unique_ptr<KernelCase> makeRowSumCase(const std::string &kernelsDir,
                                           int64_t rows, int64_t cols,
                                           uint64_t seed) {
  return std::make_unique<RowSumCase>(kernelsDir, rows, cols, seed);
}

} // namespace tilec::examples
