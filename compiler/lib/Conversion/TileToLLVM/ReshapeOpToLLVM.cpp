//===- ReshapeOpToLLVM.cpp - reshape, join and split ----------------------===//
//
// These ops keep row-major order (join interleaves its operands, split
// deinterleaves). When their layouts are those tile-assign-layouts derives
// (LayoutRules' Regroup), every thread already holds the elements it needs
// and only renumbers its values. Otherwise, whatever the layouts, every
// thread writes the elements it holds at their row-major slots of the op's
// scratch, a barrier, and every thread reads the slots of the elements it
// holds of the results. Threads holding copies write the same value to the
// same slot.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tilec/Analysis/LayoutRules.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace tilec;

LogicalResult tilec::storeSlots(OpBuilder &builder, Location loc, Value base,
                         Type element, RankedTensorType type,
                         ValueRange values, int64_t stride, int64_t offset) {
  std::optional<Distribution> distribution = Distribution::get(type);
  if (!distribution)
    return failure();
  unsigned bytes = getByteWidth(element);
  for (auto [value, linear] : llvm::zip(
           values, distribution->emitLinearIndices(builder, loc))) {
    Value slot = arith::AddIOp::create(
        builder, loc,
        arith::MulIOp::create(builder, loc, linear, emitI32(builder, loc, stride)),
        emitI32(builder, loc, offset));
    LLVM::StoreOp::create(
        builder, loc, value,
        emitSharedElementPointer(builder, loc, base, element, slot), bytes);
  }
  return success();
}

