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
// value is exact in f16).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

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

/// One fp8 value (bits in an i8) from a float value of any width.
static Value toFp8(OpBuilder &builder, Location loc, Value value, Type fp8);

/// fp8 bits (an i8) as the f16 they are exactly.
static Value fromFp8(OpBuilder &builder, Location loc, Value bits, Type fp8) {
  Value wide = LLVM::ZExtOp::create(builder, loc, builder.getI16Type(), bits);
  Value pair = emitAsm(builder, loc, builder.getI32Type(), {wide},
                       ("cvt.rn.f16x2." + pairName(fp8) + " $0, $1;").str(),
                       "=r,h");
  Value low = LLVM::TruncOp::create(builder, loc, builder.getI16Type(), pair);
  return LLVM::BitcastOp::create(builder, loc, builder.getF16Type(), low);
}

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

/// arith.extf / arith.truncf with an fp8 side, scalar or block (element by
/// element; the generic element-wise lowering would lose the fp8 type).
struct Fp8CastLowering : public ConversionPattern {
  Fp8CastLowering(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/3,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<arith::TruncFOp, arith::ExtFOp>(op))
      return failure();
    Type from = elementOf(op->getOperand(0).getType());
    Type to = elementOf(op->getResult(0).getType());
    if (!isFp8(from) && !isFp8(to))
      return failure();
    Location loc = op->getLoc();
    SmallVector<Value> results;
    for (Value value : operands[0]) {
      if (isFp8(from))
        value = fromFp8(rewriter, loc, value, from);
      value = isFp8(to) ? toFp8(rewriter, loc, value, to)
                        : castFloat(rewriter, loc, value, to);
      results.push_back(value);
    }
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

} // namespace

bool tilec::involvesFp8(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isFp8) ||
         llvm::any_of(op->getResultTypes(), isFp8);
}

void tilec::populateFp8Patterns(TileTypeConverter &converter,
                                RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<Fp8CastLowering, Fp8ConstantLowering, Fp8SelectLowering>(
      converter, context);
}
