//===- Case.h - one checked and timed kernel configuration ------*- C++ -*-===//
//
// Each example defines its cases (a kernel variant at one shape) by
// implementing KernelCase; runCases then does the same thing for all of
// them: check against the CPU reference on NaN-poisoned outputs, time with
// CUDA events the lecture's way, print one line per case, and a
// machine-readable RESULT line that tools/gpu/bench_triton.py reads.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_EXAMPLES_CASE_H
#define TILEC_EXAMPLES_CASE_H

#include "tilec/runtime/Timing.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tilec::examples {

/// What a case is, for reports.
struct CaseInfo {
  /// "gelu", "softmax", "rowsum".
  std::string kernel;
  /// Shape as printed: "n=1000", "8192x1024", "4x1000 x_stride=1040".
  std::string shape;
  /// A unique token for RESULT lines: "gelu_1000", "softmax_8192x1024".
  std::string id;
  /// The manifest basename of the variant used, e.g. "softmax_b1024_w4_d16".
  std::string variant;
  int64_t block = 0;
  unsigned warps = 0;
  /// Bytes the kernel must read plus bytes it must write.
  uint64_t bytes = 0;
  /// Floating-point operations of one launch, for compute-bound kernels
  /// (matmul); 0 reports no TFLOP/s.
  uint64_t flops = 0;
};

/// The outcome of comparing one run with the CPU reference.
struct CheckResult {
  bool passed = true;
  /// Measured errors in print order, e.g. {"max_rel_err", 1.2e-7}.
  std::vector<std::pair<std::string, double>> errors;
  /// Why the check failed (the first problem found); empty if it passed.
  std::string failure;

  /// Records a failure unless one is recorded already.
  void fail(const std::string &why) {
    if (passed)
      failure = why;
    passed = false;
  }
};

/// One kernel variant at one shape with its device buffers.
class KernelCase {
public:
  virtual ~KernelCase() = default;
  virtual const CaseInfo &info() const = 0;
  /// Poisons the outputs, launches once, waits, compares with the reference.
  virtual CheckResult check() = 0;
  /// Enqueues one launch on the default stream; what the timing measures.
  virtual void launch() = 0;
};

/// A case given by two functions: one launch, and the check of a fresh run
/// (which resets what the launch reads or accumulates into first).
class FunctionCase final : public KernelCase {
public:
  FunctionCase(CaseInfo info, std::function<void()> launchFn,
               std::function<CheckResult()> checkFn)
      : caseInfo(std::move(info)), launchFn(std::move(launchFn)),
        checkFn(std::move(checkFn)) {}
  const CaseInfo &info() const override { return caseInfo; }
  void launch() override { launchFn(); }
  CheckResult check() override { return checkFn(); }

private:
  CaseInfo caseInfo;
  std::function<void()> launchFn;
  std::function<CheckResult()> checkFn;
};

/// A case is built only when its turn comes, so the big ones do not hold
/// memory at the same time.
struct CaseSpec {
  /// Printed if building the case fails, e.g. "gelu n=1000".
  std::string label;
  std::function<std::unique_ptr<KernelCase>()> build;
};

struct RunOptions {
  bool checkOnly = false;
  rt::BenchOptions bench;
};

/// Builds, checks and (unless checkOnly) times each case in turn, printing
/// one line per case and, for timed cases, a RESULT line. An exception from
/// a case counts as its failure. Returns the number of failed cases.
int runCases(const std::vector<CaseSpec> &cases, const RunOptions &options);

/// The shared body of every host program and GPU test: prints the SKIP
/// line and returns \p skipExitCode when there is no driver; otherwise
/// prints the device, runs every case and a final "<n> passed, <m> failed"
/// line, and returns 0 if all passed, else 1.
int runProgram(const std::vector<CaseSpec> &cases, const RunOptions &options,
               int skipExitCode);

/// The main of a GPU test whose only option is --kernels-dir: parses it
/// (an error: "<program>: <why>", exit 2), checks every case that
/// \p makeCases builds for the kernels directory, and exits as runProgram
/// with 77 for a skip. With \p unemulatedKernel, the fake CUDA driver
/// (test/unit/runtime_fakecuda, which emulates only the lecture's GeLU,
/// softmax and row-sum) is a skip too, naming that kernel.
int runGpuTest(int argc, char **argv, const char *program,
               const std::function<std::vector<CaseSpec>(const std::string &)>
                   &makeCases,
               const char *unemulatedKernel = nullptr);

class CommandLine;

/// Declares --kernels-dir, bound to \p dir (which holds the default,
/// defaultKernelsDir()).
void declareKernelsDir(CommandLine &commandLine, std::string &dir);

/// The options every host program takes, as parsed: --check-only,
/// --warmups (default 10), --trials (default 100) and --no-flush-l2 (by
/// default 256 MiB are overwritten before each trial; see
/// rt::BenchOptions::flushBytes).
struct RunFlags {
  bool checkOnly = false;
  int64_t warmups = 10;
  int64_t trials = 100;
  bool noFlushL2 = false;

  /// Declares the options on \p commandLine, bound to these fields.
  void declare(CommandLine &commandLine);
  /// The RunOptions they stand for.
  RunOptions options() const;
};

/// "SKIP: no CUDA driver (<why>)" if the driver is unavailable, else "".
std::string skipMessage();

/// Prints the device and driver once, e.g.
/// "device: NVIDIA H200 (compute 9.0, 132 SMs, 140.4 GiB), driver 13.0".
void printDevice();

/// $TILEC_KERNELS_DIR if set, else the build's kernels directory.
std::string defaultKernelsDir();

/// <dir>/<variant>.json
std::string manifestPath(const std::string &dir, const std::string &variant);

/// The suffix of the most specialised kernel variant whose integer promises
/// all `values` keep: "_d16" when every value is a multiple of 16 (Triton's
/// JIT specialises likewise), "_d8" for multiples of 8 (finer than Triton:
/// it makes rows of 1000 floats 32-byte aligned, so 128-bit accesses
/// apply), "" otherwise.
std::string divisibilitySuffix(std::initializer_list<int64_t> values);

} // namespace tilec::examples

#endif // TILEC_EXAMPLES_CASE_H
