//===- Parser.cpp - top level and statements ------------------------------===//
//
// Expressions are parsed in ParseExpr.cpp.
//
//===----------------------------------------------------------------------===//

#include "tilec/Frontend/Parser.h"
#include "tilec/Frontend/Frontend.h"
#include "tilec/Support/Stack.h"

#include "llvm/Support/Path.h"

#include <optional>

using namespace tilec;
using namespace tilec::ast;

Parser::Parser(llvm::SourceMgr &sourceMgr, unsigned bufferID)
    : sourceMgr(sourceMgr),
      bufferID(bufferID ? bufferID : sourceMgr.getMainFileID()),
      lexer(sourceMgr.getMemoryBuffer(this->bufferID)->getBuffer()) {}

//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

const Token &Parser::peek(unsigned ahead) const {
  return tokens[std::min(pos + ahead, tokens.size() - 1)];
}

void Parser::consume() {
  // The last token (eof or error) is never consumed, so tok() stays valid.
  if (pos + 1 < tokens.size())
    ++pos;
}

bool Parser::consumeIf(tok::Kind kind) {
  if (tok().isNot(kind))
    return false;
  consume();
  return true;
}

std::nullptr_t Parser::error(const Location &loc, const llvm::Twine &message) {
  if (quiet) {
    if (!failed)
      quietMessage = message.str();
    failed = true;
    return nullptr;
  }
  if (!failed)
    sourceMgr.PrintMessage(loc.loc, llvm::SourceMgr::DK_Error, message);
  failed = true;
  return nullptr;
}

bool Parser::expect(tok::Kind kind, llvm::StringRef what) {
  if (consumeIf(kind))
    return true;
  if (tok().is(tok::error))
    error(tok().loc, tok().spelling);
  else
    error(tok().loc, "expected " + what + ", got " + describeToken(tok()));
  return false;
}

//===----------------------------------------------------------------------===//
// Skipping
//===----------------------------------------------------------------------===//

void Parser::skipLine() {
  while (tok().isNot(tok::eof) && tok().isNot(tok::error)) {
    bool atNewline = tok().is(tok::newline);
    consume();
    if (atNewline)
      return;
  }
}

void Parser::skipStatement() {
  skipLine();
  if (tok().isNot(tok::indent))
    return;
  unsigned depth = 0;
  do {
    if (tok().is(tok::indent))
      ++depth;
    else if (tok().is(tok::dedent))
      --depth;
    consume();
  } while (depth != 0 && tok().isNot(tok::eof) && tok().isNot(tok::error));
}

void Parser::skipToClosingBracket() {
  unsigned depth = 1;
  while (tok().isNot(tok::eof) && tok().isNot(tok::error)) {
    switch (tok().kind) {
    case tok::l_paren:
    case tok::l_square:
    case tok::l_brace:
      ++depth;
      break;
    case tok::r_paren:
    case tok::r_square:
    case tok::r_brace:
      --depth;
      break;
    default:
      break;
    }
    consume();
    if (depth == 0)
      return;
  }
}

//===----------------------------------------------------------------------===//
// Top level
//===----------------------------------------------------------------------===//

std::unique_ptr<ast::Module> tilec::parseModule(llvm::SourceMgr &sourceMgr) {
  // On a stack its nesting limits fit in (Support/Stack.h).
  std::unique_ptr<ast::Module> module;
  runOnStack(kFrontendStackBytes, [&] {
    ModuleLoader loader(sourceMgr);
    module = Parser(sourceMgr).parseModule(&loader);
  });
  return module;
}

bool Parser::isJitDecorator() const {
  // `@triton.jit`, `@jit`, optionally called: `@triton.jit(debug=True)`.
  unsigned i = 1;
  if (peek(i).is(tok::identifier) && peek(i).spelling == "triton" &&
      peek(i + 1).is(tok::period))
    i += 2;
  if (peek(i).isNot(tok::identifier) || peek(i).spelling != "jit")
    return false;
  return peek(i + 1).is(tok::newline) || peek(i + 1).is(tok::l_paren);
}

bool Parser::hasDebugTrue() const {
  // `debug=True` anywhere in the decorator's line.
  for (unsigned i = 1; peek(i).isNot(tok::newline) && peek(i).isNot(tok::eof);
       ++i)
    if (peek(i).is(tok::identifier) && peek(i).spelling == "debug" &&
        peek(i + 1).is(tok::equal) && peek(i + 2).is(tok::kw_True))
      return true;
  return false;
}

