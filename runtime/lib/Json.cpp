//===- Json.cpp - JSON values with source positions, read by nlohmann::json ===//

#include "tilec/runtime/Json.h"
#include "tilec/runtime/Error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <iterator>
#include <tuple>

namespace tilec::rt {

bool JsonValue::asBool() const { return boolValue; }

double JsonValue::asDouble() const {
  // The grammar check in the parser guarantees strtod consumes all of it.
  return std::strtod(textValue.c_str(), nullptr);
}

std::optional<int64_t> JsonValue::asInt64() const {
  if (valueKind != Kind::Number ||
      textValue.find_first_of(".eE") != std::string::npos)
    return std::nullopt;
  int64_t value = 0;
  const char *begin = textValue.data();
  const char *end = begin + textValue.size();
  auto [ptr, ec] = std::from_chars(begin, end, value);
  if (ec != std::errc() || ptr != end)
    return std::nullopt;
  return value;
}

const JsonValue *JsonValue::find(std::string_view key) const {
  for (const Member &member : objectValue)
    if (member.first == key)
      return &member.second;
  return nullptr;
}

std::string_view JsonValue::kindName() const {
  switch (valueKind) {
  case Kind::Null:
    return "null";
  case Kind::Bool:
    return "a boolean";
  case Kind::Number:
    return "a number";
  case Kind::String:
    return "a string";
  case Kind::Array:
    return "an array";
  case Kind::Object:
    return "an object";
  }
  return "a value";
}

namespace {

/// A character iterator over the text that counts how far nlohmann's lexer
/// has read, so that each SAX event can be placed in the source.
class CountingIterator {
public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char *;
  using reference = const char &;

  CountingIterator(const char *position, size_t *consumed)
      : position(position), consumed(consumed) {}
  reference operator*() const { return *position; }
  CountingIterator &operator++() {
    ++position;
    ++*consumed;
    return *this;
  }
  CountingIterator operator++(int) {
    CountingIterator old = *this;
    ++*this;
    return old;
  }
  bool operator==(const CountingIterator &other) const {
    return position == other.position;
  }
  bool operator!=(const CountingIterator &other) const {
    return position != other.position;
  }

private:
  const char *position;
  size_t *consumed;
};

} // namespace

/// Builds the JsonValue DOM from nlohmann::json's SAX events. nlohmann's
/// lexer does the grammar (RFC 8259, UTF-8 checked); this adds source
/// positions, exact number text, duplicate-key and depth checks.
///
/// Positions: when an event arrives, the lexer has read the value's token
/// and at most one character more (a number's terminator). Between the end
/// of one event's token and the start of the next event's value there is
/// only whitespace, ',' or ':', so the value starts at the first other
/// character after where the lexer stood at the previous event.
class JsonParser {
public:
  JsonParser(std::string_view text, std::string_view sourceName)
      : text(text), sourceName(sourceName) {
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n')
        lineStarts.push_back(i + 1);
  }

  JsonValue parseDocument() {
    CountingIterator first(text.data(), &consumed);
    CountingIterator last(text.data() + text.size(), &consumed);
    bool ok = nlohmann::json::sax_parse(first, last, this);
    if (!ok)
      throw Error(errorMessage.empty() ? located(consumed, "malformed JSON")
                                       : errorMessage);
    return std::move(root);
  }

