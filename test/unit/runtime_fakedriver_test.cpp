//===- runtime_fakedriver_test.cpp - the runtime against a fake driver ----===//
//
// Runs with TILEC_LIBCUDA pointing at libtilec_fake_cuda.so (see
// runtime_fakecuda/FakeCuda.h), which lets the driver-facing code paths run
// without a GPU: loading, JIT errors, the checks Kernel::load makes against
// what the driver reports, the exact bytes and launch geometry that reach
// cuLaunchKernel, and launches that must never reach it.
//
// Tests tagged [sticky] poison the fake context and run in their own
// process; [nodevice] runs with TILEC_FAKE_CUDA_NO_DEVICE=1.
//
//===----------------------------------------------------------------------===//

#include "runtime_fakecuda/FakeHooks.h"

#include "tilec/runtime/Runtime.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <string>

using namespace tilec::rt;

namespace {

using Hooks = FakeHooks;

const char *kDir = "runtime_fakedriver_kernels";

std::string param(const char *name, const char *kind, const char *type,
                  int divisibility) {
  return std::string("{\"name\": \"") + name + "\", \"kind\": \"" + kind +
         "\", \"type\": \"" + type +
         "\", \"divisibility\": " + std::to_string(divisibility) + "}";
}

/// Writes <kDir>/<base>.json and .ptx; returns the manifest path.
std::string writeKernel(const std::string &base, const std::string &name,
                        const std::string &params, const std::string &ptx,
                        const std::string &extra = "", int warps = 4,
                        const std::string &arch = "sm_90a") {
  std::string mkdir = std::string("mkdir -p ") + kDir;
  REQUIRE(std::system(mkdir.c_str()) == 0);
  std::string manifest = std::string(kDir) + "/" + base + ".json";
  std::ofstream(manifest) << "{\"name\": \"" << name << "\", \"ptx\": \""
                          << base << ".ptx\", \"arch\": \"" << arch
                          << "\", \"num_warps\": " << warps
                          << ", \"threads_per_block\": " << warps * 32 << ", "
                          << (extra.empty() ? "\"shared_bytes\": 0" : extra)
                          << ", \"params\": [" << params << "]}";
  std::ofstream(std::string(kDir) + "/" + base + ".ptx") << ptx;
  return manifest;
}

/// Stand-in PTX with one entry point taking parameters of these types.
std::string ptxFor(const std::string &name, const std::vector<std::string> &types,
                   const std::string &directives = "") {
  // The kernels here are only recorded (the fake emulates the lecture's).
  std::string text = "// tilec-fake: record_only=1\n" + directives +
                     ".version 8.7\n.target sm_90a\n"
                                  ".address_size 64\n.visible .entry " +
                     name + "(\n";
  for (size_t i = 0; i < types.size(); ++i)
    text += "  .param " + types[i] + " " + name + "_param_" + std::to_string(i) +
            (i + 1 < types.size() ? ",\n" : "\n");
  return text + ")\n{\n  ret;\n}\n";
}

std::string errorOf(const std::function<void()> &body) {
  try {
    body();
  } catch (const Error &error) {
    return error.what();
  }
  return "";
}

/// An echo kernel: the fake does not compute it, only records the launch.
std::string echoKernel() {
  return writeKernel(
      "echo", "echo_kernel",
      param("p", "pointer", "fp32", 16) + ", " + param("n", "scalar", "i32", 1) +
          ", " + param("big", "scalar", "i64", 1) + ", " +
          param("scale", "scalar", "fp32", 1) + ", " +
          param("eps", "scalar", "fp64", 1) + ", " +
          param("flag", "scalar", "i1", 1) + ", " +
          param("small", "scalar", "i8", 1),
      ptxFor("echo_kernel",
             {".u64 .ptr .global .align 16", ".u32", ".u64", ".f32", ".f64",
              ".u8", ".u32"}));
}

} // namespace

TEST_CASE("fake: the driver loads and describes the device", "[fake]") {
  REQUIRE(Driver::available());
  CHECK(Driver::unavailableReason().empty());
  CHECK(Driver::version() == 13000);
  const DeviceInfo &device = Context::current().device();
  CHECK(device.name == "tilec fake device (cpu)");
  CHECK(device.computeMajor == 9);
  CHECK(device.computeMinor == 0);
  CHECK(device.gridLimits.maxY == 65535);
}

