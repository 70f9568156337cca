//===- GatherOpToLLVM.cpp - tl.gather and tl.flip through scratch ---------===//
//
// Every thread writes the source elements it holds at their row-major
// slots of the op's scratch; after a barrier, every thread reads, for each
// result element it holds, the slot whose coordinates are the element's
// with the index value along the axis. The index has the result's layout,
// so each thread holds the index values of its own result elements.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace tilec;

namespace {

struct GatherOpLowering : public OpConversionPattern<tile::GatherOp> {
  GatherOpLowering(const TypeConverter &converter, MLIRContext *context,
                   const LoweringState &state)
      : OpConversionPattern(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(tile::GatherOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto it = state.sharedOffsets.find(op);
    if (it == state.sharedOffsets.end())
      return rewriter.notifyMatchFailure(op, "no scratch");
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto indexType = cast<RankedTensorType>(op.getIndex().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    if (indexType.getEncoding() != resultType.getEncoding())
      return rewriter.notifyMatchFailure(op, "index and result layouts differ");
    std::optional<Distribution> distribution = Distribution::get(resultType);
    if (!distribution)
      return rewriter.notifyMatchFailure(op, "no result layout");
    Location loc = op.getLoc();
    Type element = getTypeConverter()->convertType(resultType.getElementType());
    Value base = emitSharedPointer(rewriter, loc, it->second);
    if (failed(storeSlots(rewriter, loc, base, element, srcType,
                          adaptor.getSrc(), 1, 0)))
      return rewriter.notifyMatchFailure(op, "no source layout");
    emitBarrier(rewriter, loc);

    // Row-major strides of the source.
    int64_t rank = srcType.getRank();
    unsigned axis = op.getAxis();
    SmallVector<int64_t> strides(rank, 1);
    for (int64_t d = rank - 2; d >= 0; --d)
      strides[d] = strides[d + 1] * srcType.getDimSize(d + 1);
    SmallVector<Value> threadBase = distribution->emitBase(rewriter, loc);
    Type i32 = rewriter.getI32Type();
    unsigned bytes = getByteWidth(element);
    SmallVector<Value> results;
    for (auto [r, index] : llvm::enumerate(adaptor.getIndex())) {
      ArrayRef<int64_t> offset = distribution->getOffsets()[r];
      // The index along the axis, wrapped into it (a power of two) so that
      // a wrong index reads another element instead of another buffer.
      Value along = index;
      unsigned width = index.getType().getIntOrFloatBitWidth();
      if (width > 32)
        along = arith::TruncIOp::create(rewriter, loc, i32, along);
      else if (width < 32)
        along = arith::ExtSIOp::create(rewriter, loc, i32, along);
      along = arith::AndIOp::create(
          rewriter, loc, along,
          emitI32(rewriter, loc, srcType.getDimSize(axis) - 1));
      Value slot = emitI32(rewriter, loc, 0);
      for (int64_t d = 0; d < rank; ++d) {
        Value coord = d == axis ? along
                                : arith::AddIOp::create(
                                      rewriter, loc, threadBase[d],
                                      emitI32(rewriter, loc, offset[d]))
                                      .getResult();
        slot = arith::AddIOp::create(
            rewriter, loc, slot,
            arith::MulIOp::create(rewriter, loc, coord,
                                  emitI32(rewriter, loc, strides[d])));
      }
      results.push_back(LLVM::LoadOp::create(
          rewriter, loc, element,
          emitSharedElementPointer(rewriter, loc, base, element, slot),
          bytes));
    }
    // tile-insert-barriers orders these reads against later writes.
    rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }

  const LoweringState &state;
};

} // namespace

void tilec::populateGatherPatterns(TileTypeConverter &converter,
                                   const LoweringState &state,
                                   RewritePatternSet &patterns) {
  patterns.add<GatherOpLowering>(converter, patterns.getContext(), state);
}
