//===- MatMul.cpp - the lecture's matmul + ReLU on the host side ----------===//

#include "matmul/MatMul.h"

#include "common/HostData.h"
#include "tilec/runtime/Runtime.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

namespace tilec::examples {

std::optional<MatMulType> parseMatMulType(const std::string &name) {
  if (name == "fp16")
    return MatMulType::F16;
  if (name == "bf16")
    return MatMulType::BF16;
  if (name == "fp32")
    return MatMulType::F32;
  return std::nullopt;
}

std::optional<MatMulBLayout> parseMatMulBLayout(const std::string &name) {
  if (name == "row")
    return MatMulBLayout::RowMajor;
  if (name == "col")
    return MatMulBLayout::ColumnMajor;
  return std::nullopt;
}

static const char *typeToken(MatMulType type) {
  switch (type) {
  case MatMulType::F16:
    return "f16";
  case MatMulType::BF16:
    return "bf16";
  case MatMulType::F32:
    return "f32";
  }
  return "?";
}

std::optional<MatMulTiling> parseMatMulTiling(const std::string &spec) {
  MatMulTiling tiling;
  long long bm = 0, bn = 0, bk = 0;
  unsigned warps = 0, stages = 0;
  char tail = 0;
  int fields = std::sscanf(spec.c_str(), "%lldx%lldx%lldw%us%u%c", &bm, &bn,
                           &bk, &warps, &stages, &tail);
  bool withStages = fields == 5 && spec.find('s') != std::string::npos;
  if (fields != 4 && !withStages)
    return std::nullopt;
  if (bm < 1 || bn < 1 || bk < 1 || warps < 1 || warps > 32 ||
      (withStages && (stages < 1 || stages > 8)))
    return std::nullopt;
  // "%u" stops at the first non-digit: "64w4x" leaves text sscanf ignores.
  std::string canonical =
      fmt::format("{}x{}x{}w{}", bm, bn, bk, warps) +
      (withStages ? fmt::format("s{}", stages) : std::string());
  if (canonical != spec)
    return std::nullopt;
  tiling.blockM = bm;
  tiling.blockN = bn;
  tiling.blockK = bk;
  tiling.warps = warps;
  if (withStages)
    tiling.stages = stages;
  return tiling;
}

std::string matMulVariant(MatMulType type, int64_t m, int64_t n, int64_t k,
                          MatMulBLayout bLayout, const MatMulTiling &tiling) {
  // Only `_d16` variants are built: divisibilitySuffix's "_d8" (M, N, K
  // multiples of 8 only, e.g. 1000) takes the plain one.
  bool d16 = divisibilitySuffix({m, n, k}) == "_d16";
  return fmt::format("matmul_{}_b{}x{}x{}_w{}{}{}{}", typeToken(type),
                     tiling.blockM, tiling.blockN, tiling.blockK, tiling.warps,
                     tiling.stages == 3 ? std::string()
                                        : fmt::format("_s{}", tiling.stages),
                     bLayout == MatMulBLayout::ColumnMajor ? "_bt" : "",
                     d16 ? "_d16" : "");
}

namespace {

/// Rows of C past M (and columns past N, in a wider buffer) that must keep
/// their poison.
constexpr int64_t kGuardRows = 2;
constexpr int64_t kGuardCols = 16; // keeps the row stride a multiple of 16

/// Random values in [-1, 1] rounded to \p type: raw bytes for the device,
/// doubles for the reference.
void makeOperand(MatMulType type, int64_t count, uint64_t seed,
                 std::vector<uint8_t> &bytes, std::vector<double> &values) {
  std::vector<float> floats = uniformFloats(count, -1.0f, 1.0f, seed);
  size_t size = type == MatMulType::F32 ? 4 : 2;
  bytes.resize(count * size);
  values.resize(count);
  for (int64_t i = 0; i < count; ++i) {
    if (type == MatMulType::F32) {
      values[i] = floats[i];
      std::memcpy(&bytes[i * 4], &floats[i], 4);
      continue;
    }
    bool half = type == MatMulType::F16;
    values[i] = half ? roundToFp16(floats[i]) : roundToBf16(floats[i]);
    uint16_t bits = half ? fp16Bits(values[i]) : bf16Bits(values[i]);
    std::memcpy(&bytes[i * 2], &bits, 2);
  }
}

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

class MatMulCase final : public KernelCase {
public:
  /// The lecture's kernel compiled for \p tiling.
  MatMulCase(const std::string &dir, MatMulType type, int64_t m, int64_t n,
             int64_t k, uint64_t seed, MatMulBLayout bLayout,
             const MatMulTiling &tiling)
      : kernel(rt::Kernel::load(manifestPath(
            dir, matMulVariant(type, m, n, k, bLayout, tiling)))),
        m(m), n(n), k(k), tf32(type == MatMulType::F32), tiling(tiling) {
    setUp(type, seed, bLayout);
    caseInfo.variant = matMulVariant(type, m, n, k, bLayout, tiling);
    caseInfo.warps = kernel->manifest().numWarps;
  }

