//===- runtime_manifest_test.cpp - kernel manifests -----------------------===//

#include "tilec/runtime/Error.h"
#include "tilec/runtime/Manifest.h"

#include "ManifestSamples.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <string>

using namespace tilec::rt;

/// The manifest format exactly as tilec writes it.
static const char *kGelu = tilec::test::kGeluManifest;

/// kGelu with the first occurrence of \p from replaced by \p to.
static std::string edited(const std::string &from, const std::string &to) {
  std::string text = kGelu;
  size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

static std::string parseError(const std::string &text) {
  try {
    Manifest::parse(text, "gelu.json");
  } catch (const Error &error) {
    return error.what();
  }
  return "";
}

TEST_CASE("manifest: the documented example", "[runtime][manifest]") {
  Manifest m = Manifest::parse(kGelu, "gelu.json");
  CHECK(m.name == "triton_gelu_kernel");
  CHECK(m.ptx == "gelu.ptx");
  CHECK(m.arch == "sm_90a");
  CHECK(m.numWarps == 4);
  CHECK(m.threadsPerBlock == 128);
  CHECK(m.sharedBytes == 0);
  CHECK_FALSE(m.dynamicShared);
  REQUIRE(m.params.size() == 3);
  CHECK(m.params[0].name == "x_ptr");
  CHECK(m.params[0].kind == ParamKind::Pointer);
  CHECK(m.params[0].type == ScalarType::FP32);
  CHECK(m.params[0].divisibility == 16);
  CHECK(m.params[2].kind == ParamKind::Scalar);
  CHECK(m.params[2].type == ScalarType::I32);
  CHECK(m.params[2].divisibility == 1);
  REQUIRE(m.constexprs.size() == 1);
  CHECK(m.constexprInt("BLOCK_SIZE") == 1024);
  CHECK_FALSE(m.constexprInt("OTHER"));
  CHECK(m.ptxPath() == "gelu.ptx");
}

TEST_CASE("manifest: optional and extra fields", "[runtime][manifest]") {
  Manifest m = Manifest::parse(
      edited("\"shared_bytes\": 0,",
             "\"shared_bytes\": 65536, \"dynamic_shared\": true, "
             "\"compiler\": {\"version\": \"0.1\"},"),
      "gelu.json");
  CHECK(m.sharedBytes == 65536);
  CHECK(m.dynamicShared);

  std::string noConstexprs = kGelu;
  noConstexprs.replace(noConstexprs.find(",\n  \"constexprs\""),
                       std::string(",\n  \"constexprs\": [{\"name\": "
                                   "\"BLOCK_SIZE\", \"value\": 1024}]")
                           .size(),
                       "");
  CHECK(Manifest::parse(noConstexprs, "gelu.json").constexprs.empty());

  // Divisibility defaults to 1.
  Manifest noDiv = Manifest::parse(edited(", \"divisibility\": 1}", "}"), "g");
  CHECK(noDiv.params[2].divisibility == 1);

  // An integer specialised to a value ("i32:1").
  Manifest one = Manifest::parse(
      edited("\"divisibility\": 1}", "\"divisibility\": 1, \"equal_to\": 1}"),
      "g");
  CHECK(one.params[2].equalTo == 1);
  CHECK_FALSE(noDiv.params[2].equalTo);
  CHECK(parseError(edited("\"divisibility\": 16},",
                          "\"divisibility\": 16, \"equal_to\": 1},")) ==
        "gelu.json:9:90: params[0] ('x_ptr'): only an integer scalar can "
        "have 'equal_to'");

  // Non-integer constexprs keep their text.
  Manifest flags = Manifest::parse(
      edited("\"value\": 1024", "\"value\": true"), "g");
  CHECK(flags.constexprs[0].text == "true");
  CHECK_FALSE(flags.constexprInt("BLOCK_SIZE"));
  // A None argument's constexpr is null.
  Manifest none = Manifest::parse(
      edited("\"value\": 1024", "\"value\": null"), "g");
  CHECK(none.constexprs[0].text == "None");
  CHECK_FALSE(none.constexprInt("BLOCK_SIZE"));
}

TEST_CASE("manifest: every type name", "[runtime][manifest]") {
  for (const char *type :
       {"fp16", "bf16", "fp32", "fp64", "i1", "i8", "i16", "i32", "i64"}) {
    Manifest m = Manifest::parse(
        edited("\"type\": \"i32\"", std::string("\"type\": \"") + type + "\""),
        "g");
    CHECK(toString(m.params[2].type) == type);
  }
}

TEST_CASE("manifest: the ptx path is relative to the manifest",
          "[runtime][manifest]") {
  std::string dir = "runtime_manifest_test_dir";
  std::string path = dir + "/gelu.json";
  std::remove(path.c_str());
  std::string mkdir = "mkdir -p " + dir;
  REQUIRE(std::system(mkdir.c_str()) == 0);
  std::ofstream(path) << kGelu;
  Manifest m = Manifest::load(path);
  CHECK(m.directory == dir);
  CHECK(m.ptxPath() == dir + "/gelu.ptx");

  try {
    Manifest::load(dir + "/missing.json");
    FAIL("no error for a missing manifest");
  } catch (const Error &error) {
    CHECK(std::string(error.what()) ==
          "cannot open manifest '" + dir + "/missing.json'");
  }
}

TEST_CASE("manifest: malformed manifests name the field and position",
          "[runtime][manifest]") {
  CHECK(parseError("[]") == "gelu.json:1:1: the manifest must be an object, got an array");
  CHECK(parseError("{\"name\": \"k\"") ==
        "gelu.json:1:13: syntax error while parsing object - unexpected "
        "end of input; expected '}'");
  CHECK(parseError(edited("  \"arch\": \"sm_90a\",\n", "")) ==
        "gelu.json:1:1: missing required field 'arch'");
  CHECK(parseError(edited("\"sm_90a\"", "\"hopper\"")) ==
        "gelu.json:4:11: 'arch' must look like sm_90 or sm_90a, got 'hopper'");
  CHECK(parseError(edited("\"num_warps\": 4", "\"num_warps\": 0")) ==
        "gelu.json:5:16: 'num_warps' must be an integer in [1, 32], got 0");
  CHECK(parseError(edited("\"num_warps\": 4", "\"num_warps\": 4.5")) ==
        "gelu.json:5:16: 'num_warps' must be an integer in [1, 32], got 4.5");
  CHECK(parseError(edited("\"num_warps\": 4", "\"num_warps\": \"4\"")) ==
        "gelu.json:5:16: 'num_warps' must be an integer in [1, 32], got a string");
  CHECK(parseError(edited("\"threads_per_block\": 128", "\"threads_per_block\": 256")) ==
        "gelu.json:6:24: 'threads_per_block' is 256 but num_warps * 32 is 128");
  CHECK(parseError(edited("\"shared_bytes\": 0", "\"shared_bytes\": -1")) ==
        "gelu.json:7:19: 'shared_bytes' must be an integer in [0, 4294967296], got -1");
  CHECK(parseError(edited("\"name\": \"triton_gelu_kernel\"", "\"name\": \"\"")) ==
        "gelu.json:2:11: 'name' must not be empty");
  CHECK(parseError(edited("\"name\": \"triton_gelu_kernel\"", "\"name\": \"1gelu\"")) ==
        "gelu.json:2:11: 'name' must be a PTX identifier, got '1gelu'");
  CHECK(parseError(edited("\"kind\": \"pointer\"", "\"kind\": \"ptr\"")) ==
        "gelu.json:9:31: params[0] ('x_ptr'): 'kind' must be \"pointer\" or \"scalar\"");
  CHECK(parseError(edited("\"type\": \"fp32\"", "\"type\": \"float\"")) ==
        "gelu.json:9:50: params[0] ('x_ptr'): 'type' must be one of fp16, "
        "bf16, fp32, fp64, i1, i8, i16, i32, i64");
  CHECK(parseError(edited("\"divisibility\": 16", "\"divisibility\": 0")) ==
        "gelu.json:9:74: 'divisibility' must be an integer in [1, 4294967296], got 0");
  CHECK(parseError(edited("\"name\": \"y_ptr\"", "\"name\": \"x_ptr\"")) ==
        "gelu.json:10:5: duplicate parameter name 'x_ptr'");
  CHECK(parseError(edited("\"type\": \"i32\", \"divisibility\": 1",
                          "\"type\": \"fp32\", \"divisibility\": 16")) ==
        "gelu.json:11:80: params[2] ('num_elements'): a floating-point scalar "
        "cannot have a divisibility");
  CHECK(parseError(R"({"name": "k", "ptx": "k.ptx", "arch": "sm_90",
    "num_warps": 1, "threads_per_block": 32, "shared_bytes": 0, "params": 3})") ==
        "gelu.json:2:75: 'params' must be an array, got a number");
  CHECK(parseError(edited("\"shared_bytes\": 0,",
                          "\"shared_bytes\": 0, \"dynamic_shared\": 1,")) ==
        "gelu.json:7:40: 'dynamic_shared' must be a boolean, got a number");
  CHECK(parseError(edited("[{\"name\": \"BLOCK_SIZE\", \"value\": 1024}]",
                          "[{\"name\": \"BLOCK_SIZE\"}]")) ==
        "gelu.json:13:18: missing required field 'value'");
}

