//===- LayoutPropagation.cpp - choosing a layout per tensor ---------------===//

#include "LayoutPropagation.h"

#include "tilec/Analysis/Layout.h"
#include "tilec/Analysis/LayoutRules.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"

using namespace mlir;
using namespace tilec;

static bool isTensor(Type type) { return isa<RankedTensorType>(type); }

static InFlightDiagnostic emitUncovered(Operation *op) {
  return op->emitOpError("has tensors that no layout rule covers");
}

//===----------------------------------------------------------------------===//
// Building the graph
//===----------------------------------------------------------------------===//

unsigned LayoutPropagation::addSlot(Value value) {
  unsigned id = nodes.size();
  nodes.emplace_back();
  nodes.back().values.push_back(value);
  valueSlots[value] = id;
  return id;
}

unsigned LayoutPropagation::getOrAddSlot(Value value) {
  auto it = valueSlots.find(value);
  return it != valueSlots.end() ? it->second : addSlot(value);
}

void LayoutPropagation::mergeSlots(unsigned into, unsigned from) {
  if (into == from)
    return;
  Node &target = nodes[into], &source = nodes[from];
  for (Value value : source.values) {
    valueSlots[value] = into;
    target.values.push_back(value);
  }
  for (OpOperand *use : source.forwarded) {
    useSlots[use] = into;
    target.forwarded.push_back(use);
  }
  source.values.clear();
  source.forwarded.clear();
}

LogicalResult LayoutPropagation::addRegionBranch(Operation *op) {
  // Results first, then region arguments: slots in program order keep the
  // choice of defaults deterministic.
  for (Value result : op->getResults())
    if (isTensor(result.getType()))
      addSlot(result);
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (BlockArgument arg : block.getArguments())
        if (isTensor(arg.getType()))
          addSlot(arg);

  RegionBranchSuccessorMapping mapping;
  cast<RegionBranchOpInterface>(op).getSuccessorOperandInputMapping(mapping);
  auto addForwarded = [&](OpOperand &use) {
    auto it = mapping.find(&use);
    if (it == mapping.end() || !isTensor(use.get().getType()))
      return;
    // A value forwarded to several inputs (a loop's yield goes to the next
    // iteration and to the results) ties them into one slot.
    unsigned slot = getOrAddSlot(it->second.front());
    for (Value input : llvm::drop_begin(it->second)) {
      unsigned other = getOrAddSlot(input);
      unsigned keep = std::min(slot, other);
      mergeSlots(keep, std::max(slot, other));
      slot = keep;
    }
    useSlots[&use] = slot;
    nodes[slot].forwarded.push_back(&use);
  };
  for (OpOperand &use : op->getOpOperands())
    addForwarded(use);
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
        for (OpOperand &use : block.back().getOpOperands())
          addForwarded(use);

  for (OpOperand &use : op->getOpOperands())
    if (isTensor(use.get().getType()) && !useSlots.count(&use))
      return emitUncovered(op);
  return success();
}

