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
    // join, split, gather, sort...) keep their first operand's integers.
    if (isa<tile::TileDialect>(def->getDialect()) && def->getNumOperands() &&
        holdsIntegers(def->getOperand(0).getType())) {
      value = def->getOperand(0);
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

bool Generator::promotesToUnsigned(ArrayRef<Arg> args) {
  std::optional<std::pair<unsigned, bool>> acc;
  for (const Arg &arg : args) {
    // Python numbers take the other operand's type.
    if (!arg.value.isRuntime())
      continue;
    Type element = getElementType(arg.value.value.getType());
    if (!isa<IntegerType>(element) || element.isInteger(1))
      continue;
    std::pair<unsigned, bool> next{element.getIntOrFloatBitWidth(),
                                   isUnsignedInt(arg.value.value)};
    if (!acc) {
      acc = next;
      continue;
    }
    if (acc->second == next.second) {
      acc->first = std::max(acc->first, next.first);
      continue;
    }
    // Mixed: the unsigned side wins unless the signed one is wider.
    auto [u, s] = acc->second ? std::make_pair(*acc, next)
                              : std::make_pair(next, *acc);
    acc = u.first >= s.first ? u : s;
  }
  return acc && acc->second;
}

} // namespace detail
} // namespace tilec
