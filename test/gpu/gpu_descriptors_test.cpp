//===- gpu_descriptors_test.cpp - TMA through host tensor descriptors -----===//
//
// relu(A B) through `tensordesc` parameters (kernels/descriptors.py,
// desc_param_matmul_relu), launched by the C++ runtime, which encodes each
// descriptor's CUtensorMap at launch (runtime/lib/TensorMap.cpp); the
// K loop's loads are TMA copies (tilec's tile-pipeline). Inputs are small
// integers in fp16, so that every product and sum is exact and C is checked
// element by element (and the rows of a guard band past C, which the store
// must not touch). Shapes fill the tiles or not in M, N and K (TMA fills
// zeros past the tensor; K and N are multiples of 8, as TMA's 16-byte
// strides need); tiles of 64x64x32 on 4 warps at 2, 3 and 4 stages, and
// 128x128x64 on 8 warps; and desc_matmul_relu, whose descriptors are
// made in the kernel from its pointer and size parameters (the runtime
// encodes their maps from those); and the typed C++ launcher of the 8-warp
// kernel, its tensor maps embedded. Exits 77 (skip) without a CUDA driver or under
// the fake driver, which does not emulate this kernel.
//   gpu-test-descriptors [--kernels-dir DIR]
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "common/HostData.h"
#include "tilec/kernels/descriptors_launcher_w8.h"
#include "tilec/runtime/Runtime.h"

#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <optional>

using namespace tilec;
using namespace tilec::examples;

