//===- Typing.cpp - Triton's promotion, casting and broadcasting rules ----===//
//
// Binary operators compute in one element type chosen as Triton does:
//  - a weakly typed constant (a Python number: a literal or constexpr)
//    whose kind (bool < int < float) is not above the other operand's
//    takes the other's type, so `x_fp16 * 2.0` stays fp16 and
//    `pid * BLOCK` stays i32;
//  - otherwise fp64 > fp32 > fp16 > bf16 > integers, with `/` and `%` on
//    16-bit floats computed in fp32, and the wider integer winning;
//  - a Python number on its own has Triton's to_tensor type (toTensor):
//    int32 (uint32, int64, uint64 as its range needs), fp32 (fp64 where
//    fp32 cannot hold it), int1.
// Shapes then broadcast with numpy's rules: a scalar is splatted, a block of
// lower rank gains leading dimensions of size 1, and dimensions of size 1
// are repeated.
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

#include "tilec/Frontend/PyValue.h"

#include "mlir/IR/Matchers.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <limits>
#include <optional>

using namespace mlir;

namespace tilec {
namespace detail {

//===----------------------------------------------------------------------===//
// Type helpers
//===----------------------------------------------------------------------===//

Type getElementType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getElementType();
  return type;
}

ArrayRef<int64_t> getShape(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getShape();
  return {};
}

Type getShapedLike(ArrayRef<int64_t> shape, Type elementType) {
  if (shape.empty())
    return elementType;
  return RankedTensorType::get(shape, elementType);
}

bool isBlock(Type type) { return isa<RankedTensorType>(type); }
bool isFloat(Type elementType) { return isa<FloatType>(elementType); }
bool isInt(Type elementType) { return isa<IntegerType>(elementType); }
bool isPointer(Type elementType) {
  return isa<tile::PtrType>(elementType);
}
bool isFp8(Type elementType) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(elementType);
}

