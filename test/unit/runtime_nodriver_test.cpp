//===- runtime_nodriver_test.cpp - the runtime without a CUDA driver ------===//
//
// Runs with TILEC_LIBCUDA naming a library that does not exist, so it
// behaves the same on machines with and without a GPU.
//
//===----------------------------------------------------------------------===//

#include "tilec/runtime/Runtime.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

using namespace tilec::rt;

static std::string errorOf(const std::function<void()> &body) {
  try {
    body();
  } catch (const Error &error) {
    return error.what();
  }
  return "";
}

TEST_CASE("no driver: available() is false with a clear reason",
          "[runtime][nodriver]") {
  const char *library = std::getenv("TILEC_LIBCUDA");
  REQUIRE(library);
  CHECK_FALSE(Driver::available());
  std::string expected = std::string("tilec runtime: no CUDA driver: ") +
                         library + " could not be loaded (" + library +
                         ": cannot open shared object file: No such file or "
                         "directory)";
  CHECK(Driver::unavailableReason() == expected);
  // Asking twice gives the same answer without retrying.
  CHECK_FALSE(Driver::available());
}

TEST_CASE("no driver: every device operation throws the reason",
          "[runtime][nodriver]") {
  std::string reason = Driver::unavailableReason();
  REQUIRE_FALSE(reason.empty());
  CHECK(errorOf([] { Kernel::load("kernels/gelu_b1024_w4.json"); }) == reason);
  CHECK(errorOf([] { DeviceBuffer buffer(16); }) == reason);
  CHECK(errorOf([] { Stream stream; }) == reason);
  CHECK(errorOf([] { Event event; }) == reason);
  CHECK(errorOf([] { Context::current(); }) == reason);
  CHECK(errorOf([] { Driver::version(); }) == reason);
  CHECK(errorOf([] { benchmark([] {}, BenchOptions{}); }) == reason);
  // Moving and destroying empty objects needs no driver.
  DeviceBuffer empty;
  DeviceBuffer moved = std::move(empty);
  CHECK(moved.size() == 0);
}

// Run only with TILEC_LIBCUDA naming the CUDA toolkit's stub libcuda.so,
// which exports every entry point but fails cuInit: all of the runtime's
// symbol names (cuda.h's, e.g. cuMemAlloc_v2) must resolve in it.
TEST_CASE("stub driver: every entry point resolves", "[.stub]") {
  CHECK_FALSE(Driver::available());
  std::string reason = Driver::unavailableReason();
  INFO(reason);
  CHECK(reason.rfind("tilec runtime: no CUDA driver: cuInit failed: ", 0) == 0);
}