std::unique_ptr<ast::Module> Parser::parseModule(ModuleLoader *loader) {
  lexer.lexAll(tokens);
  if (tokens.back().is(tok::error))
    return error(tokens.back().loc, tokens.back().spelling);

  llvm::StringRef filename =
      sourceMgr.getMemoryBuffer(bufferID)->getBufferIdentifier();
  auto module = std::make_unique<ast::Module>(filename);
  // Known before its imports are parsed, which may import it back.
  if (loader)
    loader->add(filename, module.get());
  // The file is read as a module that is imported, not run as a script:
  // `if __name__ == "__main__":` blocks do not run.
  HostValue name;
  name.kind = HostValue::Kind::Str;
  name.text = llvm::sys::path::stem(filename).str();
  hostNames["__name__"] = std::move(name);
  while (tok().isNot(tok::eof)) {
    if (tok().is(tok::indent))
      return error(tok().loc, "unexpected indent");
    if (!parseTopLevelStatement(*module))
      return nullptr;
  }
  if (failed)
    return nullptr;
  if (loader && !bindFileImports(*module, *loader))
    return nullptr;
  return module;
}

std::unique_ptr<Function> Parser::parseFunction() {
  Location defLoc = tok().loc;
  consume(); // def
  if (tok().isNot(tok::identifier))
    return error(tok().loc, "expected function name, got " +
                                describeToken(tok()));
  std::string name = tok().spelling.str();
  consume();
  std::vector<Param> params;
  if (!expect(tok::l_paren, "'(' after the function name") ||
      !parseParams(params))
    return nullptr;
  // A return annotation is allowed and ignored.
  if (consumeIf(tok::arrow) && !parseTest())
    return nullptr;
  if (!expect(tok::colon, "':' after the function signature"))
    return nullptr;
  Block body;
  if (!parseSuite(body))
    return nullptr;
  return std::make_unique<Function>(defLoc, name, std::move(params),
                                    std::move(body));
}

