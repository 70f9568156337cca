//===- Signedness.cpp - Triton's unsigned integers -------------------------===//
//
// MLIR's integers are signless, Triton's are not: a u32 compares, divides,
// shifts right, widens and becomes a float as unsigned. The generator marks
// the values it creates with an unsigned type (casts, arithmetic on
// unsigned operands, tl.randint) and infers the rest from where a value
// comes from, so that loads through a *u32 argument, pointer arithmetic,
// shape ops and loop-carried values need no marks of their own.
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace tilec {
namespace detail {

/// The element type of an integer or pointer-to-integer value's type.
static bool holdsIntegers(Type type) {
  Type element = getElementType(type);
  if (auto ptr = dyn_cast<tile::PtrType>(element))
    element = ptr.getPointeeType();
  return isa<IntegerType>(element) && !element.isInteger(1);
}

bool Generator::isUnsignedInt(Value value) {
  // Walks back through ops that pass their first operand's integers on.
  while (value && holdsIntegers(value.getType())) {
    if (unsignedValues.contains(value))
      return true;
    if (signedValues.contains(value))
      return false;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      Operation *parent = arg.getOwner()->getParentOp();
      if (auto func = dyn_cast_or_null<func::FuncOp>(parent))
        return func.getArgAttr(arg.getArgNumber(), "tile.unsigned") != nullptr;
      // A loop-carried value has its initial value's type.
      if (auto loop = dyn_cast_or_null<scf::ForOp>(parent)) {
        if (arg.getArgNumber() == 0)
          return false;
        value = loop.getInitArgs()[arg.getArgNumber() - 1];
        continue;
      }
      if (auto loop = dyn_cast_or_null<scf::WhileOp>(parent)) {
        value = loop.getInits()[arg.getArgNumber()];
        continue;
      }
      return false;
    }
    Operation *def = value.getDefiningOp();
    auto result = cast<OpResult>(value);
    if (auto loop = dyn_cast<scf::ForOp>(def)) {
      value = loop.getInitArgs()[result.getResultNumber()];
      continue;
    }
    if (auto loop = dyn_cast<scf::WhileOp>(def)) {
      value = loop.getInits()[result.getResultNumber()];
      continue;
    }
    if (auto branch = dyn_cast<scf::IfOp>(def)) {
      value = branch.thenYield().getOperand(result.getResultNumber());
      continue;
    }
    if (auto select = dyn_cast<arith::SelectOp>(def)) {
      value = select.getTrueValue();
      continue;
    }
    // Tile ops (load, addptr, atomics, splat, broadcast, reshape, trans,
    // join, split, gather, sort...) keep their first operand's integers;
    // one with a result per operand (combine_reduce and combine_scan of
    // several blocks) keeps each operand's in its result. Ops whose results
    // are typed otherwise (histogram, inline_asm, map_elementwise) are
    // marked where they are made.
    if (isa<tile::TileDialect>(def->getDialect()) && def->getNumOperands()) {
      unsigned source = def->getNumResults() > 1 &&
                                def->getNumResults() == def->getNumOperands()
                            ? result.getResultNumber()
                            : 0;
      if (!holdsIntegers(def->getOperand(source).getType()))
        return false;
      value = def->getOperand(source);
      continue;
    }
    return false;
  }
  return false;
}

void Generator::rememberSignedness(Value value) {
  if (holdsIntegers(value.getType()))
    (isUnsignedInt(value) ? unsignedValues : signedValues).insert(value);
}

bool Generator::isUnsigned(const GenValue &value) {
  if (value.kind == GenValue::Kind::DType)
    return value.unsignedInt;
  return value.isRuntime() && isUnsignedInt(value.value);
}

Value Generator::markSignedness(Value value, bool isUnsigned,
                                const Location &at) {
  if (!holdsIntegers(value.getType()) || isUnsignedInt(value) == isUnsigned)
    return value;
  // Another SSA value for the same bits, so that the original keeps its
  // own signedness; canonicalization folds the copy away.
  Value copy = arith::BitcastOp::create(builder, loc(at), value.getType(),
                                        value);
  (isUnsigned ? unsignedValues : signedValues).insert(copy);
  return copy;
}

FailureOr<Value> Generator::convertAndMark(Value value, Type elementType,
                                           bool isUnsigned, const Location &at,
                                           bool bitcast) {
  FailureOr<Value> converted =
      convertElementType(value, elementType, at, bitcast, isUnsigned);
  if (failed(converted))
    return failure();
  if (*converted == value)
    return markSignedness(value, isUnsigned, at);
  return withSignedness(*converted, isUnsigned);
}

Value Generator::withSignedness(Value fresh, bool isUnsigned) {
  if (holdsIntegers(fresh.getType()))
    (isUnsigned ? unsignedValues : signedValues).insert(fresh);
  return fresh;
}

Value Generator::flipSignBit(Value value, const Location &at) {
  Type element = getElementType(value.getType());
  unsigned width = element.getIntOrFloatBitWidth();
  Value top = constantScalar(
      ConstantValue::getInt(int64_t(uint64_t(1) << (width - 1))), element, at);
  if (auto type = dyn_cast<RankedTensorType>(value.getType()))
    top = tile::SplatOp::create(builder, loc(at), type, top);
  return arith::XOrIOp::create(builder, loc(at), value, top);
}

Value Generator::unflipSignBit(Value flipped, const Location &at) {
  Value value = flipSignBit(flipped, at);
  unsignedValues.insert(value);
  return value;
}

} // namespace detail
} // namespace tilec
