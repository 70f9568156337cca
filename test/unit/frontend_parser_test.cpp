//===- frontend_parser_test.cpp - the parser and the AST dumper -----------===//

#include "tilec/Frontend/Frontend.h"

#include "llvm/Support/MemoryBuffer.h"

#include <catch2/catch.hpp>

#include <string>

using namespace tilec;

namespace {
/// A parse of one source: the module (null on error) and the diagnostics.
struct Parsed {
  llvm::SourceMgr sourceMgr;
  std::unique_ptr<ast::Module> module;
  std::string diagnostics;
};

std::unique_ptr<Parsed> parse(const std::string &source) {
  auto parsed = std::make_unique<Parsed>();
  parsed->sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(source, "test.py"), llvm::SMLoc());
  parsed->sourceMgr.setDiagHandler(
      [](const llvm::SMDiagnostic &diag, void *context) {
        llvm::raw_string_ostream os(*static_cast<std::string *>(context));
        diag.print(nullptr, os, /*ShowColors=*/false);
      },
      &parsed->diagnostics);
  parsed->module = parseModule(parsed->sourceMgr);
  return parsed;
}

/// The AST dump of a kernel whose body is `body` (indented by the caller).
std::string dump(const std::string &source) {
  auto parsed = parse(source);
  if (!parsed->module)
    return "error: " + parsed->diagnostics;
  std::string text;
  llvm::raw_string_ostream os(text);
  dumpAST(*parsed->module, "", os);
  return text;
}

/// How `expr` parses, fully parenthesised.
std::string expr(const std::string &expr) {
  auto parsed = parse("@triton.jit\ndef k():\n    x = " + expr + "\n");
  if (!parsed->module)
    return "error: " + parsed->diagnostics;
  const auto &body = parsed->module->getKernels().front()->getBody();
  const auto &assign = llvm::cast<ast::AssignStmt>(*body.front());
  std::string text;
  llvm::raw_string_ostream os(text);
  ast::printExpr(*assign.getValue(), os);
  return text;
}
} // namespace

TEST_CASE("operator precedence follows Python", "[parser]") {
  CHECK(expr("a + b * c") == "(a + (b * c))");
  CHECK(expr("a * b + c") == "((a * b) + c)");
  CHECK(expr("a - b - c") == "((a - b) - c)");
  CHECK(expr("a // b % c / d @ e") == "((((a // b) % c) / d) @ e)");
  CHECK(expr("-a ** 2") == "(-(a ** 2))");
  CHECK(expr("a ** -b") == "(a ** (-b))");
  CHECK(expr("a ** b ** c") == "(a ** (b ** c))");
  CHECK(expr("~a + b") == "((~a) + b)");
  CHECK(expr("a | b ^ c & d << e + f") ==
        "(a | (b ^ (c & (d << (e + f)))))");
  CHECK(expr("a >> b << c") == "((a >> b) << c)");
  CHECK(expr("a < b + c") == "(a < (b + c))");
  CHECK(expr("a < b <= c") == "(a < b <= c)");
  CHECK(expr("a == b != c > d >= e") == "(a == b != c > d >= e)");
  CHECK(expr("a is not None") == "(a is not None)");
  CHECK(expr("a not in b") == "(a not in b)");
  CHECK(expr("not a == b") == "(not (a == b))");
  CHECK(expr("a or b and c") == "(a or (b and c))");
  CHECK(expr("a and not b or c") == "((a and (not b)) or c)");
  CHECK(expr("a if c else b") == "(a if c else b)");
  CHECK(expr("a if c or d else b if e else f") ==
        "(a if (c or d) else (b if e else f))");
  CHECK(expr("lambda a, b: a + b") == "(lambda a, b: (a + b))");
  CHECK(expr("(a + b) * c") == "((a + b) * c)");
  CHECK(expr("(m < M) & (k + 1 < K)") == "((m < M) & ((k + 1) < K))");
}

