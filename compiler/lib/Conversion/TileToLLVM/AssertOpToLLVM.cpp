//===- AssertOpToLLVM.cpp - tl.device_assert through __assertfail ---------===//
//
// A thread whose elements of the condition are not all true calls CUDA's
//
//   void __assertfail(const char *message, const char *file, unsigned line,
//                     const char *function, size_t charSize);
//
// as nvcc's assert() does: the device runtime prints "file:line: function:
// block: [..], thread: [..] Assertion `message` failed." and traps, and the
// host sees CUDA_ERROR_ASSERT. One call per thread is enough: the first
// trap ends the kernel. A barrier follows, as in Triton, so that no thread
// runs past an assertion another thread of the program is still checking.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace tilec;

namespace {

LLVM::LLVMFuncOp getAssertFail(OpBuilder &builder, ModuleOp module) {
  if (auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>("__assertfail"))
    return fn;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  MLIRContext *context = builder.getContext();
  auto ptr = LLVM::LLVMPointerType::get(context);
  return LLVM::LLVMFuncOp::create(
      builder, module.getLoc(), "__assertfail",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                  {ptr, ptr, builder.getI32Type(), ptr,
                                   builder.getI64Type()}));
}

/// The file and line of `loc` (through call sites and names), or
/// ("unknown", 0).
std::pair<std::string, unsigned> getFileLine(Location loc) {
  std::pair<std::string, unsigned> result{"unknown", 0};
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      result = {file.getFilename().str(), file.getLine()};
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return result;
}

struct AssertOpLowering : public OpConversionPattern<tile::AssertOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::AssertOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    // Whether any of this thread's elements is false.
    Value failed;
    Value one = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
    for (Value cond : adaptor.getCond()) {
      Value isFalse = arith::XOrIOp::create(rewriter, loc, cond, one);
      failed = failed ? arith::OrIOp::create(rewriter, loc, failed, isFalse)
                            .getResult()
                      : isFalse;
    }
    if (!failed)
      return rewriter.notifyMatchFailure(op, "no condition values");

    auto [file, line] = getFileLine(loc);
    std::string function = "unknown";
    if (auto fn = op->getParentOfType<FunctionOpInterface>())
      function = fn.getName().str();
    LLVM::LLVMFuncOp assertFail = getAssertFail(rewriter, module);
    auto ifOp = scf::IfOp::create(rewriter, loc, failed, /*withElse=*/false);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      Value message = emitGlobalString(rewriter, loc, module, "tile_assert_",
                                       op.getMessage());
      Value fileName =
          emitGlobalString(rewriter, loc, module, "tile_assert_", file);
      Value functionName =
          emitGlobalString(rewriter, loc, module, "tile_assert_", function);
      Value lineValue = emitI32(rewriter, loc, line);
      Value charSize = LLVM::ConstantOp::create(
          rewriter, loc, rewriter.getI64Type(), rewriter.getI64IntegerAttr(1));
      LLVM::CallOp::create(
          rewriter, loc, assertFail,
          ValueRange{message, fileName, lineValue, functionName, charSize});
    }
    emitBarrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tilec::populateAssertPatterns(TileTypeConverter &converter,
                                   RewritePatternSet &patterns) {
  patterns.add<AssertOpLowering>(converter, patterns.getContext());
}
