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
  RunOptions options;
  try {
    CommandLine commandLine(argc, argv, runFlags());
    std::string dir = commandLine.string("--kernels-dir", defaultKernelsDir());
    uint64_t seed = commandLine.integer("--seed", 1, 0, INT64_MAX);
    bool custom = commandLine.has("--rows") || commandLine.has("--cols");
    int64_t rows = commandLine.integer("--rows", 4096, 1, INT_MAX);
    int64_t cols = commandLine.integer("--cols", 16384, 1, INT_MAX);
    options = parseRunOptions(commandLine);
    commandLine.finish();
    if (custom) {
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
  return runProgram(cases, options, /*skipExitCode=*/0);
}
