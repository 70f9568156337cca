//===- runtime_manifest_fuzz_test.cpp - fuzzed manifests ------------------===//
//
// Manifests mutated at random (seeded, so a failure reproduces): bytes
// changed, ranges deleted or repeated, JSON tokens and extreme numbers
// inserted, the text cut short. Each must either parse into a manifest
// that keeps the format's invariants, and whose launches are checked
// without a crash, or be rejected with a tilec::rt::Error that names the
// file and a position. Any other exception, or a crash, fails.
// TILEC_MANIFEST_FUZZ_SEED and TILEC_MANIFEST_FUZZ_ITERATIONS (default
// 20000, under a second) run it longer or elsewhere:
//   TILEC_MANIFEST_FUZZ_ITERATIONS=2000000 build/bin/runtime_tests "[fuzz]"
//
//===----------------------------------------------------------------------===//

#include "tilec/runtime/Error.h"
#include "tilec/runtime/Launch.h"
#include "tilec/runtime/Manifest.h"

#include "ManifestSamples.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace tilec::rt;

namespace {

/// Manifests as tilec writes them: every field kind the reader knows.
const char *const kSeeds[] = {
    tilec::test::kGeluManifest,
    R"({
  "name": "desc_param_matmul_relu",
  "ptx": "m.ptx",
  "arch": "sm_90a",
  "num_warps": 8,
  "threads_per_block": 256,
  "num_stages": 3,
  "shared_bytes": 98304,
  "dynamic_shared": true,
  "params": [
    {"name": "a_ptr", "kind": "pointer", "type": "fp16", "divisibility": 16},
    {"name": "M", "kind": "scalar", "type": "i32", "divisibility": 16},
    {"name": "K", "kind": "scalar", "type": "i32", "unsigned": true},
    {"name": "one", "kind": "scalar", "type": "i32", "equal_to": 1},
    {"name": "scale", "kind": "scalar", "type": "fp32"}
  ],
  "tensor_maps": [{"name": "a.desc", "type": "fp16", "leaves": [0, 1, 2, 2],
                   "box": [128, 64], "swizzle": 128}],
  "constexprs": [{"name": "BLOCK_M", "value": 128},
                 {"name": "ACTIVATION", "value": "relu"}]
})"};

/// Text that is likely to reach new paths in the reader when inserted.
const char *const kTokens[] = {
    "{", "}", "[", "]", ",", ":", "\"", "null", "true", "false", "-1", "0",
    "1e999", "-0", "4294967296", "18446744073709551616",
    "-9223372036854775809", "0.5", "\"\"", "\"\\u0000\"", "\"\\ud800\"",
    "\"\xff\"", "\"num_warps\"", "\"params\"", "\"tensor_maps\"",
    "\"leaves\"", "\"box\"", "\"kind\"", "\"pointer\"", "\"scalar\"",
    "\"type\"", "\"fp8e4nv\"", "\"i64\"", "\"divisibility\"", "\"equal_to\"",
    "\"unsigned\"", "\"swizzle\"", "\"name\"", "\"sm_80\"", "\"sm_100\"",
    "[[[[[[[[", "]]]]", "{\"\":{}}", " ", "\n"};

std::string mutate(std::string text, std::mt19937_64 &rng) {
  auto pick = [&](size_t n) { return n ? size_t(rng() % n) : size_t(0); };
  int mutations = 1 + int(pick(4));
  for (int i = 0; i < mutations; ++i) {
    size_t at = pick(text.size() + 1);
    switch (pick(6)) {
    case 0: // one byte changed
      if (!text.empty())
        text[pick(text.size())] = char(pick(256));
      break;
    case 1: // a range deleted
      text.erase(at, pick(32));
      break;
    case 2: // a range repeated
      if (at < text.size())
        text.insert(at, text.substr(at, 1 + pick(48)));
      break;
    case 3: // a token inserted
    case 4:
      text.insert(at, kTokens[pick(sizeof(kTokens) / sizeof(kTokens[0]))]);
      break;
    case 5: // cut short
      text.resize(at);
      break;
    }
  }
  return text;
}

/// An argument of the kind and type \p param takes (null pointers are
/// aligned to anything).
Arg argumentFor(const ParamInfo &param, uint64_t value) {
  if (param.kind == ParamKind::Pointer)
    return Arg(DevicePtr{value << 8});
  switch (param.type) {
  case ScalarType::FP32:
    return Arg(float(value));
  case ScalarType::FP64:
    return Arg(double(value));
  case ScalarType::I64:
    return Arg(int64_t(value));
  case ScalarType::I1:
    return Arg(bool(value & 1));
  default:
    return Arg(int32_t(value));
  }
}

} // namespace

TEST_CASE("manifest fuzz: mutated manifests parse or fail with a located "
          "error",
          "[runtime][manifest][fuzz]") {
  auto setting = [](const char *name, uint64_t fallback) {
    const char *text = std::getenv(name);
    return text ? std::strtoull(text, nullptr, 10) : fallback;
  };
  uint64_t iterations = setting("TILEC_MANIFEST_FUZZ_ITERATIONS", 20000);
  std::mt19937_64 rng(setting("TILEC_MANIFEST_FUZZ_SEED", 20261201));
  size_t parsed = 0, rejected = 0;
  for (uint64_t iteration = 0; iteration < iterations; ++iteration) {
    std::string text =
        mutate(kSeeds[iteration % 2], rng);
    INFO("iteration " << iteration << ", manifest:\n" << text);
    try {
      Manifest m = Manifest::parse(text, "m.json");
      ++parsed;
      // What a parsed manifest promises its users.
      CHECK(m.threadsPerBlock == int64_t(m.numWarps) * 32);
      std::set<std::string> names;
      for (const ParamInfo &param : m.params)
        CHECK(names.insert(param.name).second);
      std::vector<Arg> args;
      for (const ParamInfo &param : m.params)
        args.push_back(argumentFor(param, rng() % 64));
      try {
        validateLaunch(m, Grid{int64_t(rng() % 3), 1, 1}, args);
      } catch (const Error &error) {
        CHECK(std::string(error.what()).rfind("launch of ", 0) == 0);
      }
    } catch (const Error &error) {
      ++rejected;
      std::string message = error.what();
      INFO("error: " << message);
      CHECK(message.rfind("m.json:", 0) == 0);
      // "m.json:<line>:<column>: <problem>"
      size_t line = message.find(':', 7);
      size_t column = line == std::string::npos
                          ? std::string::npos
                          : message.find(": ", line + 1);
      CHECK(column != std::string::npos);
    }
  }
  // Both outcomes are exercised.
  CHECK(parsed > iterations / 200);
  CHECK(rejected > iterations / 2);
}