  /// grouped.py's autotuned kernel from the index \p indexPath, or with
  /// \p config only its config number \p config (as tilec --config
  /// numbers them: <index stem>_c<N>.json), launched without the autotuner.
  MatMulCase(const std::string &indexPath, MatMulType type, int64_t m,
             int64_t n, int64_t k, uint64_t seed, std::optional<size_t> config)
      : grouped(true), m(m), n(n), k(k), tf32(type == MatMulType::F32) {
    std::vector<const rt::Manifest *> configs;
    if (config) {
      std::string stem = indexPath.substr(0, indexPath.size() - 5);
      kernel = rt::Kernel::load(fmt::format("{}_c{}.json", stem, *config));
      configs.push_back(&kernel->manifest());
    } else {
      tuned = rt::AutotunedKernel::load(indexPath);
      for (size_t i = 0; i < tuned->configCount(); ++i)
        if (tuned->loaded(i))
          configs.push_back(&tuned->kernel(i).manifest());
    }
    // The largest tiles any config uses bound the 32-bit offsets.
    for (const rt::Manifest *manifest : configs) {
      tiling.blockM = std::max(tiling.blockM,
                               manifest->requireConstexprInt("BLOCK_M"));
      tiling.blockN = std::max(tiling.blockN,
                               manifest->requireConstexprInt("BLOCK_N"));
      tiling.blockK = std::max(tiling.blockK,
                               manifest->requireConstexprInt("BLOCK_K"));
    }
    setUp(type, seed, MatMulBLayout::RowMajor);
    const rt::Manifest *used = configs.front();
    if (config) {
      caseInfo.variant = fmt::format("grouped_c{}", *config);
    } else {
      std::string key = tuned->key(arguments());
      size_t picked = tuned->tune(groupedGrid(), arguments());
      std::printf("%s", tuned->report(key).c_str());
      used = &tuned->kernel(picked).manifest();
      caseInfo.variant =
          fmt::format("{}_c{}", tuned->name(),
                      tuned->index().configs[picked].number.value_or(picked));
    }
    caseInfo.warps = used->numWarps;
    caseInfo.block = used->requireConstexprInt("BLOCK_M") *
                     used->requireConstexprInt("BLOCK_N");
  }

  /// grouped.py's configs through a typed launcher, which tunes on its
  /// first launch.
  MatMulCase(GroupedMatMulLauncher launcher, MatMulType type, int64_t m,
             int64_t n, int64_t k, uint64_t seed)
      : launcher(std::move(launcher)), grouped(true), m(m), n(n), k(k),
        tf32(type == MatMulType::F32) {
    const rt::AutotuneIndex &index = *this->launcher.index;
    for (const rt::Manifest &manifest : index.manifests) {
      tiling.blockM = std::max(tiling.blockM,
                               manifest.requireConstexprInt("BLOCK_M"));
      tiling.blockN = std::max(tiling.blockN,
                               manifest.requireConstexprInt("BLOCK_N"));
      tiling.blockK = std::max(tiling.blockK,
                               manifest.requireConstexprInt("BLOCK_K"));
    }
    setUp(type, seed, MatMulBLayout::RowMajor);
    caseInfo.variant = index.name + " (typed launcher)";
    caseInfo.warps = 0;
  }

