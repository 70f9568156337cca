//===- runtime_autotune_test.cpp - autotune index and keys ----------------===//
//
// The parts of autotuning that need no driver: reading and checking the
// index tilec writes (alone and against its configs' manifests), the launch
// key, and reading integer constexprs for grids. The tuning itself runs
// against the fake driver in runtime_autotune_fakedriver_test.cpp.
//
//===----------------------------------------------------------------------===//

#include "tilec/runtime/Autotuner.h"
#include "tilec/runtime/Error.h"
#include "tilec/runtime/Json.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include <unistd.h>

using namespace tilec::rt;

namespace {

/// The index format exactly as the brief for tilec writes it.
const char *kIndex = R"({
  "kind": "autotune",
  "name": "matmul_kernel",
  "key": ["M", "N", "K"],
  "reset_to_zero": ["c_ptr"],
  "restore_value": [],
  "configs": [
    {"manifest": "matmul_c0.json", "num_warps": 8, "num_stages": 3,
     "constexprs": {"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 256, "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8}},
    {"manifest": "matmul_c1.json", "num_warps": 4, "num_stages": 4,
     "constexprs": {"BLOCK_SIZE_M": 64, "BLOCK_SIZE_N": 256, "BLOCK_SIZE_K": 32, "GROUP_SIZE_M": 8}}
  ],
  "skipped": [{"config": 2, "reason": "needs 262144 bytes of shared memory; sm_90a has 232448"}]
}
)";

/// kIndex with the first occurrence of \p from replaced by \p to.
std::string edited(const std::string &from, const std::string &to,
                   std::string text = kIndex) {
  size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

std::string errorOf(const std::function<void()> &body) {
  try {
    body();
  } catch (const Error &error) {
    return error.what();
  }
  return "";
}

std::string parseError(const std::string &text) {
  return errorOf([&] { AutotuneIndex::parse(text, "mm.json"); });
}

/// The lecture matmul's parameters, as the per-config manifests list them.
std::string matmulParams(const std::string &kType = "i32") {
  std::string params;
  for (const char *ptr : {"a_ptr", "b_ptr", "c_ptr"})
    params += std::string("{\"name\": \"") + ptr +
              "\", \"kind\": \"pointer\", \"type\": \"fp16\", "
              "\"divisibility\": 16}, ";
  for (const char *dim : {"M", "N", "K"})
    params += std::string("{\"name\": \"") + dim +
              "\", \"kind\": \"scalar\", \"type\": \"" +
              (std::string(dim) == "K" ? kType : "i32") + "\"}, ";
  return params + "{\"name\": \"scale\", \"kind\": \"scalar\", \"type\": "
                  "\"fp32\"}";
}

/// A per-config manifest of matmul_kernel.
std::string manifest(int warps, int blockM, int blockN, int blockK,
                     const std::string &params = matmulParams()) {
  return "{\"name\": \"matmul_kernel\", \"ptx\": \"mm.ptx\", \"arch\": "
         "\"sm_90a\", \"num_warps\": " +
         std::to_string(warps) +
         ", \"threads_per_block\": " + std::to_string(warps * 32) +
         ", \"shared_bytes\": 0, \"params\": [" + params +
         "], \"constexprs\": [{\"name\": \"BLOCK_SIZE_M\", \"value\": " +
         std::to_string(blockM) +
         "}, {\"name\": \"BLOCK_SIZE_N\", \"value\": " +
         std::to_string(blockN) +
         "}, {\"name\": \"BLOCK_SIZE_K\", \"value\": " +
         std::to_string(blockK) +
         "}, {\"name\": \"GROUP_SIZE_M\", \"value\": 8}]}";
}

/// CTest runs each test case in its own process, several at once: every
/// process writes into its own directory and removes it when it exits.
const std::string kDir =
    "runtime_autotune_index." + std::to_string(::getpid());
struct RemoveDirAtExit {
  ~RemoveDirAtExit() {
    std::error_code ignored;
    std::filesystem::remove_all(kDir, ignored);
  }
} removeDirAtExit;

/// Writes the index and two consistent config manifests into kDir; returns
/// the index path.
std::string writeIndex(const std::string &index = kIndex,
                       const std::string &c0 = manifest(8, 128, 256, 64),
                       const std::string &c1 = manifest(4, 64, 256, 32)) {
  std::filesystem::remove_all(kDir);
  std::filesystem::create_directories(kDir);
  std::ofstream(kDir + "/mm.json") << index;
  std::ofstream(kDir + "/matmul_c0.json") << c0;
  std::ofstream(kDir + "/matmul_c1.json") << c1;
  return kDir + "/mm.json";
}

std::string loadError(const std::string &path) {
  return errorOf([&] { AutotuneIndex::load(path); });
}

} // namespace

