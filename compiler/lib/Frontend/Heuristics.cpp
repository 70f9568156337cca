//===- Heuristics.cpp - @triton.heuristics at compile time ----------------===//

#include "Heuristics.h"

#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace tilec;
using namespace tilec::ast;

namespace {

bool isIntLike(const ConstantValue &v) {
  return v.kind != ConstantValue::Kind::Float;
}
int64_t asInt(const ConstantValue &v) {
  return v.kind == ConstantValue::Kind::Bool ? v.boolValue : v.intValue;
}
double asDouble(const ConstantValue &v) {
  return v.kind == ConstantValue::Kind::Float ? v.floatValue
                                              : double(asInt(v));
}
bool truthy(const ConstantValue &v) {
  return v.kind == ConstantValue::Kind::Float ? v.floatValue != 0
                                              : asInt(v) != 0;
}
/// Python's floor division and modulo on integers.
int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

class Evaluator {
public:
  Evaluator(llvm::StringRef argName, HeuristicLookup lookup,
            HeuristicError error)
      : argName(argName), lookup(lookup), error(error) {}

  std::optional<ConstantValue> eval(const Expr &expr) {
    if (auto *i = llvm::dyn_cast<IntExpr>(&expr))
      return ConstantValue::getInt(i->getValue());
    if (auto *f = llvm::dyn_cast<FloatExpr>(&expr))
      return ConstantValue::getFloat(f->getValue());
    if (auto *b = llvm::dyn_cast<BoolExpr>(&expr))
      return ConstantValue::getBool(b->getValue());
    if (auto *s = llvm::dyn_cast<SubscriptExpr>(&expr))
      return evalSubscript(*s);
    if (auto *u = llvm::dyn_cast<UnaryExpr>(&expr))
      return evalUnary(*u);
    if (auto *b = llvm::dyn_cast<BinaryExpr>(&expr))
      return evalBinary(*b);
    if (auto *c = llvm::dyn_cast<CompareExpr>(&expr))
      return evalCompare(*c);
    if (auto *b = llvm::dyn_cast<BoolOpExpr>(&expr)) {
      std::optional<ConstantValue> lhs = eval(b->getLHS());
      if (!lhs)
        return std::nullopt;
      // Python's short circuit returns an operand.
      if (truthy(*lhs) != b->isAnd())
        return lhs;
      return eval(b->getRHS());
    }
    if (auto *i = llvm::dyn_cast<IfExpExpr>(&expr)) {
      std::optional<ConstantValue> cond = eval(i->getCond());
      if (!cond)
        return std::nullopt;
      return eval(truthy(*cond) ? i->getThen() : i->getElse());
    }
    if (auto *c = llvm::dyn_cast<CallExpr>(&expr))
      return evalCall(*c);
    return fail(expr.loc(), "a heuristic can use constants, args['NAME'], "
                            "arithmetic, comparisons and min, max, abs, int, "
                            "float, bool, triton.cdiv, "
                            "triton.next_power_of_2");
  }

private:
  std::optional<ConstantValue> fail(const Location &loc,
                                    const llvm::Twine &message) {
    error(loc, message);
    return std::nullopt;
  }

  std::optional<ConstantValue> evalSubscript(const SubscriptExpr &s) {
    auto *base = llvm::dyn_cast<NameExpr>(&s.getValue());
    const StringExpr *key = nullptr;
    if (s.getIndices().size() == 1)
      key = llvm::dyn_cast<StringExpr>(s.getIndices()[0].get());
    if (!base || base->getName() != argName || !key)
      return fail(s.loc(), "a heuristic reads arguments as " + argName +
                               "['NAME']");
    return lookup(key->getValue(), s.loc());
  }

