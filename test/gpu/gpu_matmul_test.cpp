//===- gpu_matmul_test.cpp - the lecture's matmul + ReLU against float64 --===//
//
// Runs the matmul variants (fp16, bf16, fp32 operands; plain and `_d16`; B
// row-major and, through the `_bt` variants, column-major) at shapes that do
// and do not fill the 64x64x32 tiles, K of one step and of many, and a 1x1x1
// product; then each of 1, 17, 64, 1000, 1023 and 4097 in each of M, N and
// K. Checks every element (a sample for big products) against a float64
// product of the rounded inputs and that nothing outside C is written
// (examples/matmul/MatMul.cpp). Then the lecture's tiles at 1, 2 and 4
// pipeline stages (tilec --num-stages; 3 above), and every config of
// grouped.py's @triton.autotune (grouped program order, Hopper tiles of 4
// and 8 warps, 3 and 4 stages) on its own, fp16, bf16 and fp32 (tf32, the
// configs that fit), at ragged and tile-filling shapes; and the typed
// launchers that embed those configs (fp16 `_d16`, bf16), each tuning on
// its first launch of a shape. Exits 0 if all pass,
// 1 if any fails, 77 (skip) without a CUDA driver or under the fake driver,
// which does not emulate this kernel.
//   gpu-test-matmul [--kernels-dir DIR] [--quick]
// --quick leaves out the shapes with a dimension of 4097 (for runs under
// compute-sanitizer): they only make the grid or the K loop longer; their
// remainder, one row, column or K index past a whole tile or step, is in
// 65x63x31 and 1023x64x1 too. It runs grouped.py's configs at 1x1x1 and
// 300x520x200 only.
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "matmul/MatMul.h"
#include "tilec/kernels/grouped_bf16.h"
#include "tilec/kernels/grouped_f16_d16.h"
#include "tilec/runtime/Runtime.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <tuple>
#include <cstring>
#include <fstream>
#include <vector>

using namespace tilec;
using namespace tilec::examples;

namespace {

struct Shape {
  int64_t m, n, k;
};

// Tile-filling and ragged shapes, K of one step and of many. Multiples of
// 16 pick the `_d16` variants.
const std::vector<Shape> tileShapes = {
    {64, 64, 32},   {1, 1, 1},        {100, 70, 50}, {130, 200, 33},
    {256, 128, 96}, {192, 320, 1024}, {65, 63, 31},  {16, 16, 16}};

// Each of 1, 17, 64, 1000, 1023, 4097 at least once in each of M, N and K
// (past whole 64-wide tiles they leave 1, 17, 0, 40, 63 and 1 rows or
// columns; past 32-deep K steps 1, 17, 0, 8, 31 and 1), the big ones next
// to small ones so that every element is checked at little cost; only
// 1000x1023x17 has two. 1000x64x64 is all multiples of 8, not of 16: the
// plain variant.
const std::vector<Shape> boundaryShapes = {
    {1, 64, 1000}, {17, 1000, 64}, {64, 17, 4097},   {1000, 1, 17},
    {1023, 64, 1}, {4097, 17, 64}, {64, 4097, 17},   {1, 1, 4097},
    {17, 1, 1023}, {1, 17, 1},     {1000, 1023, 17}, {1000, 64, 64},
    {17, 17, 17},  {4097, 1, 1}};

// B column-major (`_bt`): tile-filling, ragged, `_d16`, K = 1 (where both
// of B's strides are 1), and long K steps along B's contiguous dimension.
const std::vector<Shape> columnMajorBShapes = {
    {64, 64, 32},  {16, 16, 16},    {1, 1, 1},
    {65, 63, 31},  {100, 70, 50},   {256, 128, 96},
    {1023, 17, 1}, {128, 64, 1000}, {17, 64, 4097}};

// The other stage counts: tile-filling and ragged shapes, many K steps, K
// of one step, and long K loops with a remainder.
const std::vector<Shape> stageShapes = {
    {64, 64, 32},  {1, 1, 1},       {65, 63, 31},     {100, 70, 50},
    {256, 128, 96}, {192, 320, 1024}, {1000, 1023, 17}, {17, 64, 4097}};

// grouped.py's configs: more tiles than fit a wave of groups along M
// (GROUP_M = 8), ragged edges in every dimension, K not a multiple of any
// BLOCK_K, one element.
const std::vector<Shape> groupedShapes = {
    {1, 1, 1}, {300, 520, 200}, {2048, 512, 256}, {1000, 1023, 17},
    {64, 17, 4097}};

// The typed launchers: fp16 promises multiples of 16, bf16 takes any.
const std::vector<Shape> launcherF16Shapes = {
    {16, 16, 16}, {256, 1024, 64}, {2048, 512, 256}};
const std::vector<Shape> launcherBF16Shapes = {
    {1, 1, 1}, {300, 520, 200}, {1000, 1023, 17}};

/// A typed launcher of grouped.py as a case calls it: `tuned` is its
/// NAME_autotuned(), `launch` forwards to NAME (its C++ types checked there).
template <typename Launch>
GroupedMatMulLauncher launcherOf(rt::EmbeddedAutotuned &tuned, Launch launch) {
  GroupedMatMulLauncher launcher;
  launcher.index = &tuned.index();
  launcher.launch = [launch](const rt::AutotunedKernel::GridFn &grid,
                             rt::DevicePtr a, rt::DevicePtr b, rt::DevicePtr c,
                             int32_t m, int32_t n, int32_t k, int32_t sam,
                             int32_t sak, int32_t sbk, int32_t sbn,
                             int32_t scm, int32_t scn) {
    return launch(grid, a, b, c, m, n, k, sam, sak, sbk, sbn, scm, scn);
  };
  return launcher;
}

/// The fp16 `_d16` launcher.
GroupedMatMulLauncher f16Launcher() {
  return launcherOf(kernels::grouped_f16_d16_autotuned(),
                    [](const auto &...args) {
                      return kernels::grouped_f16_d16(args...);
                    });
}

/// The bf16 launcher.
GroupedMatMulLauncher bf16Launcher() {
  return launcherOf(kernels::grouped_bf16_autotuned(),
                    [](const auto &...args) {
                      return kernels::grouped_bf16(args...);
                    });
}

} // namespace

