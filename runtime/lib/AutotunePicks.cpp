//===- AutotunePicks.cpp - the file that remembers autotuning picks -------===//
//
//   {"kind": "autotune-picks", "name": "matmul_kernel", "index": "mm.json",
//    "picks": {"M=4096,N=4096,K=4096": {"config": 1, "num_warps": 4,
//              "num_stages": 4, "constexprs": {"BLOCK_SIZE_M": 64, ...},
//              "ms": [0.912, 0.871]}}}
//
// "config" is what is used; num_warps, num_stages and constexprs are for
// humans and to notice that the index's configs have changed since; "ms"
// holds each config's median time (null where not timed).
//
//===----------------------------------------------------------------------===//

#include "tilec/runtime/Error.h"

#include "AutotuneDetail.h"
#include "FieldReader.h"

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace tilec::rt::detail {

/// Why \p stored (a pick's copy of config \p config) does not describe the
/// index's config, or "" if it does.
static std::string mismatch(const AutotuneConfig &stored,
                            const AutotuneConfig &config) {
  if (stored.numWarps != config.numWarps ||
      stored.numStages != config.numStages ||
      stored.constexprs.size() != config.constexprs.size())
    return "it records " + stored.describe() + ", the index has " +
           config.describe();
  for (const ConstexprInfo &want : config.constexprs) {
    bool found = false;
    for (const ConstexprInfo &have : stored.constexprs)
      found |= have.name == want.name && sameValue(have, want);
    if (!found)
      return "it records " + stored.describe() + ", the index has " +
             config.describe();
  }
  return "";
}

std::map<std::string, AutotunePick> parsePicks(std::string_view text,
                                               std::string_view source,
                                               const AutotuneIndex &index,
                                               bool strict) {
  JsonValue root = parseJson(text, source);
  FieldReader reader(root, source, "the picks file");
  const JsonValue &kind = reader.required("kind");
  if (!kind.isString() || kind.text() != "autotune-picks")
    reader.fail(kind, "'kind' must be \"autotune-picks\"");
  std::map<std::string, AutotunePick> picks;
  std::string name = reader.string("name");
  if (name != index.name) {
    if (strict)
      reader.fail(reader.required("name"),
                  "these are picks for " + name + ", not for " + index.name);
    return picks;
  }
  const JsonValue &entries = reader.required("picks");
  if (!entries.isObject())
    reader.fail(entries, "'picks' must be an object, got " +
                             std::string(entries.kindName()));
  size_t count = index.configs.size();
  for (const JsonValue::Member &member : entries.members()) {
    std::string what = "picks[" + quoteJson(member.first) + "]";
    AutotuneConfig stored =
        parseConfigFields(member.second, what, source, /*withManifest=*/false);
    FieldReader entry(member.second, source, what);
    AutotunePick pick;
    pick.source = AutotunePick::Source::File;
    pick.config = static_cast<size_t>(entry.integer("config", 0, 1LL << 32));
    const JsonValue &ms = entry.required("ms");
    if (!ms.isArray())
      entry.fail(ms, what + ": 'ms' must be an array, got " +
                         std::string(ms.kindName()));
    for (const JsonValue &value : ms.elements()) {
      if (!value.isNull() && !value.isNumber())
        entry.fail(value, what + ": 'ms' must hold numbers or null, got " +
                              std::string(value.kindName()));
      pick.medianMs.push_back(value.isNull() ? std::nullopt
                                             : std::optional(value.asDouble()));
    }
    // Whether the pick was made for this index's configs.
    std::string stale;
    if (pick.config >= count)
      stale = "config " + std::to_string(pick.config) +
              " is out of range: " + index.name + " has " +
              std::to_string(count) + " configs";
    else if (pick.medianMs.size() != count)
      stale = "'ms' has " + std::to_string(pick.medianMs.size()) +
              " entries but " + index.name + " has " + std::to_string(count) +
              " configs";
    else if (std::string why = mismatch(stored, index.configs[pick.config]);
             !why.empty())
      stale = "config " + std::to_string(pick.config) + " does not match " +
              index.path + ": " + why;
    if (!stale.empty()) {
      if (strict)
        entry.fail(member.second, what + ": " + stale);
      continue;
    }
    picks[member.first] = std::move(pick);
  }
  return picks;
}

/// \p value as JSON: numbers and booleans bare, anything else a string.
static std::string constexprJson(const ConstexprInfo &info) {
  if (info.intValue || info.text == "true" || info.text == "false")
    return info.text;
  double number = 0;
  const char *end = info.text.data() + info.text.size();
  auto [ptr, ec] = std::from_chars(info.text.data(), end, number);
  bool isNumber = ec == std::errc() && ptr == end && !info.text.empty() &&
                  info.text.find_first_of("in") == std::string::npos;
  return isNumber ? info.text : quoteJson(info.text);
}

static std::string formatMs(double ms) {
  char buffer[32];
  auto [ptr, ec] = std::to_chars(buffer, buffer + sizeof(buffer), ms);
  return ec == std::errc() ? std::string(buffer, ptr) : "null";
}

std::string formatPicks(const AutotuneIndex &index,
                        const std::map<std::string, AutotunePick> &picks) {
  std::string out =
      "{\n  \"kind\": \"autotune-picks\",\n  \"name\": " +
      quoteJson(index.name) + ",\n  \"index\": " +
      quoteJson(std::filesystem::path(index.path).filename().string()) +
      ",\n  \"picks\": {";
  bool first = true;
  for (const auto &[key, pick] : picks) {
    const AutotuneConfig &config = index.configs.at(pick.config);
    out += first ? "\n" : ",\n";
    first = false;
    out += "    " + quoteJson(key) +
           ": {\"config\": " + std::to_string(pick.config) +
           ", \"num_warps\": " + std::to_string(config.numWarps) +
           ", \"num_stages\": " + std::to_string(config.numStages) +
           ", \"constexprs\": {";
    for (size_t i = 0; i < config.constexprs.size(); ++i)
      out += (i ? ", " : "") + quoteJson(config.constexprs[i].name) + ": " +
             constexprJson(config.constexprs[i]);
    out += "}, \"ms\": [";
    for (size_t i = 0; i < pick.medianMs.size(); ++i)
      out += (i ? ", " : "") +
             (pick.medianMs[i] ? formatMs(*pick.medianMs[i]) : "null");
    out += "]}";
  }
  return out + (first ? "}\n}\n" : "\n  }\n}\n");
}

void writeFileAtomically(const std::string &path, const std::string &text,
                         std::string_view what) {
  // Unique per process, in the target's directory so rename stays atomic.
  std::string temporary = path + ".tmp." + std::to_string(::getpid());
  std::string failure = "cannot write " + std::string(what) + " '" + path + "'";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out)
      throw Error(failure + " (cannot create '" + temporary + "')");
    out << text;
    out.close();
    if (!out) {
      std::remove(temporary.c_str());
      throw Error(failure + " (writing '" + temporary + "' failed)");
    }
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) {
    std::remove(temporary.c_str());
    throw Error(failure + " (" + error.message() + ")");
  }
}

} // namespace tilec::rt::detail
