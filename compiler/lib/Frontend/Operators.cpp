//===- Operators.cpp - binary operators and constant folding --------------===//
//
// Operators on two compile-time values fold with Python's semantics
// (PyValue.h). Once a runtime value is involved they become arith ops on
// scalars or blocks, after Triton's promotion and broadcasting.
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
// Constant folding
//===----------------------------------------------------------------------===//

FailureOr<GenValue> Generator::foldBinary(BinaryOp op, const GenValue &lhs,
                                          const GenValue &rhs,
                                          const Location &at) {
  if (op == BinaryOp::MatMul)
    return emitError(at) << "'@' needs blocks";
  py::Result result = py::binary(op, lhs.constant, rhs.constant);
  if (!result)
    return emitError(at) << result.getError();
  return GenValue::constantOf(*result);
}

FailureOr<GenValue> Generator::foldCompare(CompareOp op, const GenValue &lhs,
                                           const GenValue &rhs,
                                           const Location &at) {
  return GenValue::constantOf(
      ConstantValue::getBool(py::compare(op, lhs.constant, rhs.constant)));
}

//===----------------------------------------------------------------------===//
// Binary operators on runtime values
//===----------------------------------------------------------------------===//

FailureOr<GenValue> Generator::genBinary(BinaryOp op, const Arg &lhs,
                                         const Arg &rhs, const Location &at) {
  if (lhs.value.isConstant() && rhs.value.isConstant())
    return foldBinary(op, lhs.value, rhs.value, at);
  if (op == BinaryOp::MatMul) // `a @ b` is tl.dot(a, b), as in Triton.
    return callFunction(GenValue::function("tl.dot"), {lhs, rhs}, {}, {}, at);
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
  Arg pair[2] = {lhs, rhs};
  FailureOr<Promoted> promoted = promote(pair, divOrMod, at, ast::spell(op));
  if (failed(promoted))
    return failure();
  Type type = promoted->type;
  bool isUnsigned = promoted->isUnsigned;
  // `>>` shifts as the left operand is signed (for a Python number on the
  // left, as the right one is), in the promoted type: Triton's __rshift__
  // and __rrshift__.
  const Arg &shifted = lhs.value.isConstant() ? rhs : lhs;
  bool logicalShift = isUnsignedOperand(shifted.value);
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
    result = isUnsigned ? arith::DivUIOp::create(builder, l, x, y).getResult()
                        : arith::DivSIOp::create(builder, l, x, y).getResult();
    break;
  case BinaryOp::Mod:
    result = f            ? arith::RemFOp::create(builder, l, x, y).getResult()
             : isUnsigned ? arith::RemUIOp::create(builder, l, x, y).getResult()
                          : arith::RemSIOp::create(builder, l, x, y).getResult();
    break;
  case BinaryOp::Shl:
    result = arith::ShLIOp::create(builder, l, x, y);
    break;
  case BinaryOp::Shr:
    result = logicalShift
                 ? arith::ShRUIOp::create(builder, l, x, y).getResult()
                 : arith::ShRSIOp::create(builder, l, x, y).getResult();
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
  if (isUnsigned && op != BinaryOp::Div)
    unsignedValues.insert(result);
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
  // Unsigned ones narrower than 64 bits widen to i64 with zeros, as
  // Triton's add does (the offset is signed in the address arithmetic):
  // a u32 offset with bit 31 set counts forward.
  if (offsetType.getIntOrFloatBitWidth() < 64 &&
      isUnsignedOperand(offsetArg.value))
    offsetType = builder.getI64Type();
  else if (offsetType.getIntOrFloatBitWidth() < 32)
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

  // Triton's comparisons make a Python number a tensor of its own type
  // first (to_tensor): `x_u8 < 256` compares in int32, `x_i32 <
  // 3000000000` in uint32, `x_fp16 < 0.1` in fp32.
  FailureOr<Arg> tl = strengthen(lhs), tr = strengthen(rhs);
  if (failed(tl) || failed(tr))
    return failure();
  Arg pair[2] = {*tl, *tr};
  FailureOr<Promoted> promoted = promote(pair, false, at);
  if (failed(promoted))
    return failure();
  Type computeType = promoted->type;
  FailureOr<Value> a = castTo(pair[0], computeType, at);
  if (failed(a))
    return failure();
  FailureOr<Value> b = castTo(pair[1], computeType, at);
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
  if (isFloat(computeType)) {
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
  bool isUnsigned = promoted->isUnsigned;
  arith::CmpIPredicate pred;
  switch (op) {
  case CompareOp::Lt:
    pred = isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
    break;
  case CompareOp::Le:
    pred = isUnsigned ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
    break;
  case CompareOp::Gt:
    pred = isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
    break;
  case CompareOp::Ge:
    pred = isUnsigned ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
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

} // namespace detail
} // namespace tilec