  std::optional<ConstantValue> evalUnary(const UnaryExpr &u) {
    std::optional<ConstantValue> v = eval(u.getOperand());
    if (!v)
      return std::nullopt;
    switch (u.getOp()) {
    case UnaryOp::Plus:
      return v;
    case UnaryOp::Minus:
      if (!isIntLike(*v))
        return ConstantValue::getFloat(-v->floatValue);
      return ConstantValue::getInt(-asInt(*v));
    case UnaryOp::Not:
      return ConstantValue::getBool(!truthy(*v));
    case UnaryOp::Invert:
      if (!isIntLike(*v))
        return fail(u.loc(), "'~' needs an integer");
      return ConstantValue::getInt(~asInt(*v));
    }
    return std::nullopt;
  }

  std::optional<ConstantValue> evalBinary(const BinaryExpr &b) {
    std::optional<ConstantValue> l = eval(b.getLHS()), r = eval(b.getRHS());
    if (!l || !r)
      return std::nullopt;
    bool ints = isIntLike(*l) && isIntLike(*r);
    int64_t x = asInt(*l), y = asInt(*r);
    double dx = asDouble(*l), dy = asDouble(*r);
    switch (b.getOp()) {
    case BinaryOp::Add:
      return ints ? ConstantValue::getInt(x + y)
                  : ConstantValue::getFloat(dx + dy);
    case BinaryOp::Sub:
      return ints ? ConstantValue::getInt(x - y)
                  : ConstantValue::getFloat(dx - dy);
    case BinaryOp::Mul:
      return ints ? ConstantValue::getInt(x * y)
                  : ConstantValue::getFloat(dx * dy);
    case BinaryOp::Div:
      if (dy == 0)
        return fail(b.loc(), "division by zero in a heuristic");
      return ConstantValue::getFloat(dx / dy);
    case BinaryOp::FloorDiv:
    case BinaryOp::Mod: {
      if (dy == 0)
        return fail(b.loc(), "division by zero in a heuristic");
      bool div = b.getOp() == BinaryOp::FloorDiv;
      if (ints)
        return ConstantValue::getInt(div ? floorDiv(x, y)
                                         : x - floorDiv(x, y) * y);
      double q = std::floor(dx / dy);
      return ConstantValue::getFloat(div ? q : dx - q * dy);
    }
    case BinaryOp::Pow:
      if (ints && y >= 0) {
        int64_t result = 1;
        for (int64_t i = 0; i < y && i < 64; ++i)
          result *= x;
        return ConstantValue::getInt(result);
      }
      return ConstantValue::getFloat(std::pow(dx, dy));
    case BinaryOp::Shl:
    case BinaryOp::Shr:
    case BinaryOp::BitAnd:
    case BinaryOp::BitOr:
    case BinaryOp::BitXor:
      if (!ints)
        return fail(b.loc(), "'" + spell(b.getOp()) + "' needs integers");
      switch (b.getOp()) {
      case BinaryOp::Shl:
        return ConstantValue::getInt(y >= 0 && y < 63 ? x << y : 0);
      case BinaryOp::Shr:
        return ConstantValue::getInt(y >= 0 && y < 63 ? x >> y : 0);
      case BinaryOp::BitAnd:
        return ConstantValue::getInt(x & y);
      case BinaryOp::BitOr:
        return ConstantValue::getInt(x | y);
      default:
        return ConstantValue::getInt(x ^ y);
      }
    case BinaryOp::MatMul:
      break;
    }
    return fail(b.loc(), "'" + spell(b.getOp()) +
                             "' is not supported in a heuristic");
  }

  std::optional<ConstantValue> evalCompare(const CompareExpr &c) {
    std::optional<ConstantValue> lhs = eval(*c.getOperands()[0]);
    if (!lhs)
      return std::nullopt;
    for (auto [op, operand] :
         llvm::zip(c.getOps(), llvm::drop_begin(c.getOperands()))) {
      std::optional<ConstantValue> rhs = eval(*operand);
      if (!rhs)
        return std::nullopt;
      double x = asDouble(*lhs), y = asDouble(*rhs);
      bool holds;
      switch (op) {
      case CompareOp::Lt:
        holds = x < y;
        break;
      case CompareOp::Le:
        holds = x <= y;
        break;
      case CompareOp::Gt:
        holds = x > y;
        break;
      case CompareOp::Ge:
        holds = x >= y;
        break;
      case CompareOp::Eq:
        holds = x == y;
        break;
      case CompareOp::Ne:
        holds = x != y;
        break;
      default:
        return fail(c.loc(), "a heuristic compares numbers only (<, <=, >, "
                             ">=, ==, !=)");
      }
      if (!holds)
        return ConstantValue::getBool(false);
      lhs = rhs;
    }
    return ConstantValue::getBool(true);
  }

