//===- GenExpr.cpp - expressions, operators and constant folding ----------===//
//
// Operators on two compile-time values fold with Python's semantics (floor
// division, modulo with the divisor's sign, unbounded-looking ints checked
// for 64-bit overflow). Once a runtime value is involved they become arith
// ops on scalars or blocks, after Triton's promotion and broadcasting.
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace mlir;

namespace tilec {
namespace detail {

using ast::BinaryOp;
using ast::CompareOp;

//===----------------------------------------------------------------------===//
// GenValue
//===----------------------------------------------------------------------===//

GenValue GenValue::constantOf(ConstantValue c, bool weak) {
  GenValue v;
  v.kind = Kind::Constant;
  v.constant = c;
  v.weak = weak;
  return v;
}

GenValue GenValue::string(llvm::StringRef s) {
  GenValue v;
  v.kind = Kind::String;
  v.name = s.str();
  return v;
}

GenValue GenValue::dtype(Type type) {
  GenValue v;
  v.kind = Kind::DType;
  v.type = type;
  return v;
}

GenValue GenValue::tuple(std::vector<GenValue> elements) {
  GenValue v;
  v.kind = Kind::Tuple;
  v.elements = std::move(elements);
  return v;
}

GenValue GenValue::runtime(Value value) {
  GenValue v;
  v.kind = Kind::Runtime;
  v.value = value;
  return v;
}

GenValue GenValue::namespaceOf(llvm::StringRef name) {
  GenValue v;
  v.kind = Kind::Namespace;
  v.name = name.str();
  return v;
}

GenValue GenValue::function(llvm::StringRef name) {
  GenValue v;
  v.kind = Kind::Function;
  v.name = name.str();
  return v;
}

GenValue GenValue::method(llvm::StringRef name, GenValue self) {
  GenValue v = function(name);
  v.elements.push_back(std::move(self));
  return v;
}

int64_t GenValue::getInt() const {
  if (constant.kind == ConstantValue::Kind::Bool)
    return constant.boolValue;
  return constant.intValue;
}

double GenValue::getFloat() const {
  if (constant.kind == ConstantValue::Kind::Float)
    return constant.floatValue;
  return static_cast<double>(getInt());
}

bool GenValue::sameAs(const GenValue &other) const {
  if (kind != other.kind)
    return false;
  switch (kind) {
  case Kind::None:
    return true;
  case Kind::Constant:
    if (constant.kind != other.constant.kind || weak != other.weak)
      return false;
    if (constant.kind == ConstantValue::Kind::Float)
      return constant.floatValue == other.constant.floatValue ||
             (std::isnan(constant.floatValue) &&
              std::isnan(other.constant.floatValue));
    return getInt() == other.getInt();
  case Kind::String:
  case Kind::Namespace:
    return name == other.name;
  case Kind::DType:
    return type == other.type;
  case Kind::Runtime:
    return value == other.value;
  case Kind::Function:
  case Kind::Tuple:
    if (name != other.name || elements.size() != other.elements.size())
      return false;
    for (auto [a, b] : llvm::zip(elements, other.elements))
      if (!a.sameAs(b))
        return false;
    return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

FailureOr<GenValue> Generator::genExpr(const ast::Expr &expr) {
  using Kind = ast::Expr::Kind;
  switch (expr.getKind()) {
  case Kind::Name:
    return lookup(cast<ast::NameExpr>(expr));
  case Kind::Int:
    return GenValue::integer(cast<ast::IntExpr>(expr).getValue());
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
    return GenValue::tuple(std::move(elements));
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
  static const char *pythonBuiltins[] = {"range", "float", "int", "bool",
                                         "min",   "max",   "abs", "len",
                                         "print"};
  for (const char *builtin : pythonBuiltins)
    if (name == builtin)
      return GenValue::function(name);
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
    int64_t size = base->elements.size();
    int64_t i = index->getInt();
    if (i < 0)
      i += size;
    if (i < 0 || i >= size)
      return emitError(indices[0]->loc()) << "tuple index out of range";
    return base->elements[i];
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

FailureOr<GenValue> Generator::genCall(const ast::CallExpr &expr) {
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
    return value.getFloat() != 0;
  case GenValue::Kind::String:
    return !value.name.empty();
  case GenValue::Kind::Tuple:
    return !value.elements.empty();
  case GenValue::Kind::DType:
  case GenValue::Kind::Namespace:
  case GenValue::Kind::Function:
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
  return convertElementType(*value, builder.getI1Type(), at);
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
    GenValue result = *operand;
    switch (expr.getOp()) {
    case ast::UnaryOp::Plus:
      if (result.constant.kind == ConstantValue::Kind::Bool)
        result.constant = ConstantValue::getInt(result.getInt());
      return result;
    case ast::UnaryOp::Minus:
      if (result.constant.kind == ConstantValue::Kind::Float)
        result.constant.floatValue = -result.constant.floatValue;
      else
        result.constant = ConstantValue::getInt(-result.getInt());
      return result;
    case ast::UnaryOp::Invert:
      if (result.constant.kind == ConstantValue::Kind::Float)
        return emitError(at) << "'~' needs an integer operand";
      result.constant = ConstantValue::getInt(~result.getInt());
      return result;
    case ast::UnaryOp::Not:
      break;
    }
    llvm_unreachable("handled above");
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
    if (isFloat(elementType))
      return GenValue::runtime(arith::NegFOp::create(builder, loc(at), value));
    return genBinary(BinaryOp::Sub, Arg{GenValue::integer(0), at}, arg, at);
  case ast::UnaryOp::Invert:
    if (!isInt(elementType))
      return emitError(at) << "'~' needs an integer operand, got "
                           << describe(value.getType());
    return genBinary(BinaryOp::BitXor, arg, Arg{GenValue::integer(-1), at},
                     at);
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
  // a < b < c is (a < b) and (b < c), evaluating b once.
  FailureOr<GenValue> first = genExpr(*expr.getOperands()[0]);
  if (failed(first))
    return failure();
  Arg lhs{*first, expr.getOperands()[0]->loc()};
  std::optional<GenValue> result;
  for (auto [op, operand] :
       llvm::zip(expr.getOps(), llvm::drop_begin(expr.getOperands()))) {
    FailureOr<GenValue> next = genExpr(*operand);
    if (failed(next))
      return failure();
    Arg rhs{*next, operand->loc()};
    FailureOr<GenValue> cmp = genCompare(op, lhs, rhs, expr.loc());
    if (failed(cmp))
      return failure();
    if (!result) {
      result = *cmp;
    } else {
      FailureOr<bool> known = truthiness(*result, expr.loc());
      if (succeeded(known) && !*known)
        return *result;
      if (succeeded(known)) {
        result = *cmp;
      } else {
        FailureOr<GenValue> both =
            genBinary(BinaryOp::BitAnd, Arg{*result, expr.loc()},
                      Arg{*cmp, expr.loc()}, expr.loc());
        if (failed(both))
          return failure();
        result = *both;
      }
    }
    lhs = rhs;
  }
  return *result;
}

//===----------------------------------------------------------------------===//
// Constant folding
//===----------------------------------------------------------------------===//

/// Python's floor division and modulo on 64-bit ints.
static int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}
static int64_t floorMod(int64_t a, int64_t b) { return a - floorDiv(a, b) * b; }

FailureOr<GenValue> Generator::foldBinary(BinaryOp op, const GenValue &lhs,
                                          const GenValue &rhs,
                                          const Location &at) {
  bool weak = lhs.weak && rhs.weak;
  bool anyFloat = lhs.constant.kind == ConstantValue::Kind::Float ||
                  rhs.constant.kind == ConstantValue::Kind::Float;
  bool bothBool = lhs.constant.kind == ConstantValue::Kind::Bool &&
                  rhs.constant.kind == ConstantValue::Kind::Bool;
  auto makeInt = [&](int64_t v) {
    return GenValue::constantOf(ConstantValue::getInt(v), weak);
  };
  auto makeFloat = [&](double v) {
    return GenValue::constantOf(ConstantValue::getFloat(v), weak);
  };
  auto overflow = [&]() -> FailureOr<GenValue> {
    return emitError(at) << "integer overflow in a compile-time expression";
  };
  auto divByZero = [&]() -> FailureOr<GenValue> {
    return emitError(at) << "division by zero in a compile-time expression";
  };

  if (op == BinaryOp::MatMul)
    return emitError(at) << "'@' needs blocks";
  if (anyFloat) {
    double a = lhs.getFloat(), b = rhs.getFloat();
    switch (op) {
    case BinaryOp::Add:
      return makeFloat(a + b);
    case BinaryOp::Sub:
      return makeFloat(a - b);
    case BinaryOp::Mul:
      return makeFloat(a * b);
    case BinaryOp::Div:
      if (b == 0)
        return divByZero();
      return makeFloat(a / b);
    case BinaryOp::FloorDiv:
      if (b == 0)
        return divByZero();
      return makeFloat(std::floor(a / b));
    case BinaryOp::Mod: {
      if (b == 0)
        return divByZero();
      double m = std::fmod(a, b);
      if (m != 0 && ((m < 0) != (b < 0)))
        m += b;
      return makeFloat(m);
    }
    case BinaryOp::Pow:
      return makeFloat(std::pow(a, b));
    default:
      return emitError(at) << "operator '" << ast::spell(op)
                           << "' needs integer operands";
    }
  }

  int64_t a = lhs.getInt(), b = rhs.getInt(), r = 0;
  switch (op) {
  case BinaryOp::Add:
    if (llvm::AddOverflow(a, b, r))
      return overflow();
    return makeInt(r);
  case BinaryOp::Sub:
    if (llvm::SubOverflow(a, b, r))
      return overflow();
    return makeInt(r);
  case BinaryOp::Mul:
    if (llvm::MulOverflow(a, b, r))
      return overflow();
    return makeInt(r);
  case BinaryOp::Div:
    if (b == 0)
      return divByZero();
    return makeFloat(static_cast<double>(a) / static_cast<double>(b));
  case BinaryOp::FloorDiv:
    if (b == 0)
      return divByZero();
    if (a == INT64_MIN && b == -1)
      return overflow();
    return makeInt(floorDiv(a, b));
  case BinaryOp::Mod:
    if (b == 0)
      return divByZero();
    if (b == -1)
      return makeInt(0);
    return makeInt(floorMod(a, b));
  case BinaryOp::Pow: {
    if (b < 0)
      return makeFloat(std::pow(static_cast<double>(a), static_cast<double>(b)));
    int64_t result = 1;
    for (int64_t i = 0; i < b; ++i) {
      if (llvm::MulOverflow(result, a, result))
        return overflow();
      if (result == 0 || result == 1)
        break;
    }
    return makeInt(result);
  }
  case BinaryOp::Shl:
    if (b < 0)
      return emitError(at) << "negative shift count";
    if (b >= 63 || (a != 0 && llvm::countl_zero(static_cast<uint64_t>(
                                  a < 0 ? ~a : a)) <= static_cast<unsigned>(b)))
      return overflow();
    return makeInt(a * (int64_t(1) << b));
  case BinaryOp::Shr:
    if (b < 0)
      return emitError(at) << "negative shift count";
    return makeInt(b >= 63 ? (a < 0 ? -1 : 0) : (a >> b));
  case BinaryOp::BitAnd:
    if (bothBool)
      return GenValue::constantOf(ConstantValue::getBool(a & b), weak);
    return makeInt(a & b);
  case BinaryOp::BitOr:
    if (bothBool)
      return GenValue::constantOf(ConstantValue::getBool(a | b), weak);
    return makeInt(a | b);
  case BinaryOp::BitXor:
    if (bothBool)
      return GenValue::constantOf(ConstantValue::getBool(a ^ b), weak);
    return makeInt(a ^ b);
  case BinaryOp::MatMul:
    break;
  }
  llvm_unreachable("handled above");
}

FailureOr<GenValue> Generator::foldCompare(CompareOp op, const GenValue &lhs,
                                           const GenValue &rhs,
                                           const Location &at) {
  bool result;
  bool anyFloat = lhs.constant.kind == ConstantValue::Kind::Float ||
                  rhs.constant.kind == ConstantValue::Kind::Float;
  auto compare = [&](auto a, auto b) {
    switch (op) {
    case CompareOp::Lt:
      return a < b;
    case CompareOp::Le:
      return a <= b;
    case CompareOp::Gt:
      return a > b;
    case CompareOp::Ge:
      return a >= b;
    case CompareOp::Eq:
      return a == b;
    default:
      return a != b;
    }
  };
  if (anyFloat)
    result = compare(lhs.getFloat(), rhs.getFloat());
  else
    result = compare(lhs.getInt(), rhs.getInt());
  return GenValue::constantOf(ConstantValue::getBool(result),
                              lhs.weak && rhs.weak);
}

//===----------------------------------------------------------------------===//
// Binary operators on runtime values
//===----------------------------------------------------------------------===//

FailureOr<GenValue> Generator::genBinary(BinaryOp op, const Arg &lhs,
                                         const Arg &rhs, const Location &at) {
  if (lhs.value.isConstant() && rhs.value.isConstant())
    return foldBinary(op, lhs.value, rhs.value, at);
  if (op == BinaryOp::MatMul)
    return emitError(at) << "'@' (tl.dot) is not supported yet";
  if (op == BinaryOp::Pow)
    return emitError(at)
           << "'**' is only supported on compile-time constants";
  for (const Arg *arg : {&lhs, &rhs})
    if (!arg->value.isConstant() && !arg->value.isRuntime())
      return emitError(arg->loc) << "unsupported operand for '"
                                 << ast::spell(op)
                                 << "': " << describe(arg->value);
  for (const Arg *arg : {&lhs, &rhs})
    if (arg->value.isRuntime() &&
        isPointer(getElementType(arg->value.value.getType())))
      return genPointerArith(op, lhs, rhs, at);

  bool divOrMod = op == BinaryOp::Div || op == BinaryOp::Mod ||
                  op == BinaryOp::FloorDiv;
  FailureOr<Type> computeType = computationType(lhs, rhs, divOrMod, at);
  if (failed(computeType))
    return failure();
  Type type = *computeType;
  // True division of integers happens in fp32.
  if (op == BinaryOp::Div && isInt(type))
    type = builder.getF32Type();
  bool isBitwise = op == BinaryOp::BitAnd || op == BinaryOp::BitOr ||
                   op == BinaryOp::BitXor || op == BinaryOp::Shl ||
                   op == BinaryOp::Shr;
  if ((isBitwise || op == BinaryOp::FloorDiv) && !isInt(type))
    return emitError(at) << "operator '" << ast::spell(op)
                         << "' needs integer operands, got "
                         << describe(type);

  FailureOr<Value> a = castTo(lhs, type, at);
  if (failed(a))
    return failure();
  FailureOr<Value> b = castTo(rhs, type, at);
  if (failed(b))
    return failure();
  FailureOr<SmallVector<int64_t>> shape =
      broadcastShapes(getShape(a->getType()), getShape(b->getType()), at);
  if (failed(shape))
    return failure();
  a = broadcastTo(*a, *shape, at);
  if (failed(a))
    return failure();
  b = broadcastTo(*b, *shape, at);
  if (failed(b))
    return failure();

  mlir::Location l = loc(at);
  Value x = *a, y = *b;
  Value result;
  bool f = isFloat(type);
  switch (op) {
  case BinaryOp::Add:
    result = f ? arith::AddFOp::create(builder, l, x, y).getResult()
               : arith::AddIOp::create(builder, l, x, y).getResult();
    break;
  case BinaryOp::Sub:
    result = f ? arith::SubFOp::create(builder, l, x, y).getResult()
               : arith::SubIOp::create(builder, l, x, y).getResult();
    break;
  case BinaryOp::Mul:
    result = f ? arith::MulFOp::create(builder, l, x, y).getResult()
               : arith::MulIOp::create(builder, l, x, y).getResult();
    break;
  case BinaryOp::Div:
    result = arith::DivFOp::create(builder, l, x, y);
    break;
  case BinaryOp::FloorDiv:
    result = arith::DivSIOp::create(builder, l, x, y);
    break;
  case BinaryOp::Mod:
    result = f ? arith::RemFOp::create(builder, l, x, y).getResult()
               : arith::RemSIOp::create(builder, l, x, y).getResult();
    break;
  case BinaryOp::Shl:
    result = arith::ShLIOp::create(builder, l, x, y);
    break;
  case BinaryOp::Shr:
    result = arith::ShRSIOp::create(builder, l, x, y);
    break;
  case BinaryOp::BitAnd:
    result = arith::AndIOp::create(builder, l, x, y);
    break;
  case BinaryOp::BitOr:
    result = arith::OrIOp::create(builder, l, x, y);
    break;
  case BinaryOp::BitXor:
    result = arith::XOrIOp::create(builder, l, x, y);
    break;
  case BinaryOp::Pow:
  case BinaryOp::MatMul:
    llvm_unreachable("rejected above");
  }
  return GenValue::runtime(result);
}

FailureOr<GenValue> Generator::genPointerArith(BinaryOp op, const Arg &lhs,
                                               const Arg &rhs,
                                               const Location &at) {
  bool lhsPtr = lhs.value.isRuntime() &&
                isPointer(getElementType(lhs.value.value.getType()));
  bool rhsPtr = rhs.value.isRuntime() &&
                isPointer(getElementType(rhs.value.value.getType()));
  if (lhsPtr && rhsPtr)
    return emitError(at) << "operator '" << ast::spell(op)
                         << "' does not apply to two pointers";
  if (op != BinaryOp::Add && !(op == BinaryOp::Sub && lhsPtr))
    return emitError(at) << "operator '" << ast::spell(op)
                         << "' does not apply to pointers; only pointer + "
                            "integer and pointer - integer do";
  const Arg &ptrArg = lhsPtr ? lhs : rhs;
  Arg offsetArg = lhsPtr ? rhs : lhs;
  Type offsetType = getElementType(typeOf(offsetArg.value));
  if (!isInt(offsetType))
    return emitError(offsetArg.loc)
           << "pointer offsets must be integers, got " << describe(offsetType);
  if (op == BinaryOp::Sub) {
    FailureOr<GenValue> negated = genBinary(
        BinaryOp::Sub, Arg{GenValue::integer(0), offsetArg.loc}, offsetArg, at);
    if (failed(negated))
      return failure();
    offsetArg.value = *negated;
  }
  // Offsets keep their type (i32 unless they are i64); narrower ones widen.
  if (offsetType.getIntOrFloatBitWidth() < 32)
    offsetType = builder.getI32Type();
  FailureOr<Value> offset = castTo(offsetArg, offsetType, at);
  if (failed(offset))
    return failure();
  Value ptr = ptrArg.value.value;
  FailureOr<SmallVector<int64_t>> shape =
      broadcastShapes(getShape(ptr.getType()), getShape(offset->getType()), at);
  if (failed(shape))
    return failure();
  FailureOr<Value> ptrs = broadcastTo(ptr, *shape, at);
  if (failed(ptrs))
    return failure();
  FailureOr<Value> offsets = broadcastTo(*offset, *shape, at);
  if (failed(offsets))
    return failure();
  return GenValue::runtime(tile::AddPtrOp::create(
      builder, loc(at), ptrs->getType(), *ptrs, *offsets));
}

FailureOr<GenValue> Generator::genCompare(CompareOp op, const Arg &lhs,
                                          const Arg &rhs, const Location &at) {
  if (op == CompareOp::In || op == CompareOp::NotIn)
    return emitError(at) << "unsupported construct: '" << ast::spell(op)
                         << "'";
  if (op == CompareOp::Is || op == CompareOp::IsNot) {
    bool compileTime = !lhs.value.isRuntime() && !rhs.value.isRuntime();
    if (!lhs.value.isNone() && !rhs.value.isNone() && !compileTime)
      return emitError(at) << "'" << ast::spell(op)
                           << "' is only supported with None";
    bool same = lhs.value.sameAs(rhs.value);
    return GenValue::boolean(op == CompareOp::Is ? same : !same);
  }
  // dtypes, strings and None compare at compile time.
  for (const Arg *arg : {&lhs, &rhs}) {
    GenValue::Kind k = arg->value.kind;
    if (k != GenValue::Kind::Constant && k != GenValue::Kind::Runtime) {
      if (op != CompareOp::Eq && op != CompareOp::Ne)
        return emitError(at) << "cannot order " << describe(arg->value);
      bool same = lhs.value.sameAs(rhs.value);
      return GenValue::boolean(op == CompareOp::Eq ? same : !same);
    }
  }
  if (lhs.value.isConstant() && rhs.value.isConstant())
    return foldCompare(op, lhs.value, rhs.value, at);

  FailureOr<Type> computeType = computationType(lhs, rhs, false, at);
  if (failed(computeType))
    return failure();
  FailureOr<Value> a = castTo(lhs, *computeType, at);
  if (failed(a))
    return failure();
  FailureOr<Value> b = castTo(rhs, *computeType, at);
  if (failed(b))
    return failure();
  FailureOr<SmallVector<int64_t>> shape =
      broadcastShapes(getShape(a->getType()), getShape(b->getType()), at);
  if (failed(shape))
    return failure();
  a = broadcastTo(*a, *shape, at);
  b = broadcastTo(*b, *shape, at);
  if (failed(a) || failed(b))
    return failure();

  mlir::Location l = loc(at);
  if (isFloat(*computeType)) {
    arith::CmpFPredicate pred;
    switch (op) {
    case CompareOp::Lt:
      pred = arith::CmpFPredicate::OLT;
      break;
    case CompareOp::Le:
      pred = arith::CmpFPredicate::OLE;
      break;
    case CompareOp::Gt:
      pred = arith::CmpFPredicate::OGT;
      break;
    case CompareOp::Ge:
      pred = arith::CmpFPredicate::OGE;
      break;
    case CompareOp::Eq:
      pred = arith::CmpFPredicate::OEQ;
      break;
    default:
      pred = arith::CmpFPredicate::UNE;
      break;
    }
    return GenValue::runtime(arith::CmpFOp::create(builder, l, pred, *a, *b));
  }
  arith::CmpIPredicate pred;
  switch (op) {
  case CompareOp::Lt:
    pred = arith::CmpIPredicate::slt;
    break;
  case CompareOp::Le:
    pred = arith::CmpIPredicate::sle;
    break;
  case CompareOp::Gt:
    pred = arith::CmpIPredicate::sgt;
    break;
  case CompareOp::Ge:
    pred = arith::CmpIPredicate::sge;
    break;
  case CompareOp::Eq:
    pred = arith::CmpIPredicate::eq;
    break;
  default:
    pred = arith::CmpIPredicate::ne;
    break;
  }
  return GenValue::runtime(arith::CmpIOp::create(builder, l, pred, *a, *b));
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
  FailureOr<Type> type = computationType(arms[0], arms[1], false, at);
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