bool Parser::parseParams(std::vector<Param> &params) {
  while (tok().isNot(tok::r_paren)) {
    if (tok().is(tok::star) || tok().is(tok::starstar) ||
        tok().is(tok::slash)) {
      error(tok().loc, "kernels cannot have '*', '**' or '/' parameters");
      return false;
    }
    if (tok().isNot(tok::identifier)) {
      error(tok().loc, "expected parameter name, got " + describeToken(tok()));
      return false;
    }
    Param param;
    param.name = tok().spelling.str();
    param.loc = tok().loc;
    consume();
    for (const Param &other : params)
      if (other.name == param.name) {
        error(param.loc, "duplicate parameter '" + param.name + "'");
        return false;
      }
    if (consumeIf(tok::colon) && !(param.annotation = parseTest()))
      return false;
    if (consumeIf(tok::equal) && !(param.defaultValue = parseTest()))
      return false;
    params.push_back(std::move(param));
    if (!consumeIf(tok::comma))
      break;
  }
  return expect(tok::r_paren, "',' or ')' in the parameter list");
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

bool Parser::parseSuite(Block &block) {
  if (tok().isNot(tok::newline))
    return parseSimpleStatements(block);
  consume();
  if (tok().isNot(tok::indent)) {
    error(tok().loc, "expected an indented block");
    return false;
  }
  consume();
  while (tok().isNot(tok::dedent) && tok().isNot(tok::eof))
    if (!parseStatement(block))
      return false;
  return expect(tok::dedent, "dedent");
}

bool Parser::parseStatement(Block &block) {
  StmtPtr stmt;
  switch (tok().kind) {
  case tok::kw_if:
    stmt = parseIf();
    break;
  case tok::kw_for:
    stmt = parseFor();
    break;
  case tok::kw_while:
    stmt = parseWhile();
    break;
  case tok::kw_def:
    stmt = skipUnsupported("nested function definition");
    break;
  case tok::kw_class:
    stmt = skipUnsupported("class definition");
    break;
  case tok::kw_with:
    stmt = skipUnsupported("with statement");
    break;
  case tok::kw_async:
    stmt = skipUnsupported("async statement");
    break;
  case tok::at:
    stmt = skipUnsupported("decorated definition");
    break;
  case tok::kw_try: {
    stmt = skipUnsupported("try statement");
    while (tok().is(tok::kw_except) || tok().is(tok::kw_else) ||
           tok().is(tok::kw_finally))
      skipStatement();
    break;
  }
  case tok::indent:
    error(tok().loc, "unexpected indent");
    return false;
  case tok::error:
    error(tok().loc, tok().spelling);
    return false;
  default:
    return parseSimpleStatements(block);
  }
  if (!stmt)
    return false;
  block.push_back(std::move(stmt));
  return true;
}

StmtPtr Parser::skipUnsupported(llvm::StringRef what) {
  Location loc = tok().loc;
  if (tok().is(tok::at)) {
    while (tok().is(tok::at))
      skipLine();
  }
  skipStatement();
  return std::make_unique<UnsupportedStmt>(loc, what);
}

bool Parser::parseSimpleStatements(Block &block) {
  while (true) {
    StmtPtr stmt = parseSmallStatement();
    if (!stmt)
      return false;
    block.push_back(std::move(stmt));
    if (!consumeIf(tok::semi))
      break;
    if (tok().is(tok::newline))
      break;
  }
  return expect(tok::newline, "newline at the end of the statement");
}

StmtPtr Parser::parseSmallStatement() {
  Location loc = tok().loc;
  switch (tok().kind) {
  case tok::kw_pass:
    consume();
    return std::make_unique<SimpleStmt>(Stmt::Kind::Pass, loc);
  case tok::kw_break:
    consume();
    return std::make_unique<SimpleStmt>(Stmt::Kind::Break, loc);
  case tok::kw_continue:
    consume();
    return std::make_unique<SimpleStmt>(Stmt::Kind::Continue, loc);
  case tok::kw_return: {
    consume();
    ExprPtr value;
    if (tok().isNot(tok::newline) && tok().isNot(tok::semi) &&
        !(value = parseTestList()))
      return nullptr;
    return std::make_unique<ReturnStmt>(loc, std::move(value));
  }
  case tok::kw_assert: {
    consume();
    ExprPtr test = parseTest();
    if (!test)
      return nullptr;
    ExprPtr message;
    if (consumeIf(tok::comma) && !(message = parseTest()))
      return nullptr;
    return std::make_unique<AssertStmt>(loc, std::move(test),
                                        std::move(message));
  }
  case tok::kw_import:
  case tok::kw_from:
  case tok::kw_global:
  case tok::kw_nonlocal:
  case tok::kw_del:
  case tok::kw_raise: {
    std::string what = (tok().spelling + " statement").str();
    while (tok().isNot(tok::newline) && tok().isNot(tok::semi) &&
           tok().isNot(tok::eof) && tok().isNot(tok::error))
      consume();
    return std::make_unique<UnsupportedStmt>(loc, what);
  }
  default:
    return parseExprStatement();
  }
}

/// Whether `expr` may appear left of '='.
static bool isAssignable(const Expr &expr) {
  switch (expr.getKind()) {
  case Expr::Kind::Name:
  case Expr::Kind::Attribute:
  case Expr::Kind::Subscript:
    return true;
  case Expr::Kind::Tuple:
  case Expr::Kind::List:
    for (const ExprPtr &e : llvm::cast<SequenceExpr>(expr).getElements())
      if (!isAssignable(*e))
        return false;
    return true;
  default:
    return false;
  }
}

/// The operator of an augmented assignment token, if it is one.
static std::optional<BinaryOp> augmentedOp(tok::Kind kind) {
  switch (kind) {
  case tok::plusequal:
    return BinaryOp::Add;
  case tok::minusequal:
    return BinaryOp::Sub;
  case tok::starequal:
    return BinaryOp::Mul;
  case tok::slashequal:
    return BinaryOp::Div;
  case tok::slashslashequal:
    return BinaryOp::FloorDiv;
  case tok::percentequal:
    return BinaryOp::Mod;
  case tok::starstarequal:
    return BinaryOp::Pow;
  case tok::atequal:
    return BinaryOp::MatMul;
  case tok::lesslessequal:
    return BinaryOp::Shl;
  case tok::greatergreaterequal:
    return BinaryOp::Shr;
  case tok::ampequal:
    return BinaryOp::BitAnd;
  case tok::pipeequal:
    return BinaryOp::BitOr;
  case tok::caretequal:
    return BinaryOp::BitXor;
  default:
    return std::nullopt;
  }
}

StmtPtr Parser::parseExprStatement() {
  Location loc = tok().loc;
  ExprPtr first = parseTestList();
  if (!first)
    return nullptr;

  if (std::optional<BinaryOp> op = augmentedOp(tok().kind)) {
    if (first->getKind() != Expr::Kind::Name &&
        first->getKind() != Expr::Kind::Attribute &&
        first->getKind() != Expr::Kind::Subscript)
      return error(first->loc(),
                   "illegal target for augmented assignment");
    consume();
    ExprPtr value = parseTestList();
    if (!value)
      return nullptr;
    return std::make_unique<AugAssignStmt>(loc, *op, std::move(first),
                                           std::move(value));
  }

  if (tok().is(tok::colon)) {
    // An annotated assignment `x: tl.constexpr = 3`.
    if (first->getKind() != Expr::Kind::Name)
      return error(first->loc(), "only a single name can be annotated");
    consume();
    ExprPtr annotation = parseTest();
    if (!annotation)
      return nullptr;
    ExprPtr value;
    if (consumeIf(tok::equal) && !(value = parseTestList()))
      return nullptr;
    ExprList targets;
    targets.push_back(std::move(first));
    return std::make_unique<AssignStmt>(loc, std::move(targets),
                                        std::move(value),
                                        std::move(annotation));
  }

  if (tok().isNot(tok::equal))
    return std::make_unique<ExprStmt>(loc, std::move(first));

  // `a = b = value`: every expression but the last is a target.
  ExprList targets;
  targets.push_back(std::move(first));
  while (consumeIf(tok::equal)) {
    ExprPtr next = parseTestList();
    if (!next)
      return nullptr;
    targets.push_back(std::move(next));
  }
  ExprPtr value = std::move(targets.back());
  targets.pop_back();
  for (const ExprPtr &target : targets)
    if (!isAssignable(*target))
      return error(target->loc(), "cannot assign to this expression");
  return std::make_unique<AssignStmt>(loc, std::move(targets),
                                      std::move(value), nullptr);
}

bool Parser::parseElse(Block &block) {
  if (!consumeIf(tok::kw_else))
    return true;
  return expect(tok::colon, "':' after 'else'") && parseSuite(block);
}

StmtPtr Parser::parseIf() {
  Location loc = tok().loc;
  // `if` and each `elif` in a loop: a chain of any length takes no
  // recursion.
  std::vector<IfStmt::Branch> branches;
  do {
    IfStmt::Branch branch;
    branch.loc = tok().loc;
    consume(); // if or elif
    branch.cond = parseTest();
    if (!branch.cond || !expect(tok::colon, "':' after the if condition") ||
        !parseSuite(branch.body))
      return nullptr;
    branches.push_back(std::move(branch));
  } while (tok().is(tok::kw_elif));
  Block elseBody;
  if (!parseElse(elseBody))
    return nullptr;
  return std::make_unique<IfStmt>(loc, std::move(branches),
                                  std::move(elseBody));
}

StmtPtr Parser::parseFor() {
  Location loc = tok().loc;
  consume(); // for
  ExprPtr target = parseTargetList();
  if (!target)
    return nullptr;
  if (!isAssignable(*target))
    return error(target->loc(), "cannot assign to this expression");
  if (!expect(tok::kw_in, "'in' after the for target"))
    return nullptr;
  ExprPtr iter = parseTestList();
  if (!iter || !expect(tok::colon, "':' after the for header"))
    return nullptr;
  Block body, orelse;
  if (!parseSuite(body) || !parseElse(orelse))
    return nullptr;
  return std::make_unique<ForStmt>(loc, std::move(target), std::move(iter),
                                   std::move(body), std::move(orelse));
}

StmtPtr Parser::parseWhile() {
  Location loc = tok().loc;
  consume(); // while
  ExprPtr cond = parseTest();
  if (!cond || !expect(tok::colon, "':' after the while condition"))
    return nullptr;
  Block body, orelse;
  if (!parseSuite(body) || !parseElse(orelse))
    return nullptr;
  return std::make_unique<WhileStmt>(loc, std::move(cond), std::move(body),
                                     std::move(orelse));
}