TEST_CASE("autotune index: the documented example", "[runtime][autotune]") {
  AutotuneIndex index = AutotuneIndex::parse(kIndex, "mm.json");
  CHECK(index.name == "matmul_kernel");
  CHECK(index.key == std::vector<std::string>{"M", "N", "K"});
  CHECK(index.resetToZero == std::vector<std::string>{"c_ptr"});
  CHECK(index.restoreValue.empty());
  REQUIRE(index.configs.size() == 2);
  const AutotuneConfig &c1 = index.configs[1];
  CHECK(c1.manifest == "matmul_c1.json");
  CHECK(c1.numWarps == 4);
  CHECK(c1.numStages == 4);
  REQUIRE(c1.constexprs.size() == 4);
  CHECK(c1.constexprs[0].name == "BLOCK_SIZE_M");
  CHECK(c1.constexprs[0].intValue == 64);
  CHECK(c1.constexprs[2].name == "BLOCK_SIZE_K");
  CHECK(c1.constexprs[2].intValue == 32);
  CHECK(c1.describe() == "BLOCK_SIZE_M=64, BLOCK_SIZE_N=256, BLOCK_SIZE_K=32, "
                         "GROUP_SIZE_M=8, num_warps=4, num_stages=4");
  REQUIRE(index.skipped.size() == 1);
  CHECK(index.skipped[0].config == 2);
  CHECK(index.skipped[0].reason ==
        "needs 262144 bytes of shared memory; sm_90a has 232448");
  CHECK(index.manifestPath(1) == "matmul_c1.json");
  CHECK(index.manifests.empty()); // parse() reads no manifest
}

TEST_CASE("autotune index: optional fields", "[runtime][autotune]") {
  AutotuneIndex index = AutotuneIndex::parse(R"({"kind": "autotune",
    "name": "k", "configs": [{"manifest": "k.json", "num_warps": 4,
    "num_stages": 2, "extra": [1]}], "compiler": "tilec"})",
                                             "k.json");
  CHECK(index.key.empty());
  CHECK(index.resetToZero.empty());
  CHECK(index.restoreValue.empty());
  CHECK(index.skipped.empty());
  REQUIRE(index.configs.size() == 1);
  CHECK(index.configs[0].constexprs.empty());
  CHECK(index.configs[0].describe() == "num_warps=4, num_stages=2");

  AutotuneIndex flags = AutotuneIndex::parse(
      edited("\"GROUP_SIZE_M\": 8}},",
             "\"GROUP_SIZE_M\": 8, \"EVEN_K\": true, \"ACT\": \"relu\"}},"),
      "mm.json");
  const std::vector<ConstexprInfo> &c = flags.configs[0].constexprs;
  REQUIRE(c.size() == 6);
  CHECK(c[4].text == "true");
  CHECK_FALSE(c[4].intValue);
  CHECK(c[5].text == "relu");

  // "config": the source's number of a config (tilec writes it; configs
  // it skipped leave gaps), absent in older indexes.
  CHECK_FALSE(flags.configs[0].number);
  AutotuneIndex numbered = AutotuneIndex::parse(
      edited("{\"manifest\": \"matmul_c1.json\"",
             "{\"config\": 3, \"manifest\": \"matmul_c1.json\""),
      "mm.json");
  CHECK_FALSE(numbered.configs[0].number);
  REQUIRE(numbered.configs[1].number);
  CHECK(*numbered.configs[1].number == 3);
  CHECK(errorOf([] {
          AutotuneIndex::parse(
              edited("{\"manifest\": \"matmul_c0.json\"",
                     "{\"config\": -1, \"manifest\": \"matmul_c0.json\""),
              "mm.json");
        }).find("'config' must be an integer") != std::string::npos);
}