TEST_CASE("manifest: unsigned integers", "[runtime][manifest]") {
  std::string text = edited("\"type\": \"i32\", \"divisibility\": 1",
                            "\"type\": \"i32\", \"divisibility\": 1, "
                            "\"unsigned\": true");
  Manifest m = Manifest::parse(text, "gelu.json");
  CHECK(m.params[2].isUnsigned);
  CHECK_FALSE(m.params[0].isUnsigned);
  CHECK(Manifest::describe(m.params[2]) == "a u32 scalar");
  CHECK(parseError(edited("\"type\": \"i32\", \"divisibility\": 1",
                          "\"type\": \"i32\", \"divisibility\": 1, "
                          "\"unsigned\": 1")) ==
        "gelu.json:11:94: params[2] ('num_elements'): 'unsigned' must be true "
        "or false");
  CHECK(parseError(edited("\"type\": \"fp32\", \"divisibility\": 16}",
                          "\"type\": \"fp32\", \"divisibility\": 16, "
                          "\"unsigned\": true}")) ==
        "gelu.json:9:90: params[0] ('x_ptr'): only an integer type can be "
        "unsigned");
}

TEST_CASE("manifest: a cubin beside the PTX, or alone", "[runtime][manifest]") {
  // Manifests written before cubins have neither field.
  Manifest old = Manifest::parse(kGelu, "gelu.json");
  CHECK(old.cubin.empty());
  CHECK(old.cubinArch.empty());

  Manifest both =
      Manifest::parse(edited("\"arch\": \"sm_90a\",",
                             "\"arch\": \"sm_90a\", \"cubin\": \"gelu.cubin\", "
                             "\"cubin_arch\": \"sm_90a\","),
                      "gelu.json");
  CHECK(both.ptx == "gelu.ptx");
  CHECK(both.cubin == "gelu.cubin");
  CHECK(both.cubinArch == "sm_90a");
  CHECK(both.cubinPath() == "gelu.cubin");

  Manifest alone = Manifest::parse(
      edited("\"ptx\": \"gelu.ptx\",",
             "\"cubin\": \"gelu.cubin\", \"cubin_arch\": \"sm_90a\","),
      "gelu.json");
  CHECK(alone.ptx.empty());
  CHECK(alone.cubin == "gelu.cubin");

  // Without a cubin the PTX is required, as before.
  CHECK_THAT(parseError(edited("\"ptx\": \"gelu.ptx\",", "")),
             Catch::Contains("missing required field 'ptx'"));
  CHECK_THAT(
      parseError(edited("\"arch\": \"sm_90a\",",
                        "\"arch\": \"sm_90a\", \"cubin\": \"g.cubin\",")),
      Catch::Contains("missing required field 'cubin_arch'"));
  CHECK_THAT(parseError(edited("\"arch\": \"sm_90a\",",
                               "\"arch\": \"sm_90a\", \"cubin\": \"g.cubin\", "
                               "\"cubin_arch\": \"compute_90\",")),
             Catch::Contains("'cubin_arch' must look like sm_90 or sm_90a, "
                             "got 'compute_90'"));
}

