//===- Manifest.cpp - the JSON manifest beside each PTX file --------------===//

#include "tilec/Target/Manifest.h"
#include "tilec/Support/JSON.h"

#include "tile/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/JSON.h"

using namespace tilec;

std::string tilec::getTypeName(mlir::Type type) {
  if (type.isF16())
    return "fp16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return "fp32";
  if (type.isF64())
    return "fp64";
  if (llvm::isa<mlir::Float8E4M3FNType>(type))
    return "fp8e4nv";
  if (llvm::isa<mlir::Float8E5M2Type>(type))
    return "fp8e5";
  if (auto integer = llvm::dyn_cast<mlir::IntegerType>(type))
    return "i" + std::to_string(integer.getWidth());
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

llvm::Expected<KernelManifest>
tilec::describeKernel(mlir::func::FuncOp kernel) {
  KernelManifest manifest;
  manifest.name = kernel.getSymName().str();
  // tl.extra.cuda.gdc_wait: the runtime may start the kernel early.
  kernel.walk([&](mlir::NVVM::GriddepcontrolOp op) {
    if (op.getKind() == mlir::NVVM::GridDepActionKind::wait)
      manifest.programmaticLaunch = true;
  });
  bool sawTensorMap = false;
  for (auto [index, argType] :
       llvm::enumerate(kernel.getFunctionType().getInputs())) {
    KernelManifest::Param param;
    if (auto name = kernel.getArgAttrOfType<mlir::StringAttr>(index, "tile.name"))
      param.name = name.str();
    else
      param.name = "arg" + std::to_string(index);
    // Tensor maps come last; tile-pipeline keeps those a TMA copy reads,
    // and describeLoweredKernel lists them.
    if (llvm::isa<tile::TensorMapType>(argType)) {
      sawTensorMap = true;
      continue;
    }
    if (sawTensorMap)
      return llvm::createStringError("parameter '" + param.name +
                                     "' follows a tensor map");
    if (auto ptr = llvm::dyn_cast<tile::PtrType>(argType)) {
      param.isPointer = true;
      param.type = getTypeName(ptr.getPointeeType());
    } else if (argType.isIntOrFloat()) {
      param.type = getTypeName(argType);
    } else {
      return llvm::createStringError("parameter '" + param.name +
                                     "' has a type the runtime cannot pass");
    }
    if (auto div = kernel.getArgAttrOfType<mlir::IntegerAttr>(
            index, "tile.divisibility"))
      param.divisibility = div.getInt();
    if (auto equal = kernel.getArgAttrOfType<mlir::IntegerAttr>(
            index, "tile.equal_to"))
      param.equalTo = equal.getInt();
    param.isUnsigned = kernel.getArgAttr(index, "tile.unsigned") != nullptr;
    manifest.params.push_back(std::move(param));
  }
  if (auto constexprs =
          kernel->getAttrOfType<mlir::DictionaryAttr>("tile.constexprs")) {
    for (mlir::NamedAttribute entry : constexprs) {
      std::string value;
      llvm::raw_string_ostream os(value);
      // MLIRGen records None as a unit attribute.
      if (llvm::isa<mlir::UnitAttr>(entry.getValue())) {
        manifest.constexprs.push_back({entry.getName().str(), "None", true});
        continue;
      }
      if (auto integer = llvm::dyn_cast<mlir::IntegerAttr>(entry.getValue())) {
        if (integer.getType().isInteger(1))
          os << (integer.getValue().getBoolValue() ? "true" : "false");
        else
          integer.getValue().print(os, /*isSigned=*/true);
      } else if (auto real = llvm::dyn_cast<mlir::FloatAttr>(entry.getValue())) {
        os << real.getValueAsDouble();
      } else if (auto text = llvm::dyn_cast<mlir::StringAttr>(entry.getValue())) {
        os << text.getValue();
      } else if (auto type = llvm::dyn_cast<mlir::TypeAttr>(entry.getValue())) {
        os << getTypeName(type.getValue());
      } else {
        os << entry.getValue();
      }
      manifest.constexprs.push_back({entry.getName().str(), value});
    }
  }
  return manifest;
}

void tilec::describeLoweredKernel(mlir::ModuleOp module,
                                  KernelManifest &manifest) {
  if (auto shared = module->getAttrOfType<mlir::IntegerAttr>("tile.shared_bytes"))
    manifest.sharedBytes = shared.getInt();
  manifest.tensorMaps.clear();
  auto maps = module->getAttrOfType<mlir::ArrayAttr>("tile.tensor_maps");
  if (!maps)
    return;
  for (auto entry : maps.getAsRange<mlir::DictionaryAttr>()) {
    KernelManifest::TensorMap map;
    if (auto name = entry.getAs<mlir::StringAttr>("name"))
      map.name = name.str();
    if (auto element = entry.getAs<mlir::TypeAttr>("element"))
      map.type = getTypeName(element.getValue());
    if (auto leaves = entry.getAs<mlir::DenseI32ArrayAttr>("leaves"))
      for (int32_t leaf : leaves.asArrayRef())
        map.leaves.push_back(static_cast<unsigned>(leaf));
    if (auto box = entry.getAs<mlir::DenseI32ArrayAttr>("box"))
      map.box.assign(box.asArrayRef().begin(), box.asArrayRef().end());
    if (auto swizzle = entry.getAs<mlir::IntegerAttr>("swizzle"))
      map.swizzle = static_cast<unsigned>(swizzle.getInt());
    manifest.tensorMaps.push_back(std::move(map));
  }
}

/// `text` as a JSON value: a number or boolean when it spells one. An
/// integer past int64_t (a Python int constexpr) stays a string rather than
/// become an inexact double.
static llvm::json::Value toJSONValue(llvm::StringRef text) {
  if (text == "true" || text == "false")
    return text == "true";
  int64_t integer;
  if (!text.getAsInteger(10, integer))
    return integer;
  llvm::APInt big;
  llvm::StringRef magnitude = text;
  magnitude.consume_front("-");
  if (!magnitude.getAsInteger(10, big))
    return text.str();
  double real;
  if (!text.getAsDouble(real))
    return real;
  return text.str();
}

void tilec::writeAutotuneIndex(const AutotuneIndex &index,
                               llvm::raw_ostream &os) {
  llvm::json::OStream json(os, /*IndentSize=*/2);
  auto names = [&](llvm::StringRef attribute,
                   llvm::ArrayRef<std::string> values) {
    json.attributeArray(attribute, [&] {
      for (const std::string &value : values)
        json.value(value);
    });
  };
  json.object([&] {
    json.attribute("kind", "autotune");
    json.attribute("name", index.name);
    names("key", index.key);
    names("reset_to_zero", index.resetToZero);
    names("restore_value", index.restoreValue);
    json.attributeArray("configs", [&] {
      for (const AutotuneIndex::Config &config : index.configs)
        json.object([&] {
          json.attribute("config", config.number);
          json.attribute("manifest", config.manifestFile);
          json.attribute("num_warps", config.numWarps);
          json.attribute("num_stages", config.numStages);
          json.attributeObject("constexprs", [&] {
            for (const KernelManifest::Constexpr &constant : config.constexprs)
              json.attribute(constant.name, toJSONValue(constant.value));
          });
        });
    });
    json.attributeArray("skipped", [&] {
      for (const AutotuneIndex::Skipped &skipped : index.skipped)
        json.object([&] {
          json.attribute("config", skipped.config);
          json.attribute("reason", skipped.reason);
        });
    });
  });
  os << "\n";
}

void tilec::writeManifest(const KernelManifest &manifest,
                          llvm::raw_ostream &os) {
  llvm::json::OStream json(os, /*IndentSize=*/2);
  json.object([&] {
    json.attribute("name", manifest.name);
    json.attribute("ptx", manifest.ptxFile);
    json.attribute("arch", manifest.arch);
    if (!manifest.cubinFile.empty()) {
      json.attribute("cubin", manifest.cubinFile);
      json.attribute("cubin_arch", manifest.cubinArch);
    }
    json.attribute("num_warps", manifest.numWarps);
    json.attribute("threads_per_block", manifest.numWarps * 32);
    json.attribute("num_stages", manifest.numStages);
    json.attribute("shared_bytes", static_cast<int64_t>(manifest.sharedBytes));
    // Shared memory is declared extern in the PTX and sized at launch.
    json.attribute("dynamic_shared", manifest.sharedBytes > 0);
    if (manifest.programmaticLaunch)
      json.attribute("programmatic_launch", true);
    json.attributeArray("params", [&] {
      for (const KernelManifest::Param &param : manifest.params)
        json.object([&] {
          json.attribute("name", param.name);
          json.attribute("kind", param.isPointer ? "pointer" : "scalar");
          json.attribute("type", param.type);
          json.attribute("divisibility", param.divisibility);
          // An unsigned integer (or a pointer to one): the runtime takes
          // unsigned C++ values for it and rejects negative ones.
          if (param.isUnsigned)
            json.attribute("unsigned", true);
          if (param.equalTo)
            json.attribute("equal_to", *param.equalTo);
        });
    });
    // One 128-byte CUtensorMap parameter per entry follows `params`.
    if (!manifest.tensorMaps.empty())
      json.attributeArray("tensor_maps", [&] {
        for (const KernelManifest::TensorMap &map : manifest.tensorMaps)
          json.object([&] {
            json.attribute("name", map.name);
            json.attribute("type", map.type);
            json.attributeArray("leaves", [&] {
              for (unsigned leaf : map.leaves)
                json.value(static_cast<int64_t>(leaf));
            });
            json.attributeArray("box", [&] {
              for (int64_t size : map.box)
                json.value(size);
            });
            json.attribute("swizzle", static_cast<int64_t>(map.swizzle));
          });
      });
    json.attributeArray("constexprs", [&] {
      for (const KernelManifest::Constexpr &constant : manifest.constexprs)
        json.object([&] {
          json.attribute("name", constant.name);
          // Integers stay numbers in JSON, None is null; anything else (an
          // integer past int64_t too) is a string.
          int64_t integer;
          if (constant.isNone)
            json.attribute("value", nullptr);
          else if (!llvm::StringRef(constant.value).getAsInteger(10, integer))
            json.attribute("value", integer);
          else
            json.attribute("value", constant.value);
        });
    });
  });
  os << "\n";
}

namespace {
/// Reads the fields of one JSON object, remembering the first error.
class ObjectReader {
public:
  ObjectReader(const llvm::json::Object *object, llvm::StringRef where,
               std::string &error)
      : object(object), where(where), error(error) {
    if (!object)
      fail("is not an object");
  }
  std::string string(llvm::StringRef key, bool required = true) {
    if (const llvm::json::Value *v = get(key, required)) {
      if (std::optional<llvm::StringRef> text = v->getAsString())
        return text->str();
      fail("'" + key + "' is not a string");
    }
    return "";
  }
  int64_t integer(llvm::StringRef key, bool required = true) {
    if (const llvm::json::Value *v = get(key, required)) {
      if (std::optional<int64_t> n = v->getAsInteger())
        return *n;
      fail("'" + key + "' is not an integer");
    }
    return 0;
  }
  bool boolean(llvm::StringRef key) {
    if (const llvm::json::Value *v = get(key, /*required=*/false)) {
      if (std::optional<bool> b = v->getAsBoolean())
        return *b;
      fail("'" + key + "' is not a boolean");
    }
    return false;
  }
  const llvm::json::Array *array(llvm::StringRef key, bool required = true) {
    if (const llvm::json::Value *v = get(key, required)) {
      if (const llvm::json::Array *a = v->getAsArray())
        return a;
      fail("'" + key + "' is not an array");
    }
    return nullptr;
  }
  bool has(llvm::StringRef key) const {
    return object && object->get(key);
  }
  const llvm::json::Value *get(llvm::StringRef key, bool required) {
    const llvm::json::Value *v = object ? object->get(key) : nullptr;
    if (!v && required && object)
      fail("has no '" + key + "'");
    return v;
  }
  void fail(const llvm::Twine &message) {
    if (error.empty())
      error = (where + " " + message).str();
  }

private:
  const llvm::json::Object *object;
  std::string where;
  std::string &error;
};
} // namespace

llvm::Expected<KernelManifest> tilec::readManifest(llvm::StringRef text) {
  llvm::Expected<llvm::json::Value> json = parseJSON(text, "the manifest");
  if (!json)
    return json.takeError();
  std::string error;
  ObjectReader root(json->getAsObject(), "the manifest", error);
  KernelManifest m;
  m.name = root.string("name");
  m.ptxFile = root.string("ptx");
  m.arch = root.string("arch");
  if (root.has("cubin")) {
    m.cubinFile = root.string("cubin");
    m.cubinArch = root.string("cubin_arch");
  }
  m.numWarps = root.integer("num_warps");
  m.numStages = root.integer("num_stages");
  m.sharedBytes = root.integer("shared_bytes");
  m.programmaticLaunch = root.boolean("programmatic_launch");
  if (const llvm::json::Array *params = root.array("params")) {
    for (const llvm::json::Value &value : *params) {
      ObjectReader p(value.getAsObject(), "a parameter", error);
      KernelManifest::Param param;
      param.name = p.string("name");
      param.isPointer = p.string("kind") == "pointer";
      param.type = p.string("type");
      param.divisibility = p.integer("divisibility");
      param.isUnsigned = p.boolean("unsigned");
      if (p.has("equal_to"))
        param.equalTo = p.integer("equal_to");
      m.params.push_back(std::move(param));
    }
  }
  if (const llvm::json::Array *maps = root.array("tensor_maps", false)) {
    for (const llvm::json::Value &value : *maps) {
      ObjectReader t(value.getAsObject(), "a tensor map", error);
      KernelManifest::TensorMap map;
      map.name = t.string("name");
      map.type = t.string("type");
      map.swizzle = t.integer("swizzle");
      for (llvm::StringRef key : {"leaves", "box"})
        if (const llvm::json::Array *list = t.array(key))
          for (const llvm::json::Value &n : *list) {
            std::optional<int64_t> v = n.getAsInteger();
            if (!v)
              t.fail("'" + key + "' holds a non-integer");
            else if (key == "leaves")
              map.leaves.push_back(*v);
            else
              map.box.push_back(*v);
          }
      m.tensorMaps.push_back(std::move(map));
    }
  }
  if (const llvm::json::Array *constants = root.array("constexprs")) {
    for (const llvm::json::Value &value : *constants) {
      ObjectReader c(value.getAsObject(), "a constexpr", error);
      KernelManifest::Constexpr constant;
      constant.name = c.string("name");
      // writeManifest wrote integers as numbers, None as null, anything
      // else as a string.
      if (const llvm::json::Value *v = c.get("value", true)) {
        if (v->getAsNull()) {
          constant.value = "None";
          constant.isNone = true;
        } else if (std::optional<int64_t> n = v->getAsInteger())
          constant.value = std::to_string(*n);
        else if (std::optional<llvm::StringRef> s = v->getAsString())
          constant.value = s->str();
        else
          c.fail("'value' is neither an integer, null nor a string");
      }
      m.constexprs.push_back(std::move(constant));
    }
  }
  if (!error.empty())
    return llvm::createStringError(error);
  return m;
}
