//===- target_manifest_test.cpp - readManifest reads what writeManifest wrote //
//
// Kernels that come from the compile cache come as manifest text; tilec
// reads it back (readManifest) to embed it in launchers, which must be the
// same bytes as without the cache. Every field round-trips; malformed
// manifests are errors naming the field.
//
//===----------------------------------------------------------------------===//

#include "tilec/Target/Manifest.h"

#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <string>

using namespace tilec;

namespace {

std::string write(const KernelManifest &manifest) {
  std::string text;
  llvm::raw_string_ostream os(text);
  writeManifest(manifest, os);
  return text;
}

std::string errorOf(llvm::StringRef text) {
  llvm::Expected<KernelManifest> read = readManifest(text);
  return read ? "" : llvm::toString(read.takeError());
}

KernelManifest sample() {
  KernelManifest m;
  m.name = "k";
  m.ptxFile = "k.ptx";
  m.arch = "sm_90a";
  m.numWarps = 8;
  m.numStages = 3;
  m.sharedBytes = 65536;
  KernelManifest::Param pointer{"x_ptr", true, "fp16", 16, std::nullopt, false};
  KernelManifest::Param scalar{"n", false, "i32", 1, 1, false};
  KernelManifest::Param unsignedScalar{"seed", false, "i32", 16, std::nullopt,
                                       true};
  m.params = {pointer, scalar, unsignedScalar};
  // A None constexpr (null) and the string 'None' stay apart.
  m.constexprs = {{"BLOCK", "1024"},  {"ACTIVATION", "leaky_relu"},
                  {"SCALE", "0.5"},   {"bias_ptr", "None", true},
                  {"MODE", "None"}};
  return m;
}

} // namespace

TEST_CASE("manifest: every field reads back to the same bytes", "[target]") {
  KernelManifest plain = sample();
  KernelManifest full = sample();
  full.cubinFile = "k.cubin";
  full.cubinArch = "sm_90a";
  full.programmaticLaunch = true;
  KernelManifest::TensorMap map;
  map.name = "desc";
  map.type = "bf16";
  map.leaves = {0, 1, 2, 3};
  map.box = {64, 128};
  map.swizzle = 128;
  full.tensorMaps = {map};
  KernelManifest empty;
  empty.name = "e";
  for (const KernelManifest &m : {plain, full, empty}) {
    std::string text = write(m);
    INFO(text);
    llvm::Expected<KernelManifest> read = readManifest(text);
    REQUIRE(errorOf(text) == "");
    REQUIRE(bool(read));
    CHECK(write(*read) == text);
  }
  std::string text = write(plain);
  CHECK_THAT(text, Catch::Contains("\"value\": null"));
  CHECK_THAT(text, Catch::Contains("\"value\": \"None\""));
}

TEST_CASE("manifest: malformed manifests name the field", "[target]") {
  CHECK_THAT(errorOf("{"), Catch::Contains("Expected object key"));
  CHECK(errorOf("[]") == "the manifest is not an object");
  CHECK(errorOf(R"({"ptx": "k.ptx"})") == "the manifest has no 'name'");
  std::string text = write(sample());
  std::string badWarps = text;
  badWarps.replace(badWarps.find("\"num_warps\": 8"), 14,
                   "\"num_warps\": \"8\"");
  CHECK(errorOf(badWarps) == "the manifest 'num_warps' is not an integer");
  std::string badParam = text;
  badParam.replace(badParam.find("\"type\": \"fp16\""), 14, "\"type\": 16");
  CHECK(errorOf(badParam) == "a parameter 'type' is not a string");
}
