//===- LayoutRules.cpp - how ops tie their tensors' layouts ---------------===//

#include "tilec/Analysis/LayoutRules.h"

#include "tilec/Analysis/Layout.h"

#include "tile/IR/Dialect.h"

using namespace mlir;
using namespace tile;
using namespace tilec;

static bool isTensor(Type type) { return isa<RankedTensorType>(type); }

/// The reduced axis of a tl.sum-style or combine-region reduction.
static unsigned getReduceAxis(Operation *op) {
  if (auto reduce = dyn_cast<CombineReduceOp>(op))
    return reduce.getAxis();
  return cast<ReduceOp>(op).getAxis();
}

static bool hasTensors(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isTensor) ||
         llvm::any_of(op->getResultTypes(), isTensor);
}

LayoutRule tilec::getLayoutRule(Operation *op) {
  if (!hasTensors(op))
    return LayoutRule::None;
  if (isa<ExpandDimsOp>(op))
    return LayoutRule::ExpandDims;
  if (isa<ReduceOp, CombineReduceOp>(op))
    return LayoutRule::Reduce;
  if (isa<DotOp>(op))
    return LayoutRule::Dot;
  if (isa<TransOp>(op))
    return LayoutRule::Trans;
  if (isa<ReshapeOp, JoinOp, SplitOp>(op))
    return LayoutRule::Regroup;
  if (isa<HistogramOp>(op))
    return LayoutRule::Free;
  if (isa<GatherOp>(op))
    return LayoutRule::Gather;
  // Only dense constants can be retyped with a layout.
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isa<DenseElementsAttr>(constant.getValue()) ? LayoutRule::Same
                                                       : LayoutRule::Unknown;
  if (isa<AddPtrOp, LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp, BroadcastOp,
          SplatOp, MakeRangeOp, ScanOp, CombineScanOp, SortOp, PrintOp,
          AssertOp, MapElementwiseOp>(op))
    return LayoutRule::Same;
  // arith and math ops (select and cmpi included) are elementwise.
  if (op->hasTrait<OpTrait::Elementwise>() && op->getNumRegions() == 0)
    return LayoutRule::Same;
  return LayoutRule::Unknown;
}

RankedTensorType tilec::getOpLayoutType(Operation *op) {
  if (isa<ReduceOp, CombineReduceOp>(op))
    return cast<RankedTensorType>(op->getOperand(0).getType());
  for (Type type : op->getResultTypes())
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      return tensor;
  for (Type type : op->getOperandTypes())
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      return tensor;
  return {};
}

/// The permutation that undoes `order`.
static SmallVector<int32_t> inverseOrder(ArrayRef<int32_t> order) {
  SmallVector<int32_t> inverse(order.size());
  for (auto [i, d] : llvm::enumerate(order))
    inverse[d] = i;
  return inverse;
}

static ArrayRef<int64_t> getShape(Value value) {
  return cast<RankedTensorType>(value.getType()).getShape();
}

/// The layout the operands of a Regroup op need when the op (its results)
/// has `opLayout`.
static Attribute getRegroupOperandLayout(Operation *op, Attribute opLayout) {
  ArrayRef<int64_t> resultShape = getShape(op->getResult(0));
  if (auto reshape = dyn_cast<ReshapeOp>(op))
    return reshapeLayout(opLayout, resultShape, getShape(reshape.getSrc()));
  if (isa<JoinOp>(op))
    return splitLayout(opLayout, resultShape);
  return joinLayout(opLayout, resultShape);
}

/// The layout of a Regroup op whose operands have `layout`.
static Attribute inferRegroupLayout(Operation *op, Attribute layout) {
  ArrayRef<int64_t> operandShape = getShape(op->getOperand(0));
  if (auto reshape = dyn_cast<ReshapeOp>(op))
    return reshapeLayout(layout, operandShape, getShape(reshape.getResult()));
  if (isa<JoinOp>(op))
    return joinLayout(layout, operandShape);
  return splitLayout(layout, operandShape);
}

/// Whether the derived layouts of `op` exist under `opLayout`.
static bool isValidOpLayout(Operation *op, Attribute opLayout) {
  if (!opLayout)
    return false;
  if (auto trans = dyn_cast<TransOp>(op))
    return bool(permuteLayout(opLayout, inverseOrder(trans.getOrder()),
                              getShape(trans.getResult())));
  if (getLayoutRule(op) == LayoutRule::Regroup)
    return bool(getRegroupOperandLayout(op, opLayout));
  if (auto scan = dyn_cast<ScanOp>(op))
    return getAxisBits(opLayout,
                       cast<RankedTensorType>(scan.getType()).getShape(),
                       scan.getAxis())
        .has_value();
  if (auto sort = dyn_cast<SortOp>(op)) {
    auto type = cast<RankedTensorType>(sort.getType());
    return getAxisBits(opLayout, type.getShape(), type.getRank() - 1)
        .has_value();
  }
  if (auto scan = dyn_cast<CombineScanOp>(op))
    return getAxisBits(
               opLayout,
               cast<RankedTensorType>(scan.getSrcs()[0].getType()).getShape(),
               scan.getAxis())
        .has_value();
  if (auto expand = dyn_cast<ExpandDimsOp>(op))
    return bool(getSliceLayout(expand.getAxis(), opLayout));
  // Every result of a combine reduction is the slice (or a scalar).
  if (auto reduce = dyn_cast<CombineReduceOp>(op))
    return !isTensor(reduce.getResult()[0].getType()) ||
           bool(getSliceLayout(reduce.getAxis(), opLayout));
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return !isTensor(reduce.getType()) ||
           bool(getSliceLayout(reduce.getAxis(), opLayout));
  return true;
}

