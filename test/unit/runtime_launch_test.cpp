//===- runtime_launch_test.cpp - checking launches without a driver -------===//
//
// validateLaunch is what Kernel::launch runs before cuLaunchKernel; these
// cases need no GPU. Kernel::launch itself is covered against the fake
// driver in runtime_fakedriver_test.cpp.
//
//===----------------------------------------------------------------------===//

#include "tilec/runtime/Arg.h"
#include "tilec/runtime/Error.h"
#include "tilec/runtime/Launch.h"

#include <catch2/catch.hpp>

#include <string>

using namespace tilec::rt;

static Manifest geluManifest(int64_t nDivisibility = 1) {
  Manifest m;
  m.name = "triton_gelu_kernel";
  m.params = {{"x_ptr", ParamKind::Pointer, ScalarType::FP32, 16},
              {"y_ptr", ParamKind::Pointer, ScalarType::FP32, 16},
              {"num_elements", ParamKind::Scalar, ScalarType::I32,
               nDivisibility}};
  return m;
}

/// The message validateLaunch throws ("" if it accepts).
static std::string rejection(const Manifest &m, const Grid &grid,
                             const std::vector<Arg> &args,
                             const GridLimits &limits = GridLimits()) {
  try {
    validateLaunch(m, grid, args, limits);
  } catch (const Error &error) {
    return error.what();
  }
  return "";
}

static const DevicePtr kX{0x7f0000000000};
static const DevicePtr kY{0x7f0000100000};

TEST_CASE("launch: matching arguments are accepted", "[runtime][launch]") {
  CHECK(rejection(geluManifest(), {4}, {kX, kY, int32_t(4000)}) == "");
  CHECK(rejection(geluManifest(16), {1}, {kX, kY, int32_t(-32)}) == "");
  // Null pointers are legal (a kernel may not touch them).
  CHECK(rejection(geluManifest(), {1}, {DevicePtr{0}, kY, int32_t(1)}) == "");
}

TEST_CASE("launch: wrong number of arguments", "[runtime][launch]") {
  CHECK(rejection(geluManifest(), {1}, {kX, kY}) ==
        "launch of triton_gelu_kernel: expected 3 arguments (x_ptr, y_ptr, "
        "num_elements), got 2");
  CHECK(rejection(geluManifest(), {1}, {kX, kY, int32_t(1), int32_t(2)}) ==
        "launch of triton_gelu_kernel: expected 3 arguments (x_ptr, y_ptr, "
        "num_elements), got 4");
  CHECK(rejection(geluManifest(), {1}, {}) ==
        "launch of triton_gelu_kernel: expected 3 arguments (x_ptr, y_ptr, "
        "num_elements), got 0");
}

TEST_CASE("launch: wrong kind or type names the parameter",
          "[runtime][launch]") {
  CHECK(rejection(geluManifest(), {1}, {kX, kY, kX}) ==
        "launch of triton_gelu_kernel: argument 2 ('num_elements') must be an "
        "i32 scalar, got a pointer");
  CHECK(rejection(geluManifest(), {1}, {int32_t(0), kY, int32_t(1)}) ==
        "launch of triton_gelu_kernel: argument 0 ('x_ptr') must be a pointer "
        "to fp32, got an i32 scalar");
  CHECK(rejection(geluManifest(), {1}, {kX, kY, int64_t(1)}) ==
        "launch of triton_gelu_kernel: argument 2 ('num_elements') must be an "
        "i32 scalar, got an i64 scalar");
  CHECK(rejection(geluManifest(), {1}, {kX, kY, 1.0f}) ==
        "launch of triton_gelu_kernel: argument 2 ('num_elements') must be an "
        "i32 scalar, got an fp32 scalar");
  CHECK(rejection(geluManifest(), {1}, {kX, 2.0, int32_t(1)}) ==
        "launch of triton_gelu_kernel: argument 1 ('y_ptr') must be a pointer "
        "to fp32, got an fp64 scalar");
  CHECK(rejection(geluManifest(), {1}, {kX, kY, Arg::bf16Bits(0x3f80)}) ==
        "launch of triton_gelu_kernel: argument 2 ('num_elements') must be an "
        "i32 scalar, got a bf16 scalar");
  CHECK(rejection(geluManifest(), {1}, {kX, kY, true}) ==
        "launch of triton_gelu_kernel: argument 2 ('num_elements') must be an "
        "i32 scalar, got an i1 scalar");
}

TEST_CASE("launch: alignment and divisibility promises", "[runtime][launch]") {
  CHECK(rejection(geluManifest(), {1}, {kX + 4, kY, int32_t(1)}) ==
        "launch of triton_gelu_kernel: argument 0 ('x_ptr') is not 16-byte "
        "aligned as the signature promised (address 0x7f0000000004)");
  CHECK(rejection(geluManifest(), {1}, {kX, kY + 8, int32_t(1)}) ==
        "launch of triton_gelu_kernel: argument 1 ('y_ptr') is not 16-byte "
        "aligned as the signature promised (address 0x7f0000100008)");
  CHECK(rejection(geluManifest(16), {1}, {kX, kY, int32_t(1000)}) ==
        "launch of triton_gelu_kernel: argument 2 ('num_elements') = 1000 is "
        "not a multiple of 16 as the signature promised");
  CHECK(rejection(geluManifest(16), {1}, {kX, kY, int32_t(1024)}) == "");
}

