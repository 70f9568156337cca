//===- DotOperandsToShared.cpp - tile-dot-operands-to-shared --------------===//
//
// Replaces each conversion into a `#tile.dot_operand` layout with a trip
// through a swizzled shared-memory buffer (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "tilec/Analysis/Layout.h"

#include "mlir/Interfaces/LoopLikeInterface.h"

namespace tilec {
#define GEN_PASS_DEF_TILEDOTOPERANDSTOSHARED
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tile;
using namespace tilec;

namespace {

/// Where a buffer filled from `value` for a product at `user` goes: before
/// the outermost loop around `user` that `value` does not change in (so
/// that a loop-invariant factor, such as attention's Q, is stored once),
/// else just before `user`.
static void setBufferInsertionPoint(OpBuilder &builder, Value value,
                                    Operation *user) {
  builder.setInsertionPoint(user);
  // The loops between the op whose region defines `value` and `user`.
  Operation *scope = value.getParentRegion()->getParentOp();
  for (Operation *parent = user->getParentOp(); parent && parent != scope;
       parent = parent->getParentOp())
    if (isa<LoopLikeOpInterface>(parent))
      builder.setInsertionPoint(parent);
}

/// A buffer holding `factor` (operand `opIdx` of a wgmma product at
/// `dot`) in `layout`. A factor that is a transposed block, `tl.trans(x)`
/// or `x.T`, is stored as x and read through a transposed view: the buffer
/// then holds the block as it was loaded, which the pipeliner can fill with
/// asynchronous copies.
static Value allocateFactor(OpBuilder &builder, Operation *dot, Value factor,
                            NvmmaSharedEncodingAttr layout) {
  MLIRContext *context = dot->getContext();
  auto type = cast<RankedTensorType>(factor.getType());
  auto trans = factor.getDefiningOp<TransOp>();
  if (!trans || trans.getOrder() != ArrayRef<int32_t>{1, 0}) {
    setBufferInsertionPoint(builder, factor, dot);
    return LocalAllocOp::create(
        builder, dot->getLoc(),
        MemDescType::get(context, type.getShape(), type.getElementType(),
                         layout),
        factor, IntegerAttr());
  }
  Value source = trans.getSrc();
  auto sourceType = cast<RankedTensorType>(source.getType());
  auto sourceLayout = NvmmaSharedEncodingAttr::get(
      context, layout.getSwizzle(), layout.getElementBits(),
      !layout.getTransposed());
  setBufferInsertionPoint(builder, source, dot);
  Value buffer = LocalAllocOp::create(
      builder, dot->getLoc(),
      MemDescType::get(context, sourceType.getShape(),
                       sourceType.getElementType(), sourceLayout),
      source, IntegerAttr());
  return MemDescTransOp::create(
      builder, dot->getLoc(),
      MemDescType::get(context, type.getShape(), type.getElementType(),
                       layout),
      buffer);
}

/// `a` in wgmma's register operand layout when it is a 16-bit block whose
/// registers already hold it so (a product's accumulator rounded to 16
/// bits, as attention's probabilities): the conversion renumbers registers
/// only. Else null.
static Value getRegisterOperandA(OpBuilder &builder, DotOp dot,
                                 WgmmaEncodingAttr layout) {
  auto type = cast<RankedTensorType>(dot.getA().getType());
  if (type.getElementTypeBitWidth() != 16 || layout.getWarpsPerCTA()[1] != 1)
    return Value();
  auto regsType = RankedTensorType::get(
      type.getShape(), type.getElementType(),
      DotOperandEncodingAttr::get(dot.getContext(), 0, layout, 2));
  if (!isRegisterPermutation(type, regsType))
    return Value();
  builder.setInsertionPoint(dot);
  return ConvertLayoutOp::create(builder, dot.getLoc(), regsType, dot.getA());
}

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
  SmallVector<Value> factors;
  for (auto [opIdx, factor] : llvm::enumerate(dot->getOperands().take_front(2))) {
    Value registers;
    if (opIdx == 0)
      registers = getRegisterOperandA(builder, dot, layout);
    factors.push_back(
        registers ? registers
                  : allocateFactor(
                        builder, dot, factor,
                        getWgmmaOperandSharedLayout(
                            cast<RankedTensorType>(factor.getType()), opIdx)));
  }
  builder.setInsertionPoint(dot);
  Value product = WarpGroupDotOp::create(builder, dot.getLoc(), dot.getType(),
                                         factors[0], factors[1], dot.getAcc());
  dot.getResult().replaceAllUsesWith(product);
  SmallVector<Value> original(dot->getOperands().take_front(2));
  dot->erase();
  // A transpose stored untransposed is dead now; the pipeliner wants the
  // load's only use to be the buffer.
  for (Value factor : original)
    if (auto trans = factor.getDefiningOp<TransOp>(); trans && trans->use_empty())
      trans->erase();
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
      // wgmma's register operands (A, or B of a transposed product) are
      // register permutations or were loaded from their buffers above.
      auto dotLayout =
          dyn_cast_or_null<DotOperandEncodingAttr>(op.getType().getEncoding());
      if (dotLayout && isa<MmaEncodingAttr>(dotLayout.getParent()) &&
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