TEST_CASE("fake: device buffers", "[fake]") {
  const Hooks &hooks = Hooks::get();
  size_t before = hooks.liveAllocations();
  {
    std::vector<float> values = {1.5f, -2.0f, 3.25f, 0.0f};
    DeviceBuffer buffer = DeviceBuffer::fromHost(values);
    CHECK(buffer.size() == 16);
    CHECK(buffer.ptr().address % 256 == 0);
    CHECK(buffer.toHost<float>(4) == values);
    buffer.fill32(0x7fc0dead);
    std::vector<uint32_t> words = buffer.toHost<uint32_t>(4);
    CHECK(words == std::vector<uint32_t>(4, 0x7fc0dead));
    CHECK(errorOf([&] { buffer.copyFromHost(values.data(), 16, 4); }) ==
          "copy to the device of 16 bytes at offset 4 overruns a device "
          "buffer of 16 bytes");
    CHECK(errorOf([&] { buffer.copyToHost(values.data(), 20); }) ==
          "copy from the device of 20 bytes at offset 0 overruns a device "
          "buffer of 16 bytes");
    DeviceBuffer moved = std::move(buffer);
    CHECK(buffer.size() == 0);
    CHECK(hooks.liveAllocations() == before + 1);
    DeviceBuffer odd(6);
    CHECK(errorOf([&] { odd.fill32(0); }) ==
          "fill32 needs a buffer size that is a multiple of 4, got 6");
  }
  CHECK(hooks.liveAllocations() == before);
}

TEST_CASE("fake: a kernel it cannot run fails to launch", "[fake]") {
  // Without record_only a kernel the fake does not emulate must not seem
  // to have run.
  std::string ptx = ptxFor("unknown_kernel", {".u32"});
  ptx.erase(0, ptx.find('\n') + 1); // drop the record_only directive
  Kernel kernel = Kernel::load(writeKernel(
      "unknown", "unknown_kernel", param("n", "scalar", "i32", 1), ptx));
  std::string error = errorOf([&] { kernel.launch({1, 1, 1}, {int32_t(1)}); });
  CHECK(error.find("launching unknown_kernel") != std::string::npos);
  CHECK(error.find("801") != std::string::npos);
}

TEST_CASE("fake: launches pass exact bytes and geometry", "[fake]") {
  const Hooks &hooks = Hooks::get();
  Kernel kernel = Kernel::load(echoKernel());
  CHECK(kernel.name() == "echo_kernel");
  CHECK(kernel.threadsPerBlock() == 128);
  CHECK(kernel.attributes().registersPerThread == 32);
  CHECK(kernel.jitLog() == "ptxas info    : fake JIT (no code generated)");

  DeviceBuffer buffer(1024);
  int before = hooks.launchCount();
  kernel.launch({3, 2, 1},
                {buffer, int32_t(-7), int64_t(1) << 40, 0.5f, 2.25, true,
                 int8_t(-3)});
  REQUIRE(hooks.launchCount() == before + 1);
  TilecFakeLaunch launch;
  REQUIRE(hooks.lastLaunch(&launch));
  CHECK(std::string(launch.name) == "echo_kernel");
  CHECK(launch.grid[0] == 3);
  CHECK(launch.grid[1] == 2);
  CHECK(launch.grid[2] == 1);
  CHECK(launch.block[0] == 128);
  CHECK(launch.block[1] == 1);
  CHECK(launch.dynamicSharedBytes == 0);
  REQUIRE(launch.paramCount == 7);
  CHECK(launch.params[0] == buffer.ptr().address);
  CHECK(launch.params[1] == 0xfffffff9u); // 4 bytes of -7
  CHECK(launch.params[2] == uint64_t(1) << 40);
  float half;
  std::memcpy(&half, &launch.params[3], 4);
  CHECK(half == 0.5f);
  double d;
  std::memcpy(&d, &launch.params[4], 8);
  CHECK(d == 2.25);
  CHECK(launch.params[5] == 1);
  // An i8 the compiler widened to .u32 still reads as -3.
  CHECK(launch.params[6] == 0xfffffffdu);

  Stream stream;
  kernel.launch({1}, {buffer.ptr() + 16, int32_t(0), int64_t(0), 0.0f, 0.0,
                      false, int8_t(0)},
                stream.handle());
  stream.synchronize();
  CHECK(hooks.launchCount() == before + 2);
}

