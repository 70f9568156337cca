//===- Manifest.cpp - the JSON description tilec writes per kernel --------===//

#include "tilec/runtime/Manifest.h"
#include "tilec/runtime/Arch.h"
#include "tilec/runtime/Error.h"
#include "tilec/runtime/Json.h"

#include "FieldReader.h"

#include <climits>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tilec::rt {

using detail::FieldReader;

static bool isIdentifier(std::string_view name) {
  if (name.empty())
    return false;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
                 c == '$';
    bool digit = c >= '0' && c <= '9';
    if (!alpha && !(digit && i > 0))
      return false;
  }
  return true;
}

static ParamInfo parseParam(const JsonValue &json, size_t index,
                            std::string_view source) {
  std::string what = "params[" + std::to_string(index) + "]";
  FieldReader reader(json, source, what);
  ParamInfo param;
  param.name = reader.string("name");

  const JsonValue &kind = reader.required("kind");
  if (kind.isString() && kind.text() == "pointer")
    param.kind = ParamKind::Pointer;
  else if (kind.isString() && kind.text() == "scalar")
    param.kind = ParamKind::Scalar;
  else
    reader.fail(kind, what + " ('" + param.name +
                          "'): 'kind' must be \"pointer\" or \"scalar\"");

  const JsonValue &type = reader.required("type");
  std::optional<ScalarType> scalar =
      type.isString() ? parseScalarType(type.text()) : std::nullopt;
  if (!scalar)
    reader.fail(type, what + " ('" + param.name +
                          "'): 'type' must be one of fp16, bf16, fp32, fp64, "
                          "i1, i8, i16, i32, i64");
  param.type = *scalar;

  if (const JsonValue *div = json.find("divisibility"))
    param.divisibility = reader.integer(*div, "divisibility", 1, 1LL << 32);
  if (param.kind == ParamKind::Scalar && !isInteger(param.type) &&
      param.divisibility != 1)
    reader.fail(*json.find("divisibility"),
                what + " ('" + param.name +
                    "'): a floating-point scalar cannot have a divisibility");
  if (const JsonValue *isUnsigned = json.find("unsigned")) {
    if (!isUnsigned->isBool())
      reader.fail(*isUnsigned, what + " ('" + param.name +
                                   "'): 'unsigned' must be true or false");
    param.isUnsigned = isUnsigned->asBool();
    if (param.isUnsigned && (!isInteger(param.type) ||
                             param.type == ScalarType::I1))
      reader.fail(*isUnsigned, what + " ('" + param.name +
                                   "'): only an integer type can be unsigned");
  }
  if (const JsonValue *equal = json.find("equal_to")) {
    if (param.kind != ParamKind::Scalar || !isInteger(param.type))
      reader.fail(*equal, what + " ('" + param.name +
                              "'): only an integer scalar can have 'equal_to'");
    param.equalTo = reader.integer(*equal, "equal_to", INT64_MIN, INT64_MAX);
  }
  return param;
}

