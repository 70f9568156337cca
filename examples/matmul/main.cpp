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
  RunOptions options;
  try {
    std::set<std::string> flags = runFlags();
    flags.insert("--grouped");
    CommandLine commandLine(argc, argv, flags);
    std::string dir = commandLine.string("--kernels-dir", defaultKernelsDir());
    uint64_t seed = commandLine.integer("--seed", 1, 0, INT64_MAX);
    bool custom = commandLine.has("--m") || commandLine.has("--n") ||
                  commandLine.has("--k") || commandLine.has("--type");
    int64_t m = commandLine.integer("--m", 4096, 1, INT_MAX);
    int64_t n = commandLine.integer("--n", 4096, 1, INT_MAX);
    int64_t k = commandLine.integer("--k", 4096, 1, INT_MAX);
    std::string typeName = commandLine.string("--type", "fp16");
    std::optional<MatMulType> type = parseMatMulType(typeName);
    if (!type)
      throw std::invalid_argument("--type must be fp16, bf16 or fp32, got '" +
                                  typeName + "'");
    std::string layoutName = commandLine.string("--b-layout", "row");
    std::optional<MatMulBLayout> bLayout = parseMatMulBLayout(layoutName);
    if (!bLayout)
      throw std::invalid_argument("--b-layout must be row or col, got '" +
                                  layoutName + "'");
    std::string tilingName = commandLine.string("--tiling", "64x64x32w4");
    std::optional<MatMulTiling> tiling = parseMatMulTiling(tilingName);
    if (!tiling)
      throw std::invalid_argument(
          "--tiling must look like 128x128x64w4, got '" + tilingName + "'");
    bool grouped = commandLine.has("--grouped");
    std::optional<size_t> config;
    if (commandLine.has("--config")) {
      if (!grouped)
        throw std::invalid_argument("--config picks a config of --grouped");
      config = commandLine.integer("--config", 0, 0, 1000);
    }
    if (grouped && (commandLine.has("--tiling") || layoutName != "row"))
      throw std::invalid_argument(
          "--grouped takes its tiles from the autotuner and B row-major");
    options = parseRunOptions(commandLine);
    commandLine.finish();
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
  return runProgram(cases, options, /*skipExitCode=*/0);
}
