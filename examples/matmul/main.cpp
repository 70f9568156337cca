//===- main.cpp - matmul + ReLU with tilec-compiled kernels ---------------===//
//
// Checks the lecture's matmul + ReLU kernel against a float64 reference and
// times it the lecture's way. Usage:
//   example-matmul [--kernels-dir DIR] [--type fp16|bf16|fp32]
//                  [--m M --n N --k K] [--b-layout row|col] [--trials T]
//                  [--warmups W] [--seed S] [--check-only] [--no-flush-l2]
//                  [--tiling BMxBNxBKwW]
// Without --m/--n/--k it runs 4096^3 in fp16, bf16 and fp32 (64x64x32
// tiles, 4 warps; fewer trials suit it: --trials 20). --b-layout col gives
// B column-major (stride_bk = 1, stride_bn = K: the `_bt` variants).
// --tiling picks a variant compiled for other tiles (default 64x64x32w4),
// e.g. matmul_f16_b128x128x64_w4_d16 for 128x128x64w4. --grouped runs
// grouped.py instead, autotuned over its configs (each timed on first use,
// the pick kept in grouped_<type>[_d16].picks.json beside the index;
// --config N forces config N).
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "common/CommandLine.h"
#include "matmul/MatMul.h"

#include <climits>
#include <cstdio>
#include <optional>
#include <set>
#include <stdexcept>

using namespace tilec::examples;

int main(int argc, char **argv) {
  std::vector<CaseSpec> cases;
  RunFlags run;
  try {
    CommandLine commandLine(
        "example-matmul",
        "Checks the lecture's matmul + ReLU kernel against a float64 "
        "reference on a sample of outputs and times it the lecture's way "
        "(TFLOP/s): fp16, bf16 and fp32 at 4096^3, or the problem given.");
    std::string dir = defaultKernelsDir();
    int64_t seed = 1, m = 4096, n = 4096, k = 4096, configIndex = 0;
    std::string typeName = "fp16", layoutName = "row",
                tilingName = "64x64x32w4";
    bool grouped = false;
    declareKernelsDir(commandLine, dir);
    commandLine.integer("--seed", seed, 0, INT64_MAX, "the inputs' seed");
    CLI::Option *mOption =
        commandLine.integer("--m", m, 1, INT_MAX, "rows of A and C");
    CLI::Option *nOption =
        commandLine.integer("--n", n, 1, INT_MAX, "columns of B and C");
    CLI::Option *kOption =
        commandLine.integer("--k", k, 1, INT_MAX, "columns of A, rows of B");
    CLI::Option *typeOption = commandLine.string(
        "--type", typeName, "fp16, bf16 or fp32 (tf32 on the tensor cores)");
    commandLine.string("--b-layout", layoutName,
                       "row or col: B row-major or column-major");
    CLI::Option *tilingOption = commandLine.string(
        "--tiling", tilingName,
        "the lecture kernel's tiles and warps, such as 128x128x64w4");
    commandLine.flag("--grouped", grouped,
                     "the autotuned grouped-order kernel (grouped.py)");
    CLI::Option *configOption = commandLine.integer(
        "--config", configIndex, 0, 1000,
        "with --grouped: this config, without timing the others");
    run.declare(commandLine);
    if (!commandLine.parse(argc, argv))
      return 0;
    bool custom = mOption->count() || nOption->count() || kOption->count() ||
                  typeOption->count();
    std::optional<MatMulType> type = parseMatMulType(typeName);
    if (!type)
      throw std::invalid_argument("--type must be fp16, bf16 or fp32, got '" +
                                  typeName + "'");
    std::optional<MatMulBLayout> bLayout = parseMatMulBLayout(layoutName);
    if (!bLayout)
      throw std::invalid_argument("--b-layout must be row or col, got '" +
                                  layoutName + "'");
    std::optional<MatMulTiling> tiling = parseMatMulTiling(tilingName);
    if (!tiling)
      throw std::invalid_argument(
          "--tiling must look like 128x128x64w4, got '" + tilingName + "'");
    std::optional<size_t> config;
    if (configOption->count()) {
      if (!grouped)
        throw std::invalid_argument("--config picks a config of --grouped");
      config = size_t(configIndex);
    }
    if (grouped && (tilingOption->count() || layoutName != "row"))
      throw std::invalid_argument(
          "--grouped takes its tiles from the autotuner and B row-major");
    MatMulBLayout layout = *bLayout;
    std::string layoutLabel =
        layout == MatMulBLayout::ColumnMajor ? " col-major B" : "";
    auto add = [&](MatMulType t, const std::string &name) {
      cases.push_back(
          {"matmul " + std::to_string(m) + "x" + std::to_string(n) + "x" +
               std::to_string(k) + " " + name + layoutLabel,
           [=, tiling = *tiling]() -> std::unique_ptr<KernelCase> {
             if (grouped)
               return makeGroupedMatMulCase(dir, t, m, n, k, seed, config);
             return makeMatMulCase(dir, t, m, n, k, seed, layout, tiling);
           }});
    };
    if (custom) {
      add(*type, typeName);
    } else {
      add(MatMulType::F16, "fp16");
      add(MatMulType::BF16, "bf16");
      add(MatMulType::F32, "fp32");
    }
  } catch (const std::invalid_argument &error) {
    std::fprintf(stderr, "example-matmul: %s\n", error.what());
    return 2;
  }
  return runProgram(cases, run.options(), /*skipExitCode=*/0);
}
