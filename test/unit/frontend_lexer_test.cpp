//===- frontend_lexer_test.cpp - the Python lexer -------------------------===//

#include "tilec/Frontend/Lexer.h"

#include "llvm/ADT/SmallString.h"

#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

using namespace tilec;

namespace {
/// The kinds of all tokens of `source`.
std::vector<tok::Kind> kinds(const std::string &source) {
  Lexer lexer(source);
  llvm::SmallVector<Token> tokens;
  lexer.lexAll(tokens);
  std::vector<tok::Kind> result;
  for (const Token &t : tokens)
    result.push_back(t.kind);
  return result;
}

/// Lexes `source`; the source and the lexer (which holds error messages)
/// live until the end of the test run, as the tokens point into them.
std::vector<Token> lex(const std::string &source) {
  static std::vector<std::unique_ptr<std::string>> sources;
  static std::vector<std::unique_ptr<Lexer>> lexers;
  sources.push_back(std::make_unique<std::string>(source));
  lexers.push_back(std::make_unique<Lexer>(*sources.back()));
  llvm::SmallVector<Token> tokens;
  lexers.back()->lexAll(tokens);
  return std::vector<Token>(tokens.begin(), tokens.end());
}
} // namespace

TEST_CASE("indentation produces INDENT and DEDENT", "[lexer]") {
  using namespace tok;
  auto k = kinds("def f():\n"
                 "    if x:\n"
                 "        y\n"
                 "    z\n"
                 "w\n");
  std::vector<tok::Kind> expected = {
      kw_def, identifier, l_paren, r_paren, colon, newline,   // def f():
      indent, kw_if, identifier, colon, newline,              // if x:
      indent, identifier, newline,                            // y
      dedent, identifier, newline,                            // z
      dedent, identifier, newline,                            // w
      eof};
  CHECK(k == expected);
}

TEST_CASE("blank and comment-only lines do not change indentation",
          "[lexer]") {
  using namespace tok;
  auto k = kinds("if x:\n"
                 "    a\n"
                 "\n"
                 "  # a comment at another indentation\n"
                 "    b\n");
  std::vector<tok::Kind> expected = {kw_if,      colon,   newline, indent,
                                     identifier, newline, identifier,
                                     newline,    dedent,  eof};
  // `x` is an identifier too.
  expected.insert(expected.begin() + 1, identifier);
  CHECK(k == expected);
}

TEST_CASE("the end of the file closes lines and blocks", "[lexer]") {
  using namespace tok;
  auto k = kinds("if x:\n    y");
  std::vector<tok::Kind> expected = {kw_if,      identifier, colon,
                                     newline,    indent,     identifier,
                                     newline,    dedent,     eof};
  CHECK(k == expected);
  CHECK(kinds("") == std::vector<tok::Kind>{eof});
  CHECK(kinds("\n\n# only a comment\n") == std::vector<tok::Kind>{eof});
}

TEST_CASE("newlines inside brackets and after a backslash join lines",
          "[lexer]") {
  using namespace tok;
  auto k = kinds("f(a,\n"
                 "      b)\n"
                 "x = 1 + \\\n"
                 "  2\n");
  std::vector<tok::Kind> expected = {
      identifier, l_paren, identifier, comma, identifier, r_paren, newline,
      identifier, equal,   integer,    plus,  integer,    newline, eof};
  CHECK(k == expected);
}

TEST_CASE("numbers", "[lexer]") {
  auto t = lex("1e-5 0x1F 1_000 .5 5. 3 2.5E+3 0b101 0o17 1j");
  REQUIRE(t.size() == 12);
  CHECK(t[0].kind == tok::floating);
  CHECK(t[0].spelling == "1e-5");
  CHECK(t[1].kind == tok::integer);
  CHECK(t[2].kind == tok::integer);
  CHECK(t[3].kind == tok::floating);
  CHECK(t[4].kind == tok::floating);
  CHECK(t[5].kind == tok::integer);
  CHECK(t[6].kind == tok::floating);
  CHECK(t[7].kind == tok::integer);
  CHECK(t[8].kind == tok::integer);
  CHECK(t[9].kind == tok::imaginary);

  llvm::APInt v;
  CHECK(Lexer::parseInteger("0x1F", v));
  CHECK(v == 31);
  CHECK(Lexer::parseInteger("1_000", v));
  CHECK(v == 1000);
  CHECK(Lexer::parseInteger("0b101", v));
  CHECK(v == 5);
  CHECK(Lexer::parseInteger("0o17", v));
  CHECK(v == 15);
  // Python's ints are unbounded; tilec's stop at py::kMaxIntBits.
  CHECK(Lexer::parseInteger("99999999999999999999", v));
  llvm::SmallString<32> digits;
  v.toStringSigned(digits, 10);
  CHECK(digits == "99999999999999999999");
  CHECK(!v.isNegative());
  CHECK(Lexer::parseInteger("9223372036854775807", v));
  CHECK(v.getSExtValue() == INT64_MAX);
  CHECK_FALSE(Lexer::parseInteger("0x1" + std::string(1024, '0'), v));
  double d = 0;
  CHECK(Lexer::parseFloat("1e-5", d));
  CHECK(d == Approx(1e-5));
  CHECK(Lexer::parseFloat(".5", d));
  CHECK(d == 0.5);
  CHECK(Lexer::parseFloat("5.", d));
  CHECK(d == 5.0);
}

