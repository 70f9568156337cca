//===- runtime_cubin_fakedriver_test.cpp - cubin or PTX at load time ------===//
//
// The GeLU as `tilec --emit cubin` writes it (a real cubin from ptxas, its
// PTX and a manifest naming both; see runtime.cmake) loaded through the fake
// driver, which reads a cubin's entry points from the ELF and runs the same
// emulated kernel. The fake device has compute capability 9.0: the sm_90a
// cubin fits; manifests edited to other targets check the fallback to the
// PTX and the error when neither fits. Only built when ptxas was found.
//
//===----------------------------------------------------------------------===//

#include "runtime_fakecuda/FakeHooks.h"

#include "gelu.h"

#include "tilec/runtime/Runtime.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <vector>

using namespace tilec::rt;

namespace {

/// The cubin manifest with each `from` replaced by its `to`, written beside
/// it as \p name (so that its files resolve); returns the new path.
std::string
editedManifest(const std::string &name,
               std::vector<std::pair<std::string, std::string>> edits) {
  std::string text = readFile(TILEC_TEST_GELU_CUBIN_MANIFEST, "manifest");
  for (const auto &[from, to] : edits) {
    size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
  }
  std::filesystem::path path =
      std::filesystem::path(TILEC_TEST_GELU_CUBIN_MANIFEST).parent_path() /
      name;
  std::ofstream(path) << text;
  return path.string();
}

/// Runs \p kernel on 2500 elements and checks a few against the formula.
void checkGelu(const Kernel &kernel) {
  const int32_t n = 2500;
  std::vector<float> x(n);
  for (int32_t i = 0; i < n; ++i)
    x[i] = -4.0f + 8.0f * i / n;
  DeviceBuffer in = DeviceBuffer::fromHost(x), out(n * sizeof(float));
  out.fill32(0x7fc00000);
  kernel.launch({3}, {in, out, n});
  Context::current().synchronize();
  std::vector<float> y = out.toHost<float>(n);
  for (int32_t i = 0; i < n; i += 97) {
    float want = 0.5f * x[i] *
                 (1.0f + std::tanh(0.7978845608f *
                                   (x[i] + 0.044715f * x[i] * x[i] * x[i])));
    INFO("x[" << i << "] = " << x[i]);
    CHECK(y[i] == Approx(want).margin(1e-5));
  }
}

} // namespace

TEST_CASE("cubin: the manifest names the cubin and its target", "[cubin]") {
  Manifest m = Manifest::load(TILEC_TEST_GELU_CUBIN_MANIFEST);
  CHECK(m.cubin == "gelu.cubin");
  CHECK(m.cubinArch == "sm_90a");
  CHECK(m.ptx == "gelu.ptx");
  std::string cubin = readFile(m.cubinPath(), "cubin");
  REQUIRE(cubin.size() > 4);
  CHECK(cubin.compare(0, 4,
                      "\x7f"
                      "ELF") == 0);
}

TEST_CASE("cubin: a device of the cubin's arch loads the cubin", "[cubin]") {
  const FakeHooks &hooks = FakeHooks::get();
  int before = hooks.cubinLoadCount();
  Kernel kernel = Kernel::load(TILEC_TEST_GELU_CUBIN_MANIFEST);
  CHECK(kernel.image() == ImageKind::Cubin);
  CHECK(hooks.cubinLoadCount() == before + 1);
  // The fake read the parameter sizes from the cubin: 8, 8 and 4 bytes.
  checkGelu(kernel);
  TilecFakeLaunch launch{};
  REQUIRE(hooks.lastLaunch(&launch));
  CHECK(launch.paramCount == 3);
  CHECK(launch.params[2] == 2500);
}

TEST_CASE("cubin: a cubin for another arch falls back to the PTX", "[cubin]") {
  const FakeHooks &hooks = FakeHooks::get();
  // An sm_80 cubin does not run on 9.0; sm_80 PTX does (JIT-compiled).
  std::string path = editedManifest(
      "gelu_sm80.json",
      {{"\"cubin_arch\": \"sm_90a\"", "\"cubin_arch\": \"sm_80\""}});
  int before = hooks.cubinLoadCount();
  Kernel kernel = Kernel::load(path);
  CHECK(kernel.image() == ImageKind::Ptx);
  CHECK(hooks.cubinLoadCount() == before);
  checkGelu(kernel);
}

TEST_CASE("cubin: neither fitting is an error naming both", "[cubin]") {
  std::string path = editedManifest(
      "gelu_neither.json",
      {{"\"arch\": \"sm_90a\"", "\"arch\": \"sm_100a\""},
       {"\"cubin_arch\": \"sm_90a\"", "\"cubin_arch\": \"sm_80\""}});
  CHECK_THROWS_WITH(
      Kernel::load(path),
      "cannot run triton_gelu_kernel from " + path +
          ": neither the cubin (sm_80: a cubin for sm_80 runs only on "
          "compute capability 8.x with x >= 0, this device has compute "
          "capability 9.0) nor the PTX (sm_100a: sm_100a code runs only on "
          "compute capability 10.0, this device has compute capability "
          "9.0) fits");
}

TEST_CASE("cubin: a generated launcher embeds the cubin and loads it",
          "[cubin]") {
  const Manifest &m = tilec::kernels::triton_gelu_kernel_embedded().manifest();
  CHECK(m.cubinArch == "sm_90a");
  const Kernel &kernel = tilec::kernels::triton_gelu_kernel_embedded().get();
  CHECK(kernel.image() == ImageKind::Cubin);
}