Attribute tilec::getOperandLayout(Operation *op, unsigned index,
                                  Attribute opLayout) {
  if (!isTensor(op->getOperand(index).getType()))
    return {};
  switch (getLayoutRule(op)) {
  case LayoutRule::Same:
  case LayoutRule::Reduce:
    return opLayout;
  case LayoutRule::ExpandDims:
    return getSliceLayout(cast<ExpandDimsOp>(op).getAxis(), opLayout);
  case LayoutRule::Trans:
    return permuteLayout(opLayout, inverseOrder(cast<TransOp>(op).getOrder()),
                         getShape(op->getResult(0)));
  case LayoutRule::Regroup:
    return getRegroupOperandLayout(op, opLayout);
  case LayoutRule::Free:
    return {};
  case LayoutRule::Gather:
    return index == 1 ? opLayout : Attribute();
  case LayoutRule::Dot:
    if (index == 2)
      return opLayout;
    return getDotOperandLayout(cast<DotOp>(op), index, opLayout);
  case LayoutRule::None:
  case LayoutRule::Unknown:
    return {};
  }
  llvm_unreachable("unknown layout rule");
}

Attribute tilec::getDotOperandLayout(DotOp op, unsigned index,
                                     Attribute opLayout) {
  auto mma = dyn_cast_or_null<MmaEncodingAttr>(opLayout);
  if (!mma)
    return {};
  auto type = cast<RankedTensorType>(op->getOperand(index).getType());
  unsigned bits = type.getElementTypeBitWidth();
  if (bits != 16 && bits != 32)
    return {};
  return DotOperandEncodingAttr::get(op.getContext(), index, mma, 32 / bits);
}

Attribute tilec::getResultLayout(Operation *op, unsigned index,
                                 Attribute opLayout) {
  if (!isTensor(op->getResult(index).getType()))
    return {};
  switch (getLayoutRule(op)) {
  case LayoutRule::Same:
  case LayoutRule::ExpandDims:
  case LayoutRule::Dot:
  case LayoutRule::Trans:
  case LayoutRule::Regroup:
  case LayoutRule::Free:
  case LayoutRule::Gather:
    return opLayout;
  case LayoutRule::Reduce:
    return getSliceLayout(getReduceAxis(op), opLayout);
  case LayoutRule::None:
  case LayoutRule::Unknown:
    return {};
  }
  llvm_unreachable("unknown layout rule");
}

/// The parent of `layout` if it is the slice along `dim`.
static Attribute getSliceParent(Attribute layout, unsigned dim) {
  auto slice = dyn_cast_or_null<SliceEncodingAttr>(layout);
  if (!slice || slice.getDim() != dim)
    return {};
  return slice.getParent();
}

Attribute tilec::inferOpLayoutFromOperand(Operation *op, unsigned index,
                                          Attribute layout) {
  if (!isTensor(op->getOperand(index).getType()))
    return {};
  Attribute opLayout;
  switch (getLayoutRule(op)) {
  case LayoutRule::Same:
  case LayoutRule::Reduce:
    opLayout = layout;
    break;
  case LayoutRule::ExpandDims:
    opLayout = getSliceParent(layout, cast<ExpandDimsOp>(op).getAxis());
    break;
  case LayoutRule::Trans:
    opLayout = permuteLayout(layout, cast<TransOp>(op).getOrder(),
                             getShape(op->getOperand(0)));
    break;
  case LayoutRule::Regroup:
    opLayout = inferRegroupLayout(op, layout);
    break;
  case LayoutRule::Free:
    return {};
  case LayoutRule::Gather:
    if (index != 1)
      return {};
    opLayout = layout;
    break;
  case LayoutRule::Dot:
    if (index == 2) {
      opLayout = layout;
      break;
    }
    if (auto operand = dyn_cast_or_null<DotOperandEncodingAttr>(layout))
      if (operand.getOpIdx() == index)
        opLayout = operand.getParent();
    break;
  case LayoutRule::None:
  case LayoutRule::Unknown:
    return {};
  }
  return isValidOpLayout(op, opLayout) ? opLayout : Attribute();
}

Attribute tilec::inferOpLayoutFromResult(Operation *op, unsigned index,
                                         Attribute layout) {
  if (!isTensor(op->getResult(index).getType()))
    return {};
  Attribute opLayout;
  switch (getLayoutRule(op)) {
  case LayoutRule::Same:
  case LayoutRule::ExpandDims:
  case LayoutRule::Dot:
  case LayoutRule::Trans:
  case LayoutRule::Regroup:
  case LayoutRule::Free:
  case LayoutRule::Gather:
    opLayout = layout;
    break;
  case LayoutRule::Reduce:
    opLayout = getSliceParent(layout, getReduceAxis(op));
    break;
  case LayoutRule::None:
  case LayoutRule::Unknown:
    return {};
  }
  return isValidOpLayout(op, opLayout) ? opLayout : Attribute();
}

bool tilec::isRegroupInRegisters(Operation *op) {
  if (getLayoutRule(op) != LayoutRule::Regroup)
    return false;
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  Attribute needed = getRegroupOperandLayout(op, resultType.getEncoding());
  if (!needed)
    return false;
  // Each thread must hold what the derived layout gives it, in any register
  // order and whatever attribute spells it.
  return llvm::all_of(op->getOperands(), [&](Value operand) {
    auto type = cast<RankedTensorType>(operand.getType());
    return isRegisterPermutation(type, withLayout(type, needed));
  });
}
