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
  // nlohmann::json's words, placed at the last byte its lexer read.
  CHECK(parseError("") == "t.json:1:1: syntax error while parsing value - "
                          "unexpected end of input; expected '[', '{', or a "
                          "literal");
  CHECK(parseError("{\"a\": 1,}") ==
        "t.json:1:9: syntax error while parsing object key - unexpected '}'; "
        "expected string literal");
  CHECK(parseError("{\"a\" 1}") ==
        "t.json:1:6: syntax error while parsing object separator - unexpected "
        "number literal; expected ':'");
  CHECK(parseError("[1 2]") == "t.json:1:4: syntax error while parsing array "
                               "- unexpected number literal; expected ']'");
  CHECK(parseError("{\"a\": 1\n\"b\": 2}") ==
        "t.json:2:3: syntax error while parsing object - unexpected string "
        "literal; expected '}'");
  CHECK(parseError("{\"a\": 1, \"a\": 2}") == "t.json:1:10: duplicate key \"a\"");
  CHECK(parseError("{\"a\": {\"b\": 1,\n \"b\": 2}}") ==
        "t.json:2:2: duplicate key \"b\"");
  CHECK(parseError("[01]") == "t.json:1:3: syntax error while parsing array "
                              "- unexpected number literal; expected ']'");
  CHECK(parseError("[1.]") ==
        "t.json:1:4: syntax error while parsing value - invalid number; "
        "expected digit after '.'; last read: '1.]'");
  CHECK(parseError("[1e]") ==
        "t.json:1:4: syntax error while parsing value - invalid number; "
        "expected '+', '-', or digit after exponent; last read: '1e]'");
  CHECK(parseError("[-]") ==
        "t.json:1:3: syntax error while parsing value - invalid number; "
        "expected digit after '-'; last read: '-]'");
  CHECK(parseError("\"abc") ==
        "t.json:1:5: syntax error while parsing value - invalid string: "
        "missing closing quote; last read: '\"abc'");
  CHECK(parseError("\"a\nb\"").rfind(
            "t.json:1:3: syntax error while parsing value - invalid string: "
            "control character U+000A (LF) must be escaped",
            0) == 0);
  CHECK(parseError("\"\\x\"") ==
        "t.json:1:3: syntax error while parsing value - invalid string: "
        "forbidden character after backslash; last read: '\"\\x'");
  CHECK(parseError("\"\\u12g4\"") ==
        "t.json:1:6: syntax error while parsing value - invalid string: '\\u' "
        "must be followed by 4 hex digits; last read: '\"\\u12g'");
  CHECK(parseError("\"\\ud800\"") ==
        "t.json:1:8: syntax error while parsing value - invalid string: "
        "surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF; last "
        "read: '\"\\ud800\"'");
  CHECK(parseError("[\"\xff\"]").rfind(
            "t.json:1:3: syntax error while parsing value - invalid string: "
            "ill-formed UTF-8 byte",
            0) == 0);
  CHECK(parseError("tru") == "t.json:1:4: syntax error while parsing value - "
                             "invalid literal; last read: 'tru'");
  CHECK(parseError("trueish") ==
        "t.json:1:5: syntax error while parsing value - invalid literal; last "
        "read: 'truei'; expected end of input");
  CHECK(parseError("{} {}") == "t.json:1:4: syntax error while parsing value "
                               "- unexpected '{'; expected end of input");
  CHECK(parseError("'single'") == "t.json:1:1: syntax error while parsing "
                                  "value - invalid literal; last read: '''");
}

TEST_CASE("json: positions after numbers, separators and nesting",
          "[runtime][json]") {
  // The lexer reads one byte past a number; values after it are still
  // placed at their first character.
  JsonValue v = parseJson("[1,\n -2.5e3 , \"x\",[7],{\"k\" : 8}]", "t.json");
  const std::vector<JsonValue> &e = v.elements();
  REQUIRE(e.size() == 5);
  CHECK((e[0].line() == 1 && e[0].column() == 2));
  CHECK((e[1].line() == 2 && e[1].column() == 2));
  CHECK(e[1].text() == "-2.5e3");
  CHECK((e[2].line() == 2 && e[2].column() == 11));
  CHECK((e[3].line() == 2 && e[3].column() == 15));
  CHECK(e[3].elements()[0].column() == 16);
  CHECK((e[4].line() == 2 && e[4].column() == 19));
  CHECK(e[4].find("k")->column() == 26);
}

TEST_CASE("json: nesting is bounded", "[runtime][json]") {
  std::string deep(300, '[');
  deep += std::string(300, ']');
  CHECK(parseError(deep).find("JSON nested too deeply (more than 256 levels)") !=
        std::string::npos);
  // Far deeper: stopped at the same place, without recursing on the rest.
  std::string deeper(100000, '[');
  deeper += std::string(100000, ']');
  CHECK(parseError(deeper).find(":1:257: JSON nested too deeply") !=
        std::string::npos);
  std::string fine(200, '[');
  fine += std::string(200, ']');
  CHECK(parseError(fine).empty());
}
