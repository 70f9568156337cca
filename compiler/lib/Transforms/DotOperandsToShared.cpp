//===- DotOperandsToShared.cpp - tile-dot-operands-to-shared --------------===//
//
// Replaces each conversion into a `#tile.dot_operand` layout with a trip
// through a swizzled shared-memory buffer (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "tilec/Analysis/Layout.h"

namespace tilec {
#define GEN_PASS_DEF_TILEDOTOPERANDSTOSHARED
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tile;
using namespace tilec;

namespace {

/// A product with a wgmma accumulator reads its factors from shared memory:
/// each goes into a buffer in PTX's canonical swizzle, and the product
/// becomes a tile.warpgroup_dot of the two buffers.
static void moveWgmmaFactorsToShared(DotOp dot) {
  OpBuilder builder(dot);
  auto layout = cast<WgmmaEncodingAttr>(
      cast<RankedTensorType>(dot.getType()).getEncoding());
  if (layout.getTransposed()) {
    // D^T = B^T A^T: A is wgmma's K-major shared operand; B goes through a
    // buffer in its own orientation into the registers wgmma reads.
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    auto bType = cast<RankedTensorType>(dot.getB().getType());
    Value a = LocalAllocOp::create(
        builder, dot.getLoc(),
        MemDescType::get(dot.getContext(), aType.getShape(),
                         aType.getElementType(),
                         getWgmmaOperandSharedLayout(aType, 0)),
        dot.getA(), IntegerAttr());
    Value bBuffer = LocalAllocOp::create(
        builder, dot.getLoc(),
        MemDescType::get(dot.getContext(), bType.getShape(),
                         bType.getElementType(),
                         getTransposedOperandSharedLayout(bType)),
        dot.getB(), IntegerAttr());
    auto bRegsType = RankedTensorType::get(
        bType.getShape(), bType.getElementType(),
        DotOperandEncodingAttr::get(dot.getContext(), 1, layout, 1));
    Value b = LocalLoadOp::create(builder, dot.getLoc(), bRegsType, bBuffer);
    Value product = WarpGroupDotOp::create(builder, dot.getLoc(),
                                           dot.getType(), a, b, dot.getAcc());
    dot.getResult().replaceAllUsesWith(product);
    dot->erase();
    return;
  }
  SmallVector<Value> buffers;
  Value factors[] = {dot.getA(), dot.getB()};
  for (auto [opIdx, factor] : llvm::enumerate(factors)) {
    auto type = cast<RankedTensorType>(factor.getType());
    auto bufferType =
        MemDescType::get(dot.getContext(), type.getShape(),
                         type.getElementType(),
                         getWgmmaOperandSharedLayout(type, opIdx));
    buffers.push_back(LocalAllocOp::create(builder, dot.getLoc(), bufferType,
                                           factor, IntegerAttr()));
  }
  Value product = WarpGroupDotOp::create(builder, dot.getLoc(), dot.getType(),
                                         buffers[0], buffers[1], dot.getAcc());
  dot.getResult().replaceAllUsesWith(product);
  dot->erase();
}

struct TileDotOperandsToSharedPass
    : public tilec::impl::TileDotOperandsToSharedBase<
          TileDotOperandsToSharedPass> {
  void runOnOperation() override {
    SmallVector<DotOp> wgmmaDots;
    getOperation().walk([&](DotOp dot) {
      if (isa_and_nonnull<WgmmaEncodingAttr>(
              cast<RankedTensorType>(dot.getType()).getEncoding()))
        wgmmaDots.push_back(dot);
    });
    for (DotOp dot : wgmmaDots)
      moveWgmmaFactorsToShared(dot);

    SmallVector<ConvertLayoutOp> conversions;
    getOperation().walk([&](ConvertLayoutOp op) {
      auto srcType = cast<RankedTensorType>(op.getSrc().getType());
      if (isa_and_nonnull<DotOperandEncodingAttr>(op.getType().getEncoding()) &&
          isa_and_nonnull<DistributedLayoutInterface>(srcType.getEncoding()) &&
          srcType.getRank() == 2)
        conversions.push_back(op);
    });
    for (ConvertLayoutOp op : conversions) {
      auto srcType = cast<RankedTensorType>(op.getSrc().getType());
      OpBuilder builder(op);
      auto bufferType = MemDescType::get(
          op.getContext(), srcType.getShape(), srcType.getElementType(),
          getDotOperandSharedLayout(srcType));
      Value buffer = LocalAllocOp::create(builder, op.getLoc(), bufferType,
                                          op.getSrc(), IntegerAttr());
      // Each use reads the buffer just before it: the stores of both factors
      // then come before the reads of either, so one barrier orders them
      // all and the two buffers live side by side.
      for (OpOperand &use : llvm::make_early_inc_range(op->getUses())) {
        Operation *user = use.getOwner();
        builder.setInsertionPoint(user);
        if (Operation *ancestor =
                op->getBlock()->findAncestorOpInBlock(*user))
          builder.setInsertionPoint(ancestor);
        use.set(LocalLoadOp::create(builder, op.getLoc(), op.getType(),
                                    buffer));
      }
      op->erase();
    }
  }
};

} // namespace