TEST_CASE("primaries: calls, attributes and subscripts", "[parser]") {
  CHECK(expr("tl.load(p + o, mask=m, other=0.0)") ==
        "tl.load((p + o), mask=m, other=0.0)");
  CHECK(expr("f(a, b,)") == "f(a, b)");
  CHECK(expr("x.to(tl.float16)") == "x.to(tl.float16)");
  CHECK(expr("x[:, None]") == "x[:, None]");
  CHECK(expr("x[None, :]") == "x[None, :]");
  CHECK(expr("x[1:2:3]") == "x[1:2:3]");
  CHECK(expr("x[::2]") == "x[::2]");
  CHECK(expr("x[a, b:]") == "x[a, b:]");
  CHECK(expr("x.shape[0]") == "x.shape[0]");
  CHECK(expr("f(a)(b).c[d]") == "f(a)(b).c[d]");
  CHECK(expr("float(\"-inf\")") == "float(\"-inf\")");
  CHECK(expr("'a' 'b'") == "\"ab\"");
  CHECK(expr("[BLOCK_M, BLOCK_N]") == "[BLOCK_M, BLOCK_N]");
  CHECK(expr("a, b") == "(a, b)");
  CHECK(expr("(a,)") == "(a,)");
  CHECK(expr("()") == "()");
  CHECK(expr("1e-5") == "1e-5");
  CHECK(expr("0x10") == "16");
  CHECK(expr("True") == "True");
  CHECK(expr("...") == "...");
  CHECK(expr("[i for i in range(4)]") == "<unsupported list comprehension>");
  CHECK(expr("{'a': 1, 2: x}") == "{\"a\": 1, 2: x}");
  CHECK(expr("{}") == "{}");
  CHECK(expr("{1, 2}") == "<unsupported set display>");
  CHECK(expr("{**x}") == "<unsupported dict or set display>");
  CHECK(expr("{k: v for k, v in x}") == "<unsupported dict comprehension>");
  CHECK(expr("f(*args)") == "f(<unsupported starred expression>)");
  CHECK(expr("f(x for x in y)") == "f(<unsupported generator expression>)");
  CHECK(expr("f(a=1, b)").find("positional argument follows keyword "
                               "argument") != std::string::npos);
  CHECK(expr("f(a=1, a=2)").find("keyword argument repeated") !=
        std::string::npos);
  // Python's order of `*x`, keywords and `**x`.
  CHECK(expr("f(a, b=1, **c, d=2)") == "f(a, b=1, **c, d=2)");
  CHECK(expr("f(**c)") == "f(**c)");
  CHECK(expr("f(b=1, *c)") == "f(<unsupported starred expression>, b=1)");
  CHECK(expr("f(**c, d)").find("positional argument follows keyword "
                               "argument unpacking") != std::string::npos);
  CHECK(expr("f(**c, *d)").find("iterable argument unpacking follows "
                                "keyword argument unpacking") !=
        std::string::npos);
}

TEST_CASE("statements", "[parser]") {
  std::string d = dump("@triton.jit\n"
                       "def k(x_ptr, n, B: tl.constexpr = 4):\n"
                       "    a, b = 1, 2\n"
                       "    c = d = a\n"
                       "    e: tl.constexpr = 3\n"
                       "    a += 1; b //= 2\n"
                       "    if a: pass\n"
                       "    elif b:\n"
                       "        c <<= 1\n"
                       "    else:\n"
                       "        c >>= 1\n"
                       "    for i in range(n):\n"
                       "        continue\n"
                       "    while a:\n"
                       "        break\n"
                       "    assert a > 0, \"msg\"\n"
                       "    tl.store(x_ptr, a)\n"
                       "    return\n");
  CHECK(d == "kernel k @2:1\n"
             "  param x_ptr @2:7\n"
             "  param n @2:14\n"
             "  param B: tl.constexpr = 4 @2:17\n"
             "  body\n"
             "    assign @3:5 (a, b) = (1, 2)\n"
             "    assign @4:5 c = d = a\n"
             "    assign @5:5 e: tl.constexpr = 3\n"
             "    augassign @6:5 a += 1\n"
             "    augassign @6:13 b //= 2\n"
             "    if @7:5 a\n"
             "      pass @7:11\n"
             "    elif @8:5 b\n"
             "      augassign @9:9 c <<= 1\n"
             "    else\n"
             "      augassign @11:9 c >>= 1\n"
             "    for @12:5 i in range(n)\n"
             "      continue @13:9\n"
             "    while @14:5 a\n"
             "      break @15:9\n"
             "    assert @16:5 (a > 0), \"msg\"\n"
             "    expr @17:5 tl.store(x_ptr, a)\n"
             "    return @18:5\n");
}

TEST_CASE("unsupported statements are kept, named and skipped", "[parser]") {
  std::string d = dump("@triton.jit\n"
                       "def k():\n"
                       "    try:\n"
                       "        x = 1\n"
                       "    except E:\n"
                       "        pass\n"
                       "    finally:\n"
                       "        pass\n"
                       "    with a as b:\n"
                       "        pass\n"
                       "    def inner():\n"
                       "        return {1: [x for x in y]}\n"
                       "    import os\n"
                       "    y = 2\n");
  CHECK(d == "kernel k @2:1\n"
             "  body\n"
             "    unsupported @3:5 try statement\n"
             "    unsupported @9:5 with statement\n"
             "    unsupported @11:5 nested function definition\n"
             "    unsupported @13:5 import statement\n"
             "    assign @14:5 y = 2\n");
}