TEST_CASE("fake: a kernel that waits for the grid before it is launched "
          "with programmatic stream serialization",
          "[fake]") {
  const Hooks &hooks = Hooks::get();
  auto load = [](const std::string &base, const char *flag) {
    return Kernel::load(writeKernel(
        base, "wait_kernel", param("p", "pointer", "fp32", 16),
        ptxFor("wait_kernel", {".u64 .ptr .global .align 16"}),
        std::string("\"shared_bytes\": 0") + flag));
  };
  Kernel waits = load("waits", ", \"programmatic_launch\": true");
  Kernel plain = load("plain", "");
  CHECK(waits.manifest().programmaticLaunch);
  CHECK_FALSE(plain.manifest().programmaticLaunch);
  DeviceBuffer buffer(64);
  int before = hooks.launchCount();
  TilecFakeLaunch launch;
  waits.launch({5, 1, 1}, {buffer});
  REQUIRE(hooks.lastLaunch(&launch));
  CHECK(launch.programmatic == 1);
  CHECK(launch.grid[0] == 5);
  CHECK(launch.block[0] == 128);
  CHECK(launch.params[0] == buffer.ptr().address);
  plain.launch({5, 1, 1}, {buffer});
  REQUIRE(hooks.lastLaunch(&launch));
  CHECK(launch.programmatic == 0);
  CHECK(hooks.launchCount() == before + 2);
  // A malformed flag names the field.
  CHECK_THAT(errorOf([&] { load("bad", ", \"programmatic_launch\": 1"); }),
             Catch::Matchers::Contains(
                 "'programmatic_launch' must be a boolean"));
}

TEST_CASE("fake: rejected launches never reach the driver", "[fake]") {
  const Hooks &hooks = Hooks::get();
  Kernel kernel = Kernel::load(echoKernel());
  DeviceBuffer buffer(1024);
  int before = hooks.launchCount();
  CHECK(errorOf([&] { kernel.launch({1}, {buffer, int32_t(1)}); }) ==
        "launch of echo_kernel: expected 7 arguments (p, n, big, scale, eps, "
        "flag, small), got 2");
  CHECK(errorOf([&] {
          kernel.launch({1}, {buffer, buffer, int64_t(1), 0.5f, 2.0, true,
                              int8_t(1)});
        }) == "launch of echo_kernel: argument 1 ('n') must be an i32 scalar, "
              "got a pointer");
  CHECK(errorOf([&] {
          kernel.launch({1}, {buffer.ptr() + 4, int32_t(1), int64_t(1), 0.5f,
                              2.0, true, int8_t(1)});
        }).find("argument 0 ('p') is not 16-byte aligned") != std::string::npos);
  CHECK(errorOf([&] {
          kernel.launch({0}, {buffer, int32_t(1), int64_t(1), 0.5f, 2.0, true,
                              int8_t(1)});
        }) == "launch of echo_kernel: grid dimension x = 0 must be at least 1");
  CHECK(hooks.launchCount() == before);
}

