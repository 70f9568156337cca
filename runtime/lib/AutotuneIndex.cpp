//===- AutotuneIndex.cpp - the index tilec writes for @autotune -----------===//

#include "tilec/runtime/AutotuneIndex.h"
#include "tilec/runtime/Error.h"
#include "tilec/runtime/Json.h"

#include "AutotuneDetail.h"
#include "FieldReader.h"

#include <charconv>
#include <filesystem>

namespace tilec::rt {

using detail::FieldReader;

std::string AutotuneConfig::describe() const {
  std::string text;
  for (const ConstexprInfo &info : constexprs)
    text += info.name + "=" + info.text + ", ";
  return text + "num_warps=" + std::to_string(numWarps) +
         ", num_stages=" + std::to_string(numStages);
}

/// Reads the optional array of parameter names \p field: non-empty strings,
/// each at most once.
static std::vector<std::string> readNames(const FieldReader &reader,
                                          std::string_view field) {
  std::vector<std::string> names;
  const JsonValue *list = reader.object.find(field);
  if (!list)
    return names;
  if (!list->isArray())
    reader.fail(*list, "'" + std::string(field) + "' must be an array, got " +
                           std::string(list->kindName()));
  for (size_t i = 0; i < list->elements().size(); ++i) {
    const JsonValue &name = list->elements()[i];
    std::string where = std::string(field) + "[" + std::to_string(i) + "]";
    if (!name.isString() || name.text().empty())
      reader.fail(name, where +
                            " must be a parameter name (a non-empty "
                            "string), got " +
                            std::string(name.kindName()));
    for (const std::string &earlier : names)
      if (earlier == name.text())
        reader.fail(name, where + " repeats '" + earlier + "'");
    names.push_back(name.text());
  }
  return names;
}

AutotuneConfig detail::parseConfigFields(const JsonValue &json,
                                         const std::string &what,
                                         std::string_view source,
                                         bool withManifest) {
  FieldReader reader(json, source, what);
  AutotuneConfig config;
  if (withManifest) {
    config.manifest = reader.string("manifest");
    if (json.find("config"))
      config.number = static_cast<uint64_t>(reader.integer("config", 0, 1 << 20));
  }
  config.numWarps = static_cast<unsigned>(reader.integer("num_warps", 1, 32));
  config.numStages = static_cast<unsigned>(reader.integer("num_stages", 0, 32));
  const JsonValue *constexprs = json.find("constexprs");
  if (!constexprs)
    return config;
  if (!constexprs->isObject())
    reader.fail(*constexprs, what + ": 'constexprs' must be an object, got " +
                                 std::string(constexprs->kindName()));
  for (const JsonValue::Member &member : constexprs->members()) {
    ConstexprInfo info;
    info.name = member.first;
    readConstexprValue(reader, member.second, what + ": ", info);
    config.constexprs.push_back(std::move(info));
  }
  return config;
}

static AutotuneSkip parseSkip(const JsonValue &json, size_t index,
                              std::string_view source) {
  FieldReader reader(json, source, "skipped[" + std::to_string(index) + "]");
  AutotuneSkip skip;
  skip.config = static_cast<uint64_t>(reader.integer("config", 0, 1LL << 32));
  skip.reason = reader.string("reason");
  return skip;
}

AutotuneIndex AutotuneIndex::parse(std::string_view text,
                                   std::string_view sourceName) {
  JsonValue root = parseJson(text, sourceName);
  FieldReader reader(root, sourceName, "the autotune index");
  AutotuneIndex index;
  index.path = std::string(sourceName);

  const JsonValue *kind = root.find("kind");
  if (!kind && root.find("ptx"))
    reader.fail(root, "this is a kernel manifest, not an autotune index "
                      "(load it with Kernel::load)");
  if (reader.string("kind") != "autotune")
    reader.fail(*kind,
                "'kind' must be \"autotune\", got \"" + kind->text() + "\"");
  index.name = reader.string("name");
  index.key = readNames(reader, "key");
  index.resetToZero = readNames(reader, "reset_to_zero");
  index.restoreValue = readNames(reader, "restore_value");

  const JsonValue &configs = reader.required("configs");
  if (!configs.isArray())
    reader.fail(configs, "'configs' must be an array, got " +
                             std::string(configs.kindName()));
  if (configs.elements().empty())
    reader.fail(configs, "'configs' must not be empty: " + index.name +
                             " has no config to run");
  for (size_t i = 0; i < configs.elements().size(); ++i)
    index.configs.push_back(detail::parseConfigFields(
        configs.elements()[i], "configs[" + std::to_string(i) + "]", sourceName,
        /*withManifest=*/true));

  if (const JsonValue *skipped = root.find("skipped")) {
    if (!skipped->isArray())
      reader.fail(*skipped, "'skipped' must be an array, got " +
                                std::string(skipped->kindName()));
    for (size_t i = 0; i < skipped->elements().size(); ++i) {
      AutotuneSkip skip = parseSkip(skipped->elements()[i], i, sourceName);
      for (const AutotuneSkip &earlier : index.skipped)
        if (earlier.config == skip.config)
          reader.fail(skipped->elements()[i], "skipped[" + std::to_string(i) +
                                                  "] repeats config " +
                                                  std::to_string(skip.config));
      index.skipped.push_back(std::move(skip));
    }
  }
  return index;
}

AutotuneIndex AutotuneIndex::load(const std::string &path) {
  AutotuneIndex index = parse(readFile(path, "autotune index"), path);
  index.directory = std::filesystem::path(path).parent_path().string();
  std::vector<Manifest> manifests;
  for (size_t i = 0; i < index.configs.size(); ++i)
    manifests.push_back(Manifest::load(index.manifestPath(i)));
  index.checkManifests(manifests);
  index.manifests = std::move(manifests);
  return index;
}

std::string AutotuneIndex::manifestPath(size_t config) const {
  const std::string &manifest = configs.at(config).manifest;
  if (directory.empty())
    return manifest;
  return (std::filesystem::path(directory) / manifest).string();
}

/// "'K' (an i32 scalar)".
static std::string describeParam(const ParamInfo &param) {
  return "'" + param.name + "' (" + Manifest::describe(param) + ")";
}

/// \p text as a number, if all of it is one.
static std::optional<double> asNumber(const std::string &text) {
  double value = 0;
  const char *end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end)
    return std::nullopt;
  return value;
}