int main(int argc, char **argv) {
  // --quick is ours; runGpuTest parses the rest.
  std::vector<char *> args(argv, argv + argc);
  auto quickArg = std::remove_if(args.begin() + 1, args.end(), [](char *arg) {
    return std::strcmp(arg, "--quick") == 0;
  });
  bool quick = quickArg != args.end();
  args.erase(quickArg, args.end());

  return runGpuTest(
      static_cast<int>(args.size()), args.data(), "gpu-test-matmul",
      [&](const std::string &dir) {
        std::vector<CaseSpec> cases;
        // Seeds in case order: the first list keeps the seeds it always had.
        uint64_t seed = 11;
        auto add = [&](const std::vector<Shape> &shapes,
                       MatMulBLayout bLayout) {
          for (auto [typeName, type] :
               {std::pair<const char *, MatMulType>{"fp16", MatMulType::F16},
                {"bf16", MatMulType::BF16},
                {"fp32", MatMulType::F32}})
            for (const Shape &s : shapes) {
              uint64_t caseSeed = seed++;
              if (quick && std::max({s.m, s.n, s.k}) > 4096)
                continue;
              MatMulType t = type;
              bool columnMajorB = bLayout == MatMulBLayout::ColumnMajor;
              cases.push_back(
                  {fmt::format("matmul {}x{}x{} {}{}", s.m, s.n, s.k, typeName,
                               columnMajorB ? " col-major B" : ""),
                   [=] {
                     return makeMatMulCase(dir, t, s.m, s.n, s.k, caseSeed,
                                           bLayout);
                   }});
            }
        };
        add(tileShapes, MatMulBLayout::RowMajor);
        add(boundaryShapes, MatMulBLayout::RowMajor);
        add(columnMajorBShapes, MatMulBLayout::ColumnMajor);

        const std::pair<const char *, MatMulType> types[] = {
            {"fp16", MatMulType::F16},
            {"bf16", MatMulType::BF16},
            {"fp32", MatMulType::F32}};
        for (unsigned stages : {1u, 2u, 4u})
          for (auto [typeName, type] : types)
            for (const Shape &s : stageShapes) {
              uint64_t caseSeed = seed++;
              if (quick && std::max({s.m, s.n, s.k}) > 4096)
                continue;
              MatMulTiling tiling;
              tiling.stages = stages;
              MatMulType t = type;
              cases.push_back(
                  {fmt::format("matmul {}x{}x{} {} {} stages", s.m, s.n, s.k,
                               typeName, stages),
                   [=] {
                     return makeMatMulCase(dir, t, s.m, s.n, s.k, caseSeed,
                                           MatMulBLayout::RowMajor, tiling);
                   }});
            }

        // Every config tilec compiled (it skips those that do not fit).
        for (size_t config = 0; config < 16; ++config) {
          for (auto [typeName, type] : types) {
            const char *token = type == MatMulType::F16    ? "f16"
                                : type == MatMulType::BF16 ? "bf16"
                                                           : "f32";
            if (!std::ifstream(fmt::format("{}/grouped_{}_d16_c{}.json", dir,
                                           token, config)))
              continue;
            for (const Shape &s : groupedShapes) {
              uint64_t caseSeed = seed++;
              // Under the sanitizers, the two small ragged ones.
              if (quick && s.m * s.n * s.k > 300 * 520 * 200)
                continue;
              MatMulType t = type;
              cases.push_back(
                  {fmt::format("grouped matmul {}x{}x{} {} config {}", s.m,
                               s.n, s.k, typeName, config),
                   [=] {
                     return makeGroupedMatMulCase(dir, t, s.m, s.n, s.k,
                                                  caseSeed, config);
                   }});
            }
          }
        }

        // The typed launchers time each config briefly on a shape's first
        // launch: this checks results, not speed.
        rt::AutotuneOptions brief;
        brief.warmups = 1;
        brief.trials = 2;
        kernels::grouped_f16_d16_autotuned().setOptions(brief);
        kernels::grouped_bf16_autotuned().setOptions(brief);
        for (auto [typeName, type, shapes] :
             {std::tuple{"fp16", MatMulType::F16, &launcherF16Shapes},
              std::tuple{"bf16", MatMulType::BF16, &launcherBF16Shapes}})
          for (const Shape &s : *shapes) {
            uint64_t caseSeed = seed++;
            if (quick && s.m * s.n * s.k > 300 * 520 * 200)
              continue;
            MatMulType t = type;
            cases.push_back(
                {fmt::format("grouped matmul {}x{}x{} {} typed launcher", s.m,
                             s.n, s.k, typeName),
                 [=] {
                   return makeGroupedMatMulCase(t == MatMulType::F16
                                                    ? f16Launcher()
                                                    : bf16Launcher(),
                                                t, s.m, s.n, s.k, caseSeed);
                 }});
          }
        return cases;
      },
      "matmul_relu");
}
