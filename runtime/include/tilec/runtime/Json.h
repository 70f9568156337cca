//===- Json.h - a small JSON reader for kernel manifests --------*- C++ -*-===//
//
// The manifests tilec writes, read as a DOM of values with their source
// positions, so that later checks can point at the offending line and
// column. nlohmann::json parses (RFC 8259); it stays out of this header.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_JSON_H
#define TILEC_RUNTIME_JSON_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tilec::rt {

/// One parsed JSON value. Numbers keep their source text so integers are
/// read exactly, without a round trip through double.
class JsonValue {
public:
  enum class Kind { Null, Bool, Number, String, Array, Object };
  using Member = std::pair<std::string, JsonValue>;

  Kind kind() const { return valueKind; }
  bool isNull() const { return valueKind == Kind::Null; }
  bool isBool() const { return valueKind == Kind::Bool; }
  bool isNumber() const { return valueKind == Kind::Number; }
  bool isString() const { return valueKind == Kind::String; }
  bool isArray() const { return valueKind == Kind::Array; }
  bool isObject() const { return valueKind == Kind::Object; }

  /// The value of a Bool.
  bool asBool() const;
  /// The decoded text of a String, or the source text of a Number.
  const std::string &text() const { return textValue; }
  /// A Number as a double.
  double asDouble() const;
  /// A Number written as an integer literal (no fraction, no exponent) that
  /// fits in int64_t; std::nullopt otherwise.
  std::optional<int64_t> asInt64() const;
  /// The elements of an Array.
  const std::vector<JsonValue> &elements() const { return arrayValue; }
  /// The members of an Object, in source order.
  const std::vector<Member> &members() const { return objectValue; }
  /// The member \p key of an Object, or nullptr.
  const JsonValue *find(std::string_view key) const;

  /// 1-based position of the value's first character in the source.
  unsigned line() const { return sourceLine; }
  unsigned column() const { return sourceColumn; }

  /// "a string", "an object", ... for error messages.
  std::string_view kindName() const;

private:
  friend class JsonParser;
  Kind valueKind = Kind::Null;
  bool boolValue = false;
  std::string textValue;
  std::vector<JsonValue> arrayValue;
  std::vector<Member> objectValue;
  unsigned sourceLine = 1;
  unsigned sourceColumn = 1;
  size_t sourceOffset = 0;
};

/// Parses \p text as one JSON document. Throws Error with a message of the
/// form "<sourceName>:<line>:<col>: <problem>" on malformed input, duplicate
/// object keys or nesting deeper than 256 levels.
JsonValue parseJson(std::string_view text, std::string_view sourceName);

/// \p text as a JSON string literal, quotes included (for the few files the
/// runtime writes, such as autotuning picks).
std::string quoteJson(std::string_view text);

} // namespace tilec::rt

#endif // TILEC_RUNTIME_JSON_H