namespace {

/// Loads the values `type`'s layout gives this thread from slots
/// linear * stride + offset.
FailureOr<SmallVector<Value>> loadSlots(OpBuilder &builder, Location loc,
                                        Value base, Type element,
                                        RankedTensorType type, int64_t stride,
                                        int64_t offset) {
  std::optional<Distribution> distribution = Distribution::get(type);
  if (!distribution)
    return failure();
  unsigned bytes = getByteWidth(element);
  SmallVector<Value> values;
  for (Value linear : distribution->emitLinearIndices(builder, loc)) {
    Value slot = arith::AddIOp::create(
        builder, loc,
        arith::MulIOp::create(builder, loc, linear, emitI32(builder, loc, stride)),
        emitI32(builder, loc, offset));
    values.push_back(LLVM::LoadOp::create(
        builder, loc, element,
        emitSharedElementPointer(builder, loc, base, element, slot), bytes));
  }
  return values;
}

/// The row-major index of `offset` within `shape`.
int64_t flatten(ArrayRef<int64_t> offset, ArrayRef<int64_t> shape) {
  int64_t index = 0;
  for (auto [o, size] : llvm::zip_equal(offset, shape))
    index = index * size + o;
  return index;
}

/// The offset of row-major index `index` within `shape`.
SmallVector<int64_t> unflatten(int64_t index, ArrayRef<int64_t> shape) {
  SmallVector<int64_t> offset(shape.size());
  for (int d = int(shape.size()) - 1; d >= 0; --d) {
    offset[d] = index % shape[d];
    index /= shape[d];
  }
  return offset;
}

template <typename OpTy>
using Adaptor = typename OpConversionPattern<OpTy>::OneToNOpAdaptor;

/// Reshape, join or split whose operands have the layouts its result's
/// asks for: no data moves between threads.
template <typename OpTy>
FailureOr<SmallVector<SmallVector<Value>>>
regroupInRegisters(OpTy op, Adaptor<OpTy> adaptor) {
  auto typeOf = [](Value v) { return cast<RankedTensorType>(v.getType()); };
  SmallVector<SmallVector<Value>> results;
  if constexpr (std::is_same_v<OpTy, tile::ReshapeOp>) {
    ArrayRef<int64_t> from = typeOf(op.getSrc()).getShape(),
                      to = typeOf(op.getResult()).getShape();
    auto values = gatherValues(typeOf(op.getSrc()), adaptor.getSrc(),
                               typeOf(op.getResult()),
                               [&](ArrayRef<int64_t> offset) {
                                 return unflatten(flatten(offset, to), from);
                               });
    if (failed(values))
      return failure();
    results.push_back(std::move(*values));
  } else if constexpr (std::is_same_v<OpTy, tile::JoinOp>) {
    // The new last coordinate says which operand holds the element.
    auto values = gatherHeldValues(
        typeOf(op.getResult()),
        {{typeOf(op.getLhs()), adaptor.getLhs()},
         {typeOf(op.getRhs()), adaptor.getRhs()}},
        [&](ArrayRef<int64_t> offset) {
          return std::make_pair(unsigned(offset.back()),
                                SmallVector<int64_t>(offset.drop_back()));
        });
    if (failed(values))
      return failure();
    results.push_back(std::move(*values));
  } else {
    for (auto [half, result] : llvm::enumerate(op->getResults())) {
      auto values = gatherValues(typeOf(op.getSrc()), adaptor.getSrc(),
                                 typeOf(result), [&](ArrayRef<int64_t> offset) {
                                   SmallVector<int64_t> source(offset);
                                   source.push_back(int64_t(half));
                                   return source;
                                 });
      if (failed(values))
        return failure();
      results.push_back(std::move(*values));
    }
  }
  return results;
}

template <typename OpTy>
struct RoundTripLowering : public OpConversionPattern<OpTy> {
  RoundTripLowering(const TypeConverter &converter, MLIRContext *context,
                    const LoweringState &state)
      : OpConversionPattern<OpTy>(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(OpTy op,
                  typename OpConversionPattern<OpTy>::OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isRegroupInRegisters(op)) {
      auto results = regroupInRegisters(op, adaptor);
      if (failed(results))
        return rewriter.notifyMatchFailure(op, "a thread lacks an element");
      SmallVector<ValueRange> ranges(results->begin(), results->end());
      rewriter.replaceOpWithMultiple(op, ranges);
      return success();
    }
    auto it = state.sharedOffsets.find(op);
    if (it == state.sharedOffsets.end())
      return rewriter.notifyMatchFailure(op, "no scratch");
    Location loc = op.getLoc();
    Value base = emitSharedPointer(rewriter, loc, it->second);
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    Type element =
        this->getTypeConverter()->convertType(resultType.getElementType());
    auto typeOf = [](Value v) { return cast<RankedTensorType>(v.getType()); };

    LogicalResult stored = success();
    if constexpr (std::is_same_v<OpTy, tile::JoinOp>) {
      stored = storeSlots(rewriter, loc, base, element, typeOf(op.getLhs()),
                          adaptor.getLhs(), 2, 0);
      if (succeeded(stored))
        stored = storeSlots(rewriter, loc, base, element, typeOf(op.getRhs()),
                            adaptor.getRhs(), 2, 1);
    } else {
      stored = storeSlots(rewriter, loc, base, element, typeOf(op.getSrc()),
                          adaptor.getSrc(), 1, 0);
    }
    if (failed(stored))
      return rewriter.notifyMatchFailure(op, "no layout");
    emitBarrier(rewriter, loc);
    SmallVector<SmallVector<Value>> results;
    for (auto [index, result] : llvm::enumerate(op->getResults())) {
      bool isSplit = std::is_same_v<OpTy, tile::SplitOp>;
      FailureOr<SmallVector<Value>> values =
          loadSlots(rewriter, loc, base, element, typeOf(result),
                    isSplit ? 2 : 1, isSplit ? int64_t(index) : 0);
      if (failed(values))
        return rewriter.notifyMatchFailure(op, "no result layout");
      results.push_back(std::move(*values));
    }
    // tile-insert-barriers orders these reads against later writes.
    SmallVector<ValueRange> ranges(results.begin(), results.end());
    rewriter.replaceOpWithMultiple(op, ranges);
    return success();
  }

  const LoweringState &state;
};

} // namespace

void tilec::populateReshapePatterns(TileTypeConverter &converter,
                                    const LoweringState &state,
                                    RewritePatternSet &patterns) {
  patterns.add<RoundTripLowering<tile::ReshapeOp>,
               RoundTripLowering<tile::JoinOp>,
               RoundTripLowering<tile::SplitOp>>(converter,
                                                 patterns.getContext(), state);
}
