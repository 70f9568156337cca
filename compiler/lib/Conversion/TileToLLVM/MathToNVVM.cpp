//===- MathToNVVM.cpp - fast transcendental functions ---------------------===//
//
// As Triton does, fp32 transcendental functions use the GPU's special
// function unit: exp(x) = ex2.approx(x * log2(e)), log(x) = lg2.approx(x) *
// ln(2), and sin/cos/tanh/rsqrt their .approx forms. Each is one or two
// instructions where libdevice needs eight to twenty.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>

using namespace mlir;
using namespace tilec;

/// One-operand fp32 PTX instruction as inline assembly.
static Value emitUnaryPTX(OpBuilder &builder, Location loc, StringRef opcode,
                          Value operand) {
  Type f32 = builder.getF32Type();
  std::string text = (opcode + " $0, $1;").str();
  auto asmOp = LLVM::InlineAsmOp::create(
      builder, loc, f32, ValueRange{operand}, text, "=f,f",
      /*has_side_effects=*/false, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(builder.getContext(),
                                LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
  return asmOp.getResult(0);
}

namespace {

/// `math.<op>` on f32 → optional pre-scale, an approx instruction,
/// optional post-scale.
template <typename MathOp>
struct ApproxLowering : public OpConversionPattern<MathOp> {
  ApproxLowering(const TypeConverter &converter, MLIRContext *context,
                 StringRef opcode, double preScale, double postScale)
      : OpConversionPattern<MathOp>(converter, context, /*benefit=*/2),
        opcode(opcode), preScale(preScale), postScale(postScale) {}

  LogicalResult
  matchAndRewrite(MathOp op, typename MathOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!type.isF32() && !type.isF16() && !type.isBF16())
      return failure();
    Location loc = op.getLoc();
    Value x = adaptor.getOperand();
    // The approx instructions are fp32; half types go through fp32.
    if (!type.isF32())
      x = arith::ExtFOp::create(rewriter, loc, rewriter.getF32Type(), x);
    if (preScale != 1.0)
      x = arith::MulFOp::create(
          rewriter, loc, x,
          arith::ConstantOp::create(rewriter, loc,
                                    rewriter.getF32FloatAttr(preScale)));
    Value y = emitUnaryPTX(rewriter, loc, opcode, x);
    if (postScale != 1.0)
      y = arith::MulFOp::create(
          rewriter, loc, y,
          arith::ConstantOp::create(rewriter, loc,
                                    rewriter.getF32FloatAttr(postScale)));
    if (!type.isF32())
      y = arith::TruncFOp::create(rewriter, loc, type, y);
    rewriter.replaceOp(op, y);
    return success();
  }

  std::string opcode;
  double preScale, postScale;
};

/// fp32 division is `div.full.f32` (about 2 ulp, a handful of instructions),
/// as `/` is in Triton; IEEE `div.rn.f32` costs a subroutine per element.
struct DivFLowering : public OpConversionPattern<arith::DivFOp> {
  DivFLowering(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern<arith::DivFOp>(converter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(arith::DivFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32())
      return failure();
    Type f32 = rewriter.getF32Type();
    auto asmOp = LLVM::InlineAsmOp::create(
        rewriter, op.getLoc(), f32,
        ValueRange{adaptor.getLhs(), adaptor.getRhs()},
        "div.full.f32 $0, $1, $2;", "=f,f,f",
        /*has_side_effects=*/false, /*is_align_stack=*/false,
        LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr::get(getContext(), LLVM::AsmDialect::AD_ATT),
        /*operand_attrs=*/ArrayAttr());
    rewriter.replaceOp(op, asmOp.getResult(0));
    return success();
  }
};

} // namespace

void tilec::populateMathApproxPatterns(TileTypeConverter &converter,
                                       RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  const double log2e = 1.4426950408889634, ln2 = 0.6931471805599453;
  patterns.add<ApproxLowering<math::ExpOp>>(converter, context,
                                            "ex2.approx.f32", log2e, 1.0);
  patterns.add<ApproxLowering<math::Exp2Op>>(converter, context,
                                             "ex2.approx.f32", 1.0, 1.0);
  patterns.add<ApproxLowering<math::LogOp>>(converter, context,
                                            "lg2.approx.f32", 1.0, ln2);
  patterns.add<ApproxLowering<math::Log2Op>>(converter, context,
                                             "lg2.approx.f32", 1.0, 1.0);
  patterns.add<ApproxLowering<math::SinOp>>(converter, context,
                                            "sin.approx.f32", 1.0, 1.0);
  patterns.add<ApproxLowering<math::CosOp>>(converter, context,
                                            "cos.approx.f32", 1.0, 1.0);
  patterns.add<ApproxLowering<math::TanhOp>>(converter, context,
                                             "tanh.approx.f32", 1.0, 1.0);
  patterns.add<ApproxLowering<math::RsqrtOp>>(converter, context,
                                              "rsqrt.approx.f32", 1.0, 1.0);
  patterns.add<DivFLowering>(converter, context);
}
