//===- gpu_permute_test.cpp - tl.flip, cat, gather, sort, topk on the GPU -===//
//
// The kernels of test/gpu/kernels/permute.py against CPU references, all
// exact (they only move elements):
//   - flips: a block flipped along its columns and along its rows, with
//     zeros where the load was masked;
//   - cat_swap: the halves of each program's elements swapped;
//   - gathers: a block's elements picked along its columns and its rows by
//     random index blocks;
//   - sort_1d (fp32 blocks of 64, 1024 and 4096; i32 of 1024): the first n
//     elements sorted both ways and the K largest, largest first;
//   - sort_2d: every row of 8 x 128 blocks sorted both ways, masked at the
//     ragged edges;
//   - histograms: counts of 1024 values in 64 bins, some values outside
//     the bins, with and without a masked tail.
// Inputs have repeated values (ties). Elements past the outputs must keep
// their poison. Exits 0 if all pass, 1 if any fails, 77 (skip) without a
// CUDA driver or under the fake driver.
//   gpu-test-permute [--kernels-dir DIR]
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
#include <limits>
#include <tuple>

using namespace tilec;
using namespace tilec::examples;

namespace {

constexpr int64_t kGuard = 64;
constexpr uint32_t kPoison = 0x7fc00000u;

/// Floats in [-8, 8) in steps of 1/4: many ties (and no -0.0, whose order
/// against 0.0 a sort leaves open).
std::vector<float> tiedFloats(size_t n, uint64_t seed) {
  std::vector<float> values = uniformFloats(n, -8.0f, 8.0f, seed);
  for (float &v : values)
    v = std::floor(v * 4.0f) / 4.0f + 0.0f;
  return values;
}

/// Compares the first expected.size() elements of `got` with `expected`
/// exactly (the ops only move elements; there are no NaNs) and checks that the `kGuard` words after them kept their
/// poison. Records the first difference in `result`.
template <typename T>
void compare(CheckResult &result, const char *name, const std::vector<T> &got,
             const std::vector<T> &expected, int64_t &wrong) {
  for (size_t i = 0; i < expected.size(); ++i)
    if (!(got[i] == expected[i]) && wrong++ == 0)
      result.fail(fmt::format("{}[{}] is {}, expected {}", name, i, got[i],
                              expected[i]));
  for (size_t i = expected.size(); i < got.size(); ++i) {
    uint32_t bits;
    std::memcpy(&bits, &got[i], 4);
    if (bits != kPoison) {
      result.fail(fmt::format("elements past {} were written", name));
      break;
    }
  }
}

/// A case of one kernel whose outputs are checked against CPU references:
/// the outputs are poisoned, `run` launches, then each output's first
/// elements are compared with its expected ones.
class PermuteCase final : public KernelCase {
public:
  struct Output {
    const char *name;
    rt::DeviceBuffer buffer;
    std::vector<float> expectedFloats;
    std::vector<int32_t> expectedInts;
  };
  using Run = std::function<void(PermuteCase &)>;

  PermuteCase(const std::string &dir, const std::string &variant,
              const std::string &name, const std::string &shape)
      : kernel(rt::Kernel::load(manifestPath(dir, variant))) {
    caseInfo.kernel = name;
    caseInfo.shape = shape;
    caseInfo.id = name + "_" + shape;
    caseInfo.variant = variant;
    caseInfo.warps = kernel.manifest().numWarps;
  }
  const CaseInfo &info() const override { return caseInfo; }
  void launch() override { run(*this); }
  CheckResult check() override {
    for (Output &out : outputs)
      out.buffer.fill32(kPoison);
    launch();
    rt::Context::current().synchronize();
    CheckResult result;
    int64_t wrong = 0;
    for (Output &out : outputs) {
      if (!out.expectedInts.empty())
        compare(result, out.name,
                out.buffer.toHost<int32_t>(out.expectedInts.size() + kGuard),
                out.expectedInts, wrong);
      else
        compare(result, out.name,
                out.buffer.toHost<float>(out.expectedFloats.size() + kGuard),
                out.expectedFloats, wrong);
    }
    result.errors.push_back({"wrong", double(wrong)});
    return result;
  }

