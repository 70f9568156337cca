//===- Softmax.cpp - the lecture's row softmax on the host side -----------===//

#include "softmax/Softmax.h"

#include "common/HostData.h"
#include "tilec/runtime/Runtime.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <mutex>

namespace tilec::examples {

int64_t nextPowerOfTwo(int64_t value) {
  int64_t power = 1;
  while (power < value)
    power *= 2;
  return power;
}

unsigned softmaxWarps(int64_t block) {
  if (block <= 1024)
    return 4;
  if (block <= 4096)
    return 8;
  return 16;
}

std::string softmaxVariant(const SoftmaxShape &shape) {
  int64_t block = nextPowerOfTwo(shape.cols);
  // Narrow blocks have no specialised variants.
  std::string suffix =
      block >= 1024
          ? divisibilitySuffix({shape.cols, shape.xStride, shape.yStride})
          : "";
  return fmt::format("softmax_b{}_w{}{}", block, softmaxWarps(block), suffix);
}

std::vector<float> softmaxInput(const SoftmaxShape &shape, uint64_t seed) {
  std::vector<float> input =
      uniformFloats(shape.rows * shape.xStride, -5.0f, 5.0f, seed);
  if (shape.xStride == shape.cols)
    return input;
  for (int64_t row = 0; row < shape.rows; ++row)
    for (int64_t col = shape.cols; col < shape.xStride; ++col)
      input[row * shape.xStride + col] = poisonValue();
  return input;
}

void addSoftmaxExtremes(std::vector<float> &input, const SoftmaxShape &shape) {
  const float inf = std::numeric_limits<float>::infinity();
  auto at = [&](int64_t row, int64_t col) -> float & {
    return input[row * shape.xStride + col];
  };
  // Row 0: every third entry -inf; column 1 (or 0) stays finite.
  if (shape.rows > 0)
    for (int64_t col = 0; col < shape.cols; col += 3)
      if (col != 1 && shape.cols > 1)
        at(0, col) = -inf;
  // Row 1: one huge entry dominates; -1e30 and -inf underflow to 0.
  if (shape.rows > 1 && shape.cols > 1) {
    at(1, 0) = -1e30f;
    at(1, shape.cols - 1) = 1e30f;
    if (shape.cols > 2)
      at(1, shape.cols / 2) = -inf;
  }
  // Row 2: only extremes; the max is shared by half the entries.
  if (shape.rows > 2)
    for (int64_t col = 0; col < shape.cols; ++col)
      at(2, col) = col % 2 ? -1e30f : 1e30f;
}

namespace {

/// Extra output elements past the last row that must stay poisoned.
constexpr int64_t kGuardElements = 256;

class SoftmaxCase final : public KernelCase {
public:
  SoftmaxCase(const std::string &dir, const SoftmaxShape &shape,
              std::vector<float> values)
      : kernel(rt::Kernel::load(manifestPath(dir, softmaxVariant(shape)))),
        shape(shape), input(std::move(values)) {
    if (shape.rows < 1 || shape.cols < 1 || shape.xStride < shape.cols ||
        shape.yStride < shape.cols)
      throw rt::Error("softmax needs rows, cols >= 1 and strides >= cols");
    if (static_cast<int64_t>(input.size()) != shape.rows * shape.xStride)
      throw rt::Error("softmax input has the wrong size");
    std::optional<int64_t> block = kernel.manifest().constexprInt("BLOCK_SIZE");
    if (!block || *block < shape.cols)
      throw rt::Error(softmaxVariant(shape) +
                      " has no BLOCK_SIZE covering the columns");
    // row_idx * stride + col_offsets is 32-bit arithmetic in the kernel.
    int64_t stride = std::max(shape.xStride, shape.yStride);
    if ((shape.rows - 1) * stride + *block > INT32_MAX)
      throw rt::Error("shape overflows the kernel's 32-bit offsets");

    caseInfo.kernel = "softmax";
    caseInfo.shape = fmt::format("{}x{}", shape.rows, shape.cols);
    caseInfo.id = fmt::format("softmax_{}x{}", shape.rows, shape.cols);
    if (shape.xStride != shape.cols || shape.yStride != shape.cols) {
      caseInfo.shape += fmt::format(" x_stride={} y_stride={}", shape.xStride,
                                    shape.yStride);
      caseInfo.id += fmt::format("_xs{}_ys{}", shape.xStride, shape.yStride);
    }
    caseInfo.variant = softmaxVariant(shape);
    caseInfo.block = *block;
    caseInfo.warps = kernel.manifest().numWarps;
    caseInfo.bytes = 2 * static_cast<uint64_t>(shape.rows * shape.cols) * 4;

    x = rt::DeviceBuffer::fromHost(input);
    outputElements = shape.rows * shape.yStride + kGuardElements;
    y = rt::DeviceBuffer(outputElements * sizeof(float));
  }

