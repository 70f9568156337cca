//===- AutotuneFile.cpp - @triton.autotune configs from a JSON file -------===//

#include "tilec/Frontend/AutotuneFile.h"
#include "tilec/Support/JSON.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cmath>

using namespace tilec;
using namespace tilec::ast;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {

/// Builds the file's errors, each prefixed with its path.
class Reader {
public:
  Reader(llvm::StringRef path, const Function &kernel)
      : path(path), kernel(kernel) {}

  llvm::Error error(const llvm::Twine &message) const {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   path + ": " + message);
  }

  const Param *findParam(llvm::StringRef name) const {
    for (const Param &param : kernel.getParams())
      if (param.name == name)
        return &param;
    return nullptr;
  }

  /// A list of parameter names (key, reset_to_zero, ...): runtime
  /// parameters, or for the key any parameter (Triton keys on constexprs
  /// too).
  llvm::Error readNames(const Object &root, llvm::StringRef field,
                        std::vector<std::string> &names) const {
    bool anyParam = field == "key";
    const Value *value = root.get(field);
    if (!value)
      return llvm::Error::success();
    const Array *array = value->getAsArray();
    if (!array)
      return error("'" + field + "' must be a list of parameter names");
    names.clear();
    for (const Value &element : *array) {
      std::optional<llvm::StringRef> name = element.getAsString();
      if (!name)
        return error("'" + field + "' must be a list of parameter names");
      const Param *param = findParam(*name);
      if (!param || (param->isConstexpr() && !anyParam))
        return error("'" + field + "' names '" + *name + "', which is not " +
                     (anyParam ? "a" : "a runtime") + " parameter of '" +
                     kernel.getName() + "'");
      names.push_back(name->str());
    }
    return llvm::Error::success();
  }

  llvm::Error readConfig(const Value &value, size_t index,
                         TuneConfig &config) const {
    std::string where = "config " + std::to_string(index);
    const Object *object = value.getAsObject();
    if (!object)
      return error(where + " must be an object");
    for (const auto &entry : *object)
      if (entry.first != "kwargs" && entry.first != "num_warps" &&
          entry.first != "num_stages")
        return error(where + ": unknown field '" + entry.first.str() +
                     "' (kwargs, num_warps, num_stages)");
    if (const Value *kwargs = object->get("kwargs")) {
      const Object *values = kwargs->getAsObject();
      if (!values)
        return error(where + ": 'kwargs' must be an object");
      // Sorted, so that the order does not depend on the JSON library.
      std::vector<std::string> names;
      for (const auto &entry : *values)
        names.push_back(entry.first.str());
      llvm::sort(names);
      for (const std::string &name : names) {
        const Param *param = findParam(name);
        if (!param || !param->isConstexpr())
          return error(where + " sets '" + name +
                       "', which is not a tl.constexpr parameter of '" +
                       kernel.getName() + "'");
        const Value &v = *values->get(name);
        if (std::optional<bool> b = v.getAsBoolean())
          config.values.emplace_back(name, ConstantValue::getBool(*b));
        else if (std::optional<int64_t> i = v.getAsInteger())
          config.values.emplace_back(name, ConstantValue::getInt(*i));
        else if (std::optional<double> f = v.getAsNumber();
                 f && std::isfinite(*f))
          config.values.emplace_back(name, ConstantValue::getFloat(*f));
        else
          return error(where + ": '" + name +
                       "' must be an integer, a float or a bool");
      }
    }
    auto readCount = [&](llvm::StringRef field, unsigned &out) -> llvm::Error {
      const Value *v = object->get(field);
      if (!v)
        return llvm::Error::success();
      std::optional<int64_t> n = v->getAsInteger();
      if (!n || *n < 1 || *n > 64)
        return error(where + ": '" + field +
                     "' must be an integer from 1 to 64");
      out = unsigned(*n);
      return llvm::Error::success();
    };
    if (llvm::Error e = readCount("num_warps", config.numWarps))
      return e;
    // A program is one CTA of num_warps * 32 threads, as --num-warps.
    if (!llvm::isPowerOf2_32(config.numWarps) || config.numWarps > 32)
      return error(where + ": 'num_warps' must be a power of two from 1 to "
                           "32, got " +
                   llvm::Twine(config.numWarps));
    return readCount("num_stages", config.numStages);
  }

private:
  std::string path;
  const Function &kernel;
};

} // namespace

llvm::Expected<AutotuneSpec>
tilec::readAutotuneFile(llvm::StringRef path, const Function &kernel,
                        const AutotuneSpec *fromDecorator) {
  Reader reader(path, kernel);
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return reader.error("cannot read: " + buffer.getError().message());
  llvm::Expected<Value> json = parseJSON((*buffer)->getBuffer(), path);
  if (!json)
    return json.takeError();
  const Object *root = json->getAsObject();
  if (!root)
    return reader.error("expected an object with a 'configs' list");
  for (const auto &entry : *root)
    if (entry.first != "configs" && entry.first != "key" &&
        entry.first != "reset_to_zero" && entry.first != "restore_value")
      return reader.error("unknown field '" + entry.first.str() +
                          "' (configs, key, reset_to_zero, restore_value)");

  AutotuneSpec spec;
  if (fromDecorator) {
    spec.loc = fromDecorator->loc;
    spec.key = fromDecorator->key;
    spec.resetToZero = fromDecorator->resetToZero;
    spec.restoreValue = fromDecorator->restoreValue;
  }
  if (llvm::Error e = reader.readNames(*root, "key", spec.key))
    return std::move(e);
  if (llvm::Error e =
          reader.readNames(*root, "reset_to_zero", spec.resetToZero))
    return std::move(e);
  if (llvm::Error e =
          reader.readNames(*root, "restore_value", spec.restoreValue))
    return std::move(e);
  if (spec.key.empty())
    return reader.error("no 'key': give the runtime parameters whose values "
                        "pick the config (the decorator's key=[...])");

  const Array *configs = root->getArray("configs");
  if (!configs || configs->empty())
    return reader.error("'configs' must be a non-empty list");
  for (auto [i, value] : llvm::enumerate(*configs)) {
    TuneConfig config;
    config.loc = spec.loc;
    if (llvm::Error e = reader.readConfig(value, i, config))
      return std::move(e);
    spec.configs.push_back(std::move(config));
  }
  return spec;
}
