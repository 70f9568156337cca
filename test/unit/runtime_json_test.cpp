//===- runtime_json_test.cpp - the runtime's JSON reader ------------------===//

#include "tilec/runtime/Error.h"
#include "tilec/runtime/Json.h"

#include <catch2/catch.hpp>

#include <string>

using namespace tilec::rt;

/// The message of the Error parsing \p text throws ("" if none).
static std::string parseError(const std::string &text) {
  try {
    parseJson(text, "t.json");
  } catch (const Error &error) {
    return error.what();
  }
  return "";
}

TEST_CASE("json: values of every kind", "[runtime][json]") {
  JsonValue v = parseJson(R"( {"a": [1, -2.5e3, true, false, null, "s"],
                               "b": {}, "c": []} )",
                          "t.json");
  REQUIRE(v.isObject());
  REQUIRE(v.members().size() == 3);
  const JsonValue *a = v.find("a");
  REQUIRE(a);
  REQUIRE(a->elements().size() == 6);
  CHECK(a->elements()[0].asInt64() == 1);
  CHECK(a->elements()[1].asDouble() == -2500.0);
  CHECK_FALSE(a->elements()[1].asInt64());
  CHECK(a->elements()[2].asBool());
  CHECK_FALSE(a->elements()[3].asBool());
  CHECK(a->elements()[4].isNull());
  CHECK(a->elements()[5].text() == "s");
  CHECK(v.find("b")->isObject());
  CHECK(v.find("c")->elements().empty());
  CHECK(v.find("missing") == nullptr);
}

TEST_CASE("json: integers are exact", "[runtime][json]") {
  JsonValue v = parseJson("[9007199254740993, -9223372036854775808, "
                          "9223372036854775808, 0]",
                          "t.json");
  CHECK(v.elements()[0].asInt64() == 9007199254740993LL);
  CHECK(v.elements()[1].asInt64() == INT64_MIN);
  CHECK_FALSE(v.elements()[2].asInt64()); // overflows int64
  CHECK(v.elements()[3].asInt64() == 0);
}

TEST_CASE("json: string escapes decode to UTF-8", "[runtime][json]") {
  JsonValue v = parseJson(R"(["a\"b\\c\/d\n\t", "\u00e9\u4e2d", "\ud83d\ude00", "中文"])",
                          "t.json");
  CHECK(v.elements()[0].text() == "a\"b\\c/d\n\t");
  CHECK(v.elements()[1].text() == "\xc3\xa9\xe4\xb8\xad");
  CHECK(v.elements()[2].text() == "\xf0\x9f\x98\x80");
  CHECK(v.elements()[3].text() == "中文");
}

TEST_CASE("json: positions of values", "[runtime][json]") {
  JsonValue v = parseJson("{\n  \"k\":\n    42}", "t.json");
  const JsonValue *k = v.find("k");
  CHECK(k->line() == 3);
  CHECK(k->column() == 5);
}

TEST_CASE("json: malformed input names file, line and column",
          "[runtime][json]") {
  CHECK(parseError("") == "t.json:1:1: unexpected end of input, expected a value");
  CHECK(parseError("{\"a\": 1,}") == "t.json:1:9: expected a string key");
  CHECK(parseError("{\"a\" 1}") == "t.json:1:6: expected ':' after an object key");
  CHECK(parseError("[1 2]") == "t.json:1:4: expected ',' or ']' in an array");
  CHECK(parseError("{\"a\": 1\n\"b\": 2}") ==
        "t.json:2:1: expected ',' or '}' in an object");
  CHECK(parseError("{\"a\": 1, \"a\": 2}") == "t.json:1:10: duplicate key \"a\"");
  CHECK(parseError("[01]") == "t.json:1:3: leading zeros are not allowed in JSON numbers");
  CHECK(parseError("[1.]") == "t.json:1:4: expected a digit after '.'");
  CHECK(parseError("[1e]") == "t.json:1:4: expected a digit in the exponent");
  CHECK(parseError("[-]") == "t.json:1:3: expected a digit");
  CHECK(parseError("\"abc") == "t.json:1:5: unterminated string");
  CHECK(parseError("\"a\nb\"") == "t.json:1:3: control character in a string");
  CHECK(parseError("\"\\x\"") == "t.json:1:2: invalid escape '\\x' in a string");
  CHECK(parseError("\"\\u12g4\"") == "t.json:1:6: invalid hex digit in a \\u escape");
  CHECK(parseError("\"\\ud800\"") ==
        "t.json:1:8: unpaired high surrogate in a \\u escape");
  CHECK(parseError("tru") == "t.json:1:1: unexpected character 't', expected a value");
  CHECK(parseError("trueish") ==
        "t.json:1:1: unexpected character 't', expected a value");
  CHECK(parseError("{} {}") == "t.json:1:4: unexpected text after the JSON value");
  CHECK(parseError("'single'") ==
        "t.json:1:1: unexpected character ''', expected a value");
}

TEST_CASE("json: nesting is bounded", "[runtime][json]") {
  std::string deep(300, '[');
  deep += std::string(300, ']');
  CHECK(parseError(deep).find("nested deeper than 256 levels") !=
        std::string::npos);
  std::string fine(200, '[');
  fine += std::string(200, ']');
  CHECK(parseError(fine).empty());
}
