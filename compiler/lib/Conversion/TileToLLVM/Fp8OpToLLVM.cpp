//===- Fp8OpToLLVM.cpp - fp8 conversions on sm_90 -------------------------===//
//
// fp8 values (fp8e4nv: f8E4M3FN, fp8e5: f8E5M2) are bytes in LLVM. They are
// only loaded, stored, selected and converted: the conversions are the
// PTX instructions sm_89+ has for pairs, used on one value (the other half
// is zero and ignored):
//
//   f32 -> fp8   cvt.rn.satfinite.{e4m3,e5m2}x2.f32   (round to nearest,
//                saturating to the largest finite value, as Triton does)
//   f16 -> fp8   cvt.rn.satfinite.{e4m3,e5m2}x2.f16x2
//   fp8 -> f16   cvt.rn.f16x2.{e4m3,e5m2}x2            (exact)
//
// bf16 and f64 go through f32; fp8 -> f32/f64/bf16 through f16 (every fp8
// value is exact in f16). Integers convert through f32 (to fp8) or f16
// (from it): the front end refuses those casts as Triton does, but the
// canonicalizer folds a cast through f32 (truncf of sitofp) into one.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

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

/// fp8 bits (an i8) as the f16 they are exactly.
static Value fromFp8(OpBuilder &builder, Location loc, Value bits, Type fp8) {
  Value wide = LLVM::ZExtOp::create(builder, loc, builder.getI16Type(), bits);
  Value pair = emitAsm(builder, loc, builder.getI32Type(), {wide},
                       ("cvt.rn.f16x2." + pairName(fp8) + " $0, $1;").str(),
                       "=r,h");
  Value low = LLVM::TruncOp::create(builder, loc, builder.getI16Type(), pair);
  return LLVM::BitcastOp::create(builder, loc, builder.getF16Type(), low);
}

/// One fp8 value (bits in an i8) from a float value of any width.
static Value toFp8(OpBuilder &builder, Location loc, Value value, Type fp8) {
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

/// One value of a conversion with an fp8 side: `from` to `to` (element
/// types, one of them fp8; the other a float or, from the canonicalizer, an
/// integer of `op`'s signedness).
static Value convertOne(OpBuilder &builder, Location loc, Operation *op,
                        Value value, Type from, Type to) {
  Type f32 = builder.getF32Type();
  if (isFp8(from)) {
    value = fromFp8(builder, loc, value, from);
    if (isa<arith::FPToSIOp>(op))
      return LLVM::FPToSIOp::create(builder, loc, to, value);
    if (isa<arith::FPToUIOp>(op))
      return LLVM::FPToUIOp::create(builder, loc, to, value);
  } else if (isa<arith::SIToFPOp>(op)) {
    value = LLVM::SIToFPOp::create(builder, loc, f32, value);
  } else if (isa<arith::UIToFPOp>(op)) {
    value = LLVM::UIToFPOp::create(builder, loc, f32, value);
  }
  return isFp8(to) ? toFp8(builder, loc, value, to)
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
    Location loc = op->getLoc();
    SmallVector<Value> results;
    for (Value value : operands[0])
      results.push_back(convertOne(rewriter, loc, op, value, from, to));
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