TEST_CASE("fake: load errors say what went wrong", "[fake]") {
  std::string ptxPath = std::string(kDir) + "/bad.ptx";
  std::string jit = writeKernel(
      "bad", "k", param("n", "scalar", "i32", 1),
      ptxFor("k", {".u32"}, "// tilec-fake: jit_error=unknown symbol 'foo'\n"));
  CHECK(errorOf([&] { Kernel::load(jit); }) ==
        "cuModuleLoadDataEx failed: CUDA_ERROR_INVALID_PTX (a PTX JIT "
        "compilation failed) while loading " + ptxPath +
            "\njit error log:\nptxas application ptx input, line 9; error   : "
            "unknown symbol 'foo'");

  std::string missing = writeKernel("missing", "not_there",
                                    param("n", "scalar", "i32", 1),
                                    ptxFor("k", {".u32"}));
  CHECK(errorOf([&] { Kernel::load(missing); }) ==
        "kernel 'not_there' not found in " + std::string(kDir) + "/missing.ptx");

  std::string count = writeKernel("count", "k", param("n", "scalar", "i32", 1),
                                  ptxFor("k", {".u32", ".u64"}));
  CHECK(errorOf([&] { Kernel::load(count); }) ==
        "kernel k in " + std::string(kDir) +
            "/count.ptx takes 2 parameters but its manifest lists 1");

  std::string size = writeKernel("size", "k", param("n", "scalar", "i32", 1),
                                 ptxFor("k", {".u64"}));
  CHECK(errorOf([&] { Kernel::load(size); }) ==
        "parameter 0 ('n') of k is 8 bytes in " + std::string(kDir) +
            "/size.ptx but the manifest says an i32 scalar");

  std::string arch = writeKernel("arch", "k", param("n", "scalar", "i32", 1),
                                 ptxFor("k", {".u32"}), "", 4, "sm_100a");
  CHECK(errorOf([&] { Kernel::load(arch); }) ==
        "cannot run k from " + arch +
            ": sm_100a code runs only on compute capability 10.0, this device "
            "has compute capability 9.0");

  std::string threads =
      writeKernel("threads", "k", param("n", "scalar", "i32", 1),
                  ptxFor("k", {".u32"}, "// tilec-fake: max_threads=64\n"));
  CHECK(errorOf([&] { Kernel::load(threads); }) ==
        "kernel k can run at most 64 threads per block (it uses 32 registers "
        "per thread) but its manifest asks for 128");

  CHECK(errorOf([&] { Kernel::load(std::string(kDir) + "/nothing.json"); }) ==
        "cannot open manifest '" + std::string(kDir) + "/nothing.json'");
  std::string noPtx = writeKernel("noptx", "k", param("n", "scalar", "i32", 1),
                                  "");
  std::remove((std::string(kDir) + "/noptx.ptx").c_str());
  CHECK(errorOf([&] { Kernel::load(noPtx); }) ==
        "cannot open PTX file '" + std::string(kDir) + "/noptx.ptx'");
  std::string notPtx = writeKernel("notptx", "k",
                                   param("n", "scalar", "i32", 1), "hello");
  CHECK(errorOf([&] { Kernel::load(notPtx); }) ==
        "cuModuleLoadDataEx failed: CUDA_ERROR_INVALID_PTX (a PTX JIT "
        "compilation failed) while loading " + std::string(kDir) +
            "/notptx.ptx\njit error log:\nptxas application ptx input, line "
            "1; fatal   : Missing .version directive at start of file");
}

TEST_CASE("fake: shared memory settings", "[fake]") {
  const Hooks &hooks = Hooks::get();
  std::string dynamic = writeKernel(
      "dyn", "dyn_kernel", param("n", "scalar", "i32", 1),
      ptxFor("dyn_kernel", {".u32"}),
      "\"shared_bytes\": 65536, \"dynamic_shared\": true");
  Kernel kernel = Kernel::load(dynamic);
  CHECK(hooks.maxDynamicShared("dyn_kernel") == 65536);
  kernel.launch({1}, {int32_t(1)});
  TilecFakeLaunch launch;
  REQUIRE(hooks.lastLaunch(&launch));
  CHECK(launch.dynamicSharedBytes == 65536);

  std::string small = writeKernel(
      "dynsmall", "dyn_small", param("n", "scalar", "i32", 1),
      ptxFor("dyn_small", {".u32"}),
      "\"shared_bytes\": 1024, \"dynamic_shared\": true");
  Kernel smallKernel = Kernel::load(small);
  // Below 48 KiB no opt-in is needed, but the bytes are still passed.
  CHECK(hooks.maxDynamicShared("dyn_small") == -1);
  smallKernel.launch({1}, {int32_t(1)});
  REQUIRE(hooks.lastLaunch(&launch));
  CHECK(launch.dynamicSharedBytes == 1024);

  std::string staticBig = writeKernel(
      "static", "k", param("n", "scalar", "i32", 1), ptxFor("k", {".u32"}),
      "\"shared_bytes\": 65536");
  CHECK(errorOf([&] { Kernel::load(staticBig); }) ==
        "k asks for 65536 bytes of static shared memory; more than 48 KiB must "
        "be dynamic (\"dynamic_shared\": true)");
  std::string tooBig = writeKernel(
      "toobig", "k", param("n", "scalar", "i32", 1), ptxFor("k", {".u32"}),
      "\"shared_bytes\": 300000, \"dynamic_shared\": true");
  CHECK(errorOf([&] { Kernel::load(tooBig); }) ==
        "k needs 300000 bytes of shared memory; the device allows at most "
        "232448 per block");
}