  int64_t constexprInt(const char *name) const {
    return kernel.manifest().requireConstexprInt(name);
  }
  template <typename T> void addInput(const std::vector<T> &values) {
    inputs.push_back(rt::DeviceBuffer::fromHost(values));
  }
  void addOutput(const char *name, std::vector<float> expected) {
    outputs.push_back({name, rt::DeviceBuffer((expected.size() + kGuard) * 4),
                       std::move(expected), {}});
  }
  void addOutput(const char *name, std::vector<int32_t> expected) {
    outputs.push_back({name, rt::DeviceBuffer((expected.size() + kGuard) * 4),
                       {}, std::move(expected)});
  }

  rt::Kernel kernel;
  std::vector<rt::DeviceBuffer> inputs;
  std::vector<Output> outputs;
  Run run;

private:
  CaseInfo caseInfo;
};

std::unique_ptr<KernelCase> flips(const std::string &dir, int64_t rows,
                                  int64_t cols) {
  auto c = std::make_unique<PermuteCase>(dir, "permute_flips", "flips",
                                         fmt::format("{}x{}", rows, cols));
  int64_t br = c->constexprInt("BR"), bc = c->constexprInt("BC");
  std::vector<float> x = tiedFloats(size_t(rows * cols), uint64_t(rows + cols));
  // The block as the kernel sees it: zeros past the edges.
  auto at = [&](int64_t r, int64_t col) {
    return r < rows && col < cols ? x[size_t(r * cols + col)] : 0.0f;
  };
  std::vector<float> y(size_t(rows * bc)), z(size_t(rows * bc));
  for (int64_t r = 0; r < rows; ++r) {
    int64_t first = r / br * br;
    for (int64_t col = 0; col < bc; ++col) {
      y[size_t(r * bc + col)] = at(r, bc - 1 - col);
      z[size_t(r * bc + col)] = at(first + br - 1 - (r - first), col);
    }
  }
  c->addInput(x);
  c->addOutput("y", y);
  c->addOutput("z", z);
  int64_t programs = (rows + br - 1) / br;
  c->run = [=](PermuteCase &self) {
    self.kernel.launch({programs},
                       {self.inputs[0], self.outputs[0].buffer,
                        self.outputs[1].buffer, static_cast<int32_t>(rows),
                        static_cast<int32_t>(cols)});
  };
  return c;
}

std::unique_ptr<KernelCase> catSwap(const std::string &dir,
                                    int64_t programs) {
  auto c = std::make_unique<PermuteCase>(dir, "permute_cat_swap", "cat_swap",
                                         fmt::format("programs={}", programs));
  int64_t block = c->constexprInt("BLOCK");
  int64_t n = programs * 2 * block;
  std::vector<float> x = uniformFloats(size_t(n), -1.0f, 1.0f, 5);
  std::vector<float> y(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    int64_t base = i / (2 * block) * 2 * block, within = i - base;
    y[size_t(i)] = x[size_t(base + (within + block) % (2 * block))];
  }
  c->addInput(x);
  c->addOutput("y", y);
  c->run = [=](PermuteCase &self) {
    self.kernel.launch({programs}, {self.inputs[0], self.outputs[0].buffer});
  };
  return c;
}

std::unique_ptr<KernelCase> gathers(const std::string &dir, int64_t rows,
                                    int64_t cols) {
  auto c = std::make_unique<PermuteCase>(dir, "permute_gathers", "gathers",
                                         fmt::format("{}x{}", rows, cols));
  int64_t br = c->constexprInt("BR"), bc = c->constexprInt("BC"),
          bk = c->constexprInt("BK");
  int64_t programs = (rows + br - 1) / br;
  std::vector<float> x = tiedFloats(size_t(rows * cols), 11);
  auto at = [&](int64_t r, int64_t col) {
    return r < rows && col < cols ? x[size_t(r * cols + col)] : 0.0f;
  };
  // Column indices anywhere in the block (past n_cols: the zeros), row
  // indices within each program's block of rows.
  std::vector<float> pick = uniformFloats(
      size_t(rows * bk + programs * bk * bc), 0.0f, 1.0f, 12);
  std::vector<int32_t> colIndex(size_t(rows * bk)),
      rowIndex(size_t(programs * bk * bc));
  for (size_t i = 0; i < colIndex.size(); ++i)
    colIndex[i] = std::min(int32_t(pick[i] * bc), int32_t(bc - 1));
  for (size_t i = 0; i < rowIndex.size(); ++i)
    rowIndex[i] =
        std::min(int32_t(pick[colIndex.size() + i] * br), int32_t(br - 1));
  std::vector<float> y(size_t(rows * bk)), z(size_t(programs * bk * bc));
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t k = 0; k < bk; ++k)
      y[size_t(r * bk + k)] = at(r, colIndex[size_t(r * bk + k)]);
  for (int64_t p = 0; p < programs; ++p)
    for (int64_t k = 0; k < bk; ++k)
      for (int64_t col = 0; col < bc; ++col) {
        size_t i = size_t((p * bk + k) * bc + col);
        z[i] = at(p * br + rowIndex[i], col);
      }
  c->addInput(x);
  c->addInput(colIndex);
  c->addInput(rowIndex);
  c->addOutput("y", y);
  c->addOutput("z", z);
  c->run = [=](PermuteCase &self) {
    self.kernel.launch({programs},
                       {self.inputs[0], self.inputs[1], self.inputs[2],
                        self.outputs[0].buffer, self.outputs[1].buffer,
                        static_cast<int32_t>(rows),
                        static_cast<int32_t>(cols)});
  };
  return c;
}