namespace {

constexpr int64_t kGuardRows = 4;
constexpr uint16_t kPoison = 0x7e00; // an fp16 NaN

/// The fp16 bits of a small integer (exact).
uint16_t halfOf(int value) {
  if (value == 0)
    return 0;
  uint16_t sign = value < 0 ? 0x8000 : 0;
  unsigned magnitude = static_cast<unsigned>(std::abs(value));
  int exponent = 0;
  while ((magnitude >> exponent) > 1)
    ++exponent;
  // 10 fraction bits hold magnitude's bits below its leading one.
  unsigned fraction = (magnitude << (10 - exponent)) & 0x3ff;
  return sign | static_cast<uint16_t>((exponent + 15) << 10) | fraction;
}

class DescriptorMatmulCase final : public KernelCase {
public:
  DescriptorMatmulCase(const std::string &dir, const std::string &variant,
                       int64_t m, int64_t n, int64_t k, uint64_t seed)
      : embedded(variant == "launcher"),
        m(m), n(n), k(k) {
    if (!embedded)
      kernel.emplace(rt::Kernel::load(manifestPath(dir, variant)));
    const rt::Manifest &manifest =
        embedded ? kernels::descriptors_matmul_embedded().manifest()
                 : kernel->manifest();
    bm = manifest.requireConstexprInt("BM");
    bn = manifest.requireConstexprInt("BN");
    caseInfo.kernel = "desc_param_matmul_relu";
    caseInfo.shape = fmt::format("{}x{}x{}", m, n, k);
    caseInfo.id = fmt::format("{}_{}x{}x{}", variant, m, n, k);
    caseInfo.variant = variant;
    caseInfo.warps = manifest.numWarps;
    std::vector<float> ua = uniformFloats(m * k, -2.0f, 2.99f, seed);
    std::vector<float> ub = uniformFloats(k * n, -2.0f, 2.99f, seed + 1);
    for (float v : ua)
      aInts.push_back(int(std::floor(v)));
    for (float v : ub)
      bInts.push_back(int(std::floor(v)));
    std::vector<uint16_t> aBits, bBits;
    for (int v : aInts)
      aBits.push_back(halfOf(v));
    for (int v : bInts)
      bBits.push_back(halfOf(v));
    a = rt::DeviceBuffer::fromHost(aBits);
    b = rt::DeviceBuffer::fromHost(bBits);
    c = rt::DeviceBuffer((m + kGuardRows) * n * 2);
  }
  const CaseInfo &info() const override { return caseInfo; }
  void launch() override {
    rt::Grid grid{(m + bm - 1) / bm, (n + bn - 1) / bn};
    // The typed launcher, its manifest and PTX embedded.
    if (embedded) {
      kernels::descriptors_matmul(grid, a, int32_t(m), int32_t(k), int64_t(k),
                                  int64_t(1), b, int32_t(k), int32_t(n),
                                  int64_t(n), int64_t(1), c, int32_t(m),
                                  int32_t(n), int64_t(n), int64_t(1),
                                  int32_t(k));
      return;
    }
    // desc_matmul_relu makes its descriptors from pointers and sizes.
    if (kernel->manifest().params.size() == 6) {
      kernel->launch(grid, {a, b, c, int32_t(m), int32_t(n), int32_t(k)});
      return;
    }
    // Each descriptor: base, shape (i32), strides (i64, the last 1).
    kernel->launch(grid,
                   {a, int32_t(m), int32_t(k), int64_t(k), int64_t(1),
                    b, int32_t(k), int32_t(n), int64_t(n), int64_t(1),
                    c, int32_t(m), int32_t(n), int64_t(n), int64_t(1),
                    int32_t(k)});
  }
  CheckResult check() override {
    std::vector<uint16_t> poison((m + kGuardRows) * n, kPoison);
    c = rt::DeviceBuffer::fromHost(poison);
    launch();
    rt::Context::current().synchronize();
    std::vector<uint16_t> got = c.toHost<uint16_t>((m + kGuardRows) * n);
    CheckResult result;
    int64_t wrong = 0;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        int64_t sum = 0;
        for (int64_t p = 0; p < k; ++p)
          sum += int64_t(aInts[i * k + p]) * bInts[p * n + j];
        uint16_t want = halfOf(int(std::max<int64_t>(sum, 0)));
        if (got[i * n + j] != want && wrong++ < 3)
          result.fail(fmt::format("c[{}][{}] is 0x{:04x}, expected {} (0x{:04x})",
                                  i, j, got[i * n + j], std::max<int64_t>(sum, 0),
                                  want));
      }
    for (int64_t i = m * n; i < (m + kGuardRows) * n; ++i)
      if (got[i] != kPoison) {
        result.fail(fmt::format("c element {} past the last row written", i));
        break;
      }
    result.errors.push_back({"wrong", double(wrong)});
    return result;
  }

private:
  bool embedded;
  std::optional<rt::Kernel> kernel;
  int64_t m, n, k, bm = 0, bn = 0;
  CaseInfo caseInfo;
  std::vector<int> aInts, bInts;
  rt::DeviceBuffer a, b, c;
};

} // namespace

int main(int argc, char **argv) {
  return runGpuTest(
      argc, argv, "gpu-test-descriptors",
      [&](const std::string &dir) {
        struct Shape {
          int64_t m, n, k;
        };
        // |sums| stay below 2048 (exact in fp16): K at most 160 with
        // factors in [-2, 2].
        std::vector<Shape> shapes = {{64, 64, 32},  {1, 8, 8},     {65, 72, 40},
                                     {130, 200, 96}, {256, 128, 160},
                                     {1000, 1008, 72}, {17, 8, 136}};
        std::vector<CaseSpec> cases;
        uint64_t seed = 11;
        for (const char *variant :
             {"descriptors_matmul_s2", "descriptors_matmul_s3",
              "descriptors_matmul_s4", "descriptors_matmul_w8",
              "descriptors_made_matmul_w8", "launcher"})
          for (Shape s : shapes) {
            uint64_t at = seed += 2;
            cases.push_back(
                {fmt::format("{} {}x{}x{}", variant, s.m, s.n, s.k), [=] {
                   return std::make_unique<DescriptorMatmulCase>(
                       dir, variant, s.m, s.n, s.k, at);
                 }});
          }
        return cases;
      },
      "desc_param_matmul_relu");
}
