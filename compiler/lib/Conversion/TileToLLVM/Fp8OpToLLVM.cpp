//===- Fp8OpToLLVM.cpp - fp8 conversions ----------------------------------===//
//
// fp8 values (fp8e4nv: f8E4M3FN, fp8e5: f8E5M2) are bytes in LLVM. They are
// only loaded, stored, selected and converted. Where the target has them
// (sm_89 and newer, hasFp8Conversions), the conversions are the PTX
// instructions for pairs, used on one value (the other half is zero and
// ignored):
//
//   f32 -> fp8   cvt.rn.satfinite.{e4m3,e5m2}x2.f32   (round to nearest,
//                saturating to the largest finite value, as Triton does)
//   f16 -> fp8   cvt.rn.satfinite.{e4m3,e5m2}x2.f16x2
//   fp8 -> f16   cvt.rn.f16x2.{e4m3,e5m2}x2            (exact)
//
// Before (sm_80, which has fp8e5 only: Triton refuses fp8e4nv there), the
// same results come from integer operations: an fp8e5 value is the high
// byte of the f16 with the same bits, so widening is a shift, and
// narrowing rounds the dropped bits to nearest even and saturates to the
// largest finite value, as the instructions do (NaN becomes 0x7F, their
// canonical NaN).
//
// bf16 and f64 go through f32; fp8 -> f32/f64/bf16 through f16 (every fp8
// value is exact in f16). Integers convert through f32 (to fp8) or f16
// (from it): the front end refuses those casts as Triton does, but the
// canonicalizer folds a cast through f32 (truncf of sitofp) into one.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tilec/Analysis/Layout.h"
#include "tilec/Target/Arch.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace tilec;

static bool isFp8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(type);
}

/// `text` as inline assembly with one result.
static Value emitAsm(OpBuilder &builder, Location loc, Type result,
                     ValueRange operands, StringRef text,
                     StringRef constraints) {
  return emitInlineAsm(builder, loc, result, operands, text, constraints,
                       /*hasSideEffects=*/false);
}

static StringRef pairName(Type fp8) {
  return isa<Float8E4M3FNType>(fp8) ? "e4m3x2" : "e5m2x2";
}

/// A float value in `to`, through f32 for the pairs LLVM cannot cast.
static Value castFloat(OpBuilder &builder, Location loc, Value value,
                       Type to) {
  Type from = value.getType();
  if (from == to)
    return value;
  unsigned fromBits = from.getIntOrFloatBitWidth();
  unsigned toBits = to.getIntOrFloatBitWidth();
  if (fromBits == toBits) // f16 <-> bf16
    return castFloat(builder, loc,
                     castFloat(builder, loc, value, builder.getF32Type()), to);
  if (fromBits < toBits)
    return LLVM::FPExtOp::create(builder, loc, to, value);
  return LLVM::FPTruncOp::create(builder, loc, to, value);
}