TEST_CASE("autotune index: malformed indexes name the field and position",
          "[runtime][autotune]") {
  CHECK(parseError("[]") ==
        "mm.json:1:1: the autotune index must be an object, got an array");
  CHECK(parseError(edited("\"configs\": [", "\"configs\": [] , \"x\": [")) ==
        "mm.json:7:14: 'configs' must not be empty: matmul_kernel has no "
        "config to run");
  CHECK(parseError(R"({"kind": "autotune", "name": "k"})") ==
        "mm.json:1:1: missing required field 'configs'");
  CHECK(parseError(R"({"kind": "autotune", "name": "k", "configs": {}})") ==
        "mm.json:1:46: 'configs' must be an array, got an object");
  CHECK(parseError(edited("  \"kind\": \"autotune\",\n", "")) ==
        "mm.json:1:1: missing required field 'kind'");
  CHECK(parseError(edited("\"kind\": \"autotune\"", "\"kind\": \"kernel\"")) ==
        "mm.json:2:11: 'kind' must be \"autotune\", got \"kernel\"");
  CHECK(parseError(R"({"name": "k", "ptx": "k.ptx", "params": []})") ==
        "mm.json:1:1: this is a kernel manifest, not an autotune index (load "
        "it with Kernel::load)");
  CHECK(parseError(edited("\"name\": \"matmul_kernel\"", "\"name\": 3")) ==
        "mm.json:3:11: 'name' must be a string, got a number");
  CHECK(parseError(edited("[\"M\", \"N\", \"K\"]", "\"M\"")) ==
        "mm.json:4:10: 'key' must be an array, got a string");
  CHECK(parseError(edited("[\"M\", \"N\", \"K\"]", "[\"M\", 2]")) ==
        "mm.json:4:16: key[1] must be a parameter name (a non-empty string), "
        "got a number");
  CHECK(parseError(edited("[\"M\", \"N\", \"K\"]", "[\"M\", \"N\", \"M\"]")) ==
        "mm.json:4:21: key[2] repeats 'M'");
  CHECK(parseError(edited("[\"c_ptr\"]", "[\"\"]")) ==
        "mm.json:5:21: reset_to_zero[0] must be a parameter name (a "
        "non-empty string), got a string");
  CHECK(parseError(edited("\"manifest\": \"matmul_c0.json\", ", "")) ==
        "mm.json:8:5: missing required field 'manifest'");
  CHECK(parseError(edited("\"num_warps\": 8", "\"num_warps\": 64")) ==
        "mm.json:8:49: 'num_warps' must be an integer in [1, 32], got 64");
  CHECK(parseError(edited("\"num_stages\": 3", "\"num_stages\": -1")) ==
        "mm.json:8:66: 'num_stages' must be an integer in [0, 32], got -1");
  CHECK(parseError(edited(", \"num_stages\": 3", "")) ==
        "mm.json:8:5: missing required field 'num_stages'");
  CHECK(
      parseError(edited("{\"BLOCK_SIZE_M\": 128,", "[{\"BLOCK_SIZE_M\": 128}],"
                                                   " \"x\": {")) ==
      "mm.json:9:20: configs[0]: 'constexprs' must be an object, got an "
      "array");
  CHECK(
      parseError(edited("\"GROUP_SIZE_M\": 8}}", "\"GROUP_SIZE_M\": [8]}}")) ==
      "mm.json:9:99: configs[0]: constexpr 'GROUP_SIZE_M' must be a "
      "number, a boolean, null or a string");
  CHECK(
      parseError(edited("{\"config\": 2, ", "{\"config\": -2, ")) ==
      "mm.json:13:26: 'config' must be an integer in [0, 4294967296], got -2");
  CHECK(parseError(edited("[{\"config\": 2, \"reason\": \"needs",
                          "[{\"config\": 2, \"reason\": \"x\"}, "
                          "{\"config\": 2, \"reason\": \"needs")) ==
        "mm.json:13:45: skipped[1] repeats config 2");
  CHECK(parseError(edited(", \"reason\": \"needs 262144 bytes of shared "
                          "memory; sm_90a has 232448\"",
                          "")) ==
        "mm.json:13:15: missing required field 'reason'");
}

