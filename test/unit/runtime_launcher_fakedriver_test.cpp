//===- runtime_launcher_fakedriver_test.cpp - generated launchers ---------===//
//
// Calls launchers that this build's tilec generated (--emit cpp, see
// runtime.cmake) through the fake driver: the lecture's GeLU, which the
// fake runs on the CPU (TILEC_FAKE_CUDA_CONSTANTS gives it BLOCK_SIZE), and
// typed_args (launcher_kernels.py), which only records the bytes each C++
// argument became, and the autotuned accumulate_kernel (out += x), which
// the fake runs at BLOCK_SIZE 1024 whatever the config. Checks what reached cuLaunchKernel and what must not.
//
//===----------------------------------------------------------------------===//

#include "runtime_fakecuda/FakeHooks.h"

#include "accumulate.h"
#include "gelu.h"
#include "gelu_variants.h"
#include "typed_args.h"

#include "tilec/runtime/Runtime.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

using namespace tilec::rt;
namespace kernels = tilec::kernels;

namespace {

TilecFakeLaunch lastLaunch() {
  TilecFakeLaunch launch{};
  REQUIRE(FakeHooks::get().lastLaunch(&launch));
  return launch;
}

template <typename T> uint64_t bitsOf(T value) {
  uint64_t bits = 0;
  std::memcpy(&bits, &value, sizeof(value));
  return bits;
}

float gelu(float x) {
  return 0.5f * x *
         (1.0f + std::tanh(0.7978845608f * (x + 0.044715f * x * x * x)));
}

} // namespace

TEST_CASE("launcher: GeLU runs through the generated launcher",
          "[launcher]") {
  const FakeHooks &hooks = FakeHooks::get();
  const int32_t n = 2500; // three programs of 1024, the last one partial
  std::vector<float> x(n);
  for (int32_t i = 0; i < n; ++i)
    x[i] = -4.0f + 8.0f * i / n;
  DeviceBuffer in = DeviceBuffer::fromHost(x);
  DeviceBuffer out(n * sizeof(float));
  out.fill32(0x7fc00000);

  int before = hooks.launchCount();
  kernels::triton_gelu_kernel({3}, in, out, n);
  CHECK(hooks.launchCount() == before + 1);
  TilecFakeLaunch launch = lastLaunch();
  CHECK(std::string(launch.name) == "triton_gelu_kernel");
  CHECK(launch.grid[0] == 3);
  CHECK(launch.grid[1] == 1);
  CHECK(launch.grid[2] == 1);
  CHECK(launch.block[0] == 4 * 32); // num_warps 4
  CHECK(launch.block[1] == 1);
  CHECK(launch.dynamicSharedBytes == 0);
  REQUIRE(launch.paramCount == 3);
  CHECK(launch.params[0] == in.ptr().address);
  CHECK(launch.params[1] == out.ptr().address);
  CHECK(launch.params[2] == uint64_t(n));

  Context::current().synchronize();
  std::vector<float> y = out.toHost<float>(n);
  for (int32_t i = 0; i < n; i += 97) {
    INFO("x[" << i << "] = " << x[i]);
    CHECK(y[i] == Approx(gelu(x[i])).margin(1e-5));
  }

  // On a stream, with typed device pointers and a constant n.
  Stream stream;
  auto *xs = reinterpret_cast<const float *>(in.ptr().address);
  auto *ys = reinterpret_cast<float *>(out.ptr().address);
  kernels::triton_gelu_kernel(stream, {1, 1, 1}, xs, ys, 1024);
  stream.synchronize();
  launch = lastLaunch();
  CHECK(hooks.launchCount() == before + 2);
  CHECK(launch.grid[0] == 1);
  CHECK(launch.params[0] == in.ptr().address);
  CHECK(launch.params[2] == 1024);
}

TEST_CASE("launcher: broken promises never reach the driver", "[launcher]") {
  const FakeHooks &hooks = FakeHooks::get();
  DeviceBuffer in(4096), out(4096);
  int before = hooks.launchCount();
  CHECK_THROWS_WITH(
      kernels::triton_gelu_kernel({1}, in.ptr() + 4, out, 100),
      Catch::Matchers::StartsWith(
          "launch of triton_gelu_kernel: argument 0 ('x_ptr') is not "
          "16-byte aligned as the signature promised (address 0x"));
  CHECK_THROWS_WITH(
      kernels::triton_gelu_kernel({1}, in, out.ptr() + 8, 100),
      Catch::Matchers::StartsWith("launch of triton_gelu_kernel: argument 1 "
                                  "('y_ptr') is not 16-byte aligned"));
  CHECK_THROWS_WITH(kernels::triton_gelu_kernel({0}, in, out, 100),
                    "launch of triton_gelu_kernel: grid dimension x = 0 must "
                    "be at least 1");
  CHECK(hooks.launchCount() == before);
}