LogicalResult LayoutPropagation::build() {
  for (Block &block : func.getBody()) {
    for (BlockArgument arg : block.getArguments()) {
      if (!isTensor(arg.getType()))
        continue;
      // Kernels are single blocks; branches between blocks carry no layout.
      if (!block.isEntryBlock())
        return emitUncovered(func);
      addSlot(arg);
    }
  }

  WalkResult result = func.getBody().walk<WalkOrder::PreOrder>(
      [&](Operation *op) -> WalkResult {
        if (isa<RegionBranchOpInterface>(op))
          return WalkResult(addRegionBranch(op));
        if (op->hasTrait<OpTrait::IsTerminator>()) {
          // Forwarded operands were taken care of by the parent; a
          // function's results take whatever layout they have.
          if (isa<func::ReturnOp>(op))
            return WalkResult::advance();
          for (OpOperand &use : op->getOpOperands())
            if (isTensor(use.get().getType()) && !useSlots.count(&use))
              return emitUncovered(op);
          return WalkResult::advance();
        }
        switch (getLayoutRule(op)) {
        case LayoutRule::None:
          return WalkResult::advance();
        case LayoutRule::Unknown:
          return emitUncovered(op);
        default:
          break;
        }
        opNodes[op] = nodes.size();
        nodes.emplace_back();
        nodes.back().op = op;
        return WalkResult::advance();
      });
  if (result.wasInterrupted())
    return failure();

  // Every tensor block argument belongs to a slot by now, unless an op with
  // regions we know nothing about owns it.
  result = func.getBody().walk([&](Operation *op) -> WalkResult {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (isTensor(arg.getType()) && !valueSlots.count(arg))
            return emitUncovered(op);
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

unsigned LayoutPropagation::getDefNode(Value value) const {
  auto slot = valueSlots.find(value);
  if (slot != valueSlots.end())
    return slot->second;
  auto node = opNodes.find(value.getDefiningOp());
  assert(node != opNodes.end() && "every tensor has a defining node");
  return node->second;
}

std::optional<unsigned> LayoutPropagation::getUserNode(OpOperand &use) const {
  auto slot = useSlots.find(&use);
  if (slot != useSlots.end())
    return slot->second;
  auto node = opNodes.find(use.getOwner());
  if (node != opNodes.end())
    return node->second;
  return std::nullopt;
}

RankedTensorType LayoutPropagation::getNodeType(const Node &node) const {
  if (node.op)
    return getOpLayoutType(node.op);
  return cast<RankedTensorType>(node.values.front().getType());
}

Attribute LayoutPropagation::getLayout(Value value) const {
  const Node &node = nodes[getDefNode(value)];
  if (!node.op)
    return node.layout;
  return getResultLayout(node.op, cast<OpResult>(value).getResultNumber(),
                         node.layout);
}

Attribute LayoutPropagation::getRequiredLayout(OpOperand &use) const {
  std::optional<unsigned> id = getUserNode(use);
  if (!id)
    return {};
  const Node &node = nodes[*id];
  if (!node.op)
    return node.layout;
  return getOperandLayout(node.op, use.getOperandNumber(), node.layout);
}

//===----------------------------------------------------------------------===//
// Propagation
//===----------------------------------------------------------------------===//

/// Whether a memory op on `type` that would coalesce with `anchor` may take
/// `layout` instead: a blocked layout with the same fastest dimension loses
/// at most vector width, where most others would give up coalescing, unless
/// it gives a thread more consecutive elements than `maxRun` (a misaligned
/// access moving fewer at once: its lanes would lie that much further
/// apart, each warp access spread over as many more sectors). A
/// store may also take an mma accumulator layout along rows when the four
/// lanes of a row (two elements each) fill a 32-byte sector: the product is
/// then stored where it was computed, without a trip through shared memory.
static bool canJoin(Attribute layout, Attribute anchor, int64_t maxRun,
                    RankedTensorType type, Operation *op) {
  if (layout == anchor)
    return true;
  auto blockedAnchor = dyn_cast<tile::BlockedEncodingAttr>(anchor);
  if (!blockedAnchor)
    return false;
  if (isa<tile::MmaEncodingAttr, tile::WgmmaEncodingAttr>(layout))
    return isa<tile::StoreOp>(op) && type.getRank() == 2 &&
           getOrder(anchor).front() == 1 &&
           4 * 2 * getElementBytes(type) >= 32;
  if (!isa<tile::BlockedEncodingAttr>(layout))
    return false;
  unsigned fastest = getOrder(anchor).front();
  if (getOrder(layout).front() != fastest)
    return false;
  if (maxRun && getSizePerThread(layout)[fastest] > maxRun)
    return false;
  // A store whose lanes or warps would hold copies (a layout made for a
  // wider block) writes every element more than once: keep the anchor's.
  if (isa<tile::StoreOp>(op)) {
    auto copies = [&](Attribute attr) {
      tile::LinearLayout linear =
          cast<tile::DistributedLayoutInterface>(attr).toLinearLayout(
              type.getShape());
      return linear.getFreeVariableMask(tile::kLane) != 0 ||
             linear.getFreeVariableMask(tile::kWarp) != 0;
    };
    if (copies(layout) && !copies(anchor))
      return false;
  }
  return true;
}

void LayoutPropagation::assign(unsigned id, Attribute layout) {
  Node &node = nodes[id];
  if (!layout || node.layout)
    return;
  if (node.anchor &&
      !canJoin(layout, node.anchor, node.maxRun, getNodeType(node), node.op))
    return;
  if (node.strict && layout != node.anchor)
    return;
  node.layout = layout;
  worklist.push_back(id);
}

void LayoutPropagation::assignFromUse(OpOperand &use, Attribute layout) {
  std::optional<unsigned> id = getUserNode(use);
  if (!id || nodes[*id].layout)
    return;
  Operation *op = nodes[*id].op;
  assign(*id, op ? inferOpLayoutFromOperand(op, use.getOperandNumber(), layout)
                 : layout);
}

void LayoutPropagation::assignFromDef(Value value, Attribute layout) {
  if (!layout)
    return;
  unsigned id = getDefNode(value);
  if (nodes[id].layout)
    return;
  Operation *op = nodes[id].op;
  assign(id, op ? inferOpLayoutFromResult(
                      op, cast<OpResult>(value).getResultNumber(), layout)
                : layout);
}

void LayoutPropagation::propagate() {
  while (!worklist.empty()) {
    unsigned id = worklist.front();
    worklist.pop_front();
    Operation *op = nodes[id].op;
    Attribute layout = nodes[id].layout;
    if (!op) {
      for (Value value : nodes[id].values)
        for (OpOperand &use : value.getUses())
          assignFromUse(use, layout);
      for (OpOperand *use : nodes[id].forwarded)
        assignFromDef(use->get(), layout);
      continue;
    }
    for (OpResult result : op->getResults()) {
      if (!isTensor(result.getType()))
        continue;
      Attribute resultLayout =
          getResultLayout(op, result.getResultNumber(), layout);
      for (OpOperand &use : result.getUses())
        assignFromUse(use, resultLayout);
    }
    for (OpOperand &use : op->getOpOperands())
      if (isTensor(use.get().getType()))
        assignFromDef(use.get(),
                      getOperandLayout(op, use.getOperandNumber(), layout));
  }
}

void LayoutPropagation::run(ArrayRef<LayoutAnchor> anchors) {
  for (const LayoutAnchor &anchor : anchors) {
    Node &node = nodes[opNodes.lookup(anchor.op)];
    node.anchor = anchor.layout;
    node.strict = anchor.strict;
    node.maxRun = anchor.maxRun;
  }
  // Consecutive strict anchors start together: each then reaches the values
  // nearest to it (its own pointers, a loop-carried pointer block) before
  // another's layout does.
  for (size_t i = 0, e = anchors.size(); i < e; ++i) {
    assign(opNodes.lookup(anchors[i].op), anchors[i].layout);
    while (anchors[i].strict && i + 1 < e && anchors[i + 1].strict) {
      ++i;
      assign(opNodes.lookup(anchors[i].op), anchors[i].layout);
    }
    propagate();
  }

  // What no memory op reached: seed higher ranks first, so that slices
  // flow down to the lower-rank tensors that expand_dims / reduce tie in.
  SmallVector<unsigned> rest;
  for (auto [id, node] : llvm::enumerate(nodes))
    if (!node.layout && (node.op || !node.values.empty()))
      rest.push_back(id);
  llvm::stable_sort(rest, [&](unsigned a, unsigned b) {
    return getNodeType(nodes[a]).getRank() > getNodeType(nodes[b]).getRank();
  });
  for (unsigned id : rest) {
    if (nodes[id].layout)
      continue;
    RankedTensorType type = getNodeType(nodes[id]);
    assign(id, getDefaultLayout(func.getContext(), type.getShape(), numWarps));
    propagate();
  }
}