/// Triton's names for element types: fp32, bf16, i32, pointer<fp16>.
static std::string describeElement(Type type) {
  if (auto ptr = dyn_cast<tile::PtrType>(type))
    return "pointer<" + describeElement(ptr.getPointeeType()) + ">";
  if (type.isF16() || type.isF32() || type.isF64())
    return "fp" + std::to_string(type.getIntOrFloatBitWidth());
  if (type.isBF16())
    return "bf16";
  if (isa<Float8E5M2Type>(type))
    return "fp8e5";
  if (isa<Float8E4M3FNType>(type))
    return "fp8e4nv";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

std::string describe(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return describeElement(type);
  std::string text = "block<";
  for (int64_t size : tensor.getShape())
    text += std::to_string(size) + "x";
  return text + describeElement(tensor.getElementType()) + ">";
}

/// "32x64xfp32": a block shape and the pointee of a record's base pointer
/// (a block pointer's or a tensor descriptor's first leaf).
static std::string describeBlockOfBase(ArrayRef<int64_t> shape,
                                       const GenValue &record) {
  std::string text;
  for (int64_t size : shape)
    text += std::to_string(size) + "x";
  return text +
         describe(cast<tile::PtrType>(record.elements[0].value.getType())
                      .getPointeeType());
}

std::string describe(const GenValue &value) {
  switch (value.kind) {
  case GenValue::Kind::None:
    return "None";
  case GenValue::Kind::Constant:
    return "the constant " + py::str(value.constant);
  case GenValue::Kind::String:
    return "the string '" + value.name + "'";
  case GenValue::Kind::DType:
    return "the dtype " + describe(value.type);
  case GenValue::Kind::Tuple:
    return "a tuple";
  case GenValue::Kind::TensorDesc:
    return "a tensor descriptor of " +
           describeBlockOfBase(value.descBlockShape(), value) + " blocks";
  case GenValue::Kind::BlockPtr:
    return "a block pointer of " +
           describeBlockOfBase(value.blockShape(), value);
  case GenValue::Kind::Runtime:
    return "a value of type " + describe(value.value.getType());
  case GenValue::Kind::Namespace:
  case GenValue::Kind::Function:
    return (value.kind == GenValue::Kind::Namespace ? "the module '"
                                                    : "the function '") +
           Generator::getDisplayName(value.name).str() + "'";
  }
  return "a value";
}

/// bool < int < float, Triton's "kinds" for weak-constant promotion.
static int kindRank(Type elementType) {
  if (elementType.isInteger(1))
    return 0;
  if (isInt(elementType))
    return 1;
  return 2;
}

//===----------------------------------------------------------------------===//
// Promotion
//===----------------------------------------------------------------------===//

Type Generator::typeOf(const GenValue &value) {
  if (value.isRuntime())
    return value.value.getType();
  assert(value.isConstant() && "only constants and runtime values have types");
  switch (value.constant.kind) {
  case ConstantValue::Kind::Bool:
    return builder.getI1Type();
  case ConstantValue::Kind::Float: {
    // Triton's to_tensor: fp32 unless fp32 cannot hold the magnitude
    // (1e300, 1e-40: fp64).
    double magnitude = std::fabs(value.constant.floatValue);
    if (std::isinf(magnitude) || std::isnan(magnitude) || magnitude == 0 ||
        (magnitude >= 0x1p-126 &&
         magnitude <= double(std::numeric_limits<float>::max())))
      return builder.getF32Type();
    return builder.getF64Type();
  }
  case ConstantValue::Kind::Int:
    if (py::intInRange(value.constant, APInt::getSignedMinValue(32),
                       APInt::getSignedMaxValue(32)))
      return builder.getI32Type();
    return builder.getI64Type();
  }
  llvm_unreachable("unknown constant kind");
}

/// Triton's to_tensor type of a Python int: int32, uint32, int64 or uint64
/// by its range (the bool says unsigned); int64 past them all, which the
/// caller refuses.
static std::pair<Type, bool> pythonIntType(const ConstantValue &c,
                                           Builder &builder) {
  for (unsigned width : {32u, 64u}) {
    Type type = builder.getIntegerType(width);
    if (py::intInRange(c, APInt::getSignedMinValue(width).sext(width + 1),
                       APInt::getSignedMaxValue(width)))
      return {type, false};
    if (py::intInRange(c, APInt::getZero(width + 1),
                       APInt::getMaxValue(width).zext(width + 1)))
      return {type, true};
  }
  return {builder.getI64Type(), false};
}

/// One operand as promotion sees it: its element type, whether its
/// integers are unsigned, and whether it is a weakly typed Python number.
struct PromotionOperand {
  Type type;
  bool isUnsigned = false;
  bool weak = false;
};

/// "uint32", "int8", "int1": Triton's name of an integer type.
static std::string intTypeName(Type type, bool isUnsigned) {
  unsigned width = type.getIntOrFloatBitWidth();
  return (isUnsigned && width > 1 ? "uint" : "int") + std::to_string(width);
}

/// Triton's integer_promote_impl: the wider of two operands of one
/// signedness; of two that differ, the unsigned one unless the signed one
/// is wider (C's usual arithmetic conversions).
static PromotionOperand promoteIntegers(const PromotionOperand &a,
                                        const PromotionOperand &b) {
  unsigned wa = a.type.getIntOrFloatBitWidth();
  unsigned wb = b.type.getIntOrFloatBitWidth();
  if (a.isUnsigned == b.isUnsigned)
    return wa > wb ? a : b;
  const PromotionOperand &u = a.isUnsigned ? a : b;
  const PromotionOperand &s = a.isUnsigned ? b : a;
  return u.type.getIntOrFloatBitWidth() >= s.type.getIntOrFloatBitWidth() ? u
                                                                          : s;
}

/// The common element type of two non-weak operands; a null type for fp8
/// and an integer, which Triton refuses. `mixedSigns` is set when two
/// integers of different signedness meet (an error for `/`, `//`, `%`).
static PromotionOperand promoteStrong(const PromotionOperand &a,
                                      const PromotionOperand &b,
                                      bool divOrMod, Builder &builder,
                                      bool &mixedSigns) {
  auto floating = [](Type type) { return PromotionOperand{type}; };
  Type ta = a.type, tb = b.type;
  // fp8 (only ever selected or moved) meets floats only, by Triton's
  // computation_type_impl: two kinds of fp8 meet in fp16, fp8 and bf16 in
  // fp32, fp8 and another float in that float.
  if (isFp8(ta) || isFp8(tb)) {
    Type other = isFp8(ta) ? tb : ta;
    if (other == ta && other == tb)
      return floating(ta);
    if (isFp8(other))
      return floating(builder.getF16Type());
    if (!isFloat(other))
      return floating(Type());
    return floating(other.isBF16() ? builder.getF32Type() : other);
  }
  if (ta.isF64() || tb.isF64())
    return floating(builder.getF64Type());
  if (ta.isF32() || tb.isF32())
    return floating(builder.getF32Type());
  if (ta.isF16() || tb.isF16())
    return floating(divOrMod ? builder.getF32Type() : builder.getF16Type());
  if (ta.isBF16() || tb.isBF16())
    return floating(divOrMod ? builder.getF32Type() : builder.getBF16Type());
  if (a.isUnsigned != b.isUnsigned)
    mixedSigns = true;
  return promoteIntegers(a, b);
}

/// Combines two operands: a weak operand whose kind is not above the
/// other's takes the other's type (Triton's computation_type_impl).
static PromotionOperand promotePair(const PromotionOperand &a,
                                    const PromotionOperand &b, bool divOrMod,
                                    Builder &builder, bool &mixedSigns) {
  if (a.weak != b.weak) {
    const PromotionOperand &weak = a.weak ? a : b;
    const PromotionOperand &strong = a.weak ? b : a;
    if (kindRank(weak.type) <= kindRank(strong.type)) {
      if (divOrMod && (strong.type.isF16() || strong.type.isBF16()))
        return {builder.getF32Type(), false, false};
      return {strong.type, strong.isUnsigned, false};
    }
  }
  PromotionOperand result = promoteStrong(a, b, divOrMod, builder, mixedSigns);
  result.weak = a.weak && b.weak;
  return result;
}

LogicalResult Generator::checkArithmetic(Type elementType,
                                         const Location &at) {
  if (!isFp8(elementType))
    return success();
  return emitError(at) << "arithmetic on " << describe(elementType)
                       << " is not supported: convert it first, e.g. "
                          "x.to(tl.float32)";
}

bool Generator::isUnsignedOperand(const GenValue &value) {
  if (value.isConstant())
    return value.constant.isBool() ||
           (value.constant.isInt() &&
            pythonIntType(value.constant, builder).second);
  if (!value.isRuntime())
    return false;
  // tl.int1 is one of Triton's unsigned types: bools compare, order and
  // widen as unsigned.
  return getElementType(value.value.getType()).isInteger(1) ||
         isUnsignedInt(value.value);
}

FailureOr<Arg> Generator::strengthen(const Arg &arg) {
  if (!arg.value.isConstant())
    return arg;
  FailureOr<Value> tensor = toTensor(arg);
  if (failed(tensor))
    return failure();
  return Arg{GenValue::runtime(*tensor), arg.loc};
}

FailureOr<Type> Generator::commonType(ArrayRef<Arg> args, bool divOrMod,
                                      const Location &at) {
  FailureOr<Promoted> promoted = promote(args, divOrMod, at);
  if (failed(promoted))
    return failure();
  return promoted->type;
}

FailureOr<Type> Generator::selectionType(ArrayRef<Arg> args,
                                         const Location &at) {
  FailureOr<Promoted> promoted =
      promoteOperands(args, /*divOrMod=*/false, /*selection=*/true, at);
  if (failed(promoted))
    return failure();
  return promoted->type;
}

FailureOr<Generator::Promoted> Generator::promote(ArrayRef<Arg> args,
                                                  bool divOrMod,
                                                  const Location &at,
                                                  llvm::StringRef op) {
  return promoteOperands(args, divOrMod, /*selection=*/false, at, op);
}

FailureOr<Generator::Promoted>
Generator::promoteOperands(ArrayRef<Arg> args, bool divOrMod, bool selection,
                           const Location &at, llvm::StringRef op) {
  std::optional<PromotionOperand> acc;
  for (const Arg &arg : args) {
    if (!arg.value.isConstant() && !arg.value.isRuntime())
      return emitError(arg.loc)
             << "expected a number or a block, got " << describe(arg.value);
    Type t = getElementType(typeOf(arg.value));
    if (isPointer(t))
      return emitError(at) << "this operation does not apply to pointers";
    if (!selection && failed(checkArithmetic(t, arg.loc)))
      return failure();
    // A Python number is weak; its own type is to_tensor's (a uint32 from
    // 2**31), which counts where its kind is above the other operand's.
    if (arg.value.isConstant() && arg.value.constant.isInt())
      t = pythonIntType(arg.value.constant, builder).first;
    PromotionOperand next{t, isInt(t) && isUnsignedOperand(arg.value),
                          arg.value.isConstant()};
    if (!acc) {
      acc = next;
      continue;
    }
    bool mixed = false;
    PromotionOperand merged =
        promotePair(*acc, next, divOrMod, builder, mixed);
    if (!merged.type)
      return emitError(arg.loc)
             << describe(acc->type) << " and " << describe(t)
             << " have no common type: as in Triton, fp8 mixes only with "
                "floating-point types";
    // As in Triton, `/`, `//` and `%` reject integers of different
    // signedness rather than pick one reading of the bits.
    if (mixed && divOrMod)
      return emitError(at)
             << "operator '" << op
             << "' needs integers of one signedness, got "
             << intTypeName(acc->type, acc->isUnsigned) << " and "
             << intTypeName(next.type, next.isUnsigned)
             << " (as in Triton): convert one of them first, e.g. to tl."
             << intTypeName(merged.type, true) << " or tl."
             << intTypeName(merged.type, false);
    acc = merged;
  }
  // A Python int takes the other operand's integer type, as in Triton,
  // which rejects one that does not fit rather than wrapping it. Typed
  // constants (assigned ones) convert like blocks.
  Type type = acc->type;
  bool isUnsigned = isInt(type) && acc->isUnsigned;
  if (isInt(type) && type.getIntOrFloatBitWidth() > 1) {
    unsigned width = type.getIntOrFloatBitWidth();
    APInt lo = isUnsigned ? APInt::getZero(width)
                          : APInt::getSignedMinValue(width).sext(width + 1);
    APInt hi = isUnsigned ? APInt::getMaxValue(width).zext(width + 1)
                          : APInt::getSignedMaxValue(width);
    for (const Arg &arg : args) {
      if (!arg.value.isConstant() || !arg.value.constant.isInt())
        continue;
      if (!py::intInRange(arg.value.constant, lo, hi))
        return emitError(arg.loc)
               << "scalar " << py::str(arg.value.constant)
               << " is out of range for type " << intTypeName(type, isUnsigned);
    }
  }
  return Promoted{type, isUnsigned};
}

FailureOr<Type> Generator::computationType(const Arg &lhs, const Arg &rhs,
                                           bool divOrMod, const Location &at) {
  Arg pair[2] = {lhs, rhs};
  return commonType(pair, divOrMod, at);
}

//===----------------------------------------------------------------------===//
// Constants and casts
//===----------------------------------------------------------------------===//

TypedAttr Generator::constantAttr(const ConstantValue &c,
                                  Type elementType) {
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    // Through a double, as Triton's scalar_constant converts a Python
    // number (an int past a double's range is inf).
    py::Result d = py::toFloat(c);
    double v = d ? d->floatValue
                 : c.getBigInt().isNegative() ? -HUGE_VAL : HUGE_VAL;
    return builder.getFloatAttr(floatType, v);
  }
  auto intType = cast<IntegerType>(elementType);
  unsigned width = intType.getWidth();
  if (width == 1)
    return builder.getIntegerAttr(intType, py::truthy(c) ? 1 : 0);
  if (c.isFloat()) {
    // Truncated toward zero (saturating, NaN 0): no undefined behaviour.
    llvm::APSInt v(width, /*isUnsigned=*/false);
    bool isExact;
    APFloat(c.floatValue).convertToInteger(v, APFloat::rmTowardZero, &isExact);
    return builder.getIntegerAttr(intType, v);
  }
  // Ints wrap to the type's width, as Triton's store of a Python int does
  // (its to_tensor type, then a cast).
  return builder.getIntegerAttr(intType, c.getBigInt().trunc(width));
}