namespace {

/// The element type of `type` (itself for scalars).
static Type elementOf(Type type) { return getElementTypeOrSelf(type); }

/// Whether a scalar or block operand or result of `op` holds fp8.
static bool hasFp8Elements(Operation *op) {
  auto fp8 = [](Type type) { return isFp8(elementOf(type)); };
  return llvm::any_of(op->getOperandTypes(), fp8) ||
         llvm::any_of(op->getResultTypes(), fp8);
}

static Value constantInt(OpBuilder &builder, Location loc, Type type,
                         int64_t value) {
  return LLVM::ConstantOp::create(builder, loc, type,
                                  builder.getIntegerAttr(type, value));
}

/// fp8e5 bits (an i8) as the f16 they are exactly: its high byte.
static Value fromE5M2Bits(OpBuilder &builder, Location loc, Value bits) {
  Type i16 = builder.getI16Type();
  Value wide = LLVM::ZExtOp::create(builder, loc, i16, bits);
  Value high = LLVM::ShlOp::create(builder, loc, wide,
                                   constantInt(builder, loc, i16, 8));
  return LLVM::BitcastOp::create(builder, loc, builder.getF16Type(), high);
}

/// The e5m2 byte of `magnitude`, the bits of a non-negative finite value
/// or infinity whose `drop` low bits fall below e5m2's mantissa once
/// `rebias` (exponent field times 4) is taken off: rounded to nearest even,
/// then saturated to the largest finite value (0x7B).
static Value roundToE5M2(OpBuilder &builder, Location loc, Value magnitude,
                         unsigned drop, int64_t rebias) {
  Type type = magnitude.getType();
  auto c = [&](int64_t v) { return constantInt(builder, loc, type, v); };
  Value lsb = LLVM::AndOp::create(
      builder, loc, LLVM::LShrOp::create(builder, loc, magnitude, c(drop)),
      c(1));
  Value biased = LLVM::AddOp::create(
      builder, loc, magnitude,
      LLVM::AddOp::create(builder, loc, lsb, c((int64_t(1) << (drop - 1)) - 1)));
  Value rounded = LLVM::LShrOp::create(builder, loc, biased, c(drop));
  if (rebias)
    rounded = LLVM::SubOp::create(builder, loc, rounded, c(rebias));
  return LLVM::UMinOp::create(builder, loc, rounded, c(0x7B));
}

/// f16 to fp8e5 in integer operations: e5m2 has f16's exponent, so the
/// rounding is the same at every magnitude, subnormals included.
static Value f16ToE5M2Bits(OpBuilder &builder, Location loc, Value value) {
  Type i16 = builder.getI16Type();
  auto c = [&](int64_t v) { return constantInt(builder, loc, i16, v); };
  Value bits = LLVM::BitcastOp::create(builder, loc, i16, value);
  Value magnitude = LLVM::AndOp::create(builder, loc, bits, c(0x7FFF));
  Value isNaN = LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ugt,
                                     magnitude, c(0x7C00));
  Value sign = LLVM::LShrOp::create(
      builder, loc, LLVM::AndOp::create(builder, loc, bits, c(0x8000)), c(8));
  Value byte = LLVM::OrOp::create(
      builder, loc, roundToE5M2(builder, loc, magnitude, 8, 0), sign);
  byte = LLVM::SelectOp::create(builder, loc, isNaN, c(0x7F), byte);
  return LLVM::TruncOp::create(builder, loc, builder.getI8Type(), byte);
}

/// f32 to fp8e5 in integer operations, rounded once (as the instruction
/// does; through f16 it would round twice). Below e5m2's smallest normal
/// (2^-14) the result is the subnormal count of 2^-16, x * 2^16 rounded to
/// the nearest even integer (4 is the smallest normal's encoding).
static Value f32ToE5M2Bits(OpBuilder &builder, Location loc, Value value) {
  Type i32 = builder.getI32Type(), f32 = builder.getF32Type();
  auto c = [&](int64_t v) { return constantInt(builder, loc, i32, v); };
  Value bits = LLVM::BitcastOp::create(builder, loc, i32, value);
  Value magnitude = LLVM::AndOp::create(builder, loc, bits, c(0x7FFFFFFF));
  // f32's exponent bias is 127, e5m2's 15: 112 in the exponent field.
  Value normal = roundToE5M2(builder, loc, magnitude, 21, 112 << 2);
  Value scaled = LLVM::FMulOp::create(
      builder, loc, LLVM::BitcastOp::create(builder, loc, f32, magnitude),
      LLVM::ConstantOp::create(builder, loc, f32,
                               builder.getF32FloatAttr(65536.0f)));
  Value subnormal = LLVM::FPToUIOp::create(
      builder, loc, i32, LLVM::RoundEvenOp::create(builder, loc, f32, scaled));
  Value isNormal = LLVM::ICmpOp::create(
      builder, loc, LLVM::ICmpPredicate::uge, magnitude, c(0x38800000));
  Value sign = LLVM::LShrOp::create(
      builder, loc, LLVM::AndOp::create(builder, loc, bits, c(0x80000000)),
      c(24));
  Value byte = LLVM::OrOp::create(
      builder, loc,
      LLVM::SelectOp::create(builder, loc, isNormal, normal, subnormal), sign);
  Value isNaN = LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ugt,
                                     magnitude, c(0x7F800000));
  byte = LLVM::SelectOp::create(builder, loc, isNaN, c(0x7F), byte);
  return LLVM::TruncOp::create(builder, loc, builder.getI8Type(), byte);
}