static TensorMapInfo parseTensorMap(const JsonValue &json, size_t index,
                                    const std::vector<ParamInfo> &params,
                                    std::string_view source) {
  std::string what = "tensor_maps[" + std::to_string(index) + "]";
  FieldReader reader(json, source, what);
  TensorMapInfo map;
  map.name = reader.string("name");
  what += " ('" + map.name + "')";
  const JsonValue &type = reader.required("type");
  std::optional<ScalarType> scalar =
      type.isString() ? parseScalarType(type.text()) : std::nullopt;
  if (!scalar || *scalar == ScalarType::I1)
    reader.fail(type, what + ": 'type' must be an element type other than i1");
  map.type = *scalar;

  const JsonValue &leaves = reader.required("leaves");
  if (!leaves.isArray() || leaves.elements().size() < 2 ||
      leaves.elements().size() > 10 || leaves.elements().size() % 2 != 0)
    reader.fail(leaves, what + ": 'leaves' must list a base, then 1 to 5 "
                               "shapes and the strides of all but the last "
                               "dimension");
  for (const JsonValue &leaf : leaves.elements())
    map.leaves.push_back(static_cast<size_t>(reader.integer(
        leaf, "leaves", 0, static_cast<int64_t>(params.size()) - 1)));
  size_t rank = map.rank();
  for (size_t i = 0; i < map.leaves.size(); ++i) {
    const ParamInfo &leaf = params[map.leaves[i]];
    bool ok = i == 0 ? leaf.kind == ParamKind::Pointer && leaf.type == map.type
              : i <= rank
                  ? leaf.kind == ParamKind::Scalar && leaf.type == ScalarType::I32
                  : leaf.kind == ParamKind::Scalar &&
                        (leaf.type == ScalarType::I32 ||
                         leaf.type == ScalarType::I64);
    if (!ok)
      reader.fail(leaves.elements()[i],
                  what + ": leaf " + std::to_string(i) + " ('" + leaf.name +
                      "') must be " +
                      (i == 0 ? "a pointer to the map's type"
                       : i <= rank ? "an i32 shape"
                                   : "an i32 or i64 stride"));
  }

  if (const JsonValue *box = json.find("box")) {
    if (!box->isArray() ||
        (!box->elements().empty() && box->elements().size() != rank))
      reader.fail(*box, what + ": 'box' must be empty or have " +
                            std::to_string(rank) + " sizes");
    for (const JsonValue &size : box->elements())
      map.box.push_back(reader.integer(size, "box", 1, 256));
  }
  if (const JsonValue *swizzle = json.find("swizzle")) {
    int64_t bytes = reader.integer(*swizzle, "swizzle", 0, 128);
    if (bytes != 0 && bytes != 32 && bytes != 64 && bytes != 128)
      reader.fail(*swizzle, what + ": 'swizzle' must be 0, 32, 64 or 128");
    map.swizzle = static_cast<unsigned>(bytes);
  }
  return map;
}

static ConstexprInfo parseConstexpr(const JsonValue &json, size_t index,
                                    std::string_view source) {
  FieldReader reader(json, source,
                     "constexprs[" + std::to_string(index) + "]");
  ConstexprInfo info;
  info.name = reader.string("name");
  readConstexprValue(reader, reader.required("value"), "", info);
  return info;
}

