//===- main.cpp - tiled row sums with tilec-compiled kernels --------------===//
//
// Checks the lecture's row-sum kernel against a float64 reference and times
// it the lecture's way. Usage:
//   example-rowsum [--kernels-dir DIR] [--rows R --cols C] [--trials T]
//                  [--warmups W] [--seed S] [--check-only] [--no-flush-l2]
// Without --rows/--cols it runs the benchmark shapes 4096x16384,
// 16384x4096 and 65536x1000 (BLOCK_SIZE 1024).
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "common/CommandLine.h"
#include "rowsum/RowSum.h"

#include <climits>
#include <cstdio>
#include <stdexcept>

using namespace tilec::examples;

static CaseSpec rowSumCase(const std::string &dir, int64_t rows, int64_t cols,
                           uint64_t seed) {
  return {"rowsum " + std::to_string(rows) + "x" + std::to_string(cols),
          [=] { return makeRowSumCase(dir, rows, cols, seed); }};
}

int main(int argc, char **argv) {
  std::vector<CaseSpec> cases;
  RunFlags run;
  try {
    CommandLine commandLine(
        "example-rowsum",
        "Checks the lecture's row-sum kernel against a float64 reference and "
        "times it the lecture's way: 4096x16384, 16384x4096 and 65536x1000, "
        "or the shape given.");
    std::string dir = defaultKernelsDir();
    int64_t seed = 1, rows = 4096, cols = 16384;
    declareKernelsDir(commandLine, dir);
    commandLine.integer("--seed", seed, 0, INT64_MAX, "the inputs' seed");
    CLI::Option *rowsOption =
        commandLine.integer("--rows", rows, 1, INT_MAX, "rows (one shape)");
    CLI::Option *colsOption =
        commandLine.integer("--cols", cols, 1, INT_MAX, "columns (one shape)");
    run.declare(commandLine);
    if (!commandLine.parse(argc, argv))
      return 0;
    if (rowsOption->count() || colsOption->count()) {
      cases.push_back(rowSumCase(dir, rows, cols, seed));
    } else {
      for (auto [r, c] : {std::pair<int64_t, int64_t>{4096, 16384},
                          {16384, 4096},
                          {65536, 1000}})
        cases.push_back(rowSumCase(dir, r, c, seed));
    }
  } catch (const std::invalid_argument &error) {
    std::fprintf(stderr, "example-rowsum: %s\n", error.what());
    return 2;
  }
  return runProgram(cases, run.options(), /*skipExitCode=*/0);
}
