//===- MarkStreamingLoads.cpp - tile-mark-streaming-loads -----------------===//
//
// Marks block loads whose data the kernel reads once and only reduces as
// last-use (`ld.global.lu`); see Passes.td for the rule and why.
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace tilec {
#define GEN_PASS_DEF_TILEMARKSTREAMINGLOADS
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace mlir::tile;

/// The values a loop-carried block argument of `scf.for` takes: its initial
/// value and what the body yields for it. Empty for the induction variable.
static SmallVector<Value> iterArgSources(BlockArgument arg) {
  auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
  if (!loop || arg == loop.getInductionVar())
    return {};
  unsigned index = arg.getArgNumber() - loop.getNumInductionVars();
  return {loop.getInitArgs()[index], loop.getYieldedValues()[index]};
}

/// The function argument `ptr` is computed from by pointer arithmetic, or
/// null when it has none or more than one.
static BlockArgument rootPointer(Value ptr) {
  SmallVector<Value> worklist{ptr};
  llvm::DenseSet<Value> seen;
  BlockArgument root;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (isa<func::FuncOp>(arg.getOwner()->getParentOp())) {
        if (root && root != arg)
          return {};
        root = arg;
        continue;
      }
      SmallVector<Value> sources = iterArgSources(arg);
      if (sources.empty())
        return {};
      worklist.append(sources.begin(), sources.end());
      continue;
    }
    Operation *op = value.getDefiningOp();
    if (auto addptr = dyn_cast<AddPtrOp>(op))
      worklist.push_back(addptr.getPtr());
    else if (isa<SplatOp, BroadcastOp, ExpandDimsOp, ConvertLayoutOp>(op))
      worklist.push_back(op->getOperand(0));
    else if (auto loop = dyn_cast<scf::ForOp>(op))
      worklist.push_back(loop.getRegionIterArgs()[cast<OpResult>(value)
                                                      .getResultNumber()]);
    else
      return {};
  }
  return root;
}

/// Whether `value` is computed from `tl.program_id`.
static bool dependsOnProgramId(Value value) {
  SmallVector<Value> worklist{value};
  llvm::DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
      if (!loop)
        continue;
      if (arg == loop.getInductionVar()) {
        worklist.append({loop.getLowerBound(), loop.getUpperBound(),
                         loop.getStep()});
        continue;
      }
      SmallVector<Value> sources = iterArgSources(arg);
      worklist.append(sources.begin(), sources.end());
      continue;
    }
    Operation *op = v.getDefiningOp();
    if (isa<ProgramIdOp>(op))
      return true;
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      worklist.push_back(
          loop.getYieldedValues()[cast<OpResult>(v).getResultNumber()]);
      continue;
    }
    worklist.append(op->operand_begin(), op->operand_end());
  }
  return false;
}

/// Whether the data `loaded` reaches anything but a reduction: a store or a
/// load (as value, address or mask), a return, or an op we do not follow.
static bool escapesUnreduced(Value loaded) {
  SmallVector<Value> worklist{loaded};
  llvm::DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (isa<ReduceOp>(user))
        continue;
      if (auto yield = dyn_cast<scf::YieldOp>(user)) {
        auto loop = dyn_cast<scf::ForOp>(yield->getParentOp());
        if (!loop)
          return true;
        unsigned index = use.getOperandNumber();
        worklist.push_back(loop.getResult(index));
        worklist.push_back(loop.getRegionIterArgs()[index]);
        continue;
      }
      if (auto loop = dyn_cast<scf::ForOp>(user)) {
        if (use.getOperandNumber() < loop.getNumControlOperands())
          return true;
        unsigned index = use.getOperandNumber() - loop.getNumControlOperands();
        worklist.push_back(loop.getResult(index));
        worklist.push_back(loop.getRegionIterArgs()[index]);
        continue;
      }
      if (isa<LoadOp, StoreOp, func::ReturnOp>(user) ||
          user->getNumRegions() != 0 || user->getNumResults() == 0)
        return true;
      worklist.append(user->result_begin(), user->result_end());
    }
  }
  return false;
}

namespace {

struct TileMarkStreamingLoadsPass
    : public tilec::impl::TileMarkStreamingLoadsBase<
          TileMarkStreamingLoadsPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation().walk([](func::FuncOp func) { markFunction(func); });
  }

  static void markFunction(func::FuncOp func) {
    // How many loads and stores use each pointer argument.
    llvm::DenseMap<Value, unsigned> accesses;
    SmallVector<LoadOp> candidates;
    func.walk([&](Operation *op) {
      Value ptr;
      if (auto load = dyn_cast<LoadOp>(op)) {
        ptr = load.getPtr();
        if (isa<RankedTensorType>(load.getType()) && !load.getCache() &&
            !load.getEvict())
          candidates.push_back(load);
      } else if (auto store = dyn_cast<StoreOp>(op)) {
        ptr = store.getPtr();
      } else {
        return;
      }
      // An access through a pointer of unknown origin may touch anything.
      ++accesses[rootPointer(ptr)];
    });
    if (accesses.count(Value()))
      return;
    for (LoadOp load : candidates) {
      if (accesses.lookup(rootPointer(load.getPtr())) != 1 ||
          !dependsOnProgramId(load.getPtr()) ||
          escapesUnreduced(load.getResult()))
        continue;
      load.setCacheAttr(CacheModifierAttr::get(load.getContext(),
                                               CacheModifier::LU));
    }
  }
};

} // namespace