Value Generator::constantScalar(const ConstantValue &c, Type elementType,
                                const Location &at) {
  return arith::ConstantOp::create(builder, loc(at),
                                   constantAttr(c, elementType));
}

FailureOr<Value> Generator::convertElementType(Value value, Type elementType,
                                               const Location &at,
                                               bool bitcast,
                                               bool dstUnsigned) {
  Type srcType = value.getType();
  Type src = getElementType(srcType);
  if (src == elementType)
    return value;
  Type dstType = getShapedLike(getShape(srcType), elementType);
  mlir::Location l = loc(at);
  if (bitcast)
    return arith::BitcastOp::create(builder, l, dstType, value).getResult();
  // As in Triton, fp8 converts to and from floating-point types only.
  if ((isFp8(src) || isFp8(elementType)) &&
      (!isFloat(src) || !isFloat(elementType)))
    return emitError(at) << "cannot cast " << describe(src) << " to "
                         << describe(elementType)
                         << ": as in Triton, fp8 converts only to and from "
                            "floating-point types (go through one, e.g. "
                            "x.to(tl.float32))";
  if (isFloat(src) && isFloat(elementType)) {
    if (src.getIntOrFloatBitWidth() < elementType.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(builder, l, dstType, value).getResult();
    if (src.getIntOrFloatBitWidth() > elementType.getIntOrFloatBitWidth())
      return arith::TruncFOp::create(builder, l, dstType, value).getResult();
    // fp16 <-> bf16 goes through fp32.
    FailureOr<Value> wide = convertElementType(value, builder.getF32Type(), at);
    if (failed(wide))
      return failure();
    return convertElementType(*wide, elementType, at);
  }
  if (isInt(src) && isFloat(elementType)) {
    if (src.isInteger(1) || isUnsignedInt(value))
      return arith::UIToFPOp::create(builder, l, dstType, value).getResult();
    return arith::SIToFPOp::create(builder, l, dstType, value).getResult();
  }
  if (isFloat(src) && isInt(elementType)) {
    if (elementType.isInteger(1)) {
      Value zero = constantScalar(ConstantValue::getFloat(0), src, at);
      FailureOr<Value> zeros = broadcastTo(zero, getShape(srcType), at);
      return arith::CmpFOp::create(builder, l, arith::CmpFPredicate::UNE,
                                   value, *zeros)
          .getResult();
    }
    if (dstUnsigned)
      return arith::FPToUIOp::create(builder, l, dstType, value).getResult();
    return arith::FPToSIOp::create(builder, l, dstType, value).getResult();
  }
  // Integer to integer.
  unsigned srcWidth = src.getIntOrFloatBitWidth();
  unsigned dstWidth = elementType.getIntOrFloatBitWidth();
  if (dstWidth == 1) {
    Value zero = constantScalar(ConstantValue::getInt(0), src, at);
    FailureOr<Value> zeros = broadcastTo(zero, getShape(srcType), at);
    return arith::CmpIOp::create(builder, l, arith::CmpIPredicate::ne, value,
                                 *zeros)
        .getResult();
  }
  if (srcWidth == 1 || (srcWidth < dstWidth && isUnsignedInt(value)))
    return arith::ExtUIOp::create(builder, l, dstType, value).getResult();
  if (srcWidth < dstWidth)
    return arith::ExtSIOp::create(builder, l, dstType, value).getResult();
  return arith::TruncIOp::create(builder, l, dstType, value).getResult();
}

FailureOr<Value> Generator::castTo(const Arg &arg, Type elementType,
                                   const Location &at, bool dstUnsigned) {
  const GenValue &value = arg.value;
  // A pointer has no constants (Triton has no null pointer value either);
  // an integer becomes one through tile.ptr_cast.
  if (value.isConstant() && isPointer(elementType))
    return emitError(arg.loc)
           << "cannot make " << describe(value) << " a " << describe(elementType)
           << ": as in Triton, pointers are not constants (an int64 becomes one "
              "with x.to(tl.pointer_type(...)))";
  if (value.isConstant())
    return constantScalar(value.constant, elementType, arg.loc);
  if (!value.isRuntime())
    return emitError(arg.loc) << "expected a number or a block, got "
                              << describe(value);
  Type src = getElementType(value.value.getType());
  if (isPointer(src) != isPointer(elementType))
    return emitError(arg.loc) << "cannot convert " << describe(value)
                              << " to " << describe(elementType);
  if (isPointer(src)) {
    if (src != elementType)
      return emitError(arg.loc) << "cannot convert " << describe(value)
                                << " to " << describe(elementType);
    return value.value;
  }
  return convertElementType(value.value, elementType, at, /*bitcast=*/false,
                            dstUnsigned);
}

FailureOr<std::pair<Type, bool>> Generator::tensorTypeOf(const Arg &arg) {
  const ConstantValue &c = arg.value.constant;
  if (!c.isInt())
    return std::make_pair(typeOf(arg.value), false);
  if (py::intInRange(c, APInt::getSignedMinValue(64).sext(65),
                     APInt::getMaxValue(64).zext(65)))
    return pythonIntType(c, builder);
  return emitError(arg.loc) << "the int " << py::str(c)
                            << " does not fit in 64 bits: Triton makes a "
                               "Python int a tensor of int32, uint32, int64 "
                               "or uint64, and no other";
}

FailureOr<Value> Generator::toTensor(const Arg &arg) {
  FailureOr<std::pair<Type, bool>> type = tensorTypeOf(arg);
  if (failed(type))
    return failure();
  Value value = constantScalar(arg.value.constant, type->first, arg.loc);
  if (type->second)
    unsignedValues.insert(value);
  return value;
}

Value Generator::foldConstant(Value value, bool fresh) {
  Operation *op = value.getDefiningOp();
  if (!op || op->getNumResults() != 1 || op->getNumRegions() != 0 ||
      isa<arith::ConstantOp>(op))
    return value;
  SmallVector<Attribute> operands;
  for (OpOperand &use : op->getOpOperands()) {
    Value operand = fresh ? foldConstant(use.get(), fresh) : use.get();
    Attribute attr;
    if (!matchPattern(operand, m_Constant(&attr)))
      return value;
    operands.push_back(attr);
  }
  SmallVector<OpFoldResult> folded;
  if (failed(op->fold(operands, folded)) || folded.size() != 1)
    return value;
  // Only a new constant: folding to an operand would drop a signedness
  // mark (markSignedness's bitcasts fold that way).
  auto attr = dyn_cast_if_present<TypedAttr>(dyn_cast<Attribute>(folded[0]));
  if (!attr || attr.getType() != value.getType())
    return value;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(op);
  Value constant = arith::ConstantOp::create(builder, op->getLoc(), attr);
  if (unsignedValues.erase(value))
    unsignedValues.insert(constant);
  if (signedValues.erase(value))
    signedValues.insert(constant);
  SmallVector<Value> inputs(op->getOperands());
  op->erase();
  if (fresh)
    for (Value input : inputs)
      if (Operation *def = input.getDefiningOp(); def && input.use_empty()) {
        unsignedValues.erase(input);
        signedValues.erase(input);
        def->erase();
      }
  return constant;
}

FailureOr<Value> Generator::materialize(const Arg &arg, const Location &at) {
  if (arg.value.isRuntime())
    return arg.value.value;
  // A uint32-range int (2**31 to 2**32 - 1) is a uint32, as Triton's
  // to_tensor makes it.
  if (arg.value.isConstant())
    return toTensor(arg);
  return emitError(arg.loc) << "expected a number or a block, got "
                            << describe(arg.value);
}

//===----------------------------------------------------------------------===//
// Broadcasting
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<int64_t>>
Generator::broadcastShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b,
                           const Location &at) {
  size_t rank = std::max(a.size(), b.size());
  SmallVector<int64_t> result(rank);
  for (size_t i = 0; i < rank; ++i) {
    // Align from the right; missing leading dimensions count as 1.
    int64_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da != db && da != 1 && db != 1) {
      auto shapeText = [](ArrayRef<int64_t> shape) {
        std::string text = "[";
        llvm::raw_string_ostream os(text);
        llvm::interleaveComma(shape, os);
        os << "]";
        return text;
      };
      return emitError(at) << "cannot broadcast shapes " << shapeText(a)
                           << " and " << shapeText(b) << " (dimension " << i
                           << ": " << da << " vs " << db << ")";
    }
    result[i] = da == 1 ? db : da;
  }
  return result;
}