TEST_CASE("launcher: the embedded manifest is the one tilec writes",
          "[launcher]") {
  // No driver needed for the manifest; the file is tilec --emit ptx's.
  const Manifest &embedded = kernels::triton_gelu_kernel_embedded().manifest();
  Manifest file = Manifest::load(TILEC_TEST_GELU_MANIFEST);
  CHECK(embedded.name == file.name);
  CHECK(embedded.arch == file.arch);
  CHECK(embedded.numWarps == file.numWarps);
  CHECK(embedded.threadsPerBlock == file.threadsPerBlock);
  CHECK(embedded.sharedBytes == file.sharedBytes);
  CHECK(embedded.dynamicShared == file.dynamicShared);
  REQUIRE(embedded.params.size() == file.params.size());
  for (size_t i = 0; i < file.params.size(); ++i) {
    INFO("parameter " << i);
    CHECK(embedded.params[i].name == file.params[i].name);
    CHECK(embedded.params[i].kind == file.params[i].kind);
    CHECK(embedded.params[i].type == file.params[i].type);
    CHECK(embedded.params[i].divisibility == file.params[i].divisibility);
  }
  CHECK(embedded.requireConstexprInt("BLOCK_SIZE") == 1024);
  CHECK(file.requireConstexprInt("BLOCK_SIZE") == 1024);

  // Loaded once (per context): the same kernel every time.
  const Kernel &first = kernels::triton_gelu_kernel_embedded().get();
  CHECK(&first == &kernels::triton_gelu_kernel_embedded().get());
  CHECK(first.name() == "triton_gelu_kernel");
  CHECK(first.threadsPerBlock() == 128);
}

TEST_CASE("launcher: each C++ argument becomes the kernel's bytes",
          "[launcher]") {
  DeviceBuffer p(256), h(256);
  auto *halves = reinterpret_cast<half *>(h.ptr().address);
  kernels::typed_args({2, 3, 1}, p, halves, int32_t(-32), int64_t(-5),
                      uint32_t(4294967294u), 1.5f, -0.25, true, half{0x3c00},
                      1);
  TilecFakeLaunch launch = lastLaunch();
  CHECK(std::string(launch.name) == "typed_args");
  CHECK(launch.grid[1] == 3);
  REQUIRE(launch.paramCount == 10);
  CHECK(launch.params[0] == p.ptr().address);
  CHECK(launch.params[1] == h.ptr().address);
  CHECK(launch.params[2] == 0xffffffe0u);         // i32 -32, 4 bytes
  CHECK(launch.params[3] == uint64_t(int64_t(-5))); // i64, 8 bytes
  CHECK(launch.params[4] == 4294967294u);           // u32 as 4 bytes
  CHECK(launch.params[5] == bitsOf(1.5f));
  CHECK(launch.params[6] == bitsOf(-0.25));
  CHECK(launch.params[7] == 1);      // i1 in a byte
  CHECK(launch.params[8] == 0x3c00); // fp16 1.0
  CHECK(launch.params[9] == 1);

  const FakeHooks &hooks = FakeHooks::get();
  int before = hooks.launchCount();
  CHECK_THROWS_WITH(
      kernels::typed_args({1}, p, halves, 24, 0, 0u, 0.0f, 0.0, false,
                          half{}, 1),
      "launch of typed_args: argument 2 ('n') = 24 is not a multiple of 16 "
      "as the signature promised");
  CHECK_THROWS_WITH(
      kernels::typed_args({1}, p, halves, 16, 0, 0u, 0.0f, 0.0, false,
                          half{}, 2),
      "launch of typed_args: argument 9 ('one') = 2, but the kernel was "
      "compiled for the value 1 (':1' in its signature)");
  CHECK(hooks.launchCount() == before);
}

TEST_CASE("launcher: variants, the first whose promises hold",
          "[launcher]") {
  // gelu_variants: 0 promises 16-byte pointers and n a multiple of 16;
  // 1 promises nothing.
  EmbeddedVariants &variants = kernels::gelu_variants_variants();
  REQUIRE(variants.size() == 2);
  CHECK(variants.variant(0).manifest().params[2].divisibility == 16);
  CHECK(variants.variant(1).manifest().params[0].divisibility == 1);
  DeviceBuffer in(8192), out(8192);
  CHECK(variants.pick({in, out, int32_t(1024)}) == 0);
  CHECK(variants.pick({in, out, int32_t(1000)}) == 1);
  CHECK(variants.pick({in.ptr() + 4, out, int32_t(1024)}) == 1);
  CHECK(variants.pick({in, out.ptr() + 8, int32_t(16)}) == 1);
  // Wrong arguments take the last variant, whose check says what is wrong.
  CHECK(variants.pick({in, out}) == 1);
  CHECK(variants.pick({in, out, -1.0f}) == 1);
  CHECK_THROWS_WITH(variants.launch(nullptr, {1}, {in, out, -1.0f}),
                    Catch::Matchers::StartsWith(
                        "launch of triton_gelu_kernel: argument 2 "
                        "('num_elements') must be"));

  // Both run the GeLU: the unaligned, ragged one through variant 1.
  const FakeHooks &hooks = FakeHooks::get();
  for (int32_t n : {1024, 999}) {
    std::vector<float> x(n);
    for (int32_t i = 0; i < n; ++i)
      x[i] = -3.0f + 6.0f * i / n;
    DeviceBuffer input(4 * n + 16), output(4 * n + 16);
    DevicePtr xs = input.ptr() + (n % 16 ? 4 : 0);
    DevicePtr ys = output.ptr() + (n % 16 ? 4 : 0);
    input.copyFromHost(x.data(), 4 * n, n % 16 ? 4 : 0);
    int before = hooks.launchCount();
    kernels::gelu_variants({(n + 1023) / 1024}, xs, ys, n);
    CHECK(hooks.launchCount() == before + 1);
    Context::current().synchronize();
    std::vector<float> y = output.toHost<float>(n + 4);
    size_t offset = n % 16 ? 1 : 0;
    for (int32_t i = 0; i < n; i += 37) {
      INFO("n = " << n << ", x[" << i << "] = " << x[i]);
      CHECK(y[i + offset] == Approx(gelu(x[i])).margin(1e-5));
    }
  }
}