TEST_CASE("kernels are found by their decorators; host code is skipped",
          "[parser]") {
  std::string d = dump(
      "import triton\n"
      "import triton.language as tl\n"
      "from typing import *\n"
      "CONFIGS = {'a': [x ** 2 for x in range(3)], **other}\n"
      "class Helper:\n"
      "    @staticmethod\n"
      "    def f(self, *args, **kwargs) -> int:\n"
      "        if (n := len(args)) > 1:\n"
      "            return f\"{n!r:>10}\"\n"
      "        return lambda *a: a\n"
      "@triton.autotune(configs=[triton.Config({'B': 64})], key=['x'])\n"
      "@triton.jit\n"
      "def first(x, B: tl.constexpr):\n"
      "    pass\n"
      "@jit\n"
      "def second(x): pass\n"
      "@triton.jit(debug=True)\n"
      "def third(x):\n"
      "    pass\n"
      "@torch.compile\n"
      "def not_a_kernel(x):\n"
      "    return x\n"
      "def plain(x):\n"
      "    return x\n"
      "async def run():\n"
      "    await thing()\n"
      "if __name__ == '__main__':\n"
      "    kernel[(n,)](x, y, BLOCK_SIZE=1024)\n");
  CHECK(d == "kernel first @13:1\n"
             "  param x @13:11\n"
             "  param B: tl.constexpr @13:14\n"
             "  autotune key=[x] reset_to_zero=[] restore_value=[] @11:2\n"
             "    config {B=64} num_warps=4 num_stages=3 @11:27\n"
             "  body\n"
             "    pass @14:5\n"
             "kernel second @16:1\n"
             "  param x @16:12\n"
             "  body\n"
             "    pass @16:16\n"
             "kernel third @18:1\n"
             "  param x @18:11\n"
             "  body\n"
             "    pass @19:5\n");
}

TEST_CASE("syntax errors name the expected token", "[parser]") {
  auto missingColon = parse("@triton.jit\ndef k(n):\n    for i in range(n)\n"
                            "        pass\n");
  CHECK_FALSE(missingColon->module);
  CHECK(missingColon->diagnostics.find(
            "test.py:3:22: error: expected ':' after the for header, got "
            "newline") != std::string::npos);

  auto noBody = parse("@triton.jit\ndef k(n):\nx = 1\n");
  CHECK(noBody->diagnostics.find("expected an indented block") !=
        std::string::npos);

  auto variadic = parse("@triton.jit\ndef k(*args):\n    pass\n");
  CHECK(variadic->diagnostics.find("kernels cannot have '*'") !=
        std::string::npos);

  auto twice = parse("@triton.jit\ndef k():\n    pass\n"
                     "@triton.jit\ndef k():\n    pass\n");
  CHECK(twice->diagnostics.find("kernel 'k' is defined twice") !=
        std::string::npos);

  auto badTarget = parse("@triton.jit\ndef k():\n    f() = 1\n");
  CHECK(badTarget->diagnostics.find("cannot assign to this expression") !=
        std::string::npos);

  auto decorator = parse("@triton.jit\nx = 1\n");
  CHECK(decorator->diagnostics.find("expected 'def' or 'class' after "
                                    "decorator") != std::string::npos);

  // The message shows the line and a caret.
  auto caret = parse("@triton.jit\ndef k():\n    x = (1 + )\n");
  CHECK(caret->diagnostics.find("    x = (1 + )\n             ^") !=
        std::string::npos);
}

TEST_CASE("expression locations", "[parser]") {
  auto parsed = parse("@triton.jit\ndef k():\n    x = a + f(b)[c]\n");
  REQUIRE(parsed->module);
  const auto &assign = llvm::cast<ast::AssignStmt>(
      *parsed->module->getKernels().front()->getBody().front());
  const auto &add = llvm::cast<ast::BinaryExpr>(*assign.getValue());
  CHECK(add.loc().line == 3);
  CHECK(add.loc().col == 9);
  CHECK(add.getRHS().loc().col == 13);
  const auto &sub = llvm::cast<ast::SubscriptExpr>(add.getRHS());
  CHECK(sub.getIndices().front()->loc().col == 18);
}