Manifest Manifest::parse(std::string_view text, std::string_view sourceName) {
  JsonValue root = parseJson(text, sourceName);
  FieldReader reader(root, sourceName, "the manifest");
  Manifest m;

  m.name = reader.string("name");
  if (!isIdentifier(m.name))
    reader.fail(reader.required("name"),
                "'name' must be a PTX identifier, got '" + m.name + "'");
  // Manifests before cubins always name a PTX file; a cubin-only one need
  // not.
  bool hasCubin = root.find("cubin") != nullptr;
  if (!hasCubin || root.find("ptx"))
    m.ptx = reader.string("ptx");
  m.arch = reader.string("arch");
  if (!parseArch(m.arch))
    reader.fail(reader.required("arch"),
                "'arch' must look like sm_90 or sm_90a, got '" + m.arch + "'");
  if (hasCubin) {
    m.cubin = reader.string("cubin");
    m.cubinArch = reader.string("cubin_arch");
    if (!parseArch(m.cubinArch))
      reader.fail(reader.required("cubin_arch"),
                  "'cubin_arch' must look like sm_90 or sm_90a, got '" +
                      m.cubinArch + "'");
  }

  // A block holds at most 1024 threads on every CUDA device so far.
  m.numWarps = static_cast<unsigned>(reader.integer("num_warps", 1, 32));
  m.threadsPerBlock =
      static_cast<unsigned>(reader.integer("threads_per_block", 1, 1024));
  if (m.threadsPerBlock != m.numWarps * 32)
    reader.fail(reader.required("threads_per_block"),
                "'threads_per_block' is " + std::to_string(m.threadsPerBlock) +
                    " but num_warps * 32 is " +
                    std::to_string(m.numWarps * 32));
  m.sharedBytes =
      static_cast<uint64_t>(reader.integer("shared_bytes", 0, 1LL << 32));
  if (const JsonValue *dynamic = root.find("dynamic_shared")) {
    if (!dynamic->isBool())
      reader.fail(*dynamic, "'dynamic_shared' must be a boolean, got " +
                                std::string(dynamic->kindName()));
    m.dynamicShared = dynamic->asBool();
  }
  if (const JsonValue *programmatic = root.find("programmatic_launch")) {
    if (!programmatic->isBool())
      reader.fail(*programmatic,
                  "'programmatic_launch' must be a boolean, got " +
                      std::string(programmatic->kindName()));
    m.programmaticLaunch = programmatic->asBool();
  }

  const JsonValue &params = reader.required("params");
  if (!params.isArray())
    reader.fail(params, "'params' must be an array, got " +
                            std::string(params.kindName()));
  for (size_t i = 0; i < params.elements().size(); ++i) {
    ParamInfo param = parseParam(params.elements()[i], i, sourceName);
    for (const ParamInfo &earlier : m.params)
      if (earlier.name == param.name)
        reader.fail(params.elements()[i],
                    "duplicate parameter name '" + param.name + "'");
    m.params.push_back(std::move(param));
  }

  if (const JsonValue *maps = root.find("tensor_maps")) {
    if (!maps->isArray())
      reader.fail(*maps, "'tensor_maps' must be an array, got " +
                             std::string(maps->kindName()));
    for (size_t i = 0; i < maps->elements().size(); ++i)
      m.tensorMaps.push_back(
          parseTensorMap(maps->elements()[i], i, m.params, sourceName));
  }

  if (const JsonValue *constexprs = root.find("constexprs")) {
    if (!constexprs->isArray())
      reader.fail(*constexprs, "'constexprs' must be an array, got " +
                                   std::string(constexprs->kindName()));
    for (size_t i = 0; i < constexprs->elements().size(); ++i)
      m.constexprs.push_back(
          parseConstexpr(constexprs->elements()[i], i, sourceName));
  }
  return m;
}

std::string readFile(const std::string &path, std::string_view what) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Error("cannot open " + std::string(what) + " '" + path + "'");
  std::ostringstream contents;
  contents << in.rdbuf();
  if (in.bad())
    throw Error("cannot read " + std::string(what) + " '" + path + "'");
  return contents.str();
}

Manifest Manifest::load(const std::string &path) {
  Manifest m = parse(readFile(path, "manifest"), path);
  m.directory = std::filesystem::path(path).parent_path().string();
  return m;
}

std::string Manifest::ptxPath() const {
  if (directory.empty())
    return ptx;
  return (std::filesystem::path(directory) / ptx).string();
}

std::string Manifest::cubinPath() const {
  if (directory.empty())
    return cubin;
  return (std::filesystem::path(directory) / cubin).string();
}

std::optional<int64_t> Manifest::constexprInt(std::string_view key) const {
  for (const ConstexprInfo &info : constexprs)
    if (info.name == key)
      return info.intValue;
  return std::nullopt;
}

int64_t Manifest::requireConstexprInt(std::string_view key) const {
  std::string known;
  for (const ConstexprInfo &info : constexprs) {
    if (info.name == key && info.intValue)
      return *info.intValue;
    if (info.name == key)
      throw Error("constexpr '" + info.name + "' of " + name + " is " +
                  info.text + ", not an integer");
    known += (known.empty() ? "" : ", ") + info.name + "=" + info.text;
  }
  throw Error(name + " has no constexpr '" + std::string(key) + "' (" +
              (known.empty() ? "it has none" : "its constexprs: " + known) +
              ")");
}

std::string Manifest::describe(const ParamInfo &param) {
  std::string type(toString(param.type));
  if (param.isUnsigned) // "i32" -> "u32"
    type[0] = 'u';
  if (param.kind == ParamKind::Pointer)
    return "a pointer to " + type;
  // "an i32", "an fp32", but "a bf16", "a u32".
  return std::string(type[0] == 'b' || type[0] == 'u' ? "a " : "an ") + type +
         " scalar";
}

} // namespace tilec::rt
