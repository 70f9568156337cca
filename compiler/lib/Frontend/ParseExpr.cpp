//===- ParseExpr.cpp - expressions, with Python's precedence --------------===//
//
// One function per precedence level, lowest first:
//   lambda, `x if c else y`, or, and, not, comparisons (chained), |, ^, &,
//   << >>, + -, * / // % @, unary + - ~, **, await, primaries (calls,
//   subscripts, attributes) and atoms.
//
//===----------------------------------------------------------------------===//

#include "tilec/Frontend/Parser.h"
#include "tilec/Frontend/PyValue.h"

#include "llvm/ADT/ScopeExit.h"

#include <functional>
#include <optional>

using namespace tilec;
using namespace tilec::ast;

/// How deep the AST of an expression may get: far beyond real kernels, well
/// within the stack of the code that walks the AST recursively. Brackets,
/// unary operators and every link of an operator chain (`a + b + c` is a
/// left-deep tree) count.
static constexpr unsigned kMaxNesting = 1000;

bool Parser::enterNesting() {
  if (++depth <= kMaxNesting)
    return true;
  error(tok().loc, "expression nested too deeply (more than " +
                      llvm::Twine(kMaxNesting) +
                      " levels; each link of an operator chain such as "
                      "a + b + c counts one)");
  --depth;
  return false;
}

namespace {
/// Counts one level of nesting for the scope of a parse function.
class NestingScope {
public:
  NestingScope(bool entered, std::function<void()> exit)
      : entered(entered), exit(std::move(exit)) {}
  ~NestingScope() {
    if (entered)
      exit();
  }
  explicit operator bool() const { return entered; }

private:
  bool entered;
  std::function<void()> exit;
};
} // namespace

#define ENTER_NESTING()                                                        \
  NestingScope nestingScope(enterNesting(), [this] { exitNesting(); });        \
  if (!nestingScope)                                                           \
    return nullptr;

/// Whether the current token can start an expression.
static bool startsExpression(const Token &token) {
  switch (token.kind) {
  case tok::identifier:
  case tok::integer:
  case tok::floating:
  case tok::imaginary:
  case tok::string:
  case tok::l_paren:
  case tok::l_square:
  case tok::l_brace:
  case tok::minus:
  case tok::plus:
  case tok::tilde:
  case tok::star:
  case tok::ellipsis:
  case tok::kw_None:
  case tok::kw_True:
  case tok::kw_False:
  case tok::kw_not:
  case tok::kw_lambda:
  case tok::kw_await:
    return true;
  default:
    return false;
  }
}

ExprPtr Parser::parseTestList() {
  Location loc = tok().loc;
  ExprPtr first = parseElement();
  if (!first || tok().isNot(tok::comma))
    return first;
  ExprList elements;
  elements.push_back(std::move(first));
  while (consumeIf(tok::comma)) {
    if (!startsExpression(tok()))
      break; // A trailing comma: `x = 1,` is a one-element tuple.
    ExprPtr next = parseElement();
    if (!next)
      return nullptr;
    elements.push_back(std::move(next));
  }
  return std::make_unique<SequenceExpr>(Expr::Kind::Tuple, loc,
                                        std::move(elements));
}

ExprPtr Parser::parseTargetList() {
  Location loc = tok().loc;
  ExprList elements;
  while (true) {
    ExprPtr target = parseBitOr();
    if (!target)
      return nullptr;
    elements.push_back(std::move(target));
    if (!consumeIf(tok::comma) || tok().is(tok::kw_in))
      break;
  }
  if (elements.size() == 1)
    return std::move(elements.front());
  return std::make_unique<SequenceExpr>(Expr::Kind::Tuple, loc,
                                        std::move(elements));
}