  std::optional<ConstantValue> evalCall(const CallExpr &c) {
    std::string name;
    if (auto *n = llvm::dyn_cast<NameExpr>(&c.getCallee()))
      name = n->getName().str();
    else if (auto *a = llvm::dyn_cast<AttributeExpr>(&c.getCallee()))
      if (auto *base = llvm::dyn_cast<NameExpr>(&a->getValue()))
        name = (base->getName() + "." + a->getAttr()).str();
    if (!c.getKeywords().empty())
      return fail(c.loc(), "calls in a heuristic take no keywords");
    llvm::SmallVector<ConstantValue> args;
    for (const ExprPtr &arg : c.getArgs()) {
      std::optional<ConstantValue> v = eval(*arg);
      if (!v)
        return std::nullopt;
      args.push_back(*v);
    }
    auto arity = [&](size_t n) {
      if (args.size() == n)
        return true;
      fail(c.loc(), name + "() takes " + llvm::Twine(n) + " argument" +
                        (n == 1 ? "" : "s") + " in a heuristic");
      return false;
    };
    if ((name == "min" || name == "max") && args.size() >= 1) {
      ConstantValue best = args[0];
      for (const ConstantValue &v : llvm::drop_begin(args))
        if (name == "min" ? asDouble(v) < asDouble(best)
                          : asDouble(v) > asDouble(best))
          best = v;
      return best;
    }
    if (name == "abs" && arity(1))
      return isIntLike(args[0]) ? ConstantValue::getInt(std::abs(asInt(args[0])))
                                : ConstantValue::getFloat(
                                      std::fabs(args[0].floatValue));
    if (name == "int" && arity(1))
      return ConstantValue::getInt(isIntLike(args[0])
                                       ? asInt(args[0])
                                       : int64_t(args[0].floatValue));
    if (name == "float" && arity(1))
      return ConstantValue::getFloat(asDouble(args[0]));
    if (name == "bool" && arity(1))
      return ConstantValue::getBool(truthy(args[0]));
    if ((name == "triton.cdiv" || name == "tl.cdiv") && arity(2)) {
      if (!isIntLike(args[0]) || !isIntLike(args[1]) || asInt(args[1]) == 0)
        return fail(c.loc(), "triton.cdiv needs integers, the second not 0");
      return ConstantValue::getInt(-floorDiv(-asInt(args[0]), asInt(args[1])));
    }
    if (name == "triton.next_power_of_2" && arity(1)) {
      if (!isIntLike(args[0]) || asInt(args[0]) < 0)
        return fail(c.loc(), "triton.next_power_of_2 needs a non-negative "
                             "integer");
      int64_t v = asInt(args[0]);
      return ConstantValue::getInt(v <= 1 ? 1
                                          : int64_t(llvm::NextPowerOf2(v - 1)));
    }
    if (name == "min" || name == "max" || name == "abs" || name == "int" ||
        name == "float" || name == "bool" || name == "triton.cdiv" ||
        name == "tl.cdiv" || name == "triton.next_power_of_2")
      return std::nullopt; // arity reported
    return fail(c.loc(), "'" + (name.empty() ? std::string("this") : name) +
                             "' cannot be called in a heuristic");
  }

  llvm::StringRef argName;
  HeuristicLookup lookup;
  HeuristicError error;
};

} // namespace

std::optional<ConstantValue>
tilec::evaluateHeuristic(const Expr &body, llvm::StringRef argName,
                         HeuristicLookup lookup, HeuristicError error) {
  return Evaluator(argName, lookup, error).eval(body);
}
