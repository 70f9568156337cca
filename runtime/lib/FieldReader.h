//===- FieldReader.h - checked JSON object fields (private) -*- C++ -*-===//
//
// Shared by the manifest and autotune readers so that both report problems
// the same way: "<source>:<line>:<column>: <problem>", naming the field.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_LIB_FIELDREADER_H
#define TILEC_RUNTIME_LIB_FIELDREADER_H

#include "tilec/runtime/Error.h"
#include "tilec/runtime/Json.h"
#include "tilec/runtime/Manifest.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tilec::rt::detail {

/// Checks fields of one JSON object and reports problems at their position.
class FieldReader {
public:
  FieldReader(const JsonValue &object, std::string_view source,
              std::string_view what)
      : object(object), source(source) {
    if (!object.isObject())
      fail(object, std::string(what) + " must be an object, got " +
                       std::string(object.kindName()));
  }

  [[noreturn]] void fail(const JsonValue &at, const std::string &msg) const {
    throw Error(std::string(source) + ":" + std::to_string(at.line()) + ":" +
                std::to_string(at.column()) + ": " + msg);
  }

  const JsonValue &required(std::string_view key) const {
    const JsonValue *value = object.find(key);
    if (!value)
      fail(object, "missing required field '" + std::string(key) + "'");
    return *value;
  }

  std::string string(std::string_view key) const {
    const JsonValue &value = required(key);
    if (!value.isString())
      fail(value, "'" + std::string(key) + "' must be a string, got " +
                      std::string(value.kindName()));
    if (value.text().empty())
      fail(value, "'" + std::string(key) + "' must not be empty");
    return value.text();
  }

  int64_t integer(const JsonValue &value, std::string_view key, int64_t min,
                  int64_t max) const {
    std::optional<int64_t> number = value.asInt64();
    if (!number || *number < min || *number > max)
      fail(value, "'" + std::string(key) + "' must be an integer in [" +
                      std::to_string(min) + ", " + std::to_string(max) +
                      "], got " +
                      (value.isNumber() ? value.text()
                                        : std::string(value.kindName())));
    return *number;
  }

  int64_t integer(std::string_view key, int64_t min, int64_t max) const {
    return integer(required(key), key, min, max);
  }

  const JsonValue &object;
  std::string_view source;
};

/// Reads a constexpr's value as manifests and autotune indexes write it: a
/// number (its text, and its value when an integer), a boolean ("true",
/// "false"), null (Python's None: "None") or a string. Anything else fails
/// at \p value, the message prefixed with \p prefix.
inline void readConstexprValue(const FieldReader &reader,
                               const JsonValue &value,
                               const std::string &prefix, ConstexprInfo &info) {
  if (value.isNumber()) {
    info.text = value.text();
    info.intValue = value.asInt64();
  } else if (value.isBool()) {
    info.text = value.asBool() ? "true" : "false";
  } else if (value.isNull()) {
    info.text = "None";
  } else if (value.isString()) {
    info.text = value.text();
  } else {
    reader.fail(value, prefix + "constexpr '" + info.name +
                           "' must be a number, a boolean, null or a "
                           "string");
  }
}

} // namespace tilec::rt::detail

#endif // TILEC_RUNTIME_LIB_FIELDREADER_H
