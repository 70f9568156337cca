//===- GenExpr.cpp - expressions ------------------------------------------===//
//
// Names, attributes, subscripts, calls, unary and boolean operators,
// comparison chains and conditional expressions. Binary operators are in
// Operators.cpp.
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

#include "tilec/Frontend/PyValue.h"

using namespace mlir;

namespace tilec {
namespace detail {

using ast::BinaryOp;
using ast::CompareOp;

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

FailureOr<GenValue> Generator::genExpr(const ast::Expr &expr) {
  NestingLevel level(*this, nesting.expressions, kMaxExpressionNesting,
                     expr.loc(), "expressions");
  if (!level)
    return failure();
  using Kind = ast::Expr::Kind;
  switch (expr.getKind()) {
  case Kind::Name:
    return lookup(cast<ast::NameExpr>(expr));
  case Kind::Int:
    return GenValue::constantOf(
        ConstantValue::getInt(cast<ast::IntExpr>(expr).getValue()));
  case Kind::Float:
    return GenValue::constantOf(
        ConstantValue::getFloat(cast<ast::FloatExpr>(expr).getValue()));
  case Kind::Bool:
    return GenValue::boolean(cast<ast::BoolExpr>(expr).getValue());
  case Kind::None:
    return GenValue::none();
  case Kind::String:
    return GenValue::string(cast<ast::StringExpr>(expr).getValue());
  case Kind::Tuple:
  case Kind::List: {
    std::vector<GenValue> elements;
    for (const ast::ExprPtr &e : cast<ast::SequenceExpr>(expr).getElements()) {
      FailureOr<GenValue> v = genExpr(*e);
      if (failed(v))
        return failure();
      elements.push_back(*v);
    }
    GenValue tuple = GenValue::tuple(std::move(elements));
    tuple.isList = expr.getKind() == Kind::List;
    return tuple;
  }
  case Kind::Attribute:
    return genAttribute(cast<ast::AttributeExpr>(expr));
  case Kind::Subscript:
    return genSubscript(cast<ast::SubscriptExpr>(expr));
  case Kind::Call:
    return genCall(cast<ast::CallExpr>(expr));
  case Kind::Unary:
    return genUnary(cast<ast::UnaryExpr>(expr));
  case Kind::Binary: {
    const auto &binary = cast<ast::BinaryExpr>(expr);
    FailureOr<GenValue> lhs = genExpr(binary.getLHS());
    if (failed(lhs))
      return failure();
    FailureOr<GenValue> rhs = genExpr(binary.getRHS());
    if (failed(rhs))
      return failure();
    return genBinary(binary.getOp(), Arg{*lhs, binary.getLHS().loc()},
                     Arg{*rhs, binary.getRHS().loc()}, expr.loc());
  }
  case Kind::BoolOp:
    return genBoolOp(cast<ast::BoolOpExpr>(expr));
  case Kind::Compare:
    return genCompareChain(cast<ast::CompareExpr>(expr));
  case Kind::IfExp:
    return genIfExp(cast<ast::IfExpExpr>(expr));
  case Kind::Ellipsis:
    return emitError(expr.loc()) << "unsupported construct: '...'";
  case Kind::Slice:
    return emitError(expr.loc())
           << "a slice can only appear inside a subscript";
  case Kind::Lambda:
    return emitError(expr.loc()) << "unsupported construct: lambda";
  case Kind::Dict:
    return emitError(expr.loc()) << "unsupported construct: dict display";
  case Kind::Unsupported:
    return emitError(expr.loc())
           << "unsupported construct: "
           << cast<ast::UnsupportedExpr>(expr).getWhat();
  }
  llvm_unreachable("unknown expression kind");
}

FailureOr<GenValue> Generator::lookup(const ast::NameExpr &expr) {
  llvm::StringRef name = expr.getName();
  auto it = vars.find(name);
  if (it != vars.end())
    return it->second.value;
  auto gone = goneVars.find(name);
  if (gone != goneVars.end())
    return emitError(expr.loc()) << gone->second;
  if (name == "tl" || name == "triton")
    return GenValue::namespaceOf(name);
  if (std::optional<FailureOr<GenValue>> imported =
          lookupTritonImport(*scope, name, expr.loc()))
    return *imported;
  static const char *pythonBuiltins[] = {
      "range", "float", "int",   "bool",  "min",        "max",
      "abs",   "len",   "print", "str",   "tuple",      "list",
      "isinstance"};
  for (const char *builtin : pythonBuiltins)
    if (name == builtin)
      return GenValue::function(name);
  // The file's own functions, its imports, its globals, then what its
  // `from M import *` brought in.
  if (std::optional<FailureOr<GenValue>> member =
          memberOf(*scope, name, expr.loc()))
    return *member;
  if (llvm::StringRef imported = scope->lookupHostImport(name);
      !imported.empty())
    return emitError(expr.loc())
           << "'" << name << "' is bound by a top-level import of '"
           << imported
           << "', host code that kernels cannot use (they may use Triton's "
              "modules, and the @triton.jit functions and tl.constexpr "
              "globals of the Python files tilec finds)";
  return emitError(expr.loc()) << "unknown name '" << name << "'";
}

FailureOr<GenValue> Generator::genAttribute(const ast::AttributeExpr &expr) {
  FailureOr<GenValue> base = genExpr(expr.getValue());
  if (failed(base))
    return failure();
  if (base->kind == GenValue::Kind::Namespace)
    return namespaceMember(base->name, expr.getAttr(), expr.getAttrLoc());
  return valueMember(*base, expr.getAttr(), expr.getAttrLoc());
}

FailureOr<GenValue> Generator::genSubscript(const ast::SubscriptExpr &expr) {
  FailureOr<GenValue> base = genExpr(expr.getValue());
  if (failed(base))
    return failure();
  const ast::ExprList &indices = expr.getIndices();

  // Tuples (e.g. `x.shape[0]`) take one compile-time index.
  if (base->kind == GenValue::Kind::Tuple) {
    if (indices.size() != 1)
      return emitError(expr.loc()) << "a tuple takes a single index";
    FailureOr<GenValue> index = genExpr(*indices[0]);
    if (failed(index))
      return failure();
    if (!index->isIntConstant())
      return emitError(indices[0]->loc())
             << "tuple index must be a compile-time integer";
    // An index past int64_t is out of range too, as in Python.
    int64_t size = base->elements.size();
    std::optional<int64_t> i = index->getInt64();
    if (i && *i < 0)
      *i += size;
    if (!i || *i < 0 || *i >= size)
      return emitError(indices[0]->loc()) << "tuple index out of range";
    return base->elements[*i];
  }

  if (!base->isRuntime() || !isBlock(base->value.getType()))
    return emitError(expr.loc())
           << "only blocks can be indexed, not " << describe(*base);
  // `x[:, None]`: ':' keeps a dimension, None inserts one of size 1.
  Value value = base->value;
  int64_t rank = getShape(value.getType()).size();
  int64_t kept = 0, axis = 0;
  for (const ast::ExprPtr &index : indices) {
    if (auto *slice = dyn_cast<ast::SliceExpr>(index.get())) {
      if (!slice->isFull())
        return emitError(index->loc())
               << "only ':' and None are supported as block indices";
      if (++kept > rank)
        return emitError(index->loc())
               << "too many indices for a block of rank " << rank;
      ++axis;
      continue;
    }
    if (isa<ast::NoneExpr>(index.get())) {
      SmallVector<int64_t> shape(getShape(value.getType()));
      shape.insert(shape.begin() + axis, 1);
      value = tile::ExpandDimsOp::create(
          builder, loc(index->loc()),
          RankedTensorType::get(shape, getElementType(value.getType())), value,
          builder.getI32IntegerAttr(axis));
      ++axis;
      continue;
    }
    return emitError(index->loc())
           << "only ':' and None are supported as block indices";
  }
  return GenValue::runtime(value);
}

LogicalResult Generator::refuseKeywordUnpacking(const ast::CallExpr &call) {
  for (const ast::Keyword &kw : call.getKeywords())
    if (kw.name.empty())
      return emitError(kw.loc) << "'**' arguments are not supported in "
                                  "@triton.jit functions (nor in Triton, "
                                  "whose keywords must be names)";
  return success();
}

FailureOr<GenValue> Generator::genCall(const ast::CallExpr &expr) {
  if (failed(refuseKeywordUnpacking(expr)))
    return failure();
  FailureOr<GenValue> callee = genExpr(expr.getCallee());
  if (failed(callee))
    return failure();
  if (callee->kind != GenValue::Kind::Function)
    return emitError(expr.loc()) << describe(*callee) << " is not callable";
  SmallVector<Arg> args, kwargValues;
  SmallVector<std::string> kwargNames;
  for (const ast::ExprPtr &arg : expr.getArgs()) {
    FailureOr<GenValue> v = genExpr(*arg);
    if (failed(v))
      return failure();
    args.push_back(Arg{*v, arg->loc()});
  }
  for (const ast::Keyword &kw : expr.getKeywords()) {
    FailureOr<GenValue> v = genExpr(*kw.value);
    if (failed(v))
      return failure();
    kwargValues.push_back(Arg{*v, kw.value->loc()});
    kwargNames.push_back(kw.name);
  }
  return callFunction(*callee, args, kwargValues, kwargNames, expr.loc());
}

//===----------------------------------------------------------------------===//
// Unary and boolean operators
//===----------------------------------------------------------------------===//

FailureOr<bool> Generator::truthiness(const GenValue &value,
                                      const Location &at) {
  switch (value.kind) {
  case GenValue::Kind::None:
    return false;
  case GenValue::Kind::Constant:
    return py::truthy(value.constant);
  case GenValue::Kind::String:
    return !value.name.empty();
  case GenValue::Kind::Tuple:
    return !value.elements.empty();
  case GenValue::Kind::DType:
  case GenValue::Kind::Namespace:
  case GenValue::Kind::Function:
  case GenValue::Kind::BlockPtr:
  case GenValue::Kind::TensorDesc:
    return true;
  case GenValue::Kind::Runtime:
    return failure();
  }
  return failure();
}

FailureOr<Value> Generator::toBool(const Arg &arg, const Location &at) {
  FailureOr<Value> value = materialize(arg, at);
  if (failed(value))
    return failure();
  if (isPointer(getElementType(value->getType())))
    return emitError(arg.loc) << "a pointer cannot be used as a condition";
  return convertElementType(*value, builder.getI1Type(), arg.loc);
}

FailureOr<GenValue> Generator::genUnary(const ast::UnaryExpr &expr) {
  FailureOr<GenValue> operand = genExpr(expr.getOperand());
  if (failed(operand))
    return failure();
  const Location &at = expr.loc();
  Arg arg{*operand, expr.getOperand().loc()};

  if (expr.getOp() == ast::UnaryOp::Not) {
    FailureOr<bool> truth = truthiness(*operand, at);
    if (succeeded(truth))
      return GenValue::boolean(!*truth);
    FailureOr<Value> b = toBool(arg, at);
    if (failed(b))
      return failure();
    Value ones = constantScalar(ConstantValue::getBool(true),
                                builder.getI1Type(), at);
    FailureOr<Value> allOnes = broadcastTo(ones, getShape(b->getType()), at);
    return GenValue::runtime(
        arith::XOrIOp::create(builder, loc(at), *b, *allOnes));
  }

  if (operand->isConstant()) {
    py::Result result = py::unary(expr.getOp(), operand->constant);
    if (!result)
      return emitError(at) << result.getError();
    return GenValue::constantOf(*result);
  }
  if (!operand->isRuntime())
    return emitError(at) << "bad operand for unary operator: "
                         << describe(*operand);

  Value value = operand->value;
  Type elementType = getElementType(value.getType());
  if (isPointer(elementType))
    return emitError(at) << "unary operators do not apply to pointers";
  switch (expr.getOp()) {
  case ast::UnaryOp::Plus:
    return *operand;
  case ast::UnaryOp::Minus:
    // fp8 goes the way of Triton's minus, 0 - x, which refuses it.
    if (isFloat(elementType) && !isFp8(elementType))
      return GenValue::runtime(arith::NegFOp::create(builder, loc(at), value));
    return genBinary(BinaryOp::Sub, Arg{GenValue::integer(0), at}, arg, at);
  case ast::UnaryOp::Invert: {
    if (!isInt(elementType))
      return emitError(at) << "'~' needs an integer operand, got "
                           << describe(value.getType());
    // x ^ all-ones of x's own type, as Triton's invert (a Python -1 would
    // be out of an unsigned type's range).
    Value ones = constantScalar(ConstantValue::getInt(-1), elementType, at);
    FailureOr<Value> allOnes = broadcastTo(ones, getShape(value.getType()), at);
    if (failed(allOnes))
      return failure();
    return GenValue::runtime(withSignedness(
        arith::XOrIOp::create(builder, loc(at), value, *allOnes),
        isUnsignedInt(value)));
  }
  case ast::UnaryOp::Not:
    break;
  }
  llvm_unreachable("handled above");
}

FailureOr<GenValue> Generator::genBoolOp(const ast::BoolOpExpr &expr) {
  FailureOr<GenValue> lhs = genExpr(expr.getLHS());
  if (failed(lhs))
    return failure();
  // Python's short circuit when the left side is known.
  FailureOr<bool> truth = truthiness(*lhs, expr.loc());
  if (succeeded(truth)) {
    if (*truth != expr.isAnd())
      return *lhs;
    return genExpr(expr.getRHS());
  }
  FailureOr<GenValue> rhs = genExpr(expr.getRHS());
  if (failed(rhs))
    return failure();
  FailureOr<Value> a = toBool(Arg{*lhs, expr.getLHS().loc()}, expr.loc());
  if (failed(a))
    return failure();
  FailureOr<Value> b = toBool(Arg{*rhs, expr.getRHS().loc()}, expr.loc());
  if (failed(b))
    return failure();
  return genBinary(expr.isAnd() ? BinaryOp::BitAnd : BinaryOp::BitOr,
                   Arg{GenValue::runtime(*a), expr.getLHS().loc()},
                   Arg{GenValue::runtime(*b), expr.getRHS().loc()},
                   expr.loc());
}

FailureOr<GenValue> Generator::genCompareChain(const ast::CompareExpr &expr) {
  // Triton's code generator refuses a chain (and so `a < M & b < K`, which
  // Python reads as a < (M & b) < K) rather than give it Python's meaning.
  if (expr.getOps().size() != 1)
    return emitError(expr.loc())
           << "simultaneous multiple comparison is not supported (as in "
              "Triton): write (a < b) & (b < c), or `and` for scalars; "
              "`a < M & b < K` reads as a < (M & b) < K";
  FailureOr<GenValue> lhs = genExpr(*expr.getOperands()[0]);
  if (failed(lhs))
    return failure();
  FailureOr<GenValue> rhs = genExpr(*expr.getOperands()[1]);
  if (failed(rhs))
    return failure();
  return genCompare(expr.getOps()[0],
                    Arg{*lhs, expr.getOperands()[0]->loc()},
                    Arg{*rhs, expr.getOperands()[1]->loc()}, expr.loc());
}

//===----------------------------------------------------------------------===//
// Conditional expressions
//===----------------------------------------------------------------------===//

FailureOr<GenValue> Generator::genIfExp(const ast::IfExpExpr &expr) {
  FailureOr<GenValue> cond = genExpr(expr.getCond());
  if (failed(cond))
    return failure();
  FailureOr<bool> truth = truthiness(*cond, expr.loc());
  if (succeeded(truth))
    return genExpr(*truth ? expr.getThen() : expr.getElse());
  const Location &at = expr.loc();
  if (isBlock(cond->value.getType()))
    return emitError(expr.getCond().loc())
           << "the condition of 'x if c else y' must be a scalar; use "
              "tl.where for blocks";
  FailureOr<Value> c = toBool(Arg{*cond, expr.getCond().loc()}, at);
  if (failed(c))
    return failure();

  // Each arm is computed in its own region; the common type comes from the
  // promotion rules, so the arms are cast after they are generated.
  auto ifOp = scf::IfOp::create(builder, loc(at), TypeRange{}, *c,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(builder);
  Arg arms[2];
  const ast::Expr *armExprs[2] = {&expr.getThen(), &expr.getElse()};
  Block *blocks[2] = {&ifOp.getThenRegion().front(),
                      &ifOp.getElseRegion().front()};
  for (int i = 0; i < 2; ++i) {
    builder.setInsertionPoint(blocks[i]->getTerminator());
    FailureOr<GenValue> v = genExpr(*armExprs[i]);
    if (failed(v))
      return failure();
    arms[i] = Arg{*v, armExprs[i]->loc()};
  }
  FailureOr<Type> type = selectionType(arms, at);
  if (failed(type))
    return failure();
  Value results[2];
  for (int i = 0; i < 2; ++i) {
    builder.setInsertionPoint(blocks[i]->getTerminator());
    FailureOr<Value> v = castTo(arms[i], *type, at);
    if (failed(v))
      return failure();
    results[i] = *v;
  }
  if (results[0].getType() != results[1].getType())
    return emitError(at) << "the arms of 'x if c else y' have different "
                            "shapes: "
                         << describe(results[0].getType()) << " and "
                         << describe(results[1].getType());
  builder.setInsertionPoint(ifOp);
  auto newIf = scf::IfOp::create(builder, loc(at),
                                 TypeRange{results[0].getType()}, *c,
                                 /*addThenBlock=*/false,
                                 /*addElseBlock=*/false);
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  for (int i = 0; i < 2; ++i) {
    Operation *oldYield = blocks[i]->getTerminator();
    builder.setInsertionPoint(oldYield);
    scf::YieldOp::create(builder, loc(at), ValueRange{results[i]});
    oldYield->erase();
  }
  ifOp.erase();
  return GenValue::runtime(newIf.getResult(0));
}

} // namespace detail
} // namespace tilec
