//===- Case.cpp - one checked and timed kernel configuration --------------===//

#include <algorithm>
#include "common/Case.h"
#include "common/CommandLine.h"

#include "tilec/runtime/Context.h"
#include "tilec/runtime/Driver.h"
#include "tilec/runtime/Timing.h"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <exception>

#ifndef TILEC_DEFAULT_KERNELS_DIR
#error "TILEC_DEFAULT_KERNELS_DIR must be defined by the build"
#endif

namespace tilec::examples {

static std::string describe(const CaseInfo &info) {
  return fmt::format("{} {} block={} warps={}", info.kernel, info.shape,
                     info.block, info.warps);
}

static std::string formatErrors(const CheckResult &result) {
  std::string text;
  for (const auto &[name, value] : result.errors)
    text += fmt::format("{}{}={:.3g}", text.empty() ? "" : " ", name, value);
  return text;
}

/// Runs one case; returns whether it passed.
static bool runCase(const CaseSpec &spec, const RunOptions &options) {
  std::unique_ptr<KernelCase> kernelCase;
  try {
    kernelCase = spec.build();
    const CaseInfo &info = kernelCase->info();
    CheckResult result = kernelCase->check();
    std::string line = fmt::format("{}: {}", describe(info), formatErrors(result));
    if (!result.passed) {
      // Timing a wrong kernel would only produce a misleading number.
      std::printf("%s FAIL (%s) [%s]\n", line.c_str(), result.failure.c_str(),
                  info.variant.c_str());
      std::fflush(stdout);
      return false;
    }
    if (options.checkOnly) {
      std::printf("%s PASS [%s]\n", line.c_str(), info.variant.c_str());
      std::fflush(stdout);
      return true;
    }
    rt::TimingStats stats =
        rt::benchmark([&] { kernelCase->launch(); }, options.bench);
    double gbps = rt::gigabytesPerSecond(info.bytes, stats.medianMs);
    // TFLOP/s from the median, for kernels that count their flops.
    double tflops = info.flops ? info.flops / (stats.medianMs * 1e9) : 0.0;
    std::string rate = info.flops ? fmt::format(" TFLOP/s={:.1f}", tflops) : "";
    std::printf("%s mean=%.4fms median=%.4fms p95=%.4fms GB/s=%.1f%s PASS [%s]\n",
                line.c_str(), stats.meanMs, stats.medianMs, stats.p95Ms, gbps,
                rate.c_str(), info.variant.c_str());
    std::printf("RESULT case=%s kernel=%s variant=%s block=%lld warps=%u "
                "bytes=%llu warmups=%u trials=%zu flush_l2_bytes=%llu "
                "mean_ms=%.6f median_ms=%.6f p95_ms=%.6f gbps=%.2f%s\n",
                info.id.c_str(), info.kernel.c_str(), info.variant.c_str(),
                static_cast<long long>(info.block), info.warps,
                static_cast<unsigned long long>(info.bytes),
                options.bench.warmups, stats.trials,
                static_cast<unsigned long long>(options.bench.flushBytes),
                stats.meanMs,
                stats.medianMs, stats.p95Ms, gbps,
                info.flops ? fmt::format(" tflops={:.2f}", tflops).c_str() : "");
    std::fflush(stdout);
    return true;
  } catch (const std::exception &error) {
    std::printf("%s: FAIL (%s)\n", spec.label.c_str(), error.what());
    std::fflush(stdout);
    return false;
  }
}

int runCases(const std::vector<CaseSpec> &cases, const RunOptions &options) {
  int failures = 0;
  for (const CaseSpec &spec : cases)
    failures += runCase(spec, options) ? 0 : 1;
  return failures;
}

int runProgram(const std::vector<CaseSpec> &cases, const RunOptions &options,
               int skipExitCode) {
  std::string skip = skipMessage();
  if (!skip.empty()) {
    std::printf("%s\n", skip.c_str());
    return skipExitCode;
  }
  printDevice();
  int failures = runCases(cases, options);
  std::printf("%zu passed, %d failed\n", cases.size() - failures, failures);
  return failures ? 1 : 0;
}

int runGpuTest(int argc, char **argv, const char *program,
               const std::function<std::vector<CaseSpec>(const std::string &)>
                   &makeCases,
               const char *unemulatedKernel) {
  std::string dir = defaultKernelsDir();
  try {
    CommandLine commandLine(program,
                            "Runs the GPU test cases of this program; exits "
                            "77 when there is no CUDA driver.");
    declareKernelsDir(commandLine, dir);
    if (!commandLine.parse(argc, argv))
      return 0;
  } catch (const std::invalid_argument &error) {
    std::fprintf(stderr, "%s: %s\n", program, error.what());
    return 2;
  }
  std::vector<CaseSpec> cases = makeCases(dir);
  RunOptions options;
  options.checkOnly = true;
  if (unemulatedKernel && skipMessage().empty() &&
      rt::Context::current().device().name.rfind("tilec fake device", 0) ==
          0) {
    std::printf("SKIP: the fake CUDA driver does not emulate %s\n",
                unemulatedKernel);
    return 77;
  }
  return runProgram(cases, options, /*skipExitCode=*/77);
}

void declareKernelsDir(CommandLine &commandLine, std::string &dir) {
  commandLine.string("--kernels-dir", dir,
                     "the directory of the compiled kernels");
}

void RunFlags::declare(CommandLine &commandLine) {
  commandLine.flag("--check-only", checkOnly,
                   "check the results against the reference, do not time");
  commandLine.integer("--warmups", warmups, 0, 100000,
                      "untimed launches before the trials");
  commandLine.integer("--trials", trials, 1, 1000000,
                      "timed launches (CUDA events); mean, median and P95");
  commandLine.flag("--no-flush-l2", noFlushL2,
                   "do not overwrite 256 MiB before each trial (L2 warm)");
}

RunOptions RunFlags::options() const {
  RunOptions options;
  options.checkOnly = checkOnly;
  options.bench.warmups = static_cast<unsigned>(warmups);
  options.bench.trials = static_cast<unsigned>(trials);
  options.bench.flushBytes = noFlushL2 ? 0 : uint64_t(256) << 20;
  return options;
}

std::string skipMessage() {
  if (rt::Driver::available())
    return "";
  std::string why = rt::Driver::unavailableReason();
  const std::string prefix = "tilec runtime: no CUDA driver: ";
  if (why.rfind(prefix, 0) == 0)
    why = why.substr(prefix.size());
  return "SKIP: no CUDA driver (" + why + ")";
}

void printDevice() {
  const rt::DeviceInfo &device = rt::Context::current().device();
  int version = rt::Driver::version();
  std::printf("device: %s (compute %d.%d, %d SMs, %.1f GiB), driver %d.%d\n",
              device.name.c_str(), device.computeMajor, device.computeMinor,
              device.multiprocessors,
              device.totalMemoryBytes / (1024.0 * 1024.0 * 1024.0),
              version / 1000, (version % 1000) / 10);
  std::fflush(stdout);
}

std::string defaultKernelsDir() {
  const char *dir = std::getenv("TILEC_KERNELS_DIR");
  return dir && *dir ? dir : TILEC_DEFAULT_KERNELS_DIR;
}

std::string manifestPath(const std::string &dir, const std::string &variant) {
  return dir + "/" + variant + ".json";
}

std::string divisibilitySuffix(std::initializer_list<int64_t> values) {
  for (int64_t divisor : {16, 8})
    if (std::all_of(values.begin(), values.end(),
                    [&](int64_t value) { return value % divisor == 0; }))
      return "_d" + std::to_string(divisor);
  return "";
}

} // namespace tilec::examples