/// sort_1d of fp32 or i32 (`ints`) data: n elements sorted up and down, and
/// the K largest.
std::unique_ptr<KernelCase> sort1d(const std::string &dir,
                                   const std::string &variant, bool ints,
                                   int64_t n) {
  auto c = std::make_unique<PermuteCase>(dir, variant, "sort_1d",
                                         fmt::format("n={}", n));
  int64_t k = c->constexprInt("K");
  std::vector<float> values = tiedFloats(size_t(n), uint64_t(n));
  // The K largest of the n elements and the padding (-inf or INT_MIN).
  auto topOf = [&](auto sortedDown, auto lo) {
    using T = typename decltype(sortedDown)::value_type;
    std::vector<T> top(size_t(k), lo);
    std::copy_n(sortedDown.begin(), std::min<int64_t>(k, n), top.begin());
    return top;
  };
  if (ints) {
    std::vector<int32_t> x(values.size());
    for (size_t i = 0; i < x.size(); ++i)
      x[i] = int32_t(values[i] * 4) * 1000003;
    std::vector<int32_t> up = x, down = x;
    std::sort(up.begin(), up.end());
    std::sort(down.begin(), down.end(), std::greater<int32_t>());
    c->addInput(x);
    c->addOutput("up", up);
    c->addOutput("down", down);
    c->addOutput("top", topOf(down, std::numeric_limits<int32_t>::min()));
  } else {
    std::vector<float> up = values, down = values;
    std::sort(up.begin(), up.end());
    std::sort(down.begin(), down.end(), std::greater<float>());
    c->addInput(values);
    c->addOutput("up", up);
    c->addOutput("down", down);
    c->addOutput("top", topOf(down, -INFINITY));
  }
  c->run = [=](PermuteCase &self) {
    std::vector<rt::Arg> args{self.inputs[0], self.outputs[0].buffer,
                              self.outputs[1].buffer, self.outputs[2].buffer,
                              static_cast<int32_t>(n)};
    if (ints) {
      args.emplace_back(std::numeric_limits<int32_t>::max());
      args.emplace_back(std::numeric_limits<int32_t>::min());
    } else {
      args.emplace_back(INFINITY);
      args.emplace_back(-INFINITY);
    }
    self.kernel.launch({1}, args);
  };
  return c;
}