  /// Checks the shape, fills the case's description and the operands.
  void setUp(MatMulType type, uint64_t seed, MatMulBLayout bLayout) {
    if (m < 1 || n < 1 || k < 1)
      throw rt::Error("matmul needs M, N, K >= 1");
    // The kernel's offsets are 32-bit.
    int64_t bm = tiling.blockM, bn = tiling.blockN, bk = tiling.blockK;
    if ((m + bm) * (k + bk) > INT32_MAX || (k + bk) * (n + bn) > INT32_MAX ||
        (m + bm) * (n + kGuardCols + bn) > INT32_MAX)
      throw rt::Error("shape overflows the kernel's 32-bit offsets");
    bool columnMajorB = bLayout == MatMulBLayout::ColumnMajor;
    caseInfo.kernel = "matmul";
    caseInfo.shape = fmt::format("{}x{}x{} {}{}", m, n, k,
                                 type == MatMulType::F16    ? "fp16"
                                 : type == MatMulType::BF16 ? "bf16"
                                                            : "fp32",
                                 columnMajorB ? " col-major B" : "");
    caseInfo.id = fmt::format("matmul_{}_{}x{}x{}{}", typeToken(type), m, n, k,
                              columnMajorB ? "_bt" : "");
    caseInfo.block = tiling.blockM * tiling.blockN;
    size_t elementSize = type == MatMulType::F32 ? 4 : 2;
    caseInfo.bytes = (m * k + k * n) * elementSize + m * n * 4;
    caseInfo.flops = 2ull * m * n * k;

    // B's K * N values are generated in memory order whatever the layout;
    // the reference reads them through the same strides as the kernel.
    bStrideK = columnMajorB ? 1 : n;
    bStrideN = columnMajorB ? k : 1;
    std::vector<uint8_t> aBytes, bBytes;
    makeOperand(type, m * k, seed, aBytes, aValues);
    makeOperand(type, k * n, seed + 1, bBytes, bValues);
    a = rt::DeviceBuffer::fromHost(aBytes);
    b = rt::DeviceBuffer::fromHost(bBytes);
    // C's rows are cStride > N apart and there are guard rows past M: the
    // elements the kernel must not write.
    cStride = n + kGuardCols;
    c = rt::DeviceBuffer((m + kGuardRows) * cStride * sizeof(float));
  }

  const CaseInfo &info() const override { return caseInfo; }

  void launch() override {
    if (launcher.launch) {
      auto i32 = [](int64_t v) { return static_cast<int32_t>(v); };
      size_t config = launcher.launch(
          groupedGrid(), a.ptr(), b.ptr(), c.ptr(), i32(m), i32(n), i32(k),
          i32(k), 1, i32(bStrideK), i32(bStrideN), i32(cStride), 1);
      const rt::Manifest &used = launcher.index->manifests.at(config);
      caseInfo.variant = fmt::format(
          "{}_c{} (typed launcher)", launcher.index->name,
          launcher.index->configs[config].number.value_or(config));
      caseInfo.warps = used.numWarps;
      caseInfo.block = used.requireConstexprInt("BLOCK_M") *
                       used.requireConstexprInt("BLOCK_N");
      return;
    }
    if (tuned) {
      tuned->launch(groupedGrid(), arguments());
      return;
    }
    if (grouped) {
      kernel->launch(groupedGrid()(kernel->manifest()), arguments());
      return;
    }
    kernel->launch({ceilDiv(m, tiling.blockM), ceilDiv(n, tiling.blockN)},
                   arguments());
  }

  std::vector<rt::Arg> arguments() const {
    auto i32 = [](int64_t v) { return static_cast<int32_t>(v); };
    return {a,      b,          c,           i32(m),        i32(n), i32(k),
            i32(k), i32(1),     i32(bStrideK), i32(bStrideN), i32(cStride),
            i32(1)};
  }

  /// grouped.py's grid: one program per tile of C, in one dimension.
  rt::AutotunedKernel::GridFn groupedGrid() const {
    return [m = m, n = n](const rt::Manifest &config) {
      return rt::Grid{ceilDiv(m, config.requireConstexprInt("BLOCK_M")) *
                      ceilDiv(n, config.requireConstexprInt("BLOCK_N"))};
    };
  }