ExprPtr Parser::parseElement() {
  Location loc = tok().loc;
  if (tok().is(tok::star) || tok().is(tok::starstar)) {
    consume();
    if (!parseBitOr())
      return nullptr;
    return std::make_unique<UnsupportedExpr>(loc, "starred expression");
  }
  ExprPtr value = parseTest();
  if (!value)
    return nullptr;
  if (tok().is(tok::walrus)) {
    consume();
    if (!parseTest())
      return nullptr;
    return std::make_unique<UnsupportedExpr>(loc, "assignment expression");
  }
  return value;
}

ExprPtr Parser::parseTest() {
  ENTER_NESTING();
  if (tok().is(tok::kw_lambda))
    return parseLambda();
  ExprPtr value = parseOrTest();
  if (!value || tok().isNot(tok::kw_if))
    return value;
  Location loc = value->loc();
  consume();
  ExprPtr cond = parseOrTest();
  if (!cond || !expect(tok::kw_else, "'else' in the conditional expression"))
    return nullptr;
  ExprPtr elseValue = parseTest();
  if (!elseValue)
    return nullptr;
  return std::make_unique<IfExpExpr>(loc, std::move(cond), std::move(value),
                                     std::move(elseValue));
}

ExprPtr Parser::parseLambda() {
  Location loc = tok().loc;
  consume(); // lambda
  std::vector<std::string> params;
  while (tok().isNot(tok::colon)) {
    if (!consumeIf(tok::star))
      consumeIf(tok::starstar);
    if (tok().isNot(tok::identifier))
      return error(tok().loc, "expected parameter name, got " +
                                  describeToken(tok()));
    params.push_back(tok().spelling.str());
    consume();
    if (consumeIf(tok::equal) && !parseTest())
      return nullptr;
    if (!consumeIf(tok::comma))
      break;
  }
  if (!expect(tok::colon, "':' after the lambda parameters"))
    return nullptr;
  ExprPtr body = parseTest();
  if (!body)
    return nullptr;
  return std::make_unique<LambdaExpr>(loc, std::move(params), std::move(body));
}

ExprPtr Parser::parseOrTest() {
  ExprPtr lhs = parseAndTest();
  unsigned savedDepth = depth;
  auto restore = llvm::make_scope_exit([&] { depth = savedDepth; });
  while (lhs && tok().is(tok::kw_or)) {
    if (!enterNesting())
      return nullptr;
    consume();
    ExprPtr rhs = parseAndTest();
    if (!rhs)
      return nullptr;
    Location loc = lhs->loc();
    lhs = std::make_unique<BoolOpExpr>(loc, /*isAnd=*/false, std::move(lhs),
                                       std::move(rhs));
  }
  return lhs;
}

ExprPtr Parser::parseAndTest() {
  ExprPtr lhs = parseNotTest();
  unsigned savedDepth = depth;
  auto restore = llvm::make_scope_exit([&] { depth = savedDepth; });
  while (lhs && tok().is(tok::kw_and)) {
    if (!enterNesting())
      return nullptr;
    consume();
    ExprPtr rhs = parseNotTest();
    if (!rhs)
      return nullptr;
    Location loc = lhs->loc();
    lhs = std::make_unique<BoolOpExpr>(loc, /*isAnd=*/true, std::move(lhs),
                                       std::move(rhs));
  }
  return lhs;
}

ExprPtr Parser::parseNotTest() {
  if (tok().isNot(tok::kw_not))
    return parseComparison();
  ENTER_NESTING();
  Location loc = tok().loc;
  consume();
  ExprPtr operand = parseNotTest();
  if (!operand)
    return nullptr;
  return std::make_unique<UnaryExpr>(loc, UnaryOp::Not, std::move(operand));
}