TEST_CASE("launch: arguments specialised to a value", "[runtime][launch]") {
  Manifest m = geluManifest();
  m.params[2].equalTo = 1;
  CHECK(rejection(m, {1}, {kX, kY, int32_t(4)}) ==
        "launch of triton_gelu_kernel: argument 2 ('num_elements') = 4, but "
        "the kernel was compiled for the value 1 (':1' in its signature)");
  CHECK(rejection(m, {1}, {kX, kY, int32_t(1)}) == "");
}

TEST_CASE("launch: unsigned integers", "[runtime][launch]") {
  // Every integer type converts (size_t was ambiguous once): N bits -> iN,
  // remembering that it was unsigned.
  size_t count = 4000;
  Arg fromSize(count);
  CHECK(fromSize.type() == ScalarType::I64);
  CHECK(fromSize.isUnsigned());
  CHECK(Arg(uint32_t(7)).type() == ScalarType::I32);
  CHECK(Arg(uint8_t(255)).intValue() == 255);
  CHECK(Arg(uint32_t(4294967294u)).describe() == "a u32 scalar");
  CHECK(Arg((unsigned long long)1).type() == ScalarType::I64);

  Manifest m = geluManifest();
  // A signed parameter takes an unsigned value that fits it, and names the
  // one that does not.
  CHECK(rejection(m, {1}, {kX, kY, uint32_t(4000)}) == "");
  CHECK(rejection(m, {1}, {kX, kY, uint32_t(3000000000u)}) ==
        "launch of triton_gelu_kernel: argument 2 ('num_elements') must be an "
        "i32 scalar, got 3000000000, which does not fit it");
  CHECK(rejection(m, {1}, {kX, kY, count}) ==
        "launch of triton_gelu_kernel: argument 2 ('num_elements') must be an "
        "i32 scalar, got a u64 scalar");
  // An unsigned parameter ("u32", "unsigned": true) takes any unsigned
  // value and non-negative signed ones.
  m.params[2].isUnsigned = true;
  CHECK(rejection(m, {1}, {kX, kY, uint32_t(3000000000u)}) == "");
  CHECK(rejection(m, {1}, {kX, kY, int32_t(12)}) == "");
  CHECK(rejection(m, {1}, {kX, kY, int32_t(-1)}) ==
        "launch of triton_gelu_kernel: argument 2 ('num_elements') must be a "
        "u32 scalar, got the negative value -1");
  CHECK(rejection(m, {1}, {kX, kY, 1.0f}) ==
        "launch of triton_gelu_kernel: argument 2 ('num_elements') must be a "
        "u32 scalar, got an fp32 scalar");
}

TEST_CASE("launch: grid dimensions", "[runtime][launch]") {
  Manifest m = geluManifest();
  std::vector<Arg> args = {kX, kY, int32_t(1)};
  CHECK(rejection(m, {0}, args) ==
        "launch of triton_gelu_kernel: grid dimension x = 0 must be at least 1");
  CHECK(rejection(m, {1, -3}, args) ==
        "launch of triton_gelu_kernel: grid dimension y = -3 must be at least 1");
  CHECK(rejection(m, {1, 1, 0}, args) ==
        "launch of triton_gelu_kernel: grid dimension z = 0 must be at least 1");
  CHECK(rejection(m, {int64_t(1) << 31}, args) ==
        "launch of triton_gelu_kernel: grid dimension x = 2147483648 exceeds "
        "the device limit 2147483647");
  CHECK(rejection(m, {1, 65536}, args) ==
        "launch of triton_gelu_kernel: grid dimension y = 65536 exceeds the "
        "device limit 65535");
  CHECK(rejection(m, {2147483647, 65535, 65535}, args) == "");
  GridLimits small{100, 1, 1};
  CHECK(rejection(m, {101}, args, small) ==
        "launch of triton_gelu_kernel: grid dimension x = 101 exceeds the "
        "device limit 100");
}

TEST_CASE("launch: argument bytes as cuLaunchKernel reads them",
          "[runtime][launch]") {
  auto low32 = [](const Arg &arg) {
    return *static_cast<const uint32_t *>(arg.data());
  };
  CHECK(low32(Arg(int32_t(-2))) == 0xfffffffeu);
  CHECK(low32(Arg(1.5f)) == 0x3fc00000u);
  CHECK(*static_cast<const uint64_t *>(Arg(kX).data()) == kX.address);
  CHECK(*static_cast<const double *>(Arg(2.25).data()) == 2.25);
  CHECK(*static_cast<const int64_t *>(Arg(int64_t(-5)).data()) == -5);
  CHECK(*static_cast<const uint16_t *>(Arg::fp16Bits(0x3c00).data()) == 0x3c00);
  CHECK(*static_cast<const uint8_t *>(Arg(true).data()) == 1);
  CHECK(*static_cast<const int8_t *>(Arg(int8_t(-7)).data()) == -7);
}
