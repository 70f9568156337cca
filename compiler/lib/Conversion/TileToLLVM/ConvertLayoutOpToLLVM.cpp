//===- ConvertLayoutOpToLLVM.cpp - redistributing a tensor ----------------===//
//
// A layout conversion takes the cheapest way the two linear layouts allow:
//   - none, when they are the same map;
//   - a register permutation, when lanes and warps hold the same elements
//     under both and only the order of a thread's registers differs (or the
//     destination drops copies);
//   - otherwise through scratch shared memory: every thread stores what it
//     holds, a barrier, and every thread loads what the destination gives
//     it. The scratch is row-major (a matrix's 16-byte chunks swizzled), or,
//     where that is cheaper for the two sides together, a layout whose
//     lowest offsets are register bits both sides share, so that both
//     move 16 bytes at a time (getConversionScratchLayout).
// Warp shuffles for conversions within a warp are not done yet.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tile/IR/Dialect.h"
#include "tile/Layout/LayoutKinds.h"
#include "tile/Layout/SharedAccess.h"
#include "tilec/Analysis/Layout.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilec;
using tile::LinearLayout;

/// The registers of `from` that hold what the registers of `to` hold; the
/// layouts must be a register permutation (isRegisterPermutation).
static SmallVector<int64_t> getRegisterSources(const Distribution &from,
                                               const Distribution &to) {
  SmallVector<int64_t> sources;
  for (ArrayRef<int64_t> offset : to.getOffsets())
    sources.push_back(from.find(offset));
  return sources;
}

/// The default scratch holds the tensor row-major. Rank-2 tensors with rows
/// of at least 32 bytes have the 16-byte chunks of each row XORed with the
/// row number (over the rows that share a bank window), so that a warp's
/// accesses spread over the banks whether it goes along rows (a coalesced
/// blocked layout) or down columns (an accumulator's 8 rows of 8 bytes).
static LinearLayout getScratchLayout(ArrayRef<int64_t> shape,
                                     unsigned elementBytes) {
  SmallVector<unsigned> order;
  for (unsigned d = shape.size(); d > 0; --d)
    order.push_back(d - 1);
  int64_t rowBytes = shape.back() * elementBytes;
  if (shape.size() != 2 || rowBytes < 32 || elementBytes > 16)
    return tile::identityStandardND(shape, order, tile::kOffset);
  unsigned vec = 16 / elementBytes;
  unsigned chunks = rowBytes / 16;
  unsigned perPhase = std::max<int64_t>(1, 128 / rowBytes);
  unsigned maxPhase = std::min(8u, chunks);
  return tile::swizzledSharedToLinearLayout(shape, vec, perPhase, maxPhase,
                                            order);
}

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
    ValueRange values = adaptor.getSrc();

    if (isRegisterPermutation(srcType, resultType)) {
      SmallVector<Value> results;
      for (int64_t index : getRegisterSources(*from, *to)) {
        assert(index >= 0 && "a register permutation holds every element");
        results.push_back(values[index]);
      }
      rewriter.replaceOpWithMultiple(op, {results});
      return success();
    }

    auto offsetIt = state.sharedOffsets.find(op);
    if (offsetIt == state.sharedOffsets.end())
      return rewriter.notifyMatchFailure(op, "no shared memory allocated");
    Type element = getTypeConverter()->convertType(srcType.getElementType());
    Value base = emitSharedPointer(rewriter, loc, offsetIt->second);
    unsigned bytes = getByteWidth(element);
    LinearLayout scratch = tile::getConversionScratchLayout(
        from->getLinearLayout(), to->getLinearLayout(), srcType.getShape(),
        bytes, getScratchLayout(srcType.getShape(), bytes));
    storeToBuffer(rewriter, loc,
                  planSharedAccess(from->getLinearLayout(), scratch, bytes,
                                   /*anyRegisters=*/true),
                  base, element, values);
    emitBarrier(rewriter, loc);
    SmallVector<Value> results = loadFromBuffer(
        rewriter, loc,
        planSharedAccess(to->getLinearLayout(), scratch, bytes,
                         /*anyRegisters=*/true),
        base, element, to->size());
    // tile-insert-barriers orders these accesses against later ones (the
    // next iteration's stores).
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
