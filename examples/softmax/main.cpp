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
  RunOptions options;
  try {
    CommandLine commandLine(argc, argv, runFlags());
    std::string dir = commandLine.string("--kernels-dir", defaultKernelsDir());
    uint64_t seed = commandLine.integer("--seed", 1, 0, INT64_MAX);
    bool custom = commandLine.has("--rows") || commandLine.has("--cols");
    SoftmaxShape shape;
    shape.rows = commandLine.integer("--rows", 8192, 1, INT_MAX);
    shape.cols = commandLine.integer("--cols", 1024, 1, 1 << 16);
    shape.xStride =
        commandLine.integer("--x-stride", shape.cols, shape.cols, INT_MAX);
    shape.yStride =
        commandLine.integer("--y-stride", shape.cols, shape.cols, INT_MAX);
    options = parseRunOptions(commandLine);
    commandLine.finish();
    if (custom) {
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
  return runProgram(cases, options, /*skipExitCode=*/0);
}