TEST_CASE("fake: benchmark runs warm-ups and timed trials", "[fake]") {
  const Hooks &hooks = Hooks::get();
  Kernel kernel = Kernel::load(echoKernel());
  DeviceBuffer buffer(64);
  int before = hooks.launchCount();
  size_t allocations = hooks.liveAllocations();
  TimingStats stats = benchmark(
      [&] {
        kernel.launch({1}, {buffer, int32_t(0), int64_t(0), 0.0f, 0.0, false,
                            int8_t(0)});
      },
      BenchOptions{3, 7, 1 << 20});
  CHECK(hooks.launchCount() == before + 10);
  CHECK(hooks.liveAllocations() == allocations); // the flush buffer is freed
  CHECK(stats.trials == 7);
  CHECK(stats.minMs >= 0);
  CHECK(stats.minMs <= stats.medianMs);
  CHECK(stats.medianMs <= stats.p95Ms);
  CHECK(stats.p95Ms <= stats.maxMs);
}

TEST_CASE("fake: an out-of-bounds kernel access is sticky", "[sticky]") {
  // The fake runs the lecture's GeLU; n larger than the buffers makes it
  // touch memory no allocation covers.
  std::string manifest = writeKernel(
      "gelu_oob", "triton_gelu_kernel",
      param("x_ptr", "pointer", "fp32", 16) + ", " +
          param("y_ptr", "pointer", "fp32", 16) + ", " +
          param("num_elements", "scalar", "i32", 1),
      ptxFor("triton_gelu_kernel", {".u64", ".u64", ".u32"},
             "// tilec-fake: BLOCK_SIZE=1024\n"));
  Kernel kernel = Kernel::load(manifest);
  DeviceBuffer x(4096), y(4096);
  kernel.launch({2}, {x, y, int32_t(2048)});
  std::string sticky = "CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access "
                       "was encountered)";
  CHECK(errorOf([] { Context::current().synchronize(); }) ==
        "cuCtxSynchronize failed: " + sticky);
  CHECK(errorOf([&] { x.toHost<float>(4); }) == "cuMemcpyDtoH failed: " + sticky);
  CHECK(errorOf([&] { kernel.launch({1}, {x, y, int32_t(1)}); }) ==
        "cuLaunchKernel failed: " + sticky + ": launching triton_gelu_kernel");
}

TEST_CASE("fake: cuInit failing means no driver", "[nodevice]") {
  CHECK_FALSE(Driver::available());
  CHECK(Driver::unavailableReason() ==
        "tilec runtime: no CUDA driver: cuInit failed: CUDA_ERROR_NO_DEVICE "
        "(no CUDA-capable device is detected)");
  CHECK(errorOf([] { DeviceBuffer buffer(4); }) ==
        Driver::unavailableReason());
}

