//===- gpu_gelu_test.cpp - GeLU on the GPU against a float64 reference ----===//
//
// Sizes that do not fill the last block (1, 1000, 4097, 2^24 + 3) and two
// multiples of 16 for the `i32:16` variant; grid = cdiv(n, BLOCK_SIZE).
// Exits 0 if all pass, 1 if any fails, 77 (skip) without a CUDA driver.
//   gpu-test-gelu [--kernels-dir DIR] [--quick]
// --quick leaves out the 2^24 + 3 case (for runs under compute-sanitizer).
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "common/CommandLine.h"
#include "gelu/Gelu.h"

#include <cstdio>
#include <stdexcept>

using namespace tilec::examples;

int main(int argc, char **argv) {
  std::string dir = defaultKernelsDir();
  bool quick = false;
  try {
    CommandLine commandLine("gpu-test-gelu",
                            "Checks the GeLU kernels on the GPU; exits 77 "
                            "when there is no CUDA driver.");
    declareKernelsDir(commandLine, dir);
    commandLine.flag("--quick", quick, "skip the sizes above 2^20");
    if (!commandLine.parse(argc, argv))
      return 0;
  } catch (const std::invalid_argument &error) {
    std::fprintf(stderr, "gpu-test-gelu: %s\n", error.what());
    return 2;
  }
  std::vector<CaseSpec> cases;
  for (int64_t n : {int64_t(1), int64_t(1000), int64_t(4097),
                    (int64_t(1) << 24) + 3, int64_t(16016), int64_t(1) << 20}) {
    if (quick && n > (int64_t(1) << 20))
      continue;
    cases.push_back({"gelu n=" + std::to_string(n),
                     [=] { return makeGeluCase(dir, n, /*seed=*/n); }});
  }
  RunOptions options;
  options.checkOnly = true;
  return runProgram(cases, options, /*skipExitCode=*/77);
}