/// fp8 bits (an i8) as the f16 they are exactly.
static Value fromFp8(OpBuilder &builder, Location loc, Value bits, Type fp8,
                     bool hardware) {
  if (!hardware)
    return fromE5M2Bits(builder, loc, bits);
  Value wide = LLVM::ZExtOp::create(builder, loc, builder.getI16Type(), bits);
  Value pair = emitAsm(builder, loc, builder.getI32Type(), {wide},
                       ("cvt.rn.f16x2." + pairName(fp8) + " $0, $1;").str(),
                       "=r,h");
  Value low = LLVM::TruncOp::create(builder, loc, builder.getI16Type(), pair);
  return LLVM::BitcastOp::create(builder, loc, builder.getF16Type(), low);
}

/// One fp8 value (bits in an i8) from a float value of any width.
static Value toFp8(OpBuilder &builder, Location loc, Value value, Type fp8,
                   bool hardware) {
  if (!hardware) {
    if (value.getType().isF16())
      return f16ToE5M2Bits(builder, loc, value);
    return f32ToE5M2Bits(
        builder, loc, castFloat(builder, loc, value, builder.getF32Type()));
  }
  Type i16 = builder.getI16Type();
  Value pair;
  if (value.getType().isF16()) {
    Value bits = LLVM::ZExtOp::create(
        builder, loc, builder.getI32Type(),
        LLVM::BitcastOp::create(builder, loc, i16, value));
    pair = emitAsm(builder, loc, i16, {bits},
                   ("cvt.rn.satfinite." + pairName(fp8) + ".f16x2 $0, $1;")
                       .str(),
                   "=h,r");
  } else {
    Value f32 = castFloat(builder, loc, value, builder.getF32Type());
    pair = emitAsm(
        builder, loc, i16, {f32},
        ("cvt.rn.satfinite." + pairName(fp8) + ".f32 $0, 0f00000000, $1;")
            .str(),
        "=h,f");
  }
  return LLVM::TruncOp::create(builder, loc, builder.getI8Type(), pair);
}

/// Whether `op`'s target converts fp8 with the pair instructions; without
/// them only fp8e5 converts (checkTargetSupport refuses fp8e4nv there).
static FailureOr<bool> usesFp8Instructions(Operation *op, Type fp8) {
  if (hasFp8Conversions(getTargetArch(op)))
    return true;
  if (isa<Float8E5M2Type>(fp8))
    return false;
  return failure();
}

/// One value of a conversion with an fp8 side: `from` to `to` (element
/// types, one of them fp8; the other a float or, from the canonicalizer, an
/// integer of `op`'s signedness).
static Value convertOne(OpBuilder &builder, Location loc, Operation *op,
                        Value value, Type from, Type to, bool hardware) {
  Type f32 = builder.getF32Type();
  if (isFp8(from)) {
    value = fromFp8(builder, loc, value, from, hardware);
    if (isa<arith::FPToSIOp>(op))
      return LLVM::FPToSIOp::create(builder, loc, to, value);
    if (isa<arith::FPToUIOp>(op))
      return LLVM::FPToUIOp::create(builder, loc, to, value);
  } else if (isa<arith::SIToFPOp>(op)) {
    value = LLVM::SIToFPOp::create(builder, loc, f32, value);
  } else if (isa<arith::UIToFPOp>(op)) {
    value = LLVM::UIToFPOp::create(builder, loc, f32, value);
  }
  return isFp8(to) ? toFp8(builder, loc, value, to, hardware)
                   : castFloat(builder, loc, value, to);
}