bool detail::sameValue(const ConstexprInfo &a, const ConstexprInfo &b) {
  if (a.intValue && b.intValue)
    return *a.intValue == *b.intValue;
  // The same float may be spelled 0.5 in one file and 5.000000e-01 in
  // another.
  std::optional<double> x = asNumber(a.text), y = asNumber(b.text);
  if (x && y)
    return *x == *y;
  return a.text == b.text;
}

/// Constexpr \p name of \p manifest, or null.
static const ConstexprInfo *findConstexpr(const Manifest &manifest,
                                          const std::string &name) {
  for (const ConstexprInfo &info : manifest.constexprs)
    if (info.name == name)
      return &info;
  return nullptr;
}

void AutotuneIndex::checkManifests(const std::vector<Manifest> &loaded) const {
  if (loaded.size() != configs.size())
    throw Error(path + ": " + std::to_string(configs.size()) + " configs but " +
                std::to_string(loaded.size()) + " manifests to check");
  const std::vector<ParamInfo> &params = loaded.front().params;
  std::string same =
      "; every config of " + name + " must take the same parameters";
  for (size_t i = 0; i < configs.size(); ++i) {
    const Manifest &m = loaded[i];
    const AutotuneConfig &config = configs[i];
    std::string file = manifestPath(i);
    std::string first = manifestPath(0) + " (configs[0])";
    std::string here = path + " configs[" + std::to_string(i) + "]";
    if (m.params.size() != params.size())
      throw Error(file + ": 'params' lists " + std::to_string(m.params.size()) +
                  " parameters but " + first + " lists " +
                  std::to_string(params.size()) + same);
    for (size_t p = 0; p < params.size(); ++p) {
      const ParamInfo &a = params[p], &b = m.params[p];
      if (a.name != b.name || a.kind != b.kind || a.type != b.type)
        throw Error(file + ": params[" + std::to_string(p) + "] is " +
                    describeParam(b) + " but in " + first + " it is " +
                    describeParam(a) + same);
    }
    if (m.numWarps != config.numWarps)
      throw Error(file + ": 'num_warps' is " + std::to_string(m.numWarps) +
                  " but " + here + " says " + std::to_string(config.numWarps));
    for (const ConstexprInfo &want : config.constexprs) {
      const ConstexprInfo *have = nullptr;
      for (const ConstexprInfo &info : m.constexprs)
        if (info.name == want.name)
          have = &info;
      if (!have)
        throw Error(file + ": no constexpr '" + want.name + "', which " + here +
                    " sets to " + want.text);
      if (!detail::sameValue(*have, want))
        throw Error(file + ": constexpr '" + want.name + "' is " + have->text +
                    " but " + here + " says " + want.text);
    }
  }

  std::string known;
  for (const ParamInfo &param : params)
    known += (known.empty() ? "" : ", ") + param.name;
  auto find = [&](const std::string &field, size_t i,
                  const std::string &wanted) -> const ParamInfo & {
    for (const ParamInfo &param : params)
      if (param.name == wanted)
        return param;
    throw Error(path + ": " + field + "[" + std::to_string(i) + "] '" + wanted +
                "' is not a parameter of " + name +
                " (its parameters: " + known + ")");
  };
  for (size_t i = 0; i < key.size(); ++i) {
    // As Triton keys on the constexprs the key names too: one every config
    // was compiled with, at one value.
    const ConstexprInfo *first = findConstexpr(loaded.front(), key[i]);
    if (!first) {
      find("key", i, key[i]);
      continue;
    }
    for (size_t c = 0; c < loaded.size(); ++c) {
      const ConstexprInfo *info = findConstexpr(loaded[c], key[i]);
      if (!info || !detail::sameValue(*info, *first))
        throw Error(path + ": key[" + std::to_string(i) + "] '" + key[i] +
                    "' is a constexpr, " + first->text +
                    " in configs[0] but " + (info ? info->text : "absent") +
                    " in configs[" + std::to_string(c) +
                    "]: a key must have one value in every config");
    }
  }
  for (const auto *field : {&resetToZero, &restoreValue}) {
    std::string fieldName =
        field == &resetToZero ? "reset_to_zero" : "restore_value";
    for (size_t i = 0; i < field->size(); ++i) {
      const ParamInfo &param = find(fieldName, i, (*field)[i]);
      if (param.kind != ParamKind::Pointer)
        throw Error(path + ": " + fieldName + "[" + std::to_string(i) + "] '" +
                    param.name +
                    "' must name a pointer parameter, "
                    "but it is " +
                    Manifest::describe(param));
    }
  }
}

} // namespace tilec::rt