/// The comparison operator that `token` (and, for `is not` and `not in`,
/// `next`) spell, if any.
static std::optional<CompareOp> compareOp(const Token &token,
                                          const Token &next) {
  switch (token.kind) {
  case tok::less:
    return CompareOp::Lt;
  case tok::lessequal:
    return CompareOp::Le;
  case tok::greater:
    return CompareOp::Gt;
  case tok::greaterequal:
    return CompareOp::Ge;
  case tok::equalequal:
    return CompareOp::Eq;
  case tok::exclaimequal:
    return CompareOp::Ne;
  case tok::kw_in:
    return CompareOp::In;
  case tok::kw_is:
    return next.is(tok::kw_not) ? CompareOp::IsNot : CompareOp::Is;
  case tok::kw_not:
    if (next.is(tok::kw_in))
      return CompareOp::NotIn;
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

ExprPtr Parser::parseComparison() {
  ExprPtr first = parseBitOr();
  if (!first)
    return nullptr;
  std::optional<CompareOp> op = compareOp(tok(), peek());
  if (!op)
    return first;
  Location loc = first->loc();
  ExprList operands;
  std::vector<CompareOp> ops;
  operands.push_back(std::move(first));
  unsigned savedDepth = depth;
  auto restore = llvm::make_scope_exit([&] { depth = savedDepth; });
  while (op) {
    if (!enterNesting())
      return nullptr;
    consume();
    if (*op == CompareOp::IsNot || *op == CompareOp::NotIn)
      consume();
    ExprPtr next = parseBitOr();
    if (!next)
      return nullptr;
    ops.push_back(*op);
    operands.push_back(std::move(next));
    op = compareOp(tok(), peek());
  }
  return std::make_unique<CompareExpr>(loc, std::move(operands),
                                       std::move(ops));
}

/// Parses a left-associative chain of binary operators at one level.
template <typename ParseOperand, typename MapOp>
ExprPtr Parser::parseBinaryChain(ParseOperand parseOperand, MapOp mapOp) {
  ExprPtr lhs = parseOperand();
  unsigned savedDepth = depth;
  auto restore = llvm::make_scope_exit([&] { depth = savedDepth; });
  while (lhs) {
    std::optional<BinaryOp> op = mapOp();
    if (!op)
      break;
    if (!enterNesting())
      return nullptr;
    ExprPtr rhs = parseOperand();
    if (!rhs)
      return nullptr;
    Location loc = lhs->loc();
    lhs = std::make_unique<BinaryExpr>(loc, *op, std::move(lhs),
                                       std::move(rhs));
  }
  return lhs;
}

ExprPtr Parser::parseBitOr() {
  return parseBinaryChain(
      [&] { return parseBitXor(); },
      [&]() -> std::optional<BinaryOp> {
        if (!consumeIf(tok::pipe))
          return std::nullopt;
        return BinaryOp::BitOr;
      });
}

ExprPtr Parser::parseBitXor() {
  return parseBinaryChain(
      [&] { return parseBitAnd(); },
      [&]() -> std::optional<BinaryOp> {
        if (!consumeIf(tok::caret))
          return std::nullopt;
        return BinaryOp::BitXor;
      });
}

ExprPtr Parser::parseBitAnd() {
  return parseBinaryChain(
      [&] { return parseShift(); },
      [&]() -> std::optional<BinaryOp> {
        if (!consumeIf(tok::amp))
          return std::nullopt;
        return BinaryOp::BitAnd;
      });
}

ExprPtr Parser::parseShift() {
  return parseBinaryChain(
      [&] { return parseArith(); },
      [&]() -> std::optional<BinaryOp> {
        if (consumeIf(tok::lessless))
          return BinaryOp::Shl;
        if (consumeIf(tok::greatergreater))
          return BinaryOp::Shr;
        return std::nullopt;
      });
}

ExprPtr Parser::parseArith() {
  return parseBinaryChain(
      [&] { return parseTerm(); },
      [&]() -> std::optional<BinaryOp> {
        if (consumeIf(tok::plus))
          return BinaryOp::Add;
        if (consumeIf(tok::minus))
          return BinaryOp::Sub;
        return std::nullopt;
      });
}

ExprPtr Parser::parseTerm() {
  return parseBinaryChain(
      [&] { return parseFactor(); },
      [&]() -> std::optional<BinaryOp> {
        if (consumeIf(tok::star))
          return BinaryOp::Mul;
        if (consumeIf(tok::slash))
          return BinaryOp::Div;
        if (consumeIf(tok::slashslash))
          return BinaryOp::FloorDiv;
        if (consumeIf(tok::percent))
          return BinaryOp::Mod;
        if (consumeIf(tok::at))
          return BinaryOp::MatMul;
        return std::nullopt;
      });
}

ExprPtr Parser::parseFactor() {
  UnaryOp op;
  switch (tok().kind) {
  case tok::plus:
    op = UnaryOp::Plus;
    break;
  case tok::minus:
    op = UnaryOp::Minus;
    break;
  case tok::tilde:
    op = UnaryOp::Invert;
    break;
  default:
    return parsePower();
  }
  ENTER_NESTING();
  Location loc = tok().loc;
  consume();
  ExprPtr operand = parseFactor();
  if (!operand)
    return nullptr;
  return std::make_unique<UnaryExpr>(loc, op, std::move(operand));
}

ExprPtr Parser::parsePower() {
  ExprPtr base;
  if (tok().is(tok::kw_await)) {
    Location loc = tok().loc;
    consume();
    if (!parsePrimary())
      return nullptr;
    base = std::make_unique<UnsupportedExpr>(loc, "await expression");
  } else {
    base = parsePrimary();
  }
  if (!base || tok().isNot(tok::starstar))
    return base;
  ENTER_NESTING();
  consume();
  // `**` binds tighter than a unary operator on its left but not on its
  // right: -2**-1 is -(2**(-1)).
  ExprPtr exponent = parseFactor();
  if (!exponent)
    return nullptr;
  Location loc = base->loc();
  return std::make_unique<BinaryExpr>(loc, BinaryOp::Pow, std::move(base),
                                      std::move(exponent));
}

ExprPtr Parser::parsePrimary() {
  ExprPtr value = parseAtom();
  unsigned savedDepth = depth;
  auto restore = llvm::make_scope_exit([&] { depth = savedDepth; });
  while (value && (tok().is(tok::l_paren) || tok().is(tok::l_square) ||
                   tok().is(tok::period))) {
    if (!enterNesting())
      return nullptr;
    if (tok().is(tok::l_paren)) {
      value = parseCall(std::move(value));
    } else if (tok().is(tok::l_square)) {
      value = parseSubscript(std::move(value));
    } else if (tok().is(tok::period)) {
      consume();
      if (tok().isNot(tok::identifier))
        return error(tok().loc, "expected attribute name after '.', got " +
                                    describeToken(tok()));
      Location loc = value->loc();
      value = std::make_unique<AttributeExpr>(loc, std::move(value),
                                              tok().spelling, tok().loc);
      consume();
    } else {
      break;
    }
  }
  return value;
}

ExprPtr Parser::parseCall(ExprPtr callee) {
  Location loc = callee->loc();
  consume(); // (
  ExprList args;
  std::vector<Keyword> keywords;
  // Python's order: positional arguments and `*x`, then `name=value` and
  // `**x`, `*x` also among keywords before the first `**x`.
  bool unpacking = false;
  while (tok().isNot(tok::r_paren)) {
    if (tok().is(tok::starstar)) {
      // `**mapping`: a keyword without a name, as Python's ast writes it.
      Keyword kw;
      kw.loc = tok().loc;
      consume();
      if (!(kw.value = parseBitOr()))
        return nullptr;
      keywords.push_back(std::move(kw));
      unpacking = true;
    } else if (tok().is(tok::identifier) && peek().is(tok::equal)) {
      Keyword kw;
      kw.name = tok().spelling.str();
      kw.loc = tok().loc;
      consume();
      consume(); // =
      for (const Keyword &other : keywords)
        if (other.name == kw.name)
          return error(kw.loc, "keyword argument repeated: " + kw.name);
      if (!(kw.value = parseTest()))
        return nullptr;
      keywords.push_back(std::move(kw));
    } else {
      if (unpacking && tok().is(tok::star))
        return error(tok().loc, "iterable argument unpacking follows keyword "
                                "argument unpacking");
      if (unpacking)
        return error(tok().loc, "positional argument follows keyword "
                                "argument unpacking");
      if (!keywords.empty() && tok().isNot(tok::star))
        return error(tok().loc, "positional argument follows keyword argument");
      Location argLoc = tok().loc;
      ExprPtr arg = parseElement();
      if (!arg)
        return nullptr;
      if (tok().is(tok::kw_for)) {
        // A generator expression `f(x for x in y)`.
        skipToClosingBracket();
        args.push_back(
            std::make_unique<UnsupportedExpr>(argLoc, "generator expression"));
        ExprPtr call = std::make_unique<CallExpr>(
            loc, std::move(callee), std::move(args), std::move(keywords));
        return call;
      }
      args.push_back(std::move(arg));
    }
    if (!consumeIf(tok::comma))
      break;
  }
  if (!expect(tok::r_paren, "',' or ')' in the argument list"))
    return nullptr;
  return std::make_unique<CallExpr>(loc, std::move(callee), std::move(args),
                                    std::move(keywords));
}

ExprPtr Parser::parseSubscript(ExprPtr value) {
  Location loc = value->loc();
  consume(); // [
  ExprList indices;
  while (tok().isNot(tok::r_square)) {
    ExprPtr index = parseSubscriptItem();
    if (!index)
      return nullptr;
    indices.push_back(std::move(index));
    if (!consumeIf(tok::comma))
      break;
  }
  if (indices.empty())
    return error(tok().loc, "expected an index in the subscript, got " +
                                describeToken(tok()));
  if (!expect(tok::r_square, "',' or ']' in the subscript"))
    return nullptr;
  return std::make_unique<SubscriptExpr>(loc, std::move(value),
                                         std::move(indices));
}

ExprPtr Parser::parseSubscriptItem() {
  Location loc = tok().loc;
  ExprPtr lower, upper, step;
  if (tok().isNot(tok::colon)) {
    lower = parseElement();
    if (!lower || tok().isNot(tok::colon))
      return lower;
  }
  consume(); // :
  auto endsPart = [&] {
    return tok().is(tok::colon) || tok().is(tok::comma) ||
           tok().is(tok::r_square);
  };
  if (!endsPart() && !(upper = parseTest()))
    return nullptr;
  if (consumeIf(tok::colon) && !endsPart() && !(step = parseTest()))
    return nullptr;
  return std::make_unique<SliceExpr>(loc, std::move(lower), std::move(upper),
                                     std::move(step));
}

ExprPtr Parser::parseAtom() {
  Location loc = tok().loc;
  switch (tok().kind) {
  case tok::identifier: {
    auto name = std::make_unique<NameExpr>(loc, tok().spelling);
    consume();
    return name;
  }
  case tok::integer: {
    llvm::APInt value;
    if (!Lexer::parseInteger(tok().spelling, value))
      return error(loc, "integer literal is too large: tilec's Python ints "
                        "have at most " +
                            llvm::Twine(py::kMaxIntBits) + " bits");
    consume();
    return std::make_unique<IntExpr>(loc, value);
  }
  case tok::floating: {
    double value;
    if (!Lexer::parseFloat(tok().spelling, value))
      return error(loc, "invalid floating-point literal");
    auto literal = std::make_unique<FloatExpr>(loc, value, tok().spelling);
    consume();
    return literal;
  }
  case tok::imaginary:
    consume();
    return std::make_unique<UnsupportedExpr>(loc, "complex literal");
  case tok::string:
    return parseStrings();
  case tok::kw_None:
    consume();
    return std::make_unique<NoneExpr>(loc);
  case tok::kw_True:
  case tok::kw_False: {
    bool value = tok().is(tok::kw_True);
    consume();
    return std::make_unique<BoolExpr>(loc, value);
  }
  case tok::ellipsis:
    consume();
    return std::make_unique<EllipsisExpr>(loc);
  case tok::l_paren:
    return parseParenthesized();
  case tok::l_square:
    return parseListDisplay();
  case tok::l_brace:
    return parseDictDisplay();
  case tok::error:
    return error(loc, tok().spelling);
  default:
    return error(loc, "expected expression, got " + describeToken(tok()));
  }
}

ExprPtr Parser::parseStrings() {
  Location loc = tok().loc;
  std::string value;
  while (tok().is(tok::string)) {
    std::string piece, message;
    if (!Lexer::decodeString(tok().spelling, piece, message))
      return error(tok().loc, message);
    value += piece;
    consume();
  }
  return std::make_unique<StringExpr>(loc, std::move(value));
}

ExprPtr Parser::parseParenthesized() {
  Location loc = tok().loc;
  consume(); // (
  if (consumeIf(tok::r_paren))
    return std::make_unique<SequenceExpr>(Expr::Kind::Tuple, loc, ExprList());
  if (tok().is(tok::kw_yield)) {
    skipToClosingBracket();
    return std::make_unique<UnsupportedExpr>(loc, "yield expression");
  }
  ExprPtr first = parseElement();
  if (!first)
    return nullptr;
  if (tok().is(tok::kw_for)) {
    skipToClosingBracket();
    return std::make_unique<UnsupportedExpr>(loc, "generator expression");
  }
  if (consumeIf(tok::r_paren))
    return first;
  ExprList elements;
  elements.push_back(std::move(first));
  while (consumeIf(tok::comma)) {
    if (tok().is(tok::r_paren))
      break;
    ExprPtr next = parseElement();
    if (!next)
      return nullptr;
    elements.push_back(std::move(next));
  }
  if (!expect(tok::r_paren, "',' or ')'"))
    return nullptr;
  return std::make_unique<SequenceExpr>(Expr::Kind::Tuple, loc,
                                        std::move(elements));
}

ExprPtr Parser::parseListDisplay() {
  Location loc = tok().loc;
  consume(); // [
  ExprList elements;
  while (tok().isNot(tok::r_square)) {
    ExprPtr element = parseElement();
    if (!element)
      return nullptr;
    if (tok().is(tok::kw_for)) {
      skipToClosingBracket();
      return std::make_unique<UnsupportedExpr>(loc, "list comprehension");
    }
    elements.push_back(std::move(element));
    if (!consumeIf(tok::comma))
      break;
  }
  if (!expect(tok::r_square, "',' or ']' in the list"))
    return nullptr;
  return std::make_unique<SequenceExpr>(Expr::Kind::List, loc,
                                        std::move(elements));
}

ExprPtr Parser::parseDictDisplay() {
  Location loc = tok().loc;
  consume(); // {
  ExprList keys, values;
  while (tok().isNot(tok::r_brace)) {
    // Sets, `**spread` and comprehensions stay unsupported.
    if (tok().is(tok::star) || tok().is(tok::starstar)) {
      skipToClosingBracket();
      return std::make_unique<UnsupportedExpr>(loc, "dict or set display");
    }
    ExprPtr key = parseTest();
    if (!key)
      return nullptr;
    if (tok().isNot(tok::colon)) {
      skipToClosingBracket();
      return std::make_unique<UnsupportedExpr>(loc, "set display");
    }
    consume();
    ExprPtr value = parseTest();
    if (!value)
      return nullptr;
    if (tok().is(tok::kw_for)) {
      skipToClosingBracket();
      return std::make_unique<UnsupportedExpr>(loc, "dict comprehension");
    }
    keys.push_back(std::move(key));
    values.push_back(std::move(value));
    if (!consumeIf(tok::comma))
      break;
  }
  if (!expect(tok::r_brace, "',' or '}' in the dict display"))
    return nullptr;
  return std::make_unique<DictExpr>(loc, std::move(keys), std::move(values));
}