TEST_CASE("autotune index: load checks the configs' manifests",
          "[runtime][autotune]") {
  std::string path = writeIndex();
  AutotuneIndex index = AutotuneIndex::load(path);
  CHECK(index.path == path);
  CHECK(index.directory == kDir);
  CHECK(index.manifestPath(0) == kDir + "/matmul_c0.json");
  REQUIRE(index.manifests.size() == 2);
  CHECK(index.manifests[1].constexprInt("BLOCK_SIZE_M") == 64);
  CHECK(index.manifests[1].numWarps == 4);

  std::string c0 = kDir + "/matmul_c0.json", c1 = kDir + "/matmul_c1.json";
  std::string same = "; every config of matmul_kernel must take the same "
                     "parameters";

  // A key, reset or restore name that is not a parameter, or not a pointer.
  CHECK(loadError(
            writeIndex(edited("[\"M\", \"N\", \"K\"]", "[\"M\", \"Q\"]"))) ==
        path + ": key[1] 'Q' is not a parameter of matmul_kernel (its "
               "parameters: a_ptr, b_ptr, c_ptr, M, N, K, scale)");
  // A key may name a constexpr (Triton keys on those too), if every config
  // has it at one value.
  CHECK(loadError(writeIndex(edited("[\"M\", \"N\", \"K\"]",
                                    "[\"M\", \"GROUP_SIZE_M\"]")))
            .empty());
  CHECK(loadError(writeIndex(edited("[\"M\", \"N\", \"K\"]",
                                    "[\"M\", \"BLOCK_SIZE_M\"]"))) ==
        path + ": key[1] 'BLOCK_SIZE_M' is a constexpr, 128 in configs[0] but "
               "64 in configs[1]: a key must have one value in every config");
  CHECK(loadError(writeIndex(edited("[\"c_ptr\"]", "[\"c\"]"))) ==
        path + ": reset_to_zero[0] 'c' is not a parameter of matmul_kernel "
               "(its parameters: a_ptr, b_ptr, c_ptr, M, N, K, scale)");
  CHECK(loadError(writeIndex(edited("[\"c_ptr\"]", "[\"c_ptr\", \"M\"]"))) ==
        path + ": reset_to_zero[1] 'M' must name a pointer parameter, but it "
               "is an i32 scalar");
  CHECK(loadError(writeIndex(edited("\"restore_value\": []",
                                    "\"restore_value\": [\"scale\"]"))) ==
        path + ": restore_value[0] 'scale' must name a pointer parameter, but "
               "it is an fp32 scalar");

  // Configs whose manifests disagree on the parameters.
  CHECK(loadError(writeIndex(kIndex, manifest(8, 128, 256, 64),
                             manifest(4, 64, 256, 32, matmulParams("i64")))) ==
        c1 + ": params[5] is 'K' (an i64 scalar) but in " + c0 +
            " (configs[0]) it is 'K' (an i32 scalar)" + same);
  std::string renamed = matmulParams();
  renamed.replace(renamed.find("\"b_ptr\""), 7, "\"bb\"");
  CHECK(loadError(writeIndex(kIndex, manifest(8, 128, 256, 64),
                             manifest(4, 64, 256, 32, renamed))) ==
        c1 + ": params[1] is 'bb' (a pointer to fp16) but in " + c0 +
            " (configs[0]) it is 'b_ptr' (a pointer to fp16)" + same);
  std::string fewer = matmulParams();
  fewer.erase(fewer.rfind(", {"));
  CHECK(loadError(writeIndex(kIndex, manifest(8, 128, 256, 64),
                             manifest(4, 64, 256, 32, fewer))) ==
        c1 + ": 'params' lists 6 parameters but " + c0 +
            " (configs[0]) lists 7" + same);

  // A manifest that is not the config the index says.
  CHECK(loadError(writeIndex(kIndex, manifest(8, 128, 256, 64),
                             manifest(4, 128, 256, 32))) ==
        c1 + ": constexpr 'BLOCK_SIZE_M' is 128 but " + path +
            " configs[1] says 64");
  CHECK(loadError(writeIndex(kIndex, manifest(8, 128, 256, 64),
                             manifest(8, 64, 256, 32))) ==
        c1 + ": 'num_warps' is 8 but " + path + " configs[1] says 4");
  CHECK(loadError(writeIndex(edited("\"GROUP_SIZE_M\": 8}}",
                                    "\"GROUP_SIZE_M\": 8, \"EVEN_K\": 1}}"))) ==
        c0 + ": no constexpr 'EVEN_K', which " + path +
            " configs[0] sets to 1");

  // The same float, spelled differently, is the same value.
  std::string half = manifest(8, 128, 256, 64);
  half.replace(half.rfind("}]}"), 3,
               "}, {\"name\": \"ALPHA\", \"value\": 5.000000e-01}]}");
  std::string halfIndex =
      edited("\"GROUP_SIZE_M\": 8}}", "\"GROUP_SIZE_M\": 8, \"ALPHA\": 0.5}}");
  CHECK(loadError(writeIndex(halfIndex, half)).empty());
  CHECK(loadError(writeIndex(edited("0.5", "0.25", halfIndex), half)) ==
        c0 + ": constexpr 'ALPHA' is 5.000000e-01 but " + path +
            " configs[0] says 0.25");

  // Missing files.
  std::filesystem::remove(c1);
  CHECK(loadError(path) == "cannot open manifest '" + c1 + "'");
  CHECK(loadError(kDir + "/none.json") ==
        "cannot open autotune index '" + kDir + "/none.json'");
}

