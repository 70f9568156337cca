//===- main.cpp - row softmax with tilec-compiled kernels -----------------===//
//
// Checks the lecture's softmax kernel against a float64 reference and times
// it the lecture's way. Usage:
//   example-softmax [--kernels-dir DIR] [--rows R --cols C [--x-stride S]
//                   [--y-stride S]] [--trials T] [--warmups W] [--seed S]
//                   [--check-only] [--no-flush-l2]
// Without --rows/--cols it runs the benchmark shapes 8192x1024, 8192x4096,
// 4096x16384 and 32768x1000.
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "common/CommandLine.h"
#include "softmax/Softmax.h"

#include <climits>
#include <cstdio>
#include <stdexcept>

using namespace tilec::examples;

static CaseSpec softmaxCase(const std::string &dir, SoftmaxShape shape,
                            uint64_t seed) {
  std::string label = "softmax " + std::to_string(shape.rows) + "x" +
                      std::to_string(shape.cols);
  return {label, [=] {
            return makeSoftmaxCase(dir, shape, softmaxInput(shape, seed));
          }};
}

int main(int argc, char **argv) {
  std::vector<CaseSpec> cases;
  RunFlags run;
  try {
    CommandLine commandLine(
        "example-softmax",
        "Checks the lecture's softmax kernel against a float64 reference and "
        "times it the lecture's way: 8192x1024, 8192x4096, 4096x16384 and "
        "32768x1000, or the shape given.");
    std::string dir = defaultKernelsDir();
    int64_t seed = 1, rows = 8192, cols = 1024, xStride = 0, yStride = 0;
    declareKernelsDir(commandLine, dir);
    commandLine.integer("--seed", seed, 0, INT64_MAX, "the inputs' seed");
    CLI::Option *rowsOption =
        commandLine.integer("--rows", rows, 1, INT_MAX, "rows (one shape)");
    CLI::Option *colsOption =
        commandLine.integer("--cols", cols, 1, 1 << 16, "columns (one shape)");
    CLI::Option *xStrideOption = commandLine.integer(
        "--x-stride", xStride, 1, INT_MAX,
        "elements between rows of x (default: the columns)");
    CLI::Option *yStrideOption = commandLine.integer(
        "--y-stride", yStride, 1, INT_MAX,
        "elements between rows of y (default: the columns)");
    run.declare(commandLine);
    if (!commandLine.parse(argc, argv))
      return 0;
    SoftmaxShape shape{rows, cols, xStrideOption->count() ? xStride : cols,
                       yStrideOption->count() ? yStride : cols};
    if (shape.xStride < cols || shape.yStride < cols)
      throw std::invalid_argument("--x-stride and --y-stride must be at "
                                  "least --cols (" +
                                  std::to_string(cols) + ")");
    if (rowsOption->count() || colsOption->count()) {
      cases.push_back(softmaxCase(dir, shape, seed));
    } else {
      for (auto [rows, cols] : {std::pair<int64_t, int64_t>{8192, 1024},
                                {8192, 4096},
                                {4096, 16384},
                                {32768, 1000}})
        cases.push_back(softmaxCase(dir, {rows, cols, cols, cols}, seed));
    }
  } catch (const std::invalid_argument &error) {
    std::fprintf(stderr, "example-softmax: %s\n", error.what());
    return 2;
  }
  return runProgram(cases, run.options(), /*skipExitCode=*/0);
}
