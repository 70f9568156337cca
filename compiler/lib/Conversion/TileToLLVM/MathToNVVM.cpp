//===- MathToNVVM.cpp - fast transcendental functions ---------------------===//
//
// As Triton does, fp32 exp, exp2, tanh and rsqrt use the GPU's special
// function unit: exp(x) = ex2.approx(x * log2(e)), the others their .approx
// forms (exp2's flushes subnormal results, .ftz, as Triton's does); one or
// two instructions where libdevice needs eight to twenty.
// log, log2, sin and cos are libdevice calls (needsLibdevice), as in
// Triton 3.6.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace tilec;

/// One-operand fp32 PTX instruction as inline assembly.
static Value emitUnaryPTX(OpBuilder &builder, Location loc, StringRef opcode,
                          Value operand) {
  Type f32 = builder.getF32Type();
  std::string text = (opcode + " $0, $1;").str();
  return emitInlineAsm(builder, loc, f32, ValueRange{operand}, text, "=f,f",
                       /*hasSideEffects=*/false);
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

/// The libdevice function of a math op, without its fp32 `f`: `math.erf`
/// is erf (`__nv_erff`, `__nv_erf`).
static StringRef libdeviceName(Operation *op) {
  return llvm::TypeSwitch<Operation *, StringRef>(op)
      .Case([](math::ErfOp) { return "erf"; })
      .Case([](math::ErfcOp) { return "erfc"; })
      .Case([](math::TanOp) { return "tan"; })
      .Case([](math::AtanOp) { return "atan"; })
      .Case([](math::Atan2Op) { return "atan2"; })
      .Case([](math::AsinOp) { return "asin"; })
      .Case([](math::AcosOp) { return "acos"; })
      .Case([](math::SinhOp) { return "sinh"; })
      .Case([](math::CoshOp) { return "cosh"; })
      .Case([](math::AsinhOp) { return "asinh"; })
      .Case([](math::AcoshOp) { return "acosh"; })
      .Case([](math::AtanhOp) { return "atanh"; })
      .Case([](math::ExpM1Op) { return "expm1"; })
      .Case([](math::Log1pOp) { return "log1p"; })
      .Case([](math::Log10Op) { return "log10"; })
      .Case([](math::PowFOp) { return "pow"; })
      .Case([](math::CbrtOp) { return "cbrt"; })
      .Case([](math::ExpOp) { return "exp"; })
      .Case([](math::Exp2Op) { return "exp2"; })
      .Case([](math::LogOp) { return "log"; })
      .Case([](math::Log2Op) { return "log2"; })
      .Case([](math::SinOp) { return "sin"; })
      .Case([](math::CosOp) { return "cos"; })
      .Case([](math::TanhOp) { return "tanh"; })
      .Default([](Operation *) { return StringRef(); });
}

/// A scalar math op NVPTX cannot select (needsLibdevice): a call of its
/// libdevice function, fp16/bf16 through fp32.
struct LibdeviceLowering : public ConversionPattern {
  LibdeviceLowering(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getNumResults() != 1 || !needsLibdevice(op))
      return failure();
    Type type = op->getResult(0).getType();
    StringRef name = libdeviceName(op);
    if (!isa<FloatType>(type) || name.empty())
      return failure();
    Location loc = op->getLoc();
    bool isDouble = type.isF64();
    Type compute = isDouble ? rewriter.getF64Type() : rewriter.getF32Type();
    SmallVector<Value> args;
    for (Value operand : operands)
      args.push_back(operand.getType() == compute
                         ? operand
                         : arith::ExtFOp::create(rewriter, loc, compute,
                                                 operand)
                               .getResult());
    std::string symbol = ("__nv_" + name + (isDouble ? "" : "f")).str();
    auto module = op->getParentOfType<ModuleOp>();
    auto fnType = LLVM::LLVMFunctionType::get(
        compute, SmallVector<Type>(args.size(), compute));
    auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(symbol);
    if (!fn) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      fn = LLVM::LLVMFuncOp::create(rewriter, loc, symbol, fnType);
    }
    Value result = LLVM::CallOp::create(rewriter, loc, fn, args).getResult();
    if (type != compute)
      result = arith::TruncFOp::create(rewriter, loc, type, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void tilec::populateLibdevicePatterns(TileTypeConverter &converter,
                                      RewritePatternSet &patterns) {
  patterns.add<LibdeviceLowering>(converter, patterns.getContext());
}

void tilec::populateMathApproxPatterns(TileTypeConverter &converter,
                                       RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  const double log2e = 1.4426950408889634;
  patterns.add<ApproxLowering<math::ExpOp>>(converter, context,
                                            "ex2.approx.f32", log2e, 1.0);
  // Triton's exp2 flushes subnormal results to zero (.ftz): without it
  // ptxas scales around the MUFU for subnormals, three more instructions
  // per element in attention's softmax.
  patterns.add<ApproxLowering<math::Exp2Op>>(converter, context,
                                             "ex2.approx.ftz.f32", 1.0, 1.0);
  patterns.add<ApproxLowering<math::TanhOp>>(converter, context,
                                             "tanh.approx.f32", 1.0, 1.0);
  patterns.add<ApproxLowering<math::RsqrtOp>>(converter, context,
                                              "rsqrt.approx.f32", 1.0, 1.0);
  patterns.add<DivFLowering>(converter, context);
}