TEST_CASE("autotune: launch keys", "[runtime][autotune]") {
  AutotuneIndex index = AutotuneIndex::load(writeIndex());
  const std::vector<ParamInfo> &params = index.manifests[0].params;
  DevicePtr a{256}, b{512}, c{768};
  std::vector<Arg> args = {
      a, b, c, int32_t(4096), int32_t(2048), int32_t(1024), 0.5f};
  CHECK(autotuneKey(index, params, args) == "M=4096,N=2048,K=1024");

  // Other values, other keys; values not in the key do not matter.
  args[5] = int32_t(1000);
  CHECK(autotuneKey(index, params, args) == "M=4096,N=2048,K=1000");
  args[6] = 2.0f;
  args[2] = DevicePtr{1024};
  CHECK(autotuneKey(index, params, args) == "M=4096,N=2048,K=1000");

  // Pointers by pointee type, floats by value, in the key's order.
  index.key = {"scale", "c_ptr", "M"};
  args[6] = 0.1f;
  CHECK(autotuneKey(index, params, args) == "scale=0.1,c_ptr=fp16,M=4096");
  args[3] = int32_t(-3);
  args[6] = -1.5e-8f;
  CHECK(autotuneKey(index, params, args) == "scale=-1.5e-08,c_ptr=fp16,M=-3");

  index.key.clear();
  CHECK(autotuneKey(index, params, args).empty());

  // A constexpr of the configs gives its value.
  index.key = {"M", "GROUP_SIZE_M"};
  CHECK(autotuneKey(index, params, args) == "M=-3,GROUP_SIZE_M=8");

  // Checked like a launch.
  index.key = {"M"};
  CHECK(errorOf([&] {
          autotuneKey(index, params, {a, b});
        }) ==
        "launch of matmul_kernel: expected 7 arguments (a_ptr, b_ptr, c_ptr, "
        "M, N, K, scale), got 2");
  args[3] = int64_t(4096);
  CHECK(errorOf([&] { autotuneKey(index, params, args); }) ==
        "launch of matmul_kernel: argument 3 ('M') must be an i32 scalar, got "
        "an i64 scalar");
  args[3] = DevicePtr{0};
  CHECK(errorOf([&] { autotuneKey(index, params, args); }) ==
        "launch of matmul_kernel: argument 3 ('M') must be an i32 scalar, got "
        "a pointer");
}