/// arith.extf / arith.truncf (and the integer conversions) with an fp8
/// side, scalar or block (element by element; the generic element-wise
/// lowering would lose the fp8 type).
struct Fp8CastLowering : public ConversionPattern {
  Fp8CastLowering(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/3,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<arith::TruncFOp, arith::ExtFOp, arith::SIToFPOp, arith::UIToFPOp,
             arith::FPToSIOp, arith::FPToUIOp>(op))
      return failure();
    Type from = elementOf(op->getOperand(0).getType());
    Type to = elementOf(op->getResult(0).getType());
    if (!isFp8(from) && !isFp8(to))
      return failure();
    FailureOr<bool> hardware =
        usesFp8Instructions(op, isFp8(from) ? from : to);
    if (failed(hardware))
      return rewriter.notifyMatchFailure(op, "no fp8e4nv on this target");
    Location loc = op->getLoc();
    SmallVector<Value> results;
    for (Value value : operands[0])
      results.push_back(
          convertOne(rewriter, loc, op, value, from, to, *hardware));
    rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }
};

/// A scalar fp8 constant: its bits.
struct Fp8ConstantLowering : public OpConversionPattern<arith::ConstantOp> {
  Fp8ConstantLowering(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/3) {}

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = dyn_cast<FloatAttr>(op.getValue());
    if (!value || !isFp8(value.getType()))
      return failure();
    APInt bits = value.getValue().bitcastToAPInt();
    rewriter.replaceOpWithNewOp<LLVM::ConstantOp>(
        op, rewriter.getI8Type(),
        rewriter.getIntegerAttr(rewriter.getI8Type(), bits.getZExtValue()));
    return success();
  }
};

/// arith.select of scalar fp8 values: of their bytes.
struct Fp8SelectLowering : public OpConversionPattern<arith::SelectOp> {
  Fp8SelectLowering(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/3) {}

  LogicalResult
  matchAndRewrite(arith::SelectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isFp8(op.getType()))
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::SelectOp>(op, adaptor.getCondition(),
                                                adaptor.getTrueValue(),
                                                adaptor.getFalseValue());
    return success();
  }
};

/// arith.bitcast to or from fp8: the bytes as they are (a block's values are
/// bytes on both sides; the generic lowering covers them, but a scalar's
/// arith op would keep the fp8 type).
struct Fp8BitcastLowering : public ConversionPattern {
  Fp8BitcastLowering(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, arith::BitcastOp::getOperationName(),
                          /*benefit=*/3, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hasFp8Elements(op))
      return failure();
    rewriter.replaceOpWithMultiple(op, {operands[0]});
    return success();
  }
};

/// math.absf of fp8 (tl.abs): the byte with its sign bit cleared, as Triton
/// lowers it; no conversion needed.
struct Fp8AbsLowering : public ConversionPattern {
  Fp8AbsLowering(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, math::AbsFOp::getOperationName(),
                          /*benefit=*/3, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hasFp8Elements(op))
      return failure();
    Location loc = op->getLoc();
    Value mask = constantInt(rewriter, loc, rewriter.getI8Type(), 0x7F);
    SmallVector<Value> results;
    for (Value value : operands[0])
      results.push_back(LLVM::AndOp::create(rewriter, loc, value, mask));
    rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }
};

} // namespace

bool tilec::involvesFp8(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isFp8) ||
         llvm::any_of(op->getResultTypes(), isFp8);
}

void tilec::populateFp8Patterns(TileTypeConverter &converter,
                                RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<Fp8CastLowering, Fp8ConstantLowering, Fp8SelectLowering,
               Fp8BitcastLowering, Fp8AbsLowering>(converter, context);
}
