//===- gpu_asserts_test.cpp - tl.device_assert on the GPU -----------------===//
//
// check_positive (test/gpu/kernels/asserts.py, compiled with its
// assertions by @triton.jit(debug=True)):
//   - holds: positive data, ragged n (masked-off elements are loaded as -1
//     and must not trip the assertion): the launch succeeds and y = 2x;
//   - fails: one negative element. A failed assertion traps and leaves the
//     CUDA context unusable, so this case runs this program again as a
//     child (--fail-child), which must see its synchronize fail with
//     CUDA_ERROR_ASSERT; the device runtime prints the message, which must
//     appear in the child's output.
// --holds-only leaves the failing case out (for the sanitizer runs, which
// would report the trap). Exits 0 if all pass, 1 if any fails, 77 (skip)
// without a CUDA driver or under the fake driver.
//   gpu-test-asserts [--kernels-dir DIR] [--holds-only]
//
//===----------------------------------------------------------------------===//

#include "common/Case.h"
#include "common/HostData.h"
#include "tilec/runtime/Runtime.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <sys/wait.h>

using namespace tilec;
using namespace tilec::examples;

namespace {

constexpr uint32_t kPoison = 0x7fc00000u;
constexpr int kChildSawAssert = 3;

/// Positive inputs; with `bad` >= 0, x[bad] is negative.
std::vector<float> inputs(int64_t n, int64_t bad) {
  std::vector<float> x = uniformFloats(size_t(n), 1.0f, 2.0f, 3);
  if (bad >= 0)
    x[size_t(bad)] = -3.0f;
  return x;
}

void launch(rt::Kernel &kernel, const rt::DeviceBuffer &x,
            const rt::DeviceBuffer &y, int64_t n) {
  int64_t block = kernel.manifest().requireConstexprInt("BLOCK");
  kernel.launch({(n + block - 1) / block}, {x, y, static_cast<int32_t>(n)});
}

class HoldsCase final : public KernelCase {
public:
  HoldsCase(const std::string &dir, int64_t n)
      : kernel(rt::Kernel::load(manifestPath(dir, "asserts_check_positive"))),
        n(n) {
    caseInfo.kernel = "check_positive";
    caseInfo.shape = fmt::format("n={}", n);
    caseInfo.id = fmt::format("check_positive_{}", n);
    caseInfo.variant = "asserts_check_positive";
    caseInfo.warps = kernel.manifest().numWarps;
    host = inputs(n, -1);
    x = rt::DeviceBuffer::fromHost(host);
    y = rt::DeviceBuffer(size_t(n) * 4);
  }
  const CaseInfo &info() const override { return caseInfo; }
  void launch() override { ::launch(kernel, x, y, n); }
  CheckResult check() override {
    y.fill32(kPoison);
    launch();
    rt::Context::current().synchronize();
    std::vector<float> got = y.toHost<float>(size_t(n));
    CheckResult result;
    for (int64_t i = 0; i < n; ++i)
      if (got[size_t(i)] != 2 * host[size_t(i)]) {
        result.fail(fmt::format("y[{}] is {}, expected {}", i, got[size_t(i)],
                                2 * host[size_t(i)]));
        break;
      }
    return result;
  }

private:
  rt::Kernel kernel;
  int64_t n;
  CaseInfo caseInfo;
  std::vector<float> host;
  rt::DeviceBuffer x, y;
};

/// Runs this program as `--fail-child` and checks what it reports.
class FailsCase final : public KernelCase {
public:
  FailsCase(std::string self, std::string dir)
      : self(std::move(self)), dir(std::move(dir)) {
    caseInfo.kernel = "check_positive";
    caseInfo.shape = "n=1000 x[777]<0";
    caseInfo.id = "check_positive_fails";
    caseInfo.variant = "asserts_check_positive";
  }
  const CaseInfo &info() const override { return caseInfo; }
  void launch() override {}
  CheckResult check() override {
    CheckResult result;
    std::string command =
        fmt::format("'{}' --fail-child --kernels-dir '{}' 2>&1", self, dir);
    FILE *pipe = popen(command.c_str(), "r");
    if (!pipe) {
      result.fail("cannot run the child: " + std::string(strerror(errno)));
      return result;
    }
    std::string output;
    char buffer[4096];
    while (size_t got = fread(buffer, 1, sizeof(buffer), pipe))
      output.append(buffer, got);
    int status = pclose(pipe);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (code != kChildSawAssert)
      result.fail(fmt::format("the child exited {}, expected {}: {}", code,
                              kChildSawAssert, output));
    else if (output.find("x must be positive") == std::string::npos)
      result.fail("the assertion's message is not in the child's output: " +
                  output);
    return result;
  }

private:
  std::string self, dir;
  CaseInfo caseInfo;
};

/// The child: launches with a negative element; exits kChildSawAssert if
/// the synchronize fails with CUDA_ERROR_ASSERT, 1 otherwise.
int failChild(const std::string &dir) {
  if (std::string skip = skipMessage(); !skip.empty()) {
    std::printf("%s\n", skip.c_str());
    return 77;
  }
  try {
    rt::Kernel kernel =
        rt::Kernel::load(manifestPath(dir, "asserts_check_positive"));
    int64_t n = 1000;
    rt::DeviceBuffer x = rt::DeviceBuffer::fromHost(inputs(n, 777));
    rt::DeviceBuffer y(size_t(n) * 4);
    launch(kernel, x, y, n);
    rt::Context::current().synchronize();
  } catch (const rt::Error &error) {
    std::printf("child: %s\n", error.what());
    std::fflush(stdout);
    return std::strstr(error.what(), "CUDA_ERROR_ASSERT") ? kChildSawAssert
                                                          : 1;
  }
  std::printf("child: the launch succeeded despite x[777] < 0\n");
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  // Options of this program only; the rest go to runGpuTest.
  bool child = false, holdsOnly = false;
  std::string dir = defaultKernelsDir();
  std::vector<char *> rest{argv[0]};
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--fail-child") == 0)
      child = true;
    else if (std::strcmp(argv[i], "--holds-only") == 0)
      holdsOnly = true;
    else
      rest.push_back(argv[i]);
    if (std::strcmp(argv[i], "--kernels-dir") == 0 && i + 1 < argc)
      dir = argv[i + 1];
  }
  if (child)
    return failChild(dir);
  std::string self = argv[0];
  return runGpuTest(
      int(rest.size()), rest.data(), "gpu-test-asserts",
      [&](const std::string &kernelsDir) {
        std::vector<CaseSpec> cases;
        for (int64_t n : {1, 256, 1000})
          cases.push_back({fmt::format("check_positive holds n={}", n),
                           [=] { return std::make_unique<HoldsCase>(
                                     kernelsDir, n); }});
        // Last: its child's failure does not touch this process's context.
        if (!holdsOnly)
          cases.push_back({"check_positive fails (child process)", [=] {
                             return std::make_unique<FailsCase>(self,
                                                                kernelsDir);
                           }});
        return cases;
      },
      "check_positive");
}
