//===- HistogramOpToLLVM.cpp - tl.histogram through shared atomics --------===//
//
// The op's scratch holds one i32 counter per bin. The threads zero the
// counters of the result elements they hold (every bin is held by some
// thread); after a barrier, each source element is added once, by the
// thread that owns it, with a shared-memory atomic add of 1 to its bin (of
// 0 to bin 0 for a value outside the bins, so that no thread branches);
// after another barrier the threads read their result elements' counters.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace tilec;

namespace {

struct HistogramOpLowering : public OpConversionPattern<tile::HistogramOp> {
  HistogramOpLowering(const TypeConverter &converter, MLIRContext *context,
                      const LoweringState &state)
      : OpConversionPattern(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(tile::HistogramOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto it = state.sharedOffsets.find(op);
    if (it == state.sharedOffsets.end())
      return rewriter.notifyMatchFailure(op, "no scratch");
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    std::optional<Distribution> source = Distribution::get(srcType);
    std::optional<Distribution> result = Distribution::get(resultType);
    if (!source || !result)
      return rewriter.notifyMatchFailure(op, "no layout");
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value base = emitSharedPointer(rewriter, loc, it->second);
    auto counter = [&](Value bin) {
      return emitSharedElementPointer(rewriter, loc, base, i32, bin);
    };

    SmallVector<Value> resultSlots =
        result->emitLinearIndices(rewriter, loc);
    Value zero = emitI32(rewriter, loc, 0);
    for (Value slot : resultSlots)
      LLVM::StoreOp::create(rewriter, loc, zero, counter(slot), 4);
    emitBarrier(rewriter, loc);

    // Each element once: only the owner among threads holding copies, and
    // only the first of registers holding the same element.
    Value owner = source->emitIsOwner(rewriter, loc);
    int32_t repeated =
        source->getLinearLayout().getFreeVariableMask(tile::kRegister);
    // Narrow values widen with their sign to i32; i64 ones compare in i64.
    Type wide = adaptor.getSrc().front().getType().getIntOrFloatBitWidth() > 32
                    ? rewriter.getI64Type()
                    : i32;
    Value bins = arith::ConstantIntOp::create(rewriter, loc, wide,
                                              resultType.getDimSize(0));
    Value wideZero = arith::ConstantIntOp::create(rewriter, loc, wide, 0);
    for (auto [r, value] : llvm::enumerate(adaptor.getSrc())) {
      if (int64_t(r) & repeated)
        continue;
      Value v = value;
      if (v.getType().getIntOrFloatBitWidth() < 32)
        v = arith::ExtSIOp::create(rewriter, loc, i32, v);
      // 0 <= v < bins in one unsigned comparison.
      Value counted = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ult, v, bins);
      if (owner)
        counted = arith::AndIOp::create(rewriter, loc, counted, owner);
      Value bin = arith::SelectOp::create(rewriter, loc, counted, v, wideZero);
      if (wide != i32)
        bin = arith::TruncIOp::create(rewriter, loc, i32, bin);
      Value add = arith::ExtUIOp::create(rewriter, loc, i32, counted);
      LLVM::AtomicRMWOp::create(rewriter, loc, LLVM::AtomicBinOp::add,
                                counter(bin), add,
                                LLVM::AtomicOrdering::monotonic);
    }
    emitBarrier(rewriter, loc);

    SmallVector<Value> counts;
    for (Value slot : resultSlots)
      counts.push_back(LLVM::LoadOp::create(rewriter, loc, i32, counter(slot), 4));
    // tile-insert-barriers orders these reads against later writes.
    rewriter.replaceOpWithMultiple(op, {counts});
    return success();
  }

  const LoweringState &state;
};

} // namespace

void tilec::populateHistogramPatterns(TileTypeConverter &converter,
                                      const LoweringState &state,
                                      RewritePatternSet &patterns) {
  patterns.add<HistogramOpLowering>(converter, patterns.getContext(), state);
}