/// A descriptor's leaves and its tensor map, as tilec writes them.
static const char *kDescriptor = R"({
  "name": "k", "ptx": "k.ptx", "arch": "sm_90a", "num_warps": 4,
  "threads_per_block": 128, "shared_bytes": 0,
  "params": [
    {"name": "d.base", "kind": "pointer", "type": "fp16", "divisibility": 16},
    {"name": "d.shape0", "kind": "scalar", "type": "i32"},
    {"name": "d.shape1", "kind": "scalar", "type": "i32"},
    {"name": "d.stride0", "kind": "scalar", "type": "i64", "divisibility": 8},
    {"name": "d.stride1", "kind": "scalar", "type": "i64", "equal_to": 1}
  ],
  "tensor_maps": [{"name": "d", "type": "fp16", "leaves": [0, 1, 2, 3],
                   "box": [128, 64], "swizzle": 128}]
}
)";

static std::string descriptorError(const std::string &from,
                                   const std::string &to) {
  std::string text = kDescriptor;
  size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  try {
    Manifest::parse(text.replace(at, from.size(), to), "k.json");
  } catch (const Error &error) {
    return error.what();
  }
  return "";
}

TEST_CASE("manifest: tensor maps", "[runtime][manifest]") {
  Manifest m = Manifest::parse(kDescriptor, "k.json");
  REQUIRE(m.tensorMaps.size() == 1);
  const TensorMapInfo &map = m.tensorMaps[0];
  CHECK(map.name == "d");
  CHECK(map.type == ScalarType::FP16);
  CHECK(map.rank() == 2);
  CHECK(map.leaves == std::vector<size_t>{0, 1, 2, 3});
  CHECK(map.box == std::vector<int64_t>{128, 64});
  CHECK(map.swizzle == 128);
  // An unused map has an empty box.
  CHECK(Manifest::parse(edited("\"constexprs\"",
                               "\"tensor_maps\": [{\"name\": \"x\", \"type\": "
                               "\"fp32\", \"leaves\": [0, 2], \"box\": "
                               "[]}], \"constexprs\""),
                        "gelu.json")
            .tensorMaps[0]
            .box.empty());

  CHECK(descriptorError("\"leaves\": [0, 1, 2, 3]", "\"leaves\": [0, 1, 2]") ==
        "k.json:11:59: tensor_maps[0] ('d'): 'leaves' must list a base, then "
        "1 to 5 shapes and the strides of all but the last dimension");
  CHECK(descriptorError("\"leaves\": [0, 1, 2, 3]", "\"leaves\": [1, 1, 2, 3]") ==
        "k.json:11:60: tensor_maps[0] ('d'): leaf 0 ('d.shape0') must be a "
        "pointer to the map's type");
  CHECK(descriptorError("\"leaves\": [0, 1, 2, 3]", "\"leaves\": [0, 1, 3, 3]") ==
        "k.json:11:66: tensor_maps[0] ('d'): leaf 2 ('d.stride0') must be an "
        "i32 shape");
  CHECK(descriptorError("\"leaves\": [0, 1, 2, 3]", "\"leaves\": [0, 1, 2, 9]") ==
        "k.json:11:69: 'leaves' must be an integer in [0, 4], got 9");
  CHECK(descriptorError("\"box\": [128, 64]", "\"box\": [128]") ==
        "k.json:12:27: tensor_maps[0] ('d'): 'box' must be empty or have 2 sizes");
  CHECK(descriptorError("\"box\": [128, 64]", "\"box\": [512, 64]") ==
        "k.json:12:28: 'box' must be an integer in [1, 256], got 512");
  CHECK(descriptorError("\"swizzle\": 128", "\"swizzle\": 16") ==
        "k.json:12:49: tensor_maps[0] ('d'): 'swizzle' must be 0, 32, 64 or 128");
  CHECK(descriptorError("\"type\": \"fp16\", \"leaves\"", "\"type\": \"i1\", \"leaves\"") ==
        "k.json:11:41: tensor_maps[0] ('d'): 'type' must be an element type "
        "other than i1");
}