  const CaseInfo &info() const override { return caseInfo; }

  void launch() override {
    kernel.launch({shape.rows},
                  {x, y, static_cast<int32_t>(shape.xStride),
                   static_cast<int32_t>(shape.yStride),
                   static_cast<int32_t>(shape.cols)});
  }

  CheckResult check() override {
    y.fill32(kPoisonBits);
    launch();
    rt::Context::current().synchronize();
    std::vector<float> out = y.toHost<float>(outputElements);

    CheckResult result;
    std::mutex mutex;
    double maxAbs = 0, maxSum = 0;
    parallelFor(shape.rows, [&](size_t first, size_t last) {
      double localAbs = 0, localSum = 0;
      std::string problem;
      std::vector<double> exps(shape.cols);
      for (size_t row = first; row < last && problem.empty(); ++row) {
        const float *in = &input[row * shape.xStride];
        const float *got = &out[row * shape.yStride];
        double max = -INFINITY;
        for (int64_t c = 0; c < shape.cols; ++c)
          max = std::max(max, static_cast<double>(in[c]));
        double denominator = 0;
        for (int64_t c = 0; c < shape.cols; ++c)
          denominator += exps[c] = std::exp(static_cast<double>(in[c]) - max);
        double sum = 0;
        for (int64_t c = 0; c < shape.cols && problem.empty(); ++c) {
          if (!std::isfinite(got[c]))
            problem = fmt::format("y[{}][{}] = {} is not finite", row, c, got[c]);
          localAbs = std::max(localAbs, std::fabs(got[c] - exps[c] / denominator));
          sum += got[c];
        }
        localSum = std::max(localSum, std::fabs(sum - 1.0));
        for (int64_t c = shape.cols; c < shape.yStride && problem.empty(); ++c)
          if (!isPoison(got[c]))
            problem = fmt::format("wrote y[{}][{}], past num_cols", row, c);
      }
      std::lock_guard<std::mutex> lock(mutex);
      maxAbs = std::max(maxAbs, localAbs);
      maxSum = std::max(maxSum, localSum);
      if (!problem.empty())
        result.fail(problem);
    });
    for (int64_t i = shape.rows * shape.yStride; i < outputElements; ++i)
      if (!isPoison(out[i])) {
        result.fail(fmt::format("wrote element {} past the last row", i));
        break;
      }
    result.errors.push_back({"max_abs_err", maxAbs});
    result.errors.push_back({"max_rowsum_err", maxSum});
    if (!(maxAbs <= 1e-5))
      result.fail(fmt::format("max abs error {:.3g} > 1e-5", maxAbs));
    if (!(maxSum <= 1e-5))
      result.fail(fmt::format("a row sums to 1 +- {:.3g} > 1e-5", maxSum));
    return result;
  }

private:
  rt::Kernel kernel;
  SoftmaxShape shape;
  std::vector<float> input;
  int64_t outputElements = 0;
  CaseInfo caseInfo;
  rt::DeviceBuffer x, y;
};

} // namespace

std::unique_ptr<KernelCase> makeSoftmaxCase(const std::string &kernelsDir,
                                            const SoftmaxShape &shape,
                                            std::vector<float> input) {
  return std::make_unique<SoftmaxCase>(kernelsDir, shape, std::move(input));
}

} // namespace tilec::examples
