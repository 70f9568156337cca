//===- ConvertLayoutOpToLLVM.cpp - redistributing a tensor ----------------===//
//
// A layout conversion goes through shared memory: every thread writes the
// elements it holds at their row-major positions, a barrier, and every
// thread reads the elements the new layout gives it.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tile/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilec;

namespace {

struct ConvertLayoutOpLowering
    : public OpConversionPattern<tile::ConvertLayoutOp> {
  ConvertLayoutOpLowering(const TypeConverter &converter, MLIRContext *context,
                          const LoweringState &state)
      : OpConversionPattern(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(tile::ConvertLayoutOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    std::optional<Distribution> from = Distribution::get(srcType);
    std::optional<Distribution> to = Distribution::get(resultType);
    if (!from || !to)
      return rewriter.notifyMatchFailure(op, "no layout");
    auto offsetIt = state.sharedOffsets.find(op);
    if (offsetIt == state.sharedOffsets.end())
      return rewriter.notifyMatchFailure(op, "no shared memory allocated");
    Type element = getTypeConverter()->convertType(srcType.getElementType());
    Value base = emitSharedPointer(rewriter, loc, offsetIt->second);

    // Copies of an element are equal, so every holder may write it.
    for (auto [ptr, value] :
         llvm::zip(emitSharedElementPointers(rewriter, loc, *from, base, element),
                   adaptor.getSrc()))
      LLVM::StoreOp::create(rewriter, loc, value, ptr);
    emitBarrier(rewriter, loc);
    SmallVector<Value> results;
    for (Value ptr :
         emitSharedElementPointers(rewriter, loc, *to, base, element))
      results.push_back(LLVM::LoadOp::create(rewriter, loc, element, ptr));
    if (op->getParentOfType<scf::ForOp>())
      emitBarrier(rewriter, loc);
    rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }

  const LoweringState &state;
};

} // namespace

void tilec::populateConvertLayoutPatterns(TileTypeConverter &converter,
                                          const LoweringState &state,
                                          RewritePatternSet &patterns) {
  patterns.add<ConvertLayoutOpLowering>(converter, patterns.getContext(),
                                        state);
}