TEST_CASE("launcher: an autotuned kernel, tuned per key through its "
          "launcher",
          "[launcher]") {
  EmbeddedAutotuned &tuned = kernels::accumulate_kernel_autotuned();
  // The embedded index needs no driver.
  const AutotuneIndex &index = tuned.index();
  REQUIRE(index.configs.size() == 3);
  CHECK(index.key == std::vector<std::string>{"n"});
  CHECK(index.resetToZero == std::vector<std::string>{"out_ptr"});
  CHECK(index.configs[2].describe() ==
        "BLOCK_SIZE=512, num_warps=8, num_stages=2");
  CHECK(index.manifests[1].numWarps == 4);

  // The fake runs 1024 elements a program whatever the config; the grid
  // function still sees each config's manifest.
  const int32_t n = 3000;
  std::vector<int64_t> blocks;
  auto grid = [&](const Manifest &m) {
    blocks.push_back(m.requireConstexprInt("BLOCK_SIZE"));
    return Grid{(n + 1023) / 1024};
  };
  std::vector<float> x(n);
  for (int32_t i = 0; i < n; ++i)
    x[i] = 0.5f * (i % 7);
  DeviceBuffer in = DeviceBuffer::fromHost(x), out(4 * n);
  out.fill32(0x40a00000); // 5.0f
  BufferSizes sizes{{"out_ptr", 4 * n}};

  // Without out_ptr's size tuning cannot zero it.
  CHECK_THROWS_WITH(kernels::accumulate_kernel(grid, in, out, n),
                    Catch::Matchers::Contains("'out_ptr' needs the buffer's "
                                              "size in bytes"));

  // The first launch of key n=3000 times every config (out zeroed before
  // each run), then launches the pick: out is x, added once.
  const FakeHooks &hooks = FakeHooks::get();
  blocks.clear();
  int before = hooks.launchCount();
  size_t config = kernels::accumulate_kernel(grid, in, out, n, sizes);
  CHECK(config < 3);
  CHECK(hooks.launchCount() - before > 3);
  std::vector<int64_t> seen = blocks;
  std::sort(seen.begin(), seen.end());
  seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
  CHECK(seen == std::vector<int64_t>{128, 256, 512});
  Context::current().synchronize();
  std::vector<float> y = out.toHost<float>(n);
  for (int32_t i = 0; i < n; i += 97)
    CHECK(y[i] == x[i]);

  // The same key again: no timing, one launch, x added once more.
  before = hooks.launchCount();
  CHECK(kernels::accumulate_kernel(nullptr, grid, in, out, n, sizes) ==
        config);
  CHECK(hooks.launchCount() == before + 1);
  Context::current().synchronize();
  y = out.toHost<float>(n);
  for (int32_t i = 0; i < n; i += 97)
    CHECK(y[i] == 2 * x[i]);
  REQUIRE(tuned.get().picked("n=3000"));
  CHECK(tuned.get().picked("n=3000")->source == AutotunePick::Source::Tuned);
  CHECK(tuned.get().picksPath().empty());

  // A told pick is launched as it is.
  tuned.get().setPick("n=3000", 2);
  before = hooks.launchCount();
  CHECK(kernels::accumulate_kernel(grid, in, out, n, sizes) == 2);
  CHECK(hooks.launchCount() == before + 1);
  TilecFakeLaunch launch = lastLaunch();
  CHECK(launch.grid[0] == 3);
  CHECK(launch.block[0] == 256); // config 2's 8 warps
  CHECK(tuned.get().report("n=3000") ==
        "accumulate_kernel n=3000: config 2 (BLOCK_SIZE=512, num_warps=8, "
        "num_stages=2), set by setPick");

  // The promises still hold before the driver sees a launch.
  before = hooks.launchCount();
  CHECK_THROWS_WITH(
      kernels::accumulate_kernel(grid, in.ptr() + 4, out, n, sizes),
      Catch::Matchers::Contains("16-byte aligned"));
  CHECK(hooks.launchCount() == before);
}
