//===- main.cpp - GeLU with a tilec-compiled kernel -----------------------===//
//
// Checks the lecture's GeLU kernel against a float64 reference and times it
// the lecture's way. Usage:
//   example-gelu [--kernels-dir DIR] [--n N] [--trials T] [--warmups W]
//                [--seed S] [--check-only] [--no-flush-l2]
// Defaults: n = 2^28 (1 GiB in, 1 GiB out), 10 warm-ups, 100 trials.
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "common/CommandLine.h"
#include "gelu/Gelu.h"

#include <climits>
#include <cstdio>
#include <stdexcept>

using namespace tilec::examples;

int main(int argc, char **argv) {
  std::vector<CaseSpec> cases;
  RunFlags run;
  try {
    CommandLine commandLine(
        "example-gelu", "Checks the lecture's GeLU kernel against a float64 "
                        "reference and times it the lecture's way.");
    std::string dir = defaultKernelsDir();
    int64_t n = int64_t(1) << 28, seed = 1;
    declareKernelsDir(commandLine, dir);
    commandLine.integer("--n", n, 1, INT_MAX, "elements (2^k allowed)");
    commandLine.integer("--seed", seed, 0, INT64_MAX, "the inputs' seed");
    run.declare(commandLine);
    if (!commandLine.parse(argc, argv))
      return 0;
    cases.push_back({"gelu n=" + std::to_string(n),
                     [=] { return makeGeluCase(dir, n, seed); }});
  } catch (const std::invalid_argument &error) {
    std::fprintf(stderr, "example-gelu: %s\n", error.what());
    return 2;
  }
  // A missing driver is not a failure of this program: exit 0 after SKIP.
  return runProgram(cases, run.options(), /*skipExitCode=*/0);
}
