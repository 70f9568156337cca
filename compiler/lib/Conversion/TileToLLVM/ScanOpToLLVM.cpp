//===- ScanOpToLLVM.cpp - prefix sums and products along an axis ----------===//
//
// tile.scan takes the steps of Scan.cpp with one operand, combining with
// its kind's op (all four commute), and exchanges totals between warps
// through the op's scratch (emitWarpExchange).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "Scan.h"

#include "tilec/Analysis/Layout.h"

using namespace mlir;
using namespace tilec;

/// a op b for a scan of `kind`.
static Value combine(OpBuilder &builder, Location loc, tile::ScanKind kind,
                     Value a, Value b) {
  bool isFloat = isa<FloatType>(a.getType());
  switch (kind) {
  case tile::ScanKind::Sum:
    return isFloat ? arith::AddFOp::create(builder, loc, a, b).getResult()
                   : arith::AddIOp::create(builder, loc, a, b).getResult();
  case tile::ScanKind::Prod:
    return isFloat ? arith::MulFOp::create(builder, loc, a, b).getResult()
                   : arith::MulIOp::create(builder, loc, a, b).getResult();
  case tile::ScanKind::Max:
    return isFloat ? arith::MaxNumFOp::create(builder, loc, a, b).getResult()
                   : arith::MaxSIOp::create(builder, loc, a, b).getResult();
  case tile::ScanKind::Min:
    return isFloat ? arith::MinNumFOp::create(builder, loc, a, b).getResult()
                   : arith::MinSIOp::create(builder, loc, a, b).getResult();
  }
  llvm_unreachable("unknown scan kind");
}

namespace {

struct ScanOpLowering : public OpConversionPattern<tile::ScanOp> {
  ScanOpLowering(const TypeConverter &converter, MLIRContext *context,
                 const LoweringState &state)
      : OpConversionPattern(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(tile::ScanOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getType());
    auto bits = getAxisBits(type.getEncoding(), type.getShape(), op.getAxis());
    if (!bits)
      return rewriter.notifyMatchFailure(op, "the layout splits axis bits");
    auto offset = state.sharedOffsets.find(op);
    bool acrossWarps = llvm::any_of(
        *bits, [](const auto &bit) { return bit.first == tile::kWarp; });
    if (acrossWarps && offset == state.sharedOffsets.end())
      return rewriter.notifyMatchFailure(op, "no scratch");
    tile::ScanKind kind = op.getKind();
    Type element = getTypeConverter()->convertType(type.getElementType());

    Value scratch;
    auto exchangeWarps = [&](ArrayRef<ScanTuple> tuples, unsigned warpBit) {
      // Slot thread * tuples + chunk.
      if (!scratch)
        scratch = emitSharedPointer(rewriter, loc, offset->second);
      SmallVector<Value> mine;
      for (const ScanTuple &tuple : tuples)
        mine.push_back(tuple[0]);
      SmallVector<ScanTuple> partners;
      for (Value value :
           emitWarpExchange(rewriter, loc, scratch, element, mine, warpBit))
        partners.push_back({value});
      return partners;
    };
    auto combineTuples = [&](ValueRange a, ValueRange b) {
      return ScanTuple{combine(rewriter, loc, kind, a[0], b[0])};
    };
    ScanCallbacks callbacks{combineTuples, exchangeWarps,
                            /*commutative=*/true};
    SmallVector<ScanTuple> values;
    for (Value value : adaptor.getSrc())
      values.push_back({value});
    SmallVector<Value> results;
    for (const ScanTuple &tuple : emitScan(rewriter, loc, *bits, values,
                                           op.getReverse(), callbacks))
      results.push_back(tuple[0]);
    rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }

  const LoweringState &state;
};

} // namespace

void tilec::populateScanPatterns(TileTypeConverter &converter,
                                 const LoweringState &state,
                                 RewritePatternSet &patterns) {
  patterns.add<ScanOpLowering>(converter, patterns.getContext(), state);
}