FailureOr<SmallVector<int64_t>>
Generator::broadcastTogether(MutableArrayRef<Value> values,
                             ArrayRef<Location> shapeAt, const Location &at) {
  SmallVector<int64_t> shape;
  for (auto [i, value] : llvm::enumerate(values)) {
    FailureOr<SmallVector<int64_t>> common =
        broadcastShapes(shape, getShape(value.getType()),
                        shapeAt[shapeAt.size() == 1 ? 0 : i]);
    if (failed(common))
      return failure();
    shape = *common;
  }
  for (Value &value : values) {
    FailureOr<Value> b = broadcastTo(value, shape, at);
    if (failed(b))
      return failure();
    value = *b;
  }
  return shape;
}

FailureOr<Value> Generator::broadcastTo(Value value, ArrayRef<int64_t> shape,
                                        const Location &at) {
  Type type = value.getType();
  if (getShape(type) == shape && (isBlock(type) || shape.empty()))
    return value;
  Type elementType = getElementType(type);
  mlir::Location l = loc(at);
  if (!isBlock(type))
    return Value(tile::SplatOp::create(
        builder, l, RankedTensorType::get(shape, elementType), value));
  ArrayRef<int64_t> srcShape = getShape(type);
  if (srcShape.size() > shape.size())
    return emitError(at) << "cannot broadcast a block of rank "
                         << srcShape.size() << " to rank " << shape.size();
  // Leading dimensions of size 1 first, then repeat size-1 dimensions.
  while (getShape(value.getType()).size() < shape.size()) {
    SmallVector<int64_t> expanded(getShape(value.getType()));
    expanded.insert(expanded.begin(), 1);
    value = tile::ExpandDimsOp::create(
        builder, l, RankedTensorType::get(expanded, elementType), value,
        builder.getI32IntegerAttr(0));
  }
  ArrayRef<int64_t> current = getShape(value.getType());
  if (current == shape)
    return value;
  for (auto [c, s] : llvm::zip(current, shape))
    if (c != s && c != 1)
      return emitError(at) << "cannot broadcast " << describe(type) << " to "
                           << describe(RankedTensorType::get(shape,
                                                             elementType));
  return Value(tile::BroadcastOp::create(
      builder, l, RankedTensorType::get(shape, elementType), value));
}

} // namespace detail
} // namespace tilec
