//===- LayoutPropagation.h - choosing a layout per tensor -------*- C++ -*-===//
//
// The layout graph of one function: its nodes are the ops with tensors
// (whose tensors' layouts follow from one op layout, see LayoutRules.h) and
// "slots", the block arguments and results of region ops that carry the
// same value around a loop or out of a branch and so share a layout. Nodes
// get layouts by propagation from anchors (memory ops, in priority order)
// and then from defaults. A use whose value's layout differs from the one
// its user needs is a conversion for the caller to materialise.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_TRANSFORMS_LAYOUTPROPAGATION_H
#define TILEC_LIB_TRANSFORMS_LAYOUTPROPAGATION_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <deque>

namespace tilec {

/// An op whose layout is chosen for it: a memory op and the layout that
/// coalesces it, or a product and its tensor-core layout. A strict anchor
/// takes no other layout; others may join a neighbour's (see canJoin).
struct LayoutAnchor {
  mlir::Operation *op;
  mlir::Attribute layout;
  bool strict = false;
  /// A misaligned access's vector width: it joins no blocked layout giving a
  /// thread more consecutive elements along its fastest dimension. 0: no
  /// limit.
  int64_t maxRun = 0;
};

class LayoutPropagation {
public:
  LayoutPropagation(mlir::func::FuncOp func, unsigned numWarps)
      : func(func), numWarps(numWarps) {}

  /// Builds the graph; emits an error and fails on IR it cannot lay out.
  mlir::LogicalResult build();

  /// Chooses every node's layout: each anchor in turn (`anchors` in
  /// priority order; consecutive strict ones together) unless an earlier
  /// anchor reached it, then defaults.
  void run(llvm::ArrayRef<LayoutAnchor> anchors);

  /// The layout chosen for a tensor value.
  mlir::Attribute getLayout(mlir::Value value) const;

  /// The layout `use` needs, or null when its user takes any layout
  /// (`func.return`).
  mlir::Attribute getRequiredLayout(mlir::OpOperand &use) const;

private:
  struct Node {
    /// The op of an op node; null for a slot.
    mlir::Operation *op = nullptr;
    /// Slot: the block arguments and op results that share its layout.
    llvm::SmallVector<mlir::Value, 2> values;
    /// Slot: the operands whose values flow into it.
    llvm::SmallVector<mlir::OpOperand *, 2> forwarded;
    /// The layout chosen, once chosen.
    mlir::Attribute layout;
    /// Memory ops: the layout that coalesces them.
    mlir::Attribute anchor;
    /// Whether the node takes its anchor's layout only.
    bool strict = false;
    /// The anchor's maxRun (LayoutAnchor).
    int64_t maxRun = 0;
  };

  unsigned addSlot(mlir::Value value);
  unsigned getOrAddSlot(mlir::Value value);
  void mergeSlots(unsigned into, unsigned from);
  mlir::LogicalResult addRegionBranch(mlir::Operation *op);

  /// The node whose layout decides `value`'s.
  unsigned getDefNode(mlir::Value value) const;
  /// The node whose layout decides what `use` needs, if any.
  std::optional<unsigned> getUserNode(mlir::OpOperand &use) const;
  mlir::RankedTensorType getNodeType(const Node &node) const;

  void assign(unsigned id, mlir::Attribute layout);
  void assignFromUse(mlir::OpOperand &use, mlir::Attribute layout);
  void assignFromDef(mlir::Value value, mlir::Attribute layout);
  void propagate();

  mlir::func::FuncOp func;
  unsigned numWarps;
  llvm::SmallVector<Node> nodes;
  llvm::DenseMap<mlir::Operation *, unsigned> opNodes;
  llvm::DenseMap<mlir::Value, unsigned> valueSlots;
  llvm::DenseMap<mlir::OpOperand *, unsigned> useSlots;
  std::deque<unsigned> worklist;
};

} // namespace tilec

#endif // TILEC_LIB_TRANSFORMS_LAYOUTPROPAGATION_H
