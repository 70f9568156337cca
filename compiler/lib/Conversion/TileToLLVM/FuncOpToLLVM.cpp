//===- FuncOpToLLVM.cpp - kernels as NVVM kernels --------------------------===//

#include "Lowering.h"

#include "tile/IR/Dialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace tilec;

namespace {

/// A kernel becomes an `llvm.func` with `nvvm.kernel` and the CTA size
/// (`nvvm.reqntid`), so that ptxas knows the exact thread count.
struct FuncOpLowering : public OpConversionPattern<func::FuncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(func::FuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FunctionType type = op.getFunctionType();
    if (type.getNumResults() != 0)
      return rewriter.notifyMatchFailure(op, "kernels return nothing");
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    SmallVector<Type> inputs;
    for (auto [index, input] : llvm::enumerate(type.getInputs())) {
      Type converted = getTypeConverter()->convertType(input);
      if (!converted)
        return rewriter.notifyMatchFailure(op, "cannot convert an argument");
      signature.addInputs(index, converted);
      inputs.push_back(converted);
    }
    auto llvmType = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(getContext()), inputs);
    auto llvmFunc = LLVM::LLVMFuncOp::create(rewriter, op.getLoc(),
                                             op.getSymName(), llvmType);
    rewriter.inlineRegionBefore(op.getBody(), llvmFunc.getBody(),
                                llvmFunc.end());
    if (failed(rewriter.convertRegionTypes(&llvmFunc.getBody(),
                                           *getTypeConverter(), &signature)))
      return failure();

    auto module = op->getParentOfType<ModuleOp>();
    unsigned numWarps = 4;
    if (auto attr = module->getAttrOfType<IntegerAttr>("tile.num_warps"))
      numWarps = attr.getInt();
    llvmFunc->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                      rewriter.getUnitAttr());
    llvmFunc->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                      rewriter.getDenseI32ArrayAttr(
                          {static_cast<int32_t>(numWarps * 32), 1, 1}));
    // Alignment promised by the signature lets LLVM use it too.
    for (unsigned i = 0, e = type.getNumInputs(); i < e; ++i) {
      // A tensor map is 128 bytes passed by value (`.param .align 64 .b8
      // [128]`); as a grid constant its address may be taken.
      if (isa<tile::TensorMapType>(type.getInput(i))) {
        llvmFunc.setArgAttr(
            i, LLVM::LLVMDialect::getByValAttrName(),
            TypeAttr::get(LLVM::LLVMArrayType::get(rewriter.getI8Type(), 128)));
        llvmFunc.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                            rewriter.getI64IntegerAttr(64));
        llvmFunc.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                            rewriter.getUnitAttr());
        continue;
      }
      if (!isa<tile::PtrType>(type.getInput(i)))
        continue;
      if (auto div = op.getArgAttrOfType<IntegerAttr>(i, "tile.divisibility"))
        llvmFunc.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                            rewriter.getI64IntegerAttr(div.getInt()));
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct ReturnOpLowering : public OpConversionPattern<func::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(func::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, ValueRange());
    return success();
  }
};

} // namespace

void tilec::populateFuncPatterns(TileTypeConverter &converter,
                                 RewritePatternSet &patterns) {
  patterns.add<FuncOpLowering, ReturnOpLowering>(converter,
                                                 patterns.getContext());
}