TEST_CASE("fake: tensor maps are encoded at launch from the descriptor",
          "[fake]") {
  const Hooks &hooks = Hooks::get();
  std::string params =
      param("d.base", "pointer", "fp16", 16) + ", " +
      param("d.shape0", "scalar", "i32", 1) + ", " +
      param("d.shape1", "scalar", "i32", 1) + ", " +
      param("d.stride0", "scalar", "i64", 8) + ", " +
      param("d.stride1", "scalar", "i64", 1) + ", " +
      param("n", "scalar", "i32", 1);
  // Two maps of the same descriptor: one a TMA copy uses, one unused.
  std::string maps =
      "\"shared_bytes\": 0, \"tensor_maps\": ["
      "{\"name\": \"d\", \"type\": \"fp16\", \"leaves\": [0, 1, 2, 3], "
      "\"box\": [64, 32], \"swizzle\": 64}, "
      "{\"name\": \"e\", \"type\": \"fp16\", \"leaves\": [0, 1, 2, 3], "
      "\"box\": [], \"swizzle\": 0}]";
  std::string ptx = "// tilec-fake: record_only=1\n.version 8.7\n"
                    ".target sm_90a\n.address_size 64\n.visible .entry tma(\n"
                    "  .param .u64 .ptr .global .align 16 tma_param_0,\n"
                    "  .param .u32 tma_param_1,\n  .param .u32 tma_param_2,\n"
                    "  .param .u64 tma_param_3,\n  .param .u64 tma_param_4,\n"
                    "  .param .u32 tma_param_5,\n"
                    "  .param .align 64 .b8 tma_param_6[128],\n"
                    "  .param .align 64 .b8 tma_param_7[128]\n)\n{\n  ret;\n}\n";
  Kernel kernel = Kernel::load(writeKernel("tma", "tma", params, ptx, maps));
  DeviceBuffer buffer(100 * 208 * 2);

  int before = hooks.tensorMapCount();
  kernel.launch({2, 1, 1}, {buffer, int32_t(100), int32_t(200), int64_t(208),
                            int64_t(1), int32_t(5)});
  // Only the used map is encoded; innermost first, strides in bytes.
  REQUIRE(hooks.tensorMapCount() == before + 1);
  TilecFakeTensorMap map;
  REQUIRE(hooks.lastTensorMap(&map));
  CHECK(map.dataType == 6); // CU_TENSOR_MAP_DATA_TYPE_FLOAT16
  CHECK(map.rank == 2);
  CHECK(map.address == buffer.ptr().address);
  CHECK(map.dims[0] == 200);
  CHECK(map.dims[1] == 100);
  CHECK(map.strides[0] == 416);
  CHECK(map.box[0] == 32);
  CHECK(map.box[1] == 64);
  CHECK(map.elementStrides[0] == 1);
  CHECK(map.elementStrides[1] == 1);
  CHECK(map.swizzle == 2); // CU_TENSOR_MAP_SWIZZLE_64B
  CHECK(map.interleave == 0);
  CHECK(map.oobFill == 0); // zeros outside, as a descriptor load pads
  // The maps follow the arguments: the fake put the address in the used
  // one's first bytes; the unused one is zeros.
  TilecFakeLaunch launch;
  REQUIRE(hooks.lastLaunch(&launch));
  REQUIRE(launch.paramCount == 8);
  CHECK(launch.params[5] == 5);
  CHECK(launch.params[6] == buffer.ptr().address);
  CHECK(launch.params[7] == 0);

  // What TMA cannot describe is an error before the launch.
  int launches = hooks.launchCount();
  std::string error = errorOf([&] {
    kernel.launch({2, 1, 1}, {buffer, int32_t(0), int32_t(200), int64_t(208),
                              int64_t(1), int32_t(5)});
  });
  CHECK(error == "launch of tma: tensor descriptor 'd': shape[0] = 0; a TMA "
                 "tensor needs every dimension at least 1");
  // A leading stride of 0: a multiple of 8 as the manifest promised, but
  // not one TMA can describe.
  error = errorOf([&] {
    kernel.launch({2, 1, 1}, {buffer, int32_t(100), int32_t(200), int64_t(0),
                              int64_t(1), int32_t(5)});
  });
  CHECK(error == "launch of tma: tensor descriptor 'd': strides[0] = 0 "
                 "elements (0 bytes); a descriptor's strides but the last "
                 "must be positive multiples of 16 bytes, below 2^40");
  CHECK(hooks.launchCount() == launches);
}

TEST_CASE("fake: a kernel's parameter list must end with its tensor maps",
          "[fake]") {
  // The manifest lists a map the PTX does not take.
  std::string params = param("d.base", "pointer", "fp16", 16) + ", " +
                       param("d.shape0", "scalar", "i32", 1) + ", " +
                       param("d.stride0", "scalar", "i64", 1);
  std::string maps = "\"shared_bytes\": 0, \"tensor_maps\": [{\"name\": "
                     "\"d\", \"type\": \"fp16\", \"leaves\": [0, 1], "
                     "\"box\": [64], \"swizzle\": 0}]";
  std::string error = errorOf([&] {
    Kernel::load(writeKernel(
        "tma_short", "tma_short", params,
        ptxFor("tma_short", {".u64 .ptr .global .align 16", ".u32", ".u64"}),
        maps));
  });
  CHECK(error.find("takes 3 parameters but its manifest lists 3 and 1 "
                   "tensor maps") != std::string::npos);
}
