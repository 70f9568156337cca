//===- FakeKernels.cpp - the lecture's kernels on the CPU -----------------===//

#include "FakeKernels.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tilec::fake {

namespace {

/// A program's view of global memory: typed, bounds-checked ranges.
struct Memory {
  const BoundsCheck &inBounds;
  bool faulted = false;

  /// The \p count floats at element \p offset of \p base, or nullptr (and
  /// a fault) if they are not all inside one allocation.
  float *floats(uint64_t base, int64_t offset, int64_t count) {
    if (count <= 0)
      return nullptr;
    uint64_t address = base + static_cast<uint64_t>(offset) * sizeof(float);
    if (offset < 0 || !inBounds(address, count * sizeof(float))) {
      faulted = true;
      return nullptr;
    }
    return reinterpret_cast<float *>(address);
  }
};

int32_t asI32(uint64_t bits) { return static_cast<int32_t>(bits); }

/// triton_gelu_kernel(x_ptr, y_ptr, num_elements, BLOCK_SIZE)
bool gelu(Memory &memory, int64_t block, uint64_t programs,
          const std::vector<uint64_t> &p) {
  int64_t n = asI32(p[2]);
  for (uint64_t pid = 0; pid < programs; ++pid) {
    int64_t start = static_cast<int64_t>(pid) * block;
    int64_t active = std::min(block, n - start); // lanes with offsets < n
    if (active <= 0)
      continue;
    const float *x = memory.floats(p[0], start, active);
    float *y = memory.floats(p[1], start, active);
    if (!x || !y)
      return false;
    for (int64_t i = 0; i < active; ++i) {
      float v = x[i];
      float a = 0.79788456f * (v + 0.044715f * v * v * v);
      float e = std::exp(2.0f * a);
      float t = (e - 1.0f) / (e + 1.0f);
      y[i] = 0.5f * v * (1.0f + t);
    }
  }
  return true;
}

/// triton_softmax_kernel(x_ptr, y_ptr, x_row_stride, y_row_stride,
///                       num_cols, BLOCK_SIZE)
bool softmax(Memory &memory, int64_t block, uint64_t programs,
             const std::vector<uint64_t> &p) {
  int64_t xStride = asI32(p[2]), yStride = asI32(p[3]), cols = asI32(p[4]);
  int64_t active = std::min(block, cols);
  std::vector<float> row(block);
  for (uint64_t r = 0; r < programs; ++r) {
    int64_t rowIdx = static_cast<int64_t>(r);
    std::fill(row.begin(), row.end(), -std::numeric_limits<float>::infinity());
    if (active > 0) {
      const float *x = memory.floats(p[0], rowIdx * xStride, active);
      if (!x)
        return false;
      std::copy(x, x + active, row.begin());
    }
    float max = *std::max_element(row.begin(), row.end());
    float sum = 0;
    for (float &v : row) {
      v = std::exp(v - max);
      sum += v;
    }
    if (active > 0) {
      float *y = memory.floats(p[1], rowIdx * yStride, active);
      if (!y)
        return false;
      for (int64_t c = 0; c < active; ++c)
        y[c] = row[c] / sum;
    }
  }
  return true;
}

/// row_sum_kernel(x_ptr, out_ptr, N, BLOCK_SIZE)
bool rowSum(Memory &memory, int64_t block, uint64_t programs,
            const std::vector<uint64_t> &p) {
  int64_t n = asI32(p[2]);
  std::vector<float> acc(block);
  for (uint64_t r = 0; r < programs; ++r) {
    int64_t row = static_cast<int64_t>(r);
    std::fill(acc.begin(), acc.end(), 0.0f);
    for (int64_t start = 0; start < n; start += block) {
      int64_t active = std::min(block, n - start);
      const float *x = memory.floats(p[0], row * n + start, active);
      if (!x)
        return false;
      for (int64_t i = 0; i < active; ++i)
        acc[i] += x[i];
    }
    float result = 0;
    for (float v : acc)
      result += v;
    float *out = memory.floats(p[1], row, 1);
    if (!out)
      return false;
    *out = result;
  }
  return true;
}

/// accumulate_kernel(x_ptr, out_ptr, n, BLOCK_SIZE): out += x, in place,
/// so running it more than once shows (what autotuning's reset_to_zero and
/// restore_value guard against).
bool accumulate(Memory &memory, int64_t block, uint64_t programs,
                const std::vector<uint64_t> &p) {
  int64_t n = asI32(p[2]);
  for (uint64_t pid = 0; pid < programs; ++pid) {
    int64_t start = static_cast<int64_t>(pid) * block;
    int64_t active = std::min(block, n - start);
    if (active <= 0)
      continue;
    const float *x = memory.floats(p[0], start, active);
    float *out = memory.floats(p[1], start, active);
    if (!x || !out)
      return false;
    for (int64_t i = 0; i < active; ++i)
      out[i] += x[i];
  }
  return true;
}

} // namespace

KernelOutcome runKernel(const std::string &name,
                        const std::map<std::string, int64_t> &constants,
                        uint64_t programs, const std::vector<uint64_t> &params,
                        const BoundsCheck &inBounds) {
  using Body = bool (*)(Memory &, int64_t, uint64_t, const std::vector<uint64_t> &);
  Body body = nullptr;
  size_t arity = 0;
  if (name == "triton_gelu_kernel") {
    body = gelu;
    arity = 3;
  } else if (name == "triton_softmax_kernel") {
    body = softmax;
    arity = 5;
  } else if (name == "row_sum_kernel") {
    body = rowSum;
    arity = 3;
  } else if (name == "accumulate_kernel") {
    body = accumulate;
    arity = 3;
  }
  if (!body || params.size() != arity)
    return KernelOutcome::Unknown;
  auto block = constants.find("BLOCK_SIZE");
  if (block == constants.end() || block->second < 1)
    return KernelOutcome::MissingConstant;
  Memory memory{inBounds};
  return body(memory, block->second, programs, params)
             ? KernelOutcome::Ran
             : KernelOutcome::IllegalAddress;
}

} // namespace tilec::fake