TEST_CASE("autotune: keys of half, bfloat16 and double scalars",
          "[runtime][autotune]") {
  AutotuneIndex index = AutotuneIndex::parse(R"({"kind": "autotune",
    "name": "k", "key": ["h", "b", "d", "flag"],
    "configs": [{"manifest": "k.json", "num_warps": 4, "num_stages": 2}]})",
                                             "k.json");
  auto scalar = [](const char *name, ScalarType type) {
    ParamInfo param;
    param.name = name;
    param.kind = ParamKind::Scalar;
    param.type = type;
    return param;
  };
  std::vector<ParamInfo> params = {
      scalar("h", ScalarType::FP16), scalar("b", ScalarType::BF16),
      scalar("d", ScalarType::FP64), scalar("flag", ScalarType::I1)};
  // fp16 0x3e00 = 1.5, bf16 0xc040 = -3, fp16 0x0001 = 2^-24.
  CHECK(autotuneKey(index, params,
                    {Arg::fp16Bits(0x3e00), Arg::bf16Bits(0xc040), 0.1,
                     true}) == "h=1.5,b=-3,d=0.1,flag=1");
  CHECK(autotuneKey(index, params,
                    {Arg::fp16Bits(0x0001), Arg::bf16Bits(0x0000), 1e300,
                     false}) == "h=5.9604645e-08,b=0,d=1e+300,flag=0");
}

TEST_CASE("manifest: integer constexprs for grids", "[runtime][autotune]") {
  Manifest m = Manifest::parse(manifest(4, 64, 256, 32), "c1.json");
  CHECK(m.requireConstexprInt("BLOCK_SIZE_N") == 256);
  CHECK(errorOf([&] { m.requireConstexprInt("BLOCK_M"); }) ==
        "matmul_kernel has no constexpr 'BLOCK_M' (its constexprs: "
        "BLOCK_SIZE_M=64, BLOCK_SIZE_N=256, BLOCK_SIZE_K=32, GROUP_SIZE_M=8)");
  m.constexprs = {{"EVEN_K", "true", std::nullopt}};
  CHECK(errorOf([&] { m.requireConstexprInt("EVEN_K"); }) ==
        "constexpr 'EVEN_K' of matmul_kernel is true, not an integer");
  m.constexprs.clear();
  CHECK(errorOf([&] { m.requireConstexprInt("BLOCK_SIZE_M"); }) ==
        "matmul_kernel has no constexpr 'BLOCK_SIZE_M' (it has none)");
}

TEST_CASE("json: quoting strings", "[runtime][json]") {
  CHECK(quoteJson("M=1,N=2") == "\"M=1,N=2\"");
  CHECK(quoteJson("a\"b\\c\n\x01") == "\"a\\\"b\\\\c\\u000a\\u0001\"");
  std::string odd = "x\"\\\t\xc3\xa9";
  CHECK(parseJson(quoteJson(odd), "q").text() == odd);
}