  // nlohmann::json's SAX interface.
  bool null() { return add(startValue(JsonValue::Kind::Null)); }
  bool boolean(bool value) {
    JsonValue v = startValue(JsonValue::Kind::Bool);
    v.boolValue = value;
    return add(std::move(v));
  }
  bool number_integer(int64_t) { return number(); }
  bool number_unsigned(uint64_t) { return number(); }
  bool number_float(double, const std::string &) { return number(); }
  bool string(std::string &value) {
    JsonValue v = startValue(JsonValue::Kind::String);
    v.textValue = std::move(value);
    return add(std::move(v));
  }
  bool binary(nlohmann::json::binary_t &) {
    return fail(consumed, "binary values are not JSON");
  }
  bool start_object(size_t) {
    return open(startValue(JsonValue::Kind::Object));
  }
  bool key(std::string &name) {
    size_t at = startOfToken();
    JsonValue &object = stack.back();
    if (object.find(name))
      return fail(at, "duplicate key \"" + name + "\"");
    object.objectValue.emplace_back(std::move(name), JsonValue());
    return true;
  }
  bool end_object() { return close(); }
  bool start_array(size_t) { return open(startValue(JsonValue::Kind::Array)); }
  bool end_array() { return close(); }
  bool parse_error(size_t position, const std::string &,
                   const nlohmann::json::exception &error) {
    // "[json.exception.parse_error.101] parse error at line 1, column 9:
    // syntax error while parsing ..." -> "syntax error while parsing ...",
    // placed at the last byte the lexer read (`position` counts them, the
    // end of input as one): where the token it could not take ends.
    std::string_view what = error.what();
    size_t colon = what.find(": ");
    std::string problem(colon == std::string_view::npos
                            ? what
                            : what.substr(colon + 2));
    return fail(std::min(position > 0 ? position - 1 : 0, text.size()),
                problem);
  }

private:
  static constexpr unsigned kMaxDepth = 256;

  std::string_view text;
  std::string_view sourceName;
  std::vector<size_t> lineStarts{0};
  size_t consumed = 0;
  /// Where the lexer stood at the previous event.
  size_t previous = 0;
  std::vector<JsonValue> stack;
  JsonValue root;
  std::string errorMessage;

  /// The offset of the token the current event is about.
  size_t startOfToken() {
    size_t at = previous;
    while (at < text.size() &&
           (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' ||
            text[at] == '\r' || text[at] == ',' || text[at] == ':'))
      ++at;
    previous = consumed;
    return at;
  }

  /// The 1-based line and column of byte \p offset.
  std::pair<unsigned, unsigned> position(size_t offset) const {
    auto next = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
    size_t line = next - lineStarts.begin();
    return {unsigned(line), unsigned(offset - lineStarts[line - 1] + 1)};
  }

  std::string located(size_t offset, const std::string &message) const {
    auto [line, column] = position(offset);
    return std::string(sourceName) + ":" + std::to_string(line) + ":" +
           std::to_string(column) + ": " + message;
  }

  bool fail(size_t offset, const std::string &message) {
    if (errorMessage.empty())
      errorMessage = located(offset, message);
    return false;
  }

  JsonValue startValue(JsonValue::Kind kind) {
    size_t at = startOfToken();
    JsonValue value;
    value.valueKind = kind;
    std::tie(value.sourceLine, value.sourceColumn) = position(at);
    value.sourceOffset = at;
    return value;
  }

  /// A number keeps its source text, so integers are read exactly.
  bool number() {
    JsonValue v = startValue(JsonValue::Kind::Number);
    size_t end = v.sourceOffset;
    while (end < text.size() &&
           std::string_view("+-.eE0123456789").find(text[end]) !=
               std::string_view::npos)
      ++end;
    v.textValue = std::string(text.substr(v.sourceOffset, end - v.sourceOffset));
    return add(std::move(v));
  }

  /// Places a finished value in its array, object member or the root.
  bool add(JsonValue value) {
    if (stack.empty()) {
      root = std::move(value);
      return true;
    }
    JsonValue &parent = stack.back();
    if (parent.isArray())
      parent.arrayValue.push_back(std::move(value));
    else
      parent.objectValue.back().second = std::move(value);
    return true;
  }

  bool open(JsonValue container) {
    if (stack.size() >= kMaxDepth)
      return fail(container.sourceOffset, "JSON nested too deeply (more than 256 levels)");
    stack.push_back(std::move(container));
    return true;
  }

  bool close() {
    previous = consumed;
    JsonValue done = std::move(stack.back());
    stack.pop_back();
    return add(std::move(done));
  }
};

JsonValue parseJson(std::string_view text, std::string_view sourceName) {
  return JsonParser(text, sourceName).parseDocument();
}

std::string quoteJson(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    unsigned char byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte < 0x20) {
      static const char *kHex = "0123456789abcdef";
      out += "\\u00";
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    } else {
      out += c; // UTF-8 passes through unchanged.
    }
  }
  return out + "\"";
}

} // namespace tilec::rt