TEST_CASE("strings", "[lexer]") {
  auto t = lex("'a' \"b\" r'\\n' b'x' f\"{y}\" '''multi\nline''' \"-inf\"");
  REQUIRE(t.size() == 9);
  for (int i = 0; i < 7; ++i)
    CHECK(t[i].kind == tok::string);
  std::string value, error;
  CHECK(Lexer::decodeString("'a\\tb'", value, error));
  CHECK(value == "a\tb");
  CHECK(Lexer::decodeString("r'\\n'", value, error));
  CHECK(value == "\\n");
  CHECK(Lexer::decodeString("'''multi\nline'''", value, error));
  CHECK(value == "multi\nline");
  CHECK(Lexer::decodeString("\"-inf\"", value, error));
  CHECK(value == "-inf");
  CHECK(Lexer::decodeString("'\\x41'", value, error));
  CHECK(value == "A");
  // The token after a multi-line string knows its line.
  CHECK(t[6].loc.line == 2);
}

TEST_CASE("UTF-8 comments and strings", "[lexer]") {
  auto t = lex("x = 1  # 计算 GeLU 公式\ny = '块'\n");
  std::vector<tok::Kind> expected = {tok::identifier, tok::equal,
                                     tok::integer,    tok::newline,
                                     tok::identifier, tok::equal,
                                     tok::string,     tok::newline,
                                     tok::eof};
  REQUIRE(t.size() == expected.size());
  for (size_t i = 0; i < t.size(); ++i)
    CHECK(t[i].kind == expected[i]);
  CHECK(t[6].spelling == "'块'");
}

TEST_CASE("operators take the longest spelling", "[lexer]") {
  using namespace tok;
  auto k = kinds("a **= b // c -> d := e >>= f != g ... @ h");
  std::vector<tok::Kind> expected = {
      identifier, starstarequal, identifier,  slashslash, identifier,
      arrow,      identifier,    walrus,      identifier,
      greatergreaterequal,       identifier,  exclaimequal,
      identifier, ellipsis,      at,          identifier, newline,
      eof};
  CHECK(k == expected);
}

TEST_CASE("tokens know their line and column", "[lexer]") {
  auto t = lex("def f(x):\n    return x\n");
  REQUIRE(t.size() > 9);
  CHECK(t[0].loc.line == 1);
  CHECK(t[0].loc.col == 1);
  CHECK(t[3].spelling == "x");
  CHECK(t[3].loc.col == 7);
  CHECK(t[7].kind == tok::indent);
  CHECK(t[8].spelling == "return");
  CHECK(t[8].loc.line == 2);
  CHECK(t[8].loc.col == 5);
}

TEST_CASE("Windows line endings", "[lexer]") {
  using namespace tok;
  auto k = kinds("if x:\r\n    y\r\n");
  std::vector<tok::Kind> expected = {kw_if,  identifier, colon,   newline,
                                     indent, identifier, newline, dedent,
                                     eof};
  CHECK(k == expected);
}

TEST_CASE("lexical errors become one error token", "[lexer]") {
  auto t = lex("x = 'abc\n");
  REQUIRE(t.back().kind == tok::error);
  CHECK(t.back().spelling == "unterminated string literal");

  t = lex("if x:\n    a\n  b\n");
  REQUIRE(t.back().kind == tok::error);
  CHECK(t.back().spelling ==
        "unindent does not match any outer indentation level");

  t = lex("f(a, b\n");
  REQUIRE(t.back().kind == tok::error);
  CHECK(t.back().spelling == "'(' was never closed");

  t = lex("x = a)\n");
  REQUIRE(t.back().kind == tok::error);
  CHECK(t.back().spelling == "unmatched ')'");

  t = lex("x = (a]\n");
  REQUIRE(t.back().kind == tok::error);

  t = lex("x = $\n");
  REQUIRE(t.back().kind == tok::error);
  CHECK(t.back().loc.col == 5);
}

TEST_CASE("tabs and spaces, and continuations, as Python's tokenizer",
          "[lexer]") {
  const char *tabError =
      "inconsistent use of tabs and spaces in indentation (Python's TabError)";
  // Equal with 8-column tabs, not with 1-column ones (and the reverse).
  auto t = lex("if x:\n\tif y:\n        a\n");
  REQUIRE(t.back().kind == tok::error);
  CHECK(t.back().spelling == tabError);
  t = lex("if x:\n        a\n\tb\n");
  REQUIRE(t.back().kind == tok::error);
  CHECK(t.back().spelling == tabError);
  // Consistent mixtures are fine: a tab then spaces, deeper.
  t = lex("if x:\n\tif y:\n\t    a\n\tb\n");
  CHECK(t.back().kind == tok::eof);
  // A continuation that ends the file, with or without a newline.
  for (const char *source : {"x = 1 \\", "x = 1 \\\n", "x = 1\n\\\n"}) {
    t = lex(source);
    REQUIRE(t.back().kind == tok::error);
    CHECK(t.back().spelling ==
          "unexpected end of file after a line continuation character");
  }
  // One into a blank line makes a blank line.
  t = lex("x = 1\n\\\n\ny\n");
  CHECK(t.back().kind == tok::eof);
}
