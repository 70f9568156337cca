//===- Heuristics.cpp - @triton.heuristics at compile time ----------------===//
//
// A heuristic is plain Python: its arithmetic is PyValue's, as the
// kernel's compile-time values' is (unbounded ints, Python's min and max).
//
//===----------------------------------------------------------------------===//

#include "Heuristics.h"

#include "tilec/Frontend/PyValue.h"

using namespace tilec;
using namespace tilec::ast;

namespace {

class Evaluator {
public:
  Evaluator(llvm::StringRef argName, HeuristicLookup lookup,
            HeuristicIsNone isNone, HeuristicError error)
      : argName(argName), lookup(lookup), isNone(isNone), error(error) {}

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
      if (py::truthy(*lhs) != b->isAnd())
        return lhs;
      return eval(b->getRHS());
    }
    if (auto *i = llvm::dyn_cast<IfExpExpr>(&expr)) {
      std::optional<ConstantValue> cond = eval(i->getCond());
      if (!cond)
        return std::nullopt;
      return eval(py::truthy(*cond) ? i->getThen() : i->getElse());
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

  /// The NAME of `args['NAME']`, or nullptr after reporting the misuse.
  const StringExpr *argumentName(const SubscriptExpr &s) {
    auto *base = llvm::dyn_cast<NameExpr>(&s.getValue());
    const StringExpr *key = nullptr;
    if (s.getIndices().size() == 1)
      key = llvm::dyn_cast<StringExpr>(s.getIndices()[0].get());
    if (!base || base->getName() != argName || !key) {
      fail(s.loc(), "a heuristic reads arguments as " + argName + "['NAME']");
      return nullptr;
    }
    return key;
  }

  std::optional<ConstantValue> evalSubscript(const SubscriptExpr &s) {
    const StringExpr *key = argumentName(s);
    if (!key)
      return std::nullopt;
    return lookup(key->getValue(), s.loc());
  }

  /// A test isNoneTest accepts: whether X is None, where X is None, a
  /// number or `args['NAME']`.
  std::optional<ConstantValue> evalIsNone(const CompareExpr &c) {
    const Expr *lhs = c.getOperands()[0].get();
    const Expr *rhs = c.getOperands()[1].get();
    if (llvm::isa<NoneExpr>(lhs))
      std::swap(lhs, rhs);
    assert(llvm::isa<NoneExpr>(rhs) && "isNoneTest admits only tests of None");
    bool negate = c.getOps()[0] == CompareOp::IsNot;
    if (llvm::isa<NoneExpr>(lhs))
      return ConstantValue::getBool(!negate);
    auto *s = llvm::dyn_cast<SubscriptExpr>(lhs);
    if (!s) {
      // A number is never None.
      if (!eval(*lhs))
        return std::nullopt;
      return ConstantValue::getBool(negate);
    }
    const StringExpr *key = argumentName(*s);
    if (!key)
      return std::nullopt;
    std::optional<bool> none = isNone(key->getValue(), s->loc());
    if (!none)
      return std::nullopt;
    return ConstantValue::getBool(*none != negate);
  }

  /// The value of a Python operation, or its error reported at `loc`.
  std::optional<ConstantValue> check(const py::Result &result,
                                     const Location &loc) {
    if (!result)
      return fail(loc, result.getError());
    return *result;
  }

  std::optional<ConstantValue> evalUnary(const UnaryExpr &u) {
    std::optional<ConstantValue> v = eval(u.getOperand());
    if (!v)
      return std::nullopt;
    return check(py::unary(u.getOp(), *v), u.loc());
  }

  std::optional<ConstantValue> evalBinary(const BinaryExpr &b) {
    std::optional<ConstantValue> l = eval(b.getLHS()), r = eval(b.getRHS());
    if (!l || !r)
      return std::nullopt;
    return check(py::binary(b.getOp(), *l, *r), b.loc());
  }

  std::optional<ConstantValue> evalCompare(const CompareExpr &c) {
    if (isNoneTest(c))
      return evalIsNone(c);
    std::optional<ConstantValue> lhs = eval(*c.getOperands()[0]);
    if (!lhs)
      return std::nullopt;
    for (auto [op, operand] :
         llvm::zip(c.getOps(), llvm::drop_begin(c.getOperands()))) {
      std::optional<ConstantValue> rhs = eval(*operand);
      if (!rhs)
        return std::nullopt;
      if (op == CompareOp::In || op == CompareOp::NotIn ||
          op == CompareOp::Is || op == CompareOp::IsNot)
        return fail(c.loc(), "a heuristic compares numbers (<, <=, >, >=, "
                             "==, !=) and tests 'is None', 'is not None'");
      bool holds = py::compare(op, *lhs, *rhs);
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
    // float('inf'), int('12'): Python's parse of a string literal.
    if ((name == "float" || name == "int") && c.getArgs().size() == 1)
      if (auto *text = llvm::dyn_cast<StringExpr>(c.getArgs()[0].get()))
        return check(name == "float" ? py::parseFloat(text->getValue())
                                     : py::parseInt(text->getValue()),
                     c.loc());
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
    // Python's min and max take two or more numbers here (heuristics have
    // no iterables), NaN included.
    if (name == "min" || name == "max") {
      if (args.size() < 2)
        return fail(c.loc(), name + "() takes two or more numbers in a "
                                    "heuristic");
      return check(py::minMax(name == "max", args, /*refuseNaN=*/false),
                   c.loc());
    }
    if (name == "abs" && arity(1))
      return check(py::abs(args[0]), c.loc());
    if (name == "int" && arity(1))
      return check(py::toInt(args[0]), c.loc());
    if (name == "float" && arity(1))
      return check(py::toFloat(args[0]), c.loc());
    if (name == "bool" && arity(1))
      return ConstantValue::getBool(py::truthy(args[0]));
    if ((name == "triton.cdiv" || name == "tl.cdiv") && arity(2))
      return check(py::cdiv(args[0], args[1]), c.loc());
    if (name == "triton.next_power_of_2" && arity(1))
      return check(py::nextPowerOf2(args[0]), c.loc());
    if (name == "min" || name == "max" || name == "abs" || name == "int" ||
        name == "float" || name == "bool" || name == "triton.cdiv" ||
        name == "tl.cdiv" || name == "triton.next_power_of_2")
      return std::nullopt; // arity reported
    return fail(c.loc(), "'" + (name.empty() ? std::string("this") : name) +
                             "' cannot be called in a heuristic");
  }

  /// `X is None` or `X is not None` (None on either side), alone.
  static bool isNoneTest(const CompareExpr &c) {
    return c.getOps().size() == 1 &&
           (c.getOps()[0] == CompareOp::Is ||
            c.getOps()[0] == CompareOp::IsNot) &&
           (llvm::isa<NoneExpr>(c.getOperands()[0].get()) ||
            llvm::isa<NoneExpr>(c.getOperands()[1].get()));
  }

  llvm::StringRef argName;
  HeuristicLookup lookup;
  HeuristicIsNone isNone;
  HeuristicError error;
};

} // namespace

std::optional<ConstantValue>
tilec::evaluateHeuristic(const Expr &body, llvm::StringRef argName,
                         HeuristicLookup lookup, HeuristicIsNone isNone,
                         HeuristicError error) {
  return Evaluator(argName, lookup, isNone, error).eval(body);
}