  CheckResult check() override {
    c.fill32(kPoisonBits);
    launch();
    rt::Context::current().synchronize();
    std::vector<float> got = c.toHost<float>((m + kGuardRows) * cStride);
    CheckResult result;

    // Which elements to compare: all of them for small products.
    std::vector<std::pair<int64_t, int64_t>> points;
    if (m * n * k <= (int64_t(1) << 30)) {
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j)
          points.push_back({i, j});
    } else {
      std::mt19937_64 random(12345);
      for (int s = 0; s < 4096; ++s)
        points.push_back({int64_t(random() % m), int64_t(random() % n)});
      for (int64_t j = 0; j < n; ++j)
        points.push_back({m - 1, j});
      for (int64_t i = 0; i < m; ++i)
        points.push_back({i, n - 1});
    }
    // fp32 factors are multiplied in tf32 (tl.dot's default, as Triton's):
    // each factor keeps 10 of its 23 mantissa bits, so a product is off by
    // up to about 2^-9 of its size; fp16/bf16 products are exact in fp32.
    double inputError = tf32 ? std::ldexp(1.0, -9) : 0.0;
    std::vector<double> errors(points.size());
    parallelFor(points.size(), [&](size_t first, size_t last) {
      for (size_t p = first; p < last; ++p) {
        auto [i, j] = points[p];
        double sum = 0, scale = 0;
        for (int64_t kk = 0; kk < k; ++kk) {
          double product =
              aValues[i * k + kk] * bValues[kk * bStrideK + j * bStrideN];
          sum += product;
          scale += std::fabs(product);
        }
        double expected = std::max(sum, 0.0);
        double bound = (k * std::ldexp(1.0, -23) + inputError) * scale + 1e-30;
        double value = got[i * cStride + j];
        errors[p] = std::isfinite(value) ? std::fabs(value - expected) / bound
                                         : INFINITY;
      }
    });
    size_t worst = std::max_element(errors.begin(), errors.end()) -
                   errors.begin();
    if (!(errors[worst] <= 1.0)) {
      auto [i, j] = points[worst];
      result.fail(fmt::format("C[{}][{}] is {}: {:.3g} times the error bound",
                              i, j, got[i * cStride + j], errors[worst]));
    }
    result.errors.push_back({"err_over_bound", errors[worst]});
    for (int64_t i = 0; i < m + kGuardRows; ++i)
      for (int64_t j = i < m ? n : 0; j < cStride; ++j)
        if (!isPoison(got[i * cStride + j])) {
          result.fail(fmt::format("wrote C[{}][{}], outside the {}x{} matrix",
                                  i, j, m, n));
          return result;
        }
    return result;
  }

private:
  std::optional<rt::Kernel> kernel;
  std::optional<rt::AutotunedKernel> tuned;
  GroupedMatMulLauncher launcher;
  /// grouped.py's kernel (a 1-D grid), tuned or one config of it.
  bool grouped = false;
  int64_t m, n, k, cStride = 0;
  /// fp32 factors, which tl.dot multiplies in tf32.
  bool tf32;
  MatMulTiling tiling;
  /// B[kk][j] is bValues[kk * bStrideK + j * bStrideN] (one of them is 1).
  int64_t bStrideK = 0, bStrideN = 0;
  CaseInfo caseInfo;
  std::vector<double> aValues, bValues;
  rt::DeviceBuffer a, b, c;
};

} // namespace

std::unique_ptr<KernelCase> makeMatMulCase(const std::string &kernelsDir,
                                           MatMulType type, int64_t m,
                                           int64_t n, int64_t k, uint64_t seed,
                                           MatMulBLayout bLayout,
                                           const MatMulTiling &tiling) {
  return std::make_unique<MatMulCase>(kernelsDir, type, m, n, k, seed, bLayout,
                                      tiling);
}

std::unique_ptr<KernelCase>
makeGroupedMatMulCase(const std::string &kernelsDir, MatMulType type,
                      int64_t m, int64_t n, int64_t k, uint64_t seed,
                      std::optional<size_t> config) {
  bool d16 = divisibilitySuffix({m, n, k}) == "_d16";
  std::string index = fmt::format("{}/grouped_{}{}.json", kernelsDir,
                                  typeToken(type), d16 ? "_d16" : "");
  return std::make_unique<MatMulCase>(index, type, m, n, k, seed, config);
}

std::unique_ptr<KernelCase> makeGroupedMatMulCase(GroupedMatMulLauncher launcher,
                                                  MatMulType type, int64_t m,
                                                  int64_t n, int64_t k,
                                                  uint64_t seed) {
  if (!launcher.index || !launcher.launch)
    throw rt::Error("a grouped matmul case needs a launcher and its index");
  return std::make_unique<MatMulCase>(std::move(launcher), type, m, n, k,
                                      seed);
}

} // namespace tilec::examples
