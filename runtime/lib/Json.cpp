//===- Json.cpp - a small JSON reader for kernel manifests ----------------===//

#include "tilec/runtime/Json.h"
#include "tilec/runtime/Error.h"

#include <charconv>
#include <cstdlib>

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

/// Recursive-descent parser over the whole text; positions are tracked as
/// line/column while scanning so every value and error can cite them.
class JsonParser {
public:
  JsonParser(std::string_view text, std::string_view sourceName)
      : text(text), sourceName(sourceName) {}

  JsonValue parseDocument() {
    skipWhitespace();
    JsonValue value = parseValue(0);
    skipWhitespace();
    if (pos != text.size())
      fail("unexpected text after the JSON value");
    return value;
  }

private:
  static constexpr unsigned kMaxDepth = 256;

  std::string_view text;
  std::string_view sourceName;
  size_t pos = 0;
  unsigned line = 1;
  unsigned column = 1;

  [[noreturn]] void fail(const std::string &message) const {
    throw Error(std::string(sourceName) + ":" + std::to_string(line) + ":" +
                std::to_string(column) + ": " + message);
  }

  bool atEnd() const { return pos >= text.size(); }
  char peek() const { return atEnd() ? '\0' : text[pos]; }

  char advance() {
    char c = text[pos++];
    if (c == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    return c;
  }

  void skipWhitespace() {
    while (!atEnd()) {
      char c = peek();
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
        return;
      advance();
    }
  }

  void expect(char c, const char *what) {
    if (peek() != c || atEnd())
      fail(std::string("expected ") + what);
    advance();
  }

  JsonValue startValue(JsonValue::Kind kind) const {
    JsonValue value;
    value.valueKind = kind;
    value.sourceLine = line;
    value.sourceColumn = column;
    return value;
  }

  JsonValue parseValue(unsigned depth) {
    if (depth > kMaxDepth)
      fail("JSON nested deeper than 256 levels");
    if (atEnd())
      fail("unexpected end of input, expected a value");
    char c = peek();
    if (c == '{')
      return parseObject(depth);
    if (c == '[')
      return parseArray(depth);
    if (c == '"') {
      JsonValue value = startValue(JsonValue::Kind::String);
      value.textValue = parseString();
      return value;
    }
    if (c == '-' || (c >= '0' && c <= '9'))
      return parseNumber();
    if (matchWord("true")) {
      JsonValue value = startValue(JsonValue::Kind::Bool);
      value.boolValue = true;
      consumeWord("true");
      return value;
    }
    if (matchWord("false")) {
      JsonValue value = startValue(JsonValue::Kind::Bool);
      consumeWord("false");
      return value;
    }
    if (matchWord("null")) {
      JsonValue value = startValue(JsonValue::Kind::Null);
      consumeWord("null");
      return value;
    }
    fail(std::string("unexpected character '") + c + "', expected a value");
  }

  bool matchWord(std::string_view word) const {
    if (text.substr(pos, word.size()) != word)
      return false;
    // "trueish" is not "true": the literal must end here.
    char next = pos + word.size() < text.size() ? text[pos + word.size()] : ' ';
    return !((next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z') ||
             (next >= '0' && next <= '9'));
  }

  void consumeWord(std::string_view word) {
    for (size_t i = 0; i < word.size(); ++i)
      advance();
  }

  JsonValue parseObject(unsigned depth) {
    JsonValue object = startValue(JsonValue::Kind::Object);
    advance(); // '{'
    skipWhitespace();
    if (peek() == '}' && !atEnd()) {
      advance();
      return object;
    }
    while (true) {
      skipWhitespace();
      if (peek() != '"' || atEnd())
        fail("expected a string key");
      unsigned keyLine = line, keyColumn = column;
      std::string key = parseString();
      if (object.find(key)) {
        line = keyLine;
        column = keyColumn;
        fail("duplicate key \"" + key + "\"");
      }
      skipWhitespace();
      expect(':', "':' after an object key");
      skipWhitespace();
      JsonValue value = parseValue(depth + 1);
      object.objectValue.emplace_back(std::move(key), std::move(value));
      skipWhitespace();
      if (peek() == ',' && !atEnd()) {
        advance();
        continue;
      }
      expect('}', "',' or '}' in an object");
      return object;
    }
  }

  JsonValue parseArray(unsigned depth) {
    JsonValue array = startValue(JsonValue::Kind::Array);
    advance(); // '['
    skipWhitespace();
    if (peek() == ']' && !atEnd()) {
      advance();
      return array;
    }
    while (true) {
      skipWhitespace();
      array.arrayValue.push_back(parseValue(depth + 1));
      skipWhitespace();
      if (peek() == ',' && !atEnd()) {
        advance();
        continue;
      }
      expect(']', "',' or ']' in an array");
      return array;
    }
  }

  static bool isDigit(char c) { return c >= '0' && c <= '9'; }

  JsonValue parseNumber() {
    JsonValue number = startValue(JsonValue::Kind::Number);
    size_t begin = pos;
    if (peek() == '-')
      advance();
    if (!isDigit(peek()) || atEnd())
      fail("expected a digit");
    // JSON forbids leading zeros such as 012.
    if (peek() == '0') {
      advance();
      if (isDigit(peek()) && !atEnd())
        fail("leading zeros are not allowed in JSON numbers");
    } else {
      while (!atEnd() && isDigit(peek()))
        advance();
    }
    if (peek() == '.' && !atEnd()) {
      advance();
      if (!isDigit(peek()) || atEnd())
        fail("expected a digit after '.'");
      while (!atEnd() && isDigit(peek()))
        advance();
    }
    if ((peek() == 'e' || peek() == 'E') && !atEnd()) {
      advance();
      if ((peek() == '+' || peek() == '-') && !atEnd())
        advance();
      if (!isDigit(peek()) || atEnd())
        fail("expected a digit in the exponent");
      while (!atEnd() && isDigit(peek()))
        advance();
    }
    number.textValue = std::string(text.substr(begin, pos - begin));
    return number;
  }

  unsigned parseHex4() {
    unsigned value = 0;
    for (int i = 0; i < 4; ++i) {
      if (atEnd())
        fail("unexpected end of input in a \\u escape");
      char c = peek();
      value <<= 4;
      if (c >= '0' && c <= '9')
        value |= c - '0';
      else if (c >= 'a' && c <= 'f')
        value |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        value |= c - 'A' + 10;
      else
        fail("invalid hex digit in a \\u escape");
      advance();
    }
    return value;
  }

  static void appendUtf8(std::string &out, unsigned codePoint) {
    if (codePoint < 0x80) {
      out += static_cast<char>(codePoint);
    } else if (codePoint < 0x800) {
      out += static_cast<char>(0xC0 | (codePoint >> 6));
      out += static_cast<char>(0x80 | (codePoint & 0x3F));
    } else if (codePoint < 0x10000) {
      out += static_cast<char>(0xE0 | (codePoint >> 12));
      out += static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (codePoint & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (codePoint >> 18));
      out += static_cast<char>(0x80 | ((codePoint >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (codePoint & 0x3F));
    }
  }

  std::string parseString() {
    advance(); // opening quote
    std::string out;
    while (true) {
      if (atEnd())
        fail("unterminated string");
      // Errors point at the offending character, so check before advancing.
      if (static_cast<unsigned char>(peek()) < 0x20)
        fail("control character in a string");
      unsigned escapeLine = line, escapeColumn = column;
      char c = advance();
      if (c == '"')
        return out;
      if (c != '\\') {
        out += c; // UTF-8 passes through byte by byte.
        continue;
      }
      if (atEnd())
        fail("unterminated string");
      char escape = advance();
      switch (escape) {
      case '"':
      case '\\':
      case '/':
        out += escape;
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        unsigned codePoint = parseHex4();
        if (codePoint >= 0xDC00 && codePoint <= 0xDFFF)
          fail("unpaired low surrogate in a \\u escape");
        if (codePoint >= 0xD800 && codePoint <= 0xDBFF) {
          if (text.substr(pos, 2) != "\\u")
            fail("unpaired high surrogate in a \\u escape");
          advance();
          advance();
          unsigned low = parseHex4();
          if (low < 0xDC00 || low > 0xDFFF)
            fail("invalid low surrogate in a \\u escape");
          codePoint = 0x10000 + ((codePoint - 0xD800) << 10) + (low - 0xDC00);
        }
        appendUtf8(out, codePoint);
        break;
      }
      default:
        line = escapeLine;
        column = escapeColumn;
        fail(std::string("invalid escape '\\") + escape + "' in a string");
      }
    }
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
