//===- Rematerialize.cpp - recomputing instead of converting --------------===//
//
// A layout conversion goes through shared memory with a barrier; a range, a
// splat or a few integer ops cost a handful of register instructions in any
// layout. So index computations needed in two layouts (`tl.arange` used as
// both `[:, None]` and `[None, :]`) are computed twice instead. And a
// conversion whose result is only narrowed (fp32 to fp16) converts the
// narrow values instead: half the scratch, half the shared traffic.
//
//===----------------------------------------------------------------------===//

#include "Rematerialize.h"

#include "tilec/Analysis/Layout.h"
#include "tilec/Analysis/LayoutRules.h"

#include "tile/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Iterators.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace tile;
using namespace tilec;

namespace {

class Rematerializer {
public:
  explicit Rematerializer(unsigned maxOps) : maxOps(maxOps) {}

  /// Whether `value` can be recomputed in `layout` within the op budget.
  bool canRecompute(Value value, Attribute layout, unsigned &budget) const;
  /// Recomputes `value` in `layout` (canRecompute must hold).
  Value recompute(Value value, Attribute layout);
  /// Erases the originals left without users.
  void eraseDeadOriginals(Operation *root);

  unsigned maxOps;

private:
  DenseMap<std::pair<Value, Attribute>, Value> recomputed;
  llvm::SetVector<Operation *> originals;
};

} // namespace

/// Ops cheaper to recompute than to move between threads.
static bool isCheap(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumRegions() != 0)
    return false;
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isa<DenseElementsAttr>(constant.getValue());
  if (isa<MakeRangeOp, SplatOp, BroadcastOp, ExpandDimsOp, AddPtrOp>(op))
    return true;
  // Integer and float arithmetic, compares, selects and casts; math ops
  // (transcendentals) are not cheap.
  return isa<arith::ArithDialect>(op->getDialect()) &&
         getLayoutRule(op) == LayoutRule::Same && isMemoryEffectFree(op);
}

bool Rematerializer::canRecompute(Value value, Attribute layout,
                                  unsigned &budget) const {
  if (getEncoding(value.getType()) == layout ||
      recomputed.count({value, layout}))
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || !isCheap(def) || budget == 0)
    return false;
  --budget;
  Attribute opLayout = inferOpLayoutFromResult(def, 0, layout);
  if (!opLayout)
    return false;
  for (OpOperand &use : def->getOpOperands()) {
    if (!isa<RankedTensorType>(use.get().getType()))
      continue;
    Attribute needed = getOperandLayout(def, use.getOperandNumber(), opLayout);
    if (!needed || !canRecompute(use.get(), needed, budget))
      return false;
  }
  return true;
}

Value Rematerializer::recompute(Value value, Attribute layout) {
  if (getEncoding(value.getType()) == layout)
    return value;
  if (Value done = recomputed.lookup({value, layout}))
    return done;
  Operation *def = value.getDefiningOp();
  Attribute opLayout = inferOpLayoutFromResult(def, 0, layout);
  IRMapping mapping;
  for (OpOperand &use : def->getOpOperands())
    if (isa<RankedTensorType>(use.get().getType()))
      mapping.map(use.get(),
                  recompute(use.get(), getOperandLayout(
                                           def, use.getOperandNumber(),
                                           opLayout)));
  // Next to the original: its operands are available there, and it
  // dominates every use the original dominates.
  OpBuilder builder(def->getContext());
  builder.setInsertionPointAfter(def);
  Operation *clone = builder.clone(*def, mapping);
  auto type = withLayout(value.getType(), layout);
  clone->getResult(0).setType(type);
  if (auto constant = dyn_cast<arith::ConstantOp>(clone))
    constant.setValueAttr(
        cast<DenseElementsAttr>(constant.getValue()).reshape(type));
  originals.insert(def);
  recomputed[{value, layout}] = clone->getResult(0);
  return clone->getResult(0);
}

void Rematerializer::eraseDeadOriginals(Operation *root) {
  // Users come before their operands in reverse post-order, so one pass
  // erases whole dead chains.
  root->walk<WalkOrder::PostOrder, ReverseIterator>([&](Operation *op) {
    if (originals.contains(op) && isOpTriviallyDead(op))
      op->erase();
  });
}

unsigned tilec::rematerializeConversions(Operation *root, unsigned maxOps) {
  SmallVector<ConvertLayoutOp> converts;
  root->walk([&](ConvertLayoutOp op) { converts.push_back(op); });

  Rematerializer remat(maxOps);
  unsigned removed = 0;
  for (ConvertLayoutOp convert : converts) {
    Value src = convert.getSrc();
    Attribute target = getEncoding(convert.getType());
    unsigned budget = remat.maxOps;
    if (!remat.canRecompute(src, target, budget))
      continue;
    convert.getResult().replaceAllUsesWith(remat.recompute(src, target));
    convert->erase();
    ++removed;
  }
  remat.eraseDeadOriginals(root);
  return removed;
}

unsigned tilec::narrowBeforeConversions(Operation *root) {
  SmallVector<ConvertLayoutOp> converts;
  root->walk([&](ConvertLayoutOp op) { converts.push_back(op); });
  unsigned moved = 0;
  for (ConvertLayoutOp convert : converts) {
    if (!convert->hasOneUse())
      continue;
    Operation *narrowing = *convert->getUsers().begin();
    if (!isa<arith::TruncFOp, arith::TruncIOp>(narrowing) ||
        narrowing->getOperand(0) != convert.getResult())
      continue;
    // The cast in the source's layout, then the conversion of its result.
    OpBuilder builder(convert);
    IRMapping mapping;
    mapping.map(convert.getResult(), convert.getSrc());
    Operation *narrow = builder.clone(*narrowing, mapping);
    auto resultType = cast<RankedTensorType>(narrowing->getResult(0).getType());
    narrow->getResult(0).setType(
        withLayout(resultType, getEncoding(convert.getSrc().getType())));
    auto converted = ConvertLayoutOp::create(builder, convert.getLoc(),
                                             resultType, narrow->getResult(0));
    narrowing->getResult(0).replaceAllUsesWith(converted.getResult());
    narrowing->erase();
    convert->erase();
    ++moved;
  }
  return moved;
}
