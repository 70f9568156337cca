//===- runtime_arch_test.cpp - manifest targets versus devices ------------===//

#include "tilec/runtime/Arch.h"
#include "tilec/runtime/ScalarType.h"
#include "tilec/runtime/Timing.h"
#include "tilec/runtime/Error.h"

#include <catch2/catch.hpp>

using namespace tilec::rt;

TEST_CASE("arch: parsing", "[runtime][arch]") {
  auto sm90a = parseArch("sm_90a");
  REQUIRE(sm90a);
  CHECK(sm90a->major == 9);
  CHECK(sm90a->minor == 0);
  CHECK(sm90a->suffix == 'a');
  auto sm100f = parseArch("sm_100f");
  REQUIRE(sm100f);
  CHECK(sm100f->major == 10);
  CHECK(sm100f->minor == 0);
  CHECK(sm100f->suffix == 'f');
  auto sm86 = parseArch("sm_86");
  REQUIRE(sm86);
  CHECK(sm86->major == 8);
  CHECK(sm86->minor == 6);
  for (const char *bad : {"sm90", "sm_9", "sm_", "compute_90", "sm_90b",
                          "sm_09", "sm_9x", ""})
    CHECK_FALSE(parseArch(bad));
}

TEST_CASE("arch: which devices run which code", "[runtime][arch]") {
  CHECK_FALSE(archMismatch("sm_90a", 9, 0));
  CHECK_FALSE(archMismatch("sm_90", 9, 0));
  CHECK_FALSE(archMismatch("sm_80", 9, 0)); // PTX JIT-compiles forward
  CHECK_FALSE(archMismatch("sm_100f", 10, 3));
  CHECK(archMismatch("sm_90a", 10, 0) ==
        std::string("sm_90a code runs only on compute capability 9.0, this "
                    "device has compute capability 10.0"));
  CHECK(archMismatch("sm_90", 8, 6) ==
        std::string("sm_90 code needs compute capability 9.0 or newer, this "
                    "device has compute capability 8.6"));
  CHECK(archMismatch("sm_100f", 12, 0) ==
        std::string("sm_100f code runs only on compute capability 10.x with "
                    "x >= 0, this device has compute capability 12.0"));
  CHECK(archMismatch("gpu", 9, 0) == std::string("unknown target 'gpu'"));
}

TEST_CASE("scalar types: names and sizes", "[runtime][types]") {
  CHECK(parseScalarType("bf16") == ScalarType::BF16);
  CHECK_FALSE(parseScalarType("f32"));
  CHECK(byteSize(ScalarType::I1) == 1);
  CHECK(byteSize(ScalarType::FP16) == 2);
  CHECK(byteSize(ScalarType::I64) == 8);
  CHECK(isInteger(ScalarType::I1));
  CHECK_FALSE(isInteger(ScalarType::FP64));
}

TEST_CASE("timing: mean, median and nearest-rank P95", "[runtime][timing]") {
  std::vector<double> samples;
  for (int i = 100; i >= 1; --i)
    samples.push_back(i);
  TimingStats stats = summarize(samples);
  CHECK(stats.trials == 100);
  CHECK(stats.meanMs == Approx(50.5));
  CHECK(stats.medianMs == Approx(50.5));
  CHECK(stats.p95Ms == 95);
  CHECK(stats.minMs == 1);
  CHECK(stats.maxMs == 100);

  TimingStats one = summarize({0.25});
  CHECK(one.medianMs == 0.25);
  CHECK(one.p95Ms == 0.25);
  TimingStats three = summarize({3, 1, 2});
  CHECK(three.medianMs == 2);
  CHECK(three.p95Ms == 3);
  CHECK_THROWS_AS(summarize({}), Error);
  CHECK(gigabytesPerSecond(2000000000, 1.0) == Approx(2000.0));
}

TEST_CASE("arch: which cubins run where", "[runtime][arch]") {
  CHECK_FALSE(cubinArchMismatch("sm_90a", 9, 0));
  CHECK_FALSE(cubinArchMismatch("sm_80", 8, 6)); // same major, newer minor
  CHECK(cubinArchMismatch("sm_80", 9, 0) ==
        std::string("a cubin for sm_80 runs only on compute capability 8.x "
                    "with x >= 0, this device has compute capability 9.0"));
  CHECK(cubinArchMismatch("sm_86", 8, 0));
  CHECK(cubinArchMismatch("sm_90a", 10, 0) ==
        std::string("sm_90a code runs only on compute capability 9.0, this "
                    "device has compute capability 10.0"));
}

TEST_CASE("arch: a matching cubin, else the PTX, else an error naming both",
          "[runtime][arch]") {
  // Matching arch: the cubin.
  CHECK(selectImage("sm_90a", true, "sm_90a", 9, 0, "k") == ImageKind::Cubin);
  CHECK(selectImage("sm_90a", false, "sm_90a", 9, 0, "k") == ImageKind::Cubin);
  // Another arch: the PTX, which the driver JIT-compiles.
  CHECK(selectImage("sm_80", true, "sm_80", 9, 0, "k") == ImageKind::Ptx);
  CHECK(selectImage("sm_90", true, "sm_90a", 10, 0, "k") == ImageKind::Ptx);
  // No cubin at all: the PTX, as before cubins.
  CHECK(selectImage("sm_90a", true, "", 9, 0, "k") == ImageKind::Ptx);

  // Neither fits: both reasons.
  try {
    selectImage("sm_90a", true, "sm_90a", 8, 0, "k from k.json");
    FAIL("expected an error");
  } catch (const Error &error) {
    CHECK(std::string(error.what()) ==
          "cannot run k from k.json: neither the cubin (sm_90a: sm_90a code "
          "runs only on compute capability 9.0, this device has compute "
          "capability 8.0) nor the PTX (sm_90a: sm_90a code runs only on "
          "compute capability 9.0, this device has compute capability 8.0) "
          "fits");
  }
  try {
    selectImage("sm_90a", false, "sm_90a", 8, 0, "k");
    FAIL("expected an error");
  } catch (const Error &error) {
    CHECK_THAT(error.what(),
               Catch::Contains("nor the PTX (there is none) fits"));
  }
  // PTX only: the message of manifests before cubins.
  CHECK_THROWS_WITH(selectImage("sm_90a", true, "", 8, 0, "k"),
                    "cannot run k: sm_90a code runs only on compute "
                    "capability 9.0, this device has compute capability 8.0");
  CHECK(std::string(toString(ImageKind::Cubin)) == "cubin");
}