std::unique_ptr<KernelCase> sort2d(const std::string &dir, int64_t rows,
                                   int64_t cols) {
  auto c = std::make_unique<PermuteCase>(dir, "permute_sort_2d", "sort_2d",
                                         fmt::format("{}x{}", rows, cols));
  int64_t br = c->constexprInt("BR");
  std::vector<float> x = tiedFloats(size_t(rows * cols), 21);
  std::vector<float> up = x, down = x;
  for (int64_t r = 0; r < rows; ++r) {
    auto row = up.begin() + r * cols;
    std::sort(row, row + cols);
    auto rowDown = down.begin() + r * cols;
    std::sort(rowDown, rowDown + cols, std::greater<float>());
  }
  c->addInput(x);
  c->addOutput("up", up);
  c->addOutput("down", down);
  int64_t programs = (rows + br - 1) / br;
  c->run = [=](PermuteCase &self) {
    self.kernel.launch({programs},
                       {self.inputs[0], self.outputs[0].buffer,
                        self.outputs[1].buffer, static_cast<int32_t>(rows),
                        static_cast<int32_t>(cols)});
  };
  return c;
}

/// histograms: n values in [-4, BINS + 4) (some outside the bins), the
/// tail past n masked off.
std::unique_ptr<KernelCase> histograms(const std::string &dir, int64_t n) {
  auto c = std::make_unique<PermuteCase>(dir, "permute_histograms",
                                         "histograms", fmt::format("n={}", n));
  int64_t block = c->constexprInt("BLOCK"), bins = c->constexprInt("BINS");
  std::vector<float> pick = uniformFloats(size_t(block), 0.0f, 1.0f, 31);
  std::vector<int32_t> x(static_cast<size_t>(block));
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = std::min(int32_t(pick[i] * (bins + 8)), int32_t(bins + 7)) - 4;
  std::vector<int32_t> counts(size_t(bins), 0);
  for (int64_t i = 0; i < n; ++i)
    if (x[size_t(i)] >= 0 && x[size_t(i)] < bins)
      ++counts[size_t(x[size_t(i)])];
  c->addInput(x);
  c->addOutput("counts", counts);
  c->run = [=](PermuteCase &self) {
    self.kernel.launch({1}, {self.inputs[0], self.outputs[0].buffer,
                             static_cast<int32_t>(n)});
  };
  return c;
}

} // namespace

int main(int argc, char **argv) {
  return runGpuTest(
      argc, argv, "gpu-test-permute",
      [&](const std::string &dir) {
        std::vector<CaseSpec> cases;
        for (auto [rows, cols] : {std::pair<int64_t, int64_t>{16, 64},
                                  {37, 50},
                                  {100, 1}})
          cases.push_back({fmt::format("flips {}x{}", rows, cols),
                           [=] { return flips(dir, rows, cols); }});
        for (int64_t programs : {1, 13})
          cases.push_back({fmt::format("cat_swap programs={}", programs),
                           [=] { return catSwap(dir, programs); }});
        for (auto [rows, cols] : {std::pair<int64_t, int64_t>{16, 64},
                                  {45, 61}})
          cases.push_back({fmt::format("gathers {}x{}", rows, cols),
                           [=] { return gathers(dir, rows, cols); }});
        for (auto [variant, ints, n] :
             {std::tuple<const char *, bool, int64_t>{"permute_sort_b64", false,
                                                      64},
              {"permute_sort_b64", false, 5},
              {"permute_sort_b1024", false, 1024},
              {"permute_sort_b1024", false, 1000},
              {"permute_sort_b4096", false, 4096},
              {"permute_sort_b4096", false, 3001},
              {"permute_sort_i32_b1024", true, 1024},
              {"permute_sort_i32_b1024", true, 777}})
          cases.push_back({fmt::format("{} n={}", variant, n), [=] {
                             return sort1d(dir, variant, ints, n);
                           }});
        for (auto [rows, cols] : {std::pair<int64_t, int64_t>{8, 128},
                                  {19, 100}})
          cases.push_back({fmt::format("sort_2d {}x{}", rows, cols),
                           [=] { return sort2d(dir, rows, cols); }});
        for (int64_t n : {1024, 700})
          cases.push_back({fmt::format("histograms n={}", n),
                           [=] { return histograms(dir, n); }});
        return cases;
      },
      "sort_1d");
}
